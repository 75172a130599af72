-- publish.sql: the release of one node: generalized QI labels, suppressed classes removed,
-- identifier columns dropped, every other column unchanged.
-- Inputs:   source (read once); per QI: dim (leaf, code), up (lf, cf, lt, ct), labels (lvl, code,
--           label); verdicts (q0..qk-1 at the node's levels, bad) of the node.
-- Params:   columns (source order, each {name, qi index or none}), qis ({column, dim, up, labels,
--           level}), verdicts.
-- Output:   the published rows, in the source's column order.
-- Formula:  row r is published iff its class (gen(r.qi_0), ..., gen(r.qi_k-1)) is not suppressed;
--           a QI cell becomes the label of its value's ancestor at the node's level.
SELECT
{%- for c in columns %}
  {% if c.qi is not none %}{{ ('l' ~ c.qi)|ident }}."label"{% else %}"src".{{ c.name|ident }}{% endif %} AS {{ c.name|ident }}{% if not loop.last %},{% endif %}
{%- endfor %}
FROM {{ source|ident }} AS "src"
{%- for q in qis %}
JOIN {{ q.dim|ident }} AS {{ ('d' ~ loop.index0)|ident }}
  ON {{ ('d' ~ loop.index0)|ident }}."leaf" = COALESCE(CAST("src".{{ q.column|ident }} AS VARCHAR), '')
JOIN {{ q.up|ident }} AS {{ ('u' ~ loop.index0)|ident }}
  ON {{ ('u' ~ loop.index0)|ident }}."lf" = 0 AND {{ ('u' ~ loop.index0)|ident }}."cf" = {{ ('d' ~ loop.index0)|ident }}."code"
  AND {{ ('u' ~ loop.index0)|ident }}."lt" = {{ q.level|literal }}
JOIN {{ q.labels|ident }} AS {{ ('l' ~ loop.index0)|ident }}
  ON {{ ('l' ~ loop.index0)|ident }}."lvl" = {{ q.level|literal }} AND {{ ('l' ~ loop.index0)|ident }}."code" = {{ ('u' ~ loop.index0)|ident }}."ct"
{%- endfor %}
JOIN {{ verdicts|ident }} AS "v"
  ON NOT "v"."bad"
{%- for q in qis %}
  AND "v".{{ ('q' ~ loop.index0)|ident }} = {{ ('u' ~ loop.index0)|ident }}."ct"
{%- endfor %}
