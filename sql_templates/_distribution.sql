-- _distribution.sql: macros shared by the per-class checks (imported, never run on its own).
-- counts(input, keys, s): one row per (class, sensitive value) present: keys..., s,
--   n (DOUBLE, for ratios) and cnt (exact HUGEINT count).
-- whole(): "tot" (total rows) and "g" (s, q): the distribution Q of s over the whole input,
--   computed from the CTE "f" built by counts().
{% macro counts(input, keys, s) -%}
"f" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}{{ s|ident }} AS "s",
    CAST(SUM("n") AS DOUBLE) AS "n", CAST(SUM("n") AS HUGEINT) AS "cnt"
  FROM {{ input|ident }}
  GROUP BY {% for key in keys %}{{ key|ident }}, {% endfor %}{{ s|ident }}
  HAVING SUM("n") > 0
)
{%- endmacro %}
{% macro whole() -%}
"tot" AS (
  SELECT SUM("n") AS "total" FROM "f"
), "g" AS (
  SELECT "s", SUM("n") / MAX("tot"."total") AS "q" FROM "f" CROSS JOIN "tot" GROUP BY "s"
)
{%- endmacro %}
