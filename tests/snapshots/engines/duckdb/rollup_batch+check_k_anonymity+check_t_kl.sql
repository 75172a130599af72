WITH "input" AS (
  SELECT
    "b"."batch_node",
    LIST_EXTRACT(LIST_EXTRACT($m0, "b"."batch_node" + 1), "src"."q0" + 1) AS "q0",
    LIST_EXTRACT(LIST_EXTRACT($m1, "b"."batch_node" + 1), "src"."q1" + 1) AS "q1",
    LIST_EXTRACT(LIST_EXTRACT($m2, "b"."batch_node" + 1), "src"."q2" + 1) AS "q2",
    "src"."s0",
    SUM("src"."n") AS "n"
  FROM "__sqlanon_freq_N" AS "src"
  CROSS JOIN (
    SELECT
      CAST("range" AS INT) AS "batch_node"
    FROM RANGE(0, $nodes)
  ) AS "b"
  GROUP BY
    "b"."batch_node",
    LIST_EXTRACT(LIST_EXTRACT($m0, "b"."batch_node" + 1), "src"."q0" + 1),
    LIST_EXTRACT(LIST_EXTRACT($m1, "b"."batch_node" + 1), "src"."q1" + 1),
    LIST_EXTRACT(LIST_EXTRACT($m2, "b"."batch_node" + 1), "src"."q2" + 1),
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
    COUNT_IF("bad") AS "vc",
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
      CAST(SUM("n") AS INT128) AS "size",
      SUM("n") < 5 AS "bad",
      CAST(SUM("n") AS DOUBLE) AS "val"
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
    COUNT_IF("bad") AS "vc",
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
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
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
    ), "tot" AS (
      SELECT
        CAST(SUM("qcnt") AS INT128) AS "total",
        COUNT(*) AS "m"
      FROM "gc"
    ), "e" AS (
      SELECT
        "f"."batch_node",
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."cnt",
        CAST("gc"."qcnt" AS INT128) AS "qcnt",
        "tot"."total",
        "tot"."m",
        CAST(SUM("f"."cnt") OVER (PARTITION BY "f"."batch_node", "f"."q0", "f"."q1", "f"."q2") AS INT128) AS "size"
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
        GREATEST(
          SUM(
            CAST("cnt" AS DOUBLE) / CAST("size" AS DOUBLE) * LN(CAST("cnt" * "total" AS DOUBLE) / CAST("size" * "qcnt" AS DOUBLE))
          ),
          0.0
        ) AS "val"
      FROM "e"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2"
    )
    /* check_t_kl.sql: t-closeness with the Kullback-Leibler divergence KL(P_E || Q). */
    /* Inputs:   input (keys..., s, n). Q is the distribution of s over the whole input. */
    /* Params:   keys, s, t >= 0, tol (absolute tolerance on the divergence). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= KL(P_E || Q) in nats; worst = MAX). */
    /* Formula:  KL = sum over values v present in E of p_v ln(p_v / q_v), finite since every value */
    /*           of E is in the table; p_v / q_v = (count(E,v) N) / (|E| count(v)) from exact 128-bit */
    /*           products; clamped at 0. E passes iff KL <= t + tol. Not a metric. */
    /* Citation: survey (001), section 9.2 (alternative distances for t-closeness). */
    /* People:   with people (_people_values.sql: person: set), P and Q are distributions in which each */
    /*           person weighs one (n), and size counts people (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      "val" > 0.5 + 1e-09 AS "bad",
      "val"
    FROM "c"
  ) AS "c"
  GROUP BY
    "batch_node"
) AS "a1"
  USING ("batch_node");

WITH "input" AS (
  SELECT
    "b"."batch_node",
    LIST_EXTRACT(LIST_EXTRACT($m0, "b"."batch_node" + 1), "src"."q0" + 1) AS "q0",
    LIST_EXTRACT(LIST_EXTRACT($m1, "b"."batch_node" + 1), "src"."q1" + 1) AS "q1",
    LIST_EXTRACT(LIST_EXTRACT($m2, "b"."batch_node" + 1), "src"."q2" + 1) AS "q2",
    "src"."s0",
    SUM("src"."n") AS "n"
  FROM "__sqlanon_freq_N" AS "src"
  CROSS JOIN (
    SELECT
      CAST("range" AS INT) AS "batch_node"
    FROM RANGE(0, $nodes)
  ) AS "b"
  GROUP BY
    "b"."batch_node",
    LIST_EXTRACT(LIST_EXTRACT($m0, "b"."batch_node" + 1), "src"."q0" + 1),
    LIST_EXTRACT(LIST_EXTRACT($m1, "b"."batch_node" + 1), "src"."q1" + 1),
    LIST_EXTRACT(LIST_EXTRACT($m2, "b"."batch_node" + 1), "src"."q2" + 1),
    "src"."s0"
)
SELECT
  "batch_node",
  COUNT(*) AS "classes",
  COALESCE(SUM("size"), 0) AS "rows",
  COUNT_IF("bad") AS "vc",
  COALESCE(SUM(CASE WHEN "bad" THEN "size" ELSE 0 END), 0) AS "vr"
FROM (
  WITH "c0" AS (
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      CAST(SUM("n") AS INT128) AS "size",
      SUM("n") < 5 AS "bad",
      CAST(SUM("n") AS DOUBLE) AS "val"
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
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
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
    ), "tot" AS (
      SELECT
        CAST(SUM("qcnt") AS INT128) AS "total",
        COUNT(*) AS "m"
      FROM "gc"
    ), "e" AS (
      SELECT
        "f"."batch_node",
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."cnt",
        CAST("gc"."qcnt" AS INT128) AS "qcnt",
        "tot"."total",
        "tot"."m",
        CAST(SUM("f"."cnt") OVER (PARTITION BY "f"."batch_node", "f"."q0", "f"."q1", "f"."q2") AS INT128) AS "size"
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
        GREATEST(
          SUM(
            CAST("cnt" AS DOUBLE) / CAST("size" AS DOUBLE) * LN(CAST("cnt" * "total" AS DOUBLE) / CAST("size" * "qcnt" AS DOUBLE))
          ),
          0.0
        ) AS "val"
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
      "val" > 0.5 + 1e-09 AS "bad",
      "val"
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
    LIST_EXTRACT(LIST_EXTRACT($m0, "b"."batch_node" + 1), "src"."q0" + 1) AS "q0",
    LIST_EXTRACT(LIST_EXTRACT($m1, "b"."batch_node" + 1), "src"."q1" + 1) AS "q1",
    LIST_EXTRACT(LIST_EXTRACT($m2, "b"."batch_node" + 1), "src"."q2" + 1) AS "q2",
    "src"."s0",
    SUM("src"."n") AS "n"
  FROM "__sqlanon_freq_N" AS "src"
  CROSS JOIN (
    SELECT
      CAST("range" AS INT) AS "batch_node"
    FROM RANGE(0, $nodes)
  ) AS "b"
  GROUP BY
    "b"."batch_node",
    LIST_EXTRACT(LIST_EXTRACT($m0, "b"."batch_node" + 1), "src"."q0" + 1),
    LIST_EXTRACT(LIST_EXTRACT($m1, "b"."batch_node" + 1), "src"."q1" + 1),
    LIST_EXTRACT(LIST_EXTRACT($m2, "b"."batch_node" + 1), "src"."q2" + 1),
    "src"."s0"
), "a0" AS (
  SELECT
    "batch_node",
    COUNT(*) AS "classes",
    COALESCE(SUM("size"), 0) AS "rows",
    COUNT_IF("bad") AS "vc",
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
      CAST(SUM("n") AS INT128) AS "size",
      SUM("n") < 5 AS "bad",
      CAST(SUM("n") AS DOUBLE) AS "val"
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
    COUNT_IF("bad") AS "vc",
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
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
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
    ), "tot" AS (
      SELECT
        CAST(SUM("qcnt") AS INT128) AS "total",
        COUNT(*) AS "m"
      FROM "gc"
    ), "e" AS (
      SELECT
        "f"."batch_node",
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."cnt",
        CAST("gc"."qcnt" AS INT128) AS "qcnt",
        "tot"."total",
        "tot"."m",
        CAST(SUM("f"."cnt") OVER (PARTITION BY "f"."batch_node", "f"."q0", "f"."q1", "f"."q2") AS INT128) AS "size"
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
        GREATEST(
          SUM(
            CAST("cnt" AS DOUBLE) / CAST("size" AS DOUBLE) * LN(CAST("cnt" * "total" AS DOUBLE) / CAST("size" * "qcnt" AS DOUBLE))
          ),
          0.0
        ) AS "val"
      FROM "e"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2"
    )
    /* check_t_kl.sql: t-closeness with the Kullback-Leibler divergence KL(P_E || Q). */
    /* Inputs:   input (keys..., s, n). Q is the distribution of s over the whole input. */
    /* Params:   keys, s, t >= 0, tol (absolute tolerance on the divergence). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= KL(P_E || Q) in nats; worst = MAX). */
    /* Formula:  KL = sum over values v present in E of p_v ln(p_v / q_v), finite since every value */
    /*           of E is in the table; p_v / q_v = (count(E,v) N) / (|E| count(v)) from exact 128-bit */
    /*           products; clamped at 0. E passes iff KL <= t + tol. Not a metric. */
    /* Citation: survey (001), section 9.2 (alternative distances for t-closeness). */
    /* People:   with people (_people_values.sql: person: set), P and Q are distributions in which each */
    /*           person weighs one (n), and size counts people (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      "val" > 0.5 + 1e-09 AS "bad",
      "val"
    FROM "c"
  ) AS "c"
  GROUP BY
    "batch_node"
) AS "a1"
  USING ("batch_node");
