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
    )["src"."q2" + 1]
), "c0" AS (
  SELECT
    "q0",
    "q1",
    "q2",
    CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
    SUM("n") < 3 AS "bad",
    CAST(SUM("n") AS DOUBLE PRECISION) AS "val"
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
