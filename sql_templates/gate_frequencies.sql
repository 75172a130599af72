-- gate_frequencies.sql: the frequency table of a published table, computed from scratch.
-- Inputs:   published (the table to gate), one dictionary per checked sensitive attribute
--           (value VARCHAR, code INT).
-- Params:   qis (published QI columns, compared as published: text, NULL as a value of its own),
--           sensitive ({column, table}), null_label (how a NULL QI label and a NULL sensitive
--           value are written; the dictionaries write NULL so), person (the person columns;
--           empty: each row is a person).
-- Keys:     the rows are grouped by their cells as text (GROUP BY keeps NULL apart from every
--           value), then each group's cells are written as keys (the filter key,
--           sqlanon/sql/labels.py): NULL as null_label, a value starting with U+001E with one
--           more in front, any other value as it is. So no text, not even null_label's own, is
--           counted with NULL (nor is '').
-- Output:   q0..qk-1 (VARCHAR keys), s0..sm-1 (codes), n = number of rows (BIGINT); with
--           person, n = number of distinct people with a row of the cells (Nergiz, Clifton,
--           Nergiz, Multirelational k-anonymity, IEEE TKDE 2009, section 3).
-- Note:     grouped by position, not by the output names: a published column named q0 or s0
--           would otherwise be what GROUP BY "q0" binds to.
SELECT
{%- for q in qis %}
  {{ ('"g".' ~ ('q' ~ loop.index0)|ident)|key }} AS {{ ('q' ~ loop.index0)|ident }},
{%- endfor %}
{%- for s in sensitive %}
  {{ ('e' ~ loop.index0)|ident }}."code" AS {{ ('s' ~ loop.index0)|ident }},
{%- endfor %}
  "g"."n"
FROM (
  SELECT
  {%- for q in qis %}
    {% if person %}"p".{{ ('q' ~ loop.index0)|ident }}{% else %}CAST("p".{{ q|ident }} AS VARCHAR){% endif %} AS {{ ('q' ~ loop.index0)|ident }},
  {%- endfor %}
  {%- for s in sensitive %}
    {% if person %}"p".{{ ('s' ~ loop.index0)|ident }}{% else %}CAST("p".{{ s.column|ident }} AS VARCHAR){% endif %} AS {{ ('s' ~ loop.index0)|ident }},
  {%- endfor %}
    CAST(COUNT(*) AS BIGINT) AS "n"
  {%- if person %}
  FROM (
    SELECT DISTINCT
    {%- for q in qis %}
      CAST("t".{{ q|ident }} AS VARCHAR) AS {{ ('q' ~ loop.index0)|ident }},
    {%- endfor %}
    {%- for s in sensitive %}
      CAST("t".{{ s.column|ident }} AS VARCHAR) AS {{ ('s' ~ loop.index0)|ident }},
    {%- endfor %}
    {%- for p in person %}
      "t".{{ p|ident }} AS {{ ('p' ~ loop.index0)|ident }}{% if not loop.last %},{% endif %}
    {%- endfor %}
    FROM {{ published|ident }} AS "t"
  ) AS "p"
  {%- else %}
  FROM {{ published|ident }} AS "p"
  {%- endif %}
  {%- if qis or sensitive %}
  GROUP BY {% for i in range((qis|length) + (sensitive|length)) %}{{ loop.index }}{% if not loop.last %}, {% endif %}{% endfor %}
  {%- endif %}
) AS "g"
{%- for s in sensitive %}
JOIN {{ s.table|ident }} AS {{ ('e' ~ loop.index0)|ident }}
  ON {{ ('"g".' ~ ('s' ~ loop.index0)|ident)|key }} = {{ ('e' ~ loop.index0)|ident }}."value"
{%- endfor %}
