-- mondrian_candidates.sql: the allowable-cut candidates of every active partition, in Mondrian's
-- order: one statement per round for all partitions (level-synchronous).
-- Inputs:   work (the working table, see mondrian_rows.sql); per QI cut along its hierarchy:
--           labels (lvl, code, label, leaves).
-- Params:   work, min_size (partitions with fewer rows have no allowable cut: 2 x the largest
--           k that a criterion requires of every class, else 2), expand (true: medians by QUANTILE_DISC over the rows expanded by their counts,
--           for tables with few repeated rows; false: by a cumulative-count window), qis ({i,
--           median, height, labels, leaves: leaves of the whole hierarchy,
--           range: the whole table's max - min for median QIs}).
-- Output:   pid, dim (QI index), median (DOUBLE, median QIs), lca (level of the partition's
--           lowest common ancestor, hierarchy QIs), r (1 = first choice).
-- Formula:  normalized width: median QIs (max_P - min_P) / (max_T - min_T) (0 when the table's
--           range is 0); hierarchy QIs (leaves(LCA_P) - 1) / (leaves - 1), LCA_P the lowest level
--           whose codes agree over P. Candidates: width > 0, ranked by width rounded to 12
--           decimal places descending (widths equal in decimal arithmetic tie although their
--           doubles differ in the last bit), then QI order. A median QI's split value is the lower median (the value at 0-based
--           position (|P| - 1) div 2 of P's sorted values, counts included); it is no candidate
--           when that value is P's maximum (nothing would go right).
-- Citation: LeFevre, DeWitt, Ramakrishnan, Mondrian multidimensional k-anonymity (ICDE 2006),
--           section 4 (strict partitioning, median cuts, widest normalized range first).
{% import "_mondrian.sql" as mo %}
WITH "st" AS (
  {{ mo.stats(work, qis) }}
{%- set medians = qis|selectattr('median')|list %}

{%- if medians and expand %}
), "med" AS (
  -- lower median = QUANTILE_DISC(x, 0.5) (the value at 0-based position (N - 1) div 2) over
  -- the rows expanded by their counts: no sort, a selection per group
  SELECT "e"."pid", "d"."dim",
    CASE "d"."dim"{% for q in medians %} WHEN {{ q.i|literal }} THEN "e".{{ ('m' ~ q.i)|ident }}{% endfor %} END AS "median"
  FROM (
    SELECT "pid"{% for q in medians %}, QUANTILE_DISC({{ ('x' ~ q.i)|ident }}, 0.5) AS {{ ('m' ~ q.i)|ident }}{% endfor %}
    FROM (
      SELECT "pid"{% for q in medians %}, {{ ('x' ~ q.i)|ident }}{% endfor %} FROM {{ work|ident }} WHERE "n" = 1
      UNION ALL
      SELECT "pid"{% for q in medians %}, {{ ('x' ~ q.i)|ident }}{% endfor %}
      FROM (SELECT "pid"{% for q in medians %}, {{ ('x' ~ q.i)|ident }}{% endfor %}, UNNEST(RANGE("n")) AS "copy" FROM {{ work|ident }} WHERE "n" > 1) AS "r"
    ) AS "x"
    GROUP BY "pid"
  ) AS "e"
  CROSS JOIN (VALUES {% for q in medians %}({{ q.i|literal }}){% if not loop.last %}, {% endif %}{% endfor %}) AS "d"("dim")
{%- elif medians %}
), "vals" AS (
  -- weighted lower median: the first value whose cumulative count reaches (N - 1) div 2 + 1
  {%- for q in medians %}
  SELECT "pid", {{ q.i|literal }} AS "dim", {{ ('x' ~ q.i)|ident }} AS "x", SUM("n") AS "n"
  FROM {{ work|ident }} GROUP BY "pid", {{ ('x' ~ q.i)|ident }}
  {%- if not loop.last %}
  UNION ALL
  {%- endif %}
  {%- endfor %}
), "cum" AS (
  SELECT "pid", "dim", "x",
    SUM("n") OVER (PARTITION BY "pid", "dim" ORDER BY "x" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS "c"
  FROM "vals"
), "med" AS (
  SELECT "cum"."pid", "cum"."dim", MIN("cum"."x") AS "median"
  FROM "cum" JOIN "st" ON "st"."pid" = "cum"."pid"
  WHERE "cum"."c" >= ("st"."size" - 1) // 2 + 1
  GROUP BY "cum"."pid", "cum"."dim"
{%- endif %}
), "dims" AS (
  {%- for q in qis %}
  SELECT "st"."pid", {{ q.i|literal }} AS "dim", {{ mo.width(q) }} AS "width",
  {%- if q.median %}
    "med"."median" AS "median", CAST(NULL AS INTEGER) AS "lca", "med"."median" < "st".{{ ('hi' ~ q.i)|ident }} AS "cuttable"
  FROM "st" JOIN "med" ON "med"."pid" = "st"."pid" AND "med"."dim" = {{ q.i|literal }}
  WHERE "st"."size" >= {{ min_size|literal }}
  {%- else %}
    CAST(NULL AS DOUBLE) AS "median", "st".{{ ('lca' ~ q.i)|ident }} AS "lca", TRUE AS "cuttable"
  FROM "st" JOIN {{ q.labels|relation }} AS {{ ('l' ~ q.i)|ident }}
    ON {{ ('l' ~ q.i)|ident }}."lvl" = "st".{{ ('lca' ~ q.i)|ident }} AND {{ ('l' ~ q.i)|ident }}."code" = "st".{{ ('lcacode' ~ q.i)|ident }}
  WHERE "st"."size" >= {{ min_size|literal }}
  {%- endif %}
  {%- if not loop.last %}
  UNION ALL
  {%- endif %}
  {%- endfor %}
)
SELECT "pid", "dim", "median", "lca",
  -- widths equal to 12 decimal places tie (0.75 and 0.7500000000000001 from one-decimal data)
  ROW_NUMBER() OVER (PARTITION BY "pid" ORDER BY ROUND("width", 12) DESC, "dim") AS "r"
FROM "dims"
WHERE "width" > 0 AND "cuttable"
