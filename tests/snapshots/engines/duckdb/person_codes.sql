CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_persons_N" AS
SELECT
  "d"."p0",
  CAST(DENSE_RANK() OVER (ORDER BY "d"."p0") AS BIGINT) AS "g"
FROM (
  SELECT DISTINCT
    "src"."patient ""id""" AS "p0"
  FROM "__sqlanon_source_N" AS "src"
) AS "d";
