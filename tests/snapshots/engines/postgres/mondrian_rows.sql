CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_mwa_N" AS
SELECT
  CAST(0 AS BIGINT) AS "pid",
  CAST("d0"."leaf" AS DOUBLE PRECISION) AS "x0",
  CAST("d1"."leaf" AS DOUBLE PRECISION) AS "x1",
  "f"."q2",
  "f"."s0",
  "f"."s1",
  "f"."n"
FROM "__sqlanon_freq_N" AS "f"
JOIN (
  SELECT
    "leaf",
    "code"
  FROM "__sqlanon_dim_N"
  WHERE
    "q" = 0
) AS "d0"
  ON "d0"."code" = "f"."q0"
JOIN (
  SELECT
    "leaf",
    "code"
  FROM "__sqlanon_dim_N"
  WHERE
    "q" = 1
) AS "d1"
  ON "d1"."code" = "f"."q1";
