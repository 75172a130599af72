-- _smoothing.sql: the domain and ground distances of the kernel-smoothed JS distance (imported,
-- never run on its own; see check_t_smoothed_js.sql and smoothing_ground.sql).
-- sdom(ground, order, dictionary_codes, full_domain, present): CTEs "sdom" (s, r) — the domain:
--   the codes in `present` (a query returning column s), or every code of the rank table
--   `order` when full_domain (an explicit order); r = rank (ordered ground) — and "sm" (m).
-- sground(ground, bandwidth, ancestors, height): CTE "sground" (a, b, d) over "sdom": every
--   ordered pair of domain codes with d(a, b) < bandwidth (hierarchical with bandwidth <= 1: the
--   pairs sharing a node below the root, a superset); equal d = 0 or 1, ordered
--   |r_a - r_b| / (m - 1) (0 when m = 1), hierarchical level(lca) / H. The comparisons of the
--   bandwidth with 1 are written into the SQL (the engines fold them), so that its shape does
--   not depend on the bandwidth.
{% macro sdom(ground, order, full_domain, present) -%}
"sdom" AS (
{%- if ground == "ordered" %}
  SELECT "o"."s", ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r" FROM {{ order|ident }} AS "o"
  {%- if not full_domain %} WHERE "o"."s" IN ({{ present }}){% endif %}
{%- else %}
  SELECT DISTINCT "p"."s", 0 AS "r" FROM ({{ present }}) AS "p"
{%- endif %}
), "sm" AS (
  SELECT COUNT(*) AS "m" FROM "sdom"
)
{%- endmacro %}
{% macro sground(ground, bandwidth, ancestors, height) -%}
"sground" AS (
{%- if ground == "ordered" %}
  SELECT CAST("a"."s" AS INTEGER) AS "a", CAST("b"."s" AS INTEGER) AS "b",
    CASE WHEN "sm"."m" <= 1 THEN 0.0 ELSE ABS("a"."r" - "b"."r") / ("sm"."m" - 1.0) END AS "d"
  FROM "sdom" AS "a"
  CROSS JOIN "sm"
  JOIN "sdom" AS "b"
    ON "b"."r" > "a"."r" - {{ bandwidth|literal }} * GREATEST("sm"."m" - 1, 1)
    AND "b"."r" < "a"."r" + {{ bandwidth|literal }} * GREATEST("sm"."m" - 1, 1)
{%- elif ground == "equal" %}
  SELECT CAST("a"."s" AS INTEGER) AS "a", CAST("b"."s" AS INTEGER) AS "b",
    CASE WHEN "a"."s" = "b"."s" THEN 0.0 ELSE 1.0 END AS "d"
  FROM "sdom" AS "a" JOIN "sdom" AS "b" ON "a"."s" = "b"."s" OR {{ bandwidth|literal }} > 1
{%- else %}
  SELECT CAST("a"."s" AS INTEGER) AS "a", CAST("b"."s" AS INTEGER) AS "b",
    COALESCE("sh"."lvl", {{ height|literal }}) / {{ height|literal }} AS "d"
  FROM "sdom" AS "a"
  JOIN "sdom" AS "b" ON TRUE
  LEFT JOIN (
    SELECT "x"."s" AS "a", "y"."s" AS "b", MIN("x"."lvl") AS "lvl"
    FROM {{ ancestors|ident }} AS "x"
    JOIN {{ ancestors|ident }} AS "y" ON "x"."lvl" = "y"."lvl" AND "x"."node" = "y"."node"
    GROUP BY "x"."s", "y"."s"
  ) AS "sh" ON "sh"."a" = "a"."s" AND "sh"."b" = "b"."s"
  WHERE "sh"."lvl" IS NOT NULL OR {{ bandwidth|literal }} > 1
{%- endif %}
)
{%- endmacro %}
