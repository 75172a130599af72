COPY (
  SELECT
    *
  FROM (
    SELECT
      "qi-0",
      "q 1",
      "qi-2",
      "sens",
      "visit"
    FROM "__sqlanon_people_N"
  ) AS "release"
  ORDER BY
    "release"."qi-0" COLLATE "binary" NULLS FIRST,
    "release"."q 1" COLLATE "binary" NULLS FIRST,
    "release"."qi-2" COLLATE "binary" NULLS FIRST,
    "release"."sens" COLLATE "binary" NULLS FIRST,
    "release"."visit" COLLATE "binary" NULLS FIRST
)
TO '<demo>/people/.sqlanon-STAGING.tmp/release.csv' WITH (
  FORMAT CSV,
  HEADER TRUE,
  DELIMITER ',',
  QUOTE '"',
  ESCAPE '"'
) /* copy_to.sql: write a query's result to a file (the staging file of an atomic publish). */ /* Params:   path, format (csv | parquet), delimiter, quote and escape for CSV. The caller replaces the */ /*           placeholder SELECT with the release query (publish.sql), so the release goes */ /*           straight to the file without an intermediate table. */ /* Output:   the file at `path`, with a header row for CSV. */;

COPY (
  SELECT
    *
  FROM (
    SELECT
      "qi-0",
      "q 1",
      "qi-2",
      "sens",
      "visit"
    FROM "__sqlanon_people_N"
  ) AS "release"
  ORDER BY
    "release"."qi-0" COLLATE "binary" NULLS FIRST,
    "release"."q 1" COLLATE "binary" NULLS FIRST,
    "release"."qi-2" COLLATE "binary" NULLS FIRST,
    "release"."sens" COLLATE "binary" NULLS FIRST,
    "release"."visit" COLLATE "binary" NULLS FIRST
)
TO '<demo>/values/.sqlanon-STAGING.tmp/release.csv' WITH (
  FORMAT CSV,
  HEADER TRUE,
  DELIMITER ',',
  QUOTE '"',
  ESCAPE '"'
) /* copy_to.sql: write a query's result to a file (the staging file of an atomic publish). */ /* Params:   path, format (csv | parquet), delimiter, quote and escape for CSV. The caller replaces the */ /*           placeholder SELECT with the release query (publish.sql), so the release goes */ /*           straight to the file without an intermediate table. */ /* Output:   the file at `path`, with a header row for CSV. */;

COPY (
  SELECT
    *
  FROM (
    SELECT
      "qi-0",
      "q 1",
      "qi-2",
      "sens",
      "visit"
    FROM "__sqlanon_people_N"
  ) AS "release"
  ORDER BY
    "release"."qi-0" COLLATE "binary" NULLS FIRST,
    "release"."q 1" COLLATE "binary" NULLS FIRST,
    "release"."qi-2" COLLATE "binary" NULLS FIRST,
    "release"."sens" COLLATE "binary" NULLS FIRST,
    "release"."visit" COLLATE "binary" NULLS FIRST
)
TO '<demo>/varying/.sqlanon-STAGING.tmp/release.csv' WITH (
  FORMAT CSV,
  HEADER TRUE,
  DELIMITER ',',
  QUOTE '"',
  ESCAPE '"'
) /* copy_to.sql: write a query's result to a file (the staging file of an atomic publish). */ /* Params:   path, format (csv | parquet), delimiter, quote and escape for CSV. The caller replaces the */ /*           placeholder SELECT with the release query (publish.sql), so the release goes */ /*           straight to the file without an intermediate table. */ /* Output:   the file at `path`, with a header row for CSV. */;

COPY (
  SELECT
    *
  FROM (
    SELECT
      "qi-0",
      "q 1",
      "qi-2",
      "sens",
      "visit"
    FROM "__sqlanon_people_N"
  ) AS "release"
  ORDER BY
    "release"."qi-0" COLLATE "binary" NULLS FIRST,
    "release"."q 1" COLLATE "binary" NULLS FIRST,
    "release"."qi-2" COLLATE "binary" NULLS FIRST,
    "release"."sens" COLLATE "binary" NULLS FIRST,
    "release"."visit" COLLATE "binary" NULLS FIRST
)
TO '<demo>/varying_nt/.sqlanon-STAGING.tmp/release.csv' WITH (
  FORMAT CSV,
  HEADER TRUE,
  DELIMITER ',',
  QUOTE '"',
  ESCAPE '"'
) /* copy_to.sql: write a query's result to a file (the staging file of an atomic publish). */ /* Params:   path, format (csv | parquet), delimiter, quote and escape for CSV. The caller replaces the */ /*           placeholder SELECT with the release query (publish.sql), so the release goes */ /*           straight to the file without an intermediate table. */ /* Output:   the file at `path`, with a header row for CSV. */;

COPY (
  SELECT
    *
  FROM (
    SELECT
      "qi-0",
      "q 1",
      "qi-2",
      "sens",
      "visit"
    FROM "__sqlanon_people_N"
  ) AS "release"
  ORDER BY
    "release"."qi-0" COLLATE "binary" NULLS FIRST,
    "release"."q 1" COLLATE "binary" NULLS FIRST,
    "release"."qi-2" COLLATE "binary" NULLS FIRST,
    "release"."sens" COLLATE "binary" NULLS FIRST,
    "release"."visit" COLLATE "binary" NULLS FIRST
)
TO '<demo>/varying_values/.sqlanon-STAGING.tmp/release.csv' WITH (
  FORMAT CSV,
  HEADER TRUE,
  DELIMITER ',',
  QUOTE '"',
  ESCAPE '"'
) /* copy_to.sql: write a query's result to a file (the staging file of an atomic publish). */ /* Params:   path, format (csv | parquet), delimiter, quote and escape for CSV. The caller replaces the */ /*           placeholder SELECT with the release query (publish.sql), so the release goes */ /*           straight to the file without an intermediate table. */ /* Output:   the file at `path`, with a header row for CSV. */;
