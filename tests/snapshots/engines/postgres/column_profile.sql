/* column_profile.sql: distinct values and NULL count of one column (for hierarchy builders). */
/* Inputs:   source table, column; weight: a count column of the source (none: one per row); */
/*           limit: the most text the column may bring (max_values_size: each value's characters */
/*           plus per_item). */
/* Output:   (value VARCHAR, rows BIGINT, size, distinct_values) per distinct value; NULL */
/*           appears as a NULL value; size = the column's text (its values' characters + */
/*           per_item each), distinct_values = its number of distinct values (NULL one of them). */
/*           A column whose size exceeds limit gets one row instead, its value NULL: none of its */
/*           values leaves the engine (the row is its smallest value's: the values are distinct). */
WITH "profile" AS (
  SELECT
    CAST("age" AS TEXT) AS "value",
    COUNT(*) AS "rows"
  FROM "__sqlanon_release_N"
  GROUP BY
    1
), "sized" AS MATERIALIZED (
  SELECT
    *,
    SUM(COALESCE(LENGTH("value"), 0) + 100) OVER () AS "size",
    MIN("value") OVER () AS "first",
    COUNT(*) OVER () AS "distinct_values"
  FROM "profile"
)
SELECT
  CASE WHEN "size" <= 256000000 THEN "value" END AS "value",
  "rows",
  "size",
  "distinct_values"
FROM "sized"
WHERE
  "size" <= 256000000 OR "value" = "first"
ORDER BY
  1 NULLS FIRST;

/* column_profile.sql: distinct values and NULL count of one column (for hierarchy builders). */
/* Inputs:   source table, column; weight: a count column of the source (none: one per row); */
/*           limit: the most text the column may bring (max_values_size: each value's characters */
/*           plus per_item). */
/* Output:   (value VARCHAR, rows BIGINT, size, distinct_values) per distinct value; NULL */
/*           appears as a NULL value; size = the column's text (its values' characters + */
/*           per_item each), distinct_values = its number of distinct values (NULL one of them). */
/*           A column whose size exceeds limit gets one row instead, its value NULL: none of its */
/*           values leaves the engine (the row is its smallest value's: the values are distinct). */
WITH "profile" AS (
  SELECT
    CAST("q 1" AS TEXT) AS "value",
    COUNT(*) AS "rows"
  FROM "__sqlanon_release_N"
  GROUP BY
    1
), "sized" AS MATERIALIZED (
  SELECT
    *,
    SUM(COALESCE(LENGTH("value"), 0) + 100) OVER () AS "size",
    MIN("value") OVER () AS "first",
    COUNT(*) OVER () AS "distinct_values"
  FROM "profile"
)
SELECT
  CASE WHEN "size" <= 256000000 THEN "value" END AS "value",
  "rows",
  "size",
  "distinct_values"
FROM "sized"
WHERE
  "size" <= 256000000 OR "value" = "first"
ORDER BY
  1 NULLS FIRST;

/* column_profile.sql: distinct values and NULL count of one column (for hierarchy builders). */
/* Inputs:   source table, column; weight: a count column of the source (none: one per row); */
/*           limit: the most text the column may bring (max_values_size: each value's characters */
/*           plus per_item). */
/* Output:   (value VARCHAR, rows BIGINT, size, distinct_values) per distinct value; NULL */
/*           appears as a NULL value; size = the column's text (its values' characters + */
/*           per_item each), distinct_values = its number of distinct values (NULL one of them). */
/*           A column whose size exceeds limit gets one row instead, its value NULL: none of its */
/*           values leaves the engine (the row is its smallest value's: the values are distinct). */
WITH "profile" AS (
  SELECT
    CAST("q 1" AS TEXT) AS "value",
    COUNT(*) AS "rows"
  FROM "__sqlanon_table_N"
  GROUP BY
    1
), "sized" AS MATERIALIZED (
  SELECT
    *,
    SUM(COALESCE(LENGTH("value"), 0) + 100) OVER () AS "size",
    MIN("value") OVER () AS "first",
    COUNT(*) OVER () AS "distinct_values"
  FROM "profile"
)
SELECT
  CASE WHEN "size" <= 256000000 THEN "value" END AS "value",
  "rows",
  "size",
  "distinct_values"
FROM "sized"
WHERE
  "size" <= 256000000 OR "value" = "first"
ORDER BY
  1 NULLS FIRST;

/* column_profile.sql: distinct values and NULL count of one column (for hierarchy builders). */
/* Inputs:   source table, column; weight: a count column of the source (none: one per row); */
/*           limit: the most text the column may bring (max_values_size: each value's characters */
/*           plus per_item). */
/* Output:   (value VARCHAR, rows BIGINT, size, distinct_values) per distinct value; NULL */
/*           appears as a NULL value; size = the column's text (its values' characters + */
/*           per_item each), distinct_values = its number of distinct values (NULL one of them). */
/*           A column whose size exceeds limit gets one row instead, its value NULL: none of its */
/*           values leaves the engine (the row is its smallest value's: the values are distinct). */
WITH "profile" AS (
  SELECT
    CAST("qi-0" AS TEXT) AS "value",
    COUNT(*) AS "rows"
  FROM "__sqlanon_release_N"
  GROUP BY
    1
), "sized" AS MATERIALIZED (
  SELECT
    *,
    SUM(COALESCE(LENGTH("value"), 0) + 100) OVER () AS "size",
    MIN("value") OVER () AS "first",
    COUNT(*) OVER () AS "distinct_values"
  FROM "profile"
)
SELECT
  CASE WHEN "size" <= 256000000 THEN "value" END AS "value",
  "rows",
  "size",
  "distinct_values"
FROM "sized"
WHERE
  "size" <= 256000000 OR "value" = "first"
ORDER BY
  1 NULLS FIRST;

/* column_profile.sql: distinct values and NULL count of one column (for hierarchy builders). */
/* Inputs:   source table, column; weight: a count column of the source (none: one per row); */
/*           limit: the most text the column may bring (max_values_size: each value's characters */
/*           plus per_item). */
/* Output:   (value VARCHAR, rows BIGINT, size, distinct_values) per distinct value; NULL */
/*           appears as a NULL value; size = the column's text (its values' characters + */
/*           per_item each), distinct_values = its number of distinct values (NULL one of them). */
/*           A column whose size exceeds limit gets one row instead, its value NULL: none of its */
/*           values leaves the engine (the row is its smallest value's: the values are distinct). */
WITH "profile" AS (
  SELECT
    CAST("qi-0" AS TEXT) AS "value",
    COUNT(*) AS "rows"
  FROM "__sqlanon_table_N"
  GROUP BY
    1
), "sized" AS MATERIALIZED (
  SELECT
    *,
    SUM(COALESCE(LENGTH("value"), 0) + 100) OVER () AS "size",
    MIN("value") OVER () AS "first",
    COUNT(*) OVER () AS "distinct_values"
  FROM "profile"
)
SELECT
  CASE WHEN "size" <= 256000000 THEN "value" END AS "value",
  "rows",
  "size",
  "distinct_values"
FROM "sized"
WHERE
  "size" <= 256000000 OR "value" = "first"
ORDER BY
  1 NULLS FIRST;

/* column_profile.sql: distinct values and NULL count of one column (for hierarchy builders). */
/* Inputs:   source table, column; weight: a count column of the source (none: one per row); */
/*           limit: the most text the column may bring (max_values_size: each value's characters */
/*           plus per_item). */
/* Output:   (value VARCHAR, rows BIGINT, size, distinct_values) per distinct value; NULL */
/*           appears as a NULL value; size = the column's text (its values' characters + */
/*           per_item each), distinct_values = its number of distinct values (NULL one of them). */
/*           A column whose size exceeds limit gets one row instead, its value NULL: none of its */
/*           values leaves the engine (the row is its smallest value's: the values are distinct). */
WITH "profile" AS (
  SELECT
    CAST("qi-2" AS TEXT) AS "value",
    COUNT(*) AS "rows"
  FROM "__sqlanon_release_N"
  GROUP BY
    1
), "sized" AS MATERIALIZED (
  SELECT
    *,
    SUM(COALESCE(LENGTH("value"), 0) + 100) OVER () AS "size",
    MIN("value") OVER () AS "first",
    COUNT(*) OVER () AS "distinct_values"
  FROM "profile"
)
SELECT
  CASE WHEN "size" <= 256000000 THEN "value" END AS "value",
  "rows",
  "size",
  "distinct_values"
FROM "sized"
WHERE
  "size" <= 256000000 OR "value" = "first"
ORDER BY
  1 NULLS FIRST;

/* column_profile.sql: distinct values and NULL count of one column (for hierarchy builders). */
/* Inputs:   source table, column; weight: a count column of the source (none: one per row); */
/*           limit: the most text the column may bring (max_values_size: each value's characters */
/*           plus per_item). */
/* Output:   (value VARCHAR, rows BIGINT, size, distinct_values) per distinct value; NULL */
/*           appears as a NULL value; size = the column's text (its values' characters + */
/*           per_item each), distinct_values = its number of distinct values (NULL one of them). */
/*           A column whose size exceeds limit gets one row instead, its value NULL: none of its */
/*           values leaves the engine (the row is its smallest value's: the values are distinct). */
WITH "profile" AS (
  SELECT
    CAST("qi-2" AS TEXT) AS "value",
    COUNT(*) AS "rows"
  FROM "__sqlanon_table_N"
  GROUP BY
    1
), "sized" AS MATERIALIZED (
  SELECT
    *,
    SUM(COALESCE(LENGTH("value"), 0) + 100) OVER () AS "size",
    MIN("value") OVER () AS "first",
    COUNT(*) OVER () AS "distinct_values"
  FROM "profile"
)
SELECT
  CASE WHEN "size" <= 256000000 THEN "value" END AS "value",
  "rows",
  "size",
  "distinct_values"
FROM "sized"
WHERE
  "size" <= 256000000 OR "value" = "first"
ORDER BY
  1 NULLS FIRST;

/* column_profile.sql: distinct values and NULL count of one column (for hierarchy builders). */
/* Inputs:   source table, column; weight: a count column of the source (none: one per row); */
/*           limit: the most text the column may bring (max_values_size: each value's characters */
/*           plus per_item). */
/* Output:   (value VARCHAR, rows BIGINT, size, distinct_values) per distinct value; NULL */
/*           appears as a NULL value; size = the column's text (its values' characters + */
/*           per_item each), distinct_values = its number of distinct values (NULL one of them). */
/*           A column whose size exceeds limit gets one row instead, its value NULL: none of its */
/*           values leaves the engine (the row is its smallest value's: the values are distinct). */
WITH "profile" AS (
  SELECT
    CAST("sex" AS TEXT) AS "value",
    COUNT(*) AS "rows"
  FROM "__sqlanon_release_N"
  GROUP BY
    1
), "sized" AS MATERIALIZED (
  SELECT
    *,
    SUM(COALESCE(LENGTH("value"), 0) + 100) OVER () AS "size",
    MIN("value") OVER () AS "first",
    COUNT(*) OVER () AS "distinct_values"
  FROM "profile"
)
SELECT
  CASE WHEN "size" <= 256000000 THEN "value" END AS "value",
  "rows",
  "size",
  "distinct_values"
FROM "sized"
WHERE
  "size" <= 256000000 OR "value" = "first"
ORDER BY
  1 NULLS FIRST;

/* column_profile.sql: distinct values and NULL count of one column (for hierarchy builders). */
/* Inputs:   source table, column; weight: a count column of the source (none: one per row); */
/*           limit: the most text the column may bring (max_values_size: each value's characters */
/*           plus per_item). */
/* Output:   (value VARCHAR, rows BIGINT, size, distinct_values) per distinct value; NULL */
/*           appears as a NULL value; size = the column's text (its values' characters + */
/*           per_item each), distinct_values = its number of distinct values (NULL one of them). */
/*           A column whose size exceeds limit gets one row instead, its value NULL: none of its */
/*           values leaves the engine (the row is its smallest value's: the values are distinct). */
WITH "profile" AS (
  SELECT
    CAST("zip" AS TEXT) AS "value",
    COUNT(*) AS "rows"
  FROM "__sqlanon_release_N"
  GROUP BY
    1
), "sized" AS MATERIALIZED (
  SELECT
    *,
    SUM(COALESCE(LENGTH("value"), 0) + 100) OVER () AS "size",
    MIN("value") OVER () AS "first",
    COUNT(*) OVER () AS "distinct_values"
  FROM "profile"
)
SELECT
  CASE WHEN "size" <= 256000000 THEN "value" END AS "value",
  "rows",
  "size",
  "distinct_values"
FROM "sized"
WHERE
  "size" <= 256000000 OR "value" = "first"
ORDER BY
  1 NULLS FIRST;
