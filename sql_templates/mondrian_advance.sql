-- mondrian_advance.sql: the next round's working table: the rows of the partitions cut this
-- round, each in its child partition.
-- Inputs:   work, split (pid, dim, median, lca, base, child, npid: one row per child of a cut).
-- Params:   work, split, qis, columns (the working table's columns after pid).
-- Output:   the working table's columns, pid replaced by the child's id base + child key.
{% import "_mondrian.sql" as mo %}
SELECT "sp"."base" + {{ mo.child("sp", qis) }} AS "pid"{% for c in columns %}, "w".{{ c|ident }}{% endfor %}
FROM {{ work|ident }} AS "w"
JOIN (SELECT DISTINCT "pid", "dim", "median", "lca", "base" FROM {{ split|ident }}) AS "sp" ON "sp"."pid" = "w"."pid"
