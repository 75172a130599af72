/* code_map.sql: the generalization maps of every quasi-identifier, between every two levels. */
/* Inputs:   up (q, lf, cf, lt, ct), the QIs' dimension table (q: the QI's index). */
/* Output:   one row per QI and level pair lf <= lt: (q, lf, lt, list of ct for cf = 0, 1, 2, ... */
/*           in order); codes are dense per level, so element c+1 of the list is the code at */
/*           level lt of code c at level lf. */
SELECT
  "q",
  "lf",
  "lt",
  ARRAY_AGG("ct" ORDER BY "cf") AS "codes"
FROM "__sqlanon_up_N"
GROUP BY
  "q",
  "lf",
  "lt"
ORDER BY
  "q",
  "lf",
  "lt";
