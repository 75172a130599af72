-- person_value_counts.sql: how many distinct values of a sensitive attribute people have.
-- Inputs:   source (the table: a source, or a release being checked; no NULL person column).
-- Params:   person (the person columns), column (the sensitive attribute); or columns
--           (several sensitive columns): then m0..mk-1, each distinct combination of a person's
--           numbers of values of each column, whose products the caller's common multiple
--           divides (_people_values.sql values_multi).
-- Output:   m BIGINT: each distinct number of values a person has (a NULL cell is a value of
--           its own: the filter key, sqlanon/sql/labels.py); the caller takes their least
--           common multiple, the weight a person's values share (people_values.sql).
{%- if columns|default(none) %}
SELECT DISTINCT {% for c in columns %}{{ ('m' ~ loop.index0)|ident }}{% if not loop.last %}, {% endif %}{% endfor %} FROM (
  SELECT
  {%- for c in columns %}
    CAST(COUNT(DISTINCT {{ ('CAST("src".' ~ c|ident ~ ' AS VARCHAR)')|key }}) AS BIGINT) AS {{ ('m' ~ loop.index0)|ident }}{% if not loop.last %},{% endif %}
  {%- endfor %}
  FROM {{ source|ident }} AS "src"
  GROUP BY {% for p in person %}"src".{{ p|ident }}{% if not loop.last %}, {% endif %}{% endfor %}
) AS "c"
{%- else %}
SELECT DISTINCT "m" FROM (
  SELECT CAST(COUNT(DISTINCT {{ ('CAST("src".' ~ column|ident ~ ' AS VARCHAR)')|key }}) AS BIGINT) AS "m"
  FROM {{ source|ident }} AS "src"
  GROUP BY {% for p in person %}"src".{{ p|ident }}{% if not loop.last %}, {% endif %}{% endfor %}
) AS "c"
{%- endif %}
