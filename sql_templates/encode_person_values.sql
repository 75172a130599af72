-- encode_person_values.sql: each person's values of one sensitive attribute, for people whose
-- quasi-identifiers vary (rollup_people.sql joins them to each person's class).
-- Inputs:   source (read once here); persons (person_codes.sql: p0.., g); the attribute's
--           dictionary (value VARCHAR, code INT).
-- Params:   person (the person columns), persons, sensitive ({table, column}), weight (the least
--           common multiple of the people's numbers of distinct values).
-- Output:   g, s0 (a value's code), n = weight / m (the person's m values share the person's
--           weight evenly), c = 1 (the person has the value), np = 1 on the person's first value
--           (the smallest code), else 0: one row per (person, value), whose sums over a class are
--           _people_values.sql's n, c and np. With several sensitive columns (several: {table,
--           column} each, holders: each column's c), one row per (person, combination of their
--           values, one of each column): g, s0..sm-1, n, the holders, np (_people_values.sql
--           combos: their sums over a class are each column's n, c and np).
{%- if several|default(none) %}
{% import "_people_values.sql" as pvs %}
WITH
{%- for sv in several %}
{{ ('pv' ~ loop.index0)|ident }} AS (
  SELECT DISTINCT "pc"."g" AS "p0", "e"."code" AS "s"
  FROM {{ source|ident }} AS "src"
  JOIN {{ persons|ident }} AS "pc"
    ON {% for p in person %}"pc".{{ ('p' ~ loop.index0)|ident }} = "src".{{ p|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
  JOIN {{ sv.table|ident }} AS "e"
    ON {{ ('CAST("src".' ~ sv.column|ident ~ ' AS VARCHAR)')|key }} = "e"."value"
),
{%- endfor %}
{{ pvs.combos([], ["g"], weight, several|length) }}
SELECT
  "px"."p0" AS "g",
{%- for sv in several %}
  "px".{{ ('s' ~ loop.index0)|ident }},
{%- endfor %}
  CAST("px"."n" AS BIGINT) AS "n",
{%- for h in holders %}
  CAST({{ pvs.holds(several|length, loop.index0, "px", crossed|default(none)) }} AS BIGINT) AS {{ h|ident }},
{%- endfor %}
  CAST({{ pvs.holds(several|length, none, "px") }} AS BIGINT) AS "np"
FROM "px"
{%- else %}
WITH "pv" AS (
  SELECT DISTINCT "pc"."g", "e"."code" AS "s"
  FROM {{ source|ident }} AS "src"
  JOIN {{ persons|ident }} AS "pc"
    ON {% for p in person %}"pc".{{ ('p' ~ loop.index0)|ident }} = "src".{{ p|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
  JOIN {{ sensitive.table|ident }} AS "e"
    ON {{ ('CAST("src".' ~ sensitive.column|ident ~ ' AS VARCHAR)')|key }} = "e"."value"
), "pm" AS (
  SELECT "pv"."g", COUNT(*) AS "m", MIN("pv"."s") AS "first" FROM "pv" GROUP BY "pv"."g"
)
SELECT
  "pv"."g",
  "pv"."s" AS "s0",
  CAST(CAST({{ weight|literal }} AS BIGINT) // "pm"."m" AS BIGINT) AS "n",
  CAST(1 AS BIGINT) AS "c",
  CAST(CASE WHEN "pv"."s" = "pm"."first" THEN 1 ELSE 0 END AS BIGINT) AS "np"
FROM "pv"
JOIN "pm" ON "pm"."g" = "pv"."g"
{%- endif %}
