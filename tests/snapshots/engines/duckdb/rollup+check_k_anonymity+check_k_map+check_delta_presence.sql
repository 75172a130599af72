CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_verdicts_N" AS
WITH "input" AS (
  SELECT
    LIST_EXTRACT($m0, "src"."q0" + 1) AS "q0",
    LIST_EXTRACT($m1, "src"."q1" + 1) AS "q1",
    LIST_EXTRACT($m2, "src"."q2" + 1) AS "q2",
    CAST(SUM("src"."n") AS BIGINT) AS "n"
  FROM "__sqlanon_freq_N" AS "src"
  GROUP BY
    LIST_EXTRACT($m0, "src"."q0" + 1),
    LIST_EXTRACT($m1, "src"."q1" + 1),
    LIST_EXTRACT($m2, "src"."q2" + 1)
), "population_at_node" AS (
  SELECT
    LIST_EXTRACT($m0, "src"."q0" + 1) AS "q0",
    LIST_EXTRACT($m1, "src"."q1" + 1) AS "q1",
    LIST_EXTRACT($m2, "src"."q2" + 1) AS "q2",
    CAST(SUM("src"."n") AS BIGINT) AS "n"
  FROM "__sqlanon_population_freq_N" AS "src"
  GROUP BY
    LIST_EXTRACT($m0, "src"."q0" + 1),
    LIST_EXTRACT($m1, "src"."q1" + 1),
    LIST_EXTRACT($m2, "src"."q2" + 1)
), "c0" AS (
  SELECT
    "q0",
    "q1",
    "q2",
    CAST(SUM("n") AS INT128) AS "size",
    SUM("n") < 5 AS "bad",
    CAST(SUM("n") AS DOUBLE) AS "val"
  FROM "input"
  GROUP BY
    "q0",
    "q1",
    "q2"
), "c1" AS (
  WITH "pc" AS (
    SELECT
      "q0",
      "q1",
      "q2",
      "n" AS "f"
    FROM "population_at_node"
  ), "c" AS (
    SELECT
      "q0",
      "q1",
      "q2",
      "q0" AS "nk0",
      "q1" AS "nk1",
      "q2" AS "nk2",
      SUM("n") AS "size"
    FROM "input"
    GROUP BY
      1,
      2,
      3
  )
  SELECT
    "c"."q0",
    "c"."q1",
    "c"."q2",
    CAST("c"."size" AS INT128) AS "size",
    COALESCE("pc"."f", 0) < 10 AS "bad",
    CAST(COALESCE("pc"."f", 0) AS DOUBLE) AS "val"
  FROM "c"
  LEFT JOIN "pc"
    ON "pc"."q0" = "c"."nk0" AND "pc"."q1" = "c"."nk1" AND "pc"."q2" = "c"."nk2"
), "c2" AS (
  WITH "pc" AS (
    SELECT
      "q0",
      "q1",
      "q2",
      "n" AS "f"
    FROM "population_at_node"
  ), "c" AS (
    SELECT
      "q0",
      "q1",
      "q2",
      "q0" AS "nk0",
      "q1" AS "nk1",
      "q2" AS "nk2",
      SUM("n") AS "size"
    FROM "input"
    GROUP BY
      1,
      2,
      3
  ), "j" AS (
    SELECT
      COALESCE("c"."q0", "pc"."q0") AS "q0",
      COALESCE("c"."q1", "pc"."q1") AS "q1",
      COALESCE("c"."q2", "pc"."q2") AS "q2",
      COALESCE("c"."size", 0) AS "size",
      COALESCE("pc"."f", 0) AS "f",
      NOT (
        COALESCE("c"."size", 0) * 1 >= 0 * COALESCE("pc"."f", 0)
        AND COALESCE("c"."size", 0) * 1 <= 1 * COALESCE("pc"."f", 0)
      ) AS "bad"
    FROM "pc"
    FULL OUTER JOIN "c"
      ON "pc"."q0" = "c"."nk0" AND "pc"."q1" = "c"."nk1" AND "pc"."q2" = "c"."nk2"
  ), "w" AS (
    SELECT
      *,
      MAX(CASE WHEN "bad" THEN 1 ELSE 0 END) OVER () AS "any_bad"
    FROM "j"
  )
  SELECT
    "q0",
    "q1",
    "q2",
    CAST("size" AS INT128) AS "size",
    "bad" OR (
      0 > 0 AND "any_bad" = 1
    ) AS "bad",
    CASE WHEN "f" > 0 THEN CAST("size" AS DOUBLE) / "f" END AS "val"
  FROM "w"
  WHERE
    "size" > 0
)
SELECT
  "c0"."q0",
  "c0"."q1",
  "c0"."q2",
  "c0"."size" AS "size",
  "c0"."bad" AS "b0",
  "c0"."val" AS "v0",
  "c1"."bad" AS "b1",
  "c1"."val" AS "v1",
  "c2"."bad" AS "b2",
  "c2"."val" AS "v2",
  "c0"."bad" OR "c1"."bad" OR "c2"."bad" AS "bad"
FROM c0
JOIN c1
  USING ("q0", "q1", "q2")
JOIN c2
  USING ("q0", "q1", "q2");

WITH "input0" AS (
  SELECT
    LIST_EXTRACT($m0, "src"."q0" + 1) AS "q0",
    LIST_EXTRACT($m1, "src"."q1" + 1) AS "q1",
    LIST_EXTRACT($m2, "src"."q2" + 1) AS "q2",
    CAST(SUM("src"."n") AS BIGINT) AS "n"
  FROM "__sqlanon_freq_N" AS "src"
  GROUP BY
    LIST_EXTRACT($m0, "src"."q0" + 1),
    LIST_EXTRACT($m1, "src"."q1" + 1),
    LIST_EXTRACT($m2, "src"."q2" + 1)
), "population_at_node" AS (
  SELECT
    LIST_EXTRACT($m0, "src"."q0" + 1) AS "q0",
    LIST_EXTRACT($m1, "src"."q1" + 1) AS "q1",
    LIST_EXTRACT($m2, "src"."q2" + 1) AS "q2",
    CAST(SUM("src"."n") AS BIGINT) AS "n"
  FROM "__sqlanon_population_freq_N" AS "src"
  GROUP BY
    LIST_EXTRACT($m0, "src"."q0" + 1),
    LIST_EXTRACT($m1, "src"."q1" + 1),
    LIST_EXTRACT($m2, "src"."q2" + 1)
), "input" AS (
  SELECT
    *
  FROM input0
  SEMI JOIN (
    SELECT
      "q0",
      "q1",
      "q2"
    FROM (
      WITH "c0" AS (
        SELECT
          "q0",
          "q1",
          "q2",
          CAST(SUM("n") AS INT128) AS "size",
          SUM("n") < 5 AS "bad",
          CAST(SUM("n") AS DOUBLE) AS "val"
        FROM "input0"
        GROUP BY
          "q0",
          "q1",
          "q2"
      ), "c1" AS (
        WITH "pc" AS (
          SELECT
            "q0",
            "q1",
            "q2",
            "n" AS "f"
          FROM "population_at_node"
        ), "c" AS (
          SELECT
            "q0",
            "q1",
            "q2",
            "q0" AS "nk0",
            "q1" AS "nk1",
            "q2" AS "nk2",
            SUM("n") AS "size"
          FROM "input0"
          GROUP BY
            1,
            2,
            3
        )
        SELECT
          "c"."q0",
          "c"."q1",
          "c"."q2",
          CAST("c"."size" AS INT128) AS "size",
          COALESCE("pc"."f", 0) < 10 AS "bad",
          CAST(COALESCE("pc"."f", 0) AS DOUBLE) AS "val"
        FROM "c"
        LEFT JOIN "pc"
          ON "pc"."q0" = "c"."nk0" AND "pc"."q1" = "c"."nk1" AND "pc"."q2" = "c"."nk2"
      ), "c2" AS (
        WITH "pc" AS (
          SELECT
            "q0",
            "q1",
            "q2",
            "n" AS "f"
          FROM "population_at_node"
        ), "c" AS (
          SELECT
            "q0",
            "q1",
            "q2",
            "q0" AS "nk0",
            "q1" AS "nk1",
            "q2" AS "nk2",
            SUM("n") AS "size"
          FROM "input0"
          GROUP BY
            1,
            2,
            3
        ), "j" AS (
          SELECT
            COALESCE("c"."q0", "pc"."q0") AS "q0",
            COALESCE("c"."q1", "pc"."q1") AS "q1",
            COALESCE("c"."q2", "pc"."q2") AS "q2",
            COALESCE("c"."size", 0) AS "size",
            COALESCE("pc"."f", 0) AS "f",
            NOT (
              COALESCE("c"."size", 0) * 1 >= 0 * COALESCE("pc"."f", 0)
              AND COALESCE("c"."size", 0) * 1 <= 1 * COALESCE("pc"."f", 0)
            ) AS "bad"
          FROM "pc"
          FULL OUTER JOIN "c"
            ON "pc"."q0" = "c"."nk0" AND "pc"."q1" = "c"."nk1" AND "pc"."q2" = "c"."nk2"
        ), "w" AS (
          SELECT
            *,
            MAX(CASE WHEN "bad" THEN 1 ELSE 0 END) OVER () AS "any_bad"
          FROM "j"
        )
        SELECT
          "q0",
          "q1",
          "q2",
          CAST("size" AS INT128) AS "size",
          "bad" OR (
            0 > 0 AND "any_bad" = 1
          ) AS "bad",
          CASE WHEN "f" > 0 THEN CAST("size" AS DOUBLE) / "f" END AS "val"
        FROM "w"
        WHERE
          "size" > 0
      )
      SELECT
        "c0"."q0",
        "c0"."q1",
        "c0"."q2",
        "c0"."size" AS "size",
        "c0"."bad" AS "b0",
        "c0"."val" AS "v0",
        "c1"."bad" AS "b1",
        "c1"."val" AS "v1",
        "c2"."bad" AS "b2",
        "c2"."val" AS "v2",
        "c0"."bad" OR "c1"."bad" OR "c2"."bad" AS "bad"
      FROM c0
      JOIN c1
        USING ("q0", "q1", "q2")
      JOIN c2
        USING ("q0", "q1", "q2")
    ) AS "v"
    WHERE
      NOT "bad"
  ) AS "kept"
    USING ("q0", "q1", "q2")
)
SELECT
  "a2"."classes",
  "a2"."rows",
  "a2"."vc",
  "a2"."vr",
  "a2"."worst"
FROM (
  SELECT
    COUNT(*) AS "classes",
    COALESCE(SUM("size"), 0) AS "rows",
    COUNT_IF("bad") AS "vc",
    COALESCE(SUM(CASE WHEN "bad" THEN "size" ELSE 0 END), 0) AS "vr",
    MAX("val") AS "worst"
  FROM (
    WITH "pc" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "n" AS "f"
      FROM "population_at_node"
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q0" AS "nk0",
        "q1" AS "nk1",
        "q2" AS "nk2",
        SUM("n") AS "size"
      FROM "input"
      GROUP BY
        1,
        2,
        3
    ), "j" AS (
      SELECT
        COALESCE("c"."q0", "pc"."q0") AS "q0",
        COALESCE("c"."q1", "pc"."q1") AS "q1",
        COALESCE("c"."q2", "pc"."q2") AS "q2",
        COALESCE("c"."size", 0) AS "size",
        COALESCE("pc"."f", 0) AS "f",
        NOT (
          COALESCE("c"."size", 0) * 1 >= 0 * COALESCE("pc"."f", 0)
          AND COALESCE("c"."size", 0) * 1 <= 1 * COALESCE("pc"."f", 0)
        ) AS "bad"
      FROM "pc"
      FULL OUTER JOIN "c"
        ON "pc"."q0" = "c"."nk0" AND "pc"."q1" = "c"."nk1" AND "pc"."q2" = "c"."nk2"
    ), "w" AS (
      SELECT
        *,
        MAX(CASE WHEN "bad" THEN 1 ELSE 0 END) OVER () AS "any_bad"
      FROM "j"
    )
    /* check_delta_presence.sql: delta-presence, one row per equivalence class of the table. */
    /* Inputs:   input (keys..., n): frequency table of the node; the population's persons as */
    /*           _population.sql reads them (population.table). */
    /* Params:   keys (QI columns of the node; in a batch led by batch_node, each node's classes */
    /*           then decided apart), dmin_num / dmin_den, dmax_num / dmax_den (delta_min and */
    /*           delta_max as exact fractions), population ({table, codes, null_label}). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= delta_E = |E| / F_E, the share */
    /*           of the class's persons in the table; worst = MAX), for the classes of the table. */
    /* Formula:  every class E of the population at the node (with or without rows of the table) */
    /*           has delta_min <= |E| / F_E <= delta_max (exact: |E| dmin_den >= dmin_num F_E and */
    /*           |E| dmax_den <= dmax_num F_E; a class of the table the population does not hold, */
    /*           F_E = 0, fails). A class of the population without rows of the table has delta 0: */
    /*           with delta_min > 0 it fails, and removing rows cannot repair it (nor any class: */
    /*           removing a class's rows leaves it at delta 0), so then every class of the table is */
    /*           bad (the node fails whatever the suppression limit). */
    /* Citation: Nergiz, Atzori, Clifton, "Hiding the presence of individuals from shared */
    /*           databases", SIGMOD 2007, Definition 4 (delta-presence). */
    SELECT
      "q0",
      "q1",
      "q2",
      CAST("size" AS INT128) AS "size",
      "bad" OR (
        0 > 0 AND "any_bad" = 1
      ) AS "bad",
      CASE WHEN "f" > 0 THEN CAST("size" AS DOUBLE) / "f" END AS "val"
    FROM "w"
    WHERE
      "size" > 0
  ) AS "c"
) AS "a2";
