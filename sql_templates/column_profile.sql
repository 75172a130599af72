-- column_profile.sql: distinct values and NULL count of one column (for hierarchy builders).
-- Inputs:   source table, column.
-- Output:   (value VARCHAR, rows BIGINT) per distinct value; NULL appears as a NULL value.
SELECT CAST({{ column|ident }} AS VARCHAR) AS "value", COUNT(*) AS "rows"
FROM {{ source|ident }}
GROUP BY 1
ORDER BY 1 NULLS FIRST
