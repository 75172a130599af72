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
      "s0" AS "v0",
      CAST(SUM("n") AS DECIMAL(38, 0)) AS "n"
    FROM "input"
    GROUP BY
      "q0",
      "q1",
      "q2",
      "s0"
    HAVING
      SUM("n") > 0
  ), "phi" AS MATERIALIZED (
    SELECT
      "x"."q0",
      "x"."q1",
      "x"."q2",
      "x"."n",
      SUM("x"."n") OVER (
        PARTITION BY "x"."q0", "x"."q1", "x"."q2"
        ORDER BY "x"."x"
        RANGE BETWEEN 1000.000000001 PRECEDING AND 1000.000000001 FOLLOWING
      ) AS "phi"
    FROM (
      SELECT
        "f".*,
        CAST("d"."value" AS DOUBLE PRECISION) AS "x"
      FROM "f"
      JOIN "__sqlanon_sdict_N" AS "d"
        ON "d"."code" = "f"."v0"
    ) AS "x"
  ), "r" AS (
    SELECT
      "q0",
      "q1",
      "q2",
      CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
      CAST(MAX("phi") AS DECIMAL(38, 0)) AS "phi"
    FROM "phi"
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
    NOT (
      "size" >= 5
      AND CASE
        WHEN "size" = 1
        THEN 1 = 0
        ELSE (
          "phi" - 1
        ) * 10 <= (
          10 - 1
        ) * (
          "size" - 1
        )
      END
    ) AS "bad",
    CASE
      WHEN "size" = 1
      THEN 1.0
      ELSE CAST("phi" - 1 AS DOUBLE PRECISION) / CAST("size" - 1 AS DOUBLE PRECISION)
    END AS "val"
  FROM "r"
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
