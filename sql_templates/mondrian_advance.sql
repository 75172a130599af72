-- mondrian_advance.sql: the next round's working table: the rows of the partitions cut this
-- round, each in its child partition.
-- Inputs:   work, split (pid, dim, median, lca, child, size, npid: one row per child of a cut).
-- Params:   work, split, qis, columns (the working table's columns after pid and psize).
-- Output:   the working table's columns, pid and psize those of the row's child.
{% import "_mondrian.sql" as mo %}
SELECT "ch"."npid" AS "pid", CAST("ch"."size" AS BIGINT) AS "psize"{% for c in columns %}, "w".{{ c|ident }}{% endfor %}
FROM {{ work|ident }} AS "w"
JOIN (SELECT DISTINCT "pid", "dim", "median", "lca" FROM {{ split|ident }}) AS "sp" ON "sp"."pid" = "w"."pid"
JOIN {{ split|ident }} AS "ch" ON "ch"."pid" = "w"."pid" AND "ch"."child" = {{ mo.child("sp", qis) }}
