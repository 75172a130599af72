CREATE TEMPORARY VIEW `__sqlanon_verdicts_N` AS
WITH `input__w2` AS (
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
), `c0__w2` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    CAST(SUM(`np`) AS DECIMAL(38, 0)) AS `size`,
    SUM(`np`) < 2 AS `bad`,
    CAST(SUM(`np`) AS DOUBLE) AS `val`
  FROM `input__w2` AS `input`
  GROUP BY
    `q0`,
    `q1`,
    `q2`
), `c1__w2` AS (
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
    FROM `input__w2` AS `input`
    GROUP BY
      `q0`,
      `q1`,
      `q2`,
      `s0`
    HAVING
      SUM(`n`) > 0
  ), `g0__w1` AS (
    SELECT
      `cf`,
      `lt`,
      `ct`
    FROM (
      SELECT
        `lf`,
        `cf`,
        `lt`,
        `ct`
      FROM `__sqlanon_up_N`
      WHERE
        `q` = 0
    ) AS `u`
    WHERE
      `lf` = :l0
  ), `b0__w1` AS (
    SELECT
      `cf`,
      `lt`,
      `ct`
    FROM (
      SELECT
        `lf`,
        `cf`,
        `lt`,
        `ct`
      FROM `__sqlanon_up_N`
      WHERE
        `q` = 0
    ) AS `u`
    WHERE
      `lf` = 0
  ), `g1__w1` AS (
    SELECT
      `cf`,
      `lt`,
      `ct`
    FROM (
      SELECT
        `lf`,
        `cf`,
        `lt`,
        `ct`
      FROM `__sqlanon_up_N`
      WHERE
        `q` = 1
    ) AS `u`
    WHERE
      `lf` = :l1
  ), `b1__w1` AS (
    SELECT
      `cf`,
      `lt`,
      `ct`
    FROM (
      SELECT
        `lf`,
        `cf`,
        `lt`,
        `ct`
      FROM `__sqlanon_up_N`
      WHERE
        `q` = 1
    ) AS `u`
    WHERE
      `lf` = 0
  ), `g2__w1` AS (
    SELECT
      `cf`,
      `lt`,
      `ct`
    FROM (
      SELECT
        `lf`,
        `cf`,
        `lt`,
        `ct`
      FROM `__sqlanon_up_N`
      WHERE
        `q` = 2
    ) AS `u`
    WHERE
      `lf` = :l2
  ), `b2__w1` AS (
    SELECT
      `cf`,
      `lt`,
      `ct`
    FROM (
      SELECT
        `lf`,
        `cf`,
        `lt`,
        `ct`
      FROM `__sqlanon_up_N`
      WHERE
        `q` = 2
    ) AS `u`
    WHERE
      `lf` = 0
  ), `anc__w1` AS (
    SELECT
      ROW_NUMBER() OVER (ORDER BY 1 NULLS LAST) AS `mid`,
      `l0`.`lt` AS `a0`,
      `l1`.`lt` AS `a1`,
      `l2`.`lt` AS `a2`
    FROM (
      SELECT DISTINCT
        `lt`
      FROM `g0__w1` AS `g0`
    ) AS `l0`
    CROSS JOIN (
      SELECT DISTINCT
        `lt`
      FROM `g1__w1` AS `g1`
    ) AS `l1`
    CROSS JOIN (
      SELECT DISTINCT
        `lt`
      FROM `g2__w1` AS `g2`
    ) AS `l2`
  ), `gm__w1` AS (
    SELECT DISTINCT
      `anc`.`mid`,
      `m`.`g`,
      `b0`.`ct` AS `q0`,
      `b1`.`ct` AS `q1`,
      `b2`.`ct` AS `q2`
    FROM `__sqlanon_members_N` AS `m`
    CROSS JOIN `anc__w1` AS `anc`
    JOIN `b0__w1` AS `b0`
      ON `b0`.`cf` = `m`.`q0` AND `b0`.`lt` = `anc`.`a0`
    JOIN `b1__w1` AS `b1`
      ON `b1`.`cf` = `m`.`q1` AND `b1`.`lt` = `anc`.`a1`
    JOIN `b2__w1` AS `b2`
      ON `b2`.`cf` = `m`.`q2` AND `b2`.`lt` = `anc`.`a2`
  ), `gs__w1` AS (
    SELECT
      `gm`.`mid`,
      `gm`.`g`,
      ARRAY_SORT(
        COLLECT_LIST(
          (
            CAST(`gm`.`q0` AS BIGINT) + 3 * (
              CAST(`gm`.`q1` AS BIGINT) + 3 * CAST(`gm`.`q2` AS BIGINT)
            )
          )
        )
      ) AS `sg`
    FROM `gm__w1` AS `gm`
    GROUP BY
      `gm`.`mid`,
      `gm`.`g`
  ), `pp__w1` AS (
    SELECT
      `gs`.`g`,
      `gs`.`sg` AS `k0`
    FROM `gs__w1` AS `gs`
    JOIN `anc__w1` AS `anc`
      ON `anc`.`mid` = `gs`.`mid`
    WHERE
      `anc`.`a0` = :l0 AND `anc`.`a1` = :l1 AND `anc`.`a2` = :l2
  ), `pg__w1` AS (
    SELECT
      `pp`.`k0`,
      `gs`.`mid`,
      `gs`.`sg`,
      `gs`.`g`
    FROM `pp__w1` AS `pp`
    JOIN (
      SELECT DISTINCT
        `f`.`q0` AS `k0`
      FROM `f__w1` AS `f`
    ) AS `kept`
      ON `kept`.`k0` = `pp`.`k0`
    JOIN `gs__w1` AS `gs`
      ON `gs`.`g` = `pp`.`g`
  ), `fm__w1` AS (
    SELECT
      `f`.`q0`,
      `f`.`q1`,
      `f`.`q2`,
      `sm`.`mid`,
      `sm`.`sg`,
      `f`.`s`,
      `f`.`n`,
      `f`.`cnt`,
      `f`.`np`
    FROM `f__w1` AS `f`
    JOIN (
      SELECT DISTINCT
        `pg`.`k0`,
        `pg`.`mid`,
        `pg`.`sg`
      FROM `pg__w1` AS `pg`
    ) AS `sm`
      ON `sm`.`k0` = `f`.`q0`
  ), `sup__w1` AS (
    SELECT
      `pg`.`mid`,
      `pg`.`sg`,
      `v`.`s0` AS `s`,
      CAST(SUM(`v`.`n`) AS DOUBLE) AS `n`
    FROM `pg__w1` AS `pg`
    JOIN `__sqlanon_person_values_N` AS `v`
      ON `v`.`g` = `pg`.`g`
    GROUP BY
      `pg`.`mid`,
      `pg`.`sg`,
      `v`.`s0`
  ), `ssize__w1` AS (
    SELECT
      `sup`.`mid`,
      `sup`.`sg`,
      SUM(`sup`.`n`) AS `size`
    FROM `sup__w1` AS `sup`
    JOIN (
      SELECT
        `pg`.`mid`,
        `pg`.`sg`
      FROM `pg__w1` AS `pg`
      GROUP BY
        `pg`.`mid`,
        `pg`.`sg`
      HAVING
        COUNT(*) >= 4
    ) AS `big`
      ON `big`.`mid` = `sup`.`mid` AND `big`.`sg` = `sup`.`sg`
    GROUP BY
      `sup`.`mid`,
      `sup`.`sg`
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
  ), `pr__w1` AS (
    SELECT DISTINCT
      `fm`.`q0`,
      `fm`.`q1`,
      `fm`.`q2`,
      `fm`.`mid`,
      `fm`.`sg`
    FROM `fm__w1` AS `fm`
    JOIN `ssize__w1` AS `ssize`
      USING (`mid`, `sg`)
  ), `dist__w1` AS (
    SELECT
      `fm`.`q0`,
      `fm`.`q1`,
      `fm`.`q2`,
      `fm`.`mid`,
      SUM(GREATEST(`fm`.`n` / `c`.`size` - `sup`.`n` / `ssize`.`size`, 0.0)) AS `d`
    FROM `fm__w1` AS `fm`
    JOIN `ssize__w1` AS `ssize`
      USING (`mid`, `sg`)
    JOIN `sup__w1` AS `sup`
      USING (`mid`, `sg`, `s`)
    JOIN `c__w1` AS `c`
      USING (`q0`, `q1`, `q2`)
    GROUP BY
      `fm`.`q0`,
      `fm`.`q1`,
      `fm`.`q2`,
      `fm`.`mid`
  ), `best__w1` AS (
    SELECT
      `q0`,
      `q1`,
      `q2`,
      MIN(`d`) AS `d`
    FROM `dist__w1` AS `dist`
    GROUP BY
      `q0`,
      `q1`,
      `q2`
  )
  SELECT
    `c`.`q0`,
    `c`.`q1`,
    `c`.`q2`,
    `c`.`rows` AS `size`,
    (
      `best`.`d` IS NULL OR `best`.`d` > 0.3 + 1e-09
    ) AS `bad`,
    COALESCE(`best`.`d`, CAST('inf' AS DOUBLE)) AS `val`
  FROM `c__w1` AS `c`
  LEFT JOIN `best__w1` AS `best`
    USING (`q0`, `q1`, `q2`)
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
  `c0`.`bad` OR `c1`.`bad` AS `bad`
FROM `c0__w2` AS `c0`
JOIN `c1__w2` AS `c1`
  USING (`q0`, `q1`, `q2`);

WITH `gen__w1` AS (
  SELECT DISTINCT
    `src`.`g`,
    TRY_ELEMENT_AT(:m0, CAST(`src`.`q0` + 1 AS INT)) AS `q0`,
    TRY_ELEMENT_AT(:m1, CAST(`src`.`q1` + 1 AS INT)) AS `q1`,
    TRY_ELEMENT_AT(:m2, CAST(`src`.`q2` + 1 AS INT)) AS `q2`
  FROM `__sqlanon_members_N` AS `src`
), `sig__w1` AS (
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
  FROM `gen__w1` AS `gen`
  GROUP BY
    `gen`.`g`
), `input` AS (
  SELECT
    `sig`.`sig` AS `q0`,
    CAST(0 AS INT) AS `q1`,
    CAST(0 AS INT) AS `q2`,
    `v`.`s0`,
    CAST(SUM(`v`.`n`) AS BIGINT) AS `n`,
    CAST(SUM(`v`.`c`) AS BIGINT) AS `c`,
    CAST(SUM(`v`.`np`) AS BIGINT) AS `np`
  FROM `sig__w1` AS `sig`
  JOIN `__sqlanon_person_values_N` AS `v`
    ON `v`.`g` = `sig`.`g`
  GROUP BY
    `sig`.`sig`,
    `v`.`s0`
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
  FROM `input`
  GROUP BY
    `q0`,
    `q1`,
    `q2`,
    `s0`
  HAVING
    SUM(`n`) > 0
), `g0__w0` AS (
  SELECT
    `cf`,
    `lt`,
    `ct`
  FROM (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 0
  ) AS `u`
  WHERE
    `lf` = :l0
), `b0__w0` AS (
  SELECT
    `cf`,
    `lt`,
    `ct`
  FROM (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 0
  ) AS `u`
  WHERE
    `lf` = 0
), `g1__w0` AS (
  SELECT
    `cf`,
    `lt`,
    `ct`
  FROM (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 1
  ) AS `u`
  WHERE
    `lf` = :l1
), `b1__w0` AS (
  SELECT
    `cf`,
    `lt`,
    `ct`
  FROM (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 1
  ) AS `u`
  WHERE
    `lf` = 0
), `g2__w0` AS (
  SELECT
    `cf`,
    `lt`,
    `ct`
  FROM (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 2
  ) AS `u`
  WHERE
    `lf` = :l2
), `b2__w0` AS (
  SELECT
    `cf`,
    `lt`,
    `ct`
  FROM (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 2
  ) AS `u`
  WHERE
    `lf` = 0
), `anc__w0` AS (
  SELECT
    ROW_NUMBER() OVER (ORDER BY 1 NULLS LAST) AS `mid`,
    `l0`.`lt` AS `a0`,
    `l1`.`lt` AS `a1`,
    `l2`.`lt` AS `a2`
  FROM (
    SELECT DISTINCT
      `lt`
    FROM `g0__w0` AS `g0`
  ) AS `l0`
  CROSS JOIN (
    SELECT DISTINCT
      `lt`
    FROM `g1__w0` AS `g1`
  ) AS `l1`
  CROSS JOIN (
    SELECT DISTINCT
      `lt`
    FROM `g2__w0` AS `g2`
  ) AS `l2`
), `gm__w0` AS (
  SELECT DISTINCT
    `anc`.`mid`,
    `m`.`g`,
    `b0`.`ct` AS `q0`,
    `b1`.`ct` AS `q1`,
    `b2`.`ct` AS `q2`
  FROM `__sqlanon_members_N` AS `m`
  CROSS JOIN `anc__w0` AS `anc`
  JOIN `b0__w0` AS `b0`
    ON `b0`.`cf` = `m`.`q0` AND `b0`.`lt` = `anc`.`a0`
  JOIN `b1__w0` AS `b1`
    ON `b1`.`cf` = `m`.`q1` AND `b1`.`lt` = `anc`.`a1`
  JOIN `b2__w0` AS `b2`
    ON `b2`.`cf` = `m`.`q2` AND `b2`.`lt` = `anc`.`a2`
), `gs__w0` AS (
  SELECT
    `gm`.`mid`,
    `gm`.`g`,
    ARRAY_SORT(
      COLLECT_LIST(
        (
          CAST(`gm`.`q0` AS BIGINT) + 3 * (
            CAST(`gm`.`q1` AS BIGINT) + 3 * CAST(`gm`.`q2` AS BIGINT)
          )
        )
      )
    ) AS `sg`
  FROM `gm__w0` AS `gm`
  GROUP BY
    `gm`.`mid`,
    `gm`.`g`
), `pp__w0` AS (
  SELECT
    `gs`.`g`,
    `gs`.`sg` AS `k0`
  FROM `gs__w0` AS `gs`
  JOIN `anc__w0` AS `anc`
    ON `anc`.`mid` = `gs`.`mid`
  WHERE
    `anc`.`a0` = :l0 AND `anc`.`a1` = :l1 AND `anc`.`a2` = :l2
), `pg__w0` AS (
  SELECT
    `pp`.`k0`,
    `gs`.`mid`,
    `gs`.`sg`,
    `gs`.`g`
  FROM `pp__w0` AS `pp`
  JOIN (
    SELECT DISTINCT
      `f`.`q0` AS `k0`
    FROM `f__w0` AS `f`
  ) AS `kept`
    ON `kept`.`k0` = `pp`.`k0`
  JOIN `gs__w0` AS `gs`
    ON `gs`.`g` = `pp`.`g`
), `fm__w0` AS (
  SELECT
    `f`.`q0`,
    `f`.`q1`,
    `f`.`q2`,
    `sm`.`mid`,
    `sm`.`sg`,
    `f`.`s`,
    `f`.`n`,
    `f`.`cnt`,
    `f`.`np`
  FROM `f__w0` AS `f`
  JOIN (
    SELECT DISTINCT
      `pg`.`k0`,
      `pg`.`mid`,
      `pg`.`sg`
    FROM `pg__w0` AS `pg`
  ) AS `sm`
    ON `sm`.`k0` = `f`.`q0`
), `sup__w0` AS (
  SELECT
    `pg`.`mid`,
    `pg`.`sg`,
    `v`.`s0` AS `s`,
    CAST(SUM(`v`.`n`) AS DOUBLE) AS `n`
  FROM `pg__w0` AS `pg`
  JOIN `__sqlanon_person_values_N` AS `v`
    ON `v`.`g` = `pg`.`g`
  GROUP BY
    `pg`.`mid`,
    `pg`.`sg`,
    `v`.`s0`
), `ssize__w0` AS (
  SELECT
    `sup`.`mid`,
    `sup`.`sg`,
    SUM(`sup`.`n`) AS `size`
  FROM `sup__w0` AS `sup`
  JOIN (
    SELECT
      `pg`.`mid`,
      `pg`.`sg`
    FROM `pg__w0` AS `pg`
    GROUP BY
      `pg`.`mid`,
      `pg`.`sg`
    HAVING
      COUNT(*) >= 4
  ) AS `big`
    ON `big`.`mid` = `sup`.`mid` AND `big`.`sg` = `sup`.`sg`
  GROUP BY
    `sup`.`mid`,
    `sup`.`sg`
), `c__w0` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    SUM(`n`) AS `size`,
    SUM(`np`) AS `rows`
  FROM `f__w0` AS `f`
  GROUP BY
    `q0`,
    `q1`,
    `q2`
), `pr__w0` AS (
  SELECT DISTINCT
    `fm`.`q0`,
    `fm`.`q1`,
    `fm`.`q2`,
    `fm`.`mid`,
    `fm`.`sg`
  FROM `fm__w0` AS `fm`
  JOIN `ssize__w0` AS `ssize`
    USING (`mid`, `sg`)
), `dist__w0` AS (
  SELECT
    `fm`.`q0`,
    `fm`.`q1`,
    `fm`.`q2`,
    `fm`.`mid`,
    SUM(GREATEST(`fm`.`n` / `c`.`size` - `sup`.`n` / `ssize`.`size`, 0.0)) AS `d`
  FROM `fm__w0` AS `fm`
  JOIN `ssize__w0` AS `ssize`
    USING (`mid`, `sg`)
  JOIN `sup__w0` AS `sup`
    USING (`mid`, `sg`, `s`)
  JOIN `c__w0` AS `c`
    USING (`q0`, `q1`, `q2`)
  GROUP BY
    `fm`.`q0`,
    `fm`.`q1`,
    `fm`.`q2`,
    `fm`.`mid`
), `best__w0` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    MIN(`d`) AS `d`
  FROM `dist__w0` AS `dist`
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
      CAST(SUM(`np`) AS DECIMAL(38, 0)) AS `size`,
      SUM(`np`) < 2 AS `bad`,
      CAST(SUM(`np`) AS DOUBLE) AS `val`
    FROM `input`
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
    MAX(`val`) AS `worst`
  FROM (
    /* check_nt_closeness.sql: (n,t)-closeness, one row per equivalence class. */
    /* Inputs:   input (keys..., s, n); per class key a generalization table (lf, cf, lt, ct): code */
    /*           cf at level lf generalizes to code ct at level lt (every lt >= lf, the top included); */
    /*           for the ground distance: rank table order (s, pos) (ordered) or ancestors */
    /*           (s, lvl, node), lvl 0..H-1 (hierarchical). */
    /* Params:   keys, s, supersets (or none: partition-based releases, below), generalization (one */
    /*           {table, level} per key, level = the key's current */
    /*           level: a bound parameter such as $l0 in the search, 0 in the gate), n_min (n), */
    /*           t, tol, distance ("equal" | "ordered" | "hierarchical"), order, full_domain, */
    /*           ancestors, height; sets (or none: people whose quasi-identifiers vary, their */
    /*           supersets formed from each person's tuples: _nt_people.sql). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= the smallest distance from the */
    /*           class to a natural superset with at least n rows, +inf when there is none; */
    /*           worst = MAX). */
    /* Formula:  the natural supersets of class E at node N are the classes containing E at every */
    /*           node M >= N (any quasi-identifiers generalized further, up to the whole table); */
    /*           E passes iff some superset S with |S| >= n has D(P_E, P_S) <= t (+ tol), D the EMD */
    /*           of t-closeness: equal: sum over values v of E of max(p_v - q_v, 0) (E within S); */
    /*           hierarchical: 1/H sum over non-root nodes of max(P(N) - Q(N), 0); */
    /*           ordered: 1/(m-1) sum over the values v of S in rank order of */
    /*           |F_P(v) - F_Q(v)| (rank(next value of S) - rank(v)), F the cumulative distributions */
    /*           (both are flat between values of S). Cost: one row per (class, superset) pair and */
    /*           value of the class (the superset's values for ordered). */
    /* Supersets: with supersets = {ancestors, on, dist} the candidate supersets are given instead of */
    /*           found in the lattice (Mondrian: the partition tree's ancestors, survey 001 Figure */
    /*           7.3.1): ancestors maps class keys (on: [(key, column)...]) to superset ids sid, dist */
    /*           (sid, s..., n) holds each superset's rows; a class with at least n rows passes (it */
    /*           is its own superset, at distance 0). */
    /* Citation: survey (001), Definition 6.1.2 ((n,t)-closeness); Li, Li, Venkatasubramanian, */
    /*           Closeness: a new privacy measure for data publishing, TKDE 2010. */
    /* People:   with people (_people_values.sql: person: set), P_E and P_S are the */
    /*           distributions in which each person weighs one, split evenly over their distinct */
    /*           values (n); a superset's size, which n bounds, and the class's size count people */
    /*           (np), each person once (docs/people.md). After Li, Li, Venkatasubramanian's */
    /*           definition; counting people rather than records follows Nergiz, Clifton, Nergiz, */
    /*           Multirelational k-anonymity (IEEE TKDE 2009). With quasi-identifiers constant per */
    /*           person, each person is in one class at every node and the lattice's supersets above */
    /*           hold; when they vary, ``sets`` (_nt_people.sql) forms each superset from the people. */
    SELECT
      `c`.`q0`,
      `c`.`q1`,
      `c`.`q2`,
      `c`.`rows` AS `size`,
      (
        `best`.`d` IS NULL OR `best`.`d` > 0.3 + 1e-09
      ) AS `bad`,
      COALESCE(`best`.`d`, CAST('inf' AS DOUBLE)) AS `val`
    FROM `c__w0` AS `c`
    LEFT JOIN `best__w0` AS `best`
      USING (`q0`, `q1`, `q2`)
  ) AS `c`
) AS `a1`;

WITH `gen__w2` AS (
  SELECT DISTINCT
    `src`.`g`,
    TRY_ELEMENT_AT(:m0, CAST(`src`.`q0` + 1 AS INT)) AS `q0`,
    TRY_ELEMENT_AT(:m1, CAST(`src`.`q1` + 1 AS INT)) AS `q1`,
    TRY_ELEMENT_AT(:m2, CAST(`src`.`q2` + 1 AS INT)) AS `q2`
  FROM `__sqlanon_members_N` AS `src`
), `sig__w2` AS (
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
  FROM `gen__w2` AS `gen`
  GROUP BY
    `gen`.`g`
), `input` AS (
  SELECT
    `sig`.`sig` AS `q0`,
    CAST(0 AS INT) AS `q1`,
    CAST(0 AS INT) AS `q2`,
    `v`.`s0`,
    CAST(SUM(`v`.`n`) AS BIGINT) AS `n`,
    CAST(SUM(`v`.`c`) AS BIGINT) AS `c`,
    CAST(SUM(`v`.`np`) AS BIGINT) AS `np`
  FROM `sig__w2` AS `sig`
  JOIN `__sqlanon_person_values_N` AS `v`
    ON `v`.`g` = `sig`.`g`
  GROUP BY
    `sig`.`sig`,
    `v`.`s0`
), `c0__w1` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    CAST(SUM(`np`) AS DECIMAL(38, 0)) AS `size`,
    SUM(`np`) < 2 AS `bad`,
    CAST(SUM(`np`) AS DOUBLE) AS `val`
  FROM `input`
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
  FROM `input`
  GROUP BY
    `q0`,
    `q1`,
    `q2`,
    `s0`
  HAVING
    SUM(`n`) > 0
), `g0__w0` AS (
  SELECT
    `cf`,
    `lt`,
    `ct`
  FROM (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 0
  ) AS `u`
  WHERE
    `lf` = :l0
), `b0__w0` AS (
  SELECT
    `cf`,
    `lt`,
    `ct`
  FROM (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 0
  ) AS `u`
  WHERE
    `lf` = 0
), `g1__w0` AS (
  SELECT
    `cf`,
    `lt`,
    `ct`
  FROM (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 1
  ) AS `u`
  WHERE
    `lf` = :l1
), `b1__w0` AS (
  SELECT
    `cf`,
    `lt`,
    `ct`
  FROM (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 1
  ) AS `u`
  WHERE
    `lf` = 0
), `g2__w0` AS (
  SELECT
    `cf`,
    `lt`,
    `ct`
  FROM (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 2
  ) AS `u`
  WHERE
    `lf` = :l2
), `b2__w0` AS (
  SELECT
    `cf`,
    `lt`,
    `ct`
  FROM (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 2
  ) AS `u`
  WHERE
    `lf` = 0
), `anc__w0` AS (
  SELECT
    ROW_NUMBER() OVER (ORDER BY 1 NULLS LAST) AS `mid`,
    `l0`.`lt` AS `a0`,
    `l1`.`lt` AS `a1`,
    `l2`.`lt` AS `a2`
  FROM (
    SELECT DISTINCT
      `lt`
    FROM `g0__w0` AS `g0`
  ) AS `l0`
  CROSS JOIN (
    SELECT DISTINCT
      `lt`
    FROM `g1__w0` AS `g1`
  ) AS `l1`
  CROSS JOIN (
    SELECT DISTINCT
      `lt`
    FROM `g2__w0` AS `g2`
  ) AS `l2`
), `gm__w0` AS (
  SELECT DISTINCT
    `anc`.`mid`,
    `m`.`g`,
    `b0`.`ct` AS `q0`,
    `b1`.`ct` AS `q1`,
    `b2`.`ct` AS `q2`
  FROM `__sqlanon_members_N` AS `m`
  CROSS JOIN `anc__w0` AS `anc`
  JOIN `b0__w0` AS `b0`
    ON `b0`.`cf` = `m`.`q0` AND `b0`.`lt` = `anc`.`a0`
  JOIN `b1__w0` AS `b1`
    ON `b1`.`cf` = `m`.`q1` AND `b1`.`lt` = `anc`.`a1`
  JOIN `b2__w0` AS `b2`
    ON `b2`.`cf` = `m`.`q2` AND `b2`.`lt` = `anc`.`a2`
), `gs__w0` AS (
  SELECT
    `gm`.`mid`,
    `gm`.`g`,
    ARRAY_SORT(
      COLLECT_LIST(
        (
          CAST(`gm`.`q0` AS BIGINT) + 3 * (
            CAST(`gm`.`q1` AS BIGINT) + 3 * CAST(`gm`.`q2` AS BIGINT)
          )
        )
      )
    ) AS `sg`
  FROM `gm__w0` AS `gm`
  GROUP BY
    `gm`.`mid`,
    `gm`.`g`
), `pp__w0` AS (
  SELECT
    `gs`.`g`,
    `gs`.`sg` AS `k0`
  FROM `gs__w0` AS `gs`
  JOIN `anc__w0` AS `anc`
    ON `anc`.`mid` = `gs`.`mid`
  WHERE
    `anc`.`a0` = :l0 AND `anc`.`a1` = :l1 AND `anc`.`a2` = :l2
), `pg__w0` AS (
  SELECT
    `pp`.`k0`,
    `gs`.`mid`,
    `gs`.`sg`,
    `gs`.`g`
  FROM `pp__w0` AS `pp`
  JOIN (
    SELECT DISTINCT
      `f`.`q0` AS `k0`
    FROM `f__w0` AS `f`
  ) AS `kept`
    ON `kept`.`k0` = `pp`.`k0`
  JOIN `gs__w0` AS `gs`
    ON `gs`.`g` = `pp`.`g`
), `fm__w0` AS (
  SELECT
    `f`.`q0`,
    `f`.`q1`,
    `f`.`q2`,
    `sm`.`mid`,
    `sm`.`sg`,
    `f`.`s`,
    `f`.`n`,
    `f`.`cnt`,
    `f`.`np`
  FROM `f__w0` AS `f`
  JOIN (
    SELECT DISTINCT
      `pg`.`k0`,
      `pg`.`mid`,
      `pg`.`sg`
    FROM `pg__w0` AS `pg`
  ) AS `sm`
    ON `sm`.`k0` = `f`.`q0`
), `sup__w0` AS (
  SELECT
    `pg`.`mid`,
    `pg`.`sg`,
    `v`.`s0` AS `s`,
    CAST(SUM(`v`.`n`) AS DOUBLE) AS `n`
  FROM `pg__w0` AS `pg`
  JOIN `__sqlanon_person_values_N` AS `v`
    ON `v`.`g` = `pg`.`g`
  GROUP BY
    `pg`.`mid`,
    `pg`.`sg`,
    `v`.`s0`
), `ssize__w0` AS (
  SELECT
    `sup`.`mid`,
    `sup`.`sg`,
    SUM(`sup`.`n`) AS `size`
  FROM `sup__w0` AS `sup`
  JOIN (
    SELECT
      `pg`.`mid`,
      `pg`.`sg`
    FROM `pg__w0` AS `pg`
    GROUP BY
      `pg`.`mid`,
      `pg`.`sg`
    HAVING
      COUNT(*) >= 4
  ) AS `big`
    ON `big`.`mid` = `sup`.`mid` AND `big`.`sg` = `sup`.`sg`
  GROUP BY
    `sup`.`mid`,
    `sup`.`sg`
), `c__w0` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    SUM(`n`) AS `size`,
    SUM(`np`) AS `rows`
  FROM `f__w0` AS `f`
  GROUP BY
    `q0`,
    `q1`,
    `q2`
), `pr__w0` AS (
  SELECT DISTINCT
    `fm`.`q0`,
    `fm`.`q1`,
    `fm`.`q2`,
    `fm`.`mid`,
    `fm`.`sg`
  FROM `fm__w0` AS `fm`
  JOIN `ssize__w0` AS `ssize`
    USING (`mid`, `sg`)
), `dist__w0` AS (
  SELECT
    `fm`.`q0`,
    `fm`.`q1`,
    `fm`.`q2`,
    `fm`.`mid`,
    SUM(GREATEST(`fm`.`n` / `c`.`size` - `sup`.`n` / `ssize`.`size`, 0.0)) AS `d`
  FROM `fm__w0` AS `fm`
  JOIN `ssize__w0` AS `ssize`
    USING (`mid`, `sg`)
  JOIN `sup__w0` AS `sup`
    USING (`mid`, `sg`, `s`)
  JOIN `c__w0` AS `c`
    USING (`q0`, `q1`, `q2`)
  GROUP BY
    `fm`.`q0`,
    `fm`.`q1`,
    `fm`.`q2`,
    `fm`.`mid`
), `best__w0` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    MIN(`d`) AS `d`
  FROM `dist__w0` AS `dist`
  GROUP BY
    `q0`,
    `q1`,
    `q2`
), `c1__w1` AS (
  SELECT
    `c`.`q0`,
    `c`.`q1`,
    `c`.`q2`,
    `c`.`rows` AS `size`,
    (
      `best`.`d` IS NULL OR `best`.`d` > 0.3 + 1e-09
    ) AS `bad`,
    COALESCE(`best`.`d`, CAST('inf' AS DOUBLE)) AS `val`
  FROM `c__w0` AS `c`
  LEFT JOIN `best__w0` AS `best`
    USING (`q0`, `q1`, `q2`)
)
SELECT
  COUNT(*) AS `classes`,
  COALESCE(SUM(`size`), 0) AS `rows`,
  COUNT_IF(`bad`) AS `vc`,
  COALESCE(SUM(CASE WHEN `bad` THEN `size` ELSE 0 END), 0) AS `vr`
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
    `c0`.`bad` OR `c1`.`bad` AS `bad`
  FROM `c0__w1` AS `c0`
  JOIN `c1__w1` AS `c1`
    USING (`q0`, `q1`, `q2`)
) AS `c`;

WITH `gen__w3` AS (
  SELECT DISTINCT
    `src`.`g`,
    TRY_ELEMENT_AT(:m0, CAST(`src`.`q0` + 1 AS INT)) AS `q0`,
    TRY_ELEMENT_AT(:m1, CAST(`src`.`q1` + 1 AS INT)) AS `q1`,
    TRY_ELEMENT_AT(:m2, CAST(`src`.`q2` + 1 AS INT)) AS `q2`
  FROM `__sqlanon_members_N` AS `src`
), `sig__w3` AS (
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
  FROM `gen__w3` AS `gen`
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
  FROM `sig__w3` AS `sig`
  JOIN `__sqlanon_person_values_N` AS `v`
    ON `v`.`g` = `sig`.`g`
  GROUP BY
    `sig`.`sig`,
    `v`.`s0`
), `c0__w1` AS (
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
), `g0__w0` AS (
  SELECT
    `cf`,
    `lt`,
    `ct`
  FROM (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 0
  ) AS `u`
  WHERE
    `lf` = :l0
), `b0__w0` AS (
  SELECT
    `cf`,
    `lt`,
    `ct`
  FROM (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 0
  ) AS `u`
  WHERE
    `lf` = 0
), `g1__w0` AS (
  SELECT
    `cf`,
    `lt`,
    `ct`
  FROM (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 1
  ) AS `u`
  WHERE
    `lf` = :l1
), `b1__w0` AS (
  SELECT
    `cf`,
    `lt`,
    `ct`
  FROM (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 1
  ) AS `u`
  WHERE
    `lf` = 0
), `g2__w0` AS (
  SELECT
    `cf`,
    `lt`,
    `ct`
  FROM (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 2
  ) AS `u`
  WHERE
    `lf` = :l2
), `b2__w0` AS (
  SELECT
    `cf`,
    `lt`,
    `ct`
  FROM (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 2
  ) AS `u`
  WHERE
    `lf` = 0
), `anc__w0` AS (
  SELECT
    ROW_NUMBER() OVER (ORDER BY 1 NULLS LAST) AS `mid`,
    `l0`.`lt` AS `a0`,
    `l1`.`lt` AS `a1`,
    `l2`.`lt` AS `a2`
  FROM (
    SELECT DISTINCT
      `lt`
    FROM `g0__w0` AS `g0`
  ) AS `l0`
  CROSS JOIN (
    SELECT DISTINCT
      `lt`
    FROM `g1__w0` AS `g1`
  ) AS `l1`
  CROSS JOIN (
    SELECT DISTINCT
      `lt`
    FROM `g2__w0` AS `g2`
  ) AS `l2`
), `gm__w0` AS (
  SELECT DISTINCT
    `anc`.`mid`,
    `m`.`g`,
    `b0`.`ct` AS `q0`,
    `b1`.`ct` AS `q1`,
    `b2`.`ct` AS `q2`
  FROM `__sqlanon_members_N` AS `m`
  CROSS JOIN `anc__w0` AS `anc`
  JOIN `b0__w0` AS `b0`
    ON `b0`.`cf` = `m`.`q0` AND `b0`.`lt` = `anc`.`a0`
  JOIN `b1__w0` AS `b1`
    ON `b1`.`cf` = `m`.`q1` AND `b1`.`lt` = `anc`.`a1`
  JOIN `b2__w0` AS `b2`
    ON `b2`.`cf` = `m`.`q2` AND `b2`.`lt` = `anc`.`a2`
), `gs__w0` AS (
  SELECT
    `gm`.`mid`,
    `gm`.`g`,
    ARRAY_SORT(
      COLLECT_LIST(
        (
          CAST(`gm`.`q0` AS BIGINT) + 3 * (
            CAST(`gm`.`q1` AS BIGINT) + 3 * CAST(`gm`.`q2` AS BIGINT)
          )
        )
      )
    ) AS `sg`
  FROM `gm__w0` AS `gm`
  GROUP BY
    `gm`.`mid`,
    `gm`.`g`
), `pp__w0` AS (
  SELECT
    `gs`.`g`,
    `gs`.`sg` AS `k0`
  FROM `gs__w0` AS `gs`
  JOIN `anc__w0` AS `anc`
    ON `anc`.`mid` = `gs`.`mid`
  WHERE
    `anc`.`a0` = :l0 AND `anc`.`a1` = :l1 AND `anc`.`a2` = :l2
), `pg__w0` AS (
  SELECT
    `pp`.`k0`,
    `gs`.`mid`,
    `gs`.`sg`,
    `gs`.`g`
  FROM `pp__w0` AS `pp`
  JOIN (
    SELECT DISTINCT
      `f`.`q0` AS `k0`
    FROM `f__w0` AS `f`
  ) AS `kept`
    ON `kept`.`k0` = `pp`.`k0`
  JOIN `gs__w0` AS `gs`
    ON `gs`.`g` = `pp`.`g`
), `fm__w0` AS (
  SELECT
    `f`.`q0`,
    `f`.`q1`,
    `f`.`q2`,
    `sm`.`mid`,
    `sm`.`sg`,
    `f`.`s`,
    `f`.`n`,
    `f`.`cnt`,
    `f`.`np`
  FROM `f__w0` AS `f`
  JOIN (
    SELECT DISTINCT
      `pg`.`k0`,
      `pg`.`mid`,
      `pg`.`sg`
    FROM `pg__w0` AS `pg`
  ) AS `sm`
    ON `sm`.`k0` = `f`.`q0`
), `sup__w0` AS (
  SELECT
    `pg`.`mid`,
    `pg`.`sg`,
    `v`.`s0` AS `s`,
    CAST(SUM(`v`.`n`) AS DOUBLE) AS `n`
  FROM `pg__w0` AS `pg`
  JOIN `__sqlanon_person_values_N` AS `v`
    ON `v`.`g` = `pg`.`g`
  GROUP BY
    `pg`.`mid`,
    `pg`.`sg`,
    `v`.`s0`
), `ssize__w0` AS (
  SELECT
    `sup`.`mid`,
    `sup`.`sg`,
    SUM(`sup`.`n`) AS `size`
  FROM `sup__w0` AS `sup`
  JOIN (
    SELECT
      `pg`.`mid`,
      `pg`.`sg`
    FROM `pg__w0` AS `pg`
    GROUP BY
      `pg`.`mid`,
      `pg`.`sg`
    HAVING
      COUNT(*) >= 4
  ) AS `big`
    ON `big`.`mid` = `sup`.`mid` AND `big`.`sg` = `sup`.`sg`
  GROUP BY
    `sup`.`mid`,
    `sup`.`sg`
), `c__w0` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    SUM(`n`) AS `size`,
    SUM(`np`) AS `rows`
  FROM `f__w0` AS `f`
  GROUP BY
    `q0`,
    `q1`,
    `q2`
), `pr__w0` AS (
  SELECT DISTINCT
    `fm`.`q0`,
    `fm`.`q1`,
    `fm`.`q2`,
    `fm`.`mid`,
    `fm`.`sg`
  FROM `fm__w0` AS `fm`
  JOIN `ssize__w0` AS `ssize`
    USING (`mid`, `sg`)
), `dist__w0` AS (
  SELECT
    `fm`.`q0`,
    `fm`.`q1`,
    `fm`.`q2`,
    `fm`.`mid`,
    SUM(GREATEST(`fm`.`n` / `c`.`size` - `sup`.`n` / `ssize`.`size`, 0.0)) AS `d`
  FROM `fm__w0` AS `fm`
  JOIN `ssize__w0` AS `ssize`
    USING (`mid`, `sg`)
  JOIN `sup__w0` AS `sup`
    USING (`mid`, `sg`, `s`)
  JOIN `c__w0` AS `c`
    USING (`q0`, `q1`, `q2`)
  GROUP BY
    `fm`.`q0`,
    `fm`.`q1`,
    `fm`.`q2`,
    `fm`.`mid`
), `best__w0` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    MIN(`d`) AS `d`
  FROM `dist__w0` AS `dist`
  GROUP BY
    `q0`,
    `q1`,
    `q2`
), `c1__w1` AS (
  SELECT
    `c`.`q0`,
    `c`.`q1`,
    `c`.`q2`,
    `c`.`rows` AS `size`,
    (
      `best`.`d` IS NULL OR `best`.`d` > 0.3 + 1e-09
    ) AS `bad`,
    COALESCE(`best`.`d`, CAST('inf' AS DOUBLE)) AS `val`
  FROM `c__w0` AS `c`
  LEFT JOIN `best__w0` AS `best`
    USING (`q0`, `q1`, `q2`)
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
        `c0`.`bad` OR `c1`.`bad` AS `bad`
      FROM `c0__w1` AS `c0`
      JOIN `c1__w1` AS `c1`
        USING (`q0`, `q1`, `q2`)
    ) AS `v`
    WHERE
      NOT `bad`
  ) AS `kept`
    USING (`q0`, `q1`, `q2`)
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
  FROM `input`
  GROUP BY
    `q0`,
    `q1`,
    `q2`,
    `s0`
  HAVING
    SUM(`n`) > 0
), `g0__w2` AS (
  SELECT
    `cf`,
    `lt`,
    `ct`
  FROM (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 0
  ) AS `u`
  WHERE
    `lf` = :l0
), `b0__w2` AS (
  SELECT
    `cf`,
    `lt`,
    `ct`
  FROM (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 0
  ) AS `u`
  WHERE
    `lf` = 0
), `g1__w2` AS (
  SELECT
    `cf`,
    `lt`,
    `ct`
  FROM (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 1
  ) AS `u`
  WHERE
    `lf` = :l1
), `b1__w2` AS (
  SELECT
    `cf`,
    `lt`,
    `ct`
  FROM (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 1
  ) AS `u`
  WHERE
    `lf` = 0
), `g2__w2` AS (
  SELECT
    `cf`,
    `lt`,
    `ct`
  FROM (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 2
  ) AS `u`
  WHERE
    `lf` = :l2
), `b2__w2` AS (
  SELECT
    `cf`,
    `lt`,
    `ct`
  FROM (
    SELECT
      `lf`,
      `cf`,
      `lt`,
      `ct`
    FROM `__sqlanon_up_N`
    WHERE
      `q` = 2
  ) AS `u`
  WHERE
    `lf` = 0
), `anc__w2` AS (
  SELECT
    ROW_NUMBER() OVER (ORDER BY 1 NULLS LAST) AS `mid`,
    `l0`.`lt` AS `a0`,
    `l1`.`lt` AS `a1`,
    `l2`.`lt` AS `a2`
  FROM (
    SELECT DISTINCT
      `lt`
    FROM `g0__w2` AS `g0`
  ) AS `l0`
  CROSS JOIN (
    SELECT DISTINCT
      `lt`
    FROM `g1__w2` AS `g1`
  ) AS `l1`
  CROSS JOIN (
    SELECT DISTINCT
      `lt`
    FROM `g2__w2` AS `g2`
  ) AS `l2`
), `gm__w2` AS (
  SELECT DISTINCT
    `anc`.`mid`,
    `m`.`g`,
    `b0`.`ct` AS `q0`,
    `b1`.`ct` AS `q1`,
    `b2`.`ct` AS `q2`
  FROM `__sqlanon_members_N` AS `m`
  CROSS JOIN `anc__w2` AS `anc`
  JOIN `b0__w2` AS `b0`
    ON `b0`.`cf` = `m`.`q0` AND `b0`.`lt` = `anc`.`a0`
  JOIN `b1__w2` AS `b1`
    ON `b1`.`cf` = `m`.`q1` AND `b1`.`lt` = `anc`.`a1`
  JOIN `b2__w2` AS `b2`
    ON `b2`.`cf` = `m`.`q2` AND `b2`.`lt` = `anc`.`a2`
), `gs__w2` AS (
  SELECT
    `gm`.`mid`,
    `gm`.`g`,
    ARRAY_SORT(
      COLLECT_LIST(
        (
          CAST(`gm`.`q0` AS BIGINT) + 3 * (
            CAST(`gm`.`q1` AS BIGINT) + 3 * CAST(`gm`.`q2` AS BIGINT)
          )
        )
      )
    ) AS `sg`
  FROM `gm__w2` AS `gm`
  GROUP BY
    `gm`.`mid`,
    `gm`.`g`
), `pp__w2` AS (
  SELECT
    `gs`.`g`,
    `gs`.`sg` AS `k0`
  FROM `gs__w2` AS `gs`
  JOIN `anc__w2` AS `anc`
    ON `anc`.`mid` = `gs`.`mid`
  WHERE
    `anc`.`a0` = :l0 AND `anc`.`a1` = :l1 AND `anc`.`a2` = :l2
), `pg__w2` AS (
  SELECT
    `pp`.`k0`,
    `gs`.`mid`,
    `gs`.`sg`,
    `gs`.`g`
  FROM `pp__w2` AS `pp`
  JOIN (
    SELECT DISTINCT
      `f`.`q0` AS `k0`
    FROM `f__w2` AS `f`
  ) AS `kept`
    ON `kept`.`k0` = `pp`.`k0`
  JOIN `gs__w2` AS `gs`
    ON `gs`.`g` = `pp`.`g`
), `fm__w2` AS (
  SELECT
    `f`.`q0`,
    `f`.`q1`,
    `f`.`q2`,
    `sm`.`mid`,
    `sm`.`sg`,
    `f`.`s`,
    `f`.`n`,
    `f`.`cnt`,
    `f`.`np`
  FROM `f__w2` AS `f`
  JOIN (
    SELECT DISTINCT
      `pg`.`k0`,
      `pg`.`mid`,
      `pg`.`sg`
    FROM `pg__w2` AS `pg`
  ) AS `sm`
    ON `sm`.`k0` = `f`.`q0`
), `sup__w2` AS (
  SELECT
    `pg`.`mid`,
    `pg`.`sg`,
    `v`.`s0` AS `s`,
    CAST(SUM(`v`.`n`) AS DOUBLE) AS `n`
  FROM `pg__w2` AS `pg`
  JOIN `__sqlanon_person_values_N` AS `v`
    ON `v`.`g` = `pg`.`g`
  GROUP BY
    `pg`.`mid`,
    `pg`.`sg`,
    `v`.`s0`
), `ssize__w2` AS (
  SELECT
    `sup`.`mid`,
    `sup`.`sg`,
    SUM(`sup`.`n`) AS `size`
  FROM `sup__w2` AS `sup`
  JOIN (
    SELECT
      `pg`.`mid`,
      `pg`.`sg`
    FROM `pg__w2` AS `pg`
    GROUP BY
      `pg`.`mid`,
      `pg`.`sg`
    HAVING
      COUNT(*) >= 4
  ) AS `big`
    ON `big`.`mid` = `sup`.`mid` AND `big`.`sg` = `sup`.`sg`
  GROUP BY
    `sup`.`mid`,
    `sup`.`sg`
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
), `pr__w2` AS (
  SELECT DISTINCT
    `fm`.`q0`,
    `fm`.`q1`,
    `fm`.`q2`,
    `fm`.`mid`,
    `fm`.`sg`
  FROM `fm__w2` AS `fm`
  JOIN `ssize__w2` AS `ssize`
    USING (`mid`, `sg`)
), `dist__w2` AS (
  SELECT
    `fm`.`q0`,
    `fm`.`q1`,
    `fm`.`q2`,
    `fm`.`mid`,
    SUM(GREATEST(`fm`.`n` / `c`.`size` - `sup`.`n` / `ssize`.`size`, 0.0)) AS `d`
  FROM `fm__w2` AS `fm`
  JOIN `ssize__w2` AS `ssize`
    USING (`mid`, `sg`)
  JOIN `sup__w2` AS `sup`
    USING (`mid`, `sg`, `s`)
  JOIN `c__w2` AS `c`
    USING (`q0`, `q1`, `q2`)
  GROUP BY
    `fm`.`q0`,
    `fm`.`q1`,
    `fm`.`q2`,
    `fm`.`mid`
), `best__w2` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    MIN(`d`) AS `d`
  FROM `dist__w2` AS `dist`
  GROUP BY
    `q0`,
    `q1`,
    `q2`
)
SELECT
  `a1`.`classes`,
  `a1`.`rows`,
  `a1`.`vc`,
  `a1`.`vr`,
  `a1`.`worst`
FROM (
  SELECT
    COUNT(*) AS `classes`,
    COALESCE(SUM(`size`), 0) AS `rows`,
    COUNT_IF(`bad`) AS `vc`,
    COALESCE(SUM(CASE WHEN `bad` THEN `size` ELSE 0 END), 0) AS `vr`,
    MAX(`val`) AS `worst`
  FROM (
    /* check_nt_closeness.sql: (n,t)-closeness, one row per equivalence class. */
    /* Inputs:   input (keys..., s, n); per class key a generalization table (lf, cf, lt, ct): code */
    /*           cf at level lf generalizes to code ct at level lt (every lt >= lf, the top included); */
    /*           for the ground distance: rank table order (s, pos) (ordered) or ancestors */
    /*           (s, lvl, node), lvl 0..H-1 (hierarchical). */
    /* Params:   keys, s, supersets (or none: partition-based releases, below), generalization (one */
    /*           {table, level} per key, level = the key's current */
    /*           level: a bound parameter such as $l0 in the search, 0 in the gate), n_min (n), */
    /*           t, tol, distance ("equal" | "ordered" | "hierarchical"), order, full_domain, */
    /*           ancestors, height; sets (or none: people whose quasi-identifiers vary, their */
    /*           supersets formed from each person's tuples: _nt_people.sql). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= the smallest distance from the */
    /*           class to a natural superset with at least n rows, +inf when there is none; */
    /*           worst = MAX). */
    /* Formula:  the natural supersets of class E at node N are the classes containing E at every */
    /*           node M >= N (any quasi-identifiers generalized further, up to the whole table); */
    /*           E passes iff some superset S with |S| >= n has D(P_E, P_S) <= t (+ tol), D the EMD */
    /*           of t-closeness: equal: sum over values v of E of max(p_v - q_v, 0) (E within S); */
    /*           hierarchical: 1/H sum over non-root nodes of max(P(N) - Q(N), 0); */
    /*           ordered: 1/(m-1) sum over the values v of S in rank order of */
    /*           |F_P(v) - F_Q(v)| (rank(next value of S) - rank(v)), F the cumulative distributions */
    /*           (both are flat between values of S). Cost: one row per (class, superset) pair and */
    /*           value of the class (the superset's values for ordered). */
    /* Supersets: with supersets = {ancestors, on, dist} the candidate supersets are given instead of */
    /*           found in the lattice (Mondrian: the partition tree's ancestors, survey 001 Figure */
    /*           7.3.1): ancestors maps class keys (on: [(key, column)...]) to superset ids sid, dist */
    /*           (sid, s..., n) holds each superset's rows; a class with at least n rows passes (it */
    /*           is its own superset, at distance 0). */
    /* Citation: survey (001), Definition 6.1.2 ((n,t)-closeness); Li, Li, Venkatasubramanian, */
    /*           Closeness: a new privacy measure for data publishing, TKDE 2010. */
    /* People:   with people (_people_values.sql: person: set), P_E and P_S are the */
    /*           distributions in which each person weighs one, split evenly over their distinct */
    /*           values (n); a superset's size, which n bounds, and the class's size count people */
    /*           (np), each person once (docs/people.md). After Li, Li, Venkatasubramanian's */
    /*           definition; counting people rather than records follows Nergiz, Clifton, Nergiz, */
    /*           Multirelational k-anonymity (IEEE TKDE 2009). With quasi-identifiers constant per */
    /*           person, each person is in one class at every node and the lattice's supersets above */
    /*           hold; when they vary, ``sets`` (_nt_people.sql) forms each superset from the people. */
    SELECT
      `c`.`q0`,
      `c`.`q1`,
      `c`.`q2`,
      `c`.`rows` AS `size`,
      (
        `best`.`d` IS NULL OR `best`.`d` > 0.3 + 1e-09
      ) AS `bad`,
      COALESCE(`best`.`d`, CAST('inf' AS DOUBLE)) AS `val`
    FROM `c__w2` AS `c`
    LEFT JOIN `best__w2` AS `best`
      USING (`q0`, `q1`, `q2`)
  ) AS `c`
) AS `a1`;
