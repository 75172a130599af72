-- check_t_hierarchical.sql: t-closeness with hierarchical ground distance.
-- Inputs:   input (keys..., s, n); ancestors (s, lvl, node): for each value, its hierarchy node
--           at every level 0..H-1 below the root (level 0 = the value itself).
--           Q is the distribution of s over the whole input.
-- Params:   keys, s, ancestors, height H >= 1, t, tol.
-- Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= EMD(P_E, Q); worst = MAX).
-- Formula:  ground distance d(a, b) = level(lowest common ancestor of a and b) / H, a tree metric
--           whose edges each weigh 1/(2H); the exact EMD under a tree metric is
--           sum over edges of weight * |P(below) - Q(below)|, i.e.
--           EMD = 1/H * sum over non-root nodes N of max(P(N) - Q(N), 0)
--           (at every level sum_N (P(N) - Q(N)) = 0, so the positive parts are half the absolute
--           sum). Only nodes present in E can have a positive part, so no grid is needed.
--           This equals the paper's sum_N height(N)/H * min(pos_extra(N), neg_extra(N)) and the
--           transportation-LP optimum (checked in the tests).
-- Citation: Li, Li, Venkatasubramanian, t-Closeness (003), section 4.2, hierarchical distance.
-- People:   with people (_people_values.sql: person: set), P and Q are distributions in which each
--           person weighs one (n), and size counts people (np) (docs/people.md).
{% import "_distribution.sql" as d %}
{%- set people = people|default(false) %}
WITH {{ d.counts(input, keys, s, people) }}, "tot" AS (
  SELECT SUM("n") AS "total" FROM "f"
), "c" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}SUM("n") AS "size", SUM({{ '"np"' if people else '"cnt"' }}) AS "rows"
  FROM "f" GROUP BY {{ keys|map('ident')|join(', ') }}
), "qn" AS (
  SELECT "a"."lvl", "a"."node", SUM("f"."n") / MAX("tot"."total") AS "q"
  FROM "f" JOIN {{ ancestors|ident }} AS "a" ON "a"."s" = "f"."s" CROSS JOIN "tot"
  GROUP BY "a"."lvl", "a"."node"
), "pn" AS (
  SELECT {% for key in keys %}"f".{{ key|ident }}, {% endfor %}"a"."lvl", "a"."node", SUM("f"."n") AS "n"
  FROM "f" JOIN {{ ancestors|ident }} AS "a" ON "a"."s" = "f"."s"
  GROUP BY {% for key in keys %}"f".{{ key|ident }}, {% endfor %}"a"."lvl", "a"."node"
), "d" AS (
  SELECT {% for key in keys %}"pn".{{ key|ident }}, {% endfor %}MAX("c"."rows") AS "size",
    SUM(GREATEST("pn"."n" / "c"."size" - "qn"."q", 0.0)) / {{ height|literal }} AS "emd"
  FROM "pn"
  JOIN "c" USING ({{ keys|map('ident')|join(', ') }})
  JOIN "qn" ON "qn"."lvl" = "pn"."lvl" AND "qn"."node" = "pn"."node"
  GROUP BY {% for key in keys %}"pn".{{ key|ident }}{% if not loop.last %}, {% endif %}{% endfor %}
)
SELECT
{%- for key in keys %} {{ key|ident }},{% endfor %}
  "size",
  "emd" > {{ t|literal }} + {{ tol|literal }} AS "bad",
  "emd" AS "val"
FROM "d"
