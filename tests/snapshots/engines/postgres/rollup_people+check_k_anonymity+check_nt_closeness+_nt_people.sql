CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_verdicts_N" AS
WITH "input" AS (
  WITH "gen" AS (
    SELECT DISTINCT
      "src"."g",
      (
        %(m0)s
      )["src"."q0" + 1] AS "q0",
      (
        %(m1)s
      )["src"."q1" + 1] AS "q1",
      (
        %(m2)s
      )["src"."q2" + 1] AS "q2"
    FROM "__sqlanon_members_N" AS "src"
  ), "sig" AS (
    SELECT
      "gen"."g",
      ARRAY_AGG(
        (
          CAST("gen"."q0" AS BIGINT) + 3 * (
            CAST("gen"."q1" AS BIGINT) + 3 * CAST("gen"."q2" AS BIGINT)
          )
        ) ORDER BY (
          CAST("gen"."q0" AS BIGINT) + 3 * (
            CAST("gen"."q1" AS BIGINT) + 3 * CAST("gen"."q2" AS BIGINT)
          )
        )
      ) AS "sig"
    FROM "gen"
    GROUP BY
      "gen"."g"
  )
  SELECT
    "sig"."sig" AS "q0",
    CAST(0 AS INT) AS "q1",
    CAST(0 AS INT) AS "q2",
    "v"."s0",
    CAST(SUM("v"."n") AS BIGINT) AS "n",
    CAST(SUM("v"."c") AS BIGINT) AS "c",
    CAST(SUM("v"."np") AS BIGINT) AS "np"
  FROM "sig"
  JOIN "__sqlanon_person_values_N" AS "v"
    ON "v"."g" = "sig"."g"
  GROUP BY
    "sig"."sig",
    "v"."s0"
), "c0" AS (
  SELECT
    "q0",
    "q1",
    "q2",
    CAST(SUM("np") AS DECIMAL(38, 0)) AS "size",
    SUM("np") < 2 AS "bad",
    CAST(SUM("np") AS DOUBLE PRECISION) AS "val"
  FROM "input"
  GROUP BY
    "q0",
    "q1",
    "q2"
), "c1" AS (
  WITH "f" AS (
    SELECT
      "q0",
      "q1",
      "q2",
      "s0" AS "s",
      CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
      CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt",
      CAST(SUM("c") AS DECIMAL(38, 0)) AS "c",
      CAST(SUM("np") AS DECIMAL(38, 0)) AS "np"
    FROM "input"
    GROUP BY
      "q0",
      "q1",
      "q2",
      "s0"
    HAVING
      SUM("n") > 0
  ), "g0" /* quasi-identifiers vary (included by check_nt_closeness.sql after its CTE "f", never run on */ /* its own; it defines "anc", "fm", "sup" and "ssize" as the lattice's case does, each superset */ /* keyed by ("mid", "sg")). */ /* Inputs:   f (the classes: q0 = a class's signature, the sorted array of its people's tuple */ /*           numbers, q1.. constant; s, n, cnt, np); sets.members (pkeys..., q0..qk-1: each */ /*           person's distinct tuples at level 0 of the generalization tables); sets.values */ /*           (pkeys..., the value's code in column sets.value, n: the person's weight split over */ /*           their values, _people_values.sql's); per key a generalization table (lf, cf, lt, ct) */ /*           holding every lt >= lf from lf = 0 and from the class's level; sets.tuples (part */ /*           "tuples" of gate_people.sql: t, q0..) when the class signatures number the tuples */ /*           as it does, else none (the search: tuple numbers in mixed radix, _people.sql). */ /* Params:   sets ({members, values, pkeys, value, radix (the search's radixes) or tuples}), */ /*           generalization ({table, level}: level = the class's current level, $l<i> in the */ /*           search, 0 at the gate), n_min. */ /* Formula:  a person's quasi-identifier is the set of their tuples generalized as a whole */ /*           (Nergiz, Clifton, Nergiz, Multirelational k-anonymity, IEEE TKDE 2009, section 3). */ /*           Generalizing to a node N' >= N maps equal sets at N to equal sets at N', so the */ /*           people of a class E at N are all in one class at N': E's natural superset there */ /*           (Li, Li, Venkatasubramanian, Closeness, TKDE 2010), its size counted in people, its */ /*           distribution each person weighing one, split over their values. Only the people of */ /*           the input's classes count (after suppression, the people kept). */ /* _nt_people.sql: the natural supersets of (n,t)-closeness formed from people whose */ AS (
    SELECT
      "cf",
      "lt",
      "ct"
    FROM (
      SELECT
        "lf",
        "cf",
        "lt",
        "ct"
      FROM "__sqlanon_up_N"
      WHERE
        "q" = 0
    ) AS "u"
    WHERE
      "lf" = %(l0)s
  ), "b0" AS (
    SELECT
      "cf",
      "lt",
      "ct"
    FROM (
      SELECT
        "lf",
        "cf",
        "lt",
        "ct"
      FROM "__sqlanon_up_N"
      WHERE
        "q" = 0
    ) AS "u"
    WHERE
      "lf" = 0
  ), "g1" AS (
    SELECT
      "cf",
      "lt",
      "ct"
    FROM (
      SELECT
        "lf",
        "cf",
        "lt",
        "ct"
      FROM "__sqlanon_up_N"
      WHERE
        "q" = 1
    ) AS "u"
    WHERE
      "lf" = %(l1)s
  ), "b1" AS (
    SELECT
      "cf",
      "lt",
      "ct"
    FROM (
      SELECT
        "lf",
        "cf",
        "lt",
        "ct"
      FROM "__sqlanon_up_N"
      WHERE
        "q" = 1
    ) AS "u"
    WHERE
      "lf" = 0
  ), "g2" AS (
    SELECT
      "cf",
      "lt",
      "ct"
    FROM (
      SELECT
        "lf",
        "cf",
        "lt",
        "ct"
      FROM "__sqlanon_up_N"
      WHERE
        "q" = 2
    ) AS "u"
    WHERE
      "lf" = %(l2)s
  ), "b2" AS (
    SELECT
      "cf",
      "lt",
      "ct"
    FROM (
      SELECT
        "lf",
        "cf",
        "lt",
        "ct"
      FROM "__sqlanon_up_N"
      WHERE
        "q" = 2
    ) AS "u"
    WHERE
      "lf" = 0
  ), "anc" AS (
    SELECT
      ROW_NUMBER() OVER () AS "mid",
      "l0"."lt" AS "a0",
      "l1"."lt" AS "a1",
      "l2"."lt" AS "a2"
    FROM (
      SELECT DISTINCT
        "lt"
      FROM "g0"
    ) AS "l0"
    CROSS JOIN (
      SELECT DISTINCT
        "lt"
      FROM "g1"
    ) AS "l1"
    CROSS JOIN (
      SELECT DISTINCT
        "lt"
      FROM "g2"
    ) AS "l2"
  ), "gm" AS (
    SELECT DISTINCT
      "anc"."mid",
      "m"."g",
      "b0"."ct" AS "q0",
      "b1"."ct" AS "q1",
      "b2"."ct" AS "q2"
    FROM "__sqlanon_members_N" AS "m"
    CROSS JOIN "anc"
    JOIN "b0"
      ON "b0"."cf" = "m"."q0" AND "b0"."lt" = "anc"."a0"
    JOIN "b1"
      ON "b1"."cf" = "m"."q1" AND "b1"."lt" = "anc"."a1"
    JOIN "b2"
      ON "b2"."cf" = "m"."q2" AND "b2"."lt" = "anc"."a2"
  ), "gs" AS (
    SELECT
      "gm"."mid",
      "gm"."g",
      ARRAY_AGG(
        (
          CAST("gm"."q0" AS BIGINT) + 3 * (
            CAST("gm"."q1" AS BIGINT) + 3 * CAST("gm"."q2" AS BIGINT)
          )
        ) ORDER BY (
          CAST("gm"."q0" AS BIGINT) + 3 * (
            CAST("gm"."q1" AS BIGINT) + 3 * CAST("gm"."q2" AS BIGINT)
          )
        )
      ) AS "sg"
    FROM "gm"
    GROUP BY
      "gm"."mid",
      "gm"."g"
  ), "pp" AS (
    SELECT
      "gs"."g",
      "gs"."sg" AS "k0"
    FROM "gs"
    JOIN "anc"
      ON "anc"."mid" = "gs"."mid"
    WHERE
      "anc"."a0" = %(l0)s AND "anc"."a1" = %(l1)s AND "anc"."a2" = %(l2)s
  ), "pg" AS (
    SELECT
      "pp"."k0",
      "gs"."mid",
      "gs"."sg",
      "gs"."g"
    FROM "pp"
    JOIN (
      SELECT DISTINCT
        "f"."q0" AS "k0"
      FROM "f"
    ) AS "kept"
      ON "kept"."k0" = "pp"."k0"
    JOIN "gs"
      ON "gs"."g" = "pp"."g"
  ), "fm" AS (
    SELECT
      "f"."q0",
      "f"."q1",
      "f"."q2",
      "sm"."mid",
      "sm"."sg",
      "f"."s",
      "f"."n",
      "f"."cnt",
      "f"."np"
    FROM "f"
    JOIN (
      SELECT DISTINCT
        "pg"."k0",
        "pg"."mid",
        "pg"."sg"
      FROM "pg"
    ) AS "sm"
      ON "sm"."k0" = "f"."q0"
  ), "sup" AS (
    SELECT
      "pg"."mid",
      "pg"."sg",
      "v"."s0" AS "s",
      CAST(SUM("v"."n") AS DOUBLE PRECISION) AS "n"
    FROM "pg"
    JOIN "__sqlanon_person_values_N" AS "v"
      ON "v"."g" = "pg"."g"
    GROUP BY
      "pg"."mid",
      "pg"."sg",
      "v"."s0"
  ), "ssize" AS (
    SELECT
      "sup"."mid",
      "sup"."sg",
      SUM("sup"."n") AS "size"
    FROM "sup"
    JOIN (
      SELECT
        "pg"."mid",
        "pg"."sg"
      FROM "pg"
      GROUP BY
        "pg"."mid",
        "pg"."sg"
      HAVING
        COUNT(*) >= 4
    ) AS "big"
      ON "big"."mid" = "sup"."mid" AND "big"."sg" = "sup"."sg"
    GROUP BY
      "sup"."mid",
      "sup"."sg"
  ), "c" AS (
    SELECT
      "q0",
      "q1",
      "q2",
      SUM("n") AS "size",
      SUM("np") AS "rows"
    FROM "f"
    GROUP BY
      "q0",
      "q1",
      "q2"
  ), "pr" AS (
    SELECT DISTINCT
      "fm"."q0",
      "fm"."q1",
      "fm"."q2",
      "fm"."mid",
      "fm"."sg"
    FROM "fm"
    JOIN "ssize"
      USING ("mid", "sg")
  ), "dist" AS (
    SELECT
      "fm"."q0",
      "fm"."q1",
      "fm"."q2",
      "fm"."mid",
      SUM(
        GREATEST(
          CAST("fm"."n" AS DOUBLE PRECISION) / "c"."size" - CAST("sup"."n" AS DOUBLE PRECISION) / "ssize"."size",
          0.0
        )
      ) AS "d"
    FROM "fm"
    JOIN "ssize"
      USING ("mid", "sg")
    JOIN "sup"
      USING ("mid", "sg", "s")
    JOIN "c"
      USING ("q0", "q1", "q2")
    GROUP BY
      "fm"."q0",
      "fm"."q1",
      "fm"."q2",
      "fm"."mid"
  ), "best" AS (
    SELECT
      "q0",
      "q1",
      "q2",
      MIN("d") AS "d"
    FROM "dist"
    GROUP BY
      "q0",
      "q1",
      "q2"
  )
  SELECT
    "c"."q0",
    "c"."q1",
    "c"."q2",
    "c"."rows" AS "size",
    (
      "best"."d" IS NULL OR "best"."d" > 0.3 + 1e-09
    ) AS "bad",
    COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
  FROM "c"
  LEFT JOIN "best"
    USING ("q0", "q1", "q2")
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
  "c0"."bad" OR "c1"."bad" AS "bad"
FROM c0
JOIN c1
  USING ("q0", "q1", "q2");

WITH "input" AS (
  WITH "gen" AS (
    SELECT DISTINCT
      "src"."g",
      (
        %(m0)s
      )["src"."q0" + 1] AS "q0",
      (
        %(m1)s
      )["src"."q1" + 1] AS "q1",
      (
        %(m2)s
      )["src"."q2" + 1] AS "q2"
    FROM "__sqlanon_members_N" AS "src"
  ), "sig" AS (
    SELECT
      "gen"."g",
      ARRAY_AGG(
        (
          CAST("gen"."q0" AS BIGINT) + 3 * (
            CAST("gen"."q1" AS BIGINT) + 3 * CAST("gen"."q2" AS BIGINT)
          )
        ) ORDER BY (
          CAST("gen"."q0" AS BIGINT) + 3 * (
            CAST("gen"."q1" AS BIGINT) + 3 * CAST("gen"."q2" AS BIGINT)
          )
        )
      ) AS "sig"
    FROM "gen"
    GROUP BY
      "gen"."g"
  )
  SELECT
    "sig"."sig" AS "q0",
    CAST(0 AS INT) AS "q1",
    CAST(0 AS INT) AS "q2",
    "v"."s0",
    CAST(SUM("v"."n") AS BIGINT) AS "n",
    CAST(SUM("v"."c") AS BIGINT) AS "c",
    CAST(SUM("v"."np") AS BIGINT) AS "np"
  FROM "sig"
  JOIN "__sqlanon_person_values_N" AS "v"
    ON "v"."g" = "sig"."g"
  GROUP BY
    "sig"."sig",
    "v"."s0"
)
SELECT
  "a0"."classes",
  "a0"."rows",
  "a0"."vc",
  "a0"."vr",
  "a0"."worst",
  "a1"."vc",
  "a1"."vr",
  "a1"."worst"
FROM (
  SELECT
    COUNT(*) AS "classes",
    COALESCE(SUM("size"), 0) AS "rows",
    SUM(CASE WHEN "bad" THEN 1 ELSE 0 END) AS "vc",
    COALESCE(SUM(CASE WHEN "bad" THEN "size" ELSE 0 END), 0) AS "vr",
    MIN("val") AS "worst"
  FROM (
    /* check_k_anonymity.sql: k-anonymity, one row per equivalence class. */
    /* Inputs:   input (keys..., n): frequency table of the node (any extra columns are ignored). */
    /* Params:   keys (QI columns of the node), k (integer >= 1). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= class size; worst = MIN). */
    /* Formula:  a class E satisfies k-anonymity iff |E| >= k (with people: the input's np, its */
    /*           people, _people_values.sql; k counts people). */
    /* Citation: Sweeney, k-anonymity (2002); l-diversity paper (002) Definition 2.1. */
    SELECT
      "q0",
      "q1",
      "q2",
      CAST(SUM("np") AS DECIMAL(38, 0)) AS "size",
      SUM("np") < 2 AS "bad",
      CAST(SUM("np") AS DOUBLE PRECISION) AS "val"
    FROM "input"
    GROUP BY
      "q0",
      "q1",
      "q2"
  ) AS "c"
) AS "a0"
CROSS JOIN (
  SELECT
    COUNT(*) AS "classes",
    COALESCE(SUM("size"), 0) AS "rows",
    SUM(CASE WHEN "bad" THEN 1 ELSE 0 END) AS "vc",
    COALESCE(SUM(CASE WHEN "bad" THEN "size" ELSE 0 END), 0) AS "vr",
    MAX("val") AS "worst"
  FROM (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt",
        CAST(SUM("c") AS DECIMAL(38, 0)) AS "c",
        CAST(SUM("np") AS DECIMAL(38, 0)) AS "np"
      FROM "input"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" /* quasi-identifiers vary (included by check_nt_closeness.sql after its CTE "f", never run on */ /* its own; it defines "anc", "fm", "sup" and "ssize" as the lattice's case does, each superset */ /* keyed by ("mid", "sg")). */ /* Inputs:   f (the classes: q0 = a class's signature, the sorted array of its people's tuple */ /*           numbers, q1.. constant; s, n, cnt, np); sets.members (pkeys..., q0..qk-1: each */ /*           person's distinct tuples at level 0 of the generalization tables); sets.values */ /*           (pkeys..., the value's code in column sets.value, n: the person's weight split over */ /*           their values, _people_values.sql's); per key a generalization table (lf, cf, lt, ct) */ /*           holding every lt >= lf from lf = 0 and from the class's level; sets.tuples (part */ /*           "tuples" of gate_people.sql: t, q0..) when the class signatures number the tuples */ /*           as it does, else none (the search: tuple numbers in mixed radix, _people.sql). */ /* Params:   sets ({members, values, pkeys, value, radix (the search's radixes) or tuples}), */ /*           generalization ({table, level}: level = the class's current level, $l<i> in the */ /*           search, 0 at the gate), n_min. */ /* Formula:  a person's quasi-identifier is the set of their tuples generalized as a whole */ /*           (Nergiz, Clifton, Nergiz, Multirelational k-anonymity, IEEE TKDE 2009, section 3). */ /*           Generalizing to a node N' >= N maps equal sets at N to equal sets at N', so the */ /*           people of a class E at N are all in one class at N': E's natural superset there */ /*           (Li, Li, Venkatasubramanian, Closeness, TKDE 2010), its size counted in people, its */ /*           distribution each person weighing one, split over their values. Only the people of */ /*           the input's classes count (after suppression, the people kept). */ /* _nt_people.sql: the natural supersets of (n,t)-closeness formed from people whose */ AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM (
        SELECT
          "lf",
          "cf",
          "lt",
          "ct"
        FROM "__sqlanon_up_N"
        WHERE
          "q" = 0
      ) AS "u"
      WHERE
        "lf" = %(l0)s
    ), "b0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM (
        SELECT
          "lf",
          "cf",
          "lt",
          "ct"
        FROM "__sqlanon_up_N"
        WHERE
          "q" = 0
      ) AS "u"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM (
        SELECT
          "lf",
          "cf",
          "lt",
          "ct"
        FROM "__sqlanon_up_N"
        WHERE
          "q" = 1
      ) AS "u"
      WHERE
        "lf" = %(l1)s
    ), "b1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM (
        SELECT
          "lf",
          "cf",
          "lt",
          "ct"
        FROM "__sqlanon_up_N"
        WHERE
          "q" = 1
      ) AS "u"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM (
        SELECT
          "lf",
          "cf",
          "lt",
          "ct"
        FROM "__sqlanon_up_N"
        WHERE
          "q" = 2
      ) AS "u"
      WHERE
        "lf" = %(l2)s
    ), "b2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM (
        SELECT
          "lf",
          "cf",
          "lt",
          "ct"
        FROM "__sqlanon_up_N"
        WHERE
          "q" = 2
      ) AS "u"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
    ), "gm" AS (
      SELECT DISTINCT
        "anc"."mid",
        "m"."g",
        "b0"."ct" AS "q0",
        "b1"."ct" AS "q1",
        "b2"."ct" AS "q2"
      FROM "__sqlanon_members_N" AS "m"
      CROSS JOIN "anc"
      JOIN "b0"
        ON "b0"."cf" = "m"."q0" AND "b0"."lt" = "anc"."a0"
      JOIN "b1"
        ON "b1"."cf" = "m"."q1" AND "b1"."lt" = "anc"."a1"
      JOIN "b2"
        ON "b2"."cf" = "m"."q2" AND "b2"."lt" = "anc"."a2"
    ), "gs" AS (
      SELECT
        "gm"."mid",
        "gm"."g",
        ARRAY_AGG(
          (
            CAST("gm"."q0" AS BIGINT) + 3 * (
              CAST("gm"."q1" AS BIGINT) + 3 * CAST("gm"."q2" AS BIGINT)
            )
          ) ORDER BY (
            CAST("gm"."q0" AS BIGINT) + 3 * (
              CAST("gm"."q1" AS BIGINT) + 3 * CAST("gm"."q2" AS BIGINT)
            )
          )
        ) AS "sg"
      FROM "gm"
      GROUP BY
        "gm"."mid",
        "gm"."g"
    ), "pp" AS (
      SELECT
        "gs"."g",
        "gs"."sg" AS "k0"
      FROM "gs"
      JOIN "anc"
        ON "anc"."mid" = "gs"."mid"
      WHERE
        "anc"."a0" = %(l0)s AND "anc"."a1" = %(l1)s AND "anc"."a2" = %(l2)s
    ), "pg" AS (
      SELECT
        "pp"."k0",
        "gs"."mid",
        "gs"."sg",
        "gs"."g"
      FROM "pp"
      JOIN (
        SELECT DISTINCT
          "f"."q0" AS "k0"
        FROM "f"
      ) AS "kept"
        ON "kept"."k0" = "pp"."k0"
      JOIN "gs"
        ON "gs"."g" = "pp"."g"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "sm"."mid",
        "sm"."sg",
        "f"."s",
        "f"."n",
        "f"."cnt",
        "f"."np"
      FROM "f"
      JOIN (
        SELECT DISTINCT
          "pg"."k0",
          "pg"."mid",
          "pg"."sg"
        FROM "pg"
      ) AS "sm"
        ON "sm"."k0" = "f"."q0"
    ), "sup" AS (
      SELECT
        "pg"."mid",
        "pg"."sg",
        "v"."s0" AS "s",
        CAST(SUM("v"."n") AS DOUBLE PRECISION) AS "n"
      FROM "pg"
      JOIN "__sqlanon_person_values_N" AS "v"
        ON "v"."g" = "pg"."g"
      GROUP BY
        "pg"."mid",
        "pg"."sg",
        "v"."s0"
    ), "ssize" AS (
      SELECT
        "sup"."mid",
        "sup"."sg",
        SUM("sup"."n") AS "size"
      FROM "sup"
      JOIN (
        SELECT
          "pg"."mid",
          "pg"."sg"
        FROM "pg"
        GROUP BY
          "pg"."mid",
          "pg"."sg"
        HAVING
          COUNT(*) >= 4
      ) AS "big"
        ON "big"."mid" = "sup"."mid" AND "big"."sg" = "sup"."sg"
      GROUP BY
        "sup"."mid",
        "sup"."sg"
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        SUM("n") AS "size",
        SUM("np") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."mid",
        "fm"."sg"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "sg")
    ), "dist" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."mid",
        SUM(
          GREATEST(
            CAST("fm"."n" AS DOUBLE PRECISION) / "c"."size" - CAST("sup"."n" AS DOUBLE PRECISION) / "ssize"."size",
            0.0
          )
        ) AS "d"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "sg")
      JOIN "sup"
        USING ("mid", "sg", "s")
      JOIN "c"
        USING ("q0", "q1", "q2")
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2"
    )
    /* check_nt_closeness.sql: (n,t)-closeness, one row per equivalence class. */
    /* Inputs:   input (keys..., s, n); per class key a generalization table (lf, cf, lt, ct): code */
    /*           cf at level lf generalizes to code ct at level lt (every lt >= lf, the top included); */
    /*           for the ground distance: rank table order (s, pos) (ordered) or ancestors */
    /*           (s, lvl, node), lvl 0..H-1 (hierarchical). */
    /* Params:   keys, s, supersets (or none: partition-based releases, below), generalization (one */
    /*           {table, level} per key, level = the key's current */
    /*           level: a bound parameter such as $l0 in the search, 0 in the gate), n_min (n), */
    /*           t, tol, distance ("equal" | "ordered" | "hierarchical"), order, full_domain, */
    /*           ancestors, height; sets (or none: people whose quasi-identifiers vary, their */
    /*           supersets formed from each person's tuples: _nt_people.sql). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= the smallest distance from the */
    /*           class to a natural superset with at least n rows, +inf when there is none; */
    /*           worst = MAX). */
    /* Formula:  the natural supersets of class E at node N are the classes containing E at every */
    /*           node M >= N (any quasi-identifiers generalized further, up to the whole table); */
    /*           E passes iff some superset S with |S| >= n has D(P_E, P_S) <= t (+ tol), D the EMD */
    /*           of t-closeness: equal: sum over values v of E of max(p_v - q_v, 0) (E within S); */
    /*           hierarchical: 1/H sum over non-root nodes of max(P(N) - Q(N), 0); */
    /*           ordered: 1/(m-1) sum over the values v of S in rank order of */
    /*           |F_P(v) - F_Q(v)| (rank(next value of S) - rank(v)), F the cumulative distributions */
    /*           (both are flat between values of S). Cost: one row per (class, superset) pair and */
    /*           value of the class (the superset's values for ordered). */
    /* Supersets: with supersets = {ancestors, on, dist} the candidate supersets are given instead of */
    /*           found in the lattice (Mondrian: the partition tree's ancestors, survey 001 Figure */
    /*           7.3.1): ancestors maps class keys (on: [(key, column)...]) to superset ids sid, dist */
    /*           (sid, s..., n) holds each superset's rows; a class with at least n rows passes (it */
    /*           is its own superset, at distance 0). */
    /* Citation: survey (001), Definition 6.1.2 ((n,t)-closeness); Li, Li, Venkatasubramanian, */
    /*           Closeness: a new privacy measure for data publishing, TKDE 2010. */
    /* People:   with people (_people_values.sql: person: set), P_E and P_S are the */
    /*           distributions in which each person weighs one, split evenly over their distinct */
    /*           values (n); a superset's size, which n bounds, and the class's size count people */
    /*           (np), each person once (docs/people.md). After Li, Li, Venkatasubramanian's */
    /*           definition; counting people rather than records follows Nergiz, Clifton, Nergiz, */
    /*           Multirelational k-anonymity (IEEE TKDE 2009). With quasi-identifiers constant per */
    /*           person, each person is in one class at every node and the lattice's supersets above */
    /*           hold; when they vary, ``sets`` (_nt_people.sql) forms each superset from the people. */
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > 0.3 + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2")
  ) AS "c"
) AS "a1";

WITH "input" AS (
  WITH "gen" AS (
    SELECT DISTINCT
      "src"."g",
      (
        %(m0)s
      )["src"."q0" + 1] AS "q0",
      (
        %(m1)s
      )["src"."q1" + 1] AS "q1",
      (
        %(m2)s
      )["src"."q2" + 1] AS "q2"
    FROM "__sqlanon_members_N" AS "src"
  ), "sig" AS (
    SELECT
      "gen"."g",
      ARRAY_AGG(
        (
          CAST("gen"."q0" AS BIGINT) + 3 * (
            CAST("gen"."q1" AS BIGINT) + 3 * CAST("gen"."q2" AS BIGINT)
          )
        ) ORDER BY (
          CAST("gen"."q0" AS BIGINT) + 3 * (
            CAST("gen"."q1" AS BIGINT) + 3 * CAST("gen"."q2" AS BIGINT)
          )
        )
      ) AS "sig"
    FROM "gen"
    GROUP BY
      "gen"."g"
  )
  SELECT
    "sig"."sig" AS "q0",
    CAST(0 AS INT) AS "q1",
    CAST(0 AS INT) AS "q2",
    "v"."s0",
    CAST(SUM("v"."n") AS BIGINT) AS "n",
    CAST(SUM("v"."c") AS BIGINT) AS "c",
    CAST(SUM("v"."np") AS BIGINT) AS "np"
  FROM "sig"
  JOIN "__sqlanon_person_values_N" AS "v"
    ON "v"."g" = "sig"."g"
  GROUP BY
    "sig"."sig",
    "v"."s0"
)
SELECT
  COUNT(*) AS "classes",
  COALESCE(SUM("size"), 0) AS "rows",
  SUM(CASE WHEN "bad" THEN 1 ELSE 0 END) AS "vc",
  COALESCE(SUM(CASE WHEN "bad" THEN "size" ELSE 0 END), 0) AS "vr"
FROM (
  WITH "c0" AS (
    SELECT
      "q0",
      "q1",
      "q2",
      CAST(SUM("np") AS DECIMAL(38, 0)) AS "size",
      SUM("np") < 2 AS "bad",
      CAST(SUM("np") AS DOUBLE PRECISION) AS "val"
    FROM "input"
    GROUP BY
      "q0",
      "q1",
      "q2"
  ), "c1" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt",
        CAST(SUM("c") AS DECIMAL(38, 0)) AS "c",
        CAST(SUM("np") AS DECIMAL(38, 0)) AS "np"
      FROM "input"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" /* quasi-identifiers vary (included by check_nt_closeness.sql after its CTE "f", never run on */ /* its own; it defines "anc", "fm", "sup" and "ssize" as the lattice's case does, each superset */ /* keyed by ("mid", "sg")). */ /* Inputs:   f (the classes: q0 = a class's signature, the sorted array of its people's tuple */ /*           numbers, q1.. constant; s, n, cnt, np); sets.members (pkeys..., q0..qk-1: each */ /*           person's distinct tuples at level 0 of the generalization tables); sets.values */ /*           (pkeys..., the value's code in column sets.value, n: the person's weight split over */ /*           their values, _people_values.sql's); per key a generalization table (lf, cf, lt, ct) */ /*           holding every lt >= lf from lf = 0 and from the class's level; sets.tuples (part */ /*           "tuples" of gate_people.sql: t, q0..) when the class signatures number the tuples */ /*           as it does, else none (the search: tuple numbers in mixed radix, _people.sql). */ /* Params:   sets ({members, values, pkeys, value, radix (the search's radixes) or tuples}), */ /*           generalization ({table, level}: level = the class's current level, $l<i> in the */ /*           search, 0 at the gate), n_min. */ /* Formula:  a person's quasi-identifier is the set of their tuples generalized as a whole */ /*           (Nergiz, Clifton, Nergiz, Multirelational k-anonymity, IEEE TKDE 2009, section 3). */ /*           Generalizing to a node N' >= N maps equal sets at N to equal sets at N', so the */ /*           people of a class E at N are all in one class at N': E's natural superset there */ /*           (Li, Li, Venkatasubramanian, Closeness, TKDE 2010), its size counted in people, its */ /*           distribution each person weighing one, split over their values. Only the people of */ /*           the input's classes count (after suppression, the people kept). */ /* _nt_people.sql: the natural supersets of (n,t)-closeness formed from people whose */ AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM (
        SELECT
          "lf",
          "cf",
          "lt",
          "ct"
        FROM "__sqlanon_up_N"
        WHERE
          "q" = 0
      ) AS "u"
      WHERE
        "lf" = %(l0)s
    ), "b0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM (
        SELECT
          "lf",
          "cf",
          "lt",
          "ct"
        FROM "__sqlanon_up_N"
        WHERE
          "q" = 0
      ) AS "u"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM (
        SELECT
          "lf",
          "cf",
          "lt",
          "ct"
        FROM "__sqlanon_up_N"
        WHERE
          "q" = 1
      ) AS "u"
      WHERE
        "lf" = %(l1)s
    ), "b1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM (
        SELECT
          "lf",
          "cf",
          "lt",
          "ct"
        FROM "__sqlanon_up_N"
        WHERE
          "q" = 1
      ) AS "u"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM (
        SELECT
          "lf",
          "cf",
          "lt",
          "ct"
        FROM "__sqlanon_up_N"
        WHERE
          "q" = 2
      ) AS "u"
      WHERE
        "lf" = %(l2)s
    ), "b2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM (
        SELECT
          "lf",
          "cf",
          "lt",
          "ct"
        FROM "__sqlanon_up_N"
        WHERE
          "q" = 2
      ) AS "u"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
    ), "gm" AS (
      SELECT DISTINCT
        "anc"."mid",
        "m"."g",
        "b0"."ct" AS "q0",
        "b1"."ct" AS "q1",
        "b2"."ct" AS "q2"
      FROM "__sqlanon_members_N" AS "m"
      CROSS JOIN "anc"
      JOIN "b0"
        ON "b0"."cf" = "m"."q0" AND "b0"."lt" = "anc"."a0"
      JOIN "b1"
        ON "b1"."cf" = "m"."q1" AND "b1"."lt" = "anc"."a1"
      JOIN "b2"
        ON "b2"."cf" = "m"."q2" AND "b2"."lt" = "anc"."a2"
    ), "gs" AS (
      SELECT
        "gm"."mid",
        "gm"."g",
        ARRAY_AGG(
          (
            CAST("gm"."q0" AS BIGINT) + 3 * (
              CAST("gm"."q1" AS BIGINT) + 3 * CAST("gm"."q2" AS BIGINT)
            )
          ) ORDER BY (
            CAST("gm"."q0" AS BIGINT) + 3 * (
              CAST("gm"."q1" AS BIGINT) + 3 * CAST("gm"."q2" AS BIGINT)
            )
          )
        ) AS "sg"
      FROM "gm"
      GROUP BY
        "gm"."mid",
        "gm"."g"
    ), "pp" AS (
      SELECT
        "gs"."g",
        "gs"."sg" AS "k0"
      FROM "gs"
      JOIN "anc"
        ON "anc"."mid" = "gs"."mid"
      WHERE
        "anc"."a0" = %(l0)s AND "anc"."a1" = %(l1)s AND "anc"."a2" = %(l2)s
    ), "pg" AS (
      SELECT
        "pp"."k0",
        "gs"."mid",
        "gs"."sg",
        "gs"."g"
      FROM "pp"
      JOIN (
        SELECT DISTINCT
          "f"."q0" AS "k0"
        FROM "f"
      ) AS "kept"
        ON "kept"."k0" = "pp"."k0"
      JOIN "gs"
        ON "gs"."g" = "pp"."g"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "sm"."mid",
        "sm"."sg",
        "f"."s",
        "f"."n",
        "f"."cnt",
        "f"."np"
      FROM "f"
      JOIN (
        SELECT DISTINCT
          "pg"."k0",
          "pg"."mid",
          "pg"."sg"
        FROM "pg"
      ) AS "sm"
        ON "sm"."k0" = "f"."q0"
    ), "sup" AS (
      SELECT
        "pg"."mid",
        "pg"."sg",
        "v"."s0" AS "s",
        CAST(SUM("v"."n") AS DOUBLE PRECISION) AS "n"
      FROM "pg"
      JOIN "__sqlanon_person_values_N" AS "v"
        ON "v"."g" = "pg"."g"
      GROUP BY
        "pg"."mid",
        "pg"."sg",
        "v"."s0"
    ), "ssize" AS (
      SELECT
        "sup"."mid",
        "sup"."sg",
        SUM("sup"."n") AS "size"
      FROM "sup"
      JOIN (
        SELECT
          "pg"."mid",
          "pg"."sg"
        FROM "pg"
        GROUP BY
          "pg"."mid",
          "pg"."sg"
        HAVING
          COUNT(*) >= 4
      ) AS "big"
        ON "big"."mid" = "sup"."mid" AND "big"."sg" = "sup"."sg"
      GROUP BY
        "sup"."mid",
        "sup"."sg"
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        SUM("n") AS "size",
        SUM("np") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."mid",
        "fm"."sg"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "sg")
    ), "dist" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."mid",
        SUM(
          GREATEST(
            CAST("fm"."n" AS DOUBLE PRECISION) / "c"."size" - CAST("sup"."n" AS DOUBLE PRECISION) / "ssize"."size",
            0.0
          )
        ) AS "d"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "sg")
      JOIN "sup"
        USING ("mid", "sg", "s")
      JOIN "c"
        USING ("q0", "q1", "q2")
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > 0.3 + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2")
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
    "c0"."bad" OR "c1"."bad" AS "bad"
  FROM c0
  JOIN c1
    USING ("q0", "q1", "q2")
) AS "c";

WITH "input0" AS (
  WITH "gen" AS (
    SELECT DISTINCT
      "src"."g",
      (
        %(m0)s
      )["src"."q0" + 1] AS "q0",
      (
        %(m1)s
      )["src"."q1" + 1] AS "q1",
      (
        %(m2)s
      )["src"."q2" + 1] AS "q2"
    FROM "__sqlanon_members_N" AS "src"
  ), "sig" AS (
    SELECT
      "gen"."g",
      ARRAY_AGG(
        (
          CAST("gen"."q0" AS BIGINT) + 3 * (
            CAST("gen"."q1" AS BIGINT) + 3 * CAST("gen"."q2" AS BIGINT)
          )
        ) ORDER BY (
          CAST("gen"."q0" AS BIGINT) + 3 * (
            CAST("gen"."q1" AS BIGINT) + 3 * CAST("gen"."q2" AS BIGINT)
          )
        )
      ) AS "sig"
    FROM "gen"
    GROUP BY
      "gen"."g"
  )
  SELECT
    "sig"."sig" AS "q0",
    CAST(0 AS INT) AS "q1",
    CAST(0 AS INT) AS "q2",
    "v"."s0",
    CAST(SUM("v"."n") AS BIGINT) AS "n",
    CAST(SUM("v"."c") AS BIGINT) AS "c",
    CAST(SUM("v"."np") AS BIGINT) AS "np"
  FROM "sig"
  JOIN "__sqlanon_person_values_N" AS "v"
    ON "v"."g" = "sig"."g"
  GROUP BY
    "sig"."sig",
    "v"."s0"
), "input" AS (
  SELECT
    *
  FROM input0
  WHERE
    EXISTS(
      SELECT
        1
      FROM (
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
              CAST(SUM("np") AS DECIMAL(38, 0)) AS "size",
              SUM("np") < 2 AS "bad",
              CAST(SUM("np") AS DOUBLE PRECISION) AS "val"
            FROM "input0"
            GROUP BY
              "q0",
              "q1",
              "q2"
          ), "c1" AS (
            WITH "f" AS (
              SELECT
                "q0",
                "q1",
                "q2",
                "s0" AS "s",
                CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
                CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt",
                CAST(SUM("c") AS DECIMAL(38, 0)) AS "c",
                CAST(SUM("np") AS DECIMAL(38, 0)) AS "np"
              FROM "input0"
              GROUP BY
                "q0",
                "q1",
                "q2",
                "s0"
              HAVING
                SUM("n") > 0
            ), "g0" /* quasi-identifiers vary (included by check_nt_closeness.sql after its CTE "f", never run on */ /* its own; it defines "anc", "fm", "sup" and "ssize" as the lattice's case does, each superset */ /* keyed by ("mid", "sg")). */ /* Inputs:   f (the classes: q0 = a class's signature, the sorted array of its people's tuple */ /*           numbers, q1.. constant; s, n, cnt, np); sets.members (pkeys..., q0..qk-1: each */ /*           person's distinct tuples at level 0 of the generalization tables); sets.values */ /*           (pkeys..., the value's code in column sets.value, n: the person's weight split over */ /*           their values, _people_values.sql's); per key a generalization table (lf, cf, lt, ct) */ /*           holding every lt >= lf from lf = 0 and from the class's level; sets.tuples (part */ /*           "tuples" of gate_people.sql: t, q0..) when the class signatures number the tuples */ /*           as it does, else none (the search: tuple numbers in mixed radix, _people.sql). */ /* Params:   sets ({members, values, pkeys, value, radix (the search's radixes) or tuples}), */ /*           generalization ({table, level}: level = the class's current level, $l<i> in the */ /*           search, 0 at the gate), n_min. */ /* Formula:  a person's quasi-identifier is the set of their tuples generalized as a whole */ /*           (Nergiz, Clifton, Nergiz, Multirelational k-anonymity, IEEE TKDE 2009, section 3). */ /*           Generalizing to a node N' >= N maps equal sets at N to equal sets at N', so the */ /*           people of a class E at N are all in one class at N': E's natural superset there */ /*           (Li, Li, Venkatasubramanian, Closeness, TKDE 2010), its size counted in people, its */ /*           distribution each person weighing one, split over their values. Only the people of */ /*           the input's classes count (after suppression, the people kept). */ /* _nt_people.sql: the natural supersets of (n,t)-closeness formed from people whose */ AS (
              SELECT
                "cf",
                "lt",
                "ct"
              FROM (
                SELECT
                  "lf",
                  "cf",
                  "lt",
                  "ct"
                FROM "__sqlanon_up_N"
                WHERE
                  "q" = 0
              ) AS "u"
              WHERE
                "lf" = %(l0)s
            ), "b0" AS (
              SELECT
                "cf",
                "lt",
                "ct"
              FROM (
                SELECT
                  "lf",
                  "cf",
                  "lt",
                  "ct"
                FROM "__sqlanon_up_N"
                WHERE
                  "q" = 0
              ) AS "u"
              WHERE
                "lf" = 0
            ), "g1" AS (
              SELECT
                "cf",
                "lt",
                "ct"
              FROM (
                SELECT
                  "lf",
                  "cf",
                  "lt",
                  "ct"
                FROM "__sqlanon_up_N"
                WHERE
                  "q" = 1
              ) AS "u"
              WHERE
                "lf" = %(l1)s
            ), "b1" AS (
              SELECT
                "cf",
                "lt",
                "ct"
              FROM (
                SELECT
                  "lf",
                  "cf",
                  "lt",
                  "ct"
                FROM "__sqlanon_up_N"
                WHERE
                  "q" = 1
              ) AS "u"
              WHERE
                "lf" = 0
            ), "g2" AS (
              SELECT
                "cf",
                "lt",
                "ct"
              FROM (
                SELECT
                  "lf",
                  "cf",
                  "lt",
                  "ct"
                FROM "__sqlanon_up_N"
                WHERE
                  "q" = 2
              ) AS "u"
              WHERE
                "lf" = %(l2)s
            ), "b2" AS (
              SELECT
                "cf",
                "lt",
                "ct"
              FROM (
                SELECT
                  "lf",
                  "cf",
                  "lt",
                  "ct"
                FROM "__sqlanon_up_N"
                WHERE
                  "q" = 2
              ) AS "u"
              WHERE
                "lf" = 0
            ), "anc" AS (
              SELECT
                ROW_NUMBER() OVER () AS "mid",
                "l0"."lt" AS "a0",
                "l1"."lt" AS "a1",
                "l2"."lt" AS "a2"
              FROM (
                SELECT DISTINCT
                  "lt"
                FROM "g0"
              ) AS "l0"
              CROSS JOIN (
                SELECT DISTINCT
                  "lt"
                FROM "g1"
              ) AS "l1"
              CROSS JOIN (
                SELECT DISTINCT
                  "lt"
                FROM "g2"
              ) AS "l2"
            ), "gm" AS (
              SELECT DISTINCT
                "anc"."mid",
                "m"."g",
                "b0"."ct" AS "q0",
                "b1"."ct" AS "q1",
                "b2"."ct" AS "q2"
              FROM "__sqlanon_members_N" AS "m"
              CROSS JOIN "anc"
              JOIN "b0"
                ON "b0"."cf" = "m"."q0" AND "b0"."lt" = "anc"."a0"
              JOIN "b1"
                ON "b1"."cf" = "m"."q1" AND "b1"."lt" = "anc"."a1"
              JOIN "b2"
                ON "b2"."cf" = "m"."q2" AND "b2"."lt" = "anc"."a2"
            ), "gs" AS (
              SELECT
                "gm"."mid",
                "gm"."g",
                ARRAY_AGG(
                  (
                    CAST("gm"."q0" AS BIGINT) + 3 * (
                      CAST("gm"."q1" AS BIGINT) + 3 * CAST("gm"."q2" AS BIGINT)
                    )
                  ) ORDER BY (
                    CAST("gm"."q0" AS BIGINT) + 3 * (
                      CAST("gm"."q1" AS BIGINT) + 3 * CAST("gm"."q2" AS BIGINT)
                    )
                  )
                ) AS "sg"
              FROM "gm"
              GROUP BY
                "gm"."mid",
                "gm"."g"
            ), "pp" AS (
              SELECT
                "gs"."g",
                "gs"."sg" AS "k0"
              FROM "gs"
              JOIN "anc"
                ON "anc"."mid" = "gs"."mid"
              WHERE
                "anc"."a0" = %(l0)s AND "anc"."a1" = %(l1)s AND "anc"."a2" = %(l2)s
            ), "pg" AS (
              SELECT
                "pp"."k0",
                "gs"."mid",
                "gs"."sg",
                "gs"."g"
              FROM "pp"
              JOIN (
                SELECT DISTINCT
                  "f"."q0" AS "k0"
                FROM "f"
              ) AS "kept"
                ON "kept"."k0" = "pp"."k0"
              JOIN "gs"
                ON "gs"."g" = "pp"."g"
            ), "fm" AS (
              SELECT
                "f"."q0",
                "f"."q1",
                "f"."q2",
                "sm"."mid",
                "sm"."sg",
                "f"."s",
                "f"."n",
                "f"."cnt",
                "f"."np"
              FROM "f"
              JOIN (
                SELECT DISTINCT
                  "pg"."k0",
                  "pg"."mid",
                  "pg"."sg"
                FROM "pg"
              ) AS "sm"
                ON "sm"."k0" = "f"."q0"
            ), "sup" AS (
              SELECT
                "pg"."mid",
                "pg"."sg",
                "v"."s0" AS "s",
                CAST(SUM("v"."n") AS DOUBLE PRECISION) AS "n"
              FROM "pg"
              JOIN "__sqlanon_person_values_N" AS "v"
                ON "v"."g" = "pg"."g"
              GROUP BY
                "pg"."mid",
                "pg"."sg",
                "v"."s0"
            ), "ssize" AS (
              SELECT
                "sup"."mid",
                "sup"."sg",
                SUM("sup"."n") AS "size"
              FROM "sup"
              JOIN (
                SELECT
                  "pg"."mid",
                  "pg"."sg"
                FROM "pg"
                GROUP BY
                  "pg"."mid",
                  "pg"."sg"
                HAVING
                  COUNT(*) >= 4
              ) AS "big"
                ON "big"."mid" = "sup"."mid" AND "big"."sg" = "sup"."sg"
              GROUP BY
                "sup"."mid",
                "sup"."sg"
            ), "c" AS (
              SELECT
                "q0",
                "q1",
                "q2",
                SUM("n") AS "size",
                SUM("np") AS "rows"
              FROM "f"
              GROUP BY
                "q0",
                "q1",
                "q2"
            ), "pr" AS (
              SELECT DISTINCT
                "fm"."q0",
                "fm"."q1",
                "fm"."q2",
                "fm"."mid",
                "fm"."sg"
              FROM "fm"
              JOIN "ssize"
                USING ("mid", "sg")
            ), "dist" AS (
              SELECT
                "fm"."q0",
                "fm"."q1",
                "fm"."q2",
                "fm"."mid",
                SUM(
                  GREATEST(
                    CAST("fm"."n" AS DOUBLE PRECISION) / "c"."size" - CAST("sup"."n" AS DOUBLE PRECISION) / "ssize"."size",
                    0.0
                  )
                ) AS "d"
              FROM "fm"
              JOIN "ssize"
                USING ("mid", "sg")
              JOIN "sup"
                USING ("mid", "sg", "s")
              JOIN "c"
                USING ("q0", "q1", "q2")
              GROUP BY
                "fm"."q0",
                "fm"."q1",
                "fm"."q2",
                "fm"."mid"
            ), "best" AS (
              SELECT
                "q0",
                "q1",
                "q2",
                MIN("d") AS "d"
              FROM "dist"
              GROUP BY
                "q0",
                "q1",
                "q2"
            )
            SELECT
              "c"."q0",
              "c"."q1",
              "c"."q2",
              "c"."rows" AS "size",
              (
                "best"."d" IS NULL OR "best"."d" > 0.3 + 1e-09
              ) AS "bad",
              COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
            FROM "c"
            LEFT JOIN "best"
              USING ("q0", "q1", "q2")
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
            "c0"."bad" OR "c1"."bad" AS "bad"
          FROM c0
          JOIN c1
            USING ("q0", "q1", "q2")
        ) AS "v"
        WHERE
          NOT "bad"
      ) AS "kept"
      WHERE
        "input0"."q0" = "kept"."q0"
        AND "input0"."q1" = "kept"."q1"
        AND "input0"."q2" = "kept"."q2"
    )
)
SELECT
  "a1"."classes",
  "a1"."rows",
  "a1"."vc",
  "a1"."vr",
  "a1"."worst"
FROM (
  SELECT
    COUNT(*) AS "classes",
    COALESCE(SUM("size"), 0) AS "rows",
    SUM(CASE WHEN "bad" THEN 1 ELSE 0 END) AS "vc",
    COALESCE(SUM(CASE WHEN "bad" THEN "size" ELSE 0 END), 0) AS "vr",
    MAX("val") AS "worst"
  FROM (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt",
        CAST(SUM("c") AS DECIMAL(38, 0)) AS "c",
        CAST(SUM("np") AS DECIMAL(38, 0)) AS "np"
      FROM "input"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" /* quasi-identifiers vary (included by check_nt_closeness.sql after its CTE "f", never run on */ /* its own; it defines "anc", "fm", "sup" and "ssize" as the lattice's case does, each superset */ /* keyed by ("mid", "sg")). */ /* Inputs:   f (the classes: q0 = a class's signature, the sorted array of its people's tuple */ /*           numbers, q1.. constant; s, n, cnt, np); sets.members (pkeys..., q0..qk-1: each */ /*           person's distinct tuples at level 0 of the generalization tables); sets.values */ /*           (pkeys..., the value's code in column sets.value, n: the person's weight split over */ /*           their values, _people_values.sql's); per key a generalization table (lf, cf, lt, ct) */ /*           holding every lt >= lf from lf = 0 and from the class's level; sets.tuples (part */ /*           "tuples" of gate_people.sql: t, q0..) when the class signatures number the tuples */ /*           as it does, else none (the search: tuple numbers in mixed radix, _people.sql). */ /* Params:   sets ({members, values, pkeys, value, radix (the search's radixes) or tuples}), */ /*           generalization ({table, level}: level = the class's current level, $l<i> in the */ /*           search, 0 at the gate), n_min. */ /* Formula:  a person's quasi-identifier is the set of their tuples generalized as a whole */ /*           (Nergiz, Clifton, Nergiz, Multirelational k-anonymity, IEEE TKDE 2009, section 3). */ /*           Generalizing to a node N' >= N maps equal sets at N to equal sets at N', so the */ /*           people of a class E at N are all in one class at N': E's natural superset there */ /*           (Li, Li, Venkatasubramanian, Closeness, TKDE 2010), its size counted in people, its */ /*           distribution each person weighing one, split over their values. Only the people of */ /*           the input's classes count (after suppression, the people kept). */ /* _nt_people.sql: the natural supersets of (n,t)-closeness formed from people whose */ AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM (
        SELECT
          "lf",
          "cf",
          "lt",
          "ct"
        FROM "__sqlanon_up_N"
        WHERE
          "q" = 0
      ) AS "u"
      WHERE
        "lf" = %(l0)s
    ), "b0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM (
        SELECT
          "lf",
          "cf",
          "lt",
          "ct"
        FROM "__sqlanon_up_N"
        WHERE
          "q" = 0
      ) AS "u"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM (
        SELECT
          "lf",
          "cf",
          "lt",
          "ct"
        FROM "__sqlanon_up_N"
        WHERE
          "q" = 1
      ) AS "u"
      WHERE
        "lf" = %(l1)s
    ), "b1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM (
        SELECT
          "lf",
          "cf",
          "lt",
          "ct"
        FROM "__sqlanon_up_N"
        WHERE
          "q" = 1
      ) AS "u"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM (
        SELECT
          "lf",
          "cf",
          "lt",
          "ct"
        FROM "__sqlanon_up_N"
        WHERE
          "q" = 2
      ) AS "u"
      WHERE
        "lf" = %(l2)s
    ), "b2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM (
        SELECT
          "lf",
          "cf",
          "lt",
          "ct"
        FROM "__sqlanon_up_N"
        WHERE
          "q" = 2
      ) AS "u"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
    ), "gm" AS (
      SELECT DISTINCT
        "anc"."mid",
        "m"."g",
        "b0"."ct" AS "q0",
        "b1"."ct" AS "q1",
        "b2"."ct" AS "q2"
      FROM "__sqlanon_members_N" AS "m"
      CROSS JOIN "anc"
      JOIN "b0"
        ON "b0"."cf" = "m"."q0" AND "b0"."lt" = "anc"."a0"
      JOIN "b1"
        ON "b1"."cf" = "m"."q1" AND "b1"."lt" = "anc"."a1"
      JOIN "b2"
        ON "b2"."cf" = "m"."q2" AND "b2"."lt" = "anc"."a2"
    ), "gs" AS (
      SELECT
        "gm"."mid",
        "gm"."g",
        ARRAY_AGG(
          (
            CAST("gm"."q0" AS BIGINT) + 3 * (
              CAST("gm"."q1" AS BIGINT) + 3 * CAST("gm"."q2" AS BIGINT)
            )
          ) ORDER BY (
            CAST("gm"."q0" AS BIGINT) + 3 * (
              CAST("gm"."q1" AS BIGINT) + 3 * CAST("gm"."q2" AS BIGINT)
            )
          )
        ) AS "sg"
      FROM "gm"
      GROUP BY
        "gm"."mid",
        "gm"."g"
    ), "pp" AS (
      SELECT
        "gs"."g",
        "gs"."sg" AS "k0"
      FROM "gs"
      JOIN "anc"
        ON "anc"."mid" = "gs"."mid"
      WHERE
        "anc"."a0" = %(l0)s AND "anc"."a1" = %(l1)s AND "anc"."a2" = %(l2)s
    ), "pg" AS (
      SELECT
        "pp"."k0",
        "gs"."mid",
        "gs"."sg",
        "gs"."g"
      FROM "pp"
      JOIN (
        SELECT DISTINCT
          "f"."q0" AS "k0"
        FROM "f"
      ) AS "kept"
        ON "kept"."k0" = "pp"."k0"
      JOIN "gs"
        ON "gs"."g" = "pp"."g"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "sm"."mid",
        "sm"."sg",
        "f"."s",
        "f"."n",
        "f"."cnt",
        "f"."np"
      FROM "f"
      JOIN (
        SELECT DISTINCT
          "pg"."k0",
          "pg"."mid",
          "pg"."sg"
        FROM "pg"
      ) AS "sm"
        ON "sm"."k0" = "f"."q0"
    ), "sup" AS (
      SELECT
        "pg"."mid",
        "pg"."sg",
        "v"."s0" AS "s",
        CAST(SUM("v"."n") AS DOUBLE PRECISION) AS "n"
      FROM "pg"
      JOIN "__sqlanon_person_values_N" AS "v"
        ON "v"."g" = "pg"."g"
      GROUP BY
        "pg"."mid",
        "pg"."sg",
        "v"."s0"
    ), "ssize" AS (
      SELECT
        "sup"."mid",
        "sup"."sg",
        SUM("sup"."n") AS "size"
      FROM "sup"
      JOIN (
        SELECT
          "pg"."mid",
          "pg"."sg"
        FROM "pg"
        GROUP BY
          "pg"."mid",
          "pg"."sg"
        HAVING
          COUNT(*) >= 4
      ) AS "big"
        ON "big"."mid" = "sup"."mid" AND "big"."sg" = "sup"."sg"
      GROUP BY
        "sup"."mid",
        "sup"."sg"
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        SUM("n") AS "size",
        SUM("np") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."mid",
        "fm"."sg"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "sg")
    ), "dist" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."mid",
        SUM(
          GREATEST(
            CAST("fm"."n" AS DOUBLE PRECISION) / "c"."size" - CAST("sup"."n" AS DOUBLE PRECISION) / "ssize"."size",
            0.0
          )
        ) AS "d"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "sg")
      JOIN "sup"
        USING ("mid", "sg", "s")
      JOIN "c"
        USING ("q0", "q1", "q2")
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2"
    )
    /* check_nt_closeness.sql: (n,t)-closeness, one row per equivalence class. */
    /* Inputs:   input (keys..., s, n); per class key a generalization table (lf, cf, lt, ct): code */
    /*           cf at level lf generalizes to code ct at level lt (every lt >= lf, the top included); */
    /*           for the ground distance: rank table order (s, pos) (ordered) or ancestors */
    /*           (s, lvl, node), lvl 0..H-1 (hierarchical). */
    /* Params:   keys, s, supersets (or none: partition-based releases, below), generalization (one */
    /*           {table, level} per key, level = the key's current */
    /*           level: a bound parameter such as $l0 in the search, 0 in the gate), n_min (n), */
    /*           t, tol, distance ("equal" | "ordered" | "hierarchical"), order, full_domain, */
    /*           ancestors, height; sets (or none: people whose quasi-identifiers vary, their */
    /*           supersets formed from each person's tuples: _nt_people.sql). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= the smallest distance from the */
    /*           class to a natural superset with at least n rows, +inf when there is none; */
    /*           worst = MAX). */
    /* Formula:  the natural supersets of class E at node N are the classes containing E at every */
    /*           node M >= N (any quasi-identifiers generalized further, up to the whole table); */
    /*           E passes iff some superset S with |S| >= n has D(P_E, P_S) <= t (+ tol), D the EMD */
    /*           of t-closeness: equal: sum over values v of E of max(p_v - q_v, 0) (E within S); */
    /*           hierarchical: 1/H sum over non-root nodes of max(P(N) - Q(N), 0); */
    /*           ordered: 1/(m-1) sum over the values v of S in rank order of */
    /*           |F_P(v) - F_Q(v)| (rank(next value of S) - rank(v)), F the cumulative distributions */
    /*           (both are flat between values of S). Cost: one row per (class, superset) pair and */
    /*           value of the class (the superset's values for ordered). */
    /* Supersets: with supersets = {ancestors, on, dist} the candidate supersets are given instead of */
    /*           found in the lattice (Mondrian: the partition tree's ancestors, survey 001 Figure */
    /*           7.3.1): ancestors maps class keys (on: [(key, column)...]) to superset ids sid, dist */
    /*           (sid, s..., n) holds each superset's rows; a class with at least n rows passes (it */
    /*           is its own superset, at distance 0). */
    /* Citation: survey (001), Definition 6.1.2 ((n,t)-closeness); Li, Li, Venkatasubramanian, */
    /*           Closeness: a new privacy measure for data publishing, TKDE 2010. */
    /* People:   with people (_people_values.sql: person: set), P_E and P_S are the */
    /*           distributions in which each person weighs one, split evenly over their distinct */
    /*           values (n); a superset's size, which n bounds, and the class's size count people */
    /*           (np), each person once (docs/people.md). After Li, Li, Venkatasubramanian's */
    /*           definition; counting people rather than records follows Nergiz, Clifton, Nergiz, */
    /*           Multirelational k-anonymity (IEEE TKDE 2009). With quasi-identifiers constant per */
    /*           person, each person is in one class at every node and the lattice's supersets above */
    /*           hold; when they vary, ``sets`` (_nt_people.sql) forms each superset from the people. */
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > 0.3 + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2")
  ) AS "c"
) AS "a1";
