-- mondrian_children.sql: the new partition ids of one round's cuts.
-- Inputs:   work (working table), split (pid, dim, median, lca).
-- Params:   work, split, qis; bound at run time: $offset (the first unused partition id).
-- Output:   pid (the partition cut), child, npid (the child's id): ids are given in the order
--           of (pid, child), so the same input always gives the same ids.
{% import "_mondrian.sql" as mo %}
SELECT "pid", "child", CAST($offset AS BIGINT) + ROW_NUMBER() OVER (ORDER BY "pid", "child") - 1 AS "npid"
FROM (
  SELECT DISTINCT "w"."pid", {{ mo.child("sp", qis) }} AS "child"
  FROM {{ work|ident }} AS "w" JOIN {{ split|ident }} AS "sp" ON "sp"."pid" = "w"."pid"
) AS "d"
