{% macro sqlanon_fail(test, message) %}
  {{- exceptions.raise_compiler_error("sqlanon." ~ test ~ ": " ~ message) -}}
{% endmacro %}
