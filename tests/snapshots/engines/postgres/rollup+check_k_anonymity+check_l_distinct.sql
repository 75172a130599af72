CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_verdicts_N" AS
WITH "input" AS (
  SELECT
    (
      %(m0)s
    )["src"."q0" + 1] AS "q0",
    (
      %(m1)s
    )["src"."q1" + 1] AS "q1",
    (
      %(m2)s
    )["src"."q2" + 1] AS "q2",
    "src"."s0",
    CAST(SUM("src"."n") AS BIGINT) AS "n"
  FROM "__sqlanon_freq_N" AS "src"
  GROUP BY
    (
      %(m0)s
    )["src"."q0" + 1],
    (
      %(m1)s
    )["src"."q1" + 1],
    (
      %(m2)s
    )["src"."q2" + 1],
    "src"."s0"
), "c0" AS (
  SELECT
    "q0",
    "q1",
    "q2",
    CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
    SUM("n") < 5 AS "bad",
    CAST(SUM("n") AS DOUBLE PRECISION) AS "val"
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
      SUM("n") AS "n"
    FROM "input"
    GROUP BY
      "q0",
      "q1",
      "q2",
      "s0"
    HAVING
      SUM("n") > 0
  )
  SELECT
    "q0",
    "q1",
    "q2",
    CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
    COUNT(*) < 2 AS "bad",
    CAST(COUNT(*) AS DOUBLE PRECISION) AS "val"
  FROM "f"
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
  "c1"."bad" AS "b1",
  "c1"."val" AS "v1",
  "c0"."bad" OR "c1"."bad" AS "bad"
FROM c0
JOIN c1
  USING ("q0", "q1", "q2");
