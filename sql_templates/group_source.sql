-- group_source.sql: the source's distinct combinations of the columns the search needs.
-- Inputs:   source (read once).
-- Params:   columns (the quasi-identifiers and the checked sensitive columns), weight (the name
--           of the count column, chosen not to collide with a source column).
-- Output:   columns..., weight = number of source rows with that combination (BIGINT).
-- Purpose:  every later encoding step (value profiles, coverage checks, the bottom frequency
--           table) reads this table instead of scanning the source again; on Adult x 100
--           (3M rows) it has the 18,109 rows of Adult.
SELECT {% for c in columns %}{{ c|ident }}, {% endfor %}CAST(COUNT(*) AS BIGINT) AS {{ weight|ident }}
FROM {{ source|ident }}
GROUP BY {{ columns|map('ident')|join(', ') }}
