CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_verdicts_N" AS
WITH "input" AS (
  WITH "gen" AS (
    SELECT DISTINCT
      "src"."g",
      LIST_EXTRACT($m0, "src"."q0" + 1) AS "q0",
      LIST_EXTRACT($m1, "src"."q1" + 1) AS "q1",
      LIST_EXTRACT($m2, "src"."q2" + 1) AS "q2"
    FROM "__sqlanon_members_N" AS "src"
  ), "sig" AS (
    SELECT
      "gen"."g",
      LIST_SORT(
        ARRAY_AGG(
          (
            CAST("gen"."q0" AS BIGINT) + 3 * (
              CAST("gen"."q1" AS BIGINT) + 3 * CAST("gen"."q2" AS BIGINT)
            )
          )
        )
      ) AS "sig"
    FROM "gen"
    GROUP BY
      "gen"."g"
  )
  SELECT
    "sig"."sig" AS "q0",
    CAST(0 AS INT) AS "q1",
    CAST(0 AS INT) AS "q2",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sig"
  GROUP BY
    "sig"."sig"
), "c0" AS (
  SELECT
    "q0",
    "q1",
    "q2",
    CAST(SUM("n") AS INT128) AS "size",
    SUM("n") < 3 AS "bad",
    CAST(SUM("n") AS DOUBLE) AS "val"
  FROM "input"
  GROUP BY
    "q0",
    "q1",
    "q2"
)
SELECT
  "c0"."q0",
  "c0"."q1",
  "c0"."q2",
  "c0"."size" AS "size",
  "c0"."bad" AS "b0",
  "c0"."val" AS "v0",
  "c0"."bad" AS "bad"
FROM c0;

WITH "input" AS (
  WITH "gen" AS (
    SELECT DISTINCT
      "b"."batch_node",
      "src"."g",
      LIST_EXTRACT(LIST_EXTRACT($m0, "b"."batch_node" + 1), "src"."q0" + 1) AS "q0",
      LIST_EXTRACT(LIST_EXTRACT($m1, "b"."batch_node" + 1), "src"."q1" + 1) AS "q1",
      LIST_EXTRACT(LIST_EXTRACT($m2, "b"."batch_node" + 1), "src"."q2" + 1) AS "q2"
    FROM "__sqlanon_members_N" AS "src"
    CROSS JOIN (
      SELECT
        CAST("range" AS INT) AS "batch_node"
      FROM RANGE(0, $nodes)
    ) AS "b"
  ), "sig" AS (
    SELECT
      "gen"."batch_node",
      "gen"."g",
      LIST_SORT(
        ARRAY_AGG(
          (
            CAST("gen"."q0" AS BIGINT) + 3 * (
              CAST("gen"."q1" AS BIGINT) + 3 * CAST("gen"."q2" AS BIGINT)
            )
          )
        )
      ) AS "sig"
    FROM "gen"
    GROUP BY
      "gen"."batch_node",
      "gen"."g"
  )
  SELECT
    "sig"."batch_node",
    "sig"."sig" AS "q0",
    CAST(0 AS INT) AS "q1",
    CAST(0 AS INT) AS "q2",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sig"
  GROUP BY
    "sig"."batch_node",
    "sig"."sig"
)
SELECT
  "a0"."batch_node",
  "a0"."classes",
  "a0"."rows",
  "a0"."vc",
  "a0"."vr",
  "a0"."worst"
FROM (
  SELECT
    "batch_node",
    COUNT(*) AS "classes",
    COALESCE(SUM("size"), 0) AS "rows",
    COUNT_IF("bad") AS "vc",
    COALESCE(SUM(CASE WHEN "bad" THEN "size" ELSE 0 END), 0) AS "vr",
    MIN("val") AS "worst"
  FROM (
    /* check_k_anonymity.sql: k-anonymity, one row per equivalence class. */
    /* Inputs:   input (keys..., n): frequency table of the node (any extra columns are ignored). */
    /* Params:   keys (QI columns of the node), k (integer >= 1). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= class size; worst = MIN). */
    /* Formula:  a class E satisfies k-anonymity iff |E| >= k (with people: the input's np, its */
    /*           people, _people_values.sql; k counts people). */
    /* Citation: Sweeney, k-anonymity (2002); l-diversity paper (002) Definition 2.1. */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      CAST(SUM("n") AS INT128) AS "size",
      SUM("n") < 2 AS "bad",
      CAST(SUM("n") AS DOUBLE) AS "val"
    FROM "input"
    GROUP BY
      "batch_node",
      "q0",
      "q1",
      "q2"
  ) AS "c"
  GROUP BY
    "batch_node"
) AS "a0";

WITH "input" AS (
  WITH "gen" AS (
    SELECT DISTINCT
      "b"."batch_node",
      "src"."g",
      LIST_EXTRACT(LIST_EXTRACT($m0, "b"."batch_node" + 1), "src"."q0" + 1) AS "q0",
      LIST_EXTRACT(LIST_EXTRACT($m1, "b"."batch_node" + 1), "src"."q1" + 1) AS "q1",
      LIST_EXTRACT(LIST_EXTRACT($m2, "b"."batch_node" + 1), "src"."q2" + 1) AS "q2"
    FROM "__sqlanon_members_N" AS "src"
    CROSS JOIN (
      SELECT
        CAST("range" AS INT) AS "batch_node"
      FROM RANGE(0, $nodes)
    ) AS "b"
  ), "sig" AS (
    SELECT
      "gen"."batch_node",
      "gen"."g",
      LIST_SORT(
        ARRAY_AGG(
          (
            CAST("gen"."q0" AS BIGINT) + 3 * (
              CAST("gen"."q1" AS BIGINT) + 3 * CAST("gen"."q2" AS BIGINT)
            )
          )
        )
      ) AS "sig"
    FROM "gen"
    GROUP BY
      "gen"."batch_node",
      "gen"."g"
  )
  SELECT
    "sig"."batch_node",
    "sig"."sig" AS "q0",
    CAST(0 AS INT) AS "q1",
    CAST(0 AS INT) AS "q2",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sig"
  GROUP BY
    "sig"."batch_node",
    "sig"."sig"
)
SELECT
  "a0"."batch_node",
  "a0"."classes",
  "a0"."rows",
  "a0"."vc",
  "a0"."vr",
  "a0"."worst"
FROM (
  SELECT
    "batch_node",
    COUNT(*) AS "classes",
    COALESCE(SUM("size"), 0) AS "rows",
    COUNT_IF("bad") AS "vc",
    COALESCE(SUM(CASE WHEN "bad" THEN "size" ELSE 0 END), 0) AS "vr",
    MIN("val") AS "worst"
  FROM (
    /* check_k_anonymity.sql: k-anonymity, one row per equivalence class. */
    /* Inputs:   input (keys..., n): frequency table of the node (any extra columns are ignored). */
    /* Params:   keys (QI columns of the node), k (integer >= 1). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= class size; worst = MIN). */
    /* Formula:  a class E satisfies k-anonymity iff |E| >= k (with people: the input's np, its */
    /*           people, _people_values.sql; k counts people). */
    /* Citation: Sweeney, k-anonymity (2002); l-diversity paper (002) Definition 2.1. */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      CAST(SUM("n") AS INT128) AS "size",
      SUM("n") < 3 AS "bad",
      CAST(SUM("n") AS DOUBLE) AS "val"
    FROM "input"
    GROUP BY
      "batch_node",
      "q0",
      "q1",
      "q2"
  ) AS "c"
  GROUP BY
    "batch_node"
) AS "a0";
