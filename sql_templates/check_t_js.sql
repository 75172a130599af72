-- check_t_js.sql: t-closeness with the Jensen-Shannon divergence JS(P_E, Q).
-- Inputs:   input (keys..., s, n). Q is the distribution of s over the whole input.
-- Params:   keys, s, t in [0, ln 2], tol (absolute tolerance on the divergence).
-- Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= JS(P_E, Q) in nats; worst = MAX).
-- Formula:  JS = 1/2 KL(P || M) + 1/2 KL(Q || M), M = (P + Q) / 2. A value v present in E adds
--           1/2 (p ln(2p / (p + q)) + q ln(2q / (p + q))), where 2p / (p + q) = 2a / (a + b) and
--           2q / (p + q) = 2b / (a + b) with a = count(E,v) N, b = |E| count(v) (exact 128-bit);
--           a value absent from E adds 1/2 q ln 2, so no class x domain grid is needed: the
--           absent values add 1/2 ln 2 (N - sum of count(v) over the values of E) / N.
--           Clamped to [0, ln 2]. E passes iff JS <= t + tol. Not a metric (its root is).
-- Citation: survey (001), section 9.2 (alternative distances for t-closeness).
-- People:   with people (_people_values.sql: person: set), P and Q are distributions in which each
--           person weighs one (n), and size counts people (docs/people.md).
{% import "_distribution.sql" as d %}
{%- set people = people|default(false) %}
WITH {{ d.counts(input, keys, s, people) }}, {{ d.exact_counts(keys, people) }}, "c" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}
    MAX("size") AS "size",{% if people %} MAX("people") AS "people",{% endif %}
    SUM(0.5 * (
      CAST("cnt" AS DOUBLE) / CAST("size" AS DOUBLE)
        * LN(2.0 * CAST("cnt" * "total" AS DOUBLE) / CAST("cnt" * "total" + "size" * "qcnt" AS DOUBLE))
      + CAST("qcnt" AS DOUBLE) / CAST("total" AS DOUBLE)
        * LN(2.0 * CAST("size" * "qcnt" AS DOUBLE) / CAST("cnt" * "total" + "size" * "qcnt" AS DOUBLE))
    )) + 0.5 * LN(2.0) * CAST(MAX("total") - SUM("qcnt") AS DOUBLE) / CAST(MAX("total") AS DOUBLE) AS "js"
  FROM "e"
  GROUP BY {{ keys|map('ident')|join(', ') }}
)
SELECT
{%- for key in keys %} {{ key|ident }},{% endfor %}
  {{ '"people" AS "size"' if people else '"size"' }},
  LEAST(GREATEST("js", 0.0), LN(2.0)) > {{ t|literal }} + {{ tol|literal }} AS "bad",
  LEAST(GREATEST("js", 0.0), LN(2.0)) AS "val"
FROM "c"
