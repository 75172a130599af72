-- DuckDB-only, no rule yet: file reader function
CREATE TEMPORARY VIEW `__sqlanon_population_N` AS
SELECT
  *
FROM READ_CSV(
  '<demo>/people.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  `columns` = STRUCT(
    'VARCHAR' AS name,
    'VARCHAR' AS zip,
    'VARCHAR' AS age,
    'VARCHAR' AS sex,
    'VARCHAR' AS disease,
    'VARCHAR' AS salary
  ),
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM `__sqlanon_population_N`;

-- DuckDB-only, no rule yet: file reader function
CREATE TEMPORARY VIEW `__sqlanon_release_N` AS
SELECT
  *
FROM READ_CSV(
  '<demo>/out/.sqlanon-STAGING.tmp/release.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  `columns` = STRUCT(
    'VARCHAR' AS zip,
    'VARCHAR' AS age,
    'VARCHAR' AS sex,
    'VARCHAR' AS disease,
    'VARCHAR' AS salary
  ),
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM `__sqlanon_release_N`;

-- DuckDB-only, no rule yet: file reader function
CREATE TEMPORARY VIEW `__sqlanon_release_N` AS
SELECT
  *
FROM READ_CSV(
  '<demo>/people/.sqlanon-STAGING.tmp/release.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  `columns` = STRUCT(
    'VARCHAR' AS `qi-0`,
    'VARCHAR' AS `q 1`,
    'VARCHAR' AS `qi-2`,
    'VARCHAR' AS sens,
    'VARCHAR' AS visit
  ),
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM `__sqlanon_release_N`;

-- DuckDB-only, no rule yet: file reader function
CREATE TEMPORARY VIEW `__sqlanon_release_N` AS
SELECT
  *
FROM READ_CSV(
  '<demo>/values/.sqlanon-STAGING.tmp/release.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  `columns` = STRUCT(
    'VARCHAR' AS `qi-0`,
    'VARCHAR' AS `q 1`,
    'VARCHAR' AS `qi-2`,
    'VARCHAR' AS sens,
    'VARCHAR' AS visit
  ),
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM `__sqlanon_release_N`;

-- DuckDB-only, no rule yet: file reader function
CREATE TEMPORARY VIEW `__sqlanon_release_N` AS
SELECT
  *
FROM READ_CSV(
  '<demo>/varying/.sqlanon-STAGING.tmp/release.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  `columns` = STRUCT(
    'VARCHAR' AS `qi-0`,
    'VARCHAR' AS `q 1`,
    'VARCHAR' AS `qi-2`,
    'VARCHAR' AS sens,
    'VARCHAR' AS visit
  ),
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM `__sqlanon_release_N`;

-- DuckDB-only, no rule yet: file reader function
CREATE TEMPORARY VIEW `__sqlanon_release_N` AS
SELECT
  *
FROM READ_CSV(
  '<demo>/varying_nt/.sqlanon-STAGING.tmp/release.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  `columns` = STRUCT(
    'VARCHAR' AS `qi-0`,
    'VARCHAR' AS `q 1`,
    'VARCHAR' AS `qi-2`,
    'VARCHAR' AS sens,
    'VARCHAR' AS visit
  ),
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM `__sqlanon_release_N`;

-- DuckDB-only, no rule yet: file reader function
CREATE TEMPORARY VIEW `__sqlanon_release_N` AS
SELECT
  *
FROM READ_CSV(
  '<demo>/varying_values/.sqlanon-STAGING.tmp/release.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  `columns` = STRUCT(
    'VARCHAR' AS `qi-0`,
    'VARCHAR' AS `q 1`,
    'VARCHAR' AS `qi-2`,
    'VARCHAR' AS sens,
    'VARCHAR' AS visit
  ),
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM `__sqlanon_release_N`;

-- DuckDB-only, no rule yet: file reader function
CREATE TEMPORARY VIEW `__sqlanon_source_N` AS
SELECT
  *
FROM READ_CSV(
  '<demo>/people.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  `columns` = STRUCT(
    'VARCHAR' AS name,
    'VARCHAR' AS zip,
    'VARCHAR' AS age,
    'VARCHAR' AS sex,
    'VARCHAR' AS disease,
    'VARCHAR' AS salary
  ),
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM `__sqlanon_source_N`;

-- DuckDB-only, no rule yet: file reader function
CREATE TEMPORARY VIEW `__sqlanon_source_N` AS
SELECT
  *
FROM READ_CSV(
  '<demo>/people/data.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  `columns` = STRUCT(
    'VARCHAR' AS `patient "id"`,
    'VARCHAR' AS `qi-0`,
    'VARCHAR' AS `q 1`,
    'VARCHAR' AS `qi-2`,
    'VARCHAR' AS sens,
    'VARCHAR' AS visit
  ),
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM `__sqlanon_source_N`;

-- DuckDB-only, no rule yet: file reader function
CREATE TEMPORARY VIEW `__sqlanon_source_N` AS
SELECT
  *
FROM READ_CSV(
  '<demo>/values/data.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  `columns` = STRUCT(
    'VARCHAR' AS `patient "id"`,
    'VARCHAR' AS `qi-0`,
    'VARCHAR' AS `q 1`,
    'VARCHAR' AS `qi-2`,
    'VARCHAR' AS sens,
    'VARCHAR' AS visit
  ),
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM `__sqlanon_source_N`;

-- DuckDB-only, no rule yet: file reader function
CREATE TEMPORARY VIEW `__sqlanon_source_N` AS
SELECT
  *
FROM READ_CSV(
  '<demo>/varying/data.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  `columns` = STRUCT(
    'VARCHAR' AS `patient "id"`,
    'VARCHAR' AS `qi-0`,
    'VARCHAR' AS `q 1`,
    'VARCHAR' AS `qi-2`,
    'VARCHAR' AS sens,
    'VARCHAR' AS visit
  ),
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM `__sqlanon_source_N`;

-- DuckDB-only, no rule yet: file reader function
CREATE TEMPORARY VIEW `__sqlanon_source_N` AS
SELECT
  *
FROM READ_CSV(
  '<demo>/varying_nt/data.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  `columns` = STRUCT(
    'VARCHAR' AS `patient "id"`,
    'VARCHAR' AS `qi-0`,
    'VARCHAR' AS `q 1`,
    'VARCHAR' AS `qi-2`,
    'VARCHAR' AS sens,
    'VARCHAR' AS visit
  ),
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM `__sqlanon_source_N`;

-- DuckDB-only, no rule yet: file reader function
CREATE TEMPORARY VIEW `__sqlanon_source_N` AS
SELECT
  *
FROM READ_CSV(
  '<demo>/varying_values/data.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  `columns` = STRUCT(
    'VARCHAR' AS `patient "id"`,
    'VARCHAR' AS `qi-0`,
    'VARCHAR' AS `q 1`,
    'VARCHAR' AS `qi-2`,
    'VARCHAR' AS sens,
    'VARCHAR' AS visit
  ),
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM `__sqlanon_source_N`;

-- DuckDB-only, no rule yet: file reader function
CREATE TEMPORARY VIEW `__sqlanon_table_N` AS
SELECT
  *
FROM READ_CSV(
  '<demo>/out/people_release.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  `columns` = STRUCT(
    'VARCHAR' AS zip,
    'VARCHAR' AS age,
    'VARCHAR' AS sex,
    'VARCHAR' AS disease,
    'VARCHAR' AS salary
  ),
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM `__sqlanon_table_N`;

-- DuckDB-only, no rule yet: file reader function
CREATE TEMPORARY VIEW `__sqlanon_table_N` AS
SELECT
  *
FROM READ_CSV(
  '<demo>/people/data.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  `columns` = STRUCT(
    'VARCHAR' AS `patient "id"`,
    'VARCHAR' AS `qi-0`,
    'VARCHAR' AS `q 1`,
    'VARCHAR' AS `qi-2`,
    'VARCHAR' AS sens,
    'VARCHAR' AS visit
  ),
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM `__sqlanon_table_N`;

-- DuckDB-only, no rule yet: file reader function
CREATE TEMPORARY VIEW `__sqlanon_table_N` AS
SELECT
  *
FROM READ_CSV(
  '<demo>/values/data.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  `columns` = STRUCT(
    'VARCHAR' AS `patient "id"`,
    'VARCHAR' AS `qi-0`,
    'VARCHAR' AS `q 1`,
    'VARCHAR' AS `qi-2`,
    'VARCHAR' AS sens,
    'VARCHAR' AS visit
  ),
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM `__sqlanon_table_N`;

-- DuckDB-only, no rule yet: file reader function
CREATE TEMPORARY VIEW `__sqlanon_table_N` AS
SELECT
  *
FROM READ_CSV(
  '<demo>/varying/data.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  `columns` = STRUCT(
    'VARCHAR' AS `patient "id"`,
    'VARCHAR' AS `qi-0`,
    'VARCHAR' AS `q 1`,
    'VARCHAR' AS `qi-2`,
    'VARCHAR' AS sens,
    'VARCHAR' AS visit
  ),
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM `__sqlanon_table_N`;

-- DuckDB-only, no rule yet: file reader function
CREATE TEMPORARY VIEW `__sqlanon_table_N` AS
SELECT
  *
FROM READ_CSV(
  '<demo>/varying_nt/data.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  `columns` = STRUCT(
    'VARCHAR' AS `patient "id"`,
    'VARCHAR' AS `qi-0`,
    'VARCHAR' AS `q 1`,
    'VARCHAR' AS `qi-2`,
    'VARCHAR' AS sens,
    'VARCHAR' AS visit
  ),
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM `__sqlanon_table_N`;

-- DuckDB-only, no rule yet: file reader function
CREATE TEMPORARY VIEW `__sqlanon_table_N` AS
SELECT
  *
FROM READ_CSV(
  '<demo>/varying_values/data.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  `columns` = STRUCT(
    'VARCHAR' AS `patient "id"`,
    'VARCHAR' AS `qi-0`,
    'VARCHAR' AS `q 1`,
    'VARCHAR' AS `qi-2`,
    'VARCHAR' AS sens,
    'VARCHAR' AS visit
  ),
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM `__sqlanon_table_N`;
