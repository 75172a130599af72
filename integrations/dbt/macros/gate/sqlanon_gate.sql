{#- sqlanon_gate: what every sqlanon generic test does before its SQL (written by hand; the
    SQL itself is generated, by tools/dbt_package.py, from sqlanon's gate statements):
    validate the arguments with the rules sqlanon's configuration checks (sqlanon_rules()),
    make the template values from the parameters, and say which statement the test runs. Errors name the test, the argument and what to do. -#}

{% macro sqlanon_fail(test, message) %}
  {{- exceptions.raise_compiler_error("sqlanon." ~ test ~ ": " ~ message) -}}
{% endmacro %}

{#- the exact rational a number means, as [numerator, denominator] (0.1 is 1/10, as sqlanon reads it) -#}
{% macro sqlanon_fraction(value) %}
  {%- set text = (value|string).lower() -%}
  {%- set parts = (text.split('e') + ['0'])[:2] -%}
  {%- set digits = (parts[0].split('.') + [''])[:2] -%}
  {%- set whole = (digits[0] ~ digits[1])|int -%}
  {%- set scale = (digits[1]|length) - (parts[1]|int) -%}
  {%- if scale >= 0 -%}
    {{ return([whole, 10 ** scale]) }}
  {%- else -%}
    {{ return([whole * 10 ** (0 - scale), 1]) }}
  {%- endif -%}
{% endmacro %}

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

{% macro sqlanon_gate(kind, model, quasi_identifiers, sensitive, column_name, given, source=none) %}
  {#- dbt renders tests when it parses the project too: arguments are checked when the test
      runs, so a misconfigured test fails alone instead of stopping the whole project -#}
  {%- if not execute -%}
    {{ return({'macro': none}) }}
  {%- endif -%}
  {%- set entry = sqlanon.sqlanon_rules()[kind] -%}
  {#- called by sqlanon.release (source given): its criteria are in the YAML's words, and its
      errors say the criterion -#}
  {%- set yaml = source is not none -%}
  {%- set test = ('release (' ~ kind ~ ')') if yaml else entry['test'] -%}
  {%- set one = 'attribute' if yaml else 'sensitive' -%}
  {%- set many = 'attributes' if yaml else 'sensitive' -%}
  {%- if quasi_identifiers is none or quasi_identifiers is string or quasi_identifiers is mapping
        or quasi_identifiers is not iterable or quasi_identifiers|length == 0 -%}
    {{ sqlanon.sqlanon_fail(test, "needs quasi_identifiers: the list of the model's quasi-identifier columns, e.g. [age, zip].") }}
  {%- endif -%}
  {%- for q in quasi_identifiers -%}
    {%- if q is not string -%}
      {{ sqlanon.sqlanon_fail(test, "quasi_identifiers must list column names, got " ~ q ~ ".") }}
    {%- endif -%}
  {%- endfor -%}
  {%- if quasi_identifiers|unique|list|length != quasi_identifiers|length -%}
    {{ sqlanon.sqlanon_fail(test, "quasi_identifiers lists a column twice.") }}
  {%- endif -%}
  {%- for key in ['attribute', 'attributes'] -%}
    {%- if key in given -%}
      {{ sqlanon.sqlanon_fail(test, "name the sensitive column with sensitive (sqlanon's YAML configuration calls it " ~ key ~ "), e.g. sensitive: disease.") }}
    {%- endif -%}
  {%- endfor -%}
  {#- a list: the sensitive columns of a model over several (multi-attribute l-diversity,
      variational dissimilarity) -#}
  {%- set several = sensitive is not none and sensitive is not string and sensitive is not mapping and sensitive is iterable -%}
  {%- if sensitive is not none and column_name is not none and kind != 'k-anonymity'
        and (column_name not in sensitive if several else sensitive != column_name) -%}
    {{ sqlanon.sqlanon_fail(test, "the test is attached to column " ~ column_name ~ " but names sensitive: " ~ ("[" ~ sensitive|join(', ') ~ "]" if several else sensitive) ~ "; attach it to the sensitive column, or to the model, with one of them.") }}
  {%- endif -%}
  {%- set sensitive = sensitive if sensitive is not none else column_name -%}
  {%- if kind == 'k-anonymity' -%}
    {%- if sensitive is not none and column_name is none -%}
      {{ sqlanon.sqlanon_fail(test, "k-anonymity takes no sensitive column; remove sensitive.") }}
    {%- endif -%}
  {%- elif several -%}
    {%- for name in sensitive -%}
      {%- if name is not string -%}
        {{ sqlanon.sqlanon_fail(test, many ~ " must name columns, got " ~ name ~ ".") }}
      {%- elif name in quasi_identifiers -%}
        {{ sqlanon.sqlanon_fail(test, "the sensitive column " ~ name ~ " is also listed in quasi_identifiers.") }}
      {%- endif -%}
    {%- endfor -%}
    {%- if sensitive|length < 2 -%}
      {{ sqlanon.sqlanon_fail(test, many ~ " lists " ~ sensitive|length ~ " column(s); give one column as " ~ one ~ ": name, or list at least two.") }}
    {%- elif sensitive|unique|list|length != sensitive|length -%}
      {{ sqlanon.sqlanon_fail(test, many ~ " lists a column twice.") }}
    {%- endif -%}
  {%- elif sensitive is none or sensitive is not string -%}
    {{ sqlanon.sqlanon_fail(test, "needs sensitive: the name of the sensitive column it protects (or attach the test to that column).") }}
  {%- elif sensitive in quasi_identifiers -%}
    {{ sqlanon.sqlanon_fail(test, "the sensitive column " ~ sensitive ~ " is also listed in quasi_identifiers.") }}
  {%- endif -%}
  {%- set axis = entry['axis'] -%}
  {%- set variant = given.get(axis, entry['default']) if axis else '' -%}
  {%- if axis and variant is none -%}
    {{ sqlanon.sqlanon_fail(test, "needs " ~ axis ~ ": one of " ~ entry['variants'].keys()|join(', ') ~ ".") }}
  {%- endif -%}
  {%- if variant not in entry['variants'] -%}
    {{ sqlanon.sqlanon_fail(test, "unknown " ~ axis ~ " " ~ variant ~ "; use one of " ~ entry['variants'].keys()|join(', ') ~ ".") }}
  {%- endif -%}
  {%- set spec = entry['variants'][variant] -%}
  {%- set named = (axis ~ " " ~ variant ~ ("" if axis in given else " (the default)") ~ ": " if axis else "") -%}
  {#- a variant's second choice (smoothed-js's ground) picks one of its forms -#}
  {%- set sub = spec['sub'] -%}
  {%- if sub -%}
    {%- set choice = given.get(sub['key']) -%}
    {%- if choice is none -%}
      {{ sqlanon.sqlanon_fail(test, named ~ "needs " ~ sub['key'] ~ ": one of " ~ sub['items'].keys()|join(', ') ~ ".") }}
    {%- elif choice not in sub['items'] -%}
      {{ sqlanon.sqlanon_fail(test, "unknown " ~ sub['key'] ~ " " ~ choice ~ "; use one of " ~ sub['items'].keys()|join(', ') ~ ".") }}
    {%- endif -%}
    {%- set spec = sub['items'][choice] -%}
    {%- set named = named[:-2] ~ ", " ~ sub['key'] ~ " " ~ choice ~ ": " -%}
  {%- endif -%}
  {%- set macro = spec['macro'] -%}
  {#- a model reading the quasi-identifiers one by one ((n,t)-closeness): a statement per count -#}
  {%- if spec['quasi'] -%}
    {%- if quasi_identifiers|length not in spec['quasi'] -%}
      {{ sqlanon.sqlanon_fail(test, named ~ "the package writes it for up to " ~ spec['quasi']|list|max ~ " quasi-identifiers; " ~ ("the release has " if yaml else "the test lists ") ~ quasi_identifiers|length ~ ". Run `sqlanon check` on the model's table for more.") }}
    {%- endif -%}
    {%- set macro = spec['quasi'][quasi_identifiers|length] -%}
  {%- endif -%}
  {%- if several -%}
    {%- if not spec['multi'] -%}
      {%- set taking = [] -%}
      {%- for name, item in entry['variants'].items() if item['multi'] -%}{%- do taking.append(name) -%}{%- endfor -%}
      {{ sqlanon.sqlanon_fail(test, named ~ "takes one sensitive column; give it as " ~ one ~ ": name" ~ (" (several columns are taken by " ~ axis ~ " " ~ taking|join(', ') ~ ")" if taking else "") ~ ".") }}
    {%- elif sensitive|length not in spec['multi'] -%}
      {{ sqlanon.sqlanon_fail(test, many ~ " lists " ~ sensitive|length ~ " columns; the package takes at most " ~ spec['multi']|list|max ~ ". Run `sqlanon check` on the model's table for more.") }}
    {%- endif -%}
    {%- set macro = spec['multi'][sensitive|length] -%}
  {%- elif spec['why'] == sqlanon.sqlanon_several() -%}
    {{ sqlanon.sqlanon_fail(test, named ~ spec['why'] ~ ": list them in " ~ many ~ ", e.g. " ~ many ~ ": [" ~ sensitive ~ ", other_column].") }}
  {%- elif spec['why'] is not none -%}
    {{ sqlanon.sqlanon_fail(test, named ~ "not written by the dbt package yet: " ~ spec['why'] ~ ". Run `sqlanon check` on the model's table for it.") }}
  {%- endif -%}
  {#- multi_attribute: sqlanon's YAML configuration's switch; here the list of columns says it -#}
  {%- set multi = given.get('multi_attribute') -%}
  {%- if kind == 'l-diversity' -%}
    {%- if multi is not none and multi is not boolean -%}
      {{ sqlanon.sqlanon_fail(test, "multi_attribute must be true or false, got " ~ multi ~ ".") }}
    {%- elif multi and not several -%}
      {{ sqlanon.sqlanon_fail(test, "multi_attribute needs " ~ many ~ " to list the sensitive columns, at least two, e.g. " ~ many ~ ": [" ~ sensitive ~ ", other_column].") }}
    {%- elif several and multi is not none and not multi -%}
      {{ sqlanon.sqlanon_fail(test, many ~ " lists several columns but multi_attribute is false; to check them separately, give one " ~ ("criterion" if yaml else "test") ~ " per column.") }}
    {%- elif several and yaml and not multi -%}
      {{ sqlanon.sqlanon_fail(test, "several attributes need multi_attribute: true (each checked with the others as quasi-identifiers); to check them separately, give one criterion per attribute.") }}
    {%- endif -%}
  {%- endif -%}
  {%- set known = ['hierarchy'] if spec['hierarchy'] else [] -%}
  {%- if spec['quasi'] -%}{%- do known.append('hierarchies') -%}{%- endif -%}
  {%- if sub -%}{%- do known.append(sub['key']) -%}{%- endif -%}
  {%- if kind == 'l-diversity' and spec['multi'] -%}{%- do known.append('multi_attribute') -%}{%- endif -%}
  {%- for rule in spec['params'] -%}{%- do known.append(rule['key']) -%}{%- endfor -%}
  {%- for key in given -%}
    {%- if key != axis and key not in known -%}
      {{ sqlanon.sqlanon_fail(test, "unknown parameter " ~ key ~ "; use " ~ (["quasi_identifiers"] + (["sensitive"] if kind != 'k-anonymity' else []) + ([axis] if axis else []) + known)|join(', ') ~ ".") }}
    {%- endif -%}
  {%- endfor -%}
  {%- for rule in spec['params'] if rule['type'] in ['number', 'integer'] -%}
    {{- sqlanon.sqlanon_check_param(test, rule, given.get(rule['key'])) -}}
  {%- endfor -%}
  {{- sqlanon.sqlanon_check_columns(test, model, quasi_identifiers, sensitive if kind != 'k-anonymity' else none,
        {'quasi': 'columns' if yaml else 'quasi_identifiers', 'sensitive': many if several else one}) -}}
  {%- set lists = [] -%}
  {%- for rule in spec['params'] if rule['type'] == 'values' -%}
    {%- do lists.append(sqlanon.sqlanon_check_values(test, rule, given.get(rule['key']))) -%}
  {%- endfor -%}
  {%- set v = {} -%}
  {%- if lists -%}
    {%- set reserved = sqlanon.sqlanon_reserved(test, model, sensitive, spec['params'], given) -%}
    {%- do v.update({'reserved': reserved['sql']}) -%}
  {%- endif -%}
  {%- if spec['hierarchy'] -%}
    {%- set levels = sqlanon.sqlanon_hierarchy(test, model, sensitive, given.get('hierarchy')) -%}
    {%- do v.update({'levels': levels['sql']}) -%}
  {%- endif -%}
  {%- if spec['quasi'] -%}
    {%- do v.update({'generalize': sqlanon.sqlanon_generalizations(test, model, quasi_identifiers, given.get('hierarchies'), yaml)}) -%}
  {%- endif -%}
  {%- for key, how in spec['formats'].items() -%}
    {%- set value = given.get(how[0]) -%}
    {%- if how[1] == 'height' -%}
      {%- do v.update({key: levels['height']}) -%}
    {%- elif how[1] == 'level' -%}
      {#- as sqlanon computes it: floor((epsilon + tol) H) in floating point -#}
      {%- do v.update({key: ((value|float + sqlanon.sqlanon_tol()) * levels['height'])|round(0, 'floor')|int}) -%}
    {%- elif how[1] == 'within' -%}
      {#- the largest distance within epsilon, as sqlanon computes it: epsilon + tol -#}
      {%- do v.update({key: value|float + sqlanon.sqlanon_tol()}) -%}
    {%- elif how[1] == 'codes' -%}
      {%- set codes = [] -%}
      {%- for item in value -%}{%- do codes.append(reserved['values'].index(item|string)) -%}{%- endfor -%}
      {%- do v.update({key: (codes|unique|sort|join(', ')) if codes else '-1'}) -%}
    {%- elif how[1] == 'count' -%}
      {%- do v.update({key: value|map('string')|unique(case_sensitive=true)|list|length}) -%}
    {%- elif how[1] == 'int' -%}
      {%- do v.update({key: value|int}) -%}
    {%- elif how[1] == 'float' -%}
      {%- do v.update({key: value|float}) -%}
    {%- else -%}
      {%- do v.update({key: sqlanon.sqlanon_fraction(value)[0 if how[1] == 'num' else 1]}) -%}
    {%- endif -%}
  {%- endfor -%}
  {{- sqlanon.sqlanon_check_data(test, model, sensitive if kind != 'k-anonymity' else none, spec['numbers'], variant, axis, source) -}}
  {%- if spec['pairs'] -%}
    {{- sqlanon.sqlanon_check_pairs(test, model, sensitive, spec['pairs'], given.get('bandwidth')) -}}
  {%- endif -%}
  {%- set names = {'rows': 'rows', 'observed': 'observed'} -%}
  {%- for name in ['rows', 'observed'] -%}
    {%- for _ in range(quasi_identifiers|length + 1) -%}
      {%- if names[name] in quasi_identifiers -%}{%- do names.update({name: names[name] ~ '_'}) -%}{%- endif -%}
    {%- endfor -%}
  {%- endfor -%}
  {{ return({'macro': macro, 'sensitive': sensitive, 'v': v, 'names': names}) }}
{% endmacro %}

{#- smoothed-js: the pairs of values its ground distance makes neighbours, capped as sqlanon
    caps them (t-closeness's _smoothing) -#}
{% macro sqlanon_check_pairs(test, model, sensitive, ground, bandwidth) %}
  {%- set m = run_query("SELECT COUNT(DISTINCT " ~ sqlanon.sqlanon_label(sqlanon.sqlanon_quote(sensitive)) ~ ") FROM " ~ model).rows[0][0]|int -%}
  {%- if ground == 'ordered' -%}
    {%- set width = 2 * ((bandwidth * ([m - 1, 1]|max))|round(0, 'ceil')|int) + 1 -%}
    {%- set pairs = m * ([m, width]|min) -%}
  {%- else -%}
    {%- set pairs = m * m if bandwidth > 1 else m -%}
  {%- endif -%}
  {%- if pairs > sqlanon.sqlanon_max_ground_pairs() -%}
    {{ sqlanon.sqlanon_fail(test, "bandwidth " ~ bandwidth ~ " makes about " ~ pairs ~ " pairs of the " ~ m ~ " values of " ~ sensitive ~ " neighbours (at most " ~ sqlanon.sqlanon_max_ground_pairs() ~ "); lower the bandwidth.") }}
  {%- endif -%}
{% endmacro %}

{#- a parameter listing sensitive values (allowed, protected), checked as sqlanon's configuration checks it -#}
{% macro sqlanon_check_values(test, rule, value) %}
  {%- set key = rule['key'] -%}
  {%- if value is none -%}
    {{ sqlanon.sqlanon_fail(test, "needs the parameter " ~ key ~ ": a list of sensitive values" ~ (", e.g. [flu]." if rule['empty'] else " (may be empty).")) }}
  {%- endif -%}
  {%- if value is string or value is mapping or value is not iterable -%}
    {{ sqlanon.sqlanon_fail(test, key ~ " must be a list of sensitive values, e.g. [flu], got " ~ value ~ ".") }}
  {%- endif -%}
  {%- for item in value -%}
    {%- if item is none or item is mapping or (item is iterable and item is not string) -%}
      {{ sqlanon.sqlanon_fail(test, key ~ " must be a list of sensitive values, e.g. [flu]; it holds " ~ (item if item is not none else "an empty item") ~ ".") }}
    {%- endif -%}
  {%- endfor -%}
  {%- if rule['empty'] and value|length == 0 -%}
    {{ sqlanon.sqlanon_fail(test, rule['empty']) }}
  {%- endif -%}
  {{ return(value) }}
{% endmacro %}

{#- the values the test's lists name (standalone_domain.sql's part "reserved": each value's
    key, as sqlanon_label writes a cell, sorted by value, and its code, its position), checked
    to occur in the sensitive column as sqlanon check checks them -#}
{% macro sqlanon_reserved(test, model, sensitive, params, given) %}
  {%- set named = [] -%}
  {%- for rule in params if rule['type'] == 'values' -%}
    {%- for item in given.get(rule['key']) -%}{%- do named.append(item|string) -%}{%- endfor -%}
  {%- endfor -%}
  {%- set values = named|unique(case_sensitive=true)|sort(case_sensitive=true)|list -%}
  {%- set rows = [] -%}
  {%- for item in values -%}
    {%- do rows.append("SELECT " ~ sqlanon.sqlanon_label("'" ~ item|replace("'", "''") ~ "'") ~ " AS \"value\", " ~ loop.index0 ~ " AS \"code\"") -%}
  {%- endfor -%}
  {%- set sql = rows|join(" UNION ALL ") if rows else "SELECT '' AS \"value\", 0 AS \"code\" WHERE 1 = 0" -%}
  {%- if values -%}
    {%- set present = "SELECT DISTINCT " ~ sqlanon.sqlanon_label(sqlanon.sqlanon_quote(sensitive)) ~ " FROM " ~ model -%}
    {%- set missing = run_query("SELECT " ~ sqlanon.sqlanon_unlabel('"r"."value"') ~ " FROM (" ~ sql ~ ") AS \"r\" WHERE \"r\".\"value\" NOT IN (" ~ present ~ ")").columns[0].values() -%}
    {%- for rule in params if rule['type'] == 'values' -%}
      {%- set absent = [] -%}
      {%- for item in given.get(rule['key']) if item|string in missing and item|string not in absent -%}{%- do absent.append(item|string) -%}{%- endfor -%}
      {%- if absent -%}
        {{ sqlanon.sqlanon_fail(test, rule['key'] ~ " lists value(s) " ~ absent ~ " that do not occur in the column " ~ sensitive ~ "; fix the spelling (values are compared as text) or remove them.") }}
      {%- endif -%}
    {%- endfor -%}
  {%- endif -%}
  {{ return({'values': values, 'sql': sql}) }}
{% endmacro %}

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

{#- whether a column (of a relation, or of a query: there psycopg2's type names) is numeric -#}
{% macro sqlanon_is_number(column) %}
  {%- set base = (column.dtype|upper).split('(')[0]|trim -%}
  {{ return(column.is_number() or base in ['INTEGER', 'LONGINTEGER', 'FLOAT', 'DECIMAL', 'NUMERIC', 'HUGEINT',
      'UHUGEINT', 'UBIGINT', 'UINTEGER', 'USMALLINT', 'UTINYINT', 'TINYINT', 'SMALLINT', 'BIGINT', 'DOUBLE', 'REAL']) }}
{% endmacro %}

{#- every column the test names is a column of the model (else the database's error would
    name the package's own columns) -#}
{% macro sqlanon_check_columns(test, model, quasi_identifiers, sensitive, words) %}
  {%- set have = run_query("SELECT * FROM " ~ model ~ " WHERE 1 = 0").column_names -%}
  {%- set lower = [] -%}
  {%- for name in have -%}{%- do lower.append(name|lower) -%}{%- endfor -%}
  {%- set named = [] -%}
  {%- for q in quasi_identifiers -%}{%- do named.append([words['quasi'], q]) -%}{%- endfor -%}
  {%- for name in ([] if sensitive is none else ([sensitive] if sensitive is string else sensitive)) -%}
    {%- do named.append([words['sensitive'], name]) -%}
  {%- endfor -%}
  {%- for where, name in named -%}
    {%- if name not in have and name|lower not in lower -%}
      {{ sqlanon.sqlanon_fail(test, where ~ " names " ~ name ~ ", which is not a column of the model; its columns are " ~ have|join(', ') ~ ".") }}
    {%- endif -%}
  {%- endfor -%}
{% endmacro %}

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
    {%- do checks.append("(SELECT COUNT(*) FROM (SELECT " ~ c[i] ~ " AS \"l\" FROM " ~ hierarchy ~ " GROUP BY " ~ c[i] ~ " HAVING COUNT(DISTINCT " ~ c[i + 1] ~ ") > 1) AS \"p\")") -%}
  {%- endfor -%}
  {%- set value = "CASE WHEN " ~ sqlanon.sqlanon_quote(sensitive) ~ " IS NULL THEN '' ELSE " ~ sqlanon.sqlanon_text(sqlanon.sqlanon_quote(sensitive)) ~ " END" -%}
  {%- do checks.append("(SELECT COUNT(*) FROM (SELECT DISTINCT " ~ value ~ " AS \"v\" FROM " ~ model ~ ") AS \"d\" WHERE \"d\".\"v\" NOT IN (SELECT " ~ leaf ~ " FROM " ~ hierarchy ~ "))") -%}
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
    {%- do levels.append("SELECT " ~ leaf ~ " AS \"leaf\", " ~ i ~ " AS \"lvl\", " ~ (leaf if i == 0 else c[i]) ~ " AS \"label\" FROM " ~ hierarchy) -%}
  {%- endfor -%}
  {{ return({'height': height, 'sql': levels[:height]|join(" UNION ALL "), 'paths': levels|join(" UNION ALL "), 'leaf': leaf, 'columns': c}) }}
{% endmacro %}

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

{#- the quasi-identifiers' labels (their keys: text, NULL as a label of its own that no text
    shares) in a class's ORDER BY, the classes' SELECT ('in') and the test's failing rows ('out',
    each value again as it is, NULL as NULL) -#}
{% macro sqlanon_labels(quasi_identifiers, how) %}
  {%- for q in quasi_identifiers -%}
    {%- set label = '"sqlanon_label_' ~ loop.index0 ~ '"' -%}
    {%- if how == 'order' -%}
      {{ sqlanon.sqlanon_label(sqlanon.sqlanon_quote(q)) }}
    {%- elif how == 'in' -%}
      {{ sqlanon.sqlanon_label(sqlanon.sqlanon_quote(q)) }} AS {{ label }}
    {%- else -%}
      {{ sqlanon.sqlanon_unlabel('"c".' ~ label) }} AS {{ sqlanon.sqlanon_quote(q) }}
    {%- endif -%}
    {%- if not loop.last %}, {% endif -%}
  {%- endfor -%}
{% endmacro %}

{% macro sqlanon_unsupported_adapter() %}
  {{- exceptions.raise_compiler_error("sqlanon's dbt tests run on the duckdb and postgres adapters, not " ~ adapter.type() ~ ". Run `sqlanon check` (or the SQL of `sqlanon compile`) on the model's table instead.") -}}
{% endmacro %}
