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
        "s0" AS "v0",
        CAST(SUM("n") AS INT128) AS "n"
      FROM "input"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "phi" AS (
      SELECT
        "x"."batch_node",
        "x"."q0",
        "x"."q1",
        "x"."q2",
        "x"."n",
        SUM("x"."n") OVER (
          PARTITION BY "x"."batch_node", "x"."q0", "x"."q1", "x"."q2"
          ORDER BY "x"."x"
          RANGE BETWEEN 1000.000000001 PRECEDING AND 1000.000000001 FOLLOWING
        ) AS "phi"
      FROM (
        SELECT
          "f".*,
          CAST("d"."value" AS DOUBLE) AS "x"
        FROM "f"
        JOIN "__sqlanon_sdict_N" AS "d"
          ON "d"."code" = "f"."v0"
      ) AS "x"
    ), "r" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        CAST(SUM("n") AS INT128) AS "size",
        CAST(MAX("phi") AS INT128) AS "phi"
      FROM "phi"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2"
    )
    /* check_dissimilarity.sql: (epsilon,delta)^k-dissimilarity, one row per equivalence class. */
    /* Inputs:   input (keys..., sensitive code columns, n); the attribute's dictionary (value, code) */
    /*           (numeric), rank table order (s, pos) (ordered), ancestors (s, lvl, node) (hierarchical), */
    /*           or one dictionary per column (variational). */
    /* Params:   keys, distance ("numeric" | "ordered" | "hierarchical" | "variational"), */
    /*           s (the code column; numeric, ordered, hierarchical) or columns (variational: list of */
    /*           {column, dictionary}), dictionary, order, full_domain (ordered: true when the order */
    /*           is explicit; else the domain is the values present in the input), ancestors, level (hierarchical: the */
    /*           deepest lowest-common-ancestor level within epsilon, floor((epsilon + tol) H)), */
    /*           height H, epsilon >= 0, tol, within (= epsilon + tol, the largest distance that */
    /*           counts as within epsilon), k, delta = delta_num / delta_den (exact, in [0, 1]). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= risk(E, epsilon); worst = MAX). */
    /* Formula:  Phi(v) = rows of E whose value lies within epsilon of v (v itself included); */
    /*           risk(E) = max_v (Phi(v) - 1) / (|E| - 1), and 1 when |E| = 1. E passes iff |E| >= k */
    /*           and risk <= 1 - delta, evaluated exactly as (Phi - 1) delta_den <= (delta_den - */
    /*           delta_num) (|E| - 1). Distances within epsilon + tol count as within epsilon. */
    /*           numeric |a - b| and ordered |rank(a) - rank(b)| / (m - 1): a RANGE window over the */
    /*           class's values sorted by number or rank (no self-join). hierarchical */
    /*           level(lca)/H <= epsilon iff a and b share their ancestor at `level`: a window per */
    /*           (class, ancestor), the whole class when level >= H. variational 1/2 sum_i |a_i - b_i| between the vectors of the */
    /*           columns: a self-join of each class's distinct vectors. */
    /* Citation: Wang, Liu, Sun et al., proximity privacy, (epsilon,delta)^k-dissimilarity (004), */
    /*           equations (3)-(4) and section III. */
    /* People:   with people (_people_values.sql: person: set; one attribute), |E| = N, the class's */
    /*           people (np), and Phi(v) counts people: min(N, sum of c(w) over the values w of E */
    /*           within epsilon of v), c(w) the people who have w. A person with several values near */
    /*           v counts once per value (the frequency table keeps people per value, not who), so */
    /*           Phi never falls below the people near v and the risk is never underestimated; it is */
    /*           exact when no person has two values within epsilon (one row per person: the */
    /*           original). docs/people.md derives it; counting people rather than records follows */
    /*           Nergiz, Clifton, Nergiz, Multirelational k-anonymity (IEEE TKDE 2009). */
    /*           variational over people: the values are the vectors of the class's people's */
    /*           combinations (each person's cross product of their values of each column), and c(w) */
    /*           is cx, the people whose cross product holds w: never below the people having a row */
    /*           whose vector is w, so the risk is never underestimated (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      NOT (
        "size" >= 5
        AND CASE
          WHEN "size" = 1
          THEN 1 = 0
          ELSE (
            "phi" - 1
          ) * 10 <= (
            10 - 1
          ) * (
            "size" - 1
          )
        END
      ) AS "bad",
      CASE
        WHEN "size" = 1
        THEN 1.0
        ELSE CAST("phi" - 1 AS DOUBLE) / CAST("size" - 1 AS DOUBLE)
      END AS "val"
    FROM "r"
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
        "s0" AS "v0",
        CAST(SUM("n") AS INT128) AS "n"
      FROM "input"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "phi" AS (
      SELECT
        "x"."batch_node",
        "x"."q0",
        "x"."q1",
        "x"."q2",
        "x"."n",
        SUM("x"."n") OVER (
          PARTITION BY "x"."batch_node", "x"."q0", "x"."q1", "x"."q2"
          ORDER BY "x"."x"
          RANGE BETWEEN 1000.000000001 PRECEDING AND 1000.000000001 FOLLOWING
        ) AS "phi"
      FROM (
        SELECT
          "f".*,
          CAST("d"."value" AS DOUBLE) AS "x"
        FROM "f"
        JOIN "__sqlanon_sdict_N" AS "d"
          ON "d"."code" = "f"."v0"
      ) AS "x"
    ), "r" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        CAST(SUM("n") AS INT128) AS "size",
        CAST(MAX("phi") AS INT128) AS "phi"
      FROM "phi"
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
        "size" >= 5
        AND CASE
          WHEN "size" = 1
          THEN 1 = 0
          ELSE (
            "phi" - 1
          ) * 10 <= (
            10 - 1
          ) * (
            "size" - 1
          )
        END
      ) AS "bad",
      CASE
        WHEN "size" = 1
        THEN 1.0
        ELSE CAST("phi" - 1 AS DOUBLE) / CAST("size" - 1 AS DOUBLE)
      END AS "val"
    FROM "r"
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
        "s0" AS "v0",
        CAST(SUM("n") AS INT128) AS "n"
      FROM "__screened"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "phi" AS (
      SELECT
        "x"."batch_node",
        "x"."q0",
        "x"."q1",
        "x"."q2",
        "x"."n",
        SUM("x"."n") OVER (
          PARTITION BY "x"."batch_node", "x"."q0", "x"."q1", "x"."q2"
          ORDER BY "x"."x"
          RANGE BETWEEN 1000.000000001 PRECEDING AND 1000.000000001 FOLLOWING
        ) AS "phi"
      FROM (
        SELECT
          "f".*,
          CAST("d"."value" AS DOUBLE) AS "x"
        FROM "f"
        JOIN "__sqlanon_sdict_N" AS "d"
          ON "d"."code" = "f"."v0"
      ) AS "x"
    ), "r" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        CAST(SUM("n") AS INT128) AS "size",
        CAST(MAX("phi") AS INT128) AS "phi"
      FROM "phi"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2"
    )
    /* check_dissimilarity.sql: (epsilon,delta)^k-dissimilarity, one row per equivalence class. */
    /* Inputs:   input (keys..., sensitive code columns, n); the attribute's dictionary (value, code) */
    /*           (numeric), rank table order (s, pos) (ordered), ancestors (s, lvl, node) (hierarchical), */
    /*           or one dictionary per column (variational). */
    /* Params:   keys, distance ("numeric" | "ordered" | "hierarchical" | "variational"), */
    /*           s (the code column; numeric, ordered, hierarchical) or columns (variational: list of */
    /*           {column, dictionary}), dictionary, order, full_domain (ordered: true when the order */
    /*           is explicit; else the domain is the values present in the input), ancestors, level (hierarchical: the */
    /*           deepest lowest-common-ancestor level within epsilon, floor((epsilon + tol) H)), */
    /*           height H, epsilon >= 0, tol, within (= epsilon + tol, the largest distance that */
    /*           counts as within epsilon), k, delta = delta_num / delta_den (exact, in [0, 1]). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= risk(E, epsilon); worst = MAX). */
    /* Formula:  Phi(v) = rows of E whose value lies within epsilon of v (v itself included); */
    /*           risk(E) = max_v (Phi(v) - 1) / (|E| - 1), and 1 when |E| = 1. E passes iff |E| >= k */
    /*           and risk <= 1 - delta, evaluated exactly as (Phi - 1) delta_den <= (delta_den - */
    /*           delta_num) (|E| - 1). Distances within epsilon + tol count as within epsilon. */
    /*           numeric |a - b| and ordered |rank(a) - rank(b)| / (m - 1): a RANGE window over the */
    /*           class's values sorted by number or rank (no self-join). hierarchical */
    /*           level(lca)/H <= epsilon iff a and b share their ancestor at `level`: a window per */
    /*           (class, ancestor), the whole class when level >= H. variational 1/2 sum_i |a_i - b_i| between the vectors of the */
    /*           columns: a self-join of each class's distinct vectors. */
    /* Citation: Wang, Liu, Sun et al., proximity privacy, (epsilon,delta)^k-dissimilarity (004), */
    /*           equations (3)-(4) and section III. */
    /* People:   with people (_people_values.sql: person: set; one attribute), |E| = N, the class's */
    /*           people (np), and Phi(v) counts people: min(N, sum of c(w) over the values w of E */
    /*           within epsilon of v), c(w) the people who have w. A person with several values near */
    /*           v counts once per value (the frequency table keeps people per value, not who), so */
    /*           Phi never falls below the people near v and the risk is never underestimated; it is */
    /*           exact when no person has two values within epsilon (one row per person: the */
    /*           original). docs/people.md derives it; counting people rather than records follows */
    /*           Nergiz, Clifton, Nergiz, Multirelational k-anonymity (IEEE TKDE 2009). */
    /*           variational over people: the values are the vectors of the class's people's */
    /*           combinations (each person's cross product of their values of each column), and c(w) */
    /*           is cx, the people whose cross product holds w: never below the people having a row */
    /*           whose vector is w, so the risk is never underestimated (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      NOT (
        "size" >= 5
        AND CASE
          WHEN "size" = 1
          THEN 1 = 0
          ELSE (
            "phi" - 1
          ) * 10 <= (
            10 - 1
          ) * (
            "size" - 1
          )
        END
      ) AS "bad",
      CASE
        WHEN "size" = 1
        THEN 1.0
        ELSE CAST("phi" - 1 AS DOUBLE) / CAST("size" - 1 AS DOUBLE)
      END AS "val"
    FROM "r"
  ) AS "c"
  GROUP BY
    "batch_node"
) AS "a1"
  USING ("batch_node");
