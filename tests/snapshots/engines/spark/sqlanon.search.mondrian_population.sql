CREATE TEMPORARY VIEW `__sqlanon_mpa_N` AS
SELECT
  CAST(0 AS BIGINT) AS `pid`,
  `p`.`x0`,
  `p`.`x1`,
  `p`.`q2`,
  `p`.`n`
FROM (
  SELECT
    TRY_CAST(CAST(`src`.`zip` AS STRING) AS DOUBLE) AS `x0`,
    TRY_CAST(CAST(`src`.`age` AS STRING) AS DOUBLE) AS `x1`,
    `d2`.`code` AS `q2`,
    CAST(COUNT(*) AS BIGINT) AS `n`
  FROM `__sqlanon_population_N` AS `src`
  JOIN (
    SELECT
      `leaf`,
      `code`
    FROM `__sqlanon_dim_N`
    WHERE
      `q` = 2
  ) AS `d2`
    ON COALESCE(CAST(`src`.`sex` AS STRING), '') = `d2`.`leaf`
  GROUP BY
    1,
    2,
    3
) AS `p`
WHERE
  TRUE AND NOT `p`.`x0` IS NULL AND NOT `p`.`x1` IS NULL;
SELECT
  COUNT(*)
FROM `__sqlanon_mpa_N`;
