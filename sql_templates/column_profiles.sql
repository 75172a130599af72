-- column_profiles.sql: distinct values and their rows of several columns in one scan.
-- Inputs:   source table, columns; weight: a count column of the source (none: one per row);
--           limit: the most text a column may bring (max_values_size: each value's characters
--           plus per_item).
-- Output:   (g0..gm-1, v0..vm-1, rows, size, distinct_values) per distinct value of each
--           column: g<i> = 0 on the rows of column i's grouping set (GROUPING(): 1 on the
--           others, whose v<i> is NULL), v<i> the value as VARCHAR (NULL as NULL), rows = rows
--           with that value, size = the column's text (its values' characters + per_item each),
--           distinct_values = its number of distinct values (NULL one of them). A column whose
--           size exceeds limit gets one row instead, its v<i> NULL: none of its values leaves
--           the engine.
-- Formula:  GROUP BY GROUPING SETS ((CAST(c0 AS VARCHAR)), (CAST(c1 AS VARCHAR)), ...): each
--           column's profile exactly as column_profile.sql computes it (grouped by the value's
--           text: DuckDB groups the DOUBLEs -0.0 and 0.0 together but casts them to different
--           texts, and the text is what the dimension tables join on), from one pass over the
--           source (10M generated rows: one statement instead of one per column and one anti
--           join per column for coverage). The sizes are window sums over the grouped rows (the
--           distinct values, not the source's rows); the one row of a column over the limit is
--           its smallest value's (values are distinct within a column).
WITH "profile" AS (
  SELECT
{%- for c in columns %}
    GROUPING(CAST({{ c|ident }} AS VARCHAR)) AS {{ ('g' ~ loop.index0)|ident }},
{%- endfor %}
{%- for c in columns %}
    CAST({{ c|ident }} AS VARCHAR) AS {{ ('v' ~ loop.index0)|ident }},
{%- endfor %}
    {% if weight %}SUM({{ weight|ident }}){% else %}COUNT(*){% endif %} AS "rows"
  FROM {{ source|ident }}
  GROUP BY GROUPING SETS ({% for c in columns %}(CAST({{ c|ident }} AS VARCHAR)){% if not loop.last %}, {% endif %}{% endfor %})
), "sized" AS (
  SELECT
    *,
    SUM(COALESCE(LENGTH(COALESCE({% for c in columns %}{{ ('v' ~ loop.index0)|ident }}, {% endfor %}NULL)), 0) + {{ per_item|literal }})
      OVER (PARTITION BY {% for c in columns %}{{ ('g' ~ loop.index0)|ident }}{% if not loop.last %}, {% endif %}{% endfor %}) AS "size",
    MIN(COALESCE({% for c in columns %}{{ ('v' ~ loop.index0)|ident }}, {% endfor %}NULL))
      OVER (PARTITION BY {% for c in columns %}{{ ('g' ~ loop.index0)|ident }}{% if not loop.last %}, {% endif %}{% endfor %}) AS "first",
    COUNT(*) OVER (PARTITION BY {% for c in columns %}{{ ('g' ~ loop.index0)|ident }}{% if not loop.last %}, {% endif %}{% endfor %}) AS "distinct_values"
  FROM "profile"
)
SELECT
{%- for c in columns %}
  {{ ('g' ~ loop.index0)|ident }},
{%- endfor %}
{%- for c in columns %}
  CASE WHEN "size" <= {{ limit|literal }} THEN {{ ('v' ~ loop.index0)|ident }} END AS {{ ('v' ~ loop.index0)|ident }},
{%- endfor %}
  "rows",
  "size",
  "distinct_values"
FROM "sized"
WHERE "size" <= {{ limit|literal }} OR COALESCE({% for c in columns %}{{ ('v' ~ loop.index0)|ident }}, {% endfor %}NULL) = "first"
