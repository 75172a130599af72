{#- what `sqlanon check` with person: refuses, or what the statements over people cannot
    weigh exactly, before a test counts people: a NULL person column, and (with a sensitive
    column) compile's guard of the weight of each person's values -#}
{% macro sqlanon_check_person(test, model, quasi_identifiers, person, sensitive, v) %}
  {%- set nulls = [] -%}
  {%- for p in person -%}{%- do nulls.append(sqlanon.sqlanon_quote(p) ~ " IS NULL") -%}{%- endfor -%}
  {%- set missing = run_query("SELECT COUNT(*) FROM " ~ model ~ " WHERE " ~ nulls|join(" OR ")).rows[0][0]|int -%}
  {%- if missing > 0 -%}
    {{ sqlanon.sqlanon_fail(test, missing ~ " row(s) have a NULL (missing) person column (" ~ person|join(', ') ~ "): they tell no person apart, and sqlanon check with person refuses them too. Fill them or filter them out (the test's where config).") }}
  {%- endif -%}
  {%- if sensitive is not none -%}
    {%- set bad = run_query(sqlanon.sqlanon_people_weight_guard(model, quasi_identifiers, sensitive, v, none)).rows -%}
    {%- if bad|length > 0 and bad[0][1]|int > sqlanon.sqlanon_people_bound() and sensitive is not string -%}
      {{ sqlanon.sqlanon_fail(test, "a person has " ~ bad[0][1] ~ " combinations of values of " ~ sensitive|join(', ') ~ " (the product of their numbers of distinct values of each); counting people, the package weighs each person's combinations exactly for people of at most " ~ sqlanon.sqlanon_people_bound() ~ " (as sqlanon compile's statements). Run `sqlanon check` with person on the model's table.") }}
    {%- elif bad|length > 0 and bad[0][1]|int > sqlanon.sqlanon_people_bound() -%}
      {{ sqlanon.sqlanon_fail(test, "a person has " ~ bad[0][1] ~ " distinct values of " ~ sensitive ~ "; counting people, the package weighs each person's values exactly for people of at most " ~ sqlanon.sqlanon_people_bound() ~ " values (as sqlanon compile's statements). Run `sqlanon check` with person on the model's table.") }}
    {%- elif bad|length > 0 -%}
      {{ sqlanon.sqlanon_fail(test, "the weight of each person's values of " ~ (sensitive if sensitive is string else sensitive|join(', ')) ~ " (the least common multiple of the people's numbers of values, " ~ bad[0][0] ~ ") times the " ~ bad[0][2] ~ " people exceeds 2^62, which sqlanon counts exactly no further; sqlanon check with person refuses the table too.") }}
    {%- endif -%}
  {%- endif -%}
{% endmacro %}
