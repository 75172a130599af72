-- mondrian_split.sql: the cuts of one round: each active partition's first candidate whose
-- children all pass, one row per child with the child's new partition id.
-- Inputs:   verdicts (r, pid, child, size, bad: the child of candidate r of partition pid, of size
--           rows, violates some criterion) for the candidates checked (the first ones, then the others of the
--           partitions whose first one failed); cand (pid, dim, median, lca, r).
-- Params:   verdicts (one or more relations with those rows), cand, population (with a
--           population: mondrian_population.sql's children table, each candidate child's persons
--           of the population; else none), fanout (more than any
--           child key: 2 for a median cut, the number of codes of the level for a hierarchy
--           cut); bound at run time: $offset (the first unused partition id).
-- Output:   pid, dim, median, lca, base, child, npid, size (and f, the child's persons of the
--           population, with one): the partitions cut this round (the others
--           are final) with their children. The cut partitions are numbered in pid order and
--           get the id block base = $offset + fanout x (number - 1); a child's id is base + its
--           key (0/1 or the code), so the same input always gives the same ids and moving a row
--           needs only its partition's row (mondrian_advance.sql).
-- Formula:  a cut is allowable iff every child satisfies every criterion; the cut made is the
--           allowable candidate of smallest rank r (widest normalized range first).
-- Citation: LeFevre, DeWitt, Ramakrishnan, Mondrian multidimensional k-anonymity (ICDE 2006).
WITH "v" AS (
  {%- for rel in verdicts %}
  SELECT "r", "pid", "child", "size", "bad" FROM {{ rel|ident }}
  {%- if not loop.last %}
  UNION ALL
  {%- endif %}
  {%- endfor %}
), "best" AS (
  SELECT "pid", MIN("r") AS "r",
    CAST($offset AS BIGINT) + {{ fanout|literal }} * (ROW_NUMBER() OVER (ORDER BY "pid") - 1) AS "base"
  FROM (SELECT "r", "pid", BOOL_OR("bad") AS "bad" FROM "v" GROUP BY "r", "pid") AS "per_cut"
  WHERE NOT "per_cut"."bad"
  GROUP BY "pid"
)
SELECT "c"."pid", "c"."dim", "c"."median", "c"."lca", "best"."base", "v"."child", "best"."base" + "v"."child" AS "npid",
  CAST("v"."size" AS BIGINT) AS "size"
  {%- if population is not none %}, CAST(COALESCE("pc"."n", 0) AS BIGINT) AS "f"{% endif %}
FROM "best"
JOIN {{ cand|ident }} AS "c" ON "c"."pid" = "best"."pid" AND "c"."r" = "best"."r"
JOIN "v" ON "v"."pid" = "best"."pid" AND "v"."r" = "best"."r"
{%- if population is not none %}
LEFT JOIN {{ population|ident }} AS "pc" ON "pc"."batch_node" = "v"."r" AND "pc"."q0" = "v"."pid" AND "pc"."q1" = "v"."child"
{%- endif %}
