-- _nt_people.sql: the natural supersets of (n,t)-closeness formed from people whose
-- quasi-identifiers vary (included by check_nt_closeness.sql after its CTE "f", never run on
-- its own; it defines "anc", "fm", "sup" and "ssize" as the lattice's case does, each superset
-- keyed by ("mid", "sg")).
-- Inputs:   f (the classes: q0 = a class's signature, the sorted array of its people's tuple
--           numbers, q1.. constant; s, n, cnt, np); sets.members (pkeys..., q0..qk-1: each
--           person's distinct tuples at level 0 of the generalization tables); sets.values
--           (pkeys..., the value's code in column sets.value, n: the person's weight split over
--           their values, _people_values.sql's); per key a generalization table (lf, cf, lt, ct)
--           holding every lt >= lf from lf = 0 and from the class's level; sets.tuples (part
--           "tuples" of gate_people.sql: t, q0..) when the class signatures number the tuples
--           as it does, else none (the search: tuple numbers in mixed radix, _people.sql).
-- Params:   sets ({members, values, pkeys, value, radix (the search's radixes) or tuples}),
--           generalization ({table, level}: level = the class's current level, $l<i> in the
--           search, 0 at the gate), n_min.
-- Formula:  a person's quasi-identifier is the set of their tuples generalized as a whole
--           (Nergiz, Clifton, Nergiz, Multirelational k-anonymity, IEEE TKDE 2009, section 3).
--           Generalizing to a node N' >= N maps equal sets at N to equal sets at N', so the
--           people of a class E at N are all in one class at N': E's natural superset there
--           (Li, Li, Venkatasubramanian, Closeness, TKDE 2010), its size counted in people, its
--           distribution each person weighing one, split over their values. Only the people of
--           the input's classes count (after suppression, the people kept).
{% import "_people.sql" as pe %}
{%- set pk = sets.pkeys %}
{%- for g in generalization %}
{{ ('g' ~ loop.index0)|ident }} AS (
  SELECT "cf", "lt", "ct" FROM {{ g.table|relation }} AS "u" WHERE "lf" = {{ g.level }}
), {{ ('b' ~ loop.index0)|ident }} AS (
  -- from the members' level to every level
  SELECT "cf", "lt", "ct" FROM {{ g.table|relation }} AS "u" WHERE "lf" = 0
),
{%- endfor %}
"anc" AS (
  -- every node at or above the class's: one row per combination of levels
  SELECT ROW_NUMBER() OVER () AS "mid"{% for g in generalization %}, {{ ('l' ~ loop.index0)|ident }}."lt" AS {{ ('a' ~ loop.index0)|ident }}{% endfor %}
  FROM {% for g in generalization %}(SELECT DISTINCT "lt" FROM {{ ('g' ~ loop.index0)|ident }}) AS {{ ('l' ~ loop.index0)|ident }}{% if not loop.last %} CROSS JOIN {% endif %}{% endfor %}
), "gm" AS (
  -- each person's tuples generalized to each of those nodes (equal tuples merge)
  SELECT DISTINCT "anc"."mid"{% for p in pk %}, "m".{{ p|ident }}{% endfor %}
  {%- for g in generalization %}, {{ ('b' ~ loop.index0)|ident }}."ct" AS {{ ('q' ~ loop.index0)|ident }}{% endfor %}
  FROM {{ sets.members|ident }} AS "m"
  CROSS JOIN "anc"
  {%- for g in generalization %}
  JOIN {{ ('b' ~ loop.index0)|ident }} ON {{ ('b' ~ loop.index0)|ident }}."cf" = "m".{{ ('q' ~ loop.index0)|ident }}
    AND {{ ('b' ~ loop.index0)|ident }}."lt" = "anc".{{ ('a' ~ loop.index0)|ident }}
  {%- endfor %}
{%- if sets.radix %}
), "gs" AS (
  -- each person's set at each node, as the search's roll-up writes it (rollup_people.sql)
  SELECT "gm"."mid"{% for p in pk %}, "gm".{{ p|ident }}{% endfor %}, {{ pe.signature(pe.tuple_id("gm", sets.radix)) }} AS "sg"
  FROM "gm"
  GROUP BY "gm"."mid"{% for p in pk %}, "gm".{{ p|ident }}{% endfor %}
), "pp" AS (
  -- each person's class: their set at the class's own levels
  SELECT {% for p in pk %}"gs".{{ p|ident }}, {% endfor %}"gs"."sg" AS "k0"
  FROM "gs" JOIN "anc" ON "anc"."mid" = "gs"."mid"
  WHERE {% for g in generalization %}"anc".{{ ('a' ~ loop.index0)|ident }} = {{ g.level }}{% if not loop.last %} AND {% endif %}{% endfor %}
{%- else %}
), "gn" AS (
  -- the generalized tuples, numbered
  SELECT {% for g in generalization %}"d".{{ ('q' ~ loop.index0)|ident }}, {% endfor %}DENSE_RANK() OVER (ORDER BY {% for g in generalization %}"d".{{ ('q' ~ loop.index0)|ident }}{% if not loop.last %}, {% endif %}{% endfor %}) AS "t"
  FROM (SELECT DISTINCT {% for g in generalization %}"gm".{{ ('q' ~ loop.index0)|ident }}{% if not loop.last %}, {% endif %}{% endfor %} FROM "gm") AS "d"
), "gs" AS (
  -- each person's set at each node
  SELECT "gm"."mid"{% for p in pk %}, "gm".{{ p|ident }}{% endfor %}, {{ pe.signature('"gn"."t"') }} AS "sg"
  FROM "gm"
  JOIN "gn" ON {% for g in generalization %}"gn".{{ ('q' ~ loop.index0)|ident }} = "gm".{{ ('q' ~ loop.index0)|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
  GROUP BY "gm"."mid"{% for p in pk %}, "gm".{{ p|ident }}{% endfor %}
), "pp" AS (
  -- each person's class: the signature of their tuples as numbered in sets.tuples
  SELECT {% for p in pk %}"m".{{ p|ident }}, {% endfor %}{{ pe.signature('"t"."t"') }} AS "k0"
  FROM {{ sets.members|ident }} AS "m"
  JOIN {{ sets.tuples|ident }} AS "t"
    ON {% for g in generalization %}"t".{{ ('q' ~ loop.index0)|ident }} = "m".{{ ('q' ~ loop.index0)|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
  GROUP BY {% for p in pk %}"m".{{ p|ident }}{% if not loop.last %}, {% endif %}{% endfor %}
{%- endif %}
), "pg" AS (
  -- the people of the input's classes (those suppression keeps), with their set at each node
  SELECT "pp"."k0", "gs"."mid", "gs"."sg"{% for p in pk %}, "gs".{{ p|ident }}{% endfor %}
  FROM "pp"
  JOIN (SELECT DISTINCT "f".{{ keys[0]|ident }} AS "k0" FROM "f") AS "kept" ON "kept"."k0" = "pp"."k0"
  JOIN "gs" ON {% for p in pk %}"gs".{{ p|ident }} = "pp".{{ p|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
), "fm" AS (
  -- each class with its superset at each node: the class there of its people (one)
  SELECT {% for key in keys %}"f".{{ key|ident }}, {% endfor %}"sm"."mid", "sm"."sg", "f"."s", "f"."n", "f"."cnt"{% if people %}, "f"."np"{% endif %}
  FROM "f"
  JOIN (SELECT DISTINCT "pg"."k0", "pg"."mid", "pg"."sg" FROM "pg") AS "sm" ON "sm"."k0" = "f".{{ keys[0]|ident }}
), "sup" AS (
  -- each superset's distribution: its people's values, each person weighing one
  SELECT "pg"."mid", "pg"."sg", "v".{{ sets.value|ident }} AS "s", CAST(SUM("v"."n") AS DOUBLE) AS "n"
  FROM "pg"
  JOIN {{ sets["values"]|ident }} AS "v" ON {% for p in pk %}"v".{{ p|ident }} = "pg".{{ p|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
  GROUP BY "pg"."mid", "pg"."sg", "v".{{ sets.value|ident }}
), "ssize" AS (
  -- the qualifying supersets: at least n people (counted exactly)
  SELECT "sup"."mid", "sup"."sg", SUM("sup"."n") AS "size"
  FROM "sup"
  JOIN (
    SELECT "pg"."mid", "pg"."sg" FROM "pg" GROUP BY "pg"."mid", "pg"."sg" HAVING COUNT(*) >= {{ n_min|literal }}
  ) AS "big" ON "big"."mid" = "sup"."mid" AND "big"."sg" = "sup"."sg"
  GROUP BY "sup"."mid", "sup"."sg"
