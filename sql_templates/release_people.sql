-- release_people.sql: the release of a lattice node over people (compile --node with person:),
-- the parts the row path's release (sqlanon/compile/release.py) does not have.
-- Inputs:   generalized (the source's rows generalized to the node, with the person columns);
--           source (the source as it is: part problems, for person.constant); tuples
--           (gate_people.sql's part "tuples" over generalized: part signatures); signatures,
--           verdicts (CheckPlan.verdicts over gate_people.sql's part "classes": q0 = a class's
--           signature, size = its people, bad), problems, weight (standalone_weight.sql, or none),
--           again (the criteria over the whole table's distribution, CheckPlan.verdicts over part
--           survivors: re-checked on the people kept; or none): part kept; frequencies
--           (gate_people.sql's part "classes"), verdicts: part survivors.
-- Params:   qis (the quasi-identifier columns), person (the person columns), part:
--           "signatures" | "problems" | "survivors" | "kept"; constant (part problems: the columns every row
--           of a person must agree on, person.constant); names (part kept: the published
--           columns, in order), num, den (part kept: the suppression limit num / den).
--           (verdicts is read once, its people summed by window: Spark expands every reference
--           to a CTE, and the gate printed after the release reads it several times.)
-- Output:   part signatures: p0..pj-1 (a person), sig (the sorted array of the numbers of their
--           rows' generalized label tuples: their class's key, gate_people.sql's q0); part
--           problems: one row, n BIGINT = the rows whose generalized quasi-identifier is NULL
--           (a value no hierarchy covers) or whose person column is NULL, plus the people whose
--           rows disagree on a column of constant (apply refuses such a source: the release is
--           then empty); part survivors: the rows of frequencies of the classes that violate no
--           criterion (the people suppression keeps); part kept: the generalized rows (names,
--           then the person columns) of the people outside the violating classes, when the
--           violating classes' people fit the suppression limit (bad * den <= num * people, and
--           some person is left; the latter is implied: with every class violating no row is
--           outside them), no problem was found, the weight is exact and no class violates
--           again (a criterion over the whole table's distribution, re-checked on the people
--           kept, as apply's search does).
-- Formula:  a person's quasi-identifier is the set of their rows' generalized label tuples; a
--           class is the people whose sets are equal (Nergiz, Clifton, Nergiz, Multirelational
--           k-anonymity, IEEE TKDE 2009, section 3); suppression removes a violating class's
--           people with all their rows, at most floor(limit x people) of them and never all
--           (docs/people.md).
{% import "_people.sql" as people %}
{% if part == "signatures" -%}
WITH "pt" AS (
  SELECT DISTINCT
  {%- for q in qis %}
    {{ ('CAST("g".' ~ q|ident ~ ' AS VARCHAR)')|key }} AS {{ ('q' ~ loop.index0)|ident }},
  {%- endfor %}
  {%- for p in person %}
    "g".{{ p|ident }} AS {{ ('p' ~ loop.index0)|ident }}{% if not loop.last %},{% endif %}
  {%- endfor %}
  FROM {{ generalized|ident }} AS "g"
)
SELECT {% for p in person %}"pt".{{ ('p' ~ loop.index0)|ident }}, {% endfor %}{{ people.signature('"t"."t"') }} AS "sig"
FROM "pt"
JOIN {{ tuples|ident }} AS "t"
  ON {% for q in qis %}"t".{{ ('q' ~ loop.index0)|ident }} = "pt".{{ ('q' ~ loop.index0)|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
GROUP BY {% for p in person %}"pt".{{ ('p' ~ loop.index0)|ident }}{% if not loop.last %}, {% endif %}{% endfor %}
{%- elif part == "problems" -%}
SELECT CAST(COUNT(*) AS BIGINT) AS "n"
FROM (
  SELECT 1 AS "x"
  FROM {{ generalized|ident }} AS "g"
  WHERE {% for q in qis %}"g".{{ q|ident }} IS NULL OR {% endfor %}{% for p in person %}"g".{{ p|ident }} IS NULL{% if not loop.last %} OR {% endif %}{% endfor %}
{%- if constant %}
  UNION ALL
  SELECT 1 AS "x"
  FROM {{ source|ident }} AS "s"
  GROUP BY {% for p in person %}"s".{{ p|ident }}{% if not loop.last %}, {% endif %}{% endfor %}
  HAVING {% for c in constant %}COUNT(DISTINCT {{ ('CAST("s".' ~ c|ident ~ ' AS VARCHAR)')|key }}) > 1{% if not loop.last %} OR {% endif %}{% endfor %}
{%- endif %}
) AS "u"
{%- elif part == "survivors" -%}
SELECT "f".*
FROM {{ frequencies|ident }} AS "f"
JOIN {{ verdicts|ident }} AS "v" ON "v"."q0" = "f"."q0"
WHERE NOT "v"."bad"
{%- else -%}
SELECT
{%- for n in names %}
  "g".{{ n|ident }} AS {{ n|ident }},
{%- endfor %}
{%- for p in person %}
  "g".{{ p|ident }} AS {{ p|ident }}{% if not loop.last %},{% endif %}
{%- endfor %}
FROM {{ generalized|ident }} AS "g"
JOIN {{ signatures|ident }} AS "s"
  ON {% for p in person %}"s".{{ ('p' ~ loop.index0)|ident }} = "g".{{ p|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
JOIN (
  SELECT
    "a"."q0",
    "a"."bad",
    SUM(CASE WHEN "a"."bad" THEN "a"."size" ELSE 0 END) OVER () AS "bad_people",
    SUM("a"."size") OVER () AS "all_people"
  FROM {{ verdicts|ident }} AS "a"
) AS "v" ON "v"."q0" = "s"."sig"
CROSS JOIN {{ problems|ident }} AS "u"
{%- if weight %}
CROSS JOIN {{ weight|ident }} AS "w"
{%- endif %}
{%- if again %}
CROSS JOIN (SELECT COUNT(*) AS "n" FROM {{ again|ident }} AS "x" WHERE "x"."bad") AS "r"
{%- endif %}
WHERE NOT "v"."bad"
  AND "u"."n" = 0
  AND "v"."bad_people" * {{ den|literal }} <= {{ num|literal }} * "v"."all_people"
  AND "v"."bad_people" < "v"."all_people"
{%- if weight %}
  AND NOT "w"."bad"
{%- endif %}
{%- if again %}
  AND "r"."n" = 0
{%- endif %}
{%- endif %}
