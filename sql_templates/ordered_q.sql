-- ordered_q.sql: the Q-side tables of ordered EMD over a whole input, computed once per search.
-- Inputs:   input (s, n, ...); rank table order (s, pos).
-- Params:   s, order, full_domain, part: "ranks" | "steps" | "consts".
-- Output:   part ranks: s INTEGER, r BIGINT, gl DOUBLE; part steps: fq DOUBLE, k BIGINT, gk DOUBLE;
--           part consts: one row m BIGINT, gm DOUBLE. Definitions in _ordered_q.sql.
-- Formula:  Q(s) = n(s) / N over the whole input; F_Q and G as in check_t_ordered.sql.
-- Citation: Li, Li, Venkatasubramanian, t-Closeness (003), section 4.2, ordered distance.
{% import "_distribution.sql" as d %}
{% import "_ordered_q.sql" as o %}
WITH {{ d.counts(input, [], s) }}, {{ o.q_ranks(order, full_domain) }}
{% if part == "ranks" -%}
SELECT "s", "r", "gl" FROM "ranks"
{%- elif part == "steps" -%}
SELECT "fq", "k", "gk" FROM "steps"
{%- else -%}
SELECT "m"."m", "gm"."gm" FROM "m" CROSS JOIN "gm"
{%- endif %}
