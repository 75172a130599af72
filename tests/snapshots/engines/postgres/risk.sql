/* risk.sql: re-identification risk of a table from its equivalence classes' sizes. */
/* Inputs:   freq (gate_frequencies.sql's table: q0..qk-1, the sensitive codes, n); for the */
/*           journalist risk, population (one row per person, the quasi-identifiers' columns) */
/*           and per quasi-identifier a map (leaf, label) to the table's level, or none. */
/* Params:   part ("sizes" | "journalist" | "uncovered"), freq, keys (the class keys q0..); */
/*           population, qis (its columns, in the keys' order), maps, null_label (how */
/*           the table's classes write NULL), null_leaf (a hierarchy's leaf for NULL); classes */
/*           (journalist: instead of population and maps, the population's persons per class at */
/*           the table's labels, q0.. written as population_classes.sql writes them, n: a */
/*           Mondrian release's, sqlanon.search.mondrian_population). */
/* Output:   sizes: per class size, size BIGINT and classes BIGINT (classes of that size), */
/*           smallest first (the histogram of the report's class sizes; the prosecutor figures */
/*           are exact sums over it, risk.measure: N = sum of size * classes, ...). */
/*           journalist: per (class size |E|, population count F) of the table's classes, */
/*           size BIGINT, f BIGINT and classes BIGINT, smallest first (the figures are exact */
/*           sums over it, sqlanon.search.risk.journalist_measure, as the search computes them; */
/*           a class with F < |E| means the population does not hold the table). */
/*           uncovered: one row, per mapped quasi-identifier the population rows its map does */
/*           not cover (u0.., BIGINT). */
/* Formula:  prosecutor risk of a record in class E: 1/|E|; highest = 1/min|E|, average = */
/*           classes / N; marketer risk (expected share re-identified) = classes / N; sample */
/*           uniques = rows in classes of size 1 / N; journalist risk of a record in E: 1/F_E, */
/*           F_E the number of persons of the population in E's class (its labels, the */
/*           population generalized as the table is, as keys: the filter key; '' and NULL are */
/*           one label, as a CSV file reads them, and no other text is NULL's) (El Emam, Guide to the De-Identification of Personal Health */
/*           Information, 2013; ARX's risk models). The divisions are made from these exact */
/*           counts by the caller. */
SELECT
  CAST(SUM(CASE WHEN "m0"."label" IS NULL THEN 1 ELSE 0 END) AS BIGINT) AS "u0",
  CAST(SUM(CASE WHEN "m1"."label" IS NULL THEN 1 ELSE 0 END) AS BIGINT) AS "u1",
  CAST(SUM(CASE WHEN "m2"."label" IS NULL THEN 1 ELSE 0 END) AS BIGINT) AS "u2"
FROM "__sqlanon_population_N" AS "p"
LEFT JOIN "__sqlanon_population_map_N" AS "m0"
  ON "m0"."leaf" = COALESCE(CAST("p"."zip" AS TEXT), '')
LEFT JOIN "__sqlanon_population_map_N" AS "m1"
  ON "m1"."leaf" = COALESCE(CAST("p"."age" AS TEXT), '')
LEFT JOIN "__sqlanon_population_map_N" AS "m2"
  ON "m2"."leaf" = COALESCE(CAST("p"."sex" AS TEXT), '');

/* risk.sql: re-identification risk of a table from its equivalence classes' sizes. */
/* Inputs:   freq (gate_frequencies.sql's table: q0..qk-1, the sensitive codes, n); for the */
/*           journalist risk, population (one row per person, the quasi-identifiers' columns) */
/*           and per quasi-identifier a map (leaf, label) to the table's level, or none. */
/* Params:   part ("sizes" | "journalist" | "uncovered"), freq, keys (the class keys q0..); */
/*           population, qis (its columns, in the keys' order), maps, null_label (how */
/*           the table's classes write NULL), null_leaf (a hierarchy's leaf for NULL); classes */
/*           (journalist: instead of population and maps, the population's persons per class at */
/*           the table's labels, q0.. written as population_classes.sql writes them, n: a */
/*           Mondrian release's, sqlanon.search.mondrian_population). */
/* Output:   sizes: per class size, size BIGINT and classes BIGINT (classes of that size), */
/*           smallest first (the histogram of the report's class sizes; the prosecutor figures */
/*           are exact sums over it, risk.measure: N = sum of size * classes, ...). */
/*           journalist: per (class size |E|, population count F) of the table's classes, */
/*           size BIGINT, f BIGINT and classes BIGINT, smallest first (the figures are exact */
/*           sums over it, sqlanon.search.risk.journalist_measure, as the search computes them; */
/*           a class with F < |E| means the population does not hold the table). */
/*           uncovered: one row, per mapped quasi-identifier the population rows its map does */
/*           not cover (u0.., BIGINT). */
/* Formula:  prosecutor risk of a record in class E: 1/|E|; highest = 1/min|E|, average = */
/*           classes / N; marketer risk (expected share re-identified) = classes / N; sample */
/*           uniques = rows in classes of size 1 / N; journalist risk of a record in E: 1/F_E, */
/*           F_E the number of persons of the population in E's class (its labels, the */
/*           population generalized as the table is, as keys: the filter key; '' and NULL are */
/*           one label, as a CSV file reads them, and no other text is NULL's) (El Emam, Guide to the De-Identification of Personal Health */
/*           Information, 2013; ARX's risk models). The divisions are made from these exact */
/*           counts by the caller. */
WITH "c" AS (
  SELECT
    CASE WHEN "q0" = '' THEN 'NULL' ELSE "q0" END AS "k0",
    CASE WHEN "q1" = '' THEN 'NULL' ELSE "q1" END AS "k1",
    CASE WHEN "q2" = '' THEN 'NULL' ELSE "q2" END AS "k2",
    SUM("n") AS "size"
  FROM "__sqlanon_gate_freq_N"
  GROUP BY
    1,
    2,
    3
), "pop" AS (
  SELECT
    "q0" AS "k0",
    "q1" AS "k1",
    "q2" AS "k2",
    "n" AS "f"
  FROM "__sqlanon_mpclasses_N"
), "j" AS (
  SELECT
    "c"."size",
    COALESCE("pop"."f", 0) AS "f"
  FROM "c"
  LEFT JOIN "pop"
    ON "pop"."k0" = "c"."k0" AND "pop"."k1" = "c"."k1" AND "pop"."k2" = "c"."k2"
  WHERE
    "c"."size" > 0
)
SELECT
  CAST("size" AS BIGINT) AS "size",
  CAST("f" AS BIGINT) AS "f",
  CAST(COUNT(*) AS BIGINT) AS "classes"
FROM "j"
GROUP BY
  "size",
  "f"
ORDER BY
  "size",
  "f";

/* risk.sql: re-identification risk of a table from its equivalence classes' sizes. */
/* Inputs:   freq (gate_frequencies.sql's table: q0..qk-1, the sensitive codes, n); for the */
/*           journalist risk, population (one row per person, the quasi-identifiers' columns) */
/*           and per quasi-identifier a map (leaf, label) to the table's level, or none. */
/* Params:   part ("sizes" | "journalist" | "uncovered"), freq, keys (the class keys q0..); */
/*           population, qis (its columns, in the keys' order), maps, null_label (how */
/*           the table's classes write NULL), null_leaf (a hierarchy's leaf for NULL); classes */
/*           (journalist: instead of population and maps, the population's persons per class at */
/*           the table's labels, q0.. written as population_classes.sql writes them, n: a */
/*           Mondrian release's, sqlanon.search.mondrian_population). */
/* Output:   sizes: per class size, size BIGINT and classes BIGINT (classes of that size), */
/*           smallest first (the histogram of the report's class sizes; the prosecutor figures */
/*           are exact sums over it, risk.measure: N = sum of size * classes, ...). */
/*           journalist: per (class size |E|, population count F) of the table's classes, */
/*           size BIGINT, f BIGINT and classes BIGINT, smallest first (the figures are exact */
/*           sums over it, sqlanon.search.risk.journalist_measure, as the search computes them; */
/*           a class with F < |E| means the population does not hold the table). */
/*           uncovered: one row, per mapped quasi-identifier the population rows its map does */
/*           not cover (u0.., BIGINT). */
/* Formula:  prosecutor risk of a record in class E: 1/|E|; highest = 1/min|E|, average = */
/*           classes / N; marketer risk (expected share re-identified) = classes / N; sample */
/*           uniques = rows in classes of size 1 / N; journalist risk of a record in E: 1/F_E, */
/*           F_E the number of persons of the population in E's class (its labels, the */
/*           population generalized as the table is, as keys: the filter key; '' and NULL are */
/*           one label, as a CSV file reads them, and no other text is NULL's) (El Emam, Guide to the De-Identification of Personal Health */
/*           Information, 2013; ARX's risk models). The divisions are made from these exact */
/*           counts by the caller. */
WITH "c" AS (
  SELECT
    CASE WHEN "q0" = '' THEN 'NULL' ELSE "q0" END AS "k0",
    CASE WHEN "q1" = '' THEN 'NULL' ELSE "q1" END AS "k1",
    CASE WHEN "q2" = '' THEN 'NULL' ELSE "q2" END AS "k2",
    SUM("n") AS "size"
  FROM "__sqlanon_gate_freq_N"
  GROUP BY
    1,
    2,
    3
), "pop" AS (
  SELECT
    CASE
      WHEN CASE
        WHEN "m0"."label" IS NULL
        THEN 'NULL'
        WHEN "m0"."label" LIKE '%'
        THEN '' || "m0"."label"
        ELSE "m0"."label"
      END = ''
      THEN 'NULL'
      ELSE CASE
        WHEN "m0"."label" IS NULL
        THEN 'NULL'
        WHEN "m0"."label" LIKE '%'
        THEN '' || "m0"."label"
        ELSE "m0"."label"
      END
    END AS "k0",
    CASE
      WHEN CASE
        WHEN "m1"."label" IS NULL
        THEN 'NULL'
        WHEN "m1"."label" LIKE '%'
        THEN '' || "m1"."label"
        ELSE "m1"."label"
      END = ''
      THEN 'NULL'
      ELSE CASE
        WHEN "m1"."label" IS NULL
        THEN 'NULL'
        WHEN "m1"."label" LIKE '%'
        THEN '' || "m1"."label"
        ELSE "m1"."label"
      END
    END AS "k1",
    CASE
      WHEN CASE
        WHEN "m2"."label" IS NULL
        THEN 'NULL'
        WHEN "m2"."label" LIKE '%'
        THEN '' || "m2"."label"
        ELSE "m2"."label"
      END = ''
      THEN 'NULL'
      ELSE CASE
        WHEN "m2"."label" IS NULL
        THEN 'NULL'
        WHEN "m2"."label" LIKE '%'
        THEN '' || "m2"."label"
        ELSE "m2"."label"
      END
    END AS "k2",
    COUNT(*) AS "f"
  FROM "__sqlanon_population_N" AS "p"
  LEFT JOIN "__sqlanon_population_map_N" AS "m0"
    ON "m0"."leaf" = COALESCE(CAST("p"."zip" AS TEXT), '')
  LEFT JOIN "__sqlanon_population_map_N" AS "m1"
    ON "m1"."leaf" = COALESCE(CAST("p"."age" AS TEXT), '')
  LEFT JOIN "__sqlanon_population_map_N" AS "m2"
    ON "m2"."leaf" = COALESCE(CAST("p"."sex" AS TEXT), '')
  GROUP BY
    1,
    2,
    3
), "j" AS (
  SELECT
    "c"."size",
    COALESCE("pop"."f", 0) AS "f"
  FROM "c"
  LEFT JOIN "pop"
    ON "pop"."k0" = "c"."k0" AND "pop"."k1" = "c"."k1" AND "pop"."k2" = "c"."k2"
  WHERE
    "c"."size" > 0
)
SELECT
  CAST("size" AS BIGINT) AS "size",
  CAST("f" AS BIGINT) AS "f",
  CAST(COUNT(*) AS BIGINT) AS "classes"
FROM "j"
GROUP BY
  "size",
  "f"
ORDER BY
  "size",
  "f";

/* risk.sql: re-identification risk of a table from its equivalence classes' sizes. */
/* Inputs:   freq (gate_frequencies.sql's table: q0..qk-1, the sensitive codes, n); for the */
/*           journalist risk, population (one row per person, the quasi-identifiers' columns) */
/*           and per quasi-identifier a map (leaf, label) to the table's level, or none. */
/* Params:   part ("sizes" | "journalist" | "uncovered"), freq, keys (the class keys q0..); */
/*           population, qis (its columns, in the keys' order), maps, null_label (how */
/*           the table's classes write NULL), null_leaf (a hierarchy's leaf for NULL); classes */
/*           (journalist: instead of population and maps, the population's persons per class at */
/*           the table's labels, q0.. written as population_classes.sql writes them, n: a */
/*           Mondrian release's, sqlanon.search.mondrian_population). */
/* Output:   sizes: per class size, size BIGINT and classes BIGINT (classes of that size), */
/*           smallest first (the histogram of the report's class sizes; the prosecutor figures */
/*           are exact sums over it, risk.measure: N = sum of size * classes, ...). */
/*           journalist: per (class size |E|, population count F) of the table's classes, */
/*           size BIGINT, f BIGINT and classes BIGINT, smallest first (the figures are exact */
/*           sums over it, sqlanon.search.risk.journalist_measure, as the search computes them; */
/*           a class with F < |E| means the population does not hold the table). */
/*           uncovered: one row, per mapped quasi-identifier the population rows its map does */
/*           not cover (u0.., BIGINT). */
/* Formula:  prosecutor risk of a record in class E: 1/|E|; highest = 1/min|E|, average = */
/*           classes / N; marketer risk (expected share re-identified) = classes / N; sample */
/*           uniques = rows in classes of size 1 / N; journalist risk of a record in E: 1/F_E, */
/*           F_E the number of persons of the population in E's class (its labels, the */
/*           population generalized as the table is, as keys: the filter key; '' and NULL are */
/*           one label, as a CSV file reads them, and no other text is NULL's) (El Emam, Guide to the De-Identification of Personal Health */
/*           Information, 2013; ARX's risk models). The divisions are made from these exact */
/*           counts by the caller. */
WITH "c" AS (
  SELECT
    SUM("n") AS "size"
  FROM "__sqlanon_gate_freq_N"
  GROUP BY
    "q0",
    "q1",
    "q2"
)
SELECT
  CAST("size" AS BIGINT) AS "size",
  CAST(COUNT(*) AS BIGINT) AS "classes"
FROM "c"
WHERE
  "size" > 0
GROUP BY
  "size"
ORDER BY
  "size";

/* risk.sql: re-identification risk of a table from its equivalence classes' sizes. */
/* Inputs:   freq (gate_frequencies.sql's table: q0..qk-1, the sensitive codes, n); for the */
/*           journalist risk, population (one row per person, the quasi-identifiers' columns) */
/*           and per quasi-identifier a map (leaf, label) to the table's level, or none. */
/* Params:   part ("sizes" | "journalist" | "uncovered"), freq, keys (the class keys q0..); */
/*           population, qis (its columns, in the keys' order), maps, null_label (how */
/*           the table's classes write NULL), null_leaf (a hierarchy's leaf for NULL); classes */
/*           (journalist: instead of population and maps, the population's persons per class at */
/*           the table's labels, q0.. written as population_classes.sql writes them, n: a */
/*           Mondrian release's, sqlanon.search.mondrian_population). */
/* Output:   sizes: per class size, size BIGINT and classes BIGINT (classes of that size), */
/*           smallest first (the histogram of the report's class sizes; the prosecutor figures */
/*           are exact sums over it, risk.measure: N = sum of size * classes, ...). */
/*           journalist: per (class size |E|, population count F) of the table's classes, */
/*           size BIGINT, f BIGINT and classes BIGINT, smallest first (the figures are exact */
/*           sums over it, sqlanon.search.risk.journalist_measure, as the search computes them; */
/*           a class with F < |E| means the population does not hold the table). */
/*           uncovered: one row, per mapped quasi-identifier the population rows its map does */
/*           not cover (u0.., BIGINT). */
/* Formula:  prosecutor risk of a record in class E: 1/|E|; highest = 1/min|E|, average = */
/*           classes / N; marketer risk (expected share re-identified) = classes / N; sample */
/*           uniques = rows in classes of size 1 / N; journalist risk of a record in E: 1/F_E, */
/*           F_E the number of persons of the population in E's class (its labels, the */
/*           population generalized as the table is, as keys: the filter key; '' and NULL are */
/*           one label, as a CSV file reads them, and no other text is NULL's) (El Emam, Guide to the De-Identification of Personal Health */
/*           Information, 2013; ARX's risk models). The divisions are made from these exact */
/*           counts by the caller. */
WITH "c" AS (
  SELECT
    SUM("n") AS "size"
  FROM "__sqlanon_gate_people_N"
  GROUP BY
    "q0",
    "q1",
    "q2"
)
SELECT
  CAST("size" AS BIGINT) AS "size",
  CAST(COUNT(*) AS BIGINT) AS "classes"
FROM "c"
WHERE
  "size" > 0
GROUP BY
  "size"
ORDER BY
  "size";
