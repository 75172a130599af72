-- risk.sql: re-identification risk of a table from its equivalence classes' sizes.
-- Inputs:   freq (gate_frequencies.sql's table: q0..qk-1, the sensitive codes, n); for the
--           journalist risk, population (one row per person, the quasi-identifiers' columns)
--           and per quasi-identifier a map (leaf, label) to the table's level, or none.
-- Params:   part ("sizes" | "journalist" | "uncovered"), freq, keys (the class keys q0..);
--           population, qis (its columns, in the keys' order), maps, null_label (how
--           the table's classes write NULL), null_leaf (a hierarchy's leaf for NULL); classes
--           (journalist: instead of population and maps, the population's persons per class at
--           the table's labels, q0.. written as population_classes.sql writes them, n: a
--           Mondrian release's, sqlanon.search.mondrian_population).
-- Output:   sizes: per class size, size BIGINT and classes BIGINT (classes of that size),
--           smallest first (the histogram of the report's class sizes; the prosecutor figures
--           are exact sums over it, risk.measure: N = sum of size * classes, ...).
--           journalist: per (class size |E|, population count F) of the table's classes,
--           size BIGINT, f BIGINT and classes BIGINT, smallest first (the figures are exact
--           sums over it, sqlanon.search.risk.journalist_measure, as the search computes them;
--           a class with F < |E| means the population does not hold the table).
--           uncovered: one row, per mapped quasi-identifier the population rows its map does
--           not cover (u0.., BIGINT).
-- Formula:  prosecutor risk of a record in class E: 1/|E|; highest = 1/min|E|, average =
--           classes / N; marketer risk (expected share re-identified) = classes / N; sample
--           uniques = rows in classes of size 1 / N; journalist risk of a record in E: 1/F_E,
--           F_E the number of persons of the population in E's class (its labels, the
--           population generalized as the table is, as keys: the filter key; '' and NULL are
--           one label, as a CSV file reads them, and no other text is NULL's) (El Emam, Guide to the De-Identification of Personal Health
--           Information, 2013; ARX's risk models). The divisions are made from these exact
--           counts by the caller.
{%- macro norm(expr) -%}
CASE WHEN {{ expr }} = '' THEN {{ null_label|literal }} ELSE {{ expr }} END
{%- endmacro %}
{%- macro popkey(i, q) -%}
{%- if maps[i] -%}
{{ ('"m' ~ i ~ '"."label"')|key }}
{%- else -%}
{{ ('CAST("p".' ~ q|ident ~ ' AS VARCHAR)')|key }}
{%- endif -%}
{%- endmacro %}
{%- macro joins() -%}
{%- for q in qis %}{% if maps[loop.index0] %}
LEFT JOIN {{ maps[loop.index0]|ident }} AS {{ ('m' ~ loop.index0)|ident }}
  ON {{ ('m' ~ loop.index0)|ident }}."leaf" = COALESCE(CAST("p".{{ q|ident }} AS VARCHAR), {{ null_leaf|literal }})
{%- endif %}{% endfor %}
{%- endmacro %}
{%- if part == "sizes" %}
WITH "c" AS (
  SELECT SUM("n") AS "size" FROM {{ freq|ident }}
  {%- if keys %} GROUP BY {{ keys|map('ident')|join(', ') }}{% endif %}
)
SELECT CAST("size" AS BIGINT) AS "size", CAST(COUNT(*) AS BIGINT) AS "classes"
FROM "c"
WHERE "size" > 0
GROUP BY "size"
ORDER BY "size"
{%- elif part == "uncovered" %}
SELECT
{%- for q in qis %}
  CAST(SUM(CASE WHEN {% if maps[loop.index0] %}"m{{ loop.index0 }}"."label" IS NULL{% else %}FALSE{% endif %} THEN 1 ELSE 0 END) AS BIGINT) AS {{ ('u' ~ loop.index0)|ident }}{% if not loop.last %},{% endif %}
{%- endfor %}
FROM {{ population|ident }} AS "p"
{{- joins() }}
{%- else %}
WITH "c" AS (
  SELECT {% for k in keys %}{{ norm(k|ident) }} AS {{ ('k' ~ loop.index0)|ident }}, {% endfor %}SUM("n") AS "size"
  FROM {{ freq|ident }}
  GROUP BY {% for k in keys %}{{ loop.index }}{% if not loop.last %}, {% endif %}{% endfor %}
), "pop" AS (
  {%- if classes %}
  SELECT {% for k in keys %}{{ ('q' ~ loop.index0)|ident }} AS {{ ('k' ~ loop.index0)|ident }}, {% endfor %}"n" AS "f"
  FROM {{ classes|ident }}
  {%- else %}
  SELECT {% for q in qis %}{{ norm(popkey(loop.index0, q)) }} AS {{ ('k' ~ loop.index0)|ident }}, {% endfor %}COUNT(*) AS "f"
  FROM {{ population|ident }} AS "p"
  {{- joins() }}
  GROUP BY {% for q in qis %}{{ loop.index }}{% if not loop.last %}, {% endif %}{% endfor %}
  {%- endif %}
), "j" AS (
  SELECT "c"."size", COALESCE("pop"."f", 0) AS "f"
  FROM "c" LEFT JOIN "pop" ON {% for k in keys %}"pop".{{ ('k' ~ loop.index0)|ident }} = "c".{{ ('k' ~ loop.index0)|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
  WHERE "c"."size" > 0
)
SELECT CAST("size" AS BIGINT) AS "size", CAST("f" AS BIGINT) AS "f", CAST(COUNT(*) AS BIGINT) AS "classes"
FROM "j"
GROUP BY "size", "f"
ORDER BY "size", "f"
{%- endif %}
