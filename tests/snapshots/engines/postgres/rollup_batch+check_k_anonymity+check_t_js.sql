WITH "input" AS (
  SELECT
    "b"."batch_node",
    (
      %(m0)s
    )["b"."batch_node" + 1]["src"."q0" + 1] AS "q0",
    (
      %(m1)s
    )["b"."batch_node" + 1]["src"."q1" + 1] AS "q1",
    (
      %(m2)s
    )["b"."batch_node" + 1]["src"."q2" + 1] AS "q2",
    "src"."s0",
    SUM("src"."n") AS "n"
  FROM "__sqlanon_freq_N" AS "src"
  CROSS JOIN (
    SELECT
      CAST("range" AS INT) AS "batch_node"
    FROM GENERATE_SERIES(0, %(nodes)s - 1) AS "range"("range")
  ) AS "b"
  GROUP BY
    "b"."batch_node",
    (
      %(m0)s
    )["b"."batch_node" + 1]["src"."q0" + 1],
    (
      %(m1)s
    )["b"."batch_node" + 1]["src"."q1" + 1],
    (
      %(m2)s
    )["b"."batch_node" + 1]["src"."q2" + 1],
    "src"."s0"
)
SELECT
  "a0"."batch_node",
  "a0"."classes",
  "a0"."rows",
  "a0"."vc",
  "a0"."vr",
  "a0"."worst",
  "a1"."vc",
  "a1"."vr",
  "a1"."worst"
FROM (
  SELECT
    "batch_node",
    COUNT(*) AS "classes",
    COALESCE(SUM("size"), 0) AS "rows",
    SUM(CASE WHEN "bad" THEN 1 ELSE 0 END) AS "vc",
    COALESCE(SUM(CASE WHEN "bad" THEN "size" ELSE 0 END), 0) AS "vr",
    MIN("val") AS "worst"
  FROM (
    /* check_k_anonymity.sql: k-anonymity, one row per equivalence class. */
    /* Inputs:   input (keys..., n): frequency table of the node (any extra columns are ignored). */
    /* Params:   keys (QI columns of the node), k (integer >= 1). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= class size; worst = MIN). */
    /* Formula:  a class E satisfies k-anonymity iff |E| >= k (with people: the input's np, its */
    /*           people, _people_values.sql; k counts people). */
    /* Citation: Sweeney, k-anonymity (2002); l-diversity paper (002) Definition 2.1. */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
      SUM("n") < 5 AS "bad",
      CAST(SUM("n") AS DOUBLE PRECISION) AS "val"
    FROM "input"
    GROUP BY
      "batch_node",
      "q0",
      "q1",
      "q2"
  ) AS "c"
  GROUP BY
    "batch_node"
) AS "a0"
JOIN (
  SELECT
    "batch_node",
    COUNT(*) AS "classes",
    COALESCE(SUM("size"), 0) AS "rows",
    SUM(CASE WHEN "bad" THEN 1 ELSE 0 END) AS "vc",
    COALESCE(SUM(CASE WHEN "bad" THEN "size" ELSE 0 END), 0) AS "vr",
    MAX("val") AS "worst"
  FROM (
    WITH "f" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "input"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "gc" AS (
      SELECT
        "s",
        SUM("cnt") AS "qcnt"
      FROM "f"
      GROUP BY
        "s"
    ), "tot" AS MATERIALIZED (
      SELECT
        CAST(SUM("qcnt") AS DECIMAL(38, 0)) AS "total",
        COUNT(*) AS "m"
      FROM "gc"
    ), "e" AS MATERIALIZED (
      SELECT
        "f"."batch_node",
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."cnt",
        CAST("gc"."qcnt" AS DECIMAL(38, 0)) AS "qcnt",
        "tot"."total",
        "tot"."m",
        CAST(SUM("f"."cnt") OVER (PARTITION BY "f"."batch_node", "f"."q0", "f"."q1", "f"."q2") AS DECIMAL(38, 0)) AS "size"
      FROM "f"
      JOIN "gc"
        ON "gc"."s" = "f"."s"
      CROSS JOIN "tot"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        MAX("size") AS "size",
        SUM(
          0.5 * (
            CAST("cnt" AS DOUBLE PRECISION) / CAST("size" AS DOUBLE PRECISION) * LN(
              2.0 * CAST("cnt" * "total" AS DOUBLE PRECISION) / CAST("cnt" * "total" + "size" * "qcnt" AS DOUBLE PRECISION)
            ) + CAST("qcnt" AS DOUBLE PRECISION) / CAST("total" AS DOUBLE PRECISION) * LN(
              2.0 * CAST("size" * "qcnt" AS DOUBLE PRECISION) / CAST("cnt" * "total" + "size" * "qcnt" AS DOUBLE PRECISION)
            )
          )
        ) + 0.5 * LN(2.0) * CAST(MAX("total") - SUM("qcnt") AS DOUBLE PRECISION) / CAST(MAX("total") AS DOUBLE PRECISION) AS "js"
      FROM "e"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2"
    )
    /* check_t_js.sql: t-closeness with the Jensen-Shannon divergence JS(P_E, Q). */
    /* Inputs:   input (keys..., s, n). Q is the distribution of s over the whole input. */
    /* Params:   keys, s, t in [0, ln 2], tol (absolute tolerance on the divergence). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= JS(P_E, Q) in nats; worst = MAX). */
    /* Formula:  JS = 1/2 KL(P || M) + 1/2 KL(Q || M), M = (P + Q) / 2. A value v present in E adds */
    /*           1/2 (p ln(2p / (p + q)) + q ln(2q / (p + q))), where 2p / (p + q) = 2a / (a + b) and */
    /*           2q / (p + q) = 2b / (a + b) with a = count(E,v) N, b = |E| count(v) (exact 128-bit); */
    /*           a value absent from E adds 1/2 q ln 2, so no class x domain grid is needed: the */
    /*           absent values add 1/2 ln 2 (N - sum of count(v) over the values of E) / N. */
    /*           Clamped to [0, ln 2]. E passes iff JS <= t + tol. Not a metric (its root is). */
    /* Citation: survey (001), section 9.2 (alternative distances for t-closeness). */
    /* People:   with people (_people_values.sql: person: set), P and Q are distributions in which each */
    /*           person weighs one (n), and size counts people (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      LEAST(GREATEST("js", 0.0), LN(2.0)) > 0.5 + 1e-09 AS "bad",
      LEAST(GREATEST("js", 0.0), LN(2.0)) AS "val"
    FROM "c"
  ) AS "c"
  GROUP BY
    "batch_node"
) AS "a1"
  USING ("batch_node");

WITH "input" AS (
  SELECT
    "b"."batch_node",
    (
      %(m0)s
    )["b"."batch_node" + 1]["src"."q0" + 1] AS "q0",
    (
      %(m1)s
    )["b"."batch_node" + 1]["src"."q1" + 1] AS "q1",
    (
      %(m2)s
    )["b"."batch_node" + 1]["src"."q2" + 1] AS "q2",
    "src"."s0",
    SUM("src"."n") AS "n"
  FROM "__sqlanon_freq_N" AS "src"
  CROSS JOIN (
    SELECT
      CAST("range" AS INT) AS "batch_node"
    FROM GENERATE_SERIES(0, %(nodes)s - 1) AS "range"("range")
  ) AS "b"
  GROUP BY
    "b"."batch_node",
    (
      %(m0)s
    )["b"."batch_node" + 1]["src"."q0" + 1],
    (
      %(m1)s
    )["b"."batch_node" + 1]["src"."q1" + 1],
    (
      %(m2)s
    )["b"."batch_node" + 1]["src"."q2" + 1],
    "src"."s0"
)
SELECT
  "batch_node",
  COUNT(*) AS "classes",
  COALESCE(SUM("size"), 0) AS "rows",
  SUM(CASE WHEN "bad" THEN 1 ELSE 0 END) AS "vc",
  COALESCE(SUM(CASE WHEN "bad" THEN "size" ELSE 0 END), 0) AS "vr"
FROM (
  WITH "c0" AS (
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
      SUM("n") < 5 AS "bad",
      CAST(SUM("n") AS DOUBLE PRECISION) AS "val"
    FROM "input"
    GROUP BY
      "batch_node",
      "q0",
      "q1",
      "q2"
  ), "c1" AS (
    WITH "f" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "input"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "gc" AS (
      SELECT
        "s",
        SUM("cnt") AS "qcnt"
      FROM "f"
      GROUP BY
        "s"
    ), "tot" AS MATERIALIZED (
      SELECT
        CAST(SUM("qcnt") AS DECIMAL(38, 0)) AS "total",
        COUNT(*) AS "m"
      FROM "gc"
    ), "e" AS MATERIALIZED (
      SELECT
        "f"."batch_node",
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."cnt",
        CAST("gc"."qcnt" AS DECIMAL(38, 0)) AS "qcnt",
        "tot"."total",
        "tot"."m",
        CAST(SUM("f"."cnt") OVER (PARTITION BY "f"."batch_node", "f"."q0", "f"."q1", "f"."q2") AS DECIMAL(38, 0)) AS "size"
      FROM "f"
      JOIN "gc"
        ON "gc"."s" = "f"."s"
      CROSS JOIN "tot"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        MAX("size") AS "size",
        SUM(
          0.5 * (
            CAST("cnt" AS DOUBLE PRECISION) / CAST("size" AS DOUBLE PRECISION) * LN(
              2.0 * CAST("cnt" * "total" AS DOUBLE PRECISION) / CAST("cnt" * "total" + "size" * "qcnt" AS DOUBLE PRECISION)
            ) + CAST("qcnt" AS DOUBLE PRECISION) / CAST("total" AS DOUBLE PRECISION) * LN(
              2.0 * CAST("size" * "qcnt" AS DOUBLE PRECISION) / CAST("cnt" * "total" + "size" * "qcnt" AS DOUBLE PRECISION)
            )
          )
        ) + 0.5 * LN(2.0) * CAST(MAX("total") - SUM("qcnt") AS DOUBLE PRECISION) / CAST(MAX("total") AS DOUBLE PRECISION) AS "js"
      FROM "e"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2"
    )
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      LEAST(GREATEST("js", 0.0), LN(2.0)) > 0.5 + 1e-09 AS "bad",
      LEAST(GREATEST("js", 0.0), LN(2.0)) AS "val"
    FROM "c"
  )
  SELECT
    "c0"."batch_node",
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
    USING ("batch_node", "q0", "q1", "q2")
) AS "c"
GROUP BY
  "batch_node";

WITH "input" AS (
  SELECT
    "b"."batch_node",
    (
      %(m0)s
    )["b"."batch_node" + 1]["src"."q0" + 1] AS "q0",
    (
      %(m1)s
    )["b"."batch_node" + 1]["src"."q1" + 1] AS "q1",
    (
      %(m2)s
    )["b"."batch_node" + 1]["src"."q2" + 1] AS "q2",
    "src"."s0",
    SUM("src"."n") AS "n"
  FROM "__sqlanon_freq_N" AS "src"
  CROSS JOIN (
    SELECT
      CAST("range" AS INT) AS "batch_node"
    FROM GENERATE_SERIES(0, %(nodes)s - 1) AS "range"("range")
  ) AS "b"
  GROUP BY
    "b"."batch_node",
    (
      %(m0)s
    )["b"."batch_node" + 1]["src"."q0" + 1],
    (
      %(m1)s
    )["b"."batch_node" + 1]["src"."q1" + 1],
    (
      %(m2)s
    )["b"."batch_node" + 1]["src"."q2" + 1],
    "src"."s0"
), "a0" AS (
  SELECT
    "batch_node",
    COUNT(*) AS "classes",
    COALESCE(SUM("size"), 0) AS "rows",
    SUM(CASE WHEN "bad" THEN 1 ELSE 0 END) AS "vc",
    COALESCE(SUM(CASE WHEN "bad" THEN "size" ELSE 0 END), 0) AS "vr",
    MIN("val") AS "worst"
  FROM (
    /* check_k_anonymity.sql: k-anonymity, one row per equivalence class. */
    /* Inputs:   input (keys..., n): frequency table of the node (any extra columns are ignored). */
    /* Params:   keys (QI columns of the node), k (integer >= 1). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= class size; worst = MIN). */
    /* Formula:  a class E satisfies k-anonymity iff |E| >= k (with people: the input's np, its */
    /*           people, _people_values.sql; k counts people). */
    /* Citation: Sweeney, k-anonymity (2002); l-diversity paper (002) Definition 2.1. */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
      SUM("n") < 5 AS "bad",
      CAST(SUM("n") AS DOUBLE PRECISION) AS "val"
    FROM "input"
    GROUP BY
      "batch_node",
      "q0",
      "q1",
      "q2"
  ) AS "c"
  GROUP BY
    "batch_node"
), "__screened" AS (
  SELECT
    *
  FROM "input"
  WHERE
    "batch_node" IN (
      SELECT
        "batch_node"
      FROM "a0"
      WHERE
        "vr" <= 8
    )
)
SELECT
  "a0"."batch_node",
  "a0"."classes",
  "a0"."rows",
  "a0"."vc",
  "a0"."vr",
  "a0"."worst",
  "a1"."vc",
  "a1"."vr",
  "a1"."worst"
FROM "a0"
LEFT JOIN (
  SELECT
    "batch_node",
    COUNT(*) AS "classes",
    COALESCE(SUM("size"), 0) AS "rows",
    SUM(CASE WHEN "bad" THEN 1 ELSE 0 END) AS "vc",
    COALESCE(SUM(CASE WHEN "bad" THEN "size" ELSE 0 END), 0) AS "vr",
    MAX("val") AS "worst"
  FROM (
    WITH "f" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "__screened"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "gc" AS (
      SELECT
        "s",
        SUM("cnt") AS "qcnt"
      FROM "f"
      GROUP BY
        "s"
    ), "tot" AS MATERIALIZED (
      SELECT
        CAST(SUM("qcnt") AS DECIMAL(38, 0)) AS "total",
        COUNT(*) AS "m"
      FROM "gc"
    ), "e" AS MATERIALIZED (
      SELECT
        "f"."batch_node",
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."cnt",
        CAST("gc"."qcnt" AS DECIMAL(38, 0)) AS "qcnt",
        "tot"."total",
        "tot"."m",
        CAST(SUM("f"."cnt") OVER (PARTITION BY "f"."batch_node", "f"."q0", "f"."q1", "f"."q2") AS DECIMAL(38, 0)) AS "size"
      FROM "f"
      JOIN "gc"
        ON "gc"."s" = "f"."s"
      CROSS JOIN "tot"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        MAX("size") AS "size",
        SUM(
          0.5 * (
            CAST("cnt" AS DOUBLE PRECISION) / CAST("size" AS DOUBLE PRECISION) * LN(
              2.0 * CAST("cnt" * "total" AS DOUBLE PRECISION) / CAST("cnt" * "total" + "size" * "qcnt" AS DOUBLE PRECISION)
            ) + CAST("qcnt" AS DOUBLE PRECISION) / CAST("total" AS DOUBLE PRECISION) * LN(
              2.0 * CAST("size" * "qcnt" AS DOUBLE PRECISION) / CAST("cnt" * "total" + "size" * "qcnt" AS DOUBLE PRECISION)
            )
          )
        ) + 0.5 * LN(2.0) * CAST(MAX("total") - SUM("qcnt") AS DOUBLE PRECISION) / CAST(MAX("total") AS DOUBLE PRECISION) AS "js"
      FROM "e"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2"
    )
    /* check_t_js.sql: t-closeness with the Jensen-Shannon divergence JS(P_E, Q). */
    /* Inputs:   input (keys..., s, n). Q is the distribution of s over the whole input. */
    /* Params:   keys, s, t in [0, ln 2], tol (absolute tolerance on the divergence). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= JS(P_E, Q) in nats; worst = MAX). */
    /* Formula:  JS = 1/2 KL(P || M) + 1/2 KL(Q || M), M = (P + Q) / 2. A value v present in E adds */
    /*           1/2 (p ln(2p / (p + q)) + q ln(2q / (p + q))), where 2p / (p + q) = 2a / (a + b) and */
    /*           2q / (p + q) = 2b / (a + b) with a = count(E,v) N, b = |E| count(v) (exact 128-bit); */
    /*           a value absent from E adds 1/2 q ln 2, so no class x domain grid is needed: the */
    /*           absent values add 1/2 ln 2 (N - sum of count(v) over the values of E) / N. */
    /*           Clamped to [0, ln 2]. E passes iff JS <= t + tol. Not a metric (its root is). */
    /* Citation: survey (001), section 9.2 (alternative distances for t-closeness). */
    /* People:   with people (_people_values.sql: person: set), P and Q are distributions in which each */
    /*           person weighs one (n), and size counts people (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      LEAST(GREATEST("js", 0.0), LN(2.0)) > 0.5 + 1e-09 AS "bad",
      LEAST(GREATEST("js", 0.0), LN(2.0)) AS "val"
    FROM "c"
  ) AS "c"
  GROUP BY
    "batch_node"
) AS "a1"
  USING ("batch_node");
