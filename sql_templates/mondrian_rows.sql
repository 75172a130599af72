-- mondrian_rows.sql: Mondrian's working table at the start: every row of the bottom frequency
-- table in partition 0 (the whole table), with what the cuts read.
-- Inputs:   source (q0..qk-1 level-0 codes, s..., n); per QI: dim (leaf, code), up (lf, cf, lt, ct).
-- Params:   source, qis ({i, median, height, dim, up}), sensitive (column names).
-- Output:   pid; per QI cut at medians x<i> (its value as DOUBLE; the value identifies the leaf,
--           so no code is kept); per QI cut along its hierarchy q<i> (level-0 code) and c<i>_<l>
--           (the code at level l = 1..H-1); sensitive columns; n.
-- Citation: LeFevre, DeWitt, Ramakrishnan, Mondrian multidimensional k-anonymity (ICDE 2006).
SELECT CAST(0 AS BIGINT) AS "pid"
{%- for q in qis %}, {% if q.median %}CAST({{ ('d' ~ q.i)|ident }}."leaf" AS DOUBLE) AS {{ ('x' ~ q.i)|ident }}{% else %}"f".{{ ('q' ~ q.i)|ident }}{% endif %}{% endfor %}
{%- for q in qis if not q.median %}{% for l in range(1, q.height) %}, {{ ('u' ~ q.i ~ '_' ~ l)|ident }}."ct" AS {{ ('c' ~ q.i ~ '_' ~ l)|ident }}{% endfor %}{% endfor %}
{%- for s in sensitive %}, "f".{{ s|ident }}{% endfor %}, "f"."n"
FROM {{ source|ident }} AS "f"
{%- for q in qis if q.median %}
JOIN {{ q.dim|relation }} AS {{ ('d' ~ q.i)|ident }} ON {{ ('d' ~ q.i)|ident }}."code" = "f".{{ ('q' ~ q.i)|ident }}
{%- endfor %}
{%- for q in qis if not q.median %}{% for l in range(1, q.height) %}
JOIN {{ q.up|relation }} AS {{ ('u' ~ q.i ~ '_' ~ l)|ident }} ON {{ ('u' ~ q.i ~ '_' ~ l)|ident }}."lf" = 0
  AND {{ ('u' ~ q.i ~ '_' ~ l)|ident }}."cf" = "f".{{ ('q' ~ q.i)|ident }} AND {{ ('u' ~ q.i ~ '_' ~ l)|ident }}."lt" = {{ l|literal }}
{%- endfor %}{% endfor %}
