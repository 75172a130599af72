-- code_map.sql: the generalization map of one quasi-identifier between two levels.
-- Inputs:   up (lf, cf, lt, ct), the QI's dimension table.
-- Params:   $lf, $lt (bound).
-- Output:   ct for cf = 0, 1, 2, ... in order (codes are dense, so row c is code c's parent).
SELECT "ct" FROM {{ up|ident }} WHERE "lf" = $lf AND "lt" = $lt ORDER BY "cf"
