-- check_nt_closeness.sql: (n,t)-closeness, one row per equivalence class.
-- Inputs:   input (keys..., s, n); per class key a generalization table (lf, cf, lt, ct): code
--           cf at level lf generalizes to code ct at level lt (every lt >= lf, the top included);
--           for the ground distance: rank table order (s, pos) (ordered) or ancestors
--           (s, lvl, node), lvl 0..H-1 (hierarchical).
-- Params:   keys, s, supersets (or none: partition-based releases, below), generalization (one
--           {table, level} per key, level = the key's current
--           level: a bound parameter such as $l0 in the search, 0 in the gate), n_min (n),
--           t, tol, distance ("equal" | "ordered" | "hierarchical"), order, full_domain,
--           ancestors, height; sets (or none: people whose quasi-identifiers vary, their
--           supersets formed from each person's tuples: _nt_people.sql).
-- Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= the smallest distance from the
--           class to a natural superset with at least n rows, +inf when there is none;
--           worst = MAX).
-- Formula:  the natural supersets of class E at node N are the classes containing E at every
--           node M >= N (any quasi-identifiers generalized further, up to the whole table);
--           E passes iff some superset S with |S| >= n has D(P_E, P_S) <= t (+ tol), D the EMD
--           of t-closeness: equal: sum over values v of E of max(p_v - q_v, 0) (E within S);
--           hierarchical: 1/H sum over non-root nodes of max(P(N) - Q(N), 0);
--           ordered: 1/(m-1) sum over the values v of S in rank order of
--           |F_P(v) - F_Q(v)| (rank(next value of S) - rank(v)), F the cumulative distributions
--           (both are flat between values of S). Cost: one row per (class, superset) pair and
--           value of the class (the superset's values for ordered).
-- Supersets: with supersets = {ancestors, on, dist} the candidate supersets are given instead of
--           found in the lattice (Mondrian: the partition tree's ancestors, survey 001 Figure
--           7.3.1): ancestors maps class keys (on: [(key, column)...]) to superset ids sid, dist
--           (sid, s..., n) holds each superset's rows; a class with at least n rows passes (it
--           is its own superset, at distance 0).
-- Citation: survey (001), Definition 6.1.2 ((n,t)-closeness); Li, Li, Venkatasubramanian,
--           Closeness: a new privacy measure for data publishing, TKDE 2010.
-- People:   with people (_people_values.sql: person: set), P_E and P_S are the
--           distributions in which each person weighs one, split evenly over their distinct
--           values (n); a superset's size, which n bounds, and the class's size count people
--           (np), each person once (docs/people.md). After Li, Li, Venkatasubramanian's
--           definition; counting people rather than records follows Nergiz, Clifton, Nergiz,
--           Multirelational k-anonymity (IEEE TKDE 2009). With quasi-identifiers constant per
--           person, each person is in one class at every node and the lattice's supersets above
--           hold; when they vary, ``sets`` (_nt_people.sql) forms each superset from the people.
{% import "_distribution.sql" as d %}
{%- set people = people|default(false) %}
{%- set units = '"np"' if people else '"cnt"' %}
{%- set ks = keys|map('ident')|join(', ') %}
WITH {{ d.counts(input, keys, s, people) }},
{%- if supersets %}
{%- set ucols = [] %}
{%- set sup_key = '"mid"' %}
"fm" AS (
  -- each class with each of its candidate supersets (the ancestors table maps class keys to ids)
  SELECT {% for key in keys %}"f".{{ key|ident }}, {% endfor %}"a"."sid" AS "mid", "f"."s", "f"."n", "f"."cnt"
  FROM "f"
  JOIN {{ supersets.ancestors|ident }} AS "a"
    ON {% for key, col in supersets.on %}"a".{{ col|ident }} = "f".{{ key|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
), "sup" AS (
  SELECT "sid" AS "mid", {{ s|ident }} AS "s", CAST(SUM("n") AS DOUBLE) AS "n"
  FROM {{ supersets.dist|ident }} GROUP BY "sid", {{ s|ident }}
), "ssize" AS (
  -- the qualifying supersets: at least n rows (counted exactly)
  SELECT "sid" AS "mid", CAST(SUM("n") AS DOUBLE) AS "size" FROM {{ supersets.dist|ident }}
  GROUP BY "sid" HAVING SUM("n") >= {{ n_min|literal }}
{%- elif sets %}
{%- set ucols = ['"sg"'] %}
{%- set sup_key = '"mid", "sg"' %}
{%- include "_nt_people.sql" %}
{%- else %}
{%- for g in generalization %}
{{ ('g' ~ loop.index0)|ident }} AS (
  SELECT "cf", "lt", "ct" FROM {{ g.table|relation }} AS "u" WHERE "lf" = {{ g.level }}
),
{%- endfor %}
"anc" AS (
  SELECT ROW_NUMBER() OVER () AS "mid"{% for g in generalization %}, {{ ('l' ~ loop.index0)|ident }}."lt" AS {{ ('a' ~ loop.index0)|ident }}{% endfor %}
  FROM {% for g in generalization %}(SELECT DISTINCT "lt" FROM {{ ('g' ~ loop.index0)|ident }}) AS {{ ('l' ~ loop.index0)|ident }}{% if not loop.last %} CROSS JOIN {% endif %}{% endfor %}
), "fm" AS (
  SELECT {% for key in keys %}"f".{{ key|ident }}, {% endfor %}"anc"."mid",
    {%- for g in generalization %} {{ ('g' ~ loop.index0)|ident }}."ct" AS {{ ('u' ~ loop.index0)|ident }},{% endfor %}
    "f"."s", "f"."n", "f"."cnt"{% if people %}, "f"."np"{% endif %}
  FROM "f"
  CROSS JOIN "anc"
  {%- for g in generalization %}
  JOIN {{ ('g' ~ loop.index0)|ident }} ON {{ ('g' ~ loop.index0)|ident }}."cf" = "f".{{ keys[loop.index0]|ident }}
    AND {{ ('g' ~ loop.index0)|ident }}."lt" = "anc".{{ ('a' ~ loop.index0)|ident }}
  {%- endfor %}
{%- set ucols = [] %}{% for g in generalization %}{% set _ = ucols.append(('u' ~ loop.index0)|ident) %}{% endfor %}
{%- set sup_key = (['"mid"'] + ucols)|join(', ') %}
), "sup" AS (
  SELECT {{ sup_key }}, "s", SUM("n") AS "n" FROM "fm" GROUP BY {{ sup_key }}, "s"
), "ssize" AS (
  -- the qualifying supersets: at least n rows (counted exactly)
  SELECT {{ sup_key }}, SUM("n") AS "size" FROM "fm" GROUP BY {{ sup_key }}
  HAVING SUM({{ units }}) >= {{ n_min|literal }}
{%- endif %}
), "c" AS (
  SELECT {{ ks }}, SUM("n") AS "size", SUM({{ units }}) AS "rows" FROM "f" GROUP BY {{ ks }}
), "pr" AS (
  -- (class, qualifying superset) pairs
  SELECT DISTINCT {% for key in keys %}"fm".{{ key|ident }}, {% endfor %}{% for u in ['"mid"'] + ucols %}"fm".{{ u }}{% if not loop.last %}, {% endif %}{% endfor %}
  FROM "fm" JOIN "ssize" USING ({{ sup_key }})
{%- if distance == "equal" %}
), "dist" AS (
  SELECT {% for key in keys %}"fm".{{ key|ident }}, {% endfor %}"fm"."mid",
    SUM(GREATEST("fm"."n" / "c"."size" - "sup"."n" / "ssize"."size", 0.0)) AS "d"
  FROM "fm"
  JOIN "ssize" USING ({{ sup_key }})
  JOIN "sup" USING ({{ sup_key }}, "s")
  JOIN "c" USING ({{ ks }})
  GROUP BY {% for key in keys %}"fm".{{ key|ident }}, {% endfor %}"fm"."mid"
{%- elif distance == "hierarchical" %}
), "pn" AS (
  SELECT {% for key in keys %}"fm".{{ key|ident }}, {% endfor %}{% for u in ['"mid"'] + ucols %}"fm".{{ u }}, {% endfor %}"a"."lvl", "a"."node", SUM("fm"."n") AS "n"
  FROM "fm" JOIN "ssize" USING ({{ sup_key }}) JOIN {{ ancestors|ident }} AS "a" ON "a"."s" = "fm"."s"
  GROUP BY {% for key in keys %}"fm".{{ key|ident }}, {% endfor %}{% for u in ['"mid"'] + ucols %}"fm".{{ u }}, {% endfor %}"a"."lvl", "a"."node"
), "qn" AS (
  SELECT {% for u in ['"mid"'] + ucols %}"sup".{{ u }}, {% endfor %}"a"."lvl", "a"."node", SUM("sup"."n") AS "n"
  FROM "sup" JOIN "ssize" USING ({{ sup_key }}) JOIN {{ ancestors|ident }} AS "a" ON "a"."s" = "sup"."s"
  GROUP BY {% for u in ['"mid"'] + ucols %}"sup".{{ u }}, {% endfor %}"a"."lvl", "a"."node"
), "dist" AS (
  SELECT {% for key in keys %}"pn".{{ key|ident }}, {% endfor %}"pn"."mid",
    SUM(GREATEST("pn"."n" / "c"."size" - "qn"."n" / "ssize"."size", 0.0)) / {{ height|literal }} AS "d"
  FROM "pn"
  JOIN "ssize" USING ({{ sup_key }})
  JOIN "qn" USING ({{ sup_key }}, "lvl", "node")
  JOIN "c" USING ({{ ks }})
  GROUP BY {% for key in keys %}"pn".{{ key|ident }}, {% endfor %}"pn"."mid"
{%- else %}
), "dom" AS (
  SELECT "o"."s", ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r" FROM {{ order|ident }} AS "o"
  {%- if not full_domain %} WHERE "o"."s" IN (SELECT "s" FROM "f"){% endif %}
), "m" AS (
  SELECT COUNT(*) AS "m" FROM "dom"
), "grid" AS (
  -- every value of the superset, with the class's count of it (0 when absent)
  SELECT {% for key in keys %}"pr".{{ key|ident }}, {% endfor %}"pr"."mid", "dom"."r",
    COALESCE("e"."n", 0.0) / "c"."size" AS "p", "sup"."n" / "ssize"."size" AS "q"
  FROM "pr"
  JOIN "ssize" USING ({{ sup_key }})
  JOIN "sup" USING ({{ sup_key }})
  JOIN "dom" ON "dom"."s" = "sup"."s"
  JOIN "c" USING ({{ ks }})
  LEFT JOIN "f" AS "e" ON {% for key in keys %}"e".{{ key|ident }} = "pr".{{ key|ident }} AND {% endfor %}"e"."s" = "sup"."s"
), "cum" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}"mid",
    ABS(SUM("p") OVER "w" - SUM("q") OVER "w") * (LEAD("r", 1, "r") OVER "w" - "r") AS "part"
  FROM "grid"
  WINDOW "w" AS (PARTITION BY {{ ks }}, "mid" ORDER BY "r" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
), "dist" AS (
  SELECT {% for key in keys %}"cum".{{ key|ident }}, {% endfor %}"cum"."mid",
    CASE WHEN MAX("m"."m") <= 1 THEN 0.0 ELSE SUM("cum"."part") / (MAX("m"."m") - 1) END AS "d"
  FROM "cum" CROSS JOIN "m"
  GROUP BY {% for key in keys %}"cum".{{ key|ident }}, {% endfor %}"cum"."mid"
{%- endif %}
), "best" AS (
  SELECT {{ ks }}, MIN("d") AS "d" FROM "dist" GROUP BY {{ ks }}
)
SELECT
{%- for key in keys %} "c".{{ key|ident }},{% endfor %}
  "c"."rows" AS "size",
{%- if supersets %}
  -- the class is its own natural superset (distance 0) when it has at least n rows
  NOT ("c"."rows" >= {{ n_min|literal }} OR COALESCE("best"."d" <= {{ t|literal }} + {{ tol|literal }}, FALSE)) AS "bad",
  CASE WHEN "c"."rows" >= {{ n_min|literal }} THEN 0.0 ELSE COALESCE("best"."d", CAST('inf' AS DOUBLE)) END AS "val"
{%- else %}
  ("best"."d" IS NULL OR "best"."d" > {{ t|literal }} + {{ tol|literal }}) AS "bad",
  COALESCE("best"."d", CAST('inf' AS DOUBLE)) AS "val"
{%- endif %}
FROM "c" LEFT JOIN "best" USING ({{ ks }})
