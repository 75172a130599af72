-- _people_values.sql: a frequency table of people and their sensitive values, from each
-- person's distinct (quasi-identifier tuple, value) pairs (imported, never run on its own).
-- values(keys, person, weight, out): after a CTE ``pv`` (keys..., "s", p0..pj-1: one row per distinct
--   person, tuple and value; the tuple is the same on all of a person's rows), one row per
--   (keys..., s), the value's column named ``out``, with
--     n  = the value's share of its people, each person weighing ``weight`` split evenly over
--          their m distinct values (weight / m each; ``weight`` is a common multiple of every m,
--          so the shares are exact integers): the class's distribution in which each person
--          weighs one is n / SUM(n);
--     c  = the people who have the value (the share of the class's people with it, c / np,
--          is what an attacker believes of any one of them);
--     np = the people whose first value (the smallest code) it is: SUM(np) over a class counts
--          each of its people once.
--   Citation: one person, several records, each person counted once: Nergiz, Clifton, Nergiz,
--   Multirelational k-anonymity (IEEE TKDE 2009); the one-to-many setting of Gong, Luo, Yang,
--   Ni, Li, Anonymizing 1:M microdata with high utility (Knowledge-Based Systems 115, 2017).
--   An attacker who knows a person is in a class believes they have s with the share of its
--   people who have s (c / np); docs/people.md derives each model's form from n and c, and
--   shows each reduces to the model's own definition when every person has one row.
{% macro values(keys, person, weight, out) -%}
"pm" AS (
  SELECT {% for p in person %}"pv".{{ ('p' ~ loop.index0)|ident }}, {% endfor %}COUNT(*) AS "m", MIN("pv"."s") AS "first"
  FROM "pv"
  GROUP BY {% for p in person %}"pv".{{ ('p' ~ loop.index0)|ident }}{% if not loop.last %}, {% endif %}{% endfor %}
)
SELECT
{%- for key in keys %}
  "pv".{{ key|ident }},
{%- endfor %}
  "pv"."s" AS {{ out|ident }},
  CAST(SUM(CAST({{ weight|literal }} AS BIGINT) // "pm"."m") AS BIGINT) AS "n",
  CAST(COUNT(*) AS BIGINT) AS "c",
  CAST(SUM(CASE WHEN "pv"."s" = "pm"."first" THEN 1 ELSE 0 END) AS BIGINT) AS "np"
FROM "pv"
JOIN "pm" ON {% for p in person %}"pm".{{ ('p' ~ loop.index0)|ident }} = "pv".{{ ('p' ~ loop.index0)|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
GROUP BY {% for key in keys %}"pv".{{ key|ident }}, {% endfor %}"pv"."s"
{%- endmacro %}
{#- Several sensitive columns (k of them, docs/people.md "Several sensitive columns"): each
    person contributes one row per combination of their distinct values, one of each column.
combos(keys, person, weight, k, weight_table): after CTEs "pv0".."pv{k-1}" (each: keys...
  (only pv0's are read), "s", p0..pj-1: one row per distinct person and value of column i),
  the CTEs "pm0".. (each person's m and first value of column i) and "px": one row per person
  and combination (keys..., p0..pj-1, s0..sk-1, n = weight / (m0 x ... x mk-1), f0..fk-1:
  1 where column i holds the person's first value). ``weight`` is a common multiple of every
  person's product m0 x ... x mk-1 (or ``weight_table``: a relation whose column w holds it).
  Marginalized over every column but i, a person's n sum to weight / mi per value of column
  i: column i's split distribution, so one n serves every column.
holds(k, i, prefix): the condition that marks, among a person's combinations, one per value
  of column i (every other column holds the person's first value): its sum counts the people
  holding the value (column i's c); with i = none, every column's first value (np).
  With i = k (the holder cx, after c, c1, ...: sqlanon/encode/people.py holders), 1 on every
  combination whose columns outside ``crossed`` (the indices of the columns variational
  dissimilarity reads; none: every column) hold the person's first value: its sum over the
  other columns counts the people whose combinations of the crossed columns (the cross product
  of their values of each) hold that one, each person once, which dissimilarity's variational
  distance reads over people (docs/people.md).
values_multi(keys, person, weight, k, holders): combos, then one row per (keys..., s0..sk-1)
  with n, the holder columns ``holders`` (column i's c) and np, each a sum that adds up under
  roll-up.
sums(k, holders, prefix): those sums over the rows of "px" (aliased ``prefix``). -#}
{% macro combos(keys, person, weight, k, weight_table=none) -%}
{%- for i in range(k) %}{% set pv = 'pv' ~ i %}
{{ ('pm' ~ i)|ident }} AS (
  SELECT {% for p in person %}{{ pv|ident }}.{{ ('p' ~ loop.index0)|ident }}, {% endfor %}COUNT(*) AS "m", MIN({{ pv|ident }}."s") AS "first"
  FROM {{ pv|ident }}
  GROUP BY {% for p in person %}{{ pv|ident }}.{{ ('p' ~ loop.index0)|ident }}{% if not loop.last %}, {% endif %}{% endfor %}
),
{%- endfor %}
"px" AS (
  SELECT
  {%- for key in keys %}
    "pv0".{{ key|ident }},
  {%- endfor %}
  {%- for p in person %}
    "pv0".{{ ('p' ~ loop.index0)|ident }},
  {%- endfor %}
  {%- for i in range(k) %}
    {{ ('pv' ~ i)|ident }}."s" AS {{ ('s' ~ i)|ident }},
    CASE WHEN {{ ('pv' ~ i)|ident }}."s" = {{ ('pm' ~ i)|ident }}."first" THEN 1 ELSE 0 END AS {{ ('f' ~ i)|ident }},
  {%- endfor %}
    {% if weight_table %}CAST("w"."w" AS BIGINT){% else %}CAST({{ weight|literal }} AS BIGINT){% endif %} // ({% for i in range(k) %}CAST({{ ('pm' ~ i)|ident }}."m" AS BIGINT){% if not loop.last %} * {% endif %}{% endfor %}) AS "n"
  FROM "pv0"
  {%- for i in range(k) %}
  {%- if i > 0 %}
  JOIN {{ ('pv' ~ i)|ident }} ON {% for p in person %}{{ ('pv' ~ i)|ident }}.{{ ('p' ~ loop.index0)|ident }} = "pv0".{{ ('p' ~ loop.index0)|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
  {%- endif %}
  JOIN {{ ('pm' ~ i)|ident }} ON {% for p in person %}{{ ('pm' ~ i)|ident }}.{{ ('p' ~ loop.index0)|ident }} = "pv0".{{ ('p' ~ loop.index0)|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
  {%- endfor %}
  {%- if weight_table %}
  CROSS JOIN {{ weight_table|ident }} AS "w"
  {%- endif %}
)
{%- endmacro %}
{% macro holds(k, i, prefix, crossed=none) -%}
{%- set others = [] %}
{%- for j in range(k) %}
{%- if (i == k and crossed is not none and j not in crossed) or (i != k and j != i) %}{% set _ = others.append(j) %}{% endif %}
{%- endfor %}
{%- if not others %}1{% else -%}
CASE WHEN {% for j in others %}{{ prefix|ident }}.{{ ('f' ~ j)|ident }} = 1{% if not loop.last %} AND {% endif %}{% endfor %} THEN 1 ELSE 0 END
{%- endif %}
{%- endmacro %}
{% macro sums(k, holders, prefix, crossed=none) -%}
  CAST(SUM({{ prefix|ident }}."n") AS BIGINT) AS "n",
{%- for h in holders %}
  CAST(SUM({{ holds(k, loop.index0, prefix, crossed) }}) AS BIGINT) AS {{ h|ident }},
{%- endfor %}
  CAST(SUM({{ holds(k, none, prefix) }}) AS BIGINT) AS "np"
{%- endmacro %}
{% macro values_multi(keys, person, weight, k, holders, crossed=none) -%}
{{ combos(keys, person, weight, k) }}
SELECT
{%- for key in keys %}
  "px".{{ key|ident }},
{%- endfor %}
{%- for i in range(k) %}
  "px".{{ ('s' ~ i)|ident }},
{%- endfor %}
{{ sums(k, holders, "px", crossed) }}
FROM "px"
GROUP BY {% for key in keys %}"px".{{ key|ident }}, {% endfor %}{% for i in range(k) %}"px".{{ ('s' ~ i)|ident }}{% if not loop.last %}, {% endif %}{% endfor %}
{%- endmacro %}
