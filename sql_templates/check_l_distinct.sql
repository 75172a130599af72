-- check_l_distinct.sql: distinct l-diversity, one row per equivalence class.
-- Inputs:   input (keys..., s, n): node frequency table; s is the sensitive attribute's column.
-- Params:   keys, s, l (integer >= 1).
-- Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= distinct values; worst = MIN).
-- Formula:  E satisfies distinct l-diversity iff |{ s : n(E, s) > 0 }| >= l.
-- Citation: Machanavajjhala et al., l-Diversity (002), section 4.1 (distinct l-diversity).
WITH "f" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}{{ s|ident }} AS "s", SUM("n") AS "n"
  FROM {{ input|ident }}
  GROUP BY {% for key in keys %}{{ key|ident }}, {% endfor %}{{ s|ident }}
  HAVING SUM("n") > 0
)
SELECT
{%- for key in keys %} {{ key|ident }},{% endfor %}
  CAST(SUM("n") AS HUGEINT) AS "size",
  COUNT(*) < {{ l|literal }} AS "bad",
  CAST(COUNT(*) AS DOUBLE) AS "val"
FROM "f"
GROUP BY {{ keys|map('ident')|join(', ') }}
