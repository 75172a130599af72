-- population_frequencies.sql: the population's persons as the search reads them (k-map with
--           a population table, delta-presence: sqlanon.encode.population).
-- Inputs:   population (one row per person, the quasi-identifiers' columns); one dimension
--           table per quasi-identifier (leaf VARCHAR, code INT: level-0 code of each hierarchy
--           leaf, as encode_frequencies.sql reads the source's); for part short, freq (the
--           source's bottom frequency table: q0.., n) and pop (part freq's table).
-- Params:   part ("uncovered" | "freq" | "short"), population, qis ({dim, column}), freq, pop.
-- Output:   uncovered: one row, per quasi-identifier the persons whose value (NULL as '', as
--           the source is read) is no leaf of its hierarchy (u0.., BIGINT); freq: q0..qk-1
--           (level-0 codes), n BIGINT (persons per combination); short: one row, the
--           combinations of the source with more rows than the population has persons
--           (BIGINT), and their rows.
-- Formula:  n(q) = |{ persons p : code(p.qi) = q }|; the table is a sample of the population
--           only if n_source(q) <= n(q) for every level-0 combination q (then for every class
--           at every node, classes being unions of combinations).
{%- if part == "uncovered" %}
SELECT
{%- for q in qis %}
  CAST(SUM(CASE WHEN {{ ('d' ~ loop.index0)|ident }}."leaf" IS NULL THEN 1 ELSE 0 END) AS BIGINT) AS {{ ('u' ~ loop.index0)|ident }}{% if not loop.last %},{% endif %}
{%- endfor %}
FROM {{ population|ident }} AS "src"
{%- for q in qis %}
LEFT JOIN {{ q.dim|relation }} AS {{ ('d' ~ loop.index0)|ident }}
  ON COALESCE(CAST("src".{{ q.column|ident }} AS VARCHAR), '') = {{ ('d' ~ loop.index0)|ident }}."leaf"
{%- endfor %}
{%- elif part == "freq" %}
SELECT
{%- for q in qis %}
  {{ ('d' ~ loop.index0)|ident }}."code" AS {{ ('q' ~ loop.index0)|ident }},
{%- endfor %}
  CAST(COUNT(*) AS BIGINT) AS "n"
FROM {{ population|ident }} AS "src"
{%- for q in qis %}
JOIN {{ q.dim|relation }} AS {{ ('d' ~ loop.index0)|ident }}
  ON COALESCE(CAST("src".{{ q.column|ident }} AS VARCHAR), '') = {{ ('d' ~ loop.index0)|ident }}."leaf"
{%- endfor %}
GROUP BY {% for q in qis %}{{ loop.index }}{% if not loop.last %}, {% endif %}{% endfor %}
{%- else %}
WITH "s" AS (
  SELECT {% for q in qis %}{{ ('q' ~ loop.index0)|ident }}, {% endfor %}SUM("n") AS "n"
  FROM {{ freq|ident }}
  GROUP BY {% for q in qis %}{{ loop.index }}{% if not loop.last %}, {% endif %}{% endfor %}
)
SELECT CAST(COUNT(*) AS BIGINT) AS "cells", CAST(COALESCE(SUM("s"."n"), 0) AS BIGINT) AS "rows"
FROM "s"
LEFT JOIN {{ pop|ident }} AS "p" ON {% for q in qis %}"p".{{ ('q' ~ loop.index0)|ident }} = "s".{{ ('q' ~ loop.index0)|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
WHERE "s"."n" > COALESCE("p"."n", 0)
{%- endif %}
