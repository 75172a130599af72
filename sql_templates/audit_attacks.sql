-- audit_attacks.sql: the classes of a release vulnerable to each attack the papers describe.
-- Inputs:   input (keys..., s0..sm-1, n; with people s0, n, c, np): the release's frequency
--           table at one node (the classes suppression removes already left out); skew
--           (keys..., b0, v0, b1, v1, ...): per class, the skewness verdict and Earth Mover's
--           Distance of each sensitive attribute (a t-closeness check of attribute i is
--           criterion i); per attribute with a hierarchy, ancestors (s, lvl, node): each
--           value's hierarchy node at every level below the root (encode.SensitiveDomain).
-- Params:   keys; attributes: one {column (s<i>), ancestors (table or none)} per sensitive
--           attribute; level (similarity's hierarchy level, below every ancestors' root);
--           negations (s); gain_num / gain_den (inference's gain g as an exact fraction);
--           people (the input holds people and their values; default false).
-- Output:   one row: classes, rows; per attribute i and attack x (h homogeneity, n negation,
--           m similarity, k skewness, i inference) x<i>_c BIGINT (vulnerable classes) and
--           x<i>_r BIGINT (their rows), NULL for similarity without a hierarchy; k<i>_w and
--           i<i>_w DOUBLE (the largest distance, the largest gain); per attack x_c and x_r:
--           the classes vulnerable through any attribute, and their rows.
-- Formula:  per class E and attribute A, with n(E, a) its records of value a, p = n(E, a)/|E|
--           and q = n(T, a)/|T| over the release T:
--           homogeneity: |{a : n(E, a) > 0}| = 1 (002, section 3.1, the homogeneity attack);
--           negation: |{a : n(E, a) > 0}| <= s + 1: an adversary who rules out s values learns
--           the last (002, section 4: l-diversity needs l - 1 pieces of such knowledge);
--           similarity: every value with n(E, a) > 0 has one ancestor at the level (003,
--           section 3.1, the similarity attack: Figure 1's semantic groups);
--           skewness: EMD(P_E, Q) > t (003, section 3.1, the skewness attack; sections 4-5);
--           inference: max_a (p - q) > g, compared exactly as
--           gain_den * (n(E, a) |T| - n(T, a) |E|) > gain_num * |E| |T| (the largest rise of
--           an adversary's belief from the table's share to the class's: 003, section 4.1, the
--           observer's beliefs B0 -> B2).
-- People:   with people (person: set; the input holds _people_values.sql's n, c and np; with
--           several sensitive columns, attribute i's holders are its ``holder`` column), a
--           class E is N people (N = the sum of np), c(v) its people who have v, and every count
--           above reads people: the belief that a person of E has v is b_E(v) = c(v)/N, and the
--           table's b_T(v) = c_T(v)/N_T over the release's people (docs/people.md, "The audit
--           over people", derives each attack):
--           homogeneity: some v has c(v) = N (every person of E has v: the attacker learns it
--           for certain; with one row per person, the same as one value in E);
--           negation: |{v : c(v) > 0}| <= s + 1, the values any person of E may have;
--           similarity: those values have one ancestor at the level;
--           skewness: EMD(P_E, P_T) > t, P the distributions in which each person weighs one,
--           split evenly over their values (the t-closeness templates' people form);
--           inference: max_v (b_E(v) - b_T(v)) > g, compared exactly as
--           gain_den * (c(v) N_T - c_T(v) N) > gain_num * N N_T.
--           Counting people, not records: Nergiz, Clifton, Nergiz, Multirelational
--           k-anonymity (IEEE TKDE 2009, section 3). The x<i>_r and x_r columns, and rows, then
--           count people.
{%- set people = people|default(false) %}
WITH "tot" AS (
  SELECT CAST(SUM({{ '"np"' if people else '"n"' }}) AS HUGEINT) AS "total" FROM {{ input|ident }}
)
{%- for a in attributes %}{% set i = loop.index0 %}
, {{ ('f' ~ i)|ident }} AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}{{ a.column|ident }} AS "s", CAST(SUM({% if people %}{{ a.holder|default('c')|ident }}{% else %}"n"{% endif %}) AS HUGEINT) AS "n"
  {%- if people %}, CAST(SUM("np") AS HUGEINT) AS "np"{% endif %}
  FROM {{ input|ident }}
  GROUP BY {% for key in keys %}{{ key|ident }}, {% endfor %}{{ a.column|ident }}
  HAVING SUM("n") > 0
), {{ ('t' ~ i)|ident }} AS (
  SELECT "s", SUM("n") AS "t" FROM {{ ('f' ~ i)|ident }} GROUP BY "s"
), {{ ('e' ~ i)|ident }} AS (
  SELECT
    {%- for key in keys %} "f".{{ key|ident }},{% endfor %}
    "f"."n",
    "t"."t",
    SUM({{ '"f"."np"' if people else '"f"."n"' }}) OVER (PARTITION BY {% for key in keys %}"f".{{ key|ident }}{% if not loop.last %}, {% endif %}{% endfor %}) AS "size"
    {%- if a.ancestors %},
    "g"."node" AS "g"
    {%- endif %}
  FROM {{ ('f' ~ i)|ident }} AS "f"
  JOIN {{ ('t' ~ i)|ident }} AS "t" ON "t"."s" = "f"."s"
  {%- if a.ancestors %}
  LEFT JOIN {{ a.ancestors|ident }} AS "g" ON "g"."s" = "f"."s" AND "g"."lvl" = {{ level|literal }}
  {%- endif %}
), {{ ('a' ~ i)|ident }} AS (
  SELECT
    {%- for key in keys %} "e".{{ key|ident }},{% endfor %}
    MAX("e"."size") AS "size",
    COUNT(*) AS "d",
    {%- if people %}
    MAX(CASE WHEN "e"."n" = "e"."size" THEN 1 ELSE 0 END) AS "common",
    {%- endif %}
    {% if a.ancestors %}COUNT(DISTINCT "e"."g"){% else %}CAST(NULL AS BIGINT){% endif %} AS "groups",
    MAX(CAST("e"."n" AS DOUBLE) / CAST("e"."size" AS DOUBLE) - CAST("e"."t" AS DOUBLE) / CAST("tot"."total" AS DOUBLE)) AS "gain",
    MAX(CASE WHEN {{ gain_den|literal }} * ("e"."n" * "tot"."total" - "e"."t" * "e"."size") > {{ gain_num|literal }} * "e"."size" * "tot"."total" THEN 1 ELSE 0 END) AS "inferred"
  FROM {{ ('e' ~ i)|ident }} AS "e"
  CROSS JOIN "tot"
  GROUP BY {% for key in keys %}"e".{{ key|ident }}{% if not loop.last %}, {% endif %}{% endfor %}
)
{%- endfor %}
, "c" AS (
  SELECT
    "a0"."size"
    {%- for a in attributes %}{% set i = loop.index0 %}{% set x = 'a' ~ i %},
    {% if people %}{{ x|ident }}."common" = 1{% else %}{{ x|ident }}."d" = 1{% endif %} AS {{ ('h' ~ i)|ident }},
    {{ x|ident }}."d" <= {{ (negations + 1)|literal }} AS {{ ('n' ~ i)|ident }},
    {{ x|ident }}."groups" = 1 AS {{ ('m' ~ i)|ident }},
    "skew".{{ ('b' ~ i)|ident }} AS {{ ('k' ~ i)|ident }},
    "skew".{{ ('v' ~ i)|ident }} AS {{ ('kv' ~ i)|ident }},
    {{ x|ident }}."inferred" = 1 AS {{ ('i' ~ i)|ident }},
    {{ x|ident }}."gain" AS {{ ('iv' ~ i)|ident }}
    {%- endfor %}
  FROM "a0"
  {%- for a in attributes[1:] %}
  JOIN {{ ('a' ~ loop.index)|ident }} USING ({{ keys|map('ident')|join(', ') }})
  {%- endfor %}
  JOIN {{ skew|ident }} AS "skew" USING ({{ keys|map('ident')|join(', ') }})
)
{%- macro count(flag) -%}
CAST(COALESCE(SUM(CASE WHEN {{ flag }} THEN 1 ELSE 0 END), 0) AS BIGINT)
{%- endmacro %}
{%- macro rows(flag) -%}
CAST(COALESCE(SUM(CASE WHEN {{ flag }} THEN "size" ELSE 0 END), 0) AS BIGINT)
{%- endmacro %}
SELECT
  CAST(COUNT(*) AS BIGINT) AS "classes",
  CAST(COALESCE(SUM("size"), 0) AS BIGINT) AS "rows"
{%- for a in attributes %}{% set i = loop.index0 %}
{%- for x in ["h", "n", "m", "k", "i"] %}
  {%- set flag = (x ~ i)|ident %}
  {%- if x == "m" and not a.ancestors %},
  CAST(NULL AS BIGINT) AS {{ ('m' ~ i ~ '_c')|ident }},
  CAST(NULL AS BIGINT) AS {{ ('m' ~ i ~ '_r')|ident }}
  {%- else %},
  {{ count(flag) }} AS {{ (x ~ i ~ '_c')|ident }},
  {{ rows(flag) }} AS {{ (x ~ i ~ '_r')|ident }}
  {%- endif %}
{%- endfor %},
  MAX({{ ('kv' ~ i)|ident }}) AS {{ ('k' ~ i ~ '_w')|ident }},
  MAX({{ ('iv' ~ i)|ident }}) AS {{ ('i' ~ i ~ '_w')|ident }}
{%- endfor %}
{%- for x in ["h", "n", "m", "k", "i"] %}
  {%- set flags = [] %}
  {%- for a in attributes %}{% if x != "m" or a.ancestors %}{% set _ = flags.append((x ~ loop.index0)|ident) %}{% endif %}{% endfor %}
  {%- if flags %},
  {{ count(flags|join(' OR ')) }} AS {{ (x ~ '_c')|ident }},
  {{ rows(flags|join(' OR ')) }} AS {{ (x ~ '_r')|ident }}
  {%- else %},
  CAST(NULL AS BIGINT) AS {{ (x ~ '_c')|ident }},
  CAST(NULL AS BIGINT) AS {{ (x ~ '_r')|ident }}
  {%- endif %}
{%- endfor %}
FROM "c"
