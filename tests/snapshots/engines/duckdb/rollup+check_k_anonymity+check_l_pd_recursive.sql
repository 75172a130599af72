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
      ROW_NUMBER() OVER (PARTITION BY "q0", "q1", "q2" ORDER BY "cnt" DESC, NOT (
        "s" IN (3)
      ) DESC) AS "rank"
    FROM "f"
  ), "c" AS (
    SELECT
      "q0",
      "q1",
      "q2",
      CAST(SUM("cnt") AS INT128) AS "size",
      MIN("rank") FILTER(WHERE
        "dis") AS "y",
      CAST(MAX("cnt") FILTER(WHERE
        "dis") AS INT128) AS "ry",
      CAST(COALESCE(SUM("cnt") FILTER(WHERE
        "rank" >= 2), 0) AS INT128) AS "tl",
      CAST(COALESCE(SUM("cnt") FILTER(WHERE
        "rank" >= GREATEST(2 - 1, 1)), 0) AS INT128) AS "tl1",
      COUNT(*) FILTER(WHERE
        "prot") AS "npr",
      CAST(MIN("cnt") FILTER(WHERE
        "prot") AS INT128) AS "wmin"
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
        THEN CAST(0 AS INT128)
        WHEN "y" <= 2 - 1
        THEN "tl"
        ELSE "tl1" - "ry"
      END AS "tail",
      CASE WHEN "npr" < 0 THEN CAST(0 AS INT128) ELSE "wmin" END AS "w"
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
      THEN CAST('inf' AS DOUBLE)
      ELSE CAST("ry" AS DOUBLE) / CAST("tail" AS DOUBLE)
    END AS "val",
    CAST(NULL AS DOUBLE) AS "share"
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
