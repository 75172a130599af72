-- code_map.sql: the generalization maps of one quasi-identifier, from level 0 to every level.
-- Inputs:   up (lf, cf, lt, ct), the QI's dimension table.
-- Output:   one row per level lt: (lt, list of ct for cf = 0, 1, 2, ... in order); codes are
--           dense, so element c+1 of the list is the generalized code of leaf code c.
SELECT "lt", LIST("ct" ORDER BY "cf") AS "codes"
FROM {{ up|ident }}
WHERE "lf" = 0
GROUP BY "lt"
ORDER BY "lt"
