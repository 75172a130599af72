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
    ), "dom" AS (
      SELECT DISTINCT
        "s"
      FROM "__sqlanon_smooth_domain_N"
    ), "sground" AS (
      SELECT
        "a",
        "b",
        "d"
      FROM "__sqlanon_smooth_ground_N"
    ), "x" AS (
      SELECT
        "gr"."a",
        "gr"."b",
        CAST("gr"."d" AS DOUBLE PRECISION) / 2.0 AS "x"
      FROM "sground" AS "gr"
      WHERE
        "gr"."a" IN (
          SELECT
            "s"
          FROM "dom"
        )
        AND "gr"."b" IN (
          SELECT
            "s"
          FROM "dom"
        )
    ), "k" AS (
      SELECT
        "a",
        "b",
        0.75 * (
          1.0 - "x" * "x"
        ) AS "w"
      FROM "x"
      WHERE
        ABS("x") < 1
    ), "kn" AS MATERIALIZED (
      SELECT
        "a",
        "b",
        CAST("w" AS DOUBLE PRECISION) / SUM("w") OVER (PARTITION BY "a") AS "w"
      FROM "k"
    ), "qs" AS (
      SELECT
        "kn"."a",
        SUM("g"."q" * "kn"."w") AS "q"
      FROM "g"
      JOIN "kn"
        ON "kn"."b" = "g"."s"
      GROUP BY
        "kn"."a"
    ), "qh" AS MATERIALIZED (
      SELECT
        "a",
        CAST("q" AS DOUBLE PRECISION) / SUM("q") OVER () AS "q"
      FROM "qs"
    ), "pc" AS MATERIALIZED (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "s",
        "n",
        SUM("n") OVER (PARTITION BY "batch_node", "q0", "q1", "q2") AS "total",
        CAST(SUM("cnt") OVER (PARTITION BY "batch_node", "q0", "q1", "q2") AS DECIMAL(38, 0)) AS "size"
      FROM "f"
    ), "ps" AS (
      SELECT
        "pc"."batch_node",
        "pc"."q0",
        "pc"."q1",
        "pc"."q2",
        "kn"."a",
        MAX("pc"."size") AS "size",
        SUM(CAST("pc"."n" AS DOUBLE PRECISION) / "pc"."total" * "kn"."w") AS "p"
      FROM "pc"
      JOIN "kn"
        ON "kn"."b" = "pc"."s"
      GROUP BY
        "pc"."batch_node",
        "pc"."q0",
        "pc"."q1",
        "pc"."q2",
        "kn"."a"
    ), "ph" AS MATERIALIZED (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "a",
        "size",
        CAST("p" AS DOUBLE PRECISION) / SUM("p") OVER (PARTITION BY "batch_node", "q0", "q1", "q2") AS "p"
      FROM "ps"
    ), "c" AS (
      SELECT
        "ph"."batch_node",
        "ph"."q0",
        "ph"."q1",
        "ph"."q2",
        MAX("ph"."size") AS "size",
        SUM(
          CASE
            WHEN "ph"."p" > 0
            THEN 0.5 * (
              "ph"."p" * LN(CAST(2.0 * "ph"."p" AS DOUBLE PRECISION) / (
                "ph"."p" + "qh"."q"
              )) + "qh"."q" * LN(CAST(2.0 * "qh"."q" AS DOUBLE PRECISION) / (
                "ph"."p" + "qh"."q"
              ))
            )
            ELSE 0.0
          END
        ) AS "present",
        SUM(CASE WHEN "ph"."p" > 0 THEN "qh"."q" ELSE 0.0 END) AS "qin"
      FROM "ph"
      JOIN "qh"
        ON "qh"."a" = "ph"."a"
      GROUP BY
        "ph"."batch_node",
        "ph"."q0",
        "ph"."q1",
        "ph"."q2"
    ), "v" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "size",
        LEAST(GREATEST("present" + 0.5 * LN(2.0) * GREATEST(1.0 - "qin", 0.0), 0.0), LN(2.0)) AS "js"
      FROM "c"
    )
    /* check_t_smoothed_js.sql: t-closeness with the Jensen-Shannon divergence of kernel-smoothed */
    /*           distributions (Nadaraya-Watson, Epanechnikov kernel), one row per equivalence class. */
    /* Inputs:   input (keys..., s, n). Q is the distribution of s over the whole input. The domain */
    /*           is the values present in the input (every value of an explicit order); rank table */
    /*           order (s, pos) for the ordered ground, ancestors (s, lvl, node) for the hierarchical. */
    /* Params:   keys, s, ground ("equal" | "ordered" | "hierarchical"), bandwidth B > 0, order, */
    /*           full_domain, ancestors, height, t in [0, ln 2], tol (absolute tolerance), prepared: */
    /*           none (the domain and the pairs closer than B are built here, _smoothing.sql) or */
    /*           {domain, ground}: the same tables built once for the whole input (a search). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= JS(P^_E, Q^) in nats; worst = MAX). */
    /* Formula:  K(x) = 3/4 (1 - x^2) for |x| < 1, else 0; w(i, j) = K(d(i, j) / B) / sum_j' K(d(i, j') / B); */
    /*           smoothed p~_i = sum_j p_j w(i, j), renormalized P^ = p~ / sum_i p~_i; same for Q^. */
    /*           JS(P^, Q^) = sum over i with P^_i > 0 of 1/2 (P^ ln(2P^ / (P^ + Q^)) + Q^ ln(2Q^ / (P^ + Q^))) */
    /*           + 1/2 ln 2 (1 - sum of Q^_i over those i) (an i with P^_i = 0 adds 1/2 Q^_i ln 2). */
    /*           P^_i > 0 only for neighbours i of the values of E, so the cost is (values present in */
    /*           E) x (neighbours within B), never class x domain; supp P^ lies within supp Q^. */
    /*           E passes iff JS <= t + tol. Not a metric. */
    /* Citation: survey (001), section 9.2 (kernel-smoothed distributions for t-closeness). */
    /* People:   with people (_people_values.sql: person: set), P and Q are distributions in which each */
    /*           person weighs one, split evenly over their distinct values (n), smoothed as above, */
    /*           and size counts people (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      "js" > 0.5 + 1e-09 AS "bad",
      "js" AS "val"
    FROM "v"
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
    ), "dom" AS (
      SELECT DISTINCT
        "s"
      FROM "__sqlanon_smooth_domain_N"
    ), "sground" AS (
      SELECT
        "a",
        "b",
        "d"
      FROM "__sqlanon_smooth_ground_N"
    ), "x" AS (
      SELECT
        "gr"."a",
        "gr"."b",
        CAST("gr"."d" AS DOUBLE PRECISION) / 2.0 AS "x"
      FROM "sground" AS "gr"
      WHERE
        "gr"."a" IN (
          SELECT
            "s"
          FROM "dom"
        )
        AND "gr"."b" IN (
          SELECT
            "s"
          FROM "dom"
        )
    ), "k" AS (
      SELECT
        "a",
        "b",
        0.75 * (
          1.0 - "x" * "x"
        ) AS "w"
      FROM "x"
      WHERE
        ABS("x") < 1
    ), "kn" AS MATERIALIZED (
      SELECT
        "a",
        "b",
        CAST("w" AS DOUBLE PRECISION) / SUM("w") OVER (PARTITION BY "a") AS "w"
      FROM "k"
    ), "qs" AS (
      SELECT
        "kn"."a",
        SUM("g"."q" * "kn"."w") AS "q"
      FROM "g"
      JOIN "kn"
        ON "kn"."b" = "g"."s"
      GROUP BY
        "kn"."a"
    ), "qh" AS MATERIALIZED (
      SELECT
        "a",
        CAST("q" AS DOUBLE PRECISION) / SUM("q") OVER () AS "q"
      FROM "qs"
    ), "pc" AS MATERIALIZED (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "s",
        "n",
        SUM("n") OVER (PARTITION BY "batch_node", "q0", "q1", "q2") AS "total",
        CAST(SUM("cnt") OVER (PARTITION BY "batch_node", "q0", "q1", "q2") AS DECIMAL(38, 0)) AS "size"
      FROM "f"
    ), "ps" AS (
      SELECT
        "pc"."batch_node",
        "pc"."q0",
        "pc"."q1",
        "pc"."q2",
        "kn"."a",
        MAX("pc"."size") AS "size",
        SUM(CAST("pc"."n" AS DOUBLE PRECISION) / "pc"."total" * "kn"."w") AS "p"
      FROM "pc"
      JOIN "kn"
        ON "kn"."b" = "pc"."s"
      GROUP BY
        "pc"."batch_node",
        "pc"."q0",
        "pc"."q1",
        "pc"."q2",
        "kn"."a"
    ), "ph" AS MATERIALIZED (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "a",
        "size",
        CAST("p" AS DOUBLE PRECISION) / SUM("p") OVER (PARTITION BY "batch_node", "q0", "q1", "q2") AS "p"
      FROM "ps"
    ), "c" AS (
      SELECT
        "ph"."batch_node",
        "ph"."q0",
        "ph"."q1",
        "ph"."q2",
        MAX("ph"."size") AS "size",
        SUM(
          CASE
            WHEN "ph"."p" > 0
            THEN 0.5 * (
              "ph"."p" * LN(CAST(2.0 * "ph"."p" AS DOUBLE PRECISION) / (
                "ph"."p" + "qh"."q"
              )) + "qh"."q" * LN(CAST(2.0 * "qh"."q" AS DOUBLE PRECISION) / (
                "ph"."p" + "qh"."q"
              ))
            )
            ELSE 0.0
          END
        ) AS "present",
        SUM(CASE WHEN "ph"."p" > 0 THEN "qh"."q" ELSE 0.0 END) AS "qin"
      FROM "ph"
      JOIN "qh"
        ON "qh"."a" = "ph"."a"
      GROUP BY
        "ph"."batch_node",
        "ph"."q0",
        "ph"."q1",
        "ph"."q2"
    ), "v" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "size",
        LEAST(GREATEST("present" + 0.5 * LN(2.0) * GREATEST(1.0 - "qin", 0.0), 0.0), LN(2.0)) AS "js"
      FROM "c"
    )
    /* check_t_smoothed_js.sql: t-closeness with the Jensen-Shannon divergence of kernel-smoothed */
    /*           distributions (Nadaraya-Watson, Epanechnikov kernel), one row per equivalence class. */
    /* Inputs:   input (keys..., s, n). Q is the distribution of s over the whole input. The domain */
    /*           is the values present in the input (every value of an explicit order); rank table */
    /*           order (s, pos) for the ordered ground, ancestors (s, lvl, node) for the hierarchical. */
    /* Params:   keys, s, ground ("equal" | "ordered" | "hierarchical"), bandwidth B > 0, order, */
    /*           full_domain, ancestors, height, t in [0, ln 2], tol (absolute tolerance), prepared: */
    /*           none (the domain and the pairs closer than B are built here, _smoothing.sql) or */
    /*           {domain, ground}: the same tables built once for the whole input (a search). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= JS(P^_E, Q^) in nats; worst = MAX). */
    /* Formula:  K(x) = 3/4 (1 - x^2) for |x| < 1, else 0; w(i, j) = K(d(i, j) / B) / sum_j' K(d(i, j') / B); */
    /*           smoothed p~_i = sum_j p_j w(i, j), renormalized P^ = p~ / sum_i p~_i; same for Q^. */
    /*           JS(P^, Q^) = sum over i with P^_i > 0 of 1/2 (P^ ln(2P^ / (P^ + Q^)) + Q^ ln(2Q^ / (P^ + Q^))) */
    /*           + 1/2 ln 2 (1 - sum of Q^_i over those i) (an i with P^_i = 0 adds 1/2 Q^_i ln 2). */
    /*           P^_i > 0 only for neighbours i of the values of E, so the cost is (values present in */
    /*           E) x (neighbours within B), never class x domain; supp P^ lies within supp Q^. */
    /*           E passes iff JS <= t + tol. Not a metric. */
    /* Citation: survey (001), section 9.2 (kernel-smoothed distributions for t-closeness). */
    /* People:   with people (_people_values.sql: person: set), P and Q are distributions in which each */
    /*           person weighs one, split evenly over their distinct values (n), smoothed as above, */
    /*           and size counts people (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      "js" > 0.5 + 1e-09 AS "bad",
      "js" AS "val"
    FROM "v"
  ) AS "c"
  GROUP BY
    "batch_node"
) AS "a1"
  USING ("batch_node");
