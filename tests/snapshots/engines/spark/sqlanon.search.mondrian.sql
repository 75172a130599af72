CREATE TEMPORARY VIEW `__sqlanon_mfinal_N` AS
SELECT
  *
FROM `__sqlanon_mwa_N`
WHERE
  FALSE;

CREATE TEMPORARY VIEW `__sqlanon_mpf_N` AS
SELECT
  CAST(0 AS BIGINT) AS `pid`,
  CAST(400 AS BIGINT) AS `f`;

CREATE TEMPORARY VIEW `__sqlanon_mpfinal_N` AS
SELECT
  *
FROM `__sqlanon_mpa_N`
WHERE
  FALSE;

CREATE TEMPORARY VIEW `__sqlanon_mwhole_N` AS
SELECT
  `s0`,
  `s1`,
  SUM(`n`) AS `n`
FROM `__sqlanon_freq_N`
GROUP BY
  `s0`,
  `s1`;

DROP TABLE IF EXISTS `__sqlanon_mcand_N`;

DROP TABLE IF EXISTS `__sqlanon_mcuts_N`;

DROP TABLE IF EXISTS `__sqlanon_mpa_N`;

DROP TABLE IF EXISTS `__sqlanon_mpb_N`;

DROP TABLE IF EXISTS `__sqlanon_mpcount_N`;

DROP TABLE IF EXISTS `__sqlanon_mpf_N`;

DROP TABLE IF EXISTS `__sqlanon_mpfinal_N`;

DROP TABLE IF EXISTS `__sqlanon_msplit_N`;

DROP TABLE IF EXISTS `__sqlanon_mva_N`;

DROP TABLE IF EXISTS `__sqlanon_mvalues_N`;

DROP TABLE IF EXISTS `__sqlanon_mvb_N`;

DROP TABLE IF EXISTS `__sqlanon_mwa_N`;

DROP TABLE IF EXISTS `__sqlanon_mwb_N`;

INSERT INTO `__sqlanon_mfinal_N`
SELECT
  *
FROM `__sqlanon_mwa_N`
WHERE
  NOT `pid` IN (
    SELECT
      `pid`
    FROM `__sqlanon_msplit_N`
  );

INSERT INTO `__sqlanon_mfinal_N`
SELECT
  *
FROM `__sqlanon_mwb_N`
WHERE
  NOT `pid` IN (
    SELECT
      `pid`
    FROM `__sqlanon_msplit_N`
  );

INSERT INTO `__sqlanon_mpf_N`
SELECT
  `npid` AS `pid`,
  `f`
FROM `__sqlanon_msplit_N`;

INSERT INTO `__sqlanon_mpfinal_N`
SELECT
  *
FROM `__sqlanon_mpa_N`
WHERE
  NOT `pid` IN (
    SELECT
      `pid`
    FROM `__sqlanon_msplit_N`
  );

INSERT INTO `__sqlanon_mpfinal_N`
SELECT
  *
FROM `__sqlanon_mpb_N`
WHERE
  NOT `pid` IN (
    SELECT
      `pid`
    FROM `__sqlanon_msplit_N`
  );

SELECT
  COUNT(*),
  COALESCE(SUM(`size` * `size`), 0),
  COALESCE(SUM(`size` * (
    0 + `w0` + `w1` + `w2`
  )), 0)
FROM `__sqlanon_mparts_N`;

SELECT
  COUNT(DISTINCT `pid`)
FROM `__sqlanon_msplit_N`;
