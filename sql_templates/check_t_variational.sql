-- check_t_variational.sql: t-closeness with the variational (total variation) distance.
-- Inputs:   input (keys..., s, n). Q is the distribution of s over the whole input.
-- Params:   keys, s, t in [0, 1], tol (absolute tolerance on the distance).
-- Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= V(P_E, Q); worst = MAX).
-- Formula:  V = 1/2 sum_v |p_v - q_v| = sum over values v present in E of max(p_v - q_v, 0)
--           (values absent from E add nothing to the positive part), with
--           p_v - q_v = (count(E,v) N - |E| count(v)) / (|E| N): the numerators are summed
--           exactly in 128-bit integers, one division per class. E passes iff V <= t + tol.
--           V equals the EMD under the equal ground distance (check_t_equal.sql).
-- Citation: survey (001), section 9.2 (alternative distances for t-closeness); Li, Li,
--           Venkatasubramanian, t-Closeness (003), section 4.
{% import "_distribution.sql" as d %}
WITH {{ d.counts(input, keys, s) }}, "gc" AS (
  SELECT "s", SUM("cnt") AS "qcnt" FROM "f" GROUP BY "s"
), "tot" AS (
  SELECT CAST(SUM("qcnt") AS HUGEINT) AS "total", COUNT(*) AS "m" FROM "gc"
), "e" AS (
  SELECT {% for key in keys %}"f".{{ key|ident }}, {% endfor %}"f"."cnt", CAST("gc"."qcnt" AS HUGEINT) AS "qcnt",
    "tot"."total", "tot"."m",
    CAST(SUM("f"."cnt") OVER (PARTITION BY {% for key in keys %}"f".{{ key|ident }}{% if not loop.last %}, {% endif %}{% endfor %}) AS HUGEINT) AS "size"
  FROM "f"
  JOIN "gc" ON "gc"."s" = "f"."s"
  CROSS JOIN "tot"
), "c" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}
    MAX("size") AS "size",
    CAST(SUM(GREATEST("cnt" * "total" - "size" * "qcnt", 0)) AS DOUBLE)
      / CAST(MAX("size") * MAX("total") AS DOUBLE) AS "val"
  FROM "e"
  GROUP BY {{ keys|map('ident')|join(', ') }}
)
SELECT
{%- for key in keys %} {{ key|ident }},{% endfor %}
  "size",
  "val" > {{ t|literal }} + {{ tol|literal }} AS "bad",
  "val"
FROM "c"
