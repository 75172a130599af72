WITH "input" AS (
  SELECT
    "b"."batch_node",
    LIST_EXTRACT(LIST_EXTRACT($m0, "b"."batch_node" + 1), "src"."q0" + 1) AS "q0",
    LIST_EXTRACT(LIST_EXTRACT($m1, "b"."batch_node" + 1), "src"."q1" + 1) AS "q1",
    LIST_EXTRACT(LIST_EXTRACT($m2, "b"."batch_node" + 1), "src"."q2" + 1) AS "q2",
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
    LIST_EXTRACT(LIST_EXTRACT($m2, "b"."batch_node" + 1), "src"."q2" + 1)
), "population_at_node" AS (
  SELECT
    "b"."batch_node",
    LIST_EXTRACT(LIST_EXTRACT($m0, "b"."batch_node" + 1), "src"."q0" + 1) AS "q0",
    LIST_EXTRACT(LIST_EXTRACT($m1, "b"."batch_node" + 1), "src"."q1" + 1) AS "q1",
    LIST_EXTRACT(LIST_EXTRACT($m2, "b"."batch_node" + 1), "src"."q2" + 1) AS "q2",
    SUM("src"."n") AS "n"
  FROM "__sqlanon_population_freq_N" AS "src"
  CROSS JOIN (
    SELECT
      CAST("range" AS INT) AS "batch_node"
    FROM RANGE(0, $nodes)
  ) AS "b"
  GROUP BY
    "b"."batch_node",
    LIST_EXTRACT(LIST_EXTRACT($m0, "b"."batch_node" + 1), "src"."q0" + 1),
    LIST_EXTRACT(LIST_EXTRACT($m1, "b"."batch_node" + 1), "src"."q1" + 1),
    LIST_EXTRACT(LIST_EXTRACT($m2, "b"."batch_node" + 1), "src"."q2" + 1)
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
  "a2"."worst"
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
    MIN("val") AS "worst"
  FROM (
    WITH "pc" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "n" AS "f"
      FROM "population_at_node"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "batch_node" AS "nk0",
        "q0" AS "nk1",
        "q1" AS "nk2",
        "q2" AS "nk3",
        SUM("n") AS "size"
      FROM "input"
      GROUP BY
        1,
        2,
        3,
        4
    )
    /* check_k_map.sql: k-map with a population table, one row per equivalence class. */
    /* Inputs:   input (keys..., n): frequency table of the node; the population's persons as */
    /*           _population.sql reads them (population.table). */
    /* Params:   keys (QI columns of the node; in a batch led by batch_node), k (integer >= 1), */
    /*           population ({table, codes, null_label}). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= F_E, the persons of the */
    /*           population in the class; worst = MIN). */
    /* Formula:  a class E satisfies k-map iff F_E >= k, F_E = |{ persons p of the population : */
    /*           p's quasi-identifiers, generalized to the node's levels, equal E's }|. */
    /* Citation: Sweeney, "Achieving k-anonymity privacy protection using generalization and */
    /*           suppression" / "k-anonymity: a model for protecting privacy", IJUFKS 10(5), 2002 */
    /*           (k-map); El Emam, Dankar, "Protecting privacy using k-anonymity", JAMIA 15(5), 2008. */
    SELECT
      "c"."batch_node",
      "c"."q0",
      "c"."q1",
      "c"."q2",
      CAST("c"."size" AS INT128) AS "size",
      COALESCE("pc"."f", 0) < 10 AS "bad",
      CAST(COALESCE("pc"."f", 0) AS DOUBLE) AS "val"
    FROM "c"
    LEFT JOIN "pc"
      ON "pc"."batch_node" = "c"."nk0"
      AND "pc"."q0" = "c"."nk1"
      AND "pc"."q1" = "c"."nk2"
      AND "pc"."q2" = "c"."nk3"
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
    COUNT_IF("bad") AS "vc",
    COALESCE(SUM(CASE WHEN "bad" THEN "size" ELSE 0 END), 0) AS "vr",
    MAX("val") AS "worst"
  FROM (
    WITH "pc" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "n" AS "f"
      FROM "population_at_node"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "batch_node" AS "nk0",
        "q0" AS "nk1",
        "q1" AS "nk2",
        "q2" AS "nk3",
        SUM("n") AS "size"
      FROM "input"
      GROUP BY
        1,
        2,
        3,
        4
    ), "j" AS (
      SELECT
        COALESCE("c"."batch_node", "pc"."batch_node") AS "batch_node",
        COALESCE("c"."q0", "pc"."q0") AS "q0",
        COALESCE("c"."q1", "pc"."q1") AS "q1",
        COALESCE("c"."q2", "pc"."q2") AS "q2",
        COALESCE("c"."size", 0) AS "size",
        COALESCE("pc"."f", 0) AS "f",
        NOT (
          COALESCE("c"."size", 0) * 1 >= 0 * COALESCE("pc"."f", 0)
          AND COALESCE("c"."size", 0) * 1 <= 1 * COALESCE("pc"."f", 0)
        ) AS "bad"
      FROM "pc"
      FULL OUTER JOIN "c"
        ON "pc"."batch_node" = "c"."nk0"
        AND "pc"."q0" = "c"."nk1"
        AND "pc"."q1" = "c"."nk2"
        AND "pc"."q2" = "c"."nk3"
    ), "w" AS (
      SELECT
        *,
        MAX(CASE WHEN "bad" THEN 1 ELSE 0 END) OVER (PARTITION BY "batch_node") AS "any_bad"
      FROM "j"
    )
    /* check_delta_presence.sql: delta-presence, one row per equivalence class of the table. */
    /* Inputs:   input (keys..., n): frequency table of the node; the population's persons as */
    /*           _population.sql reads them (population.table). */
    /* Params:   keys (QI columns of the node; in a batch led by batch_node, each node's classes */
    /*           then decided apart), dmin_num / dmin_den, dmax_num / dmax_den (delta_min and */
    /*           delta_max as exact fractions), population ({table, codes, null_label}). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= delta_E = |E| / F_E, the share */
    /*           of the class's persons in the table; worst = MAX), for the classes of the table. */
    /* Formula:  every class E of the population at the node (with or without rows of the table) */
    /*           has delta_min <= |E| / F_E <= delta_max (exact: |E| dmin_den >= dmin_num F_E and */
    /*           |E| dmax_den <= dmax_num F_E; a class of the table the population does not hold, */
    /*           F_E = 0, fails). A class of the population without rows of the table has delta 0: */
    /*           with delta_min > 0 it fails, and removing rows cannot repair it (nor any class: */
    /*           removing a class's rows leaves it at delta 0), so then every class of the table is */
    /*           bad (the node fails whatever the suppression limit). */
    /* Citation: Nergiz, Atzori, Clifton, "Hiding the presence of individuals from shared */
    /*           databases", SIGMOD 2007, Definition 4 (delta-presence). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      CAST("size" AS INT128) AS "size",
      "bad" OR (
        0 > 0 AND "any_bad" = 1
      ) AS "bad",
      CASE WHEN "f" > 0 THEN CAST("size" AS DOUBLE) / "f" END AS "val"
    FROM "w"
    WHERE
      "size" > 0
  ) AS "c"
  GROUP BY
    "batch_node"
) AS "a2"
  USING ("batch_node");

WITH "input" AS (
  SELECT
    "b"."batch_node",
    LIST_EXTRACT(LIST_EXTRACT($m0, "b"."batch_node" + 1), "src"."q0" + 1) AS "q0",
    LIST_EXTRACT(LIST_EXTRACT($m1, "b"."batch_node" + 1), "src"."q1" + 1) AS "q1",
    LIST_EXTRACT(LIST_EXTRACT($m2, "b"."batch_node" + 1), "src"."q2" + 1) AS "q2",
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
    LIST_EXTRACT(LIST_EXTRACT($m2, "b"."batch_node" + 1), "src"."q2" + 1)
), "population_at_node" AS (
  SELECT
    "b"."batch_node",
    LIST_EXTRACT(LIST_EXTRACT($m0, "b"."batch_node" + 1), "src"."q0" + 1) AS "q0",
    LIST_EXTRACT(LIST_EXTRACT($m1, "b"."batch_node" + 1), "src"."q1" + 1) AS "q1",
    LIST_EXTRACT(LIST_EXTRACT($m2, "b"."batch_node" + 1), "src"."q2" + 1) AS "q2",
    SUM("src"."n") AS "n"
  FROM "__sqlanon_population_freq_N" AS "src"
  CROSS JOIN (
    SELECT
      CAST("range" AS INT) AS "batch_node"
    FROM RANGE(0, $nodes)
  ) AS "b"
  GROUP BY
    "b"."batch_node",
    LIST_EXTRACT(LIST_EXTRACT($m0, "b"."batch_node" + 1), "src"."q0" + 1),
    LIST_EXTRACT(LIST_EXTRACT($m1, "b"."batch_node" + 1), "src"."q1" + 1),
    LIST_EXTRACT(LIST_EXTRACT($m2, "b"."batch_node" + 1), "src"."q2" + 1)
)
SELECT
  "batch_node",
  CAST("size" AS BIGINT) AS "size",
  CAST("v1" AS BIGINT) AS "f",
  CAST(COUNT(*) AS BIGINT) AS "classes"
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
    WITH "pc" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "n" AS "f"
      FROM "population_at_node"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "batch_node" AS "nk0",
        "q0" AS "nk1",
        "q1" AS "nk2",
        "q2" AS "nk3",
        SUM("n") AS "size"
      FROM "input"
      GROUP BY
        1,
        2,
        3,
        4
    )
    SELECT
      "c"."batch_node",
      "c"."q0",
      "c"."q1",
      "c"."q2",
      CAST("c"."size" AS INT128) AS "size",
      COALESCE("pc"."f", 0) < 10 AS "bad",
      CAST(COALESCE("pc"."f", 0) AS DOUBLE) AS "val"
    FROM "c"
    LEFT JOIN "pc"
      ON "pc"."batch_node" = "c"."nk0"
      AND "pc"."q0" = "c"."nk1"
      AND "pc"."q1" = "c"."nk2"
      AND "pc"."q2" = "c"."nk3"
  ), "c2" AS (
    WITH "pc" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "n" AS "f"
      FROM "population_at_node"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "batch_node" AS "nk0",
        "q0" AS "nk1",
        "q1" AS "nk2",
        "q2" AS "nk3",
        SUM("n") AS "size"
      FROM "input"
      GROUP BY
        1,
        2,
        3,
        4
    ), "j" AS (
      SELECT
        COALESCE("c"."batch_node", "pc"."batch_node") AS "batch_node",
        COALESCE("c"."q0", "pc"."q0") AS "q0",
        COALESCE("c"."q1", "pc"."q1") AS "q1",
        COALESCE("c"."q2", "pc"."q2") AS "q2",
        COALESCE("c"."size", 0) AS "size",
        COALESCE("pc"."f", 0) AS "f",
        NOT (
          COALESCE("c"."size", 0) * 1 >= 0 * COALESCE("pc"."f", 0)
          AND COALESCE("c"."size", 0) * 1 <= 1 * COALESCE("pc"."f", 0)
        ) AS "bad"
      FROM "pc"
      FULL OUTER JOIN "c"
        ON "pc"."batch_node" = "c"."nk0"
        AND "pc"."q0" = "c"."nk1"
        AND "pc"."q1" = "c"."nk2"
        AND "pc"."q2" = "c"."nk3"
    ), "w" AS (
      SELECT
        *,
        MAX(CASE WHEN "bad" THEN 1 ELSE 0 END) OVER (PARTITION BY "batch_node") AS "any_bad"
      FROM "j"
    )
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      CAST("size" AS INT128) AS "size",
      "bad" OR (
        0 > 0 AND "any_bad" = 1
      ) AS "bad",
      CASE WHEN "f" > 0 THEN CAST("size" AS DOUBLE) / "f" END AS "val"
    FROM "w"
    WHERE
      "size" > 0
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
    "c0"."bad" OR "c1"."bad" OR "c2"."bad" AS "bad"
  FROM c0
  JOIN c1
    USING ("batch_node", "q0", "q1", "q2")
  JOIN c2
    USING ("batch_node", "q0", "q1", "q2")
) AS "v"
WHERE
  NOT "bad"
GROUP BY
  "batch_node",
  "size",
  "v1";

WITH "input" AS (
  SELECT
    "b"."batch_node",
    LIST_EXTRACT(LIST_EXTRACT($m0, "b"."batch_node" + 1), "src"."q0" + 1) AS "q0",
    LIST_EXTRACT(LIST_EXTRACT($m1, "b"."batch_node" + 1), "src"."q1" + 1) AS "q1",
    LIST_EXTRACT(LIST_EXTRACT($m2, "b"."batch_node" + 1), "src"."q2" + 1) AS "q2",
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
    LIST_EXTRACT(LIST_EXTRACT($m2, "b"."batch_node" + 1), "src"."q2" + 1)
), "population_at_node" AS (
  SELECT
    "b"."batch_node",
    LIST_EXTRACT(LIST_EXTRACT($m0, "b"."batch_node" + 1), "src"."q0" + 1) AS "q0",
    LIST_EXTRACT(LIST_EXTRACT($m1, "b"."batch_node" + 1), "src"."q1" + 1) AS "q1",
    LIST_EXTRACT(LIST_EXTRACT($m2, "b"."batch_node" + 1), "src"."q2" + 1) AS "q2",
    SUM("src"."n") AS "n"
  FROM "__sqlanon_population_freq_N" AS "src"
  CROSS JOIN (
    SELECT
      CAST("range" AS INT) AS "batch_node"
    FROM RANGE(0, $nodes)
  ) AS "b"
  GROUP BY
    "b"."batch_node",
    LIST_EXTRACT(LIST_EXTRACT($m0, "b"."batch_node" + 1), "src"."q0" + 1),
    LIST_EXTRACT(LIST_EXTRACT($m1, "b"."batch_node" + 1), "src"."q1" + 1),
    LIST_EXTRACT(LIST_EXTRACT($m2, "b"."batch_node" + 1), "src"."q2" + 1)
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
    WITH "pc" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "n" AS "f"
      FROM "population_at_node"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "batch_node" AS "nk0",
        "q0" AS "nk1",
        "q1" AS "nk2",
        "q2" AS "nk3",
        SUM("n") AS "size"
      FROM "input"
      GROUP BY
        1,
        2,
        3,
        4
    )
    SELECT
      "c"."batch_node",
      "c"."q0",
      "c"."q1",
      "c"."q2",
      CAST("c"."size" AS INT128) AS "size",
      COALESCE("pc"."f", 0) < 10 AS "bad",
      CAST(COALESCE("pc"."f", 0) AS DOUBLE) AS "val"
    FROM "c"
    LEFT JOIN "pc"
      ON "pc"."batch_node" = "c"."nk0"
      AND "pc"."q0" = "c"."nk1"
      AND "pc"."q1" = "c"."nk2"
      AND "pc"."q2" = "c"."nk3"
  ), "c2" AS (
    WITH "pc" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "n" AS "f"
      FROM "population_at_node"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "batch_node" AS "nk0",
        "q0" AS "nk1",
        "q1" AS "nk2",
        "q2" AS "nk3",
        SUM("n") AS "size"
      FROM "input"
      GROUP BY
        1,
        2,
        3,
        4
    ), "j" AS (
      SELECT
        COALESCE("c"."batch_node", "pc"."batch_node") AS "batch_node",
        COALESCE("c"."q0", "pc"."q0") AS "q0",
        COALESCE("c"."q1", "pc"."q1") AS "q1",
        COALESCE("c"."q2", "pc"."q2") AS "q2",
        COALESCE("c"."size", 0) AS "size",
        COALESCE("pc"."f", 0) AS "f",
        NOT (
          COALESCE("c"."size", 0) * 1 >= 0 * COALESCE("pc"."f", 0)
          AND COALESCE("c"."size", 0) * 1 <= 1 * COALESCE("pc"."f", 0)
        ) AS "bad"
      FROM "pc"
      FULL OUTER JOIN "c"
        ON "pc"."batch_node" = "c"."nk0"
        AND "pc"."q0" = "c"."nk1"
        AND "pc"."q1" = "c"."nk2"
        AND "pc"."q2" = "c"."nk3"
    ), "w" AS (
      SELECT
        *,
        MAX(CASE WHEN "bad" THEN 1 ELSE 0 END) OVER (PARTITION BY "batch_node") AS "any_bad"
      FROM "j"
    )
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      CAST("size" AS INT128) AS "size",
      "bad" OR (
        0 > 0 AND "any_bad" = 1
      ) AS "bad",
      CASE WHEN "f" > 0 THEN CAST("size" AS DOUBLE) / "f" END AS "val"
    FROM "w"
    WHERE
      "size" > 0
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
    "c0"."bad" OR "c1"."bad" OR "c2"."bad" AS "bad"
  FROM c0
  JOIN c1
    USING ("batch_node", "q0", "q1", "q2")
  JOIN c2
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
    LIST_EXTRACT(LIST_EXTRACT($m2, "b"."batch_node" + 1), "src"."q2" + 1)
), "population_at_node" AS (
  SELECT
    "b"."batch_node",
    LIST_EXTRACT(LIST_EXTRACT($m0, "b"."batch_node" + 1), "src"."q0" + 1) AS "q0",
    LIST_EXTRACT(LIST_EXTRACT($m1, "b"."batch_node" + 1), "src"."q1" + 1) AS "q1",
    LIST_EXTRACT(LIST_EXTRACT($m2, "b"."batch_node" + 1), "src"."q2" + 1) AS "q2",
    SUM("src"."n") AS "n"
  FROM "__sqlanon_population_freq_N" AS "src"
  CROSS JOIN (
    SELECT
      CAST("range" AS INT) AS "batch_node"
    FROM RANGE(0, $nodes)
  ) AS "b"
  GROUP BY
    "b"."batch_node",
    LIST_EXTRACT(LIST_EXTRACT($m0, "b"."batch_node" + 1), "src"."q0" + 1),
    LIST_EXTRACT(LIST_EXTRACT($m1, "b"."batch_node" + 1), "src"."q1" + 1),
    LIST_EXTRACT(LIST_EXTRACT($m2, "b"."batch_node" + 1), "src"."q2" + 1)
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
  "a1"."worst",
  "a2"."vc",
  "a2"."vr",
  "a2"."worst"
FROM "a0"
LEFT JOIN (
  SELECT
    "batch_node",
    COUNT(*) AS "classes",
    COALESCE(SUM("size"), 0) AS "rows",
    COUNT_IF("bad") AS "vc",
    COALESCE(SUM(CASE WHEN "bad" THEN "size" ELSE 0 END), 0) AS "vr",
    MIN("val") AS "worst"
  FROM (
    WITH "pc" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "n" AS "f"
      FROM "population_at_node"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "batch_node" AS "nk0",
        "q0" AS "nk1",
        "q1" AS "nk2",
        "q2" AS "nk3",
        SUM("n") AS "size"
      FROM "__screened"
      GROUP BY
        1,
        2,
        3,
        4
    )
    /* check_k_map.sql: k-map with a population table, one row per equivalence class. */
    /* Inputs:   input (keys..., n): frequency table of the node; the population's persons as */
    /*           _population.sql reads them (population.table). */
    /* Params:   keys (QI columns of the node; in a batch led by batch_node), k (integer >= 1), */
    /*           population ({table, codes, null_label}). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= F_E, the persons of the */
    /*           population in the class; worst = MIN). */
    /* Formula:  a class E satisfies k-map iff F_E >= k, F_E = |{ persons p of the population : */
    /*           p's quasi-identifiers, generalized to the node's levels, equal E's }|. */
    /* Citation: Sweeney, "Achieving k-anonymity privacy protection using generalization and */
    /*           suppression" / "k-anonymity: a model for protecting privacy", IJUFKS 10(5), 2002 */
    /*           (k-map); El Emam, Dankar, "Protecting privacy using k-anonymity", JAMIA 15(5), 2008. */
    SELECT
      "c"."batch_node",
      "c"."q0",
      "c"."q1",
      "c"."q2",
      CAST("c"."size" AS INT128) AS "size",
      COALESCE("pc"."f", 0) < 10 AS "bad",
      CAST(COALESCE("pc"."f", 0) AS DOUBLE) AS "val"
    FROM "c"
    LEFT JOIN "pc"
      ON "pc"."batch_node" = "c"."nk0"
      AND "pc"."q0" = "c"."nk1"
      AND "pc"."q1" = "c"."nk2"
      AND "pc"."q2" = "c"."nk3"
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
    COUNT_IF("bad") AS "vc",
    COALESCE(SUM(CASE WHEN "bad" THEN "size" ELSE 0 END), 0) AS "vr",
    MAX("val") AS "worst"
  FROM (
    WITH "pc" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "n" AS "f"
      FROM "population_at_node"
    ), "c" AS (
      SELECT
        "batch_node",
        "q0",
        "q1",
        "q2",
        "batch_node" AS "nk0",
        "q0" AS "nk1",
        "q1" AS "nk2",
        "q2" AS "nk3",
        SUM("n") AS "size"
      FROM "__screened"
      GROUP BY
        1,
        2,
        3,
        4
    ), "j" AS (
      SELECT
        COALESCE("c"."batch_node", "pc"."batch_node") AS "batch_node",
        COALESCE("c"."q0", "pc"."q0") AS "q0",
        COALESCE("c"."q1", "pc"."q1") AS "q1",
        COALESCE("c"."q2", "pc"."q2") AS "q2",
        COALESCE("c"."size", 0) AS "size",
        COALESCE("pc"."f", 0) AS "f",
        NOT (
          COALESCE("c"."size", 0) * 1 >= 0 * COALESCE("pc"."f", 0)
          AND COALESCE("c"."size", 0) * 1 <= 1 * COALESCE("pc"."f", 0)
        ) AS "bad"
      FROM "pc"
      FULL OUTER JOIN "c"
        ON "pc"."batch_node" = "c"."nk0"
        AND "pc"."q0" = "c"."nk1"
        AND "pc"."q1" = "c"."nk2"
        AND "pc"."q2" = "c"."nk3"
    ), "w" AS (
      SELECT
        *,
        MAX(CASE WHEN "bad" THEN 1 ELSE 0 END) OVER (PARTITION BY "batch_node") AS "any_bad"
      FROM "j"
    )
    /* check_delta_presence.sql: delta-presence, one row per equivalence class of the table. */
    /* Inputs:   input (keys..., n): frequency table of the node; the population's persons as */
    /*           _population.sql reads them (population.table). */
    /* Params:   keys (QI columns of the node; in a batch led by batch_node, each node's classes */
    /*           then decided apart), dmin_num / dmin_den, dmax_num / dmax_den (delta_min and */
    /*           delta_max as exact fractions), population ({table, codes, null_label}). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= delta_E = |E| / F_E, the share */
    /*           of the class's persons in the table; worst = MAX), for the classes of the table. */
    /* Formula:  every class E of the population at the node (with or without rows of the table) */
    /*           has delta_min <= |E| / F_E <= delta_max (exact: |E| dmin_den >= dmin_num F_E and */
    /*           |E| dmax_den <= dmax_num F_E; a class of the table the population does not hold, */
    /*           F_E = 0, fails). A class of the population without rows of the table has delta 0: */
    /*           with delta_min > 0 it fails, and removing rows cannot repair it (nor any class: */
    /*           removing a class's rows leaves it at delta 0), so then every class of the table is */
    /*           bad (the node fails whatever the suppression limit). */
    /* Citation: Nergiz, Atzori, Clifton, "Hiding the presence of individuals from shared */
    /*           databases", SIGMOD 2007, Definition 4 (delta-presence). */
    SELECT
      "batch_node",
      "q0",
      "q1",
      "q2",
      CAST("size" AS INT128) AS "size",
      "bad" OR (
        0 > 0 AND "any_bad" = 1
      ) AS "bad",
      CASE WHEN "f" > 0 THEN CAST("size" AS DOUBLE) / "f" END AS "val"
    FROM "w"
    WHERE
      "size" > 0
  ) AS "c"
  GROUP BY
    "batch_node"
) AS "a2"
  USING ("batch_node");
