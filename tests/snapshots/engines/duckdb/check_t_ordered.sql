SELECT
  CAST(FLOOR("v"."v3" * 100) AS BIGINT) AS "low",
  COUNT(*) AS "classes",
  SUM("v"."size") AS "rows"
FROM (
  WITH "c3" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "s1" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "__sqlanon_gate_freq_N"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "s1"
      HAVING
        SUM("n") > 0
    ), "tot" AS (
      SELECT
        SUM("n") AS "total"
      FROM "f"
    ), "g" AS (
      SELECT
        "s",
        SUM("n") / MAX("tot"."total") AS "q"
      FROM "f"
      CROSS JOIN "tot"
      GROUP BY
        "s"
    ), "dom" AS (
      SELECT
        "o"."s",
        ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r"
      FROM "__sqlanon_order_N" AS "o"
      WHERE
        "o"."s" IN (
          SELECT
            "s"
          FROM "g"
        )
    ), "m" AS (
      SELECT
        COUNT(*) AS "m"
      FROM "dom"
    ), "fq" AS (
      SELECT
        "dom"."r",
        CAST(SUM(COALESCE("qc"."cnt", 0)) OVER (ORDER BY "dom"."r" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS DOUBLE) / "tot"."total" AS "fq"
      FROM "dom"
      LEFT JOIN (
        SELECT
          "s",
          SUM("cnt") AS "cnt"
        FROM "f"
        GROUP BY
          "s"
      ) AS "qc"
        ON "qc"."s" = "dom"."s"
      CROSS JOIN "tot"
    ), "cdf" AS (
      SELECT
        "r",
        "fq",
        SUM("fq") OVER (ORDER BY "r" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS "gq"
      FROM "fq"
      UNION ALL
      SELECT
        0,
        0.0,
        0.0
    ), "steps" AS (
      SELECT
        "fq",
        MAX("r") AS "k",
        MAX("gq") AS "gk"
      FROM "cdf"
      GROUP BY
        "fq"
    ), "gm" AS (
      SELECT
        MAX("gq") AS "gm"
      FROM "cdf"
    ), "ranks" AS (
      SELECT
        "dom"."s",
        "dom"."r",
        "cdf"."gq" AS "gl"
      FROM "dom"
      JOIN "cdf"
        ON "cdf"."r" = "dom"."r" - 1
    ), "runs" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "ranks"."r" AS "lo",
        LEAD("ranks"."r", 1, "m"."m" + 1) OVER "w" - 1 AS "hi",
        CAST(SUM("f"."cnt") OVER ("w" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS DOUBLE) /* exact cumulative counts: C non-decreasing within a class and exactly 1 at its last value */ / CAST(SUM("f"."cnt") OVER "p" AS DOUBLE) AS "cp",
        SUM("f"."cnt") OVER "p" AS "rows",
        "ranks"."gl" AS "gl",
        LEAD("ranks"."gl", 1, "gm"."gm") OVER "w" AS "gh",
        ROW_NUMBER() OVER "w" AS "idx"
      FROM "f"
      JOIN "ranks"
        ON "ranks"."s" = "f"."s"
      CROSS JOIN "m"
      CROSS JOIN "gm"
      WINDOW "p" AS (PARTITION BY "f"."q0", "f"."q1", "f"."q2"), "w" AS (PARTITION BY "f"."q0", "f"."q1", "f"."q2" ORDER BY "ranks"."r")
    ), "st" AS (
      SELECT
        "runs".*,
        "steps"."k",
        "steps"."gk"
      FROM "runs"
      ASOF JOIN "steps"
        ON "runs"."cp" >= "steps"."fq"
    ), "split" AS (
      SELECT
        "st".*,
        LEAST(GREATEST("st"."k", "st"."lo" - 1), "st"."hi") AS "ks",
        CASE
          WHEN "st"."k" < "st"."lo" - 1
          THEN "st"."gl"
          WHEN "st"."k" > "st"."hi"
          THEN "st"."gh"
          ELSE "st"."gk"
        END AS "gks"
      FROM "st"
    ), "e" AS (
      SELECT
        "split"."q0",
        "split"."q1",
        "split"."q2",
        MAX("split"."rows") AS "size",
        CASE
          WHEN MAX("m"."m") <= 1
          THEN 0.0
          ELSE GREATEST(
            SUM(
              "cp" * (
                "ks" - "lo" + 1
              ) - (
                "gks" - "gl"
              ) + (
                "gh" - "gks"
              ) - "cp" * (
                "hi" - "ks"
              )
            ) + MAX(CASE WHEN "idx" = 1 THEN "gl" END),
            0.0
          ) / (
            MAX("m"."m") - 1
          )
        END AS "emd"
      FROM "split"
      CROSS JOIN "m"
      GROUP BY
        "split"."q0",
        "split"."q1",
        "split"."q2"
    )
    SELECT
      "q0",
      "q1",
      "q2",
      "size",
      "emd" > 0.2 + 1e-09 AS "bad",
      "emd" AS "val"
    FROM "e"
  )
  SELECT
    "c3"."q0",
    "c3"."q1",
    "c3"."q2",
    "c3"."size" AS "size",
    "c3"."bad" AS "b3",
    "c3"."val" AS "v3",
    "c3"."bad" AS "bad"
  FROM c3
) AS "v"
WHERE
  NOT "v"."v3" IS NULL AND ISFINITE("v"."v3")
GROUP BY
  1
ORDER BY
  1;
