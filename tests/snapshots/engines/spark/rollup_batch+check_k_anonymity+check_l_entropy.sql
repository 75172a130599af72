WITH `input` AS (
  SELECT
    `b`.`batch_node`,
    TRY_ELEMENT_AT(
      TRY_ELEMENT_AT(:m0, CAST(`b`.`batch_node` + 1 AS INT)),
      CAST(`src`.`q0` + 1 AS INT)
    ) AS `q0`,
    TRY_ELEMENT_AT(
      TRY_ELEMENT_AT(:m1, CAST(`b`.`batch_node` + 1 AS INT)),
      CAST(`src`.`q1` + 1 AS INT)
    ) AS `q1`,
    TRY_ELEMENT_AT(
      TRY_ELEMENT_AT(:m2, CAST(`b`.`batch_node` + 1 AS INT)),
      CAST(`src`.`q2` + 1 AS INT)
    ) AS `q2`,
    `src`.`s0`,
    SUM(`src`.`n`) AS `n`
  FROM `__sqlanon_freq_N` AS `src`
  CROSS JOIN (
    SELECT
      CAST(`range` AS INT) AS `batch_node`
    FROM (
      SELECT
        EXPLODE(IF((
          :nodes - 1
        ) < 0, ARRAY(), SEQUENCE(0, (
          :nodes - 1
        )))) AS `range`
    ) AS `range`
  ) AS `b`
  GROUP BY
    `b`.`batch_node`,
    TRY_ELEMENT_AT(
      TRY_ELEMENT_AT(:m0, CAST(`b`.`batch_node` + 1 AS INT)),
      CAST(`src`.`q0` + 1 AS INT)
    ),
    TRY_ELEMENT_AT(
      TRY_ELEMENT_AT(:m1, CAST(`b`.`batch_node` + 1 AS INT)),
      CAST(`src`.`q1` + 1 AS INT)
    ),
    TRY_ELEMENT_AT(
      TRY_ELEMENT_AT(:m2, CAST(`b`.`batch_node` + 1 AS INT)),
      CAST(`src`.`q2` + 1 AS INT)
    ),
    `src`.`s0`
), `f__w0` AS (
  SELECT
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    `s0` AS `s`,
    CAST(SUM(`n`) AS DOUBLE) AS `n`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`
  FROM `input`
  GROUP BY
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    `s0`
  HAVING
    SUM(`n`) > 0
), `c__w0` AS (
  SELECT
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    SUM(`cnt`) AS `size`,
    GREATEST(LN(SUM(`n`)) - SUM(`n` * LN(`n`)) / SUM(`n`), 0.0) AS `h`
  FROM `f__w0` AS `f`
  GROUP BY
    `batch_node`,
    `q0`,
    `q1`,
    `q2`
)
SELECT
  `a0`.`batch_node`,
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
    `batch_node`,
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
      `batch_node`,
      `q0`,
      `q1`,
      `q2`,
      CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `size`,
      SUM(`n`) < 5 AS `bad`,
      CAST(SUM(`n`) AS DOUBLE) AS `val`
    FROM `input`
    GROUP BY
      `batch_node`,
      `q0`,
      `q1`,
      `q2`
  ) AS `c`
  GROUP BY
    `batch_node`
) AS `a0`
JOIN (
  SELECT
    `batch_node`,
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
      `batch_node`,
      `q0`,
      `q1`,
      `q2`,
      `size`,
      `h` < LN(2.0) - 1e-09 AS `bad`,
      EXP(`h`) AS `val`
    FROM `c__w0` AS `c`
  ) AS `c`
  GROUP BY
    `batch_node`
) AS `a1`
  USING (`batch_node`);

WITH `input` AS (
  SELECT
    `b`.`batch_node`,
    TRY_ELEMENT_AT(
      TRY_ELEMENT_AT(:m0, CAST(`b`.`batch_node` + 1 AS INT)),
      CAST(`src`.`q0` + 1 AS INT)
    ) AS `q0`,
    TRY_ELEMENT_AT(
      TRY_ELEMENT_AT(:m1, CAST(`b`.`batch_node` + 1 AS INT)),
      CAST(`src`.`q1` + 1 AS INT)
    ) AS `q1`,
    TRY_ELEMENT_AT(
      TRY_ELEMENT_AT(:m2, CAST(`b`.`batch_node` + 1 AS INT)),
      CAST(`src`.`q2` + 1 AS INT)
    ) AS `q2`,
    `src`.`s0`,
    SUM(`src`.`n`) AS `n`
  FROM `__sqlanon_freq_N` AS `src`
  CROSS JOIN (
    SELECT
      CAST(`range` AS INT) AS `batch_node`
    FROM (
      SELECT
        EXPLODE(IF((
          :nodes - 1
        ) < 0, ARRAY(), SEQUENCE(0, (
          :nodes - 1
        )))) AS `range`
    ) AS `range`
  ) AS `b`
  GROUP BY
    `b`.`batch_node`,
    TRY_ELEMENT_AT(
      TRY_ELEMENT_AT(:m0, CAST(`b`.`batch_node` + 1 AS INT)),
      CAST(`src`.`q0` + 1 AS INT)
    ),
    TRY_ELEMENT_AT(
      TRY_ELEMENT_AT(:m1, CAST(`b`.`batch_node` + 1 AS INT)),
      CAST(`src`.`q1` + 1 AS INT)
    ),
    TRY_ELEMENT_AT(
      TRY_ELEMENT_AT(:m2, CAST(`b`.`batch_node` + 1 AS INT)),
      CAST(`src`.`q2` + 1 AS INT)
    ),
    `src`.`s0`
), `c0__w1` AS (
  SELECT
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `size`,
    SUM(`n`) < 5 AS `bad`,
    CAST(SUM(`n`) AS DOUBLE) AS `val`
  FROM `input`
  GROUP BY
    `batch_node`,
    `q0`,
    `q1`,
    `q2`
), `f__w0` AS (
  SELECT
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    `s0` AS `s`,
    CAST(SUM(`n`) AS DOUBLE) AS `n`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`
  FROM `input`
  GROUP BY
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    `s0`
  HAVING
    SUM(`n`) > 0
), `c__w0` AS (
  SELECT
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    SUM(`cnt`) AS `size`,
    GREATEST(LN(SUM(`n`)) - SUM(`n` * LN(`n`)) / SUM(`n`), 0.0) AS `h`
  FROM `f__w0` AS `f`
  GROUP BY
    `batch_node`,
    `q0`,
    `q1`,
    `q2`
), `c1__w1` AS (
  SELECT
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    `size`,
    `h` < LN(2.0) - 1e-09 AS `bad`,
    EXP(`h`) AS `val`
  FROM `c__w0` AS `c`
)
SELECT
  `batch_node`,
  COUNT(*) AS `classes`,
  COALESCE(SUM(`size`), 0) AS `rows`,
  COUNT_IF(`bad`) AS `vc`,
  COALESCE(SUM(CASE WHEN `bad` THEN `size` ELSE 0 END), 0) AS `vr`
FROM (
  SELECT
    `c0`.`batch_node`,
    `c0`.`q0`,
    `c0`.`q1`,
    `c0`.`q2`,
    `c0`.`size` AS `size`,
    `c0`.`bad` AS `b0`,
    `c0`.`val` AS `v0`,
    `c1`.`bad` AS `b1`,
    `c1`.`val` AS `v1`,
    `c0`.`bad` OR `c1`.`bad` AS `bad`
  FROM `c0__w1` AS `c0`
  JOIN `c1__w1` AS `c1`
    USING (`batch_node`, `q0`, `q1`, `q2`)
) AS `c`
GROUP BY
  `batch_node`;

WITH `input` AS (
  SELECT
    `b`.`batch_node`,
    TRY_ELEMENT_AT(
      TRY_ELEMENT_AT(:m0, CAST(`b`.`batch_node` + 1 AS INT)),
      CAST(`src`.`q0` + 1 AS INT)
    ) AS `q0`,
    TRY_ELEMENT_AT(
      TRY_ELEMENT_AT(:m1, CAST(`b`.`batch_node` + 1 AS INT)),
      CAST(`src`.`q1` + 1 AS INT)
    ) AS `q1`,
    TRY_ELEMENT_AT(
      TRY_ELEMENT_AT(:m2, CAST(`b`.`batch_node` + 1 AS INT)),
      CAST(`src`.`q2` + 1 AS INT)
    ) AS `q2`,
    `src`.`s0`,
    SUM(`src`.`n`) AS `n`
  FROM `__sqlanon_freq_N` AS `src`
  CROSS JOIN (
    SELECT
      CAST(`range` AS INT) AS `batch_node`
    FROM (
      SELECT
        EXPLODE(IF((
          :nodes - 1
        ) < 0, ARRAY(), SEQUENCE(0, (
          :nodes - 1
        )))) AS `range`
    ) AS `range`
  ) AS `b`
  GROUP BY
    `b`.`batch_node`,
    TRY_ELEMENT_AT(
      TRY_ELEMENT_AT(:m0, CAST(`b`.`batch_node` + 1 AS INT)),
      CAST(`src`.`q0` + 1 AS INT)
    ),
    TRY_ELEMENT_AT(
      TRY_ELEMENT_AT(:m1, CAST(`b`.`batch_node` + 1 AS INT)),
      CAST(`src`.`q1` + 1 AS INT)
    ),
    TRY_ELEMENT_AT(
      TRY_ELEMENT_AT(:m2, CAST(`b`.`batch_node` + 1 AS INT)),
      CAST(`src`.`q2` + 1 AS INT)
    ),
    `src`.`s0`
), `a0` AS (
  SELECT
    `batch_node`,
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
      `batch_node`,
      `q0`,
      `q1`,
      `q2`,
      CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `size`,
      SUM(`n`) < 5 AS `bad`,
      CAST(SUM(`n`) AS DOUBLE) AS `val`
    FROM `input`
    GROUP BY
      `batch_node`,
      `q0`,
      `q1`,
      `q2`
  ) AS `c`
  GROUP BY
    `batch_node`
), `__screened` AS (
  SELECT
    *
  FROM `input`
  WHERE
    `batch_node` IN (
      SELECT
        `batch_node`
      FROM `a0`
      WHERE
        `vr` <= 8
    )
), `f__w0` AS (
  SELECT
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    `s0` AS `s`,
    CAST(SUM(`n`) AS DOUBLE) AS `n`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`
  FROM `__screened`
  GROUP BY
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    `s0`
  HAVING
    SUM(`n`) > 0
), `c__w0` AS (
  SELECT
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    SUM(`cnt`) AS `size`,
    GREATEST(LN(SUM(`n`)) - SUM(`n` * LN(`n`)) / SUM(`n`), 0.0) AS `h`
  FROM `f__w0` AS `f`
  GROUP BY
    `batch_node`,
    `q0`,
    `q1`,
    `q2`
)
SELECT
  `a0`.`batch_node`,
  `a0`.`classes`,
  `a0`.`rows`,
  `a0`.`vc`,
  `a0`.`vr`,
  `a0`.`worst`,
  `a1`.`vc`,
  `a1`.`vr`,
  `a1`.`worst`
FROM `a0`
LEFT JOIN (
  SELECT
    `batch_node`,
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
      `batch_node`,
      `q0`,
      `q1`,
      `q2`,
      `size`,
      `h` < LN(2.0) - 1e-09 AS `bad`,
      EXP(`h`) AS `val`
    FROM `c__w0` AS `c`
  ) AS `c`
  GROUP BY
    `batch_node`
) AS `a1`
  USING (`batch_node`);
