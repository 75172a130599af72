CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_verdicts_N" AS
WITH "input" AS (
  SELECT
    LIST_EXTRACT($m0, "src"."q0" + 1) AS "q0",
    LIST_EXTRACT($m1, "src"."q1" + 1) AS "q1",
    LIST_EXTRACT($m2, "src"."q2" + 1) AS "q2",
    CAST(SUM("src"."n") AS BIGINT) AS "n"
  FROM "__sqlanon_freq_N" AS "src"
  GROUP BY
    LIST_EXTRACT($m0, "src"."q0" + 1),
    LIST_EXTRACT($m1, "src"."q1" + 1),
    LIST_EXTRACT($m2, "src"."q2" + 1)
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

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_verdicts_N" AS
WITH "input" AS (
  SELECT
    LIST_EXTRACT($m0, "src"."q0" + 1) AS "q0",
    LIST_EXTRACT($m1, "src"."q1" + 1) AS "q1",
    LIST_EXTRACT($m2, "src"."q2" + 1) AS "q2",
    CAST(SUM("src"."n") AS BIGINT) AS "n"
  FROM "__sqlanon_freq_N" AS "src"
  GROUP BY
    LIST_EXTRACT($m0, "src"."q0" + 1),
    LIST_EXTRACT($m1, "src"."q1" + 1),
    LIST_EXTRACT($m2, "src"."q2" + 1)
), "c0" AS (
  SELECT
    "q0",
    "q1",
    "q2",
    CAST(SUM("n") AS INT128) AS "size",
    SUM("n") < 51 AS "bad",
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
  SELECT
    LIST_EXTRACT($m0, "src"."q0" + 1) AS "q0",
    LIST_EXTRACT($m1, "src"."q1" + 1) AS "q1",
    LIST_EXTRACT($m2, "src"."q2" + 1) AS "q2",
    CAST(SUM("src"."n") AS BIGINT) AS "n"
  FROM "__sqlanon_freq_N" AS "src"
  GROUP BY
    LIST_EXTRACT($m0, "src"."q0" + 1),
    LIST_EXTRACT($m1, "src"."q1" + 1),
    LIST_EXTRACT($m2, "src"."q2" + 1)
)
SELECT
  "a0"."classes",
  "a0"."rows",
  "a0"."vc",
  "a0"."vr",
  "a0"."worst"
FROM (
  SELECT
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
      "q0",
      "q1",
      "q2",
      CAST(SUM("n") AS INT128) AS "size",
      SUM("n") < 51 AS "bad",
      CAST(SUM("n") AS DOUBLE) AS "val"
    FROM "input"
    GROUP BY
      "q0",
      "q1",
      "q2"
  ) AS "c"
) AS "a0";

WITH "input" AS (
  SELECT
    LIST_EXTRACT($m0, "src"."q0" + 1) AS "q0",
    LIST_EXTRACT($m1, "src"."q1" + 1) AS "q1",
    LIST_EXTRACT($m2, "src"."q2" + 1) AS "q2",
    CAST(SUM("src"."n") AS BIGINT) AS "n"
  FROM "__sqlanon_freq_N" AS "src"
  GROUP BY
    LIST_EXTRACT($m0, "src"."q0" + 1),
    LIST_EXTRACT($m1, "src"."q1" + 1),
    LIST_EXTRACT($m2, "src"."q2" + 1)
)
SELECT
  CAST("size" AS BIGINT) AS "size",
  CAST(COUNT(*) AS BIGINT) AS "classes"
FROM (
  WITH "c0" AS (
    SELECT
      "q0",
      "q1",
      "q2",
      CAST(SUM("n") AS INT128) AS "size",
      SUM("n") < 51 AS "bad",
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
  FROM c0
) AS "v"
WHERE
  NOT "bad"
GROUP BY
  "size";
