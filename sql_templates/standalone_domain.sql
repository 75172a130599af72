-- standalone_domain.sql: one sensitive attribute's dictionary, order or ancestor table, defined
--           from the table itself, for the self-contained SQL of `sqlanon compile` (the gate
--           builds the same tables in Python from the column's values: encode.sensitive_domain).
-- Inputs:   source (the table checked); dictionary (this template's part "dictionary").
-- Params:   part ("reserved" | "dictionary" | "order" | "levels" | "ancestors"), source, column,
--           null_label (how NULL is written in the dictionary, as gate_frequencies.sql writes
--           it), reserved (the keys of the values criteria name: allowed / protected values get
--           the fixed codes 0..r-1, so their codes do not depend on the data); for "dictionary":
--           reserved_table (when reserved is not empty: this template's part "reserved", or
--           the same rows from elsewhere: the dbt package's); for "order": dictionary, ranked (the
--           keys of the configured order, smallest first; empty: the values' numeric order); for
--           "levels": hierarchy (relation "h0".."hH": one row per leaf, its label at each
--           level), height (H); for "ancestors": dictionary, levels (this template's part
--           "levels", or the same rows from elsewhere: the dbt package's), null_leaf (the
--           hierarchy's leaf for NULL).
-- Output:   reserved: value VARCHAR, code INT (each reserved value's key and its code);
--           dictionary: value VARCHAR, code INT (the keys of the values present, as the filter
--           key writes them: NULL as null_label, apart from every text);
--           order: s INT, pos INT (1 = smallest; a configured value absent from the data gets
--           a code no value has); levels: leaf, lvl INT, label (each leaf's label at levels
--           0..H-1, the top left out); ancestors: s INT, lvl INT, node INT (each value's hierarchy
--           node at levels 0..H-1; node ids unique per level and label).
-- Note:     the numeric order ranks by the values as doubles, ties in byte order of the text,
--           as encode._numeric_order does.
{%- macro present() -%}
SELECT DISTINCT {{ ('CAST(' ~ column|ident ~ ' AS VARCHAR)')|key }} AS "value"
FROM {{ source|ident }}
{%- endmacro %}
{%- if part == "reserved" %}
SELECT "r"."value", CAST("r"."code" AS INTEGER) AS "code"
FROM (VALUES {% for v in reserved %}({{ v|literal }}, {{ loop.index0 }}){% if not loop.last %}, {% endif %}{% endfor %}) AS "r"("value", "code")
{%- elif part == "dictionary" %}
SELECT "d"."value", CAST({% if reserved %}(SELECT COUNT(*) FROM {{ reserved_table|ident }} AS "r") + {% endif %}ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INTEGER) AS "code"
FROM ({{ present() }}) AS "d"
{%- if reserved %}
WHERE "d"."value" NOT IN (SELECT "r"."value" FROM {{ reserved_table|ident }} AS "r")
UNION ALL
SELECT "r"."value", CAST("r"."code" AS INTEGER) AS "code"
FROM {{ reserved_table|ident }} AS "r"
WHERE "r"."value" IN ({{ present() }})
{%- endif %}
{%- elif part == "order" and ranked %}
SELECT
  CAST(COALESCE(
    "d"."code",
    "m"."top" + ROW_NUMBER() OVER (PARTITION BY "d"."code" IS NULL ORDER BY "o"."pos") - 1
  ) AS INTEGER) AS "s",
  CAST("o"."pos" AS INTEGER) AS "pos"
FROM (VALUES {% for v in ranked %}({{ v|literal }}, {{ loop.index }}){% if not loop.last %}, {% endif %}{% endfor %}) AS "o"("value", "pos")
CROSS JOIN (SELECT {{ reserved|length }} + COUNT(*) AS "top" FROM {{ dictionary|ident }}) AS "m"
LEFT JOIN {{ dictionary|ident }} AS "d" ON "d"."value" = "o"."value"
{%- elif part == "order" %}
SELECT
  "code" AS "s",
  CAST(ROW_NUMBER() OVER (ORDER BY CAST("value" AS DOUBLE), "value" COLLATE "binary") AS INTEGER) AS "pos"
FROM {{ dictionary|ident }}
{%- elif part == "levels" %}
{%- for lvl in range(height) %}
SELECT "h0" AS "leaf", {{ lvl }} AS "lvl", {{ ('h' ~ lvl)|ident }} AS "label" FROM {{ hierarchy|ident }}
{%- if not loop.last %} UNION ALL{% endif %}
{%- endfor %}
{%- elif part == "ancestors" %}
SELECT
  "d"."code" AS "s",
  CAST("a"."lvl" AS INTEGER) AS "lvl",
  CAST(DENSE_RANK() OVER (ORDER BY "a"."lvl", "a"."label") AS INTEGER) AS "node"
FROM {{ dictionary|ident }} AS "d"
JOIN {{ levels|ident }} AS "a"
  ON "a"."leaf" = COALESCE({{ '"d"."value"'|unkey }}, {{ null_leaf|literal }})
{%- endif %}
