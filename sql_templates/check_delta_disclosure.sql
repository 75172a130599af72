-- check_delta_disclosure.sql: delta-disclosure privacy, one row per equivalence class.
-- Inputs:   input (keys..., s, n). Q is the distribution of s over the whole input.
-- Params:   keys, s, delta > 0, tol (absolute tolerance on the log ratio).
-- Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= max over the whole table's values
--           of |ln(p(E,v) / q(v))|, +inf when E misses a value of the table; worst = MAX).
-- Formula:  E satisfies delta-disclosure privacy iff |ln(p(E,v) / q(v))| < delta for every value v
--           of the table (strict), tested as val >= delta - tol -> bad. No class x domain grid: E
--           misses a value iff its number of distinct values is below the table's; otherwise
--           every value is present and p/q = (count(E,v) * N) / (|E| * count(v)), the two
--           products exact in 128-bit integers.
-- Citation: Brickell, Shmatikov, The cost of privacy, KDD 2008 (delta-disclosure privacy).
-- People:   with people (_people_values.sql: person: set), p(E,v) is the share of the class's
--           people who have v and q(v) the share of the table's people who do: an attacker's
--           confidence that a person has v, before and after learning their class (docs/people.md).
{% import "_distribution.sql" as d %}
{%- set people = people|default(false) %}
WITH {{ d.counts(input, keys, s, people) }}, {{ d.exact_counts(keys, people, people) }}, "c" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}
    MAX("size") AS "size",
    CASE WHEN COUNT(*) < MAX("m") THEN CAST('inf' AS DOUBLE)
         ELSE MAX(ABS(LN(CAST("cnt" * "total" AS DOUBLE) / CAST("size" * "qcnt" AS DOUBLE)))) END AS "val"
  FROM "e"
  GROUP BY {{ keys|map('ident')|join(', ') }}
)
SELECT
{%- for key in keys %} {{ key|ident }},{% endfor %}
  "size",
  "val" >= {{ delta|literal }} - {{ tol|literal }} AS "bad",
  "val"
FROM "c"
