-- hierarchy_tables.sql: the quasi-identifiers' dimension tables, from their hierarchies' paths
--           (every QI's rows in one table, told apart by q: the QI's index).
-- Inputs:   paths (q INT, leaf INT: the leaf's level-0 code, lvl INT, code INT: the leaf's
--           ancestor at lvl, levels 0..H); names (q INT, lvl INT, code INT, label VARCHAR).
-- Params:   paths, names, part: "dim" | "up" | "labels".
-- Output:   part dim: q INTEGER, leaf VARCHAR, code INTEGER: each leaf of QI q (a value as the
--           source's text) and its level-0 code; part up: q, lf, cf, lt, ct INTEGER: code cf at
--           level lf of QI q generalizes to code ct at level lt, every pair lf <= lt; part
--           labels: q, lvl, code, label, leaves BIGINT (the number of hierarchy leaves below the
--           code).
-- Formula:  dim = the level-0 names (a hierarchy's leaves are unique: its level-0 labels are
--           its leaves, coded as the paths code them); up = the distinct (ancestor at lf,
--           ancestor at lt) pairs over all leaves of a QI; leaves(N) = the number of leaves
--           whose path passes through N.
{% if part == "dim" -%}
SELECT CAST("n"."q" AS INTEGER) AS "q", CAST("n"."label" AS VARCHAR) AS "leaf", CAST("n"."code" AS INTEGER) AS "code"
FROM {{ names|ident }} AS "n"
WHERE "n"."lvl" = 0
{%- elif part == "up" -%}
SELECT DISTINCT CAST("a"."q" AS INTEGER) AS "q", CAST("a"."lvl" AS INTEGER) AS "lf",
  CAST("a"."code" AS INTEGER) AS "cf", CAST("b"."lvl" AS INTEGER) AS "lt", CAST("b"."code" AS INTEGER) AS "ct"
FROM {{ paths|ident }} AS "a"
JOIN {{ paths|ident }} AS "b" ON "b"."q" = "a"."q" AND "b"."leaf" = "a"."leaf" AND "b"."lvl" >= "a"."lvl"
{%- else -%}
SELECT CAST("p"."q" AS INTEGER) AS "q", CAST("p"."lvl" AS INTEGER) AS "lvl", CAST("p"."code" AS INTEGER) AS "code",
  "n"."label", CAST(COUNT(*) AS BIGINT) AS "leaves"
FROM {{ paths|ident }} AS "p"
JOIN {{ names|ident }} AS "n" ON "n"."q" = "p"."q" AND "n"."lvl" = "p"."lvl" AND "n"."code" = "p"."code"
GROUP BY "p"."q", "p"."lvl", "p"."code", "n"."label"
{%- endif %}
