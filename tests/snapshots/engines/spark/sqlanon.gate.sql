CREATE TEMPORARY VIEW `__sqlanon_gate_people_N` AS
SELECT
  `q0`,
  `q1`,
  `q2`,
  SUM(`np`) AS `n`
FROM `__sqlanon_gate_freq_N`
GROUP BY
  `q0`,
  `q1`,
  `q2`;

SELECT
  COUNT(*)
FROM `__sqlanon_people_N`;

SELECT
  COUNT(*)
FROM `__sqlanon_release_N`;

SELECT
  COUNT(*)
FROM `__sqlanon_table_N`;
