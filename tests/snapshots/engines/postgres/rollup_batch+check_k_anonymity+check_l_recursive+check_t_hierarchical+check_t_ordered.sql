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
    "src"."s1",
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
    "src"."s0",
    "src"."s1"
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
        SUM("n") AS "n"
      FROM "input"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "r" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "n",
        ROW_NUMBER() OVER (PARTITION BY "batch_node", "q0", "q1", "q2" ORDER BY "n" DESC NULLS LAST) AS "rank"
      FROM "f"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
        CAST(MAX("n") AS DECIMAL(38, 0)) AS "r1",
        CAST(COALESCE(SUM("n") FILTER(WHERE
          "rank" >= 3), 0) AS DECIMAL(38, 0)) AS "tail"
      FROM "r"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2"
    )
    /* check_l_recursive.sql: recursive (c,l)-diversity, one row per equivalence class. */
    /* Inputs:   input (keys..., s, n). */
    /* Params:   keys, s, l (integer >= 1), c = c_num / c_den (exact fraction, c > 0). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= r1 / (r_l + ... + r_m), +inf when */
    /*           the tail is empty; worst = MAX). */
    /* Formula:  with r_1 >= r_2 >= ... >= r_m the class's value counts, E satisfies recursive */
    /*           (c,l)-diversity iff r_1 < c (r_l + r_{l+1} + ... + r_m); evaluated exactly in 128-bit */
    /*           integers as r_1 * c_den < c_num * tail. */
    /* Citation: Machanavajjhala et al., l-Diversity (002), Definition 4.2 (recursive (c,l)-diversity). */
    /* People:   with people (_people_values.sql: person: set), r_i come from the class's distribution */
    /*           in which each person weighs one (n), size counts people (np), and for l > 1 a class */
    /*           also needs at least l people and no value held by all of them (c < np), as every */
    /*           recursive (c,l)-diverse class of one row per person has (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
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
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "batch_node",
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
        "f"."batch_node",
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
        "f"."batch_node",
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "a"."lvl",
        "a"."node"
    ), "d" AS (
      SELECT
        "pn"."batch_node",
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        MAX("c"."rows") AS "size",
        CAST(SUM(GREATEST(CAST("pn"."n" AS DOUBLE PRECISION) / "c"."size" - "qn"."q", 0.0)) AS DOUBLE PRECISION) / 3 AS "emd"
      FROM "pn"
      JOIN "c"
        USING ("batch_node", "q0", "q1", "q2")
      JOIN "qn"
        ON "qn"."lvl" = "pn"."lvl" AND "qn"."node" = "pn"."node"
      GROUP BY
        "pn"."batch_node",
        "pn"."q0",
        "pn"."q1",
        "pn"."q2"
    )
    /* check_t_hierarchical.sql: t-closeness with hierarchical ground distance. */
    /* Inputs:   input (keys..., s, n); ancestors (s, lvl, node): for each value, its hierarchy node */
    /*           at every level 0..H-1 below the root (level 0 = the value itself). */
    /*           Q is the distribution of s over the whole input. */
    /* Params:   keys, s, ancestors, height H >= 1, t, tol. */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= EMD(P_E, Q); worst = MAX). */
    /* Formula:  ground distance d(a, b) = level(lowest common ancestor of a and b) / H, a tree metric */
    /*           whose edges each weigh 1/(2H); the exact EMD under a tree metric is */
    /*           sum over edges of weight * |P(below) - Q(below)|, i.e. */
    /*           EMD = 1/H * sum over non-root nodes N of max(P(N) - Q(N), 0) */
    /*           (at every level sum_N (P(N) - Q(N)) = 0, so the positive parts are half the absolute */
    /*           sum). Only nodes present in E can have a positive part, so no grid is needed. */
    /*           This equals the paper's sum_N height(N)/H * min(pos_extra(N), neg_extra(N)) and the */
    /*           transportation-LP optimum (checked in the tests). */
    /* Citation: Li, Li, Venkatasubramanian, t-Closeness (003), section 4.2, hierarchical distance. */
    /* People:   with people (_people_values.sql: person: set), P and Q are distributions in which each */
    /*           person weighs one (n), and size counts people (np) (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      "emd" > 0.2 + 1e-09 AS "bad",
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
    WITH "ranked" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
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
        "q2",
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
        "q1",
        "q2"
    )
    /* check_t_ordered.sql: t-closeness with ordered ground distance. */
    /* Inputs:   input (keys..., s, n); rank table order (s, pos) giving each value's position. */
    /*           Q is the distribution of s over the whole input. */
    /* Params:   keys, s, prepared (or none), order, full_domain (true: the domain is every row of `order`, values */
    /*           absent from the data included; false: the values present in the input), t, tol. */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= EMD(P_E, Q); worst = MAX). */
    /* Formula:  with the m domain values ranked 1..m and ground distance |i - j| / (m - 1), */
    /*           EMD = 1/(m-1) sum_{i=1..m} |F_P(i) - F_Q(i)|, F the cumulative distributions */
    /*           (values absent from E included: F_P stays flat over them); EMD = 0 when m = 1. */
    /*           No class x domain grid: F_P is constant (= C) between two consecutive values of E, */
    /*           on ranks lo..hi, and F_Q is non-decreasing, so with G(i) = F_Q(1) + ... + F_Q(i) */
    /*           (a cumulative-sum window) and k the last rank with F_Q(k) <= C (an ASOF join on the */
    /*           steps of F_Q), clamped to lo-1..hi, that run contributes */
    /*           C (k - lo + 1) - (G(k) - G(lo - 1)) + (G(hi) - G(k)) - C (hi - k); */
    /*           the ranks before E's first value contribute G(first - 1). G(hi) is the next run's */
    /*           G(lo - 1) (or G(m) for the last run), so one join with G per value suffices. */
    /*           Cost: one row per value present in a class, whatever the size of the domain; class */
    /*           sizes come from a window over the same partition (no join back to the classes). */
    /*           The Q-side tables (ranks, steps, m, gm) depend only on the whole input: a search */
    /*           computes them once (ordered_q.sql) and passes them as `prepared` */
    /*           {ranks, steps, m, gm, small}; otherwise (prepared = none) they are computed here. */
    /* Small domains (prepared.small = {ranks: [(s, r)...], fq: [F_Q(1)..F_Q(m-1)]}, m <= 64): one */
    /*           GROUP BY per class, no window: F_P(i) = SUM(n | rank(s) <= i) / SUM(n) for the */
    /*           m - 1 ranks i < m (F_P(m) = F_Q(m) = 1 adds nothing), F_Q(i) given as constants, */
    /*           EMD = 1/(m-1) sum_i |F_P(i) - F_Q(i)|. Rows whose value has no rank are left out, */
    /*           as the join with the ranks does in the general form. */
    /* Citation: Li, Li, Venkatasubramanian, t-Closeness (003), section 4.2, ordered distance. */
    /* People:   with people (_people_values.sql: person: set), P and Q are distributions in which each */
    /*           person weighs one (n), and size counts people (np) (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      "emd" > 0.2 + 1e-09 AS "bad",
      "emd" AS "val"
    FROM "e"
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
    "src"."s1",
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
    "src"."s0",
    "src"."s1"
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
        SUM("n") AS "n"
      FROM "input"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "r" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "n",
        ROW_NUMBER() OVER (PARTITION BY "batch_node", "q0", "q1", "q2" ORDER BY "n" DESC NULLS LAST) AS "rank"
      FROM "f"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
        CAST(MAX("n") AS DECIMAL(38, 0)) AS "r1",
        CAST(COALESCE(SUM("n") FILTER(WHERE
          "rank" >= 3), 0) AS DECIMAL(38, 0)) AS "tail"
      FROM "r"
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
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "batch_node",
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
        "f"."batch_node",
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
        "f"."batch_node",
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "a"."lvl",
        "a"."node"
    ), "d" AS (
      SELECT
        "pn"."batch_node",
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        MAX("c"."rows") AS "size",
        CAST(SUM(GREATEST(CAST("pn"."n" AS DOUBLE PRECISION) / "c"."size" - "qn"."q", 0.0)) AS DOUBLE PRECISION) / 3 AS "emd"
      FROM "pn"
      JOIN "c"
        USING ("batch_node", "q0", "q1", "q2")
      JOIN "qn"
        ON "qn"."lvl" = "pn"."lvl" AND "qn"."node" = "pn"."node"
      GROUP BY
        "pn"."batch_node",
        "pn"."q0",
        "pn"."q1",
        "pn"."q2"
    )
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
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
        "q2",
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
        "q2",
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
        "q1",
        "q2"
    )
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      "emd" > 0.2 + 1e-09 AS "bad",
      "emd" AS "val"
    FROM "e"
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
    "src"."s1",
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
    "src"."s0",
    "src"."s1"
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
        "vr" <= 0
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
    MAX("val") AS "worst"
  FROM (
    WITH "f" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "s0" AS "s",
        SUM("n") AS "n"
      FROM "__screened"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "r" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "n",
        ROW_NUMBER() OVER (PARTITION BY "batch_node", "q0", "q1", "q2" ORDER BY "n" DESC NULLS LAST) AS "rank"
      FROM "f"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
        CAST(MAX("n") AS DECIMAL(38, 0)) AS "r1",
        CAST(COALESCE(SUM("n") FILTER(WHERE
          "rank" >= 3), 0) AS DECIMAL(38, 0)) AS "tail"
      FROM "r"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2"
    )
    /* check_l_recursive.sql: recursive (c,l)-diversity, one row per equivalence class. */
    /* Inputs:   input (keys..., s, n). */
    /* Params:   keys, s, l (integer >= 1), c = c_num / c_den (exact fraction, c > 0). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= r1 / (r_l + ... + r_m), +inf when */
    /*           the tail is empty; worst = MAX). */
    /* Formula:  with r_1 >= r_2 >= ... >= r_m the class's value counts, E satisfies recursive */
    /*           (c,l)-diversity iff r_1 < c (r_l + r_{l+1} + ... + r_m); evaluated exactly in 128-bit */
    /*           integers as r_1 * c_den < c_num * tail. */
    /* Citation: Machanavajjhala et al., l-Diversity (002), Definition 4.2 (recursive (c,l)-diversity). */
    /* People:   with people (_people_values.sql: person: set), r_i come from the class's distribution */
    /*           in which each person weighs one (n), size counts people (np), and for l > 1 a class */
    /*           also needs at least l people and no value held by all of them (c < np), as every */
    /*           recursive (c,l)-diverse class of one row per person has (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
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
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "batch_node",
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
        "f"."batch_node",
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
        "f"."batch_node",
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "a"."lvl",
        "a"."node"
    ), "d" AS (
      SELECT
        "pn"."batch_node",
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        MAX("c"."rows") AS "size",
        CAST(SUM(GREATEST(CAST("pn"."n" AS DOUBLE PRECISION) / "c"."size" - "qn"."q", 0.0)) AS DOUBLE PRECISION) / 3 AS "emd"
      FROM "pn"
      JOIN "c"
        USING ("batch_node", "q0", "q1", "q2")
      JOIN "qn"
        ON "qn"."lvl" = "pn"."lvl" AND "qn"."node" = "pn"."node"
      GROUP BY
        "pn"."batch_node",
        "pn"."q0",
        "pn"."q1",
        "pn"."q2"
    )
    /* check_t_hierarchical.sql: t-closeness with hierarchical ground distance. */
    /* Inputs:   input (keys..., s, n); ancestors (s, lvl, node): for each value, its hierarchy node */
    /*           at every level 0..H-1 below the root (level 0 = the value itself). */
    /*           Q is the distribution of s over the whole input. */
    /* Params:   keys, s, ancestors, height H >= 1, t, tol. */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= EMD(P_E, Q); worst = MAX). */
    /* Formula:  ground distance d(a, b) = level(lowest common ancestor of a and b) / H, a tree metric */
    /*           whose edges each weigh 1/(2H); the exact EMD under a tree metric is */
    /*           sum over edges of weight * |P(below) - Q(below)|, i.e. */
    /*           EMD = 1/H * sum over non-root nodes N of max(P(N) - Q(N), 0) */
    /*           (at every level sum_N (P(N) - Q(N)) = 0, so the positive parts are half the absolute */
    /*           sum). Only nodes present in E can have a positive part, so no grid is needed. */
    /*           This equals the paper's sum_N height(N)/H * min(pos_extra(N), neg_extra(N)) and the */
    /*           transportation-LP optimum (checked in the tests). */
    /* Citation: Li, Li, Venkatasubramanian, t-Closeness (003), section 4.2, hierarchical distance. */
    /* People:   with people (_people_values.sql: person: set), P and Q are distributions in which each */
    /*           person weighs one (n), and size counts people (np) (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      "emd" > 0.2 + 1e-09 AS "bad",
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
    WITH "ranked" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
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
      FROM "__screened"
    ), "e" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
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
        "q1",
        "q2"
    )
    /* check_t_ordered.sql: t-closeness with ordered ground distance. */
    /* Inputs:   input (keys..., s, n); rank table order (s, pos) giving each value's position. */
    /*           Q is the distribution of s over the whole input. */
    /* Params:   keys, s, prepared (or none), order, full_domain (true: the domain is every row of `order`, values */
    /*           absent from the data included; false: the values present in the input), t, tol. */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= EMD(P_E, Q); worst = MAX). */
    /* Formula:  with the m domain values ranked 1..m and ground distance |i - j| / (m - 1), */
    /*           EMD = 1/(m-1) sum_{i=1..m} |F_P(i) - F_Q(i)|, F the cumulative distributions */
    /*           (values absent from E included: F_P stays flat over them); EMD = 0 when m = 1. */
    /*           No class x domain grid: F_P is constant (= C) between two consecutive values of E, */
    /*           on ranks lo..hi, and F_Q is non-decreasing, so with G(i) = F_Q(1) + ... + F_Q(i) */
    /*           (a cumulative-sum window) and k the last rank with F_Q(k) <= C (an ASOF join on the */
    /*           steps of F_Q), clamped to lo-1..hi, that run contributes */
    /*           C (k - lo + 1) - (G(k) - G(lo - 1)) + (G(hi) - G(k)) - C (hi - k); */
    /*           the ranks before E's first value contribute G(first - 1). G(hi) is the next run's */
    /*           G(lo - 1) (or G(m) for the last run), so one join with G per value suffices. */
    /*           Cost: one row per value present in a class, whatever the size of the domain; class */
    /*           sizes come from a window over the same partition (no join back to the classes). */
    /*           The Q-side tables (ranks, steps, m, gm) depend only on the whole input: a search */
    /*           computes them once (ordered_q.sql) and passes them as `prepared` */
    /*           {ranks, steps, m, gm, small}; otherwise (prepared = none) they are computed here. */
    /* Small domains (prepared.small = {ranks: [(s, r)...], fq: [F_Q(1)..F_Q(m-1)]}, m <= 64): one */
    /*           GROUP BY per class, no window: F_P(i) = SUM(n | rank(s) <= i) / SUM(n) for the */
    /*           m - 1 ranks i < m (F_P(m) = F_Q(m) = 1 adds nothing), F_Q(i) given as constants, */
    /*           EMD = 1/(m-1) sum_i |F_P(i) - F_Q(i)|. Rows whose value has no rank are left out, */
    /*           as the join with the ranks does in the general form. */
    /* Citation: Li, Li, Venkatasubramanian, t-Closeness (003), section 4.2, ordered distance. */
    /* People:   with people (_people_values.sql: person: set), P and Q are distributions in which each */
    /*           person weighs one (n), and size counts people (np) (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      "emd" > 0.2 + 1e-09 AS "bad",
      "emd" AS "val"
    FROM "e"
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
    "src"."s1",
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
    "src"."s0",
    "src"."s1"
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
        "vr" <= 4
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
    MAX("val") AS "worst"
  FROM (
    WITH "f" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "s0" AS "s",
        SUM("n") AS "n"
      FROM "__screened"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "r" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "n",
        ROW_NUMBER() OVER (PARTITION BY "batch_node", "q0", "q1", "q2" ORDER BY "n" DESC NULLS LAST) AS "rank"
      FROM "f"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
        CAST(MAX("n") AS DECIMAL(38, 0)) AS "r1",
        CAST(COALESCE(SUM("n") FILTER(WHERE
          "rank" >= 3), 0) AS DECIMAL(38, 0)) AS "tail"
      FROM "r"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2"
    )
    /* check_l_recursive.sql: recursive (c,l)-diversity, one row per equivalence class. */
    /* Inputs:   input (keys..., s, n). */
    /* Params:   keys, s, l (integer >= 1), c = c_num / c_den (exact fraction, c > 0). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= r1 / (r_l + ... + r_m), +inf when */
    /*           the tail is empty; worst = MAX). */
    /* Formula:  with r_1 >= r_2 >= ... >= r_m the class's value counts, E satisfies recursive */
    /*           (c,l)-diversity iff r_1 < c (r_l + r_{l+1} + ... + r_m); evaluated exactly in 128-bit */
    /*           integers as r_1 * c_den < c_num * tail. */
    /* Citation: Machanavajjhala et al., l-Diversity (002), Definition 4.2 (recursive (c,l)-diversity). */
    /* People:   with people (_people_values.sql: person: set), r_i come from the class's distribution */
    /*           in which each person weighs one (n), size counts people (np), and for l > 1 a class */
    /*           also needs at least l people and no value held by all of them (c < np), as every */
    /*           recursive (c,l)-diverse class of one row per person has (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
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
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "batch_node",
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
        "f"."batch_node",
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
        "f"."batch_node",
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "a"."lvl",
        "a"."node"
    ), "d" AS (
      SELECT
        "pn"."batch_node",
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        MAX("c"."rows") AS "size",
        CAST(SUM(GREATEST(CAST("pn"."n" AS DOUBLE PRECISION) / "c"."size" - "qn"."q", 0.0)) AS DOUBLE PRECISION) / 3 AS "emd"
      FROM "pn"
      JOIN "c"
        USING ("batch_node", "q0", "q1", "q2")
      JOIN "qn"
        ON "qn"."lvl" = "pn"."lvl" AND "qn"."node" = "pn"."node"
      GROUP BY
        "pn"."batch_node",
        "pn"."q0",
        "pn"."q1",
        "pn"."q2"
    )
    /* check_t_hierarchical.sql: t-closeness with hierarchical ground distance. */
    /* Inputs:   input (keys..., s, n); ancestors (s, lvl, node): for each value, its hierarchy node */
    /*           at every level 0..H-1 below the root (level 0 = the value itself). */
    /*           Q is the distribution of s over the whole input. */
    /* Params:   keys, s, ancestors, height H >= 1, t, tol. */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= EMD(P_E, Q); worst = MAX). */
    /* Formula:  ground distance d(a, b) = level(lowest common ancestor of a and b) / H, a tree metric */
    /*           whose edges each weigh 1/(2H); the exact EMD under a tree metric is */
    /*           sum over edges of weight * |P(below) - Q(below)|, i.e. */
    /*           EMD = 1/H * sum over non-root nodes N of max(P(N) - Q(N), 0) */
    /*           (at every level sum_N (P(N) - Q(N)) = 0, so the positive parts are half the absolute */
    /*           sum). Only nodes present in E can have a positive part, so no grid is needed. */
    /*           This equals the paper's sum_N height(N)/H * min(pos_extra(N), neg_extra(N)) and the */
    /*           transportation-LP optimum (checked in the tests). */
    /* Citation: Li, Li, Venkatasubramanian, t-Closeness (003), section 4.2, hierarchical distance. */
    /* People:   with people (_people_values.sql: person: set), P and Q are distributions in which each */
    /*           person weighs one (n), and size counts people (np) (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      "emd" > 0.2 + 1e-09 AS "bad",
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
    WITH "ranked" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
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
      FROM "__screened"
    ), "e" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
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
        "q1",
        "q2"
    )
    /* check_t_ordered.sql: t-closeness with ordered ground distance. */
    /* Inputs:   input (keys..., s, n); rank table order (s, pos) giving each value's position. */
    /*           Q is the distribution of s over the whole input. */
    /* Params:   keys, s, prepared (or none), order, full_domain (true: the domain is every row of `order`, values */
    /*           absent from the data included; false: the values present in the input), t, tol. */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= EMD(P_E, Q); worst = MAX). */
    /* Formula:  with the m domain values ranked 1..m and ground distance |i - j| / (m - 1), */
    /*           EMD = 1/(m-1) sum_{i=1..m} |F_P(i) - F_Q(i)|, F the cumulative distributions */
    /*           (values absent from E included: F_P stays flat over them); EMD = 0 when m = 1. */
    /*           No class x domain grid: F_P is constant (= C) between two consecutive values of E, */
    /*           on ranks lo..hi, and F_Q is non-decreasing, so with G(i) = F_Q(1) + ... + F_Q(i) */
    /*           (a cumulative-sum window) and k the last rank with F_Q(k) <= C (an ASOF join on the */
    /*           steps of F_Q), clamped to lo-1..hi, that run contributes */
    /*           C (k - lo + 1) - (G(k) - G(lo - 1)) + (G(hi) - G(k)) - C (hi - k); */
    /*           the ranks before E's first value contribute G(first - 1). G(hi) is the next run's */
    /*           G(lo - 1) (or G(m) for the last run), so one join with G per value suffices. */
    /*           Cost: one row per value present in a class, whatever the size of the domain; class */
    /*           sizes come from a window over the same partition (no join back to the classes). */
    /*           The Q-side tables (ranks, steps, m, gm) depend only on the whole input: a search */
    /*           computes them once (ordered_q.sql) and passes them as `prepared` */
    /*           {ranks, steps, m, gm, small}; otherwise (prepared = none) they are computed here. */
    /* Small domains (prepared.small = {ranks: [(s, r)...], fq: [F_Q(1)..F_Q(m-1)]}, m <= 64): one */
    /*           GROUP BY per class, no window: F_P(i) = SUM(n | rank(s) <= i) / SUM(n) for the */
    /*           m - 1 ranks i < m (F_P(m) = F_Q(m) = 1 adds nothing), F_Q(i) given as constants, */
    /*           EMD = 1/(m-1) sum_i |F_P(i) - F_Q(i)|. Rows whose value has no rank are left out, */
    /*           as the join with the ranks does in the general form. */
    /* Citation: Li, Li, Venkatasubramanian, t-Closeness (003), section 4.2, ordered distance. */
    /* People:   with people (_people_values.sql: person: set), P and Q are distributions in which each */
    /*           person weighs one (n), and size counts people (np) (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      "emd" > 0.2 + 1e-09 AS "bad",
      "emd" AS "val"
    FROM "e"
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
    "src"."s1",
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
    "src"."s0",
    "src"."s1"
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
    MAX("val") AS "worst"
  FROM (
    WITH "f" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "s0" AS "s",
        SUM("n") AS "n"
      FROM "__screened"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "r" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "n",
        ROW_NUMBER() OVER (PARTITION BY "batch_node", "q0", "q1", "q2" ORDER BY "n" DESC NULLS LAST) AS "rank"
      FROM "f"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
        CAST(MAX("n") AS DECIMAL(38, 0)) AS "r1",
        CAST(COALESCE(SUM("n") FILTER(WHERE
          "rank" >= 3), 0) AS DECIMAL(38, 0)) AS "tail"
      FROM "r"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2"
    )
    /* check_l_recursive.sql: recursive (c,l)-diversity, one row per equivalence class. */
    /* Inputs:   input (keys..., s, n). */
    /* Params:   keys, s, l (integer >= 1), c = c_num / c_den (exact fraction, c > 0). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= r1 / (r_l + ... + r_m), +inf when */
    /*           the tail is empty; worst = MAX). */
    /* Formula:  with r_1 >= r_2 >= ... >= r_m the class's value counts, E satisfies recursive */
    /*           (c,l)-diversity iff r_1 < c (r_l + r_{l+1} + ... + r_m); evaluated exactly in 128-bit */
    /*           integers as r_1 * c_den < c_num * tail. */
    /* Citation: Machanavajjhala et al., l-Diversity (002), Definition 4.2 (recursive (c,l)-diversity). */
    /* People:   with people (_people_values.sql: person: set), r_i come from the class's distribution */
    /*           in which each person weighs one (n), size counts people (np), and for l > 1 a class */
    /*           also needs at least l people and no value held by all of them (c < np), as every */
    /*           recursive (c,l)-diverse class of one row per person has (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
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
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "batch_node",
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
        "f"."batch_node",
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
        "f"."batch_node",
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "a"."lvl",
        "a"."node"
    ), "d" AS (
      SELECT
        "pn"."batch_node",
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        MAX("c"."rows") AS "size",
        CAST(SUM(GREATEST(CAST("pn"."n" AS DOUBLE PRECISION) / "c"."size" - "qn"."q", 0.0)) AS DOUBLE PRECISION) / 3 AS "emd"
      FROM "pn"
      JOIN "c"
        USING ("batch_node", "q0", "q1", "q2")
      JOIN "qn"
        ON "qn"."lvl" = "pn"."lvl" AND "qn"."node" = "pn"."node"
      GROUP BY
        "pn"."batch_node",
        "pn"."q0",
        "pn"."q1",
        "pn"."q2"
    )
    /* check_t_hierarchical.sql: t-closeness with hierarchical ground distance. */
    /* Inputs:   input (keys..., s, n); ancestors (s, lvl, node): for each value, its hierarchy node */
    /*           at every level 0..H-1 below the root (level 0 = the value itself). */
    /*           Q is the distribution of s over the whole input. */
    /* Params:   keys, s, ancestors, height H >= 1, t, tol. */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= EMD(P_E, Q); worst = MAX). */
    /* Formula:  ground distance d(a, b) = level(lowest common ancestor of a and b) / H, a tree metric */
    /*           whose edges each weigh 1/(2H); the exact EMD under a tree metric is */
    /*           sum over edges of weight * |P(below) - Q(below)|, i.e. */
    /*           EMD = 1/H * sum over non-root nodes N of max(P(N) - Q(N), 0) */
    /*           (at every level sum_N (P(N) - Q(N)) = 0, so the positive parts are half the absolute */
    /*           sum). Only nodes present in E can have a positive part, so no grid is needed. */
    /*           This equals the paper's sum_N height(N)/H * min(pos_extra(N), neg_extra(N)) and the */
    /*           transportation-LP optimum (checked in the tests). */
    /* Citation: Li, Li, Venkatasubramanian, t-Closeness (003), section 4.2, hierarchical distance. */
    /* People:   with people (_people_values.sql: person: set), P and Q are distributions in which each */
    /*           person weighs one (n), and size counts people (np) (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      "emd" > 0.2 + 1e-09 AS "bad",
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
    WITH "ranked" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
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
      FROM "__screened"
    ), "e" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
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
        "q1",
        "q2"
    )
    /* check_t_ordered.sql: t-closeness with ordered ground distance. */
    /* Inputs:   input (keys..., s, n); rank table order (s, pos) giving each value's position. */
    /*           Q is the distribution of s over the whole input. */
    /* Params:   keys, s, prepared (or none), order, full_domain (true: the domain is every row of `order`, values */
    /*           absent from the data included; false: the values present in the input), t, tol. */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= EMD(P_E, Q); worst = MAX). */
    /* Formula:  with the m domain values ranked 1..m and ground distance |i - j| / (m - 1), */
    /*           EMD = 1/(m-1) sum_{i=1..m} |F_P(i) - F_Q(i)|, F the cumulative distributions */
    /*           (values absent from E included: F_P stays flat over them); EMD = 0 when m = 1. */
    /*           No class x domain grid: F_P is constant (= C) between two consecutive values of E, */
    /*           on ranks lo..hi, and F_Q is non-decreasing, so with G(i) = F_Q(1) + ... + F_Q(i) */
    /*           (a cumulative-sum window) and k the last rank with F_Q(k) <= C (an ASOF join on the */
    /*           steps of F_Q), clamped to lo-1..hi, that run contributes */
    /*           C (k - lo + 1) - (G(k) - G(lo - 1)) + (G(hi) - G(k)) - C (hi - k); */
    /*           the ranks before E's first value contribute G(first - 1). G(hi) is the next run's */
    /*           G(lo - 1) (or G(m) for the last run), so one join with G per value suffices. */
    /*           Cost: one row per value present in a class, whatever the size of the domain; class */
    /*           sizes come from a window over the same partition (no join back to the classes). */
    /*           The Q-side tables (ranks, steps, m, gm) depend only on the whole input: a search */
    /*           computes them once (ordered_q.sql) and passes them as `prepared` */
    /*           {ranks, steps, m, gm, small}; otherwise (prepared = none) they are computed here. */
    /* Small domains (prepared.small = {ranks: [(s, r)...], fq: [F_Q(1)..F_Q(m-1)]}, m <= 64): one */
    /*           GROUP BY per class, no window: F_P(i) = SUM(n | rank(s) <= i) / SUM(n) for the */
    /*           m - 1 ranks i < m (F_P(m) = F_Q(m) = 1 adds nothing), F_Q(i) given as constants, */
    /*           EMD = 1/(m-1) sum_i |F_P(i) - F_Q(i)|. Rows whose value has no rank are left out, */
    /*           as the join with the ranks does in the general form. */
    /* Citation: Li, Li, Venkatasubramanian, t-Closeness (003), section 4.2, ordered distance. */
    /* People:   with people (_people_values.sql: person: set), P and Q are distributions in which each */
    /*           person weighs one (n), and size counts people (np) (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      "emd" > 0.2 + 1e-09 AS "bad",
      "emd" AS "val"
    FROM "e"
  ) AS "c"
  GROUP BY
    "batch_node"
) AS "a3"
  USING ("batch_node");
