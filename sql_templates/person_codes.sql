-- person_codes.sql: a number per person, for the search's tables of people whose
-- quasi-identifiers vary.
-- Inputs:   source (the table; no person column is NULL: checked before).
-- Params:   person (the columns identifying a person).
-- Output:   p0..pj-1 (the person columns, as they are), g BIGINT (1, 2, ...: one per person).
SELECT
{%- for p in person %} "d".{{ ('p' ~ loop.index0)|ident }},{% endfor %}
  CAST(DENSE_RANK() OVER (ORDER BY {% for p in person %}"d".{{ ('p' ~ loop.index0)|ident }}{% if not loop.last %}, {% endif %}{% endfor %}) AS BIGINT) AS "g"
FROM (
  SELECT DISTINCT {% for p in person %}"src".{{ p|ident }} AS {{ ('p' ~ loop.index0)|ident }}{% if not loop.last %}, {% endif %}{% endfor %}
  FROM {{ source|ident }} AS "src"
) AS "d"
