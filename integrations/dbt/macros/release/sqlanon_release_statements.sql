{#- each error-severity criterion (YAML form) as its statement over a relation -#}
{% macro sqlanon_release_statements(test, criteria, relation, qis, sensitive, hierarchies, source, quasi_hierarchies) %}
  {%- set out = [] -%}
  {%- for item in criteria -%}
    {%- if item is not mapping or item|length != 1 -%}
      {{ sqlanon.sqlanon_fail(test, "each criterion must be a one-key mapping such as {'k-anonymity': {'k': 5}}.") }}
    {%- endif -%}
    {%- for kind, given in item.items() -%}
      {%- if given is not mapping -%}
        {{ sqlanon.sqlanon_fail(test, "the parameters of " ~ kind ~ " must be a mapping, e.g. {'" ~ kind ~ "': {'k': 5}}.") }}
      {%- endif -%}
      {%- if given.get('severity', 'error') not in ['error', 'warn'] -%}
        {{ sqlanon.sqlanon_fail(test, "unknown severity " ~ given.get('severity') ~ " in " ~ kind ~ "; use error or warn.") }}
      {%- endif -%}
      {%- if kind not in sqlanon.sqlanon_rules() -%}
        {{ sqlanon.sqlanon_fail(test, "unknown criterion " ~ kind ~ "; use one of " ~ sqlanon.sqlanon_rules().keys()|join(', ') ~ ".") }}
      {%- endif -%}
      {%- set params = {} -%}
      {%- for key, value in given.items() if key not in ['attribute', 'attributes', 'severity'] -%}{%- do params.update({key: value}) -%}{%- endfor -%}
      {%- if 'attribute' in given and 'attributes' in given -%}
        {{ sqlanon.sqlanon_fail(test, kind ~ ": give either attribute or attributes, not both.") }}
      {%- elif 'attribute' in given and given['attribute'] is not string -%}
        {{ sqlanon.sqlanon_fail(test, kind ~ ": attribute must name one sensitive column; for several, give attributes: [..].") }}
      {%- elif 'attributes' in given and (given['attributes'] is string or given['attributes'] is mapping or given['attributes'] is not iterable) -%}
        {{ sqlanon.sqlanon_fail(test, kind ~ ": attributes must list at least two sensitive columns.") }}
      {%- elif given.get('multi_attribute') is true and 'attributes' not in given -%}
        {{ sqlanon.sqlanon_fail(test, kind ~ ": multi_attribute needs 'attributes': the sensitive columns, at least two.") }}
      {%- elif given.get('distance') == 'variational' and kind == 'dissimilarity' and 'attributes' not in given -%}
        {{ sqlanon.sqlanon_fail(test, kind ~ ": distance variational compares distributions: list their columns in 'attributes'.") }}
      {%- endif -%}
      {#- attributes: the sensitive columns of a model over several, as a list -#}
      {%- set attribute = given.get('attributes', given.get('attribute')) -%}
      {%- if attribute is none and kind != 'k-anonymity' -%}
        {%- if sensitive|length != 1 -%}
          {{ sqlanon.sqlanon_fail(test, kind ~ " needs 'attribute': the sensitive column it protects.") }}
        {%- endif -%}
        {%- set attribute = sensitive[0] -%}
      {%- endif -%}
      {%- if kind != 'k-anonymity' -%}
        {%- for name in ([attribute] if attribute is string else attribute) if name not in sensitive -%}
          {{ sqlanon.sqlanon_fail(test, kind ~ ": attribute " ~ name ~ " must be a column with role sensitive.") }}
        {%- endfor -%}
      {%- endif -%}
      {%- if (given.get('distance') == 'hierarchical' or given.get('ground') == 'hierarchical') and attribute is string -%}
        {%- if attribute not in hierarchies -%}
          {{ sqlanon.sqlanon_fail(test, kind ~ ": the hierarchical distance needs a hierarchy on column " ~ attribute ~ ": 'hierarchy': ref('...') in its entry of columns.") }}
        {%- endif -%}
        {%- do params.update({'hierarchy': hierarchies[attribute]}) -%}
      {%- endif -%}
      {%- if 'hierarchies' in given -%}
        {{ sqlanon.sqlanon_fail(test, kind ~ ": hierarchies is not a parameter of the criterion; the quasi-identifiers' hierarchies are those of columns.") }}
      {%- elif sqlanon.sqlanon_rules()[kind]['hierarchies'] -%}
        {%- do params.update({'hierarchies': quasi_hierarchies}) -%}
      {%- endif -%}
      {%- if given.get('severity', 'error') == 'error' -%}
        {%- set g = sqlanon.sqlanon_gate(kind, relation, qis, attribute if kind != 'k-anonymity' else none, none, params, source) -%}
        {%- do out.append({'kind': kind, 'sql': sqlanon.sqlanon_statement(g, relation, qis)}) -%}
      {%- endif -%}
    {%- endfor -%}
  {%- endfor -%}
  {{ return(out) }}
{% endmacro %}
