{#- every column the test names is a column of the model (else the database's error would
    name the package's own columns) -#}
{% macro sqlanon_check_columns(test, model, quasi_identifiers, sensitive, words, person=none) %}
  {%- set have = run_query("SELECT * FROM " ~ model ~ " WHERE 1 = 0").column_names -%}
  {%- set lower = [] -%}
  {%- for name in have -%}{%- do lower.append(name|lower) -%}{%- endfor -%}
  {%- set named = [] -%}
  {%- for q in quasi_identifiers -%}{%- do named.append([words['quasi'], q]) -%}{%- endfor -%}
  {%- for name in ([] if sensitive is none else ([sensitive] if sensitive is string else sensitive)) -%}
    {%- do named.append([words['sensitive'], name]) -%}
  {%- endfor -%}
  {%- for name in person or [] -%}{%- do named.append(['person', name]) -%}{%- endfor -%}
  {%- for where, name in named -%}
    {%- if name not in have and name|lower not in lower -%}
      {{ sqlanon.sqlanon_fail(test, where ~ " names " ~ name ~ ", which is not a column of the model; its columns are " ~ have|join(', ') ~ ".") }}
    {%- endif -%}
  {%- endfor -%}
{% endmacro %}
