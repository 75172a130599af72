SELECT
  COUNT(*)
FROM `__sqlanon_people_N`;

SELECT
  COUNT(*)
FROM `__sqlanon_release_N`;

SELECT
  COUNT(*)
FROM `__sqlanon_table_N`;
