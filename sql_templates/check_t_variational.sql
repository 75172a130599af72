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
-- People:   with people (_people_values.sql: person: set), P and Q are distributions in which each
--           person weighs one (n), and size counts people (docs/people.md).
{% import "_distribution.sql" as d %}
{%- set people = people|default(false) %}
WITH {{ d.counts(input, keys, s, people) }}, {{ d.exact_counts(keys, people) }}, "c" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}
    MAX("size") AS "size",{% if people %} MAX("people") AS "people",{% endif %}
    CAST(SUM(GREATEST("cnt" * "total" - "size" * "qcnt", 0)) AS DOUBLE)
      / CAST(MAX("size") * MAX("total") AS DOUBLE) AS "val"
  FROM "e"
  GROUP BY {{ keys|map('ident')|join(', ') }}
)
SELECT
{%- for key in keys %} {{ key|ident }},{% endfor %}
  {{ '"people" AS "size"' if people else '"size"' }},
  "val" > {{ t|literal }} + {{ tol|literal }} AS "bad",
  "val"
FROM "c"
