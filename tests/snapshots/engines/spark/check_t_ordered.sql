WITH `f__w0` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    `s1` AS `s`,
    CAST(SUM(`n`) AS DOUBLE) AS `n`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`
  FROM `__sqlanon_gate_freq_N`
  GROUP BY
    `q0`,
    `q1`,
    `q2`,
    `s1`
  HAVING
    SUM(`n`) > 0
), `tot__w0` AS (
  SELECT
    SUM(`n`) AS `total`
  FROM `f__w0` AS `f`
), `g__w0` AS (
  SELECT
    `s`,
    SUM(`n`) / MAX(`tot`.`total`) AS `q`
  FROM `f__w0` AS `f`
  CROSS JOIN `tot__w0` AS `tot`
  GROUP BY
    `s`
), `dom__w0` AS (
  SELECT
    `o`.`s`,
    ROW_NUMBER() OVER (ORDER BY `o`.`pos` NULLS LAST) AS `r`
  FROM `__sqlanon_order_N` AS `o`
  WHERE
    `o`.`s` IN (
      SELECT
        `s`
      FROM `g__w0` AS `g`
    )
), `m__w0` AS (
  SELECT
    COUNT(*) AS `m`
  FROM `dom__w0` AS `dom`
), `fq__w0` AS (
  SELECT
    `dom`.`r`,
    CAST(SUM(COALESCE(`qc`.`cnt`, 0)) OVER (ORDER BY `dom`.`r` NULLS LAST ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS DOUBLE) / `tot`.`total` AS `fq`
  FROM `dom__w0` AS `dom`
  LEFT JOIN (
    SELECT
      `s`,
      SUM(`cnt`) AS `cnt`
    FROM `f__w0` AS `f`
    GROUP BY
      `s`
  ) AS `qc`
    ON `qc`.`s` = `dom`.`s`
  CROSS JOIN `tot__w0` AS `tot`
), `cdf__w0` AS (
  SELECT
    `r`,
    `fq`,
    SUM(`fq`) OVER (ORDER BY `r` NULLS LAST ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS `gq`
  FROM `fq__w0` AS `fq`
  UNION ALL
  SELECT
    0,
    0.0,
    0.0
), `steps__w0` AS (
  SELECT
    `fq`,
    MAX(`r`) AS `k`,
    MAX(`gq`) AS `gk`
  FROM `cdf__w0` AS `cdf`
  GROUP BY
    `fq`
), `gm__w0` AS (
  SELECT
    MAX(`gq`) AS `gm`
  FROM `cdf__w0` AS `cdf`
), `ranks__w0` AS (
  SELECT
    `dom`.`s`,
    `dom`.`r`,
    `cdf`.`gq` AS `gl`
  FROM `dom__w0` AS `dom`
  JOIN `cdf__w0` AS `cdf`
    ON `cdf`.`r` = `dom`.`r` - 1
), `runs__w0` AS (
  SELECT
    `f`.`q0`,
    `f`.`q1`,
    `f`.`q2`,
    `ranks`.`r` AS `lo`,
    LEAD(`ranks`.`r`, 1, `m`.`m` + 1) OVER (PARTITION BY `f`.`q0`, `f`.`q1`, `f`.`q2` ORDER BY `ranks`.`r` NULLS LAST) - 1 AS `hi`,
    CAST(SUM(`f`.`cnt`) OVER (
      PARTITION BY `f`.`q0`, `f`.`q1`, `f`.`q2`
      ORDER BY `ranks`.`r` NULLS LAST
      ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
    ) AS DOUBLE) /* exact cumulative counts: C non-decreasing within a class and exactly 1 at its last value */ / CAST(SUM(`f`.`cnt`) OVER (PARTITION BY `f`.`q0`, `f`.`q1`, `f`.`q2`) AS DOUBLE) AS `cp`,
    SUM(`f`.`cnt`) OVER (PARTITION BY `f`.`q0`, `f`.`q1`, `f`.`q2`) AS `rows`,
    `ranks`.`gl` AS `gl`,
    LEAD(`ranks`.`gl`, 1, `gm`.`gm`) OVER (PARTITION BY `f`.`q0`, `f`.`q1`, `f`.`q2` ORDER BY `ranks`.`r` NULLS LAST) AS `gh`,
    ROW_NUMBER() OVER (PARTITION BY `f`.`q0`, `f`.`q1`, `f`.`q2` ORDER BY `ranks`.`r` NULLS LAST) AS `idx`
  FROM `f__w0` AS `f`
  JOIN `ranks__w0` AS `ranks`
    ON `ranks`.`s` = `f`.`s`
  CROSS JOIN `m__w0` AS `m`
  CROSS JOIN `gm__w0` AS `gm`
), `st__w0` AS (
  SELECT
    `runs`.*,
    `steps`.`k`,
    `steps`.`gk`
  FROM `runs__w0` AS `runs`
  JOIN (
    SELECT
      *,
      LEAD(`steps`.`fq`) OVER (ORDER BY `steps`.`fq` NULLS LAST) AS `__sqlanon_next`
    FROM `steps__w0` AS `steps`
  ) AS `steps`
    ON `runs`.`cp` >= `steps`.`fq`
    AND (
      `steps`.`__sqlanon_next` IS NULL OR `runs`.`cp` < `steps`.`__sqlanon_next`
    )
), `split__w0` AS (
  SELECT
    `st`.*,
    LEAST(GREATEST(`st`.`k`, `st`.`lo` - 1), `st`.`hi`) AS `ks`,
    CASE
      WHEN `st`.`k` < `st`.`lo` - 1
      THEN `st`.`gl`
      WHEN `st`.`k` > `st`.`hi`
      THEN `st`.`gh`
      ELSE `st`.`gk`
    END AS `gks`
  FROM `st__w0` AS `st`
), `e__w0` AS (
  SELECT
    `split`.`q0`,
    `split`.`q1`,
    `split`.`q2`,
    MAX(`split`.`rows`) AS `size`,
    CASE
      WHEN MAX(`m`.`m`) <= 1
      THEN 0.0
      ELSE GREATEST(
        SUM(
          `cp` * (
            `ks` - `lo` + 1
          ) - (
            `gks` - `gl`
          ) + (
            `gh` - `gks`
          ) - `cp` * (
            `hi` - `ks`
          )
        ) + MAX(CASE WHEN `idx` = 1 THEN `gl` END),
        0.0
      ) / (
        MAX(`m`.`m`) - 1
      )
    END AS `emd`
  FROM `split__w0` AS `split`
  CROSS JOIN `m__w0` AS `m`
  GROUP BY
    `split`.`q0`,
    `split`.`q1`,
    `split`.`q2`
), `c3__w1` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    `size`,
    `emd` > 0.2 + 1e-09 AS `bad`,
    `emd` AS `val`
  FROM `e__w0` AS `e`
)
SELECT
  CAST(FLOOR(`v`.`v3` * 100) AS BIGINT) AS `low`,
  COUNT(*) AS `classes`,
  SUM(`v`.`size`) AS `rows`
FROM (
  SELECT
    `c3`.`q0`,
    `c3`.`q1`,
    `c3`.`q2`,
    `c3`.`size` AS `size`,
    `c3`.`bad` AS `b3`,
    `c3`.`val` AS `v3`,
    `c3`.`bad` AS `bad`
  FROM `c3__w1` AS `c3`
) AS `v`
WHERE
  NOT `v`.`v3` IS NULL
  AND (
    NOT CAST(`v`.`v3` AS DOUBLE) IN (CAST('Infinity' AS DOUBLE), CAST('-Infinity' AS DOUBLE), CAST('NaN' AS DOUBLE))
  )
GROUP BY
  1
ORDER BY
  1 NULLS LAST;
