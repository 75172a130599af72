-- hierarchy_tables.sql: a quasi-identifier's dimension tables, from its hierarchy's paths.
-- Inputs:   paths (leaf INT: the leaf's level-0 code, lvl INT, code INT: the leaf's ancestor at
--           lvl, levels 0..H); names (lvl INT, code INT, label VARCHAR).
-- Params:   paths, names, part: "up" | "labels".
-- Output:   part up: lf, cf, lt, ct INTEGER: code cf at level lf generalizes to code ct at level
--           lt, every pair lf <= lt; part labels: lvl, code, label, leaves BIGINT (the number of
--           hierarchy leaves below the code).
-- Formula:  up = the distinct (ancestor at lf, ancestor at lt) pairs over all leaves; leaves(N) =
--           the number of leaves whose path passes through N.
{% if part == "up" -%}
SELECT DISTINCT CAST("a"."lvl" AS INTEGER) AS "lf", CAST("a"."code" AS INTEGER) AS "cf",
  CAST("b"."lvl" AS INTEGER) AS "lt", CAST("b"."code" AS INTEGER) AS "ct"
FROM {{ paths|ident }} AS "a"
JOIN {{ paths|ident }} AS "b" ON "b"."leaf" = "a"."leaf" AND "b"."lvl" >= "a"."lvl"
{%- else -%}
SELECT CAST("p"."lvl" AS INTEGER) AS "lvl", CAST("p"."code" AS INTEGER) AS "code", "n"."label",
  CAST(COUNT(*) AS BIGINT) AS "leaves"
FROM {{ paths|ident }} AS "p"
JOIN {{ names|ident }} AS "n" ON "n"."lvl" = "p"."lvl" AND "n"."code" = "p"."code"
GROUP BY "p"."lvl", "p"."code", "n"."label"
{%- endif %}
