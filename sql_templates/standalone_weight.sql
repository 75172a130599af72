-- standalone_weight.sql: the weight each person's values of sensitive attributes share, computed
-- in SQL from the table (compile's statements read no value of the data into their text; the
-- gate computes the same number in Python, sqlanon/encode/people.py person_weight).
-- Inputs:   source (the table, with its person columns; no NULL person column).
-- Params:   person (the person columns), columns (the sensitive attributes: one, or several read
--           together), powers: every prime
--           power q = p^e <= bound, each as [q, p]; bound (the largest number of distinct values
--           of a person the weight is computed for); limit (2^62: the weight times the people
--           must stay within it, as person_weight's MAX_WEIGHTED).
-- Output:   one row: w BIGINT = the least common multiple of the people's numbers m of distinct
--           values of the column (a NULL cell a value of its own: the filter key,
--           sqlanon/sql/labels.py); with several columns, m is the product of the person's
--           numbers of distinct values of each (the size of their cross product of values,
--           _people_values.sql combos), a multiple of each; exact when every m <= bound; top = the largest m; people;
--           bad = true when w is not the exact weight sqlanon counts with (an m above bound, or
--           w times the people above limit; false on a table of no people): the statements
--           that read w do not apply then.
-- Formula:  lcm(S) = the product over primes p of p^(max over m in S of e_p(m)), e_p(m) the
--           exponent of p in m; p^e divides some m of S for e = 1 .. that maximum and for no
--           larger e, so lcm(S) = the product over prime powers q = p^e that divide some m of S
--           of p. Every factor is at most bound and the product at most lcm(1..bound) < 2^63,
--           so it is exact in a BIGINT. Each person's share of each of their values is then
--           w / m, an exact integer (_people_values.sql, docs/people.md).
WITH "pm" AS (
  SELECT
  {%- for column in columns %}
    {% if not loop.first %}* {% endif %}CAST(COUNT(DISTINCT {{ ('CAST("src".' ~ column|ident ~ ' AS VARCHAR)')|key }}) AS BIGINT)
  {%- endfor %} AS "m"
  FROM {{ source|ident }} AS "src"
  GROUP BY {% for p in person %}"src".{{ p|ident }}{% if not loop.last %}, {% endif %}{% endfor %}
), "wm" AS (
  SELECT
    CAST(1 AS BIGINT)
    {%- for q, p in powers %}
      * CAST(MAX(CASE WHEN "pm"."m" % {{ q|literal }} = 0 THEN {{ p|literal }} ELSE 1 END) AS BIGINT)
    {%- endfor %} AS "w",
    CAST(MAX("pm"."m") AS BIGINT) AS "top",
    CAST(COUNT(*) AS BIGINT) AS "people"
  FROM "pm"
)
SELECT
  "wm"."w",
  "wm"."top",
  "wm"."people",
  COALESCE("wm"."top" > {{ bound|literal }} OR "wm"."w" > CAST({{ limit|literal }} AS BIGINT) // NULLIF("wm"."people", 0), FALSE) AS "bad"
FROM "wm"
