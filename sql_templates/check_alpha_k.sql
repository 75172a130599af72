-- check_alpha_k.sql: (alpha,k)-anonymity, one row per equivalence class.
-- Inputs:   input (keys..., s, n).
-- Params:   keys, s, k (integer >= 1), alpha = alpha_num / alpha_den (exact fraction in (0, 1]).
-- Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= max_v count(v) / size, the largest
--           share of one sensitive value in the class; worst = MAX).
-- Formula:  E satisfies (alpha,k)-anonymity iff |E| >= k and max_v count(E, v) <= alpha |E|;
--           evaluated exactly in 128-bit integers as top * alpha_den <= alpha_num * size.
-- Citation: Wong, Li, Fu, Wang, (alpha,k)-Anonymity, KDD 2006 (Definition 2); catalogue spec.
-- People:   with people (_people_values.sql: person: set), |E| counts the class's people (np) and
--           count(E, v) its people with v (c): no more than alpha of them have v, the bound on
--           an attacker's confidence that a person of E has v (docs/people.md derives it; with
--           one row per person it is the definition above).
{% import "_distribution.sql" as d %}
{%- set people = people|default(false) %}
WITH {{ d.counts(input, keys, s, people) }}, "c" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}
    CAST(SUM({{ '"np"' if people else '"cnt"' }}) AS HUGEINT) AS "size", CAST(MAX({{ '"c"' if people else '"cnt"' }}) AS HUGEINT) AS "top"
  FROM "f"
  GROUP BY {{ keys|map('ident')|join(', ') }}
)
SELECT
{%- for key in keys %} {{ key|ident }},{% endfor %}
  "size",
  NOT ("size" >= {{ k|literal }} AND "top" * {{ alpha_den|literal }} <= "size" * {{ alpha_num|literal }}) AS "bad",
  CAST("top" AS DOUBLE) / CAST("size" AS DOUBLE) AS "val"
FROM "c"
