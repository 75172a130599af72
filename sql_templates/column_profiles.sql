-- column_profiles.sql: distinct values and their rows of several columns in one scan.
-- Inputs:   source table, columns; weight: a count column of the source (none: one per row).
-- Output:   (g0..gm-1, v0..vm-1, rows) per distinct value of each column: g<i> = 0 on the rows
--           of column i's grouping set (GROUPING(): 1 on the others, whose v<i> is NULL), v<i>
--           the value as VARCHAR (NULL as NULL), rows = rows with that value.
-- Formula:  GROUP BY GROUPING SETS ((CAST(c0 AS VARCHAR)), (CAST(c1 AS VARCHAR)), ...): each
--           column's profile exactly as column_profile.sql computes it (grouped by the value's
--           text: DuckDB groups the DOUBLEs -0.0 and 0.0 together but casts them to different
--           texts, and the text is what the dimension tables join on), from one pass over the
--           source (10M generated rows: one statement instead of one per column and one anti
--           join per column for coverage).
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
