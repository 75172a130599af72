CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_gate_freq_N" AS
WITH "pv" AS (
  SELECT DISTINCT
    CASE
      WHEN CAST("p"."qi-0" AS TEXT) IS NULL
      THEN 'NULL'
      WHEN CAST("p"."qi-0" AS TEXT) LIKE '%'
      THEN '' || CAST("p"."qi-0" AS TEXT)
      ELSE CAST("p"."qi-0" AS TEXT)
    END AS "q0",
    CASE
      WHEN CAST("p"."q 1" AS TEXT) IS NULL
      THEN 'NULL'
      WHEN CAST("p"."q 1" AS TEXT) LIKE '%'
      THEN '' || CAST("p"."q 1" AS TEXT)
      ELSE CAST("p"."q 1" AS TEXT)
    END AS "q1",
    CASE
      WHEN CAST("p"."qi-2" AS TEXT) IS NULL
      THEN 'NULL'
      WHEN CAST("p"."qi-2" AS TEXT) LIKE '%'
      THEN '' || CAST("p"."qi-2" AS TEXT)
      ELSE CAST("p"."qi-2" AS TEXT)
    END AS "q2",
    "e"."code" AS "s",
    "p"."patient ""id""" AS "p0"
  FROM "__sqlanon_people_N" AS "p"
  JOIN "__sqlanon_sdict_N" AS "e"
    ON CASE
      WHEN CAST("p"."sens" AS TEXT) IS NULL
      THEN 'NULL'
      WHEN CAST("p"."sens" AS TEXT) LIKE '%'
      THEN '' || CAST("p"."sens" AS TEXT)
      ELSE CAST("p"."sens" AS TEXT)
    END = "e"."value"
), "pm" AS (
  SELECT
    "pv"."p0",
    COUNT(*) AS "m",
    MIN("pv"."s") AS "first"
  FROM "pv"
  GROUP BY
    "pv"."p0"
)
SELECT
  "pv"."q0",
  "pv"."q1",
  "pv"."q2",
  "pv"."s" AS "s0",
  CAST(SUM(DIV(CAST(6 AS BIGINT), "pm"."m")) AS BIGINT) AS "n",
  CAST(COUNT(*) AS BIGINT) AS "c",
  CAST(SUM(CASE WHEN "pv"."s" = "pm"."first" THEN 1 ELSE 0 END) AS BIGINT) AS "np"
FROM "pv"
JOIN "pm"
  ON "pm"."p0" = "pv"."p0"
GROUP BY
  "pv"."q0",
  "pv"."q1",
  "pv"."q2",
  "pv"."s";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_gate_freq_N" AS
WITH "pv" AS (
  SELECT DISTINCT
    CASE
      WHEN CAST("p"."qi-0" AS TEXT) IS NULL
      THEN 'NULL'
      WHEN CAST("p"."qi-0" AS TEXT) LIKE '%'
      THEN '' || CAST("p"."qi-0" AS TEXT)
      ELSE CAST("p"."qi-0" AS TEXT)
    END AS "q0",
    CASE
      WHEN CAST("p"."q 1" AS TEXT) IS NULL
      THEN 'NULL'
      WHEN CAST("p"."q 1" AS TEXT) LIKE '%'
      THEN '' || CAST("p"."q 1" AS TEXT)
      ELSE CAST("p"."q 1" AS TEXT)
    END AS "q1",
    CASE
      WHEN CAST("p"."qi-2" AS TEXT) IS NULL
      THEN 'NULL'
      WHEN CAST("p"."qi-2" AS TEXT) LIKE '%'
      THEN '' || CAST("p"."qi-2" AS TEXT)
      ELSE CAST("p"."qi-2" AS TEXT)
    END AS "q2",
    "e"."code" AS "s",
    "p"."patient ""id""" AS "p0"
  FROM "__sqlanon_table_N" AS "p"
  JOIN "__sqlanon_sdict_N" AS "e"
    ON CASE
      WHEN CAST("p"."sens" AS TEXT) IS NULL
      THEN 'NULL'
      WHEN CAST("p"."sens" AS TEXT) LIKE '%'
      THEN '' || CAST("p"."sens" AS TEXT)
      ELSE CAST("p"."sens" AS TEXT)
    END = "e"."value"
), "pm" AS (
  SELECT
    "pv"."p0",
    COUNT(*) AS "m",
    MIN("pv"."s") AS "first"
  FROM "pv"
  GROUP BY
    "pv"."p0"
)
SELECT
  "pv"."q0",
  "pv"."q1",
  "pv"."q2",
  "pv"."s" AS "s0",
  CAST(SUM(DIV(CAST(6 AS BIGINT), "pm"."m")) AS BIGINT) AS "n",
  CAST(COUNT(*) AS BIGINT) AS "c",
  CAST(SUM(CASE WHEN "pv"."s" = "pm"."first" THEN 1 ELSE 0 END) AS BIGINT) AS "np"
FROM "pv"
JOIN "pm"
  ON "pm"."p0" = "pv"."p0"
GROUP BY
  "pv"."q0",
  "pv"."q1",
  "pv"."q2",
  "pv"."s";
