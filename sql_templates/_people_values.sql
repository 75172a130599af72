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
