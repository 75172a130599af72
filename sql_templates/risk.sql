-- risk.sql: re-identification risk of a table from its equivalence classes' sizes.
-- Inputs:   freq (gate_frequencies.sql's table: q0..qk-1, the sensitive codes, n).
-- Params:   freq, keys (the class keys q0..), threshold_num / threshold_den (the threshold t of
--           "records at risk" as an exact fraction).
-- Output:   one row: rows BIGINT (N), classes BIGINT (number of classes), smallest BIGINT (the
--           smallest class's size; NULL without rows), at_risk BIGINT (rows in classes whose
--           prosecutor risk 1/|E| exceeds t: |E| * t < 1, compared exactly as
--           |E| * num < den), uniques BIGINT (rows alone in their class).
-- Formula:  prosecutor risk of a record in class E: 1/|E|; highest = 1/min|E|, average =
--           classes / N; marketer risk (expected share re-identified) = classes / N; sample
--           uniques = rows in classes of size 1 / N (El Emam, Guide to the De-Identification of
--           Personal Health Information, 2013; ARX's risk models). The divisions are made from
--           these exact counts by the caller.
WITH "c" AS (
  SELECT SUM("n") AS "size" FROM {{ freq|ident }}
  {%- if keys %} GROUP BY {{ keys|map('ident')|join(', ') }}{% endif %}
)
SELECT
  CAST(COALESCE(SUM("size"), 0) AS BIGINT) AS "rows",
  CAST(COUNT(*) AS BIGINT) AS "classes",
  CAST(MIN("size") AS BIGINT) AS "smallest",
  CAST(COALESCE(SUM(CASE WHEN "size" * {{ threshold_num|literal }} < {{ threshold_den|literal }} THEN "size" ELSE 0 END), 0) AS BIGINT) AS "at_risk",
  CAST(COALESCE(SUM(CASE WHEN "size" = 1 THEN 1 ELSE 0 END), 0) AS BIGINT) AS "uniques"
FROM "c"
WHERE "size" > 0
