CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_dp_sample_N" AS
SELECT
  "name",
  "zip",
  "age",
  "sex",
  "disease",
  "salary"
FROM (
  SELECT
    *,
    (
      CAST(1222513717 AS BIGINT) * "sqlanon_dp_h4" + "sqlanon_dp_h3"
    ) % 2147483647 AS "sqlanon_dp_h5"
  FROM (
    SELECT
      *,
      (
        "sqlanon_dp_h3" * "sqlanon_dp_h3" + 1888860585
      ) % 2147483647 AS "sqlanon_dp_h4"
    FROM (
      SELECT
        *,
        (
          CAST(557453052 AS BIGINT) * "sqlanon_dp_h2" + "sqlanon_dp_h1"
        ) % 2147483647 AS "sqlanon_dp_h3"
      FROM (
        SELECT
          *,
          (
            "sqlanon_dp_h1" * "sqlanon_dp_h1" + 1405192182
          ) % 2147483647 AS "sqlanon_dp_h2"
        FROM (
          SELECT
            *,
            (
              CAST(1228987690 AS BIGINT) * "sqlanon_dp_x" + 567210693
            ) % 2147483647 AS "sqlanon_dp_h1"
          FROM (
            SELECT
              *,
              CAST(ROW_NUMBER() OVER (
                ORDER BY CAST("name" AS TEXT) COLLATE "binary" NULLS FIRST, CAST("zip" AS TEXT) COLLATE "binary" NULLS FIRST, CAST("age" AS TEXT) COLLATE "binary" NULLS FIRST, CAST("sex" AS TEXT) COLLATE "binary" NULLS FIRST, CAST("disease" AS TEXT) COLLATE "binary" NULLS FIRST, CAST("salary" AS TEXT) COLLATE "binary" NULLS FIRST
              ) AS BIGINT) AS "sqlanon_dp_x"
            FROM "__sqlanon_source_N"
          ) AS "o"
        ) AS "r1"
      ) AS "r2"
    ) AS "r3"
  ) AS "r4"
) AS "r5"
WHERE
  "sqlanon_dp_h5" < 1792506987;
SELECT
  COUNT(*)
FROM "__sqlanon_dp_sample_N";

SELECT
  COUNT(*)
FROM "__sqlanon_source_N";
