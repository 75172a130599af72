-- mondrian_tree.sql: the partition tree of a Mondrian run, for (n,t)-closeness: each partition's
-- ancestors and each partition's sensitive distribution (the natural supersets of survey 001,
-- Figure 7.3.1: the partitions on the path from the whole table down to the one being cut).
-- Inputs:   part root: work (the first working table); part dist: work (a working table);
--           part children: split (pid, npid, ...), anc (pid, sid); part labels: parts (pid,
--           label<i>), anc.
-- Params:   part, work, split, anc, parts, sensitive (column names), qis (count).
-- Output:   part root: pid, sid (0, 0); part dist: sid, s..., n (every partition of work);
--           part children: pid, sid: every child and each of its ancestors, itself included;
--           part labels: label<i>..., sid: each final partition's labels and its ancestors.
{% if part == "root" -%}
SELECT CAST(0 AS BIGINT) AS "pid", CAST(0 AS BIGINT) AS "sid"
{%- elif part == "dist" -%}
SELECT "pid" AS "sid"{% for s in sensitive %}, {{ s|ident }}{% endfor %}, SUM("n") AS "n"
FROM {{ work|ident }}
GROUP BY "pid"{% for s in sensitive %}, {{ s|ident }}{% endfor %}
{%- elif part == "children" -%}
SELECT "sp"."npid" AS "pid", "a"."sid" FROM {{ split|ident }} AS "sp" JOIN {{ anc|ident }} AS "a" ON "a"."pid" = "sp"."pid"
UNION ALL
SELECT "npid", "npid" FROM {{ split|ident }}
{%- else -%}
SELECT {% for i in range(qis) %}"p".{{ ('label' ~ i)|ident }}, {% endfor %}"a"."sid"
FROM {{ parts|ident }} AS "p" JOIN {{ anc|ident }} AS "a" ON "a"."pid" = "p"."pid"
{%- endif %}
