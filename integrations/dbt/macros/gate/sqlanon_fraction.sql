{#- the exact rational a number means, as [numerator, denominator] (0.1 is 1/10, as sqlanon reads it) -#}
{% macro sqlanon_fraction(value) %}
  {%- set text = (value|string).lower() -%}
  {%- set parts = (text.split('e') + ['0'])[:2] -%}
  {%- set digits = (parts[0].split('.') + [''])[:2] -%}
  {%- set whole = (digits[0] ~ digits[1])|int -%}
  {%- set scale = (digits[1]|length) - (parts[1]|int) -%}
  {%- if scale >= 0 -%}
    {{ return([whole, 10 ** scale]) }}
  {%- else -%}
    {{ return([whole * 10 ** (0 - scale), 1]) }}
  {%- endif -%}
{% endmacro %}
