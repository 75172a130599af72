-- publish_partitions.sql: the release of a partition-based (Mondrian) run: each row's
-- quasi-identifiers become its partition's labels, identifier columns are dropped, every other
-- column is unchanged. Every row is published (Mondrian suppresses nothing).
-- Inputs:   source (read once); per hierarchy QI: dim (leaf, code); final (the working-table
--           rows of the final partitions: x<i> / q<i>, pid, ...); parts (pid, label<i>, ...).
-- Params:   source, columns (source order, each {name, qi index or none}), qis ({i, column, dim,
--           median}), final, parts.
-- Output:   the published rows, in the source's column order (publish.stage sorts them).
-- Formula:  a row's partition is a function of its QI values (every cut reads QI values only), so
--           the distinct (QI values or codes, pid) of the final rows map each source row to its
--           partition; a median QI's value is the cell's text cast to DOUBLE, as when encoded.
WITH "pmap" AS (
  SELECT DISTINCT {% for q in qis %}"f".{{ (('x' if q.median else 'q') ~ loop.index0)|ident }}, {% endfor %}"f"."pid" FROM {{ final|ident }} AS "f"
)
SELECT
{%- for c in columns %}
  {% if c.qi is not none %}"p".{{ ('label' ~ c.qi)|ident }}{% else %}"src".{{ c.name|ident }}{% endif %} AS {{ c.name|ident }}{% if not loop.last %},{% endif %}
{%- endfor %}
FROM {{ source|ident }} AS "src"
{%- for q in qis if not q.median %}
JOIN {{ q.dim|relation }} AS {{ ('d' ~ q.i)|ident }}
  ON {{ ('d' ~ q.i)|ident }}."leaf" = COALESCE(CAST("src".{{ q.column|ident }} AS VARCHAR), '')
{%- endfor %}
JOIN "pmap" ON {% for q in qis %}
  {%- if q.median %}"pmap".{{ ('x' ~ q.i)|ident }} = CAST(CAST("src".{{ q.column|ident }} AS VARCHAR) AS DOUBLE)
  {%- else %}"pmap".{{ ('q' ~ q.i)|ident }} = {{ ('d' ~ q.i)|ident }}."code"{% endif %}{% if not loop.last %} AND {% endif %}{% endfor %}
JOIN {{ parts|ident }} AS "p" ON "p"."pid" = "pmap"."pid"
