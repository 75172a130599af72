-- check_t_ordered.sql: t-closeness with ordered ground distance.
-- Inputs:   input (keys..., s, n); rank table order (s, pos) giving each value's position.
--           Q is the distribution of s over the whole input.
-- Params:   keys, s, prepared (or none), order, full_domain (true: the domain is every row of `order`, values
--           absent from the data included; false: the values present in the input), t, tol.
-- Output:   keys..., size HUGEINT, bad BOOLEAN, val DOUBLE (= EMD(P_E, Q); worst = MAX).
-- Formula:  with the m domain values ranked 1..m and ground distance |i - j| / (m - 1),
--           EMD = 1/(m-1) sum_{i=1..m} |F_P(i) - F_Q(i)|, F the cumulative distributions
--           (values absent from E included: F_P stays flat over them); EMD = 0 when m = 1.
--           No class x domain grid: F_P is constant (= C) between two consecutive values of E,
--           on ranks lo..hi, and F_Q is non-decreasing, so with G(i) = F_Q(1) + ... + F_Q(i)
--           (a cumulative-sum window) and k the last rank with F_Q(k) <= C (an ASOF join on the
--           steps of F_Q), clamped to lo-1..hi, that run contributes
--           C (k - lo + 1) - (G(k) - G(lo - 1)) + (G(hi) - G(k)) - C (hi - k);
--           the ranks before E's first value contribute G(first - 1). G(hi) is the next run's
--           G(lo - 1) (or G(m) for the last run), so one join with G per value suffices.
--           Cost: one row per value present in a class, whatever the size of the domain; class
--           sizes come from a window over the same partition (no join back to the classes).
--           The Q-side tables (ranks, steps, m, gm) depend only on the whole input: a search
--           computes them once (ordered_q.sql) and passes them as `prepared`
--           {ranks, steps, m, gm, small}; otherwise (prepared = none) they are computed here.
-- Small domains (prepared.small = {ranks: [(s, r)...], fq: [F_Q(1)..F_Q(m-1)]}, m <= 64): one
--           GROUP BY per class, no window: F_P(i) = SUM(n | rank(s) <= i) / SUM(n) for the
--           m - 1 ranks i < m (F_P(m) = F_Q(m) = 1 adds nothing), F_Q(i) given as constants,
--           EMD = 1/(m-1) sum_i |F_P(i) - F_Q(i)|. Rows whose value has no rank are left out,
--           as the join with the ranks does in the general form.
-- Citation: Li, Li, Venkatasubramanian, t-Closeness (003), section 4.2, ordered distance.
-- People:   with people (_people_values.sql: person: set), P and Q are distributions in which each
--           person weighs one (n), and size counts people (np) (docs/people.md).
{% import "_distribution.sql" as d %}
{% import "_ordered_q.sql" as o %}
{%- set people = people|default(false) %}
{%- if prepared and prepared.small %}
{%- set small = prepared.small %}
WITH "ranked" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}"n",{% if people %} "np",{% endif %}
    {% if small.ranks %}CASE {{ s|ident }} {% for v, r in small.ranks %}WHEN {{ v|literal }} THEN {{ r|literal }} {% endfor %}END{% else %}NULL{% endif %} AS "r"
  FROM {{ input|ident }}
), "e" AS (
  SELECT {% for key in keys %}{{ key|ident }}, {% endfor %}CAST(SUM({{ '"np"' if people else '"n"' }}) AS HUGEINT) AS "size",
  {%- if small.fq %}
    ({% for fq in small.fq %}ABS(CAST(SUM(CASE WHEN "r" <= {{ loop.index }} THEN "n" ELSE 0 END) AS DOUBLE) / CAST(SUM("n") AS DOUBLE) - {{ fq|literal }}){% if not loop.last %}
     + {% endif %}{% endfor %}) / {{ small.fq|length|literal }} AS "emd"
  {%- else %}
    0.0 AS "emd"
  {%- endif %}
  FROM "ranked"
  WHERE "r" IS NOT NULL
  {%- if keys %}
  GROUP BY {% for key in keys %}{{ key|ident }}{% if not loop.last %}, {% endif %}{% endfor %}
  {%- endif %}
)
{%- else %}
WITH {{ d.counts(input, keys, s, people) }},
{%- if prepared %}
"ranks" AS (
  SELECT "s", "r", "gl" FROM {{ prepared.ranks|ident }}
),
"steps" AS (
  SELECT "fq", "k", "gk" FROM {{ prepared.steps|ident }}
),
{%- else %}
{{ o.q_ranks(order, full_domain) }},
{%- endif %}
{%- set m = prepared.m|literal if prepared else '"m"."m"' %}
{%- set gm = prepared.gm|literal if prepared else '"gm"."gm"' %}
"runs" AS (
  SELECT {% for key in keys %}"f".{{ key|ident }}, {% endfor %}"ranks"."r" AS "lo",
    LEAD("ranks"."r", 1, {{ m }} + 1) OVER "w" - 1 AS "hi",
    -- exact cumulative counts: C non-decreasing within a class and exactly 1 at its last value
    CAST(SUM("f"."cnt") OVER ("w" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS DOUBLE)
      / CAST(SUM("f"."cnt") OVER "p" AS DOUBLE) AS "cp",
    SUM({{ '"f"."np"' if people else '"f"."cnt"' }}) OVER "p" AS "rows",
    "ranks"."gl" AS "gl",
    LEAD("ranks"."gl", 1, {{ gm }}) OVER "w" AS "gh",
    ROW_NUMBER() OVER "w" AS "idx"
  FROM "f"
  JOIN "ranks" ON "ranks"."s" = "f"."s"
  {%- if not prepared %}
  CROSS JOIN "m"
  CROSS JOIN "gm"
  {%- endif %}
  WINDOW "p" AS (PARTITION BY {% for key in keys %}"f".{{ key|ident }}{% if not loop.last %}, {% endif %}{% endfor %}),
    "w" AS (PARTITION BY {% for key in keys %}"f".{{ key|ident }}{% if not loop.last %}, {% endif %}{% endfor %} ORDER BY "ranks"."r")
), "st" AS (
  SELECT "runs".*, "steps"."k", "steps"."gk"
  FROM "runs" ASOF JOIN "steps" ON "runs"."cp" >= "steps"."fq"
), "split" AS (
  SELECT "st".*,
    LEAST(GREATEST("st"."k", "st"."lo" - 1), "st"."hi") AS "ks",
    CASE WHEN "st"."k" < "st"."lo" - 1 THEN "st"."gl"
         WHEN "st"."k" > "st"."hi" THEN "st"."gh"
         ELSE "st"."gk" END AS "gks"
  FROM "st"
), "e" AS (
  SELECT {% for key in keys %}"split".{{ key|ident }}, {% endfor %}MAX("split"."rows") AS "size",
    CASE WHEN MAX({{ m }}) <= 1 THEN 0.0 ELSE GREATEST(
      SUM("cp" * ("ks" - "lo" + 1) - ("gks" - "gl") + ("gh" - "gks") - "cp" * ("hi" - "ks"))
      + MAX(CASE WHEN "idx" = 1 THEN "gl" END), 0.0) / (MAX({{ m }}) - 1) END AS "emd"
  FROM "split"
  {%- if not prepared %}
  CROSS JOIN "m"
  {%- endif %}
  GROUP BY {% for key in keys %}"split".{{ key|ident }}{% if not loop.last %}, {% endif %}{% endfor %}
)
{%- endif %}
SELECT
{%- for key in keys %} {{ key|ident }},{% endfor %}
  "size",
  "emd" > {{ t|literal }} + {{ tol|literal }} AS "bad",
  "emd" AS "val"
FROM "e"
