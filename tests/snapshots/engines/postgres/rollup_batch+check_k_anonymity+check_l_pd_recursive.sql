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
    ), "r" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "cnt",
        NOT (
          "s" IN (3)
        ) AS "dis",
        FALSE AS "prot",
        ROW_NUMBER() OVER (
          PARTITION BY "batch_node", "q0", "q1", "q2"
          ORDER BY "cnt" DESC NULLS LAST, NOT (
            "s" IN (3)
          ) DESC NULLS LAST
        ) AS "rank"
      FROM "f"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        CAST(SUM("cnt") AS DECIMAL(38, 0)) AS "size",
        MIN("rank") FILTER(WHERE
          "dis") AS "y",
        CAST(MAX("cnt") FILTER(WHERE
          "dis") AS DECIMAL(38, 0)) AS "ry",
        CAST(COALESCE(SUM("cnt") FILTER(WHERE
          "rank" >= 2), 0) AS DECIMAL(38, 0)) AS "tl",
        CAST(COALESCE(SUM("cnt") FILTER(WHERE
          "rank" >= GREATEST(2 - 1, 1)), 0) AS DECIMAL(38, 0)) AS "tl1",
        COUNT(*) FILTER(WHERE
          "prot") AS "npr",
        CAST(MIN("cnt") FILTER(WHERE
          "prot") AS DECIMAL(38, 0)) AS "wmin"
      FROM "r"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2"
    ), "t" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "size",
        "y",
        "ry",
        CASE
          WHEN "y" IS NULL
          THEN CAST(0 AS DECIMAL(38, 0))
          WHEN "y" <= 2 - 1
          THEN "tl"
          ELSE "tl1" - "ry"
        END AS "tail",
        CASE WHEN "npr" < 0 THEN CAST(0 AS DECIMAL(38, 0)) ELSE "wmin" END AS "w"
      FROM "c"
    )
    /* check_l_pd_recursive.sql: pd-recursive (c,l)-diversity, and npd-recursive (c1,c2,l)-diversity */
    /*           when protected values are given; one row per equivalence class. */
    /* Inputs:   input (keys..., s, n). */
    /* Params:   keys, s, l (integer >= 1), c = c_num / c_den (exact fraction, c > 0), */
    /*           allowed (list of integer codes Y, may be empty), protected (list of integer codes W, */
    /*           may be empty: plain pd-recursive), protected_count (the number of distinct codes */
    /*           in protected), c2 = c2_num / c2_den (exact percentage in [0, 100]; 0 / 1 when */
    /*           protected is empty). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= r_y / tail, +inf when the tail is */
    /*           empty, 0 when every value of the class is in Y; worst = MAX), share DOUBLE */
    /*           (= min over w in W of count(w) / size, 0 when some w is absent from the class; */
    /*           NULL when W is empty; worst = MIN). */
    /* Formula:  r_1 >= r_2 >= ... >= r_m the class's value counts, ties broken with the values not */
    /*           in Y first; y = the smallest rank of a value not in Y. tail = r_l + ... + r_m when */
    /*           y <= l - 1, else sum of r_j over j >= max(l - 1, 1), j != y. E satisfies */
    /*           pd-recursive iff no value outside Y is present or r_y < c tail, evaluated exactly */
    /*           in 128-bit integers as r_y * c_den < c_num * tail. npd-recursive adds, for every */
    /*           w in W: count(w) * 100 >= c2 * size, i.e. count(w) * 100 * c2_den >= c2_num * size. */
    /* Citation: Machanavajjhala et al., l-Diversity (002), Definitions 4.3 and 4.4. */
    /* People:   with people (_people_values.sql: person: set), r_i come from the class's distribution */
    /*           in which each person weighs one (n), size counts people (np), for l > 1 no value */
    /*           outside Y may be held by every person of the class (c < np), and npd's share of w */
    /*           is the share of the class's people who have w (c / np) (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      CASE WHEN "y" IS NULL THEN FALSE ELSE NOT (
        "ry" * 1 < "tail" * 3
      ) END AS "bad",
      CASE
        WHEN "y" IS NULL
        THEN 0.0
        WHEN "tail" = 0
        THEN CAST('inf' AS DOUBLE PRECISION)
        ELSE CAST("ry" AS DOUBLE PRECISION) / CAST("tail" AS DOUBLE PRECISION)
      END AS "val",
      CAST(NULL AS DOUBLE PRECISION) AS "share"
    FROM "t"
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
    ), "r" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "cnt",
        NOT (
          "s" IN (3)
        ) AS "dis",
        FALSE AS "prot",
        ROW_NUMBER() OVER (
          PARTITION BY "batch_node", "q0", "q1", "q2"
          ORDER BY "cnt" DESC NULLS LAST, NOT (
            "s" IN (3)
          ) DESC NULLS LAST
        ) AS "rank"
      FROM "f"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        CAST(SUM("cnt") AS DECIMAL(38, 0)) AS "size",
        MIN("rank") FILTER(WHERE
          "dis") AS "y",
        CAST(MAX("cnt") FILTER(WHERE
          "dis") AS DECIMAL(38, 0)) AS "ry",
        CAST(COALESCE(SUM("cnt") FILTER(WHERE
          "rank" >= 2), 0) AS DECIMAL(38, 0)) AS "tl",
        CAST(COALESCE(SUM("cnt") FILTER(WHERE
          "rank" >= GREATEST(2 - 1, 1)), 0) AS DECIMAL(38, 0)) AS "tl1",
        COUNT(*) FILTER(WHERE
          "prot") AS "npr",
        CAST(MIN("cnt") FILTER(WHERE
          "prot") AS DECIMAL(38, 0)) AS "wmin"
      FROM "r"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2"
    ), "t" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "size",
        "y",
        "ry",
        CASE
          WHEN "y" IS NULL
          THEN CAST(0 AS DECIMAL(38, 0))
          WHEN "y" <= 2 - 1
          THEN "tl"
          ELSE "tl1" - "ry"
        END AS "tail",
        CASE WHEN "npr" < 0 THEN CAST(0 AS DECIMAL(38, 0)) ELSE "wmin" END AS "w"
      FROM "c"
    )
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      CASE WHEN "y" IS NULL THEN FALSE ELSE NOT (
        "ry" * 1 < "tail" * 3
      ) END AS "bad",
      CASE
        WHEN "y" IS NULL
        THEN 0.0
        WHEN "tail" = 0
        THEN CAST('inf' AS DOUBLE PRECISION)
        ELSE CAST("ry" AS DOUBLE PRECISION) / CAST("tail" AS DOUBLE PRECISION)
      END AS "val",
      CAST(NULL AS DOUBLE PRECISION) AS "share"
    FROM "t"
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
    ), "r" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "cnt",
        NOT (
          "s" IN (3)
        ) AS "dis",
        FALSE AS "prot",
        ROW_NUMBER() OVER (
          PARTITION BY "batch_node", "q0", "q1", "q2"
          ORDER BY "cnt" DESC NULLS LAST, NOT (
            "s" IN (3)
          ) DESC NULLS LAST
        ) AS "rank"
      FROM "f"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        CAST(SUM("cnt") AS DECIMAL(38, 0)) AS "size",
        MIN("rank") FILTER(WHERE
          "dis") AS "y",
        CAST(MAX("cnt") FILTER(WHERE
          "dis") AS DECIMAL(38, 0)) AS "ry",
        CAST(COALESCE(SUM("cnt") FILTER(WHERE
          "rank" >= 2), 0) AS DECIMAL(38, 0)) AS "tl",
        CAST(COALESCE(SUM("cnt") FILTER(WHERE
          "rank" >= GREATEST(2 - 1, 1)), 0) AS DECIMAL(38, 0)) AS "tl1",
        COUNT(*) FILTER(WHERE
          "prot") AS "npr",
        CAST(MIN("cnt") FILTER(WHERE
          "prot") AS DECIMAL(38, 0)) AS "wmin"
      FROM "r"
      GROUP BY
        "batch_node",
        "q0",
        "q1",
        "q2"
    ), "t" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "size",
        "y",
        "ry",
        CASE
          WHEN "y" IS NULL
          THEN CAST(0 AS DECIMAL(38, 0))
          WHEN "y" <= 2 - 1
          THEN "tl"
          ELSE "tl1" - "ry"
        END AS "tail",
        CASE WHEN "npr" < 0 THEN CAST(0 AS DECIMAL(38, 0)) ELSE "wmin" END AS "w"
      FROM "c"
    )
    /* check_l_pd_recursive.sql: pd-recursive (c,l)-diversity, and npd-recursive (c1,c2,l)-diversity */
    /*           when protected values are given; one row per equivalence class. */
    /* Inputs:   input (keys..., s, n). */
    /* Params:   keys, s, l (integer >= 1), c = c_num / c_den (exact fraction, c > 0), */
    /*           allowed (list of integer codes Y, may be empty), protected (list of integer codes W, */
    /*           may be empty: plain pd-recursive), protected_count (the number of distinct codes */
    /*           in protected), c2 = c2_num / c2_den (exact percentage in [0, 100]; 0 / 1 when */
    /*           protected is empty). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= r_y / tail, +inf when the tail is */
    /*           empty, 0 when every value of the class is in Y; worst = MAX), share DOUBLE */
    /*           (= min over w in W of count(w) / size, 0 when some w is absent from the class; */
    /*           NULL when W is empty; worst = MIN). */
    /* Formula:  r_1 >= r_2 >= ... >= r_m the class's value counts, ties broken with the values not */
    /*           in Y first; y = the smallest rank of a value not in Y. tail = r_l + ... + r_m when */
    /*           y <= l - 1, else sum of r_j over j >= max(l - 1, 1), j != y. E satisfies */
    /*           pd-recursive iff no value outside Y is present or r_y < c tail, evaluated exactly */
    /*           in 128-bit integers as r_y * c_den < c_num * tail. npd-recursive adds, for every */
    /*           w in W: count(w) * 100 >= c2 * size, i.e. count(w) * 100 * c2_den >= c2_num * size. */
    /* Citation: Machanavajjhala et al., l-Diversity (002), Definitions 4.3 and 4.4. */
    /* People:   with people (_people_values.sql: person: set), r_i come from the class's distribution */
    /*           in which each person weighs one (n), size counts people (np), for l > 1 no value */
    /*           outside Y may be held by every person of the class (c < np), and npd's share of w */
    /*           is the share of the class's people who have w (c / np) (docs/people.md). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      "size",
      CASE WHEN "y" IS NULL THEN FALSE ELSE NOT (
        "ry" * 1 < "tail" * 3
      ) END AS "bad",
      CASE
        WHEN "y" IS NULL
        THEN 0.0
        WHEN "tail" = 0
        THEN CAST('inf' AS DOUBLE PRECISION)
        ELSE CAST("ry" AS DOUBLE PRECISION) / CAST("tail" AS DOUBLE PRECISION)
      END AS "val",
      CAST(NULL AS DOUBLE PRECISION) AS "share"
    FROM "t"
  ) AS "c"
  GROUP BY
    "batch_node"
) AS "a1"
  USING ("batch_node");
