{#- the values the test's lists name (standalone_domain.sql's part "reserved": each value's
    key, as sqlanon_label writes a cell, sorted by value, and its code, its position), checked
    to occur in the sensitive column as sqlanon check checks them -#}
{% macro sqlanon_reserved(test, model, sensitive, params, given) %}
  {%- set named = [] -%}
  {%- for rule in params if rule['type'] == 'values' -%}
    {%- for item in given.get(rule['key']) -%}{%- do named.append(item|string) -%}{%- endfor -%}
  {%- endfor -%}
  {%- set values = named|unique(case_sensitive=true)|sort(case_sensitive=true)|list -%}
  {%- set rows = [] -%}
  {%- for item in values -%}
    {%- do rows.append("SELECT " ~ sqlanon.sqlanon_label(sqlanon.sqlanon_string(item)) ~ " AS " ~ sqlanon.sqlanon_quote('value') ~ ", " ~ loop.index0 ~ " AS " ~ sqlanon.sqlanon_quote('code')) -%}
  {%- endfor -%}
  {%- set sql = rows|join(" UNION ALL ") if rows else "SELECT '' AS " ~ sqlanon.sqlanon_quote('value') ~ ", 0 AS " ~ sqlanon.sqlanon_quote('code') ~ " WHERE 1 = 0" -%}
  {%- if values -%}
    {%- set r_value = sqlanon.sqlanon_quote('r') ~ "." ~ sqlanon.sqlanon_quote('value') -%}
    {%- set present = "SELECT DISTINCT " ~ sqlanon.sqlanon_label(sqlanon.sqlanon_quote(sensitive)) ~ " FROM " ~ model -%}
    {%- set missing = run_query("SELECT " ~ sqlanon.sqlanon_unlabel(r_value) ~ " FROM (" ~ sql ~ ") AS " ~ sqlanon.sqlanon_quote('r') ~ " WHERE " ~ r_value ~ " NOT IN (" ~ present ~ ")").columns[0].values() -%}
    {%- for rule in params if rule['type'] == 'values' -%}
      {%- set absent = [] -%}
      {%- for item in given.get(rule['key']) if item|string in missing and item|string not in absent -%}{%- do absent.append(item|string) -%}{%- endfor -%}
      {%- if absent -%}
        {{ sqlanon.sqlanon_fail(test, rule['key'] ~ " lists value(s) " ~ absent ~ " that do not occur in the column " ~ sensitive ~ "; fix the spelling (values are compared as text) or remove them.") }}
      {%- endif -%}
    {%- endfor -%}
  {%- endif -%}
  {{ return({'values': values, 'sql': sql}) }}
{% endmacro %}
