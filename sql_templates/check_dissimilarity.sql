-- check_dissimilarity.sql: (epsilon,delta)^k-dissimilarity, one row per equivalence class.
-- Inputs:   input (keys..., sensitive code columns, n); the attribute's dictionary (value, code)
--           (numeric), rank table order (s, pos) (ordered), ancestors (s, lvl, node) (hierarchical),
--           or one dictionary per column (variational).
-- Params:   keys, distance ("numeric" | "ordered" | "hierarchical" | "variational"),
--           s (the code column; numeric, ordered, hierarchical) or columns (variational: list of
--           {column, dictionary}), dictionary, order, full_domain (ordered: true when the order
--           is explicit; else the domain is the values present in the input), ancestors, level (hierarchical: the
--           deepest lowest-common-ancestor level within epsilon, floor((epsilon + tol) H)),
--           height H, epsilon >= 0, tol, within (= epsilon + tol, the largest distance that
--           counts as within epsilon), k, delta = delta_num / delta_den (exact, in [0, 1]).
-- Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= risk(E, epsilon); worst = MAX).
-- Formula:  Phi(v) = rows of E whose value lies within epsilon of v (v itself included);
--           risk(E) = max_v (Phi(v) - 1) / (|E| - 1), and 1 when |E| = 1. E passes iff |E| >= k
--           and risk <= 1 - delta, evaluated exactly as (Phi - 1) delta_den <= (delta_den -
--           delta_num) (|E| - 1). Distances within epsilon + tol count as within epsilon.
--           numeric |a - b| and ordered |rank(a) - rank(b)| / (m - 1): a RANGE window over the
--           class's values sorted by number or rank (no self-join). hierarchical
--           level(lca)/H <= epsilon iff a and b share their ancestor at `level`: a window per
--           (class, ancestor), the whole class when level >= H. variational 1/2 sum_i |a_i - b_i| between the vectors of the
--           columns: a self-join of each class's distinct vectors.
-- Citation: Wang, Liu, Sun et al., proximity privacy, (epsilon,delta)^k-dissimilarity (004),
--           equations (3)-(4) and section III.
-- People:   with people (_people_values.sql: person: set; one attribute), |E| = N, the class's
--           people (np), and Phi(v) counts people: min(N, sum of c(w) over the values w of E
--           within epsilon of v), c(w) the people who have w. A person with several values near
--           v counts once per value (the frequency table keeps people per value, not who), so
--           Phi never falls below the people near v and the risk is never underestimated; it is
--           exact when no person has two values within epsilon (one row per person: the
--           original). docs/people.md derives it; counting people rather than records follows
--           Nergiz, Clifton, Nergiz, Multirelational k-anonymity (IEEE TKDE 2009).
--           variational over people: the values are the vectors of the class's people's
--           combinations (each person's cross product of their values of each column), and c(w)
--           is cx, the people whose cross product holds w: never below the people having a row
--           whose vector is w, so the risk is never underestimated (docs/people.md).
{%- set people = people|default(false) %}
{%- set scols = columns|map(attribute="column")|list if distance == "variational" else [s] %}
WITH "f" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}
    {%- for c in scols %}{{ c|ident }} AS {{ ('v' ~ loop.index0)|ident }}, {% endfor %}
    {%- if people %}
    CAST(SUM({{ '"cx"' if distance == "variational" else '"c"' }}) AS HUGEINT) AS "n", CAST(SUM("np") AS HUGEINT) AS "np"
    {%- else %}
    CAST(SUM("n") AS HUGEINT) AS "n"
    {%- endif %}
  FROM {{ input|ident }}
  GROUP BY {% for key in keys %}{{ key|ident }}, {% endfor %}{{ scols|map('ident')|join(', ') }}
  HAVING SUM("n") > 0
{%- if distance == "ordered" %}
), "dom" AS (
  -- the ordered domain: the values present in the input, or every value of an explicit order
  SELECT "o"."s", ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r" FROM {{ order|ident }} AS "o"
  {%- if not full_domain %} WHERE "o"."s" IN (SELECT "v0" FROM "f"){% endif %}
{%- endif %}
{%- if distance == "variational" %}
), "x" AS (
  SELECT "f".*{% for c in columns %}, CAST({{ ('d' ~ loop.index0)|ident }}."value" AS DOUBLE) AS {{ ('x' ~ loop.index0)|ident }}{% endfor %}
  FROM "f"
  {%- for c in columns %}
  JOIN {{ c.dictionary|ident }} AS {{ ('d' ~ loop.index0)|ident }} ON {{ ('d' ~ loop.index0)|ident }}."code" = "f".{{ ('v' ~ loop.index0)|ident }}
  {%- endfor %}
{%- endif %}
), "phi" AS (
{%- if distance in ("numeric", "ordered") %}
  SELECT {% for key in keys %}"x".{{ key|ident }}, {% endfor %}"x"."n",{% if people %} "x"."np",{% endif %}
    SUM("x"."n") OVER (
      PARTITION BY {% for key in keys %}"x".{{ key|ident }}{% if not loop.last %}, {% endif %}{% endfor %}
      ORDER BY "x"."x"
      RANGE BETWEEN {{ within|literal }} PRECEDING AND {{ within|literal }} FOLLOWING
    ) AS "phi"
  FROM (
  {%- if distance == "numeric" %}
    SELECT "f".*, CAST("d"."value" AS DOUBLE) AS "x"
    FROM "f" JOIN {{ dictionary|ident }} AS "d" ON "d"."code" = "f"."v0"
  {%- else %}
    SELECT "f".*, "dom"."r" / GREATEST("m"."m" - 1.0, 1.0) AS "x"
    FROM "f"
    JOIN "dom" ON "dom"."s" = "f"."v0"
    CROSS JOIN (SELECT COUNT(*) AS "m" FROM "dom") AS "m"
  {%- endif %}
  ) AS "x"
{%- elif distance == "hierarchical" %}
  {#- level >= H: every value shares the top, which ancestors leaves out: node is NULL for all -#}
  SELECT {% for key in keys %}"f".{{ key|ident }}, {% endfor %}"f"."n",{% if people %} "f"."np",{% endif %}
    SUM("f"."n") OVER (PARTITION BY {% for key in keys %}"f".{{ key|ident }}, {% endfor %}"a"."node") AS "phi"
  FROM "f" LEFT JOIN {{ ancestors|ident }} AS "a" ON "a"."s" = "f"."v0" AND "a"."lvl" = {{ level|literal }}
{%- else %}
  SELECT {% for key in keys %}"a".{{ key|ident }}, {% endfor %}"a"."n",{% if people %} "a"."np",{% endif %} SUM("b"."n") AS "phi"
  FROM "x" AS "a"
  JOIN "x" AS "b"
    ON {% for key in keys %}"a".{{ key|ident }} IS NOT DISTINCT FROM "b".{{ key|ident }} AND {% endfor %}
    0.5 * ({% for c in columns %}ABS("a".{{ ('x' ~ loop.index0)|ident }} - "b".{{ ('x' ~ loop.index0)|ident }}){% if not loop.last %} + {% endif %}{% endfor %})
      <= {{ within|literal }}
  GROUP BY {% for key in keys %}"a".{{ key|ident }}, {% endfor %}{% for c in columns %}"a".{{ ('v' ~ loop.index0)|ident }}, {% endfor %}"a"."n"{% if people %}, "a"."np"{% endif %}
{%- endif %}
), "r" AS (
  {%- if people %}
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}CAST(SUM("np") AS HUGEINT) AS "size",
    CAST(LEAST(MAX("phi"), SUM("np")) AS HUGEINT) AS "phi"
  {%- else %}
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}CAST(SUM("n") AS HUGEINT) AS "size", CAST(MAX("phi") AS HUGEINT) AS "phi"
  {%- endif %}
  FROM "phi"
  GROUP BY {{ keys|map('ident')|join(', ') }}
)
SELECT
{%- for key in keys %} {{ key|ident }},{% endfor %}
  "size",
  NOT ("size" >= {{ k|literal }} AND CASE
    WHEN "size" = 1 THEN {{ delta_num|literal }} = 0
    ELSE ("phi" - 1) * {{ delta_den|literal }} <= ({{ delta_den|literal }} - {{ delta_num|literal }}) * ("size" - 1)
  END) AS "bad",
  CASE WHEN "size" = 1 THEN 1.0 ELSE CAST("phi" - 1 AS DOUBLE) / CAST("size" - 1 AS DOUBLE) END AS "val"
FROM "r"
