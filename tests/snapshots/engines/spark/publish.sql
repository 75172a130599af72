CREATE TEMPORARY VIEW `__sqlanon_people_N` AS
WITH `m0__w0` AS (
  SELECT
    `d`.`leaf`,
    `u`.`ct` AS `code`,
    `l`.`label`
  FROM (
    SELECT
      `leaf`,
      `code`
    FROM `__sqlanon_dim_N`
    WHERE
      `q` = 0
  ) AS `d`
  JOIN (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 0
  ) AS `u`
    ON `u`.`lf` = 0 AND `u`.`cf` = `d`.`code` AND `u`.`lt` = 0
  JOIN (
    SELECT
      `lvl`,
      `code`,
      `label`,
      `leaves`
    FROM `__sqlanon_labels_N`
    WHERE
      `q` = 0
  ) AS `l`
    ON `l`.`lvl` = 0 AND `l`.`code` = `u`.`ct`
), `m1__w0` AS (
  SELECT
    `d`.`leaf`,
    `u`.`ct` AS `code`,
    `l`.`label`
  FROM (
    SELECT
      `leaf`,
      `code`
    FROM `__sqlanon_dim_N`
    WHERE
      `q` = 1
  ) AS `d`
  JOIN (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 1
  ) AS `u`
    ON `u`.`lf` = 0 AND `u`.`cf` = `d`.`code` AND `u`.`lt` = 0
  JOIN (
    SELECT
      `lvl`,
      `code`,
      `label`,
      `leaves`
    FROM `__sqlanon_labels_N`
    WHERE
      `q` = 1
  ) AS `l`
    ON `l`.`lvl` = 0 AND `l`.`code` = `u`.`ct`
), `kept__w0` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`
  FROM `__sqlanon_verdicts_N`
  WHERE
    NOT `bad`
)
SELECT
  `m0`.`label` AS `qi-0`,
  `m1`.`label` AS `q 1`,
  CAST('*' AS STRING) AS `qi-2`,
  `src`.`sens` AS `sens`,
  `src`.`visit` AS `visit`,
  `src`.`patient "id"` AS `patient "id"`
FROM `__sqlanon_source_N` AS `src`
JOIN `m0__w0` AS `m0`
  ON `m0`.`leaf` = COALESCE(CAST(`src`.`qi-0` AS STRING), '')
JOIN `m1__w0` AS `m1`
  ON `m1`.`leaf` = COALESCE(CAST(`src`.`q 1` AS STRING), '')
SEMI JOIN `kept__w0` AS `kept`
  ON `kept`.`q0` = `m0`.`code` AND `kept`.`q1` = `m1`.`code` AND `kept`.`q2` = 0;

CREATE TEMPORARY VIEW `__sqlanon_people_N` AS
WITH `m0__w0` AS (
  SELECT
    `d`.`leaf`,
    `u`.`ct` AS `code`,
    `l`.`label`
  FROM (
    SELECT
      `leaf`,
      `code`
    FROM `__sqlanon_dim_N`
    WHERE
      `q` = 0
  ) AS `d`
  JOIN (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 0
  ) AS `u`
    ON `u`.`lf` = 0 AND `u`.`cf` = `d`.`code` AND `u`.`lt` = 0
  JOIN (
    SELECT
      `lvl`,
      `code`,
      `label`,
      `leaves`
    FROM `__sqlanon_labels_N`
    WHERE
      `q` = 0
  ) AS `l`
    ON `l`.`lvl` = 0 AND `l`.`code` = `u`.`ct`
), `m1__w0` AS (
  SELECT
    `d`.`leaf`,
    `u`.`ct` AS `code`,
    `l`.`label`
  FROM (
    SELECT
      `leaf`,
      `code`
    FROM `__sqlanon_dim_N`
    WHERE
      `q` = 1
  ) AS `d`
  JOIN (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 1
  ) AS `u`
    ON `u`.`lf` = 0 AND `u`.`cf` = `d`.`code` AND `u`.`lt` = 0
  JOIN (
    SELECT
      `lvl`,
      `code`,
      `label`,
      `leaves`
    FROM `__sqlanon_labels_N`
    WHERE
      `q` = 1
  ) AS `l`
    ON `l`.`lvl` = 0 AND `l`.`code` = `u`.`ct`
), `kept__w0` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`
  FROM `__sqlanon_verdicts_N`
  WHERE
    NOT `bad`
), `pg__w0` AS (
  SELECT DISTINCT
    `mb`.`g`,
    `u0`.`ct` AS `q0`,
    `u1`.`ct` AS `q1`,
    CAST(0 AS INT) AS `q2`
  FROM `__sqlanon_members_N` AS `mb`
  JOIN (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 0
  ) AS `u0`
    ON `u0`.`lf` = 0 AND `u0`.`cf` = `mb`.`q0` AND `u0`.`lt` = 0
  JOIN (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 1
  ) AS `u1`
    ON `u1`.`lf` = 0 AND `u1`.`cf` = `mb`.`q1` AND `u1`.`lt` = 0
), `ps__w0` AS (
  SELECT
    `pg`.`g`,
    ARRAY_SORT(
      COLLECT_LIST(
        (
          CAST(`pg`.`q0` AS BIGINT) + 3 * (
            CAST(`pg`.`q1` AS BIGINT) + 3 * CAST(`pg`.`q2` AS BIGINT)
          )
        )
      )
    ) AS `sig`
  FROM `pg__w0` AS `pg`
  GROUP BY
    `pg`.`g`
), `keptg__w0` AS (
  SELECT
    `ps`.`g`
  FROM `ps__w0` AS `ps`
  SEMI JOIN `kept__w0` AS `kept`
    ON `kept`.`q0` = `ps`.`sig`
)
SELECT
  `m0`.`label` AS `qi-0`,
  `m1`.`label` AS `q 1`,
  CAST('*' AS STRING) AS `qi-2`,
  `src`.`sens` AS `sens`,
  `src`.`visit` AS `visit`,
  `src`.`patient "id"` AS `patient "id"`
FROM `__sqlanon_source_N` AS `src`
JOIN `m0__w0` AS `m0`
  ON `m0`.`leaf` = COALESCE(CAST(`src`.`qi-0` AS STRING), '')
JOIN `m1__w0` AS `m1`
  ON `m1`.`leaf` = COALESCE(CAST(`src`.`q 1` AS STRING), '')
JOIN `__sqlanon_persons_N` AS `pc`
  ON `pc`.`p0` = `src`.`patient "id"`
SEMI JOIN `keptg__w0` AS `keptg`
  ON `keptg`.`g` = `pc`.`g`;

CREATE TEMPORARY VIEW `__sqlanon_people_N` AS
WITH `m0__w0` AS (
  SELECT
    `d`.`leaf`,
    `u`.`ct` AS `code`,
    `l`.`label`
  FROM (
    SELECT
      `leaf`,
      `code`
    FROM `__sqlanon_dim_N`
    WHERE
      `q` = 0
  ) AS `d`
  JOIN (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 0
  ) AS `u`
    ON `u`.`lf` = 0 AND `u`.`cf` = `d`.`code` AND `u`.`lt` = 1
  JOIN (
    SELECT
      `lvl`,
      `code`,
      `label`,
      `leaves`
    FROM `__sqlanon_labels_N`
    WHERE
      `q` = 0
  ) AS `l`
    ON `l`.`lvl` = 1 AND `l`.`code` = `u`.`ct`
), `m1__w0` AS (
  SELECT
    `d`.`leaf`,
    `u`.`ct` AS `code`,
    `l`.`label`
  FROM (
    SELECT
      `leaf`,
      `code`
    FROM `__sqlanon_dim_N`
    WHERE
      `q` = 1
  ) AS `d`
  JOIN (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 1
  ) AS `u`
    ON `u`.`lf` = 0 AND `u`.`cf` = `d`.`code` AND `u`.`lt` = 0
  JOIN (
    SELECT
      `lvl`,
      `code`,
      `label`,
      `leaves`
    FROM `__sqlanon_labels_N`
    WHERE
      `q` = 1
  ) AS `l`
    ON `l`.`lvl` = 0 AND `l`.`code` = `u`.`ct`
), `kept__w0` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`
  FROM `__sqlanon_verdicts_N`
  WHERE
    NOT `bad`
), `pg__w0` AS (
  SELECT DISTINCT
    `mb`.`g`,
    `u0`.`ct` AS `q0`,
    `u1`.`ct` AS `q1`,
    CAST(0 AS INT) AS `q2`
  FROM `__sqlanon_members_N` AS `mb`
  JOIN (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 0
  ) AS `u0`
    ON `u0`.`lf` = 0 AND `u0`.`cf` = `mb`.`q0` AND `u0`.`lt` = 1
  JOIN (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 1
  ) AS `u1`
    ON `u1`.`lf` = 0 AND `u1`.`cf` = `mb`.`q1` AND `u1`.`lt` = 0
), `ps__w0` AS (
  SELECT
    `pg`.`g`,
    ARRAY_SORT(
      COLLECT_LIST(
        (
          CAST(`pg`.`q0` AS BIGINT) + 3 * (
            CAST(`pg`.`q1` AS BIGINT) + 3 * CAST(`pg`.`q2` AS BIGINT)
          )
        )
      )
    ) AS `sig`
  FROM `pg__w0` AS `pg`
  GROUP BY
    `pg`.`g`
), `keptg__w0` AS (
  SELECT
    `ps`.`g`
  FROM `ps__w0` AS `ps`
  SEMI JOIN `kept__w0` AS `kept`
    ON `kept`.`q0` = `ps`.`sig`
)
SELECT
  `m0`.`label` AS `qi-0`,
  `m1`.`label` AS `q 1`,
  CAST('*' AS STRING) AS `qi-2`,
  `src`.`sens` AS `sens`,
  `src`.`visit` AS `visit`,
  `src`.`patient "id"` AS `patient "id"`
FROM `__sqlanon_source_N` AS `src`
JOIN `m0__w0` AS `m0`
  ON `m0`.`leaf` = COALESCE(CAST(`src`.`qi-0` AS STRING), '')
JOIN `m1__w0` AS `m1`
  ON `m1`.`leaf` = COALESCE(CAST(`src`.`q 1` AS STRING), '')
JOIN `__sqlanon_persons_N` AS `pc`
  ON `pc`.`p0` = `src`.`patient "id"`
SEMI JOIN `keptg__w0` AS `keptg`
  ON `keptg`.`g` = `pc`.`g`;

CREATE TEMPORARY VIEW `__sqlanon_people_N` AS
WITH `m0__w0` AS (
  SELECT
    `d`.`leaf`,
    `u`.`ct` AS `code`,
    `l`.`label`
  FROM (
    SELECT
      `leaf`,
      `code`
    FROM `__sqlanon_dim_N`
    WHERE
      `q` = 0
  ) AS `d`
  JOIN (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 0
  ) AS `u`
    ON `u`.`lf` = 0 AND `u`.`cf` = `d`.`code` AND `u`.`lt` = 1
  JOIN (
    SELECT
      `lvl`,
      `code`,
      `label`,
      `leaves`
    FROM `__sqlanon_labels_N`
    WHERE
      `q` = 0
  ) AS `l`
    ON `l`.`lvl` = 1 AND `l`.`code` = `u`.`ct`
), `m1__w0` AS (
  SELECT
    `d`.`leaf`,
    `u`.`ct` AS `code`,
    `l`.`label`
  FROM (
    SELECT
      `leaf`,
      `code`
    FROM `__sqlanon_dim_N`
    WHERE
      `q` = 1
  ) AS `d`
  JOIN (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 1
  ) AS `u`
    ON `u`.`lf` = 0 AND `u`.`cf` = `d`.`code` AND `u`.`lt` = 0
  JOIN (
    SELECT
      `lvl`,
      `code`,
      `label`,
      `leaves`
    FROM `__sqlanon_labels_N`
    WHERE
      `q` = 1
  ) AS `l`
    ON `l`.`lvl` = 0 AND `l`.`code` = `u`.`ct`
), `m2__w0` AS (
  SELECT
    `d`.`leaf`,
    `u`.`ct` AS `code`,
    `l`.`label`
  FROM (
    SELECT
      `leaf`,
      `code`
    FROM `__sqlanon_dim_N`
    WHERE
      `q` = 2
  ) AS `d`
  JOIN (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 2
  ) AS `u`
    ON `u`.`lf` = 0 AND `u`.`cf` = `d`.`code` AND `u`.`lt` = 0
  JOIN (
    SELECT
      `lvl`,
      `code`,
      `label`,
      `leaves`
    FROM `__sqlanon_labels_N`
    WHERE
      `q` = 2
  ) AS `l`
    ON `l`.`lvl` = 0 AND `l`.`code` = `u`.`ct`
), `kept__w0` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`
  FROM `__sqlanon_verdicts_N`
  WHERE
    NOT `bad`
)
SELECT
  `m0`.`label` AS `qi-0`,
  `m1`.`label` AS `q 1`,
  `m2`.`label` AS `qi-2`,
  `src`.`sens` AS `sens`,
  `src`.`visit` AS `visit`,
  `src`.`patient "id"` AS `patient "id"`
FROM `__sqlanon_source_N` AS `src`
JOIN `m0__w0` AS `m0`
  ON `m0`.`leaf` = COALESCE(CAST(`src`.`qi-0` AS STRING), '')
JOIN `m1__w0` AS `m1`
  ON `m1`.`leaf` = COALESCE(CAST(`src`.`q 1` AS STRING), '')
JOIN `m2__w0` AS `m2`
  ON `m2`.`leaf` = COALESCE(CAST(`src`.`qi-2` AS STRING), '')
SEMI JOIN `kept__w0` AS `kept`
  ON `kept`.`q0` = `m0`.`code`
  AND `kept`.`q1` = `m1`.`code`
  AND `kept`.`q2` = `m2`.`code`;
