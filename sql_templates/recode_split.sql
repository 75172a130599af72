-- recode_split.sql: the rows of a frequency table, each with whether its class at a node is
-- suppressed (local recoding, sqlanon.release.recoding).
-- Inputs:   source (q0..qk-1 level-0 codes, then the other columns: s..., n), per QI its up
--           (lf, cf, lt, ct); verdicts (q0..qk-1 at the node's levels, ..., bad) of the node
--           over source.
-- Params:   source, columns (source's columns other than q0..qk-1), qis ({up, level}), verdicts.
-- Output:   q0..qk-1 and columns as in source, and "recode_bad" BOOLEAN: the row's class at the
--           node is a bad class of verdicts (suppressed at the node).
-- Formula:  a row's class at the node is (up(q0, level0), ..., up(qk-1, levelk-1)); verdicts
--           holds every class of source at the node (rollup.sql), so the join keeps every row.
SELECT
{%- for q in qis %}
  "f".{{ ('q' ~ loop.index0)|ident }},
{%- endfor %}
{%- for c in columns %}
  "f".{{ c|ident }},
{%- endfor %}
  "v"."bad" AS "recode_bad"
FROM {{ source|ident }} AS "f"
{%- for q in qis %}
JOIN {{ q.up|relation }} AS {{ ('u' ~ loop.index0)|ident }}
  ON {{ ('u' ~ loop.index0)|ident }}."lf" = 0 AND {{ ('u' ~ loop.index0)|ident }}."cf" = "f".{{ ('q' ~ loop.index0)|ident }}
  AND {{ ('u' ~ loop.index0)|ident }}."lt" = {{ q.level|literal }}
{%- endfor %}
JOIN {{ verdicts|ident }} AS "v"
  ON {% for q in qis %}"v".{{ ('q' ~ loop.index0)|ident }} = {{ ('u' ~ loop.index0)|ident }}."ct"{% if not loop.last %} AND {% endif %}{% endfor %}
