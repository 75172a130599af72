{% macro sqlanon_unsupported_adapter() %}
  {{- exceptions.raise_compiler_error("sqlanon's dbt tests run on the duckdb, postgres and spark adapters (and dbt-databricks, which dispatches to spark), not " ~ adapter.type() ~ ". Run `sqlanon check` (or the SQL of `sqlanon compile`) on the model's table instead.") -}}
{% endmacro %}
