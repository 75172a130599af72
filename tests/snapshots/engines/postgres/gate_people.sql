CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_gate_freq_N" AS
WITH "pt" AS (
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
    "p"."patient ""id""" AS "p0"
  FROM "__sqlanon_people_N" AS "p"
), "ps" AS (
  SELECT
    "pt"."p0",
    ARRAY_AGG("t"."t" ORDER BY "t"."t") AS "sig"
  FROM "pt"
  JOIN "__sqlanon_gate_tuples_N" AS "t"
    ON "t"."q0" = "pt"."q0" AND "t"."q1" = "pt"."q1" AND "t"."q2" = "pt"."q2"
  GROUP BY
    "pt"."p0"
), "pv" AS (
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
    COUNT(*) AS "m",
    MIN("pv"."s") AS "first"
  FROM "pv"
  GROUP BY
    "pv"."p0"
)
SELECT
  "ps"."sig" AS "q0",
  CAST('' AS TEXT) AS "q1",
  CAST('' AS TEXT) AS "q2",
  "pv"."s" AS "s0",
  CAST(SUM(DIV(CAST(6 AS BIGINT), "pm"."m")) AS BIGINT) AS "n",
  CAST(COUNT(*) AS BIGINT) AS "c",
  CAST(SUM(CASE WHEN "pv"."s" = "pm"."first" THEN 1 ELSE 0 END) AS BIGINT) AS "np"
FROM "ps"
JOIN "pv"
  ON "pv"."p0" = "ps"."p0"
JOIN "pm"
  ON "pm"."p0" = "pv"."p0"
GROUP BY
  "ps"."sig",
  "pv"."s";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_gate_freq_N" AS
WITH "pt" AS (
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
    "p"."patient ""id""" AS "p0"
  FROM "__sqlanon_table_N" AS "p"
), "ps" AS (
  SELECT
    "pt"."p0",
    ARRAY_AGG("t"."t" ORDER BY "t"."t") AS "sig"
  FROM "pt"
  JOIN "__sqlanon_gate_tuples_N" AS "t"
    ON "t"."q0" = "pt"."q0" AND "t"."q1" = "pt"."q1" AND "t"."q2" = "pt"."q2"
  GROUP BY
    "pt"."p0"
)
SELECT
  "ps"."sig" AS "q0",
  CAST('' AS TEXT) AS "q1",
  CAST('' AS TEXT) AS "q2",
  CAST(COUNT(*) AS BIGINT) AS "n"
FROM "ps"
GROUP BY
  "ps"."sig";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_gate_freq_N" AS
WITH "pt" AS (
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
    "p"."patient ""id""" AS "p0"
  FROM "__sqlanon_table_N" AS "p"
), "ps" AS (
  SELECT
    "pt"."p0",
    ARRAY_AGG("t"."t" ORDER BY "t"."t") AS "sig"
  FROM "pt"
  JOIN "__sqlanon_gate_tuples_N" AS "t"
    ON "t"."q0" = "pt"."q0" AND "t"."q1" = "pt"."q1" AND "t"."q2" = "pt"."q2"
  GROUP BY
    "pt"."p0"
), "pv" AS (
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
    COUNT(*) AS "m",
    MIN("pv"."s") AS "first"
  FROM "pv"
  GROUP BY
    "pv"."p0"
)
SELECT
  "ps"."sig" AS "q0",
  CAST('' AS TEXT) AS "q1",
  CAST('' AS TEXT) AS "q2",
  "pv"."s" AS "s0",
  CAST(SUM(DIV(CAST(6 AS BIGINT), "pm"."m")) AS BIGINT) AS "n",
  CAST(COUNT(*) AS BIGINT) AS "c",
  CAST(SUM(CASE WHEN "pv"."s" = "pm"."first" THEN 1 ELSE 0 END) AS BIGINT) AS "np"
FROM "ps"
JOIN "pv"
  ON "pv"."p0" = "ps"."p0"
JOIN "pm"
  ON "pm"."p0" = "pv"."p0"
GROUP BY
  "ps"."sig",
  "pv"."s";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_gate_tuples_N" AS
SELECT
  CAST(DENSE_RANK() OVER (ORDER BY "d"."q0", "d"."q1", "d"."q2") AS BIGINT) AS "t",
  "d"."q0",
  "d"."q1",
  "d"."q2"
FROM (
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
    END AS "q2"
  FROM "__sqlanon_people_N" AS "p"
) AS "d";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_gate_tuples_N" AS
SELECT
  CAST(DENSE_RANK() OVER (ORDER BY "d"."q0", "d"."q1", "d"."q2") AS BIGINT) AS "t",
  "d"."q0",
  "d"."q1",
  "d"."q2"
FROM (
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
    END AS "q2"
  FROM "__sqlanon_table_N" AS "p"
) AS "d";
