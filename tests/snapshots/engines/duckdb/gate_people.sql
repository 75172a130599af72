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
    LIST_SORT(ARRAY_AGG("t"."t")) AS "sig"
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
