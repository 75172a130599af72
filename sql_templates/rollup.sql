-- rollup.sql: the frequency table of one lattice node, rolled up from a finer frequency table.
-- Inputs:   source (q0..qk-1 codes at some levels, s0..sm-1, n): the bottom table or a
--           cached, coarser frequency table.
-- Params:   qis: one {"up": table or none} per quasi-identifier (_generalize.sql). Bound at run
--           time, per quasi-identifier: $m<i>, the code map from the source's level to the
--           node's level (list: element c+1 is the generalized code of code c), read from that
--           QI's dimension table `up` (lf, cf, lt, ct); or, for a QI generalized by a join with
--           `up`, $f<i> and $t<i> (the source's and the node's levels). The text is compiled
--           once and reused for every node; no SQL is parsed in the search loop.
-- Output:   q0..qk-1 (codes at the node's levels), s0..sm-1, n = SUM(n) as BIGINT (the
--           evaluator also stores node tables made by this query, as roll-up sources).
-- People:   with people (person: and a sensitive model), c and np are summed as n is
--           (_people_values.sql); with several sensitive columns, holders names each
--           column's c (c, c1, ...), all summed.
-- Formula:  n(node, g, s) = sum of n(source, c, s) over codes c with gen(c) = g (Incognito's
--           roll-up property, LeFevre, DeWitt, Ramakrishnan 2005, section 3.1).
-- Note:     an array lookup replaces the join with `up` in this hot query: measured on Adult
--           (7 QIs, 18k-row frequency table) 2.6 ms per node instead of 9.6 ms with 7 joins;
--           QIs with large domains are joined all the same (see _generalize.sql).
{% import "_generalize.sql" as g %}
SELECT
{%- for q in qis %}
  {{ g.code(loop.index0, q, false) }} AS {{ ('q' ~ loop.index0)|ident }},
{%- endfor %}
{%- for s in sensitive %}
  "src".{{ s|ident }},
{%- endfor %}
  CAST(SUM("src"."n") AS BIGINT) AS "n"
{%- if people|default(false) %},
{%- for h in holders|default(["c"]) %}
  CAST(SUM("src".{{ h|ident }}) AS BIGINT) AS {{ h|ident }},
{%- endfor %}
  CAST(SUM("src"."np") AS BIGINT) AS "np"
{%- endif %}
FROM {{ source|ident }} AS "src"{{ g.joins(qis, false) }}
GROUP BY {% for q in qis %}{{ g.code(loop.index0, q, false) }}{% if not loop.last or sensitive %}, {% endif %}{% endfor %}
{%- for s in sensitive %}"src".{{ s|ident }}{% if not loop.last %}, {% endif %}{% endfor %}
