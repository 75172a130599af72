CREATE TEMPORARY VIEW `__sqlanon_mva_N` AS
SELECT
  `batch_node` AS `r`,
  `q0` AS `pid`,
  `q1` AS `child`,
  `size`,
  `bad`
FROM (
  WITH `__cand__w4` AS (
    SELECT
      *
    FROM `__sqlanon_mcand_N`
    WHERE
      `r` = 1
  ), `input__w4` AS (
    SELECT
      `c`.`r` AS `batch_node`,
      `w`.`pid` AS `q0`,
      CASE `c`.`dim`
        WHEN 0
        THEN CAST(`w`.`x0` > `c`.`median` AS INT)
        WHEN 1
        THEN CAST(`w`.`x1` > `c`.`median` AS INT)
        WHEN 2
        THEN CASE `c`.`lca` WHEN 1 THEN `w`.`q2` END
      END AS `q1`,
      `w`.`s0`,
      `w`.`s1`,
      `w`.`n`
    FROM `__sqlanon_mwa_N` AS `w`
    JOIN `__cand__w4` AS `c`
      ON `c`.`pid` = `w`.`pid`
    UNION ALL
    SELECT
      `rest`.`r`,
      CAST(-1 AS BIGINT),
      -1,
      `rest`.`s0`,
      `rest`.`s1`,
      SUM(`rest`.`n`)
    FROM (
      SELECT
        `sl`.`r`,
        `h`.`s0`,
        `h`.`s1`,
        `h`.`n`
      FROM (
        SELECT DISTINCT
          `r`
        FROM `__cand__w4` AS `__cand`
      ) AS `sl`
      CROSS JOIN `__sqlanon_mwhole_N` AS `h`
      UNION ALL
      SELECT
        `c`.`r`,
        `w`.`s0`,
        `w`.`s1`,
        -`w`.`n`
      FROM `__sqlanon_mwa_N` AS `w`
      JOIN `__cand__w4` AS `c`
        ON `c`.`pid` = `w`.`pid`
    ) AS `rest`
    GROUP BY
      `rest`.`r`,
      `rest`.`s0`,
      `rest`.`s1`
    HAVING
      SUM(`rest`.`n`) > 0
  ), `c0__w4` AS (
    SELECT
      `batch_node`,
      `q0`,
      `q1`,
      CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `size`,
      SUM(`n`) < 5 AS `bad`,
      CAST(SUM(`n`) AS DOUBLE) AS `val`
    FROM `input__w4` AS `input`
    GROUP BY
      `batch_node`,
      `q0`,
      `q1`
  ), `c1__w4` AS (
    WITH `f__w0` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        `s0` AS `s`,
        SUM(`n`) AS `n`
      FROM `input__w4` AS `input`
      GROUP BY
        `batch_node`,
        `q0`,
        `q1`,
        `s0`
      HAVING
        SUM(`n`) > 0
    ), `r__w0` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        `n`,
        ROW_NUMBER() OVER (PARTITION BY `batch_node`, `q0`, `q1` ORDER BY `n` DESC) AS `rank`
      FROM `f__w0` AS `f`
    ), `c__w0` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `size`,
        CAST(MAX(`n`) AS DECIMAL(38, 0)) AS `r1`,
        CAST(COALESCE(SUM(`n`) FILTER(WHERE
          `rank` >= 3), 0) AS DECIMAL(38, 0)) AS `tail`
      FROM `r__w0` AS `r`
      GROUP BY
        `batch_node`,
        `q0`,
        `q1`
    )
    SELECT
      `batch_node`,
      `q0`,
      `q1`,
      `size`,
      NOT (
        `r1` * 1 < `tail` * 4
      ) AS `bad`,
      CASE
        WHEN `tail` = 0
        THEN CAST('inf' AS DOUBLE)
        ELSE CAST(`r1` AS DOUBLE) / CAST(`tail` AS DOUBLE)
      END AS `val`
    FROM `c__w0` AS `c`
  ), `c2__w4` AS (
    WITH `f__w1` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        `s0` AS `s`,
        CAST(SUM(`n`) AS DOUBLE) AS `n`,
        CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`
      FROM `input__w4` AS `input`
      GROUP BY
        `batch_node`,
        `q0`,
        `q1`,
        `s0`
      HAVING
        SUM(`n`) > 0
    ), `tot__w1` AS (
      SELECT
        SUM(`n`) AS `total`
      FROM `f__w1` AS `f`
    ), `c__w1` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        SUM(`n`) AS `size`,
        SUM(`cnt`) AS `rows`
      FROM `f__w1` AS `f`
      GROUP BY
        `batch_node`,
        `q0`,
        `q1`
    ), `qn__w1` AS (
      SELECT
        `a`.`lvl`,
        `a`.`node`,
        SUM(`f`.`n`) / MAX(`tot`.`total`) AS `q`
      FROM `f__w1` AS `f`
      JOIN `__sqlanon_anc_N` AS `a`
        ON `a`.`s` = `f`.`s`
      CROSS JOIN `tot__w1` AS `tot`
      GROUP BY
        `a`.`lvl`,
        `a`.`node`
    ), `pn__w1` AS (
      SELECT
        `f`.`batch_node`,
        `f`.`q0`,
        `f`.`q1`,
        `a`.`lvl`,
        `a`.`node`,
        SUM(`f`.`n`) AS `n`
      FROM `f__w1` AS `f`
      JOIN `__sqlanon_anc_N` AS `a`
        ON `a`.`s` = `f`.`s`
      GROUP BY
        `f`.`batch_node`,
        `f`.`q0`,
        `f`.`q1`,
        `a`.`lvl`,
        `a`.`node`
    ), `d__w1` AS (
      SELECT
        `pn`.`batch_node`,
        `pn`.`q0`,
        `pn`.`q1`,
        MAX(`c`.`rows`) AS `size`,
        SUM(GREATEST(`pn`.`n` / `c`.`size` - `qn`.`q`, 0.0)) / 3 AS `emd`
      FROM `pn__w1` AS `pn`
      JOIN `c__w1` AS `c`
        USING (`batch_node`, `q0`, `q1`)
      JOIN `qn__w1` AS `qn`
        ON `qn`.`lvl` = `pn`.`lvl` AND `qn`.`node` = `pn`.`node`
      GROUP BY
        `pn`.`batch_node`,
        `pn`.`q0`,
        `pn`.`q1`
    )
    SELECT
      `batch_node`,
      `q0`,
      `q1`,
      `size`,
      `emd` > 0.2 + 1e-09 AS `bad`,
      `emd` AS `val`
    FROM `d__w1` AS `d`
  ), `c3__w4` AS (
    WITH `ranked__w2` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        `n`,
        CASE `s1`
          WHEN 0
          THEN 8
          WHEN 1
          THEN 9
          WHEN 2
          THEN 1
          WHEN 3
          THEN 2
          WHEN 4
          THEN 3
          WHEN 5
          THEN 4
          WHEN 6
          THEN 5
          WHEN 7
          THEN 6
          WHEN 8
          THEN 7
        END AS `r`
      FROM `input__w4` AS `input`
    ), `e__w2` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `size`,
        (
          ABS(
            CAST(SUM(CASE WHEN `r` <= 1 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.095
          ) + ABS(
            CAST(SUM(CASE WHEN `r` <= 2 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.225
          ) + ABS(
            CAST(SUM(CASE WHEN `r` <= 3 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.355
          ) + ABS(
            CAST(SUM(CASE WHEN `r` <= 4 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.4775
          ) + ABS(
            CAST(SUM(CASE WHEN `r` <= 5 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.58
          ) + ABS(
            CAST(SUM(CASE WHEN `r` <= 6 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.6675
          ) + ABS(
            CAST(SUM(CASE WHEN `r` <= 7 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.7925
          ) + ABS(
            CAST(SUM(CASE WHEN `r` <= 8 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.895
          )
        ) / 8 AS `emd`
      FROM `ranked__w2` AS `ranked`
      WHERE
        NOT `r` IS NULL
      GROUP BY
        `batch_node`,
        `q0`,
        `q1`
    )
    SELECT
      `batch_node`,
      `q0`,
      `q1`,
      `size`,
      `emd` > 0.2 + 1e-09 AS `bad`,
      `emd` AS `val`
    FROM `e__w2` AS `e`
  ), `c4__w4` AS (
    WITH `pc__w3` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        `n` AS `f`
      FROM `__sqlanon_mpcount_N`
    ), `c__w3` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        `batch_node` AS `nk0`,
        `q0` AS `nk1`,
        `q1` AS `nk2`,
        SUM(`n`) AS `size`
      FROM `input__w4` AS `input`
      GROUP BY
        1,
        2,
        3
    )
    SELECT
      `c`.`batch_node`,
      `c`.`q0`,
      `c`.`q1`,
      CAST(`c`.`size` AS DECIMAL(38, 0)) AS `size`,
      COALESCE(`pc`.`f`, 0) < 5 AS `bad`,
      CAST(COALESCE(`pc`.`f`, 0) AS DOUBLE) AS `val`
    FROM `c__w3` AS `c`
    LEFT JOIN `pc__w3` AS `pc`
      ON `pc`.`batch_node` = `c`.`nk0` AND `pc`.`q0` = `c`.`nk1` AND `pc`.`q1` = `c`.`nk2`
  )
  SELECT
    `c0`.`batch_node`,
    `c0`.`q0`,
    `c0`.`q1`,
    `c0`.`size` AS `size`,
    `c0`.`bad` AS `b0`,
    `c0`.`val` AS `v0`,
    `c1`.`bad` AS `b1`,
    `c1`.`val` AS `v1`,
    `c2`.`bad` AS `b2`,
    `c2`.`val` AS `v2`,
    `c3`.`bad` AS `b3`,
    `c3`.`val` AS `v3`,
    `c4`.`bad` AS `b4`,
    `c4`.`val` AS `v4`,
    `c0`.`bad` OR `c1`.`bad` OR `c2`.`bad` OR `c3`.`bad` OR `c4`.`bad` AS `bad`
  FROM `c0__w4` AS `c0`
  JOIN `c1__w4` AS `c1`
    USING (`batch_node`, `q0`, `q1`)
  JOIN `c2__w4` AS `c2`
    USING (`batch_node`, `q0`, `q1`)
  JOIN `c3__w4` AS `c3`
    USING (`batch_node`, `q0`, `q1`)
  JOIN `c4__w4` AS `c4`
    USING (`batch_node`, `q0`, `q1`)
) AS `v`
WHERE
  `q0` >= 0;

CREATE TEMPORARY VIEW `__sqlanon_mva_N` AS
SELECT
  `batch_node` AS `r`,
  `q0` AS `pid`,
  `q1` AS `child`,
  `size`,
  `bad`
FROM (
  WITH `__cand__w4` AS (
    SELECT
      *
    FROM `__sqlanon_mcand_N`
    WHERE
      `r` = 1
  ), `input__w4` AS (
    SELECT
      `c`.`r` AS `batch_node`,
      `w`.`pid` AS `q0`,
      CASE `c`.`dim`
        WHEN 0
        THEN CAST(`w`.`x0` > `c`.`median` AS INT)
        WHEN 1
        THEN CAST(`w`.`x1` > `c`.`median` AS INT)
        WHEN 2
        THEN CASE `c`.`lca` WHEN 1 THEN `w`.`q2` END
      END AS `q1`,
      `w`.`s0`,
      `w`.`s1`,
      `w`.`n`
    FROM `__sqlanon_mwb_N` AS `w`
    JOIN `__cand__w4` AS `c`
      ON `c`.`pid` = `w`.`pid`
    UNION ALL
    SELECT
      `rest`.`r`,
      CAST(-1 AS BIGINT),
      -1,
      `rest`.`s0`,
      `rest`.`s1`,
      SUM(`rest`.`n`)
    FROM (
      SELECT
        `sl`.`r`,
        `h`.`s0`,
        `h`.`s1`,
        `h`.`n`
      FROM (
        SELECT DISTINCT
          `r`
        FROM `__cand__w4` AS `__cand`
      ) AS `sl`
      CROSS JOIN `__sqlanon_mwhole_N` AS `h`
      UNION ALL
      SELECT
        `c`.`r`,
        `w`.`s0`,
        `w`.`s1`,
        -`w`.`n`
      FROM `__sqlanon_mwb_N` AS `w`
      JOIN `__cand__w4` AS `c`
        ON `c`.`pid` = `w`.`pid`
    ) AS `rest`
    GROUP BY
      `rest`.`r`,
      `rest`.`s0`,
      `rest`.`s1`
    HAVING
      SUM(`rest`.`n`) > 0
  ), `c0__w4` AS (
    SELECT
      `batch_node`,
      `q0`,
      `q1`,
      CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `size`,
      SUM(`n`) < 5 AS `bad`,
      CAST(SUM(`n`) AS DOUBLE) AS `val`
    FROM `input__w4` AS `input`
    GROUP BY
      `batch_node`,
      `q0`,
      `q1`
  ), `c1__w4` AS (
    WITH `f__w0` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        `s0` AS `s`,
        SUM(`n`) AS `n`
      FROM `input__w4` AS `input`
      GROUP BY
        `batch_node`,
        `q0`,
        `q1`,
        `s0`
      HAVING
        SUM(`n`) > 0
    ), `r__w0` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        `n`,
        ROW_NUMBER() OVER (PARTITION BY `batch_node`, `q0`, `q1` ORDER BY `n` DESC) AS `rank`
      FROM `f__w0` AS `f`
    ), `c__w0` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `size`,
        CAST(MAX(`n`) AS DECIMAL(38, 0)) AS `r1`,
        CAST(COALESCE(SUM(`n`) FILTER(WHERE
          `rank` >= 3), 0) AS DECIMAL(38, 0)) AS `tail`
      FROM `r__w0` AS `r`
      GROUP BY
        `batch_node`,
        `q0`,
        `q1`
    )
    SELECT
      `batch_node`,
      `q0`,
      `q1`,
      `size`,
      NOT (
        `r1` * 1 < `tail` * 4
      ) AS `bad`,
      CASE
        WHEN `tail` = 0
        THEN CAST('inf' AS DOUBLE)
        ELSE CAST(`r1` AS DOUBLE) / CAST(`tail` AS DOUBLE)
      END AS `val`
    FROM `c__w0` AS `c`
  ), `c2__w4` AS (
    WITH `f__w1` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        `s0` AS `s`,
        CAST(SUM(`n`) AS DOUBLE) AS `n`,
        CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`
      FROM `input__w4` AS `input`
      GROUP BY
        `batch_node`,
        `q0`,
        `q1`,
        `s0`
      HAVING
        SUM(`n`) > 0
    ), `tot__w1` AS (
      SELECT
        SUM(`n`) AS `total`
      FROM `f__w1` AS `f`
    ), `c__w1` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        SUM(`n`) AS `size`,
        SUM(`cnt`) AS `rows`
      FROM `f__w1` AS `f`
      GROUP BY
        `batch_node`,
        `q0`,
        `q1`
    ), `qn__w1` AS (
      SELECT
        `a`.`lvl`,
        `a`.`node`,
        SUM(`f`.`n`) / MAX(`tot`.`total`) AS `q`
      FROM `f__w1` AS `f`
      JOIN `__sqlanon_anc_N` AS `a`
        ON `a`.`s` = `f`.`s`
      CROSS JOIN `tot__w1` AS `tot`
      GROUP BY
        `a`.`lvl`,
        `a`.`node`
    ), `pn__w1` AS (
      SELECT
        `f`.`batch_node`,
        `f`.`q0`,
        `f`.`q1`,
        `a`.`lvl`,
        `a`.`node`,
        SUM(`f`.`n`) AS `n`
      FROM `f__w1` AS `f`
      JOIN `__sqlanon_anc_N` AS `a`
        ON `a`.`s` = `f`.`s`
      GROUP BY
        `f`.`batch_node`,
        `f`.`q0`,
        `f`.`q1`,
        `a`.`lvl`,
        `a`.`node`
    ), `d__w1` AS (
      SELECT
        `pn`.`batch_node`,
        `pn`.`q0`,
        `pn`.`q1`,
        MAX(`c`.`rows`) AS `size`,
        SUM(GREATEST(`pn`.`n` / `c`.`size` - `qn`.`q`, 0.0)) / 3 AS `emd`
      FROM `pn__w1` AS `pn`
      JOIN `c__w1` AS `c`
        USING (`batch_node`, `q0`, `q1`)
      JOIN `qn__w1` AS `qn`
        ON `qn`.`lvl` = `pn`.`lvl` AND `qn`.`node` = `pn`.`node`
      GROUP BY
        `pn`.`batch_node`,
        `pn`.`q0`,
        `pn`.`q1`
    )
    SELECT
      `batch_node`,
      `q0`,
      `q1`,
      `size`,
      `emd` > 0.2 + 1e-09 AS `bad`,
      `emd` AS `val`
    FROM `d__w1` AS `d`
  ), `c3__w4` AS (
    WITH `ranked__w2` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        `n`,
        CASE `s1`
          WHEN 0
          THEN 8
          WHEN 1
          THEN 9
          WHEN 2
          THEN 1
          WHEN 3
          THEN 2
          WHEN 4
          THEN 3
          WHEN 5
          THEN 4
          WHEN 6
          THEN 5
          WHEN 7
          THEN 6
          WHEN 8
          THEN 7
        END AS `r`
      FROM `input__w4` AS `input`
    ), `e__w2` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `size`,
        (
          ABS(
            CAST(SUM(CASE WHEN `r` <= 1 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.095
          ) + ABS(
            CAST(SUM(CASE WHEN `r` <= 2 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.225
          ) + ABS(
            CAST(SUM(CASE WHEN `r` <= 3 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.355
          ) + ABS(
            CAST(SUM(CASE WHEN `r` <= 4 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.4775
          ) + ABS(
            CAST(SUM(CASE WHEN `r` <= 5 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.58
          ) + ABS(
            CAST(SUM(CASE WHEN `r` <= 6 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.6675
          ) + ABS(
            CAST(SUM(CASE WHEN `r` <= 7 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.7925
          ) + ABS(
            CAST(SUM(CASE WHEN `r` <= 8 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.895
          )
        ) / 8 AS `emd`
      FROM `ranked__w2` AS `ranked`
      WHERE
        NOT `r` IS NULL
      GROUP BY
        `batch_node`,
        `q0`,
        `q1`
    )
    SELECT
      `batch_node`,
      `q0`,
      `q1`,
      `size`,
      `emd` > 0.2 + 1e-09 AS `bad`,
      `emd` AS `val`
    FROM `e__w2` AS `e`
  ), `c4__w4` AS (
    WITH `pc__w3` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        `n` AS `f`
      FROM `__sqlanon_mpcount_N`
    ), `c__w3` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        `batch_node` AS `nk0`,
        `q0` AS `nk1`,
        `q1` AS `nk2`,
        SUM(`n`) AS `size`
      FROM `input__w4` AS `input`
      GROUP BY
        1,
        2,
        3
    )
    SELECT
      `c`.`batch_node`,
      `c`.`q0`,
      `c`.`q1`,
      CAST(`c`.`size` AS DECIMAL(38, 0)) AS `size`,
      COALESCE(`pc`.`f`, 0) < 5 AS `bad`,
      CAST(COALESCE(`pc`.`f`, 0) AS DOUBLE) AS `val`
    FROM `c__w3` AS `c`
    LEFT JOIN `pc__w3` AS `pc`
      ON `pc`.`batch_node` = `c`.`nk0` AND `pc`.`q0` = `c`.`nk1` AND `pc`.`q1` = `c`.`nk2`
  )
  SELECT
    `c0`.`batch_node`,
    `c0`.`q0`,
    `c0`.`q1`,
    `c0`.`size` AS `size`,
    `c0`.`bad` AS `b0`,
    `c0`.`val` AS `v0`,
    `c1`.`bad` AS `b1`,
    `c1`.`val` AS `v1`,
    `c2`.`bad` AS `b2`,
    `c2`.`val` AS `v2`,
    `c3`.`bad` AS `b3`,
    `c3`.`val` AS `v3`,
    `c4`.`bad` AS `b4`,
    `c4`.`val` AS `v4`,
    `c0`.`bad` OR `c1`.`bad` OR `c2`.`bad` OR `c3`.`bad` OR `c4`.`bad` AS `bad`
  FROM `c0__w4` AS `c0`
  JOIN `c1__w4` AS `c1`
    USING (`batch_node`, `q0`, `q1`)
  JOIN `c2__w4` AS `c2`
    USING (`batch_node`, `q0`, `q1`)
  JOIN `c3__w4` AS `c3`
    USING (`batch_node`, `q0`, `q1`)
  JOIN `c4__w4` AS `c4`
    USING (`batch_node`, `q0`, `q1`)
) AS `v`
WHERE
  `q0` >= 0;

CREATE TEMPORARY VIEW `__sqlanon_mvb_N` AS
SELECT
  `batch_node` AS `r`,
  `q0` AS `pid`,
  `q1` AS `child`,
  `size`,
  `bad`
FROM (
  WITH `__cand__w4` AS (
    SELECT
      *
    FROM `__sqlanon_mcand_N`
    WHERE
      `r` > 1
      AND `pid` IN (
        SELECT
          `pid`
        FROM `__sqlanon_mva_N`
        WHERE
          `bad`
      )
  ), `input__w4` AS (
    SELECT
      `c`.`r` AS `batch_node`,
      `w`.`pid` AS `q0`,
      CASE `c`.`dim`
        WHEN 0
        THEN CAST(`w`.`x0` > `c`.`median` AS INT)
        WHEN 1
        THEN CAST(`w`.`x1` > `c`.`median` AS INT)
        WHEN 2
        THEN CASE `c`.`lca` WHEN 1 THEN `w`.`q2` END
      END AS `q1`,
      `w`.`s0`,
      `w`.`s1`,
      `w`.`n`
    FROM `__sqlanon_mwa_N` AS `w`
    JOIN `__cand__w4` AS `c`
      ON `c`.`pid` = `w`.`pid`
    UNION ALL
    SELECT
      `rest`.`r`,
      CAST(-1 AS BIGINT),
      -1,
      `rest`.`s0`,
      `rest`.`s1`,
      SUM(`rest`.`n`)
    FROM (
      SELECT
        `sl`.`r`,
        `h`.`s0`,
        `h`.`s1`,
        `h`.`n`
      FROM (
        SELECT DISTINCT
          `r`
        FROM `__cand__w4` AS `__cand`
      ) AS `sl`
      CROSS JOIN `__sqlanon_mwhole_N` AS `h`
      UNION ALL
      SELECT
        `c`.`r`,
        `w`.`s0`,
        `w`.`s1`,
        -`w`.`n`
      FROM `__sqlanon_mwa_N` AS `w`
      JOIN `__cand__w4` AS `c`
        ON `c`.`pid` = `w`.`pid`
    ) AS `rest`
    GROUP BY
      `rest`.`r`,
      `rest`.`s0`,
      `rest`.`s1`
    HAVING
      SUM(`rest`.`n`) > 0
  ), `c0__w4` AS (
    SELECT
      `batch_node`,
      `q0`,
      `q1`,
      CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `size`,
      SUM(`n`) < 5 AS `bad`,
      CAST(SUM(`n`) AS DOUBLE) AS `val`
    FROM `input__w4` AS `input`
    GROUP BY
      `batch_node`,
      `q0`,
      `q1`
  ), `c1__w4` AS (
    WITH `f__w0` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        `s0` AS `s`,
        SUM(`n`) AS `n`
      FROM `input__w4` AS `input`
      GROUP BY
        `batch_node`,
        `q0`,
        `q1`,
        `s0`
      HAVING
        SUM(`n`) > 0
    ), `r__w0` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        `n`,
        ROW_NUMBER() OVER (PARTITION BY `batch_node`, `q0`, `q1` ORDER BY `n` DESC) AS `rank`
      FROM `f__w0` AS `f`
    ), `c__w0` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `size`,
        CAST(MAX(`n`) AS DECIMAL(38, 0)) AS `r1`,
        CAST(COALESCE(SUM(`n`) FILTER(WHERE
          `rank` >= 3), 0) AS DECIMAL(38, 0)) AS `tail`
      FROM `r__w0` AS `r`
      GROUP BY
        `batch_node`,
        `q0`,
        `q1`
    )
    SELECT
      `batch_node`,
      `q0`,
      `q1`,
      `size`,
      NOT (
        `r1` * 1 < `tail` * 4
      ) AS `bad`,
      CASE
        WHEN `tail` = 0
        THEN CAST('inf' AS DOUBLE)
        ELSE CAST(`r1` AS DOUBLE) / CAST(`tail` AS DOUBLE)
      END AS `val`
    FROM `c__w0` AS `c`
  ), `c2__w4` AS (
    WITH `f__w1` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        `s0` AS `s`,
        CAST(SUM(`n`) AS DOUBLE) AS `n`,
        CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`
      FROM `input__w4` AS `input`
      GROUP BY
        `batch_node`,
        `q0`,
        `q1`,
        `s0`
      HAVING
        SUM(`n`) > 0
    ), `tot__w1` AS (
      SELECT
        SUM(`n`) AS `total`
      FROM `f__w1` AS `f`
    ), `c__w1` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        SUM(`n`) AS `size`,
        SUM(`cnt`) AS `rows`
      FROM `f__w1` AS `f`
      GROUP BY
        `batch_node`,
        `q0`,
        `q1`
    ), `qn__w1` AS (
      SELECT
        `a`.`lvl`,
        `a`.`node`,
        SUM(`f`.`n`) / MAX(`tot`.`total`) AS `q`
      FROM `f__w1` AS `f`
      JOIN `__sqlanon_anc_N` AS `a`
        ON `a`.`s` = `f`.`s`
      CROSS JOIN `tot__w1` AS `tot`
      GROUP BY
        `a`.`lvl`,
        `a`.`node`
    ), `pn__w1` AS (
      SELECT
        `f`.`batch_node`,
        `f`.`q0`,
        `f`.`q1`,
        `a`.`lvl`,
        `a`.`node`,
        SUM(`f`.`n`) AS `n`
      FROM `f__w1` AS `f`
      JOIN `__sqlanon_anc_N` AS `a`
        ON `a`.`s` = `f`.`s`
      GROUP BY
        `f`.`batch_node`,
        `f`.`q0`,
        `f`.`q1`,
        `a`.`lvl`,
        `a`.`node`
    ), `d__w1` AS (
      SELECT
        `pn`.`batch_node`,
        `pn`.`q0`,
        `pn`.`q1`,
        MAX(`c`.`rows`) AS `size`,
        SUM(GREATEST(`pn`.`n` / `c`.`size` - `qn`.`q`, 0.0)) / 3 AS `emd`
      FROM `pn__w1` AS `pn`
      JOIN `c__w1` AS `c`
        USING (`batch_node`, `q0`, `q1`)
      JOIN `qn__w1` AS `qn`
        ON `qn`.`lvl` = `pn`.`lvl` AND `qn`.`node` = `pn`.`node`
      GROUP BY
        `pn`.`batch_node`,
        `pn`.`q0`,
        `pn`.`q1`
    )
    SELECT
      `batch_node`,
      `q0`,
      `q1`,
      `size`,
      `emd` > 0.2 + 1e-09 AS `bad`,
      `emd` AS `val`
    FROM `d__w1` AS `d`
  ), `c3__w4` AS (
    WITH `ranked__w2` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        `n`,
        CASE `s1`
          WHEN 0
          THEN 8
          WHEN 1
          THEN 9
          WHEN 2
          THEN 1
          WHEN 3
          THEN 2
          WHEN 4
          THEN 3
          WHEN 5
          THEN 4
          WHEN 6
          THEN 5
          WHEN 7
          THEN 6
          WHEN 8
          THEN 7
        END AS `r`
      FROM `input__w4` AS `input`
    ), `e__w2` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `size`,
        (
          ABS(
            CAST(SUM(CASE WHEN `r` <= 1 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.095
          ) + ABS(
            CAST(SUM(CASE WHEN `r` <= 2 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.225
          ) + ABS(
            CAST(SUM(CASE WHEN `r` <= 3 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.355
          ) + ABS(
            CAST(SUM(CASE WHEN `r` <= 4 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.4775
          ) + ABS(
            CAST(SUM(CASE WHEN `r` <= 5 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.58
          ) + ABS(
            CAST(SUM(CASE WHEN `r` <= 6 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.6675
          ) + ABS(
            CAST(SUM(CASE WHEN `r` <= 7 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.7925
          ) + ABS(
            CAST(SUM(CASE WHEN `r` <= 8 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.895
          )
        ) / 8 AS `emd`
      FROM `ranked__w2` AS `ranked`
      WHERE
        NOT `r` IS NULL
      GROUP BY
        `batch_node`,
        `q0`,
        `q1`
    )
    SELECT
      `batch_node`,
      `q0`,
      `q1`,
      `size`,
      `emd` > 0.2 + 1e-09 AS `bad`,
      `emd` AS `val`
    FROM `e__w2` AS `e`
  ), `c4__w4` AS (
    WITH `pc__w3` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        `n` AS `f`
      FROM `__sqlanon_mpcount_N`
    ), `c__w3` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        `batch_node` AS `nk0`,
        `q0` AS `nk1`,
        `q1` AS `nk2`,
        SUM(`n`) AS `size`
      FROM `input__w4` AS `input`
      GROUP BY
        1,
        2,
        3
    )
    SELECT
      `c`.`batch_node`,
      `c`.`q0`,
      `c`.`q1`,
      CAST(`c`.`size` AS DECIMAL(38, 0)) AS `size`,
      COALESCE(`pc`.`f`, 0) < 5 AS `bad`,
      CAST(COALESCE(`pc`.`f`, 0) AS DOUBLE) AS `val`
    FROM `c__w3` AS `c`
    LEFT JOIN `pc__w3` AS `pc`
      ON `pc`.`batch_node` = `c`.`nk0` AND `pc`.`q0` = `c`.`nk1` AND `pc`.`q1` = `c`.`nk2`
  )
  SELECT
    `c0`.`batch_node`,
    `c0`.`q0`,
    `c0`.`q1`,
    `c0`.`size` AS `size`,
    `c0`.`bad` AS `b0`,
    `c0`.`val` AS `v0`,
    `c1`.`bad` AS `b1`,
    `c1`.`val` AS `v1`,
    `c2`.`bad` AS `b2`,
    `c2`.`val` AS `v2`,
    `c3`.`bad` AS `b3`,
    `c3`.`val` AS `v3`,
    `c4`.`bad` AS `b4`,
    `c4`.`val` AS `v4`,
    `c0`.`bad` OR `c1`.`bad` OR `c2`.`bad` OR `c3`.`bad` OR `c4`.`bad` AS `bad`
  FROM `c0__w4` AS `c0`
  JOIN `c1__w4` AS `c1`
    USING (`batch_node`, `q0`, `q1`)
  JOIN `c2__w4` AS `c2`
    USING (`batch_node`, `q0`, `q1`)
  JOIN `c3__w4` AS `c3`
    USING (`batch_node`, `q0`, `q1`)
  JOIN `c4__w4` AS `c4`
    USING (`batch_node`, `q0`, `q1`)
) AS `v`
WHERE
  `q0` >= 0;

CREATE TEMPORARY VIEW `__sqlanon_mvb_N` AS
SELECT
  `batch_node` AS `r`,
  `q0` AS `pid`,
  `q1` AS `child`,
  `size`,
  `bad`
FROM (
  WITH `__cand__w4` AS (
    SELECT
      *
    FROM `__sqlanon_mcand_N`
    WHERE
      `r` > 1
      AND `pid` IN (
        SELECT
          `pid`
        FROM `__sqlanon_mva_N`
        WHERE
          `bad`
      )
  ), `input__w4` AS (
    SELECT
      `c`.`r` AS `batch_node`,
      `w`.`pid` AS `q0`,
      CASE `c`.`dim`
        WHEN 0
        THEN CAST(`w`.`x0` > `c`.`median` AS INT)
        WHEN 1
        THEN CAST(`w`.`x1` > `c`.`median` AS INT)
        WHEN 2
        THEN CASE `c`.`lca` WHEN 1 THEN `w`.`q2` END
      END AS `q1`,
      `w`.`s0`,
      `w`.`s1`,
      `w`.`n`
    FROM `__sqlanon_mwb_N` AS `w`
    JOIN `__cand__w4` AS `c`
      ON `c`.`pid` = `w`.`pid`
    UNION ALL
    SELECT
      `rest`.`r`,
      CAST(-1 AS BIGINT),
      -1,
      `rest`.`s0`,
      `rest`.`s1`,
      SUM(`rest`.`n`)
    FROM (
      SELECT
        `sl`.`r`,
        `h`.`s0`,
        `h`.`s1`,
        `h`.`n`
      FROM (
        SELECT DISTINCT
          `r`
        FROM `__cand__w4` AS `__cand`
      ) AS `sl`
      CROSS JOIN `__sqlanon_mwhole_N` AS `h`
      UNION ALL
      SELECT
        `c`.`r`,
        `w`.`s0`,
        `w`.`s1`,
        -`w`.`n`
      FROM `__sqlanon_mwb_N` AS `w`
      JOIN `__cand__w4` AS `c`
        ON `c`.`pid` = `w`.`pid`
    ) AS `rest`
    GROUP BY
      `rest`.`r`,
      `rest`.`s0`,
      `rest`.`s1`
    HAVING
      SUM(`rest`.`n`) > 0
  ), `c0__w4` AS (
    SELECT
      `batch_node`,
      `q0`,
      `q1`,
      CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `size`,
      SUM(`n`) < 5 AS `bad`,
      CAST(SUM(`n`) AS DOUBLE) AS `val`
    FROM `input__w4` AS `input`
    GROUP BY
      `batch_node`,
      `q0`,
      `q1`
  ), `c1__w4` AS (
    WITH `f__w0` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        `s0` AS `s`,
        SUM(`n`) AS `n`
      FROM `input__w4` AS `input`
      GROUP BY
        `batch_node`,
        `q0`,
        `q1`,
        `s0`
      HAVING
        SUM(`n`) > 0
    ), `r__w0` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        `n`,
        ROW_NUMBER() OVER (PARTITION BY `batch_node`, `q0`, `q1` ORDER BY `n` DESC) AS `rank`
      FROM `f__w0` AS `f`
    ), `c__w0` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `size`,
        CAST(MAX(`n`) AS DECIMAL(38, 0)) AS `r1`,
        CAST(COALESCE(SUM(`n`) FILTER(WHERE
          `rank` >= 3), 0) AS DECIMAL(38, 0)) AS `tail`
      FROM `r__w0` AS `r`
      GROUP BY
        `batch_node`,
        `q0`,
        `q1`
    )
    SELECT
      `batch_node`,
      `q0`,
      `q1`,
      `size`,
      NOT (
        `r1` * 1 < `tail` * 4
      ) AS `bad`,
      CASE
        WHEN `tail` = 0
        THEN CAST('inf' AS DOUBLE)
        ELSE CAST(`r1` AS DOUBLE) / CAST(`tail` AS DOUBLE)
      END AS `val`
    FROM `c__w0` AS `c`
  ), `c2__w4` AS (
    WITH `f__w1` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        `s0` AS `s`,
        CAST(SUM(`n`) AS DOUBLE) AS `n`,
        CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`
      FROM `input__w4` AS `input`
      GROUP BY
        `batch_node`,
        `q0`,
        `q1`,
        `s0`
      HAVING
        SUM(`n`) > 0
    ), `tot__w1` AS (
      SELECT
        SUM(`n`) AS `total`
      FROM `f__w1` AS `f`
    ), `c__w1` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        SUM(`n`) AS `size`,
        SUM(`cnt`) AS `rows`
      FROM `f__w1` AS `f`
      GROUP BY
        `batch_node`,
        `q0`,
        `q1`
    ), `qn__w1` AS (
      SELECT
        `a`.`lvl`,
        `a`.`node`,
        SUM(`f`.`n`) / MAX(`tot`.`total`) AS `q`
      FROM `f__w1` AS `f`
      JOIN `__sqlanon_anc_N` AS `a`
        ON `a`.`s` = `f`.`s`
      CROSS JOIN `tot__w1` AS `tot`
      GROUP BY
        `a`.`lvl`,
        `a`.`node`
    ), `pn__w1` AS (
      SELECT
        `f`.`batch_node`,
        `f`.`q0`,
        `f`.`q1`,
        `a`.`lvl`,
        `a`.`node`,
        SUM(`f`.`n`) AS `n`
      FROM `f__w1` AS `f`
      JOIN `__sqlanon_anc_N` AS `a`
        ON `a`.`s` = `f`.`s`
      GROUP BY
        `f`.`batch_node`,
        `f`.`q0`,
        `f`.`q1`,
        `a`.`lvl`,
        `a`.`node`
    ), `d__w1` AS (
      SELECT
        `pn`.`batch_node`,
        `pn`.`q0`,
        `pn`.`q1`,
        MAX(`c`.`rows`) AS `size`,
        SUM(GREATEST(`pn`.`n` / `c`.`size` - `qn`.`q`, 0.0)) / 3 AS `emd`
      FROM `pn__w1` AS `pn`
      JOIN `c__w1` AS `c`
        USING (`batch_node`, `q0`, `q1`)
      JOIN `qn__w1` AS `qn`
        ON `qn`.`lvl` = `pn`.`lvl` AND `qn`.`node` = `pn`.`node`
      GROUP BY
        `pn`.`batch_node`,
        `pn`.`q0`,
        `pn`.`q1`
    )
    SELECT
      `batch_node`,
      `q0`,
      `q1`,
      `size`,
      `emd` > 0.2 + 1e-09 AS `bad`,
      `emd` AS `val`
    FROM `d__w1` AS `d`
  ), `c3__w4` AS (
    WITH `ranked__w2` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        `n`,
        CASE `s1`
          WHEN 0
          THEN 8
          WHEN 1
          THEN 9
          WHEN 2
          THEN 1
          WHEN 3
          THEN 2
          WHEN 4
          THEN 3
          WHEN 5
          THEN 4
          WHEN 6
          THEN 5
          WHEN 7
          THEN 6
          WHEN 8
          THEN 7
        END AS `r`
      FROM `input__w4` AS `input`
    ), `e__w2` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `size`,
        (
          ABS(
            CAST(SUM(CASE WHEN `r` <= 1 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.095
          ) + ABS(
            CAST(SUM(CASE WHEN `r` <= 2 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.225
          ) + ABS(
            CAST(SUM(CASE WHEN `r` <= 3 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.355
          ) + ABS(
            CAST(SUM(CASE WHEN `r` <= 4 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.4775
          ) + ABS(
            CAST(SUM(CASE WHEN `r` <= 5 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.58
          ) + ABS(
            CAST(SUM(CASE WHEN `r` <= 6 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.6675
          ) + ABS(
            CAST(SUM(CASE WHEN `r` <= 7 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.7925
          ) + ABS(
            CAST(SUM(CASE WHEN `r` <= 8 THEN `n` ELSE 0 END) AS DOUBLE) / CAST(SUM(`n`) AS DOUBLE) - 0.895
          )
        ) / 8 AS `emd`
      FROM `ranked__w2` AS `ranked`
      WHERE
        NOT `r` IS NULL
      GROUP BY
        `batch_node`,
        `q0`,
        `q1`
    )
    SELECT
      `batch_node`,
      `q0`,
      `q1`,
      `size`,
      `emd` > 0.2 + 1e-09 AS `bad`,
      `emd` AS `val`
    FROM `e__w2` AS `e`
  ), `c4__w4` AS (
    WITH `pc__w3` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        `n` AS `f`
      FROM `__sqlanon_mpcount_N`
    ), `c__w3` AS (
      SELECT
        `batch_node`,
        `q0`,
        `q1`,
        `batch_node` AS `nk0`,
        `q0` AS `nk1`,
        `q1` AS `nk2`,
        SUM(`n`) AS `size`
      FROM `input__w4` AS `input`
      GROUP BY
        1,
        2,
        3
    )
    SELECT
      `c`.`batch_node`,
      `c`.`q0`,
      `c`.`q1`,
      CAST(`c`.`size` AS DECIMAL(38, 0)) AS `size`,
      COALESCE(`pc`.`f`, 0) < 5 AS `bad`,
      CAST(COALESCE(`pc`.`f`, 0) AS DOUBLE) AS `val`
    FROM `c__w3` AS `c`
    LEFT JOIN `pc__w3` AS `pc`
      ON `pc`.`batch_node` = `c`.`nk0` AND `pc`.`q0` = `c`.`nk1` AND `pc`.`q1` = `c`.`nk2`
  )
  SELECT
    `c0`.`batch_node`,
    `c0`.`q0`,
    `c0`.`q1`,
    `c0`.`size` AS `size`,
    `c0`.`bad` AS `b0`,
    `c0`.`val` AS `v0`,
    `c1`.`bad` AS `b1`,
    `c1`.`val` AS `v1`,
    `c2`.`bad` AS `b2`,
    `c2`.`val` AS `v2`,
    `c3`.`bad` AS `b3`,
    `c3`.`val` AS `v3`,
    `c4`.`bad` AS `b4`,
    `c4`.`val` AS `v4`,
    `c0`.`bad` OR `c1`.`bad` OR `c2`.`bad` OR `c3`.`bad` OR `c4`.`bad` AS `bad`
  FROM `c0__w4` AS `c0`
  JOIN `c1__w4` AS `c1`
    USING (`batch_node`, `q0`, `q1`)
  JOIN `c2__w4` AS `c2`
    USING (`batch_node`, `q0`, `q1`)
  JOIN `c3__w4` AS `c3`
    USING (`batch_node`, `q0`, `q1`)
  JOIN `c4__w4` AS `c4`
    USING (`batch_node`, `q0`, `q1`)
) AS `v`
WHERE
  `q0` >= 0;
