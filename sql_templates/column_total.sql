-- column_total.sql: the number of rows a frequency table stands for.
-- Inputs:   source, a frequency table with its count column n.
-- Output:   one row: SUM(n) (HUGEINT), 0 for an empty table.
SELECT COALESCE(SUM("n"), 0) FROM {{ source|ident }}
