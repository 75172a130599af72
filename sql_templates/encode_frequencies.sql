-- encode_frequencies.sql: the bottom frequency table of the lattice.
-- Inputs:   source: the source table (read once here);
--           one dimension table per quasi-identifier
--           (leaf VARCHAR, code INT: level-0 code of each hierarchy leaf), one dictionary per
--           sensitive attribute (value VARCHAR, code INT).
-- Params:   qis ({dim, column}), sensitive ({table, column}), null_value (how the dictionaries
--           write NULL), person (the person columns; empty: each row is a person).
-- Output:   one row per distinct (q0..qk-1, s0..sm-1): level-0 QI codes, sensitive codes,
--           n = number of source rows (BIGINT); with person, n = number of distinct people
--           with a row of (q, s) (Nergiz, Clifton, Nergiz, Multirelational k-anonymity, IEEE
--           TKDE 2009, section 3: k counts people, not tuples).
-- Formula:  n(q, s) = |{ rows r : code(r.qi) = q, code(r.sa) = s }|  (Incognito's frequency set,
--           LeFevre, DeWitt, Ramakrishnan 2005, section 3). A NULL quasi-identifier maps to the
--           hierarchy leaf ''; a sensitive value is the dictionary's value of its key (the filter key:
--           NULL as null_value, apart from every text).
-- Note:     grouped by position, not by the output names: a source column named q0 or s0 would
--           otherwise be what GROUP BY "q0" binds to.
{%- if person %}
SELECT
{%- for q in qis %} {{ ('q' ~ loop.index0)|ident }},{% endfor %}
{%- for s in sensitive %} {{ ('s' ~ loop.index0)|ident }},{% endfor %}
  CAST(COUNT(*) AS BIGINT) AS "n"
FROM (
SELECT DISTINCT
{%- for q in qis %}
  {{ ('d' ~ loop.index0)|ident }}."code" AS {{ ('q' ~ loop.index0)|ident }},
{%- endfor %}
{%- for s in sensitive %}
  {{ ('e' ~ loop.index0)|ident }}."code" AS {{ ('s' ~ loop.index0)|ident }},
{%- endfor %}
{%- for p in person %}
  "src".{{ p|ident }} AS {{ ('p' ~ loop.index0)|ident }}{% if not loop.last %},{% endif %}
{%- endfor %}
{%- else %}
SELECT
{%- for q in qis %}
  {{ ('d' ~ loop.index0)|ident }}."code" AS {{ ('q' ~ loop.index0)|ident }},
{%- endfor %}
{%- for s in sensitive %}
  {{ ('e' ~ loop.index0)|ident }}."code" AS {{ ('s' ~ loop.index0)|ident }},
{%- endfor %}
  CAST(COUNT(*) AS BIGINT) AS "n"
{%- endif %}
FROM {{ source|ident }} AS "src"
{%- for q in qis %}
JOIN {{ q.dim|relation }} AS {{ ('d' ~ loop.index0)|ident }}
  ON COALESCE(CAST("src".{{ q.column|ident }} AS VARCHAR), '') = {{ ('d' ~ loop.index0)|ident }}."leaf"
{%- endfor %}
{%- for s in sensitive %}
JOIN {{ s.table|ident }} AS {{ ('e' ~ loop.index0)|ident }}
  ON {{ ('CAST("src".' ~ s.column|ident ~ ' AS VARCHAR)')|key }} = {{ ('e' ~ loop.index0)|ident }}."value"
{%- endfor %}
{%- if person %}
) AS "dp"
{%- endif %}
{%- if qis or sensitive %}
GROUP BY {% for i in range((qis|length) + (sensitive|length)) %}{{ loop.index }}{% if not loop.last %}, {% endif %}{% endfor %}
{%- endif %}
