-- person_value_counts.sql: how many distinct values of a sensitive attribute people have.
-- Inputs:   source (the table: a source, or a release being checked; no NULL person column).
-- Params:   person (the person columns), column (the sensitive attribute).
-- Output:   m BIGINT: each distinct number of values a person has (a NULL cell is a value of
--           its own: the filter key, sqlanon/sql/labels.py); the caller takes their least
--           common multiple, the weight a person's values share (people_values.sql).
SELECT DISTINCT "m" FROM (
  SELECT CAST(COUNT(DISTINCT {{ ('CAST("src".' ~ column|ident ~ ' AS VARCHAR)')|key }}) AS BIGINT) AS "m"
  FROM {{ source|ident }} AS "src"
  GROUP BY {% for p in person %}"src".{{ p|ident }}{% if not loop.last %}, {% endif %}{% endfor %}
) AS "c"
