-- encode_people_values.sql: the bottom frequency table of people and one sensitive attribute
-- (person: with a sensitive model; every person's quasi-identifiers are constant).
-- Inputs:   source (read once here); one dimension table per quasi-identifier (leaf VARCHAR,
--           code INT); the sensitive attribute's dictionary (value VARCHAR, code INT).
-- Params:   qis ({dim, column}), sensitive (one {table, column}), person (the person columns),
--           weight (the least common multiple of the people's numbers of distinct values);
--           with several sensitive columns, several ({table, column} each) instead of
--           sensitive, holders (each column's c: c, c1, ...) and weight a common multiple of
--           every person's product of their numbers of distinct values (_people_values.sql
--           values_multi: one row per combination of a person's values, one of each column).
-- Output:   q0..qk-1 (level-0 codes), s0 (the value's code), n, c, np (_people_values.sql):
--           n sums to weight x the people of a class, c counts the people with the value, np
--           sums to the people of a class; every column adds up under roll-up, since each
--           person's rows share one tuple.
{% import "_people_values.sql" as pvs %}
{%- set keys = [] %}{% for q in qis %}{% set _ = keys.append('q' ~ loop.index0) %}{% endfor %}
{%- if several|default(none) %}
WITH
{%- for sv in several %}{% set i = loop.index0 %}
{{ ('pv' ~ i)|ident }} AS (
  SELECT DISTINCT
  {%- if i == 0 %}
  {%- for q in qis %}
    {{ ('d' ~ loop.index0)|ident }}."code" AS {{ ('q' ~ loop.index0)|ident }},
  {%- endfor %}
  {%- endif %}
    "e"."code" AS "s"
  {%- for p in person %},
    "src".{{ p|ident }} AS {{ ('p' ~ loop.index0)|ident }}
  {%- endfor %}
  FROM {{ source|ident }} AS "src"
  {%- if i == 0 %}
  {%- for q in qis %}
  JOIN {{ q.dim|relation }} AS {{ ('d' ~ loop.index0)|ident }}
    ON COALESCE(CAST("src".{{ q.column|ident }} AS VARCHAR), '') = {{ ('d' ~ loop.index0)|ident }}."leaf"
  {%- endfor %}
  {%- endif %}
  JOIN {{ sv.table|ident }} AS "e"
    ON {{ ('CAST("src".' ~ sv.column|ident ~ ' AS VARCHAR)')|key }} = "e"."value"
),
{%- endfor %}
{{ pvs.values_multi(keys, person, weight, several|length, holders, crossed|default(none)) }}
{%- else %}
WITH "pv" AS (
  SELECT DISTINCT
  {%- for q in qis %}
    {{ ('d' ~ loop.index0)|ident }}."code" AS {{ ('q' ~ loop.index0)|ident }},
  {%- endfor %}
    "e"."code" AS "s"
  {%- for p in person %},
    "src".{{ p|ident }} AS {{ ('p' ~ loop.index0)|ident }}
  {%- endfor %}
  FROM {{ source|ident }} AS "src"
  {%- for q in qis %}
  JOIN {{ q.dim|relation }} AS {{ ('d' ~ loop.index0)|ident }}
    ON COALESCE(CAST("src".{{ q.column|ident }} AS VARCHAR), '') = {{ ('d' ~ loop.index0)|ident }}."leaf"
  {%- endfor %}
  JOIN {{ sensitive.table|ident }} AS "e"
    ON {{ ('CAST("src".' ~ sensitive.column|ident ~ ' AS VARCHAR)')|key }} = "e"."value"
), {{ pvs.values(keys, person, weight, "s0") }}
{%- endif %}
