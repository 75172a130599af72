/* metrics.sql: class-based utility aggregates of one node's release. */
/* Inputs:   verdicts (q0..qk-1, size, bad): the node's classes; bad classes are suppressed. */
/*           labels_i (lvl, code, label, leaves): QI i's dimension table (leaves below each node). */
/* Params:   labels (one table per QI); bound at run time: $verdicts (the verdicts table's */
/*           name) and $lv0..$lvk-1 (the node's levels), so the text is rendered once per run. */
/* Output:   classes (released), kept_rows, sum_sq = sum |E|^2 over released classes (HUGEINT), */
/*           loss_i = sum over released classes of |E| * (leaves(label_i(E)) - 1), one per QI. */
/* Formula:  discernibility = sum_E |E|^2 + |S| N (Bayardo & Agrawal 2005); */
/*           loss = mean over cells of (leaves(g) - 1) / (|D| - 1), a suppressed cell counts 1 */
/*           (Iyengar 2002). The Python side combines these with |S| and N. */
SELECT
  COUNT(*) AS `classes`,
  COALESCE(SUM(`v`.`size`), 0) AS `kept_rows`,
  COALESCE(SUM(CAST(`v`.`size` AS DECIMAL(38, 0)) * CAST(`v`.`size` AS DECIMAL(38, 0))), 0) AS `sum_sq`
FROM QUERY_TABLE(:verdicts) AS `v`
WHERE
  NOT `v`.`bad`;

/* metrics.sql: class-based utility aggregates of one node's release. */
/* Inputs:   verdicts (q0..qk-1, size, bad): the node's classes; bad classes are suppressed. */
/*           labels_i (lvl, code, label, leaves): QI i's dimension table (leaves below each node). */
/* Params:   labels (one table per QI); bound at run time: $verdicts (the verdicts table's */
/*           name) and $lv0..$lvk-1 (the node's levels), so the text is rendered once per run. */
/* Output:   classes (released), kept_rows, sum_sq = sum |E|^2 over released classes (HUGEINT), */
/*           loss_i = sum over released classes of |E| * (leaves(label_i(E)) - 1), one per QI. */
/* Formula:  discernibility = sum_E |E|^2 + |S| N (Bayardo & Agrawal 2005); */
/*           loss = mean over cells of (leaves(g) - 1) / (|D| - 1), a suppressed cell counts 1 */
/*           (Iyengar 2002). The Python side combines these with |S| and N. */
SELECT
  COUNT(*) AS `classes`,
  COALESCE(SUM(`v`.`size`), 0) AS `kept_rows`,
  COALESCE(SUM(CAST(`v`.`size` AS DECIMAL(38, 0)) * CAST(`v`.`size` AS DECIMAL(38, 0))), 0) AS `sum_sq`,
  COALESCE(SUM(CAST(`v`.`size` AS DECIMAL(38, 0)) * (
    `l0`.`leaves` - 1
  )), 0) AS `loss0`,
  COALESCE(SUM(CAST(`v`.`size` AS DECIMAL(38, 0)) * (
    `l1`.`leaves` - 1
  )), 0) AS `loss1`,
  COALESCE(SUM(CAST(`v`.`size` AS DECIMAL(38, 0)) * (
    `l2`.`leaves` - 1
  )), 0) AS `loss2`
FROM QUERY_TABLE(:verdicts) AS `v`
JOIN (
  SELECT
    `lvl`,
    `code`,
    `label`,
    `leaves`
  FROM `__sqlanon_labels_N`
  WHERE
    `q` = 0
) AS `l0`
  ON `l0`.`lvl` = :lv0 AND `l0`.`code` = `v`.`q0`
JOIN (
  SELECT
    `lvl`,
    `code`,
    `label`,
    `leaves`
  FROM `__sqlanon_labels_N`
  WHERE
    `q` = 1
) AS `l1`
  ON `l1`.`lvl` = :lv1 AND `l1`.`code` = `v`.`q1`
JOIN (
  SELECT
    `lvl`,
    `code`,
    `label`,
    `leaves`
  FROM `__sqlanon_labels_N`
  WHERE
    `q` = 2
) AS `l2`
  ON `l2`.`lvl` = :lv2 AND `l2`.`code` = `v`.`q2`
WHERE
  NOT `v`.`bad`;
