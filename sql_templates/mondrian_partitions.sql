-- mondrian_partitions.sql: the final partitions of a Mondrian run: size, published label and
-- normalized width of every quasi-identifier.
-- Inputs:   final (working-table rows of the final partitions); per QI: values (x, leaf: each
--           value present and how the source writes it) for median QIs, labels (lvl, code,
--           label, leaves) for hierarchy QIs.
-- Params:   final, qis ({i, median, height, values, labels, leaves, range}).
-- Output:   pid, size, label<i> VARCHAR, w<i> DOUBLE (normalized width, as mondrian_candidates.sql).
-- Formula:  median QIs: "[lo-hi]" with the partition's smallest and largest value as the source
--           wrote them (the value itself when lo = hi); hierarchy QIs: the label of the
--           partition's lowest common ancestor (the leaf itself when it holds one value).
--           NCP(P) = sum of the widths; GCP = sum_P |P| NCP(P) / (N x number of QIs).
-- Citation: LeFevre, DeWitt, Ramakrishnan (ICDE 2006); NCP/GCP: Xu et al., Utility-based
--           anonymization using local recoding (KDD 2006); Ghinita et al. (VLDB 2007).
{% import "_mondrian.sql" as mo %}
WITH "st" AS (
  {{ mo.stats(final, qis) }}
)
SELECT "st"."pid", "st"."size"
{%- for q in qis %},
  {%- if q.median %}
  CASE WHEN "st".{{ ('lo' ~ q.i)|ident }} = "st".{{ ('hi' ~ q.i)|ident }} THEN {{ ('dl' ~ q.i)|ident }}."leaf"
    ELSE '[' || {{ ('dl' ~ q.i)|ident }}."leaf" || '-' || {{ ('dh' ~ q.i)|ident }}."leaf" || ']' END AS {{ ('label' ~ q.i)|ident }},
  {%- else %}
  {{ ('l' ~ q.i)|ident }}."label" AS {{ ('label' ~ q.i)|ident }},
  {%- endif %}
  {{ mo.width(q) }} AS {{ ('w' ~ q.i)|ident }}
{%- endfor %}
FROM "st"
{%- for q in qis %}
{%- if q.median %}
JOIN {{ q["values"]|ident }} AS {{ ('dl' ~ q.i)|ident }} ON {{ ('dl' ~ q.i)|ident }}."x" = "st".{{ ('lo' ~ q.i)|ident }}
JOIN {{ q["values"]|ident }} AS {{ ('dh' ~ q.i)|ident }} ON {{ ('dh' ~ q.i)|ident }}."x" = "st".{{ ('hi' ~ q.i)|ident }}
{%- else %}
JOIN {{ q.labels|relation }} AS {{ ('l' ~ q.i)|ident }}
  ON {{ ('l' ~ q.i)|ident }}."lvl" = "st".{{ ('lca' ~ q.i)|ident }} AND {{ ('l' ~ q.i)|ident }}."code" = "st".{{ ('lcacode' ~ q.i)|ident }}
{%- endif %}
{%- endfor %}
