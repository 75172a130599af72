-- check_t_equal.sql: t-closeness with equal ground distance (EMD = variational distance).
-- Inputs:   input (keys..., s, n). Q is the distribution of s over the whole input.
-- Params:   keys, s, t in [0, 1], tol (absolute tolerance on the EMD).
-- Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= EMD(P_E, Q); worst = MAX).
-- Formula:  EMD = 1/2 sum_v |p_v - q_v| = sum over values v present in E of max(p_v - q_v, 0)
--           (values absent from E have p_v = 0 and add nothing to the positive part);
--           E satisfies t-closeness iff EMD <= t (tested as EMD <= t + tol).
-- Citation: Li, Li, Venkatasubramanian, t-Closeness (003), section 4.2, equal distance.
-- People:   with people (_people_values.sql: person: set), p and q are distributions in which each
--           person weighs one (n: a person's weight split evenly over their values), and size
--           counts people (np) (docs/people.md).
{% import "_distribution.sql" as d %}
{%- set people = people|default(false) %}
WITH {{ d.counts(input, keys, s, people) }}, {{ d.whole() }}, "c" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}SUM("n") AS "size", SUM({{ '"np"' if people else '"cnt"' }}) AS "rows"
  FROM "f" GROUP BY {{ keys|map('ident')|join(', ') }}
), "d" AS (
  SELECT {% for key in keys %}"f".{{ key|ident }}, {% endfor %}
    MAX("c"."rows") AS "size",
    SUM(GREATEST("f"."n" / "c"."size" - "g"."q", 0.0)) AS "emd"
  FROM "f"
  JOIN "c" USING ({{ keys|map('ident')|join(', ') }})
  JOIN "g" USING ("s")
  GROUP BY {% for key in keys %}"f".{{ key|ident }}{% if not loop.last %}, {% endif %}{% endfor %}
)
SELECT
{%- for key in keys %} {{ key|ident }},{% endfor %}
  "size",
  "emd" > {{ t|literal }} + {{ tol|literal }} AS "bad",
  "emd" AS "val"
FROM "d"
