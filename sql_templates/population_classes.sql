-- population_classes.sql: the population's persons per class of a published table (the gate's
--           k-map with a population table and delta-presence: _population.sql, rollup false).
-- Inputs:   population (one row per person, the quasi-identifiers' columns) and per
--           quasi-identifier a map (leaf, label) to the table's level (gate.risk.population_maps),
--           or none (the column compared as it is).
-- Params:   population, qis (its columns, in the keys' order), maps, null_label (how the table's
--           classes write NULL), null_leaf (a hierarchy's leaf for NULL).
-- Output:   q0..qk-1 (the labels as the gate's frequency table writes them, '' and NULL one
--           label: as risk.sql's journalist risk compares them), n BIGINT: persons per class.
-- Formula:  n(E) = |{ persons p : map_i(p.qi_i) = E_i for every quasi-identifier i }| (F_E of
--           k-map, Sweeney 2002, and of delta-presence, Nergiz, Atzori, Clifton, SIGMOD 2007).
{%- macro norm(expr) -%}
CASE WHEN {{ expr }} = '' THEN {{ null_label|literal }} ELSE {{ expr }} END
{%- endmacro %}
SELECT
{%- for q in qis %}
  {% if maps[loop.index0] %}{{ norm(('"m' ~ loop.index0 ~ '"."label"')|key) }}{% else %}{{ norm(('CAST("p".' ~ q|ident ~ ' AS VARCHAR)')|key) }}{% endif %} AS {{ ('q' ~ loop.index0)|ident }},
{%- endfor %}
  CAST(COUNT(*) AS BIGINT) AS "n"
FROM {{ population|ident }} AS "p"
{%- for q in qis %}{% if maps[loop.index0] %}
JOIN {{ maps[loop.index0]|ident }} AS {{ ('m' ~ loop.index0)|ident }}
  ON {{ ('m' ~ loop.index0)|ident }}."leaf" = COALESCE(CAST("p".{{ q|ident }} AS VARCHAR), {{ null_leaf|literal }})
{%- endif %}{% endfor %}
GROUP BY {% for q in qis %}{{ loop.index }}{% if not loop.last %}, {% endif %}{% endfor %}
