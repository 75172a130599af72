/* person_profile.sql: the people of a table, and whether their rows agree on the quasi-identifiers. */
/* Inputs:   source (the table: a source, or a release being checked). */
/* Params:   person (the columns identifying a person), qis (the quasi-identifier columns). */
/* Output:   one row: people (distinct persons, BIGINT), null_rows (rows with a NULL person */
/*           column), then v0..vk-1: per QI, the people whose rows carry more than one of its */
/*           values (a NULL cell is a value of its own: the filter key, sqlanon/sql/labels.py; */
/*           a person's values differ iff their smallest and largest keys do, which costs less */
/*           than counting distinct keys per person). */
/* Formula:  a person is the tuple of the person columns; the rows with a NULL person column */
/*           belong to no person (the caller refuses them). QI i is constant per person iff v_i = 0. */
/* Citation: persons as privacy units: Nergiz, Clifton, Nergiz, Multirelational k-anonymity */
/*           (IEEE TKDE 21(8), 2009), section 3 (one person, several tuples). */
WITH "per" AS (
  SELECT
    "src"."patient ""id""" AS "p0",
    MIN(
      CASE
        WHEN CAST("src"."qi-0" AS TEXT) IS NULL
        THEN 'NULL'
        WHEN CAST("src"."qi-0" AS TEXT) LIKE '%'
        THEN '' || CAST("src"."qi-0" AS TEXT)
        ELSE CAST("src"."qi-0" AS TEXT)
      END
    ) < MAX(
      CASE
        WHEN CAST("src"."qi-0" AS TEXT) IS NULL
        THEN 'NULL'
        WHEN CAST("src"."qi-0" AS TEXT) LIKE '%'
        THEN '' || CAST("src"."qi-0" AS TEXT)
        ELSE CAST("src"."qi-0" AS TEXT)
      END
    ) AS "v0",
    MIN(
      CASE
        WHEN CAST("src"."q 1" AS TEXT) IS NULL
        THEN 'NULL'
        WHEN CAST("src"."q 1" AS TEXT) LIKE '%'
        THEN '' || CAST("src"."q 1" AS TEXT)
        ELSE CAST("src"."q 1" AS TEXT)
      END
    ) < MAX(
      CASE
        WHEN CAST("src"."q 1" AS TEXT) IS NULL
        THEN 'NULL'
        WHEN CAST("src"."q 1" AS TEXT) LIKE '%'
        THEN '' || CAST("src"."q 1" AS TEXT)
        ELSE CAST("src"."q 1" AS TEXT)
      END
    ) AS "v1",
    MIN(
      CASE
        WHEN CAST("src"."qi-2" AS TEXT) IS NULL
        THEN 'NULL'
        WHEN CAST("src"."qi-2" AS TEXT) LIKE '%'
        THEN '' || CAST("src"."qi-2" AS TEXT)
        ELSE CAST("src"."qi-2" AS TEXT)
      END
    ) < MAX(
      CASE
        WHEN CAST("src"."qi-2" AS TEXT) IS NULL
        THEN 'NULL'
        WHEN CAST("src"."qi-2" AS TEXT) LIKE '%'
        THEN '' || CAST("src"."qi-2" AS TEXT)
        ELSE CAST("src"."qi-2" AS TEXT)
      END
    ) AS "v2",
    CAST(COUNT(*) AS BIGINT) AS "rows"
  FROM "__sqlanon_people_N" AS "src"
  GROUP BY
    1
)
SELECT
  CAST(SUM(CASE WHEN "p0" IS NULL THEN 0 ELSE 1 END) AS BIGINT) AS "people",
  CAST(COALESCE(SUM(CASE WHEN "p0" IS NULL THEN "rows" ELSE 0 END), 0) AS BIGINT) AS "null_rows",
  CAST(SUM(CASE WHEN "v0" THEN 1 ELSE 0 END) AS BIGINT) AS "v0",
  CAST(SUM(CASE WHEN "v1" THEN 1 ELSE 0 END) AS BIGINT) AS "v1",
  CAST(SUM(CASE WHEN "v2" THEN 1 ELSE 0 END) AS BIGINT) AS "v2"
FROM "per";

/* person_profile.sql: the people of a table, and whether their rows agree on the quasi-identifiers. */
/* Inputs:   source (the table: a source, or a release being checked). */
/* Params:   person (the columns identifying a person), qis (the quasi-identifier columns). */
/* Output:   one row: people (distinct persons, BIGINT), null_rows (rows with a NULL person */
/*           column), then v0..vk-1: per QI, the people whose rows carry more than one of its */
/*           values (a NULL cell is a value of its own: the filter key, sqlanon/sql/labels.py; */
/*           a person's values differ iff their smallest and largest keys do, which costs less */
/*           than counting distinct keys per person). */
/* Formula:  a person is the tuple of the person columns; the rows with a NULL person column */
/*           belong to no person (the caller refuses them). QI i is constant per person iff v_i = 0. */
/* Citation: persons as privacy units: Nergiz, Clifton, Nergiz, Multirelational k-anonymity */
/*           (IEEE TKDE 21(8), 2009), section 3 (one person, several tuples). */
WITH "per" AS (
  SELECT
    "src"."patient ""id""" AS "p0",
    MIN(
      CASE
        WHEN CAST("src"."qi-0" AS TEXT) IS NULL
        THEN 'NULL'
        WHEN CAST("src"."qi-0" AS TEXT) LIKE '%'
        THEN '' || CAST("src"."qi-0" AS TEXT)
        ELSE CAST("src"."qi-0" AS TEXT)
      END
    ) < MAX(
      CASE
        WHEN CAST("src"."qi-0" AS TEXT) IS NULL
        THEN 'NULL'
        WHEN CAST("src"."qi-0" AS TEXT) LIKE '%'
        THEN '' || CAST("src"."qi-0" AS TEXT)
        ELSE CAST("src"."qi-0" AS TEXT)
      END
    ) AS "v0",
    MIN(
      CASE
        WHEN CAST("src"."q 1" AS TEXT) IS NULL
        THEN 'NULL'
        WHEN CAST("src"."q 1" AS TEXT) LIKE '%'
        THEN '' || CAST("src"."q 1" AS TEXT)
        ELSE CAST("src"."q 1" AS TEXT)
      END
    ) < MAX(
      CASE
        WHEN CAST("src"."q 1" AS TEXT) IS NULL
        THEN 'NULL'
        WHEN CAST("src"."q 1" AS TEXT) LIKE '%'
        THEN '' || CAST("src"."q 1" AS TEXT)
        ELSE CAST("src"."q 1" AS TEXT)
      END
    ) AS "v1",
    MIN(
      CASE
        WHEN CAST("src"."qi-2" AS TEXT) IS NULL
        THEN 'NULL'
        WHEN CAST("src"."qi-2" AS TEXT) LIKE '%'
        THEN '' || CAST("src"."qi-2" AS TEXT)
        ELSE CAST("src"."qi-2" AS TEXT)
      END
    ) < MAX(
      CASE
        WHEN CAST("src"."qi-2" AS TEXT) IS NULL
        THEN 'NULL'
        WHEN CAST("src"."qi-2" AS TEXT) LIKE '%'
        THEN '' || CAST("src"."qi-2" AS TEXT)
        ELSE CAST("src"."qi-2" AS TEXT)
      END
    ) AS "v2",
    CAST(COUNT(*) AS BIGINT) AS "rows"
  FROM "__sqlanon_source_N" AS "src"
  GROUP BY
    1
)
SELECT
  CAST(SUM(CASE WHEN "p0" IS NULL THEN 0 ELSE 1 END) AS BIGINT) AS "people",
  CAST(COALESCE(SUM(CASE WHEN "p0" IS NULL THEN "rows" ELSE 0 END), 0) AS BIGINT) AS "null_rows",
  CAST(SUM(CASE WHEN "v0" THEN 1 ELSE 0 END) AS BIGINT) AS "v0",
  CAST(SUM(CASE WHEN "v1" THEN 1 ELSE 0 END) AS BIGINT) AS "v1",
  CAST(SUM(CASE WHEN "v2" THEN 1 ELSE 0 END) AS BIGINT) AS "v2"
FROM "per";

/* person_profile.sql: the people of a table, and whether their rows agree on the quasi-identifiers. */
/* Inputs:   source (the table: a source, or a release being checked). */
/* Params:   person (the columns identifying a person), qis (the quasi-identifier columns). */
/* Output:   one row: people (distinct persons, BIGINT), null_rows (rows with a NULL person */
/*           column), then v0..vk-1: per QI, the people whose rows carry more than one of its */
/*           values (a NULL cell is a value of its own: the filter key, sqlanon/sql/labels.py; */
/*           a person's values differ iff their smallest and largest keys do, which costs less */
/*           than counting distinct keys per person). */
/* Formula:  a person is the tuple of the person columns; the rows with a NULL person column */
/*           belong to no person (the caller refuses them). QI i is constant per person iff v_i = 0. */
/* Citation: persons as privacy units: Nergiz, Clifton, Nergiz, Multirelational k-anonymity */
/*           (IEEE TKDE 21(8), 2009), section 3 (one person, several tuples). */
WITH "per" AS (
  SELECT
    "src"."patient ""id""" AS "p0",
    MIN(
      CASE
        WHEN CAST("src"."qi-0" AS TEXT) IS NULL
        THEN 'NULL'
        WHEN CAST("src"."qi-0" AS TEXT) LIKE '%'
        THEN '' || CAST("src"."qi-0" AS TEXT)
        ELSE CAST("src"."qi-0" AS TEXT)
      END
    ) < MAX(
      CASE
        WHEN CAST("src"."qi-0" AS TEXT) IS NULL
        THEN 'NULL'
        WHEN CAST("src"."qi-0" AS TEXT) LIKE '%'
        THEN '' || CAST("src"."qi-0" AS TEXT)
        ELSE CAST("src"."qi-0" AS TEXT)
      END
    ) AS "v0",
    MIN(
      CASE
        WHEN CAST("src"."q 1" AS TEXT) IS NULL
        THEN 'NULL'
        WHEN CAST("src"."q 1" AS TEXT) LIKE '%'
        THEN '' || CAST("src"."q 1" AS TEXT)
        ELSE CAST("src"."q 1" AS TEXT)
      END
    ) < MAX(
      CASE
        WHEN CAST("src"."q 1" AS TEXT) IS NULL
        THEN 'NULL'
        WHEN CAST("src"."q 1" AS TEXT) LIKE '%'
        THEN '' || CAST("src"."q 1" AS TEXT)
        ELSE CAST("src"."q 1" AS TEXT)
      END
    ) AS "v1",
    MIN(
      CASE
        WHEN CAST("src"."qi-2" AS TEXT) IS NULL
        THEN 'NULL'
        WHEN CAST("src"."qi-2" AS TEXT) LIKE '%'
        THEN '' || CAST("src"."qi-2" AS TEXT)
        ELSE CAST("src"."qi-2" AS TEXT)
      END
    ) < MAX(
      CASE
        WHEN CAST("src"."qi-2" AS TEXT) IS NULL
        THEN 'NULL'
        WHEN CAST("src"."qi-2" AS TEXT) LIKE '%'
        THEN '' || CAST("src"."qi-2" AS TEXT)
        ELSE CAST("src"."qi-2" AS TEXT)
      END
    ) AS "v2",
    CAST(COUNT(*) AS BIGINT) AS "rows"
  FROM "__sqlanon_table_N" AS "src"
  GROUP BY
    1
)
SELECT
  CAST(SUM(CASE WHEN "p0" IS NULL THEN 0 ELSE 1 END) AS BIGINT) AS "people",
  CAST(COALESCE(SUM(CASE WHEN "p0" IS NULL THEN "rows" ELSE 0 END), 0) AS BIGINT) AS "null_rows",
  CAST(SUM(CASE WHEN "v0" THEN 1 ELSE 0 END) AS BIGINT) AS "v0",
  CAST(SUM(CASE WHEN "v1" THEN 1 ELSE 0 END) AS BIGINT) AS "v1",
  CAST(SUM(CASE WHEN "v2" THEN 1 ELSE 0 END) AS BIGINT) AS "v2"
FROM "per";
