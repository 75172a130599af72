CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_mcand_N" AS
WITH "st" AS (
  SELECT
    "pid",
    SUM("n") AS "size",
    MIN("x0") AS "lo0",
    MAX("x0") AS "hi0",
    MIN("x1") AS "lo1",
    MAX("x1") AS "hi1",
    CASE WHEN MIN("q2") = MAX("q2") THEN 0 ELSE 1 END AS "lca2",
    CASE WHEN MIN("q2") = MAX("q2") THEN MIN("q2") ELSE 0 END AS "lcacode2"
  FROM "__sqlanon_mwa_N"
  GROUP BY
    "pid"
), "med" AS (
  SELECT
    "e"."pid",
    "d"."dim",
    CASE "d"."dim" WHEN 0 THEN "e"."m0" WHEN 1 THEN "e"."m1" END AS "median"
  FROM (
    SELECT
      "pid",
      PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY
        "x0") AS "m0",
      PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY
        "x1") AS "m1"
    FROM (
      SELECT
        "pid",
        "x0",
        "x1"
      FROM "__sqlanon_mwa_N"
      WHERE
        "n" = 1
      UNION ALL
      SELECT
        "pid",
        "x0",
        "x1"
      FROM (
        SELECT
          "pid",
          "x0",
          "x1",
          GENERATE_SERIES(0, "n" - 1) AS "copy"
        FROM "__sqlanon_mwa_N"
        WHERE
          "n" > 1
      ) AS "r"
    ) AS "x"
    GROUP BY
      "pid"
  ) AS "e"
  CROSS JOIN (VALUES
    (0),
    (1)) AS "d"("dim")
), "dims" AS (
  SELECT
    "st"."pid",
    0 AS "dim",
    CAST((
      "st"."hi0" - "st"."lo0"
    ) AS DOUBLE PRECISION) / 45838.0 AS "width",
    "med"."median" AS "median",
    CAST(NULL AS INT) AS "lca",
    "med"."median" < "st"."hi0" AS "cuttable"
  FROM "st"
  JOIN "med"
    ON "med"."pid" = "st"."pid" AND "med"."dim" = 0
  WHERE
    "st"."size" >= 10
  UNION ALL
  SELECT
    "st"."pid",
    1 AS "dim",
    CAST((
      "st"."hi1" - "st"."lo1"
    ) AS DOUBLE PRECISION) / 68.0 AS "width",
    "med"."median" AS "median",
    CAST(NULL AS INT) AS "lca",
    "med"."median" < "st"."hi1" AS "cuttable"
  FROM "st"
  JOIN "med"
    ON "med"."pid" = "st"."pid" AND "med"."dim" = 1
  WHERE
    "st"."size" >= 10
  UNION ALL
  SELECT
    "st"."pid",
    2 AS "dim",
    CAST("l2"."leaves" - 1 AS DOUBLE PRECISION) / 1 AS "width",
    CAST(NULL AS DOUBLE PRECISION) AS "median",
    "st"."lca2" AS "lca",
    TRUE AS "cuttable"
  FROM "st"
  JOIN (
    SELECT
      "lvl",
      "code",
      "label",
      "leaves"
    FROM "__sqlanon_labels_N"
    WHERE
      "q" = 2
  ) AS "l2"
    ON "l2"."lvl" = "st"."lca2" AND "l2"."code" = "st"."lcacode2"
  WHERE
    "st"."size" >= 10
)
SELECT
  "pid",
  "dim",
  "median",
  "lca",
  ROW_NUMBER() OVER (
    PARTITION BY "pid"
    ORDER BY CAST(ROUND(CAST("width" AS DECIMAL), 12) AS DOUBLE PRECISION) DESC NULLS LAST, "dim"
  ) AS "r" /* widths equal to 12 decimal places tie (0.75 and 0.7500000000000001 from one-decimal data) */
FROM "dims"
WHERE
  "width" > 0 AND "cuttable";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_mcand_N" AS
WITH "st" AS (
  SELECT
    "pid",
    SUM("n") AS "size",
    MIN("x0") AS "lo0",
    MAX("x0") AS "hi0",
    MIN("x1") AS "lo1",
    MAX("x1") AS "hi1",
    CASE WHEN MIN("q2") = MAX("q2") THEN 0 ELSE 1 END AS "lca2",
    CASE WHEN MIN("q2") = MAX("q2") THEN MIN("q2") ELSE 0 END AS "lcacode2"
  FROM "__sqlanon_mwb_N"
  GROUP BY
    "pid"
), "med" AS (
  SELECT
    "e"."pid",
    "d"."dim",
    CASE "d"."dim" WHEN 0 THEN "e"."m0" WHEN 1 THEN "e"."m1" END AS "median"
  FROM (
    SELECT
      "pid",
      PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY
        "x0") AS "m0",
      PERCENTILE_DISC(0.5) WITHIN GROUP (ORDER BY
        "x1") AS "m1"
    FROM (
      SELECT
        "pid",
        "x0",
        "x1"
      FROM "__sqlanon_mwb_N"
      WHERE
        "n" = 1
      UNION ALL
      SELECT
        "pid",
        "x0",
        "x1"
      FROM (
        SELECT
          "pid",
          "x0",
          "x1",
          GENERATE_SERIES(0, "n" - 1) AS "copy"
        FROM "__sqlanon_mwb_N"
        WHERE
          "n" > 1
      ) AS "r"
    ) AS "x"
    GROUP BY
      "pid"
  ) AS "e"
  CROSS JOIN (VALUES
    (0),
    (1)) AS "d"("dim")
), "dims" AS (
  SELECT
    "st"."pid",
    0 AS "dim",
    CAST((
      "st"."hi0" - "st"."lo0"
    ) AS DOUBLE PRECISION) / 45838.0 AS "width",
    "med"."median" AS "median",
    CAST(NULL AS INT) AS "lca",
    "med"."median" < "st"."hi0" AS "cuttable"
  FROM "st"
  JOIN "med"
    ON "med"."pid" = "st"."pid" AND "med"."dim" = 0
  WHERE
    "st"."size" >= 10
  UNION ALL
  SELECT
    "st"."pid",
    1 AS "dim",
    CAST((
      "st"."hi1" - "st"."lo1"
    ) AS DOUBLE PRECISION) / 68.0 AS "width",
    "med"."median" AS "median",
    CAST(NULL AS INT) AS "lca",
    "med"."median" < "st"."hi1" AS "cuttable"
  FROM "st"
  JOIN "med"
    ON "med"."pid" = "st"."pid" AND "med"."dim" = 1
  WHERE
    "st"."size" >= 10
  UNION ALL
  SELECT
    "st"."pid",
    2 AS "dim",
    CAST("l2"."leaves" - 1 AS DOUBLE PRECISION) / 1 AS "width",
    CAST(NULL AS DOUBLE PRECISION) AS "median",
    "st"."lca2" AS "lca",
    TRUE AS "cuttable"
  FROM "st"
  JOIN (
    SELECT
      "lvl",
      "code",
      "label",
      "leaves"
    FROM "__sqlanon_labels_N"
    WHERE
      "q" = 2
  ) AS "l2"
    ON "l2"."lvl" = "st"."lca2" AND "l2"."code" = "st"."lcacode2"
  WHERE
    "st"."size" >= 10
)
SELECT
  "pid",
  "dim",
  "median",
  "lca",
  ROW_NUMBER() OVER (
    PARTITION BY "pid"
    ORDER BY CAST(ROUND(CAST("width" AS DECIMAL), 12) AS DOUBLE PRECISION) DESC NULLS LAST, "dim"
  ) AS "r" /* widths equal to 12 decimal places tie (0.75 and 0.7500000000000001 from one-decimal data) */
FROM "dims"
WHERE
  "width" > 0 AND "cuttable";
