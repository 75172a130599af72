{#- a parameter listing sensitive values (allowed, protected), checked as sqlanon's configuration checks it -#}
{% macro sqlanon_check_values(test, rule, value) %}
  {%- set key = rule['key'] -%}
  {%- if value is none -%}
    {{ sqlanon.sqlanon_fail(test, "needs the parameter " ~ key ~ ": a list of sensitive values" ~ (", e.g. [flu]." if rule['empty'] else " (may be empty).")) }}
  {%- endif -%}
  {%- if value is string or value is mapping or value is not iterable -%}
    {{ sqlanon.sqlanon_fail(test, key ~ " must be a list of sensitive values, e.g. [flu], got " ~ value ~ ".") }}
  {%- endif -%}
  {%- for item in value -%}
    {%- if item is none or item is mapping or (item is iterable and item is not string) -%}
      {{ sqlanon.sqlanon_fail(test, key ~ " must be a list of sensitive values, e.g. [flu]; it holds " ~ (item if item is not none else "an empty item") ~ ".") }}
    {%- endif -%}
  {%- endfor -%}
  {%- if rule['empty'] and value|length == 0 -%}
    {{ sqlanon.sqlanon_fail(test, rule['empty']) }}
  {%- endif -%}
  {{ return(value) }}
{% endmacro %}
