CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_gate_freq_N" AS
SELECT
  CASE
    WHEN "g"."q0" IS NULL
    THEN 'NULL'
    WHEN "g"."q0" LIKE '%'
    THEN '' || "g"."q0"
    ELSE "g"."q0"
  END AS "q0",
  CASE
    WHEN "g"."q1" IS NULL
    THEN 'NULL'
    WHEN "g"."q1" LIKE '%'
    THEN '' || "g"."q1"
    ELSE "g"."q1"
  END AS "q1",
  CASE
    WHEN "g"."q2" IS NULL
    THEN 'NULL'
    WHEN "g"."q2" LIKE '%'
    THEN '' || "g"."q2"
    ELSE "g"."q2"
  END AS "q2",
  "e0"."code" AS "s0",
  "e1"."code" AS "s1",
  "g"."n"
FROM (
  SELECT
    CAST("p"."zip" AS TEXT) AS "q0",
    CAST("p"."age" AS TEXT) AS "q1",
    CAST("p"."sex" AS TEXT) AS "q2",
    CAST("p"."disease" AS TEXT) AS "s0",
    CAST("p"."salary" AS TEXT) AS "s1",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "__sqlanon_release_N" AS "p"
  GROUP BY
    1,
    2,
    3,
    4,
    5
) AS "g"
JOIN "__sqlanon_sdict_N" AS "e0"
  ON CASE
    WHEN "g"."s0" IS NULL
    THEN 'NULL'
    WHEN "g"."s0" LIKE '%'
    THEN '' || "g"."s0"
    ELSE "g"."s0"
  END = "e0"."value"
JOIN "__sqlanon_sdict_N" AS "e1"
  ON CASE
    WHEN "g"."s1" IS NULL
    THEN 'NULL'
    WHEN "g"."s1" LIKE '%'
    THEN '' || "g"."s1"
    ELSE "g"."s1"
  END = "e1"."value";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_gate_freq_N" AS
SELECT
  CASE
    WHEN "g"."q0" IS NULL
    THEN 'NULL'
    WHEN "g"."q0" LIKE '%'
    THEN '' || "g"."q0"
    ELSE "g"."q0"
  END AS "q0",
  CASE
    WHEN "g"."q1" IS NULL
    THEN 'NULL'
    WHEN "g"."q1" LIKE '%'
    THEN '' || "g"."q1"
    ELSE "g"."q1"
  END AS "q1",
  CASE
    WHEN "g"."q2" IS NULL
    THEN 'NULL'
    WHEN "g"."q2" LIKE '%'
    THEN '' || "g"."q2"
    ELSE "g"."q2"
  END AS "q2",
  "e0"."code" AS "s0",
  "e1"."code" AS "s1",
  "g"."n"
FROM (
  SELECT
    CAST("p"."zip" AS TEXT) AS "q0",
    CAST("p"."age" AS TEXT) AS "q1",
    CAST("p"."sex" AS TEXT) AS "q2",
    CAST("p"."disease" AS TEXT) AS "s0",
    CAST("p"."salary" AS TEXT) AS "s1",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "__sqlanon_table_N" AS "p"
  GROUP BY
    1,
    2,
    3,
    4,
    5
) AS "g"
JOIN "__sqlanon_sdict_N" AS "e0"
  ON CASE
    WHEN "g"."s0" IS NULL
    THEN 'NULL'
    WHEN "g"."s0" LIKE '%'
    THEN '' || "g"."s0"
    ELSE "g"."s0"
  END = "e0"."value"
JOIN "__sqlanon_sdict_N" AS "e1"
  ON CASE
    WHEN "g"."s1" IS NULL
    THEN 'NULL'
    WHEN "g"."s1" LIKE '%'
    THEN '' || "g"."s1"
    ELSE "g"."s1"
  END = "e1"."value";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_gate_freq_N" AS
SELECT
  CASE
    WHEN "g"."q0" IS NULL
    THEN 'NULL'
    WHEN "g"."q0" LIKE '%'
    THEN '' || "g"."q0"
    ELSE "g"."q0"
  END AS "q0",
  CASE
    WHEN "g"."q1" IS NULL
    THEN 'NULL'
    WHEN "g"."q1" LIKE '%'
    THEN '' || "g"."q1"
    ELSE "g"."q1"
  END AS "q1",
  CASE
    WHEN "g"."q2" IS NULL
    THEN 'NULL'
    WHEN "g"."q2" LIKE '%'
    THEN '' || "g"."q2"
    ELSE "g"."q2"
  END AS "q2",
  "e0"."code" AS "s0",
  "g"."n"
FROM (
  SELECT
    CAST("p"."zip" AS TEXT) AS "q0",
    CAST("p"."age" AS TEXT) AS "q1",
    CAST("p"."sex" AS TEXT) AS "q2",
    CAST("p"."disease" AS TEXT) AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "__sqlanon_release_N" AS "p"
  GROUP BY
    1,
    2,
    3,
    4
) AS "g"
JOIN "__sqlanon_sdict_N" AS "e0"
  ON CASE
    WHEN "g"."s0" IS NULL
    THEN 'NULL'
    WHEN "g"."s0" LIKE '%'
    THEN '' || "g"."s0"
    ELSE "g"."s0"
  END = "e0"."value";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_gate_freq_N" AS
SELECT
  CASE
    WHEN "g"."q0" IS NULL
    THEN 'NULL'
    WHEN "g"."q0" LIKE '%'
    THEN '' || "g"."q0"
    ELSE "g"."q0"
  END AS "q0",
  CASE
    WHEN "g"."q1" IS NULL
    THEN 'NULL'
    WHEN "g"."q1" LIKE '%'
    THEN '' || "g"."q1"
    ELSE "g"."q1"
  END AS "q1",
  CASE
    WHEN "g"."q2" IS NULL
    THEN 'NULL'
    WHEN "g"."q2" LIKE '%'
    THEN '' || "g"."q2"
    ELSE "g"."q2"
  END AS "q2",
  "e0"."code" AS "s0",
  "g"."n"
FROM (
  SELECT
    CAST("p"."zip" AS TEXT) AS "q0",
    CAST("p"."age" AS TEXT) AS "q1",
    CAST("p"."sex" AS TEXT) AS "q2",
    CAST("p"."salary" AS TEXT) AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "__sqlanon_release_N" AS "p"
  GROUP BY
    1,
    2,
    3,
    4
) AS "g"
JOIN "__sqlanon_sdict_N" AS "e0"
  ON CASE
    WHEN "g"."s0" IS NULL
    THEN 'NULL'
    WHEN "g"."s0" LIKE '%'
    THEN '' || "g"."s0"
    ELSE "g"."s0"
  END = "e0"."value";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_gate_freq_N" AS
SELECT
  CASE
    WHEN "g"."q0" IS NULL
    THEN 'NULL'
    WHEN "g"."q0" LIKE '%'
    THEN '' || "g"."q0"
    ELSE "g"."q0"
  END AS "q0",
  CASE
    WHEN "g"."q1" IS NULL
    THEN 'NULL'
    WHEN "g"."q1" LIKE '%'
    THEN '' || "g"."q1"
    ELSE "g"."q1"
  END AS "q1",
  CASE
    WHEN "g"."q2" IS NULL
    THEN 'NULL'
    WHEN "g"."q2" LIKE '%'
    THEN '' || "g"."q2"
    ELSE "g"."q2"
  END AS "q2",
  "g"."n"
FROM (
  SELECT
    "p"."q0" AS "q0",
    "p"."q1" AS "q1",
    "p"."q2" AS "q2",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM (
    SELECT DISTINCT
      CAST("t"."qi-0" AS TEXT) AS "q0",
      CAST("t"."q 1" AS TEXT) AS "q1",
      CAST("t"."qi-2" AS TEXT) AS "q2",
      "t"."patient ""id""" AS "p0"
    FROM "__sqlanon_people_N" AS "t"
  ) AS "p"
  GROUP BY
    1,
    2,
    3
) AS "g";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_gate_freq_N" AS
SELECT
  CASE
    WHEN "g"."q0" IS NULL
    THEN 'NULL'
    WHEN "g"."q0" LIKE '%'
    THEN '' || "g"."q0"
    ELSE "g"."q0"
  END AS "q0",
  CASE
    WHEN "g"."q1" IS NULL
    THEN 'NULL'
    WHEN "g"."q1" LIKE '%'
    THEN '' || "g"."q1"
    ELSE "g"."q1"
  END AS "q1",
  CASE
    WHEN "g"."q2" IS NULL
    THEN 'NULL'
    WHEN "g"."q2" LIKE '%'
    THEN '' || "g"."q2"
    ELSE "g"."q2"
  END AS "q2",
  "g"."n"
FROM (
  SELECT
    "p"."q0" AS "q0",
    "p"."q1" AS "q1",
    "p"."q2" AS "q2",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM (
    SELECT DISTINCT
      CAST("t"."qi-0" AS TEXT) AS "q0",
      CAST("t"."q 1" AS TEXT) AS "q1",
      CAST("t"."qi-2" AS TEXT) AS "q2",
      "t"."patient ""id""" AS "p0"
    FROM "__sqlanon_table_N" AS "t"
  ) AS "p"
  GROUP BY
    1,
    2,
    3
) AS "g";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_gate_freq_N" AS
SELECT
  CASE
    WHEN "g"."q0" IS NULL
    THEN 'NULL'
    WHEN "g"."q0" LIKE '%'
    THEN '' || "g"."q0"
    ELSE "g"."q0"
  END AS "q0",
  CASE
    WHEN "g"."q1" IS NULL
    THEN 'NULL'
    WHEN "g"."q1" LIKE '%'
    THEN '' || "g"."q1"
    ELSE "g"."q1"
  END AS "q1",
  CASE
    WHEN "g"."q2" IS NULL
    THEN 'NULL'
    WHEN "g"."q2" LIKE '%'
    THEN '' || "g"."q2"
    ELSE "g"."q2"
  END AS "q2",
  "g"."n"
FROM (
  SELECT
    CAST("p"."zip" AS TEXT) AS "q0",
    CAST("p"."age" AS TEXT) AS "q1",
    CAST("p"."sex" AS TEXT) AS "q2",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "__sqlanon_release_N" AS "p"
  GROUP BY
    1,
    2,
    3
) AS "g";
