/* mondrian_population.sql: the population a Mondrian release is compared with (k-map with the */
/* population table, the journalist risk and limits: sqlanon.search.mondrian_population). */
/* Inputs:   population (one row per person, the quasi-identifiers' columns); per hierarchy QI */
/*           dim (leaf, code) and up (lf, cf, lt, ct); work (Mondrian's working table, see */
/*           mondrian_rows.sql); pw (the population's working table, part rows', each */
/*           combination in the partition whose region of the cut tree holds it); cand (pid, dim, */
/*           median, lca, r: in part children, the candidates counted); split (mondrian_split.sql's rows); final, parts (the final */
/*           partitions' rows and labels, mondrian_partitions.sql). */
/* Params:   part ("rows" | "short" | "children" | "root" | "advance" | "classes"), population, */
/*           qis ({i, column, median, height, dim, up}), work, pw, cand, split, columns (pw's */
/*           columns after pid), final, parts, null_label (how the gate's classes write NULL). */
/* Output:   rows: pid (0), per median QI x<i> (the value as DOUBLE), per hierarchy QI q<i> and */
/*           c<i>_<l> (codes at levels 0..H-1), n BIGINT: persons per combination (persons whose */
/*           value of a median QI is not a number are left out: no partition's labels hold them); */
/*           short: one row, the combinations of the table with more rows than the population has */
/*           persons (BIGINT), and their rows; children: batch_node (= r), q0 (= pid), q1 (= child), */
/*           n BIGINT: the persons of the population in each candidate child's labels; root: one */
/*           row, the persons in the whole table's labels; advance: pw's rows of the partitions */
/*           cut this round, in their child's region (persons of no child's region are dropped: no */
/*           label of a later partition holds them); classes: q0.. (the final partitions' labels, */
/*           as population_classes.sql writes them), n BIGINT. */
/* Formula:  F_E of a partition E (k-map: Sweeney 2002; the journalist risk 1/F_E: El Emam */
/*           2013, ARX) = |{ persons p : lo_i(E) <= p.x_i <= hi_i(E) for every median QI, p's */
/*           ancestor at E's LCA level is E's LCA for every hierarchy QI }|: the persons matching */
/*           E's published labels. Every partition's labels lie inside its region of the cut tree */
/*           (its values and codes are among the region's), so only the persons of the region are */
/*           tested; regions never overlap, so no person is counted for two partitions. */
WITH "s" AS (
  SELECT
    "w"."x0",
    "w"."x1",
    "w"."q2",
    SUM("w"."n") AS "n"
  FROM "__sqlanon_mwa_N" AS "w"
  GROUP BY
    "w"."x0",
    "w"."x1",
    "w"."q2"
), "p" AS (
  SELECT
    "w"."x0",
    "w"."x1",
    "w"."q2",
    SUM("w"."n") AS "n"
  FROM "__sqlanon_mpa_N" AS "w"
  GROUP BY
    "w"."x0",
    "w"."x1",
    "w"."q2"
)
SELECT
  CAST(COUNT(*) AS BIGINT) AS "cells",
  CAST(COALESCE(SUM("s"."n"), 0) AS BIGINT) AS "rows"
FROM "s"
LEFT JOIN "p"
  ON "p"."x0" = "s"."x0" AND "p"."x1" = "s"."x1" AND "p"."q2" = "s"."q2"
WHERE
  "s"."n" > COALESCE("p"."n", 0);

/* mondrian_population.sql: the population a Mondrian release is compared with (k-map with the */
/* population table, the journalist risk and limits: sqlanon.search.mondrian_population). */
/* Inputs:   population (one row per person, the quasi-identifiers' columns); per hierarchy QI */
/*           dim (leaf, code) and up (lf, cf, lt, ct); work (Mondrian's working table, see */
/*           mondrian_rows.sql); pw (the population's working table, part rows', each */
/*           combination in the partition whose region of the cut tree holds it); cand (pid, dim, */
/*           median, lca, r: in part children, the candidates counted); split (mondrian_split.sql's rows); final, parts (the final */
/*           partitions' rows and labels, mondrian_partitions.sql). */
/* Params:   part ("rows" | "short" | "children" | "root" | "advance" | "classes"), population, */
/*           qis ({i, column, median, height, dim, up}), work, pw, cand, split, columns (pw's */
/*           columns after pid), final, parts, null_label (how the gate's classes write NULL). */
/* Output:   rows: pid (0), per median QI x<i> (the value as DOUBLE), per hierarchy QI q<i> and */
/*           c<i>_<l> (codes at levels 0..H-1), n BIGINT: persons per combination (persons whose */
/*           value of a median QI is not a number are left out: no partition's labels hold them); */
/*           short: one row, the combinations of the table with more rows than the population has */
/*           persons (BIGINT), and their rows; children: batch_node (= r), q0 (= pid), q1 (= child), */
/*           n BIGINT: the persons of the population in each candidate child's labels; root: one */
/*           row, the persons in the whole table's labels; advance: pw's rows of the partitions */
/*           cut this round, in their child's region (persons of no child's region are dropped: no */
/*           label of a later partition holds them); classes: q0.. (the final partitions' labels, */
/*           as population_classes.sql writes them), n BIGINT. */
/* Formula:  F_E of a partition E (k-map: Sweeney 2002; the journalist risk 1/F_E: El Emam */
/*           2013, ARX) = |{ persons p : lo_i(E) <= p.x_i <= hi_i(E) for every median QI, p's */
/*           ancestor at E's LCA level is E's LCA for every hierarchy QI }|: the persons matching */
/*           E's published labels. Every partition's labels lie inside its region of the cut tree */
/*           (its values and codes are among the region's), so only the persons of the region are */
/*           tested; regions never overlap, so no person is counted for two partitions. */
WITH "st" AS (
  SELECT
    "pid",
    SUM("n") AS "size",
    MIN("x0") AS "lo0",
    MAX("x0") AS "hi0",
    MIN("x1") AS "lo1",
    MAX("x1") AS "hi1",
    CASE WHEN MIN("q2") = MAX("q2") THEN 0 ELSE 1 END AS "lca2",
    CASE WHEN MIN("q2") = MAX("q2") THEN MIN("q2") ELSE 0 END AS "lcacode2"
  FROM "__sqlanon_mwa_N"
  GROUP BY
    "pid"
)
SELECT
  CAST(COALESCE(SUM("w"."n"), 0) AS BIGINT) AS "f"
FROM "st"
JOIN "__sqlanon_mpa_N" AS "w"
  ON "w"."pid" = "st"."pid"
WHERE
  "w"."x0" BETWEEN "st"."lo0" AND "st"."hi0"
  AND "w"."x1" BETWEEN "st"."lo1" AND "st"."hi1"
  AND (
    CASE "st"."lca2" WHEN 0 THEN "w"."q2" = "st"."lcacode2" ELSE TRUE END
  );

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_mpa_N" AS
SELECT
  "sp"."npid" AS "pid",
  "w"."x0",
  "w"."x1",
  "w"."q2",
  "w"."n"
FROM "__sqlanon_mpb_N" AS "w"
JOIN "__sqlanon_msplit_N" AS "sp"
  ON "sp"."pid" = "w"."pid"
  AND "sp"."child" = CASE "sp"."dim"
    WHEN 0
    THEN CAST("w"."x0" > "sp"."median" AS INT)
    WHEN 1
    THEN CAST("w"."x1" > "sp"."median" AS INT)
    WHEN 2
    THEN CASE "sp"."lca" WHEN 1 THEN "w"."q2" END
  END;

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_mpb_N" AS
SELECT
  "sp"."npid" AS "pid",
  "w"."x0",
  "w"."x1",
  "w"."q2",
  "w"."n"
FROM "__sqlanon_mpa_N" AS "w"
JOIN "__sqlanon_msplit_N" AS "sp"
  ON "sp"."pid" = "w"."pid"
  AND "sp"."child" = CASE "sp"."dim"
    WHEN 0
    THEN CAST("w"."x0" > "sp"."median" AS INT)
    WHEN 1
    THEN CAST("w"."x1" > "sp"."median" AS INT)
    WHEN 2
    THEN CASE "sp"."lca" WHEN 1 THEN "w"."q2" END
  END;

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_mpclasses_N" AS
WITH "st" AS (
  SELECT
    "pid",
    SUM("n") AS "size",
    MIN("x0") AS "lo0",
    MAX("x0") AS "hi0",
    MIN("x1") AS "lo1",
    MAX("x1") AS "hi1",
    CASE WHEN MIN("q2") = MAX("q2") THEN 0 ELSE 1 END AS "lca2",
    CASE WHEN MIN("q2") = MAX("q2") THEN MIN("q2") ELSE 0 END AS "lcacode2"
  FROM "__sqlanon_mfinal_N"
  GROUP BY
    "pid"
)
SELECT
  CASE WHEN "p"."label0" = '' THEN 'NULL' ELSE "p"."label0" END AS "q0",
  CASE WHEN "p"."label1" = '' THEN 'NULL' ELSE "p"."label1" END AS "q1",
  CASE WHEN "p"."label2" = '' THEN 'NULL' ELSE "p"."label2" END AS "q2",
  CAST(SUM("w"."n") AS BIGINT) AS "n"
FROM "st"
JOIN "__sqlanon_mparts_N" AS "p"
  ON "p"."pid" = "st"."pid"
JOIN "__sqlanon_mpfinal_N" AS "w"
  ON "w"."pid" = "st"."pid"
WHERE
  "w"."x0" BETWEEN "st"."lo0" AND "st"."hi0"
  AND "w"."x1" BETWEEN "st"."lo1" AND "st"."hi1"
  AND (
    CASE "st"."lca2" WHEN 0 THEN "w"."q2" = "st"."lcacode2" ELSE TRUE END
  )
GROUP BY
  1,
  2,
  3;
