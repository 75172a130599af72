-- _distribution.sql: macros shared by the per-class checks (imported, never run on its own).
-- counts(input, keys, s, people): one row per (class, sensitive value) present: keys..., s,
--   n (DOUBLE, for ratios) and cnt (exact HUGEINT count); with ``people`` (an input of
--   _people_values.sql's columns) also c (the people with the value) and np (summing to the
--   class's people).
-- whole(): "tot" (total rows) and "g" (s, q): the distribution Q of s over the whole input,
--   computed from the CTE "f" built by counts().
-- exact_counts(keys): after counts(), exact integer counts per (class, value): "gc" (s, qcnt:
--   rows of s in the whole input), "tot" (total HUGEINT, m = number of values) and "e" (keys...,
--   cnt, qcnt, total, m, size = rows of the class), so p = cnt/size and q = qcnt/total.
{% macro counts(input, keys, s, people=false) -%}
"f" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}{{ s|ident }} AS "s",
    CAST(SUM("n") AS DOUBLE) AS "n", CAST(SUM("n") AS HUGEINT) AS "cnt"
    {%- if people %}, CAST(SUM("c") AS HUGEINT) AS "c", CAST(SUM("np") AS HUGEINT) AS "np"{% endif %}
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
{% macro exact_counts(keys) -%}
"gc" AS (
  SELECT "s", SUM("cnt") AS "qcnt" FROM "f" GROUP BY "s"
), "tot" AS (
  SELECT CAST(SUM("qcnt") AS HUGEINT) AS "total", COUNT(*) AS "m" FROM "gc"
), "e" AS (
  SELECT {% for key in keys %}"f".{{ key|ident }}, {% endfor %}"f"."cnt", CAST("gc"."qcnt" AS HUGEINT) AS "qcnt",
    "tot"."total", "tot"."m",
    CAST(SUM("f"."cnt") OVER (PARTITION BY {% for key in keys %}"f".{{ key|ident }}{% if not loop.last %}, {% endif %}{% endfor %}) AS HUGEINT) AS "size"
  FROM "f"
  JOIN "gc" ON "gc"."s" = "f"."s"
  CROSS JOIN "tot"
)
{%- endmacro %}
