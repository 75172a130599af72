-- mondrian_check_input.sql: the input of one round's check: the children of every candidate cut
-- of every active partition, as classes keyed (batch_node = the candidate's rank r, q0 = pid,
-- q1 = child), each slice r being, like a batch node of the lattice search, the whole table.
-- Inputs:   work (working table), cand (pid, dim, median, lca, r), whole (s..., n: the whole
--           table's rows grouped by the sensitive columns).
-- Params:   work, cand, whole, qis (as mondrian_candidates.sql), sensitive (column names),
--           global (true when a criterion compares classes with the whole table's distribution).
-- Output:   batch_node, q0, q1, s..., n.
-- Formula:  with global, each slice r also holds one extra class (q0 = q1 = -1) with the rest of
--           the table (its rows grouped by sensitive values: the whole table minus the rows of
--           the partitions that have an r-th candidate), so every slice sums to the whole table
--           and a distribution over the whole input is the table's. Its verdict is ignored.
{% import "_mondrian.sql" as mo %}
SELECT "c"."r" AS "batch_node", "w"."pid" AS "q0", {{ mo.child("c", qis) }} AS "q1"
  {%- for s in sensitive %}, "w".{{ s|ident }}{% endfor %}, "w"."n"
FROM {{ work|ident }} AS "w"
JOIN {{ cand|ident }} AS "c" ON "c"."pid" = "w"."pid"
{%- if global %}
UNION ALL
SELECT "rest"."r", CAST(-1 AS BIGINT), -1{% for s in sensitive %}, "rest".{{ s|ident }}{% endfor %}, SUM("rest"."n")
FROM (
  SELECT "sl"."r"{% for s in sensitive %}, "h".{{ s|ident }}{% endfor %}, "h"."n"
  FROM (SELECT DISTINCT "r" FROM {{ cand|ident }}) AS "sl" CROSS JOIN {{ whole|ident }} AS "h"
  UNION ALL
  SELECT "c"."r"{% for s in sensitive %}, "w".{{ s|ident }}{% endfor %}, -"w"."n"
  FROM {{ work|ident }} AS "w" JOIN {{ cand|ident }} AS "c" ON "c"."pid" = "w"."pid"
) AS "rest"
GROUP BY "rest"."r"{% for s in sensitive %}, "rest".{{ s|ident }}{% endfor %}
HAVING SUM("rest"."n") > 0
{%- endif %}
