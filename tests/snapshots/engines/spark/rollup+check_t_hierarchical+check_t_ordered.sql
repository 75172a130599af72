WITH `input` AS (
  SELECT
    TRY_ELEMENT_AT(:m0, CAST(`src`.`q0` + 1 AS INT)) AS `q0`,
    TRY_ELEMENT_AT(:m1, CAST(`src`.`q1` + 1 AS INT)) AS `q1`,
    TRY_ELEMENT_AT(:m2, CAST(`src`.`q2` + 1 AS INT)) AS `q2`,
    `src`.`s0`,
    `src`.`s1`,
    CAST(SUM(`src`.`n`) AS BIGINT) AS `n`
  FROM `__sqlanon_freq_N` AS `src`
  GROUP BY
    TRY_ELEMENT_AT(:m0, CAST(`src`.`q0` + 1 AS INT)),
    TRY_ELEMENT_AT(:m1, CAST(`src`.`q1` + 1 AS INT)),
    TRY_ELEMENT_AT(:m2, CAST(`src`.`q2` + 1 AS INT)),
    `src`.`s0`,
    `src`.`s1`
), `f__w0` AS (
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
), `c0__w2` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    `size`,
    `emd` > 0.2 + 1e-09 AS `bad`,
    `emd` AS `val`
  FROM `d__w0` AS `d`
), `f__w1` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    `s1` AS `s`,
    CAST(SUM(`n`) AS DOUBLE) AS `n`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`
  FROM `input`
  GROUP BY
    `q0`,
    `q1`,
    `q2`,
    `s1`
  HAVING
    SUM(`n`) > 0
), `tot__w1` AS (
  SELECT
    SUM(`n`) AS `total`
  FROM `f__w1` AS `f`
), `g__w1` AS (
  SELECT
    `s`,
    SUM(`n`) / MAX(`tot`.`total`) AS `q`
  FROM `f__w1` AS `f`
  CROSS JOIN `tot__w1` AS `tot`
  GROUP BY
    `s`
), `dom__w1` AS (
  SELECT
    `o`.`s`,
    ROW_NUMBER() OVER (ORDER BY `o`.`pos` NULLS LAST) AS `r`
  FROM `__sqlanon_order_N` AS `o`
  WHERE
    `o`.`s` IN (
      SELECT
        `s`
      FROM `g__w1` AS `g`
    )
), `m__w1` AS (
  SELECT
    COUNT(*) AS `m`
  FROM `dom__w1` AS `dom`
), `fq__w1` AS (
  SELECT
    `dom`.`r`,
    CAST(SUM(COALESCE(`qc`.`cnt`, 0)) OVER (ORDER BY `dom`.`r` NULLS LAST ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS DOUBLE) / `tot`.`total` AS `fq`
  FROM `dom__w1` AS `dom`
  LEFT JOIN (
    SELECT
      `s`,
      SUM(`cnt`) AS `cnt`
    FROM `f__w1` AS `f`
    GROUP BY
      `s`
  ) AS `qc`
    ON `qc`.`s` = `dom`.`s`
  CROSS JOIN `tot__w1` AS `tot`
), `cdf__w1` AS (
  SELECT
    `r`,
    `fq`,
    SUM(`fq`) OVER (ORDER BY `r` NULLS LAST ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS `gq`
  FROM `fq__w1` AS `fq`
  UNION ALL
  SELECT
    0,
    0.0,
    0.0
), `steps__w1` AS (
  SELECT
    `fq`,
    MAX(`r`) AS `k`,
    MAX(`gq`) AS `gk`
  FROM `cdf__w1` AS `cdf`
  GROUP BY
    `fq`
), `gm__w1` AS (
  SELECT
    MAX(`gq`) AS `gm`
  FROM `cdf__w1` AS `cdf`
), `ranks__w1` AS (
  SELECT
    `dom`.`s`,
    `dom`.`r`,
    `cdf`.`gq` AS `gl`
  FROM `dom__w1` AS `dom`
  JOIN `cdf__w1` AS `cdf`
    ON `cdf`.`r` = `dom`.`r` - 1
), `runs__w1` AS (
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
  FROM `f__w1` AS `f`
  JOIN `ranks__w1` AS `ranks`
    ON `ranks`.`s` = `f`.`s`
  CROSS JOIN `m__w1` AS `m`
  CROSS JOIN `gm__w1` AS `gm`
), `st__w1` AS (
  SELECT
    `runs`.*,
    `steps`.`k`,
    `steps`.`gk`
  FROM `runs__w1` AS `runs`
  JOIN (
    SELECT
      *,
      LEAD(`steps`.`fq`) OVER (ORDER BY `steps`.`fq` NULLS LAST) AS `__sqlanon_next`
    FROM `steps__w1` AS `steps`
  ) AS `steps`
    ON `runs`.`cp` >= `steps`.`fq`
    AND (
      `steps`.`__sqlanon_next` IS NULL OR `runs`.`cp` < `steps`.`__sqlanon_next`
    )
), `split__w1` AS (
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
  FROM `st__w1` AS `st`
), `e__w1` AS (
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
  FROM `split__w1` AS `split`
  CROSS JOIN `m__w1` AS `m`
  GROUP BY
    `split`.`q0`,
    `split`.`q1`,
    `split`.`q2`
), `c1__w2` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    `size`,
    `emd` > 0.2 + 1e-09 AS `bad`,
    `emd` AS `val`
  FROM `e__w1` AS `e`
), `skew` AS (
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
  FROM `c0__w2` AS `c0`
  JOIN `c1__w2` AS `c1`
    USING (`q0`, `q1`, `q2`)
), `tot` AS (
  SELECT
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `total`
  FROM `input`
), `f0` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    `s0` AS `s`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `n`
  FROM `input`
  GROUP BY
    `q0`,
    `q1`,
    `q2`,
    `s0`
  HAVING
    SUM(`n`) > 0
), `t0` AS (
  SELECT
    `s`,
    SUM(`n`) AS `t`
  FROM `f0`
  GROUP BY
    `s`
), `e0` AS (
  SELECT
    `f`.`q0`,
    `f`.`q1`,
    `f`.`q2`,
    `f`.`n`,
    `t`.`t`,
    SUM(`f`.`n`) OVER (PARTITION BY `f`.`q0`, `f`.`q1`, `f`.`q2`) AS `size`,
    `g`.`node` AS `g`
  FROM `f0` AS `f`
  JOIN `t0` AS `t`
    ON `t`.`s` = `f`.`s`
  LEFT JOIN `__sqlanon_anc_N` AS `g`
    ON `g`.`s` = `f`.`s` AND `g`.`lvl` = 1
), `a0` AS (
  SELECT
    `e`.`q0`,
    `e`.`q1`,
    `e`.`q2`,
    MAX(`e`.`size`) AS `size`,
    COUNT(*) AS `d`,
    COUNT(DISTINCT `e`.`g`) AS `groups`,
    MAX(
      CAST(`e`.`n` AS DOUBLE) / CAST(`e`.`size` AS DOUBLE) - CAST(`e`.`t` AS DOUBLE) / CAST(`tot`.`total` AS DOUBLE)
    ) AS `gain`,
    MAX(
      CASE
        WHEN 5 * (
          `e`.`n` * `tot`.`total` - `e`.`t` * `e`.`size`
        ) > 1 * `e`.`size` * `tot`.`total`
        THEN 1
        ELSE 0
      END
    ) AS `inferred`
  FROM `e0` AS `e`
  CROSS JOIN `tot`
  GROUP BY
    `e`.`q0`,
    `e`.`q1`,
    `e`.`q2`
), `f1` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    `s1` AS `s`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `n`
  FROM `input`
  GROUP BY
    `q0`,
    `q1`,
    `q2`,
    `s1`
  HAVING
    SUM(`n`) > 0
), `t1` AS (
  SELECT
    `s`,
    SUM(`n`) AS `t`
  FROM `f1`
  GROUP BY
    `s`
), `e1` AS (
  SELECT
    `f`.`q0`,
    `f`.`q1`,
    `f`.`q2`,
    `f`.`n`,
    `t`.`t`,
    SUM(`f`.`n`) OVER (PARTITION BY `f`.`q0`, `f`.`q1`, `f`.`q2`) AS `size`
  FROM `f1` AS `f`
  JOIN `t1` AS `t`
    ON `t`.`s` = `f`.`s`
), `a1` AS (
  SELECT
    `e`.`q0`,
    `e`.`q1`,
    `e`.`q2`,
    MAX(`e`.`size`) AS `size`,
    COUNT(*) AS `d`,
    CAST(NULL AS BIGINT) AS `groups`,
    MAX(
      CAST(`e`.`n` AS DOUBLE) / CAST(`e`.`size` AS DOUBLE) - CAST(`e`.`t` AS DOUBLE) / CAST(`tot`.`total` AS DOUBLE)
    ) AS `gain`,
    MAX(
      CASE
        WHEN 5 * (
          `e`.`n` * `tot`.`total` - `e`.`t` * `e`.`size`
        ) > 1 * `e`.`size` * `tot`.`total`
        THEN 1
        ELSE 0
      END
    ) AS `inferred`
  FROM `e1` AS `e`
  CROSS JOIN `tot`
  GROUP BY
    `e`.`q0`,
    `e`.`q1`,
    `e`.`q2`
), `c` AS (
  SELECT
    `a0`.`size`,
    `a0`.`d` = 1 AS `h0`,
    `a0`.`d` <= 2 AS `n0`,
    `a0`.`groups` = 1 AS `m0`,
    `skew`.`b0` AS `k0`,
    `skew`.`v0` AS `kv0`,
    `a0`.`inferred` = 1 AS `i0`,
    `a0`.`gain` AS `iv0`,
    `a1`.`d` = 1 AS `h1`,
    `a1`.`d` <= 2 AS `n1`,
    `a1`.`groups` = 1 AS `m1`,
    `skew`.`b1` AS `k1`,
    `skew`.`v1` AS `kv1`,
    `a1`.`inferred` = 1 AS `i1`,
    `a1`.`gain` AS `iv1`
  FROM `a0`
  JOIN `a1`
    USING (`q0`, `q1`, `q2`)
  JOIN `skew` AS `skew`
    USING (`q0`, `q1`, `q2`)
)
SELECT
  CAST(COUNT(*) AS BIGINT) AS `classes`,
  CAST(COALESCE(SUM(`size`), 0) AS BIGINT) AS `rows`,
  CAST(COALESCE(SUM(CASE WHEN `h0` THEN 1 ELSE 0 END), 0) AS BIGINT) AS `h0_c`,
  CAST(COALESCE(SUM(CASE WHEN `h0` THEN `size` ELSE 0 END), 0) AS BIGINT) AS `h0_r`,
  CAST(COALESCE(SUM(CASE WHEN `n0` THEN 1 ELSE 0 END), 0) AS BIGINT) AS `n0_c`,
  CAST(COALESCE(SUM(CASE WHEN `n0` THEN `size` ELSE 0 END), 0) AS BIGINT) AS `n0_r`,
  CAST(COALESCE(SUM(CASE WHEN `m0` THEN 1 ELSE 0 END), 0) AS BIGINT) AS `m0_c`,
  CAST(COALESCE(SUM(CASE WHEN `m0` THEN `size` ELSE 0 END), 0) AS BIGINT) AS `m0_r`,
  CAST(COALESCE(SUM(CASE WHEN `k0` THEN 1 ELSE 0 END), 0) AS BIGINT) AS `k0_c`,
  CAST(COALESCE(SUM(CASE WHEN `k0` THEN `size` ELSE 0 END), 0) AS BIGINT) AS `k0_r`,
  CAST(COALESCE(SUM(CASE WHEN `i0` THEN 1 ELSE 0 END), 0) AS BIGINT) AS `i0_c`,
  CAST(COALESCE(SUM(CASE WHEN `i0` THEN `size` ELSE 0 END), 0) AS BIGINT) AS `i0_r`,
  MAX(`kv0`) AS `k0_w`,
  MAX(`iv0`) AS `i0_w`,
  CAST(COALESCE(SUM(CASE WHEN `h1` THEN 1 ELSE 0 END), 0) AS BIGINT) AS `h1_c`,
  CAST(COALESCE(SUM(CASE WHEN `h1` THEN `size` ELSE 0 END), 0) AS BIGINT) AS `h1_r`,
  CAST(COALESCE(SUM(CASE WHEN `n1` THEN 1 ELSE 0 END), 0) AS BIGINT) AS `n1_c`,
  CAST(COALESCE(SUM(CASE WHEN `n1` THEN `size` ELSE 0 END), 0) AS BIGINT) AS `n1_r`,
  CAST(NULL AS BIGINT) AS `m1_c`,
  CAST(NULL AS BIGINT) AS `m1_r`,
  CAST(COALESCE(SUM(CASE WHEN `k1` THEN 1 ELSE 0 END), 0) AS BIGINT) AS `k1_c`,
  CAST(COALESCE(SUM(CASE WHEN `k1` THEN `size` ELSE 0 END), 0) AS BIGINT) AS `k1_r`,
  CAST(COALESCE(SUM(CASE WHEN `i1` THEN 1 ELSE 0 END), 0) AS BIGINT) AS `i1_c`,
  CAST(COALESCE(SUM(CASE WHEN `i1` THEN `size` ELSE 0 END), 0) AS BIGINT) AS `i1_r`,
  MAX(`kv1`) AS `k1_w`,
  MAX(`iv1`) AS `i1_w`,
  CAST(COALESCE(SUM(CASE WHEN `h0` OR `h1` THEN 1 ELSE 0 END), 0) AS BIGINT) AS `h_c`,
  CAST(COALESCE(SUM(CASE WHEN `h0` OR `h1` THEN `size` ELSE 0 END), 0) AS BIGINT) AS `h_r`,
  CAST(COALESCE(SUM(CASE WHEN `n0` OR `n1` THEN 1 ELSE 0 END), 0) AS BIGINT) AS `n_c`,
  CAST(COALESCE(SUM(CASE WHEN `n0` OR `n1` THEN `size` ELSE 0 END), 0) AS BIGINT) AS `n_r`,
  CAST(COALESCE(SUM(CASE WHEN `m0` THEN 1 ELSE 0 END), 0) AS BIGINT) AS `m_c`,
  CAST(COALESCE(SUM(CASE WHEN `m0` THEN `size` ELSE 0 END), 0) AS BIGINT) AS `m_r`,
  CAST(COALESCE(SUM(CASE WHEN `k0` OR `k1` THEN 1 ELSE 0 END), 0) AS BIGINT) AS `k_c`,
  CAST(COALESCE(SUM(CASE WHEN `k0` OR `k1` THEN `size` ELSE 0 END), 0) AS BIGINT) AS `k_r`,
  CAST(COALESCE(SUM(CASE WHEN `i0` OR `i1` THEN 1 ELSE 0 END), 0) AS BIGINT) AS `i_c`,
  CAST(COALESCE(SUM(CASE WHEN `i0` OR `i1` THEN `size` ELSE 0 END), 0) AS BIGINT) AS `i_r`
FROM `c`;
