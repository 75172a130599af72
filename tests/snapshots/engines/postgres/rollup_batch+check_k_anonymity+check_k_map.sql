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
    )["b"."batch_node" + 1]["src"."q2" + 1]
), "population_at_node" AS (
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
    SUM("src"."n") AS "n"
  FROM "__sqlanon_population_freq_N" AS "src"
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
    )["b"."batch_node" + 1]["src"."q2" + 1]
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
      CAST("c"."size" AS DECIMAL(38, 0)) AS "size",
      COALESCE("pc"."f", 0) < 10 AS "bad",
      CAST(COALESCE("pc"."f", 0) AS DOUBLE PRECISION) AS "val"
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
  USING ("batch_node");
