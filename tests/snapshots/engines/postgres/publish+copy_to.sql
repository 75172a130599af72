COPY (
  SELECT
    *
  FROM (
    WITH "m0" AS (
      SELECT
        "d"."leaf",
        "u"."ct" AS "code",
        "l"."label"
      FROM (
        SELECT
          "leaf",
          "code"
        FROM "__sqlanon_dim_N"
        WHERE
          "q" = 0
      ) AS "d"
      JOIN (
        SELECT
          "lf",
          "cf",
          "lt",
          "ct"
        FROM "__sqlanon_up_N"
        WHERE
          "q" = 0
      ) AS "u"
        ON "u"."lf" = 0 AND "u"."cf" = "d"."code" AND "u"."lt" = 2
      JOIN (
        SELECT
          "lvl",
          "code",
          "label",
          "leaves"
        FROM "__sqlanon_labels_N"
        WHERE
          "q" = 0
      ) AS "l"
        ON "l"."lvl" = 2 AND "l"."code" = "u"."ct"
    ), "m2" AS (
      SELECT
        "d"."leaf",
        "u"."ct" AS "code",
        "l"."label"
      FROM (
        SELECT
          "leaf",
          "code"
        FROM "__sqlanon_dim_N"
        WHERE
          "q" = 2
      ) AS "d"
      JOIN (
        SELECT
          "lf",
          "cf",
          "lt",
          "ct"
        FROM "__sqlanon_up_N"
        WHERE
          "q" = 2
      ) AS "u"
        ON "u"."lf" = 0 AND "u"."cf" = "d"."code" AND "u"."lt" = 0
      JOIN (
        SELECT
          "lvl",
          "code",
          "label",
          "leaves"
        FROM "__sqlanon_labels_N"
        WHERE
          "q" = 2
      ) AS "l"
        ON "l"."lvl" = 0 AND "l"."code" = "u"."ct"
    ), "kept" AS (
      SELECT
        "q0",
        "q1",
        "q2"
      FROM "__sqlanon_verdicts_N"
      WHERE
        NOT "bad"
    )
    /* publish.sql: the release of one node: generalized QI labels, suppressed classes removed, */
    /* identifier columns dropped, every other column unchanged. */
    /* Inputs:   source (read once); per QI: dim (leaf, code), up (lf, cf, lt, ct), labels (lvl, code, */
    /*           label); verdicts (q0..qk-1 at the node's levels, bad) of the node. */
    /* Params:   columns (source order, each {name, qi index or none}), qis ({column, dim, up, labels, */
    /*           level, top: the top label when level is the QI's top, else none}), verdicts, */
    /*           suppress (whether some class of verdicts is bad), people (none, or for people whose */
    /*           quasi-identifiers vary: {members: encode_members.sql's table, persons: */
    /*           person_codes.sql's, person: the person columns, radix: the tuple numbers' radixes}: */
    /*           then the verdicts' q0 is a class's signature, rollup_people.sql's), aggregated */
    /*           (microaggregation, [{column, value}]: each such QI's original value is published */
    /*           too, as trimmed text ('' as NULL) named value, for microaggregate.sql; else empty). */
    /* Output:   the published rows, in the source's column order (publish.stage sorts them). */
    /* Formula:  row r is published iff its class (gen(r.qi_0), ..., gen(r.qi_k-1)) is not suppressed */
    /*           (with people: iff its person's class, the set of their generalized tuples, is not); */
    /*           a QI cell becomes the label of its value's ancestor at the node's level. */
    /* Plan:     each QI's leaf -> (code, label) map is built first (a few rows per hierarchy leaf) */
    /*           and the source is joined to those maps, then semi-joined with the kept classes. */
    /*           Joining the dimension tables with the verdicts before the source made DuckDB build a */
    /*           product of the generalized leaves (32 s on Adult; this form takes well under 1 s). */
    /*           A QI at its top level is the constant top label (every value is covered by its */
    /*           hierarchy, checked when encoding, and its top has one code, 0), so it needs no join */
    /*           and no part in the semi join; without suppression there is no semi join. */
    SELECT
      "m0"."label" AS "zip",
      CAST('*' AS TEXT) AS "age",
      "m2"."label" AS "sex",
      "src"."disease" AS "disease",
      "src"."salary" AS "salary"
    FROM "__sqlanon_source_N" AS "src"
    JOIN "m0"
      ON "m0"."leaf" = COALESCE(CAST("src"."zip" AS TEXT), '')
    JOIN "m2"
      ON "m2"."leaf" = COALESCE(CAST("src"."sex" AS TEXT), '')
  ) AS "release"
  ORDER BY
    "release"."zip" COLLATE "C" NULLS FIRST,
    "release"."age" COLLATE "C" NULLS FIRST,
    "release"."sex" COLLATE "C" NULLS FIRST,
    "release"."disease" COLLATE "C" NULLS FIRST,
    "release"."salary" COLLATE "C" NULLS FIRST
)
TO '<demo>/out/.sqlanon-STAGING.tmp/release.csv' WITH (
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
    WITH "m1" AS (
      SELECT
        "d"."leaf",
        "u"."ct" AS "code",
        "l"."label"
      FROM (
        SELECT
          "leaf",
          "code"
        FROM "__sqlanon_dim_N"
        WHERE
          "q" = 1
      ) AS "d"
      JOIN (
        SELECT
          "lf",
          "cf",
          "lt",
          "ct"
        FROM "__sqlanon_up_N"
        WHERE
          "q" = 1
      ) AS "u"
        ON "u"."lf" = 0 AND "u"."cf" = "d"."code" AND "u"."lt" = 3
      JOIN (
        SELECT
          "lvl",
          "code",
          "label",
          "leaves"
        FROM "__sqlanon_labels_N"
        WHERE
          "q" = 1
      ) AS "l"
        ON "l"."lvl" = 3 AND "l"."code" = "u"."ct"
    ), "kept" AS (
      SELECT
        "q0",
        "q1",
        "q2"
      FROM "__sqlanon_verdicts_N"
      WHERE
        NOT "bad"
    )
    /* publish.sql: the release of one node: generalized QI labels, suppressed classes removed, */
    /* identifier columns dropped, every other column unchanged. */
    /* Inputs:   source (read once); per QI: dim (leaf, code), up (lf, cf, lt, ct), labels (lvl, code, */
    /*           label); verdicts (q0..qk-1 at the node's levels, bad) of the node. */
    /* Params:   columns (source order, each {name, qi index or none}), qis ({column, dim, up, labels, */
    /*           level, top: the top label when level is the QI's top, else none}), verdicts, */
    /*           suppress (whether some class of verdicts is bad), people (none, or for people whose */
    /*           quasi-identifiers vary: {members: encode_members.sql's table, persons: */
    /*           person_codes.sql's, person: the person columns, radix: the tuple numbers' radixes}: */
    /*           then the verdicts' q0 is a class's signature, rollup_people.sql's), aggregated */
    /*           (microaggregation, [{column, value}]: each such QI's original value is published */
    /*           too, as trimmed text ('' as NULL) named value, for microaggregate.sql; else empty). */
    /* Output:   the published rows, in the source's column order (publish.stage sorts them). */
    /* Formula:  row r is published iff its class (gen(r.qi_0), ..., gen(r.qi_k-1)) is not suppressed */
    /*           (with people: iff its person's class, the set of their generalized tuples, is not); */
    /*           a QI cell becomes the label of its value's ancestor at the node's level. */
    /* Plan:     each QI's leaf -> (code, label) map is built first (a few rows per hierarchy leaf) */
    /*           and the source is joined to those maps, then semi-joined with the kept classes. */
    /*           Joining the dimension tables with the verdicts before the source made DuckDB build a */
    /*           product of the generalized leaves (32 s on Adult; this form takes well under 1 s). */
    /*           A QI at its top level is the constant top label (every value is covered by its */
    /*           hierarchy, checked when encoding, and its top has one code, 0), so it needs no join */
    /*           and no part in the semi join; without suppression there is no semi join. */
    SELECT
      CAST('*****' AS TEXT) AS "zip",
      "m1"."label" AS "age",
      CAST('*' AS TEXT) AS "sex",
      "src"."disease" AS "disease",
      "src"."salary" AS "salary"
    FROM "__sqlanon_dp_sample_N" AS "src"
    JOIN "m1"
      ON "m1"."leaf" = COALESCE(CAST("src"."age" AS TEXT), '')
    WHERE
      EXISTS(
        SELECT
          1
        FROM "kept"
        WHERE
          "kept"."q0" = 0 AND "kept"."q1" = "m1"."code" AND "kept"."q2" = 0
      )
  ) AS "release"
  ORDER BY
    "release"."zip" COLLATE "C" NULLS FIRST,
    "release"."age" COLLATE "C" NULLS FIRST,
    "release"."sex" COLLATE "C" NULLS FIRST,
    "release"."disease" COLLATE "C" NULLS FIRST,
    "release"."salary" COLLATE "C" NULLS FIRST
)
TO '<demo>/out/.sqlanon-STAGING.tmp/release.csv' WITH (
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
    WITH "m2" AS (
      SELECT
        "d"."leaf",
        "u"."ct" AS "code",
        "l"."label"
      FROM (
        SELECT
          "leaf",
          "code"
        FROM "__sqlanon_dim_N"
        WHERE
          "q" = 2
      ) AS "d"
      JOIN (
        SELECT
          "lf",
          "cf",
          "lt",
          "ct"
        FROM "__sqlanon_up_N"
        WHERE
          "q" = 2
      ) AS "u"
        ON "u"."lf" = 0 AND "u"."cf" = "d"."code" AND "u"."lt" = 0
      JOIN (
        SELECT
          "lvl",
          "code",
          "label",
          "leaves"
        FROM "__sqlanon_labels_N"
        WHERE
          "q" = 2
      ) AS "l"
        ON "l"."lvl" = 0 AND "l"."code" = "u"."ct"
    ), "kept" AS (
      SELECT
        "q0",
        "q1",
        "q2"
      FROM "__sqlanon_verdicts_N"
      WHERE
        NOT "bad"
    )
    /* publish.sql: the release of one node: generalized QI labels, suppressed classes removed, */
    /* identifier columns dropped, every other column unchanged. */
    /* Inputs:   source (read once); per QI: dim (leaf, code), up (lf, cf, lt, ct), labels (lvl, code, */
    /*           label); verdicts (q0..qk-1 at the node's levels, bad) of the node. */
    /* Params:   columns (source order, each {name, qi index or none}), qis ({column, dim, up, labels, */
    /*           level, top: the top label when level is the QI's top, else none}), verdicts, */
    /*           suppress (whether some class of verdicts is bad), people (none, or for people whose */
    /*           quasi-identifiers vary: {members: encode_members.sql's table, persons: */
    /*           person_codes.sql's, person: the person columns, radix: the tuple numbers' radixes}: */
    /*           then the verdicts' q0 is a class's signature, rollup_people.sql's), aggregated */
    /*           (microaggregation, [{column, value}]: each such QI's original value is published */
    /*           too, as trimmed text ('' as NULL) named value, for microaggregate.sql; else empty). */
    /* Output:   the published rows, in the source's column order (publish.stage sorts them). */
    /* Formula:  row r is published iff its class (gen(r.qi_0), ..., gen(r.qi_k-1)) is not suppressed */
    /*           (with people: iff its person's class, the set of their generalized tuples, is not); */
    /*           a QI cell becomes the label of its value's ancestor at the node's level. */
    /* Plan:     each QI's leaf -> (code, label) map is built first (a few rows per hierarchy leaf) */
    /*           and the source is joined to those maps, then semi-joined with the kept classes. */
    /*           Joining the dimension tables with the verdicts before the source made DuckDB build a */
    /*           product of the generalized leaves (32 s on Adult; this form takes well under 1 s). */
    /*           A QI at its top level is the constant top label (every value is covered by its */
    /*           hierarchy, checked when encoding, and its top has one code, 0), so it needs no join */
    /*           and no part in the semi join; without suppression there is no semi join. */
    SELECT
      CAST('*****' AS TEXT) AS "zip",
      CAST('*' AS TEXT) AS "age",
      "m2"."label" AS "sex",
      "src"."disease" AS "disease",
      "src"."salary" AS "salary"
    FROM "__sqlanon_source_N" AS "src"
    JOIN "m2"
      ON "m2"."leaf" = COALESCE(CAST("src"."sex" AS TEXT), '')
  ) AS "release"
  ORDER BY
    "release"."zip" COLLATE "C" NULLS FIRST,
    "release"."age" COLLATE "C" NULLS FIRST,
    "release"."sex" COLLATE "C" NULLS FIRST,
    "release"."disease" COLLATE "C" NULLS FIRST,
    "release"."salary" COLLATE "C" NULLS FIRST
)
TO '<demo>/out/.sqlanon-STAGING.tmp/release.csv' WITH (
  FORMAT CSV,
  HEADER TRUE,
  DELIMITER ',',
  QUOTE '"',
  ESCAPE '"'
) /* copy_to.sql: write a query's result to a file (the staging file of an atomic publish). */ /* Params:   path, format (csv | parquet), delimiter, quote and escape for CSV. The caller replaces the */ /*           placeholder SELECT with the release query (publish.sql), so the release goes */ /*           straight to the file without an intermediate table. */ /* Output:   the file at `path`, with a header row for CSV. */;
