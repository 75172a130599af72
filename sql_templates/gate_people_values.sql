-- gate_people_values.sql: the frequency table of people and their values of one sensitive
-- attribute, computed from scratch from a published table with its person columns.
-- Inputs:   published (the table to gate, with its person columns; every person's QI labels
--           the same on all of their rows, checked before); the attribute's dictionary (value
--           VARCHAR, code INT).
-- Params:   qis (published QI columns, as text keys: gate_frequencies.sql), sensitive (one
--           {column, table}), person (the person columns), weight (the least common multiple of
--           the people's numbers of distinct values, person_value_counts.sql over the table).
-- Output:   q0..qk-1 (VARCHAR keys), s0 (the value's code), n, c, np (_people_values.sql).
{% import "_people_values.sql" as pvs %}
{%- set keys = [] %}{% for q in qis %}{% set _ = keys.append('q' ~ loop.index0) %}{% endfor %}
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
