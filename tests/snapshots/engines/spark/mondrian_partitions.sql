CREATE TEMPORARY VIEW `__sqlanon_mparts_N` AS
WITH `st__w0` AS (
  SELECT
    `pid`,
    SUM(`n`) AS `size`,
    MIN(`x0`) AS `lo0`,
    MAX(`x0`) AS `hi0`,
    MIN(`x1`) AS `lo1`,
    MAX(`x1`) AS `hi1`,
    CASE WHEN MIN(`q2`) = MAX(`q2`) THEN 0 ELSE 1 END AS `lca2`,
    CASE WHEN MIN(`q2`) = MAX(`q2`) THEN MIN(`q2`) ELSE 0 END AS `lcacode2`
  FROM `__sqlanon_mfinal_N`
  GROUP BY
    `pid`
)
SELECT
  `st`.`pid`,
  `st`.`size`,
  CASE
    WHEN `st`.`lo0` = `st`.`hi0`
    THEN `dl0`.`leaf`
    ELSE '[' || `dl0`.`leaf` || '-' || `dh0`.`leaf` || ']'
  END AS `label0`,
  (
    `st`.`hi0` - `st`.`lo0`
  ) / 45838.0 AS `w0`,
  CASE
    WHEN `st`.`lo1` = `st`.`hi1`
    THEN `dl1`.`leaf`
    ELSE '[' || `dl1`.`leaf` || '-' || `dh1`.`leaf` || ']'
  END AS `label1`,
  (
    `st`.`hi1` - `st`.`lo1`
  ) / 68.0 AS `w1`,
  `l2`.`label` AS `label2`,
  CAST(`l2`.`leaves` - 1 AS DOUBLE) / 1 AS `w2`
FROM `st__w0` AS `st`
JOIN `__sqlanon_mvalues_N` AS `dl0`
  ON `dl0`.`x` = `st`.`lo0`
JOIN `__sqlanon_mvalues_N` AS `dh0`
  ON `dh0`.`x` = `st`.`hi0`
JOIN `__sqlanon_mvalues_N` AS `dl1`
  ON `dl1`.`x` = `st`.`lo1`
JOIN `__sqlanon_mvalues_N` AS `dh1`
  ON `dh1`.`x` = `st`.`hi1`
JOIN (
  SELECT
    `lvl`,
    `code`,
    `label`,
    `leaves`
  FROM `__sqlanon_labels_N`
  WHERE
    `q` = 2
) AS `l2`
  ON `l2`.`lvl` = `st`.`lca2` AND `l2`.`code` = `st`.`lcacode2`;
