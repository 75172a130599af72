CREATE TEMPORARY VIEW `__sqlanon_gate_freq_N` AS
WITH `pt__w0` AS (
  SELECT DISTINCT
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
    END AS `q2`,
    `p`.`patient "id"` AS `p0`
  FROM `__sqlanon_people_N` AS `p`
), `ps__w0` AS (
  SELECT
    `pt`.`p0`,
    ARRAY_SORT(COLLECT_LIST(`t`.`t`)) AS `sig`
  FROM `pt__w0` AS `pt`
  JOIN `__sqlanon_gate_tuples_N` AS `t`
    ON `t`.`q0` = `pt`.`q0` AND `t`.`q1` = `pt`.`q1` AND `t`.`q2` = `pt`.`q2`
  GROUP BY
    `pt`.`p0`
), `pv__w0` AS (
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
    COUNT(*) AS `m`,
    MIN(`pv`.`s`) AS `first`
  FROM `pv__w0` AS `pv`
  GROUP BY
    `pv`.`p0`
)
SELECT
  `ps`.`sig` AS `q0`,
  CAST('' AS STRING) AS `q1`,
  CAST('' AS STRING) AS `q2`,
  `pv`.`s` AS `s0`,
  CAST(SUM(CAST(6 AS BIGINT) DIV `pm`.`m`) AS BIGINT) AS `n`,
  CAST(COUNT(*) AS BIGINT) AS `c`,
  CAST(SUM(CASE WHEN `pv`.`s` = `pm`.`first` THEN 1 ELSE 0 END) AS BIGINT) AS `np`
FROM `ps__w0` AS `ps`
JOIN `pv__w0` AS `pv`
  ON `pv`.`p0` = `ps`.`p0`
JOIN `pm__w0` AS `pm`
  ON `pm`.`p0` = `pv`.`p0`
GROUP BY
  `ps`.`sig`,
  `pv`.`s`;

CREATE TEMPORARY VIEW `__sqlanon_gate_freq_N` AS
WITH `pt__w0` AS (
  SELECT DISTINCT
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
    END AS `q2`,
    `p`.`patient "id"` AS `p0`
  FROM `__sqlanon_table_N` AS `p`
), `ps__w0` AS (
  SELECT
    `pt`.`p0`,
    ARRAY_SORT(COLLECT_LIST(`t`.`t`)) AS `sig`
  FROM `pt__w0` AS `pt`
  JOIN `__sqlanon_gate_tuples_N` AS `t`
    ON `t`.`q0` = `pt`.`q0` AND `t`.`q1` = `pt`.`q1` AND `t`.`q2` = `pt`.`q2`
  GROUP BY
    `pt`.`p0`
)
SELECT
  `ps`.`sig` AS `q0`,
  CAST('' AS STRING) AS `q1`,
  CAST('' AS STRING) AS `q2`,
  CAST(COUNT(*) AS BIGINT) AS `n`
FROM `ps__w0` AS `ps`
GROUP BY
  `ps`.`sig`;

CREATE TEMPORARY VIEW `__sqlanon_gate_freq_N` AS
WITH `pt__w0` AS (
  SELECT DISTINCT
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
    END AS `q2`,
    `p`.`patient "id"` AS `p0`
  FROM `__sqlanon_table_N` AS `p`
), `ps__w0` AS (
  SELECT
    `pt`.`p0`,
    ARRAY_SORT(COLLECT_LIST(`t`.`t`)) AS `sig`
  FROM `pt__w0` AS `pt`
  JOIN `__sqlanon_gate_tuples_N` AS `t`
    ON `t`.`q0` = `pt`.`q0` AND `t`.`q1` = `pt`.`q1` AND `t`.`q2` = `pt`.`q2`
  GROUP BY
    `pt`.`p0`
), `pv__w0` AS (
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
    COUNT(*) AS `m`,
    MIN(`pv`.`s`) AS `first`
  FROM `pv__w0` AS `pv`
  GROUP BY
    `pv`.`p0`
)
SELECT
  `ps`.`sig` AS `q0`,
  CAST('' AS STRING) AS `q1`,
  CAST('' AS STRING) AS `q2`,
  `pv`.`s` AS `s0`,
  CAST(SUM(CAST(6 AS BIGINT) DIV `pm`.`m`) AS BIGINT) AS `n`,
  CAST(COUNT(*) AS BIGINT) AS `c`,
  CAST(SUM(CASE WHEN `pv`.`s` = `pm`.`first` THEN 1 ELSE 0 END) AS BIGINT) AS `np`
FROM `ps__w0` AS `ps`
JOIN `pv__w0` AS `pv`
  ON `pv`.`p0` = `ps`.`p0`
JOIN `pm__w0` AS `pm`
  ON `pm`.`p0` = `pv`.`p0`
GROUP BY
  `ps`.`sig`,
  `pv`.`s`;

CREATE TEMPORARY VIEW `__sqlanon_gate_tuples_N` AS
SELECT
  CAST(DENSE_RANK() OVER (ORDER BY `d`.`q0` NULLS LAST, `d`.`q1` NULLS LAST, `d`.`q2` NULLS LAST) AS BIGINT) AS `t`,
  `d`.`q0`,
  `d`.`q1`,
  `d`.`q2`
FROM (
  SELECT DISTINCT
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
  FROM `__sqlanon_people_N` AS `p`
) AS `d`;

CREATE TEMPORARY VIEW `__sqlanon_gate_tuples_N` AS
SELECT
  CAST(DENSE_RANK() OVER (ORDER BY `d`.`q0` NULLS LAST, `d`.`q1` NULLS LAST, `d`.`q2` NULLS LAST) AS BIGINT) AS `t`,
  `d`.`q0`,
  `d`.`q1`,
  `d`.`q2`
FROM (
  SELECT DISTINCT
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
  FROM `__sqlanon_table_N` AS `p`
) AS `d`;
