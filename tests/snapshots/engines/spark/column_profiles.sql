/* column_profiles.sql: distinct values and their rows of several columns in one scan. */
/* Inputs:   source table, columns; weight: a count column of the source (none: one per row); */
/*           limit: the most text a column may bring (max_values_size: each value's characters */
/*           plus per_item). */
/* Output:   (g0..gm-1, v0..vm-1, rows, size, distinct_values) per distinct value of each */
/*           column: g<i> = 0 on the rows of column i's grouping set (GROUPING(): 1 on the */
/*           others, whose v<i> is NULL), v<i> the value as VARCHAR (NULL as NULL), rows = rows */
/*           with that value, size = the column's text (its values' characters + per_item each), */
/*           distinct_values = its number of distinct values (NULL one of them). A column whose */
/*           size exceeds limit gets one row instead, its v<i> NULL: none of its values leaves */
/*           the engine. */
/* Formula:  GROUP BY GROUPING SETS ((CAST(c0 AS VARCHAR)), (CAST(c1 AS VARCHAR)), ...): each */
/*           column's profile exactly as column_profile.sql computes it (grouped by the value's */
/*           text: DuckDB groups the DOUBLEs -0.0 and 0.0 together but casts them to different */
/*           texts, and the text is what the dimension tables join on), from one pass over the */
/*           source (10M generated rows: one statement instead of one per column and one anti */
/*           join per column for coverage). The sizes are window sums over the grouped rows (the */
/*           distinct values, not the source's rows); the one row of a column over the limit is */
/*           its smallest value's (values are distinct within a column). */
WITH `profile` AS (
  SELECT
    GROUPING(CAST(`disease` AS STRING)) AS `g0`,
    CAST(`disease` AS STRING) AS `v0`,
    COUNT(*) AS `rows`
  FROM `__sqlanon_release_N`
  GROUP BY
    GROUPING SETS (
      (
        CAST(`disease` AS STRING)
      )
    )
), `sized` AS (
  SELECT
    *,
    SUM(COALESCE(LENGTH(COALESCE(`v0`, NULL)), 0) + 100) OVER (PARTITION BY `g0`) AS `size`,
    MIN(COALESCE(`v0`, NULL)) OVER (PARTITION BY `g0`) AS `first`,
    COUNT(*) OVER (PARTITION BY `g0`) AS `distinct_values`
  FROM `profile`
)
SELECT
  `g0`,
  CASE WHEN `size` <= 256000000 THEN `v0` END AS `v0`,
  `rows`,
  `size`,
  `distinct_values`
FROM `sized`
WHERE
  `size` <= 256000000 OR COALESCE(`v0`, NULL) = `first`;

/* column_profiles.sql: distinct values and their rows of several columns in one scan. */
/* Inputs:   source table, columns; weight: a count column of the source (none: one per row); */
/*           limit: the most text a column may bring (max_values_size: each value's characters */
/*           plus per_item). */
/* Output:   (g0..gm-1, v0..vm-1, rows, size, distinct_values) per distinct value of each */
/*           column: g<i> = 0 on the rows of column i's grouping set (GROUPING(): 1 on the */
/*           others, whose v<i> is NULL), v<i> the value as VARCHAR (NULL as NULL), rows = rows */
/*           with that value, size = the column's text (its values' characters + per_item each), */
/*           distinct_values = its number of distinct values (NULL one of them). A column whose */
/*           size exceeds limit gets one row instead, its v<i> NULL: none of its values leaves */
/*           the engine. */
/* Formula:  GROUP BY GROUPING SETS ((CAST(c0 AS VARCHAR)), (CAST(c1 AS VARCHAR)), ...): each */
/*           column's profile exactly as column_profile.sql computes it (grouped by the value's */
/*           text: DuckDB groups the DOUBLEs -0.0 and 0.0 together but casts them to different */
/*           texts, and the text is what the dimension tables join on), from one pass over the */
/*           source (10M generated rows: one statement instead of one per column and one anti */
/*           join per column for coverage). The sizes are window sums over the grouped rows (the */
/*           distinct values, not the source's rows); the one row of a column over the limit is */
/*           its smallest value's (values are distinct within a column). */
WITH `profile` AS (
  SELECT
    GROUPING(CAST(`disease` AS STRING)) AS `g0`,
    GROUPING(CAST(`salary` AS STRING)) AS `g1`,
    CAST(`disease` AS STRING) AS `v0`,
    CAST(`salary` AS STRING) AS `v1`,
    COUNT(*) AS `rows`
  FROM `__sqlanon_release_N`
  GROUP BY
    GROUPING SETS (
      (
        CAST(`disease` AS STRING)
      ),
      (
        CAST(`salary` AS STRING)
      )
    )
), `sized` AS (
  SELECT
    *,
    SUM(COALESCE(LENGTH(COALESCE(`v0`, `v1`, NULL)), 0) + 100) OVER (PARTITION BY `g0`, `g1`) AS `size`,
    MIN(COALESCE(`v0`, `v1`, NULL)) OVER (PARTITION BY `g0`, `g1`) AS `first`,
    COUNT(*) OVER (PARTITION BY `g0`, `g1`) AS `distinct_values`
  FROM `profile`
)
SELECT
  `g0`,
  `g1`,
  CASE WHEN `size` <= 256000000 THEN `v0` END AS `v0`,
  CASE WHEN `size` <= 256000000 THEN `v1` END AS `v1`,
  `rows`,
  `size`,
  `distinct_values`
FROM `sized`
WHERE
  `size` <= 256000000 OR COALESCE(`v0`, `v1`, NULL) = `first`;

/* column_profiles.sql: distinct values and their rows of several columns in one scan. */
/* Inputs:   source table, columns; weight: a count column of the source (none: one per row); */
/*           limit: the most text a column may bring (max_values_size: each value's characters */
/*           plus per_item). */
/* Output:   (g0..gm-1, v0..vm-1, rows, size, distinct_values) per distinct value of each */
/*           column: g<i> = 0 on the rows of column i's grouping set (GROUPING(): 1 on the */
/*           others, whose v<i> is NULL), v<i> the value as VARCHAR (NULL as NULL), rows = rows */
/*           with that value, size = the column's text (its values' characters + per_item each), */
/*           distinct_values = its number of distinct values (NULL one of them). A column whose */
/*           size exceeds limit gets one row instead, its v<i> NULL: none of its values leaves */
/*           the engine. */
/* Formula:  GROUP BY GROUPING SETS ((CAST(c0 AS VARCHAR)), (CAST(c1 AS VARCHAR)), ...): each */
/*           column's profile exactly as column_profile.sql computes it (grouped by the value's */
/*           text: DuckDB groups the DOUBLEs -0.0 and 0.0 together but casts them to different */
/*           texts, and the text is what the dimension tables join on), from one pass over the */
/*           source (10M generated rows: one statement instead of one per column and one anti */
/*           join per column for coverage). The sizes are window sums over the grouped rows (the */
/*           distinct values, not the source's rows); the one row of a column over the limit is */
/*           its smallest value's (values are distinct within a column). */
WITH `profile` AS (
  SELECT
    GROUPING(CAST(`disease` AS STRING)) AS `g0`,
    GROUPING(CAST(`salary` AS STRING)) AS `g1`,
    CAST(`disease` AS STRING) AS `v0`,
    CAST(`salary` AS STRING) AS `v1`,
    COUNT(*) AS `rows`
  FROM `__sqlanon_table_N`
  GROUP BY
    GROUPING SETS (
      (
        CAST(`disease` AS STRING)
      ),
      (
        CAST(`salary` AS STRING)
      )
    )
), `sized` AS (
  SELECT
    *,
    SUM(COALESCE(LENGTH(COALESCE(`v0`, `v1`, NULL)), 0) + 100) OVER (PARTITION BY `g0`, `g1`) AS `size`,
    MIN(COALESCE(`v0`, `v1`, NULL)) OVER (PARTITION BY `g0`, `g1`) AS `first`,
    COUNT(*) OVER (PARTITION BY `g0`, `g1`) AS `distinct_values`
  FROM `profile`
)
SELECT
  `g0`,
  `g1`,
  CASE WHEN `size` <= 256000000 THEN `v0` END AS `v0`,
  CASE WHEN `size` <= 256000000 THEN `v1` END AS `v1`,
  `rows`,
  `size`,
  `distinct_values`
FROM `sized`
WHERE
  `size` <= 256000000 OR COALESCE(`v0`, `v1`, NULL) = `first`;

/* column_profiles.sql: distinct values and their rows of several columns in one scan. */
/* Inputs:   source table, columns; weight: a count column of the source (none: one per row); */
/*           limit: the most text a column may bring (max_values_size: each value's characters */
/*           plus per_item). */
/* Output:   (g0..gm-1, v0..vm-1, rows, size, distinct_values) per distinct value of each */
/*           column: g<i> = 0 on the rows of column i's grouping set (GROUPING(): 1 on the */
/*           others, whose v<i> is NULL), v<i> the value as VARCHAR (NULL as NULL), rows = rows */
/*           with that value, size = the column's text (its values' characters + per_item each), */
/*           distinct_values = its number of distinct values (NULL one of them). A column whose */
/*           size exceeds limit gets one row instead, its v<i> NULL: none of its values leaves */
/*           the engine. */
/* Formula:  GROUP BY GROUPING SETS ((CAST(c0 AS VARCHAR)), (CAST(c1 AS VARCHAR)), ...): each */
/*           column's profile exactly as column_profile.sql computes it (grouped by the value's */
/*           text: DuckDB groups the DOUBLEs -0.0 and 0.0 together but casts them to different */
/*           texts, and the text is what the dimension tables join on), from one pass over the */
/*           source (10M generated rows: one statement instead of one per column and one anti */
/*           join per column for coverage). The sizes are window sums over the grouped rows (the */
/*           distinct values, not the source's rows); the one row of a column over the limit is */
/*           its smallest value's (values are distinct within a column). */
WITH `profile` AS (
  SELECT
    GROUPING(CAST(`qi-0` AS STRING)) AS `g0`,
    GROUPING(CAST(`q 1` AS STRING)) AS `g1`,
    GROUPING(CAST(`qi-2` AS STRING)) AS `g2`,
    CAST(`qi-0` AS STRING) AS `v0`,
    CAST(`q 1` AS STRING) AS `v1`,
    CAST(`qi-2` AS STRING) AS `v2`,
    COUNT(*) AS `rows`
  FROM `__sqlanon_source_N`
  GROUP BY
    GROUPING SETS (
      (
        CAST(`qi-0` AS STRING)
      ),
      (
        CAST(`q 1` AS STRING)
      ),
      (
        CAST(`qi-2` AS STRING)
      )
    )
), `sized` AS (
  SELECT
    *,
    SUM(COALESCE(LENGTH(COALESCE(`v0`, `v1`, `v2`, NULL)), 0) + 100) OVER (PARTITION BY `g0`, `g1`, `g2`) AS `size`,
    MIN(COALESCE(`v0`, `v1`, `v2`, NULL)) OVER (PARTITION BY `g0`, `g1`, `g2`) AS `first`,
    COUNT(*) OVER (PARTITION BY `g0`, `g1`, `g2`) AS `distinct_values`
  FROM `profile`
)
SELECT
  `g0`,
  `g1`,
  `g2`,
  CASE WHEN `size` <= 256000000 THEN `v0` END AS `v0`,
  CASE WHEN `size` <= 256000000 THEN `v1` END AS `v1`,
  CASE WHEN `size` <= 256000000 THEN `v2` END AS `v2`,
  `rows`,
  `size`,
  `distinct_values`
FROM `sized`
WHERE
  `size` <= 256000000 OR COALESCE(`v0`, `v1`, `v2`, NULL) = `first`;

/* column_profiles.sql: distinct values and their rows of several columns in one scan. */
/* Inputs:   source table, columns; weight: a count column of the source (none: one per row); */
/*           limit: the most text a column may bring (max_values_size: each value's characters */
/*           plus per_item). */
/* Output:   (g0..gm-1, v0..vm-1, rows, size, distinct_values) per distinct value of each */
/*           column: g<i> = 0 on the rows of column i's grouping set (GROUPING(): 1 on the */
/*           others, whose v<i> is NULL), v<i> the value as VARCHAR (NULL as NULL), rows = rows */
/*           with that value, size = the column's text (its values' characters + per_item each), */
/*           distinct_values = its number of distinct values (NULL one of them). A column whose */
/*           size exceeds limit gets one row instead, its v<i> NULL: none of its values leaves */
/*           the engine. */
/* Formula:  GROUP BY GROUPING SETS ((CAST(c0 AS VARCHAR)), (CAST(c1 AS VARCHAR)), ...): each */
/*           column's profile exactly as column_profile.sql computes it (grouped by the value's */
/*           text: DuckDB groups the DOUBLEs -0.0 and 0.0 together but casts them to different */
/*           texts, and the text is what the dimension tables join on), from one pass over the */
/*           source (10M generated rows: one statement instead of one per column and one anti */
/*           join per column for coverage). The sizes are window sums over the grouped rows (the */
/*           distinct values, not the source's rows); the one row of a column over the limit is */
/*           its smallest value's (values are distinct within a column). */
WITH `profile` AS (
  SELECT
    GROUPING(CAST(`qi-0` AS STRING)) AS `g0`,
    GROUPING(CAST(`q 1` AS STRING)) AS `g1`,
    GROUPING(CAST(`qi-2` AS STRING)) AS `g2`,
    GROUPING(CAST(`sens` AS STRING)) AS `g3`,
    CAST(`qi-0` AS STRING) AS `v0`,
    CAST(`q 1` AS STRING) AS `v1`,
    CAST(`qi-2` AS STRING) AS `v2`,
    CAST(`sens` AS STRING) AS `v3`,
    COUNT(*) AS `rows`
  FROM `__sqlanon_source_N`
  GROUP BY
    GROUPING SETS (
      (
        CAST(`qi-0` AS STRING)
      ),
      (
        CAST(`q 1` AS STRING)
      ),
      (
        CAST(`qi-2` AS STRING)
      ),
      (
        CAST(`sens` AS STRING)
      )
    )
), `sized` AS (
  SELECT
    *,
    SUM(COALESCE(LENGTH(COALESCE(`v0`, `v1`, `v2`, `v3`, NULL)), 0) + 100) OVER (PARTITION BY `g0`, `g1`, `g2`, `g3`) AS `size`,
    MIN(COALESCE(`v0`, `v1`, `v2`, `v3`, NULL)) OVER (PARTITION BY `g0`, `g1`, `g2`, `g3`) AS `first`,
    COUNT(*) OVER (PARTITION BY `g0`, `g1`, `g2`, `g3`) AS `distinct_values`
  FROM `profile`
)
SELECT
  `g0`,
  `g1`,
  `g2`,
  `g3`,
  CASE WHEN `size` <= 256000000 THEN `v0` END AS `v0`,
  CASE WHEN `size` <= 256000000 THEN `v1` END AS `v1`,
  CASE WHEN `size` <= 256000000 THEN `v2` END AS `v2`,
  CASE WHEN `size` <= 256000000 THEN `v3` END AS `v3`,
  `rows`,
  `size`,
  `distinct_values`
FROM `sized`
WHERE
  `size` <= 256000000 OR COALESCE(`v0`, `v1`, `v2`, `v3`, NULL) = `first`;

/* column_profiles.sql: distinct values and their rows of several columns in one scan. */
/* Inputs:   source table, columns; weight: a count column of the source (none: one per row); */
/*           limit: the most text a column may bring (max_values_size: each value's characters */
/*           plus per_item). */
/* Output:   (g0..gm-1, v0..vm-1, rows, size, distinct_values) per distinct value of each */
/*           column: g<i> = 0 on the rows of column i's grouping set (GROUPING(): 1 on the */
/*           others, whose v<i> is NULL), v<i> the value as VARCHAR (NULL as NULL), rows = rows */
/*           with that value, size = the column's text (its values' characters + per_item each), */
/*           distinct_values = its number of distinct values (NULL one of them). A column whose */
/*           size exceeds limit gets one row instead, its v<i> NULL: none of its values leaves */
/*           the engine. */
/* Formula:  GROUP BY GROUPING SETS ((CAST(c0 AS VARCHAR)), (CAST(c1 AS VARCHAR)), ...): each */
/*           column's profile exactly as column_profile.sql computes it (grouped by the value's */
/*           text: DuckDB groups the DOUBLEs -0.0 and 0.0 together but casts them to different */
/*           texts, and the text is what the dimension tables join on), from one pass over the */
/*           source (10M generated rows: one statement instead of one per column and one anti */
/*           join per column for coverage). The sizes are window sums over the grouped rows (the */
/*           distinct values, not the source's rows); the one row of a column over the limit is */
/*           its smallest value's (values are distinct within a column). */
WITH `profile` AS (
  SELECT
    GROUPING(CAST(`salary` AS STRING)) AS `g0`,
    CAST(`salary` AS STRING) AS `v0`,
    COUNT(*) AS `rows`
  FROM `__sqlanon_release_N`
  GROUP BY
    GROUPING SETS (
      (
        CAST(`salary` AS STRING)
      )
    )
), `sized` AS (
  SELECT
    *,
    SUM(COALESCE(LENGTH(COALESCE(`v0`, NULL)), 0) + 100) OVER (PARTITION BY `g0`) AS `size`,
    MIN(COALESCE(`v0`, NULL)) OVER (PARTITION BY `g0`) AS `first`,
    COUNT(*) OVER (PARTITION BY `g0`) AS `distinct_values`
  FROM `profile`
)
SELECT
  `g0`,
  CASE WHEN `size` <= 256000000 THEN `v0` END AS `v0`,
  `rows`,
  `size`,
  `distinct_values`
FROM `sized`
WHERE
  `size` <= 256000000 OR COALESCE(`v0`, NULL) = `first`;

/* column_profiles.sql: distinct values and their rows of several columns in one scan. */
/* Inputs:   source table, columns; weight: a count column of the source (none: one per row); */
/*           limit: the most text a column may bring (max_values_size: each value's characters */
/*           plus per_item). */
/* Output:   (g0..gm-1, v0..vm-1, rows, size, distinct_values) per distinct value of each */
/*           column: g<i> = 0 on the rows of column i's grouping set (GROUPING(): 1 on the */
/*           others, whose v<i> is NULL), v<i> the value as VARCHAR (NULL as NULL), rows = rows */
/*           with that value, size = the column's text (its values' characters + per_item each), */
/*           distinct_values = its number of distinct values (NULL one of them). A column whose */
/*           size exceeds limit gets one row instead, its v<i> NULL: none of its values leaves */
/*           the engine. */
/* Formula:  GROUP BY GROUPING SETS ((CAST(c0 AS VARCHAR)), (CAST(c1 AS VARCHAR)), ...): each */
/*           column's profile exactly as column_profile.sql computes it (grouped by the value's */
/*           text: DuckDB groups the DOUBLEs -0.0 and 0.0 together but casts them to different */
/*           texts, and the text is what the dimension tables join on), from one pass over the */
/*           source (10M generated rows: one statement instead of one per column and one anti */
/*           join per column for coverage). The sizes are window sums over the grouped rows (the */
/*           distinct values, not the source's rows); the one row of a column over the limit is */
/*           its smallest value's (values are distinct within a column). */
WITH `profile` AS (
  SELECT
    GROUPING(CAST(`sens` AS STRING)) AS `g0`,
    CAST(`sens` AS STRING) AS `v0`,
    COUNT(*) AS `rows`
  FROM `__sqlanon_release_N`
  GROUP BY
    GROUPING SETS (
      (
        CAST(`sens` AS STRING)
      )
    )
), `sized` AS (
  SELECT
    *,
    SUM(COALESCE(LENGTH(COALESCE(`v0`, NULL)), 0) + 100) OVER (PARTITION BY `g0`) AS `size`,
    MIN(COALESCE(`v0`, NULL)) OVER (PARTITION BY `g0`) AS `first`,
    COUNT(*) OVER (PARTITION BY `g0`) AS `distinct_values`
  FROM `profile`
)
SELECT
  `g0`,
  CASE WHEN `size` <= 256000000 THEN `v0` END AS `v0`,
  `rows`,
  `size`,
  `distinct_values`
FROM `sized`
WHERE
  `size` <= 256000000 OR COALESCE(`v0`, NULL) = `first`;

/* column_profiles.sql: distinct values and their rows of several columns in one scan. */
/* Inputs:   source table, columns; weight: a count column of the source (none: one per row); */
/*           limit: the most text a column may bring (max_values_size: each value's characters */
/*           plus per_item). */
/* Output:   (g0..gm-1, v0..vm-1, rows, size, distinct_values) per distinct value of each */
/*           column: g<i> = 0 on the rows of column i's grouping set (GROUPING(): 1 on the */
/*           others, whose v<i> is NULL), v<i> the value as VARCHAR (NULL as NULL), rows = rows */
/*           with that value, size = the column's text (its values' characters + per_item each), */
/*           distinct_values = its number of distinct values (NULL one of them). A column whose */
/*           size exceeds limit gets one row instead, its v<i> NULL: none of its values leaves */
/*           the engine. */
/* Formula:  GROUP BY GROUPING SETS ((CAST(c0 AS VARCHAR)), (CAST(c1 AS VARCHAR)), ...): each */
/*           column's profile exactly as column_profile.sql computes it (grouped by the value's */
/*           text: DuckDB groups the DOUBLEs -0.0 and 0.0 together but casts them to different */
/*           texts, and the text is what the dimension tables join on), from one pass over the */
/*           source (10M generated rows: one statement instead of one per column and one anti */
/*           join per column for coverage). The sizes are window sums over the grouped rows (the */
/*           distinct values, not the source's rows); the one row of a column over the limit is */
/*           its smallest value's (values are distinct within a column). */
WITH `profile` AS (
  SELECT
    GROUPING(CAST(`sens` AS STRING)) AS `g0`,
    CAST(`sens` AS STRING) AS `v0`,
    COUNT(*) AS `rows`
  FROM `__sqlanon_table_N`
  GROUP BY
    GROUPING SETS (
      (
        CAST(`sens` AS STRING)
      )
    )
), `sized` AS (
  SELECT
    *,
    SUM(COALESCE(LENGTH(COALESCE(`v0`, NULL)), 0) + 100) OVER (PARTITION BY `g0`) AS `size`,
    MIN(COALESCE(`v0`, NULL)) OVER (PARTITION BY `g0`) AS `first`,
    COUNT(*) OVER (PARTITION BY `g0`) AS `distinct_values`
  FROM `profile`
)
SELECT
  `g0`,
  CASE WHEN `size` <= 256000000 THEN `v0` END AS `v0`,
  `rows`,
  `size`,
  `distinct_values`
FROM `sized`
WHERE
  `size` <= 256000000 OR COALESCE(`v0`, NULL) = `first`;

/* column_profiles.sql: distinct values and their rows of several columns in one scan. */
/* Inputs:   source table, columns; weight: a count column of the source (none: one per row); */
/*           limit: the most text a column may bring (max_values_size: each value's characters */
/*           plus per_item). */
/* Output:   (g0..gm-1, v0..vm-1, rows, size, distinct_values) per distinct value of each */
/*           column: g<i> = 0 on the rows of column i's grouping set (GROUPING(): 1 on the */
/*           others, whose v<i> is NULL), v<i> the value as VARCHAR (NULL as NULL), rows = rows */
/*           with that value, size = the column's text (its values' characters + per_item each), */
/*           distinct_values = its number of distinct values (NULL one of them). A column whose */
/*           size exceeds limit gets one row instead, its v<i> NULL: none of its values leaves */
/*           the engine. */
/* Formula:  GROUP BY GROUPING SETS ((CAST(c0 AS VARCHAR)), (CAST(c1 AS VARCHAR)), ...): each */
/*           column's profile exactly as column_profile.sql computes it (grouped by the value's */
/*           text: DuckDB groups the DOUBLEs -0.0 and 0.0 together but casts them to different */
/*           texts, and the text is what the dimension tables join on), from one pass over the */
/*           source (10M generated rows: one statement instead of one per column and one anti */
/*           join per column for coverage). The sizes are window sums over the grouped rows (the */
/*           distinct values, not the source's rows); the one row of a column over the limit is */
/*           its smallest value's (values are distinct within a column). */
WITH `profile` AS (
  SELECT
    GROUPING(CAST(`zip` AS STRING)) AS `g0`,
    GROUPING(CAST(`age` AS STRING)) AS `g1`,
    GROUPING(CAST(`sex` AS STRING)) AS `g2`,
    CAST(`zip` AS STRING) AS `v0`,
    CAST(`age` AS STRING) AS `v1`,
    CAST(`sex` AS STRING) AS `v2`,
    COUNT(*) AS `rows`
  FROM `__sqlanon_dp_sample_N`
  GROUP BY
    GROUPING SETS (
      (
        CAST(`zip` AS STRING)
      ),
      (
        CAST(`age` AS STRING)
      ),
      (
        CAST(`sex` AS STRING)
      )
    )
), `sized` AS (
  SELECT
    *,
    SUM(COALESCE(LENGTH(COALESCE(`v0`, `v1`, `v2`, NULL)), 0) + 100) OVER (PARTITION BY `g0`, `g1`, `g2`) AS `size`,
    MIN(COALESCE(`v0`, `v1`, `v2`, NULL)) OVER (PARTITION BY `g0`, `g1`, `g2`) AS `first`,
    COUNT(*) OVER (PARTITION BY `g0`, `g1`, `g2`) AS `distinct_values`
  FROM `profile`
)
SELECT
  `g0`,
  `g1`,
  `g2`,
  CASE WHEN `size` <= 256000000 THEN `v0` END AS `v0`,
  CASE WHEN `size` <= 256000000 THEN `v1` END AS `v1`,
  CASE WHEN `size` <= 256000000 THEN `v2` END AS `v2`,
  `rows`,
  `size`,
  `distinct_values`
FROM `sized`
WHERE
  `size` <= 256000000 OR COALESCE(`v0`, `v1`, `v2`, NULL) = `first`;

/* column_profiles.sql: distinct values and their rows of several columns in one scan. */
/* Inputs:   source table, columns; weight: a count column of the source (none: one per row); */
/*           limit: the most text a column may bring (max_values_size: each value's characters */
/*           plus per_item). */
/* Output:   (g0..gm-1, v0..vm-1, rows, size, distinct_values) per distinct value of each */
/*           column: g<i> = 0 on the rows of column i's grouping set (GROUPING(): 1 on the */
/*           others, whose v<i> is NULL), v<i> the value as VARCHAR (NULL as NULL), rows = rows */
/*           with that value, size = the column's text (its values' characters + per_item each), */
/*           distinct_values = its number of distinct values (NULL one of them). A column whose */
/*           size exceeds limit gets one row instead, its v<i> NULL: none of its values leaves */
/*           the engine. */
/* Formula:  GROUP BY GROUPING SETS ((CAST(c0 AS VARCHAR)), (CAST(c1 AS VARCHAR)), ...): each */
/*           column's profile exactly as column_profile.sql computes it (grouped by the value's */
/*           text: DuckDB groups the DOUBLEs -0.0 and 0.0 together but casts them to different */
/*           texts, and the text is what the dimension tables join on), from one pass over the */
/*           source (10M generated rows: one statement instead of one per column and one anti */
/*           join per column for coverage). The sizes are window sums over the grouped rows (the */
/*           distinct values, not the source's rows); the one row of a column over the limit is */
/*           its smallest value's (values are distinct within a column). */
WITH `profile` AS (
  SELECT
    GROUPING(CAST(`zip` AS STRING)) AS `g0`,
    GROUPING(CAST(`age` AS STRING)) AS `g1`,
    GROUPING(CAST(`sex` AS STRING)) AS `g2`,
    CAST(`zip` AS STRING) AS `v0`,
    CAST(`age` AS STRING) AS `v1`,
    CAST(`sex` AS STRING) AS `v2`,
    COUNT(*) AS `rows`
  FROM `__sqlanon_source_N`
  GROUP BY
    GROUPING SETS (
      (
        CAST(`zip` AS STRING)
      ),
      (
        CAST(`age` AS STRING)
      ),
      (
        CAST(`sex` AS STRING)
      )
    )
), `sized` AS (
  SELECT
    *,
    SUM(COALESCE(LENGTH(COALESCE(`v0`, `v1`, `v2`, NULL)), 0) + 100) OVER (PARTITION BY `g0`, `g1`, `g2`) AS `size`,
    MIN(COALESCE(`v0`, `v1`, `v2`, NULL)) OVER (PARTITION BY `g0`, `g1`, `g2`) AS `first`,
    COUNT(*) OVER (PARTITION BY `g0`, `g1`, `g2`) AS `distinct_values`
  FROM `profile`
)
SELECT
  `g0`,
  `g1`,
  `g2`,
  CASE WHEN `size` <= 256000000 THEN `v0` END AS `v0`,
  CASE WHEN `size` <= 256000000 THEN `v1` END AS `v1`,
  CASE WHEN `size` <= 256000000 THEN `v2` END AS `v2`,
  `rows`,
  `size`,
  `distinct_values`
FROM `sized`
WHERE
  `size` <= 256000000 OR COALESCE(`v0`, `v1`, `v2`, NULL) = `first`;

/* column_profiles.sql: distinct values and their rows of several columns in one scan. */
/* Inputs:   source table, columns; weight: a count column of the source (none: one per row); */
/*           limit: the most text a column may bring (max_values_size: each value's characters */
/*           plus per_item). */
/* Output:   (g0..gm-1, v0..vm-1, rows, size, distinct_values) per distinct value of each */
/*           column: g<i> = 0 on the rows of column i's grouping set (GROUPING(): 1 on the */
/*           others, whose v<i> is NULL), v<i> the value as VARCHAR (NULL as NULL), rows = rows */
/*           with that value, size = the column's text (its values' characters + per_item each), */
/*           distinct_values = its number of distinct values (NULL one of them). A column whose */
/*           size exceeds limit gets one row instead, its v<i> NULL: none of its values leaves */
/*           the engine. */
/* Formula:  GROUP BY GROUPING SETS ((CAST(c0 AS VARCHAR)), (CAST(c1 AS VARCHAR)), ...): each */
/*           column's profile exactly as column_profile.sql computes it (grouped by the value's */
/*           text: DuckDB groups the DOUBLEs -0.0 and 0.0 together but casts them to different */
/*           texts, and the text is what the dimension tables join on), from one pass over the */
/*           source (10M generated rows: one statement instead of one per column and one anti */
/*           join per column for coverage). The sizes are window sums over the grouped rows (the */
/*           distinct values, not the source's rows); the one row of a column over the limit is */
/*           its smallest value's (values are distinct within a column). */
WITH `profile` AS (
  SELECT
    GROUPING(CAST(`zip` AS STRING)) AS `g0`,
    GROUPING(CAST(`age` AS STRING)) AS `g1`,
    GROUPING(CAST(`sex` AS STRING)) AS `g2`,
    GROUPING(CAST(`disease` AS STRING)) AS `g3`,
    CAST(`zip` AS STRING) AS `v0`,
    CAST(`age` AS STRING) AS `v1`,
    CAST(`sex` AS STRING) AS `v2`,
    CAST(`disease` AS STRING) AS `v3`,
    COUNT(*) AS `rows`
  FROM `__sqlanon_source_N`
  GROUP BY
    GROUPING SETS (
      (
        CAST(`zip` AS STRING)
      ),
      (
        CAST(`age` AS STRING)
      ),
      (
        CAST(`sex` AS STRING)
      ),
      (
        CAST(`disease` AS STRING)
      )
    )
), `sized` AS (
  SELECT
    *,
    SUM(COALESCE(LENGTH(COALESCE(`v0`, `v1`, `v2`, `v3`, NULL)), 0) + 100) OVER (PARTITION BY `g0`, `g1`, `g2`, `g3`) AS `size`,
    MIN(COALESCE(`v0`, `v1`, `v2`, `v3`, NULL)) OVER (PARTITION BY `g0`, `g1`, `g2`, `g3`) AS `first`,
    COUNT(*) OVER (PARTITION BY `g0`, `g1`, `g2`, `g3`) AS `distinct_values`
  FROM `profile`
)
SELECT
  `g0`,
  `g1`,
  `g2`,
  `g3`,
  CASE WHEN `size` <= 256000000 THEN `v0` END AS `v0`,
  CASE WHEN `size` <= 256000000 THEN `v1` END AS `v1`,
  CASE WHEN `size` <= 256000000 THEN `v2` END AS `v2`,
  CASE WHEN `size` <= 256000000 THEN `v3` END AS `v3`,
  `rows`,
  `size`,
  `distinct_values`
FROM `sized`
WHERE
  `size` <= 256000000 OR COALESCE(`v0`, `v1`, `v2`, `v3`, NULL) = `first`;

/* column_profiles.sql: distinct values and their rows of several columns in one scan. */
/* Inputs:   source table, columns; weight: a count column of the source (none: one per row); */
/*           limit: the most text a column may bring (max_values_size: each value's characters */
/*           plus per_item). */
/* Output:   (g0..gm-1, v0..vm-1, rows, size, distinct_values) per distinct value of each */
/*           column: g<i> = 0 on the rows of column i's grouping set (GROUPING(): 1 on the */
/*           others, whose v<i> is NULL), v<i> the value as VARCHAR (NULL as NULL), rows = rows */
/*           with that value, size = the column's text (its values' characters + per_item each), */
/*           distinct_values = its number of distinct values (NULL one of them). A column whose */
/*           size exceeds limit gets one row instead, its v<i> NULL: none of its values leaves */
/*           the engine. */
/* Formula:  GROUP BY GROUPING SETS ((CAST(c0 AS VARCHAR)), (CAST(c1 AS VARCHAR)), ...): each */
/*           column's profile exactly as column_profile.sql computes it (grouped by the value's */
/*           text: DuckDB groups the DOUBLEs -0.0 and 0.0 together but casts them to different */
/*           texts, and the text is what the dimension tables join on), from one pass over the */
/*           source (10M generated rows: one statement instead of one per column and one anti */
/*           join per column for coverage). The sizes are window sums over the grouped rows (the */
/*           distinct values, not the source's rows); the one row of a column over the limit is */
/*           its smallest value's (values are distinct within a column). */
WITH `profile` AS (
  SELECT
    GROUPING(CAST(`zip` AS STRING)) AS `g0`,
    GROUPING(CAST(`age` AS STRING)) AS `g1`,
    GROUPING(CAST(`sex` AS STRING)) AS `g2`,
    GROUPING(CAST(`disease` AS STRING)) AS `g3`,
    GROUPING(CAST(`salary` AS STRING)) AS `g4`,
    CAST(`zip` AS STRING) AS `v0`,
    CAST(`age` AS STRING) AS `v1`,
    CAST(`sex` AS STRING) AS `v2`,
    CAST(`disease` AS STRING) AS `v3`,
    CAST(`salary` AS STRING) AS `v4`,
    COUNT(*) AS `rows`
  FROM `__sqlanon_source_N`
  GROUP BY
    GROUPING SETS (
      (
        CAST(`zip` AS STRING)
      ),
      (
        CAST(`age` AS STRING)
      ),
      (
        CAST(`sex` AS STRING)
      ),
      (
        CAST(`disease` AS STRING)
      ),
      (
        CAST(`salary` AS STRING)
      )
    )
), `sized` AS (
  SELECT
    *,
    SUM(COALESCE(LENGTH(COALESCE(`v0`, `v1`, `v2`, `v3`, `v4`, NULL)), 0) + 100) OVER (PARTITION BY `g0`, `g1`, `g2`, `g3`, `g4`) AS `size`,
    MIN(COALESCE(`v0`, `v1`, `v2`, `v3`, `v4`, NULL)) OVER (PARTITION BY `g0`, `g1`, `g2`, `g3`, `g4`) AS `first`,
    COUNT(*) OVER (PARTITION BY `g0`, `g1`, `g2`, `g3`, `g4`) AS `distinct_values`
  FROM `profile`
)
SELECT
  `g0`,
  `g1`,
  `g2`,
  `g3`,
  `g4`,
  CASE WHEN `size` <= 256000000 THEN `v0` END AS `v0`,
  CASE WHEN `size` <= 256000000 THEN `v1` END AS `v1`,
  CASE WHEN `size` <= 256000000 THEN `v2` END AS `v2`,
  CASE WHEN `size` <= 256000000 THEN `v3` END AS `v3`,
  CASE WHEN `size` <= 256000000 THEN `v4` END AS `v4`,
  `rows`,
  `size`,
  `distinct_values`
FROM `sized`
WHERE
  `size` <= 256000000 OR COALESCE(`v0`, `v1`, `v2`, `v3`, `v4`, NULL) = `first`;

/* column_profiles.sql: distinct values and their rows of several columns in one scan. */
/* Inputs:   source table, columns; weight: a count column of the source (none: one per row); */
/*           limit: the most text a column may bring (max_values_size: each value's characters */
/*           plus per_item). */
/* Output:   (g0..gm-1, v0..vm-1, rows, size, distinct_values) per distinct value of each */
/*           column: g<i> = 0 on the rows of column i's grouping set (GROUPING(): 1 on the */
/*           others, whose v<i> is NULL), v<i> the value as VARCHAR (NULL as NULL), rows = rows */
/*           with that value, size = the column's text (its values' characters + per_item each), */
/*           distinct_values = its number of distinct values (NULL one of them). A column whose */
/*           size exceeds limit gets one row instead, its v<i> NULL: none of its values leaves */
/*           the engine. */
/* Formula:  GROUP BY GROUPING SETS ((CAST(c0 AS VARCHAR)), (CAST(c1 AS VARCHAR)), ...): each */
/*           column's profile exactly as column_profile.sql computes it (grouped by the value's */
/*           text: DuckDB groups the DOUBLEs -0.0 and 0.0 together but casts them to different */
/*           texts, and the text is what the dimension tables join on), from one pass over the */
/*           source (10M generated rows: one statement instead of one per column and one anti */
/*           join per column for coverage). The sizes are window sums over the grouped rows (the */
/*           distinct values, not the source's rows); the one row of a column over the limit is */
/*           its smallest value's (values are distinct within a column). */
WITH `profile` AS (
  SELECT
    GROUPING(CAST(`zip` AS STRING)) AS `g0`,
    GROUPING(CAST(`age` AS STRING)) AS `g1`,
    GROUPING(CAST(`sex` AS STRING)) AS `g2`,
    GROUPING(CAST(`salary` AS STRING)) AS `g3`,
    CAST(`zip` AS STRING) AS `v0`,
    CAST(`age` AS STRING) AS `v1`,
    CAST(`sex` AS STRING) AS `v2`,
    CAST(`salary` AS STRING) AS `v3`,
    COUNT(*) AS `rows`
  FROM `__sqlanon_source_N`
  GROUP BY
    GROUPING SETS (
      (
        CAST(`zip` AS STRING)
      ),
      (
        CAST(`age` AS STRING)
      ),
      (
        CAST(`sex` AS STRING)
      ),
      (
        CAST(`salary` AS STRING)
      )
    )
), `sized` AS (
  SELECT
    *,
    SUM(COALESCE(LENGTH(COALESCE(`v0`, `v1`, `v2`, `v3`, NULL)), 0) + 100) OVER (PARTITION BY `g0`, `g1`, `g2`, `g3`) AS `size`,
    MIN(COALESCE(`v0`, `v1`, `v2`, `v3`, NULL)) OVER (PARTITION BY `g0`, `g1`, `g2`, `g3`) AS `first`,
    COUNT(*) OVER (PARTITION BY `g0`, `g1`, `g2`, `g3`) AS `distinct_values`
  FROM `profile`
)
SELECT
  `g0`,
  `g1`,
  `g2`,
  `g3`,
  CASE WHEN `size` <= 256000000 THEN `v0` END AS `v0`,
  CASE WHEN `size` <= 256000000 THEN `v1` END AS `v1`,
  CASE WHEN `size` <= 256000000 THEN `v2` END AS `v2`,
  CASE WHEN `size` <= 256000000 THEN `v3` END AS `v3`,
  `rows`,
  `size`,
  `distinct_values`
FROM `sized`
WHERE
  `size` <= 256000000 OR COALESCE(`v0`, `v1`, `v2`, `v3`, NULL) = `first`;
