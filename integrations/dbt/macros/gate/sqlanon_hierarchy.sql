{#- a hierarchical distance's hierarchy: a relation (a seed, a ref, a source) whose columns,
    in order, hold each value and then its label at every level up to a single top such as
    '*', as sqlanon's hierarchy files (value;level1;...;*). Checked as sqlanon checks a
    hierarchy file, and its values must cover the sensitive column's (NULL: an empty value).
    Returns its height, its levels as SQL (standalone_domain.sql's part "levels"), its paths
    (every level's, the top's too: standalone_generalize.sql's input) and its leaf and columns
    as text (for sqlanon.release's maps). quasi: the hierarchy of a quasi-identifier (named
    by sensitive), whose values may be labels of any level (sqlanon_generalizations checks
    them) -#}
{% macro sqlanon_hierarchy(test, model, sensitive, hierarchy, quasi=false) %}
  {#- a relation: a Relation object, or the text dbt renders one to (quoted: "db"."schema"."t") -#}
  {%- if hierarchy is not none and hierarchy.identifier is not defined
        and (hierarchy is not string or ('(' not in hierarchy and '"' not in hierarchy and '`' not in hierarchy)) -%}
    {{ sqlanon.sqlanon_fail(test, "the hierarchy " ~ hierarchy ~ " of " ~ sensitive ~ " is not a relation: give a seed, ref or source, e.g. \"{{ ref('" ~ sensitive ~ "_hierarchy') }}\", laid out as sqlanon's hierarchy files (sqlanon's builders and files are not read by the package).") }}
  {%- endif -%}
  {%- if hierarchy is none -%}
    {{ sqlanon.sqlanon_fail(test, "needs hierarchy: the sensitive column's hierarchy as a relation, e.g. \"{{ ref('disease_hierarchy') }}\": its columns hold each value, then its label at every level up to a single top such as '*'.") }}
  {%- endif -%}
  {%- set names = run_query("SELECT * FROM " ~ hierarchy ~ " WHERE 1 = 0").column_names -%}
  {%- if names|length < 2 -%}
    {{ sqlanon.sqlanon_fail(test, "the hierarchy " ~ hierarchy ~ " has " ~ names|length ~ " column(s); it needs the value, then its label at each level up to a single top such as '*'.") }}
  {%- endif -%}
  {%- set height = names|length - 1 -%}
  {%- set c = [] -%}
  {%- for name in names -%}{%- do c.append(sqlanon.sqlanon_text(sqlanon.sqlanon_quote(name))) -%}{%- endfor -%}
  {%- set leaf = "COALESCE(" ~ c[0] ~ ", '')" -%}
  {%- set checks = [
      "COUNT(*)",
      "COUNT(*) - COUNT(DISTINCT " ~ leaf ~ ")",
      "COUNT(DISTINCT " ~ c[height] ~ ")",
      "SUM(CASE WHEN " ~ c[1:]|join(" IS NULL OR ") ~ " IS NULL THEN 1 ELSE 0 END)",
  ] -%}
  {%- for i in range(1, height) -%}
    {%- do checks.append("(SELECT COUNT(*) FROM (SELECT " ~ c[i] ~ " AS " ~ sqlanon.sqlanon_quote('l') ~ " FROM " ~ hierarchy ~ " GROUP BY " ~ c[i] ~ " HAVING COUNT(DISTINCT " ~ c[i + 1] ~ ") > 1) AS " ~ sqlanon.sqlanon_quote('p') ~ ")") -%}
  {%- endfor -%}
  {%- set value = "CASE WHEN " ~ sqlanon.sqlanon_quote(sensitive) ~ " IS NULL THEN '' ELSE " ~ sqlanon.sqlanon_text(sqlanon.sqlanon_quote(sensitive)) ~ " END" -%}
  {%- do checks.append("(SELECT COUNT(*) FROM (SELECT DISTINCT " ~ value ~ " AS " ~ sqlanon.sqlanon_quote('v') ~ " FROM " ~ model ~ ") AS " ~ sqlanon.sqlanon_quote('d') ~ " WHERE " ~ sqlanon.sqlanon_quote('d') ~ "." ~ sqlanon.sqlanon_quote('v') ~ " NOT IN (SELECT " ~ leaf ~ " FROM " ~ hierarchy ~ "))") -%}
  {%- set row = run_query("SELECT " ~ checks|join(", ") ~ " FROM " ~ hierarchy).rows[0] -%}
  {%- set where = "the hierarchy " ~ hierarchy -%}
  {%- if row[0]|int == 0 -%}
    {{ sqlanon.sqlanon_fail(test, where ~ " has no rows. Give one row per value: the value, then its label at each level up to a single top.") }}
  {%- elif row[1]|int > 0 -%}
    {{ sqlanon.sqlanon_fail(test, where ~ " lists " ~ row[1] ~ " value(s) more than once. Each value needs exactly one row.") }}
  {%- elif row[3]|int > 0 -%}
    {{ sqlanon.sqlanon_fail(test, where ~ " has " ~ row[3] ~ " row(s) with an empty label above the value. Every value needs a label at every level up to a single top.") }}
  {%- elif row[2]|int != 1 -%}
    {{ sqlanon.sqlanon_fail(test, where ~ " has " ~ row[2] ~ " top labels; the last column must hold one single value such as '*'.") }}
  {%- endif -%}
  {%- for i in range(1, height) -%}
    {%- if row[3 + i]|int > 0 -%}
      {{ sqlanon.sqlanon_fail(test, where ~ " is inconsistent: " ~ row[3 + i] ~ " label(s) of column " ~ names[i] ~ " have several parents in column " ~ names[i + 1] ~ ". Each label needs exactly one parent.") }}
    {%- endif -%}
  {%- endfor -%}
  {%- if row[3 + height]|int > 0 and not quasi -%}
    {{ sqlanon.sqlanon_fail(test, row[3 + height] ~ " value(s) of the column " ~ sensitive ~ " are not in the first column of " ~ where ~ " (a NULL is an empty value there). Add a row for each.") }}
  {%- endif -%}
  {%- set levels = [] -%}
  {%- for i in range(height + 1) -%}
    {%- do levels.append("SELECT " ~ leaf ~ " AS " ~ sqlanon.sqlanon_quote('leaf') ~ ", " ~ i ~ " AS " ~ sqlanon.sqlanon_quote('lvl') ~ ", " ~ (leaf if i == 0 else c[i]) ~ " AS " ~ sqlanon.sqlanon_quote('label') ~ " FROM " ~ hierarchy) -%}
  {%- endfor -%}
  {{ return({'height': height, 'sql': levels[:height]|join(" UNION ALL "), 'paths': levels|join(" UNION ALL "), 'leaf': leaf, 'columns': c}) }}
{% endmacro %}
