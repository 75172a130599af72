{% macro sqlanon_check_param(test, rule, value) %}
  {%- set key = rule['key'] -%}
  {%- if value is none -%}
    {{ sqlanon.sqlanon_fail(test, "needs the parameter " ~ key ~ ".") }}
  {%- endif -%}
  {%- set wanted = "a whole number" if rule['type'] == 'integer' else "a number" -%}
  {%- if value is boolean -%}
    {{ sqlanon.sqlanon_fail(test, key ~ " must be " ~ wanted ~ ", got " ~ (value|string).lower() ~ ".") }}
  {%- elif value is string -%}
    {{ sqlanon.sqlanon_fail(test, key ~ " must be " ~ wanted ~ ", got the text '" ~ value ~ "' (write it without quotes).") }}
  {%- elif value is not number -%}
    {{ sqlanon.sqlanon_fail(test, key ~ " must be " ~ wanted ~ ", got " ~ value ~ ".") }}
  {%- endif -%}
  {%- if rule['type'] == 'integer' and value != value|int -%}
    {{ sqlanon.sqlanon_fail(test, key ~ " must be a whole number, got " ~ value ~ ".") }}
  {%- endif -%}
  {%- if value - value != 0 -%}
    {{ sqlanon.sqlanon_fail(test, key ~ " must be a finite number, got " ~ value ~ ".") }}
  {%- endif -%}
  {%- set low = rule['low'] -%}
  {%- set high = rule['high'] -%}
  {%- if value < low or (rule['open_low'] and value == low) or (high is not none and value > high) -%}
    {%- if rule['type'] == 'integer' -%}
      {%- set bound = "be at least " ~ low -%}
    {%- elif high is none -%}
      {%- set bound = ("be greater than " if rule['open_low'] else "be at least ") ~ low -%}
    {%- else -%}
      {%- set bound = "lie in " ~ ("(" if rule['open_low'] else "[") ~ low ~ ", " ~ high ~ "]" -%}
    {%- endif -%}
    {{ sqlanon.sqlanon_fail(test, key ~ " must " ~ bound ~ ", got " ~ value ~ ".") }}
  {%- endif -%}
{% endmacro %}
