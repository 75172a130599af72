-- check_t_smoothed_js.sql: t-closeness with the Jensen-Shannon divergence of kernel-smoothed
--           distributions (Nadaraya-Watson, Epanechnikov kernel), one row per equivalence class.
-- Inputs:   input (keys..., s, n). Q is the distribution of s over the whole input. The domain
--           is the values present in the input (every value of an explicit order); rank table
--           order (s, pos) for the ordered ground, ancestors (s, lvl, node) for the hierarchical.
-- Params:   keys, s, ground ("equal" | "ordered" | "hierarchical"), bandwidth B > 0, order,
--           full_domain, ancestors, height, t in [0, ln 2], tol (absolute tolerance), prepared:
--           none (the domain and the pairs closer than B are built here, _smoothing.sql) or
--           {domain, ground}: the same tables built once for the whole input (a search).
-- Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= JS(P^_E, Q^) in nats; worst = MAX).
-- Formula:  K(x) = 3/4 (1 - x^2) for |x| < 1, else 0; w(i, j) = K(d(i, j) / B) / sum_j' K(d(i, j') / B);
--           smoothed p~_i = sum_j p_j w(i, j), renormalized P^ = p~ / sum_i p~_i; same for Q^.
--           JS(P^, Q^) = sum over i with P^_i > 0 of 1/2 (P^ ln(2P^ / (P^ + Q^)) + Q^ ln(2Q^ / (P^ + Q^)))
--           + 1/2 ln 2 (1 - sum of Q^_i over those i) (an i with P^_i = 0 adds 1/2 Q^_i ln 2).
--           P^_i > 0 only for neighbours i of the values of E, so the cost is (values present in
--           E) x (neighbours within B), never class x domain; supp P^ lies within supp Q^.
--           E passes iff JS <= t + tol. Not a metric.
-- Citation: survey (001), section 9.2 (kernel-smoothed distributions for t-closeness).
-- People:   with people (_people_values.sql: person: set), P and Q are distributions in which each
--           person weighs one, split evenly over their distinct values (n), smoothed as above,
--           and size counts people (docs/people.md).
{% import "_distribution.sql" as d %}
{% import "_smoothing.sql" as sm %}
{%- set people = people|default(false) %}
WITH {{ d.counts(input, keys, s, people) }}, {{ d.whole() }},
{%- if prepared %}
"dom" AS (
  SELECT DISTINCT "s" FROM {{ prepared.domain|ident }}
), "sground" AS (
  SELECT "a", "b", "d" FROM {{ prepared.ground|ident }}
),
{%- else %}
{{ sm.sdom(ground, order, full_domain, 'SELECT "s" FROM "g"') }},
{{ sm.sground(ground, bandwidth, ancestors, height) }},
"dom" AS (
  SELECT "s" FROM "sdom"
),
{%- endif %}
"x" AS (
  SELECT "gr"."a", "gr"."b", CAST("gr"."d" AS DOUBLE) / {{ bandwidth|literal }} AS "x"
  FROM "sground" AS "gr"
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
    CAST(SUM({{ '"np"' if people else '"cnt"' }}) OVER (PARTITION BY {{ keys|map('ident')|join(', ') }}) AS HUGEINT) AS "size"
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
