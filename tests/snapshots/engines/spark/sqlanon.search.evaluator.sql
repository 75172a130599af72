CREATE TEMPORARY VIEW `__sqlanon_freq_qi_N` AS
SELECT
  `q0`,
  `q1`,
  `q2`,
  CAST(SUM(`n`) AS BIGINT) AS `n`
FROM `__sqlanon_freq_N`
GROUP BY
  `q0`,
  `q1`,
  `q2`;
SELECT
  COUNT(*)
FROM `__sqlanon_freq_qi_N`;

CREATE TEMPORARY VIEW `__sqlanon_freq_qi_N` AS
SELECT
  `q0`,
  `q1`,
  `q2`,
  CAST(SUM(`np`) AS BIGINT) AS `n`
FROM `__sqlanon_freq_N`
GROUP BY
  `q0`,
  `q1`,
  `q2`;
SELECT
  COUNT(*)
FROM `__sqlanon_freq_qi_N`;
