-- check_beta_likeness.sql: beta-likeness (basic or enhanced), one row per equivalence class.
-- Inputs:   input (keys..., s, n). Q is the distribution of s over the whole input.
-- Params:   keys, s, beta > 0, enhanced (boolean: enhanced beta-likeness), tol (absolute
--           tolerance on the relative gain).
-- Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= max(0, max over v of the relative
--           gain (p(E,v) - q(v)) / q(v)); worst = MAX).
-- Formula:  g(v) = (p - q) / q is considered only where p > q (decided exactly: count(E,v) * N >
--           |E| * count(v) in 128-bit integers); only values present in E can have p > q.
--           basic: E passes iff g(v) <= beta + tol for every such v;
--           enhanced: E passes iff g(v) <= min(beta, -ln q(v)) + tol for every such v.
-- Citation: Cao, Karras, Publishing Microdata with a Robust Privacy Guarantee, VLDB 2012
--           (Definitions 2 and 4: basic and enhanced beta-likeness).
-- People:   with people (_people_values.sql: person: set), p and q are the shares of the class's and
--           of the table's people who have v: an attacker's confidence that a person has v, after
--           and before learning their class (docs/people.md).
{% import "_distribution.sql" as d %}
{%- set people = people|default(false) %}
WITH {{ d.counts(input, keys, s, people) }}, {{ d.exact_counts(keys, people, people) }}, "x" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}"size", "qcnt", "total",
    "cnt" * "total" - "size" * "qcnt" AS "num",
    "size" * "qcnt" AS "den"
  FROM "e"
), "c" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}
    MAX("size") AS "size",
    COALESCE(BOOL_OR("num" > 0 AND CAST("num" AS DOUBLE) / CAST("den" AS DOUBLE) >
      {%- if enhanced %} LEAST({{ beta|literal }}, -LN(CAST("qcnt" AS DOUBLE) / CAST("total" AS DOUBLE)))
      {%- else %} {{ beta|literal }}{% endif %} + {{ tol|literal }}), FALSE) AS "bad",
    GREATEST(MAX(CAST("num" AS DOUBLE) / CAST("den" AS DOUBLE)), 0.0) AS "val"
  FROM "x"
  GROUP BY {{ keys|map('ident')|join(', ') }}
)
SELECT
{%- for key in keys %} {{ key|ident }},{% endfor %}
  "size",
  "bad",
  "val"
FROM "c"
