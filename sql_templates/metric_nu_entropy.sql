-- metric_nu_entropy.sql: non-uniform entropy information loss of one node's release.
-- Inputs:   source frequency table (q0..qk-1 leaf codes, ..., n); verdicts (q0..qk-1 at the
--           node's levels, bad) of the node; code maps leaf -> node level (_generalize.sql).
-- Params:   source, qis (one {"up": table or none} per QI, rendered once per run); $verdicts
--           (name) and the maps ($m<i>, or $f<i> and $t<i>) bound per node.
-- Output:   one row per QI i (in the order of i): its loss in bits, summed over its cells; the
--           loss of the table is their sum in that order (the caller adds them).
-- Formula:  a cell with original value x generalized to g loses log2(c(g) / c(x)), where c counts
--           the rows of the ORIGINAL table with that value / with a value under g; a suppressed cell
--           is generalized to the root: log2(N / c(x)) (Gionis & Tassa 2009, non-uniform entropy).
--           Per QI only the rows kept and suppressed per original value x matter: loss_i =
--           sum over x of kept(x) log2(c(g(x)) / c(x)) + suppressed(x) log2(N / c(x)), with
--           c(x) = kept(x) + suppressed(x) and c(g) the sum of c(x) over the x under g. One pass
--           over the source gives these counts for every QI (GROUPING SETS, one per QI).
--           The counts are sums of integers (exact in DOUBLE below 2^53); the logs are summed in
--           the order of x, so the same release always gets the same figure to the last bit
--           (a hash aggregate's row order varies between runs). Each CTE is read once: an engine
--           that inlines CTEs (Spark) would compute one read more than once again.
{% import "_generalize.sql" as g %}
WITH "cells" AS (
  SELECT
  {%- for q in qis %}
    "r".{{ ('x' ~ loop.index0)|ident }}, "r".{{ ('q' ~ loop.index0)|ident }},
  {%- endfor %}
    "v"."bad", CAST(SUM("r"."n") AS DOUBLE) AS "n"
  FROM (
    SELECT
    {%- for q in qis %}
      "src".{{ ('q' ~ loop.index0)|ident }} AS {{ ('x' ~ loop.index0)|ident }},
      {{ g.code(loop.index0, q, false) }} AS {{ ('q' ~ loop.index0)|ident }},
    {%- endfor %}
      "src"."n"
    FROM {{ source|ident }} AS "src"{{ g.joins(qis, false) }}
  ) AS "r"
  JOIN QUERY_TABLE($verdicts) AS "v"
    ON {% for q in qis %}"v".{{ ('q' ~ loop.index0)|ident }} = "r".{{ ('q' ~ loop.index0)|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
  GROUP BY GROUPING SETS ({% for q in qis %}("r".{{ ('x' ~ loop.index0)|ident }}, "r".{{ ('q' ~ loop.index0)|ident }}, "v"."bad"){% if not loop.last %}, {% endif %}{% endfor %})
), "p" AS (
  -- per QI i and original value x: its generalized code g, c(x), rows suppressed (a row of the
  -- grouping set of QI i has x_i, and only x_i, not NULL: codes are never NULL)
  SELECT "i", "x", "g", SUM("n") AS "cx", SUM(CASE WHEN "bad" THEN "n" ELSE 0.0 END) AS "sup"
  FROM (
    SELECT
      CASE{% for q in qis %} WHEN {{ ('x' ~ loop.index0)|ident }} IS NOT NULL THEN {{ loop.index0|literal }}{% endfor %} END AS "i",
      CASE{% for q in qis %} WHEN {{ ('x' ~ loop.index0)|ident }} IS NOT NULL THEN {{ ('x' ~ loop.index0)|ident }}{% endfor %} END AS "x",
      CASE{% for q in qis %} WHEN {{ ('x' ~ loop.index0)|ident }} IS NOT NULL THEN {{ ('q' ~ loop.index0)|ident }}{% endfor %} END AS "g",
      "bad", "n"
    FROM "cells"
  ) AS "c"
  GROUP BY 1, 2, 3
), "w" AS (
  -- c(g), and the table's rows N (every QI's c(x) add up to N)
  SELECT *, SUM("cx") OVER (PARTITION BY "i", "g") AS "cg", SUM("cx") OVER (PARTITION BY "i") AS "total"
  FROM "p"
)
SELECT "i", COALESCE(SUM(("cx" - "sup") * LOG2("cg" / "cx") + "sup" * LOG2("total" / "cx") ORDER BY "x"), 0.0) AS "e"
FROM "w"
GROUP BY "i"
ORDER BY "i"
