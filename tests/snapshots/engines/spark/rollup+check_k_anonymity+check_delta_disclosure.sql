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
  ), `gc__w0` AS (
    SELECT
      `s`,
      SUM(`cnt`) AS `qcnt`
    FROM `f__w0` AS `f`
    GROUP BY
      `s`
  ), `tot__w0` AS (
    SELECT
      CAST(SUM(`qcnt`) AS DECIMAL(38, 0)) AS `total`,
      COUNT(*) AS `m`
    FROM `gc__w0` AS `gc`
  ), `e__w0` AS (
    SELECT
      `f`.`q0`,
      `f`.`q1`,
      `f`.`q2`,
      `f`.`cnt`,
      CAST(`gc`.`qcnt` AS DECIMAL(38, 0)) AS `qcnt`,
      `tot`.`total`,
      `tot`.`m`,
      CAST(SUM(`f`.`cnt`) OVER (PARTITION BY `f`.`q0`, `f`.`q1`, `f`.`q2`) AS DECIMAL(38, 0)) AS `size`
    FROM `f__w0` AS `f`
    JOIN `gc__w0` AS `gc`
      ON `gc`.`s` = `f`.`s`
    CROSS JOIN `tot__w0` AS `tot`
  ), `c__w0` AS (
    SELECT
      `q0`,
      `q1`,
      `q2`,
      MAX(`size`) AS `size`,
      CASE
        WHEN COUNT(*) < MAX(`m`)
        THEN CAST('inf' AS DOUBLE)
        ELSE MAX(ABS(LN(CAST(`cnt` * `total` AS DOUBLE) / CAST(`size` * `qcnt` AS DOUBLE))))
      END AS `val`
    FROM `e__w0` AS `e`
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
    `val` >= 3.0 - 1e-09 AS `bad`,
    `val`
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
