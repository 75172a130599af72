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
      CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
      CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
    FROM "input"
    GROUP BY
      "q0",
      "q1",
      "q2",
      "s0"
    HAVING
      SUM("n") > 0
  ), "r" AS (
    SELECT
      "q0",
      "q1",
      "q2",
      "cnt",
      NOT (
        "s" IN (3)
      ) AS "dis",
      FALSE AS "prot",
      ROW_NUMBER() OVER (
        PARTITION BY "q0", "q1", "q2"
        ORDER BY "cnt" DESC NULLS LAST, NOT (
          "s" IN (3)
        ) DESC NULLS LAST
      ) AS "rank"
    FROM "f"
  ), "c" AS (
    SELECT
      "q0",
      "q1",
      "q2",
      CAST(SUM("cnt") AS DECIMAL(38, 0)) AS "size",
      MIN("rank") FILTER(WHERE
        "dis") AS "y",
      CAST(MAX("cnt") FILTER(WHERE
        "dis") AS DECIMAL(38, 0)) AS "ry",
      CAST(COALESCE(SUM("cnt") FILTER(WHERE
        "rank" >= 2), 0) AS DECIMAL(38, 0)) AS "tl",
      CAST(COALESCE(SUM("cnt") FILTER(WHERE
        "rank" >= GREATEST(2 - 1, 1)), 0) AS DECIMAL(38, 0)) AS "tl1",
      COUNT(*) FILTER(WHERE
        "prot") AS "npr",
      CAST(MIN("cnt") FILTER(WHERE
        "prot") AS DECIMAL(38, 0)) AS "wmin"
    FROM "r"
    GROUP BY
      "q0",
      "q1",
      "q2"
  ), "t" AS (
    SELECT
      "q0",
      "q1",
      "q2",
      "size",
      "y",
      "ry",
      CASE
        WHEN "y" IS NULL
        THEN CAST(0 AS DECIMAL(38, 0))
        WHEN "y" <= 2 - 1
        THEN "tl"
        ELSE "tl1" - "ry"
      END AS "tail",
      CASE WHEN "npr" < 0 THEN CAST(0 AS DECIMAL(38, 0)) ELSE "wmin" END AS "w"
    FROM "c"
  )
  SELECT
    "q0",
    "q1",
    "q2",
    "size",
    CASE WHEN "y" IS NULL THEN FALSE ELSE NOT (
      "ry" * 1 < "tail" * 3
    ) END AS "bad",
    CASE
      WHEN "y" IS NULL
      THEN 0.0
      WHEN "tail" = 0
      THEN CAST('inf' AS DOUBLE PRECISION)
      ELSE CAST("ry" AS DOUBLE PRECISION) / CAST("tail" AS DOUBLE PRECISION)
    END AS "val",
    CAST(NULL AS DOUBLE PRECISION) AS "share"
  FROM "t"
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
