-- gate_frequencies.sql: the frequency table of a published table, computed from scratch.
-- Inputs:   published (the table to gate), one dictionary per checked sensitive attribute
--           (value VARCHAR, code INT).
-- Params:   qis (published QI columns, compared as published: text, NULL as a value of its own),
--           sensitive ({column, table}), null_label (how a NULL QI label and a NULL sensitive
--           value are written; the dictionaries write NULL so).
-- Output:   q0..qk-1 (VARCHAR), s0..sm-1 (codes), n = number of rows (BIGINT).
-- Note:     grouped by position, not by the output names: a published column named q0 or s0
--           would otherwise be what GROUP BY "q0" binds to.
SELECT
{%- for q in qis %}
  COALESCE(CAST("p".{{ q|ident }} AS VARCHAR), {{ null_label|literal }}) AS {{ ('q' ~ loop.index0)|ident }},
{%- endfor %}
{%- for s in sensitive %}
  {{ ('e' ~ loop.index0)|ident }}."code" AS {{ ('s' ~ loop.index0)|ident }},
{%- endfor %}
  CAST(COUNT(*) AS BIGINT) AS "n"
FROM {{ published|ident }} AS "p"
{%- for s in sensitive %}
JOIN {{ s.table|ident }} AS {{ ('e' ~ loop.index0)|ident }}
  ON COALESCE(CAST("p".{{ s.column|ident }} AS VARCHAR), {{ null_label|literal }}) = {{ ('e' ~ loop.index0)|ident }}."value"
{%- endfor %}
{%- if qis or sensitive %}
GROUP BY {% for i in range((qis|length) + (sensitive|length)) %}{{ loop.index }}{% if not loop.last %}, {% endif %}{% endfor %}
{%- endif %}
