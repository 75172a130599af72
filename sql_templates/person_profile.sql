-- person_profile.sql: the people of a table, and whether their rows agree on the quasi-identifiers.
-- Inputs:   source (the table: a source, or a release being checked).
-- Params:   person (the columns identifying a person), qis (the quasi-identifier columns).
-- Output:   one row: people (distinct persons, BIGINT), null_rows (rows with a NULL person
--           column), then v0..vk-1: per QI, the people whose rows carry more than one of its
--           values (a NULL cell is a value of its own: the filter key, sqlanon/sql/labels.py;
--           a person's values differ iff their smallest and largest keys do, which costs less
--           than counting distinct keys per person).
-- Formula:  a person is the tuple of the person columns; the rows with a NULL person column
--           belong to no person (the caller refuses them). QI i is constant per person iff v_i = 0.
-- Citation: persons as privacy units: Nergiz, Clifton, Nergiz, Multirelational k-anonymity
--           (IEEE TKDE 21(8), 2009), section 3 (one person, several tuples).
WITH "per" AS (
  SELECT
  {%- for p in person %}
    "src".{{ p|ident }} AS {{ ('p' ~ loop.index0)|ident }},
  {%- endfor %}
  {%- for q in qis %}
    MIN({{ ('CAST("src".' ~ q|ident ~ ' AS VARCHAR)')|key }}) < MAX({{ ('CAST("src".' ~ q|ident ~ ' AS VARCHAR)')|key }}) AS {{ ('v' ~ loop.index0)|ident }},
  {%- endfor %}
    CAST(COUNT(*) AS BIGINT) AS "rows"
  FROM {{ source|ident }} AS "src"
  GROUP BY {% for p in person %}{{ loop.index }}{% if not loop.last %}, {% endif %}{% endfor %}
)
SELECT
  CAST(SUM(CASE WHEN {% for p in person %}{{ ('p' ~ loop.index0)|ident }} IS NULL{% if not loop.last %} OR {% endif %}{% endfor %} THEN 0 ELSE 1 END) AS BIGINT) AS "people",
  CAST(COALESCE(SUM(CASE WHEN {% for p in person %}{{ ('p' ~ loop.index0)|ident }} IS NULL{% if not loop.last %} OR {% endif %}{% endfor %} THEN "rows" ELSE 0 END), 0) AS BIGINT) AS "null_rows"
{%- for q in qis %},
  CAST(SUM(CASE WHEN {{ ('v' ~ loop.index0)|ident }} THEN 1 ELSE 0 END) AS BIGINT) AS {{ ('v' ~ loop.index0)|ident }}
{%- endfor %}
FROM "per"
