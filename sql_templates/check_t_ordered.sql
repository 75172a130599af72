-- check_t_ordered.sql: t-closeness with ordered ground distance.
-- Inputs:   input (keys..., s, n); rank table order (s, pos) giving each value's position.
--           Q is the distribution of s over the whole input.
-- Params:   keys, s, order, full_domain (true: the domain is every row of `order`, values
--           absent from the data included; false: the values present in the input), t, tol.
-- Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= EMD(P_E, Q); worst = MAX).
-- Formula:  with the m domain values ranked 1..m and ground distance |i - j| / (m - 1),
--           EMD = 1/(m-1) sum_{i=1..m} | sum_{j<=i} (p_j - q_j) |, a running sum (window) over
--           the grid of classes x domain (values absent from E have p = 0); EMD = 0 when m = 1.
-- Citation: Li, Li, Venkatasubramanian, t-Closeness (003), section 4.2, ordered distance.
WITH "f" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}{{ s|ident }} AS "s", CAST(SUM("n") AS DOUBLE) AS "n", CAST(SUM("n") AS HUGEINT) AS "cnt"
  FROM {{ input|ident }}
  GROUP BY {% for key in keys %}{{ key|ident }}, {% endfor %}{{ s|ident }}
  HAVING SUM("n") > 0
), "tot" AS (
  SELECT SUM("n") AS "total" FROM "f"
), "g" AS (
  SELECT "s", SUM("n") / MAX("tot"."total") AS "q" FROM "f" CROSS JOIN "tot" GROUP BY "s"
), "dom" AS (
  SELECT "o"."s", "o"."pos" FROM {{ order|ident }} AS "o"
  {%- if not full_domain %} WHERE "o"."s" IN (SELECT "s" FROM "g"){% endif %}
), "m" AS (
  SELECT COUNT(*) AS "m" FROM "dom"
), "c" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}SUM("n") AS "size", SUM("cnt") AS "rows"
  FROM "f" GROUP BY {{ keys|map('ident')|join(', ') }}
), "grid" AS (
  SELECT {% for key in keys %}"c".{{ key|ident }}, {% endfor %}"c"."rows", "dom"."pos",
    COALESCE("f"."n", 0.0) / "c"."size" - COALESCE("g"."q", 0.0) AS "diff"
  FROM "c"
  CROSS JOIN "dom"
  LEFT JOIN "g" ON "g"."s" = "dom"."s"
  LEFT JOIN "f" ON "f"."s" = "dom"."s"
  {%- for key in keys %} AND "f".{{ key|ident }} = "c".{{ key|ident }}{% endfor %}
), "cum" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}"rows",
    SUM("diff") OVER (
      PARTITION BY {{ keys|map('ident')|join(', ') }} ORDER BY "pos" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
    ) AS "run"
  FROM "grid"
), "d" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}MAX("rows") AS "size",
    CASE WHEN MAX("m"."m") <= 1 THEN 0.0 ELSE SUM(ABS("run")) / (MAX("m"."m") - 1) END AS "emd"
  FROM "cum" CROSS JOIN "m"
  GROUP BY {{ keys|map('ident')|join(', ') }}
)
SELECT
{%- for key in keys %} {{ key|ident }},{% endfor %}
  "size",
  "emd" > {{ t|literal }} + {{ tol|literal }} AS "bad",
  "emd" AS "val"
FROM "d"
