-- _generalize.sql: macros that generalize a frequency table's QI codes to a node's levels
-- (imported by the roll-ups, never run on its own).
-- Each quasi-identifier i of ``qis`` (a list of {"up": table or none}) is generalized by one of:
--   a code map bound as a list ($m<i>: element c+1 is the node-level code of source code c; in a
--     batch, $m<i> is a list of such maps and "b"."batch_node" picks one): for small domains;
--   a join with the QI's dimension table ``up`` (lf, cf, lt, ct) on the source's level $f<i>,
--     the source code and the node's level $t<i> (in a batch, $t<i> lists the nodes' levels):
--     for large domains. DuckDB copies a list parameter into every vector it reads, so a list
--     lookup costs in proportion to the list's length: on 1M rows, 0.43 s for an 88k-code zip
--     map against 0.09 s with the join and 0.075 s with no generalization at all; lists of up to
--     4k codes cost about 10 % more than a 100-code list (104 ms against 94 ms).
-- q.kind (optional, default "map") skips the generalization where no node needs one:
--   "same": every node keeps the source's level: the source's code, no map and no param;
--   "top": every node is at the QI's top level: the constant code 0 (grouping by a constant
--     costs little: on 1M rows 21 ms against 18 ms without it and 38 ms with all-zero maps);
--   "map": as above.
-- code(i, q, batch): the generalized code of QI i (read from "src").
-- joins(qis, batch): the JOIN clauses of the QIs generalized by a join (after FROM "src" and,
--   in a batch, the CROSS JOIN that defines "b").
{% macro code(i, q, batch) -%}
{%- if q.kind|default("map") == "same" -%}
"src".{{ ('q' ~ i)|ident }}
{%- elif q.kind|default("map") == "top" -%}
CAST(0 AS INTEGER)
{%- elif q.up -%}
{{ ('u' ~ i)|ident }}."ct"
{%- elif batch -%}
LIST_EXTRACT(LIST_EXTRACT(${{ 'm' ~ i }}, "b"."batch_node" + 1), "src".{{ ('q' ~ i)|ident }} + 1)
{%- else -%}
LIST_EXTRACT(${{ 'm' ~ i }}, "src".{{ ('q' ~ i)|ident }} + 1)
{%- endif -%}
{%- endmacro %}
{% macro joins(qis, batch) -%}
{%- for q in qis %}{% if q.up and q.kind|default("map") == "map" %}
JOIN {{ q.up|relation }} AS {{ ('u' ~ loop.index0)|ident }}
  ON {{ ('u' ~ loop.index0)|ident }}."lf" = ${{ 'f' ~ loop.index0 }}
  AND {{ ('u' ~ loop.index0)|ident }}."cf" = "src".{{ ('q' ~ loop.index0)|ident }}
  AND {{ ('u' ~ loop.index0)|ident }}."lt" = {% if batch %}LIST_EXTRACT(${{ 't' ~ loop.index0 }}, "b"."batch_node" + 1){% else %}${{ 't' ~ loop.index0 }}{% endif %}
{%- endif %}{% endfor %}
{%- endmacro %}
