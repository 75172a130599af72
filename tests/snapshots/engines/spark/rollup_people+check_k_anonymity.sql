CREATE TEMPORARY VIEW `__sqlanon_verdicts_N` AS
WITH `input__w1` AS (
  WITH `gen__w0` AS (
    SELECT DISTINCT
      `src`.`g`,
      TRY_ELEMENT_AT(:m0, CAST(`src`.`q0` + 1 AS INT)) AS `q0`,
      TRY_ELEMENT_AT(:m1, CAST(`src`.`q1` + 1 AS INT)) AS `q1`,
      TRY_ELEMENT_AT(:m2, CAST(`src`.`q2` + 1 AS INT)) AS `q2`
    FROM `__sqlanon_members_N` AS `src`
  ), `sig__w0` AS (
    SELECT
      `gen`.`g`,
      ARRAY_SORT(
        COLLECT_LIST(
          (
            CAST(`gen`.`q0` AS BIGINT) + 3 * (
              CAST(`gen`.`q1` AS BIGINT) + 3 * CAST(`gen`.`q2` AS BIGINT)
            )
          )
        )
      ) AS `sig`
    FROM `gen__w0` AS `gen`
    GROUP BY
      `gen`.`g`
  )
  SELECT
    `sig`.`sig` AS `q0`,
    CAST(0 AS INT) AS `q1`,
    CAST(0 AS INT) AS `q2`,
    CAST(COUNT(*) AS BIGINT) AS `n`
  FROM `sig__w0` AS `sig`
  GROUP BY
    `sig`.`sig`
), `c0__w1` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `size`,
    SUM(`n`) < 3 AS `bad`,
    CAST(SUM(`n`) AS DOUBLE) AS `val`
  FROM `input__w1` AS `input`
  GROUP BY
    `q0`,
    `q1`,
    `q2`
)
SELECT
  `c0`.`q0`,
  `c0`.`q1`,
  `c0`.`q2`,
  `c0`.`size` AS `size`,
  `c0`.`bad` AS `b0`,
  `c0`.`val` AS `v0`,
  `c0`.`bad` AS `bad`
FROM `c0__w1` AS `c0`;

WITH `gen__w0` AS (
  SELECT DISTINCT
    `b`.`batch_node`,
    `src`.`g`,
    TRY_ELEMENT_AT(
      TRY_ELEMENT_AT(:m0, CAST(`b`.`batch_node` + 1 AS INT)),
      CAST(`src`.`q0` + 1 AS INT)
    ) AS `q0`,
    TRY_ELEMENT_AT(
      TRY_ELEMENT_AT(:m1, CAST(`b`.`batch_node` + 1 AS INT)),
      CAST(`src`.`q1` + 1 AS INT)
    ) AS `q1`,
    TRY_ELEMENT_AT(
      TRY_ELEMENT_AT(:m2, CAST(`b`.`batch_node` + 1 AS INT)),
      CAST(`src`.`q2` + 1 AS INT)
    ) AS `q2`
  FROM `__sqlanon_members_N` AS `src`
  CROSS JOIN (
    SELECT
      CAST(`range` AS INT) AS `batch_node`
    FROM (
      SELECT
        EXPLODE(IF((
          :nodes - 1
        ) < 0, ARRAY(), SEQUENCE(0, (
          :nodes - 1
        )))) AS `range`
    ) AS `range`
  ) AS `b`
), `sig__w0` AS (
  SELECT
    `gen`.`batch_node`,
    `gen`.`g`,
    ARRAY_SORT(
      COLLECT_LIST(
        (
          CAST(`gen`.`q0` AS BIGINT) + 3 * (
            CAST(`gen`.`q1` AS BIGINT) + 3 * CAST(`gen`.`q2` AS BIGINT)
          )
        )
      )
    ) AS `sig`
  FROM `gen__w0` AS `gen`
  GROUP BY
    `gen`.`batch_node`,
    `gen`.`g`
), `input` AS (
  SELECT
    `sig`.`batch_node`,
    `sig`.`sig` AS `q0`,
    CAST(0 AS INT) AS `q1`,
    CAST(0 AS INT) AS `q2`,
    CAST(COUNT(*) AS BIGINT) AS `n`
  FROM `sig__w0` AS `sig`
  GROUP BY
    `sig`.`batch_node`,
    `sig`.`sig`
)
SELECT
  `a0`.`batch_node`,
  `a0`.`classes`,
  `a0`.`rows`,
  `a0`.`vc`,
  `a0`.`vr`,
  `a0`.`worst`
FROM (
  SELECT
    `batch_node`,
    COUNT(*) AS `classes`,
    COALESCE(SUM(`size`), 0) AS `rows`,
    COUNT_IF(`bad`) AS `vc`,
    COALESCE(SUM(CASE WHEN `bad` THEN `size` ELSE 0 END), 0) AS `vr`,
    MIN(`val`) AS `worst`
  FROM (
    /* check_k_anonymity.sql: k-anonymity, one row per equivalence class. */
    /* Inputs:   input (keys..., n): frequency table of the node (any extra columns are ignored). */
    /* Params:   keys (QI columns of the node), k (integer >= 1). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= class size; worst = MIN). */
    /* Formula:  a class E satisfies k-anonymity iff |E| >= k (with people: the input's np, its */
    /*           people, _people_values.sql; k counts people). */
    /* Citation: Sweeney, k-anonymity (2002); l-diversity paper (002) Definition 2.1. */
    SELECT
      `batch_node`,
      `q0`,
      `q1`,
      `q2`,
      CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `size`,
      SUM(`n`) < 2 AS `bad`,
      CAST(SUM(`n`) AS DOUBLE) AS `val`
    FROM `input`
    GROUP BY
      `batch_node`,
      `q0`,
      `q1`,
      `q2`
  ) AS `c`
  GROUP BY
    `batch_node`
) AS `a0`;

WITH `gen__w0` AS (
  SELECT DISTINCT
    `b`.`batch_node`,
    `src`.`g`,
    TRY_ELEMENT_AT(
      TRY_ELEMENT_AT(:m0, CAST(`b`.`batch_node` + 1 AS INT)),
      CAST(`src`.`q0` + 1 AS INT)
    ) AS `q0`,
    TRY_ELEMENT_AT(
      TRY_ELEMENT_AT(:m1, CAST(`b`.`batch_node` + 1 AS INT)),
      CAST(`src`.`q1` + 1 AS INT)
    ) AS `q1`,
    TRY_ELEMENT_AT(
      TRY_ELEMENT_AT(:m2, CAST(`b`.`batch_node` + 1 AS INT)),
      CAST(`src`.`q2` + 1 AS INT)
    ) AS `q2`
  FROM `__sqlanon_members_N` AS `src`
  CROSS JOIN (
    SELECT
      CAST(`range` AS INT) AS `batch_node`
    FROM (
      SELECT
        EXPLODE(IF((
          :nodes - 1
        ) < 0, ARRAY(), SEQUENCE(0, (
          :nodes - 1
        )))) AS `range`
    ) AS `range`
  ) AS `b`
), `sig__w0` AS (
  SELECT
    `gen`.`batch_node`,
    `gen`.`g`,
    ARRAY_SORT(
      COLLECT_LIST(
        (
          CAST(`gen`.`q0` AS BIGINT) + 3 * (
            CAST(`gen`.`q1` AS BIGINT) + 3 * CAST(`gen`.`q2` AS BIGINT)
          )
        )
      )
    ) AS `sig`
  FROM `gen__w0` AS `gen`
  GROUP BY
    `gen`.`batch_node`,
    `gen`.`g`
), `input` AS (
  SELECT
    `sig`.`batch_node`,
    `sig`.`sig` AS `q0`,
    CAST(0 AS INT) AS `q1`,
    CAST(0 AS INT) AS `q2`,
    CAST(COUNT(*) AS BIGINT) AS `n`
  FROM `sig__w0` AS `sig`
  GROUP BY
    `sig`.`batch_node`,
    `sig`.`sig`
)
SELECT
  `a0`.`batch_node`,
  `a0`.`classes`,
  `a0`.`rows`,
  `a0`.`vc`,
  `a0`.`vr`,
  `a0`.`worst`
FROM (
  SELECT
    `batch_node`,
    COUNT(*) AS `classes`,
    COALESCE(SUM(`size`), 0) AS `rows`,
    COUNT_IF(`bad`) AS `vc`,
    COALESCE(SUM(CASE WHEN `bad` THEN `size` ELSE 0 END), 0) AS `vr`,
    MIN(`val`) AS `worst`
  FROM (
    /* check_k_anonymity.sql: k-anonymity, one row per equivalence class. */
    /* Inputs:   input (keys..., n): frequency table of the node (any extra columns are ignored). */
    /* Params:   keys (QI columns of the node), k (integer >= 1). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= class size; worst = MIN). */
    /* Formula:  a class E satisfies k-anonymity iff |E| >= k (with people: the input's np, its */
    /*           people, _people_values.sql; k counts people). */
    /* Citation: Sweeney, k-anonymity (2002); l-diversity paper (002) Definition 2.1. */
    SELECT
      `batch_node`,
      `q0`,
      `q1`,
      `q2`,
      CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `size`,
      SUM(`n`) < 3 AS `bad`,
      CAST(SUM(`n`) AS DOUBLE) AS `val`
    FROM `input`
    GROUP BY
      `batch_node`,
      `q0`,
      `q1`,
      `q2`
  ) AS `c`
  GROUP BY
    `batch_node`
) AS `a0`;
