SELECT
  "a0"."classes",
  "a0"."rows",
  "a0"."vc",
  "a0"."vr",
  "a0"."worst",
  "a1"."vc",
  "a1"."vr",
  "a1"."worst",
  "a2"."vc",
  "a2"."vr",
  "a2"."worst",
  "a3"."vc",
  "a3"."vr",
  "a3"."worst",
  "a4"."vc",
  "a4"."vr",
  "a4"."worst"
FROM (
  SELECT
    COUNT(*) AS "classes",
    COALESCE(SUM("size"), 0) AS "rows",
    COUNT_IF("bad") AS "vc",
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
      CAST(SUM("n") AS INT128) AS "size",
      SUM("n") < 5 AS "bad",
      CAST(SUM("n") AS DOUBLE) AS "val"
    FROM "__sqlanon_gate_freq_N"
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
    COUNT_IF("bad") AS "vc",
    COALESCE(SUM(CASE WHEN "bad" THEN "size" ELSE 0 END), 0) AS "vr",
    MAX("val") AS "worst"
  FROM (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "s0" AS "s",
        SUM("n") AS "n"
      FROM "__sqlanon_gate_freq_N"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "r" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "n",
        ROW_NUMBER() OVER (PARTITION BY "q0", "q1", "q2" ORDER BY "n" DESC) AS "rank"
      FROM "f"
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        CAST(SUM("n") AS INT128) AS "size",
        CAST(MAX("n") AS INT128) AS "r1",
        CAST(COALESCE(SUM("n") FILTER(WHERE
          "rank" >= 3), 0) AS INT128) AS "tail"
      FROM "r"
      GROUP BY
        "q0",
        "q1",
        "q2"
    )
    /* check_l_recursive.sql: recursive (c,l)-diversity, one row per equivalence class. */
    /* Inputs:   input (keys..., s, n). */
    /* Params:   keys, s, l (integer >= 1), c = c_num / c_den (exact fraction, c > 0). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= r1 / (r_l + ... + r_m), +inf when */
    /*           the tail is empty; worst = MAX). */
    /* Formula:  with r_1 >= r_2 >= ... >= r_m the class's value counts, E satisfies recursive */
    /*           (c,l)-diversity iff r_1 < c (r_l + r_{l+1} + ... + r_m); evaluated exactly in 128-bit */
    /*           integers as r_1 * c_den < c_num * tail. */
    /* Citation: Machanavajjhala et al., l-Diversity (002), Definition 4.2 (recursive (c,l)-diversity). */
    /* People:   with people (_people_values.sql: person: set), r_i come from the class's distribution */
    /*           in which each person weighs one (n), size counts people (np), and for l > 1 a class */
    /*           also needs at least l people and no value held by all of them (c < np), as every */
    /*           recursive (c,l)-diverse class of one row per person has (docs/people.md). */
    SELECT
      "q0",
      "q1",
      "q2",
      "size",
      NOT (
        "r1" * 1 < "tail" * 4
      ) AS "bad",
      CASE
        WHEN "tail" = 0
        THEN CAST('inf' AS DOUBLE)
        ELSE CAST("r1" AS DOUBLE) / CAST("tail" AS DOUBLE)
      END AS "val"
    FROM "c"
  ) AS "c"
) AS "a1"
CROSS JOIN (
  SELECT
    COUNT(*) AS "classes",
    COALESCE(SUM("size"), 0) AS "rows",
    COUNT_IF("bad") AS "vc",
    COALESCE(SUM(CASE WHEN "bad" THEN "size" ELSE 0 END), 0) AS "vr",
    MAX("val") AS "worst"
  FROM (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "__sqlanon_gate_freq_N"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "tot" AS (
      SELECT
        SUM("n") AS "total"
      FROM "f"
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
    ), "qn" AS (
      SELECT
        "a"."lvl",
        "a"."node",
        SUM("f"."n") / MAX("tot"."total") AS "q"
      FROM "f"
      JOIN "__sqlanon_anc_N" AS "a"
        ON "a"."s" = "f"."s"
      CROSS JOIN "tot"
      GROUP BY
        "a"."lvl",
        "a"."node"
    ), "pn" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "a"."lvl",
        "a"."node",
        SUM("f"."n") AS "n"
      FROM "f"
      JOIN "__sqlanon_anc_N" AS "a"
        ON "a"."s" = "f"."s"
      GROUP BY
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "a"."lvl",
        "a"."node"
    ), "d" AS (
      SELECT
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        MAX("c"."rows") AS "size",
        SUM(GREATEST("pn"."n" / "c"."size" - "qn"."q", 0.0)) / 3 AS "emd"
      FROM "pn"
      JOIN "c"
        USING ("q0", "q1", "q2")
      JOIN "qn"
        ON "qn"."lvl" = "pn"."lvl" AND "qn"."node" = "pn"."node"
      GROUP BY
        "pn"."q0",
        "pn"."q1",
        "pn"."q2"
    )
    /* check_t_hierarchical.sql: t-closeness with hierarchical ground distance. */
    /* Inputs:   input (keys..., s, n); ancestors (s, lvl, node): for each value, its hierarchy node */
    /*           at every level 0..H-1 below the root (level 0 = the value itself). */
    /*           Q is the distribution of s over the whole input. */
    /* Params:   keys, s, ancestors, height H >= 1, t, tol. */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= EMD(P_E, Q); worst = MAX). */
    /* Formula:  ground distance d(a, b) = level(lowest common ancestor of a and b) / H, a tree metric */
    /*           whose edges each weigh 1/(2H); the exact EMD under a tree metric is */
    /*           sum over edges of weight * |P(below) - Q(below)|, i.e. */
    /*           EMD = 1/H * sum over non-root nodes N of max(P(N) - Q(N), 0) */
    /*           (at every level sum_N (P(N) - Q(N)) = 0, so the positive parts are half the absolute */
    /*           sum). Only nodes present in E can have a positive part, so no grid is needed. */
    /*           This equals the paper's sum_N height(N)/H * min(pos_extra(N), neg_extra(N)) and the */
    /*           transportation-LP optimum (checked in the tests). */
    /* Citation: Li, Li, Venkatasubramanian, t-Closeness (003), section 4.2, hierarchical distance. */
    /* People:   with people (_people_values.sql: person: set), P and Q are distributions in which each */
    /*           person weighs one (n), and size counts people (np) (docs/people.md). */
    SELECT
      "q0",
      "q1",
      "q2",
      "size",
      "emd" > 0.2 + 1e-09 AS "bad",
      "emd" AS "val"
    FROM "d"
  ) AS "c"
) AS "a2"
CROSS JOIN (
  SELECT
    COUNT(*) AS "classes",
    COALESCE(SUM("size"), 0) AS "rows",
    COUNT_IF("bad") AS "vc",
    COALESCE(SUM(CASE WHEN "bad" THEN "size" ELSE 0 END), 0) AS "vr",
    MAX("val") AS "worst"
  FROM (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "s1" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "__sqlanon_gate_freq_N"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "s1"
      HAVING
        SUM("n") > 0
    ), "tot" AS (
      SELECT
        SUM("n") AS "total"
      FROM "f"
    ), "g" AS (
      SELECT
        "s",
        SUM("n") / MAX("tot"."total") AS "q"
      FROM "f"
      CROSS JOIN "tot"
      GROUP BY
        "s"
    ), "dom" AS (
      SELECT
        "o"."s",
        ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r"
      FROM "__sqlanon_order_N" AS "o"
      WHERE
        "o"."s" IN (
          SELECT
            "s"
          FROM "g"
        )
    ), "m" AS (
      SELECT
        COUNT(*) AS "m"
      FROM "dom"
    ), "fq" AS (
      SELECT
        "dom"."r",
        CAST(SUM(COALESCE("qc"."cnt", 0)) OVER (ORDER BY "dom"."r" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS DOUBLE) / "tot"."total" AS "fq"
      FROM "dom"
      LEFT JOIN (
        SELECT
          "s",
          SUM("cnt") AS "cnt"
        FROM "f"
        GROUP BY
          "s"
      ) AS "qc"
        ON "qc"."s" = "dom"."s"
      CROSS JOIN "tot"
    ), "cdf" AS (
      SELECT
        "r",
        "fq",
        SUM("fq") OVER (ORDER BY "r" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS "gq"
      FROM "fq"
      UNION ALL
      SELECT
        0,
        0.0,
        0.0
    ), "steps" AS (
      SELECT
        "fq",
        MAX("r") AS "k",
        MAX("gq") AS "gk"
      FROM "cdf"
      GROUP BY
        "fq"
    ), "gm" AS (
      SELECT
        MAX("gq") AS "gm"
      FROM "cdf"
    ), "ranks" AS (
      SELECT
        "dom"."s",
        "dom"."r",
        "cdf"."gq" AS "gl"
      FROM "dom"
      JOIN "cdf"
        ON "cdf"."r" = "dom"."r" - 1
    ), "runs" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "ranks"."r" AS "lo",
        LEAD("ranks"."r", 1, "m"."m" + 1) OVER "w" - 1 AS "hi",
        CAST(SUM("f"."cnt") OVER ("w" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS DOUBLE) /* exact cumulative counts: C non-decreasing within a class and exactly 1 at its last value */ / CAST(SUM("f"."cnt") OVER "p" AS DOUBLE) AS "cp",
        SUM("f"."cnt") OVER "p" AS "rows",
        "ranks"."gl" AS "gl",
        LEAD("ranks"."gl", 1, "gm"."gm") OVER "w" AS "gh",
        ROW_NUMBER() OVER "w" AS "idx"
      FROM "f"
      JOIN "ranks"
        ON "ranks"."s" = "f"."s"
      CROSS JOIN "m"
      CROSS JOIN "gm"
      WINDOW "p" AS (PARTITION BY "f"."q0", "f"."q1", "f"."q2"), "w" AS (PARTITION BY "f"."q0", "f"."q1", "f"."q2" ORDER BY "ranks"."r")
    ), "st" AS (
      SELECT
        "runs".*,
        "steps"."k",
        "steps"."gk"
      FROM "runs"
      ASOF JOIN "steps"
        ON "runs"."cp" >= "steps"."fq"
    ), "split" AS (
      SELECT
        "st".*,
        LEAST(GREATEST("st"."k", "st"."lo" - 1), "st"."hi") AS "ks",
        CASE
          WHEN "st"."k" < "st"."lo" - 1
          THEN "st"."gl"
          WHEN "st"."k" > "st"."hi"
          THEN "st"."gh"
          ELSE "st"."gk"
        END AS "gks"
      FROM "st"
    ), "e" AS (
      SELECT
        "split"."q0",
        "split"."q1",
        "split"."q2",
        MAX("split"."rows") AS "size",
        CASE
          WHEN MAX("m"."m") <= 1
          THEN 0.0
          ELSE GREATEST(
            SUM(
              "cp" * (
                "ks" - "lo" + 1
              ) - (
                "gks" - "gl"
              ) + (
                "gh" - "gks"
              ) - "cp" * (
                "hi" - "ks"
              )
            ) + MAX(CASE WHEN "idx" = 1 THEN "gl" END),
            0.0
          ) / (
            MAX("m"."m") - 1
          )
        END AS "emd"
      FROM "split"
      CROSS JOIN "m"
      GROUP BY
        "split"."q0",
        "split"."q1",
        "split"."q2"
    )
    /* check_t_ordered.sql: t-closeness with ordered ground distance. */
    /* Inputs:   input (keys..., s, n); rank table order (s, pos) giving each value's position. */
    /*           Q is the distribution of s over the whole input. */
    /* Params:   keys, s, prepared (or none), order, full_domain (true: the domain is every row of `order`, values */
    /*           absent from the data included; false: the values present in the input), t, tol. */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= EMD(P_E, Q); worst = MAX). */
    /* Formula:  with the m domain values ranked 1..m and ground distance |i - j| / (m - 1), */
    /*           EMD = 1/(m-1) sum_{i=1..m} |F_P(i) - F_Q(i)|, F the cumulative distributions */
    /*           (values absent from E included: F_P stays flat over them); EMD = 0 when m = 1. */
    /*           No class x domain grid: F_P is constant (= C) between two consecutive values of E, */
    /*           on ranks lo..hi, and F_Q is non-decreasing, so with G(i) = F_Q(1) + ... + F_Q(i) */
    /*           (a cumulative-sum window) and k the last rank with F_Q(k) <= C (an ASOF join on the */
    /*           steps of F_Q), clamped to lo-1..hi, that run contributes */
    /*           C (k - lo + 1) - (G(k) - G(lo - 1)) + (G(hi) - G(k)) - C (hi - k); */
    /*           the ranks before E's first value contribute G(first - 1). G(hi) is the next run's */
    /*           G(lo - 1) (or G(m) for the last run), so one join with G per value suffices. */
    /*           Cost: one row per value present in a class, whatever the size of the domain; class */
    /*           sizes come from a window over the same partition (no join back to the classes). */
    /*           The Q-side tables (ranks, steps, m, gm) depend only on the whole input: a search */
    /*           computes them once (ordered_q.sql) and passes them as `prepared` */
    /*           {ranks, steps, m, gm, small}; otherwise (prepared = none) they are computed here. */
    /* Small domains (prepared.small = {ranks: [(s, r)...], fq: [F_Q(1)..F_Q(m-1)]}, m <= 64): one */
    /*           GROUP BY per class, no window: F_P(i) = SUM(n | rank(s) <= i) / SUM(n) for the */
    /*           m - 1 ranks i < m (F_P(m) = F_Q(m) = 1 adds nothing), F_Q(i) given as constants, */
    /*           EMD = 1/(m-1) sum_i |F_P(i) - F_Q(i)|. Rows whose value has no rank are left out, */
    /*           as the join with the ranks does in the general form. */
    /* Citation: Li, Li, Venkatasubramanian, t-Closeness (003), section 4.2, ordered distance. */
    /* People:   with people (_people_values.sql: person: set), P and Q are distributions in which each */
    /*           person weighs one (n), and size counts people (np) (docs/people.md). */
    SELECT
      "q0",
      "q1",
      "q2",
      "size",
      "emd" > 0.2 + 1e-09 AS "bad",
      "emd" AS "val"
    FROM "e"
  ) AS "c"
) AS "a3"
CROSS JOIN (
  SELECT
    COUNT(*) AS "classes",
    COALESCE(SUM("size"), 0) AS "rows",
    COUNT_IF("bad") AS "vc",
    COALESCE(SUM(CASE WHEN "bad" THEN "size" ELSE 0 END), 0) AS "vr",
    MIN("val") AS "worst"
  FROM (
    WITH "pc" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "n" AS "f"
      FROM "__sqlanon_mpclasses_N"
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        CASE WHEN "q0" = '' THEN 'NULL' ELSE "q0" END AS "nk0",
        CASE WHEN "q1" = '' THEN 'NULL' ELSE "q1" END AS "nk1",
        CASE WHEN "q2" = '' THEN 'NULL' ELSE "q2" END AS "nk2",
        SUM("n") AS "size"
      FROM "__sqlanon_gate_freq_N"
      GROUP BY
        1,
        2,
        3
    )
    /* check_k_map.sql: k-map with a population table, one row per equivalence class. */
    /* Inputs:   input (keys..., n): frequency table of the node; the population's persons as */
    /*           _population.sql reads them (population.table). */
    /* Params:   keys (QI columns of the node; in a batch led by batch_node), k (integer >= 1), */
    /*           population ({table, codes, null_label}). */
    /* Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= F_E, the persons of the */
    /*           population in the class; worst = MIN). */
    /* Formula:  a class E satisfies k-map iff F_E >= k, F_E = |{ persons p of the population : */
    /*           p's quasi-identifiers, generalized to the node's levels, equal E's }|. */
    /* Citation: Sweeney, "Achieving k-anonymity privacy protection using generalization and */
    /*           suppression" / "k-anonymity: a model for protecting privacy", IJUFKS 10(5), 2002 */
    /*           (k-map); El Emam, Dankar, "Protecting privacy using k-anonymity", JAMIA 15(5), 2008. */
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      CAST("c"."size" AS INT128) AS "size",
      COALESCE("pc"."f", 0) < 5 AS "bad",
      CAST(COALESCE("pc"."f", 0) AS DOUBLE) AS "val"
    FROM "c"
    LEFT JOIN "pc"
      ON "pc"."q0" = "c"."nk0" AND "pc"."q1" = "c"."nk1" AND "pc"."q2" = "c"."nk2"
  ) AS "c"
) AS "a4";
