-- rollup_batch.sql: the frequency tables of a batch of lattice nodes in one query.
-- Inputs:   source (q0..qk-1 codes at some levels, s0..sm-1, n): the bottom frequency table
--           or a cached frequency table below every node of the batch.
-- Params:   bound at run time: $nodes (the batch size B) and, per quasi-identifier,
--           $m0..$mk-1: lists of B code maps (element b+1 is node b's map, whose element c+1 is
--           the code at the node's level of code c at the source's level), read from the QI's
--           dimension table `up`.
-- Output:   batch_node (0..B-1), q0..qk-1 (codes at that node's levels), s0..sm-1, n = SUM(n).
--           batch_node is part of every class key, so each node's classes stay apart; every node's
--           rows sum to the whole table, so a distribution over the whole output is the table's.
-- Formula:  as rollup.sql, once per node of the batch: one statement's fixed cost (parse, bind,
--           optimize: ~4 ms of a ~5 ms check on Adult) is paid once per batch, not per node.
SELECT
  "b"."batch_node",
{%- for i in range(qis) %}
  LIST_EXTRACT(LIST_EXTRACT(${{ 'm' ~ i }}, "b"."batch_node" + 1), "src".{{ ('q' ~ i)|ident }} + 1) AS {{ ('q' ~ i)|ident }},
{%- endfor %}
{%- for s in sensitive %}
  "src".{{ s|ident }},
{%- endfor %}
  SUM("src"."n") AS "n"
FROM {{ source|ident }} AS "src"
CROSS JOIN (SELECT CAST("range" AS INTEGER) AS "batch_node" FROM RANGE($nodes)) AS "b"
GROUP BY "b"."batch_node"{% for i in range(qis) %}, LIST_EXTRACT(LIST_EXTRACT(${{ 'm' ~ i }}, "b"."batch_node" + 1), "src".{{ ('q' ~ i)|ident }} + 1){% endfor %}
{%- for s in sensitive %}, "src".{{ s|ident }}{% endfor %}
