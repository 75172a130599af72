CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_freq_N" AS
SELECT
  "d0"."code" AS "q0",
  "d1"."code" AS "q1",
  "d2"."code" AS "q2",
  "e0"."code" AS "s0",
  "e1"."code" AS "s1",
  CAST(COUNT(*) AS BIGINT) AS "n"
FROM "__sqlanon_source_N" AS "src"
JOIN (
  SELECT
    "leaf",
    "code"
  FROM "__sqlanon_dim_N"
  WHERE
    "q" = 0
) AS "d0"
  ON COALESCE(CAST("src"."zip" AS TEXT), '') = "d0"."leaf"
JOIN (
  SELECT
    "leaf",
    "code"
  FROM "__sqlanon_dim_N"
  WHERE
    "q" = 1
) AS "d1"
  ON COALESCE(CAST("src"."age" AS TEXT), '') = "d1"."leaf"
JOIN (
  SELECT
    "leaf",
    "code"
  FROM "__sqlanon_dim_N"
  WHERE
    "q" = 2
) AS "d2"
  ON COALESCE(CAST("src"."sex" AS TEXT), '') = "d2"."leaf"
JOIN "__sqlanon_sdict_N" AS "e0"
  ON CASE
    WHEN CAST("src"."disease" AS TEXT) IS NULL
    THEN 'NULL'
    WHEN CAST("src"."disease" AS TEXT) LIKE '%'
    THEN '' || CAST("src"."disease" AS TEXT)
    ELSE CAST("src"."disease" AS TEXT)
  END = "e0"."value"
JOIN "__sqlanon_sdict_N" AS "e1"
  ON CASE
    WHEN CAST("src"."salary" AS TEXT) IS NULL
    THEN 'NULL'
    WHEN CAST("src"."salary" AS TEXT) LIKE '%'
    THEN '' || CAST("src"."salary" AS TEXT)
    ELSE CAST("src"."salary" AS TEXT)
  END = "e1"."value"
GROUP BY
  1,
  2,
  3,
  4,
  5;
SELECT
  COALESCE(SUM("n"), 0),
  COUNT(*)
FROM "__sqlanon_freq_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_freq_N" AS
SELECT
  "d0"."code" AS "q0",
  "d1"."code" AS "q1",
  "d2"."code" AS "q2",
  "e0"."code" AS "s0",
  CAST(COUNT(*) AS BIGINT) AS "n"
FROM "__sqlanon_source_N" AS "src"
JOIN (
  SELECT
    "leaf",
    "code"
  FROM "__sqlanon_dim_N"
  WHERE
    "q" = 0
) AS "d0"
  ON COALESCE(CAST("src"."zip" AS TEXT), '') = "d0"."leaf"
JOIN (
  SELECT
    "leaf",
    "code"
  FROM "__sqlanon_dim_N"
  WHERE
    "q" = 1
) AS "d1"
  ON COALESCE(CAST("src"."age" AS TEXT), '') = "d1"."leaf"
JOIN (
  SELECT
    "leaf",
    "code"
  FROM "__sqlanon_dim_N"
  WHERE
    "q" = 2
) AS "d2"
  ON COALESCE(CAST("src"."sex" AS TEXT), '') = "d2"."leaf"
JOIN "__sqlanon_sdict_N" AS "e0"
  ON CASE
    WHEN CAST("src"."disease" AS TEXT) IS NULL
    THEN 'NULL'
    WHEN CAST("src"."disease" AS TEXT) LIKE '%'
    THEN '' || CAST("src"."disease" AS TEXT)
    ELSE CAST("src"."disease" AS TEXT)
  END = "e0"."value"
GROUP BY
  1,
  2,
  3,
  4;
SELECT
  COALESCE(SUM("n"), 0),
  COUNT(*)
FROM "__sqlanon_freq_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_freq_N" AS
SELECT
  "d0"."code" AS "q0",
  "d1"."code" AS "q1",
  "d2"."code" AS "q2",
  "e0"."code" AS "s0",
  CAST(COUNT(*) AS BIGINT) AS "n"
FROM "__sqlanon_source_N" AS "src"
JOIN (
  SELECT
    "leaf",
    "code"
  FROM "__sqlanon_dim_N"
  WHERE
    "q" = 0
) AS "d0"
  ON COALESCE(CAST("src"."zip" AS TEXT), '') = "d0"."leaf"
JOIN (
  SELECT
    "leaf",
    "code"
  FROM "__sqlanon_dim_N"
  WHERE
    "q" = 1
) AS "d1"
  ON COALESCE(CAST("src"."age" AS TEXT), '') = "d1"."leaf"
JOIN (
  SELECT
    "leaf",
    "code"
  FROM "__sqlanon_dim_N"
  WHERE
    "q" = 2
) AS "d2"
  ON COALESCE(CAST("src"."sex" AS TEXT), '') = "d2"."leaf"
JOIN "__sqlanon_sdict_N" AS "e0"
  ON CASE
    WHEN CAST("src"."salary" AS TEXT) IS NULL
    THEN 'NULL'
    WHEN CAST("src"."salary" AS TEXT) LIKE '%'
    THEN '' || CAST("src"."salary" AS TEXT)
    ELSE CAST("src"."salary" AS TEXT)
  END = "e0"."value"
GROUP BY
  1,
  2,
  3,
  4;
SELECT
  COALESCE(SUM("n"), 0),
  COUNT(*)
FROM "__sqlanon_freq_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_freq_N" AS
SELECT
  "d0"."code" AS "q0",
  "d1"."code" AS "q1",
  "d2"."code" AS "q2",
  CAST(COUNT(*) AS BIGINT) AS "n"
FROM "__sqlanon_dp_sample_N" AS "src"
JOIN (
  SELECT
    "leaf",
    "code"
  FROM "__sqlanon_dim_N"
  WHERE
    "q" = 0
) AS "d0"
  ON COALESCE(CAST("src"."zip" AS TEXT), '') = "d0"."leaf"
JOIN (
  SELECT
    "leaf",
    "code"
  FROM "__sqlanon_dim_N"
  WHERE
    "q" = 1
) AS "d1"
  ON COALESCE(CAST("src"."age" AS TEXT), '') = "d1"."leaf"
JOIN (
  SELECT
    "leaf",
    "code"
  FROM "__sqlanon_dim_N"
  WHERE
    "q" = 2
) AS "d2"
  ON COALESCE(CAST("src"."sex" AS TEXT), '') = "d2"."leaf"
GROUP BY
  1,
  2,
  3;
SELECT
  COALESCE(SUM("n"), 0),
  COUNT(*)
FROM "__sqlanon_freq_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_freq_N" AS
SELECT
  "d0"."code" AS "q0",
  "d1"."code" AS "q1",
  "d2"."code" AS "q2",
  CAST(COUNT(*) AS BIGINT) AS "n"
FROM "__sqlanon_source_N" AS "src"
JOIN (
  SELECT
    "leaf",
    "code"
  FROM "__sqlanon_dim_N"
  WHERE
    "q" = 0
) AS "d0"
  ON COALESCE(CAST("src"."zip" AS TEXT), '') = "d0"."leaf"
JOIN (
  SELECT
    "leaf",
    "code"
  FROM "__sqlanon_dim_N"
  WHERE
    "q" = 1
) AS "d1"
  ON COALESCE(CAST("src"."age" AS TEXT), '') = "d1"."leaf"
JOIN (
  SELECT
    "leaf",
    "code"
  FROM "__sqlanon_dim_N"
  WHERE
    "q" = 2
) AS "d2"
  ON COALESCE(CAST("src"."sex" AS TEXT), '') = "d2"."leaf"
GROUP BY
  1,
  2,
  3;
SELECT
  COALESCE(SUM("n"), 0),
  COUNT(*)
FROM "__sqlanon_freq_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_freq_N" AS
SELECT
  "q0",
  "q1",
  "q2",
  CAST(COUNT(*) AS BIGINT) AS "n"
FROM (
  SELECT DISTINCT
    "d0"."code" AS "q0",
    "d1"."code" AS "q1",
    "d2"."code" AS "q2",
    "src"."patient ""id""" AS "p0"
  FROM "__sqlanon_source_N" AS "src"
  JOIN (
    SELECT
      "leaf",
      "code"
    FROM "__sqlanon_dim_N"
    WHERE
      "q" = 0
  ) AS "d0"
    ON COALESCE(CAST("src"."qi-0" AS TEXT), '') = "d0"."leaf"
  JOIN (
    SELECT
      "leaf",
      "code"
    FROM "__sqlanon_dim_N"
    WHERE
      "q" = 1
  ) AS "d1"
    ON COALESCE(CAST("src"."q 1" AS TEXT), '') = "d1"."leaf"
  JOIN (
    SELECT
      "leaf",
      "code"
    FROM "__sqlanon_dim_N"
    WHERE
      "q" = 2
  ) AS "d2"
    ON COALESCE(CAST("src"."qi-2" AS TEXT), '') = "d2"."leaf"
) AS "dp"
GROUP BY
  1,
  2,
  3;
SELECT
  COALESCE(SUM("n"), 0),
  COUNT(*)
FROM "__sqlanon_freq_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_freq_N" AS
WITH "pv" AS (
  SELECT DISTINCT
    "d0"."code" AS "q0",
    "d1"."code" AS "q1",
    "d2"."code" AS "q2",
    "e"."code" AS "s",
    "src"."patient ""id""" AS "p0"
  FROM "__sqlanon_source_N" AS "src"
  JOIN (
    SELECT
      "leaf",
      "code"
    FROM "__sqlanon_dim_N"
    WHERE
      "q" = 0
  ) AS "d0"
    ON COALESCE(CAST("src"."qi-0" AS TEXT), '') = "d0"."leaf"
  JOIN (
    SELECT
      "leaf",
      "code"
    FROM "__sqlanon_dim_N"
    WHERE
      "q" = 1
  ) AS "d1"
    ON COALESCE(CAST("src"."q 1" AS TEXT), '') = "d1"."leaf"
  JOIN (
    SELECT
      "leaf",
      "code"
    FROM "__sqlanon_dim_N"
    WHERE
      "q" = 2
  ) AS "d2"
    ON COALESCE(CAST("src"."qi-2" AS TEXT), '') = "d2"."leaf"
  JOIN "__sqlanon_sdict_N" AS "e"
    ON CASE
      WHEN CAST("src"."sens" AS TEXT) IS NULL
      THEN 'NULL'
      WHEN CAST("src"."sens" AS TEXT) LIKE '%'
      THEN '' || CAST("src"."sens" AS TEXT)
      ELSE CAST("src"."sens" AS TEXT)
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
SELECT
  COALESCE(SUM("n"), 0),
  COUNT(*)
FROM "__sqlanon_freq_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_members_N" AS
SELECT DISTINCT
  "pc"."g",
  "d0"."code" AS "q0",
  "d1"."code" AS "q1",
  "d2"."code" AS "q2"
FROM "__sqlanon_source_N" AS "src"
JOIN "__sqlanon_persons_N" AS "pc"
  ON "pc"."p0" = "src"."patient ""id"""
JOIN (
  SELECT
    "leaf",
    "code"
  FROM "__sqlanon_dim_N"
  WHERE
    "q" = 0
) AS "d0"
  ON COALESCE(CAST("src"."qi-0" AS TEXT), '') = "d0"."leaf"
JOIN (
  SELECT
    "leaf",
    "code"
  FROM "__sqlanon_dim_N"
  WHERE
    "q" = 1
) AS "d1"
  ON COALESCE(CAST("src"."q 1" AS TEXT), '') = "d1"."leaf"
JOIN (
  SELECT
    "leaf",
    "code"
  FROM "__sqlanon_dim_N"
  WHERE
    "q" = 2
) AS "d2"
  ON COALESCE(CAST("src"."qi-2" AS TEXT), '') = "d2"."leaf";
SELECT
  COUNT(*)
FROM "__sqlanon_members_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_paths_N" AS
SELECT
  CAST("c0" AS INT) AS "q",
  CAST("c1" AS INT) AS "leaf",
  CAST("c2" AS INT) AS "lvl",
  CAST("c3" AS INT) AS "code"
FROM "__sqlanon_load_N";
CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_names_N" AS
SELECT
  CAST("c0" AS INT) AS "q",
  CAST("c1" AS INT) AS "lvl",
  CAST("c2" AS INT) AS "code",
  CAST("c3" AS TEXT) AS "label"
FROM "__sqlanon_load_N";
CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_dim_N" AS
SELECT
  CAST("n"."q" AS INT) AS "q",
  CAST("n"."label" AS TEXT) AS "leaf",
  CAST("n"."code" AS INT) AS "code"
FROM "__sqlanon_names_N" AS "n"
WHERE
  "n"."lvl" = 0;
CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_up_N" AS
SELECT DISTINCT
  CAST("a"."q" AS INT) AS "q",
  CAST("a"."lvl" AS INT) AS "lf",
  CAST("a"."code" AS INT) AS "cf",
  CAST("b"."lvl" AS INT) AS "lt",
  CAST("b"."code" AS INT) AS "ct"
FROM "__sqlanon_paths_N" AS "a"
JOIN "__sqlanon_paths_N" AS "b"
  ON "b"."q" = "a"."q" AND "b"."leaf" = "a"."leaf" AND "b"."lvl" >= "a"."lvl";
CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_labels_N" AS
SELECT
  CAST("p"."q" AS INT) AS "q",
  CAST("p"."lvl" AS INT) AS "lvl",
  CAST("p"."code" AS INT) AS "code",
  "n"."label",
  CAST(COUNT(*) AS BIGINT) AS "leaves"
FROM "__sqlanon_paths_N" AS "p"
JOIN "__sqlanon_names_N" AS "n"
  ON "n"."q" = "p"."q" AND "n"."lvl" = "p"."lvl" AND "n"."code" = "p"."code"
GROUP BY
  "p"."q",
  "p"."lvl",
  "p"."code",
  "n"."label";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_person_values_N" AS
WITH "pv" AS (
  SELECT DISTINCT
    "pc"."g",
    "e"."code" AS "s"
  FROM "__sqlanon_source_N" AS "src"
  JOIN "__sqlanon_persons_N" AS "pc"
    ON "pc"."p0" = "src"."patient ""id"""
  JOIN "__sqlanon_sdict_N" AS "e"
    ON CASE
      WHEN CAST("src"."sens" AS TEXT) IS NULL
      THEN 'NULL'
      WHEN CAST("src"."sens" AS TEXT) LIKE '%'
      THEN '' || CAST("src"."sens" AS TEXT)
      ELSE CAST("src"."sens" AS TEXT)
    END = "e"."value"
), "pm" AS (
  SELECT
    "pv"."g",
    COUNT(*) AS "m",
    MIN("pv"."s") AS "first"
  FROM "pv"
  GROUP BY
    "pv"."g"
)
SELECT
  "pv"."g",
  "pv"."s" AS "s0",
  CAST(DIV(CAST(6 AS BIGINT), "pm"."m") AS BIGINT) AS "n",
  CAST(1 AS BIGINT) AS "c",
  CAST(CASE WHEN "pv"."s" = "pm"."first" THEN 1 ELSE 0 END AS BIGINT) AS "np"
FROM "pv"
JOIN "pm"
  ON "pm"."g" = "pv"."g";
SELECT
  COUNT(*)
FROM "__sqlanon_person_values_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_sdict_N" AS
SELECT
  CAST("c0" AS TEXT) AS "value",
  CAST("c1" AS INT) AS "code"
FROM "__sqlanon_load_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_sdict_N" AS
SELECT
  CAST("c0" AS TEXT) AS "value",
  CAST("c1" AS INT) AS "code"
FROM "__sqlanon_load_N";
CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_anc_N" AS
SELECT
  CAST("c0" AS INT) AS "s",
  CAST("c1" AS INT) AS "lvl",
  CAST("c2" AS INT) AS "node"
FROM "__sqlanon_load_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_sdict_N" AS
SELECT
  CAST("c0" AS TEXT) AS "value",
  CAST("c1" AS INT) AS "code"
FROM "__sqlanon_load_N";
CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_order_N" AS
SELECT
  CAST("c0" AS INT) AS "s",
  CAST("c1" AS INT) AS "pos"
FROM "__sqlanon_load_N";
