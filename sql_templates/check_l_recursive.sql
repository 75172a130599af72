-- check_l_recursive.sql: recursive (c,l)-diversity, one row per equivalence class.
-- Inputs:   input (keys..., s, n).
-- Params:   keys, s, l (integer >= 1), c = c_num / c_den (exact fraction, c > 0).
-- Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= r1 / (r_l + ... + r_m), +inf when
--           the tail is empty; worst = MAX).
-- Formula:  with r_1 >= r_2 >= ... >= r_m the class's value counts, E satisfies recursive
--           (c,l)-diversity iff r_1 < c (r_l + r_{l+1} + ... + r_m); evaluated exactly in 128-bit
--           integers as r_1 * c_den < c_num * tail.
-- Citation: Machanavajjhala et al., l-Diversity (002), Definition 4.2 (recursive (c,l)-diversity).
WITH "f" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}{{ s|ident }} AS "s", SUM("n") AS "n"
  FROM {{ input|ident }}
  GROUP BY {% for key in keys %}{{ key|ident }}, {% endfor %}{{ s|ident }}
  HAVING SUM("n") > 0
), "r" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}"n",
    ROW_NUMBER() OVER (PARTITION BY {{ keys|map('ident')|join(', ') }} ORDER BY "n" DESC) AS "rank"
  FROM "f"
), "c" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}
    CAST(SUM("n") AS HUGEINT) AS "size",
    CAST(MAX("n") AS HUGEINT) AS "r1",
    CAST(COALESCE(SUM("n") FILTER (WHERE "rank" >= {{ l|literal }}), 0) AS HUGEINT) AS "tail"
  FROM "r"
  GROUP BY {{ keys|map('ident')|join(', ') }}
)
SELECT
{%- for key in keys %} {{ key|ident }},{% endfor %}
  "size",
  NOT ("r1" * {{ c_den|literal }} < "tail" * {{ c_num|literal }}) AS "bad",
  CASE WHEN "tail" = 0 THEN CAST('inf' AS DOUBLE) ELSE CAST("r1" AS DOUBLE) / CAST("tail" AS DOUBLE) END AS "val"
FROM "c"
