-- rollup_batch.sql: the frequency tables of a batch of lattice nodes in one query.
-- Inputs:   source (q0..qk-1 codes at some levels, s0..sm-1, n): the bottom frequency table
--           or a cached frequency table below every node of the batch.
-- Params:   qis: one {"up": table or none} per quasi-identifier (_generalize.sql). Bound at
--           run time: $nodes (the batch size B) and, per quasi-identifier, $m<i>: a list of B
--           code maps (element b+1 is node b's map, whose element c+1 is the code at the node's
--           level of code c at the source's level), read from the QI's dimension table `up`; or,
--           for a QI generalized by a join with `up`, $f<i> (the source's level) and $t<i> (the
--           list of the B nodes' levels).
-- Output:   batch_node (0..B-1), q0..qk-1 (codes at that node's levels), s0..sm-1, n = SUM(n).
--           batch_node is part of every class key, so each node's classes stay apart; every node's
--           rows sum to the whole table, so a distribution over the whole output is the table's.
-- People:   with people (person: and a sensitive model), c and np are summed as n is
--           (_people_values.sql); with several sensitive columns, holders names each
--           column's c (c, c1, ...), all summed.
-- Formula:  as rollup.sql, once per node of the batch: one statement's fixed cost (parse, bind,
--           optimize: ~4 ms of a ~5 ms check on Adult) is paid once per batch, not per node.
{% import "_generalize.sql" as g %}
SELECT
  "b"."batch_node",
{%- for q in qis %}
  {{ g.code(loop.index0, q, true) }} AS {{ ('q' ~ loop.index0)|ident }},
{%- endfor %}
{%- for s in sensitive %}
  "src".{{ s|ident }},
{%- endfor %}
  SUM("src"."n") AS "n"
{%- if people|default(false) %},
{%- for h in holders|default(["c"]) %}
  CAST(SUM("src".{{ h|ident }}) AS BIGINT) AS {{ h|ident }},
{%- endfor %}
  CAST(SUM("src"."np") AS BIGINT) AS "np"
{%- endif %}
FROM {{ source|ident }} AS "src"
CROSS JOIN (SELECT CAST("range" AS INTEGER) AS "batch_node" FROM RANGE($nodes)) AS "b"{{ g.joins(qis, true) }}
GROUP BY "b"."batch_node"{% for q in qis %}, {{ g.code(loop.index0, q, true) }}{% endfor %}
{%- for s in sensitive %}, "src".{{ s|ident }}{% endfor %}
