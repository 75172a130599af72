{#- the quoted columns, each after a prefix -#}
{% macro sqlanon_columns(names, prefix) %}
  {%- set out = [] -%}
  {%- for name in names -%}{%- do out.append(prefix ~ sqlanon.sqlanon_quote(name)) -%}{%- endfor -%}
  {{ return(out|join(", ")) }}
{% endmacro %}
