-- _mondrian.sql: macros shared by the Mondrian templates (imported, never run on its own).
-- Working table columns: pid, x<i> (DOUBLE value of a QI cut at medians), q<i> and c<i>_<l>
-- (codes at level 0 and at levels l = 1..H-1 of a QI cut along its hierarchy), s..., n.
-- child(cut, qis): the child of a row under the cut in the table aliased `cut` (dim, median,
-- lca): a QI cut at its median gives 0 (value <= median) or 1 (value > median); a QI cut along
-- its hierarchy gives the row's code one level below the partition's lowest common ancestor.
-- inside(box, qis): a row "w" (of the working table or the population's) lies in the labels of
-- the partition whose stats (lo/hi, lca/lcacode, as stats() gives them) are aliased `box`.
{% macro child(cut, qis) -%}
CASE {{ cut|ident }}."dim"
{%- for q in qis %} WHEN {{ q.i|literal }} THEN
  {%- if q.median %} CAST("w".{{ ('x' ~ q.i)|ident }} > {{ cut|ident }}."median" AS INTEGER)
  {%- else %} CASE {{ cut|ident }}."lca" WHEN 1 THEN "w".{{ ('q' ~ q.i)|ident }}
    {%- for l in range(2, q.height + 1) %} WHEN {{ l|literal }} THEN "w".{{ ('c' ~ q.i ~ '_' ~ (l - 1))|ident }}{% endfor %} END
  {%- endif %}
{%- endfor %} END
{%- endmacro %}
{% macro lca(q) -%}
CASE WHEN MIN({{ ('q' ~ q.i)|ident }}) = MAX({{ ('q' ~ q.i)|ident }}) THEN 0
  {%- for l in range(1, q.height) %} WHEN MIN({{ ('c' ~ q.i ~ '_' ~ l)|ident }}) = MAX({{ ('c' ~ q.i ~ '_' ~ l)|ident }}) THEN {{ l|literal }}{% endfor %}
  ELSE {{ q.height|literal }} END
{%- endmacro %}
{% macro lca_code(q) -%}
CASE WHEN MIN({{ ('q' ~ q.i)|ident }}) = MAX({{ ('q' ~ q.i)|ident }}) THEN MIN({{ ('q' ~ q.i)|ident }})
  {%- for l in range(1, q.height) %} WHEN MIN({{ ('c' ~ q.i ~ '_' ~ l)|ident }}) = MAX({{ ('c' ~ q.i ~ '_' ~ l)|ident }}) THEN MIN({{ ('c' ~ q.i ~ '_' ~ l)|ident }}){% endfor %}
  ELSE 0 END
{%- endmacro %}
{# stats(work, qis): per partition: size, per median QI lo/hi, per hierarchy QI the LCA level and code #}
{% macro stats(work, qis) -%}
SELECT "pid", SUM("n") AS "size"
  {%- for q in qis %}
  {%- if q.median %}, MIN({{ ('x' ~ q.i)|ident }}) AS {{ ('lo' ~ q.i)|ident }}, MAX({{ ('x' ~ q.i)|ident }}) AS {{ ('hi' ~ q.i)|ident }}
  {%- else %}, {{ lca(q) }} AS {{ ('lca' ~ q.i)|ident }}, {{ lca_code(q) }} AS {{ ('lcacode' ~ q.i)|ident }}
  {%- endif %}
  {%- endfor %}
FROM {{ work|ident }}
GROUP BY "pid"
{%- endmacro %}
{% macro width(q) -%}
{%- if q.median -%}
{%- if q.range > 0 %}("st".{{ ('hi' ~ q.i)|ident }} - "st".{{ ('lo' ~ q.i)|ident }}) / {{ q.range|literal }}{% else %}0.0{% endif %}
{%- else -%}
{%- if q.leaves > 1 %}CAST({{ ('l' ~ q.i)|ident }}."leaves" - 1 AS DOUBLE) / {{ (q.leaves - 1)|literal }}{% else %}0.0{% endif %}
{%- endif -%}
{%- endmacro %}
{# inside(box, qis): a row "w" lies in the labels' box of the partition (or candidate child) whose stats are in `box` (lo/hi per median QI, lca/lcacode per hierarchy QI): between lo and hi by value, under the LCA in the hierarchy #}
{% macro inside(box, qis) -%}
{%- for q in qis %}{% if not loop.first %} AND {% endif %}
  {%- if q.median %}"w".{{ ('x' ~ q.i)|ident }} BETWEEN {{ box|ident }}.{{ ('lo' ~ q.i)|ident }} AND {{ box|ident }}.{{ ('hi' ~ q.i)|ident }}
  {%- else %}(CASE {{ box|ident }}.{{ ('lca' ~ q.i)|ident }} WHEN 0 THEN "w".{{ ('q' ~ q.i)|ident }} = {{ box|ident }}.{{ ('lcacode' ~ q.i)|ident }}
    {%- for l in range(1, q.height) %} WHEN {{ l|literal }} THEN "w".{{ ('c' ~ q.i ~ '_' ~ l)|ident }} = {{ box|ident }}.{{ ('lcacode' ~ q.i)|ident }}{% endfor %} ELSE TRUE END)
  {%- endif %}
{%- endfor %}
{%- if not qis %}TRUE{% endif %}
{%- endmacro %}
