/* metric_nu_entropy.sql: non-uniform entropy information loss of one node's release. */
/* Inputs:   source frequency table (q0..qk-1 leaf codes, ..., n); verdicts (q0..qk-1 at the */
/*           node's levels, bad) of the node; code maps leaf -> node level (_generalize.sql). */
/* Params:   source, qis (one {"up": table or none} per QI, rendered once per run); $verdicts */
/*           (name) and the maps ($m<i>, or $f<i> and $t<i>) bound per node. */
/* Output:   one row per QI i (in the order of i): its loss in bits, summed over its cells; the */
/*           loss of the table is their sum in that order (the caller adds them). */
/* Formula:  a cell with original value x generalized to g loses log2(c(g) / c(x)), where c counts */
/*           the rows of the ORIGINAL table with that value / with a value under g; a suppressed cell */
/*           is generalized to the root: log2(N / c(x)) (Gionis & Tassa 2009, non-uniform entropy). */
/*           Per QI only the rows kept and suppressed per original value x matter: loss_i = */
/*           sum over x of kept(x) log2(c(g(x)) / c(x)) + suppressed(x) log2(N / c(x)), with */
/*           c(x) = kept(x) + suppressed(x) and c(g) the sum of c(x) over the x under g. One pass */
/*           over the source gives these counts for every QI (GROUPING SETS, one per QI). */
/*           The counts are sums of integers (exact in DOUBLE below 2^53); the logs are summed in */
/*           the order of x, so the same release always gets the same figure to the last bit */
/*           (a hash aggregate's row order varies between runs). Each CTE is read once: an engine */
/*           that inlines CTEs (Spark) would compute one read more than once again. */
WITH `cells` AS (
  SELECT
    `r`.`x0`,
    `r`.`q0`,
    `r`.`x1`,
    `r`.`q1`,
    `r`.`x2`,
    `r`.`q2`,
    `v`.`bad`,
    CAST(SUM(`r`.`n`) AS DOUBLE) AS `n`
  FROM (
    SELECT
      `src`.`q0` AS `x0`,
      TRY_ELEMENT_AT(:m0, CAST(`src`.`q0` + 1 AS INT)) AS `q0`,
      `src`.`q1` AS `x1`,
      TRY_ELEMENT_AT(:m1, CAST(`src`.`q1` + 1 AS INT)) AS `q1`,
      `src`.`q2` AS `x2`,
      TRY_ELEMENT_AT(:m2, CAST(`src`.`q2` + 1 AS INT)) AS `q2`,
      `src`.`n`
    FROM `__sqlanon_freq_N` AS `src`
  ) AS `r`
  JOIN QUERY_TABLE(:verdicts) AS `v`
    ON `v`.`q0` = `r`.`q0` AND `v`.`q1` = `r`.`q1` AND `v`.`q2` = `r`.`q2`
  GROUP BY
    GROUPING SETS (
      (`r`.`x0`, `r`.`q0`, `v`.`bad`),
      (`r`.`x1`, `r`.`q1`, `v`.`bad`),
      (`r`.`x2`, `r`.`q2`, `v`.`bad`)
    )
), `p` AS (
  SELECT
    `i`,
    `x`,
    `g`,
    SUM(`n`) AS `cx`,
    SUM(CASE WHEN `bad` THEN `n` ELSE 0.0 END) AS `sup`
  FROM (
    SELECT
      CASE
        WHEN NOT `x0` IS NULL
        THEN 0
        WHEN NOT `x1` IS NULL
        THEN 1
        WHEN NOT `x2` IS NULL
        THEN 2
      END AS `i`,
      CASE
        WHEN NOT `x0` IS NULL
        THEN `x0`
        WHEN NOT `x1` IS NULL
        THEN `x1`
        WHEN NOT `x2` IS NULL
        THEN `x2`
      END AS `x`,
      CASE
        WHEN NOT `x0` IS NULL
        THEN `q0`
        WHEN NOT `x1` IS NULL
        THEN `q1`
        WHEN NOT `x2` IS NULL
        THEN `q2`
      END AS `g`,
      `bad`,
      `n`
    FROM `cells`
  ) AS `c`
  GROUP BY
    1,
    2,
    3
), `w` AS (
  SELECT
    *,
    SUM(`cx`) OVER (PARTITION BY `i`, `g`) AS `cg`,
    SUM(`cx`) OVER (PARTITION BY `i`) AS `total`
  FROM `p`
)
SELECT
  `i`,
  COALESCE(
    CASE
      WHEN COUNT((
        `cx` - `sup`
      ) * LOG(2, `cg` / `cx`) + `sup` * LOG(2, `total` / `cx`)) = 0
      THEN NULL
      ELSE AGGREGATE(
        SLICE(
          ARRAY_SORT(
            COLLECT_LIST(
              CASE
                WHEN NOT (
                  `cx` - `sup`
                ) * LOG(2, `cg` / `cx`) + `sup` * LOG(2, `total` / `cx`) IS NULL
                THEN STRUCT(
                  STRUCT(`x` IS NULL AS n0, `x` AS k0) AS k,
                  (
                    `cx` - `sup`
                  ) * LOG(2, `cg` / `cx`) + `sup` * LOG(2, `total` / `cx`) AS v
                )
              END
            )
          ),
          2,
          COUNT((
            `cx` - `sup`
          ) * LOG(2, `cg` / `cx`) + `sup` * LOG(2, `total` / `cx`)) - 1
        ),
        ELEMENT_AT(
          ARRAY_SORT(
            COLLECT_LIST(
              CASE
                WHEN NOT (
                  `cx` - `sup`
                ) * LOG(2, `cg` / `cx`) + `sup` * LOG(2, `total` / `cx`) IS NULL
                THEN STRUCT(
                  STRUCT(`x` IS NULL AS n0, `x` AS k0) AS k,
                  (
                    `cx` - `sup`
                  ) * LOG(2, `cg` / `cx`) + `sup` * LOG(2, `total` / `cx`) AS v
                )
              END
            )
          ),
          1
        ).v,
        (acc, e) -> acc + e.v
      )
    END,
    0.0
  ) AS `e`
FROM `w`
GROUP BY
  `i`
ORDER BY
  `i` NULLS LAST;
