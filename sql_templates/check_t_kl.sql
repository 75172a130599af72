-- check_t_kl.sql: t-closeness with the Kullback-Leibler divergence KL(P_E || Q).
-- Inputs:   input (keys..., s, n). Q is the distribution of s over the whole input.
-- Params:   keys, s, t >= 0, tol (absolute tolerance on the divergence).
-- Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= KL(P_E || Q) in nats; worst = MAX).
-- Formula:  KL = sum over values v present in E of p_v ln(p_v / q_v), finite since every value
--           of E is in the table; p_v / q_v = (count(E,v) N) / (|E| count(v)) from exact 128-bit
--           products; clamped at 0. E passes iff KL <= t + tol. Not a metric.
-- Citation: survey (001), section 9.2 (alternative distances for t-closeness).
-- People:   with people (_people_values.sql: person: set), P and Q are distributions in which each
--           person weighs one (n), and size counts people (docs/people.md).
{% import "_distribution.sql" as d %}
{%- set people = people|default(false) %}
WITH {{ d.counts(input, keys, s, people) }}, {{ d.exact_counts(keys, people) }}, "c" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}
    MAX("size") AS "size",{% if people %} MAX("people") AS "people",{% endif %}
    GREATEST(SUM(CAST("cnt" AS DOUBLE) / CAST("size" AS DOUBLE)
      * LN(CAST("cnt" * "total" AS DOUBLE) / CAST("size" * "qcnt" AS DOUBLE))), 0.0) AS "val"
  FROM "e"
  GROUP BY {{ keys|map('ident')|join(', ') }}
)
SELECT
{%- for key in keys %} {{ key|ident }},{% endfor %}
  {{ '"people" AS "size"' if people else '"size"' }},
  "val" > {{ t|literal }} + {{ tol|literal }} AS "bad",
  "val"
FROM "c"
