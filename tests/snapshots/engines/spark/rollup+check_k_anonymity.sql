CREATE TEMPORARY VIEW `__sqlanon_verdicts_N` AS
WITH `input__w0` AS (
  SELECT
    TRY_ELEMENT_AT(:m0, CAST(`src`.`q0` + 1 AS INT)) AS `q0`,
    TRY_ELEMENT_AT(:m1, CAST(`src`.`q1` + 1 AS INT)) AS `q1`,
    TRY_ELEMENT_AT(:m2, CAST(`src`.`q2` + 1 AS INT)) AS `q2`,
    CAST(SUM(`src`.`n`) AS BIGINT) AS `n`
  FROM `__sqlanon_freq_N` AS `src`
  GROUP BY
    TRY_ELEMENT_AT(:m0, CAST(`src`.`q0` + 1 AS INT)),
    TRY_ELEMENT_AT(:m1, CAST(`src`.`q1` + 1 AS INT)),
    TRY_ELEMENT_AT(:m2, CAST(`src`.`q2` + 1 AS INT))
), `c0__w0` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `size`,
    SUM(`n`) < 3 AS `bad`,
    CAST(SUM(`n`) AS DOUBLE) AS `val`
  FROM `input__w0` AS `input`
  GROUP BY
    `q0`,
    `q1`,
    `q2`
)
SELECT
  `c0`.`q0`,
  `c0`.`q1`,
  `c0`.`q2`,
  `c0`.`size` AS `size`,
  `c0`.`bad` AS `b0`,
  `c0`.`val` AS `v0`,
  `c0`.`bad` AS `bad`
FROM `c0__w0` AS `c0`;
