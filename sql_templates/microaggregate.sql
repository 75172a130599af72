-- microaggregate.sql: microaggregation of a release: each aggregated quasi-identifier publishes
-- an aggregate of its class's original values instead of its hierarchy label.
-- Inputs:   release (publish.sql's query, with each aggregated QI's original value beside the
--           published columns, under that QI's value name, as text: numbers, checked before).
-- Params:   columns (the published columns in order, {name}), labels (the published QI columns:
--           a class is the rows with equal values in all of them), aggregated ({column, value,
--           function: mean | median | mode | interval}).
-- Output:   the published rows, in the release's column order, each aggregated column replaced:
--           mean, median, mode as DOUBLE, interval as VARCHAR.
-- Formula:  per class C (equal labels of every QI) and aggregated column x with the non-null
--           original values v_1 <= ... <= v_n of C:
--             mean = (v_1 + ... + v_n) / n;  median = v_ceil(n/2) (the lower median);
--             mode = the most frequent value, ties broken by the smallest;
--             interval = '[' || min || ', ' || max || ']' (the values' own text, trimmed);
--           NULL when C has no non-null value.
--           metrics: one row instead, per aggregated column i: sse_i = sum of (x - published)^2,
--           mae_i = mean of |x - published| over the published rows with a value (NULL for
--           interval), n_i = those rows.
-- Citation: Domingo-Ferrer and Mateo-Sanz, Practical data-oriented microaggregation for
--           statistical disclosure control, IEEE TKDE 14(1), 2002; ARX's MicroAggregationFunction
--           (aggregation over the classes of the generalization, "performClustering").
WITH "r" AS (
  {{ release }}
),
"agg" AS (
  SELECT {% for l in labels %}{{ l|ident }}, {% endfor %}
  {%- for a in aggregated %}
    {%- if a.function == "mean" %}
    AVG(CAST({{ a.value|ident }} AS DOUBLE)) AS {{ ('a' ~ loop.index0)|ident }}
    {%- else %}
    COUNT(*) AS {{ ('a' ~ loop.index0)|ident }}
    {%- endif %}{% if not loop.last %},{% endif %}
  {%- endfor %}
  FROM "r"
  GROUP BY {% for l in labels %}{{ l|ident }}{% if not loop.last %}, {% endif %}{% endfor %}
)
{%- for a in aggregated if a.function != "mean" %},
{{ ('s' ~ a.index)|ident }} AS (
  SELECT {% for l in labels %}"o".{{ l|ident }}, {% endfor %}
  {%- if a.function == "interval" -%}
    '[' || MAX(CASE WHEN "o"."lo" = 1 THEN "o"."t" END) || ', ' || MAX(CASE WHEN "o"."hi" = 1 THEN "o"."t" END) || ']' AS "v"
  {%- else %}"o"."v"{% endif %}
  FROM (
  {%- if a.function == "interval" %}
    SELECT {% for l in labels %}{{ l|ident }}, {% endfor %}{{ a.value|ident }} AS "t",
      ROW_NUMBER() OVER (PARTITION BY {% for l in labels %}{{ l|ident }}{% if not loop.last %}, {% endif %}{% endfor %} ORDER BY CAST({{ a.value|ident }} AS DOUBLE), {{ a.value|ident }}) AS "lo",
      ROW_NUMBER() OVER (PARTITION BY {% for l in labels %}{{ l|ident }}{% if not loop.last %}, {% endif %}{% endfor %} ORDER BY CAST({{ a.value|ident }} AS DOUBLE) DESC, {{ a.value|ident }} DESC) AS "hi"
    FROM "r" WHERE {{ a.value|ident }} IS NOT NULL
  ) AS "o"
  WHERE "o"."lo" = 1 OR "o"."hi" = 1
  GROUP BY {% for l in labels %}"o".{{ l|ident }}{% if not loop.last %}, {% endif %}{% endfor %}
  {%- elif a.function == "median" %}
    SELECT {% for l in labels %}{{ l|ident }}, {% endfor %}CAST({{ a.value|ident }} AS DOUBLE) AS "v",
      ROW_NUMBER() OVER (PARTITION BY {% for l in labels %}{{ l|ident }}{% if not loop.last %}, {% endif %}{% endfor %} ORDER BY CAST({{ a.value|ident }} AS DOUBLE)) AS "rn",
      COUNT(*) OVER (PARTITION BY {% for l in labels %}{{ l|ident }}{% if not loop.last %}, {% endif %}{% endfor %}) AS "n"
    FROM "r" WHERE {{ a.value|ident }} IS NOT NULL
  ) AS "o"
  WHERE 2 * "o"."rn" - "o"."n" IN (0, 1)
  {%- else %}
    SELECT {% for l in labels %}{{ l|ident }}, {% endfor %}CAST({{ a.value|ident }} AS DOUBLE) AS "v",
      ROW_NUMBER() OVER (PARTITION BY {% for l in labels %}{{ l|ident }}{% if not loop.last %}, {% endif %}{% endfor %} ORDER BY COUNT(*) DESC, CAST({{ a.value|ident }} AS DOUBLE)) AS "rn"
    FROM "r" WHERE {{ a.value|ident }} IS NOT NULL
    GROUP BY {% for l in labels %}{{ l|ident }}, {% endfor %}CAST({{ a.value|ident }} AS DOUBLE)
  ) AS "o"
  WHERE "o"."rn" = 1
  {%- endif %}
)
{%- endfor %}
{%- if metrics %}
SELECT
{%- for a in aggregated %}
  {%- set pub = ('"s' ~ a.index ~ '"."v"') if a.function != "mean" else ('"agg".' ~ ('a' ~ loop.index0)|ident) %}
  {%- if a.function == "interval" %}
  CAST(NULL AS DOUBLE) AS {{ ('sse' ~ loop.index0)|ident }},
  CAST(NULL AS DOUBLE) AS {{ ('mae' ~ loop.index0)|ident }},
  {%- else %}
  SUM((CAST("r".{{ a.value|ident }} AS DOUBLE) - {{ pub }}) * (CAST("r".{{ a.value|ident }} AS DOUBLE) - {{ pub }})) AS {{ ('sse' ~ loop.index0)|ident }},
  AVG(ABS(CAST("r".{{ a.value|ident }} AS DOUBLE) - {{ pub }})) AS {{ ('mae' ~ loop.index0)|ident }},
  {%- endif %}
  COUNT("r".{{ a.value|ident }}) AS {{ ('n' ~ loop.index0)|ident }}{% if not loop.last %},{% endif %}
{%- endfor %}
{%- else %}
SELECT
{%- for c in columns %}
  {% if c.agg is none %}"r".{{ c.name|ident }}{% elif aggregated[c.agg].function != "mean" %}{{ ('s' ~ aggregated[c.agg].index)|ident }}."v"{% else %}"agg".{{ ('a' ~ c.agg)|ident }}{% endif %} AS {{ c.name|ident }}{% if not loop.last %},{% endif %}
{%- endfor %}
{%- endif %}
FROM "r"
JOIN "agg" ON {% for l in labels %}"agg".{{ l|ident }} = "r".{{ l|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
{%- for a in aggregated if a.function != "mean" %}
LEFT JOIN {{ ('s' ~ a.index)|ident }}
  ON {% for l in labels %}{{ ('s' ~ a.index)|ident }}.{{ l|ident }} = "r".{{ l|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
{%- endfor %}
