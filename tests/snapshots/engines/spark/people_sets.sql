CREATE TEMPORARY VIEW `__sqlanon_gate_set_values_N` AS
WITH `pv__w0` AS (
  SELECT DISTINCT
    `p`.`patient "id"` AS `p0`,
    `e`.`code` AS `s`
  FROM `__sqlanon_people_N` AS `p`
  JOIN `__sqlanon_sdict_N` AS `e`
    ON CASE
      WHEN CAST(`p`.`sens` AS STRING) IS NULL
      THEN '\036NULL\036'
      WHEN CAST(`p`.`sens` AS STRING) LIKE '\036%'
      THEN '\036' || CAST(`p`.`sens` AS STRING)
      ELSE CAST(`p`.`sens` AS STRING)
    END = `e`.`value`
), `pm__w0` AS (
  SELECT
    `pv`.`p0`,
    COUNT(*) AS `m`
  FROM `pv__w0` AS `pv`
  GROUP BY
    `pv`.`p0`
)
SELECT
  `pv`.`p0`,
  `pv`.`s` AS `s0`,
  CAST(CAST(6 AS BIGINT) DIV `pm`.`m` AS BIGINT) AS `n`
FROM `pv__w0` AS `pv`
JOIN `pm__w0` AS `pm`
  ON `pm`.`p0` = `pv`.`p0`;

CREATE TEMPORARY VIEW `__sqlanon_gate_set_values_N` AS
WITH `pv__w0` AS (
  SELECT DISTINCT
    `p`.`patient "id"` AS `p0`,
    `e`.`code` AS `s`
  FROM `__sqlanon_table_N` AS `p`
  JOIN `__sqlanon_sdict_N` AS `e`
    ON CASE
      WHEN CAST(`p`.`sens` AS STRING) IS NULL
      THEN '\036NULL\036'
      WHEN CAST(`p`.`sens` AS STRING) LIKE '\036%'
      THEN '\036' || CAST(`p`.`sens` AS STRING)
      ELSE CAST(`p`.`sens` AS STRING)
    END = `e`.`value`
), `pm__w0` AS (
  SELECT
    `pv`.`p0`,
    COUNT(*) AS `m`
  FROM `pv__w0` AS `pv`
  GROUP BY
    `pv`.`p0`
)
SELECT
  `pv`.`p0`,
  `pv`.`s` AS `s0`,
  CAST(CAST(6 AS BIGINT) DIV `pm`.`m` AS BIGINT) AS `n`
FROM `pv__w0` AS `pv`
JOIN `pm__w0` AS `pm`
  ON `pm`.`p0` = `pv`.`p0`;

CREATE TEMPORARY VIEW `__sqlanon_gate_sets_N` AS
SELECT DISTINCT
  `p`.`patient "id"` AS `p0`,
  CASE
    WHEN CAST(`p`.`qi-0` AS STRING) IS NULL
    THEN '\036NULL\036'
    WHEN CAST(`p`.`qi-0` AS STRING) LIKE '\036%'
    THEN '\036' || CAST(`p`.`qi-0` AS STRING)
    ELSE CAST(`p`.`qi-0` AS STRING)
  END AS `q0`,
  CASE
    WHEN CAST(`p`.`q 1` AS STRING) IS NULL
    THEN '\036NULL\036'
    WHEN CAST(`p`.`q 1` AS STRING) LIKE '\036%'
    THEN '\036' || CAST(`p`.`q 1` AS STRING)
    ELSE CAST(`p`.`q 1` AS STRING)
  END AS `q1`,
  CASE
    WHEN CAST(`p`.`qi-2` AS STRING) IS NULL
    THEN '\036NULL\036'
    WHEN CAST(`p`.`qi-2` AS STRING) LIKE '\036%'
    THEN '\036' || CAST(`p`.`qi-2` AS STRING)
    ELSE CAST(`p`.`qi-2` AS STRING)
  END AS `q2`
FROM `__sqlanon_people_N` AS `p`;

CREATE TEMPORARY VIEW `__sqlanon_gate_sets_N` AS
SELECT DISTINCT
  `p`.`patient "id"` AS `p0`,
  CASE
    WHEN CAST(`p`.`qi-0` AS STRING) IS NULL
    THEN '\036NULL\036'
    WHEN CAST(`p`.`qi-0` AS STRING) LIKE '\036%'
    THEN '\036' || CAST(`p`.`qi-0` AS STRING)
    ELSE CAST(`p`.`qi-0` AS STRING)
  END AS `q0`,
  CASE
    WHEN CAST(`p`.`q 1` AS STRING) IS NULL
    THEN '\036NULL\036'
    WHEN CAST(`p`.`q 1` AS STRING) LIKE '\036%'
    THEN '\036' || CAST(`p`.`q 1` AS STRING)
    ELSE CAST(`p`.`q 1` AS STRING)
  END AS `q1`,
  CASE
    WHEN CAST(`p`.`qi-2` AS STRING) IS NULL
    THEN '\036NULL\036'
    WHEN CAST(`p`.`qi-2` AS STRING) LIKE '\036%'
    THEN '\036' || CAST(`p`.`qi-2` AS STRING)
    ELSE CAST(`p`.`qi-2` AS STRING)
  END AS `q2`
FROM `__sqlanon_table_N` AS `p`;
