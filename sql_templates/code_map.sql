-- code_map.sql: the generalization maps of one quasi-identifier, between every two levels.
-- Inputs:   up (lf, cf, lt, ct), the QI's dimension table.
-- Output:   one row per level pair lf <= lt: (lf, lt, list of ct for cf = 0, 1, 2, ... in
--           order); codes are dense per level, so element c+1 of the list is the code at level
--           lt of code c at level lf.
SELECT "lf", "lt", LIST("ct" ORDER BY "cf") AS "codes"
FROM {{ up|ident }}
GROUP BY "lf", "lt"
ORDER BY "lf", "lt"
