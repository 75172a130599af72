-- recode_fate.sql: each level-0 combination a locally recoded release publishes, with the
-- levels of the node that publishes it (publish_mixed.sql's fate; sqlanon.release.recoding).
-- Inputs:   parts: each a table (q0..qk-1 level-0 codes, ...) of rows published at one node.
-- Params:   parts ({table, levels: the node's level of each QI}), qis (k).
-- Output:   q0..qk-1, l0..lk-1 (INTEGER): one row per published combination.
-- Formula:  the parts are disjoint (a row is published by the first node that keeps it), so a
--           combination has one set of levels.
{%- for p in parts %}
SELECT DISTINCT
{%- for i in range(qis) %}
  {{ ('q' ~ i)|ident }},
{%- endfor %}
{%- for i in range(qis) %}
  CAST({{ p.levels[i]|literal }} AS INTEGER) AS {{ ('l' ~ i)|ident }}{% if not loop.last %},{% endif %}
{%- endfor %}
FROM {{ p.table|ident }}
{%- if not loop.last %}
UNION ALL
{%- endif %}
{%- endfor %}
