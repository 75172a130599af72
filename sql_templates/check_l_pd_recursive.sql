-- check_l_pd_recursive.sql: pd-recursive (c,l)-diversity, and npd-recursive (c1,c2,l)-diversity
--           when protected values are given; one row per equivalence class.
-- Inputs:   input (keys..., s, n).
-- Params:   keys, s, l (integer >= 1), c = c_num / c_den (exact fraction, c > 0),
--           allowed (list of integer codes Y, may be empty), protected (list of integer codes W,
--           may be empty: plain pd-recursive), protected_count (the number of distinct codes
--           in protected), c2 = c2_num / c2_den (exact percentage in [0, 100]; 0 / 1 when
--           protected is empty).
-- Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= r_y / tail, +inf when the tail is
--           empty, 0 when every value of the class is in Y; worst = MAX), share DOUBLE
--           (= min over w in W of count(w) / size, 0 when some w is absent from the class;
--           NULL when W is empty; worst = MIN).
-- Formula:  r_1 >= r_2 >= ... >= r_m the class's value counts, ties broken with the values not
--           in Y first; y = the smallest rank of a value not in Y. tail = r_l + ... + r_m when
--           y <= l - 1, else sum of r_j over j >= max(l - 1, 1), j != y. E satisfies
--           pd-recursive iff no value outside Y is present or r_y < c tail, evaluated exactly
--           in 128-bit integers as r_y * c_den < c_num * tail. npd-recursive adds, for every
--           w in W: count(w) * 100 >= c2 * size, i.e. count(w) * 100 * c2_den >= c2_num * size.
-- Citation: Machanavajjhala et al., l-Diversity (002), Definitions 4.3 and 4.4.
-- People:   with people (_people_values.sql: person: set), r_i come from the class's distribution
--           in which each person weighs one (n), size counts people (np), for l > 1 no value
--           outside Y may be held by every person of the class (c < np), and npd's share of w
--           is the share of the class's people who have w (c / np) (docs/people.md).
{% import "_distribution.sql" as d %}
{%- set people = people|default(false) %}
{%- macro member(codes) -%}
{% if codes %}"s" IN ({{ codes|map('literal')|join(', ') }}){% else %}FALSE{% endif %}
{%- endmacro %}
WITH {{ d.counts(input, keys, s, people) }}, "r" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}"cnt",{% if people %} "c", "np",{% endif %}
    NOT ({{ member(allowed) }}) AS "dis",
    {{ member(protected) }} AS "prot",
    ROW_NUMBER() OVER (
      PARTITION BY {{ keys|map('ident')|join(', ') }} ORDER BY "cnt" DESC, NOT ({{ member(allowed) }}) DESC
    ) AS "rank"
  FROM "f"
), "c" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}
    CAST(SUM({{ '"np"' if people else '"cnt"' }}) AS HUGEINT) AS "size",
    {%- if people %}
    CAST(COALESCE(MAX("c") FILTER (WHERE "dis"), 0) AS HUGEINT) AS "cdis",
    {%- endif %}
    MIN("rank") FILTER (WHERE "dis") AS "y",
    CAST(MAX("cnt") FILTER (WHERE "dis") AS HUGEINT) AS "ry",
    CAST(COALESCE(SUM("cnt") FILTER (WHERE "rank" >= {{ l|literal }}), 0) AS HUGEINT) AS "tl",
    CAST(COALESCE(SUM("cnt") FILTER (WHERE "rank" >= GREATEST({{ l|literal }} - 1, 1)), 0) AS HUGEINT) AS "tl1",
    COUNT(*) FILTER (WHERE "prot") AS "npr",
    CAST(MIN({{ '"c"' if people else '"cnt"' }}) FILTER (WHERE "prot") AS HUGEINT) AS "wmin"
  FROM "r"
  GROUP BY {{ keys|map('ident')|join(', ') }}
), "t" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}"size", "y", "ry",{% if people %} "cdis",{% endif %}
    CASE WHEN "y" IS NULL THEN CAST(0 AS HUGEINT) WHEN "y" <= {{ l|literal }} - 1 THEN "tl" ELSE "tl1" - "ry" END AS "tail",
    CASE WHEN "npr" < {{ protected_count|literal }} THEN CAST(0 AS HUGEINT) ELSE "wmin" END AS "w"
  FROM "c"
)
SELECT
{%- for key in keys %} {{ key|ident }},{% endfor %}
  "size",
  CASE WHEN "y" IS NULL THEN FALSE ELSE NOT ("ry" * {{ c_den|literal }} < "tail" * {{ c_num|literal }}) END
  {%- if protected %}
    OR "w" * 100 * {{ c2_den|literal }} < "size" * {{ c2_num|literal }}
  {%- endif %}
  {%- if people %}
    OR ({{ l|literal }} > 1 AND "cdis" >= "size")
  {%- endif %} AS "bad",
  CASE WHEN "y" IS NULL THEN 0.0
       WHEN "tail" = 0 THEN CAST('inf' AS DOUBLE)
       ELSE CAST("ry" AS DOUBLE) / CAST("tail" AS DOUBLE) END AS "val",
  {% if protected %}CAST("w" AS DOUBLE) / CAST("size" AS DOUBLE){% else %}CAST(NULL AS DOUBLE){% endif %} AS "share"
FROM "t"
