CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_mwa_N" AS
SELECT
  "sp"."base" + CASE "sp"."dim"
    WHEN 0
    THEN CAST("w"."x0" > "sp"."median" AS INT)
    WHEN 1
    THEN CAST("w"."x1" > "sp"."median" AS INT)
    WHEN 2
    THEN CASE "sp"."lca" WHEN 1 THEN "w"."q2" END
  END AS "pid",
  "w"."x0",
  "w"."x1",
  "w"."q2",
  "w"."s0",
  "w"."s1",
  "w"."n"
FROM "__sqlanon_mwb_N" AS "w"
JOIN (
  SELECT DISTINCT
    "pid",
    "dim",
    "median",
    "lca",
    "base"
  FROM "__sqlanon_msplit_N"
) AS "sp"
  ON "sp"."pid" = "w"."pid";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_mwb_N" AS
SELECT
  "sp"."base" + CASE "sp"."dim"
    WHEN 0
    THEN CAST("w"."x0" > "sp"."median" AS INT)
    WHEN 1
    THEN CAST("w"."x1" > "sp"."median" AS INT)
    WHEN 2
    THEN CASE "sp"."lca" WHEN 1 THEN "w"."q2" END
  END AS "pid",
  "w"."x0",
  "w"."x1",
  "w"."q2",
  "w"."s0",
  "w"."s1",
  "w"."n"
FROM "__sqlanon_mwa_N" AS "w"
JOIN (
  SELECT DISTINCT
    "pid",
    "dim",
    "median",
    "lca",
    "base"
  FROM "__sqlanon_msplit_N"
) AS "sp"
  ON "sp"."pid" = "w"."pid";
