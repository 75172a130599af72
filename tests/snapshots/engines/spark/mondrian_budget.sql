/* mondrian_budget.sql: the cuts of one Mondrian round that the risk limits still allow */
/* (risk: prosecutor_average, marketer, records_at_risk, sample_uniques, and with a population */
/* journalist_average and journalist_records_at_risk; issue 40, item 1). */
/* Inputs:   cuts (pid, dim, median, lca, base, child, npid, size, and with a population f: one */
/*           row per child of every allowable cut of the round, mondrian_split.sql's rows with the */
/*           child's rows and persons of the population); with a population, pf (pid, f: the */
/*           persons of the population in each partition's labels). */
/* Params:   part (keep: the kept cuts; spent: how much the cuts of ``cuts`` add to each figure, */
/*           one row); cuts; at_risk_below (m: a class of fewer rows than m is at risk, its prosecutor */
/*           risk 1/|E| above the threshold; none: no records_at_risk limit); limited (the figures */
/*           with a limit, among classes, at_risk, uniques, j_at_risk: the cost cuts are ordered */
/*           by); pf (none without a population); j_below (m: a class with fewer than m persons of */
/*           the population is at the journalist's risk; none: no journalist_records_at_risk */
/*           limit); scale (S: the journalist average counted in units of 1/S of a record; none: no */
/*           journalist_average limit); bound at run time: $classes, $at_risk, $uniques, */
/*           $j_at_risk, $j_average (how much each figure may still grow). */
/* Output:   keep: the rows of cuts whose cut is kept; spent: classes, at_risk, uniques, */
/*           j_at_risk, j_average added. */
/* Formula:  cutting partition P into children C_1..C_m adds m - 1 classes, sum(|C_i| : |C_i| < m) */
/*           - (|P| if |P| < m else 0) rows at risk and #{i : |C_i| = 1} records alone in their */
/*           class (P itself, cut in two or more non-empty children, had more than one row): every */
/*           figure only grows with a cut, so the kept cuts are a prefix of the cuts ordered by */
/*           their cost in the limited figures (then pid) whose running sums stay within the */
/*           budgets. Mondrian suppresses nothing: the rows N are fixed, and a share limit x on */
/*           N is a budget of floor(x N) classes or rows (sqlanon.search.mondrian_risk). */
/*           With a population (F: the persons of the population in a partition's labels, which */
/*           only shrinks with a cut, the children's labels lying in the parent's): the records */
/*           at the journalist's risk grow by sum(|C_i| : F_i < m) - (|P| if F_P < m else 0); the */
/*           journalist average's sum over classes of |E| / F_E grows too (sum |C_i| / F_i >= */
/*           sum |C_i| / F_P = |P| / F_P), counted exactly in integers as each class's */
/*           ceil(|E| S / F_E): a cut adds sum ceil(|C_i| S / F_i) - ceil(|P| S / F_P) >= 0. Cuts */
/*           are ordered by their integer cost, then by that addition, then pid. */
/* Citation: LeFevre, DeWitt, Ramakrishnan (ICDE 2006); the figures: ARX's risk model */
/*           (Prasser, Kohlmayer et al.), as sqlanon.search.risk.measure computes them. */
WITH `per_cut` AS (
  SELECT
    `c`.`pid`,
    CAST(COUNT(*) - 1 AS BIGINT) AS `d_classes`,
    CAST(0 AS BIGINT) AS `d_at_risk`,
    CAST(SUM(CASE WHEN `c`.`size` = 1 THEN 1 ELSE 0 END) AS BIGINT) AS `d_uniques`,
    CAST(SUM(CASE WHEN `c`.`f` < 5 THEN `c`.`size` ELSE 0 END) - CASE WHEN MAX(`pf`.`f`) < 5 THEN SUM(`c`.`size`) ELSE 0 END AS BIGINT) AS `d_j_at_risk`,
    CAST(SUM((
      `c`.`size` * 4503599627370496 + `c`.`f` - 1
    ) DIV `c`.`f`) - (
      SUM(`c`.`size`) * 4503599627370496 + MAX(`pf`.`f`) - 1
    ) DIV MAX(`pf`.`f`) AS BIGINT) AS `d_j_average`
  FROM `__sqlanon_msplit_N` AS `c`
  JOIN `__sqlanon_mpf_N` AS `pf`
    ON `pf`.`pid` = `c`.`pid`
  GROUP BY
    `c`.`pid`
)
SELECT
  CAST(COALESCE(SUM(`d_classes`), 0) AS BIGINT),
  CAST(COALESCE(SUM(`d_at_risk`), 0) AS BIGINT),
  CAST(COALESCE(SUM(`d_uniques`), 0) AS BIGINT),
  CAST(COALESCE(SUM(`d_j_at_risk`), 0) AS BIGINT),
  CAST(COALESCE(SUM(`d_j_average`), 0) AS BIGINT)
FROM `per_cut`;

/* mondrian_budget.sql: the cuts of one Mondrian round that the risk limits still allow */
/* (risk: prosecutor_average, marketer, records_at_risk, sample_uniques, and with a population */
/* journalist_average and journalist_records_at_risk; issue 40, item 1). */
/* Inputs:   cuts (pid, dim, median, lca, base, child, npid, size, and with a population f: one */
/*           row per child of every allowable cut of the round, mondrian_split.sql's rows with the */
/*           child's rows and persons of the population); with a population, pf (pid, f: the */
/*           persons of the population in each partition's labels). */
/* Params:   part (keep: the kept cuts; spent: how much the cuts of ``cuts`` add to each figure, */
/*           one row); cuts; at_risk_below (m: a class of fewer rows than m is at risk, its prosecutor */
/*           risk 1/|E| above the threshold; none: no records_at_risk limit); limited (the figures */
/*           with a limit, among classes, at_risk, uniques, j_at_risk: the cost cuts are ordered */
/*           by); pf (none without a population); j_below (m: a class with fewer than m persons of */
/*           the population is at the journalist's risk; none: no journalist_records_at_risk */
/*           limit); scale (S: the journalist average counted in units of 1/S of a record; none: no */
/*           journalist_average limit); bound at run time: $classes, $at_risk, $uniques, */
/*           $j_at_risk, $j_average (how much each figure may still grow). */
/* Output:   keep: the rows of cuts whose cut is kept; spent: classes, at_risk, uniques, */
/*           j_at_risk, j_average added. */
/* Formula:  cutting partition P into children C_1..C_m adds m - 1 classes, sum(|C_i| : |C_i| < m) */
/*           - (|P| if |P| < m else 0) rows at risk and #{i : |C_i| = 1} records alone in their */
/*           class (P itself, cut in two or more non-empty children, had more than one row): every */
/*           figure only grows with a cut, so the kept cuts are a prefix of the cuts ordered by */
/*           their cost in the limited figures (then pid) whose running sums stay within the */
/*           budgets. Mondrian suppresses nothing: the rows N are fixed, and a share limit x on */
/*           N is a budget of floor(x N) classes or rows (sqlanon.search.mondrian_risk). */
/*           With a population (F: the persons of the population in a partition's labels, which */
/*           only shrinks with a cut, the children's labels lying in the parent's): the records */
/*           at the journalist's risk grow by sum(|C_i| : F_i < m) - (|P| if F_P < m else 0); the */
/*           journalist average's sum over classes of |E| / F_E grows too (sum |C_i| / F_i >= */
/*           sum |C_i| / F_P = |P| / F_P), counted exactly in integers as each class's */
/*           ceil(|E| S / F_E): a cut adds sum ceil(|C_i| S / F_i) - ceil(|P| S / F_P) >= 0. Cuts */
/*           are ordered by their integer cost, then by that addition, then pid. */
/* Citation: LeFevre, DeWitt, Ramakrishnan (ICDE 2006); the figures: ARX's risk model */
/*           (Prasser, Kohlmayer et al.), as sqlanon.search.risk.measure computes them. */
WITH `per_cut` AS (
  SELECT
    `c`.`pid`,
    CAST(COUNT(*) - 1 AS BIGINT) AS `d_classes`,
    CAST(SUM(CASE WHEN `c`.`size` < 5 THEN `c`.`size` ELSE 0 END) - CASE WHEN SUM(`c`.`size`) < 5 THEN SUM(`c`.`size`) ELSE 0 END AS BIGINT) AS `d_at_risk`,
    CAST(SUM(CASE WHEN `c`.`size` = 1 THEN 1 ELSE 0 END) AS BIGINT) AS `d_uniques`,
    CAST(0 AS BIGINT) AS `d_j_at_risk`,
    CAST(0 AS BIGINT) AS `d_j_average`
  FROM `__sqlanon_msplit_N` AS `c`
  GROUP BY
    `c`.`pid`
)
SELECT
  CAST(COALESCE(SUM(`d_classes`), 0) AS BIGINT),
  CAST(COALESCE(SUM(`d_at_risk`), 0) AS BIGINT),
  CAST(COALESCE(SUM(`d_uniques`), 0) AS BIGINT),
  CAST(COALESCE(SUM(`d_j_at_risk`), 0) AS BIGINT),
  CAST(COALESCE(SUM(`d_j_average`), 0) AS BIGINT)
FROM `per_cut`;

CREATE TEMPORARY VIEW `__sqlanon_msplit_N` AS
WITH `per_cut__w0` AS (
  SELECT
    `c`.`pid`,
    CAST(COUNT(*) - 1 AS BIGINT) AS `d_classes`,
    CAST(0 AS BIGINT) AS `d_at_risk`,
    CAST(SUM(CASE WHEN `c`.`size` = 1 THEN 1 ELSE 0 END) AS BIGINT) AS `d_uniques`,
    CAST(SUM(CASE WHEN `c`.`f` < 5 THEN `c`.`size` ELSE 0 END) - CASE WHEN MAX(`pf`.`f`) < 5 THEN SUM(`c`.`size`) ELSE 0 END AS BIGINT) AS `d_j_at_risk`,
    CAST(SUM((
      `c`.`size` * 4503599627370496 + `c`.`f` - 1
    ) DIV `c`.`f`) - (
      SUM(`c`.`size`) * 4503599627370496 + MAX(`pf`.`f`) - 1
    ) DIV MAX(`pf`.`f`) AS BIGINT) AS `d_j_average`
  FROM `__sqlanon_mcuts_N` AS `c`
  JOIN `__sqlanon_mpf_N` AS `pf`
    ON `pf`.`pid` = `c`.`pid`
  GROUP BY
    `c`.`pid`
), `costed__w0` AS (
  SELECT
    `pid`,
    `d_classes`,
    `d_at_risk`,
    `d_uniques`,
    `d_j_at_risk`,
    `d_j_average`,
    `d_j_at_risk` AS `cost`
  FROM `per_cut__w0` AS `per_cut`
), `running__w0` AS (
  SELECT
    `pid`,
    SUM(`d_classes`) OVER (
      ORDER BY `cost` NULLS LAST, `d_j_average` NULLS LAST, `pid` NULLS LAST
      ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
    ) AS `r_classes`,
    SUM(`d_at_risk`) OVER (
      ORDER BY `cost` NULLS LAST, `d_j_average` NULLS LAST, `pid` NULLS LAST
      ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
    ) AS `r_at_risk`,
    SUM(`d_uniques`) OVER (
      ORDER BY `cost` NULLS LAST, `d_j_average` NULLS LAST, `pid` NULLS LAST
      ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
    ) AS `r_uniques`,
    SUM(`d_j_at_risk`) OVER (
      ORDER BY `cost` NULLS LAST, `d_j_average` NULLS LAST, `pid` NULLS LAST
      ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
    ) AS `r_j_at_risk`,
    SUM(`d_j_average`) OVER (
      ORDER BY `cost` NULLS LAST, `d_j_average` NULLS LAST, `pid` NULLS LAST
      ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
    ) AS `r_j_average`
  FROM `costed__w0` AS `costed`
)
SELECT
  `c`.*
FROM `__sqlanon_mcuts_N` AS `c`
JOIN `running__w0` AS `r`
  ON `r`.`pid` = `c`.`pid`
WHERE
  `r`.`r_classes` <= CAST(:classes AS BIGINT)
  AND `r`.`r_at_risk` <= CAST(:at_risk AS BIGINT)
  AND `r`.`r_uniques` <= CAST(:uniques AS BIGINT)
  AND `r`.`r_j_at_risk` <= CAST(:j_at_risk AS BIGINT)
  AND `r`.`r_j_average` <= CAST(:j_average AS BIGINT);

CREATE TEMPORARY VIEW `__sqlanon_msplit_N` AS
WITH `per_cut__w0` AS (
  SELECT
    `c`.`pid`,
    CAST(COUNT(*) - 1 AS BIGINT) AS `d_classes`,
    CAST(SUM(CASE WHEN `c`.`size` < 5 THEN `c`.`size` ELSE 0 END) - CASE WHEN SUM(`c`.`size`) < 5 THEN SUM(`c`.`size`) ELSE 0 END AS BIGINT) AS `d_at_risk`,
    CAST(SUM(CASE WHEN `c`.`size` = 1 THEN 1 ELSE 0 END) AS BIGINT) AS `d_uniques`,
    CAST(0 AS BIGINT) AS `d_j_at_risk`,
    CAST(0 AS BIGINT) AS `d_j_average`
  FROM `__sqlanon_mcuts_N` AS `c`
  GROUP BY
    `c`.`pid`
), `costed__w0` AS (
  SELECT
    `pid`,
    `d_classes`,
    `d_at_risk`,
    `d_uniques`,
    `d_j_at_risk`,
    `d_j_average`,
    `d_classes` + `d_at_risk` AS `cost`
  FROM `per_cut__w0` AS `per_cut`
), `running__w0` AS (
  SELECT
    `pid`,
    SUM(`d_classes`) OVER (
      ORDER BY `cost` NULLS LAST, `d_j_average` NULLS LAST, `pid` NULLS LAST
      ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
    ) AS `r_classes`,
    SUM(`d_at_risk`) OVER (
      ORDER BY `cost` NULLS LAST, `d_j_average` NULLS LAST, `pid` NULLS LAST
      ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
    ) AS `r_at_risk`,
    SUM(`d_uniques`) OVER (
      ORDER BY `cost` NULLS LAST, `d_j_average` NULLS LAST, `pid` NULLS LAST
      ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
    ) AS `r_uniques`,
    SUM(`d_j_at_risk`) OVER (
      ORDER BY `cost` NULLS LAST, `d_j_average` NULLS LAST, `pid` NULLS LAST
      ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
    ) AS `r_j_at_risk`,
    SUM(`d_j_average`) OVER (
      ORDER BY `cost` NULLS LAST, `d_j_average` NULLS LAST, `pid` NULLS LAST
      ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
    ) AS `r_j_average`
  FROM `costed__w0` AS `costed`
)
SELECT
  `c`.*
FROM `__sqlanon_mcuts_N` AS `c`
JOIN `running__w0` AS `r`
  ON `r`.`pid` = `c`.`pid`
WHERE
  `r`.`r_classes` <= CAST(:classes AS BIGINT)
  AND `r`.`r_at_risk` <= CAST(:at_risk AS BIGINT)
  AND `r`.`r_uniques` <= CAST(:uniques AS BIGINT)
  AND `r`.`r_j_at_risk` <= CAST(:j_at_risk AS BIGINT)
  AND `r`.`r_j_average` <= CAST(:j_average AS BIGINT);
