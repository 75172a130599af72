CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_mcuts_N" AS
WITH "v" AS (
  SELECT
    "r",
    "pid",
    "child",
    "size",
    "bad"
  FROM "__sqlanon_mva_N"
  UNION ALL
  SELECT
    "r",
    "pid",
    "child",
    "size",
    "bad"
  FROM "__sqlanon_mvb_N"
), "best" AS (
  SELECT
    "pid",
    MIN("r") AS "r",
    CAST($offset AS BIGINT) + 2 * (
      ROW_NUMBER() OVER (ORDER BY "pid") - 1
    ) AS "base"
  FROM (
    SELECT
      "r",
      "pid",
      BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad"
    FROM "v"
    GROUP BY
      "r",
      "pid"
  ) AS "per_cut"
  WHERE
    NOT "per_cut"."bad"
  GROUP BY
    "pid"
)
SELECT
  "c"."pid",
  "c"."dim",
  "c"."median",
  "c"."lca",
  "best"."base",
  "v"."child",
  "best"."base" + "v"."child" AS "npid",
  CAST("v"."size" AS BIGINT) AS "size"
FROM "best"
JOIN "__sqlanon_mcand_N" AS "c"
  ON "c"."pid" = "best"."pid" AND "c"."r" = "best"."r"
JOIN "v"
  ON "v"."pid" = "best"."pid" AND "v"."r" = "best"."r";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_mcuts_N" AS
WITH "v" AS (
  SELECT
    "r",
    "pid",
    "child",
    "size",
    "bad"
  FROM "__sqlanon_mva_N"
  UNION ALL
  SELECT
    "r",
    "pid",
    "child",
    "size",
    "bad"
  FROM "__sqlanon_mvb_N"
), "best" AS (
  SELECT
    "pid",
    MIN("r") AS "r",
    CAST($offset AS BIGINT) + 2 * (
      ROW_NUMBER() OVER (ORDER BY "pid") - 1
    ) AS "base"
  FROM (
    SELECT
      "r",
      "pid",
      BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad"
    FROM "v"
    GROUP BY
      "r",
      "pid"
  ) AS "per_cut"
  WHERE
    NOT "per_cut"."bad"
  GROUP BY
    "pid"
)
SELECT
  "c"."pid",
  "c"."dim",
  "c"."median",
  "c"."lca",
  "best"."base",
  "v"."child",
  "best"."base" + "v"."child" AS "npid",
  CAST("v"."size" AS BIGINT) AS "size",
  CAST(COALESCE("pc"."n", 0) AS BIGINT) AS "f"
FROM "best"
JOIN "__sqlanon_mcand_N" AS "c"
  ON "c"."pid" = "best"."pid" AND "c"."r" = "best"."r"
JOIN "v"
  ON "v"."pid" = "best"."pid" AND "v"."r" = "best"."r"
LEFT JOIN "__sqlanon_mpcount_N" AS "pc"
  ON "pc"."batch_node" = "v"."r" AND "pc"."q0" = "v"."pid" AND "pc"."q1" = "v"."child";
