CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_population_N" AS
SELECT
  *
FROM READ_CSV(
  '<demo>/people.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  "columns" = {'name': 'VARCHAR', 'zip': 'VARCHAR', 'age': 'VARCHAR', 'sex': 'VARCHAR', 'disease': 'VARCHAR', 'salary': 'VARCHAR'},
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM "__sqlanon_population_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_release_N" AS
SELECT
  *
FROM READ_CSV(
  '<demo>/out/.sqlanon-STAGING.tmp/release.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  "columns" = {'zip': 'VARCHAR', 'age': 'VARCHAR', 'sex': 'VARCHAR', 'disease': 'VARCHAR', 'salary': 'VARCHAR'},
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM "__sqlanon_release_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_release_N" AS
SELECT
  *
FROM READ_CSV(
  '<demo>/people/.sqlanon-STAGING.tmp/release.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  "columns" = {'qi-0': 'VARCHAR', 'q 1': 'VARCHAR', 'qi-2': 'VARCHAR', 'sens': 'VARCHAR', 'visit': 'VARCHAR'},
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM "__sqlanon_release_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_release_N" AS
SELECT
  *
FROM READ_CSV(
  '<demo>/values/.sqlanon-STAGING.tmp/release.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  "columns" = {'qi-0': 'VARCHAR', 'q 1': 'VARCHAR', 'qi-2': 'VARCHAR', 'sens': 'VARCHAR', 'visit': 'VARCHAR'},
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM "__sqlanon_release_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_release_N" AS
SELECT
  *
FROM READ_CSV(
  '<demo>/varying/.sqlanon-STAGING.tmp/release.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  "columns" = {'qi-0': 'VARCHAR', 'q 1': 'VARCHAR', 'qi-2': 'VARCHAR', 'sens': 'VARCHAR', 'visit': 'VARCHAR'},
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM "__sqlanon_release_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_release_N" AS
SELECT
  *
FROM READ_CSV(
  '<demo>/varying_nt/.sqlanon-STAGING.tmp/release.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  "columns" = {'qi-0': 'VARCHAR', 'q 1': 'VARCHAR', 'qi-2': 'VARCHAR', 'sens': 'VARCHAR', 'visit': 'VARCHAR'},
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM "__sqlanon_release_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_release_N" AS
SELECT
  *
FROM READ_CSV(
  '<demo>/varying_values/.sqlanon-STAGING.tmp/release.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  "columns" = {'qi-0': 'VARCHAR', 'q 1': 'VARCHAR', 'qi-2': 'VARCHAR', 'sens': 'VARCHAR', 'visit': 'VARCHAR'},
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM "__sqlanon_release_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_source_N" AS
SELECT
  *
FROM READ_CSV(
  '<demo>/people.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  "columns" = {'name': 'VARCHAR', 'zip': 'VARCHAR', 'age': 'VARCHAR', 'sex': 'VARCHAR', 'disease': 'VARCHAR', 'salary': 'VARCHAR'},
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM "__sqlanon_source_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_source_N" AS
SELECT
  *
FROM READ_CSV(
  '<demo>/people/data.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  "columns" = {'patient "id"': 'VARCHAR', 'qi-0': 'VARCHAR', 'q 1': 'VARCHAR', 'qi-2': 'VARCHAR', 'sens': 'VARCHAR', 'visit': 'VARCHAR'},
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM "__sqlanon_source_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_source_N" AS
SELECT
  *
FROM READ_CSV(
  '<demo>/values/data.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  "columns" = {'patient "id"': 'VARCHAR', 'qi-0': 'VARCHAR', 'q 1': 'VARCHAR', 'qi-2': 'VARCHAR', 'sens': 'VARCHAR', 'visit': 'VARCHAR'},
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM "__sqlanon_source_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_source_N" AS
SELECT
  *
FROM READ_CSV(
  '<demo>/varying/data.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  "columns" = {'patient "id"': 'VARCHAR', 'qi-0': 'VARCHAR', 'q 1': 'VARCHAR', 'qi-2': 'VARCHAR', 'sens': 'VARCHAR', 'visit': 'VARCHAR'},
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM "__sqlanon_source_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_source_N" AS
SELECT
  *
FROM READ_CSV(
  '<demo>/varying_nt/data.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  "columns" = {'patient "id"': 'VARCHAR', 'qi-0': 'VARCHAR', 'q 1': 'VARCHAR', 'qi-2': 'VARCHAR', 'sens': 'VARCHAR', 'visit': 'VARCHAR'},
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM "__sqlanon_source_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_source_N" AS
SELECT
  *
FROM READ_CSV(
  '<demo>/varying_values/data.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  "columns" = {'patient "id"': 'VARCHAR', 'qi-0': 'VARCHAR', 'q 1': 'VARCHAR', 'qi-2': 'VARCHAR', 'sens': 'VARCHAR', 'visit': 'VARCHAR'},
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM "__sqlanon_source_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_table_N" AS
SELECT
  *
FROM READ_CSV(
  '<demo>/out/people_release.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  "columns" = {'zip': 'VARCHAR', 'age': 'VARCHAR', 'sex': 'VARCHAR', 'disease': 'VARCHAR', 'salary': 'VARCHAR'},
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM "__sqlanon_table_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_table_N" AS
SELECT
  *
FROM READ_CSV(
  '<demo>/people/data.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  "columns" = {'patient "id"': 'VARCHAR', 'qi-0': 'VARCHAR', 'q 1': 'VARCHAR', 'qi-2': 'VARCHAR', 'sens': 'VARCHAR', 'visit': 'VARCHAR'},
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM "__sqlanon_table_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_table_N" AS
SELECT
  *
FROM READ_CSV(
  '<demo>/values/data.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  "columns" = {'patient "id"': 'VARCHAR', 'qi-0': 'VARCHAR', 'q 1': 'VARCHAR', 'qi-2': 'VARCHAR', 'sens': 'VARCHAR', 'visit': 'VARCHAR'},
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM "__sqlanon_table_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_table_N" AS
SELECT
  *
FROM READ_CSV(
  '<demo>/varying/data.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  "columns" = {'patient "id"': 'VARCHAR', 'qi-0': 'VARCHAR', 'q 1': 'VARCHAR', 'qi-2': 'VARCHAR', 'sens': 'VARCHAR', 'visit': 'VARCHAR'},
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM "__sqlanon_table_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_table_N" AS
SELECT
  *
FROM READ_CSV(
  '<demo>/varying_nt/data.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  "columns" = {'patient "id"': 'VARCHAR', 'qi-0': 'VARCHAR', 'q 1': 'VARCHAR', 'qi-2': 'VARCHAR', 'sens': 'VARCHAR', 'visit': 'VARCHAR'},
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM "__sqlanon_table_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_table_N" AS
SELECT
  *
FROM READ_CSV(
  '<demo>/varying_values/data.csv',
  delim = ',',
  quote = '"',
  escape = '"',
  header = TRUE,
  "columns" = {'patient "id"': 'VARCHAR', 'qi-0': 'VARCHAR', 'q 1': 'VARCHAR', 'qi-2': 'VARCHAR', 'sens': 'VARCHAR', 'visit': 'VARCHAR'},
  auto_detect = FALSE,
  strict_mode = TRUE,
  null_padding = FALSE
);
SELECT
  COUNT(*)
FROM "__sqlanon_table_N";
