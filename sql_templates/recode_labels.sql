-- recode_labels.sql: the rows a node publishes from a frequency table, keyed by their published
-- labels (local recoding: the classes of a release that mixes nodes, sqlanon.release.recoding).
-- Inputs:   parts: each a table (q0..qk-1 level-0 codes, s..., n) of rows published at one node;
--           per QI its up (lf, cf, lt, ct) and labels (lvl, code, label).
-- Params:   parts ({table, levels: the node's level of each QI}), qis ({up, labels}),
--           sensitive (the sensitive code columns kept: s0, ...).
-- Output:   q0..qk-1 (VARCHAR: each QI's published label), s..., n = SUM(n) per combination.
-- Formula:  a published class is the rows whose labels are equal, whatever node published
--           them (the gate groups the published table so); a row's label for QI i is the label
--           of its level-0 code's ancestor at its node's level.
SELECT
{%- for q in qis %}
  {{ ('q' ~ loop.index0)|ident }},
{%- endfor %}
{%- for s in sensitive %}
  {{ s|ident }},
{%- endfor %}
  CAST(SUM("n") AS BIGINT) AS "n"
FROM (
{%- for p in parts %}
  {%- set outer = loop %}
  SELECT
  {%- for q in qis %}
    {{ ('l' ~ loop.index0)|ident }}."label" AS {{ ('q' ~ loop.index0)|ident }},
  {%- endfor %}
  {%- for s in sensitive %}
    "f".{{ s|ident }},
  {%- endfor %}
    "f"."n"
  FROM {{ p.table|ident }} AS "f"
  {%- for q in qis %}
  JOIN {{ q.up|relation }} AS {{ ('u' ~ loop.index0)|ident }}
    ON {{ ('u' ~ loop.index0)|ident }}."lf" = 0 AND {{ ('u' ~ loop.index0)|ident }}."cf" = "f".{{ ('q' ~ loop.index0)|ident }}
    AND {{ ('u' ~ loop.index0)|ident }}."lt" = {{ p.levels[loop.index0]|literal }}
  JOIN {{ q.labels|relation }} AS {{ ('l' ~ loop.index0)|ident }}
    ON {{ ('l' ~ loop.index0)|ident }}."lvl" = {{ p.levels[loop.index0]|literal }} AND {{ ('l' ~ loop.index0)|ident }}."code" = {{ ('u' ~ loop.index0)|ident }}."ct"
  {%- endfor %}
  {%- if not outer.last %}
  UNION ALL
  {%- endif %}
{%- endfor %}
) AS "p"
GROUP BY {% for q in qis %}{{ ('q' ~ loop.index0)|ident }}{% if not loop.last or sensitive %}, {% endif %}{% endfor %}{% for s in sensitive %}{{ s|ident }}{% if not loop.last %}, {% endif %}{% endfor %}
