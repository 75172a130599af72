CREATE TEMPORARY VIEW `__sqlanon_generalize_N` AS
SELECT
  CAST(`c0` AS INT) AS `lf`,
  CAST(`c1` AS STRING) AS `cf`,
  CAST(`c2` AS INT) AS `lt`,
  CAST(`c3` AS STRING) AS `ct`
FROM `__sqlanon_load_N`;
