-- check_k_anonymity.sql: k-anonymity, one row per equivalence class.
-- Inputs:   input (keys..., n): frequency table of the node (any extra columns are ignored).
-- Params:   keys (QI columns of the node), k (integer >= 1).
-- Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= class size; worst = MIN).
-- Formula:  a class E satisfies k-anonymity iff |E| >= k.
-- Citation: Sweeney, k-anonymity (2002); l-diversity paper (002) Definition 2.1.
SELECT
{%- for key in keys %} {{ key|ident }},{% endfor %}
  CAST(SUM("n") AS HUGEINT) AS "size",
  SUM("n") < {{ k|literal }} AS "bad",
  CAST(SUM("n") AS DOUBLE) AS "val"
FROM {{ input|ident }}
GROUP BY {{ keys|map('ident')|join(', ') }}
