WITH `f__w0` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    `s0` AS `s`,
    CAST(SUM(`n`) AS DOUBLE) AS `n`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`
  FROM `__sqlanon_gate_freq_N`
  GROUP BY
    `q0`,
    `q1`,
    `q2`,
    `s0`
  HAVING
    SUM(`n`) > 0
), `tot__w0` AS (
  SELECT
    SUM(`n`) AS `total`
  FROM `f__w0` AS `f`
), `c__w0` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    SUM(`n`) AS `size`,
    SUM(`cnt`) AS `rows`
  FROM `f__w0` AS `f`
  GROUP BY
    `q0`,
    `q1`,
    `q2`
), `qn__w0` AS (
  SELECT
    `a`.`lvl`,
    `a`.`node`,
    SUM(`f`.`n`) / MAX(`tot`.`total`) AS `q`
  FROM `f__w0` AS `f`
  JOIN `__sqlanon_anc_N` AS `a`
    ON `a`.`s` = `f`.`s`
  CROSS JOIN `tot__w0` AS `tot`
  GROUP BY
    `a`.`lvl`,
    `a`.`node`
), `pn__w0` AS (
  SELECT
    `f`.`q0`,
    `f`.`q1`,
    `f`.`q2`,
    `a`.`lvl`,
    `a`.`node`,
    SUM(`f`.`n`) AS `n`
  FROM `f__w0` AS `f`
  JOIN `__sqlanon_anc_N` AS `a`
    ON `a`.`s` = `f`.`s`
  GROUP BY
    `f`.`q0`,
    `f`.`q1`,
    `f`.`q2`,
    `a`.`lvl`,
    `a`.`node`
), `d__w0` AS (
  SELECT
    `pn`.`q0`,
    `pn`.`q1`,
    `pn`.`q2`,
    MAX(`c`.`rows`) AS `size`,
    SUM(GREATEST(`pn`.`n` / `c`.`size` - `qn`.`q`, 0.0)) / 3 AS `emd`
  FROM `pn__w0` AS `pn`
  JOIN `c__w0` AS `c`
    USING (`q0`, `q1`, `q2`)
  JOIN `qn__w0` AS `qn`
    ON `qn`.`lvl` = `pn`.`lvl` AND `qn`.`node` = `pn`.`node`
  GROUP BY
    `pn`.`q0`,
    `pn`.`q1`,
    `pn`.`q2`
), `c2__w1` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    `size`,
    `emd` > 0.2 + 1e-09 AS `bad`,
    `emd` AS `val`
  FROM `d__w0` AS `d`
)
SELECT
  CAST(FLOOR(`v`.`v2` * 100) AS BIGINT) AS `low`,
  COUNT(*) AS `classes`,
  SUM(`v`.`size`) AS `rows`
FROM (
  SELECT
    `c2`.`q0`,
    `c2`.`q1`,
    `c2`.`q2`,
    `c2`.`size` AS `size`,
    `c2`.`bad` AS `b2`,
    `c2`.`val` AS `v2`,
    `c2`.`bad` AS `bad`
  FROM `c2__w1` AS `c2`
) AS `v`
WHERE
  NOT `v`.`v2` IS NULL
  AND (
    NOT CAST(`v`.`v2` AS DOUBLE) IN (CAST('Infinity' AS DOUBLE), CAST('-Infinity' AS DOUBLE), CAST('NaN' AS DOUBLE))
  )
GROUP BY
  1
ORDER BY
  1 NULLS LAST;
