-- publish_mixed.sql: a release that mixes nodes (local recoding, sqlanon.release.recoding):
-- each published row generalized at its own node's levels, the suppressed rows removed,
-- identifier columns dropped, every other column unchanged.
-- Inputs:   source (read once); per QI: dim (leaf, code), up (lf, cf, lt, ct), labels (lvl, code,
--           label); fate (q0..qk-1 level-0 codes, l0..lk-1 levels): each published level-0
--           combination once, with the levels of the node that publishes it.
-- Params:   columns (source order, each {name, qi index or none}), qis ({column, dim, up,
--           labels}), fate.
-- Output:   the published rows, in the source's column order (publish.stage sorts them).
-- Formula:  row r is published iff its level-0 combination is in fate; a QI cell becomes the
--           label of its value's ancestor at the level fate gives the combination.
WITH
{%- for q in qis %}
{{ ('m' ~ q.index)|ident }} AS (
  SELECT "d"."leaf", "d"."code" FROM {{ q.dim|relation }} AS "d"
),
{{ ('g' ~ q.index)|ident }} AS (
  SELECT "u"."cf", "u"."lt", "l"."label"
  FROM {{ q.up|relation }} AS "u"
  JOIN {{ q.labels|relation }} AS "l" ON "l"."lvl" = "u"."lt" AND "l"."code" = "u"."ct"
  WHERE "u"."lf" = 0
){% if not loop.last %},{% endif %}
{%- endfor %}
SELECT
{%- for c in columns %}
  {% if c.qi is not none %}{{ ('g' ~ c.qi)|ident }}."label"{% else %}"src".{{ c.name|ident }}{% endif %} AS {{ c.name|ident }}{% if not loop.last %},{% endif %}
{%- endfor %}
FROM {{ source|ident }} AS "src"
{%- for q in qis %}
JOIN {{ ('m' ~ q.index)|ident }}
  ON {{ ('m' ~ q.index)|ident }}."leaf" = COALESCE(CAST("src".{{ q.column|ident }} AS VARCHAR), '')
{%- endfor %}
JOIN {{ fate|ident }} AS "fa"
  ON {% for q in qis %}"fa".{{ ('q' ~ q.index)|ident }} = {{ ('m' ~ q.index)|ident }}."code"{% if not loop.last %} AND {% endif %}{% endfor %}
{%- for q in qis %}
JOIN {{ ('g' ~ q.index)|ident }}
  ON {{ ('g' ~ q.index)|ident }}."cf" = {{ ('m' ~ q.index)|ident }}."code" AND {{ ('g' ~ q.index)|ident }}."lt" = "fa".{{ ('l' ~ q.index)|ident }}
{%- endfor %}
