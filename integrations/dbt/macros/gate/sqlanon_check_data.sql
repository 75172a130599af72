{#- what `sqlanon check` refuses before it evaluates, where the statements' verdict would
    mean nothing or the database would fail with a sensitive value in its message: an empty
    model, and for numeric orders and distances NULLs and non-numeric columns -#}
{#- source: the relation whose column types model has, when model is a query over it (release) -#}
{#- sensitive: none, a column or a list of columns -#}
{% macro sqlanon_check_data(test, model, sensitive, numbers, variant, axis, source=none) %}
  {%- set columns = [] if sensitive is none else ([sensitive] if sensitive is string else sensitive) -%}
  {%- set counted = ["COUNT(*)"] -%}
  {%- for name in columns -%}{%- do counted.append("COUNT(" ~ sqlanon.sqlanon_quote(name) ~ ")") -%}{%- endfor -%}
  {%- set row = run_query("SELECT " ~ counted|join(", ") ~ " FROM " ~ model).rows[0] -%}
  {%- set total = row[0]|int -%}
  {%- if total == 0 -%}
    {{ sqlanon.sqlanon_fail(test, "the model has no rows: there is nothing to check (sqlanon check refuses an empty table too). Check what builds it.") }}
  {%- endif -%}
  {%- if numbers -%}
    {%- set what = axis ~ " " ~ variant -%}
    {%- for name in columns -%}
      {%- if row[loop.index]|int < total -%}
        {{ sqlanon.sqlanon_fail(test, "the sensitive column " ~ name ~ " has " ~ (total - row[loop.index]|int) ~ " NULL (missing) values; " ~ what ~ " reads its values as numbers, and a NULL is none. Fill them or filter them out (" ~ ("in the model" if source is not none else "the test's where config") ~ ").") }}
      {%- endif -%}
    {%- endfor -%}
    {#- the column types: of the relation, or of the query dbt makes of it (a test's where config) -#}
    {%- set typed = source if source is not none else model -%}
    {%- if typed is not string and typed.identifier is defined -%}
      {%- set described = adapter.get_columns_in_relation(typed) -%}
    {%- else -%}
      {%- set described = adapter.get_column_schema_from_query("SELECT * FROM " ~ typed ~ " WHERE 1 = 0") -%}
    {%- endif -%}
    {%- for column in described -%}
      {%- for name in columns if column.name == name or column.name|lower == name|lower -%}
        {%- if not sqlanon.sqlanon_is_number(column) -%}
          {{ sqlanon.sqlanon_fail(test, "the sensitive column " ~ name ~ " is of type " ~ column.data_type ~ "; " ~ what ~ " reads its values as numbers: cast it to a numeric type in the model.") }}
        {%- endif -%}
      {%- endfor -%}
    {%- endfor -%}
  {%- endif -%}
{% endmacro %}
