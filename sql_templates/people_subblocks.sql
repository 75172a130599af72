-- people_subblocks.sql: multi-attribute l-diversity over people: the frequency table of the
-- sub-blocks of people for one sensitive attribute (the input of an l-diversity template).
-- Inputs:   input (keys..., g, t, s0..sm-1, w): one row per distinct (class, person g, row's
--           quasi-identifier tuple number t, the row's codes of the sensitive columns), w a
--           common multiple of every person's number of distinct values of each column (the
--           same on every row); gate_people.sql part rows, rollup_people.sql with rows.
-- Params:   keys, s (the attribute's code column), others (the other listed attributes' code
--           columns).
-- Output:   keys..., sig, s, n, c, np (_people_values.sql's n, c and np, over the people of
--           each sub-block (keys..., sig)).
-- Formula:  Machanavajjhala et al. (002) Definition 4.5 treats the other attributes as
--           quasi-identifiers; over people a quasi-identifier is the set of the person's rows'
--           tuples (Nergiz, Clifton, Nergiz, TKDE 2009, section 3), so a person's extended
--           quasi-identifier is the set of their rows' (t, others) tuples, and the sub-blocks of
--           a class are its people whose sets are equal (sig: the sorted array of the numbers
--           of their (t, others) tuples). Each person of a sub-block weighs w, split evenly
--           over their m distinct values of s (w / m each); c counts the people with the value,
--           np marks each person's first value (docs/people.md).
{% import "_people.sql" as people %}
WITH "ext" AS (
  SELECT DISTINCT {% for key in keys %}{{ key|ident }}, {% endfor %}"g", "t"{% for o in others %}, {{ o|ident }}{% endfor %}
  FROM {{ input|ident }}
), "num" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}"g",
    DENSE_RANK() OVER (ORDER BY "t"{% for o in others %}, {{ o|ident }}{% endfor %}) AS "e"
  FROM "ext"
), "sb" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}"g", {{ people.signature('"e"') }} AS "sig"
  FROM "num"
  GROUP BY {% for key in keys %}{{ key|ident }}, {% endfor %}"g"
), "pv" AS (
  SELECT DISTINCT {% for key in keys %}"i".{{ key|ident }}, {% endfor %}"sb"."sig", "i"."g", "i".{{ s|ident }} AS "s", "i"."w"
  FROM {{ input|ident }} AS "i"
  JOIN "sb" ON {% for key in keys %}"sb".{{ key|ident }} IS NOT DISTINCT FROM "i".{{ key|ident }} AND {% endfor %}"sb"."g" = "i"."g"
), "pm" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}"g", COUNT(*) AS "m", MIN("s") AS "first"
  FROM "pv"
  GROUP BY {% for key in keys %}{{ key|ident }}, {% endfor %}"g"
)
SELECT {% for key in keys %}"pv".{{ key|ident }}, {% endfor %}"pv"."sig", "pv"."s",
  CAST(SUM(CAST("pv"."w" AS BIGINT) // "pm"."m") AS BIGINT) AS "n",
  CAST(COUNT(*) AS BIGINT) AS "c",
  CAST(SUM(CASE WHEN "pv"."s" = "pm"."first" THEN 1 ELSE 0 END) AS BIGINT) AS "np"
FROM "pv"
JOIN "pm" ON {% for key in keys %}"pm".{{ key|ident }} IS NOT DISTINCT FROM "pv".{{ key|ident }} AND {% endfor %}"pm"."g" = "pv"."g"
GROUP BY {% for key in keys %}"pv".{{ key|ident }}, {% endfor %}"pv"."sig", "pv"."s"
