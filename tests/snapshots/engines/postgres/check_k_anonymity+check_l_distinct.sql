SELECT
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
      "q0",
      "q1",
      "q2",
      CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
      SUM("n") < 5 AS "bad",
      CAST(SUM("n") AS DOUBLE PRECISION) AS "val"
    FROM "__sqlanon_gate_freq_N"
    GROUP BY
      "q0",
      "q1",
      "q2"
  ) AS "c"
) AS "a0"
CROSS JOIN (
  SELECT
    COUNT(*) AS "classes",
    COALESCE(SUM("size"), 0) AS "rows",
    SUM(CASE WHEN "bad" THEN 1 ELSE 0 END) AS "vc",
    COALESCE(SUM(CASE WHEN "bad" THEN "size" ELSE 0 END), 0) AS "vr",
    MIN("val") AS "worst"
  FROM (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "s0" AS "s",
        SUM("n") AS "n"
      FROM "__sqlanon_gate_freq_N"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    )
    /* check_l_distinct.sql: distinct l-diversity, one row per equivalence class. */
    /* Inputs:   input (keys..., s, n): node frequency table; s is the sensitive attribute's column. */
    /* Params:   keys, s, l (integer >= 1). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= distinct values; worst = MIN). */
    /* Formula:  E satisfies distinct l-diversity iff |{ s : n(E, s) > 0 }| >= l. With people */
    /*           (_people_values.sql), also, for l > 1: E holds at least l people (SUM np) and no */
    /*           value is held by all of them (MAX c < SUM np), as every l-diverse class of one row */
    /*           per person does; so a class whose values are one person's several values fails */
    /*           (docs/people.md). */
    /* Citation: Machanavajjhala et al., l-Diversity (002), section 4.1 (distinct l-diversity). */
    SELECT
      "q0",
      "q1",
      "q2",
      CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
      COUNT(*) < 2 AS "bad",
      CAST(COUNT(*) AS DOUBLE PRECISION) AS "val"
    FROM "f"
    GROUP BY
      "q0",
      "q1",
      "q2"
  ) AS "c"
) AS "a1";
