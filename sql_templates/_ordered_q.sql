-- _ordered_q.sql: the Q side of ordered EMD (imported, never run on its own).
-- q_ranks(order, full_domain): after counts() (CTE "f"), defines "tot", "g" (Q), "dom" (s, r: rank
--   1..m in the domain), "m" (m), "fq" (r, F_Q(r)), "cdf" (r, fq, gq = G(r), plus r = 0),
--   "steps" (fq, k = last rank with F_Q = fq, gk = G(k)), "gm" (G(m)) and
--   "ranks" (s, r, gl = G(r - 1)). See check_t_ordered.sql for the formula.
{% import "_distribution.sql" as d %}
{% macro q_ranks(order, full_domain) -%}
{{ d.whole() }}, "dom" AS (
  SELECT "o"."s", ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r" FROM {{ order|ident }} AS "o"
  {%- if not full_domain %} WHERE "o"."s" IN (SELECT "s" FROM "g"){% endif %}
), "m" AS (
  SELECT COUNT(*) AS "m" FROM "dom"
), "fq" AS (
  -- cumulative exact counts, then one division: F_Q is then non-decreasing as a double too (a
  -- window sum of the doubles q can come out a last bit lower at a later rank, and the step
  -- lookup k(C) needs F_Q monotone)
  SELECT "dom"."r",
    CAST(SUM(COALESCE("qc"."cnt", 0)) OVER (ORDER BY "dom"."r" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS DOUBLE)
      / "tot"."total" AS "fq"
  FROM "dom"
  LEFT JOIN (SELECT "s", SUM("cnt") AS "cnt" FROM "f" GROUP BY "s") AS "qc" ON "qc"."s" = "dom"."s"
  CROSS JOIN "tot"
), "cdf" AS (
  SELECT "r", "fq", SUM("fq") OVER (ORDER BY "r" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS "gq" FROM "fq"
  UNION ALL
  SELECT 0, 0.0, 0.0
), "steps" AS (
  SELECT "fq", MAX("r") AS "k", MAX("gq") AS "gk" FROM "cdf" GROUP BY "fq"
), "gm" AS (
  SELECT MAX("gq") AS "gm" FROM "cdf"
), "ranks" AS (
  SELECT "dom"."s", "dom"."r", "cdf"."gq" AS "gl" FROM "dom" JOIN "cdf" ON "cdf"."r" = "dom"."r" - 1
)
{%- endmacro %}
