-- metric_nu_entropy.sql: non-uniform entropy information loss of one node's release.
-- Inputs:   source frequency table (q0..qk-1 leaf codes, ..., n); verdicts (q0..qk-1 at the
--           node's levels, bad) of the node; code maps leaf -> node level (_generalize.sql).
-- Params:   source, qis (one {"up": table or none} per QI, rendered once per run); $verdicts
--           (name) and the maps ($m<i>, or $f<i> and $t<i>) bound per node.
-- Output:   one row: the loss in bits, summed over all cells of the table.
-- Formula:  a cell with original value x generalized to g loses log2(c(g) / c(x)), where c counts
--           the rows of the ORIGINAL table with that value / with a value under g; a suppressed cell
--           is generalized to the root: log2(N / c(x)) (Gionis & Tassa 2009, non-uniform entropy).
{% import "_generalize.sql" as g %}
WITH "b" AS (
  SELECT
  {%- for q in qis %}
    "src".{{ ('q' ~ loop.index0)|ident }} AS {{ ('x' ~ loop.index0)|ident }},
    {{ g.code(loop.index0, q, false) }} AS {{ ('q' ~ loop.index0)|ident }},
  {%- endfor %}
    CAST(SUM("src"."n") AS DOUBLE) AS "n"
  FROM {{ source|ident }} AS "src"{{ g.joins(qis, false) }}
  GROUP BY {% for q in qis %}"src".{{ ('q' ~ loop.index0)|ident }}, {{ g.code(loop.index0, q, false) }}{% if not loop.last %}, {% endif %}{% endfor %}
), "bv" AS (
  SELECT "b".*, "v"."bad" FROM "b" JOIN QUERY_TABLE($verdicts) AS "v"
  USING ({% for i in range(qis|length) %}{{ ('q' ~ i)|ident }}{% if not loop.last %}, {% endif %}{% endfor %})
), "tot" AS (
  SELECT SUM("n") AS "total" FROM "b"
)
{%- for i in range(qis|length) %}
, {{ ('cx' ~ i)|ident }} AS (SELECT {{ ('x' ~ i)|ident }} AS "c", SUM("n") AS "cnt" FROM "b" GROUP BY 1)
, {{ ('cg' ~ i)|ident }} AS (SELECT {{ ('q' ~ i)|ident }} AS "c", SUM("n") AS "cnt" FROM "b" GROUP BY 1)
, {{ ('e' ~ i)|ident }} AS (
  SELECT COALESCE(SUM("bv"."n" * CASE WHEN "bv"."bad" THEN LOG2("tot"."total" / "x"."cnt")
                                    ELSE LOG2("g"."cnt" / "x"."cnt") END), 0.0) AS "e"
  FROM "bv"
  JOIN {{ ('cx' ~ i)|ident }} AS "x" ON "x"."c" = "bv".{{ ('x' ~ i)|ident }}
  JOIN {{ ('cg' ~ i)|ident }} AS "g" ON "g"."c" = "bv".{{ ('q' ~ i)|ident }}
  CROSS JOIN "tot"
)
{%- endfor %}
SELECT {% for i in range(qis|length) %}{{ ('e' ~ i)|ident }}."e"{% if not loop.last %} + {% endif %}{% endfor %} AS "loss"
FROM {% for i in range(qis|length) %}{{ ('e' ~ i)|ident }}{% if not loop.last %} CROSS JOIN {% endif %}{% endfor %}
