-- column_total.sql: the number of rows a grouped table stands for.
-- Inputs:   source, a grouped table; weight, its count column.
-- Output:   one row: SUM(weight) (HUGEINT).
SELECT SUM({{ weight|ident }}) FROM {{ source|ident }}
