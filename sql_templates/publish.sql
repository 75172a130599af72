-- publish.sql: the release of one node: generalized QI labels, suppressed classes removed,
-- identifier columns dropped, every other column unchanged.
-- Inputs:   source (read once); per QI: dim (leaf, code), up (lf, cf, lt, ct), labels (lvl, code,
--           label); verdicts (q0..qk-1 at the node's levels, bad) of the node.
-- Params:   columns (source order, each {name, qi index or none}), qis ({column, dim, up, labels,
--           level, top: the top label when level is the QI's top, else none}), verdicts,
--           suppress (whether some class of verdicts is bad), people (none, or for people whose
--           quasi-identifiers vary: {members: encode_members.sql's table, persons:
--           person_codes.sql's, person: the person columns, radix: the tuple numbers' radixes}:
--           then the verdicts' q0 is a class's signature, rollup_people.sql's), aggregated
--           (microaggregation, [{column, value}]: each such QI's original value is published
--           too, as trimmed text ('' as NULL) named value, for microaggregate.sql; else empty).
-- Output:   the published rows, in the source's column order (publish.stage sorts them).
-- Formula:  row r is published iff its class (gen(r.qi_0), ..., gen(r.qi_k-1)) is not suppressed
--           (with people: iff its person's class, the set of their generalized tuples, is not);
--           a QI cell becomes the label of its value's ancestor at the node's level.
-- Plan:     each QI's leaf -> (code, label) map is built first (a few rows per hierarchy leaf)
--           and the source is joined to those maps, then semi-joined with the kept classes.
--           Joining the dimension tables with the verdicts before the source made DuckDB build a
--           product of the generalized leaves (32 s on Adult; this form takes well under 1 s).
--           A QI at its top level is the constant top label (every value is covered by its
--           hierarchy, checked when encoding, and its top has one code, 0), so it needs no join
--           and no part in the semi join; without suppression there is no semi join.
{% import "_people.sql" as pp %}
WITH
{%- for q in qis if q.top is none %}
{{ ('m' ~ q.index)|ident }} AS (
  SELECT "d"."leaf", "u"."ct" AS "code", "l"."label"
  FROM {{ q.dim|relation }} AS "d"
  JOIN {{ q.up|relation }} AS "u" ON "u"."lf" = 0 AND "u"."cf" = "d"."code" AND "u"."lt" = {{ q.level|literal }}
  JOIN {{ q.labels|relation }} AS "l" ON "l"."lvl" = {{ q.level|literal }} AND "l"."code" = "u"."ct"
),
{%- endfor %}
"kept" AS (
  SELECT {% for q in qis %}{{ ('q' ~ loop.index0)|ident }}{% if not loop.last %}, {% endif %}{% endfor %}
  FROM {{ verdicts|ident }} WHERE NOT "bad"
)
{%- if people and suppress %},
"pg" AS (
  SELECT DISTINCT "mb"."g"
  {%- for q in qis %},
    {% if q.top is none %}{{ ('u' ~ q.index)|ident }}."ct"{% else %}CAST(0 AS INTEGER){% endif %} AS {{ ('q' ~ q.index)|ident }}
  {%- endfor %}
  FROM {{ people.members|ident }} AS "mb"
  {%- for q in qis if q.top is none %}
  JOIN {{ q.up|relation }} AS {{ ('u' ~ q.index)|ident }}
    ON {{ ('u' ~ q.index)|ident }}."lf" = 0 AND {{ ('u' ~ q.index)|ident }}."cf" = "mb".{{ ('q' ~ q.index)|ident }}
    AND {{ ('u' ~ q.index)|ident }}."lt" = {{ q.level|literal }}
  {%- endfor %}
),
"ps" AS (
  SELECT "pg"."g", {{ pp.signature(pp.tuple_id("pg", people.radix)) }} AS "sig"
  FROM "pg"
  GROUP BY "pg"."g"
),
"keptg" AS (
  SELECT "ps"."g" FROM "ps"
  SEMI JOIN "kept" ON "kept"."q0" = "ps"."sig"
)
{%- endif %}
SELECT
{%- for c in columns %}
  {% if c.qi is not none and qis[c.qi].top is not none %}CAST({{ qis[c.qi].top|literal }} AS VARCHAR){% elif c.qi is not none %}{{ ('m' ~ c.qi)|ident }}."label"{% else %}"src".{{ c.name|ident }}{% endif %} AS {{ c.name|ident }}{% if not loop.last or aggregated %},{% endif %}
{%- endfor %}
{%- for a in aggregated %}
  NULLIF(TRIM(CAST("src".{{ a.column|ident }} AS VARCHAR)), '') AS {{ a.value|ident }}{% if not loop.last %},{% endif %}
{%- endfor %}
FROM {{ source|ident }} AS "src"
{%- for q in qis if q.top is none %}
JOIN {{ ('m' ~ q.index)|ident }}
  ON {{ ('m' ~ q.index)|ident }}."leaf" = COALESCE(CAST("src".{{ q.column|ident }} AS VARCHAR), '')
{%- endfor %}
{%- if suppress and people %}
JOIN {{ people.persons|ident }} AS "pc"
  ON {% for p in people.person %}"pc".{{ ('p' ~ loop.index0)|ident }} = "src".{{ p|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
SEMI JOIN "keptg" ON "keptg"."g" = "pc"."g"
{%- elif suppress %}
SEMI JOIN "kept"
  ON {% for q in qis %}"kept".{{ ('q' ~ q.index)|ident }} = {% if q.top is none %}{{ ('m' ~ q.index)|ident }}."code"{% else %}0{% endif %}{% if not loop.last %} AND {% endif %}{% endfor %}
{%- endif %}
