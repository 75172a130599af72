-- mondrian_split.sql: each active partition's cut: its first candidate whose children all pass.
-- Inputs:   verdicts (batch_node = r, q0 = pid, q1 = child, bad: the child violates some
--           criterion), cand (pid, dim, median, lca, r).
-- Params:   verdicts, cand.
-- Output:   pid, dim, median, lca: the partitions that are cut this round (the others are final).
-- Formula:  a cut is allowable iff every child satisfies every criterion; the cut made is the
--           allowable candidate of smallest rank r (widest normalized range first).
-- Citation: LeFevre, DeWitt, Ramakrishnan, Mondrian multidimensional k-anonymity (ICDE 2006).
SELECT "c"."pid", "c"."dim", "c"."median", "c"."lca"
FROM (
  SELECT "q0" AS "pid", MIN("batch_node") AS "r"
  FROM (
    SELECT "batch_node", "q0", BOOL_OR("bad") AS "bad"
    FROM {{ verdicts|ident }}
    WHERE "q0" >= 0
    GROUP BY "batch_node", "q0"
  ) AS "v"
  WHERE NOT "v"."bad"
  GROUP BY "q0"
) AS "best"
JOIN {{ cand|ident }} AS "c" ON "c"."pid" = "best"."pid" AND "c"."r" = "best"."r"
