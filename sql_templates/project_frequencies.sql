-- project_frequencies.sql: the bottom frequency table projected on a subset of the
-- quasi-identifiers: the others are at their top level in every node rolled up from it.
-- Inputs:   source (q0..qk-1 level-0 codes, s..., n): the bottom frequency table.
-- Params:   source, qis (k), keep (indexes of the QIs kept), sensitive (column names), people
--           (with person: and a sensitive model: c and np are summed as n is, _people_values.sql;
--           holders: each sensitive column's c, c, c1, ..., with several),
--           count_people (n = the sum of np: the people of each combination, for checks that
--           read no sensitive column).
-- Output:   the same columns: q<i> for i in keep as in source, the others 0 (the top level's only
--           code, which every code maps to at the top), s..., n = SUM(n) per combination.
-- Formula:  a node whose QIs outside keep are at their top level groups rows by the kept QIs
--           only, so rolling it up from this table gives the same classes and counts as from
--           the bottom table, from fewer rows.
SELECT
{%- for i in range(qis) %}
  {% if i in keep %}{{ ('q' ~ i)|ident }}{% else %}CAST(0 AS INTEGER) AS {{ ('q' ~ i)|ident }}{% endif %},
{%- endfor %}
{%- for s in sensitive %}
  {{ s|ident }},
{%- endfor %}
  CAST(SUM({{ '"np"' if count_people|default(false) else '"n"' }}) AS BIGINT) AS "n"
{%- if people|default(false) %},
{%- for h in holders|default(["c"]) %}
  CAST(SUM({{ h|ident }}) AS BIGINT) AS {{ h|ident }},
{%- endfor %}
  CAST(SUM("np") AS BIGINT) AS "np"
{%- endif %}
FROM {{ source|ident }}
{%- if keep or sensitive %}
GROUP BY {% for i in keep %}{{ ('q' ~ i)|ident }}{% if not loop.last or sensitive %}, {% endif %}{% endfor %}{% for s in sensitive %}{{ s|ident }}{% if not loop.last %}, {% endif %}{% endfor %}
{%- endif %}
