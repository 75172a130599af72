-- check_l_entropy.sql: entropy l-diversity, one row per equivalence class.
-- Inputs:   input (keys..., s, n).
-- Params:   keys, s, l (>= 1), tol (absolute tolerance on the entropy, natural log).
-- Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= exp(H(E)); worst = MIN).
-- Formula:  H(E) = -sum_s p(E,s) ln p(E,s) = ln N_E - (sum_s n ln n) / N_E  (clamped at 0);
--           E satisfies entropy l-diversity iff H(E) >= ln(l)   (tested as H >= ln(l) - tol).
-- Citation: Machanavajjhala et al., l-Diversity (002), Definition 4.1.
{% import "_distribution.sql" as d %}
WITH {{ d.counts(input, keys, s) }}, "c" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}
    SUM("cnt") AS "size", GREATEST(LN(SUM("n")) - SUM("n" * LN("n")) / SUM("n"), 0.0) AS "h"
  FROM "f"
  GROUP BY {{ keys|map('ident')|join(', ') }}
)
SELECT
{%- for key in keys %} {{ key|ident }},{% endfor %}
  "size",
  "h" < LN({{ l|literal }}) - {{ tol|literal }} AS "bad",
  EXP("h") AS "val"
FROM "c"
