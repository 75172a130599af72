-- gate_people_values.sql: the frequency table of people and their values of one sensitive
-- attribute, computed from scratch from a published table with its person columns.
-- Inputs:   published (the table to gate, with its person columns; every person's QI labels
--           the same on all of their rows, checked before); the attribute's dictionary (value
--           VARCHAR, code INT).
-- Params:   qis (published QI columns, as text keys: gate_frequencies.sql), sensitive (one
--           {column, table}), person (the person columns), weight (the least common multiple of
--           the people's numbers of distinct values, person_value_counts.sql over the table).
--           With several sensitive columns: several ({column, table} each) instead of
--           sensitive, holders (each column's c: c, c1, ...), weight a common multiple of every
--           person's product of their numbers of distinct values (_people_values.sql values_multi).
-- Output:   q0..qk-1 (VARCHAR keys), s0 (the value's code), n, c, np (_people_values.sql);
--           with several columns s0..sm-1, n, the holders, np.
{% import "_people_values.sql" as pvs %}
{%- set keys = [] %}{% for q in qis %}{% set _ = keys.append('q' ~ loop.index0) %}{% endfor %}
{%- if several|default(none) %}
WITH
{%- for sv in several %}{% set i = loop.index0 %}
{{ ('pv' ~ i)|ident }} AS (
  SELECT DISTINCT
  {%- if i == 0 %}
  {%- for q in qis %}
    {{ ('CAST("p".' ~ q|ident ~ ' AS VARCHAR)')|key }} AS {{ ('q' ~ loop.index0)|ident }},
  {%- endfor %}
  {%- endif %}
    "e"."code" AS "s"
  {%- for p in person %},
    "p".{{ p|ident }} AS {{ ('p' ~ loop.index0)|ident }}
  {%- endfor %}
  FROM {{ published|ident }} AS "p"
  JOIN {{ sv.table|ident }} AS "e"
    ON {{ ('CAST("p".' ~ sv.column|ident ~ ' AS VARCHAR)')|key }} = "e"."value"
),
{%- endfor %}
{{ pvs.values_multi(keys, person, weight, several|length, holders, crossed|default(none)) }}
{%- else %}
WITH "pv" AS (
  SELECT DISTINCT
  {%- for q in qis %}
    {{ ('CAST("p".' ~ q|ident ~ ' AS VARCHAR)')|key }} AS {{ ('q' ~ loop.index0)|ident }},
  {%- endfor %}
    "e"."code" AS "s"
  {%- for p in person %},
    "p".{{ p|ident }} AS {{ ('p' ~ loop.index0)|ident }}
  {%- endfor %}
  FROM {{ published|ident }} AS "p"
  JOIN {{ sensitive.table|ident }} AS "e"
    ON {{ ('CAST("p".' ~ sensitive.column|ident ~ ' AS VARCHAR)')|key }} = "e"."value"
), {{ pvs.values(keys, person, weight, "s0") }}
{%- endif %}
