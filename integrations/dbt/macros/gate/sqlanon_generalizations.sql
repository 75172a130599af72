{#- (n,t)-closeness: each quasi-identifier's generalization table (its natural supersets), from
    its hierarchy in hierarchies (a relation, as for sqlanon_hierarchy) or, without one, to the
    top only, as sqlanon check generalizes it; the labels present must be those of one level of
    the hierarchy, as check requires -#}
{% macro sqlanon_generalizations(test, model, quasi_identifiers, hierarchies, yaml) %}
  {%- set hierarchies = {} if hierarchies is none else hierarchies -%}
  {%- if hierarchies is not mapping or hierarchies.identifier is defined -%}
    {{ sqlanon.sqlanon_fail(test, "hierarchies must map quasi-identifiers to their hierarchies as relations, e.g. {age: \"{{ ref('age_hierarchy') }}\"}; a quasi-identifier without one generalizes only to '*'.") }}
  {%- endif -%}
  {%- for name in hierarchies if name not in quasi_identifiers -%}
    {{ sqlanon.sqlanon_fail(test, "hierarchies names " ~ name ~ ", which is not in " ~ ("the release's quasi-identifiers" if yaml else "quasi_identifiers") ~ ".") }}
  {%- endfor -%}
  {%- set out = [] -%}
  {%- for q in quasi_identifiers -%}
    {%- if q in hierarchies and hierarchies[q] is none -%}
      {{ sqlanon.sqlanon_fail(test, "hierarchies gives " ~ q ~ " no relation; give its hierarchy, e.g. {" ~ q ~ ": \"{{ ref('" ~ q ~ "_hierarchy') }}\"}, or leave " ~ q ~ " out (then only '*' generalizes it).") }}
    {%- endif -%}
    {%- if q in hierarchies -%}
      {%- set h = sqlanon.sqlanon_hierarchy(test, model, q, hierarchies[q], true) -%}
      {%- if run_query(sqlanon.sqlanon_generalize_guard(model, q, h['paths'])).rows|length > 0 -%}
        {{ sqlanon.sqlanon_fail(test, "the values of the quasi-identifier " ~ q ~ " do not say which level of its hierarchy " ~ hierarchies[q] ~ " they are at (sqlanon check refuses such a table too): some value is not a label of the hierarchy, or the values mix levels, or they are labels of several levels that generalize differently. Check that it is the hierarchy the column was generalized with, and that the seed's columns are read as text (column_types: varchar, else a value such as 02134 becomes 2134).") }}
      {%- endif -%}
      {%- do out.append(sqlanon.sqlanon_generalize(model, q, h['paths'])) -%}
    {%- else -%}
      {%- do out.append(sqlanon.sqlanon_generalize(model, q, none)) -%}
    {%- endif -%}
  {%- endfor -%}
  {{ return(out) }}
{% endmacro %}
