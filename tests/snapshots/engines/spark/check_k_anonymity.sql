SELECT
  `a0`.`classes`,
  `a0`.`rows`,
  `a0`.`vc`,
  `a0`.`vr`,
  `a0`.`worst`
FROM (
  SELECT
    COUNT(*) AS `classes`,
    COALESCE(SUM(`size`), 0) AS `rows`,
    COUNT_IF(`bad`) AS `vc`,
    COALESCE(SUM(CASE WHEN `bad` THEN `size` ELSE 0 END), 0) AS `vr`,
    MIN(`val`) AS `worst`
  FROM (
    /* check_k_anonymity.sql: k-anonymity, one row per equivalence class. */
    /* Inputs:   input (keys..., n): frequency table of the node (any extra columns are ignored). */
    /* Params:   keys (QI columns of the node), k (integer >= 1). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= class size; worst = MIN). */
    /* Formula:  a class E satisfies k-anonymity iff |E| >= k (with people: the input's np, its */
    /*           people, _people_values.sql; k counts people). */
    /* Citation: Sweeney, k-anonymity (2002); l-diversity paper (002) Definition 2.1. */
    SELECT
      `q0`,
      `q1`,
      `q2`,
      CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `size`,
      SUM(`n`) < 3 AS `bad`,
      CAST(SUM(`n`) AS DOUBLE) AS `val`
    FROM `__sqlanon_gate_freq_N`
    GROUP BY
      `q0`,
      `q1`,
      `q2`
  ) AS `c`
) AS `a0`;

SELECT
  `a0`.`classes`,
  `a0`.`rows`,
  `a0`.`vc`,
  `a0`.`vr`,
  `a0`.`worst`
FROM (
  SELECT
    COUNT(*) AS `classes`,
    COALESCE(SUM(`size`), 0) AS `rows`,
    COUNT_IF(`bad`) AS `vc`,
    COALESCE(SUM(CASE WHEN `bad` THEN `size` ELSE 0 END), 0) AS `vr`,
    MIN(`val`) AS `worst`
  FROM (
    /* check_k_anonymity.sql: k-anonymity, one row per equivalence class. */
    /* Inputs:   input (keys..., n): frequency table of the node (any extra columns are ignored). */
    /* Params:   keys (QI columns of the node), k (integer >= 1). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= class size; worst = MIN). */
    /* Formula:  a class E satisfies k-anonymity iff |E| >= k (with people: the input's np, its */
    /*           people, _people_values.sql; k counts people). */
    /* Citation: Sweeney, k-anonymity (2002); l-diversity paper (002) Definition 2.1. */
    SELECT
      `q0`,
      `q1`,
      `q2`,
      CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `size`,
      SUM(`n`) < 51 AS `bad`,
      CAST(SUM(`n`) AS DOUBLE) AS `val`
    FROM `__sqlanon_gate_freq_N`
    GROUP BY
      `q0`,
      `q1`,
      `q2`
  ) AS `c`
) AS `a0`;
