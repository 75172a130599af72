WITH "input" AS (
  SELECT
    LIST_EXTRACT($m0, "src"."q0" + 1) AS "q0",
    LIST_EXTRACT($m1, "src"."q1" + 1) AS "q1",
    LIST_EXTRACT($m2, "src"."q2" + 1) AS "q2",
    "src"."s0",
    "src"."s1",
    CAST(SUM("src"."n") AS BIGINT) AS "n"
  FROM "__sqlanon_freq_N" AS "src"
  GROUP BY
    LIST_EXTRACT($m0, "src"."q0" + 1),
    LIST_EXTRACT($m1, "src"."q1" + 1),
    LIST_EXTRACT($m2, "src"."q2" + 1),
    "src"."s0",
    "src"."s1"
), "skew" AS (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "input"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "tot" AS (
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
        SUM("f"."n") / MAX("tot"."total") AS "q"
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
        SUM(GREATEST("pn"."n" / "c"."size" - "qn"."q", 0.0)) / 3 AS "emd"
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
  ), "c1" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "s1" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "input"
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
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c1"."bad" AS "b1",
    "c1"."val" AS "v1",
    "c0"."bad" OR "c1"."bad" AS "bad"
  FROM c0
  JOIN c1
    USING ("q0", "q1", "q2")
), "tot" AS (
  SELECT
    CAST(SUM("n") AS INT128) AS "total"
  FROM "input"
), "f0" AS (
  SELECT
    "q0",
    "q1",
    "q2",
    "s0" AS "s",
    CAST(SUM("n") AS INT128) AS "n"
  FROM "input"
  GROUP BY
    "q0",
    "q1",
    "q2",
    "s0"
  HAVING
    SUM("n") > 0
), "t0" AS (
  SELECT
    "s",
    SUM("n") AS "t"
  FROM "f0"
  GROUP BY
    "s"
), "e0" AS (
  SELECT
    "f"."q0",
    "f"."q1",
    "f"."q2",
    "f"."n",
    "t"."t",
    SUM("f"."n") OVER (PARTITION BY "f"."q0", "f"."q1", "f"."q2") AS "size",
    "g"."node" AS "g"
  FROM "f0" AS "f"
  JOIN "t0" AS "t"
    ON "t"."s" = "f"."s"
  LEFT JOIN "__sqlanon_anc_N" AS "g"
    ON "g"."s" = "f"."s" AND "g"."lvl" = 1
), "a0" AS (
  SELECT
    "e"."q0",
    "e"."q1",
    "e"."q2",
    MAX("e"."size") AS "size",
    COUNT(*) AS "d",
    COUNT(DISTINCT "e"."g") AS "groups",
    MAX(
      CAST("e"."n" AS DOUBLE) / CAST("e"."size" AS DOUBLE) - CAST("e"."t" AS DOUBLE) / CAST("tot"."total" AS DOUBLE)
    ) AS "gain",
    MAX(
      CASE
        WHEN 5 * (
          "e"."n" * "tot"."total" - "e"."t" * "e"."size"
        ) > 1 * "e"."size" * "tot"."total"
        THEN 1
        ELSE 0
      END
    ) AS "inferred"
  FROM "e0" AS "e"
  CROSS JOIN "tot"
  GROUP BY
    "e"."q0",
    "e"."q1",
    "e"."q2"
), "f1" AS (
  SELECT
    "q0",
    "q1",
    "q2",
    "s1" AS "s",
    CAST(SUM("n") AS INT128) AS "n"
  FROM "input"
  GROUP BY
    "q0",
    "q1",
    "q2",
    "s1"
  HAVING
    SUM("n") > 0
), "t1" AS (
  SELECT
    "s",
    SUM("n") AS "t"
  FROM "f1"
  GROUP BY
    "s"
), "e1" AS (
  SELECT
    "f"."q0",
    "f"."q1",
    "f"."q2",
    "f"."n",
    "t"."t",
    SUM("f"."n") OVER (PARTITION BY "f"."q0", "f"."q1", "f"."q2") AS "size"
  FROM "f1" AS "f"
  JOIN "t1" AS "t"
    ON "t"."s" = "f"."s"
), "a1" AS (
  SELECT
    "e"."q0",
    "e"."q1",
    "e"."q2",
    MAX("e"."size") AS "size",
    COUNT(*) AS "d",
    CAST(NULL AS BIGINT) AS "groups",
    MAX(
      CAST("e"."n" AS DOUBLE) / CAST("e"."size" AS DOUBLE) - CAST("e"."t" AS DOUBLE) / CAST("tot"."total" AS DOUBLE)
    ) AS "gain",
    MAX(
      CASE
        WHEN 5 * (
          "e"."n" * "tot"."total" - "e"."t" * "e"."size"
        ) > 1 * "e"."size" * "tot"."total"
        THEN 1
        ELSE 0
      END
    ) AS "inferred"
  FROM "e1" AS "e"
  CROSS JOIN "tot"
  GROUP BY
    "e"."q0",
    "e"."q1",
    "e"."q2"
), "c" AS (
  SELECT
    "a0"."size",
    "a0"."d" = 1 AS "h0",
    "a0"."d" <= 2 AS "n0",
    "a0"."groups" = 1 AS "m0",
    "skew"."b0" AS "k0",
    "skew"."v0" AS "kv0",
    "a0"."inferred" = 1 AS "i0",
    "a0"."gain" AS "iv0",
    "a1"."d" = 1 AS "h1",
    "a1"."d" <= 2 AS "n1",
    "a1"."groups" = 1 AS "m1",
    "skew"."b1" AS "k1",
    "skew"."v1" AS "kv1",
    "a1"."inferred" = 1 AS "i1",
    "a1"."gain" AS "iv1"
  FROM "a0"
  JOIN "a1"
    USING ("q0", "q1", "q2")
  JOIN "skew" AS "skew"
    USING ("q0", "q1", "q2")
)
SELECT
  CAST(COUNT(*) AS BIGINT) AS "classes",
  CAST(COALESCE(SUM("size"), 0) AS BIGINT) AS "rows",
  CAST(COALESCE(SUM(CASE WHEN "h0" THEN 1 ELSE 0 END), 0) AS BIGINT) AS "h0_c",
  CAST(COALESCE(SUM(CASE WHEN "h0" THEN "size" ELSE 0 END), 0) AS BIGINT) AS "h0_r",
  CAST(COALESCE(SUM(CASE WHEN "n0" THEN 1 ELSE 0 END), 0) AS BIGINT) AS "n0_c",
  CAST(COALESCE(SUM(CASE WHEN "n0" THEN "size" ELSE 0 END), 0) AS BIGINT) AS "n0_r",
  CAST(COALESCE(SUM(CASE WHEN "m0" THEN 1 ELSE 0 END), 0) AS BIGINT) AS "m0_c",
  CAST(COALESCE(SUM(CASE WHEN "m0" THEN "size" ELSE 0 END), 0) AS BIGINT) AS "m0_r",
  CAST(COALESCE(SUM(CASE WHEN "k0" THEN 1 ELSE 0 END), 0) AS BIGINT) AS "k0_c",
  CAST(COALESCE(SUM(CASE WHEN "k0" THEN "size" ELSE 0 END), 0) AS BIGINT) AS "k0_r",
  CAST(COALESCE(SUM(CASE WHEN "i0" THEN 1 ELSE 0 END), 0) AS BIGINT) AS "i0_c",
  CAST(COALESCE(SUM(CASE WHEN "i0" THEN "size" ELSE 0 END), 0) AS BIGINT) AS "i0_r",
  MAX("kv0") AS "k0_w",
  MAX("iv0") AS "i0_w",
  CAST(COALESCE(SUM(CASE WHEN "h1" THEN 1 ELSE 0 END), 0) AS BIGINT) AS "h1_c",
  CAST(COALESCE(SUM(CASE WHEN "h1" THEN "size" ELSE 0 END), 0) AS BIGINT) AS "h1_r",
  CAST(COALESCE(SUM(CASE WHEN "n1" THEN 1 ELSE 0 END), 0) AS BIGINT) AS "n1_c",
  CAST(COALESCE(SUM(CASE WHEN "n1" THEN "size" ELSE 0 END), 0) AS BIGINT) AS "n1_r",
  CAST(NULL AS BIGINT) AS "m1_c",
  CAST(NULL AS BIGINT) AS "m1_r",
  CAST(COALESCE(SUM(CASE WHEN "k1" THEN 1 ELSE 0 END), 0) AS BIGINT) AS "k1_c",
  CAST(COALESCE(SUM(CASE WHEN "k1" THEN "size" ELSE 0 END), 0) AS BIGINT) AS "k1_r",
  CAST(COALESCE(SUM(CASE WHEN "i1" THEN 1 ELSE 0 END), 0) AS BIGINT) AS "i1_c",
  CAST(COALESCE(SUM(CASE WHEN "i1" THEN "size" ELSE 0 END), 0) AS BIGINT) AS "i1_r",
  MAX("kv1") AS "k1_w",
  MAX("iv1") AS "i1_w",
  CAST(COALESCE(SUM(CASE WHEN "h0" OR "h1" THEN 1 ELSE 0 END), 0) AS BIGINT) AS "h_c",
  CAST(COALESCE(SUM(CASE WHEN "h0" OR "h1" THEN "size" ELSE 0 END), 0) AS BIGINT) AS "h_r",
  CAST(COALESCE(SUM(CASE WHEN "n0" OR "n1" THEN 1 ELSE 0 END), 0) AS BIGINT) AS "n_c",
  CAST(COALESCE(SUM(CASE WHEN "n0" OR "n1" THEN "size" ELSE 0 END), 0) AS BIGINT) AS "n_r",
  CAST(COALESCE(SUM(CASE WHEN "m0" THEN 1 ELSE 0 END), 0) AS BIGINT) AS "m_c",
  CAST(COALESCE(SUM(CASE WHEN "m0" THEN "size" ELSE 0 END), 0) AS BIGINT) AS "m_r",
  CAST(COALESCE(SUM(CASE WHEN "k0" OR "k1" THEN 1 ELSE 0 END), 0) AS BIGINT) AS "k_c",
  CAST(COALESCE(SUM(CASE WHEN "k0" OR "k1" THEN "size" ELSE 0 END), 0) AS BIGINT) AS "k_r",
  CAST(COALESCE(SUM(CASE WHEN "i0" OR "i1" THEN 1 ELSE 0 END), 0) AS BIGINT) AS "i_c",
  CAST(COALESCE(SUM(CASE WHEN "i0" OR "i1" THEN "size" ELSE 0 END), 0) AS BIGINT) AS "i_r"
FROM "c";
