{#- the quasi-identifiers' labels (their keys: text, NULL as a label of its own that no text
    shares) in a class's ORDER BY, the classes' SELECT ('in') and the test's failing rows ('out',
    each value again as it is, NULL as NULL) -#}
{% macro sqlanon_labels(quasi_identifiers, how) %}
  {%- for q in quasi_identifiers -%}
    {%- set label = sqlanon.sqlanon_quote('sqlanon_label_' ~ loop.index0) -%}
    {%- if how == 'order' -%}
      {{ sqlanon.sqlanon_label(sqlanon.sqlanon_quote(q)) }}
    {%- elif how == 'in' -%}
      {{ sqlanon.sqlanon_label(sqlanon.sqlanon_quote(q)) }} AS {{ label }}
    {%- else -%}
      {{ sqlanon.sqlanon_unlabel(sqlanon.sqlanon_quote('c') ~ '.' ~ label) }} AS {{ sqlanon.sqlanon_quote(q) }}
    {%- endif -%}
    {%- if not loop.last %}, {% endif -%}
  {%- endfor -%}
{% endmacro %}
