-- recode_split.sql: the rows of a frequency table with their class at a node (local
-- recoding, sqlanon.release.recoding: joined with the node's verdicts in a second statement).
-- Inputs:   source (q0..qk-1 level-0 codes, then the other columns: s..., n), per QI its up
--           (lf, cf, lt, ct).
-- Params:   source, columns (source's columns other than q0..qk-1), qis ({up, level}).
-- Output:   q0..qk-1 and columns as in source, and g0..gk-1: the row's codes at the node's levels.
-- Formula:  a row's class at the node is (up(q0, level0), ..., up(qk-1, levelk-1)).
-- Plan:     a statement of its own: in one statement with the join to the verdicts, DuckDB joined
--           the code maps with the verdicts first and multiplied them (6 s on Adult with 7 QIs
--           and t-closeness; two statements take well under 1 s).
WITH
{%- for q in qis %}
{{ ('m' ~ loop.index0)|ident }} AS (
  SELECT "u"."cf", "u"."ct" FROM {{ q.up|relation }} AS "u"
  WHERE "u"."lf" = 0 AND "u"."lt" = {{ q.level|literal }}
),
{%- endfor %}
"g" AS (
  SELECT
  {%- for q in qis %}
    "f".{{ ('q' ~ loop.index0)|ident }},
  {%- endfor %}
  {%- for c in columns %}
    "f".{{ c|ident }},
  {%- endfor %}
  {%- for q in qis %}
    {{ ('m' ~ loop.index0)|ident }}."ct" AS {{ ('g' ~ loop.index0)|ident }}{% if not loop.last %},{% endif %}
  {%- endfor %}
  FROM {{ source|ident }} AS "f"
  {%- for q in qis %}
  JOIN {{ ('m' ~ loop.index0)|ident }} ON {{ ('m' ~ loop.index0)|ident }}."cf" = "f".{{ ('q' ~ loop.index0)|ident }}
  {%- endfor %}
)
SELECT * FROM "g"
