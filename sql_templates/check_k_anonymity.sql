-- check_k_anonymity.sql: k-anonymity, one row per equivalence class.
-- Inputs:   input (keys..., n): frequency table of the node (any extra columns are ignored).
-- Params:   keys (QI columns of the node), k (integer >= 1).
-- Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= class size; worst = MIN).
-- Formula:  a class E satisfies k-anonymity iff |E| >= k (with people: the input's np, its
--           people, _people_values.sql; k counts people).
-- Citation: Sweeney, k-anonymity (2002); l-diversity paper (002) Definition 2.1.
{%- set size = 'SUM("np")' if people|default(false) else 'SUM("n")' %}
SELECT
{%- for key in keys %} {{ key|ident }},{% endfor %}
  CAST({{ size }} AS HUGEINT) AS "size",
  {{ size }} < {{ k|literal }} AS "bad",
  CAST({{ size }} AS DOUBLE) AS "val"
FROM {{ input|ident }}
GROUP BY {{ keys|map('ident')|join(', ') }}
