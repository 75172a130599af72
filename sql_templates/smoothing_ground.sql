-- smoothing_ground.sql: the lookup tables of the kernel-smoothed JS distance (check_t_smoothed_js.sql).
-- Inputs:   dictionary (value, code) of the sensitive attribute; for ground ordered the rank
--           table order (s, pos) (it may list values absent from the data: they belong to the
--           domain); for ground hierarchical the table ancestors (s, lvl, node), lvl 0..H-1.
-- Params:   part ("domain" | "ground"), ground ("equal" | "ordered" | "hierarchical"),
--           bandwidth B > 0, dictionary, order, ancestors, height H.
-- Output:   part domain: s INTEGER, one row per domain code. part ground: a INTEGER,
--           b INTEGER, d DOUBLE for the ordered pairs of domain codes with d(a, b) < B
--           (a superset when hierarchical and B <= 1: pairs sharing a node below the root).
-- Formula:  equal d = 0 if a = b else 1; ordered d = |rank(a) - rank(b)| / (m - 1) (0 when
--           m = 1); hierarchical d = level of the lowest common ancestor / H.
-- Citation: survey (001), section 9.2 (distance matrices for kernel smoothing).
WITH "dom" AS (
{%- if ground == "ordered" %}
  SELECT "o"."s", ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r" FROM {{ order|ident }} AS "o"
{%- else %}
  SELECT "d"."code" AS "s", 0 AS "r" FROM {{ dictionary|ident }} AS "d"
{%- endif %}
), "m" AS (
  SELECT COUNT(*) AS "m" FROM "dom"
)
{%- if part == "domain" %}
SELECT CAST("s" AS INTEGER) AS "s" FROM "dom"
{%- elif ground == "ordered" %}
SELECT CAST("a"."s" AS INTEGER) AS "a", CAST("b"."s" AS INTEGER) AS "b",
  CASE WHEN "m"."m" <= 1 THEN 0.0 ELSE ABS("a"."r" - "b"."r") / ("m"."m" - 1.0) END AS "d"
FROM "dom" AS "a"
CROSS JOIN "m"
JOIN "dom" AS "b"
  ON "b"."r" > "a"."r" - {{ bandwidth|literal }} * GREATEST("m"."m" - 1, 1)
  AND "b"."r" < "a"."r" + {{ bandwidth|literal }} * GREATEST("m"."m" - 1, 1)
{%- elif ground == "equal" %}
SELECT CAST("a"."s" AS INTEGER) AS "a", CAST("b"."s" AS INTEGER) AS "b",
  CASE WHEN "a"."s" = "b"."s" THEN 0.0 ELSE 1.0 END AS "d"
FROM "dom" AS "a" JOIN "dom" AS "b" ON {% if bandwidth <= 1 %}"a"."s" = "b"."s"{% else %}TRUE{% endif %}
{%- else %}
, "shared" AS (
  SELECT "x"."s" AS "a", "y"."s" AS "b", MIN("x"."lvl") AS "lvl"
  FROM {{ ancestors|ident }} AS "x"
  JOIN {{ ancestors|ident }} AS "y" ON "x"."lvl" = "y"."lvl" AND "x"."node" = "y"."node"
  GROUP BY "x"."s", "y"."s"
)
{%- if bandwidth <= 1 %}
SELECT CAST("a" AS INTEGER) AS "a", CAST("b" AS INTEGER) AS "b", "lvl" / {{ height|literal }} AS "d" FROM "shared"
{%- else %}
SELECT CAST("a"."s" AS INTEGER) AS "a", CAST("b"."s" AS INTEGER) AS "b",
  COALESCE("shared"."lvl", {{ height|literal }}) / {{ height|literal }} AS "d"
FROM "dom" AS "a" CROSS JOIN "dom" AS "b"
LEFT JOIN "shared" ON "shared"."a" = "a"."s" AND "shared"."b" = "b"."s"
{%- endif %}
{%- endif %}
