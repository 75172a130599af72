/* person_value_counts.sql: how many distinct values of a sensitive attribute people have. */
/* Inputs:   source (the table: a source, or a release being checked; no NULL person column). */
/* Params:   person (the person columns), column (the sensitive attribute); or columns */
/*           (several sensitive columns): then m0..mk-1, each distinct combination of a person's */
/*           numbers of values of each column, whose products the caller's common multiple */
/*           divides (_people_values.sql values_multi). */
/* Output:   m BIGINT: each distinct number of values a person has (a NULL cell is a value of */
/*           its own: the filter key, sqlanon/sql/labels.py); the caller takes their least */
/*           common multiple, the weight a person's values share (people_values.sql). */
SELECT DISTINCT
  `m`
FROM (
  SELECT
    CAST(COUNT(
      DISTINCT CASE
        WHEN CAST(`src`.`sens` AS STRING) IS NULL
        THEN '\036NULL\036'
        WHEN CAST(`src`.`sens` AS STRING) LIKE '\036%'
        THEN '\036' || CAST(`src`.`sens` AS STRING)
        ELSE CAST(`src`.`sens` AS STRING)
      END
    ) AS BIGINT) AS `m`
  FROM `__sqlanon_people_N` AS `src`
  GROUP BY
    `src`.`patient "id"`
) AS `c`;

/* person_value_counts.sql: how many distinct values of a sensitive attribute people have. */
/* Inputs:   source (the table: a source, or a release being checked; no NULL person column). */
/* Params:   person (the person columns), column (the sensitive attribute); or columns */
/*           (several sensitive columns): then m0..mk-1, each distinct combination of a person's */
/*           numbers of values of each column, whose products the caller's common multiple */
/*           divides (_people_values.sql values_multi). */
/* Output:   m BIGINT: each distinct number of values a person has (a NULL cell is a value of */
/*           its own: the filter key, sqlanon/sql/labels.py); the caller takes their least */
/*           common multiple, the weight a person's values share (people_values.sql). */
SELECT DISTINCT
  `m`
FROM (
  SELECT
    CAST(COUNT(
      DISTINCT CASE
        WHEN CAST(`src`.`sens` AS STRING) IS NULL
        THEN '\036NULL\036'
        WHEN CAST(`src`.`sens` AS STRING) LIKE '\036%'
        THEN '\036' || CAST(`src`.`sens` AS STRING)
        ELSE CAST(`src`.`sens` AS STRING)
      END
    ) AS BIGINT) AS `m`
  FROM `__sqlanon_source_N` AS `src`
  GROUP BY
    `src`.`patient "id"`
) AS `c`;

/* person_value_counts.sql: how many distinct values of a sensitive attribute people have. */
/* Inputs:   source (the table: a source, or a release being checked; no NULL person column). */
/* Params:   person (the person columns), column (the sensitive attribute); or columns */
/*           (several sensitive columns): then m0..mk-1, each distinct combination of a person's */
/*           numbers of values of each column, whose products the caller's common multiple */
/*           divides (_people_values.sql values_multi). */
/* Output:   m BIGINT: each distinct number of values a person has (a NULL cell is a value of */
/*           its own: the filter key, sqlanon/sql/labels.py); the caller takes their least */
/*           common multiple, the weight a person's values share (people_values.sql). */
SELECT DISTINCT
  `m`
FROM (
  SELECT
    CAST(COUNT(
      DISTINCT CASE
        WHEN CAST(`src`.`sens` AS STRING) IS NULL
        THEN '\036NULL\036'
        WHEN CAST(`src`.`sens` AS STRING) LIKE '\036%'
        THEN '\036' || CAST(`src`.`sens` AS STRING)
        ELSE CAST(`src`.`sens` AS STRING)
      END
    ) AS BIGINT) AS `m`
  FROM `__sqlanon_table_N` AS `src`
  GROUP BY
    `src`.`patient "id"`
) AS `c`;
