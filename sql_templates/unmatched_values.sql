-- unmatched_values.sql: source values a lookup table does not cover (for the error message).
-- Inputs:   source table, column, weight (a count column of the source, or none: one per row);
--           lookup table with a VARCHAR key column.
-- Output:   (value, rows) for every value of the column missing from the lookup, most rows first.
-- Formula:  values v with no lookup row, rows = |{ r : r.column = v }|; NULL shows as ''.
SELECT COALESCE(CAST("src".{{ column|ident }} AS VARCHAR), '') AS "value", {% if weight %}SUM("src".{{ weight|ident }}){% else %}COUNT(*){% endif %} AS "rows"
FROM {{ source|ident }} AS "src"
ANTI JOIN {{ lookup|ident }} AS "l"
  ON COALESCE(CAST("src".{{ column|ident }} AS VARCHAR), '') = "l".{{ key|ident }}
GROUP BY 1
ORDER BY 2 DESC, 1
