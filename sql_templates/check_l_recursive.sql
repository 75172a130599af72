-- check_l_recursive.sql: recursive (c,l)-diversity, one row per equivalence class.
-- Inputs:   input (keys..., s, n).
-- Params:   keys, s, l (integer >= 1), c = c_num / c_den (exact fraction, c > 0).
-- Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= r1 / (r_l + ... + r_m), +inf when
--           the tail is empty; worst = MAX).
-- Formula:  with r_1 >= r_2 >= ... >= r_m the class's value counts, E satisfies recursive
--           (c,l)-diversity iff r_1 < c (r_l + r_{l+1} + ... + r_m); evaluated exactly in 128-bit
--           integers as r_1 * c_den < c_num * tail.
-- Citation: Machanavajjhala et al., l-Diversity (002), Definition 4.2 (recursive (c,l)-diversity).
-- People:   with people (_people_values.sql: person: set), r_i come from the class's distribution
--           in which each person weighs one (n), size counts people (np), and for l > 1 a class
--           also needs at least l people and no value held by all of them (c < np), as every
--           recursive (c,l)-diverse class of one row per person has (docs/people.md).
{%- set people = people|default(false) %}
WITH "f" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}{{ s|ident }} AS "s", SUM("n") AS "n"
  {%- if people %}, SUM("c") AS "c", SUM("np") AS "np"{% endif %}
  FROM {{ input|ident }}
  GROUP BY {% for key in keys %}{{ key|ident }}, {% endfor %}{{ s|ident }}
  HAVING SUM("n") > 0
), "r" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}"n",{% if people %} "c", "np",{% endif %}
    ROW_NUMBER() OVER (PARTITION BY {{ keys|map('ident')|join(', ') }} ORDER BY "n" DESC) AS "rank"
  FROM "f"
), "c" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}
    CAST(SUM({{ '"np"' if people else '"n"' }}) AS HUGEINT) AS "size",
    {%- if people %}
    CAST(MAX("c") AS HUGEINT) AS "top",
    {%- endif %}
    CAST(MAX("n") AS HUGEINT) AS "r1",
    CAST(COALESCE(SUM("n") FILTER (WHERE "rank" >= {{ l|literal }}), 0) AS HUGEINT) AS "tail"
  FROM "r"
  GROUP BY {{ keys|map('ident')|join(', ') }}
)
SELECT
{%- for key in keys %} {{ key|ident }},{% endfor %}
  "size",
  {%- if people %}
  (NOT ("r1" * {{ c_den|literal }} < "tail" * {{ c_num|literal }}) OR ({{ l|literal }} > 1 AND ("size" < {{ l|literal }} OR "top" >= "size"))) AS "bad",
  {%- else %}
  NOT ("r1" * {{ c_den|literal }} < "tail" * {{ c_num|literal }}) AS "bad",
  {%- endif %}
  CASE WHEN "tail" = 0 THEN CAST('inf' AS DOUBLE) ELSE CAST("r1" AS DOUBLE) / CAST("tail" AS DOUBLE) END AS "val"
FROM "c"
