/* population_frequencies.sql: the population's persons as the search reads them (k-map with */
/*           a population table, delta-presence: sqlanon.encode.population). */
/* Inputs:   population (one row per person, the quasi-identifiers' columns); one dimension */
/*           table per quasi-identifier (leaf VARCHAR, code INT: level-0 code of each hierarchy */
/*           leaf, as encode_frequencies.sql reads the source's); for part short, freq (the */
/*           source's bottom frequency table: q0.., n) and pop (part freq's table). */
/* Params:   part ("uncovered" | "freq" | "short"), population, qis ({dim, column}), freq, pop. */
/* Output:   uncovered: one row, per quasi-identifier the persons whose value (NULL as '', as */
/*           the source is read) is no leaf of its hierarchy (u0.., BIGINT); freq: q0..qk-1 */
/*           (level-0 codes), n BIGINT (persons per combination); short: one row, the */
/*           combinations of the source with more rows than the population has persons */
/*           (BIGINT), and their rows. */
/* Formula:  n(q) = |{ persons p : code(p.qi) = q }|; the table is a sample of the population */
/*           only if n_source(q) <= n(q) for every level-0 combination q (then for every class */
/*           at every node, classes being unions of combinations). */
SELECT
  CAST(SUM(CASE WHEN `d0`.`leaf` IS NULL THEN 1 ELSE 0 END) AS BIGINT) AS `u0`
FROM `__sqlanon_population_N` AS `src`
LEFT JOIN (
  SELECT
    `leaf`,
    `code`
  FROM `__sqlanon_dim_N`
  WHERE
    `q` = 2
) AS `d0`
  ON COALESCE(CAST(`src`.`sex` AS STRING), '') = `d0`.`leaf`;

/* population_frequencies.sql: the population's persons as the search reads them (k-map with */
/*           a population table, delta-presence: sqlanon.encode.population). */
/* Inputs:   population (one row per person, the quasi-identifiers' columns); one dimension */
/*           table per quasi-identifier (leaf VARCHAR, code INT: level-0 code of each hierarchy */
/*           leaf, as encode_frequencies.sql reads the source's); for part short, freq (the */
/*           source's bottom frequency table: q0.., n) and pop (part freq's table). */
/* Params:   part ("uncovered" | "freq" | "short"), population, qis ({dim, column}), freq, pop. */
/* Output:   uncovered: one row, per quasi-identifier the persons whose value (NULL as '', as */
/*           the source is read) is no leaf of its hierarchy (u0.., BIGINT); freq: q0..qk-1 */
/*           (level-0 codes), n BIGINT (persons per combination); short: one row, the */
/*           combinations of the source with more rows than the population has persons */
/*           (BIGINT), and their rows. */
/* Formula:  n(q) = |{ persons p : code(p.qi) = q }|; the table is a sample of the population */
/*           only if n_source(q) <= n(q) for every level-0 combination q (then for every class */
/*           at every node, classes being unions of combinations). */
SELECT
  CAST(SUM(CASE WHEN `d0`.`leaf` IS NULL THEN 1 ELSE 0 END) AS BIGINT) AS `u0`,
  CAST(SUM(CASE WHEN `d1`.`leaf` IS NULL THEN 1 ELSE 0 END) AS BIGINT) AS `u1`,
  CAST(SUM(CASE WHEN `d2`.`leaf` IS NULL THEN 1 ELSE 0 END) AS BIGINT) AS `u2`
FROM `__sqlanon_population_N` AS `src`
LEFT JOIN (
  SELECT
    `leaf`,
    `code`
  FROM `__sqlanon_dim_N`
  WHERE
    `q` = 0
) AS `d0`
  ON COALESCE(CAST(`src`.`zip` AS STRING), '') = `d0`.`leaf`
LEFT JOIN (
  SELECT
    `leaf`,
    `code`
  FROM `__sqlanon_dim_N`
  WHERE
    `q` = 1
) AS `d1`
  ON COALESCE(CAST(`src`.`age` AS STRING), '') = `d1`.`leaf`
LEFT JOIN (
  SELECT
    `leaf`,
    `code`
  FROM `__sqlanon_dim_N`
  WHERE
    `q` = 2
) AS `d2`
  ON COALESCE(CAST(`src`.`sex` AS STRING), '') = `d2`.`leaf`;

/* population_frequencies.sql: the population's persons as the search reads them (k-map with */
/*           a population table, delta-presence: sqlanon.encode.population). */
/* Inputs:   population (one row per person, the quasi-identifiers' columns); one dimension */
/*           table per quasi-identifier (leaf VARCHAR, code INT: level-0 code of each hierarchy */
/*           leaf, as encode_frequencies.sql reads the source's); for part short, freq (the */
/*           source's bottom frequency table: q0.., n) and pop (part freq's table). */
/* Params:   part ("uncovered" | "freq" | "short"), population, qis ({dim, column}), freq, pop. */
/* Output:   uncovered: one row, per quasi-identifier the persons whose value (NULL as '', as */
/*           the source is read) is no leaf of its hierarchy (u0.., BIGINT); freq: q0..qk-1 */
/*           (level-0 codes), n BIGINT (persons per combination); short: one row, the */
/*           combinations of the source with more rows than the population has persons */
/*           (BIGINT), and their rows. */
/* Formula:  n(q) = |{ persons p : code(p.qi) = q }|; the table is a sample of the population */
/*           only if n_source(q) <= n(q) for every level-0 combination q (then for every class */
/*           at every node, classes being unions of combinations). */
WITH `s` AS (
  SELECT
    `q0`,
    `q1`,
    `q2`,
    SUM(`n`) AS `n`
  FROM `__sqlanon_freq_N`
  GROUP BY
    1,
    2,
    3
)
SELECT
  CAST(COUNT(*) AS BIGINT) AS `cells`,
  CAST(COALESCE(SUM(`s`.`n`), 0) AS BIGINT) AS `rows`
FROM `s`
LEFT JOIN `__sqlanon_population_freq_N` AS `p`
  ON `p`.`q0` = `s`.`q0` AND `p`.`q1` = `s`.`q1` AND `p`.`q2` = `s`.`q2`
WHERE
  `s`.`n` > COALESCE(`p`.`n`, 0);
