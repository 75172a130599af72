-- mondrian_population.sql: the population a Mondrian release is compared with (k-map with the
-- population table, the journalist risk and limits: sqlanon.search.mondrian_population).
-- Inputs:   population (one row per person, the quasi-identifiers' columns); per hierarchy QI
--           dim (leaf, code) and up (lf, cf, lt, ct); work (Mondrian's working table, see
--           mondrian_rows.sql); pw (the population's working table, part rows', each
--           combination in the partition whose region of the cut tree holds it); cand (pid, dim,
--           median, lca, r: in part children, the candidates counted); split (mondrian_split.sql's rows); final, parts (the final
--           partitions' rows and labels, mondrian_partitions.sql).
-- Params:   part ("rows" | "short" | "children" | "root" | "advance" | "classes"), population,
--           qis ({i, column, median, height, dim, up}), work, pw, cand, split, columns (pw's
--           columns after pid), final, parts, null_label (how the gate's classes write NULL).
-- Output:   rows: pid (0), per median QI x<i> (the value as DOUBLE), per hierarchy QI q<i> and
--           c<i>_<l> (codes at levels 0..H-1), n BIGINT: persons per combination (persons whose
--           value of a median QI is not a number are left out: no partition's labels hold them);
--           short: one row, the combinations of the table with more rows than the population has
--           persons (BIGINT), and their rows; children: batch_node (= r), q0 (= pid), q1 (= child),
--           n BIGINT: the persons of the population in each candidate child's labels; root: one
--           row, the persons in the whole table's labels; advance: pw's rows of the partitions
--           cut this round, in their child's region (persons of no child's region are dropped: no
--           label of a later partition holds them); classes: q0.. (the final partitions' labels,
--           as population_classes.sql writes them), n BIGINT.
-- Formula:  F_E of a partition E (k-map: Sweeney 2002; the journalist risk 1/F_E: El Emam
--           2013, ARX) = |{ persons p : lo_i(E) <= p.x_i <= hi_i(E) for every median QI, p's
--           ancestor at E's LCA level is E's LCA for every hierarchy QI }|: the persons matching
--           E's published labels. Every partition's labels lie inside its region of the cut tree
--           (its values and codes are among the region's), so only the persons of the region are
--           tested; regions never overlap, so no person is counted for two partitions.
{% import "_mondrian.sql" as mo %}
{%- set medians = qis|selectattr('median')|list %}
{%- set coded = qis|rejectattr('median')|list %}
{%- macro keys(alias) -%}
{%- for q in qis %}{% if not loop.first %}, {% endif %}{{ alias|ident }}.{{ (('x' if q.median else 'q') ~ q.i)|ident }}{% endfor %}
{%- endmacro %}
{%- if part == "rows" %}
SELECT CAST(0 AS BIGINT) AS "pid"
  {%- for q in qis %}, "p".{{ (('x' if q.median else 'q') ~ q.i)|ident }}{% endfor %}
  {%- for q in coded %}{% for l in range(1, q.height) %}, {{ ('u' ~ q.i ~ '_' ~ l)|ident }}."ct" AS {{ ('c' ~ q.i ~ '_' ~ l)|ident }}{% endfor %}{% endfor %}, "p"."n"
FROM (
  SELECT
  {%- for q in qis %}
    {%- if q.median %} TRY_CAST(CAST("src".{{ q.column|ident }} AS VARCHAR) AS DOUBLE) AS {{ ('x' ~ q.i)|ident }},
    {%- else %} {{ ('d' ~ q.i)|ident }}."code" AS {{ ('q' ~ q.i)|ident }},
    {%- endif %}
  {%- endfor %}
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM {{ population|ident }} AS "src"
  {%- for q in coded %}
  JOIN {{ q.dim|relation }} AS {{ ('d' ~ q.i)|ident }}
    ON COALESCE(CAST("src".{{ q.column|ident }} AS VARCHAR), '') = {{ ('d' ~ q.i)|ident }}."leaf"
  {%- endfor %}
  GROUP BY {% for q in qis %}{{ loop.index }}{% if not loop.last %}, {% endif %}{% endfor %}
) AS "p"
{%- for q in coded %}{% for l in range(1, q.height) %}
JOIN {{ q.up|relation }} AS {{ ('u' ~ q.i ~ '_' ~ l)|ident }} ON {{ ('u' ~ q.i ~ '_' ~ l)|ident }}."lf" = 0
  AND {{ ('u' ~ q.i ~ '_' ~ l)|ident }}."cf" = "p".{{ ('q' ~ q.i)|ident }} AND {{ ('u' ~ q.i ~ '_' ~ l)|ident }}."lt" = {{ l|literal }}
{%- endfor %}{% endfor %}
WHERE TRUE{% for q in medians %} AND "p".{{ ('x' ~ q.i)|ident }} IS NOT NULL{% endfor %}
{%- elif part == "short" %}
WITH "s" AS (
  SELECT {{ keys("w") }}, SUM("w"."n") AS "n" FROM {{ work|ident }} AS "w" GROUP BY {{ keys("w") }}
), "p" AS (
  SELECT {{ keys("w") }}, SUM("w"."n") AS "n" FROM {{ pw|ident }} AS "w" GROUP BY {{ keys("w") }}
)
SELECT CAST(COUNT(*) AS BIGINT) AS "cells", CAST(COALESCE(SUM("s"."n"), 0) AS BIGINT) AS "rows"
FROM "s"
LEFT JOIN "p" ON {% for q in qis %}{% set k = ('x' if q.median else 'q') ~ q.i %}"p".{{ k|ident }} = "s".{{ k|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
WHERE "s"."n" > COALESCE("p"."n", 0)
{%- elif part == "children" %}
WITH "ch" AS (
  SELECT "c"."r", "w"."pid", {{ mo.child("c", qis) }} AS "child"
  {%- for q in qis %}
  {%- if q.median %}, MIN("w".{{ ('x' ~ q.i)|ident }}) AS {{ ('lo' ~ q.i)|ident }}, MAX("w".{{ ('x' ~ q.i)|ident }}) AS {{ ('hi' ~ q.i)|ident }}
  {%- else %}, {{ mo.lca(q) }} AS {{ ('lca' ~ q.i)|ident }}, {{ mo.lca_code(q) }} AS {{ ('lcacode' ~ q.i)|ident }}
  {%- endif %}
  {%- endfor %}
  FROM {{ work|ident }} AS "w"
  JOIN {{ cand|ident }} AS "c" ON "c"."pid" = "w"."pid"
  GROUP BY 1, 2, 3
), "pc" AS (
  SELECT "c"."r", {{ mo.child("c", qis) }} AS "child", "w".*
  FROM {{ pw|ident }} AS "w"
  JOIN {{ cand|ident }} AS "c" ON "c"."pid" = "w"."pid"
)
SELECT "ch"."r" AS "batch_node", "ch"."pid" AS "q0", "ch"."child" AS "q1", CAST(SUM("w"."n") AS BIGINT) AS "n"
FROM "ch"
JOIN "pc" AS "w" ON "w"."r" = "ch"."r" AND "w"."pid" = "ch"."pid" AND "w"."child" = "ch"."child"
WHERE {{ mo.inside("ch", qis) }}
GROUP BY 1, 2, 3
{%- elif part == "root" %}
WITH "st" AS (
  {{ mo.stats(work, qis) }}
)
SELECT CAST(COALESCE(SUM("w"."n"), 0) AS BIGINT) AS "f"
FROM "st"
JOIN {{ pw|ident }} AS "w" ON "w"."pid" = "st"."pid"
WHERE {{ mo.inside("st", qis) }}
{%- elif part == "advance" %}
SELECT "sp"."npid" AS "pid"{% for c in columns %}, "w".{{ c|ident }}{% endfor %}
FROM {{ pw|ident }} AS "w"
JOIN {{ split|ident }} AS "sp" ON "sp"."pid" = "w"."pid" AND "sp"."child" = {{ mo.child("sp", qis) }}
{%- else %}
WITH "st" AS (
  {{ mo.stats(final, qis) }}
)
SELECT
{%- for q in qis %}
  CASE WHEN "p".{{ ('label' ~ q.i)|ident }} = '' THEN {{ null_label|literal }} ELSE "p".{{ ('label' ~ q.i)|ident }} END AS {{ ('q' ~ loop.index0)|ident }},
{%- endfor %}
  CAST(SUM("w"."n") AS BIGINT) AS "n"
FROM "st"
JOIN {{ parts|ident }} AS "p" ON "p"."pid" = "st"."pid"
JOIN {{ pw|ident }} AS "w" ON "w"."pid" = "st"."pid"
WHERE {{ mo.inside("st", qis) }}
GROUP BY {% for q in qis %}{{ loop.index }}{% if not loop.last %}, {% endif %}{% endfor %}
{%- endif %}
