CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_mfinal_N" AS
SELECT
  *
FROM "__sqlanon_mwa_N"
WHERE
  FALSE;

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_mpcount_N" AS
WITH "__counted_cand" AS (
  SELECT
    *
  FROM "__sqlanon_mcand_N"
  WHERE
    "r" = 1
), "ch" AS (
  SELECT
    "c"."r",
    "w"."pid",
    CASE "c"."dim"
      WHEN 0
      THEN CAST("w"."x0" > "c"."median" AS INT)
      WHEN 1
      THEN CAST("w"."x1" > "c"."median" AS INT)
      WHEN 2
      THEN CASE "c"."lca" WHEN 1 THEN "w"."q2" END
    END AS "child",
    MIN("w"."x0") AS "lo0",
    MAX("w"."x0") AS "hi0",
    MIN("w"."x1") AS "lo1",
    MAX("w"."x1") AS "hi1",
    CASE WHEN MIN("q2") = MAX("q2") THEN 0 ELSE 1 END AS "lca2",
    CASE WHEN MIN("q2") = MAX("q2") THEN MIN("q2") ELSE 0 END AS "lcacode2"
  FROM "__sqlanon_mwa_N" AS "w"
  JOIN "__counted_cand" AS "c"
    ON "c"."pid" = "w"."pid"
  GROUP BY
    1,
    2,
    3
), "pc" AS (
  SELECT
    "c"."r",
    CASE "c"."dim"
      WHEN 0
      THEN CAST("w"."x0" > "c"."median" AS INT)
      WHEN 1
      THEN CAST("w"."x1" > "c"."median" AS INT)
      WHEN 2
      THEN CASE "c"."lca" WHEN 1 THEN "w"."q2" END
    END AS "child",
    "w".*
  FROM "__sqlanon_mpa_N" AS "w"
  JOIN "__counted_cand" AS "c"
    ON "c"."pid" = "w"."pid"
)
SELECT
  "ch"."r" AS "batch_node",
  "ch"."pid" AS "q0",
  "ch"."child" AS "q1",
  CAST(SUM("w"."n") AS BIGINT) AS "n"
FROM "ch"
JOIN "pc" AS "w"
  ON "w"."r" = "ch"."r" AND "w"."pid" = "ch"."pid" AND "w"."child" = "ch"."child"
WHERE
  "w"."x0" BETWEEN "ch"."lo0" AND "ch"."hi0"
  AND "w"."x1" BETWEEN "ch"."lo1" AND "ch"."hi1"
  AND (
    CASE "ch"."lca2" WHEN 0 THEN "w"."q2" = "ch"."lcacode2" ELSE TRUE END
  )
GROUP BY
  1,
  2,
  3;

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_mpcount_N" AS
WITH "__counted_cand" AS (
  SELECT
    *
  FROM "__sqlanon_mcand_N"
  WHERE
    "r" = 1
), "ch" AS (
  SELECT
    "c"."r",
    "w"."pid",
    CASE "c"."dim"
      WHEN 0
      THEN CAST("w"."x0" > "c"."median" AS INT)
      WHEN 1
      THEN CAST("w"."x1" > "c"."median" AS INT)
      WHEN 2
      THEN CASE "c"."lca" WHEN 1 THEN "w"."q2" END
    END AS "child",
    MIN("w"."x0") AS "lo0",
    MAX("w"."x0") AS "hi0",
    MIN("w"."x1") AS "lo1",
    MAX("w"."x1") AS "hi1",
    CASE WHEN MIN("q2") = MAX("q2") THEN 0 ELSE 1 END AS "lca2",
    CASE WHEN MIN("q2") = MAX("q2") THEN MIN("q2") ELSE 0 END AS "lcacode2"
  FROM "__sqlanon_mwb_N" AS "w"
  JOIN "__counted_cand" AS "c"
    ON "c"."pid" = "w"."pid"
  GROUP BY
    1,
    2,
    3
), "pc" AS (
  SELECT
    "c"."r",
    CASE "c"."dim"
      WHEN 0
      THEN CAST("w"."x0" > "c"."median" AS INT)
      WHEN 1
      THEN CAST("w"."x1" > "c"."median" AS INT)
      WHEN 2
      THEN CASE "c"."lca" WHEN 1 THEN "w"."q2" END
    END AS "child",
    "w".*
  FROM "__sqlanon_mpb_N" AS "w"
  JOIN "__counted_cand" AS "c"
    ON "c"."pid" = "w"."pid"
)
SELECT
  "ch"."r" AS "batch_node",
  "ch"."pid" AS "q0",
  "ch"."child" AS "q1",
  CAST(SUM("w"."n") AS BIGINT) AS "n"
FROM "ch"
JOIN "pc" AS "w"
  ON "w"."r" = "ch"."r" AND "w"."pid" = "ch"."pid" AND "w"."child" = "ch"."child"
WHERE
  "w"."x0" BETWEEN "ch"."lo0" AND "ch"."hi0"
  AND "w"."x1" BETWEEN "ch"."lo1" AND "ch"."hi1"
  AND (
    CASE "ch"."lca2" WHEN 0 THEN "w"."q2" = "ch"."lcacode2" ELSE TRUE END
  )
GROUP BY
  1,
  2,
  3;

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_mpf_N" AS
SELECT
  CAST(0 AS BIGINT) AS "pid",
  CAST(400 AS BIGINT) AS "f";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_mpfinal_N" AS
SELECT
  *
FROM "__sqlanon_mpa_N"
WHERE
  FALSE;

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_mwhole_N" AS
SELECT
  "s0",
  "s1",
  SUM("n") AS "n"
FROM "__sqlanon_freq_N"
GROUP BY
  "s0",
  "s1";

DROP TABLE IF EXISTS "__sqlanon_mcand_N";

DROP TABLE IF EXISTS "__sqlanon_mcuts_N";

DROP TABLE IF EXISTS "__sqlanon_mpa_N";

DROP TABLE IF EXISTS "__sqlanon_mpb_N";

DROP TABLE IF EXISTS "__sqlanon_mpcount_N";

DROP TABLE IF EXISTS "__sqlanon_mpf_N";

DROP TABLE IF EXISTS "__sqlanon_mpfinal_N";

DROP TABLE IF EXISTS "__sqlanon_msplit_N";

DROP TABLE IF EXISTS "__sqlanon_mva_N";

DROP TABLE IF EXISTS "__sqlanon_mvalues_N";

DROP TABLE IF EXISTS "__sqlanon_mvb_N";

DROP TABLE IF EXISTS "__sqlanon_mwa_N";

DROP TABLE IF EXISTS "__sqlanon_mwb_N";

INSERT INTO "__sqlanon_mfinal_N"
SELECT
  *
FROM "__sqlanon_mwa_N"
WHERE
  NOT "pid" IN (
    SELECT
      "pid"
    FROM "__sqlanon_msplit_N"
  );

INSERT INTO "__sqlanon_mfinal_N"
SELECT
  *
FROM "__sqlanon_mwb_N"
WHERE
  NOT "pid" IN (
    SELECT
      "pid"
    FROM "__sqlanon_msplit_N"
  );

INSERT INTO "__sqlanon_mpcount_N"
WITH "__counted_cand" AS (
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
), "ch" AS (
  SELECT
    "c"."r",
    "w"."pid",
    CASE "c"."dim"
      WHEN 0
      THEN CAST("w"."x0" > "c"."median" AS INT)
      WHEN 1
      THEN CAST("w"."x1" > "c"."median" AS INT)
      WHEN 2
      THEN CASE "c"."lca" WHEN 1 THEN "w"."q2" END
    END AS "child",
    MIN("w"."x0") AS "lo0",
    MAX("w"."x0") AS "hi0",
    MIN("w"."x1") AS "lo1",
    MAX("w"."x1") AS "hi1",
    CASE WHEN MIN("q2") = MAX("q2") THEN 0 ELSE 1 END AS "lca2",
    CASE WHEN MIN("q2") = MAX("q2") THEN MIN("q2") ELSE 0 END AS "lcacode2"
  FROM "__sqlanon_mwa_N" AS "w"
  JOIN "__counted_cand" AS "c"
    ON "c"."pid" = "w"."pid"
  GROUP BY
    1,
    2,
    3
), "pc" AS (
  SELECT
    "c"."r",
    CASE "c"."dim"
      WHEN 0
      THEN CAST("w"."x0" > "c"."median" AS INT)
      WHEN 1
      THEN CAST("w"."x1" > "c"."median" AS INT)
      WHEN 2
      THEN CASE "c"."lca" WHEN 1 THEN "w"."q2" END
    END AS "child",
    "w".*
  FROM "__sqlanon_mpa_N" AS "w"
  JOIN "__counted_cand" AS "c"
    ON "c"."pid" = "w"."pid"
)
SELECT
  "ch"."r" AS "batch_node",
  "ch"."pid" AS "q0",
  "ch"."child" AS "q1",
  CAST(SUM("w"."n") AS BIGINT) AS "n"
FROM "ch"
JOIN "pc" AS "w"
  ON "w"."r" = "ch"."r" AND "w"."pid" = "ch"."pid" AND "w"."child" = "ch"."child"
WHERE
  "w"."x0" BETWEEN "ch"."lo0" AND "ch"."hi0"
  AND "w"."x1" BETWEEN "ch"."lo1" AND "ch"."hi1"
  AND (
    CASE "ch"."lca2" WHEN 0 THEN "w"."q2" = "ch"."lcacode2" ELSE TRUE END
  )
GROUP BY
  1,
  2,
  3;

INSERT INTO "__sqlanon_mpcount_N"
WITH "__counted_cand" AS (
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
), "ch" AS (
  SELECT
    "c"."r",
    "w"."pid",
    CASE "c"."dim"
      WHEN 0
      THEN CAST("w"."x0" > "c"."median" AS INT)
      WHEN 1
      THEN CAST("w"."x1" > "c"."median" AS INT)
      WHEN 2
      THEN CASE "c"."lca" WHEN 1 THEN "w"."q2" END
    END AS "child",
    MIN("w"."x0") AS "lo0",
    MAX("w"."x0") AS "hi0",
    MIN("w"."x1") AS "lo1",
    MAX("w"."x1") AS "hi1",
    CASE WHEN MIN("q2") = MAX("q2") THEN 0 ELSE 1 END AS "lca2",
    CASE WHEN MIN("q2") = MAX("q2") THEN MIN("q2") ELSE 0 END AS "lcacode2"
  FROM "__sqlanon_mwb_N" AS "w"
  JOIN "__counted_cand" AS "c"
    ON "c"."pid" = "w"."pid"
  GROUP BY
    1,
    2,
    3
), "pc" AS (
  SELECT
    "c"."r",
    CASE "c"."dim"
      WHEN 0
      THEN CAST("w"."x0" > "c"."median" AS INT)
      WHEN 1
      THEN CAST("w"."x1" > "c"."median" AS INT)
      WHEN 2
      THEN CASE "c"."lca" WHEN 1 THEN "w"."q2" END
    END AS "child",
    "w".*
  FROM "__sqlanon_mpb_N" AS "w"
  JOIN "__counted_cand" AS "c"
    ON "c"."pid" = "w"."pid"
)
SELECT
  "ch"."r" AS "batch_node",
  "ch"."pid" AS "q0",
  "ch"."child" AS "q1",
  CAST(SUM("w"."n") AS BIGINT) AS "n"
FROM "ch"
JOIN "pc" AS "w"
  ON "w"."r" = "ch"."r" AND "w"."pid" = "ch"."pid" AND "w"."child" = "ch"."child"
WHERE
  "w"."x0" BETWEEN "ch"."lo0" AND "ch"."hi0"
  AND "w"."x1" BETWEEN "ch"."lo1" AND "ch"."hi1"
  AND (
    CASE "ch"."lca2" WHEN 0 THEN "w"."q2" = "ch"."lcacode2" ELSE TRUE END
  )
GROUP BY
  1,
  2,
  3;

INSERT INTO "__sqlanon_mpf_N"
SELECT
  "npid" AS "pid",
  "f"
FROM "__sqlanon_msplit_N";

INSERT INTO "__sqlanon_mpfinal_N"
SELECT
  *
FROM "__sqlanon_mpa_N"
WHERE
  NOT "pid" IN (
    SELECT
      "pid"
    FROM "__sqlanon_msplit_N"
  );

INSERT INTO "__sqlanon_mpfinal_N"
SELECT
  *
FROM "__sqlanon_mpb_N"
WHERE
  NOT "pid" IN (
    SELECT
      "pid"
    FROM "__sqlanon_msplit_N"
  );

SELECT
  COUNT(*),
  COALESCE(SUM("size" * "size"), 0),
  COALESCE(SUM("size" * (
    0 + "w0" + "w1" + "w2"
  )), 0)
FROM "__sqlanon_mparts_N";

SELECT
  COUNT(DISTINCT "pid")
FROM "__sqlanon_msplit_N";
