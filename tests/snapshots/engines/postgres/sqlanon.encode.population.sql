CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_population_freq_N" AS
SELECT
  "d0"."code" AS "q0",
  "d1"."code" AS "q1",
  "d2"."code" AS "q2",
  CAST(COUNT(*) AS BIGINT) AS "n"
FROM "__sqlanon_population_N" AS "src"
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
  COUNT(*)
FROM "__sqlanon_population_freq_N";
