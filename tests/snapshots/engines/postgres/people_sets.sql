CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_gate_set_values_N" AS
WITH "pv" AS (
  SELECT DISTINCT
    "p"."patient ""id""" AS "p0",
    "e"."code" AS "s"
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
    COUNT(*) AS "m"
  FROM "pv"
  GROUP BY
    "pv"."p0"
)
SELECT
  "pv"."p0",
  "pv"."s" AS "s0",
  CAST(DIV(CAST(6 AS BIGINT), "pm"."m") AS BIGINT) AS "n"
FROM "pv"
JOIN "pm"
  ON "pm"."p0" = "pv"."p0";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_gate_set_values_N" AS
WITH "pv" AS (
  SELECT DISTINCT
    "p"."patient ""id""" AS "p0",
    "e"."code" AS "s"
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
    COUNT(*) AS "m"
  FROM "pv"
  GROUP BY
    "pv"."p0"
)
SELECT
  "pv"."p0",
  "pv"."s" AS "s0",
  CAST(DIV(CAST(6 AS BIGINT), "pm"."m") AS BIGINT) AS "n"
FROM "pv"
JOIN "pm"
  ON "pm"."p0" = "pv"."p0";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_gate_sets_N" AS
SELECT DISTINCT
  "p"."patient ""id""" AS "p0",
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
  END AS "q2"
FROM "__sqlanon_people_N" AS "p";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_gate_sets_N" AS
SELECT DISTINCT
  "p"."patient ""id""" AS "p0",
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
  END AS "q2"
FROM "__sqlanon_table_N" AS "p";
