-- check_delta_presence.sql: delta-presence, one row per equivalence class of the table.
-- Inputs:   input (keys..., n): frequency table of the node; the population's persons as
--           _population.sql reads them (population.table).
-- Params:   keys (QI columns of the node; in a batch led by batch_node, each node's classes
--           then decided apart), dmin_num / dmin_den, dmax_num / dmax_den (delta_min and
--           delta_max as exact fractions), population ({table, codes, null_label}).
-- Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= delta_E = |E| / F_E, the share
--           of the class's persons in the table; worst = MAX), for the classes of the table.
-- Formula:  every class E of the population at the node (with or without rows of the table)
--           has delta_min <= |E| / F_E <= delta_max (exact: |E| dmin_den >= dmin_num F_E and
--           |E| dmax_den <= dmax_num F_E; a class of the table the population does not hold,
--           F_E = 0, fails). A class of the population without rows of the table has delta 0:
--           with delta_min > 0 it fails, and removing rows cannot repair it (nor any class:
--           removing a class's rows leaves it at delta 0), so then every class of the table is
--           bad (the node fails whatever the suppression limit).
-- Citation: Nergiz, Atzori, Clifton, "Hiding the presence of individuals from shared
--           databases", SIGMOD 2007, Definition 4 (delta-presence).
{% import "_population.sql" as pop %}
WITH {{ pop.classes(population, keys) }},
{{ pop.sample(input, keys, population) }},
"j" AS (
  SELECT
  {%- for key in keys %} COALESCE("c".{{ key|ident }}, "pc".{{ key|ident }}) AS {{ key|ident }},{% endfor %}
    COALESCE("c"."size", 0) AS "size",
    COALESCE("pc"."f", 0) AS "f",
    NOT (COALESCE("c"."size", 0) * {{ dmin_den|literal }} >= {{ dmin_num|literal }} * COALESCE("pc"."f", 0)
         AND COALESCE("c"."size", 0) * {{ dmax_den|literal }} <= {{ dmax_num|literal }} * COALESCE("pc"."f", 0)) AS "bad"
  FROM "pc"
  FULL OUTER JOIN "c" ON {{ pop.on(keys) }}
), "w" AS (
  SELECT *, MAX(CASE WHEN "bad" THEN 1 ELSE 0 END) OVER ({% if "batch_node" in keys %}PARTITION BY "batch_node"{% endif %}) AS "any_bad" FROM "j"
)
SELECT
{%- for key in keys %} {{ key|ident }},{% endfor %}
  CAST("size" AS HUGEINT) AS "size",
  "bad" OR ({{ dmin_num|literal }} > 0 AND "any_bad" = 1) AS "bad",
  CASE WHEN "f" > 0 THEN CAST("size" AS DOUBLE) / "f" END AS "val"
FROM "w"
WHERE "size" > 0
