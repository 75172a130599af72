CREATE TEMPORARY VIEW `__sqlanon_population_classes_N` AS
SELECT
  CASE
    WHEN CASE
      WHEN `m0`.`label` IS NULL
      THEN '\036NULL\036'
      WHEN `m0`.`label` LIKE '\036%'
      THEN '\036' || `m0`.`label`
      ELSE `m0`.`label`
    END = ''
    THEN '\036NULL\036'
    ELSE CASE
      WHEN `m0`.`label` IS NULL
      THEN '\036NULL\036'
      WHEN `m0`.`label` LIKE '\036%'
      THEN '\036' || `m0`.`label`
      ELSE `m0`.`label`
    END
  END AS `q0`,
  CASE
    WHEN CASE
      WHEN `m1`.`label` IS NULL
      THEN '\036NULL\036'
      WHEN `m1`.`label` LIKE '\036%'
      THEN '\036' || `m1`.`label`
      ELSE `m1`.`label`
    END = ''
    THEN '\036NULL\036'
    ELSE CASE
      WHEN `m1`.`label` IS NULL
      THEN '\036NULL\036'
      WHEN `m1`.`label` LIKE '\036%'
      THEN '\036' || `m1`.`label`
      ELSE `m1`.`label`
    END
  END AS `q1`,
  CASE
    WHEN CASE
      WHEN `m2`.`label` IS NULL
      THEN '\036NULL\036'
      WHEN `m2`.`label` LIKE '\036%'
      THEN '\036' || `m2`.`label`
      ELSE `m2`.`label`
    END = ''
    THEN '\036NULL\036'
    ELSE CASE
      WHEN `m2`.`label` IS NULL
      THEN '\036NULL\036'
      WHEN `m2`.`label` LIKE '\036%'
      THEN '\036' || `m2`.`label`
      ELSE `m2`.`label`
    END
  END AS `q2`,
  CAST(COUNT(*) AS BIGINT) AS `n`
FROM `__sqlanon_population_N` AS `p`
JOIN `__sqlanon_population_map_N` AS `m0`
  ON `m0`.`leaf` = COALESCE(CAST(`p`.`zip` AS STRING), '')
JOIN `__sqlanon_population_map_N` AS `m1`
  ON `m1`.`leaf` = COALESCE(CAST(`p`.`age` AS STRING), '')
JOIN `__sqlanon_population_map_N` AS `m2`
  ON `m2`.`leaf` = COALESCE(CAST(`p`.`sex` AS STRING), '')
GROUP BY
  1,
  2,
  3;
