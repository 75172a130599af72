-- smoothing_ground.sql: the domain and ground tables of the kernel-smoothed JS distance over a
-- whole input, computed once per search (check_t_smoothed_js.sql takes them as `prepared`).
-- Inputs:   input (s, n, ...); rank table order (s, pos) (ordered ground); ancestors
--           (s, lvl, node) (hierarchical ground).
-- Params:   s, part ("domain" | "ground"), ground ("equal" | "ordered" | "hierarchical"),
--           bandwidth B > 0, order, full_domain, ancestors, height H.
-- Output:   part domain: s INTEGER, one row per domain code (the values present in the input,
--           or every value of an explicit order). part ground: a INTEGER, b INTEGER, d DOUBLE
--           for the ordered pairs of domain codes with d(a, b) < B (definitions in _smoothing.sql).
-- Formula:  equal d = 0 if a = b else 1; ordered d = |rank(a) - rank(b)| / (m - 1) (0 when
--           m = 1); hierarchical d = level of the lowest common ancestor / H.
-- Citation: survey (001), section 9.2 (distance matrices for kernel smoothing).
{% import "_distribution.sql" as d %}
{% import "_smoothing.sql" as sm %}
WITH {{ d.counts(input, [], s) }},
{{ sm.sdom(ground, order, full_domain, 'SELECT "s" FROM "f"') }},
{{ sm.sground(ground, bandwidth, ancestors, height) }}
{%- if part == "domain" %}
SELECT CAST("s" AS INTEGER) AS "s" FROM "sdom"
{%- else %}
SELECT "a", "b", "d" FROM "sground"
{%- endif %}
