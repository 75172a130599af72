-- check_t_smoothed_js.sql: t-closeness with the Jensen-Shannon divergence of kernel-smoothed
--           distributions (Nadaraya-Watson, Epanechnikov kernel), one row per equivalence class.
-- Inputs:   input (keys..., s, n). Q is the distribution of s over the whole input.
--           domain (s): every code of the domain (values absent from the data included when
--           the ground distance lists them). ground (a, b, d): the ground distance d(a, b) for
--           every ordered pair of domain codes closer than the bandwidth (a = b, d = 0 included);
--           rows with d / bandwidth >= 1 or codes outside the domain are ignored.
-- Params:   keys, s, domain, ground, bandwidth B > 0, t in [0, ln 2], tol (absolute tolerance).
-- Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= JS(P^_E, Q^) in nats; worst = MAX).
-- Formula:  K(x) = 3/4 (1 - x^2) for |x| < 1, else 0; w(i, j) = K(d(i, j) / B) / sum_j' K(d(i, j') / B);
--           smoothed p~_i = sum_j p_j w(i, j), renormalized P^ = p~ / sum_i p~_i; same for Q^.
--           JS(P^, Q^) = sum over i with P^_i > 0 of 1/2 (P^ ln(2P^ / (P^ + Q^)) + Q^ ln(2Q^ / (P^ + Q^)))
--           + 1/2 ln 2 (1 - sum of Q^_i over those i) (an i with P^_i = 0 adds 1/2 Q^_i ln 2).
--           P^_i > 0 only for neighbours i of the values of E, so the cost is (values present in
--           E) x (neighbours within B), never class x domain; supp P^ lies within supp Q^.
--           E passes iff JS <= t + tol. Not a metric.
-- Citation: survey (001), section 9.2 (kernel-smoothed distributions for t-closeness).
{% import "_distribution.sql" as d %}
WITH {{ d.counts(input, keys, s) }}, {{ d.whole() }}, "dom" AS (
  SELECT DISTINCT "s" FROM {{ domain|ident }}
), "x" AS (
  SELECT "gr"."a", "gr"."b", CAST("gr"."d" AS DOUBLE) / {{ bandwidth|literal }} AS "x"
  FROM {{ ground|ident }} AS "gr"
  WHERE "gr"."a" IN (SELECT "s" FROM "dom") AND "gr"."b" IN (SELECT "s" FROM "dom")
), "k" AS (
  SELECT "a", "b", 0.75 * (1.0 - "x" * "x") AS "w" FROM "x" WHERE ABS("x") < 1
), "kn" AS (
  SELECT "a", "b", "w" / SUM("w") OVER (PARTITION BY "a") AS "w" FROM "k"
), "qs" AS (
  SELECT "kn"."a", SUM("g"."q" * "kn"."w") AS "q"
  FROM "g" JOIN "kn" ON "kn"."b" = "g"."s"
  GROUP BY "kn"."a"
), "qh" AS (
  SELECT "a", "q" / SUM("q") OVER () AS "q" FROM "qs"
), "pc" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}"s", "n",
    SUM("n") OVER (PARTITION BY {{ keys|map('ident')|join(', ') }}) AS "total",
    CAST(SUM("cnt") OVER (PARTITION BY {{ keys|map('ident')|join(', ') }}) AS HUGEINT) AS "size"
  FROM "f"
), "ps" AS (
  SELECT {% for key in keys %}"pc".{{ key|ident }}, {% endfor %}"kn"."a",
    MAX("pc"."size") AS "size", SUM("pc"."n" / "pc"."total" * "kn"."w") AS "p"
  FROM "pc" JOIN "kn" ON "kn"."b" = "pc"."s"
  GROUP BY {% for key in keys %}"pc".{{ key|ident }}, {% endfor %}"kn"."a"
), "ph" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}"a", "size",
    "p" / SUM("p") OVER (PARTITION BY {{ keys|map('ident')|join(', ') }}) AS "p"
  FROM "ps"
), "c" AS (
  SELECT {% for key in keys %}"ph".{{ key|ident }}, {% endfor %}
    MAX("ph"."size") AS "size",
    SUM(CASE WHEN "ph"."p" > 0 THEN 0.5 * (
      "ph"."p" * LN(2.0 * "ph"."p" / ("ph"."p" + "qh"."q"))
      + "qh"."q" * LN(2.0 * "qh"."q" / ("ph"."p" + "qh"."q"))) ELSE 0.0 END) AS "present",
    SUM(CASE WHEN "ph"."p" > 0 THEN "qh"."q" ELSE 0.0 END) AS "qin"
  FROM "ph" JOIN "qh" ON "qh"."a" = "ph"."a"
  GROUP BY {% for key in keys %}"ph".{{ key|ident }}{% if not loop.last %}, {% endif %}{% endfor %}
), "v" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}"size",
    LEAST(GREATEST("present" + 0.5 * LN(2.0) * GREATEST(1.0 - "qin", 0.0), 0.0), LN(2.0)) AS "js"
  FROM "c"
)
SELECT
{%- for key in keys %} {{ key|ident }},{% endfor %}
  "size",
  "js" > {{ t|literal }} + {{ tol|literal }} AS "bad",
  "js" AS "val"
FROM "v"
