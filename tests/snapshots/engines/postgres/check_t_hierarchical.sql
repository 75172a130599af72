SELECT
  CAST(FLOOR("v"."v2" * 100) AS BIGINT) AS "low",
  COUNT(*) AS "classes",
  SUM("v"."size") AS "rows"
FROM (
  WITH "c2" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "__sqlanon_gate_freq_N"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "tot" AS MATERIALIZED (
      SELECT
        SUM("n") AS "total"
      FROM "f"
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2"
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
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "a"."lvl",
        "a"."node",
        SUM("f"."n") AS "n"
      FROM "f"
      JOIN "__sqlanon_anc_N" AS "a"
        ON "a"."s" = "f"."s"
      GROUP BY
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "a"."lvl",
        "a"."node"
    ), "d" AS (
      SELECT
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        MAX("c"."rows") AS "size",
        CAST(SUM(GREATEST(CAST("pn"."n" AS DOUBLE PRECISION) / "c"."size" - "qn"."q", 0.0)) AS DOUBLE PRECISION) / 3 AS "emd"
      FROM "pn"
      JOIN "c"
        USING ("q0", "q1", "q2")
      JOIN "qn"
        ON "qn"."lvl" = "pn"."lvl" AND "qn"."node" = "pn"."node"
      GROUP BY
        "pn"."q0",
        "pn"."q1",
        "pn"."q2"
    )
    SELECT
      "q0",
      "q1",
      "q2",
      "size",
      "emd" > 0.2 + 1e-09 AS "bad",
      "emd" AS "val"
    FROM "d"
  )
  SELECT
    "c2"."q0",
    "c2"."q1",
    "c2"."q2",
    "c2"."size" AS "size",
    "c2"."bad" AS "b2",
    "c2"."val" AS "v2",
    "c2"."bad" AS "bad"
  FROM c2
) AS "v"
WHERE
  NOT "v"."v2" IS NULL
  AND (
    NOT CAST("v"."v2" AS DOUBLE PRECISION) IN (
      CAST('Infinity' AS DOUBLE PRECISION),
      CAST('-Infinity' AS DOUBLE PRECISION),
      CAST('NaN' AS DOUBLE PRECISION)
    )
  )
GROUP BY
  1
ORDER BY
  1;
