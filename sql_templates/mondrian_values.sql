-- mondrian_values.sql: checks of a quasi-identifier that Mondrian cuts at medians, over the
-- values present in the bottom frequency table.
-- Inputs:   source (q<i> codes, n); dim (leaf VARCHAR, code): the QI's values as text.
-- Params:   source, code (the QI's code column), dim, part ("bad" | "same" | "range" | "values").
-- Output:   part bad: leaf, rows for the values that are not finite numbers ('' = NULL; at most
--           11); part same: one list of leaves per number written several ways (at most 5);
--           part range: one row min, max of the values; part values: x DOUBLE, leaf for every
--           value present (one leaf per number, checked by part same).
WITH "v" AS (
  SELECT "d"."leaf", TRY_CAST("d"."leaf" AS DOUBLE) AS "x", SUM("f"."n") AS "rows"
  FROM {{ source|ident }} AS "f" JOIN {{ dim|ident }} AS "d" ON "d"."code" = "f".{{ code|ident }}
  GROUP BY "d"."leaf"
)
{%- if part == "bad" %}
SELECT "leaf", "rows" FROM "v" WHERE "x" IS NULL OR NOT ISFINITE("x") ORDER BY "leaf" LIMIT 11
{%- elif part == "same" %}
SELECT LIST("leaf" ORDER BY "leaf") FROM "v" GROUP BY "x" HAVING COUNT(*) > 1 ORDER BY "x" LIMIT 5
{%- elif part == "range" %}
SELECT MIN("x"), MAX("x") FROM "v"
{%- else %}
SELECT "x", "leaf" FROM "v"
{%- endif %}
