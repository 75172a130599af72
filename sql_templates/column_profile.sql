-- column_profile.sql: distinct values and NULL count of one column (for hierarchy builders).
-- Inputs:   source table, column; weight: a count column of the source (none: one per row).
-- Output:   (value VARCHAR, rows BIGINT) per distinct value; NULL appears as a NULL value.
SELECT CAST({{ column|ident }} AS VARCHAR) AS "value", {% if weight %}SUM({{ weight|ident }}){% else %}COUNT(*){% endif %} AS "rows"
FROM {{ source|ident }}
GROUP BY 1
ORDER BY 1 NULLS FIRST
