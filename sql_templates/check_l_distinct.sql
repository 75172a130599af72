-- check_l_distinct.sql: distinct l-diversity, one row per equivalence class.
-- Inputs:   input (keys..., s, n): node frequency table; s is the sensitive attribute's column.
-- Params:   keys, s, l (integer >= 1).
-- Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= distinct values; worst = MIN).
-- Formula:  E satisfies distinct l-diversity iff |{ s : n(E, s) > 0 }| >= l. With people
--           (_people_values.sql), also, for l > 1: E holds at least l people (SUM np) and no
--           value is held by all of them (MAX c < SUM np), as every l-diverse class of one row
--           per person does; so a class whose values are one person's several values fails
--           (docs/people.md).
-- Citation: Machanavajjhala et al., l-Diversity (002), section 4.1 (distinct l-diversity).
{%- set people = people|default(false) %}
WITH "f" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}{{ s|ident }} AS "s", SUM("n") AS "n"
  {%- if people %}, SUM("c") AS "c", SUM("np") AS "np"{% endif %}
  FROM {{ input|ident }}
  GROUP BY {% for key in keys %}{{ key|ident }}, {% endfor %}{{ s|ident }}
  HAVING SUM("n") > 0
)
SELECT
{%- for key in keys %} {{ key|ident }},{% endfor %}
  CAST(SUM({{ '"np"' if people else '"n"' }}) AS HUGEINT) AS "size",
  {%- if people %}
  (COUNT(*) < {{ l|literal }} OR ({{ l|literal }} > 1 AND (SUM("np") < {{ l|literal }} OR MAX("c") >= SUM("np")))) AS "bad",
  {%- else %}
  COUNT(*) < {{ l|literal }} AS "bad",
  {%- endif %}
  CAST(COUNT(*) AS DOUBLE) AS "val"
FROM "f"
GROUP BY {{ keys|map('ident')|join(', ') }}
