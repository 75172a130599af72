-- check_l_entropy.sql: entropy l-diversity, one row per equivalence class.
-- Inputs:   input (keys..., s, n).
-- Params:   keys, s, l (>= 1), tol (absolute tolerance on the entropy, natural log).
-- Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= exp(H(E)); worst = MIN).
-- Formula:  H(E) = -sum_s p(E,s) ln p(E,s) = ln N_E - (sum_s n ln n) / N_E  (clamped at 0);
--           E satisfies entropy l-diversity iff H(E) >= ln(l)   (tested as H >= ln(l) - tol).
-- Citation: Machanavajjhala et al., l-Diversity (002), Definition 4.1.
-- People:   with people (_people_values.sql: person: set), p(E,s) is the class's distribution in
--           which each person weighs one (n), size counts people (np), and for l > 1 a class
--           also needs at least l people and no value held by all of them (c < np), as every
--           entropy l-diverse class of one row per person has (docs/people.md).
{% import "_distribution.sql" as d %}
{%- set people = people|default(false) %}
WITH {{ d.counts(input, keys, s, people) }}, "c" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}
    SUM({{ '"np"' if people else '"cnt"' }}) AS "size", GREATEST(LN(SUM("n")) - SUM("n" * LN("n")) / SUM("n"), 0.0) AS "h"
    {%- if people %}, MAX("c") AS "top"{% endif %}
  FROM "f"
  GROUP BY {{ keys|map('ident')|join(', ') }}
)
SELECT
{%- for key in keys %} {{ key|ident }},{% endfor %}
  "size",
  {%- if people %}
  ("h" < LN({{ l|literal }}) - {{ tol|literal }} OR ({{ l|literal }} > 1 AND ("size" < {{ l|literal }} OR "top" >= "size"))) AS "bad",
  {%- else %}
  "h" < LN({{ l|literal }}) - {{ tol|literal }} AS "bad",
  {%- endif %}
  EXP("h") AS "val"
FROM "c"
