-- gate_tree.sql: (n,t)-closeness at the gate of a partition-based (Mondrian) release: the
-- natural supersets of each published class are its partition's ancestors in the partition
-- tree, and their rows are counted from the published table itself.
-- Inputs:   part ancestors: tree (label<i>..., sid: each final partition's labels and its
--           ancestors); part dist: freq (the gate's frequency table: q<i> labels, s..., n),
--           ancestors (the result of part ancestors).
-- Params:   part, tree, freq, ancestors, qis (count), sensitive (column names), null_label.
-- Output:   part ancestors: label<i>..., sid, with labels as the gate's frequency table writes
--           them (keys: the filter key; an empty label also as null_label: a CSV release reads it
--           back as NULL);
--           part dist: sid, s..., n: each ancestor's published rows by sensitive values.
{% if part == "ancestors" -%}
SELECT {% for i in range(qis) %}{{ (('label' ~ i)|ident)|key }} AS {{ ('label' ~ i)|ident }}, {% endfor %}"sid" FROM {{ tree|ident }}
UNION
SELECT {% for i in range(qis) %}CASE WHEN {{ ('label' ~ i)|ident }} = '' THEN {{ null_label|literal }} ELSE {{ (('label' ~ i)|ident)|key }} END, {% endfor %}"sid"
FROM {{ tree|ident }}
{%- else -%}
SELECT "a"."sid"{% for s in sensitive %}, "f".{{ s|ident }}{% endfor %}, SUM("f"."n") AS "n"
FROM {{ freq|ident }} AS "f"
JOIN {{ ancestors|ident }} AS "a"
  ON {% for i in range(qis) %}"a".{{ ('label' ~ i)|ident }} = "f".{{ ('q' ~ i)|ident }}{% if not loop.last %} AND {% endif %}{% endfor %}
GROUP BY "a"."sid"{% for s in sensitive %}, "f".{{ s|ident }}{% endfor %}
{%- endif %}
