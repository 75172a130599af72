/* mondrian_values.sql: the values of a quasi-identifier that Mondrian may cut at medians, and */
/* the checks of them (one scan of the bottom table per column; the checks read the small */
/* values table). */
/* Inputs:   part values: source (q<i> codes, n), dim (leaf VARCHAR, code): the QI's values as */
/*           text; other parts: values (the result of part values). */
/* Params:   part ("values" | "bad" | "same" | "range"), source, code (the QI's code column), dim, */
/*           values. */
/* Output:   part values: leaf, x DOUBLE (NULL when not a number), rows, for every value present; */
/*           part bad: leaf, rows for the values that are not finite numbers ('' = NULL; at most */
/*           11); part same: one list of leaves per number written several ways (at most 5); */
/*           part range: one row min, max of the values. */
SELECT
  "leaf",
  "rows"
FROM "__sqlanon_mvalues_N"
WHERE
  "x" IS NULL OR NOT ISFINITE("x")
ORDER BY
  "leaf"
LIMIT 11;

/* mondrian_values.sql: the values of a quasi-identifier that Mondrian may cut at medians, and */
/* the checks of them (one scan of the bottom table per column; the checks read the small */
/* values table). */
/* Inputs:   part values: source (q<i> codes, n), dim (leaf VARCHAR, code): the QI's values as */
/*           text; other parts: values (the result of part values). */
/* Params:   part ("values" | "bad" | "same" | "range"), source, code (the QI's code column), dim, */
/*           values. */
/* Output:   part values: leaf, x DOUBLE (NULL when not a number), rows, for every value present; */
/*           part bad: leaf, rows for the values that are not finite numbers ('' = NULL; at most */
/*           11); part same: one list of leaves per number written several ways (at most 5); */
/*           part range: one row min, max of the values. */
SELECT
  ARRAY_AGG("leaf" ORDER BY "leaf")
FROM "__sqlanon_mvalues_N"
GROUP BY
  "x"
HAVING
  COUNT(*) > 1
ORDER BY
  "x"
LIMIT 5;

/* mondrian_values.sql: the values of a quasi-identifier that Mondrian may cut at medians, and */
/* the checks of them (one scan of the bottom table per column; the checks read the small */
/* values table). */
/* Inputs:   part values: source (q<i> codes, n), dim (leaf VARCHAR, code): the QI's values as */
/*           text; other parts: values (the result of part values). */
/* Params:   part ("values" | "bad" | "same" | "range"), source, code (the QI's code column), dim, */
/*           values. */
/* Output:   part values: leaf, x DOUBLE (NULL when not a number), rows, for every value present; */
/*           part bad: leaf, rows for the values that are not finite numbers ('' = NULL; at most */
/*           11); part same: one list of leaves per number written several ways (at most 5); */
/*           part range: one row min, max of the values. */
SELECT
  MIN("x"),
  MAX("x")
FROM "__sqlanon_mvalues_N";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_mvalues_N" AS
SELECT
  "d"."leaf",
  TRY_CAST("d"."leaf" AS DOUBLE) AS "x",
  SUM("f"."n") AS "rows"
FROM "__sqlanon_freq_N" AS "f"
JOIN (
  SELECT
    "leaf",
    "code"
  FROM "__sqlanon_dim_N"
  WHERE
    "q" = 0
) AS "d"
  ON "d"."code" = "f"."q0"
GROUP BY
  "d"."leaf";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_mvalues_N" AS
SELECT
  "d"."leaf",
  TRY_CAST("d"."leaf" AS DOUBLE) AS "x",
  SUM("f"."n") AS "rows"
FROM "__sqlanon_freq_N" AS "f"
JOIN (
  SELECT
    "leaf",
    "code"
  FROM "__sqlanon_dim_N"
  WHERE
    "q" = 1
) AS "d"
  ON "d"."code" = "f"."q1"
GROUP BY
  "d"."leaf";

CREATE OR REPLACE TEMPORARY TABLE "__sqlanon_mvalues_N" AS
SELECT
  "d"."leaf",
  TRY_CAST("d"."leaf" AS DOUBLE) AS "x",
  SUM("f"."n") AS "rows"
FROM "__sqlanon_freq_N" AS "f"
JOIN (
  SELECT
    "leaf",
    "code"
  FROM "__sqlanon_dim_N"
  WHERE
    "q" = 2
) AS "d"
  ON "d"."code" = "f"."q2"
GROUP BY
  "d"."leaf";
