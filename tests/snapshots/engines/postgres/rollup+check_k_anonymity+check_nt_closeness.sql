CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_verdicts_N" AS
WITH "input" AS (
  SELECT
    (
      %(m0)s
    )["src"."q0" + 1] AS "q0",
    (
      %(m1)s
    )["src"."q1" + 1] AS "q1",
    (
      %(m2)s
    )["src"."q2" + 1] AS "q2",
    "src"."s0",
    CAST(SUM("src"."n") AS BIGINT) AS "n"
  FROM "__sqlanon_freq_N" AS "src"
  GROUP BY
    (
      %(m0)s
    )["src"."q0" + 1],
    (
      %(m1)s
    )["src"."q1" + 1],
    (
      %(m2)s
    )["src"."q2" + 1],
    "src"."s0"
), "c0" AS (
  SELECT
    "q0",
    "q1",
    "q2",
    CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
    SUM("n") < 5 AS "bad",
    CAST(SUM("n") AS DOUBLE PRECISION) AS "val"
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
      CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
    FROM "input"
    GROUP BY
      "q0",
      "q1",
      "q2",
      "s0"
    HAVING
      SUM("n") > 0
  ), "g0" AS (
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
  ), "fm" AS (
    SELECT
      "f"."q0",
      "f"."q1",
      "f"."q2",
      "anc"."mid",
      "g0"."ct" AS "u0",
      "g1"."ct" AS "u1",
      "g2"."ct" AS "u2",
      "f"."s",
      "f"."n",
      "f"."cnt"
    FROM "f"
    CROSS JOIN "anc"
    JOIN "g0"
      ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
    JOIN "g1"
      ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
    JOIN "g2"
      ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
  ), "sup" AS (
    SELECT
      "mid",
      "u0",
      "u1",
      "u2",
      "s",
      SUM("n") AS "n"
    FROM "fm"
    GROUP BY
      "mid",
      "u0",
      "u1",
      "u2",
      "s"
  ), "ssize" AS (
    SELECT
      "mid",
      "u0",
      "u1",
      "u2",
      SUM("n") AS "size"
    FROM "fm"
    GROUP BY
      "mid",
      "u0",
      "u1",
      "u2"
    HAVING
      SUM("cnt") >= 50
  ), "c" AS (
    SELECT
      "q0",
      "q1",
      "q2",
      SUM("n") AS "size",
      SUM("cnt") AS "rows"
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
      "fm"."u0",
      "fm"."u1",
      "fm"."u2"
    FROM "fm"
    JOIN "ssize"
      USING ("mid", "u0", "u1", "u2")
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
      USING ("mid", "u0", "u1", "u2")
    JOIN "sup"
      USING ("mid", "u0", "u1", "u2", "s")
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
  SELECT
    (
      %(m0)s
    )["src"."q0" + 1] AS "q0",
    (
      %(m1)s
    )["src"."q1" + 1] AS "q1",
    (
      %(m2)s
    )["src"."q2" + 1] AS "q2",
    "src"."s0",
    CAST(SUM("src"."n") AS BIGINT) AS "n"
  FROM "__sqlanon_freq_N" AS "src"
  GROUP BY
    (
      %(m0)s
    )["src"."q0" + 1],
    (
      %(m1)s
    )["src"."q1" + 1],
    (
      %(m2)s
    )["src"."q2" + 1],
    "src"."s0"
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
      CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
      SUM("n") < 5 AS "bad",
      CAST(SUM("n") AS DOUBLE PRECISION) AS "val"
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
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "input"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
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
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2"
      HAVING
        SUM("cnt") >= 50
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
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
        "fm"."u0",
        "fm"."u1",
        "fm"."u2"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2")
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
        USING ("mid", "u0", "u1", "u2")
      JOIN "sup"
        USING ("mid", "u0", "u1", "u2", "s")
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
  SELECT
    (
      %(m0)s
    )["src"."q0" + 1] AS "q0",
    (
      %(m1)s
    )["src"."q1" + 1] AS "q1",
    (
      %(m2)s
    )["src"."q2" + 1] AS "q2",
    "src"."s0",
    CAST(SUM("src"."n") AS BIGINT) AS "n"
  FROM "__sqlanon_freq_N" AS "src"
  GROUP BY
    (
      %(m0)s
    )["src"."q0" + 1],
    (
      %(m1)s
    )["src"."q1" + 1],
    (
      %(m2)s
    )["src"."q2" + 1],
    "src"."s0"
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
      CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
      SUM("n") < 5 AS "bad",
      CAST(SUM("n") AS DOUBLE PRECISION) AS "val"
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
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "input"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
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
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2"
      HAVING
        SUM("cnt") >= 50
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
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
        "fm"."u0",
        "fm"."u1",
        "fm"."u2"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2")
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
        USING ("mid", "u0", "u1", "u2")
      JOIN "sup"
        USING ("mid", "u0", "u1", "u2", "s")
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
