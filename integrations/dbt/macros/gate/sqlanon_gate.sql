{#- sqlanon_gate: what every sqlanon generic test does before its SQL (written by hand; the
    SQL itself is generated, by tools/dbt_package.py, from sqlanon's gate statements):
    validate the arguments with the rules sqlanon's configuration checks (sqlanon_rules()),
    make the template values from the parameters, and say which statement the test runs. Errors name the test, the argument and what to do. -#}

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
  {#- person: the column(s) that tell the people apart; the test then counts people, as sqlanon
      check with person: does (sqlanon.release takes its configuration's criteria only) -#}
  {%- set person = given.get('person') if not yaml else none -%}
  {%- if not yaml and 'person' in given -%}
    {%- set person = [person] if person is string else person -%}
    {%- set named_person = "person must name the column that identifies the individual a row is about (person: patient_id), or a list of such columns (person: [site, patient_no])" -%}
    {%- if person is none or person is mapping or person is not iterable or person|length == 0 -%}
      {{ sqlanon.sqlanon_fail(test, named_person ~ ".") }}
    {%- endif -%}
    {%- for p in person -%}
      {%- if p is not string or p == '' -%}
        {{ sqlanon.sqlanon_fail(test, named_person ~ "; got " ~ p ~ ".") }}
      {%- elif p in quasi_identifiers -%}
        {{ sqlanon.sqlanon_fail(test, "the person column " ~ p ~ " is also listed in quasi_identifiers. The person column identifies the individual and is never published: use other columns as quasi-identifiers.") }}
      {%- elif kind != 'k-anonymity' and sensitive is not none and (p in sensitive if several else p == sensitive) -%}
        {{ sqlanon.sqlanon_fail(test, "the person column " ~ p ~ " is also the sensitive column. The person column identifies the individual and is never published: name another column as sensitive.") }}
      {%- endif -%}
    {%- endfor -%}
    {%- if person|unique|list|length != person|length -%}
      {{ sqlanon.sqlanon_fail(test, "person names a column more than once; name each column once.") }}
    {%- endif -%}
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
  {#- counting people: compile's statement over people (one sensitive column) -#}
  {%- if person is not none -%}
    {%- if several and spec['people']['several'] is not none -%}
      {{ sqlanon.sqlanon_fail(test, named ~ "with person: " ~ spec['people']['several'] ~ ". Give one sensitive column per test, or remove person to count rows.") }}
    {%- elif several -%}
      {#- several sensitive columns at once: compile's statement over people per number of them -#}
      {%- set macro = spec['people']['multi'][sensitive|length] -%}
    {%- elif spec['people']['why'] is not none -%}
      {{ sqlanon.sqlanon_fail(test, named ~ "not written by the dbt package over people: " ~ spec['people']['why'] ~ " Or remove person to count rows.") }}
    {%- else -%}
      {%- set macro = spec['people']['quasi'][quasi_identifiers|length] if spec['people']['quasi'] else spec['people']['macro'] -%}
    {%- endif -%}
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
  {%- if not yaml -%}{%- do known.append('person') -%}{%- endif -%}
  {%- for key in given -%}
    {%- if key != axis and key not in known -%}
      {{ sqlanon.sqlanon_fail(test, "unknown parameter " ~ key ~ "; use " ~ (["quasi_identifiers"] + (["sensitive"] if kind != 'k-anonymity' else []) + ([axis] if axis else []) + known)|join(', ') ~ ".") }}
    {%- endif -%}
  {%- endfor -%}
  {%- for rule in spec['params'] if rule['type'] in ['number', 'integer'] -%}
    {{- sqlanon.sqlanon_check_param(test, rule, given.get(rule['key'])) -}}
  {%- endfor -%}
  {{- sqlanon.sqlanon_check_columns(test, model, quasi_identifiers, sensitive if kind != 'k-anonymity' else none,
        {'quasi': 'columns' if yaml else 'quasi_identifiers', 'sensitive': many if several else one}, person) -}}
  {%- set lists = [] -%}
  {%- for rule in spec['params'] if rule['type'] == 'values' -%}
    {%- do lists.append(sqlanon.sqlanon_check_values(test, rule, given.get(rule['key']))) -%}
  {%- endfor -%}
  {%- set v = {} if person is none else {'person': person} -%}
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
  {%- if person is not none -%}
    {{- sqlanon.sqlanon_check_person(test, model, quasi_identifiers, person, sensitive if kind != 'k-anonymity' else none, v) -}}
  {%- endif -%}
  {%- if spec['pairs'] -%}
    {{- sqlanon.sqlanon_check_pairs(test, model, sensitive, spec['pairs'], given.get('bandwidth')) -}}
  {%- endif -%}
  {#- the failing rows' own columns (over people: class, people and observed) -#}
  {%- set names = {'class': 'class', 'rows': 'rows', 'people': 'people', 'observed': 'observed'} -%}
  {%- for name in ['class', 'rows', 'people', 'observed'] -%}
    {%- for _ in range(quasi_identifiers|length + 1) -%}
      {%- if names[name] in quasi_identifiers -%}{%- do names.update({name: names[name] ~ '_'}) -%}{%- endif -%}
    {%- endfor -%}
  {%- endfor -%}
  {{ return({'macro': macro, 'sensitive': sensitive, 'v': v, 'names': names}) }}
{% endmacro %}
