-- estimate_rows.sql: an estimate of the rows a GROUP BY of a table on some of its columns returns.
-- Inputs:   source: a frequency table (the bottom table).
-- Params:   columns: the grouping columns (names).
-- Output:   one row: rows BIGINT, the number of distinct combinations of the columns, estimated.
-- Formula:  HyperLogLog over a hash of the combination (DuckDB's APPROX_COUNT_DISTINCT, a few
--           per cent of error): one pass with no hash table, measured 63 ms on a 9.76M-row
--           table against 1.27 s for the GROUP BY it estimates. Used only to decide which
--           tables to cache; no result depends on it.
SELECT CAST(APPROX_COUNT_DISTINCT(HASH({{ columns|map('ident')|join(', ') }})) AS BIGINT) AS "rows"
FROM {{ source|ident }}
