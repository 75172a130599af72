-- gate_people.sql: the classes of people of a published table whose people's quasi-identifier
-- labels vary (computed from scratch, as gate_frequencies.sql does for the other tables).
-- Inputs:   published (the table to gate, with its person columns); tuples (part "tuples").
-- Params:   qis (published QI columns, compared as published: text keys, NULL apart from every
--           value: sqlanon/sql/labels.py), person (the person columns), part: "tuples" |
--           "classes" | "members", tuples (parts classes and members: the relation part "tuples"
--           made); with a sensitive-value model, sensitive ({column, table: its dictionary}) and
--           either weight (person_value_counts.sql's least common multiple, a number) or
--           weight_table (a relation of one row whose column w holds it: compile's
--           standalone_weight.sql, which computes it in SQL), else none.
--           With several sensitive columns, several ({column, table} each) and holders (each
--           column's c: c, c1, ...) instead of sensitive, the weight a common multiple of every
--           person's product of their numbers of distinct values: part classes then gives
--           s0..sm-1, n, the holders and np (_people_values.sql combos and sums).
--           Part rows (multi-attribute l-diversity over people; several, weight or weight_table; tuples or,
--           with constant quasi-identifiers, none): q0..qk-1 (the class key of part classes,
--           or the labels), t (the row's tuple number; 0 with constant quasi-identifiers), g
--           (the person's number), s0..sm-1 (the row's codes), w = weight: one row per distinct
--           such row (people_subblocks.sql's input).
-- Output:   part tuples: t BIGINT (1, 2, ...), q0..qk-1: each distinct label tuple and its
--           number; part classes: q0 = a class's signature (the sorted array of its people's
--           tuple numbers), q1..qk-1 = '' (the class key keeps its k columns), n = the class's
--           people (BIGINT); with sensitive, one row per (class, value): s0 (its code), n, c, np
--           (_people_values.sql's, summed over the class's people); part members: sig (a
--           class's signature), t, q0..qk-1: each tuple of each class (what a class's
--           signature stands for, to list it by its labels).
-- Formula:  a person's quasi-identifier is the set of their rows' label tuples; a class is the
--           people whose sets are equal (Nergiz, Clifton, Nergiz, Multirelational k-anonymity,
--           IEEE TKDE 2009, section 3).
{% import "_people.sql" as people %}
{% import "_people_values.sql" as pvs %}
{% macro sets() -%}
"pt" AS (
  SELECT DISTINCT
  {%- for q in qis %}
    {{ ('CAST("p".' ~ q|ident ~ ' AS VARCHAR)')|key }} AS {{ ('q' ~ loop.index0)|ident }},
  {%- endfor %}
  {%- for p in person %}
    "p".{{ p|ident }} AS {{ ('p' ~ loop.index0)|ident }}{% if not loop.last %},{% endif %}
  {%- endfor %}
  FROM {{ published|ident }} AS "p"
), "ps" AS (
  SELECT {% for p in person %}"pt".{{ ('p' ~ loop.index0)|ident }}, {% endfor %}{{ people.signature('"t"."t"') }} AS "sig"
  FROM "pt"
  JOIN {{ tuples|ident }} AS "t"
    ON {% for q in qis %}"t".{{ ('q' ~ loop.index0)|ident }} = "pt".{{ ('q' ~ loop.index0)|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
  GROUP BY {% for p in person %}"pt".{{ ('p' ~ loop.index0)|ident }}{% if not loop.last %}, {% endif %}{% endfor %}
)
{%- endmacro %}
{% if part == "tuples" -%}
SELECT
  CAST(DENSE_RANK() OVER (ORDER BY {% for q in qis %}"d".{{ ('q' ~ loop.index0)|ident }}{% if not loop.last %}, {% endif %}{% endfor %}) AS BIGINT) AS "t"
{%- for q in qis %},
  "d".{{ ('q' ~ loop.index0)|ident }}
{%- endfor %}
FROM (
  SELECT DISTINCT
  {%- for q in qis %}
    {{ ('CAST("p".' ~ q|ident ~ ' AS VARCHAR)')|key }} AS {{ ('q' ~ loop.index0)|ident }}{% if not loop.last %},{% endif %}
  {%- endfor %}
  FROM {{ published|ident }} AS "p"
) AS "d"
{%- elif part == "rows" -%}
{#- multi-attribute l-diversity over people: each class's people and their rows -#}
{%- if tuples %}
WITH {{ sets() }}
{%- endif %}
SELECT DISTINCT
{%- if tuples %}
  "ps"."sig" AS "q0",
{%- for q in qis[1:] %}
  CAST('' AS VARCHAR) AS {{ ('q' ~ loop.index)|ident }},
{%- endfor %}
  "t"."t",
{%- else %}
{%- for q in qis %}
  {{ ('CAST("p".' ~ q|ident ~ ' AS VARCHAR)')|key }} AS {{ ('q' ~ loop.index0)|ident }},
{%- endfor %}
  CAST(0 AS BIGINT) AS "t",
{%- endif %}
  CAST(DENSE_RANK() OVER (ORDER BY {% for p in person %}"p".{{ p|ident }}{% if not loop.last %}, {% endif %}{% endfor %}) AS BIGINT) AS "g",
{%- for sv in several %}
  {{ ('e' ~ loop.index0)|ident }}."code" AS {{ ('s' ~ loop.index0)|ident }},
{%- endfor %}
  {% if weight_table|default(none) %}CAST("w"."w" AS BIGINT){% else %}CAST({{ weight|literal }} AS BIGINT){% endif %} AS "w"
FROM {{ published|ident }} AS "p"
{%- if weight_table|default(none) %}
CROSS JOIN {{ weight_table|ident }} AS "w"
{%- endif %}
{%- if tuples %}
JOIN "ps" ON {% for p in person %}"ps".{{ ('p' ~ loop.index0)|ident }} = "p".{{ p|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
JOIN {{ tuples|ident }} AS "t"
  ON {% for q in qis %}"t".{{ ('q' ~ loop.index0)|ident }} = {{ ('CAST("p".' ~ q|ident ~ ' AS VARCHAR)')|key }}{% if not loop.last %} AND {% endif %}{% endfor %}
{%- endif %}
{%- for sv in several %}
JOIN {{ sv.table|ident }} AS {{ ('e' ~ loop.index0)|ident }}
  ON {{ ('CAST("p".' ~ sv.column|ident ~ ' AS VARCHAR)')|key }} = {{ ('e' ~ loop.index0)|ident }}."value"
{%- endfor %}
{%- elif part == "members" -%}
WITH {{ sets() }}
SELECT DISTINCT
  "ps"."sig" AS "sig",
  "t"."t"
{%- for q in qis %},
  "t".{{ ('q' ~ loop.index0)|ident }}
{%- endfor %}
FROM "ps"
JOIN "pt" ON {% for p in person %}"pt".{{ ('p' ~ loop.index0)|ident }} = "ps".{{ ('p' ~ loop.index0)|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
JOIN {{ tuples|ident }} AS "t"
  ON {% for q in qis %}"t".{{ ('q' ~ loop.index0)|ident }} = "pt".{{ ('q' ~ loop.index0)|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
{%- else -%}
WITH {{ sets() }}
{%- if several|default(none) %}
{%- for sv in several %},
{{ ('pv' ~ loop.index0)|ident }} AS (
  SELECT DISTINCT
  {%- for p in person %}
    "p".{{ p|ident }} AS {{ ('p' ~ loop.index0)|ident }},
  {%- endfor %}
    "e"."code" AS "s"
  FROM {{ published|ident }} AS "p"
  JOIN {{ sv.table|ident }} AS "e"
    ON {{ ('CAST("p".' ~ sv.column|ident ~ ' AS VARCHAR)')|key }} = "e"."value"
)
{%- endfor %},
{{ pvs.combos([], person, weight, several|length, weight_table|default(none)) }}
SELECT
  "ps"."sig" AS "q0",
{%- for q in qis[1:] %}
  CAST('' AS VARCHAR) AS {{ ('q' ~ loop.index)|ident }},
{%- endfor %}
{%- for sv in several %}
  "px".{{ ('s' ~ loop.index0)|ident }},
{%- endfor %}
{{ pvs.sums(several|length, holders, "px", crossed|default(none)) }}
FROM "ps"
JOIN "px" ON {% for p in person %}"px".{{ ('p' ~ loop.index0)|ident }} = "ps".{{ ('p' ~ loop.index0)|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
GROUP BY "ps"."sig"{% for sv in several %}, "px".{{ ('s' ~ loop.index0)|ident }}{% endfor %}
{%- elif sensitive %}
, "pv" AS (
  SELECT DISTINCT
  {%- for p in person %}
    "p".{{ p|ident }} AS {{ ('p' ~ loop.index0)|ident }},
  {%- endfor %}
    "e"."code" AS "s"
  FROM {{ published|ident }} AS "p"
  JOIN {{ sensitive.table|ident }} AS "e"
    ON {{ ('CAST("p".' ~ sensitive.column|ident ~ ' AS VARCHAR)')|key }} = "e"."value"
), "pm" AS (
  SELECT {% for p in person %}"pv".{{ ('p' ~ loop.index0)|ident }}, {% endfor %}COUNT(*) AS "m", MIN("pv"."s") AS "first"
  FROM "pv"
  GROUP BY {% for p in person %}"pv".{{ ('p' ~ loop.index0)|ident }}{% if not loop.last %}, {% endif %}{% endfor %}
)
SELECT
  "ps"."sig" AS "q0",
{%- for q in qis[1:] %}
  CAST('' AS VARCHAR) AS {{ ('q' ~ loop.index)|ident }},
{%- endfor %}
  "pv"."s" AS "s0",
  CAST(SUM({% if weight_table|default(none) %}CAST("w"."w" AS BIGINT){% else %}CAST({{ weight|literal }} AS BIGINT){% endif %} // "pm"."m") AS BIGINT) AS "n",
  CAST(COUNT(*) AS BIGINT) AS "c",
  CAST(SUM(CASE WHEN "pv"."s" = "pm"."first" THEN 1 ELSE 0 END) AS BIGINT) AS "np"
FROM "ps"
JOIN "pv" ON {% for p in person %}"pv".{{ ('p' ~ loop.index0)|ident }} = "ps".{{ ('p' ~ loop.index0)|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
JOIN "pm" ON {% for p in person %}"pm".{{ ('p' ~ loop.index0)|ident }} = "pv".{{ ('p' ~ loop.index0)|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
{%- if weight_table|default(none) %}
CROSS JOIN {{ weight_table|ident }} AS "w"
{%- endif %}
GROUP BY "ps"."sig", "pv"."s"
{%- else %}
SELECT
  "ps"."sig" AS "q0",
{%- for q in qis[1:] %}
  CAST('' AS VARCHAR) AS {{ ('q' ~ loop.index)|ident }},
{%- endfor %}
  CAST(COUNT(*) AS BIGINT) AS "n"
FROM "ps"
GROUP BY "ps"."sig"
{%- endif %}
{%- endif %}
