{#- whether a column (of a relation, or of a query: there psycopg2's type names) is numeric
    (Spark's INT and decimal(p,s) too) -#}
{% macro sqlanon_is_number(column) %}
  {%- set base = (column.dtype|upper).split('(')[0]|trim -%}
  {{ return(column.is_number() or base in ['INT', 'INTEGER', 'LONGINTEGER', 'FLOAT', 'DECIMAL', 'NUMERIC', 'HUGEINT',
      'UHUGEINT', 'UBIGINT', 'UINTEGER', 'USMALLINT', 'UTINYINT', 'TINYINT', 'SMALLINT', 'BIGINT', 'DOUBLE', 'REAL']) }}
{% endmacro %}
