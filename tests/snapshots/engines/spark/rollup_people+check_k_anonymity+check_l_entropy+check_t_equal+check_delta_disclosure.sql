CREATE TEMPORARY VIEW `__sqlanon_verdicts_N` AS
WITH `input__w4` AS (
  WITH `gen__w0` AS (
    SELECT DISTINCT
      `src`.`g`,
      TRY_ELEMENT_AT(:m0, CAST(`src`.`q0` + 1 AS INT)) AS `q0`,
      TRY_ELEMENT_AT(:m1, CAST(`src`.`q1` + 1 AS INT)) AS `q1`,
      TRY_ELEMENT_AT(:m2, CAST(`src`.`q2` + 1 AS INT)) AS `q2`
    FROM `__sqlanon_members_N` AS `src`
  ), `sig__w0` AS (
    SELECT
      `gen`.`g`,
      ARRAY_SORT(
        COLLECT_LIST(
          (
            CAST(`gen`.`q0` AS BIGINT) + 3 * (
              CAST(`gen`.`q1` AS BIGINT) + 3 * CAST(`gen`.`q2` AS BIGINT)
            )
          )
        )
      ) AS `sig`
    FROM `gen__w0` AS `gen`
    GROUP BY
      `gen`.`g`
  )
  SELECT
    `sig`.`sig` AS `q0`,
    CAST(0 AS INT) AS `q1`,
    CAST(0 AS INT) AS `q2`,
    `v`.`s0`,
    CAST(SUM(`v`.`n`) AS BIGINT) AS `n`,
    CAST(SUM(`v`.`c`) AS BIGINT) AS `c`,
    CAST(SUM(`v`.`np`) AS BIGINT) AS `np`
  FROM `sig__w0` AS `sig`
  JOIN `__sqlanon_person_values_N` AS `v`
    ON `v`.`g` = `sig`.`g`
  GROUP BY
    `sig`.`sig`,
    `v`.`s0`
), `c0__w4` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    CAST(SUM(`np`) AS DECIMAL(38, 0)) AS `size`,
    SUM(`np`) < 2 AS `bad`,
    CAST(SUM(`np`) AS DOUBLE) AS `val`
  FROM `input__w4` AS `input`
  GROUP BY
    `q0`,
    `q1`,
    `q2`
), `c1__w4` AS (
  WITH `f__w1` AS (
    SELECT
      `q0`,
      `q1`,
      `q2`,
      `s0` AS `s`,
      CAST(SUM(`n`) AS DOUBLE) AS `n`,
      CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`,
      CAST(SUM(`c`) AS DECIMAL(38, 0)) AS `c`,
      CAST(SUM(`np`) AS DECIMAL(38, 0)) AS `np`
    FROM `input__w4` AS `input`
    GROUP BY
      `q0`,
      `q1`,
      `q2`,
      `s0`
    HAVING
      SUM(`n`) > 0
  ), `c__w1` AS (
    SELECT
      `q0`,
      `q1`,
      `q2`,
      SUM(`np`) AS `size`,
      GREATEST(LN(SUM(`n`)) - SUM(`n` * LN(`n`)) / SUM(`n`), 0.0) AS `h`,
      MAX(`c`) AS `top`
    FROM `f__w1` AS `f`
    GROUP BY
      `q0`,
      `q1`,
      `q2`
  )
  SELECT
    `q0`,
    `q1`,
    `q2`,
    `size`,
    (
      `h` < LN(1.5) - 1e-09
      OR (
        1.5 > 1 AND (
          `size` < 1.5 OR `top` >= `size`
        )
      )
    ) AS `bad`,
    EXP(`h`) AS `val`
  FROM `c__w1` AS `c`
), `c2__w4` AS (
  WITH `f__w2` AS (
    SELECT
      `q0`,
      `q1`,
      `q2`,
      `s0` AS `s`,
      CAST(SUM(`n`) AS DOUBLE) AS `n`,
      CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`,
      CAST(SUM(`c`) AS DECIMAL(38, 0)) AS `c`,
      CAST(SUM(`np`) AS DECIMAL(38, 0)) AS `np`
    FROM `input__w4` AS `input`
    GROUP BY
      `q0`,
      `q1`,
      `q2`,
      `s0`
    HAVING
      SUM(`n`) > 0
  ), `tot__w2` AS (
    SELECT
      SUM(`n`) AS `total`
    FROM `f__w2` AS `f`
  ), `g__w2` AS (
    SELECT
      `s`,
      SUM(`n`) / MAX(`tot`.`total`) AS `q`
    FROM `f__w2` AS `f`
    CROSS JOIN `tot__w2` AS `tot`
    GROUP BY
      `s`
  ), `c__w2` AS (
    SELECT
      `q0`,
      `q1`,
      `q2`,
      SUM(`n`) AS `size`,
      SUM(`np`) AS `rows`
    FROM `f__w2` AS `f`
    GROUP BY
      `q0`,
      `q1`,
      `q2`
  ), `d__w2` AS (
    SELECT
      `f`.`q0`,
      `f`.`q1`,
      `f`.`q2`,
      MAX(`c`.`rows`) AS `size`,
      SUM(GREATEST(`f`.`n` / `c`.`size` - `g`.`q`, 0.0)) AS `emd`
    FROM `f__w2` AS `f`
    JOIN `c__w2` AS `c`
      USING (`q0`, `q1`, `q2`)
    JOIN `g__w2` AS `g`
      USING (`s`)
    GROUP BY
      `f`.`q0`,
      `f`.`q1`,
      `f`.`q2`
  )
  SELECT
    `q0`,
    `q1`,
    `q2`,
    `size`,
    `emd` > 0.4 + 1e-09 AS `bad`,
    `emd` AS `val`
  FROM `d__w2` AS `d`
), `c3__w4` AS (
  WITH `f__w3` AS (
    SELECT
      `q0`,
      `q1`,
      `q2`,
      `s0` AS `s`,
      CAST(SUM(`n`) AS DOUBLE) AS `n`,
      CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`,
      CAST(SUM(`c`) AS DECIMAL(38, 0)) AS `c`,
      CAST(SUM(`np`) AS DECIMAL(38, 0)) AS `np`
    FROM `input__w4` AS `input`
    GROUP BY
      `q0`,
      `q1`,
      `q2`,
      `s0`
    HAVING
      SUM(`n`) > 0
  ), `gc__w3` AS (
    SELECT
      `s`,
      SUM(`c`) AS `qcnt`,
      SUM(`np`) AS `qnp`
    FROM `f__w3` AS `f`
    GROUP BY
      `s`
  ), `tot__w3` AS (
    SELECT
      CAST(SUM(`qnp`) AS DECIMAL(38, 0)) AS `total`,
      COUNT(*) AS `m`
    FROM `gc__w3` AS `gc`
  ), `e__w3` AS (
    SELECT
      `f`.`q0`,
      `f`.`q1`,
      `f`.`q2`,
      `f`.`c` AS `cnt`,
      CAST(`gc`.`qcnt` AS DECIMAL(38, 0)) AS `qcnt`,
      `tot`.`total`,
      `tot`.`m`,
      CAST(SUM(`f`.`np`) OVER (PARTITION BY `f`.`q0`, `f`.`q1`, `f`.`q2`) AS DECIMAL(38, 0)) AS `size`,
      CAST(SUM(`f`.`np`) OVER (PARTITION BY `f`.`q0`, `f`.`q1`, `f`.`q2`) AS DECIMAL(38, 0)) AS `people`
    FROM `f__w3` AS `f`
    JOIN `gc__w3` AS `gc`
      ON `gc`.`s` = `f`.`s`
    CROSS JOIN `tot__w3` AS `tot`
  ), `c__w3` AS (
    SELECT
      `q0`,
      `q1`,
      `q2`,
      MAX(`size`) AS `size`,
      CASE
        WHEN COUNT(*) < MAX(`m`)
        THEN CAST('inf' AS DOUBLE)
        ELSE MAX(ABS(LN(CAST(`cnt` * `total` AS DOUBLE) / CAST(`size` * `qcnt` AS DOUBLE))))
      END AS `val`
    FROM `e__w3` AS `e`
    GROUP BY
      `q0`,
      `q1`,
      `q2`
  )
  SELECT
    `q0`,
    `q1`,
    `q2`,
    `size`,
    `val` >= 3.0 - 1e-09 AS `bad`,
    `val`
  FROM `c__w3` AS `c`
)
SELECT
  `c0`.`q0`,
  `c0`.`q1`,
  `c0`.`q2`,
  `c0`.`size` AS `size`,
  `c0`.`bad` AS `b0`,
  `c0`.`val` AS `v0`,
  `c1`.`bad` AS `b1`,
  `c1`.`val` AS `v1`,
  `c2`.`bad` AS `b2`,
  `c2`.`val` AS `v2`,
  `c3`.`bad` AS `b3`,
  `c3`.`val` AS `v3`,
  `c0`.`bad` OR `c1`.`bad` OR `c2`.`bad` OR `c3`.`bad` AS `bad`
FROM `c0__w4` AS `c0`
JOIN `c1__w4` AS `c1`
  USING (`q0`, `q1`, `q2`)
JOIN `c2__w4` AS `c2`
  USING (`q0`, `q1`, `q2`)
JOIN `c3__w4` AS `c3`
  USING (`q0`, `q1`, `q2`);

WITH `gen__w3` AS (
  SELECT DISTINCT
    `b`.`batch_node`,
    `src`.`g`,
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
    ) AS `q2`
  FROM `__sqlanon_members_N` AS `src`
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
), `sig__w3` AS (
  SELECT
    `gen`.`batch_node`,
    `gen`.`g`,
    ARRAY_SORT(
      COLLECT_LIST(
        (
          CAST(`gen`.`q0` AS BIGINT) + 3 * (
            CAST(`gen`.`q1` AS BIGINT) + 3 * CAST(`gen`.`q2` AS BIGINT)
          )
        )
      )
    ) AS `sig`
  FROM `gen__w3` AS `gen`
  GROUP BY
    `gen`.`batch_node`,
    `gen`.`g`
), `input` AS (
  SELECT
    `sig`.`batch_node`,
    `sig`.`sig` AS `q0`,
    CAST(0 AS INT) AS `q1`,
    CAST(0 AS INT) AS `q2`,
    `v`.`s0`,
    CAST(SUM(`v`.`n`) AS BIGINT) AS `n`,
    CAST(SUM(`v`.`c`) AS BIGINT) AS `c`,
    CAST(SUM(`v`.`np`) AS BIGINT) AS `np`
  FROM `sig__w3` AS `sig`
  JOIN `__sqlanon_person_values_N` AS `v`
    ON `v`.`g` = `sig`.`g`
  GROUP BY
    `sig`.`batch_node`,
    `sig`.`sig`,
    `v`.`s0`
), `f__w0` AS (
  SELECT
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    `s0` AS `s`,
    CAST(SUM(`n`) AS DOUBLE) AS `n`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`,
    CAST(SUM(`c`) AS DECIMAL(38, 0)) AS `c`,
    CAST(SUM(`np`) AS DECIMAL(38, 0)) AS `np`
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
    SUM(`np`) AS `size`,
    GREATEST(LN(SUM(`n`)) - SUM(`n` * LN(`n`)) / SUM(`n`), 0.0) AS `h`,
    MAX(`c`) AS `top`
  FROM `f__w0` AS `f`
  GROUP BY
    `batch_node`,
    `q0`,
    `q1`,
    `q2`
), `f__w1` AS (
  SELECT
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    `s0` AS `s`,
    CAST(SUM(`n`) AS DOUBLE) AS `n`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`,
    CAST(SUM(`c`) AS DECIMAL(38, 0)) AS `c`,
    CAST(SUM(`np`) AS DECIMAL(38, 0)) AS `np`
  FROM `input`
  GROUP BY
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    `s0`
  HAVING
    SUM(`n`) > 0
), `tot__w1` AS (
  SELECT
    SUM(`n`) AS `total`
  FROM `f__w1` AS `f`
), `g__w1` AS (
  SELECT
    `s`,
    SUM(`n`) / MAX(`tot`.`total`) AS `q`
  FROM `f__w1` AS `f`
  CROSS JOIN `tot__w1` AS `tot`
  GROUP BY
    `s`
), `c__w1` AS (
  SELECT
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    SUM(`n`) AS `size`,
    SUM(`np`) AS `rows`
  FROM `f__w1` AS `f`
  GROUP BY
    `batch_node`,
    `q0`,
    `q1`,
    `q2`
), `d__w1` AS (
  SELECT
    `f`.`batch_node`,
    `f`.`q0`,
    `f`.`q1`,
    `f`.`q2`,
    MAX(`c`.`rows`) AS `size`,
    SUM(GREATEST(`f`.`n` / `c`.`size` - `g`.`q`, 0.0)) AS `emd`
  FROM `f__w1` AS `f`
  JOIN `c__w1` AS `c`
    USING (`batch_node`, `q0`, `q1`, `q2`)
  JOIN `g__w1` AS `g`
    USING (`s`)
  GROUP BY
    `f`.`batch_node`,
    `f`.`q0`,
    `f`.`q1`,
    `f`.`q2`
), `f__w2` AS (
  SELECT
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    `s0` AS `s`,
    CAST(SUM(`n`) AS DOUBLE) AS `n`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`,
    CAST(SUM(`c`) AS DECIMAL(38, 0)) AS `c`,
    CAST(SUM(`np`) AS DECIMAL(38, 0)) AS `np`
  FROM `input`
  GROUP BY
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    `s0`
  HAVING
    SUM(`n`) > 0
), `gc__w2` AS (
  SELECT
    `s`,
    SUM(`c`) AS `qcnt`,
    SUM(`np`) AS `qnp`
  FROM `f__w2` AS `f`
  GROUP BY
    `s`
), `tot__w2` AS (
  SELECT
    CAST(SUM(`qnp`) AS DECIMAL(38, 0)) AS `total`,
    COUNT(*) AS `m`
  FROM `gc__w2` AS `gc`
), `e__w2` AS (
  SELECT
    `f`.`batch_node`,
    `f`.`q0`,
    `f`.`q1`,
    `f`.`q2`,
    `f`.`c` AS `cnt`,
    CAST(`gc`.`qcnt` AS DECIMAL(38, 0)) AS `qcnt`,
    `tot`.`total`,
    `tot`.`m`,
    CAST(SUM(`f`.`np`) OVER (PARTITION BY `f`.`batch_node`, `f`.`q0`, `f`.`q1`, `f`.`q2`) AS DECIMAL(38, 0)) AS `size`,
    CAST(SUM(`f`.`np`) OVER (PARTITION BY `f`.`batch_node`, `f`.`q0`, `f`.`q1`, `f`.`q2`) AS DECIMAL(38, 0)) AS `people`
  FROM `f__w2` AS `f`
  JOIN `gc__w2` AS `gc`
    ON `gc`.`s` = `f`.`s`
  CROSS JOIN `tot__w2` AS `tot`
), `c__w2` AS (
  SELECT
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    MAX(`size`) AS `size`,
    CASE
      WHEN COUNT(*) < MAX(`m`)
      THEN CAST('inf' AS DOUBLE)
      ELSE MAX(ABS(LN(CAST(`cnt` * `total` AS DOUBLE) / CAST(`size` * `qcnt` AS DOUBLE))))
    END AS `val`
  FROM `e__w2` AS `e`
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
  `a1`.`worst`,
  `a2`.`vc`,
  `a2`.`vr`,
  `a2`.`worst`,
  `a3`.`vc`,
  `a3`.`vr`,
  `a3`.`worst`
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
      CAST(SUM(`np`) AS DECIMAL(38, 0)) AS `size`,
      SUM(`np`) < 2 AS `bad`,
      CAST(SUM(`np`) AS DOUBLE) AS `val`
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
      (
        `h` < LN(1.5) - 1e-09
        OR (
          1.5 > 1 AND (
            `size` < 1.5 OR `top` >= `size`
          )
        )
      ) AS `bad`,
      EXP(`h`) AS `val`
    FROM `c__w0` AS `c`
  ) AS `c`
  GROUP BY
    `batch_node`
) AS `a1`
  USING (`batch_node`)
JOIN (
  SELECT
    `batch_node`,
    COUNT(*) AS `classes`,
    COALESCE(SUM(`size`), 0) AS `rows`,
    COUNT_IF(`bad`) AS `vc`,
    COALESCE(SUM(CASE WHEN `bad` THEN `size` ELSE 0 END), 0) AS `vr`,
    MAX(`val`) AS `worst`
  FROM (
    /* check_t_equal.sql: t-closeness with equal ground distance (EMD = variational distance). */
    /* Inputs:   input (keys..., s, n). Q is the distribution of s over the whole input. */
    /* Params:   keys, s, t in [0, 1], tol (absolute tolerance on the EMD). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= EMD(P_E, Q); worst = MAX). */
    /* Formula:  EMD = 1/2 sum_v |p_v - q_v| = sum over values v present in E of max(p_v - q_v, 0) */
    /*           (values absent from E have p_v = 0 and add nothing to the positive part); */
    /*           E satisfies t-closeness iff EMD <= t (tested as EMD <= t + tol). */
    /* Citation: Li, Li, Venkatasubramanian, t-Closeness (003), section 4.2, equal distance. */
    /* People:   with people (_people_values.sql: person: set), p and q are distributions in which each */
    /*           person weighs one (n: a person's weight split evenly over their values), and size */
    /*           counts people (np) (docs/people.md). */
    SELECT
      `batch_node`,
      `q0`,
      `q1`,
      `q2`,
      `size`,
      `emd` > 0.4 + 1e-09 AS `bad`,
      `emd` AS `val`
    FROM `d__w1` AS `d`
  ) AS `c`
  GROUP BY
    `batch_node`
) AS `a2`
  USING (`batch_node`)
JOIN (
  SELECT
    `batch_node`,
    COUNT(*) AS `classes`,
    COALESCE(SUM(`size`), 0) AS `rows`,
    COUNT_IF(`bad`) AS `vc`,
    COALESCE(SUM(CASE WHEN `bad` THEN `size` ELSE 0 END), 0) AS `vr`,
    MAX(`val`) AS `worst`
  FROM (
    /* check_delta_disclosure.sql: delta-disclosure privacy, one row per equivalence class. */
    /* Inputs:   input (keys..., s, n). Q is the distribution of s over the whole input. */
    /* Params:   keys, s, delta > 0, tol (absolute tolerance on the log ratio). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= max over the whole table's values */
    /*           of |ln(p(E,v) / q(v))|, +inf when E misses a value of the table; worst = MAX). */
    /* Formula:  E satisfies delta-disclosure privacy iff |ln(p(E,v) / q(v))| < delta for every value v */
    /*           of the table (strict), tested as val >= delta - tol -> bad. No class x domain grid: E */
    /*           misses a value iff its number of distinct values is below the table's; otherwise */
    /*           every value is present and p/q = (count(E,v) * N) / (|E| * count(v)), the two */
    /*           products exact in 128-bit integers. */
    /* Citation: Brickell, Shmatikov, The cost of privacy, KDD 2008 (delta-disclosure privacy). */
    /* People:   with people (_people_values.sql: person: set), p(E,v) is the share of the class's */
    /*           people who have v and q(v) the share of the table's people who do: an attacker's */
    /*           confidence that a person has v, before and after learning their class (docs/people.md). */
    SELECT
      `batch_node`,
      `q0`,
      `q1`,
      `q2`,
      `size`,
      `val` >= 3.0 - 1e-09 AS `bad`,
      `val`
    FROM `c__w2` AS `c`
  ) AS `c`
  GROUP BY
    `batch_node`
) AS `a3`
  USING (`batch_node`);

WITH `gen__w4` AS (
  SELECT DISTINCT
    `b`.`batch_node`,
    `src`.`g`,
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
    ) AS `q2`
  FROM `__sqlanon_members_N` AS `src`
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
), `sig__w4` AS (
  SELECT
    `gen`.`batch_node`,
    `gen`.`g`,
    ARRAY_SORT(
      COLLECT_LIST(
        (
          CAST(`gen`.`q0` AS BIGINT) + 3 * (
            CAST(`gen`.`q1` AS BIGINT) + 3 * CAST(`gen`.`q2` AS BIGINT)
          )
        )
      )
    ) AS `sig`
  FROM `gen__w4` AS `gen`
  GROUP BY
    `gen`.`batch_node`,
    `gen`.`g`
), `input` AS (
  SELECT
    `sig`.`batch_node`,
    `sig`.`sig` AS `q0`,
    CAST(0 AS INT) AS `q1`,
    CAST(0 AS INT) AS `q2`,
    `v`.`s0`,
    CAST(SUM(`v`.`n`) AS BIGINT) AS `n`,
    CAST(SUM(`v`.`c`) AS BIGINT) AS `c`,
    CAST(SUM(`v`.`np`) AS BIGINT) AS `np`
  FROM `sig__w4` AS `sig`
  JOIN `__sqlanon_person_values_N` AS `v`
    ON `v`.`g` = `sig`.`g`
  GROUP BY
    `sig`.`batch_node`,
    `sig`.`sig`,
    `v`.`s0`
), `c0__w3` AS (
  SELECT
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    CAST(SUM(`np`) AS DECIMAL(38, 0)) AS `size`,
    SUM(`np`) < 2 AS `bad`,
    CAST(SUM(`np`) AS DOUBLE) AS `val`
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
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`,
    CAST(SUM(`c`) AS DECIMAL(38, 0)) AS `c`,
    CAST(SUM(`np`) AS DECIMAL(38, 0)) AS `np`
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
    SUM(`np`) AS `size`,
    GREATEST(LN(SUM(`n`)) - SUM(`n` * LN(`n`)) / SUM(`n`), 0.0) AS `h`,
    MAX(`c`) AS `top`
  FROM `f__w0` AS `f`
  GROUP BY
    `batch_node`,
    `q0`,
    `q1`,
    `q2`
), `c1__w3` AS (
  SELECT
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    `size`,
    (
      `h` < LN(1.5) - 1e-09
      OR (
        1.5 > 1 AND (
          `size` < 1.5 OR `top` >= `size`
        )
      )
    ) AS `bad`,
    EXP(`h`) AS `val`
  FROM `c__w0` AS `c`
), `f__w1` AS (
  SELECT
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    `s0` AS `s`,
    CAST(SUM(`n`) AS DOUBLE) AS `n`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`,
    CAST(SUM(`c`) AS DECIMAL(38, 0)) AS `c`,
    CAST(SUM(`np`) AS DECIMAL(38, 0)) AS `np`
  FROM `input`
  GROUP BY
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    `s0`
  HAVING
    SUM(`n`) > 0
), `tot__w1` AS (
  SELECT
    SUM(`n`) AS `total`
  FROM `f__w1` AS `f`
), `g__w1` AS (
  SELECT
    `s`,
    SUM(`n`) / MAX(`tot`.`total`) AS `q`
  FROM `f__w1` AS `f`
  CROSS JOIN `tot__w1` AS `tot`
  GROUP BY
    `s`
), `c__w1` AS (
  SELECT
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    SUM(`n`) AS `size`,
    SUM(`np`) AS `rows`
  FROM `f__w1` AS `f`
  GROUP BY
    `batch_node`,
    `q0`,
    `q1`,
    `q2`
), `d__w1` AS (
  SELECT
    `f`.`batch_node`,
    `f`.`q0`,
    `f`.`q1`,
    `f`.`q2`,
    MAX(`c`.`rows`) AS `size`,
    SUM(GREATEST(`f`.`n` / `c`.`size` - `g`.`q`, 0.0)) AS `emd`
  FROM `f__w1` AS `f`
  JOIN `c__w1` AS `c`
    USING (`batch_node`, `q0`, `q1`, `q2`)
  JOIN `g__w1` AS `g`
    USING (`s`)
  GROUP BY
    `f`.`batch_node`,
    `f`.`q0`,
    `f`.`q1`,
    `f`.`q2`
), `c2__w3` AS (
  SELECT
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    `size`,
    `emd` > 0.4 + 1e-09 AS `bad`,
    `emd` AS `val`
  FROM `d__w1` AS `d`
), `f__w2` AS (
  SELECT
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    `s0` AS `s`,
    CAST(SUM(`n`) AS DOUBLE) AS `n`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`,
    CAST(SUM(`c`) AS DECIMAL(38, 0)) AS `c`,
    CAST(SUM(`np`) AS DECIMAL(38, 0)) AS `np`
  FROM `input`
  GROUP BY
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    `s0`
  HAVING
    SUM(`n`) > 0
), `gc__w2` AS (
  SELECT
    `s`,
    SUM(`c`) AS `qcnt`,
    SUM(`np`) AS `qnp`
  FROM `f__w2` AS `f`
  GROUP BY
    `s`
), `tot__w2` AS (
  SELECT
    CAST(SUM(`qnp`) AS DECIMAL(38, 0)) AS `total`,
    COUNT(*) AS `m`
  FROM `gc__w2` AS `gc`
), `e__w2` AS (
  SELECT
    `f`.`batch_node`,
    `f`.`q0`,
    `f`.`q1`,
    `f`.`q2`,
    `f`.`c` AS `cnt`,
    CAST(`gc`.`qcnt` AS DECIMAL(38, 0)) AS `qcnt`,
    `tot`.`total`,
    `tot`.`m`,
    CAST(SUM(`f`.`np`) OVER (PARTITION BY `f`.`batch_node`, `f`.`q0`, `f`.`q1`, `f`.`q2`) AS DECIMAL(38, 0)) AS `size`,
    CAST(SUM(`f`.`np`) OVER (PARTITION BY `f`.`batch_node`, `f`.`q0`, `f`.`q1`, `f`.`q2`) AS DECIMAL(38, 0)) AS `people`
  FROM `f__w2` AS `f`
  JOIN `gc__w2` AS `gc`
    ON `gc`.`s` = `f`.`s`
  CROSS JOIN `tot__w2` AS `tot`
), `c__w2` AS (
  SELECT
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    MAX(`size`) AS `size`,
    CASE
      WHEN COUNT(*) < MAX(`m`)
      THEN CAST('inf' AS DOUBLE)
      ELSE MAX(ABS(LN(CAST(`cnt` * `total` AS DOUBLE) / CAST(`size` * `qcnt` AS DOUBLE))))
    END AS `val`
  FROM `e__w2` AS `e`
  GROUP BY
    `batch_node`,
    `q0`,
    `q1`,
    `q2`
), `c3__w3` AS (
  SELECT
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    `size`,
    `val` >= 3.0 - 1e-09 AS `bad`,
    `val`
  FROM `c__w2` AS `c`
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
    `c2`.`bad` AS `b2`,
    `c2`.`val` AS `v2`,
    `c3`.`bad` AS `b3`,
    `c3`.`val` AS `v3`,
    `c0`.`bad` OR `c1`.`bad` OR `c2`.`bad` OR `c3`.`bad` AS `bad`
  FROM `c0__w3` AS `c0`
  JOIN `c1__w3` AS `c1`
    USING (`batch_node`, `q0`, `q1`, `q2`)
  JOIN `c2__w3` AS `c2`
    USING (`batch_node`, `q0`, `q1`, `q2`)
  JOIN `c3__w3` AS `c3`
    USING (`batch_node`, `q0`, `q1`, `q2`)
) AS `c`
GROUP BY
  `batch_node`;

WITH `gen__w3` AS (
  SELECT DISTINCT
    `b`.`batch_node`,
    `src`.`g`,
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
    ) AS `q2`
  FROM `__sqlanon_members_N` AS `src`
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
), `sig__w3` AS (
  SELECT
    `gen`.`batch_node`,
    `gen`.`g`,
    ARRAY_SORT(
      COLLECT_LIST(
        (
          CAST(`gen`.`q0` AS BIGINT) + 3 * (
            CAST(`gen`.`q1` AS BIGINT) + 3 * CAST(`gen`.`q2` AS BIGINT)
          )
        )
      )
    ) AS `sig`
  FROM `gen__w3` AS `gen`
  GROUP BY
    `gen`.`batch_node`,
    `gen`.`g`
), `input` AS (
  SELECT
    `sig`.`batch_node`,
    `sig`.`sig` AS `q0`,
    CAST(0 AS INT) AS `q1`,
    CAST(0 AS INT) AS `q2`,
    `v`.`s0`,
    CAST(SUM(`v`.`n`) AS BIGINT) AS `n`,
    CAST(SUM(`v`.`c`) AS BIGINT) AS `c`,
    CAST(SUM(`v`.`np`) AS BIGINT) AS `np`
  FROM `sig__w3` AS `sig`
  JOIN `__sqlanon_person_values_N` AS `v`
    ON `v`.`g` = `sig`.`g`
  GROUP BY
    `sig`.`batch_node`,
    `sig`.`sig`,
    `v`.`s0`
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
      CAST(SUM(`np`) AS DECIMAL(38, 0)) AS `size`,
      SUM(`np`) < 2 AS `bad`,
      CAST(SUM(`np`) AS DOUBLE) AS `val`
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
        `vr` <= 11
    )
), `f__w0` AS (
  SELECT
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    `s0` AS `s`,
    CAST(SUM(`n`) AS DOUBLE) AS `n`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`,
    CAST(SUM(`c`) AS DECIMAL(38, 0)) AS `c`,
    CAST(SUM(`np`) AS DECIMAL(38, 0)) AS `np`
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
    SUM(`np`) AS `size`,
    GREATEST(LN(SUM(`n`)) - SUM(`n` * LN(`n`)) / SUM(`n`), 0.0) AS `h`,
    MAX(`c`) AS `top`
  FROM `f__w0` AS `f`
  GROUP BY
    `batch_node`,
    `q0`,
    `q1`,
    `q2`
), `f__w1` AS (
  SELECT
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    `s0` AS `s`,
    CAST(SUM(`n`) AS DOUBLE) AS `n`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`,
    CAST(SUM(`c`) AS DECIMAL(38, 0)) AS `c`,
    CAST(SUM(`np`) AS DECIMAL(38, 0)) AS `np`
  FROM `__screened`
  GROUP BY
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    `s0`
  HAVING
    SUM(`n`) > 0
), `tot__w1` AS (
  SELECT
    SUM(`n`) AS `total`
  FROM `f__w1` AS `f`
), `g__w1` AS (
  SELECT
    `s`,
    SUM(`n`) / MAX(`tot`.`total`) AS `q`
  FROM `f__w1` AS `f`
  CROSS JOIN `tot__w1` AS `tot`
  GROUP BY
    `s`
), `c__w1` AS (
  SELECT
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    SUM(`n`) AS `size`,
    SUM(`np`) AS `rows`
  FROM `f__w1` AS `f`
  GROUP BY
    `batch_node`,
    `q0`,
    `q1`,
    `q2`
), `d__w1` AS (
  SELECT
    `f`.`batch_node`,
    `f`.`q0`,
    `f`.`q1`,
    `f`.`q2`,
    MAX(`c`.`rows`) AS `size`,
    SUM(GREATEST(`f`.`n` / `c`.`size` - `g`.`q`, 0.0)) AS `emd`
  FROM `f__w1` AS `f`
  JOIN `c__w1` AS `c`
    USING (`batch_node`, `q0`, `q1`, `q2`)
  JOIN `g__w1` AS `g`
    USING (`s`)
  GROUP BY
    `f`.`batch_node`,
    `f`.`q0`,
    `f`.`q1`,
    `f`.`q2`
), `f__w2` AS (
  SELECT
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    `s0` AS `s`,
    CAST(SUM(`n`) AS DOUBLE) AS `n`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`,
    CAST(SUM(`c`) AS DECIMAL(38, 0)) AS `c`,
    CAST(SUM(`np`) AS DECIMAL(38, 0)) AS `np`
  FROM `__screened`
  GROUP BY
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    `s0`
  HAVING
    SUM(`n`) > 0
), `gc__w2` AS (
  SELECT
    `s`,
    SUM(`c`) AS `qcnt`,
    SUM(`np`) AS `qnp`
  FROM `f__w2` AS `f`
  GROUP BY
    `s`
), `tot__w2` AS (
  SELECT
    CAST(SUM(`qnp`) AS DECIMAL(38, 0)) AS `total`,
    COUNT(*) AS `m`
  FROM `gc__w2` AS `gc`
), `e__w2` AS (
  SELECT
    `f`.`batch_node`,
    `f`.`q0`,
    `f`.`q1`,
    `f`.`q2`,
    `f`.`c` AS `cnt`,
    CAST(`gc`.`qcnt` AS DECIMAL(38, 0)) AS `qcnt`,
    `tot`.`total`,
    `tot`.`m`,
    CAST(SUM(`f`.`np`) OVER (PARTITION BY `f`.`batch_node`, `f`.`q0`, `f`.`q1`, `f`.`q2`) AS DECIMAL(38, 0)) AS `size`,
    CAST(SUM(`f`.`np`) OVER (PARTITION BY `f`.`batch_node`, `f`.`q0`, `f`.`q1`, `f`.`q2`) AS DECIMAL(38, 0)) AS `people`
  FROM `f__w2` AS `f`
  JOIN `gc__w2` AS `gc`
    ON `gc`.`s` = `f`.`s`
  CROSS JOIN `tot__w2` AS `tot`
), `c__w2` AS (
  SELECT
    `batch_node`,
    `q0`,
    `q1`,
    `q2`,
    MAX(`size`) AS `size`,
    CASE
      WHEN COUNT(*) < MAX(`m`)
      THEN CAST('inf' AS DOUBLE)
      ELSE MAX(ABS(LN(CAST(`cnt` * `total` AS DOUBLE) / CAST(`size` * `qcnt` AS DOUBLE))))
    END AS `val`
  FROM `e__w2` AS `e`
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
  `a1`.`worst`,
  `a2`.`vc`,
  `a2`.`vr`,
  `a2`.`worst`,
  `a3`.`vc`,
  `a3`.`vr`,
  `a3`.`worst`
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
      (
        `h` < LN(1.5) - 1e-09
        OR (
          1.5 > 1 AND (
            `size` < 1.5 OR `top` >= `size`
          )
        )
      ) AS `bad`,
      EXP(`h`) AS `val`
    FROM `c__w0` AS `c`
  ) AS `c`
  GROUP BY
    `batch_node`
) AS `a1`
  USING (`batch_node`)
LEFT JOIN (
  SELECT
    `batch_node`,
    COUNT(*) AS `classes`,
    COALESCE(SUM(`size`), 0) AS `rows`,
    COUNT_IF(`bad`) AS `vc`,
    COALESCE(SUM(CASE WHEN `bad` THEN `size` ELSE 0 END), 0) AS `vr`,
    MAX(`val`) AS `worst`
  FROM (
    /* check_t_equal.sql: t-closeness with equal ground distance (EMD = variational distance). */
    /* Inputs:   input (keys..., s, n). Q is the distribution of s over the whole input. */
    /* Params:   keys, s, t in [0, 1], tol (absolute tolerance on the EMD). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= EMD(P_E, Q); worst = MAX). */
    /* Formula:  EMD = 1/2 sum_v |p_v - q_v| = sum over values v present in E of max(p_v - q_v, 0) */
    /*           (values absent from E have p_v = 0 and add nothing to the positive part); */
    /*           E satisfies t-closeness iff EMD <= t (tested as EMD <= t + tol). */
    /* Citation: Li, Li, Venkatasubramanian, t-Closeness (003), section 4.2, equal distance. */
    /* People:   with people (_people_values.sql: person: set), p and q are distributions in which each */
    /*           person weighs one (n: a person's weight split evenly over their values), and size */
    /*           counts people (np) (docs/people.md). */
    SELECT
      `batch_node`,
      `q0`,
      `q1`,
      `q2`,
      `size`,
      `emd` > 0.4 + 1e-09 AS `bad`,
      `emd` AS `val`
    FROM `d__w1` AS `d`
  ) AS `c`
  GROUP BY
    `batch_node`
) AS `a2`
  USING (`batch_node`)
LEFT JOIN (
  SELECT
    `batch_node`,
    COUNT(*) AS `classes`,
    COALESCE(SUM(`size`), 0) AS `rows`,
    COUNT_IF(`bad`) AS `vc`,
    COALESCE(SUM(CASE WHEN `bad` THEN `size` ELSE 0 END), 0) AS `vr`,
    MAX(`val`) AS `worst`
  FROM (
    /* check_delta_disclosure.sql: delta-disclosure privacy, one row per equivalence class. */
    /* Inputs:   input (keys..., s, n). Q is the distribution of s over the whole input. */
    /* Params:   keys, s, delta > 0, tol (absolute tolerance on the log ratio). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= max over the whole table's values */
    /*           of |ln(p(E,v) / q(v))|, +inf when E misses a value of the table; worst = MAX). */
    /* Formula:  E satisfies delta-disclosure privacy iff |ln(p(E,v) / q(v))| < delta for every value v */
    /*           of the table (strict), tested as val >= delta - tol -> bad. No class x domain grid: E */
    /*           misses a value iff its number of distinct values is below the table's; otherwise */
    /*           every value is present and p/q = (count(E,v) * N) / (|E| * count(v)), the two */
    /*           products exact in 128-bit integers. */
    /* Citation: Brickell, Shmatikov, The cost of privacy, KDD 2008 (delta-disclosure privacy). */
    /* People:   with people (_people_values.sql: person: set), p(E,v) is the share of the class's */
    /*           people who have v and q(v) the share of the table's people who do: an attacker's */
    /*           confidence that a person has v, before and after learning their class (docs/people.md). */
    SELECT
      `batch_node`,
      `q0`,
      `q1`,
      `q2`,
      `size`,
      `val` >= 3.0 - 1e-09 AS `bad`,
      `val`
    FROM `c__w2` AS `c`
  ) AS `c`
  GROUP BY
    `batch_node`
) AS `a3`
  USING (`batch_node`);

WITH `gen__w6` AS (
  SELECT DISTINCT
    `src`.`g`,
    TRY_ELEMENT_AT(:m0, CAST(`src`.`q0` + 1 AS INT)) AS `q0`,
    TRY_ELEMENT_AT(:m1, CAST(`src`.`q1` + 1 AS INT)) AS `q1`,
    TRY_ELEMENT_AT(:m2, CAST(`src`.`q2` + 1 AS INT)) AS `q2`
  FROM `__sqlanon_members_N` AS `src`
), `sig__w6` AS (
  SELECT
    `gen`.`g`,
    ARRAY_SORT(
      COLLECT_LIST(
        (
          CAST(`gen`.`q0` AS BIGINT) + 3 * (
            CAST(`gen`.`q1` AS BIGINT) + 3 * CAST(`gen`.`q2` AS BIGINT)
          )
        )
      )
    ) AS `sig`
  FROM `gen__w6` AS `gen`
  GROUP BY
    `gen`.`g`
), `input0` AS (
  SELECT
    `sig`.`sig` AS `q0`,
    CAST(0 AS INT) AS `q1`,
    CAST(0 AS INT) AS `q2`,
    `v`.`s0`,
    CAST(SUM(`v`.`n`) AS BIGINT) AS `n`,
    CAST(SUM(`v`.`c`) AS BIGINT) AS `c`,
    CAST(SUM(`v`.`np`) AS BIGINT) AS `np`
  FROM `sig__w6` AS `sig`
  JOIN `__sqlanon_person_values_N` AS `v`
    ON `v`.`g` = `sig`.`g`
  GROUP BY
    `sig`.`sig`,
    `v`.`s0`
), `c0__w3` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    CAST(SUM(`np`) AS DECIMAL(38, 0)) AS `size`,
    SUM(`np`) < 2 AS `bad`,
    CAST(SUM(`np`) AS DOUBLE) AS `val`
  FROM `input0`
  GROUP BY
    `q0`,
    `q1`,
    `q2`
), `f__w0` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    `s0` AS `s`,
    CAST(SUM(`n`) AS DOUBLE) AS `n`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`,
    CAST(SUM(`c`) AS DECIMAL(38, 0)) AS `c`,
    CAST(SUM(`np`) AS DECIMAL(38, 0)) AS `np`
  FROM `input0`
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
    SUM(`np`) AS `size`,
    GREATEST(LN(SUM(`n`)) - SUM(`n` * LN(`n`)) / SUM(`n`), 0.0) AS `h`,
    MAX(`c`) AS `top`
  FROM `f__w0` AS `f`
  GROUP BY
    `q0`,
    `q1`,
    `q2`
), `c1__w3` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    `size`,
    (
      `h` < LN(1.5) - 1e-09
      OR (
        1.5 > 1 AND (
          `size` < 1.5 OR `top` >= `size`
        )
      )
    ) AS `bad`,
    EXP(`h`) AS `val`
  FROM `c__w0` AS `c`
), `f__w1` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    `s0` AS `s`,
    CAST(SUM(`n`) AS DOUBLE) AS `n`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`,
    CAST(SUM(`c`) AS DECIMAL(38, 0)) AS `c`,
    CAST(SUM(`np`) AS DECIMAL(38, 0)) AS `np`
  FROM `input0`
  GROUP BY
    `q0`,
    `q1`,
    `q2`,
    `s0`
  HAVING
    SUM(`n`) > 0
), `tot__w1` AS (
  SELECT
    SUM(`n`) AS `total`
  FROM `f__w1` AS `f`
), `g__w1` AS (
  SELECT
    `s`,
    SUM(`n`) / MAX(`tot`.`total`) AS `q`
  FROM `f__w1` AS `f`
  CROSS JOIN `tot__w1` AS `tot`
  GROUP BY
    `s`
), `c__w1` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    SUM(`n`) AS `size`,
    SUM(`np`) AS `rows`
  FROM `f__w1` AS `f`
  GROUP BY
    `q0`,
    `q1`,
    `q2`
), `d__w1` AS (
  SELECT
    `f`.`q0`,
    `f`.`q1`,
    `f`.`q2`,
    MAX(`c`.`rows`) AS `size`,
    SUM(GREATEST(`f`.`n` / `c`.`size` - `g`.`q`, 0.0)) AS `emd`
  FROM `f__w1` AS `f`
  JOIN `c__w1` AS `c`
    USING (`q0`, `q1`, `q2`)
  JOIN `g__w1` AS `g`
    USING (`s`)
  GROUP BY
    `f`.`q0`,
    `f`.`q1`,
    `f`.`q2`
), `c2__w3` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    `size`,
    `emd` > 0.4 + 1e-09 AS `bad`,
    `emd` AS `val`
  FROM `d__w1` AS `d`
), `f__w2` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    `s0` AS `s`,
    CAST(SUM(`n`) AS DOUBLE) AS `n`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`,
    CAST(SUM(`c`) AS DECIMAL(38, 0)) AS `c`,
    CAST(SUM(`np`) AS DECIMAL(38, 0)) AS `np`
  FROM `input0`
  GROUP BY
    `q0`,
    `q1`,
    `q2`,
    `s0`
  HAVING
    SUM(`n`) > 0
), `gc__w2` AS (
  SELECT
    `s`,
    SUM(`c`) AS `qcnt`,
    SUM(`np`) AS `qnp`
  FROM `f__w2` AS `f`
  GROUP BY
    `s`
), `tot__w2` AS (
  SELECT
    CAST(SUM(`qnp`) AS DECIMAL(38, 0)) AS `total`,
    COUNT(*) AS `m`
  FROM `gc__w2` AS `gc`
), `e__w2` AS (
  SELECT
    `f`.`q0`,
    `f`.`q1`,
    `f`.`q2`,
    `f`.`c` AS `cnt`,
    CAST(`gc`.`qcnt` AS DECIMAL(38, 0)) AS `qcnt`,
    `tot`.`total`,
    `tot`.`m`,
    CAST(SUM(`f`.`np`) OVER (PARTITION BY `f`.`q0`, `f`.`q1`, `f`.`q2`) AS DECIMAL(38, 0)) AS `size`,
    CAST(SUM(`f`.`np`) OVER (PARTITION BY `f`.`q0`, `f`.`q1`, `f`.`q2`) AS DECIMAL(38, 0)) AS `people`
  FROM `f__w2` AS `f`
  JOIN `gc__w2` AS `gc`
    ON `gc`.`s` = `f`.`s`
  CROSS JOIN `tot__w2` AS `tot`
), `c__w2` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    MAX(`size`) AS `size`,
    CASE
      WHEN COUNT(*) < MAX(`m`)
      THEN CAST('inf' AS DOUBLE)
      ELSE MAX(ABS(LN(CAST(`cnt` * `total` AS DOUBLE) / CAST(`size` * `qcnt` AS DOUBLE))))
    END AS `val`
  FROM `e__w2` AS `e`
  GROUP BY
    `q0`,
    `q1`,
    `q2`
), `c3__w3` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    `size`,
    `val` >= 3.0 - 1e-09 AS `bad`,
    `val`
  FROM `c__w2` AS `c`
), `input` AS (
  SELECT
    *
  FROM input0
  SEMI JOIN (
    SELECT
      `q0`,
      `q1`,
      `q2`
    FROM (
      SELECT
        `c0`.`q0`,
        `c0`.`q1`,
        `c0`.`q2`,
        `c0`.`size` AS `size`,
        `c0`.`bad` AS `b0`,
        `c0`.`val` AS `v0`,
        `c1`.`bad` AS `b1`,
        `c1`.`val` AS `v1`,
        `c2`.`bad` AS `b2`,
        `c2`.`val` AS `v2`,
        `c3`.`bad` AS `b3`,
        `c3`.`val` AS `v3`,
        `c0`.`bad` OR `c1`.`bad` OR `c2`.`bad` OR `c3`.`bad` AS `bad`
      FROM `c0__w3` AS `c0`
      JOIN `c1__w3` AS `c1`
        USING (`q0`, `q1`, `q2`)
      JOIN `c2__w3` AS `c2`
        USING (`q0`, `q1`, `q2`)
      JOIN `c3__w3` AS `c3`
        USING (`q0`, `q1`, `q2`)
    ) AS `v`
    WHERE
      NOT `bad`
  ) AS `kept`
    USING (`q0`, `q1`, `q2`)
), `f__w4` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    `s0` AS `s`,
    CAST(SUM(`n`) AS DOUBLE) AS `n`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`,
    CAST(SUM(`c`) AS DECIMAL(38, 0)) AS `c`,
    CAST(SUM(`np`) AS DECIMAL(38, 0)) AS `np`
  FROM `input`
  GROUP BY
    `q0`,
    `q1`,
    `q2`,
    `s0`
  HAVING
    SUM(`n`) > 0
), `tot__w4` AS (
  SELECT
    SUM(`n`) AS `total`
  FROM `f__w4` AS `f`
), `g__w4` AS (
  SELECT
    `s`,
    SUM(`n`) / MAX(`tot`.`total`) AS `q`
  FROM `f__w4` AS `f`
  CROSS JOIN `tot__w4` AS `tot`
  GROUP BY
    `s`
), `c__w4` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    SUM(`n`) AS `size`,
    SUM(`np`) AS `rows`
  FROM `f__w4` AS `f`
  GROUP BY
    `q0`,
    `q1`,
    `q2`
), `d__w4` AS (
  SELECT
    `f`.`q0`,
    `f`.`q1`,
    `f`.`q2`,
    MAX(`c`.`rows`) AS `size`,
    SUM(GREATEST(`f`.`n` / `c`.`size` - `g`.`q`, 0.0)) AS `emd`
  FROM `f__w4` AS `f`
  JOIN `c__w4` AS `c`
    USING (`q0`, `q1`, `q2`)
  JOIN `g__w4` AS `g`
    USING (`s`)
  GROUP BY
    `f`.`q0`,
    `f`.`q1`,
    `f`.`q2`
), `f__w5` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    `s0` AS `s`,
    CAST(SUM(`n`) AS DOUBLE) AS `n`,
    CAST(SUM(`n`) AS DECIMAL(38, 0)) AS `cnt`,
    CAST(SUM(`c`) AS DECIMAL(38, 0)) AS `c`,
    CAST(SUM(`np`) AS DECIMAL(38, 0)) AS `np`
  FROM `input`
  GROUP BY
    `q0`,
    `q1`,
    `q2`,
    `s0`
  HAVING
    SUM(`n`) > 0
), `gc__w5` AS (
  SELECT
    `s`,
    SUM(`c`) AS `qcnt`,
    SUM(`np`) AS `qnp`
  FROM `f__w5` AS `f`
  GROUP BY
    `s`
), `tot__w5` AS (
  SELECT
    CAST(SUM(`qnp`) AS DECIMAL(38, 0)) AS `total`,
    COUNT(*) AS `m`
  FROM `gc__w5` AS `gc`
), `e__w5` AS (
  SELECT
    `f`.`q0`,
    `f`.`q1`,
    `f`.`q2`,
    `f`.`c` AS `cnt`,
    CAST(`gc`.`qcnt` AS DECIMAL(38, 0)) AS `qcnt`,
    `tot`.`total`,
    `tot`.`m`,
    CAST(SUM(`f`.`np`) OVER (PARTITION BY `f`.`q0`, `f`.`q1`, `f`.`q2`) AS DECIMAL(38, 0)) AS `size`,
    CAST(SUM(`f`.`np`) OVER (PARTITION BY `f`.`q0`, `f`.`q1`, `f`.`q2`) AS DECIMAL(38, 0)) AS `people`
  FROM `f__w5` AS `f`
  JOIN `gc__w5` AS `gc`
    ON `gc`.`s` = `f`.`s`
  CROSS JOIN `tot__w5` AS `tot`
), `c__w5` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    MAX(`size`) AS `size`,
    CASE
      WHEN COUNT(*) < MAX(`m`)
      THEN CAST('inf' AS DOUBLE)
      ELSE MAX(ABS(LN(CAST(`cnt` * `total` AS DOUBLE) / CAST(`size` * `qcnt` AS DOUBLE))))
    END AS `val`
  FROM `e__w5` AS `e`
  GROUP BY
    `q0`,
    `q1`,
    `q2`
)
SELECT
  `a2`.`classes`,
  `a2`.`rows`,
  `a2`.`vc`,
  `a2`.`vr`,
  `a2`.`worst`,
  `a3`.`vc`,
  `a3`.`vr`,
  `a3`.`worst`
FROM (
  SELECT
    COUNT(*) AS `classes`,
    COALESCE(SUM(`size`), 0) AS `rows`,
    COUNT_IF(`bad`) AS `vc`,
    COALESCE(SUM(CASE WHEN `bad` THEN `size` ELSE 0 END), 0) AS `vr`,
    MAX(`val`) AS `worst`
  FROM (
    /* check_t_equal.sql: t-closeness with equal ground distance (EMD = variational distance). */
    /* Inputs:   input (keys..., s, n). Q is the distribution of s over the whole input. */
    /* Params:   keys, s, t in [0, 1], tol (absolute tolerance on the EMD). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= EMD(P_E, Q); worst = MAX). */
    /* Formula:  EMD = 1/2 sum_v |p_v - q_v| = sum over values v present in E of max(p_v - q_v, 0) */
    /*           (values absent from E have p_v = 0 and add nothing to the positive part); */
    /*           E satisfies t-closeness iff EMD <= t (tested as EMD <= t + tol). */
    /* Citation: Li, Li, Venkatasubramanian, t-Closeness (003), section 4.2, equal distance. */
    /* People:   with people (_people_values.sql: person: set), p and q are distributions in which each */
    /*           person weighs one (n: a person's weight split evenly over their values), and size */
    /*           counts people (np) (docs/people.md). */
    SELECT
      `q0`,
      `q1`,
      `q2`,
      `size`,
      `emd` > 0.4 + 1e-09 AS `bad`,
      `emd` AS `val`
    FROM `d__w4` AS `d`
  ) AS `c`
) AS `a2`
CROSS JOIN (
  SELECT
    COUNT(*) AS `classes`,
    COALESCE(SUM(`size`), 0) AS `rows`,
    COUNT_IF(`bad`) AS `vc`,
    COALESCE(SUM(CASE WHEN `bad` THEN `size` ELSE 0 END), 0) AS `vr`,
    MAX(`val`) AS `worst`
  FROM (
    /* check_delta_disclosure.sql: delta-disclosure privacy, one row per equivalence class. */
    /* Inputs:   input (keys..., s, n). Q is the distribution of s over the whole input. */
    /* Params:   keys, s, delta > 0, tol (absolute tolerance on the log ratio). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= max over the whole table's values */
    /*           of |ln(p(E,v) / q(v))|, +inf when E misses a value of the table; worst = MAX). */
    /* Formula:  E satisfies delta-disclosure privacy iff |ln(p(E,v) / q(v))| < delta for every value v */
    /*           of the table (strict), tested as val >= delta - tol -> bad. No class x domain grid: E */
    /*           misses a value iff its number of distinct values is below the table's; otherwise */
    /*           every value is present and p/q = (count(E,v) * N) / (|E| * count(v)), the two */
    /*           products exact in 128-bit integers. */
    /* Citation: Brickell, Shmatikov, The cost of privacy, KDD 2008 (delta-disclosure privacy). */
    /* People:   with people (_people_values.sql: person: set), p(E,v) is the share of the class's */
    /*           people who have v and q(v) the share of the table's people who do: an attacker's */
    /*           confidence that a person has v, before and after learning their class (docs/people.md). */
    SELECT
      `q0`,
      `q1`,
      `q2`,
      `size`,
      `val` >= 3.0 - 1e-09 AS `bad`,
      `val`
    FROM `c__w5` AS `c`
  ) AS `c`
) AS `a3`;
