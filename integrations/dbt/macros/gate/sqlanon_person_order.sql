{#- the person columns, quoted, in a person key's ORDER BY (their values as they are: equal
    values, one person, as sqlanon groups a person's rows) -#}
{% macro sqlanon_person_order(person) %}
  {%- for p in person -%}
    {{ sqlanon.sqlanon_quote(p) }}{%- if not loop.last %}, {% endif -%}
  {%- endfor -%}
{% endmacro %}
