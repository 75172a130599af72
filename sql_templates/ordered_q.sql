-- ordered_q.sql: the Q-side tables of ordered EMD over a whole input, computed once per search.
-- Inputs:   input (s, n, ...); rank table order (s, pos).
-- Params:   s, order, full_domain, part: "ranks" | "steps" | "consts" | "small",
--           limit (part small: at most this many rows).
-- Output:   part ranks: s INTEGER, r BIGINT, gl DOUBLE; part steps: fq DOUBLE, k BIGINT, gk DOUBLE;
--           part consts: one row m BIGINT, gm DOUBLE; part small: s, r BIGINT, fq DOUBLE
--           (= F_Q(r)) for r = 1..m in order (the first `limit` rows). Definitions in _ordered_q.sql.
-- Formula:  Q(s) = n(s) / N over the whole input; F_Q and G as in check_t_ordered.sql.
-- Citation: Li, Li, Venkatasubramanian, t-Closeness (003), section 4.2, ordered distance.
{% import "_distribution.sql" as d %}
{% import "_ordered_q.sql" as o %}
WITH {{ d.counts(input, [], s) }}, {{ o.q_ranks(order, full_domain) }}
{% if part == "ranks" -%}
SELECT "s", "r", "gl" FROM "ranks"
{%- elif part == "steps" -%}
SELECT "fq", "k", "gk" FROM "steps"
{%- elif part == "small" -%}
SELECT "dom"."s", "dom"."r", "fq"."fq" FROM "dom" JOIN "fq" ON "fq"."r" = "dom"."r" ORDER BY "dom"."r" LIMIT {{ limit|literal }}
{%- else -%}
SELECT "m"."m", "gm"."gm" FROM "m" CROSS JOIN "gm"
{%- endif %}
