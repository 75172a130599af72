CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_verdicts_N" AS
WITH "input" AS (
  SELECT
    LIST_EXTRACT($m0, "src"."q0" + 1) AS "q0",
    LIST_EXTRACT($m1, "src"."q1" + 1) AS "q1",
    LIST_EXTRACT($m2, "src"."q2" + 1) AS "q2",
    "src"."s0",
    CAST(SUM("src"."n") AS BIGINT) AS "n"
  FROM "__sqlanon_freq_N" AS "src"
  GROUP BY
    LIST_EXTRACT($m0, "src"."q0" + 1),
    LIST_EXTRACT($m1, "src"."q1" + 1),
    LIST_EXTRACT($m2, "src"."q2" + 1),
    "src"."s0"
), "c0" AS (
  SELECT
    "q0",
    "q1",
    "q2",
    CAST(SUM("n") AS INT128) AS "size",
    SUM("n") < 5 AS "bad",
    CAST(SUM("n") AS DOUBLE) AS "val"
  FROM "input"
  GROUP BY
    "q0",
    "q1",
    "q2"
), "c1" AS (
  WITH "f" AS (
    SELECT
      "q0",
      "q1",
      "q2",
      "s0" AS "s",
      CAST(SUM("n") AS DOUBLE) AS "n",
      CAST(SUM("n") AS INT128) AS "cnt"
    FROM "input"
    GROUP BY
      "q0",
      "q1",
      "q2",
      "s0"
    HAVING
      SUM("n") > 0
  ), "c" AS (
    SELECT
      "q0",
      "q1",
      "q2",
      SUM("cnt") AS "size",
      GREATEST(LN(SUM("n")) - SUM("n" * LN("n")) / SUM("n"), 0.0) AS "h"
    FROM "f"
    GROUP BY
      "q0",
      "q1",
      "q2"
  )
  SELECT
    "q0",
    "q1",
    "q2",
    "size",
    "h" < LN(2.0) - 1e-09 AS "bad",
    EXP("h") AS "val"
  FROM "c"
)
SELECT
  "c0"."q0",
  "c0"."q1",
  "c0"."q2",
  "c0"."size" AS "size",
  "c0"."bad" AS "b0",
  "c0"."val" AS "v0",
  "c1"."bad" AS "b1",
  "c1"."val" AS "v1",
  "c0"."bad" OR "c1"."bad" AS "bad"
FROM c0
JOIN c1
  USING ("q0", "q1", "q2");
