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
      GREATEST(
        SUM(
          CAST(`cnt` AS DOUBLE) / CAST(`size` AS DOUBLE) * LN(CAST(`cnt` * `total` AS DOUBLE) / CAST(`size` * `qcnt` AS DOUBLE))
        ),
        0.0
      ) AS `val`
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
    `val` > 0.5 + 1e-09 AS `bad`,
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

WITH `input0` AS (
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
  FROM `input0`
  GROUP BY
    `q0`,
    `q1`,
    `q2`
), `f__w0` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    `s0` AS `s`,
    CAST(SUM(`n`) AS DOUBLE) AS `n`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`
  FROM `input0`
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
    GREATEST(
      SUM(
        CAST(`cnt` AS DOUBLE) / CAST(`size` AS DOUBLE) * LN(CAST(`cnt` * `total` AS DOUBLE) / CAST(`size` * `qcnt` AS DOUBLE))
      ),
      0.0
    ) AS `val`
  FROM `e__w0` AS `e`
  GROUP BY
    `q0`,
    `q1`,
    `q2`
), `c1__w1` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    `size`,
    `val` > 0.5 + 1e-09 AS `bad`,
    `val`
  FROM `c__w0` AS `c`
), `input` AS (
  SELECT
    *
  FROM input0
  SEMI JOIN (
    SELECT
      `q0`,
      `q1`,
      `q2`
    FROM (
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
        USING (`q0`, `q1`, `q2`)
    ) AS `v`
    WHERE
      NOT `bad`
  ) AS `kept`
    USING (`q0`, `q1`, `q2`)
), `f__w2` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    `s0` AS `s`,
    CAST(SUM(`n`) AS DOUBLE) AS `n`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`
  FROM `input`
  GROUP BY
    `q0`,
    `q1`,
    `q2`,
    `s0`
  HAVING
    SUM(`n`) > 0
), `gc__w2` AS (
  SELECT
    `s`,
    SUM(`cnt`) AS `qcnt`
  FROM `f__w2` AS `f`
  GROUP BY
    `s`
), `tot__w2` AS (
  SELECT
    CAST(SUM(`qcnt`) AS DECIMAL(38, 0)) AS `total`,
    COUNT(*) AS `m`
  FROM `gc__w2` AS `gc`
), `e__w2` AS (
  SELECT
    `f`.`q0`,
    `f`.`q1`,
    `f`.`q2`,
    `f`.`cnt`,
    CAST(`gc`.`qcnt` AS DECIMAL(38, 0)) AS `qcnt`,
    `tot`.`total`,
    `tot`.`m`,
    CAST(SUM(`f`.`cnt`) OVER (PARTITION BY `f`.`q0`, `f`.`q1`, `f`.`q2`) AS DECIMAL(38, 0)) AS `size`
  FROM `f__w2` AS `f`
  JOIN `gc__w2` AS `gc`
    ON `gc`.`s` = `f`.`s`
  CROSS JOIN `tot__w2` AS `tot`
), `c__w2` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    MAX(`size`) AS `size`,
    GREATEST(
      SUM(
        CAST(`cnt` AS DOUBLE) / CAST(`size` AS DOUBLE) * LN(CAST(`cnt` * `total` AS DOUBLE) / CAST(`size` * `qcnt` AS DOUBLE))
      ),
      0.0
    ) AS `val`
  FROM `e__w2` AS `e`
  GROUP BY
    `q0`,
    `q1`,
    `q2`
)
SELECT
  `a1`.`classes`,
  `a1`.`rows`,
  `a1`.`vc`,
  `a1`.`vr`,
  `a1`.`worst`
FROM (
  SELECT
    COUNT(*) AS `classes`,
    COALESCE(SUM(`size`), 0) AS `rows`,
    COUNT_IF(`bad`) AS `vc`,
    COALESCE(SUM(CASE WHEN `bad` THEN `size` ELSE 0 END), 0) AS `vr`,
    MAX(`val`) AS `worst`
  FROM (
    /* check_t_kl.sql: t-closeness with the Kullback-Leibler divergence KL(P_E || Q). */
    /* Inputs:   input (keys..., s, n). Q is the distribution of s over the whole input. */
    /* Params:   keys, s, t >= 0, tol (absolute tolerance on the divergence). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= KL(P_E || Q) in nats; worst = MAX). */
    /* Formula:  KL = sum over values v present in E of p_v ln(p_v / q_v), finite since every value */
    /*           of E is in the table; p_v / q_v = (count(E,v) N) / (|E| count(v)) from exact 128-bit */
    /*           products; clamped at 0. E passes iff KL <= t + tol. Not a metric. */
    /* Citation: survey (001), section 9.2 (alternative distances for t-closeness). */
    /* People:   with people (_people_values.sql: person: set), P and Q are distributions in which each */
    /*           person weighs one (n), and size counts people (docs/people.md). */
    SELECT
      `q0`,
      `q1`,
      `q2`,
      `size`,
      `val` > 0.5 + 1e-09 AS `bad`,
      `val`
    FROM `c__w2` AS `c`
  ) AS `c`
) AS `a1`;
