CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_mpa_N" AS
SELECT
  CAST(0 AS BIGINT) AS "pid",
  "p"."x0",
  "p"."x1",
  "p"."q2",
  "p"."n"
FROM (
  SELECT
    pg_temp.sqlanon_try_double(CAST("src"."zip" AS TEXT)) AS "x0",
    pg_temp.sqlanon_try_double(CAST("src"."age" AS TEXT)) AS "x1",
    "d2"."code" AS "q2",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "__sqlanon_population_N" AS "src"
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
    3
) AS "p"
WHERE
  TRUE AND NOT "p"."x0" IS NULL AND NOT "p"."x1" IS NULL;
SELECT
  COUNT(*)
FROM "__sqlanon_mpa_N";
