-- check_k_map.sql: k-map with a population table, one row per equivalence class.
-- Inputs:   input (keys..., n): frequency table of the node; the population's persons as
--           _population.sql reads them (population.table).
-- Params:   keys (QI columns of the node; in a batch led by batch_node), k (integer >= 1),
--           population ({table, codes, null_label}).
-- Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= F_E, the persons of the
--           population in the class; worst = MIN).
-- Formula:  a class E satisfies k-map iff F_E >= k, F_E = |{ persons p of the population :
--           p's quasi-identifiers, generalized to the node's levels, equal E's }|.
-- Citation: Sweeney, "Achieving k-anonymity privacy protection using generalization and
--           suppression" / "k-anonymity: a model for protecting privacy", IJUFKS 10(5), 2002
--           (k-map); El Emam, Dankar, "Protecting privacy using k-anonymity", JAMIA 15(5), 2008.
{% import "_population.sql" as pop %}
WITH {{ pop.classes(population, keys) }},
{{ pop.sample(input, keys, population) }}
SELECT
{%- for key in keys %} "c".{{ key|ident }},{% endfor %}
  CAST("c"."size" AS HUGEINT) AS "size",
  COALESCE("pc"."f", 0) < {{ k|literal }} AS "bad",
  CAST(COALESCE("pc"."f", 0) AS DOUBLE) AS "val"
FROM "c"
LEFT JOIN "pc" ON {{ pop.on(keys) }}
