CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_mva_N" AS
SELECT
  "batch_node" AS "r",
  "q0" AS "pid",
  "q1" AS "child",
  "size",
  "bad"
FROM (
  WITH "__cand" AS (
    SELECT
      *
    FROM "__sqlanon_mcand_N"
    WHERE
      "r" = 1
  ), "input" AS (
    SELECT
      "c"."r" AS "batch_node",
      "w"."pid" AS "q0",
      CASE "c"."dim"
        WHEN 0
        THEN CAST("w"."x0" > "c"."median" AS INT)
        WHEN 1
        THEN CAST("w"."x1" > "c"."median" AS INT)
        WHEN 2
        THEN CASE "c"."lca" WHEN 1 THEN "w"."q2" END
      END AS "q1",
      "w"."s0",
      "w"."s1",
      "w"."n"
    FROM "__sqlanon_mwa_N" AS "w"
    JOIN "__cand" AS "c"
      ON "c"."pid" = "w"."pid"
    UNION ALL
    SELECT
      "rest"."r",
      CAST(-1 AS BIGINT),
      -1,
      "rest"."s0",
      "rest"."s1",
      SUM("rest"."n")
    FROM (
      SELECT
        "sl"."r",
        "h"."s0",
        "h"."s1",
        "h"."n"
      FROM (
        SELECT DISTINCT
          "r"
        FROM "__cand"
      ) AS "sl"
      CROSS JOIN "__sqlanon_mwhole_N" AS "h"
      UNION ALL
      SELECT
        "c"."r",
        "w"."s0",
        "w"."s1",
        -"w"."n"
      FROM "__sqlanon_mwa_N" AS "w"
      JOIN "__cand" AS "c"
        ON "c"."pid" = "w"."pid"
    ) AS "rest"
    GROUP BY
      "rest"."r",
      "rest"."s0",
      "rest"."s1"
    HAVING
      SUM("rest"."n") > 0
  ), "c0" AS (
    SELECT
      "batch_node",
      "q0",
      "q1",
      CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
      SUM("n") < 5 AS "bad",
      CAST(SUM("n") AS DOUBLE PRECISION) AS "val"
    FROM "input"
    GROUP BY
      "batch_node",
      "q0",
      "q1"
  ), "c1" AS (
    WITH "f" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "s0" AS "s",
        SUM("n") AS "n"
      FROM "input"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "s0"
      HAVING
        SUM("n") > 0
    ), "r" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "n",
        ROW_NUMBER() OVER (PARTITION BY "batch_node", "q0", "q1" ORDER BY "n" DESC NULLS LAST) AS "rank"
      FROM "f"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
        CAST(MAX("n") AS DECIMAL(38, 0)) AS "r1",
        CAST(COALESCE(SUM("n") FILTER(WHERE
          "rank" >= 3), 0) AS DECIMAL(38, 0)) AS "tail"
      FROM "r"
      GROUP BY
        "batch_node",
        "q0",
        "q1"
    )
    SELECT
      "batch_node",
      "q0",
      "q1",
      "size",
      NOT (
        "r1" * 1 < "tail" * 4
      ) AS "bad",
      CASE
        WHEN "tail" = 0
        THEN CAST('inf' AS DOUBLE PRECISION)
        ELSE CAST("r1" AS DOUBLE PRECISION) / CAST("tail" AS DOUBLE PRECISION)
      END AS "val"
    FROM "c"
  ), "c2" AS (
    WITH "f" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "input"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "s0"
      HAVING
        SUM("n") > 0
    ), "tot" AS MATERIALIZED (
      SELECT
        SUM("n") AS "total"
      FROM "f"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "batch_node",
        "q0",
        "q1"
    ), "qn" AS (
      SELECT
        "a"."lvl",
        "a"."node",
        CAST(SUM("f"."n") AS DOUBLE PRECISION) / MAX("tot"."total") AS "q"
      FROM "f"
      JOIN "__sqlanon_anc_N" AS "a"
        ON "a"."s" = "f"."s"
      CROSS JOIN "tot"
      GROUP BY
        "a"."lvl",
        "a"."node"
    ), "pn" AS (
      SELECT
        "f"."batch_node",
        "f"."q0",
        "f"."q1",
        "a"."lvl",
        "a"."node",
        SUM("f"."n") AS "n"
      FROM "f"
      JOIN "__sqlanon_anc_N" AS "a"
        ON "a"."s" = "f"."s"
      GROUP BY
        "f"."batch_node",
        "f"."q0",
        "f"."q1",
        "a"."lvl",
        "a"."node"
    ), "d" AS (
      SELECT
        "pn"."batch_node",
        "pn"."q0",
        "pn"."q1",
        MAX("c"."rows") AS "size",
        CAST(SUM(GREATEST(CAST("pn"."n" AS DOUBLE PRECISION) / "c"."size" - "qn"."q", 0.0)) AS DOUBLE PRECISION) / 3 AS "emd"
      FROM "pn"
      JOIN "c"
        USING ("batch_node", "q0", "q1")
      JOIN "qn"
        ON "qn"."lvl" = "pn"."lvl" AND "qn"."node" = "pn"."node"
      GROUP BY
        "pn"."batch_node",
        "pn"."q0",
        "pn"."q1"
    )
    SELECT
      "batch_node",
      "q0",
      "q1",
      "size",
      "emd" > 0.2 + 1e-09 AS "bad",
      "emd" AS "val"
    FROM "d"
  ), "c3" AS (
    WITH "ranked" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "n",
        CASE "s1"
          WHEN 0
          THEN 8
          WHEN 1
          THEN 9
          WHEN 2
          THEN 1
          WHEN 3
          THEN 2
          WHEN 4
          THEN 3
          WHEN 5
          THEN 4
          WHEN 6
          THEN 5
          WHEN 7
          THEN 6
          WHEN 8
          THEN 7
        END AS "r"
      FROM "input"
    ), "e" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
        CAST((
          ABS(
            CAST(SUM(CASE WHEN "r" <= 1 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.095
          ) + ABS(
            CAST(SUM(CASE WHEN "r" <= 2 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.225
          ) + ABS(
            CAST(SUM(CASE WHEN "r" <= 3 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.355
          ) + ABS(
            CAST(SUM(CASE WHEN "r" <= 4 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.4775
          ) + ABS(
            CAST(SUM(CASE WHEN "r" <= 5 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.58
          ) + ABS(
            CAST(SUM(CASE WHEN "r" <= 6 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.6675
          ) + ABS(
            CAST(SUM(CASE WHEN "r" <= 7 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.7925
          ) + ABS(
            CAST(SUM(CASE WHEN "r" <= 8 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.895
          )
        ) AS DOUBLE PRECISION) / 8 AS "emd"
      FROM "ranked"
      WHERE
        NOT "r" IS NULL
      GROUP BY
        "batch_node",
        "q0",
        "q1"
    )
    SELECT
      "batch_node",
      "q0",
      "q1",
      "size",
      "emd" > 0.2 + 1e-09 AS "bad",
      "emd" AS "val"
    FROM "e"
  ), "c4" AS (
    WITH "pc" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "n" AS "f"
      FROM "__sqlanon_mpcount_N"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "batch_node" AS "nk0",
        "q0" AS "nk1",
        "q1" AS "nk2",
        SUM("n") AS "size"
      FROM "input"
      GROUP BY
        1,
        2,
        3
    )
    SELECT
      "c"."batch_node",
      "c"."q0",
      "c"."q1",
      CAST("c"."size" AS DECIMAL(38, 0)) AS "size",
      COALESCE("pc"."f", 0) < 5 AS "bad",
      CAST(COALESCE("pc"."f", 0) AS DOUBLE PRECISION) AS "val"
    FROM "c"
    LEFT JOIN "pc"
      ON "pc"."batch_node" = "c"."nk0" AND "pc"."q0" = "c"."nk1" AND "pc"."q1" = "c"."nk2"
  )
  SELECT
    "c0"."batch_node",
    "c0"."q0",
    "c0"."q1",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c1"."bad" AS "b1",
    "c1"."val" AS "v1",
    "c2"."bad" AS "b2",
    "c2"."val" AS "v2",
    "c3"."bad" AS "b3",
    "c3"."val" AS "v3",
    "c4"."bad" AS "b4",
    "c4"."val" AS "v4",
    "c0"."bad" OR "c1"."bad" OR "c2"."bad" OR "c3"."bad" OR "c4"."bad" AS "bad"
  FROM c0
  JOIN c1
    USING ("batch_node", "q0", "q1")
  JOIN c2
    USING ("batch_node", "q0", "q1")
  JOIN c3
    USING ("batch_node", "q0", "q1")
  JOIN c4
    USING ("batch_node", "q0", "q1")
) AS "v"
WHERE
  "q0" >= 0;

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_mva_N" AS
SELECT
  "batch_node" AS "r",
  "q0" AS "pid",
  "q1" AS "child",
  "size",
  "bad"
FROM (
  WITH "__cand" AS (
    SELECT
      *
    FROM "__sqlanon_mcand_N"
    WHERE
      "r" = 1
  ), "input" AS (
    SELECT
      "c"."r" AS "batch_node",
      "w"."pid" AS "q0",
      CASE "c"."dim"
        WHEN 0
        THEN CAST("w"."x0" > "c"."median" AS INT)
        WHEN 1
        THEN CAST("w"."x1" > "c"."median" AS INT)
        WHEN 2
        THEN CASE "c"."lca" WHEN 1 THEN "w"."q2" END
      END AS "q1",
      "w"."s0",
      "w"."s1",
      "w"."n"
    FROM "__sqlanon_mwb_N" AS "w"
    JOIN "__cand" AS "c"
      ON "c"."pid" = "w"."pid"
    UNION ALL
    SELECT
      "rest"."r",
      CAST(-1 AS BIGINT),
      -1,
      "rest"."s0",
      "rest"."s1",
      SUM("rest"."n")
    FROM (
      SELECT
        "sl"."r",
        "h"."s0",
        "h"."s1",
        "h"."n"
      FROM (
        SELECT DISTINCT
          "r"
        FROM "__cand"
      ) AS "sl"
      CROSS JOIN "__sqlanon_mwhole_N" AS "h"
      UNION ALL
      SELECT
        "c"."r",
        "w"."s0",
        "w"."s1",
        -"w"."n"
      FROM "__sqlanon_mwb_N" AS "w"
      JOIN "__cand" AS "c"
        ON "c"."pid" = "w"."pid"
    ) AS "rest"
    GROUP BY
      "rest"."r",
      "rest"."s0",
      "rest"."s1"
    HAVING
      SUM("rest"."n") > 0
  ), "c0" AS (
    SELECT
      "batch_node",
      "q0",
      "q1",
      CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
      SUM("n") < 5 AS "bad",
      CAST(SUM("n") AS DOUBLE PRECISION) AS "val"
    FROM "input"
    GROUP BY
      "batch_node",
      "q0",
      "q1"
  ), "c1" AS (
    WITH "f" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "s0" AS "s",
        SUM("n") AS "n"
      FROM "input"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "s0"
      HAVING
        SUM("n") > 0
    ), "r" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "n",
        ROW_NUMBER() OVER (PARTITION BY "batch_node", "q0", "q1" ORDER BY "n" DESC NULLS LAST) AS "rank"
      FROM "f"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
        CAST(MAX("n") AS DECIMAL(38, 0)) AS "r1",
        CAST(COALESCE(SUM("n") FILTER(WHERE
          "rank" >= 3), 0) AS DECIMAL(38, 0)) AS "tail"
      FROM "r"
      GROUP BY
        "batch_node",
        "q0",
        "q1"
    )
    SELECT
      "batch_node",
      "q0",
      "q1",
      "size",
      NOT (
        "r1" * 1 < "tail" * 4
      ) AS "bad",
      CASE
        WHEN "tail" = 0
        THEN CAST('inf' AS DOUBLE PRECISION)
        ELSE CAST("r1" AS DOUBLE PRECISION) / CAST("tail" AS DOUBLE PRECISION)
      END AS "val"
    FROM "c"
  ), "c2" AS (
    WITH "f" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "input"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "s0"
      HAVING
        SUM("n") > 0
    ), "tot" AS MATERIALIZED (
      SELECT
        SUM("n") AS "total"
      FROM "f"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "batch_node",
        "q0",
        "q1"
    ), "qn" AS (
      SELECT
        "a"."lvl",
        "a"."node",
        CAST(SUM("f"."n") AS DOUBLE PRECISION) / MAX("tot"."total") AS "q"
      FROM "f"
      JOIN "__sqlanon_anc_N" AS "a"
        ON "a"."s" = "f"."s"
      CROSS JOIN "tot"
      GROUP BY
        "a"."lvl",
        "a"."node"
    ), "pn" AS (
      SELECT
        "f"."batch_node",
        "f"."q0",
        "f"."q1",
        "a"."lvl",
        "a"."node",
        SUM("f"."n") AS "n"
      FROM "f"
      JOIN "__sqlanon_anc_N" AS "a"
        ON "a"."s" = "f"."s"
      GROUP BY
        "f"."batch_node",
        "f"."q0",
        "f"."q1",
        "a"."lvl",
        "a"."node"
    ), "d" AS (
      SELECT
        "pn"."batch_node",
        "pn"."q0",
        "pn"."q1",
        MAX("c"."rows") AS "size",
        CAST(SUM(GREATEST(CAST("pn"."n" AS DOUBLE PRECISION) / "c"."size" - "qn"."q", 0.0)) AS DOUBLE PRECISION) / 3 AS "emd"
      FROM "pn"
      JOIN "c"
        USING ("batch_node", "q0", "q1")
      JOIN "qn"
        ON "qn"."lvl" = "pn"."lvl" AND "qn"."node" = "pn"."node"
      GROUP BY
        "pn"."batch_node",
        "pn"."q0",
        "pn"."q1"
    )
    SELECT
      "batch_node",
      "q0",
      "q1",
      "size",
      "emd" > 0.2 + 1e-09 AS "bad",
      "emd" AS "val"
    FROM "d"
  ), "c3" AS (
    WITH "ranked" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "n",
        CASE "s1"
          WHEN 0
          THEN 8
          WHEN 1
          THEN 9
          WHEN 2
          THEN 1
          WHEN 3
          THEN 2
          WHEN 4
          THEN 3
          WHEN 5
          THEN 4
          WHEN 6
          THEN 5
          WHEN 7
          THEN 6
          WHEN 8
          THEN 7
        END AS "r"
      FROM "input"
    ), "e" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
        CAST((
          ABS(
            CAST(SUM(CASE WHEN "r" <= 1 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.095
          ) + ABS(
            CAST(SUM(CASE WHEN "r" <= 2 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.225
          ) + ABS(
            CAST(SUM(CASE WHEN "r" <= 3 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.355
          ) + ABS(
            CAST(SUM(CASE WHEN "r" <= 4 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.4775
          ) + ABS(
            CAST(SUM(CASE WHEN "r" <= 5 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.58
          ) + ABS(
            CAST(SUM(CASE WHEN "r" <= 6 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.6675
          ) + ABS(
            CAST(SUM(CASE WHEN "r" <= 7 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.7925
          ) + ABS(
            CAST(SUM(CASE WHEN "r" <= 8 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.895
          )
        ) AS DOUBLE PRECISION) / 8 AS "emd"
      FROM "ranked"
      WHERE
        NOT "r" IS NULL
      GROUP BY
        "batch_node",
        "q0",
        "q1"
    )
    SELECT
      "batch_node",
      "q0",
      "q1",
      "size",
      "emd" > 0.2 + 1e-09 AS "bad",
      "emd" AS "val"
    FROM "e"
  ), "c4" AS (
    WITH "pc" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "n" AS "f"
      FROM "__sqlanon_mpcount_N"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "batch_node" AS "nk0",
        "q0" AS "nk1",
        "q1" AS "nk2",
        SUM("n") AS "size"
      FROM "input"
      GROUP BY
        1,
        2,
        3
    )
    SELECT
      "c"."batch_node",
      "c"."q0",
      "c"."q1",
      CAST("c"."size" AS DECIMAL(38, 0)) AS "size",
      COALESCE("pc"."f", 0) < 5 AS "bad",
      CAST(COALESCE("pc"."f", 0) AS DOUBLE PRECISION) AS "val"
    FROM "c"
    LEFT JOIN "pc"
      ON "pc"."batch_node" = "c"."nk0" AND "pc"."q0" = "c"."nk1" AND "pc"."q1" = "c"."nk2"
  )
  SELECT
    "c0"."batch_node",
    "c0"."q0",
    "c0"."q1",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c1"."bad" AS "b1",
    "c1"."val" AS "v1",
    "c2"."bad" AS "b2",
    "c2"."val" AS "v2",
    "c3"."bad" AS "b3",
    "c3"."val" AS "v3",
    "c4"."bad" AS "b4",
    "c4"."val" AS "v4",
    "c0"."bad" OR "c1"."bad" OR "c2"."bad" OR "c3"."bad" OR "c4"."bad" AS "bad"
  FROM c0
  JOIN c1
    USING ("batch_node", "q0", "q1")
  JOIN c2
    USING ("batch_node", "q0", "q1")
  JOIN c3
    USING ("batch_node", "q0", "q1")
  JOIN c4
    USING ("batch_node", "q0", "q1")
) AS "v"
WHERE
  "q0" >= 0;

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_mvb_N" AS
SELECT
  "batch_node" AS "r",
  "q0" AS "pid",
  "q1" AS "child",
  "size",
  "bad"
FROM (
  WITH "__cand" AS (
    SELECT
      *
    FROM "__sqlanon_mcand_N"
    WHERE
      "r" > 1
      AND "pid" IN (
        SELECT
          "pid"
        FROM "__sqlanon_mva_N"
        WHERE
          "bad"
      )
  ), "input" AS (
    SELECT
      "c"."r" AS "batch_node",
      "w"."pid" AS "q0",
      CASE "c"."dim"
        WHEN 0
        THEN CAST("w"."x0" > "c"."median" AS INT)
        WHEN 1
        THEN CAST("w"."x1" > "c"."median" AS INT)
        WHEN 2
        THEN CASE "c"."lca" WHEN 1 THEN "w"."q2" END
      END AS "q1",
      "w"."s0",
      "w"."s1",
      "w"."n"
    FROM "__sqlanon_mwa_N" AS "w"
    JOIN "__cand" AS "c"
      ON "c"."pid" = "w"."pid"
    UNION ALL
    SELECT
      "rest"."r",
      CAST(-1 AS BIGINT),
      -1,
      "rest"."s0",
      "rest"."s1",
      SUM("rest"."n")
    FROM (
      SELECT
        "sl"."r",
        "h"."s0",
        "h"."s1",
        "h"."n"
      FROM (
        SELECT DISTINCT
          "r"
        FROM "__cand"
      ) AS "sl"
      CROSS JOIN "__sqlanon_mwhole_N" AS "h"
      UNION ALL
      SELECT
        "c"."r",
        "w"."s0",
        "w"."s1",
        -"w"."n"
      FROM "__sqlanon_mwa_N" AS "w"
      JOIN "__cand" AS "c"
        ON "c"."pid" = "w"."pid"
    ) AS "rest"
    GROUP BY
      "rest"."r",
      "rest"."s0",
      "rest"."s1"
    HAVING
      SUM("rest"."n") > 0
  ), "c0" AS (
    SELECT
      "batch_node",
      "q0",
      "q1",
      CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
      SUM("n") < 5 AS "bad",
      CAST(SUM("n") AS DOUBLE PRECISION) AS "val"
    FROM "input"
    GROUP BY
      "batch_node",
      "q0",
      "q1"
  ), "c1" AS (
    WITH "f" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "s0" AS "s",
        SUM("n") AS "n"
      FROM "input"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "s0"
      HAVING
        SUM("n") > 0
    ), "r" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "n",
        ROW_NUMBER() OVER (PARTITION BY "batch_node", "q0", "q1" ORDER BY "n" DESC NULLS LAST) AS "rank"
      FROM "f"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
        CAST(MAX("n") AS DECIMAL(38, 0)) AS "r1",
        CAST(COALESCE(SUM("n") FILTER(WHERE
          "rank" >= 3), 0) AS DECIMAL(38, 0)) AS "tail"
      FROM "r"
      GROUP BY
        "batch_node",
        "q0",
        "q1"
    )
    SELECT
      "batch_node",
      "q0",
      "q1",
      "size",
      NOT (
        "r1" * 1 < "tail" * 4
      ) AS "bad",
      CASE
        WHEN "tail" = 0
        THEN CAST('inf' AS DOUBLE PRECISION)
        ELSE CAST("r1" AS DOUBLE PRECISION) / CAST("tail" AS DOUBLE PRECISION)
      END AS "val"
    FROM "c"
  ), "c2" AS (
    WITH "f" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "input"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "s0"
      HAVING
        SUM("n") > 0
    ), "tot" AS MATERIALIZED (
      SELECT
        SUM("n") AS "total"
      FROM "f"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "batch_node",
        "q0",
        "q1"
    ), "qn" AS (
      SELECT
        "a"."lvl",
        "a"."node",
        CAST(SUM("f"."n") AS DOUBLE PRECISION) / MAX("tot"."total") AS "q"
      FROM "f"
      JOIN "__sqlanon_anc_N" AS "a"
        ON "a"."s" = "f"."s"
      CROSS JOIN "tot"
      GROUP BY
        "a"."lvl",
        "a"."node"
    ), "pn" AS (
      SELECT
        "f"."batch_node",
        "f"."q0",
        "f"."q1",
        "a"."lvl",
        "a"."node",
        SUM("f"."n") AS "n"
      FROM "f"
      JOIN "__sqlanon_anc_N" AS "a"
        ON "a"."s" = "f"."s"
      GROUP BY
        "f"."batch_node",
        "f"."q0",
        "f"."q1",
        "a"."lvl",
        "a"."node"
    ), "d" AS (
      SELECT
        "pn"."batch_node",
        "pn"."q0",
        "pn"."q1",
        MAX("c"."rows") AS "size",
        CAST(SUM(GREATEST(CAST("pn"."n" AS DOUBLE PRECISION) / "c"."size" - "qn"."q", 0.0)) AS DOUBLE PRECISION) / 3 AS "emd"
      FROM "pn"
      JOIN "c"
        USING ("batch_node", "q0", "q1")
      JOIN "qn"
        ON "qn"."lvl" = "pn"."lvl" AND "qn"."node" = "pn"."node"
      GROUP BY
        "pn"."batch_node",
        "pn"."q0",
        "pn"."q1"
    )
    SELECT
      "batch_node",
      "q0",
      "q1",
      "size",
      "emd" > 0.2 + 1e-09 AS "bad",
      "emd" AS "val"
    FROM "d"
  ), "c3" AS (
    WITH "ranked" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "n",
        CASE "s1"
          WHEN 0
          THEN 8
          WHEN 1
          THEN 9
          WHEN 2
          THEN 1
          WHEN 3
          THEN 2
          WHEN 4
          THEN 3
          WHEN 5
          THEN 4
          WHEN 6
          THEN 5
          WHEN 7
          THEN 6
          WHEN 8
          THEN 7
        END AS "r"
      FROM "input"
    ), "e" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
        CAST((
          ABS(
            CAST(SUM(CASE WHEN "r" <= 1 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.095
          ) + ABS(
            CAST(SUM(CASE WHEN "r" <= 2 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.225
          ) + ABS(
            CAST(SUM(CASE WHEN "r" <= 3 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.355
          ) + ABS(
            CAST(SUM(CASE WHEN "r" <= 4 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.4775
          ) + ABS(
            CAST(SUM(CASE WHEN "r" <= 5 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.58
          ) + ABS(
            CAST(SUM(CASE WHEN "r" <= 6 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.6675
          ) + ABS(
            CAST(SUM(CASE WHEN "r" <= 7 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.7925
          ) + ABS(
            CAST(SUM(CASE WHEN "r" <= 8 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.895
          )
        ) AS DOUBLE PRECISION) / 8 AS "emd"
      FROM "ranked"
      WHERE
        NOT "r" IS NULL
      GROUP BY
        "batch_node",
        "q0",
        "q1"
    )
    SELECT
      "batch_node",
      "q0",
      "q1",
      "size",
      "emd" > 0.2 + 1e-09 AS "bad",
      "emd" AS "val"
    FROM "e"
  ), "c4" AS (
    WITH "pc" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "n" AS "f"
      FROM "__sqlanon_mpcount_N"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "batch_node" AS "nk0",
        "q0" AS "nk1",
        "q1" AS "nk2",
        SUM("n") AS "size"
      FROM "input"
      GROUP BY
        1,
        2,
        3
    )
    SELECT
      "c"."batch_node",
      "c"."q0",
      "c"."q1",
      CAST("c"."size" AS DECIMAL(38, 0)) AS "size",
      COALESCE("pc"."f", 0) < 5 AS "bad",
      CAST(COALESCE("pc"."f", 0) AS DOUBLE PRECISION) AS "val"
    FROM "c"
    LEFT JOIN "pc"
      ON "pc"."batch_node" = "c"."nk0" AND "pc"."q0" = "c"."nk1" AND "pc"."q1" = "c"."nk2"
  )
  SELECT
    "c0"."batch_node",
    "c0"."q0",
    "c0"."q1",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c1"."bad" AS "b1",
    "c1"."val" AS "v1",
    "c2"."bad" AS "b2",
    "c2"."val" AS "v2",
    "c3"."bad" AS "b3",
    "c3"."val" AS "v3",
    "c4"."bad" AS "b4",
    "c4"."val" AS "v4",
    "c0"."bad" OR "c1"."bad" OR "c2"."bad" OR "c3"."bad" OR "c4"."bad" AS "bad"
  FROM c0
  JOIN c1
    USING ("batch_node", "q0", "q1")
  JOIN c2
    USING ("batch_node", "q0", "q1")
  JOIN c3
    USING ("batch_node", "q0", "q1")
  JOIN c4
    USING ("batch_node", "q0", "q1")
) AS "v"
WHERE
  "q0" >= 0;

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_mvb_N" AS
SELECT
  "batch_node" AS "r",
  "q0" AS "pid",
  "q1" AS "child",
  "size",
  "bad"
FROM (
  WITH "__cand" AS (
    SELECT
      *
    FROM "__sqlanon_mcand_N"
    WHERE
      "r" > 1
      AND "pid" IN (
        SELECT
          "pid"
        FROM "__sqlanon_mva_N"
        WHERE
          "bad"
      )
  ), "input" AS (
    SELECT
      "c"."r" AS "batch_node",
      "w"."pid" AS "q0",
      CASE "c"."dim"
        WHEN 0
        THEN CAST("w"."x0" > "c"."median" AS INT)
        WHEN 1
        THEN CAST("w"."x1" > "c"."median" AS INT)
        WHEN 2
        THEN CASE "c"."lca" WHEN 1 THEN "w"."q2" END
      END AS "q1",
      "w"."s0",
      "w"."s1",
      "w"."n"
    FROM "__sqlanon_mwb_N" AS "w"
    JOIN "__cand" AS "c"
      ON "c"."pid" = "w"."pid"
    UNION ALL
    SELECT
      "rest"."r",
      CAST(-1 AS BIGINT),
      -1,
      "rest"."s0",
      "rest"."s1",
      SUM("rest"."n")
    FROM (
      SELECT
        "sl"."r",
        "h"."s0",
        "h"."s1",
        "h"."n"
      FROM (
        SELECT DISTINCT
          "r"
        FROM "__cand"
      ) AS "sl"
      CROSS JOIN "__sqlanon_mwhole_N" AS "h"
      UNION ALL
      SELECT
        "c"."r",
        "w"."s0",
        "w"."s1",
        -"w"."n"
      FROM "__sqlanon_mwb_N" AS "w"
      JOIN "__cand" AS "c"
        ON "c"."pid" = "w"."pid"
    ) AS "rest"
    GROUP BY
      "rest"."r",
      "rest"."s0",
      "rest"."s1"
    HAVING
      SUM("rest"."n") > 0
  ), "c0" AS (
    SELECT
      "batch_node",
      "q0",
      "q1",
      CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
      SUM("n") < 5 AS "bad",
      CAST(SUM("n") AS DOUBLE PRECISION) AS "val"
    FROM "input"
    GROUP BY
      "batch_node",
      "q0",
      "q1"
  ), "c1" AS (
    WITH "f" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "s0" AS "s",
        SUM("n") AS "n"
      FROM "input"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "s0"
      HAVING
        SUM("n") > 0
    ), "r" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "n",
        ROW_NUMBER() OVER (PARTITION BY "batch_node", "q0", "q1" ORDER BY "n" DESC NULLS LAST) AS "rank"
      FROM "f"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
        CAST(MAX("n") AS DECIMAL(38, 0)) AS "r1",
        CAST(COALESCE(SUM("n") FILTER(WHERE
          "rank" >= 3), 0) AS DECIMAL(38, 0)) AS "tail"
      FROM "r"
      GROUP BY
        "batch_node",
        "q0",
        "q1"
    )
    SELECT
      "batch_node",
      "q0",
      "q1",
      "size",
      NOT (
        "r1" * 1 < "tail" * 4
      ) AS "bad",
      CASE
        WHEN "tail" = 0
        THEN CAST('inf' AS DOUBLE PRECISION)
        ELSE CAST("r1" AS DOUBLE PRECISION) / CAST("tail" AS DOUBLE PRECISION)
      END AS "val"
    FROM "c"
  ), "c2" AS (
    WITH "f" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "input"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "s0"
      HAVING
        SUM("n") > 0
    ), "tot" AS MATERIALIZED (
      SELECT
        SUM("n") AS "total"
      FROM "f"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "batch_node",
        "q0",
        "q1"
    ), "qn" AS (
      SELECT
        "a"."lvl",
        "a"."node",
        CAST(SUM("f"."n") AS DOUBLE PRECISION) / MAX("tot"."total") AS "q"
      FROM "f"
      JOIN "__sqlanon_anc_N" AS "a"
        ON "a"."s" = "f"."s"
      CROSS JOIN "tot"
      GROUP BY
        "a"."lvl",
        "a"."node"
    ), "pn" AS (
      SELECT
        "f"."batch_node",
        "f"."q0",
        "f"."q1",
        "a"."lvl",
        "a"."node",
        SUM("f"."n") AS "n"
      FROM "f"
      JOIN "__sqlanon_anc_N" AS "a"
        ON "a"."s" = "f"."s"
      GROUP BY
        "f"."batch_node",
        "f"."q0",
        "f"."q1",
        "a"."lvl",
        "a"."node"
    ), "d" AS (
      SELECT
        "pn"."batch_node",
        "pn"."q0",
        "pn"."q1",
        MAX("c"."rows") AS "size",
        CAST(SUM(GREATEST(CAST("pn"."n" AS DOUBLE PRECISION) / "c"."size" - "qn"."q", 0.0)) AS DOUBLE PRECISION) / 3 AS "emd"
      FROM "pn"
      JOIN "c"
        USING ("batch_node", "q0", "q1")
      JOIN "qn"
        ON "qn"."lvl" = "pn"."lvl" AND "qn"."node" = "pn"."node"
      GROUP BY
        "pn"."batch_node",
        "pn"."q0",
        "pn"."q1"
    )
    SELECT
      "batch_node",
      "q0",
      "q1",
      "size",
      "emd" > 0.2 + 1e-09 AS "bad",
      "emd" AS "val"
    FROM "d"
  ), "c3" AS (
    WITH "ranked" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "n",
        CASE "s1"
          WHEN 0
          THEN 8
          WHEN 1
          THEN 9
          WHEN 2
          THEN 1
          WHEN 3
          THEN 2
          WHEN 4
          THEN 3
          WHEN 5
          THEN 4
          WHEN 6
          THEN 5
          WHEN 7
          THEN 6
          WHEN 8
          THEN 7
        END AS "r"
      FROM "input"
    ), "e" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
        CAST((
          ABS(
            CAST(SUM(CASE WHEN "r" <= 1 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.095
          ) + ABS(
            CAST(SUM(CASE WHEN "r" <= 2 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.225
          ) + ABS(
            CAST(SUM(CASE WHEN "r" <= 3 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.355
          ) + ABS(
            CAST(SUM(CASE WHEN "r" <= 4 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.4775
          ) + ABS(
            CAST(SUM(CASE WHEN "r" <= 5 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.58
          ) + ABS(
            CAST(SUM(CASE WHEN "r" <= 6 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.6675
          ) + ABS(
            CAST(SUM(CASE WHEN "r" <= 7 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.7925
          ) + ABS(
            CAST(SUM(CASE WHEN "r" <= 8 THEN "n" ELSE 0 END) AS DOUBLE PRECISION) / CAST(SUM("n") AS DOUBLE PRECISION) - 0.895
          )
        ) AS DOUBLE PRECISION) / 8 AS "emd"
      FROM "ranked"
      WHERE
        NOT "r" IS NULL
      GROUP BY
        "batch_node",
        "q0",
        "q1"
    )
    SELECT
      "batch_node",
      "q0",
      "q1",
      "size",
      "emd" > 0.2 + 1e-09 AS "bad",
      "emd" AS "val"
    FROM "e"
  ), "c4" AS (
    WITH "pc" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "n" AS "f"
      FROM "__sqlanon_mpcount_N"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "batch_node" AS "nk0",
        "q0" AS "nk1",
        "q1" AS "nk2",
        SUM("n") AS "size"
      FROM "input"
      GROUP BY
        1,
        2,
        3
    )
    SELECT
      "c"."batch_node",
      "c"."q0",
      "c"."q1",
      CAST("c"."size" AS DECIMAL(38, 0)) AS "size",
      COALESCE("pc"."f", 0) < 5 AS "bad",
      CAST(COALESCE("pc"."f", 0) AS DOUBLE PRECISION) AS "val"
    FROM "c"
    LEFT JOIN "pc"
      ON "pc"."batch_node" = "c"."nk0" AND "pc"."q0" = "c"."nk1" AND "pc"."q1" = "c"."nk2"
  )
  SELECT
    "c0"."batch_node",
    "c0"."q0",
    "c0"."q1",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c1"."bad" AS "b1",
    "c1"."val" AS "v1",
    "c2"."bad" AS "b2",
    "c2"."val" AS "v2",
    "c3"."bad" AS "b3",
    "c3"."val" AS "v3",
    "c4"."bad" AS "b4",
    "c4"."val" AS "v4",
    "c0"."bad" OR "c1"."bad" OR "c2"."bad" OR "c3"."bad" OR "c4"."bad" AS "bad"
  FROM c0
  JOIN c1
    USING ("batch_node", "q0", "q1")
  JOIN c2
    USING ("batch_node", "q0", "q1")
  JOIN c3
    USING ("batch_node", "q0", "q1")
  JOIN c4
    USING ("batch_node", "q0", "q1")
) AS "v"
WHERE
  "q0" >= 0;
