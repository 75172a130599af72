-- mondrian_budget.sql: the cuts of one Mondrian round that the risk limits still allow
-- (risk: prosecutor_average, marketer, records_at_risk, sample_uniques; issue 40, item 1).
-- Inputs:   cuts (pid, dim, median, lca, base, child, npid, size: one row per child of every
--           allowable cut of the round, mondrian_split.sql's rows with the child's rows).
-- Params:   part (keep: the kept cuts; spent: how much the cuts of ``cuts`` add to each figure,
--           one row); cuts; at_risk_below (m: a class of fewer rows than m is at risk, its prosecutor
--           risk 1/|E| above the threshold; none: no records_at_risk limit); limited (the figures
--           with a limit, among classes, at_risk, uniques: the cost cuts are ordered by); bound at
--           run time: $classes, $at_risk, $uniques (how much each figure may still grow).
-- Output:   keep: the rows of cuts whose cut is kept; spent: classes, at_risk, uniques added.
-- Formula:  cutting partition P into children C_1..C_m adds m - 1 classes, sum(|C_i| : |C_i| < m)
--           - (|P| if |P| < m else 0) rows at risk and #{i : |C_i| = 1} records alone in their
--           class (P itself, cut in two or more non-empty children, had more than one row): every
--           figure only grows with a cut, so the kept cuts are a prefix of the cuts ordered by
--           their cost in the limited figures (then pid) whose running sums stay within the
--           budgets. Mondrian suppresses nothing: the rows N are fixed, and a share limit x on
--           N is a budget of floor(x N) classes or rows (sqlanon.search.mondrian_risk).
-- Citation: LeFevre, DeWitt, Ramakrishnan (ICDE 2006); the figures: ARX's risk model
--           (Prasser, Kohlmayer et al.), as sqlanon.search.risk.measure computes them.
{% macro per_cut() %}
  SELECT "pid",
    CAST(COUNT(*) - 1 AS BIGINT) AS "d_classes",
    {%- if at_risk_below is not none %}
    CAST(SUM(CASE WHEN "size" < {{ at_risk_below|literal }} THEN "size" ELSE 0 END)
      - CASE WHEN SUM("size") < {{ at_risk_below|literal }} THEN SUM("size") ELSE 0 END AS BIGINT) AS "d_at_risk",
    {%- else %}
    CAST(0 AS BIGINT) AS "d_at_risk",
    {%- endif %}
    CAST(SUM(CASE WHEN "size" = 1 THEN 1 ELSE 0 END) AS BIGINT) AS "d_uniques"
  FROM {{ cuts|ident }}
  GROUP BY "pid"
{% endmacro %}
{%- if part == "spent" %}
WITH "per_cut" AS ({{ per_cut() }}
)
SELECT CAST(COALESCE(SUM("d_classes"), 0) AS BIGINT), CAST(COALESCE(SUM("d_at_risk"), 0) AS BIGINT),
  CAST(COALESCE(SUM("d_uniques"), 0) AS BIGINT)
FROM "per_cut"
{%- else %}
WITH "per_cut" AS ({{ per_cut() }}
), "costed" AS (
  SELECT "pid", "d_classes", "d_at_risk", "d_uniques",
    {% for f in limited %}"d_{{ f }}"{% if not loop.last %} + {% endif %}{% endfor %} AS "cost"
  FROM "per_cut"
), "running" AS (
  SELECT "pid",
    SUM("d_classes") OVER "w" AS "r_classes",
    SUM("d_at_risk") OVER "w" AS "r_at_risk",
    SUM("d_uniques") OVER "w" AS "r_uniques"
  FROM "costed"
  WINDOW "w" AS (ORDER BY "cost", "pid" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
)
SELECT "c".*
FROM {{ cuts|ident }} AS "c"
JOIN "running" AS "r" ON "r"."pid" = "c"."pid"
WHERE "r"."r_classes" <= CAST($classes AS BIGINT)
  AND "r"."r_at_risk" <= CAST($at_risk AS BIGINT)
  AND "r"."r_uniques" <= CAST($uniques AS BIGINT)
{%- endif %}
