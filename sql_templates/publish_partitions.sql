-- publish_partitions.sql: the release of a partition-based (Mondrian) run: each row's
-- quasi-identifiers become its partition's labels, identifier columns are dropped, every other
-- column is unchanged. Every row is published (Mondrian suppresses nothing).
-- Inputs:   source (read once); per QI: dim (leaf, code); final (q0..qk-1, pid, ...: the
--           working-table rows of the final partitions); parts (pid, label<i>, ...).
-- Params:   source, columns (source order, each {name, qi index or none}), qis ({column, dim}),
--           final, parts.
-- Output:   the published rows, in the source's column order.
-- Formula:  a row's partition is a function of its QI codes (every cut reads QI values only), so
--           the distinct (q0..qk-1, pid) of the final rows map each source row to its partition.
WITH "pmap" AS (
  SELECT DISTINCT {% for q in qis %}"f".{{ ('q' ~ loop.index0)|ident }}, {% endfor %}"f"."pid" FROM {{ final|ident }} AS "f"
)
SELECT
{%- for c in columns %}
  {% if c.qi is not none %}"p".{{ ('label' ~ c.qi)|ident }}{% else %}"src".{{ c.name|ident }}{% endif %} AS {{ c.name|ident }}{% if not loop.last %},{% endif %}
{%- endfor %}
FROM {{ source|ident }} AS "src"
{%- for q in qis %}
JOIN {{ q.dim|ident }} AS {{ ('d' ~ loop.index0)|ident }}
  ON {{ ('d' ~ loop.index0)|ident }}."leaf" = COALESCE(CAST("src".{{ q.column|ident }} AS VARCHAR), '')
{%- endfor %}
JOIN "pmap" ON {% for q in qis %}"pmap".{{ ('q' ~ loop.index0)|ident }} = {{ ('d' ~ loop.index0)|ident }}."code"{% if not loop.last %} AND {% endif %}{% endfor %}
JOIN {{ parts|ident }} AS "p" ON "p"."pid" = "pmap"."pid"
