-- _population.sql: macros of the population models (k-map with a population table,
-- delta-presence; imported by their check templates, never run on its own).
-- classes(population, keys, generalization): the CTE "pc" (keys..., f): the persons of the
--   population in each class of the node. population = {table, rollup, null_label}:
--   rollup true (the search): table holds the population's level-0 codes (q0.., n: persons
--     per combination, population_frequencies.sql), generalized to the node's levels by the
--     QIs' dimension tables (generalization: one {table: up (lf, cf, lt, ct), level: the key's
--     level, $l0.. bound per node} per key);
--   rollup false (the gate): table holds the population's classes at the published labels
--     (population_classes.sql: q0.. as normalized keys, n), read as they are.
-- sample(input, keys, population): the CTE "c" (keys..., nk0.., size): the table's rows per
--   class, nk its keys as the population's are written (not rolled up, the gate: '' and NULL
--   one label, as risk.sql's journalist risk compares them); on(keys): "pc" joined to "c".
{% macro classes(population, keys, generalization) -%}
"pc" AS (
{%- if population.rollup %}
  SELECT {% for key in keys %}{{ ('g' ~ loop.index0)|ident }}."ct" AS {{ key|ident }}, {% endfor %}SUM("p"."n") AS "f"
  FROM {{ population.table|ident }} AS "p"
  {%- for g in generalization %}
  JOIN (SELECT "cf", "ct" FROM {{ g.table|relation }} AS "u" WHERE "lf" = 0 AND "lt" = {{ g.level }}) AS {{ ('g' ~ loop.index0)|ident }}
    ON {{ ('g' ~ loop.index0)|ident }}."cf" = "p".{{ keys[loop.index0]|ident }}
  {%- endfor %}
  GROUP BY {% for key in keys %}{{ loop.index }}{% if not loop.last %}, {% endif %}{% endfor %}
{%- else %}
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}"n" AS "f" FROM {{ population.table|ident }}
{%- endif %}
)
{%- endmacro %}
{% macro sample(input, keys, population) -%}
"c" AS (
  SELECT
  {%- for key in keys %} {{ key|ident }},{% endfor %}
  {%- for key in keys %}
  {%- if population.rollup %} {{ key|ident }}{% else %} CASE WHEN {{ key|ident }} = '' THEN {{ population.null_label|literal }} ELSE {{ key|ident }} END{% endif %} AS {{ ('nk' ~ loop.index0)|ident }},
  {%- endfor %}
    SUM("n") AS "size"
  FROM {{ input|ident }}
  GROUP BY {% for key in keys %}{{ loop.index }}{% if not loop.last %}, {% endif %}{% endfor %}
)
{%- endmacro %}
{% macro on(keys) -%}
{% for key in keys %}"pc".{{ key|ident }} = "c".{{ ('nk' ~ loop.index0)|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
{%- endmacro %}
