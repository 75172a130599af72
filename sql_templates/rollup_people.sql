-- rollup_people.sql: the classes of people of a lattice node (or of a batch of nodes), when
-- people's quasi-identifiers vary.
-- Inputs:   source (g, q0..qk-1 at level 0): encode_members.sql's table.
-- Params:   qis: one {"up": table or none} per quasi-identifier (_generalize.sql, bound as in
--           rollup.sql / rollup_batch.sql), radix (per QI, its level-0 code count), batch
--           (whether $nodes nodes are rolled up at once, batch_node a part of every key).
-- Output:   [batch_node,] q0 = the class's signature (a sorted array of tuple numbers),
--           q1..qk-1 = 0 (the class key keeps its k columns), n = the class's people (BIGINT);
--           with values (encode_person_values.sql's table: g, s0, n, c, np), one row per
--           (class, value) with n, c and np summed over the class's people (_people_values.sql); with
--           several sensitive columns (sensitive: s0..sm-1, holders: c, c1, ...), one row per
--           (class, combination) with n, every holder and np summed.
--           With rows (encode_members.sql's table with s0..sm-1: multi-attribute l-diversity
--           over people) and weight: one row per distinct (class, person g, the row's tuple
--           number t at the node, the row's codes s0..sm-1), w = weight (people_subblocks.sql's
--           input), the classes' keys as above.
-- Formula:  a person's generalized quasi-identifier is the set of their tuples generalized to
--           the node's levels (equal tuples merge); a class is the people whose sets are equal
--           (Nergiz, Clifton, Nergiz, Multirelational k-anonymity, IEEE TKDE 2009, section 3;
--           as Google Sensitive Data Protection treats an entity whose rows differ). Since
--           generalization maps equal sets to equal sets, classes only merge up the lattice.
{% import "_generalize.sql" as g %}
{% import "_people.sql" as people %}
WITH "gen" AS (
  SELECT DISTINCT
  {%- if batch %}
    "b"."batch_node",
  {%- endif %}
    "src"."g"
  {%- for q in qis %},
    {{ g.code(loop.index0, q, batch) }} AS {{ ('q' ~ loop.index0)|ident }}
  {%- endfor %}
  FROM {{ source|ident }} AS "src"
  {%- if batch %}
  CROSS JOIN (SELECT CAST("range" AS INTEGER) AS "batch_node" FROM RANGE($nodes)) AS "b"
  {%- endif %}{{ g.joins(qis, batch) }}
), "sig" AS (
  SELECT {% if batch %}"gen"."batch_node", {% endif %}"gen"."g", {{ people.signature(people.tuple_id("gen", radix)) }} AS "sig"
  FROM "gen"
  GROUP BY {% if batch %}"gen"."batch_node", {% endif %}"gen"."g"
)
{%- if rows|default(none) %}
, "rgen" AS (
  SELECT DISTINCT
  {%- if batch %}
    "b"."batch_node",
  {%- endif %}
    "src"."g"
  {%- for q in qis %},
    {{ g.code(loop.index0, q, batch) }} AS {{ ('q' ~ loop.index0)|ident }}
  {%- endfor %}
  {%- for s in sensitive %},
    "src".{{ s|ident }}
  {%- endfor %}
  FROM {{ rows|ident }} AS "src"
  {%- if batch %}
  CROSS JOIN (SELECT CAST("range" AS INTEGER) AS "batch_node" FROM RANGE($nodes)) AS "b"
  {%- endif %}{{ g.joins(qis, batch) }}
)
SELECT DISTINCT
{%- if batch %}
  "sig"."batch_node",
{%- endif %}
  "sig"."sig" AS "q0",
{%- for q in qis[1:] %}
  CAST(0 AS INTEGER) AS {{ ('q' ~ loop.index)|ident }},
{%- endfor %}
  "rgen"."g",
  {{ people.tuple_id("rgen", radix) }} AS "t",
{%- for s in sensitive %}
  "rgen".{{ s|ident }},
{%- endfor %}
  CAST({{ weight|literal }} AS BIGINT) AS "w"
FROM "rgen"
JOIN "sig" ON "sig"."g" = "rgen"."g"{% if batch %} AND "sig"."batch_node" = "rgen"."batch_node"{% endif %}
{%- else %}
SELECT
{%- if batch %}
  "sig"."batch_node",
{%- endif %}
  "sig"."sig" AS "q0",
{%- for q in qis[1:] %}
  CAST(0 AS INTEGER) AS {{ ('q' ~ loop.index)|ident }},
{%- endfor %}
{%- if values|default(none) %}
{%- for s in sensitive|default(["s0"]) %}
  "v".{{ s|ident }},
{%- endfor %}
  CAST(SUM("v"."n") AS BIGINT) AS "n",
{%- for h in holders|default(["c"]) %}
  CAST(SUM("v".{{ h|ident }}) AS BIGINT) AS {{ h|ident }},
{%- endfor %}
  CAST(SUM("v"."np") AS BIGINT) AS "np"
FROM "sig"
JOIN {{ values|ident }} AS "v" ON "v"."g" = "sig"."g"
GROUP BY {% if batch %}"sig"."batch_node", {% endif %}"sig"."sig"{% for s in sensitive|default(["s0"]) %}, "v".{{ s|ident }}{% endfor %}
{%- else %}
  CAST(COUNT(*) AS BIGINT) AS "n"
FROM "sig"
GROUP BY {% if batch %}"sig"."batch_node", {% endif %}"sig"."sig"
{%- endif %}
{%- endif %}
