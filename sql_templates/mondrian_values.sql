-- mondrian_values.sql: the values of a quasi-identifier that Mondrian may cut at medians, and
-- the checks of them (one scan of the bottom table per column; the checks read the small
-- values table).
-- Inputs:   part values: source (q<i> codes, n), dim (leaf VARCHAR, code): the QI's values as
--           text; other parts: values (the result of part values).
-- Params:   part ("values" | "bad" | "same" | "range"), source, code (the QI's code column), dim,
--           values.
-- Output:   part values: leaf, x DOUBLE (NULL when not a number), rows, for every value present;
--           part bad: leaf, rows for the values that are not finite numbers ('' = NULL; at most
--           11); part same: one list of leaves per number written several ways (at most 5);
--           part range: one row min, max of the values.
{%- if part == "values" %}
SELECT "d"."leaf", TRY_CAST("d"."leaf" AS DOUBLE) AS "x", SUM("f"."n") AS "rows"
FROM {{ source|ident }} AS "f" JOIN {{ dim|relation }} AS "d" ON "d"."code" = "f".{{ code|ident }}
GROUP BY "d"."leaf"
{%- elif part == "bad" %}
SELECT "leaf", "rows" FROM {{ values|ident }} WHERE "x" IS NULL OR NOT ISFINITE("x") ORDER BY "leaf" LIMIT 11
{%- elif part == "same" %}
SELECT LIST("leaf" ORDER BY "leaf") FROM {{ values|ident }} GROUP BY "x" HAVING COUNT(*) > 1 ORDER BY "x" LIMIT 5
{%- else %}
SELECT MIN("x"), MAX("x") FROM {{ values|ident }}
{%- endif %}
