CREATE TEMPORARY VIEW `__sqlanon_verdicts_N` AS
WITH `input__w1` AS (
  SELECT
    TRY_ELEMENT_AT(:m0, CAST(`src`.`q0` + 1 AS INT)) AS `q0`,
    TRY_ELEMENT_AT(:m1, CAST(`src`.`q1` + 1 AS INT)) AS `q1`,
    TRY_ELEMENT_AT(:m2, CAST(`src`.`q2` + 1 AS INT)) AS `q2`,
    `src`.`s0`,
    CAST(SUM(`src`.`n`) AS BIGINT) AS `n`
  FROM `__sqlanon_freq_N` AS `src`
  GROUP BY
    TRY_ELEMENT_AT(:m0, CAST(`src`.`q0` + 1 AS INT)),
    TRY_ELEMENT_AT(:m1, CAST(`src`.`q1` + 1 AS INT)),
    TRY_ELEMENT_AT(:m2, CAST(`src`.`q2` + 1 AS INT)),
    `src`.`s0`
), `c0__w1` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `size`,
    SUM(`n`) < 5 AS `bad`,
    CAST(SUM(`n`) AS DOUBLE) AS `val`
  FROM `input__w1` AS `input`
  GROUP BY
    `q0`,
    `q1`,
    `q2`
), `c1__w1` AS (
  WITH `f__w0` AS (
    SELECT
      `q0`,
      `q1`,
      `q2`,
      `s0` AS `s`,
      CAST(SUM(`n`) AS DOUBLE) AS `n`,
      CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`
    FROM `input__w1` AS `input`
    GROUP BY
      `q0`,
      `q1`,
      `q2`,
      `s0`
    HAVING
      SUM(`n`) > 0
  ), `c__w0` AS (
    SELECT
      `q0`,
      `q1`,
      `q2`,
      CAST(SUM(`cnt`) AS DECIMAL(38, 0)) AS `size`,
      CAST(MAX(`cnt`) AS DECIMAL(38, 0)) AS `top`
    FROM `f__w0` AS `f`
    GROUP BY
      `q0`,
      `q1`,
      `q2`
  )
  SELECT
    `q0`,
    `q1`,
    `q2`,
    `size`,
    NOT (
      `size` >= 5 AND `top` * 5 <= `size` * 3
    ) AS `bad`,
    CAST(`top` AS DOUBLE) / CAST(`size` AS DOUBLE) AS `val`
  FROM `c__w0` AS `c`
)
SELECT
  `c0`.`q0`,
  `c0`.`q1`,
  `c0`.`q2`,
  `c0`.`size` AS `size`,
  `c0`.`bad` AS `b0`,
  `c0`.`val` AS `v0`,
  `c1`.`bad` AS `b1`,
  `c1`.`val` AS `v1`,
  `c0`.`bad` OR `c1`.`bad` AS `bad`
FROM `c0__w1` AS `c0`
JOIN `c1__w1` AS `c1`
  USING (`q0`, `q1`, `q2`);
