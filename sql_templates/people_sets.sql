-- people_sets.sql: each person's label tuples and values in a published table, from which
-- (n,t)-closeness forms the natural supersets of people whose quasi-identifiers vary
-- (_nt_people.sql's sets.members and sets.values; the gate's temp tables, compile's CTEs).
-- Inputs:   published (the table to gate, with its person columns); part values: the
--           attribute's dictionary (value VARCHAR, code INT).
-- Params:   part ("members" | "values"), qis (published QI columns, as text keys, as
--           gate_people.sql reads them), person (the person columns); part values: sensitive
--           ({column, table}) and either weight (a number) or weight_table (a relation of one row
--           whose column w holds it), as gate_people.sql.
-- Output:   part members: p0..pj-1 (the person), q0..qk-1 (VARCHAR keys): one row per distinct
--           (person, label tuple); part values: p0..pj-1, s0 (a value's code), n = weight / m,
--           the person's weight split evenly over their m distinct values (_people_values.sql),
--           one row per (person, value).
{% if part == "members" -%}
SELECT DISTINCT
{%- for p in person %}
  "p".{{ p|ident }} AS {{ ('p' ~ loop.index0)|ident }},
{%- endfor %}
{%- for q in qis %}
  {{ ('CAST("p".' ~ q|ident ~ ' AS VARCHAR)')|key }} AS {{ ('q' ~ loop.index0)|ident }}{% if not loop.last %},{% endif %}
{%- endfor %}
FROM {{ published|ident }} AS "p"
{%- else -%}
WITH "pv" AS (
  SELECT DISTINCT
  {%- for p in person %}
    "p".{{ p|ident }} AS {{ ('p' ~ loop.index0)|ident }},
  {%- endfor %}
    "e"."code" AS "s"
  FROM {{ published|ident }} AS "p"
  JOIN {{ sensitive.table|ident }} AS "e"
    ON {{ ('CAST("p".' ~ sensitive.column|ident ~ ' AS VARCHAR)')|key }} = "e"."value"
), "pm" AS (
  SELECT {% for p in person %}"pv".{{ ('p' ~ loop.index0)|ident }}, {% endfor %}COUNT(*) AS "m"
  FROM "pv"
  GROUP BY {% for p in person %}"pv".{{ ('p' ~ loop.index0)|ident }}{% if not loop.last %}, {% endif %}{% endfor %}
)
SELECT
{%- for p in person %}
  "pv".{{ ('p' ~ loop.index0)|ident }},
{%- endfor %}
  "pv"."s" AS "s0",
  CAST({% if weight_table|default(none) %}CAST("w"."w" AS BIGINT){% else %}CAST({{ weight|literal }} AS BIGINT){% endif %} // "pm"."m" AS BIGINT) AS "n"
FROM "pv"
JOIN "pm" ON {% for p in person %}"pm".{{ ('p' ~ loop.index0)|ident }} = "pv".{{ ('p' ~ loop.index0)|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
{%- if weight_table|default(none) %}
CROSS JOIN {{ weight_table|ident }} AS "w"
{%- endif %}
{%- endif %}
