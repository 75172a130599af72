{#- release: a model's release at a fixed lattice node, what `sqlanon apply --node`
    publishes (written by hand; the criteria's SQL is the generated statements'):

        {{ sqlanon.release(ref('people'),
             columns={'zip': {'role': 'quasi', 'hierarchy': ref('zip_hierarchy')}, ...,
                      'disease': 'sensitive', 'name': 'identifier', 'sex': 'insensitive'},
             criteria=[{'k-anonymity': {'k': 5}}, {'l-diversity': {'l': 2}}],
             node={'zip': 1, 'age': 2}, suppression_limit=0.05) }}

    columns, criteria and suppression_limit as in sqlanon's YAML configuration (hierarchies as
    relations, laid out as sqlanon's hierarchy files); node: a level for every quasi-identifier.
    Each quasi-identifier is replaced by its label at the node's level, identifier columns are
    dropped, the classes violating an error-severity criterion are suppressed when their rows
    fit the suppression limit, and the release is gated again. When the node does not meet the
    criteria within the limit, or the release fails its gate, the model fails with the reason
    and nothing is published. -#}
{% macro release(model, columns, criteria, node, suppression_limit=0) %}
  {%- if not execute -%}
    {{ return("SELECT 1 AS " ~ sqlanon.sqlanon_quote("sqlanon_parsing")) }}
  {%- endif -%}
  {%- set test = "release" -%}
  {%- if model is string or model.identifier is not defined -%}
    {{ sqlanon.sqlanon_fail(test, "the model to release must be a relation: ref('...') or source('...', '...').") }}
  {%- endif -%}
  {%- if columns is not mapping or criteria is string or criteria is mapping or criteria is not iterable or node is not mapping -%}
    {{ sqlanon.sqlanon_fail(test, "needs columns (a mapping of column -> role), criteria (a list of models as in the YAML configuration) and node (quasi-identifier -> level).") }}
  {%- endif -%}
  {%- if suppression_limit is string -%}
    {{ sqlanon.sqlanon_fail(test, "suppression_limit must be a share of the rows in [0, 1], got the text '" ~ suppression_limit ~ "' (write it without quotes).") }}
  {%- elif suppression_limit is boolean or suppression_limit is not number or suppression_limit < 0 or suppression_limit > 1 -%}
    {{ sqlanon.sqlanon_fail(test, "suppression_limit must be a share of the rows in [0, 1], got " ~ suppression_limit ~ ".") }}
  {%- endif -%}
  {%- set names = [] -%}
  {%- for c in adapter.get_columns_in_relation(model) -%}{%- do names.append(c.name) -%}{%- endfor -%}
  {#- every column needs a role, as in sqlanon -#}
  {%- set roles = {} -%}
  {%- set hierarchies = {} -%}
  {%- for name, spec in columns.items() -%}
    {%- set role = spec if spec is string else spec.get('role') -%}
    {%- if role not in ['identifier', 'quasi', 'sensitive', 'insensitive'] -%}
      {{ sqlanon.sqlanon_fail(test, "column " ~ name ~ " needs a role: identifier, quasi, sensitive or insensitive.") }}
    {%- endif -%}
    {%- if name not in names -%}
      {{ sqlanon.sqlanon_fail(test, "column " ~ name ~ " is not a column of " ~ model ~ ".") }}
    {%- endif -%}
    {%- for key in ([] if spec is string else spec.keys()) if key not in ['role', 'hierarchy', 'max_level', 'weight'] -%}
      {{ sqlanon.sqlanon_fail(test, "column " ~ name ~ ": " ~ key ~ " is not taken by sqlanon.release (it takes role, hierarchy, max_level and weight); " ~ ("the package's ordered distances use the values' numeric order" if key == 'order' else "remove it") ~ ".") }}
    {%- endfor -%}
    {%- do roles.update({name: role}) -%}
    {%- if role == 'quasi' -%}
      {%- if spec is string or spec.get('hierarchy') is none -%}
        {{ sqlanon.sqlanon_fail(test, "quasi-identifier " ~ name ~ " needs a hierarchy: a relation such as ref('" ~ name ~ "_hierarchy').") }}
      {%- endif -%}
      {%- if spec['hierarchy'] is string -%}
        {{ sqlanon.sqlanon_fail(test, "the hierarchy of " ~ name ~ " must be a relation: ref('...') or source('...', '...'), laid out as sqlanon's hierarchy files (value, then its label at each level); sqlanon's builders and files are not read by the package.") }}
      {%- endif -%}
      {%- do hierarchies.update({name: spec['hierarchy']}) -%}
    {%- endif -%}
  {%- endfor -%}
  {%- set missing = [] -%}
  {%- for name in names if name not in roles -%}{%- do missing.append(name) -%}{%- endfor -%}
  {%- if missing -%}
    {{ sqlanon.sqlanon_fail(test, "column(s) " ~ missing|join(', ') ~ " have no role. Give each a role (identifier to drop it, insensitive to keep it unchanged) so nothing is published by accident.") }}
  {%- endif -%}
  {%- set qis = [] -%}
  {%- set sensitive = [] -%}
  {%- for name in names -%}
    {%- if roles[name] == 'quasi' -%}{%- do qis.append(name) -%}{%- endif -%}
    {%- if roles[name] == 'sensitive' -%}{%- do sensitive.append(name) -%}{%- endif -%}
  {%- endfor -%}
  {%- if not qis -%}
    {{ sqlanon.sqlanon_fail(test, "no column has role quasi: there is nothing to generalize.") }}
  {%- endif -%}
  {#- the node: a level within its hierarchy for every quasi-identifier -#}
  {%- for key in node if key not in qis -%}
    {{ sqlanon.sqlanon_fail(test, "node names " ~ key ~ ", which is not a quasi-identifier.") }}
  {%- endfor -%}
  {%- set maps = [] -%}
  {%- for q in qis -%}
    {%- set level = node.get(q) -%}
    {%- if level is none or level is boolean or level is not number or level != level|int or level < 0 -%}
      {{ sqlanon.sqlanon_fail(test, "node needs a level (0, 1, ...) for quasi-identifier " ~ q ~ ".") }}
    {%- endif -%}
    {%- set h = sqlanon.sqlanon_hierarchy(test, model, q, hierarchies[q]) -%}
    {%- if level > h['height'] -%}
      {{ sqlanon.sqlanon_fail(test, "node gives " ~ q ~ " the level " ~ level ~ "; its hierarchy has levels 0 to " ~ h['height'] ~ ".") }}
    {%- endif -%}
    {%- set cap = columns[q].get('max_level') -%}
    {%- if cap is not none and level > cap -%}
      {{ sqlanon.sqlanon_fail(test, "node gives " ~ q ~ " the level " ~ level ~ ", above its max_level " ~ cap ~ ".") }}
    {%- endif -%}
    {%- do maps.append("SELECT DISTINCT " ~ h['leaf'] ~ " AS " ~ sqlanon.sqlanon_quote('leaf') ~ ", " ~ (h['leaf'] if level == 0 else h['columns'][level]) ~ " AS " ~ sqlanon.sqlanon_quote('label') ~ " FROM " ~ hierarchies[q]) -%}
  {%- endfor -%}
  {#- the generalized rows: the model's columns in order, identifiers dropped -#}
  {%- set kept_columns = [] -%}
  {%- set out = [] -%}
  {%- for name in names if roles[name] != 'identifier' -%}
    {%- do kept_columns.append(sqlanon.sqlanon_quote(name)) -%}
    {%- if roles[name] == 'quasi' -%}
      {%- do out.append(sqlanon.sqlanon_quote('m' ~ qis.index(name)) ~ '.' ~ sqlanon.sqlanon_quote('label') ~ ' AS ' ~ sqlanon.sqlanon_quote(name)) -%}
    {%- else -%}
      {%- do out.append(sqlanon.sqlanon_quote('s') ~ '.' ~ sqlanon.sqlanon_quote(name)) -%}
    {%- endif -%}
  {%- endfor -%}
  {%- set joins = [] -%}
  {%- for q in qis -%}
    {%- set m = sqlanon.sqlanon_quote('m' ~ loop.index0) -%}
    {%- do joins.append("LEFT JOIN (" ~ maps[loop.index0] ~ ") AS " ~ m ~ " ON " ~ m ~ "." ~ sqlanon.sqlanon_quote('leaf') ~ " = COALESCE(" ~ sqlanon.sqlanon_text(sqlanon.sqlanon_quote('s') ~ '.' ~ sqlanon.sqlanon_quote(q)) ~ ", '')") -%}
  {%- endfor -%}
  {%- set generalized = "SELECT " ~ out|join(", ") ~ " FROM " ~ model ~ " AS " ~ sqlanon.sqlanon_quote('s') ~ " " ~ joins|join(" ") -%}
  {%- set as_relation = "(" ~ generalized ~ ") AS " ~ sqlanon.sqlanon_quote('sqlanon_generalized') -%}
  {#- each error-severity criterion's violating classes of the generalized rows -#}
  {%- set sensitive_hierarchies = {} -%}
  {%- for name in sensitive if columns[name] is not string and columns[name].get('hierarchy') is not none -%}
    {%- do sensitive_hierarchies.update({name: columns[name]['hierarchy']}) -%}
  {%- endfor -%}
  {%- set statements = sqlanon.sqlanon_release_statements(test, criteria, as_relation, qis, sensitive, sensitive_hierarchies, model, hierarchies) -%}
  {%- if not statements -%}
    {{ sqlanon.sqlanon_fail(test, "needs an error-severity criterion: the release suppresses what violates one.") }}
  {%- endif -%}
  {%- set parts = [] -%}
  {%- for s in statements -%}
    {%- do parts.append("SELECT " ~ sqlanon.sqlanon_columns(qis, sqlanon.sqlanon_quote('b' ~ loop.index0) ~ '.') ~ " FROM (" ~ s['sql'] ~ ") AS " ~ sqlanon.sqlanon_quote('b' ~ loop.index0)) -%}
  {%- endfor -%}
  {%- set same = [] -%}
  {%- for q in qis -%}
    {%- do same.append(sqlanon.sqlanon_quote('b') ~ '.' ~ sqlanon.sqlanon_quote(q) ~ ' = ' ~ sqlanon.sqlanon_quote('g') ~ '.' ~ sqlanon.sqlanon_quote(q)) -%}
  {%- endfor -%}
  {%- set violating = "EXISTS (SELECT 1 FROM " ~ sqlanon.sqlanon_quote('sqlanon_bad') ~ " AS " ~ sqlanon.sqlanon_quote('b') ~ " WHERE " ~ same|join(" AND ") ~ ")" -%}
  {%- set prefix = "WITH " ~ sqlanon.sqlanon_quote('sqlanon_generalized') ~ " AS (" ~ generalized ~ "), " ~ sqlanon.sqlanon_quote('sqlanon_bad') ~ " AS (" ~ parts|join(" UNION ") ~ ") " -%}
  {%- set row = run_query(prefix ~ "SELECT COUNT(*), COALESCE(SUM(CASE WHEN " ~ violating ~ " THEN 1 ELSE 0 END), 0) FROM " ~ sqlanon.sqlanon_quote('sqlanon_generalized') ~ " AS " ~ sqlanon.sqlanon_quote('g')).rows[0] -%}
  {%- set all_rows = row[0]|int -%}
  {%- set bad_rows = row[1]|int -%}
  {%- set limit = sqlanon.sqlanon_fraction(suppression_limit) -%}
  {%- if bad_rows > 0 and (bad_rows * limit[1] > limit[0] * all_rows or bad_rows >= all_rows) -%}
    {%- set shown = [] -%}
    {%- for q in qis -%}{%- do shown.append(q ~ "=" ~ node[q]) -%}{%- endfor -%}
    {%- set allowed = (limit[0] * all_rows) // limit[1] -%}
    {%- set why = "every row violates them" if bad_rows >= all_rows else bad_rows ~ " of " ~ all_rows ~ " rows violate them; the suppression limit " ~ suppression_limit ~ " allows " ~ allowed -%}
    {{ sqlanon.sqlanon_fail(test, "the node " ~ shown|join(", ") ~ " does not satisfy the criteria on this data: " ~ why ~ "; nothing is published.") }}
  {%- endif -%}
  {%- set kept = prefix ~ "SELECT " ~ kept_columns|join(", ") ~ " FROM " ~ sqlanon.sqlanon_quote('sqlanon_generalized') ~ " AS " ~ sqlanon.sqlanon_quote('g') ~ " WHERE NOT " ~ violating -%}
  {#- the gate: every error-severity criterion again, on the release itself -#}
  {%- set gated = sqlanon.sqlanon_release_statements(test, criteria, "(" ~ kept ~ ") AS " ~ sqlanon.sqlanon_quote('sqlanon_release'), qis, sensitive, sensitive_hierarchies, model, hierarchies) -%}
  {%- for s in gated -%}
    {%- set found = run_query("SELECT COUNT(*) FROM (" ~ s['sql'] ~ ") AS " ~ sqlanon.sqlanon_quote('v')).rows[0][0]|int -%}
    {%- if found > 0 -%}
      {{ sqlanon.sqlanon_fail(test, "the release fails its gate: " ~ s['kind'] ~ " has " ~ found ~ " violating class(es) after suppression; nothing is published.") }}
    {%- endif -%}
  {%- endfor -%}
  {{ return(kept) }}
{% endmacro %}
