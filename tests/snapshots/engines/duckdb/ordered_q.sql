/* ordered_q.sql: the Q-side tables of ordered EMD over a whole input, computed once per search. */
/* Inputs:   input (s, n, ...); rank table order (s, pos). */
/* Params:   s, order, full_domain, part: "ranks" | "steps" | "consts" | "small", */
/*           limit (part small: at most this many rows). */
/* Output:   part ranks: s INTEGER, r BIGINT, gl DOUBLE; part steps: fq DOUBLE, k BIGINT, gk DOUBLE; */
/*           part consts: one row m BIGINT, gm DOUBLE; part small: s, r BIGINT, fq DOUBLE */
/*           (= F_Q(r)) for r = 1..m in order (the first `limit` rows). Definitions in _ordered_q.sql. */
/* Formula:  Q(s) = n(s) / N over the whole input; F_Q and G as in check_t_ordered.sql. */
/* Citation: Li, Li, Venkatasubramanian, t-Closeness (003), section 4.2, ordered distance. */
WITH "f" AS (
  SELECT
    "s1" AS "s",
    CAST(SUM("n") AS DOUBLE) AS "n",
    CAST(SUM("n") AS INT128) AS "cnt"
  FROM "__sqlanon_freq_N"
  GROUP BY
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
)
SELECT
  "dom"."s",
  "dom"."r",
  "fq"."fq"
FROM "dom"
JOIN "fq"
  ON "fq"."r" = "dom"."r"
ORDER BY
  "dom"."r"
LIMIT 65;
