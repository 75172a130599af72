-- metrics.sql: class-based utility aggregates of one node's release.
-- Inputs:   verdicts (q0..qk-1, size, bad): the node's classes; bad classes are suppressed.
--           labels_i (lvl, code, label, leaves): QI i's dimension table (leaves below each node).
-- Params:   labels (one table per QI); bound at run time: $verdicts (the verdicts table's
--           name) and $lv0..$lvk-1 (the node's levels), so the text is rendered once per run.
-- Output:   classes (released), kept_rows, sum_sq = sum |E|^2 over released classes (HUGEINT),
--           loss_i = sum over released classes of |E| * (leaves(label_i(E)) - 1), one per QI.
-- Formula:  discernibility = sum_E |E|^2 + |S| N (Bayardo & Agrawal 2005);
--           loss = mean over cells of (leaves(g) - 1) / (|D| - 1), a suppressed cell counts 1
--           (Iyengar 2002). The Python side combines these with |S| and N.
SELECT
  COUNT(*) AS "classes",
  COALESCE(SUM("v"."size"), 0) AS "kept_rows",
  COALESCE(SUM(CAST("v"."size" AS HUGEINT) * CAST("v"."size" AS HUGEINT)), 0) AS "sum_sq"
{%- for table in labels %},
  COALESCE(SUM(CAST("v"."size" AS HUGEINT) * ({{ ('l' ~ loop.index0)|ident }}."leaves" - 1)), 0) AS {{ ('loss' ~ loop.index0)|ident }}
{%- endfor %}
FROM QUERY_TABLE($verdicts) AS "v"
{%- for table in labels %}
JOIN {{ table|relation }} AS {{ ('l' ~ loop.index0)|ident }}
  ON {{ ('l' ~ loop.index0)|ident }}."lvl" = ${{ 'lv' ~ loop.index0 }}
  AND {{ ('l' ~ loop.index0)|ident }}."code" = "v".{{ ('q' ~ loop.index0)|ident }}
{%- endfor %}
WHERE NOT "v"."bad"
