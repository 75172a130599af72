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
    ), "x" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "size",
        "qcnt",
        "total",
        "cnt" * "total" - "size" * "qcnt" AS "num",
        "size" * "qcnt" AS "den"
      FROM "e"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        MAX("size") AS "size",
        COALESCE(
          BOOL_OR(
            CAST("num" > 0
            AND CAST("num" AS DOUBLE PRECISION) / CAST("den" AS DOUBLE PRECISION) > LEAST(3.0, -LN(CAST("qcnt" AS DOUBLE PRECISION) / CAST("total" AS DOUBLE PRECISION))) + 1e-09 AS BOOLEAN)
          ),
          FALSE
        ) AS "bad",
        GREATEST(MAX(CAST("num" AS DOUBLE PRECISION) / CAST("den" AS DOUBLE PRECISION)), 0.0) AS "val"
      FROM "x"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2"
    )
    /* check_beta_likeness.sql: beta-likeness (basic or enhanced), one row per equivalence class. */
    /* Inputs:   input (keys..., s, n). Q is the distribution of s over the whole input. */
    /* Params:   keys, s, beta > 0, enhanced (boolean: enhanced beta-likeness), tol (absolute */
    /*           tolerance on the relative gain). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= max(0, max over v of the relative */
    /*           gain (p(E,v) - q(v)) / q(v)); worst = MAX). */
    /* Formula:  g(v) = (p - q) / q is considered only where p > q (decided exactly: count(E,v) * N > */
    /*           |E| * count(v) in 128-bit integers); only values present in E can have p > q. */
    /*           basic: E passes iff g(v) <= beta + tol for every such v; */
    /*           enhanced: E passes iff g(v) <= min(beta, -ln q(v)) + tol for every such v. */
    /* Citation: Cao, Karras, Publishing Microdata with a Robust Privacy Guarantee, VLDB 2012 */
    /*           (Definitions 2 and 4: basic and enhanced beta-likeness). */
    /* People:   with people (_people_values.sql: person: set), p and q are the shares of the class's and */
    /*           of the table's people who have v: an attacker's confidence that a person has v, after */
    /*           and before learning their class (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      "bad",
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
    ), "x" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "size",
        "qcnt",
        "total",
        "cnt" * "total" - "size" * "qcnt" AS "num",
        "size" * "qcnt" AS "den"
      FROM "e"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        MAX("size") AS "size",
        COALESCE(
          BOOL_OR(
            CAST("num" > 0
            AND CAST("num" AS DOUBLE PRECISION) / CAST("den" AS DOUBLE PRECISION) > LEAST(3.0, -LN(CAST("qcnt" AS DOUBLE PRECISION) / CAST("total" AS DOUBLE PRECISION))) + 1e-09 AS BOOLEAN)
          ),
          FALSE
        ) AS "bad",
        GREATEST(MAX(CAST("num" AS DOUBLE PRECISION) / CAST("den" AS DOUBLE PRECISION)), 0.0) AS "val"
      FROM "x"
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
      "bad",
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
    ), "x" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "size",
        "qcnt",
        "total",
        "cnt" * "total" - "size" * "qcnt" AS "num",
        "size" * "qcnt" AS "den"
      FROM "e"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        MAX("size") AS "size",
        COALESCE(
          BOOL_OR(
            CAST("num" > 0
            AND CAST("num" AS DOUBLE PRECISION) / CAST("den" AS DOUBLE PRECISION) > LEAST(3.0, -LN(CAST("qcnt" AS DOUBLE PRECISION) / CAST("total" AS DOUBLE PRECISION))) + 1e-09 AS BOOLEAN)
          ),
          FALSE
        ) AS "bad",
        GREATEST(MAX(CAST("num" AS DOUBLE PRECISION) / CAST("den" AS DOUBLE PRECISION)), 0.0) AS "val"
      FROM "x"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2"
    )
    /* check_beta_likeness.sql: beta-likeness (basic or enhanced), one row per equivalence class. */
    /* Inputs:   input (keys..., s, n). Q is the distribution of s over the whole input. */
    /* Params:   keys, s, beta > 0, enhanced (boolean: enhanced beta-likeness), tol (absolute */
    /*           tolerance on the relative gain). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= max(0, max over v of the relative */
    /*           gain (p(E,v) - q(v)) / q(v)); worst = MAX). */
    /* Formula:  g(v) = (p - q) / q is considered only where p > q (decided exactly: count(E,v) * N > */
    /*           |E| * count(v) in 128-bit integers); only values present in E can have p > q. */
    /*           basic: E passes iff g(v) <= beta + tol for every such v; */
    /*           enhanced: E passes iff g(v) <= min(beta, -ln q(v)) + tol for every such v. */
    /* Citation: Cao, Karras, Publishing Microdata with a Robust Privacy Guarantee, VLDB 2012 */
    /*           (Definitions 2 and 4: basic and enhanced beta-likeness). */
    /* People:   with people (_people_values.sql: person: set), p and q are the shares of the class's and */
    /*           of the table's people who have v: an attacker's confidence that a person has v, after */
    /*           and before learning their class (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      "bad",
      "val"
    FROM "c"
  ) AS "c"
  GROUP BY
    "batch_node"
) AS "a1"
  USING ("batch_node");
