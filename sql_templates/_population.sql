-- _population.sql: macros of the population models (k-map with a population table,
-- delta-presence; imported by their check templates, never run on its own).
-- classes(population, keys): the CTE "pc" (keys..., f): the persons of the population in each
--   class of the node, read from population.table (keys..., n). population = {table, codes,
--   null_label}:
--   codes true (the search): table is the population's level-0 codes (q0.., n,
--     population_frequencies.sql) rolled up to the node (or to each node of a batch, the keys
--     led by batch_node) by the same roll-up and code maps as the table's rows (the evaluator's
--     CTE, rollup.sql / rollup_batch.sql);
--   codes false (the gate): table holds the population's classes at the published labels
--     (population_classes.sql: q0.. as normalized keys, n).
-- sample(input, keys, population): the CTE "c" (keys..., nk0.., size): the table's rows per
--   class, nk its keys as the population's are written (codes as they are; labels with '' and
--   NULL one label, as risk.sql's journalist risk compares them); on(keys): "pc" joined to "c".
{% macro classes(population, keys) -%}
"pc" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}"n" AS "f" FROM {{ population.table|ident }}
)
{%- endmacro %}
{% macro sample(input, keys, population) -%}
"c" AS (
  SELECT
  {%- for key in keys %} {{ key|ident }},{% endfor %}
  {%- for key in keys %}
  {%- if population.codes %} {{ key|ident }}{% else %} CASE WHEN {{ key|ident }} = '' THEN {{ population.null_label|literal }} ELSE {{ key|ident }} END{% endif %} AS {{ ('nk' ~ loop.index0)|ident }},
  {%- endfor %}
    SUM("n") AS "size"
  FROM {{ input|ident }}
  GROUP BY {% for key in keys %}{{ loop.index }}{% if not loop.last %}, {% endif %}{% endfor %}
)
{%- endmacro %}
{% macro on(keys) -%}
{% for key in keys %}"pc".{{ key|ident }} = "c".{{ ('nk' ~ loop.index0)|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
{%- endmacro %}
