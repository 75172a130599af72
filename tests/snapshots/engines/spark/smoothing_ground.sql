CREATE TEMPORARY VIEW `__sqlanon_smooth_domain_N` AS
WITH `f__w0` AS (
  SELECT
    `s0` AS `s`,
    CAST(SUM(`n`) AS DOUBLE) AS `n`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`
  FROM `__sqlanon_freq_N`
  GROUP BY
    `s0`
  HAVING
    SUM(`n`) > 0
), `sdom__w0` AS (
  SELECT
    `o`.`s`,
    ROW_NUMBER() OVER (ORDER BY `o`.`pos` NULLS LAST) AS `r`
  FROM `__sqlanon_order_N` AS `o`
  WHERE
    `o`.`s` IN (
      SELECT
        `s`
      FROM `f__w0` AS `f`
    )
), `sm__w0` AS (
  SELECT
    COUNT(*) AS `m`
  FROM `sdom__w0` AS `sdom`
), `sground__w0` AS (
  SELECT
    CAST(`a`.`s` AS INT) AS `a`,
    CAST(`b`.`s` AS INT) AS `b`,
    CASE
      WHEN `sm`.`m` <= 1
      THEN 0.0
      ELSE ABS(`a`.`r` - `b`.`r`) / (
        `sm`.`m` - 1.0
      )
    END AS `d`
  FROM `sdom__w0` AS `a`
  CROSS JOIN `sm__w0` AS `sm`
  JOIN `sdom__w0` AS `b`
    ON `b`.`r` > `a`.`r` - 2.0 * GREATEST(`sm`.`m` - 1, 1)
    AND `b`.`r` < `a`.`r` + 2.0 * GREATEST(`sm`.`m` - 1, 1)
)
SELECT
  CAST(`s` AS INT) AS `s`
FROM `sdom__w0` AS `sdom`;

CREATE TEMPORARY VIEW `__sqlanon_smooth_ground_N` AS
WITH `f__w0` AS (
  SELECT
    `s0` AS `s`,
    CAST(SUM(`n`) AS DOUBLE) AS `n`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`
  FROM `__sqlanon_freq_N`
  GROUP BY
    `s0`
  HAVING
    SUM(`n`) > 0
), `sdom__w0` AS (
  SELECT
    `o`.`s`,
    ROW_NUMBER() OVER (ORDER BY `o`.`pos` NULLS LAST) AS `r`
  FROM `__sqlanon_order_N` AS `o`
  WHERE
    `o`.`s` IN (
      SELECT
        `s`
      FROM `f__w0` AS `f`
    )
), `sm__w0` AS (
  SELECT
    COUNT(*) AS `m`
  FROM `sdom__w0` AS `sdom`
), `sground__w0` AS (
  SELECT
    CAST(`a`.`s` AS INT) AS `a`,
    CAST(`b`.`s` AS INT) AS `b`,
    CASE
      WHEN `sm`.`m` <= 1
      THEN 0.0
      ELSE ABS(`a`.`r` - `b`.`r`) / (
        `sm`.`m` - 1.0
      )
    END AS `d`
  FROM `sdom__w0` AS `a`
  CROSS JOIN `sm__w0` AS `sm`
  JOIN `sdom__w0` AS `b`
    ON `b`.`r` > `a`.`r` - 2.0 * GREATEST(`sm`.`m` - 1, 1)
    AND `b`.`r` < `a`.`r` + 2.0 * GREATEST(`sm`.`m` - 1, 1)
)
SELECT
  `a`,
  `b`,
  `d`
FROM `sground__w0` AS `sground`;
