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
), `gc__w0` AS (
  SELECT
    `s`,
    SUM(`cnt`) AS `qcnt`
  FROM `f__w0` AS `f`
  GROUP BY
    `s`
), `tot__w0` AS (
  SELECT
    CAST(SUM(`qcnt`) AS DECIMAL(38, 0)) AS `total`,
    COUNT(*) AS `m`
  FROM `gc__w0` AS `gc`
), `e__w0` AS (
  SELECT
    `f`.`batch_node`,
    `f`.`q0`,
    `f`.`q1`,
    `f`.`q2`,
    `f`.`cnt`,
    CAST(`gc`.`qcnt` AS DECIMAL(38, 0)) AS `qcnt`,
    `tot`.`total`,
    `tot`.`m`,
    CAST(SUM(`f`.`cnt`) OVER (PARTITION BY `f`.`batch_node`, `f`.`q0`, `f`.`q1`, `f`.`q2`) AS DECIMAL(38, 0)) AS `size`
  FROM `f__w0` AS `f`
  JOIN `gc__w0` AS `gc`
    ON `gc`.`s` = `f`.`s`
  CROSS JOIN `tot__w0` AS `tot`
), `c__w0` AS (
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
  FROM `e__w0` AS `e`
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
), `gc__w0` AS (
  SELECT
    `s`,
    SUM(`cnt`) AS `qcnt`
  FROM `f__w0` AS `f`
  GROUP BY
    `s`
), `tot__w0` AS (
  SELECT
    CAST(SUM(`qcnt`) AS DECIMAL(38, 0)) AS `total`,
    COUNT(*) AS `m`
  FROM `gc__w0` AS `gc`
), `e__w0` AS (
  SELECT
    `f`.`batch_node`,
    `f`.`q0`,
    `f`.`q1`,
    `f`.`q2`,
    `f`.`cnt`,
    CAST(`gc`.`qcnt` AS DECIMAL(38, 0)) AS `qcnt`,
    `tot`.`total`,
    `tot`.`m`,
    CAST(SUM(`f`.`cnt`) OVER (PARTITION BY `f`.`batch_node`, `f`.`q0`, `f`.`q1`, `f`.`q2`) AS DECIMAL(38, 0)) AS `size`
  FROM `f__w0` AS `f`
  JOIN `gc__w0` AS `gc`
    ON `gc`.`s` = `f`.`s`
  CROSS JOIN `tot__w0` AS `tot`
), `c__w0` AS (
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
  FROM `e__w0` AS `e`
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
    `val` >= 3.0 - 1e-09 AS `bad`,
    `val`
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
), `gc__w0` AS (
  SELECT
    `s`,
    SUM(`cnt`) AS `qcnt`
  FROM `f__w0` AS `f`
  GROUP BY
    `s`
), `tot__w0` AS (
  SELECT
    CAST(SUM(`qcnt`) AS DECIMAL(38, 0)) AS `total`,
    COUNT(*) AS `m`
  FROM `gc__w0` AS `gc`
), `e__w0` AS (
  SELECT
    `f`.`batch_node`,
    `f`.`q0`,
    `f`.`q1`,
    `f`.`q2`,
    `f`.`cnt`,
    CAST(`gc`.`qcnt` AS DECIMAL(38, 0)) AS `qcnt`,
    `tot`.`total`,
    `tot`.`m`,
    CAST(SUM(`f`.`cnt`) OVER (PARTITION BY `f`.`batch_node`, `f`.`q0`, `f`.`q1`, `f`.`q2`) AS DECIMAL(38, 0)) AS `size`
  FROM `f__w0` AS `f`
  JOIN `gc__w0` AS `gc`
    ON `gc`.`s` = `f`.`s`
  CROSS JOIN `tot__w0` AS `tot`
), `c__w0` AS (
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
  FROM `e__w0` AS `e`
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
    FROM `c__w0` AS `c`
  ) AS `c`
  GROUP BY
    `batch_node`
) AS `a1`
  USING (`batch_node`);
