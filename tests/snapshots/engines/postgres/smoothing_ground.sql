CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_smooth_domain_N" AS
WITH "f" AS (
  SELECT
    "s0" AS "s",
    CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
    CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
  FROM "__sqlanon_freq_N"
  GROUP BY
    "s0"
  HAVING
    SUM("n") > 0
), "sdom" AS (
  SELECT
    "o"."s",
    ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r"
  FROM "__sqlanon_order_N" AS "o"
  WHERE
    "o"."s" IN (
      SELECT
        "s"
      FROM "f"
    )
), "sm" AS MATERIALIZED (
  SELECT
    COUNT(*) AS "m"
  FROM "sdom"
), "sground" AS (
  SELECT
    CAST("a"."s" AS INT) AS "a",
    CAST("b"."s" AS INT) AS "b",
    CASE
      WHEN "sm"."m" <= 1
      THEN 0.0
      ELSE CAST(ABS("a"."r" - "b"."r") AS DOUBLE PRECISION) / (
        "sm"."m" - 1.0
      )
    END AS "d"
  FROM "sdom" AS "a"
  CROSS JOIN "sm"
  JOIN "sdom" AS "b"
    ON "b"."r" > "a"."r" - 2.0 * GREATEST("sm"."m" - 1, 1)
    AND "b"."r" < "a"."r" + 2.0 * GREATEST("sm"."m" - 1, 1)
)
SELECT
  CAST("s" AS INT) AS "s"
FROM "sdom";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_smooth_ground_N" AS
WITH "f" AS (
  SELECT
    "s0" AS "s",
    CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
    CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
  FROM "__sqlanon_freq_N"
  GROUP BY
    "s0"
  HAVING
    SUM("n") > 0
), "sdom" AS (
  SELECT
    "o"."s",
    ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r"
  FROM "__sqlanon_order_N" AS "o"
  WHERE
    "o"."s" IN (
      SELECT
        "s"
      FROM "f"
    )
), "sm" AS MATERIALIZED (
  SELECT
    COUNT(*) AS "m"
  FROM "sdom"
), "sground" AS (
  SELECT
    CAST("a"."s" AS INT) AS "a",
    CAST("b"."s" AS INT) AS "b",
    CASE
      WHEN "sm"."m" <= 1
      THEN 0.0
      ELSE CAST(ABS("a"."r" - "b"."r") AS DOUBLE PRECISION) / (
        "sm"."m" - 1.0
      )
    END AS "d"
  FROM "sdom" AS "a"
  CROSS JOIN "sm"
  JOIN "sdom" AS "b"
    ON "b"."r" > "a"."r" - 2.0 * GREATEST("sm"."m" - 1, 1)
    AND "b"."r" < "a"."r" + 2.0 * GREATEST("sm"."m" - 1, 1)
)
SELECT
  "a",
  "b",
  "d"
FROM "sground";
