-- column_total.sql: the number of rows a frequency table stands for, and its own rows.
-- Inputs:   source, a frequency table with its count column n.
-- Output:   one row: SUM(n) (HUGEINT), 0 for an empty table; COUNT(*) (the table's rows).
SELECT COALESCE(SUM("n"), 0), COUNT(*) FROM {{ source|ident }}
