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
    SUM("src"."n") AS "n",
    CAST(SUM("src"."c") AS BIGINT) AS "c",
    CAST(SUM("src"."np") AS BIGINT) AS "np"
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
  "a1"."worst",
  "a2"."vc",
  "a2"."vr",
  "a2"."worst",
  "a3"."vc",
  "a3"."vr",
  "a3"."worst"
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
      CAST(SUM("np") AS DECIMAL(38, 0)) AS "size",
      SUM("np") < 2 AS "bad",
      CAST(SUM("np") AS DOUBLE PRECISION) AS "val"
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
    MIN("val") AS "worst"
  FROM (
    WITH "f" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt",
        CAST(SUM("c") AS DECIMAL(38, 0)) AS "c",
        CAST(SUM("np") AS DECIMAL(38, 0)) AS "np"
      FROM "input"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        SUM("np") AS "size",
        GREATEST(LN(SUM("n")) - CAST(SUM("n" * LN("n")) AS DOUBLE PRECISION) / SUM("n"), 0.0) AS "h",
        MAX("c") AS "top"
      FROM "f"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2"
    )
    /* check_l_entropy.sql: entropy l-diversity, one row per equivalence class. */
    /* Inputs:   input (keys..., s, n). */
    /* Params:   keys, s, l (>= 1), tol (absolute tolerance on the entropy, natural log). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= exp(H(E)); worst = MIN). */
    /* Formula:  H(E) = -sum_s p(E,s) ln p(E,s) = ln N_E - (sum_s n ln n) / N_E  (clamped at 0); */
    /*           E satisfies entropy l-diversity iff H(E) >= ln(l)   (tested as H >= ln(l) - tol). */
    /* Citation: Machanavajjhala et al., l-Diversity (002), Definition 4.1. */
    /* People:   with people (_people_values.sql: person: set), p(E,s) is the class's distribution in */
    /*           which each person weighs one (n), size counts people (np), and for l > 1 a class */
    /*           also needs at least l people and no value held by all of them (c < np), as every */
    /*           entropy l-diverse class of one row per person has (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      (
        "h" < LN(1.5) - 1e-09
        OR (
          1.5 > 1 AND (
            "size" < 1.5 OR "top" >= "size"
          )
        )
      ) AS "bad",
      EXP("h") AS "val"
    FROM "c"
  ) AS "c"
  GROUP BY
    "batch_node"
) AS "a1"
  USING ("batch_node")
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
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt",
        CAST(SUM("c") AS DECIMAL(38, 0)) AS "c",
        CAST(SUM("np") AS DECIMAL(38, 0)) AS "np"
      FROM "input"
      GROUP BY
        "batch_node",
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
    ), "g" AS (
      SELECT
        "s",
        CAST(SUM("n") AS DOUBLE PRECISION) / MAX("tot"."total") AS "q"
      FROM "f"
      CROSS JOIN "tot"
      GROUP BY
        "s"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        SUM("n") AS "size",
        SUM("np") AS "rows"
      FROM "f"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2"
    ), "d" AS (
      SELECT
        "f"."batch_node",
        "f"."q0",
        "f"."q1",
        "f"."q2",
        MAX("c"."rows") AS "size",
        SUM(GREATEST(CAST("f"."n" AS DOUBLE PRECISION) / "c"."size" - "g"."q", 0.0)) AS "emd"
      FROM "f"
      JOIN "c"
        USING ("batch_node", "q0", "q1", "q2")
      JOIN "g"
        USING ("s")
      GROUP BY
        "f"."batch_node",
        "f"."q0",
        "f"."q1",
        "f"."q2"
    )
    /* check_t_equal.sql: t-closeness with equal ground distance (EMD = variational distance). */
    /* Inputs:   input (keys..., s, n). Q is the distribution of s over the whole input. */
    /* Params:   keys, s, t in [0, 1], tol (absolute tolerance on the EMD). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= EMD(P_E, Q); worst = MAX). */
    /* Formula:  EMD = 1/2 sum_v |p_v - q_v| = sum over values v present in E of max(p_v - q_v, 0) */
    /*           (values absent from E have p_v = 0 and add nothing to the positive part); */
    /*           E satisfies t-closeness iff EMD <= t (tested as EMD <= t + tol). */
    /* Citation: Li, Li, Venkatasubramanian, t-Closeness (003), section 4.2, equal distance. */
    /* People:   with people (_people_values.sql: person: set), p and q are distributions in which each */
    /*           person weighs one (n: a person's weight split evenly over their values), and size */
    /*           counts people (np) (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      "emd" > 0.4 + 1e-09 AS "bad",
      "emd" AS "val"
    FROM "d"
  ) AS "c"
  GROUP BY
    "batch_node"
) AS "a2"
  USING ("batch_node")
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
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt",
        CAST(SUM("c") AS DECIMAL(38, 0)) AS "c",
        CAST(SUM("np") AS DECIMAL(38, 0)) AS "np"
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
        SUM("c") AS "qcnt",
        SUM("np") AS "qnp"
      FROM "f"
      GROUP BY
        "s"
    ), "tot" AS MATERIALIZED (
      SELECT
        CAST(SUM("qnp") AS DECIMAL(38, 0)) AS "total",
        COUNT(*) AS "m"
      FROM "gc"
    ), "e" AS MATERIALIZED (
      SELECT
        "f"."batch_node",
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."c" AS "cnt",
        CAST("gc"."qcnt" AS DECIMAL(38, 0)) AS "qcnt",
        "tot"."total",
        "tot"."m",
        CAST(SUM("f"."np") OVER (PARTITION BY "f"."batch_node", "f"."q0", "f"."q1", "f"."q2") AS DECIMAL(38, 0)) AS "size",
        CAST(SUM("f"."np") OVER (PARTITION BY "f"."batch_node", "f"."q0", "f"."q1", "f"."q2") AS DECIMAL(38, 0)) AS "people"
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
        CASE
          WHEN COUNT(*) < MAX("m")
          THEN CAST('inf' AS DOUBLE PRECISION)
          ELSE MAX(
            ABS(
              LN(
                CAST("cnt" * "total" AS DOUBLE PRECISION) / CAST("size" * "qcnt" AS DOUBLE PRECISION)
              )
            )
          )
        END AS "val"
      FROM "e"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2"
    )
    /* check_delta_disclosure.sql: delta-disclosure privacy, one row per equivalence class. */
    /* Inputs:   input (keys..., s, n). Q is the distribution of s over the whole input. */
    /* Params:   keys, s, delta > 0, tol (absolute tolerance on the log ratio). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= max over the whole table's values */
    /*           of |ln(p(E,v) / q(v))|, +inf when E misses a value of the table; worst = MAX). */
    /* Formula:  E satisfies delta-disclosure privacy iff |ln(p(E,v) / q(v))| < delta for every value v */
    /*           of the table (strict), tested as val >= delta - tol -> bad. No class x domain grid: E */
    /*           misses a value iff its number of distinct values is below the table's; otherwise */
    /*           every value is present and p/q = (count(E,v) * N) / (|E| * count(v)), the two */
    /*           products exact in 128-bit integers. */
    /* Citation: Brickell, Shmatikov, The cost of privacy, KDD 2008 (delta-disclosure privacy). */
    /* People:   with people (_people_values.sql: person: set), p(E,v) is the share of the class's */
    /*           people who have v and q(v) the share of the table's people who do: an attacker's */
    /*           confidence that a person has v, before and after learning their class (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      "val" >= 3.0 - 1e-09 AS "bad",
      "val"
    FROM "c"
  ) AS "c"
  GROUP BY
    "batch_node"
) AS "a3"
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
    SUM("src"."n") AS "n",
    CAST(SUM("src"."c") AS BIGINT) AS "c",
    CAST(SUM("src"."np") AS BIGINT) AS "np"
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
      CAST(SUM("np") AS DECIMAL(38, 0)) AS "size",
      SUM("np") < 2 AS "bad",
      CAST(SUM("np") AS DOUBLE PRECISION) AS "val"
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
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt",
        CAST(SUM("c") AS DECIMAL(38, 0)) AS "c",
        CAST(SUM("np") AS DECIMAL(38, 0)) AS "np"
      FROM "input"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        SUM("np") AS "size",
        GREATEST(LN(SUM("n")) - CAST(SUM("n" * LN("n")) AS DOUBLE PRECISION) / SUM("n"), 0.0) AS "h",
        MAX("c") AS "top"
      FROM "f"
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
      (
        "h" < LN(1.5) - 1e-09
        OR (
          1.5 > 1 AND (
            "size" < 1.5 OR "top" >= "size"
          )
        )
      ) AS "bad",
      EXP("h") AS "val"
    FROM "c"
  ), "c2" AS (
    WITH "f" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt",
        CAST(SUM("c") AS DECIMAL(38, 0)) AS "c",
        CAST(SUM("np") AS DECIMAL(38, 0)) AS "np"
      FROM "input"
      GROUP BY
        "batch_node",
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
    ), "g" AS (
      SELECT
        "s",
        CAST(SUM("n") AS DOUBLE PRECISION) / MAX("tot"."total") AS "q"
      FROM "f"
      CROSS JOIN "tot"
      GROUP BY
        "s"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        SUM("n") AS "size",
        SUM("np") AS "rows"
      FROM "f"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2"
    ), "d" AS (
      SELECT
        "f"."batch_node",
        "f"."q0",
        "f"."q1",
        "f"."q2",
        MAX("c"."rows") AS "size",
        SUM(GREATEST(CAST("f"."n" AS DOUBLE PRECISION) / "c"."size" - "g"."q", 0.0)) AS "emd"
      FROM "f"
      JOIN "c"
        USING ("batch_node", "q0", "q1", "q2")
      JOIN "g"
        USING ("s")
      GROUP BY
        "f"."batch_node",
        "f"."q0",
        "f"."q1",
        "f"."q2"
    )
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      "emd" > 0.4 + 1e-09 AS "bad",
      "emd" AS "val"
    FROM "d"
  ), "c3" AS (
    WITH "f" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt",
        CAST(SUM("c") AS DECIMAL(38, 0)) AS "c",
        CAST(SUM("np") AS DECIMAL(38, 0)) AS "np"
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
        SUM("c") AS "qcnt",
        SUM("np") AS "qnp"
      FROM "f"
      GROUP BY
        "s"
    ), "tot" AS MATERIALIZED (
      SELECT
        CAST(SUM("qnp") AS DECIMAL(38, 0)) AS "total",
        COUNT(*) AS "m"
      FROM "gc"
    ), "e" AS MATERIALIZED (
      SELECT
        "f"."batch_node",
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."c" AS "cnt",
        CAST("gc"."qcnt" AS DECIMAL(38, 0)) AS "qcnt",
        "tot"."total",
        "tot"."m",
        CAST(SUM("f"."np") OVER (PARTITION BY "f"."batch_node", "f"."q0", "f"."q1", "f"."q2") AS DECIMAL(38, 0)) AS "size",
        CAST(SUM("f"."np") OVER (PARTITION BY "f"."batch_node", "f"."q0", "f"."q1", "f"."q2") AS DECIMAL(38, 0)) AS "people"
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
        CASE
          WHEN COUNT(*) < MAX("m")
          THEN CAST('inf' AS DOUBLE PRECISION)
          ELSE MAX(
            ABS(
              LN(
                CAST("cnt" * "total" AS DOUBLE PRECISION) / CAST("size" * "qcnt" AS DOUBLE PRECISION)
              )
            )
          )
        END AS "val"
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
      "val" >= 3.0 - 1e-09 AS "bad",
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
    "c2"."bad" AS "b2",
    "c2"."val" AS "v2",
    "c3"."bad" AS "b3",
    "c3"."val" AS "v3",
    "c0"."bad" OR "c1"."bad" OR "c2"."bad" OR "c3"."bad" AS "bad"
  FROM c0
  JOIN c1
    USING ("batch_node", "q0", "q1", "q2")
  JOIN c2
    USING ("batch_node", "q0", "q1", "q2")
  JOIN c3
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
    SUM("src"."n") AS "n",
    CAST(SUM("src"."c") AS BIGINT) AS "c",
    CAST(SUM("src"."np") AS BIGINT) AS "np"
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
      CAST(SUM("np") AS DECIMAL(38, 0)) AS "size",
      SUM("np") < 2 AS "bad",
      CAST(SUM("np") AS DOUBLE PRECISION) AS "val"
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
        "vr" <= 11
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
  "a1"."worst",
  "a2"."vc",
  "a2"."vr",
  "a2"."worst",
  "a3"."vc",
  "a3"."vr",
  "a3"."worst"
FROM "a0"
LEFT JOIN (
  SELECT
    "batch_node",
    COUNT(*) AS "classes",
    COALESCE(SUM("size"), 0) AS "rows",
    SUM(CASE WHEN "bad" THEN 1 ELSE 0 END) AS "vc",
    COALESCE(SUM(CASE WHEN "bad" THEN "size" ELSE 0 END), 0) AS "vr",
    MIN("val") AS "worst"
  FROM (
    WITH "f" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt",
        CAST(SUM("c") AS DECIMAL(38, 0)) AS "c",
        CAST(SUM("np") AS DECIMAL(38, 0)) AS "np"
      FROM "__screened"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        SUM("np") AS "size",
        GREATEST(LN(SUM("n")) - CAST(SUM("n" * LN("n")) AS DOUBLE PRECISION) / SUM("n"), 0.0) AS "h",
        MAX("c") AS "top"
      FROM "f"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2"
    )
    /* check_l_entropy.sql: entropy l-diversity, one row per equivalence class. */
    /* Inputs:   input (keys..., s, n). */
    /* Params:   keys, s, l (>= 1), tol (absolute tolerance on the entropy, natural log). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= exp(H(E)); worst = MIN). */
    /* Formula:  H(E) = -sum_s p(E,s) ln p(E,s) = ln N_E - (sum_s n ln n) / N_E  (clamped at 0); */
    /*           E satisfies entropy l-diversity iff H(E) >= ln(l)   (tested as H >= ln(l) - tol). */
    /* Citation: Machanavajjhala et al., l-Diversity (002), Definition 4.1. */
    /* People:   with people (_people_values.sql: person: set), p(E,s) is the class's distribution in */
    /*           which each person weighs one (n), size counts people (np), and for l > 1 a class */
    /*           also needs at least l people and no value held by all of them (c < np), as every */
    /*           entropy l-diverse class of one row per person has (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      (
        "h" < LN(1.5) - 1e-09
        OR (
          1.5 > 1 AND (
            "size" < 1.5 OR "top" >= "size"
          )
        )
      ) AS "bad",
      EXP("h") AS "val"
    FROM "c"
  ) AS "c"
  GROUP BY
    "batch_node"
) AS "a1"
  USING ("batch_node")
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
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt",
        CAST(SUM("c") AS DECIMAL(38, 0)) AS "c",
        CAST(SUM("np") AS DECIMAL(38, 0)) AS "np"
      FROM "__screened"
      GROUP BY
        "batch_node",
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
    ), "g" AS (
      SELECT
        "s",
        CAST(SUM("n") AS DOUBLE PRECISION) / MAX("tot"."total") AS "q"
      FROM "f"
      CROSS JOIN "tot"
      GROUP BY
        "s"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        SUM("n") AS "size",
        SUM("np") AS "rows"
      FROM "f"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2"
    ), "d" AS (
      SELECT
        "f"."batch_node",
        "f"."q0",
        "f"."q1",
        "f"."q2",
        MAX("c"."rows") AS "size",
        SUM(GREATEST(CAST("f"."n" AS DOUBLE PRECISION) / "c"."size" - "g"."q", 0.0)) AS "emd"
      FROM "f"
      JOIN "c"
        USING ("batch_node", "q0", "q1", "q2")
      JOIN "g"
        USING ("s")
      GROUP BY
        "f"."batch_node",
        "f"."q0",
        "f"."q1",
        "f"."q2"
    )
    /* check_t_equal.sql: t-closeness with equal ground distance (EMD = variational distance). */
    /* Inputs:   input (keys..., s, n). Q is the distribution of s over the whole input. */
    /* Params:   keys, s, t in [0, 1], tol (absolute tolerance on the EMD). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= EMD(P_E, Q); worst = MAX). */
    /* Formula:  EMD = 1/2 sum_v |p_v - q_v| = sum over values v present in E of max(p_v - q_v, 0) */
    /*           (values absent from E have p_v = 0 and add nothing to the positive part); */
    /*           E satisfies t-closeness iff EMD <= t (tested as EMD <= t + tol). */
    /* Citation: Li, Li, Venkatasubramanian, t-Closeness (003), section 4.2, equal distance. */
    /* People:   with people (_people_values.sql: person: set), p and q are distributions in which each */
    /*           person weighs one (n: a person's weight split evenly over their values), and size */
    /*           counts people (np) (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      "emd" > 0.4 + 1e-09 AS "bad",
      "emd" AS "val"
    FROM "d"
  ) AS "c"
  GROUP BY
    "batch_node"
) AS "a2"
  USING ("batch_node")
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
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt",
        CAST(SUM("c") AS DECIMAL(38, 0)) AS "c",
        CAST(SUM("np") AS DECIMAL(38, 0)) AS "np"
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
        SUM("c") AS "qcnt",
        SUM("np") AS "qnp"
      FROM "f"
      GROUP BY
        "s"
    ), "tot" AS MATERIALIZED (
      SELECT
        CAST(SUM("qnp") AS DECIMAL(38, 0)) AS "total",
        COUNT(*) AS "m"
      FROM "gc"
    ), "e" AS MATERIALIZED (
      SELECT
        "f"."batch_node",
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."c" AS "cnt",
        CAST("gc"."qcnt" AS DECIMAL(38, 0)) AS "qcnt",
        "tot"."total",
        "tot"."m",
        CAST(SUM("f"."np") OVER (PARTITION BY "f"."batch_node", "f"."q0", "f"."q1", "f"."q2") AS DECIMAL(38, 0)) AS "size",
        CAST(SUM("f"."np") OVER (PARTITION BY "f"."batch_node", "f"."q0", "f"."q1", "f"."q2") AS DECIMAL(38, 0)) AS "people"
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
        CASE
          WHEN COUNT(*) < MAX("m")
          THEN CAST('inf' AS DOUBLE PRECISION)
          ELSE MAX(
            ABS(
              LN(
                CAST("cnt" * "total" AS DOUBLE PRECISION) / CAST("size" * "qcnt" AS DOUBLE PRECISION)
              )
            )
          )
        END AS "val"
      FROM "e"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2"
    )
    /* check_delta_disclosure.sql: delta-disclosure privacy, one row per equivalence class. */
    /* Inputs:   input (keys..., s, n). Q is the distribution of s over the whole input. */
    /* Params:   keys, s, delta > 0, tol (absolute tolerance on the log ratio). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= max over the whole table's values */
    /*           of |ln(p(E,v) / q(v))|, +inf when E misses a value of the table; worst = MAX). */
    /* Formula:  E satisfies delta-disclosure privacy iff |ln(p(E,v) / q(v))| < delta for every value v */
    /*           of the table (strict), tested as val >= delta - tol -> bad. No class x domain grid: E */
    /*           misses a value iff its number of distinct values is below the table's; otherwise */
    /*           every value is present and p/q = (count(E,v) * N) / (|E| * count(v)), the two */
    /*           products exact in 128-bit integers. */
    /* Citation: Brickell, Shmatikov, The cost of privacy, KDD 2008 (delta-disclosure privacy). */
    /* People:   with people (_people_values.sql: person: set), p(E,v) is the share of the class's */
    /*           people who have v and q(v) the share of the table's people who do: an attacker's */
    /*           confidence that a person has v, before and after learning their class (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      "val" >= 3.0 - 1e-09 AS "bad",
      "val"
    FROM "c"
  ) AS "c"
  GROUP BY
    "batch_node"
) AS "a3"
  USING ("batch_node");
