WITH `f__w0` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    `s0` AS `s`,
    CAST(SUM(`n`) AS DOUBLE) AS `n`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`
  FROM `__sqlanon_gate_freq_N`
  GROUP BY
    `q0`,
    `q1`,
    `q2`,
    `s0`
  HAVING
    SUM(`n`) > 0
), `c__w0` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    SUM(`cnt`) AS `size`,
    GREATEST(LN(SUM(`n`)) - SUM(`n` * LN(`n`)) / SUM(`n`), 0.0) AS `h`
  FROM `f__w0` AS `f`
  GROUP BY
    `q0`,
    `q1`,
    `q2`
)
SELECT
  `a0`.`classes`,
  `a0`.`rows`,
  `a0`.`vc`,
  `a0`.`vr`,
  `a0`.`worst`,
  `a1`.`vc`,
  `a1`.`vr`,
  `a1`.`worst`
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
      SUM(`n`) < 5 AS `bad`,
      CAST(SUM(`n`) AS DOUBLE) AS `val`
    FROM `__sqlanon_gate_freq_N`
    GROUP BY
      `q0`,
      `q1`,
      `q2`
  ) AS `c`
) AS `a0`
CROSS JOIN (
  SELECT
    COUNT(*) AS `classes`,
    COALESCE(SUM(`size`), 0) AS `rows`,
    COUNT_IF(`bad`) AS `vc`,
    COALESCE(SUM(CASE WHEN `bad` THEN `size` ELSE 0 END), 0) AS `vr`,
    MIN(`val`) AS `worst`
  FROM (
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
      `q0`,
      `q1`,
      `q2`,
      `size`,
      `h` < LN(2.0) - 1e-09 AS `bad`,
      EXP(`h`) AS `val`
    FROM `c__w0` AS `c`
  ) AS `c`
) AS `a1`;
