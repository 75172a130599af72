{#- smoothed-js: the pairs of values its ground distance makes neighbours, capped as sqlanon
    caps them (t-closeness's _smoothing) -#}
{% macro sqlanon_check_pairs(test, model, sensitive, ground, bandwidth) %}
  {%- set m = run_query("SELECT COUNT(DISTINCT " ~ sqlanon.sqlanon_label(sqlanon.sqlanon_quote(sensitive)) ~ ") FROM " ~ model).rows[0][0]|int -%}
  {%- if ground == 'ordered' -%}
    {%- set width = 2 * ((bandwidth * ([m - 1, 1]|max))|round(0, 'ceil')|int) + 1 -%}
    {%- set pairs = m * ([m, width]|min) -%}
  {%- else -%}
    {%- set pairs = m * m if bandwidth > 1 else m -%}
  {%- endif -%}
  {%- if pairs > sqlanon.sqlanon_max_ground_pairs() -%}
    {{ sqlanon.sqlanon_fail(test, "bandwidth " ~ bandwidth ~ " makes about " ~ pairs ~ " pairs of the " ~ m ~ " values of " ~ sensitive ~ " neighbours (at most " ~ sqlanon.sqlanon_max_ground_pairs() ~ "); lower the bandwidth.") }}
  {%- endif -%}
{% endmacro %}
