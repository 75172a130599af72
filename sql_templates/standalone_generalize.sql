-- standalone_generalize.sql: one quasi-identifier's generalization table for the natural
--           supersets of (n,t)-closeness, defined from the table itself, for the self-contained
--           SQL of `sqlanon compile` (the gate builds the same rows in Python:
--           supersets.generalization_tables).
-- Inputs:   source (the table checked); the hierarchy, or none: either hierarchy (relation
--           "h0".."hH": one row per leaf, its label at each level) or paths_table (relation "leaf",
--           "lvl", "label": each leaf's label at each level 0..H, the dbt package's).
-- Params:   part ("generalize" | "guard"), source, column, null_label (how NULL is written, as
--           gate_frequencies.sql writes it), null_leaf (the hierarchy's leaf for NULL),
--           hierarchy and height (H), or paths_table; top (the label of the whole table without a
--           hierarchy).
-- Output:   generalize: lf INT (always 0: the published level), cf VARCHAR (a published
--           label), lt INT, ct VARCHAR (its label at level lt), labels as keys (the filter key, as
--           gate_frequencies.sql writes them: NULL as null_label, apart from every text). With a hierarchy, the published
--           labels are those of one level L (the highest level whose labels hold every label
--           present; the guard says whether each present label is its own label there from
--           every lower such level, else the labels do not say their level) and lt runs over
--           L..H; a NULL cell is a class of its own at L, above it the label of the hierarchy's empty leaf when it has
--           one, else itself up to the top. Without a hierarchy, a label stays (lt 0) or becomes
--           top (lt 1).
--           guard: one row (column) when the labels present do not say their level (as above)
--           (sqlanon check refuses such a table: the natural supersets are undefined).
{%- macro present() -%}
SELECT DISTINCT {{ ('CAST(' ~ column|ident ~ ' AS VARCHAR)')|key }} AS "v"
FROM {{ source|ident }}
{%- endmacro %}
{%- macro paths() -%}
{%- if paths_table %}
SELECT "hp"."leaf", "hp"."lvl", {{ '"hp"."label"'|key }} AS "label" FROM {{ paths_table|ident }} AS "hp"
{%- endif %}
{%- for lvl in range(height + 1) if not paths_table %}
SELECT "h0" AS "leaf", {{ lvl }} AS "lvl", {{ (('h' ~ lvl)|ident)|key }} AS "label" FROM {{ hierarchy|ident }}
{%- if not loop.last %} UNION ALL{% endif %}
{%- endfor %}
{%- endmacro %}
{#- the levels whose labels hold every label present (counted, no correlated subquery) -#}
{%- macro candidates() -%}
SELECT "a"."lvl" FROM (SELECT DISTINCT "lvl" FROM "t") AS "a"
LEFT JOIN (
  SELECT "t"."lvl", COUNT(DISTINCT "t"."label") AS "hit" FROM "t" JOIN "p" ON "t"."label" = "p"."v" GROUP BY "t"."lvl"
) AS "h" ON "h"."lvl" = "a"."lvl"
WHERE COALESCE("h"."hit", 0) = (SELECT COUNT(*) FROM "p" WHERE "p"."v" <> {{ null_label|literal }})
{%- endmacro %}
{%- if part == "guard" %}
{# the published level is the highest candidate, when every present label is its own label
    there from each lower candidate (else the labels do not say their level): n = candidates,
    bad = paths that contradict it (generalize below takes the highest candidate: when the
    guard returns a row, its table does not apply) #}
WITH "p" AS ({{ present() }}), "t" AS ({{ paths() }}), "c" AS ({{ candidates() }}), "top" AS (
  SELECT MAX("lvl") AS "lvl", COUNT(*) AS "n" FROM "c"
), "bad" AS (
  SELECT COUNT(*) AS "n"
  FROM "t" AS "a"
  JOIN "c" ON "c"."lvl" = "a"."lvl"
  JOIN "p" ON "p"."v" = "a"."label"
  JOIN "t" AS "b" ON "b"."leaf" = "a"."leaf"
  JOIN "top" ON "b"."lvl" = "top"."lvl"
  WHERE "a"."label" <> "b"."label"
)
SELECT {{ column|literal }} AS "quasi_identifier", "top"."n" AS "levels"
FROM "top" CROSS JOIN "bad"
WHERE "top"."n" = 0 OR "bad"."n" > 0
{%- elif hierarchy or paths_table %}
WITH "p" AS ({{ present() }}), "t" AS ({{ paths() }}), "lv" AS (
  SELECT MAX("c"."lvl") AS "lvl" FROM ({{ candidates() }}) AS "c" HAVING COUNT(*) > 0
), "up" AS (
  SELECT "a"."label" AS "cf", "b"."lvl" AS "lt", "b"."label" AS "ct", "a"."label" = {{ null_leaf|literal }} AS "empty"
  FROM "t" AS "a"
  JOIN "lv" ON "a"."lvl" = "lv"."lvl"
  JOIN "t" AS "b" ON "b"."leaf" = "a"."leaf" AND "b"."lvl" >= "a"."lvl"
), "nulls" AS (
  SELECT "lv"."lvl" FROM "lv" WHERE EXISTS (SELECT 1 FROM "p" WHERE "p"."v" = {{ null_label|literal }})
)
SELECT DISTINCT 0 AS "lf", "cf", "lt", "ct" FROM "up"
UNION
SELECT 0, {{ null_label|literal }}, "nulls"."lvl", {{ null_label|literal }} FROM "nulls"
UNION
SELECT 0, {{ null_label|literal }}, "up"."lt", "up"."ct"
FROM "up" JOIN "nulls" ON "up"."lt" > "nulls"."lvl"
WHERE "up"."empty"
UNION
SELECT 0, {{ null_label|literal }}, "u"."lvl",
  CASE WHEN "u"."lvl" = "root"."lvl" THEN "root"."label" ELSE {{ null_label|literal }} END
FROM (SELECT DISTINCT "lvl" FROM "t") AS "u" JOIN "nulls" ON "u"."lvl" > "nulls"."lvl"
CROSS JOIN (SELECT MAX("lvl") AS "lvl", MIN("label") AS "label" FROM "t" WHERE "lvl" = (SELECT MAX("lvl") FROM "t")) AS "root"
WHERE NOT EXISTS (SELECT 1 FROM "up" WHERE "up"."empty")
{%- else %}
WITH "p" AS ({{ present() }})
SELECT 0 AS "lf", "v" AS "cf", 0 AS "lt", "v" AS "ct" FROM "p"
UNION ALL
SELECT 0, "v", 1, {{ top|literal }} FROM "p"
{%- endif %}
