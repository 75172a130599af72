-- encode_members.sql: the bottom table of people whose quasi-identifiers vary: each person's
-- distinct tuples of level-0 quasi-identifier codes.
-- Inputs:   source (read once here); one dimension table per quasi-identifier (leaf VARCHAR,
--           code INT); persons (person_codes.sql: the person columns p0.., g).
-- Params:   qis ({dim, column}), person (the person columns), persons.
-- Output:   g (the person's number), q0..qk-1: one row per distinct (person, level-0 tuple).
--           With several ({table, column} per sensitive column: multi-attribute l-diversity
--           over people), also s0..sm-1, the row's codes: one row per distinct (person, level-0
--           tuple, codes), rollup_people.sql's rows.
-- Formula:  a person's quasi-identifier is the set { (code(r.q0), ..., code(r.qk-1)) : rows r of
--           the person } (Nergiz, Clifton, Nergiz, Multirelational k-anonymity, IEEE TKDE 2009,
--           section 3); a NULL quasi-identifier maps to the hierarchy leaf '', as in
--           encode_frequencies.sql.
SELECT DISTINCT
  "pc"."g"
{%- for q in qis %},
  {{ ('d' ~ loop.index0)|ident }}."code" AS {{ ('q' ~ loop.index0)|ident }}
{%- endfor %}
{%- for sv in several|default([]) %},
  {{ ('e' ~ loop.index0)|ident }}."code" AS {{ ('s' ~ loop.index0)|ident }}
{%- endfor %}
FROM {{ source|ident }} AS "src"
JOIN {{ persons|ident }} AS "pc"
  ON {% for p in person %}"pc".{{ ('p' ~ loop.index0)|ident }} = "src".{{ p|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
{%- for q in qis %}
JOIN {{ q.dim|relation }} AS {{ ('d' ~ loop.index0)|ident }}
  ON COALESCE(CAST("src".{{ q.column|ident }} AS VARCHAR), '') = {{ ('d' ~ loop.index0)|ident }}."leaf"
{%- endfor %}
{%- for sv in several|default([]) %}
JOIN {{ sv.table|ident }} AS {{ ('e' ~ loop.index0)|ident }}
  ON {{ ('CAST("src".' ~ sv.column|ident ~ ' AS VARCHAR)')|key }} = {{ ('e' ~ loop.index0)|ident }}."value"
{%- endfor %}
