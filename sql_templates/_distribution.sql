-- _distribution.sql: macros shared by the per-class checks (imported, never run on its own).
-- counts(input, keys, s, people): one row per (class, sensitive value) present: keys..., s,
--   n (DOUBLE, for ratios) and cnt (exact HUGEINT count); with ``people`` (an input of
--   _people_values.sql's columns) also c (the people with the value) and np (summing to the
--   class's people).
-- whole(): "tot" (total rows) and "g" (s, q): the distribution Q of s over the whole input,
--   computed from the CTE "f" built by counts().
-- exact_counts(keys): after counts(), exact integer counts per (class, value): "gc" (s, qcnt:
--   rows of s in the whole input), "tot" (total HUGEINT, m = number of values) and "e" (keys...,
--   cnt, qcnt, total, m, size = rows of the class), so p = cnt/size and q = qcnt/total. With
--   ``people`` (the input of _people_values.sql), "e" also holds people (the class's people);
--   with ``beliefs`` too, the counts are people's: cnt = the class's people with the value (c),
--   size = its people, qcnt = the table's people with the value, total = the table's people,
--   so p and q are the shares of people who have the value (an attacker's confidence that a
--   person of the class, or of the table, has it); without, they are the distributions in which
--   each person weighs one (n).
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
{% macro exact_counts(keys, people=false, beliefs=false) -%}
"gc" AS (
  SELECT "s", SUM({{ '"c"' if beliefs else '"cnt"' }}) AS "qcnt"{% if beliefs %}, SUM("np") AS "qnp"{% endif %} FROM "f" GROUP BY "s"
), "tot" AS (
  SELECT CAST(SUM({{ '"qnp"' if beliefs else '"qcnt"' }}) AS HUGEINT) AS "total", COUNT(*) AS "m" FROM "gc"
), "e" AS (
  SELECT {% for key in keys %}"f".{{ key|ident }}, {% endfor %}{{ '"f"."c" AS "cnt"' if beliefs else '"f"."cnt"' }}, CAST("gc"."qcnt" AS HUGEINT) AS "qcnt",
    "tot"."total", "tot"."m",
    CAST(SUM({{ '"f"."np"' if beliefs else '"f"."cnt"' }}) OVER (PARTITION BY {% for key in keys %}"f".{{ key|ident }}{% if not loop.last %}, {% endif %}{% endfor %}) AS HUGEINT) AS "size"
    {%- if people %},
    CAST(SUM("f"."np") OVER (PARTITION BY {% for key in keys %}"f".{{ key|ident }}{% if not loop.last %}, {% endif %}{% endfor %}) AS HUGEINT) AS "people"
    {%- endif %}
  FROM "f"
  JOIN "gc" ON "gc"."s" = "f"."s"
  CROSS JOIN "tot"
)
{%- endmacro %}
