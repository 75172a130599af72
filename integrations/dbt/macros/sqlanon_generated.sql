{#- sqlanon_generated.sql: written by `python -m sqlanon.dbt_package` from sqlanon's gate SQL
    (the criterion templates through `sqlanon compile`'s code, per adapter). Do not edit: a test
    fails when this file is not what the generator writes. -#}

{% macro sqlanon_rules() %}{{ return({'k-anonymity': {'test': 'k_anonymity', 'axis': none, 'default': none, 'variants': {'': {'params': [{'type': 'integer', 'key': 'k', 'low': 1, 'high': none, 'open_low': false, 'choices': [], 'default': none, 'empty': none}], 'why': none, 'macro': 'sqlanon_k_anonymity', 'multi': {}, 'quasi': {}, 'sub': none, 'formats': {'k': ['k', 'int']}, 'numbers': false, 'hierarchy': false, 'pairs': none}}, 'hierarchies': false}, 'l-diversity': {'test': 'l_diversity', 'axis': 'variant', 'default': 'distinct', 'variants': {'distinct': {'params': [{'type': 'integer', 'key': 'l', 'low': 1, 'high': none, 'open_low': false, 'choices': [], 'default': none, 'empty': none}], 'why': none, 'macro': 'sqlanon_l_diversity_distinct', 'multi': {2: 'sqlanon_l_diversity_distinct_2', 3: 'sqlanon_l_diversity_distinct_3', 4: 'sqlanon_l_diversity_distinct_4'}, 'quasi': {}, 'sub': none, 'formats': {'l': ['l', 'int']}, 'numbers': false, 'hierarchy': false, 'pairs': none}, 'entropy': {'params': [{'type': 'number', 'key': 'l', 'low': 1, 'high': none, 'open_low': false, 'choices': [], 'default': none, 'empty': none}], 'why': none, 'macro': 'sqlanon_l_diversity_entropy', 'multi': {2: 'sqlanon_l_diversity_entropy_2', 3: 'sqlanon_l_diversity_entropy_3', 4: 'sqlanon_l_diversity_entropy_4'}, 'quasi': {}, 'sub': none, 'formats': {'l': ['l', 'float']}, 'numbers': false, 'hierarchy': false, 'pairs': none}, 'recursive': {'params': [{'type': 'integer', 'key': 'l', 'low': 1, 'high': none, 'open_low': false, 'choices': [], 'default': none, 'empty': none}, {'type': 'number', 'key': 'c', 'low': 0, 'high': none, 'open_low': true, 'choices': [], 'default': none, 'empty': none}], 'why': none, 'macro': 'sqlanon_l_diversity_recursive', 'multi': {2: 'sqlanon_l_diversity_recursive_2', 3: 'sqlanon_l_diversity_recursive_3', 4: 'sqlanon_l_diversity_recursive_4'}, 'quasi': {}, 'sub': none, 'formats': {'l': ['l', 'int'], 'c_num': ['c', 'num'], 'c_den': ['c', 'den']}, 'numbers': false, 'hierarchy': false, 'pairs': none}, 'pd-recursive': {'params': [{'type': 'integer', 'key': 'l', 'low': 1, 'high': none, 'open_low': false, 'choices': [], 'default': none, 'empty': none}, {'type': 'number', 'key': 'c', 'low': 0, 'high': none, 'open_low': true, 'choices': [], 'default': none, 'empty': none}, {'type': 'values', 'key': 'allowed', 'low': none, 'high': none, 'open_low': false, 'choices': [], 'default': none, 'empty': none}], 'why': none, 'macro': 'sqlanon_l_diversity_pd_recursive', 'multi': {}, 'quasi': {}, 'sub': none, 'formats': {'l': ['l', 'int'], 'c_num': ['c', 'num'], 'c_den': ['c', 'den'], 'allowed': ['allowed', 'codes']}, 'numbers': false, 'hierarchy': false, 'pairs': none}, 'npd-recursive': {'params': [{'type': 'integer', 'key': 'l', 'low': 1, 'high': none, 'open_low': false, 'choices': [], 'default': none, 'empty': none}, {'type': 'number', 'key': 'c1', 'low': 0, 'high': none, 'open_low': true, 'choices': [], 'default': none, 'empty': none}, {'type': 'number', 'key': 'c2', 'low': 0, 'high': 100, 'open_low': false, 'choices': [], 'default': none, 'empty': none}, {'type': 'values', 'key': 'allowed', 'low': none, 'high': none, 'open_low': false, 'choices': [], 'default': none, 'empty': none}, {'type': 'values', 'key': 'protected', 'low': none, 'high': none, 'open_low': false, 'choices': [], 'default': none, 'empty': 'protected must list at least one value (the values that must appear in every class); with none, use variant pd-recursive.'}], 'why': none, 'macro': 'sqlanon_l_diversity_npd_recursive', 'multi': {}, 'quasi': {}, 'sub': none, 'formats': {'l': ['l', 'int'], 'c_num': ['c1', 'num'], 'c_den': ['c1', 'den'], 'allowed': ['allowed', 'codes'], 'protected': ['protected', 'codes'], 'protected_count': ['protected', 'count'], 'c2_num': ['c2', 'num'], 'c2_den': ['c2', 'den']}, 'numbers': false, 'hierarchy': false, 'pairs': none}}, 'hierarchies': false}, 't-closeness': {'test': 't_closeness', 'axis': 'distance', 'default': 'equal', 'variants': {'equal': {'params': [{'type': 'number', 'key': 't', 'low': 0, 'high': 1, 'open_low': false, 'choices': [], 'default': none, 'empty': none}], 'why': none, 'macro': 'sqlanon_t_closeness_equal', 'multi': {}, 'quasi': {}, 'sub': none, 'formats': {'t': ['t', 'float']}, 'numbers': false, 'hierarchy': false, 'pairs': none}, 'ordered': {'params': [{'type': 'number', 'key': 't', 'low': 0, 'high': 1, 'open_low': false, 'choices': [], 'default': none, 'empty': none}], 'why': none, 'macro': 'sqlanon_t_closeness_ordered', 'multi': {}, 'quasi': {}, 'sub': none, 'formats': {'t': ['t', 'float']}, 'numbers': true, 'hierarchy': false, 'pairs': none}, 'hierarchical': {'params': [{'type': 'number', 'key': 't', 'low': 0, 'high': 1, 'open_low': false, 'choices': [], 'default': none, 'empty': none}], 'why': none, 'macro': 'sqlanon_t_closeness_hierarchical', 'multi': {}, 'quasi': {}, 'sub': none, 'formats': {'t': ['t', 'float'], 'height': ['hierarchy', 'height']}, 'numbers': false, 'hierarchy': true, 'pairs': none}, 'variational': {'params': [{'type': 'number', 'key': 't', 'low': 0, 'high': 1, 'open_low': false, 'choices': [], 'default': none, 'empty': none}], 'why': none, 'macro': 'sqlanon_t_closeness_variational', 'multi': {}, 'quasi': {}, 'sub': none, 'formats': {'t': ['t', 'float']}, 'numbers': false, 'hierarchy': false, 'pairs': none}, 'kl': {'params': [{'type': 'number', 'key': 't', 'low': 0, 'high': none, 'open_low': false, 'choices': [], 'default': none, 'empty': none}], 'why': none, 'macro': 'sqlanon_t_closeness_kl', 'multi': {}, 'quasi': {}, 'sub': none, 'formats': {'t': ['t', 'float']}, 'numbers': false, 'hierarchy': false, 'pairs': none}, 'js': {'params': [{'type': 'number', 'key': 't', 'low': 0, 'high': 1, 'open_low': false, 'choices': [], 'default': none, 'empty': none}], 'why': none, 'macro': 'sqlanon_t_closeness_js', 'multi': {}, 'quasi': {}, 'sub': none, 'formats': {'t': ['t', 'float']}, 'numbers': false, 'hierarchy': false, 'pairs': none}, 'smoothed-js': {'params': [{'type': 'number', 'key': 't', 'low': 0, 'high': 1, 'open_low': false, 'choices': [], 'default': none, 'empty': none}, {'type': 'number', 'key': 'bandwidth', 'low': 0, 'high': none, 'open_low': true, 'choices': [], 'default': none, 'empty': none}, {'type': 'choice', 'key': 'ground', 'low': none, 'high': none, 'open_low': false, 'choices': ['equal', 'ordered', 'hierarchical'], 'default': none, 'empty': none}], 'why': none, 'macro': none, 'multi': {}, 'quasi': {}, 'sub': {'key': 'ground', 'items': {'equal': {'params': [{'type': 'number', 'key': 't', 'low': 0, 'high': 1, 'open_low': false, 'choices': [], 'default': none, 'empty': none}, {'type': 'number', 'key': 'bandwidth', 'low': 0, 'high': none, 'open_low': true, 'choices': [], 'default': none, 'empty': none}], 'why': none, 'macro': 'sqlanon_t_closeness_smoothed_js_equal', 'multi': {}, 'quasi': {}, 'sub': none, 'formats': {'t': ['t', 'float'], 'bandwidth': ['bandwidth', 'float']}, 'numbers': false, 'hierarchy': false, 'pairs': 'equal'}, 'ordered': {'params': [{'type': 'number', 'key': 't', 'low': 0, 'high': 1, 'open_low': false, 'choices': [], 'default': none, 'empty': none}, {'type': 'number', 'key': 'bandwidth', 'low': 0, 'high': none, 'open_low': true, 'choices': [], 'default': none, 'empty': none}], 'why': none, 'macro': 'sqlanon_t_closeness_smoothed_js_ordered', 'multi': {}, 'quasi': {}, 'sub': none, 'formats': {'t': ['t', 'float'], 'bandwidth': ['bandwidth', 'float']}, 'numbers': true, 'hierarchy': false, 'pairs': 'ordered'}, 'hierarchical': {'params': [{'type': 'number', 'key': 't', 'low': 0, 'high': 1, 'open_low': false, 'choices': [], 'default': none, 'empty': none}, {'type': 'number', 'key': 'bandwidth', 'low': 0, 'high': none, 'open_low': true, 'choices': [], 'default': none, 'empty': none}], 'why': none, 'macro': 'sqlanon_t_closeness_smoothed_js_hierarchical', 'multi': {}, 'quasi': {}, 'sub': none, 'formats': {'t': ['t', 'float'], 'bandwidth': ['bandwidth', 'float'], 'height': ['hierarchy', 'height']}, 'numbers': false, 'hierarchy': true, 'pairs': 'hierarchical'}}}}}, 'hierarchies': false}, 'alpha-k-anonymity': {'test': 'alpha_k_anonymity', 'axis': none, 'default': none, 'variants': {'': {'params': [{'type': 'number', 'key': 'alpha', 'low': 0, 'high': 1, 'open_low': true, 'choices': [], 'default': none, 'empty': none}, {'type': 'integer', 'key': 'k', 'low': 1, 'high': none, 'open_low': false, 'choices': [], 'default': none, 'empty': none}], 'why': none, 'macro': 'sqlanon_alpha_k_anonymity', 'multi': {}, 'quasi': {}, 'sub': none, 'formats': {'k': ['k', 'int'], 'alpha_num': ['alpha', 'num'], 'alpha_den': ['alpha', 'den']}, 'numbers': false, 'hierarchy': false, 'pairs': none}}, 'hierarchies': false}, 'nt-closeness': {'test': 'nt_closeness', 'axis': 'distance', 'default': 'equal', 'variants': {'equal': {'params': [{'type': 'integer', 'key': 'n', 'low': 1, 'high': none, 'open_low': false, 'choices': [], 'default': none, 'empty': none}, {'type': 'number', 'key': 't', 'low': 0, 'high': 1, 'open_low': false, 'choices': [], 'default': none, 'empty': none}], 'why': none, 'macro': none, 'multi': {}, 'quasi': {1: 'sqlanon_nt_closeness_equal_q1', 2: 'sqlanon_nt_closeness_equal_q2', 3: 'sqlanon_nt_closeness_equal_q3', 4: 'sqlanon_nt_closeness_equal_q4', 5: 'sqlanon_nt_closeness_equal_q5', 6: 'sqlanon_nt_closeness_equal_q6', 7: 'sqlanon_nt_closeness_equal_q7', 8: 'sqlanon_nt_closeness_equal_q8'}, 'sub': none, 'formats': {'n_min': ['n', 'int'], 't': ['t', 'float']}, 'numbers': false, 'hierarchy': false, 'pairs': none}, 'ordered': {'params': [{'type': 'integer', 'key': 'n', 'low': 1, 'high': none, 'open_low': false, 'choices': [], 'default': none, 'empty': none}, {'type': 'number', 'key': 't', 'low': 0, 'high': 1, 'open_low': false, 'choices': [], 'default': none, 'empty': none}], 'why': none, 'macro': none, 'multi': {}, 'quasi': {1: 'sqlanon_nt_closeness_ordered_q1', 2: 'sqlanon_nt_closeness_ordered_q2', 3: 'sqlanon_nt_closeness_ordered_q3', 4: 'sqlanon_nt_closeness_ordered_q4', 5: 'sqlanon_nt_closeness_ordered_q5', 6: 'sqlanon_nt_closeness_ordered_q6', 7: 'sqlanon_nt_closeness_ordered_q7', 8: 'sqlanon_nt_closeness_ordered_q8'}, 'sub': none, 'formats': {'n_min': ['n', 'int'], 't': ['t', 'float']}, 'numbers': true, 'hierarchy': false, 'pairs': none}, 'hierarchical': {'params': [{'type': 'integer', 'key': 'n', 'low': 1, 'high': none, 'open_low': false, 'choices': [], 'default': none, 'empty': none}, {'type': 'number', 'key': 't', 'low': 0, 'high': 1, 'open_low': false, 'choices': [], 'default': none, 'empty': none}], 'why': none, 'macro': none, 'multi': {}, 'quasi': {1: 'sqlanon_nt_closeness_hierarchical_q1', 2: 'sqlanon_nt_closeness_hierarchical_q2', 3: 'sqlanon_nt_closeness_hierarchical_q3', 4: 'sqlanon_nt_closeness_hierarchical_q4', 5: 'sqlanon_nt_closeness_hierarchical_q5', 6: 'sqlanon_nt_closeness_hierarchical_q6', 7: 'sqlanon_nt_closeness_hierarchical_q7', 8: 'sqlanon_nt_closeness_hierarchical_q8'}, 'sub': none, 'formats': {'n_min': ['n', 'int'], 't': ['t', 'float'], 'height': ['hierarchy', 'height']}, 'numbers': false, 'hierarchy': true, 'pairs': none}}, 'hierarchies': true}, 'dissimilarity': {'test': 'dissimilarity', 'axis': 'distance', 'default': none, 'variants': {'numeric': {'params': [{'type': 'number', 'key': 'epsilon', 'low': 0, 'high': none, 'open_low': false, 'choices': [], 'default': none, 'empty': none}, {'type': 'number', 'key': 'delta', 'low': 0, 'high': 1, 'open_low': false, 'choices': [], 'default': none, 'empty': none}, {'type': 'integer', 'key': 'k', 'low': 1, 'high': none, 'open_low': false, 'choices': [], 'default': none, 'empty': none}], 'why': none, 'macro': 'sqlanon_dissimilarity_numeric', 'multi': {}, 'quasi': {}, 'sub': none, 'formats': {'within': ['epsilon', 'within'], 'k': ['k', 'int'], 'delta_num': ['delta', 'num'], 'delta_den': ['delta', 'den']}, 'numbers': true, 'hierarchy': false, 'pairs': none}, 'ordered': {'params': [{'type': 'number', 'key': 'epsilon', 'low': 0, 'high': none, 'open_low': false, 'choices': [], 'default': none, 'empty': none}, {'type': 'number', 'key': 'delta', 'low': 0, 'high': 1, 'open_low': false, 'choices': [], 'default': none, 'empty': none}, {'type': 'integer', 'key': 'k', 'low': 1, 'high': none, 'open_low': false, 'choices': [], 'default': none, 'empty': none}], 'why': none, 'macro': 'sqlanon_dissimilarity_ordered', 'multi': {}, 'quasi': {}, 'sub': none, 'formats': {'within': ['epsilon', 'within'], 'k': ['k', 'int'], 'delta_num': ['delta', 'num'], 'delta_den': ['delta', 'den']}, 'numbers': true, 'hierarchy': false, 'pairs': none}, 'hierarchical': {'params': [{'type': 'number', 'key': 'epsilon', 'low': 0, 'high': none, 'open_low': false, 'choices': [], 'default': none, 'empty': none}, {'type': 'number', 'key': 'delta', 'low': 0, 'high': 1, 'open_low': false, 'choices': [], 'default': none, 'empty': none}, {'type': 'integer', 'key': 'k', 'low': 1, 'high': none, 'open_low': false, 'choices': [], 'default': none, 'empty': none}], 'why': none, 'macro': 'sqlanon_dissimilarity_hierarchical', 'multi': {}, 'quasi': {}, 'sub': none, 'formats': {'k': ['k', 'int'], 'delta_num': ['delta', 'num'], 'delta_den': ['delta', 'den'], 'level': ['epsilon', 'level']}, 'numbers': false, 'hierarchy': true, 'pairs': none}, 'variational': {'params': [{'type': 'number', 'key': 'epsilon', 'low': 0, 'high': none, 'open_low': false, 'choices': [], 'default': none, 'empty': none}, {'type': 'number', 'key': 'delta', 'low': 0, 'high': 1, 'open_low': false, 'choices': [], 'default': none, 'empty': none}, {'type': 'integer', 'key': 'k', 'low': 1, 'high': none, 'open_low': false, 'choices': [], 'default': none, 'empty': none}], 'why': 'it compares several sensitive columns', 'macro': 'sqlanon_dissimilarity_variational', 'multi': {2: 'sqlanon_dissimilarity_variational_2', 3: 'sqlanon_dissimilarity_variational_3', 4: 'sqlanon_dissimilarity_variational_4'}, 'quasi': {}, 'sub': none, 'formats': {'within': ['epsilon', 'within'], 'k': ['k', 'int'], 'delta_num': ['delta', 'num'], 'delta_den': ['delta', 'den']}, 'numbers': true, 'hierarchy': false, 'pairs': none}}, 'hierarchies': false}, 'delta-disclosure': {'test': 'delta_disclosure', 'axis': none, 'default': none, 'variants': {'': {'params': [{'type': 'number', 'key': 'delta', 'low': 0, 'high': none, 'open_low': true, 'choices': [], 'default': none, 'empty': none}], 'why': none, 'macro': 'sqlanon_delta_disclosure', 'multi': {}, 'quasi': {}, 'sub': none, 'formats': {'delta': ['delta', 'float']}, 'numbers': false, 'hierarchy': false, 'pairs': none}}, 'hierarchies': false}, 'beta-likeness': {'test': 'beta_likeness', 'axis': 'variant', 'default': 'basic', 'variants': {'basic': {'params': [{'type': 'number', 'key': 'beta', 'low': 0, 'high': none, 'open_low': true, 'choices': [], 'default': none, 'empty': none}], 'why': none, 'macro': 'sqlanon_beta_likeness_basic', 'multi': {}, 'quasi': {}, 'sub': none, 'formats': {'beta': ['beta', 'float']}, 'numbers': false, 'hierarchy': false, 'pairs': none}, 'enhanced': {'params': [{'type': 'number', 'key': 'beta', 'low': 0, 'high': none, 'open_low': true, 'choices': [], 'default': none, 'empty': none}], 'why': none, 'macro': 'sqlanon_beta_likeness_enhanced', 'multi': {}, 'quasi': {}, 'sub': none, 'formats': {'beta': ['beta', 'float']}, 'numbers': false, 'hierarchy': false, 'pairs': none}}, 'hierarchies': false}}) }}{% endmacro %}

{#- why a variant that compares several columns is not written for one -#}
{% macro sqlanon_several() %}{{ return('it compares several sensitive columns') }}{% endmacro %}

{#- the most pairs of values smoothed-js's ground distance may make neighbours -#}
{% macro sqlanon_max_ground_pairs() %}{{ return(20000000) }}{% endmacro %}

{#- the tolerance of sqlanon's comparisons of measures with thresholds -#}
{% macro sqlanon_tol() %}{{ return(1e-09) }}{% endmacro %}

{% test k_anonymity(model, quasi_identifiers=none, sensitive=none, column_name=none) %}
{%- set g = sqlanon.sqlanon_gate('k-anonymity', model, quasi_identifiers, sensitive, column_name, kwargs) -%}
{{ sqlanon.sqlanon_statement(g, model, quasi_identifiers) }}
{% endtest %}

{% test l_diversity(model, quasi_identifiers=none, sensitive=none, column_name=none) %}
{%- set g = sqlanon.sqlanon_gate('l-diversity', model, quasi_identifiers, sensitive, column_name, kwargs) -%}
{{ sqlanon.sqlanon_statement(g, model, quasi_identifiers) }}
{% endtest %}

{% test t_closeness(model, quasi_identifiers=none, sensitive=none, column_name=none) %}
{%- set g = sqlanon.sqlanon_gate('t-closeness', model, quasi_identifiers, sensitive, column_name, kwargs) -%}
{{ sqlanon.sqlanon_statement(g, model, quasi_identifiers) }}
{% endtest %}

{% test alpha_k_anonymity(model, quasi_identifiers=none, sensitive=none, column_name=none) %}
{%- set g = sqlanon.sqlanon_gate('alpha-k-anonymity', model, quasi_identifiers, sensitive, column_name, kwargs) -%}
{{ sqlanon.sqlanon_statement(g, model, quasi_identifiers) }}
{% endtest %}

{% test nt_closeness(model, quasi_identifiers=none, sensitive=none, column_name=none) %}
{%- set g = sqlanon.sqlanon_gate('nt-closeness', model, quasi_identifiers, sensitive, column_name, kwargs) -%}
{{ sqlanon.sqlanon_statement(g, model, quasi_identifiers) }}
{% endtest %}

{% test dissimilarity(model, quasi_identifiers=none, sensitive=none, column_name=none) %}
{%- set g = sqlanon.sqlanon_gate('dissimilarity', model, quasi_identifiers, sensitive, column_name, kwargs) -%}
{{ sqlanon.sqlanon_statement(g, model, quasi_identifiers) }}
{% endtest %}

{% test delta_disclosure(model, quasi_identifiers=none, sensitive=none, column_name=none) %}
{%- set g = sqlanon.sqlanon_gate('delta-disclosure', model, quasi_identifiers, sensitive, column_name, kwargs) -%}
{{ sqlanon.sqlanon_statement(g, model, quasi_identifiers) }}
{% endtest %}

{% test beta_likeness(model, quasi_identifiers=none, sensitive=none, column_name=none) %}
{%- set g = sqlanon.sqlanon_gate('beta-likeness', model, quasi_identifiers, sensitive, column_name, kwargs) -%}
{{ sqlanon.sqlanon_statement(g, model, quasi_identifiers) }}
{% endtest %}

{#- the statement sqlanon_gate chose (g['macro'], none when dbt only parses) -#}
{% macro sqlanon_statement(g, model, quasi_identifiers) %}
{%- if g['macro'] == 'sqlanon_k_anonymity' -%}
{{ return(sqlanon.sqlanon_k_anonymity(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_l_diversity_distinct' -%}
{{ return(sqlanon.sqlanon_l_diversity_distinct(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_l_diversity_distinct_2' -%}
{{ return(sqlanon.sqlanon_l_diversity_distinct_2(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_l_diversity_distinct_3' -%}
{{ return(sqlanon.sqlanon_l_diversity_distinct_3(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_l_diversity_distinct_4' -%}
{{ return(sqlanon.sqlanon_l_diversity_distinct_4(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_l_diversity_entropy' -%}
{{ return(sqlanon.sqlanon_l_diversity_entropy(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_l_diversity_entropy_2' -%}
{{ return(sqlanon.sqlanon_l_diversity_entropy_2(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_l_diversity_entropy_3' -%}
{{ return(sqlanon.sqlanon_l_diversity_entropy_3(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_l_diversity_entropy_4' -%}
{{ return(sqlanon.sqlanon_l_diversity_entropy_4(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_l_diversity_recursive' -%}
{{ return(sqlanon.sqlanon_l_diversity_recursive(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_l_diversity_recursive_2' -%}
{{ return(sqlanon.sqlanon_l_diversity_recursive_2(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_l_diversity_recursive_3' -%}
{{ return(sqlanon.sqlanon_l_diversity_recursive_3(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_l_diversity_recursive_4' -%}
{{ return(sqlanon.sqlanon_l_diversity_recursive_4(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_l_diversity_pd_recursive' -%}
{{ return(sqlanon.sqlanon_l_diversity_pd_recursive(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_l_diversity_npd_recursive' -%}
{{ return(sqlanon.sqlanon_l_diversity_npd_recursive(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_t_closeness_equal' -%}
{{ return(sqlanon.sqlanon_t_closeness_equal(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_t_closeness_ordered' -%}
{{ return(sqlanon.sqlanon_t_closeness_ordered(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_t_closeness_hierarchical' -%}
{{ return(sqlanon.sqlanon_t_closeness_hierarchical(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_t_closeness_variational' -%}
{{ return(sqlanon.sqlanon_t_closeness_variational(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_t_closeness_kl' -%}
{{ return(sqlanon.sqlanon_t_closeness_kl(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_t_closeness_js' -%}
{{ return(sqlanon.sqlanon_t_closeness_js(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_t_closeness_smoothed_js_equal' -%}
{{ return(sqlanon.sqlanon_t_closeness_smoothed_js_equal(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_t_closeness_smoothed_js_ordered' -%}
{{ return(sqlanon.sqlanon_t_closeness_smoothed_js_ordered(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_t_closeness_smoothed_js_hierarchical' -%}
{{ return(sqlanon.sqlanon_t_closeness_smoothed_js_hierarchical(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_alpha_k_anonymity' -%}
{{ return(sqlanon.sqlanon_alpha_k_anonymity(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_nt_closeness_equal_q1' -%}
{{ return(sqlanon.sqlanon_nt_closeness_equal_q1(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_nt_closeness_equal_q2' -%}
{{ return(sqlanon.sqlanon_nt_closeness_equal_q2(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_nt_closeness_equal_q3' -%}
{{ return(sqlanon.sqlanon_nt_closeness_equal_q3(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_nt_closeness_equal_q4' -%}
{{ return(sqlanon.sqlanon_nt_closeness_equal_q4(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_nt_closeness_equal_q5' -%}
{{ return(sqlanon.sqlanon_nt_closeness_equal_q5(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_nt_closeness_equal_q6' -%}
{{ return(sqlanon.sqlanon_nt_closeness_equal_q6(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_nt_closeness_equal_q7' -%}
{{ return(sqlanon.sqlanon_nt_closeness_equal_q7(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_nt_closeness_equal_q8' -%}
{{ return(sqlanon.sqlanon_nt_closeness_equal_q8(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_nt_closeness_ordered_q1' -%}
{{ return(sqlanon.sqlanon_nt_closeness_ordered_q1(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_nt_closeness_ordered_q2' -%}
{{ return(sqlanon.sqlanon_nt_closeness_ordered_q2(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_nt_closeness_ordered_q3' -%}
{{ return(sqlanon.sqlanon_nt_closeness_ordered_q3(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_nt_closeness_ordered_q4' -%}
{{ return(sqlanon.sqlanon_nt_closeness_ordered_q4(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_nt_closeness_ordered_q5' -%}
{{ return(sqlanon.sqlanon_nt_closeness_ordered_q5(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_nt_closeness_ordered_q6' -%}
{{ return(sqlanon.sqlanon_nt_closeness_ordered_q6(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_nt_closeness_ordered_q7' -%}
{{ return(sqlanon.sqlanon_nt_closeness_ordered_q7(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_nt_closeness_ordered_q8' -%}
{{ return(sqlanon.sqlanon_nt_closeness_ordered_q8(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_nt_closeness_hierarchical_q1' -%}
{{ return(sqlanon.sqlanon_nt_closeness_hierarchical_q1(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_nt_closeness_hierarchical_q2' -%}
{{ return(sqlanon.sqlanon_nt_closeness_hierarchical_q2(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_nt_closeness_hierarchical_q3' -%}
{{ return(sqlanon.sqlanon_nt_closeness_hierarchical_q3(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_nt_closeness_hierarchical_q4' -%}
{{ return(sqlanon.sqlanon_nt_closeness_hierarchical_q4(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_nt_closeness_hierarchical_q5' -%}
{{ return(sqlanon.sqlanon_nt_closeness_hierarchical_q5(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_nt_closeness_hierarchical_q6' -%}
{{ return(sqlanon.sqlanon_nt_closeness_hierarchical_q6(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_nt_closeness_hierarchical_q7' -%}
{{ return(sqlanon.sqlanon_nt_closeness_hierarchical_q7(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_nt_closeness_hierarchical_q8' -%}
{{ return(sqlanon.sqlanon_nt_closeness_hierarchical_q8(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_dissimilarity_numeric' -%}
{{ return(sqlanon.sqlanon_dissimilarity_numeric(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_dissimilarity_ordered' -%}
{{ return(sqlanon.sqlanon_dissimilarity_ordered(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_dissimilarity_hierarchical' -%}
{{ return(sqlanon.sqlanon_dissimilarity_hierarchical(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_dissimilarity_variational_2' -%}
{{ return(sqlanon.sqlanon_dissimilarity_variational_2(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_dissimilarity_variational_3' -%}
{{ return(sqlanon.sqlanon_dissimilarity_variational_3(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_dissimilarity_variational_4' -%}
{{ return(sqlanon.sqlanon_dissimilarity_variational_4(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_delta_disclosure' -%}
{{ return(sqlanon.sqlanon_delta_disclosure(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_beta_likeness_basic' -%}
{{ return(sqlanon.sqlanon_beta_likeness_basic(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- elif g['macro'] == 'sqlanon_beta_likeness_enhanced' -%}
{{ return(sqlanon.sqlanon_beta_likeness_enhanced(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}
{%- endif %}
{% endmacro %}

{% macro duckdb__sqlanon_label(column) %}COALESCE(CAST({{ column }} AS TEXT), (
  CHR(30) || 'NULL' || CHR(30)
)){% endmacro %}

{% macro duckdb__sqlanon_unlabel(column) %}CASE
  WHEN {{ column }} = (
    CHR(30) || 'NULL' || CHR(30)
  )
  THEN NULL
  ELSE {{ column }}
END{% endmacro %}

{% macro duckdb__sqlanon_quote(name) %}"{{ name|replace('"', '""') }}"{% endmacro %}

{% macro duckdb__sqlanon_text(column) %}CAST({{ column }} AS TEXT){% endmacro %}

{% macro duckdb__sqlanon_generalize(model, column, paths) %}
{%- if paths is none %}
WITH "p" AS (
  SELECT DISTINCT
    COALESCE(CAST({{ sqlanon.sqlanon_quote(column) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "v"
  FROM {{ model }}
)
SELECT
  0 AS "lf",
  "v" AS "cf",
  0 AS "lt",
  "v" AS "ct"
FROM "p"
UNION ALL
SELECT
  0,
  "v",
  1,
  '*'
FROM "p"
{%- else %}
WITH "p" AS (
  SELECT DISTINCT
    COALESCE(CAST({{ sqlanon.sqlanon_quote(column) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "v"
  FROM {{ model }}
), "t" AS (
  SELECT
    "hp"."leaf",
    "hp"."lvl",
    "hp"."label"
  FROM ({{ paths }}) AS "hp"
), "lv" AS (
  SELECT
    MAX("c"."lvl") AS "lvl"
  FROM (
    SELECT
      "a"."lvl"
    FROM (
      SELECT DISTINCT
        "lvl"
      FROM "t"
    ) AS "a"
    LEFT JOIN (
      SELECT
        "t"."lvl",
        COUNT(DISTINCT "t"."label") AS "hit"
      FROM "t"
      JOIN "p"
        ON "t"."label" = "p"."v"
      GROUP BY
        "t"."lvl"
    ) AS "h"
      ON "h"."lvl" = "a"."lvl"
    WHERE
      COALESCE("h"."hit", 0) = (
        SELECT
          COUNT(*)
        FROM "p"
        WHERE
          "p"."v" <> (
            CHR(30) || 'NULL' || CHR(30)
          )
      )
  ) AS "c"
  HAVING
    COUNT(*) > 0
), "up" AS (
  SELECT
    "a"."label" AS "cf",
    "b"."lvl" AS "lt",
    "b"."label" AS "ct",
    "a"."label" = '' AS "empty"
  FROM "t" AS "a"
  JOIN "lv"
    ON "a"."lvl" = "lv"."lvl"
  JOIN "t" AS "b"
    ON "b"."leaf" = "a"."leaf" AND "b"."lvl" >= "a"."lvl"
), "nulls" AS (
  SELECT
    "lv"."lvl"
  FROM "lv"
  WHERE
    EXISTS(
      SELECT
        1
      FROM "p"
      WHERE
        "p"."v" = (
          CHR(30) || 'NULL' || CHR(30)
        )
    )
)
SELECT DISTINCT
  0 AS "lf",
  "cf",
  "lt",
  "ct"
FROM "up"
UNION
SELECT
  0,
  (
    CHR(30) || 'NULL' || CHR(30)
  ),
  "nulls"."lvl",
  (
    CHR(30) || 'NULL' || CHR(30)
  )
FROM "nulls"
UNION
SELECT
  0,
  (
    CHR(30) || 'NULL' || CHR(30)
  ),
  "up"."lt",
  "up"."ct"
FROM "up"
JOIN "nulls"
  ON "up"."lt" > "nulls"."lvl"
WHERE
  "up"."empty"
UNION
SELECT
  0,
  (
    CHR(30) || 'NULL' || CHR(30)
  ),
  "u"."lvl",
  CASE
    WHEN "u"."lvl" = "root"."lvl"
    THEN "root"."label"
    ELSE (
      CHR(30) || 'NULL' || CHR(30)
    )
  END
FROM (
  SELECT DISTINCT
    "lvl"
  FROM "t"
) AS "u"
JOIN "nulls"
  ON "u"."lvl" > "nulls"."lvl"
CROSS JOIN (
  SELECT
    MAX("lvl") AS "lvl",
    MIN("label") AS "label"
  FROM "t"
  WHERE
    "lvl" = (
      SELECT
        MAX("lvl")
      FROM "t"
    )
) AS "root"
WHERE
  NOT EXISTS(
    SELECT
      1
    FROM "up"
    WHERE
      "up"."empty"
  )
{%- endif %}
{% endmacro %}

{% macro duckdb__sqlanon_generalize_guard(model, column, paths) %}
WITH "p" AS (
  SELECT DISTINCT
    COALESCE(CAST({{ sqlanon.sqlanon_quote(column) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "v"
  FROM {{ model }}
), "t" AS (
  SELECT
    "hp"."leaf",
    "hp"."lvl",
    "hp"."label"
  FROM ({{ paths }}) AS "hp"
), "c" AS (
  SELECT
    "a"."lvl"
  FROM (
    SELECT DISTINCT
      "lvl"
    FROM "t"
  ) AS "a"
  LEFT JOIN (
    SELECT
      "t"."lvl",
      COUNT(DISTINCT "t"."label") AS "hit"
    FROM "t"
    JOIN "p"
      ON "t"."label" = "p"."v"
    GROUP BY
      "t"."lvl"
  ) AS "h"
    ON "h"."lvl" = "a"."lvl"
  WHERE
    COALESCE("h"."hit", 0) = (
      SELECT
        COUNT(*)
      FROM "p"
      WHERE
        "p"."v" <> (
          CHR(30) || 'NULL' || CHR(30)
        )
    )
), "top" AS (
  SELECT
    MAX("lvl") AS "lvl",
    COUNT(*) AS "n"
  FROM "c"
), "bad" AS (
  SELECT
    COUNT(*) AS "n"
  FROM "t" AS "a"
  JOIN "c"
    ON "c"."lvl" = "a"."lvl"
  JOIN "p"
    ON "p"."v" = "a"."label"
  JOIN "t" AS "b"
    ON "b"."leaf" = "a"."leaf"
  JOIN "top"
    ON "b"."lvl" = "top"."lvl"
  WHERE
    "a"."label" <> "b"."label"
)
SELECT
  '{{ column|replace("'", "''") }}' AS "quasi_identifier",
  "top"."n" AS "levels"
FROM "top"
CROSS JOIN "bad"
WHERE
  "top"."n" = 0 OR "bad"."n" > 0
{% endmacro %}

{% macro postgres__sqlanon_label(column) %}COALESCE(CAST({{ column }} AS TEXT), (
  CHR(  30) || 'NULL' || CHR(  30)
)){% endmacro %}

{% macro postgres__sqlanon_unlabel(column) %}CASE
  WHEN {{ column }} = (
    CHR(  30) || 'NULL' || CHR(  30)
  )
  THEN NULL
  ELSE {{ column }}
END{% endmacro %}

{% macro postgres__sqlanon_quote(name) %}"{{ name|replace('"', '""') }}"{% endmacro %}

{% macro postgres__sqlanon_text(column) %}CAST({{ column }} AS TEXT){% endmacro %}

{% macro postgres__sqlanon_generalize(model, column, paths) %}
{%- if paths is none %}
WITH "p" AS (
  SELECT DISTINCT
    COALESCE(CAST({{ sqlanon.sqlanon_quote(column) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "v"
  FROM {{ model }}
)
SELECT
  0 AS "lf",
  "v" AS "cf",
  0 AS "lt",
  "v" AS "ct"
FROM "p"
UNION ALL
SELECT
  0,
  "v",
  1,
  '*'
FROM "p"
{%- else %}
WITH "p" AS (
  SELECT DISTINCT
    COALESCE(CAST({{ sqlanon.sqlanon_quote(column) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "v"
  FROM {{ model }}
), "t" AS (
  SELECT
    "hp"."leaf",
    "hp"."lvl",
    "hp"."label"
  FROM ({{ paths }}) AS "hp"
), "lv" AS MATERIALIZED (
  SELECT
    MAX("c"."lvl") AS "lvl"
  FROM (
    SELECT
      "a"."lvl"
    FROM (
      SELECT DISTINCT
        "lvl"
      FROM "t"
    ) AS "a"
    LEFT JOIN (
      SELECT
        "t"."lvl",
        COUNT(DISTINCT "t"."label") AS "hit"
      FROM "t"
      JOIN "p"
        ON "t"."label" = "p"."v"
      GROUP BY
        "t"."lvl"
    ) AS "h"
      ON "h"."lvl" = "a"."lvl"
    WHERE
      COALESCE("h"."hit", 0) = (
        SELECT
          COUNT(*)
        FROM "p"
        WHERE
          "p"."v" <> (
            CHR(  30) || 'NULL' || CHR(  30)
          )
      )
  ) AS "c"
  HAVING
    COUNT(*) > 0
), "up" AS (
  SELECT
    "a"."label" AS "cf",
    "b"."lvl" AS "lt",
    "b"."label" AS "ct",
    "a"."label" = '' AS "empty"
  FROM "t" AS "a"
  JOIN "lv"
    ON "a"."lvl" = "lv"."lvl"
  JOIN "t" AS "b"
    ON "b"."leaf" = "a"."leaf" AND "b"."lvl" >= "a"."lvl"
), "nulls" AS (
  SELECT
    "lv"."lvl"
  FROM "lv"
  WHERE
    EXISTS(
      SELECT
        1
      FROM "p"
      WHERE
        "p"."v" = (
          CHR(  30) || 'NULL' || CHR(  30)
        )
    )
)
SELECT DISTINCT
  0 AS "lf",
  "cf",
  "lt",
  "ct"
FROM "up"
UNION
SELECT
  0,
  (
    CHR(  30) || 'NULL' || CHR(  30)
  ),
  "nulls"."lvl",
  (
    CHR(  30) || 'NULL' || CHR(  30)
  )
FROM "nulls"
UNION
SELECT
  0,
  (
    CHR(  30) || 'NULL' || CHR(  30)
  ),
  "up"."lt",
  "up"."ct"
FROM "up"
JOIN "nulls"
  ON "up"."lt" > "nulls"."lvl"
WHERE
  "up"."empty"
UNION
SELECT
  0,
  (
    CHR(  30) || 'NULL' || CHR(  30)
  ),
  "u"."lvl",
  CASE
    WHEN "u"."lvl" = "root"."lvl"
    THEN "root"."label"
    ELSE (
      CHR(  30) || 'NULL' || CHR(  30)
    )
  END
FROM (
  SELECT DISTINCT
    "lvl"
  FROM "t"
) AS "u"
JOIN "nulls"
  ON "u"."lvl" > "nulls"."lvl"
CROSS JOIN (
  SELECT
    MAX("lvl") AS "lvl",
    MIN("label") AS "label"
  FROM "t"
  WHERE
    "lvl" = (
      SELECT
        MAX("lvl")
      FROM "t"
    )
) AS "root"
WHERE
  NOT EXISTS(
    SELECT
      1
    FROM "up"
    WHERE
      "up"."empty"
  )
{%- endif %}
{% endmacro %}

{% macro postgres__sqlanon_generalize_guard(model, column, paths) %}
WITH "p" AS (
  SELECT DISTINCT
    COALESCE(CAST({{ sqlanon.sqlanon_quote(column) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "v"
  FROM {{ model }}
), "t" AS (
  SELECT
    "hp"."leaf",
    "hp"."lvl",
    "hp"."label"
  FROM ({{ paths }}) AS "hp"
), "c" AS (
  SELECT
    "a"."lvl"
  FROM (
    SELECT DISTINCT
      "lvl"
    FROM "t"
  ) AS "a"
  LEFT JOIN (
    SELECT
      "t"."lvl",
      COUNT(DISTINCT "t"."label") AS "hit"
    FROM "t"
    JOIN "p"
      ON "t"."label" = "p"."v"
    GROUP BY
      "t"."lvl"
  ) AS "h"
    ON "h"."lvl" = "a"."lvl"
  WHERE
    COALESCE("h"."hit", 0) = (
      SELECT
        COUNT(*)
      FROM "p"
      WHERE
        "p"."v" <> (
          CHR(  30) || 'NULL' || CHR(  30)
        )
    )
), "top" AS MATERIALIZED (
  SELECT
    MAX("lvl") AS "lvl",
    COUNT(*) AS "n"
  FROM "c"
), "bad" AS MATERIALIZED (
  SELECT
    COUNT(*) AS "n"
  FROM "t" AS "a"
  JOIN "c"
    ON "c"."lvl" = "a"."lvl"
  JOIN "p"
    ON "p"."v" = "a"."label"
  JOIN "t" AS "b"
    ON "b"."leaf" = "a"."leaf"
  JOIN "top"
    ON "b"."lvl" = "top"."lvl"
  WHERE
    "a"."label" <> "b"."label"
)
SELECT
  '{{ column|replace("'", "''") }}' AS "quasi_identifier",
  "top"."n" AS "levels"
FROM "top"
CROSS JOIN "bad"
WHERE
  "top"."n" = 0 OR "bad"."n" > 0
{% endmacro %}

{% macro sqlanon_k_anonymity(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_k_anonymity', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_k_anonymity(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_k_anonymity(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  GROUP BY
    1
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    SELECT
      "q0",
      CAST(SUM("n") AS INT128) AS "size",
      SUM("n") < {{ v['k'] }} AS "bad",
      CAST(SUM("n") AS DOUBLE) AS "val"
    FROM "sqlanon_frequencies"
    GROUP BY
      "q0"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" ASC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed",
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_k_anonymity(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  GROUP BY
    1
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    SELECT
      "q0",
      CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
      SUM("n") < {{ v['k'] }} AS "bad",
      CAST(SUM("n") AS DOUBLE PRECISION) AS "val"
    FROM "sqlanon_frequencies"
    GROUP BY
      "q0"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" ASC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed",
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_l_diversity_distinct(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_l_diversity_distinct', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_l_diversity_distinct(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_l_diversity_distinct(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        SUM("n") AS "n"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    )
    SELECT
      "q0",
      CAST(SUM("n") AS INT128) AS "size",
      COUNT(*) < {{ v['l'] }} AS "bad",
      CAST(COUNT(*) AS DOUBLE) AS "val"
    FROM "f"
    GROUP BY
      "q0"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" ASC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed",
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_l_diversity_distinct(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        SUM("n") AS "n"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    )
    SELECT
      "q0",
      CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
      COUNT(*) < {{ v['l'] }} AS "bad",
      CAST(COUNT(*) AS DOUBLE PRECISION) AS "val"
    FROM "f"
    GROUP BY
      "q0"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" ASC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed",
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_l_diversity_distinct_2(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_l_diversity_distinct_2', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_l_diversity_distinct_2(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_l_diversity_distinct_2(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_1" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    "e1"."code" AS "s1",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  JOIN "sqlanon_dictionary_1" AS "e1"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e1"."value"
  GROUP BY
    1,
    2,
    3
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    SELECT
      "q0",
      MAX("size") AS "size",
      BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
      MIN("val") AS "val"
    FROM (
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s1",
            "s0" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s1",
            "s0"
          HAVING
            SUM("n") > 0
        )
        SELECT
          "q0",
          "s1",
          CAST(SUM("n") AS INT128) AS "size",
          COUNT(*) < {{ v['l'] }} AS "bad",
          CAST(COUNT(*) AS DOUBLE) AS "val"
        FROM "f"
        GROUP BY
          "q0",
          "s1"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s1" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s1"
          HAVING
            SUM("n") > 0
        )
        SELECT
          "q0",
          "s0",
          CAST(SUM("n") AS INT128) AS "size",
          COUNT(*) < {{ v['l'] }} AS "bad",
          CAST(COUNT(*) AS DOUBLE) AS "val"
        FROM "f"
        GROUP BY
          "q0",
          "s0"
      ) AS "sub"
      GROUP BY
        "q0"
    ) AS "per_attribute"
    GROUP BY
      "q0"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" ASC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed",
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_l_diversity_distinct_2(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_1" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    "e1"."code" AS "s1",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e0"."value"
  JOIN "sqlanon_dictionary_1" AS "e1"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e1"."value"
  GROUP BY
    1,
    2,
    3
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    SELECT
      "q0",
      MAX("size") AS "size",
      BOOL_OR("bad") AS "bad",
      MIN("val") AS "val"
    FROM (
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR("bad") AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s1",
            "s0" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s1",
            "s0"
          HAVING
            SUM("n") > 0
        )
        SELECT
          "q0",
          "s1",
          CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
          COUNT(*) < {{ v['l'] }} AS "bad",
          CAST(COUNT(*) AS DOUBLE PRECISION) AS "val"
        FROM "f"
        GROUP BY
          "q0",
          "s1"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR("bad") AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s1" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s1"
          HAVING
            SUM("n") > 0
        )
        SELECT
          "q0",
          "s0",
          CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
          COUNT(*) < {{ v['l'] }} AS "bad",
          CAST(COUNT(*) AS DOUBLE PRECISION) AS "val"
        FROM "f"
        GROUP BY
          "q0",
          "s0"
      ) AS "sub"
      GROUP BY
        "q0"
    ) AS "per_attribute"
    GROUP BY
      "q0"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" ASC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed",
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_l_diversity_distinct_3(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_l_diversity_distinct_3', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_l_diversity_distinct_3(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_l_diversity_distinct_3(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_1" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_2" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    "e1"."code" AS "s1",
    "e2"."code" AS "s2",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  JOIN "sqlanon_dictionary_1" AS "e1"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e1"."value"
  JOIN "sqlanon_dictionary_2" AS "e2"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e2"."value"
  GROUP BY
    1,
    2,
    3,
    4
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    SELECT
      "q0",
      MAX("size") AS "size",
      BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
      MIN("val") AS "val"
    FROM (
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s1",
            "s2",
            "s0" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s1",
            "s2",
            "s0"
          HAVING
            SUM("n") > 0
        )
        SELECT
          "q0",
          "s1",
          "s2",
          CAST(SUM("n") AS INT128) AS "size",
          COUNT(*) < {{ v['l'] }} AS "bad",
          CAST(COUNT(*) AS DOUBLE) AS "val"
        FROM "f"
        GROUP BY
          "q0",
          "s1",
          "s2"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s2",
            "s1" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s2",
            "s1"
          HAVING
            SUM("n") > 0
        )
        SELECT
          "q0",
          "s0",
          "s2",
          CAST(SUM("n") AS INT128) AS "size",
          COUNT(*) < {{ v['l'] }} AS "bad",
          CAST(COUNT(*) AS DOUBLE) AS "val"
        FROM "f"
        GROUP BY
          "q0",
          "s0",
          "s2"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s2" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s1",
            "s2"
          HAVING
            SUM("n") > 0
        )
        SELECT
          "q0",
          "s0",
          "s1",
          CAST(SUM("n") AS INT128) AS "size",
          COUNT(*) < {{ v['l'] }} AS "bad",
          CAST(COUNT(*) AS DOUBLE) AS "val"
        FROM "f"
        GROUP BY
          "q0",
          "s0",
          "s1"
      ) AS "sub"
      GROUP BY
        "q0"
    ) AS "per_attribute"
    GROUP BY
      "q0"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" ASC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed",
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_l_diversity_distinct_3(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_1" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_2" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    "e1"."code" AS "s1",
    "e2"."code" AS "s2",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e0"."value"
  JOIN "sqlanon_dictionary_1" AS "e1"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e1"."value"
  JOIN "sqlanon_dictionary_2" AS "e2"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e2"."value"
  GROUP BY
    1,
    2,
    3,
    4
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    SELECT
      "q0",
      MAX("size") AS "size",
      BOOL_OR("bad") AS "bad",
      MIN("val") AS "val"
    FROM (
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR("bad") AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s1",
            "s2",
            "s0" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s1",
            "s2",
            "s0"
          HAVING
            SUM("n") > 0
        )
        SELECT
          "q0",
          "s1",
          "s2",
          CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
          COUNT(*) < {{ v['l'] }} AS "bad",
          CAST(COUNT(*) AS DOUBLE PRECISION) AS "val"
        FROM "f"
        GROUP BY
          "q0",
          "s1",
          "s2"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR("bad") AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s2",
            "s1" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s2",
            "s1"
          HAVING
            SUM("n") > 0
        )
        SELECT
          "q0",
          "s0",
          "s2",
          CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
          COUNT(*) < {{ v['l'] }} AS "bad",
          CAST(COUNT(*) AS DOUBLE PRECISION) AS "val"
        FROM "f"
        GROUP BY
          "q0",
          "s0",
          "s2"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR("bad") AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s2" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s1",
            "s2"
          HAVING
            SUM("n") > 0
        )
        SELECT
          "q0",
          "s0",
          "s1",
          CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
          COUNT(*) < {{ v['l'] }} AS "bad",
          CAST(COUNT(*) AS DOUBLE PRECISION) AS "val"
        FROM "f"
        GROUP BY
          "q0",
          "s0",
          "s1"
      ) AS "sub"
      GROUP BY
        "q0"
    ) AS "per_attribute"
    GROUP BY
      "q0"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" ASC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed",
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_l_diversity_distinct_4(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_l_diversity_distinct_4', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_l_diversity_distinct_4(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_l_diversity_distinct_4(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_1" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_2" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_3" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[3]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    "e1"."code" AS "s1",
    "e2"."code" AS "s2",
    "e3"."code" AS "s3",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  JOIN "sqlanon_dictionary_1" AS "e1"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e1"."value"
  JOIN "sqlanon_dictionary_2" AS "e2"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e2"."value"
  JOIN "sqlanon_dictionary_3" AS "e3"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[3]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e3"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    SELECT
      "q0",
      MAX("size") AS "size",
      BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
      MIN("val") AS "val"
    FROM (
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s1",
            "s2",
            "s3",
            "s0" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s1",
            "s2",
            "s3",
            "s0"
          HAVING
            SUM("n") > 0
        )
        SELECT
          "q0",
          "s1",
          "s2",
          "s3",
          CAST(SUM("n") AS INT128) AS "size",
          COUNT(*) < {{ v['l'] }} AS "bad",
          CAST(COUNT(*) AS DOUBLE) AS "val"
        FROM "f"
        GROUP BY
          "q0",
          "s1",
          "s2",
          "s3"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s2",
            "s3",
            "s1" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s2",
            "s3",
            "s1"
          HAVING
            SUM("n") > 0
        )
        SELECT
          "q0",
          "s0",
          "s2",
          "s3",
          CAST(SUM("n") AS INT128) AS "size",
          COUNT(*) < {{ v['l'] }} AS "bad",
          CAST(COUNT(*) AS DOUBLE) AS "val"
        FROM "f"
        GROUP BY
          "q0",
          "s0",
          "s2",
          "s3"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s3",
            "s2" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s1",
            "s3",
            "s2"
          HAVING
            SUM("n") > 0
        )
        SELECT
          "q0",
          "s0",
          "s1",
          "s3",
          CAST(SUM("n") AS INT128) AS "size",
          COUNT(*) < {{ v['l'] }} AS "bad",
          CAST(COUNT(*) AS DOUBLE) AS "val"
        FROM "f"
        GROUP BY
          "q0",
          "s0",
          "s1",
          "s3"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s2",
            "s3" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s1",
            "s2",
            "s3"
          HAVING
            SUM("n") > 0
        )
        SELECT
          "q0",
          "s0",
          "s1",
          "s2",
          CAST(SUM("n") AS INT128) AS "size",
          COUNT(*) < {{ v['l'] }} AS "bad",
          CAST(COUNT(*) AS DOUBLE) AS "val"
        FROM "f"
        GROUP BY
          "q0",
          "s0",
          "s1",
          "s2"
      ) AS "sub"
      GROUP BY
        "q0"
    ) AS "per_attribute"
    GROUP BY
      "q0"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" ASC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed",
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_l_diversity_distinct_4(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_1" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_2" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_3" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[3]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    "e1"."code" AS "s1",
    "e2"."code" AS "s2",
    "e3"."code" AS "s3",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e0"."value"
  JOIN "sqlanon_dictionary_1" AS "e1"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e1"."value"
  JOIN "sqlanon_dictionary_2" AS "e2"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e2"."value"
  JOIN "sqlanon_dictionary_3" AS "e3"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[3]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e3"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    SELECT
      "q0",
      MAX("size") AS "size",
      BOOL_OR("bad") AS "bad",
      MIN("val") AS "val"
    FROM (
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR("bad") AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s1",
            "s2",
            "s3",
            "s0" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s1",
            "s2",
            "s3",
            "s0"
          HAVING
            SUM("n") > 0
        )
        SELECT
          "q0",
          "s1",
          "s2",
          "s3",
          CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
          COUNT(*) < {{ v['l'] }} AS "bad",
          CAST(COUNT(*) AS DOUBLE PRECISION) AS "val"
        FROM "f"
        GROUP BY
          "q0",
          "s1",
          "s2",
          "s3"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR("bad") AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s2",
            "s3",
            "s1" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s2",
            "s3",
            "s1"
          HAVING
            SUM("n") > 0
        )
        SELECT
          "q0",
          "s0",
          "s2",
          "s3",
          CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
          COUNT(*) < {{ v['l'] }} AS "bad",
          CAST(COUNT(*) AS DOUBLE PRECISION) AS "val"
        FROM "f"
        GROUP BY
          "q0",
          "s0",
          "s2",
          "s3"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR("bad") AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s3",
            "s2" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s1",
            "s3",
            "s2"
          HAVING
            SUM("n") > 0
        )
        SELECT
          "q0",
          "s0",
          "s1",
          "s3",
          CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
          COUNT(*) < {{ v['l'] }} AS "bad",
          CAST(COUNT(*) AS DOUBLE PRECISION) AS "val"
        FROM "f"
        GROUP BY
          "q0",
          "s0",
          "s1",
          "s3"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR("bad") AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s2",
            "s3" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s1",
            "s2",
            "s3"
          HAVING
            SUM("n") > 0
        )
        SELECT
          "q0",
          "s0",
          "s1",
          "s2",
          CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
          COUNT(*) < {{ v['l'] }} AS "bad",
          CAST(COUNT(*) AS DOUBLE PRECISION) AS "val"
        FROM "f"
        GROUP BY
          "q0",
          "s0",
          "s1",
          "s2"
      ) AS "sub"
      GROUP BY
        "q0"
    ) AS "per_attribute"
    GROUP BY
      "q0"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" ASC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed",
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_l_diversity_entropy(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_l_diversity_entropy', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_l_diversity_entropy(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_l_diversity_entropy(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "c" AS (
      SELECT
        "q0",
        SUM("cnt") AS "size",
        GREATEST(LN(SUM("n")) - SUM("n" * LN("n")) / SUM("n"), 0.0) AS "h"
      FROM "f"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      "h" < LN({{ v['l'] }}) - 1e-09 AS "bad",
      EXP("h") AS "val"
    FROM "c"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" ASC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed",
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_l_diversity_entropy(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "c" AS (
      SELECT
        "q0",
        SUM("cnt") AS "size",
        GREATEST(LN(SUM("n")) - CAST(SUM("n" * LN("n")) AS DOUBLE PRECISION) / SUM("n"), 0.0) AS "h"
      FROM "f"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      "h" < LN({{ v['l'] }}) - 1e-09 AS "bad",
      EXP("h") AS "val"
    FROM "c"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" ASC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed",
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_l_diversity_entropy_2(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_l_diversity_entropy_2', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_l_diversity_entropy_2(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_l_diversity_entropy_2(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_1" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    "e1"."code" AS "s1",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  JOIN "sqlanon_dictionary_1" AS "e1"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e1"."value"
  GROUP BY
    1,
    2,
    3
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    SELECT
      "q0",
      MAX("size") AS "size",
      BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
      MIN("val") AS "val"
    FROM (
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s1",
            "s0" AS "s",
            CAST(SUM("n") AS DOUBLE) AS "n",
            CAST(SUM("n") AS INT128) AS "cnt"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s1",
            "s0"
          HAVING
            SUM("n") > 0
        ), "c" AS (
          SELECT
            "q0",
            "s1",
            SUM("cnt") AS "size",
            GREATEST(LN(SUM("n")) - SUM("n" * LN("n")) / SUM("n"), 0.0) AS "h"
          FROM "f"
          GROUP BY
            "q0",
            "s1"
        )
        SELECT
          "q0",
          "s1",
          "size",
          "h" < LN({{ v['l'] }}) - 1e-09 AS "bad",
          EXP("h") AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s1" AS "s",
            CAST(SUM("n") AS DOUBLE) AS "n",
            CAST(SUM("n") AS INT128) AS "cnt"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s1"
          HAVING
            SUM("n") > 0
        ), "c" AS (
          SELECT
            "q0",
            "s0",
            SUM("cnt") AS "size",
            GREATEST(LN(SUM("n")) - SUM("n" * LN("n")) / SUM("n"), 0.0) AS "h"
          FROM "f"
          GROUP BY
            "q0",
            "s0"
        )
        SELECT
          "q0",
          "s0",
          "size",
          "h" < LN({{ v['l'] }}) - 1e-09 AS "bad",
          EXP("h") AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
    ) AS "per_attribute"
    GROUP BY
      "q0"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" ASC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed",
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_l_diversity_entropy_2(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_1" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    "e1"."code" AS "s1",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e0"."value"
  JOIN "sqlanon_dictionary_1" AS "e1"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e1"."value"
  GROUP BY
    1,
    2,
    3
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    SELECT
      "q0",
      MAX("size") AS "size",
      BOOL_OR("bad") AS "bad",
      MIN("val") AS "val"
    FROM (
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR("bad") AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s1",
            "s0" AS "s",
            CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
            CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s1",
            "s0"
          HAVING
            SUM("n") > 0
        ), "c" AS (
          SELECT
            "q0",
            "s1",
            SUM("cnt") AS "size",
            GREATEST(LN(SUM("n")) - CAST(SUM("n" * LN("n")) AS DOUBLE PRECISION) / SUM("n"), 0.0) AS "h"
          FROM "f"
          GROUP BY
            "q0",
            "s1"
        )
        SELECT
          "q0",
          "s1",
          "size",
          "h" < LN({{ v['l'] }}) - 1e-09 AS "bad",
          EXP("h") AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR("bad") AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s1" AS "s",
            CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
            CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s1"
          HAVING
            SUM("n") > 0
        ), "c" AS (
          SELECT
            "q0",
            "s0",
            SUM("cnt") AS "size",
            GREATEST(LN(SUM("n")) - CAST(SUM("n" * LN("n")) AS DOUBLE PRECISION) / SUM("n"), 0.0) AS "h"
          FROM "f"
          GROUP BY
            "q0",
            "s0"
        )
        SELECT
          "q0",
          "s0",
          "size",
          "h" < LN({{ v['l'] }}) - 1e-09 AS "bad",
          EXP("h") AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
    ) AS "per_attribute"
    GROUP BY
      "q0"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" ASC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed",
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_l_diversity_entropy_3(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_l_diversity_entropy_3', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_l_diversity_entropy_3(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_l_diversity_entropy_3(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_1" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_2" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    "e1"."code" AS "s1",
    "e2"."code" AS "s2",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  JOIN "sqlanon_dictionary_1" AS "e1"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e1"."value"
  JOIN "sqlanon_dictionary_2" AS "e2"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e2"."value"
  GROUP BY
    1,
    2,
    3,
    4
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    SELECT
      "q0",
      MAX("size") AS "size",
      BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
      MIN("val") AS "val"
    FROM (
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s1",
            "s2",
            "s0" AS "s",
            CAST(SUM("n") AS DOUBLE) AS "n",
            CAST(SUM("n") AS INT128) AS "cnt"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s1",
            "s2",
            "s0"
          HAVING
            SUM("n") > 0
        ), "c" AS (
          SELECT
            "q0",
            "s1",
            "s2",
            SUM("cnt") AS "size",
            GREATEST(LN(SUM("n")) - SUM("n" * LN("n")) / SUM("n"), 0.0) AS "h"
          FROM "f"
          GROUP BY
            "q0",
            "s1",
            "s2"
        )
        SELECT
          "q0",
          "s1",
          "s2",
          "size",
          "h" < LN({{ v['l'] }}) - 1e-09 AS "bad",
          EXP("h") AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s2",
            "s1" AS "s",
            CAST(SUM("n") AS DOUBLE) AS "n",
            CAST(SUM("n") AS INT128) AS "cnt"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s2",
            "s1"
          HAVING
            SUM("n") > 0
        ), "c" AS (
          SELECT
            "q0",
            "s0",
            "s2",
            SUM("cnt") AS "size",
            GREATEST(LN(SUM("n")) - SUM("n" * LN("n")) / SUM("n"), 0.0) AS "h"
          FROM "f"
          GROUP BY
            "q0",
            "s0",
            "s2"
        )
        SELECT
          "q0",
          "s0",
          "s2",
          "size",
          "h" < LN({{ v['l'] }}) - 1e-09 AS "bad",
          EXP("h") AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s2" AS "s",
            CAST(SUM("n") AS DOUBLE) AS "n",
            CAST(SUM("n") AS INT128) AS "cnt"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s1",
            "s2"
          HAVING
            SUM("n") > 0
        ), "c" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            SUM("cnt") AS "size",
            GREATEST(LN(SUM("n")) - SUM("n" * LN("n")) / SUM("n"), 0.0) AS "h"
          FROM "f"
          GROUP BY
            "q0",
            "s0",
            "s1"
        )
        SELECT
          "q0",
          "s0",
          "s1",
          "size",
          "h" < LN({{ v['l'] }}) - 1e-09 AS "bad",
          EXP("h") AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
    ) AS "per_attribute"
    GROUP BY
      "q0"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" ASC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed",
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_l_diversity_entropy_3(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_1" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_2" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    "e1"."code" AS "s1",
    "e2"."code" AS "s2",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e0"."value"
  JOIN "sqlanon_dictionary_1" AS "e1"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e1"."value"
  JOIN "sqlanon_dictionary_2" AS "e2"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e2"."value"
  GROUP BY
    1,
    2,
    3,
    4
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    SELECT
      "q0",
      MAX("size") AS "size",
      BOOL_OR("bad") AS "bad",
      MIN("val") AS "val"
    FROM (
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR("bad") AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s1",
            "s2",
            "s0" AS "s",
            CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
            CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s1",
            "s2",
            "s0"
          HAVING
            SUM("n") > 0
        ), "c" AS (
          SELECT
            "q0",
            "s1",
            "s2",
            SUM("cnt") AS "size",
            GREATEST(LN(SUM("n")) - CAST(SUM("n" * LN("n")) AS DOUBLE PRECISION) / SUM("n"), 0.0) AS "h"
          FROM "f"
          GROUP BY
            "q0",
            "s1",
            "s2"
        )
        SELECT
          "q0",
          "s1",
          "s2",
          "size",
          "h" < LN({{ v['l'] }}) - 1e-09 AS "bad",
          EXP("h") AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR("bad") AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s2",
            "s1" AS "s",
            CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
            CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s2",
            "s1"
          HAVING
            SUM("n") > 0
        ), "c" AS (
          SELECT
            "q0",
            "s0",
            "s2",
            SUM("cnt") AS "size",
            GREATEST(LN(SUM("n")) - CAST(SUM("n" * LN("n")) AS DOUBLE PRECISION) / SUM("n"), 0.0) AS "h"
          FROM "f"
          GROUP BY
            "q0",
            "s0",
            "s2"
        )
        SELECT
          "q0",
          "s0",
          "s2",
          "size",
          "h" < LN({{ v['l'] }}) - 1e-09 AS "bad",
          EXP("h") AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR("bad") AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s2" AS "s",
            CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
            CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s1",
            "s2"
          HAVING
            SUM("n") > 0
        ), "c" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            SUM("cnt") AS "size",
            GREATEST(LN(SUM("n")) - CAST(SUM("n" * LN("n")) AS DOUBLE PRECISION) / SUM("n"), 0.0) AS "h"
          FROM "f"
          GROUP BY
            "q0",
            "s0",
            "s1"
        )
        SELECT
          "q0",
          "s0",
          "s1",
          "size",
          "h" < LN({{ v['l'] }}) - 1e-09 AS "bad",
          EXP("h") AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
    ) AS "per_attribute"
    GROUP BY
      "q0"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" ASC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed",
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_l_diversity_entropy_4(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_l_diversity_entropy_4', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_l_diversity_entropy_4(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_l_diversity_entropy_4(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_1" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_2" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_3" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[3]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    "e1"."code" AS "s1",
    "e2"."code" AS "s2",
    "e3"."code" AS "s3",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  JOIN "sqlanon_dictionary_1" AS "e1"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e1"."value"
  JOIN "sqlanon_dictionary_2" AS "e2"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e2"."value"
  JOIN "sqlanon_dictionary_3" AS "e3"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[3]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e3"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    SELECT
      "q0",
      MAX("size") AS "size",
      BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
      MIN("val") AS "val"
    FROM (
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s1",
            "s2",
            "s3",
            "s0" AS "s",
            CAST(SUM("n") AS DOUBLE) AS "n",
            CAST(SUM("n") AS INT128) AS "cnt"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s1",
            "s2",
            "s3",
            "s0"
          HAVING
            SUM("n") > 0
        ), "c" AS (
          SELECT
            "q0",
            "s1",
            "s2",
            "s3",
            SUM("cnt") AS "size",
            GREATEST(LN(SUM("n")) - SUM("n" * LN("n")) / SUM("n"), 0.0) AS "h"
          FROM "f"
          GROUP BY
            "q0",
            "s1",
            "s2",
            "s3"
        )
        SELECT
          "q0",
          "s1",
          "s2",
          "s3",
          "size",
          "h" < LN({{ v['l'] }}) - 1e-09 AS "bad",
          EXP("h") AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s2",
            "s3",
            "s1" AS "s",
            CAST(SUM("n") AS DOUBLE) AS "n",
            CAST(SUM("n") AS INT128) AS "cnt"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s2",
            "s3",
            "s1"
          HAVING
            SUM("n") > 0
        ), "c" AS (
          SELECT
            "q0",
            "s0",
            "s2",
            "s3",
            SUM("cnt") AS "size",
            GREATEST(LN(SUM("n")) - SUM("n" * LN("n")) / SUM("n"), 0.0) AS "h"
          FROM "f"
          GROUP BY
            "q0",
            "s0",
            "s2",
            "s3"
        )
        SELECT
          "q0",
          "s0",
          "s2",
          "s3",
          "size",
          "h" < LN({{ v['l'] }}) - 1e-09 AS "bad",
          EXP("h") AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s3",
            "s2" AS "s",
            CAST(SUM("n") AS DOUBLE) AS "n",
            CAST(SUM("n") AS INT128) AS "cnt"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s1",
            "s3",
            "s2"
          HAVING
            SUM("n") > 0
        ), "c" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s3",
            SUM("cnt") AS "size",
            GREATEST(LN(SUM("n")) - SUM("n" * LN("n")) / SUM("n"), 0.0) AS "h"
          FROM "f"
          GROUP BY
            "q0",
            "s0",
            "s1",
            "s3"
        )
        SELECT
          "q0",
          "s0",
          "s1",
          "s3",
          "size",
          "h" < LN({{ v['l'] }}) - 1e-09 AS "bad",
          EXP("h") AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s2",
            "s3" AS "s",
            CAST(SUM("n") AS DOUBLE) AS "n",
            CAST(SUM("n") AS INT128) AS "cnt"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s1",
            "s2",
            "s3"
          HAVING
            SUM("n") > 0
        ), "c" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s2",
            SUM("cnt") AS "size",
            GREATEST(LN(SUM("n")) - SUM("n" * LN("n")) / SUM("n"), 0.0) AS "h"
          FROM "f"
          GROUP BY
            "q0",
            "s0",
            "s1",
            "s2"
        )
        SELECT
          "q0",
          "s0",
          "s1",
          "s2",
          "size",
          "h" < LN({{ v['l'] }}) - 1e-09 AS "bad",
          EXP("h") AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
    ) AS "per_attribute"
    GROUP BY
      "q0"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" ASC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed",
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_l_diversity_entropy_4(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_1" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_2" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_3" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[3]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    "e1"."code" AS "s1",
    "e2"."code" AS "s2",
    "e3"."code" AS "s3",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e0"."value"
  JOIN "sqlanon_dictionary_1" AS "e1"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e1"."value"
  JOIN "sqlanon_dictionary_2" AS "e2"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e2"."value"
  JOIN "sqlanon_dictionary_3" AS "e3"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[3]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e3"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    SELECT
      "q0",
      MAX("size") AS "size",
      BOOL_OR("bad") AS "bad",
      MIN("val") AS "val"
    FROM (
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR("bad") AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s1",
            "s2",
            "s3",
            "s0" AS "s",
            CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
            CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s1",
            "s2",
            "s3",
            "s0"
          HAVING
            SUM("n") > 0
        ), "c" AS (
          SELECT
            "q0",
            "s1",
            "s2",
            "s3",
            SUM("cnt") AS "size",
            GREATEST(LN(SUM("n")) - CAST(SUM("n" * LN("n")) AS DOUBLE PRECISION) / SUM("n"), 0.0) AS "h"
          FROM "f"
          GROUP BY
            "q0",
            "s1",
            "s2",
            "s3"
        )
        SELECT
          "q0",
          "s1",
          "s2",
          "s3",
          "size",
          "h" < LN({{ v['l'] }}) - 1e-09 AS "bad",
          EXP("h") AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR("bad") AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s2",
            "s3",
            "s1" AS "s",
            CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
            CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s2",
            "s3",
            "s1"
          HAVING
            SUM("n") > 0
        ), "c" AS (
          SELECT
            "q0",
            "s0",
            "s2",
            "s3",
            SUM("cnt") AS "size",
            GREATEST(LN(SUM("n")) - CAST(SUM("n" * LN("n")) AS DOUBLE PRECISION) / SUM("n"), 0.0) AS "h"
          FROM "f"
          GROUP BY
            "q0",
            "s0",
            "s2",
            "s3"
        )
        SELECT
          "q0",
          "s0",
          "s2",
          "s3",
          "size",
          "h" < LN({{ v['l'] }}) - 1e-09 AS "bad",
          EXP("h") AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR("bad") AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s3",
            "s2" AS "s",
            CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
            CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s1",
            "s3",
            "s2"
          HAVING
            SUM("n") > 0
        ), "c" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s3",
            SUM("cnt") AS "size",
            GREATEST(LN(SUM("n")) - CAST(SUM("n" * LN("n")) AS DOUBLE PRECISION) / SUM("n"), 0.0) AS "h"
          FROM "f"
          GROUP BY
            "q0",
            "s0",
            "s1",
            "s3"
        )
        SELECT
          "q0",
          "s0",
          "s1",
          "s3",
          "size",
          "h" < LN({{ v['l'] }}) - 1e-09 AS "bad",
          EXP("h") AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR("bad") AS "bad",
        MIN("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s2",
            "s3" AS "s",
            CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
            CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s1",
            "s2",
            "s3"
          HAVING
            SUM("n") > 0
        ), "c" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s2",
            SUM("cnt") AS "size",
            GREATEST(LN(SUM("n")) - CAST(SUM("n" * LN("n")) AS DOUBLE PRECISION) / SUM("n"), 0.0) AS "h"
          FROM "f"
          GROUP BY
            "q0",
            "s0",
            "s1",
            "s2"
        )
        SELECT
          "q0",
          "s0",
          "s1",
          "s2",
          "size",
          "h" < LN({{ v['l'] }}) - 1e-09 AS "bad",
          EXP("h") AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
    ) AS "per_attribute"
    GROUP BY
      "q0"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" ASC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed",
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_l_diversity_recursive(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_l_diversity_recursive', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_l_diversity_recursive(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_l_diversity_recursive(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        SUM("n") AS "n"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "r" AS (
      SELECT
        "q0",
        "n",
        ROW_NUMBER() OVER (PARTITION BY "q0" ORDER BY "n" DESC) AS "rank"
      FROM "f"
    ), "c" AS (
      SELECT
        "q0",
        CAST(SUM("n") AS INT128) AS "size",
        CAST(MAX("n") AS INT128) AS "r1",
        CAST(COALESCE(SUM("n") FILTER(WHERE
          "rank" >= {{ v['l'] }}), 0) AS INT128) AS "tail"
      FROM "r"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      NOT (
        "r1" * {{ v['c_den'] }} < "tail" * {{ v['c_num'] }}
      ) AS "bad",
      CASE
        WHEN "tail" = 0
        THEN CAST('inf' AS DOUBLE)
        ELSE CAST("r1" AS DOUBLE) / CAST("tail" AS DOUBLE)
      END AS "val"
    FROM "c"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_l_diversity_recursive(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        SUM("n") AS "n"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "r" AS (
      SELECT
        "q0",
        "n",
        ROW_NUMBER() OVER (PARTITION BY "q0" ORDER BY "n" DESC NULLS LAST) AS "rank"
      FROM "f"
    ), "c" AS (
      SELECT
        "q0",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
        CAST(MAX("n") AS DECIMAL(38, 0)) AS "r1",
        CAST(COALESCE(SUM("n") FILTER(WHERE
          "rank" >= {{ v['l'] }}), 0) AS DECIMAL(38, 0)) AS "tail"
      FROM "r"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      NOT (
        "r1" * {{ v['c_den'] }} < "tail" * {{ v['c_num'] }}
      ) AS "bad",
      CASE
        WHEN "tail" = 0
        THEN CAST('inf' AS DOUBLE PRECISION)
        ELSE CAST("r1" AS DOUBLE PRECISION) / CAST("tail" AS DOUBLE PRECISION)
      END AS "val"
    FROM "c"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_l_diversity_recursive_2(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_l_diversity_recursive_2', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_l_diversity_recursive_2(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_l_diversity_recursive_2(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_1" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    "e1"."code" AS "s1",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  JOIN "sqlanon_dictionary_1" AS "e1"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e1"."value"
  GROUP BY
    1,
    2,
    3
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    SELECT
      "q0",
      MAX("size") AS "size",
      BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
      MAX("val") AS "val"
    FROM (
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
        MAX("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s1",
            "s0" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s1",
            "s0"
          HAVING
            SUM("n") > 0
        ), "r" AS (
          SELECT
            "q0",
            "s1",
            "n",
            ROW_NUMBER() OVER (PARTITION BY "q0", "s1" ORDER BY "n" DESC) AS "rank"
          FROM "f"
        ), "c" AS (
          SELECT
            "q0",
            "s1",
            CAST(SUM("n") AS INT128) AS "size",
            CAST(MAX("n") AS INT128) AS "r1",
            CAST(COALESCE(SUM("n") FILTER(WHERE
              "rank" >= {{ v['l'] }}), 0) AS INT128) AS "tail"
          FROM "r"
          GROUP BY
            "q0",
            "s1"
        )
        SELECT
          "q0",
          "s1",
          "size",
          NOT (
            "r1" * {{ v['c_den'] }} < "tail" * {{ v['c_num'] }}
          ) AS "bad",
          CASE
            WHEN "tail" = 0
            THEN CAST('inf' AS DOUBLE)
            ELSE CAST("r1" AS DOUBLE) / CAST("tail" AS DOUBLE)
          END AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
        MAX("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s1" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s1"
          HAVING
            SUM("n") > 0
        ), "r" AS (
          SELECT
            "q0",
            "s0",
            "n",
            ROW_NUMBER() OVER (PARTITION BY "q0", "s0" ORDER BY "n" DESC) AS "rank"
          FROM "f"
        ), "c" AS (
          SELECT
            "q0",
            "s0",
            CAST(SUM("n") AS INT128) AS "size",
            CAST(MAX("n") AS INT128) AS "r1",
            CAST(COALESCE(SUM("n") FILTER(WHERE
              "rank" >= {{ v['l'] }}), 0) AS INT128) AS "tail"
          FROM "r"
          GROUP BY
            "q0",
            "s0"
        )
        SELECT
          "q0",
          "s0",
          "size",
          NOT (
            "r1" * {{ v['c_den'] }} < "tail" * {{ v['c_num'] }}
          ) AS "bad",
          CASE
            WHEN "tail" = 0
            THEN CAST('inf' AS DOUBLE)
            ELSE CAST("r1" AS DOUBLE) / CAST("tail" AS DOUBLE)
          END AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
    ) AS "per_attribute"
    GROUP BY
      "q0"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_l_diversity_recursive_2(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_1" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    "e1"."code" AS "s1",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e0"."value"
  JOIN "sqlanon_dictionary_1" AS "e1"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e1"."value"
  GROUP BY
    1,
    2,
    3
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    SELECT
      "q0",
      MAX("size") AS "size",
      BOOL_OR("bad") AS "bad",
      MAX("val") AS "val"
    FROM (
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR("bad") AS "bad",
        MAX("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s1",
            "s0" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s1",
            "s0"
          HAVING
            SUM("n") > 0
        ), "r" AS (
          SELECT
            "q0",
            "s1",
            "n",
            ROW_NUMBER() OVER (PARTITION BY "q0", "s1" ORDER BY "n" DESC NULLS LAST) AS "rank"
          FROM "f"
        ), "c" AS (
          SELECT
            "q0",
            "s1",
            CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
            CAST(MAX("n") AS DECIMAL(38, 0)) AS "r1",
            CAST(COALESCE(SUM("n") FILTER(WHERE
              "rank" >= {{ v['l'] }}), 0) AS DECIMAL(38, 0)) AS "tail"
          FROM "r"
          GROUP BY
            "q0",
            "s1"
        )
        SELECT
          "q0",
          "s1",
          "size",
          NOT (
            "r1" * {{ v['c_den'] }} < "tail" * {{ v['c_num'] }}
          ) AS "bad",
          CASE
            WHEN "tail" = 0
            THEN CAST('inf' AS DOUBLE PRECISION)
            ELSE CAST("r1" AS DOUBLE PRECISION) / CAST("tail" AS DOUBLE PRECISION)
          END AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR("bad") AS "bad",
        MAX("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s1" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s1"
          HAVING
            SUM("n") > 0
        ), "r" AS (
          SELECT
            "q0",
            "s0",
            "n",
            ROW_NUMBER() OVER (PARTITION BY "q0", "s0" ORDER BY "n" DESC NULLS LAST) AS "rank"
          FROM "f"
        ), "c" AS (
          SELECT
            "q0",
            "s0",
            CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
            CAST(MAX("n") AS DECIMAL(38, 0)) AS "r1",
            CAST(COALESCE(SUM("n") FILTER(WHERE
              "rank" >= {{ v['l'] }}), 0) AS DECIMAL(38, 0)) AS "tail"
          FROM "r"
          GROUP BY
            "q0",
            "s0"
        )
        SELECT
          "q0",
          "s0",
          "size",
          NOT (
            "r1" * {{ v['c_den'] }} < "tail" * {{ v['c_num'] }}
          ) AS "bad",
          CASE
            WHEN "tail" = 0
            THEN CAST('inf' AS DOUBLE PRECISION)
            ELSE CAST("r1" AS DOUBLE PRECISION) / CAST("tail" AS DOUBLE PRECISION)
          END AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
    ) AS "per_attribute"
    GROUP BY
      "q0"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_l_diversity_recursive_3(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_l_diversity_recursive_3', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_l_diversity_recursive_3(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_l_diversity_recursive_3(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_1" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_2" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    "e1"."code" AS "s1",
    "e2"."code" AS "s2",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  JOIN "sqlanon_dictionary_1" AS "e1"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e1"."value"
  JOIN "sqlanon_dictionary_2" AS "e2"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e2"."value"
  GROUP BY
    1,
    2,
    3,
    4
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    SELECT
      "q0",
      MAX("size") AS "size",
      BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
      MAX("val") AS "val"
    FROM (
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
        MAX("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s1",
            "s2",
            "s0" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s1",
            "s2",
            "s0"
          HAVING
            SUM("n") > 0
        ), "r" AS (
          SELECT
            "q0",
            "s1",
            "s2",
            "n",
            ROW_NUMBER() OVER (PARTITION BY "q0", "s1", "s2" ORDER BY "n" DESC) AS "rank"
          FROM "f"
        ), "c" AS (
          SELECT
            "q0",
            "s1",
            "s2",
            CAST(SUM("n") AS INT128) AS "size",
            CAST(MAX("n") AS INT128) AS "r1",
            CAST(COALESCE(SUM("n") FILTER(WHERE
              "rank" >= {{ v['l'] }}), 0) AS INT128) AS "tail"
          FROM "r"
          GROUP BY
            "q0",
            "s1",
            "s2"
        )
        SELECT
          "q0",
          "s1",
          "s2",
          "size",
          NOT (
            "r1" * {{ v['c_den'] }} < "tail" * {{ v['c_num'] }}
          ) AS "bad",
          CASE
            WHEN "tail" = 0
            THEN CAST('inf' AS DOUBLE)
            ELSE CAST("r1" AS DOUBLE) / CAST("tail" AS DOUBLE)
          END AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
        MAX("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s2",
            "s1" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s2",
            "s1"
          HAVING
            SUM("n") > 0
        ), "r" AS (
          SELECT
            "q0",
            "s0",
            "s2",
            "n",
            ROW_NUMBER() OVER (PARTITION BY "q0", "s0", "s2" ORDER BY "n" DESC) AS "rank"
          FROM "f"
        ), "c" AS (
          SELECT
            "q0",
            "s0",
            "s2",
            CAST(SUM("n") AS INT128) AS "size",
            CAST(MAX("n") AS INT128) AS "r1",
            CAST(COALESCE(SUM("n") FILTER(WHERE
              "rank" >= {{ v['l'] }}), 0) AS INT128) AS "tail"
          FROM "r"
          GROUP BY
            "q0",
            "s0",
            "s2"
        )
        SELECT
          "q0",
          "s0",
          "s2",
          "size",
          NOT (
            "r1" * {{ v['c_den'] }} < "tail" * {{ v['c_num'] }}
          ) AS "bad",
          CASE
            WHEN "tail" = 0
            THEN CAST('inf' AS DOUBLE)
            ELSE CAST("r1" AS DOUBLE) / CAST("tail" AS DOUBLE)
          END AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
        MAX("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s2" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s1",
            "s2"
          HAVING
            SUM("n") > 0
        ), "r" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "n",
            ROW_NUMBER() OVER (PARTITION BY "q0", "s0", "s1" ORDER BY "n" DESC) AS "rank"
          FROM "f"
        ), "c" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            CAST(SUM("n") AS INT128) AS "size",
            CAST(MAX("n") AS INT128) AS "r1",
            CAST(COALESCE(SUM("n") FILTER(WHERE
              "rank" >= {{ v['l'] }}), 0) AS INT128) AS "tail"
          FROM "r"
          GROUP BY
            "q0",
            "s0",
            "s1"
        )
        SELECT
          "q0",
          "s0",
          "s1",
          "size",
          NOT (
            "r1" * {{ v['c_den'] }} < "tail" * {{ v['c_num'] }}
          ) AS "bad",
          CASE
            WHEN "tail" = 0
            THEN CAST('inf' AS DOUBLE)
            ELSE CAST("r1" AS DOUBLE) / CAST("tail" AS DOUBLE)
          END AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
    ) AS "per_attribute"
    GROUP BY
      "q0"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_l_diversity_recursive_3(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_1" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_2" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    "e1"."code" AS "s1",
    "e2"."code" AS "s2",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e0"."value"
  JOIN "sqlanon_dictionary_1" AS "e1"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e1"."value"
  JOIN "sqlanon_dictionary_2" AS "e2"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e2"."value"
  GROUP BY
    1,
    2,
    3,
    4
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    SELECT
      "q0",
      MAX("size") AS "size",
      BOOL_OR("bad") AS "bad",
      MAX("val") AS "val"
    FROM (
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR("bad") AS "bad",
        MAX("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s1",
            "s2",
            "s0" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s1",
            "s2",
            "s0"
          HAVING
            SUM("n") > 0
        ), "r" AS (
          SELECT
            "q0",
            "s1",
            "s2",
            "n",
            ROW_NUMBER() OVER (PARTITION BY "q0", "s1", "s2" ORDER BY "n" DESC NULLS LAST) AS "rank"
          FROM "f"
        ), "c" AS (
          SELECT
            "q0",
            "s1",
            "s2",
            CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
            CAST(MAX("n") AS DECIMAL(38, 0)) AS "r1",
            CAST(COALESCE(SUM("n") FILTER(WHERE
              "rank" >= {{ v['l'] }}), 0) AS DECIMAL(38, 0)) AS "tail"
          FROM "r"
          GROUP BY
            "q0",
            "s1",
            "s2"
        )
        SELECT
          "q0",
          "s1",
          "s2",
          "size",
          NOT (
            "r1" * {{ v['c_den'] }} < "tail" * {{ v['c_num'] }}
          ) AS "bad",
          CASE
            WHEN "tail" = 0
            THEN CAST('inf' AS DOUBLE PRECISION)
            ELSE CAST("r1" AS DOUBLE PRECISION) / CAST("tail" AS DOUBLE PRECISION)
          END AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR("bad") AS "bad",
        MAX("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s2",
            "s1" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s2",
            "s1"
          HAVING
            SUM("n") > 0
        ), "r" AS (
          SELECT
            "q0",
            "s0",
            "s2",
            "n",
            ROW_NUMBER() OVER (PARTITION BY "q0", "s0", "s2" ORDER BY "n" DESC NULLS LAST) AS "rank"
          FROM "f"
        ), "c" AS (
          SELECT
            "q0",
            "s0",
            "s2",
            CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
            CAST(MAX("n") AS DECIMAL(38, 0)) AS "r1",
            CAST(COALESCE(SUM("n") FILTER(WHERE
              "rank" >= {{ v['l'] }}), 0) AS DECIMAL(38, 0)) AS "tail"
          FROM "r"
          GROUP BY
            "q0",
            "s0",
            "s2"
        )
        SELECT
          "q0",
          "s0",
          "s2",
          "size",
          NOT (
            "r1" * {{ v['c_den'] }} < "tail" * {{ v['c_num'] }}
          ) AS "bad",
          CASE
            WHEN "tail" = 0
            THEN CAST('inf' AS DOUBLE PRECISION)
            ELSE CAST("r1" AS DOUBLE PRECISION) / CAST("tail" AS DOUBLE PRECISION)
          END AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR("bad") AS "bad",
        MAX("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s2" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s1",
            "s2"
          HAVING
            SUM("n") > 0
        ), "r" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "n",
            ROW_NUMBER() OVER (PARTITION BY "q0", "s0", "s1" ORDER BY "n" DESC NULLS LAST) AS "rank"
          FROM "f"
        ), "c" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
            CAST(MAX("n") AS DECIMAL(38, 0)) AS "r1",
            CAST(COALESCE(SUM("n") FILTER(WHERE
              "rank" >= {{ v['l'] }}), 0) AS DECIMAL(38, 0)) AS "tail"
          FROM "r"
          GROUP BY
            "q0",
            "s0",
            "s1"
        )
        SELECT
          "q0",
          "s0",
          "s1",
          "size",
          NOT (
            "r1" * {{ v['c_den'] }} < "tail" * {{ v['c_num'] }}
          ) AS "bad",
          CASE
            WHEN "tail" = 0
            THEN CAST('inf' AS DOUBLE PRECISION)
            ELSE CAST("r1" AS DOUBLE PRECISION) / CAST("tail" AS DOUBLE PRECISION)
          END AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
    ) AS "per_attribute"
    GROUP BY
      "q0"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_l_diversity_recursive_4(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_l_diversity_recursive_4', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_l_diversity_recursive_4(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_l_diversity_recursive_4(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_1" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_2" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_3" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[3]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    "e1"."code" AS "s1",
    "e2"."code" AS "s2",
    "e3"."code" AS "s3",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  JOIN "sqlanon_dictionary_1" AS "e1"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e1"."value"
  JOIN "sqlanon_dictionary_2" AS "e2"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e2"."value"
  JOIN "sqlanon_dictionary_3" AS "e3"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[3]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e3"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    SELECT
      "q0",
      MAX("size") AS "size",
      BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
      MAX("val") AS "val"
    FROM (
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
        MAX("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s1",
            "s2",
            "s3",
            "s0" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s1",
            "s2",
            "s3",
            "s0"
          HAVING
            SUM("n") > 0
        ), "r" AS (
          SELECT
            "q0",
            "s1",
            "s2",
            "s3",
            "n",
            ROW_NUMBER() OVER (PARTITION BY "q0", "s1", "s2", "s3" ORDER BY "n" DESC) AS "rank"
          FROM "f"
        ), "c" AS (
          SELECT
            "q0",
            "s1",
            "s2",
            "s3",
            CAST(SUM("n") AS INT128) AS "size",
            CAST(MAX("n") AS INT128) AS "r1",
            CAST(COALESCE(SUM("n") FILTER(WHERE
              "rank" >= {{ v['l'] }}), 0) AS INT128) AS "tail"
          FROM "r"
          GROUP BY
            "q0",
            "s1",
            "s2",
            "s3"
        )
        SELECT
          "q0",
          "s1",
          "s2",
          "s3",
          "size",
          NOT (
            "r1" * {{ v['c_den'] }} < "tail" * {{ v['c_num'] }}
          ) AS "bad",
          CASE
            WHEN "tail" = 0
            THEN CAST('inf' AS DOUBLE)
            ELSE CAST("r1" AS DOUBLE) / CAST("tail" AS DOUBLE)
          END AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
        MAX("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s2",
            "s3",
            "s1" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s2",
            "s3",
            "s1"
          HAVING
            SUM("n") > 0
        ), "r" AS (
          SELECT
            "q0",
            "s0",
            "s2",
            "s3",
            "n",
            ROW_NUMBER() OVER (PARTITION BY "q0", "s0", "s2", "s3" ORDER BY "n" DESC) AS "rank"
          FROM "f"
        ), "c" AS (
          SELECT
            "q0",
            "s0",
            "s2",
            "s3",
            CAST(SUM("n") AS INT128) AS "size",
            CAST(MAX("n") AS INT128) AS "r1",
            CAST(COALESCE(SUM("n") FILTER(WHERE
              "rank" >= {{ v['l'] }}), 0) AS INT128) AS "tail"
          FROM "r"
          GROUP BY
            "q0",
            "s0",
            "s2",
            "s3"
        )
        SELECT
          "q0",
          "s0",
          "s2",
          "s3",
          "size",
          NOT (
            "r1" * {{ v['c_den'] }} < "tail" * {{ v['c_num'] }}
          ) AS "bad",
          CASE
            WHEN "tail" = 0
            THEN CAST('inf' AS DOUBLE)
            ELSE CAST("r1" AS DOUBLE) / CAST("tail" AS DOUBLE)
          END AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
        MAX("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s3",
            "s2" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s1",
            "s3",
            "s2"
          HAVING
            SUM("n") > 0
        ), "r" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s3",
            "n",
            ROW_NUMBER() OVER (PARTITION BY "q0", "s0", "s1", "s3" ORDER BY "n" DESC) AS "rank"
          FROM "f"
        ), "c" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s3",
            CAST(SUM("n") AS INT128) AS "size",
            CAST(MAX("n") AS INT128) AS "r1",
            CAST(COALESCE(SUM("n") FILTER(WHERE
              "rank" >= {{ v['l'] }}), 0) AS INT128) AS "tail"
          FROM "r"
          GROUP BY
            "q0",
            "s0",
            "s1",
            "s3"
        )
        SELECT
          "q0",
          "s0",
          "s1",
          "s3",
          "size",
          NOT (
            "r1" * {{ v['c_den'] }} < "tail" * {{ v['c_num'] }}
          ) AS "bad",
          CASE
            WHEN "tail" = 0
            THEN CAST('inf' AS DOUBLE)
            ELSE CAST("r1" AS DOUBLE) / CAST("tail" AS DOUBLE)
          END AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR(CAST("bad" AS BOOLEAN)) AS "bad",
        MAX("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s2",
            "s3" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s1",
            "s2",
            "s3"
          HAVING
            SUM("n") > 0
        ), "r" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s2",
            "n",
            ROW_NUMBER() OVER (PARTITION BY "q0", "s0", "s1", "s2" ORDER BY "n" DESC) AS "rank"
          FROM "f"
        ), "c" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s2",
            CAST(SUM("n") AS INT128) AS "size",
            CAST(MAX("n") AS INT128) AS "r1",
            CAST(COALESCE(SUM("n") FILTER(WHERE
              "rank" >= {{ v['l'] }}), 0) AS INT128) AS "tail"
          FROM "r"
          GROUP BY
            "q0",
            "s0",
            "s1",
            "s2"
        )
        SELECT
          "q0",
          "s0",
          "s1",
          "s2",
          "size",
          NOT (
            "r1" * {{ v['c_den'] }} < "tail" * {{ v['c_num'] }}
          ) AS "bad",
          CASE
            WHEN "tail" = 0
            THEN CAST('inf' AS DOUBLE)
            ELSE CAST("r1" AS DOUBLE) / CAST("tail" AS DOUBLE)
          END AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
    ) AS "per_attribute"
    GROUP BY
      "q0"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_l_diversity_recursive_4(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_1" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_2" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_3" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[3]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    "e1"."code" AS "s1",
    "e2"."code" AS "s2",
    "e3"."code" AS "s3",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e0"."value"
  JOIN "sqlanon_dictionary_1" AS "e1"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e1"."value"
  JOIN "sqlanon_dictionary_2" AS "e2"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e2"."value"
  JOIN "sqlanon_dictionary_3" AS "e3"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[3]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e3"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    SELECT
      "q0",
      MAX("size") AS "size",
      BOOL_OR("bad") AS "bad",
      MAX("val") AS "val"
    FROM (
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR("bad") AS "bad",
        MAX("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s1",
            "s2",
            "s3",
            "s0" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s1",
            "s2",
            "s3",
            "s0"
          HAVING
            SUM("n") > 0
        ), "r" AS (
          SELECT
            "q0",
            "s1",
            "s2",
            "s3",
            "n",
            ROW_NUMBER() OVER (PARTITION BY "q0", "s1", "s2", "s3" ORDER BY "n" DESC NULLS LAST) AS "rank"
          FROM "f"
        ), "c" AS (
          SELECT
            "q0",
            "s1",
            "s2",
            "s3",
            CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
            CAST(MAX("n") AS DECIMAL(38, 0)) AS "r1",
            CAST(COALESCE(SUM("n") FILTER(WHERE
              "rank" >= {{ v['l'] }}), 0) AS DECIMAL(38, 0)) AS "tail"
          FROM "r"
          GROUP BY
            "q0",
            "s1",
            "s2",
            "s3"
        )
        SELECT
          "q0",
          "s1",
          "s2",
          "s3",
          "size",
          NOT (
            "r1" * {{ v['c_den'] }} < "tail" * {{ v['c_num'] }}
          ) AS "bad",
          CASE
            WHEN "tail" = 0
            THEN CAST('inf' AS DOUBLE PRECISION)
            ELSE CAST("r1" AS DOUBLE PRECISION) / CAST("tail" AS DOUBLE PRECISION)
          END AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR("bad") AS "bad",
        MAX("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s2",
            "s3",
            "s1" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s2",
            "s3",
            "s1"
          HAVING
            SUM("n") > 0
        ), "r" AS (
          SELECT
            "q0",
            "s0",
            "s2",
            "s3",
            "n",
            ROW_NUMBER() OVER (PARTITION BY "q0", "s0", "s2", "s3" ORDER BY "n" DESC NULLS LAST) AS "rank"
          FROM "f"
        ), "c" AS (
          SELECT
            "q0",
            "s0",
            "s2",
            "s3",
            CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
            CAST(MAX("n") AS DECIMAL(38, 0)) AS "r1",
            CAST(COALESCE(SUM("n") FILTER(WHERE
              "rank" >= {{ v['l'] }}), 0) AS DECIMAL(38, 0)) AS "tail"
          FROM "r"
          GROUP BY
            "q0",
            "s0",
            "s2",
            "s3"
        )
        SELECT
          "q0",
          "s0",
          "s2",
          "s3",
          "size",
          NOT (
            "r1" * {{ v['c_den'] }} < "tail" * {{ v['c_num'] }}
          ) AS "bad",
          CASE
            WHEN "tail" = 0
            THEN CAST('inf' AS DOUBLE PRECISION)
            ELSE CAST("r1" AS DOUBLE PRECISION) / CAST("tail" AS DOUBLE PRECISION)
          END AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR("bad") AS "bad",
        MAX("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s3",
            "s2" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s1",
            "s3",
            "s2"
          HAVING
            SUM("n") > 0
        ), "r" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s3",
            "n",
            ROW_NUMBER() OVER (PARTITION BY "q0", "s0", "s1", "s3" ORDER BY "n" DESC NULLS LAST) AS "rank"
          FROM "f"
        ), "c" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s3",
            CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
            CAST(MAX("n") AS DECIMAL(38, 0)) AS "r1",
            CAST(COALESCE(SUM("n") FILTER(WHERE
              "rank" >= {{ v['l'] }}), 0) AS DECIMAL(38, 0)) AS "tail"
          FROM "r"
          GROUP BY
            "q0",
            "s0",
            "s1",
            "s3"
        )
        SELECT
          "q0",
          "s0",
          "s1",
          "s3",
          "size",
          NOT (
            "r1" * {{ v['c_den'] }} < "tail" * {{ v['c_num'] }}
          ) AS "bad",
          CASE
            WHEN "tail" = 0
            THEN CAST('inf' AS DOUBLE PRECISION)
            ELSE CAST("r1" AS DOUBLE PRECISION) / CAST("tail" AS DOUBLE PRECISION)
          END AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
      UNION ALL
      SELECT
        "q0",
        SUM("size") AS "size",
        BOOL_OR("bad") AS "bad",
        MAX("val") AS "val"
      FROM (
        WITH "f" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s2",
            "s3" AS "s",
            SUM("n") AS "n"
          FROM "sqlanon_frequencies"
          GROUP BY
            "q0",
            "s0",
            "s1",
            "s2",
            "s3"
          HAVING
            SUM("n") > 0
        ), "r" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s2",
            "n",
            ROW_NUMBER() OVER (PARTITION BY "q0", "s0", "s1", "s2" ORDER BY "n" DESC NULLS LAST) AS "rank"
          FROM "f"
        ), "c" AS (
          SELECT
            "q0",
            "s0",
            "s1",
            "s2",
            CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
            CAST(MAX("n") AS DECIMAL(38, 0)) AS "r1",
            CAST(COALESCE(SUM("n") FILTER(WHERE
              "rank" >= {{ v['l'] }}), 0) AS DECIMAL(38, 0)) AS "tail"
          FROM "r"
          GROUP BY
            "q0",
            "s0",
            "s1",
            "s2"
        )
        SELECT
          "q0",
          "s0",
          "s1",
          "s2",
          "size",
          NOT (
            "r1" * {{ v['c_den'] }} < "tail" * {{ v['c_num'] }}
          ) AS "bad",
          CASE
            WHEN "tail" = 0
            THEN CAST('inf' AS DOUBLE PRECISION)
            ELSE CAST("r1" AS DOUBLE PRECISION) / CAST("tail" AS DOUBLE PRECISION)
          END AS "val"
        FROM "c"
      ) AS "sub"
      GROUP BY
        "q0"
    ) AS "per_attribute"
    GROUP BY
      "q0"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_l_diversity_pd_recursive(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_l_diversity_pd_recursive', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_l_diversity_pd_recursive(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_l_diversity_pd_recursive(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST((
      SELECT
        COUNT(*)
      FROM ({{ v['reserved'] }}) AS "r"
    ) + ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
  WHERE
    NOT "d"."value" IN (
      SELECT
        "r"."value"
      FROM ({{ v['reserved'] }}) AS "r"
    )
  UNION ALL
  SELECT
    "r"."value",
    CAST("r"."code" AS INT) AS "code"
  FROM ({{ v['reserved'] }}) AS "r"
  WHERE
    "r"."value" IN (
      SELECT DISTINCT
        COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
          CHR(30) || 'NULL' || CHR(30)
        )) AS "value"
      FROM "sqlanon_table"
    )
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "r" AS (
      SELECT
        "q0",
        "cnt",
        NOT (
          "s" IN ({{ v['allowed'] }})
        ) AS "dis",
        FALSE AS "prot",
        ROW_NUMBER() OVER (PARTITION BY "q0" ORDER BY "cnt" DESC, NOT (
          "s" IN ({{ v['allowed'] }})
        ) DESC) AS "rank"
      FROM "f"
    ), "c" AS (
      SELECT
        "q0",
        CAST(SUM("cnt") AS INT128) AS "size",
        MIN("rank") FILTER(WHERE
          "dis") AS "y",
        CAST(MAX("cnt") FILTER(WHERE
          "dis") AS INT128) AS "ry",
        CAST(COALESCE(SUM("cnt") FILTER(WHERE
          "rank" >= {{ v['l'] }}), 0) AS INT128) AS "tl",
        CAST(COALESCE(SUM("cnt") FILTER(WHERE
          "rank" >= GREATEST({{ v['l'] }} - 1, 1)), 0) AS INT128) AS "tl1",
        COUNT(*) FILTER(WHERE
          "prot") AS "np",
        CAST(MIN("cnt") FILTER(WHERE
          "prot") AS INT128) AS "wmin"
      FROM "r"
      GROUP BY
        "q0"
    ), "t" AS (
      SELECT
        "q0",
        "size",
        "y",
        "ry",
        CASE
          WHEN "y" IS NULL
          THEN CAST(0 AS INT128)
          WHEN "y" <= {{ v['l'] }} - 1
          THEN "tl"
          ELSE "tl1" - "ry"
        END AS "tail",
        CASE WHEN "np" < 0 THEN CAST(0 AS INT128) ELSE "wmin" END AS "w"
      FROM "c"
    )
    SELECT
      "q0",
      "size",
      CASE
        WHEN "y" IS NULL
        THEN FALSE
        ELSE NOT (
          "ry" * {{ v['c_den'] }} < "tail" * {{ v['c_num'] }}
        )
      END AS "bad",
      CASE
        WHEN "y" IS NULL
        THEN 0.0
        WHEN "tail" = 0
        THEN CAST('inf' AS DOUBLE)
        ELSE CAST("ry" AS DOUBLE) / CAST("tail" AS DOUBLE)
      END AS "val",
      CAST(NULL AS DOUBLE) AS "share"
    FROM "t"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_l_diversity_pd_recursive(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST((
      SELECT
        COUNT(*)
      FROM ({{ v['reserved'] }}) AS "r"
    ) + ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
  WHERE
    NOT "d"."value" IN (
      SELECT
        "r"."value"
      FROM ({{ v['reserved'] }}) AS "r"
    )
  UNION ALL
  SELECT
    "r"."value",
    CAST("r"."code" AS INT) AS "code"
  FROM ({{ v['reserved'] }}) AS "r"
  WHERE
    "r"."value" IN (
      SELECT DISTINCT
        COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
          CHR(  30) || 'NULL' || CHR(  30)
        )) AS "value"
      FROM "sqlanon_table"
    )
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "r" AS (
      SELECT
        "q0",
        "cnt",
        NOT (
          "s" IN ({{ v['allowed'] }})
        ) AS "dis",
        FALSE AS "prot",
        ROW_NUMBER() OVER (
          PARTITION BY "q0"
          ORDER BY "cnt" DESC NULLS LAST, NOT (
            "s" IN ({{ v['allowed'] }})
          ) DESC NULLS LAST
        ) AS "rank"
      FROM "f"
    ), "c" AS (
      SELECT
        "q0",
        CAST(SUM("cnt") AS DECIMAL(38, 0)) AS "size",
        MIN("rank") FILTER(WHERE
          "dis") AS "y",
        CAST(MAX("cnt") FILTER(WHERE
          "dis") AS DECIMAL(38, 0)) AS "ry",
        CAST(COALESCE(SUM("cnt") FILTER(WHERE
          "rank" >= {{ v['l'] }}), 0) AS DECIMAL(38, 0)) AS "tl",
        CAST(COALESCE(SUM("cnt") FILTER(WHERE
          "rank" >= GREATEST({{ v['l'] }} - 1, 1)), 0) AS DECIMAL(38, 0)) AS "tl1",
        COUNT(*) FILTER(WHERE
          "prot") AS "np",
        CAST(MIN("cnt") FILTER(WHERE
          "prot") AS DECIMAL(38, 0)) AS "wmin"
      FROM "r"
      GROUP BY
        "q0"
    ), "t" AS (
      SELECT
        "q0",
        "size",
        "y",
        "ry",
        CASE
          WHEN "y" IS NULL
          THEN CAST(0 AS DECIMAL(38, 0))
          WHEN "y" <= {{ v['l'] }} - 1
          THEN "tl"
          ELSE "tl1" - "ry"
        END AS "tail",
        CASE WHEN "np" < 0 THEN CAST(0 AS DECIMAL(38, 0)) ELSE "wmin" END AS "w"
      FROM "c"
    )
    SELECT
      "q0",
      "size",
      CASE
        WHEN "y" IS NULL
        THEN FALSE
        ELSE NOT (
          "ry" * {{ v['c_den'] }} < "tail" * {{ v['c_num'] }}
        )
      END AS "bad",
      CASE
        WHEN "y" IS NULL
        THEN 0.0
        WHEN "tail" = 0
        THEN CAST('inf' AS DOUBLE PRECISION)
        ELSE CAST("ry" AS DOUBLE PRECISION) / CAST("tail" AS DOUBLE PRECISION)
      END AS "val",
      CAST(NULL AS DOUBLE PRECISION) AS "share"
    FROM "t"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_l_diversity_npd_recursive(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_l_diversity_npd_recursive', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_l_diversity_npd_recursive(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_l_diversity_npd_recursive(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST((
      SELECT
        COUNT(*)
      FROM ({{ v['reserved'] }}) AS "r"
    ) + ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
  WHERE
    NOT "d"."value" IN (
      SELECT
        "r"."value"
      FROM ({{ v['reserved'] }}) AS "r"
    )
  UNION ALL
  SELECT
    "r"."value",
    CAST("r"."code" AS INT) AS "code"
  FROM ({{ v['reserved'] }}) AS "r"
  WHERE
    "r"."value" IN (
      SELECT DISTINCT
        COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
          CHR(30) || 'NULL' || CHR(30)
        )) AS "value"
      FROM "sqlanon_table"
    )
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "r" AS (
      SELECT
        "q0",
        "cnt",
        NOT (
          "s" IN ({{ v['allowed'] }})
        ) AS "dis",
        "s" IN ({{ v['protected'] }}) AS "prot",
        ROW_NUMBER() OVER (PARTITION BY "q0" ORDER BY "cnt" DESC, NOT (
          "s" IN ({{ v['allowed'] }})
        ) DESC) AS "rank"
      FROM "f"
    ), "c" AS (
      SELECT
        "q0",
        CAST(SUM("cnt") AS INT128) AS "size",
        MIN("rank") FILTER(WHERE
          "dis") AS "y",
        CAST(MAX("cnt") FILTER(WHERE
          "dis") AS INT128) AS "ry",
        CAST(COALESCE(SUM("cnt") FILTER(WHERE
          "rank" >= {{ v['l'] }}), 0) AS INT128) AS "tl",
        CAST(COALESCE(SUM("cnt") FILTER(WHERE
          "rank" >= GREATEST({{ v['l'] }} - 1, 1)), 0) AS INT128) AS "tl1",
        COUNT(*) FILTER(WHERE
          "prot") AS "np",
        CAST(MIN("cnt") FILTER(WHERE
          "prot") AS INT128) AS "wmin"
      FROM "r"
      GROUP BY
        "q0"
    ), "t" AS (
      SELECT
        "q0",
        "size",
        "y",
        "ry",
        CASE
          WHEN "y" IS NULL
          THEN CAST(0 AS INT128)
          WHEN "y" <= {{ v['l'] }} - 1
          THEN "tl"
          ELSE "tl1" - "ry"
        END AS "tail",
        CASE WHEN "np" < {{ v['protected_count'] }} THEN CAST(0 AS INT128) ELSE "wmin" END AS "w"
      FROM "c"
    )
    SELECT
      "q0",
      "size",
      CASE
        WHEN "y" IS NULL
        THEN FALSE
        ELSE NOT (
          "ry" * {{ v['c_den'] }} < "tail" * {{ v['c_num'] }}
        )
      END
      OR "w" * 100 * {{ v['c2_den'] }} < "size" * {{ v['c2_num'] }} AS "bad",
      CASE
        WHEN "y" IS NULL
        THEN 0.0
        WHEN "tail" = 0
        THEN CAST('inf' AS DOUBLE)
        ELSE CAST("ry" AS DOUBLE) / CAST("tail" AS DOUBLE)
      END AS "val",
      CAST("w" AS DOUBLE) / CAST("size" AS DOUBLE) AS "share"
    FROM "t"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_l_diversity_npd_recursive(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST((
      SELECT
        COUNT(*)
      FROM ({{ v['reserved'] }}) AS "r"
    ) + ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
  WHERE
    NOT "d"."value" IN (
      SELECT
        "r"."value"
      FROM ({{ v['reserved'] }}) AS "r"
    )
  UNION ALL
  SELECT
    "r"."value",
    CAST("r"."code" AS INT) AS "code"
  FROM ({{ v['reserved'] }}) AS "r"
  WHERE
    "r"."value" IN (
      SELECT DISTINCT
        COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
          CHR(  30) || 'NULL' || CHR(  30)
        )) AS "value"
      FROM "sqlanon_table"
    )
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "r" AS (
      SELECT
        "q0",
        "cnt",
        NOT (
          "s" IN ({{ v['allowed'] }})
        ) AS "dis",
        "s" IN ({{ v['protected'] }}) AS "prot",
        ROW_NUMBER() OVER (
          PARTITION BY "q0"
          ORDER BY "cnt" DESC NULLS LAST, NOT (
            "s" IN ({{ v['allowed'] }})
          ) DESC NULLS LAST
        ) AS "rank"
      FROM "f"
    ), "c" AS (
      SELECT
        "q0",
        CAST(SUM("cnt") AS DECIMAL(38, 0)) AS "size",
        MIN("rank") FILTER(WHERE
          "dis") AS "y",
        CAST(MAX("cnt") FILTER(WHERE
          "dis") AS DECIMAL(38, 0)) AS "ry",
        CAST(COALESCE(SUM("cnt") FILTER(WHERE
          "rank" >= {{ v['l'] }}), 0) AS DECIMAL(38, 0)) AS "tl",
        CAST(COALESCE(SUM("cnt") FILTER(WHERE
          "rank" >= GREATEST({{ v['l'] }} - 1, 1)), 0) AS DECIMAL(38, 0)) AS "tl1",
        COUNT(*) FILTER(WHERE
          "prot") AS "np",
        CAST(MIN("cnt") FILTER(WHERE
          "prot") AS DECIMAL(38, 0)) AS "wmin"
      FROM "r"
      GROUP BY
        "q0"
    ), "t" AS (
      SELECT
        "q0",
        "size",
        "y",
        "ry",
        CASE
          WHEN "y" IS NULL
          THEN CAST(0 AS DECIMAL(38, 0))
          WHEN "y" <= {{ v['l'] }} - 1
          THEN "tl"
          ELSE "tl1" - "ry"
        END AS "tail",
        CASE WHEN "np" < {{ v['protected_count'] }} THEN CAST(0 AS DECIMAL(38, 0)) ELSE "wmin" END AS "w"
      FROM "c"
    )
    SELECT
      "q0",
      "size",
      CASE
        WHEN "y" IS NULL
        THEN FALSE
        ELSE NOT (
          "ry" * {{ v['c_den'] }} < "tail" * {{ v['c_num'] }}
        )
      END
      OR "w" * 100 * {{ v['c2_den'] }} < "size" * {{ v['c2_num'] }} AS "bad",
      CASE
        WHEN "y" IS NULL
        THEN 0.0
        WHEN "tail" = 0
        THEN CAST('inf' AS DOUBLE PRECISION)
        ELSE CAST("ry" AS DOUBLE PRECISION) / CAST("tail" AS DOUBLE PRECISION)
      END AS "val",
      CAST("w" AS DOUBLE PRECISION) / CAST("size" AS DOUBLE PRECISION) AS "share"
    FROM "t"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_t_closeness_equal(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_t_closeness_equal', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_t_closeness_equal(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_t_closeness_equal(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "tot" AS (
      SELECT
        SUM("n") AS "total"
      FROM "f"
    ), "g" AS (
      SELECT
        "s",
        SUM("n") / MAX("tot"."total") AS "q"
      FROM "f"
      CROSS JOIN "tot"
      GROUP BY
        "s"
    ), "c" AS (
      SELECT
        "q0",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0"
    ), "d" AS (
      SELECT
        "f"."q0",
        MAX("c"."rows") AS "size",
        SUM(GREATEST("f"."n" / "c"."size" - "g"."q", 0.0)) AS "emd"
      FROM "f"
      JOIN "c"
        USING ("q0")
      JOIN "g"
        USING ("s")
      GROUP BY
        "f"."q0"
    )
    SELECT
      "q0",
      "size",
      "emd" > {{ v['t'] }} + 1e-09 AS "bad",
      "emd" AS "val"
    FROM "d"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_t_closeness_equal(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "tot" AS MATERIALIZED (
      SELECT
        SUM("n") AS "total"
      FROM "f"
    ), "g" AS (
      SELECT
        "s",
        CAST(SUM("n") AS DOUBLE PRECISION) / MAX("tot"."total") AS "q"
      FROM "f"
      CROSS JOIN "tot"
      GROUP BY
        "s"
    ), "c" AS (
      SELECT
        "q0",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0"
    ), "d" AS (
      SELECT
        "f"."q0",
        MAX("c"."rows") AS "size",
        SUM(GREATEST(CAST("f"."n" AS DOUBLE PRECISION) / "c"."size" - "g"."q", 0.0)) AS "emd"
      FROM "f"
      JOIN "c"
        USING ("q0")
      JOIN "g"
        USING ("s")
      GROUP BY
        "f"."q0"
    )
    SELECT
      "q0",
      "size",
      "emd" > {{ v['t'] }} + 1e-09 AS "bad",
      "emd" AS "val"
    FROM "d"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_t_closeness_ordered(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_t_closeness_ordered', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_t_closeness_ordered(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_t_closeness_ordered(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_order_0" AS (
  SELECT
    "code" AS "s",
    CAST(ROW_NUMBER() OVER (ORDER BY CAST("value" AS DOUBLE), "value" COLLATE "binary") AS INT) AS "pos"
  FROM "sqlanon_dictionary_0"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "tot" AS (
      SELECT
        SUM("n") AS "total"
      FROM "f"
    ), "g" AS (
      SELECT
        "s",
        SUM("n") / MAX("tot"."total") AS "q"
      FROM "f"
      CROSS JOIN "tot"
      GROUP BY
        "s"
    ), "dom" AS (
      SELECT
        "o"."s",
        ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r"
      FROM "sqlanon_order_0" AS "o"
      WHERE
        "o"."s" IN (
          SELECT
            "s"
          FROM "g"
        )
    ), "m" AS (
      SELECT
        COUNT(*) AS "m"
      FROM "dom"
    ), "fq" AS (
      SELECT
        "dom"."r",
        CAST(SUM(COALESCE("qc"."cnt", 0)) OVER (ORDER BY "dom"."r" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS DOUBLE) / "tot"."total" AS "fq"
      FROM "dom"
      LEFT JOIN (
        SELECT
          "s",
          SUM("cnt") AS "cnt"
        FROM "f"
        GROUP BY
          "s"
      ) AS "qc"
        ON "qc"."s" = "dom"."s"
      CROSS JOIN "tot"
    ), "cdf" AS (
      SELECT
        "r",
        "fq",
        SUM("fq") OVER (ORDER BY "r" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS "gq"
      FROM "fq"
      UNION ALL
      SELECT
        0,
        0.0,
        0.0
    ), "steps" AS (
      SELECT
        "fq",
        MAX("r") AS "k",
        MAX("gq") AS "gk"
      FROM "cdf"
      GROUP BY
        "fq"
    ), "gm" AS (
      SELECT
        MAX("gq") AS "gm"
      FROM "cdf"
    ), "ranks" AS (
      SELECT
        "dom"."s",
        "dom"."r",
        "cdf"."gq" AS "gl"
      FROM "dom"
      JOIN "cdf"
        ON "cdf"."r" = "dom"."r" - 1
    ), "runs" AS (
      SELECT
        "f"."q0",
        "ranks"."r" AS "lo",
        LEAD("ranks"."r", 1, "m"."m" + 1) OVER "w" - 1 AS "hi",
        CAST(SUM("f"."cnt") OVER ("w" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS DOUBLE) / CAST(SUM("f"."cnt") OVER "p" AS DOUBLE) AS "cp",
        SUM("f"."cnt") OVER "p" AS "rows",
        "ranks"."gl" AS "gl",
        LEAD("ranks"."gl", 1, "gm"."gm") OVER "w" AS "gh",
        ROW_NUMBER() OVER "w" AS "idx"
      FROM "f"
      JOIN "ranks"
        ON "ranks"."s" = "f"."s"
      CROSS JOIN "m"
      CROSS JOIN "gm"
      WINDOW "p" AS (PARTITION BY "f"."q0"), "w" AS (PARTITION BY "f"."q0" ORDER BY "ranks"."r")
    ), "st" AS (
      SELECT
        "runs".*,
        "steps"."k",
        "steps"."gk"
      FROM "runs"
      ASOF JOIN "steps"
        ON "runs"."cp" >= "steps"."fq"
    ), "split" AS (
      SELECT
        "st".*,
        LEAST(GREATEST("st"."k", "st"."lo" - 1), "st"."hi") AS "ks",
        CASE
          WHEN "st"."k" < "st"."lo" - 1
          THEN "st"."gl"
          WHEN "st"."k" > "st"."hi"
          THEN "st"."gh"
          ELSE "st"."gk"
        END AS "gks"
      FROM "st"
    ), "e" AS (
      SELECT
        "split"."q0",
        MAX("split"."rows") AS "size",
        CASE
          WHEN MAX("m"."m") <= 1
          THEN 0.0
          ELSE GREATEST(
            SUM(
              "cp" * (
                "ks" - "lo" + 1
              ) - (
                "gks" - "gl"
              ) + (
                "gh" - "gks"
              ) - "cp" * (
                "hi" - "ks"
              )
            ) + MAX(CASE WHEN "idx" = 1 THEN "gl" END),
            0.0
          ) / (
            MAX("m"."m") - 1
          )
        END AS "emd"
      FROM "split"
      CROSS JOIN "m"
      GROUP BY
        "split"."q0"
    )
    SELECT
      "q0",
      "size",
      "emd" > {{ v['t'] }} + 1e-09 AS "bad",
      "emd" AS "val"
    FROM "e"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_t_closeness_ordered(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_order_0" AS (
  SELECT
    "code" AS "s",
    CAST(ROW_NUMBER() OVER (ORDER BY CAST("value" AS DOUBLE PRECISION), "value" COLLATE "C") AS INT) AS "pos"
  FROM "sqlanon_dictionary_0"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "tot" AS MATERIALIZED (
      SELECT
        SUM("n") AS "total"
      FROM "f"
    ), "g" AS (
      SELECT
        "s",
        CAST(SUM("n") AS DOUBLE PRECISION) / MAX("tot"."total") AS "q"
      FROM "f"
      CROSS JOIN "tot"
      GROUP BY
        "s"
    ), "dom" AS (
      SELECT
        "o"."s",
        ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r"
      FROM "sqlanon_order_0" AS "o"
      WHERE
        "o"."s" IN (
          SELECT
            "s"
          FROM "g"
        )
    ), "m" AS MATERIALIZED (
      SELECT
        COUNT(*) AS "m"
      FROM "dom"
    ), "fq" AS MATERIALIZED (
      SELECT
        "dom"."r",
        CAST(SUM(COALESCE("qc"."cnt", 0)) OVER (ORDER BY "dom"."r" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS DOUBLE PRECISION) / "tot"."total" AS "fq"
      FROM "dom"
      LEFT JOIN (
        SELECT
          "s",
          SUM("cnt") AS "cnt"
        FROM "f"
        GROUP BY
          "s"
      ) AS "qc"
        ON "qc"."s" = "dom"."s"
      CROSS JOIN "tot"
    ), "cdf" AS (
      SELECT
        "r",
        "fq",
        SUM("fq") OVER (ORDER BY "r" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS "gq"
      FROM "fq"
      UNION ALL
      SELECT
        0,
        0.0,
        0.0
    ), "steps" AS (
      SELECT
        "fq",
        MAX("r") AS "k",
        MAX("gq") AS "gk"
      FROM "cdf"
      GROUP BY
        "fq"
    ), "gm" AS MATERIALIZED (
      SELECT
        MAX("gq") AS "gm"
      FROM "cdf"
    ), "ranks" AS (
      SELECT
        "dom"."s",
        "dom"."r",
        "cdf"."gq" AS "gl"
      FROM "dom"
      JOIN "cdf"
        ON "cdf"."r" = "dom"."r" - 1
    ), "runs" AS MATERIALIZED (
      SELECT
        "f"."q0",
        "ranks"."r" AS "lo",
        LEAD("ranks"."r", 1, "m"."m" + 1) OVER "w" - 1 AS "hi",
        CAST(SUM("f"."cnt") OVER ("w" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS DOUBLE PRECISION) / CAST(SUM("f"."cnt") OVER "p" AS DOUBLE PRECISION) AS "cp",
        SUM("f"."cnt") OVER "p" AS "rows",
        "ranks"."gl" AS "gl",
        LEAD("ranks"."gl", 1, "gm"."gm") OVER "w" AS "gh",
        ROW_NUMBER() OVER "w" AS "idx"
      FROM "f"
      JOIN "ranks"
        ON "ranks"."s" = "f"."s"
      CROSS JOIN "m"
      CROSS JOIN "gm"
      WINDOW "p" AS (PARTITION BY "f"."q0"), "w" AS (PARTITION BY "f"."q0" ORDER BY "ranks"."r")
    ), "st" AS (
      SELECT
        "runs".*,
        "steps"."k",
        "steps"."gk"
      FROM "runs"
      JOIN LATERAL (
        SELECT
          *
        FROM "steps"
        WHERE
          "steps"."fq" <= "runs"."cp"
        ORDER BY
          "steps"."fq" DESC NULLS LAST
        LIMIT 1
      ) AS "steps"
        ON TRUE
    ), "split" AS (
      SELECT
        "st".*,
        LEAST(GREATEST("st"."k", "st"."lo" - 1), "st"."hi") AS "ks",
        CASE
          WHEN "st"."k" < "st"."lo" - 1
          THEN "st"."gl"
          WHEN "st"."k" > "st"."hi"
          THEN "st"."gh"
          ELSE "st"."gk"
        END AS "gks"
      FROM "st"
    ), "e" AS (
      SELECT
        "split"."q0",
        MAX("split"."rows") AS "size",
        CASE
          WHEN MAX("m"."m") <= 1
          THEN 0.0
          ELSE CAST(GREATEST(
            SUM(
              "cp" * (
                "ks" - "lo" + 1
              ) - (
                "gks" - "gl"
              ) + (
                "gh" - "gks"
              ) - "cp" * (
                "hi" - "ks"
              )
            ) + MAX(CASE WHEN "idx" = 1 THEN "gl" END),
            0.0
          ) AS DOUBLE PRECISION) / (
            MAX("m"."m") - 1
          )
        END AS "emd"
      FROM "split"
      CROSS JOIN "m"
      GROUP BY
        "split"."q0"
    )
    SELECT
      "q0",
      "size",
      "emd" > {{ v['t'] }} + 1e-09 AS "bad",
      "emd" AS "val"
    FROM "e"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_t_closeness_hierarchical(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_t_closeness_hierarchical', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_t_closeness_hierarchical(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_t_closeness_hierarchical(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_ancestors_0" AS (
  SELECT
    "d"."code" AS "s",
    CAST("a"."lvl" AS INT) AS "lvl",
    CAST(DENSE_RANK() OVER (ORDER BY "a"."lvl", "a"."label") AS INT) AS "node"
  FROM "sqlanon_dictionary_0" AS "d"
  JOIN ({{ v['levels'] }}) AS "a"
    ON "a"."leaf" = CASE
      WHEN "d"."value" = (
        CHR(30) || 'NULL' || CHR(30)
      )
      THEN ''
      ELSE "d"."value"
    END
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "tot" AS (
      SELECT
        SUM("n") AS "total"
      FROM "f"
    ), "c" AS (
      SELECT
        "q0",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0"
    ), "qn" AS (
      SELECT
        "a"."lvl",
        "a"."node",
        SUM("f"."n") / MAX("tot"."total") AS "q"
      FROM "f"
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "f"."s"
      CROSS JOIN "tot"
      GROUP BY
        "a"."lvl",
        "a"."node"
    ), "pn" AS (
      SELECT
        "f"."q0",
        "a"."lvl",
        "a"."node",
        SUM("f"."n") AS "n"
      FROM "f"
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "f"."s"
      GROUP BY
        "f"."q0",
        "a"."lvl",
        "a"."node"
    ), "d" AS (
      SELECT
        "pn"."q0",
        MAX("c"."rows") AS "size",
        SUM(GREATEST("pn"."n" / "c"."size" - "qn"."q", 0.0)) / {{ v['height'] }} AS "emd"
      FROM "pn"
      JOIN "c"
        USING ("q0")
      JOIN "qn"
        ON "qn"."lvl" = "pn"."lvl" AND "qn"."node" = "pn"."node"
      GROUP BY
        "pn"."q0"
    )
    SELECT
      "q0",
      "size",
      "emd" > {{ v['t'] }} + 1e-09 AS "bad",
      "emd" AS "val"
    FROM "d"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_t_closeness_hierarchical(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_ancestors_0" AS MATERIALIZED (
  SELECT
    "d"."code" AS "s",
    CAST("a"."lvl" AS INT) AS "lvl",
    CAST(DENSE_RANK() OVER (ORDER BY "a"."lvl", "a"."label") AS INT) AS "node"
  FROM "sqlanon_dictionary_0" AS "d"
  JOIN ({{ v['levels'] }}) AS "a"
    ON "a"."leaf" = CASE
      WHEN "d"."value" = (
        CHR(  30) || 'NULL' || CHR(  30)
      )
      THEN ''
      ELSE "d"."value"
    END
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "tot" AS MATERIALIZED (
      SELECT
        SUM("n") AS "total"
      FROM "f"
    ), "c" AS (
      SELECT
        "q0",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0"
    ), "qn" AS (
      SELECT
        "a"."lvl",
        "a"."node",
        CAST(SUM("f"."n") AS DOUBLE PRECISION) / MAX("tot"."total") AS "q"
      FROM "f"
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "f"."s"
      CROSS JOIN "tot"
      GROUP BY
        "a"."lvl",
        "a"."node"
    ), "pn" AS (
      SELECT
        "f"."q0",
        "a"."lvl",
        "a"."node",
        SUM("f"."n") AS "n"
      FROM "f"
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "f"."s"
      GROUP BY
        "f"."q0",
        "a"."lvl",
        "a"."node"
    ), "d" AS (
      SELECT
        "pn"."q0",
        MAX("c"."rows") AS "size",
        CAST(SUM(GREATEST(CAST("pn"."n" AS DOUBLE PRECISION) / "c"."size" - "qn"."q", 0.0)) AS DOUBLE PRECISION) / {{ v['height'] }} AS "emd"
      FROM "pn"
      JOIN "c"
        USING ("q0")
      JOIN "qn"
        ON "qn"."lvl" = "pn"."lvl" AND "qn"."node" = "pn"."node"
      GROUP BY
        "pn"."q0"
    )
    SELECT
      "q0",
      "size",
      "emd" > {{ v['t'] }} + 1e-09 AS "bad",
      "emd" AS "val"
    FROM "d"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_t_closeness_variational(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_t_closeness_variational', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_t_closeness_variational(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_t_closeness_variational(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "gc" AS (
      SELECT
        "s",
        SUM("cnt") AS "qcnt"
      FROM "f"
      GROUP BY
        "s"
    ), "tot" AS (
      SELECT
        CAST(SUM("qcnt") AS INT128) AS "total",
        COUNT(*) AS "m"
      FROM "gc"
    ), "e" AS (
      SELECT
        "f"."q0",
        "f"."cnt",
        CAST("gc"."qcnt" AS INT128) AS "qcnt",
        "tot"."total",
        "tot"."m",
        CAST(SUM("f"."cnt") OVER (PARTITION BY "f"."q0") AS INT128) AS "size"
      FROM "f"
      JOIN "gc"
        ON "gc"."s" = "f"."s"
      CROSS JOIN "tot"
    ), "c" AS (
      SELECT
        "q0",
        MAX("size") AS "size",
        CAST(SUM(GREATEST("cnt" * "total" - "size" * "qcnt", 0)) AS DOUBLE) / CAST(MAX("size") * MAX("total") AS DOUBLE) AS "val"
      FROM "e"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      "val" > {{ v['t'] }} + 1e-09 AS "bad",
      "val"
    FROM "c"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_t_closeness_variational(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "gc" AS (
      SELECT
        "s",
        SUM("cnt") AS "qcnt"
      FROM "f"
      GROUP BY
        "s"
    ), "tot" AS MATERIALIZED (
      SELECT
        CAST(SUM("qcnt") AS DECIMAL(38, 0)) AS "total",
        COUNT(*) AS "m"
      FROM "gc"
    ), "e" AS MATERIALIZED (
      SELECT
        "f"."q0",
        "f"."cnt",
        CAST("gc"."qcnt" AS DECIMAL(38, 0)) AS "qcnt",
        "tot"."total",
        "tot"."m",
        CAST(SUM("f"."cnt") OVER (PARTITION BY "f"."q0") AS DECIMAL(38, 0)) AS "size"
      FROM "f"
      JOIN "gc"
        ON "gc"."s" = "f"."s"
      CROSS JOIN "tot"
    ), "c" AS (
      SELECT
        "q0",
        MAX("size") AS "size",
        CAST(SUM(GREATEST("cnt" * "total" - "size" * "qcnt", 0)) AS DOUBLE PRECISION) / CAST(MAX("size") * MAX("total") AS DOUBLE PRECISION) AS "val"
      FROM "e"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      "val" > {{ v['t'] }} + 1e-09 AS "bad",
      "val"
    FROM "c"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_t_closeness_kl(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_t_closeness_kl', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_t_closeness_kl(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_t_closeness_kl(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "gc" AS (
      SELECT
        "s",
        SUM("cnt") AS "qcnt"
      FROM "f"
      GROUP BY
        "s"
    ), "tot" AS (
      SELECT
        CAST(SUM("qcnt") AS INT128) AS "total",
        COUNT(*) AS "m"
      FROM "gc"
    ), "e" AS (
      SELECT
        "f"."q0",
        "f"."cnt",
        CAST("gc"."qcnt" AS INT128) AS "qcnt",
        "tot"."total",
        "tot"."m",
        CAST(SUM("f"."cnt") OVER (PARTITION BY "f"."q0") AS INT128) AS "size"
      FROM "f"
      JOIN "gc"
        ON "gc"."s" = "f"."s"
      CROSS JOIN "tot"
    ), "c" AS (
      SELECT
        "q0",
        MAX("size") AS "size",
        GREATEST(
          SUM(
            CAST("cnt" AS DOUBLE) / CAST("size" AS DOUBLE) * LN(CAST("cnt" * "total" AS DOUBLE) / CAST("size" * "qcnt" AS DOUBLE))
          ),
          0.0
        ) AS "val"
      FROM "e"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      "val" > {{ v['t'] }} + 1e-09 AS "bad",
      "val"
    FROM "c"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_t_closeness_kl(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "gc" AS (
      SELECT
        "s",
        SUM("cnt") AS "qcnt"
      FROM "f"
      GROUP BY
        "s"
    ), "tot" AS MATERIALIZED (
      SELECT
        CAST(SUM("qcnt") AS DECIMAL(38, 0)) AS "total",
        COUNT(*) AS "m"
      FROM "gc"
    ), "e" AS MATERIALIZED (
      SELECT
        "f"."q0",
        "f"."cnt",
        CAST("gc"."qcnt" AS DECIMAL(38, 0)) AS "qcnt",
        "tot"."total",
        "tot"."m",
        CAST(SUM("f"."cnt") OVER (PARTITION BY "f"."q0") AS DECIMAL(38, 0)) AS "size"
      FROM "f"
      JOIN "gc"
        ON "gc"."s" = "f"."s"
      CROSS JOIN "tot"
    ), "c" AS (
      SELECT
        "q0",
        MAX("size") AS "size",
        GREATEST(
          SUM(
            CAST("cnt" AS DOUBLE PRECISION) / CAST("size" AS DOUBLE PRECISION) * LN(
              CAST("cnt" * "total" AS DOUBLE PRECISION) / CAST("size" * "qcnt" AS DOUBLE PRECISION)
            )
          ),
          0.0
        ) AS "val"
      FROM "e"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      "val" > {{ v['t'] }} + 1e-09 AS "bad",
      "val"
    FROM "c"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_t_closeness_js(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_t_closeness_js', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_t_closeness_js(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_t_closeness_js(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "gc" AS (
      SELECT
        "s",
        SUM("cnt") AS "qcnt"
      FROM "f"
      GROUP BY
        "s"
    ), "tot" AS (
      SELECT
        CAST(SUM("qcnt") AS INT128) AS "total",
        COUNT(*) AS "m"
      FROM "gc"
    ), "e" AS (
      SELECT
        "f"."q0",
        "f"."cnt",
        CAST("gc"."qcnt" AS INT128) AS "qcnt",
        "tot"."total",
        "tot"."m",
        CAST(SUM("f"."cnt") OVER (PARTITION BY "f"."q0") AS INT128) AS "size"
      FROM "f"
      JOIN "gc"
        ON "gc"."s" = "f"."s"
      CROSS JOIN "tot"
    ), "c" AS (
      SELECT
        "q0",
        MAX("size") AS "size",
        SUM(
          0.5 * (
            CAST("cnt" AS DOUBLE) / CAST("size" AS DOUBLE) * LN(
              2.0 * CAST("cnt" * "total" AS DOUBLE) / CAST("cnt" * "total" + "size" * "qcnt" AS DOUBLE)
            ) + CAST("qcnt" AS DOUBLE) / CAST("total" AS DOUBLE) * LN(
              2.0 * CAST("size" * "qcnt" AS DOUBLE) / CAST("cnt" * "total" + "size" * "qcnt" AS DOUBLE)
            )
          )
        ) + 0.5 * LN(2.0) * CAST(MAX("total") - SUM("qcnt") AS DOUBLE) / CAST(MAX("total") AS DOUBLE) AS "js"
      FROM "e"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      LEAST(GREATEST("js", 0.0), LN(2.0)) > {{ v['t'] }} + 1e-09 AS "bad",
      LEAST(GREATEST("js", 0.0), LN(2.0)) AS "val"
    FROM "c"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_t_closeness_js(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "gc" AS (
      SELECT
        "s",
        SUM("cnt") AS "qcnt"
      FROM "f"
      GROUP BY
        "s"
    ), "tot" AS MATERIALIZED (
      SELECT
        CAST(SUM("qcnt") AS DECIMAL(38, 0)) AS "total",
        COUNT(*) AS "m"
      FROM "gc"
    ), "e" AS MATERIALIZED (
      SELECT
        "f"."q0",
        "f"."cnt",
        CAST("gc"."qcnt" AS DECIMAL(38, 0)) AS "qcnt",
        "tot"."total",
        "tot"."m",
        CAST(SUM("f"."cnt") OVER (PARTITION BY "f"."q0") AS DECIMAL(38, 0)) AS "size"
      FROM "f"
      JOIN "gc"
        ON "gc"."s" = "f"."s"
      CROSS JOIN "tot"
    ), "c" AS (
      SELECT
        "q0",
        MAX("size") AS "size",
        SUM(
          0.5 * (
            CAST("cnt" AS DOUBLE PRECISION) / CAST("size" AS DOUBLE PRECISION) * LN(
              2.0 * CAST("cnt" * "total" AS DOUBLE PRECISION) / CAST("cnt" * "total" + "size" * "qcnt" AS DOUBLE PRECISION)
            ) + CAST("qcnt" AS DOUBLE PRECISION) / CAST("total" AS DOUBLE PRECISION) * LN(
              2.0 * CAST("size" * "qcnt" AS DOUBLE PRECISION) / CAST("cnt" * "total" + "size" * "qcnt" AS DOUBLE PRECISION)
            )
          )
        ) + 0.5 * LN(2.0) * CAST(MAX("total") - SUM("qcnt") AS DOUBLE PRECISION) / CAST(MAX("total") AS DOUBLE PRECISION) AS "js"
      FROM "e"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      LEAST(GREATEST("js", 0.0), LN(2.0)) > {{ v['t'] }} + 1e-09 AS "bad",
      LEAST(GREATEST("js", 0.0), LN(2.0)) AS "val"
    FROM "c"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_t_closeness_smoothed_js_equal(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_t_closeness_smoothed_js_equal', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_t_closeness_smoothed_js_equal(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_t_closeness_smoothed_js_equal(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "tot" AS (
      SELECT
        SUM("n") AS "total"
      FROM "f"
    ), "g" AS (
      SELECT
        "s",
        SUM("n") / MAX("tot"."total") AS "q"
      FROM "f"
      CROSS JOIN "tot"
      GROUP BY
        "s"
    ), "sdom" AS (
      SELECT DISTINCT
        "p"."s",
        0 AS "r"
      FROM (
        SELECT
          "s"
        FROM "g"
      ) AS "p"
    ), "sm" AS (
      SELECT
        COUNT(*) AS "m"
      FROM "sdom"
    ), "sground" AS (
      SELECT
        CAST("a"."s" AS INT) AS "a",
        CAST("b"."s" AS INT) AS "b",
        CASE WHEN "a"."s" = "b"."s" THEN 0.0 ELSE 1.0 END AS "d"
      FROM "sdom" AS "a"
      JOIN "sdom" AS "b"
        ON "a"."s" = "b"."s" OR {{ v['bandwidth'] }} > 1
    ), "dom" AS (
      SELECT
        "s"
      FROM "sdom"
    ), "x" AS (
      SELECT
        "gr"."a",
        "gr"."b",
        CAST("gr"."d" AS DOUBLE) / {{ v['bandwidth'] }} AS "x"
      FROM "sground" AS "gr"
      WHERE
        "gr"."a" IN (
          SELECT
            "s"
          FROM "dom"
        )
        AND "gr"."b" IN (
          SELECT
            "s"
          FROM "dom"
        )
    ), "k" AS (
      SELECT
        "a",
        "b",
        0.75 * (
          1.0 - "x" * "x"
        ) AS "w"
      FROM "x"
      WHERE
        ABS("x") < 1
    ), "kn" AS (
      SELECT
        "a",
        "b",
        "w" / SUM("w") OVER (PARTITION BY "a") AS "w"
      FROM "k"
    ), "qs" AS (
      SELECT
        "kn"."a",
        SUM("g"."q" * "kn"."w") AS "q"
      FROM "g"
      JOIN "kn"
        ON "kn"."b" = "g"."s"
      GROUP BY
        "kn"."a"
    ), "qh" AS (
      SELECT
        "a",
        "q" / SUM("q") OVER () AS "q"
      FROM "qs"
    ), "pc" AS (
      SELECT
        "q0",
        "s",
        "n",
        SUM("n") OVER (PARTITION BY "q0") AS "total",
        CAST(SUM("cnt") OVER (PARTITION BY "q0") AS INT128) AS "size"
      FROM "f"
    ), "ps" AS (
      SELECT
        "pc"."q0",
        "kn"."a",
        MAX("pc"."size") AS "size",
        SUM("pc"."n" / "pc"."total" * "kn"."w") AS "p"
      FROM "pc"
      JOIN "kn"
        ON "kn"."b" = "pc"."s"
      GROUP BY
        "pc"."q0",
        "kn"."a"
    ), "ph" AS (
      SELECT
        "q0",
        "a",
        "size",
        "p" / SUM("p") OVER (PARTITION BY "q0") AS "p"
      FROM "ps"
    ), "c" AS (
      SELECT
        "ph"."q0",
        MAX("ph"."size") AS "size",
        SUM(
          CASE
            WHEN "ph"."p" > 0
            THEN 0.5 * (
              "ph"."p" * LN(2.0 * "ph"."p" / (
                "ph"."p" + "qh"."q"
              )) + "qh"."q" * LN(2.0 * "qh"."q" / (
                "ph"."p" + "qh"."q"
              ))
            )
            ELSE 0.0
          END
        ) AS "present",
        SUM(CASE WHEN "ph"."p" > 0 THEN "qh"."q" ELSE 0.0 END) AS "qin"
      FROM "ph"
      JOIN "qh"
        ON "qh"."a" = "ph"."a"
      GROUP BY
        "ph"."q0"
    ), "v" AS (
      SELECT
        "q0",
        "size",
        LEAST(GREATEST("present" + 0.5 * LN(2.0) * GREATEST(1.0 - "qin", 0.0), 0.0), LN(2.0)) AS "js"
      FROM "c"
    )
    SELECT
      "q0",
      "size",
      "js" > {{ v['t'] }} + 1e-09 AS "bad",
      "js" AS "val"
    FROM "v"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_t_closeness_smoothed_js_equal(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "tot" AS MATERIALIZED (
      SELECT
        SUM("n") AS "total"
      FROM "f"
    ), "g" AS (
      SELECT
        "s",
        CAST(SUM("n") AS DOUBLE PRECISION) / MAX("tot"."total") AS "q"
      FROM "f"
      CROSS JOIN "tot"
      GROUP BY
        "s"
    ), "sdom" AS (
      SELECT DISTINCT
        "p"."s",
        0 AS "r"
      FROM (
        SELECT
          "s"
        FROM "g"
      ) AS "p"
    ), "sm" AS MATERIALIZED (
      SELECT
        COUNT(*) AS "m"
      FROM "sdom"
    ), "sground" AS (
      SELECT
        CAST("a"."s" AS INT) AS "a",
        CAST("b"."s" AS INT) AS "b",
        CASE WHEN "a"."s" = "b"."s" THEN 0.0 ELSE 1.0 END AS "d"
      FROM "sdom" AS "a"
      JOIN "sdom" AS "b"
        ON "a"."s" = "b"."s" OR {{ v['bandwidth'] }} > 1
    ), "dom" AS (
      SELECT
        "s"
      FROM "sdom"
    ), "x" AS (
      SELECT
        "gr"."a",
        "gr"."b",
        CAST("gr"."d" AS DOUBLE PRECISION) / {{ v['bandwidth'] }} AS "x"
      FROM "sground" AS "gr"
      WHERE
        "gr"."a" IN (
          SELECT
            "s"
          FROM "dom"
        )
        AND "gr"."b" IN (
          SELECT
            "s"
          FROM "dom"
        )
    ), "k" AS (
      SELECT
        "a",
        "b",
        0.75 * (
          1.0 - "x" * "x"
        ) AS "w"
      FROM "x"
      WHERE
        ABS("x") < 1
    ), "kn" AS MATERIALIZED (
      SELECT
        "a",
        "b",
        CAST("w" AS DOUBLE PRECISION) / SUM("w") OVER (PARTITION BY "a") AS "w"
      FROM "k"
    ), "qs" AS (
      SELECT
        "kn"."a",
        SUM("g"."q" * "kn"."w") AS "q"
      FROM "g"
      JOIN "kn"
        ON "kn"."b" = "g"."s"
      GROUP BY
        "kn"."a"
    ), "qh" AS MATERIALIZED (
      SELECT
        "a",
        CAST("q" AS DOUBLE PRECISION) / SUM("q") OVER () AS "q"
      FROM "qs"
    ), "pc" AS MATERIALIZED (
      SELECT
        "q0",
        "s",
        "n",
        SUM("n") OVER (PARTITION BY "q0") AS "total",
        CAST(SUM("cnt") OVER (PARTITION BY "q0") AS DECIMAL(38, 0)) AS "size"
      FROM "f"
    ), "ps" AS (
      SELECT
        "pc"."q0",
        "kn"."a",
        MAX("pc"."size") AS "size",
        SUM(CAST("pc"."n" AS DOUBLE PRECISION) / "pc"."total" * "kn"."w") AS "p"
      FROM "pc"
      JOIN "kn"
        ON "kn"."b" = "pc"."s"
      GROUP BY
        "pc"."q0",
        "kn"."a"
    ), "ph" AS MATERIALIZED (
      SELECT
        "q0",
        "a",
        "size",
        CAST("p" AS DOUBLE PRECISION) / SUM("p") OVER (PARTITION BY "q0") AS "p"
      FROM "ps"
    ), "c" AS (
      SELECT
        "ph"."q0",
        MAX("ph"."size") AS "size",
        SUM(
          CASE
            WHEN "ph"."p" > 0
            THEN 0.5 * (
              "ph"."p" * LN(CAST(2.0 * "ph"."p" AS DOUBLE PRECISION) / (
                "ph"."p" + "qh"."q"
              )) + "qh"."q" * LN(CAST(2.0 * "qh"."q" AS DOUBLE PRECISION) / (
                "ph"."p" + "qh"."q"
              ))
            )
            ELSE 0.0
          END
        ) AS "present",
        SUM(CASE WHEN "ph"."p" > 0 THEN "qh"."q" ELSE 0.0 END) AS "qin"
      FROM "ph"
      JOIN "qh"
        ON "qh"."a" = "ph"."a"
      GROUP BY
        "ph"."q0"
    ), "v" AS (
      SELECT
        "q0",
        "size",
        LEAST(GREATEST("present" + 0.5 * LN(2.0) * GREATEST(1.0 - "qin", 0.0), 0.0), LN(2.0)) AS "js"
      FROM "c"
    )
    SELECT
      "q0",
      "size",
      "js" > {{ v['t'] }} + 1e-09 AS "bad",
      "js" AS "val"
    FROM "v"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_t_closeness_smoothed_js_ordered(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_t_closeness_smoothed_js_ordered', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_t_closeness_smoothed_js_ordered(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_t_closeness_smoothed_js_ordered(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_order_0" AS (
  SELECT
    "code" AS "s",
    CAST(ROW_NUMBER() OVER (ORDER BY CAST("value" AS DOUBLE), "value" COLLATE "binary") AS INT) AS "pos"
  FROM "sqlanon_dictionary_0"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "tot" AS (
      SELECT
        SUM("n") AS "total"
      FROM "f"
    ), "g" AS (
      SELECT
        "s",
        SUM("n") / MAX("tot"."total") AS "q"
      FROM "f"
      CROSS JOIN "tot"
      GROUP BY
        "s"
    ), "sdom" AS (
      SELECT
        "o"."s",
        ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r"
      FROM "sqlanon_order_0" AS "o"
      WHERE
        "o"."s" IN (
          SELECT
            "s"
          FROM "g"
        )
    ), "sm" AS (
      SELECT
        COUNT(*) AS "m"
      FROM "sdom"
    ), "sground" AS (
      SELECT
        CAST("a"."s" AS INT) AS "a",
        CAST("b"."s" AS INT) AS "b",
        CASE
          WHEN "sm"."m" <= 1
          THEN 0.0
          ELSE ABS("a"."r" - "b"."r") / (
            "sm"."m" - 1.0
          )
        END AS "d"
      FROM "sdom" AS "a"
      CROSS JOIN "sm"
      JOIN "sdom" AS "b"
        ON "b"."r" > "a"."r" - {{ v['bandwidth'] }} * GREATEST("sm"."m" - 1, 1)
        AND "b"."r" < "a"."r" + {{ v['bandwidth'] }} * GREATEST("sm"."m" - 1, 1)
    ), "dom" AS (
      SELECT
        "s"
      FROM "sdom"
    ), "x" AS (
      SELECT
        "gr"."a",
        "gr"."b",
        CAST("gr"."d" AS DOUBLE) / {{ v['bandwidth'] }} AS "x"
      FROM "sground" AS "gr"
      WHERE
        "gr"."a" IN (
          SELECT
            "s"
          FROM "dom"
        )
        AND "gr"."b" IN (
          SELECT
            "s"
          FROM "dom"
        )
    ), "k" AS (
      SELECT
        "a",
        "b",
        0.75 * (
          1.0 - "x" * "x"
        ) AS "w"
      FROM "x"
      WHERE
        ABS("x") < 1
    ), "kn" AS (
      SELECT
        "a",
        "b",
        "w" / SUM("w") OVER (PARTITION BY "a") AS "w"
      FROM "k"
    ), "qs" AS (
      SELECT
        "kn"."a",
        SUM("g"."q" * "kn"."w") AS "q"
      FROM "g"
      JOIN "kn"
        ON "kn"."b" = "g"."s"
      GROUP BY
        "kn"."a"
    ), "qh" AS (
      SELECT
        "a",
        "q" / SUM("q") OVER () AS "q"
      FROM "qs"
    ), "pc" AS (
      SELECT
        "q0",
        "s",
        "n",
        SUM("n") OVER (PARTITION BY "q0") AS "total",
        CAST(SUM("cnt") OVER (PARTITION BY "q0") AS INT128) AS "size"
      FROM "f"
    ), "ps" AS (
      SELECT
        "pc"."q0",
        "kn"."a",
        MAX("pc"."size") AS "size",
        SUM("pc"."n" / "pc"."total" * "kn"."w") AS "p"
      FROM "pc"
      JOIN "kn"
        ON "kn"."b" = "pc"."s"
      GROUP BY
        "pc"."q0",
        "kn"."a"
    ), "ph" AS (
      SELECT
        "q0",
        "a",
        "size",
        "p" / SUM("p") OVER (PARTITION BY "q0") AS "p"
      FROM "ps"
    ), "c" AS (
      SELECT
        "ph"."q0",
        MAX("ph"."size") AS "size",
        SUM(
          CASE
            WHEN "ph"."p" > 0
            THEN 0.5 * (
              "ph"."p" * LN(2.0 * "ph"."p" / (
                "ph"."p" + "qh"."q"
              )) + "qh"."q" * LN(2.0 * "qh"."q" / (
                "ph"."p" + "qh"."q"
              ))
            )
            ELSE 0.0
          END
        ) AS "present",
        SUM(CASE WHEN "ph"."p" > 0 THEN "qh"."q" ELSE 0.0 END) AS "qin"
      FROM "ph"
      JOIN "qh"
        ON "qh"."a" = "ph"."a"
      GROUP BY
        "ph"."q0"
    ), "v" AS (
      SELECT
        "q0",
        "size",
        LEAST(GREATEST("present" + 0.5 * LN(2.0) * GREATEST(1.0 - "qin", 0.0), 0.0), LN(2.0)) AS "js"
      FROM "c"
    )
    SELECT
      "q0",
      "size",
      "js" > {{ v['t'] }} + 1e-09 AS "bad",
      "js" AS "val"
    FROM "v"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_t_closeness_smoothed_js_ordered(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_order_0" AS (
  SELECT
    "code" AS "s",
    CAST(ROW_NUMBER() OVER (ORDER BY CAST("value" AS DOUBLE PRECISION), "value" COLLATE "C") AS INT) AS "pos"
  FROM "sqlanon_dictionary_0"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "tot" AS MATERIALIZED (
      SELECT
        SUM("n") AS "total"
      FROM "f"
    ), "g" AS (
      SELECT
        "s",
        CAST(SUM("n") AS DOUBLE PRECISION) / MAX("tot"."total") AS "q"
      FROM "f"
      CROSS JOIN "tot"
      GROUP BY
        "s"
    ), "sdom" AS (
      SELECT
        "o"."s",
        ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r"
      FROM "sqlanon_order_0" AS "o"
      WHERE
        "o"."s" IN (
          SELECT
            "s"
          FROM "g"
        )
    ), "sm" AS MATERIALIZED (
      SELECT
        COUNT(*) AS "m"
      FROM "sdom"
    ), "sground" AS (
      SELECT
        CAST("a"."s" AS INT) AS "a",
        CAST("b"."s" AS INT) AS "b",
        CASE
          WHEN "sm"."m" <= 1
          THEN 0.0
          ELSE CAST(ABS("a"."r" - "b"."r") AS DOUBLE PRECISION) / (
            "sm"."m" - 1.0
          )
        END AS "d"
      FROM "sdom" AS "a"
      CROSS JOIN "sm"
      JOIN "sdom" AS "b"
        ON "b"."r" > "a"."r" - {{ v['bandwidth'] }} * GREATEST("sm"."m" - 1, 1)
        AND "b"."r" < "a"."r" + {{ v['bandwidth'] }} * GREATEST("sm"."m" - 1, 1)
    ), "dom" AS (
      SELECT
        "s"
      FROM "sdom"
    ), "x" AS (
      SELECT
        "gr"."a",
        "gr"."b",
        CAST("gr"."d" AS DOUBLE PRECISION) / {{ v['bandwidth'] }} AS "x"
      FROM "sground" AS "gr"
      WHERE
        "gr"."a" IN (
          SELECT
            "s"
          FROM "dom"
        )
        AND "gr"."b" IN (
          SELECT
            "s"
          FROM "dom"
        )
    ), "k" AS (
      SELECT
        "a",
        "b",
        0.75 * (
          1.0 - "x" * "x"
        ) AS "w"
      FROM "x"
      WHERE
        ABS("x") < 1
    ), "kn" AS MATERIALIZED (
      SELECT
        "a",
        "b",
        CAST("w" AS DOUBLE PRECISION) / SUM("w") OVER (PARTITION BY "a") AS "w"
      FROM "k"
    ), "qs" AS (
      SELECT
        "kn"."a",
        SUM("g"."q" * "kn"."w") AS "q"
      FROM "g"
      JOIN "kn"
        ON "kn"."b" = "g"."s"
      GROUP BY
        "kn"."a"
    ), "qh" AS MATERIALIZED (
      SELECT
        "a",
        CAST("q" AS DOUBLE PRECISION) / SUM("q") OVER () AS "q"
      FROM "qs"
    ), "pc" AS MATERIALIZED (
      SELECT
        "q0",
        "s",
        "n",
        SUM("n") OVER (PARTITION BY "q0") AS "total",
        CAST(SUM("cnt") OVER (PARTITION BY "q0") AS DECIMAL(38, 0)) AS "size"
      FROM "f"
    ), "ps" AS (
      SELECT
        "pc"."q0",
        "kn"."a",
        MAX("pc"."size") AS "size",
        SUM(CAST("pc"."n" AS DOUBLE PRECISION) / "pc"."total" * "kn"."w") AS "p"
      FROM "pc"
      JOIN "kn"
        ON "kn"."b" = "pc"."s"
      GROUP BY
        "pc"."q0",
        "kn"."a"
    ), "ph" AS MATERIALIZED (
      SELECT
        "q0",
        "a",
        "size",
        CAST("p" AS DOUBLE PRECISION) / SUM("p") OVER (PARTITION BY "q0") AS "p"
      FROM "ps"
    ), "c" AS (
      SELECT
        "ph"."q0",
        MAX("ph"."size") AS "size",
        SUM(
          CASE
            WHEN "ph"."p" > 0
            THEN 0.5 * (
              "ph"."p" * LN(CAST(2.0 * "ph"."p" AS DOUBLE PRECISION) / (
                "ph"."p" + "qh"."q"
              )) + "qh"."q" * LN(CAST(2.0 * "qh"."q" AS DOUBLE PRECISION) / (
                "ph"."p" + "qh"."q"
              ))
            )
            ELSE 0.0
          END
        ) AS "present",
        SUM(CASE WHEN "ph"."p" > 0 THEN "qh"."q" ELSE 0.0 END) AS "qin"
      FROM "ph"
      JOIN "qh"
        ON "qh"."a" = "ph"."a"
      GROUP BY
        "ph"."q0"
    ), "v" AS (
      SELECT
        "q0",
        "size",
        LEAST(GREATEST("present" + 0.5 * LN(2.0) * GREATEST(1.0 - "qin", 0.0), 0.0), LN(2.0)) AS "js"
      FROM "c"
    )
    SELECT
      "q0",
      "size",
      "js" > {{ v['t'] }} + 1e-09 AS "bad",
      "js" AS "val"
    FROM "v"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_t_closeness_smoothed_js_hierarchical(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_t_closeness_smoothed_js_hierarchical', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_t_closeness_smoothed_js_hierarchical(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_t_closeness_smoothed_js_hierarchical(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_ancestors_0" AS (
  SELECT
    "d"."code" AS "s",
    CAST("a"."lvl" AS INT) AS "lvl",
    CAST(DENSE_RANK() OVER (ORDER BY "a"."lvl", "a"."label") AS INT) AS "node"
  FROM "sqlanon_dictionary_0" AS "d"
  JOIN ({{ v['levels'] }}) AS "a"
    ON "a"."leaf" = CASE
      WHEN "d"."value" = (
        CHR(30) || 'NULL' || CHR(30)
      )
      THEN ''
      ELSE "d"."value"
    END
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "tot" AS (
      SELECT
        SUM("n") AS "total"
      FROM "f"
    ), "g" AS (
      SELECT
        "s",
        SUM("n") / MAX("tot"."total") AS "q"
      FROM "f"
      CROSS JOIN "tot"
      GROUP BY
        "s"
    ), "sdom" AS (
      SELECT DISTINCT
        "p"."s",
        0 AS "r"
      FROM (
        SELECT
          "s"
        FROM "g"
      ) AS "p"
    ), "sm" AS (
      SELECT
        COUNT(*) AS "m"
      FROM "sdom"
    ), "sground" AS (
      SELECT
        CAST("a"."s" AS INT) AS "a",
        CAST("b"."s" AS INT) AS "b",
        COALESCE("sh"."lvl", {{ v['height'] }}) / {{ v['height'] }} AS "d"
      FROM "sdom" AS "a"
      JOIN "sdom" AS "b"
        ON TRUE
      LEFT JOIN (
        SELECT
          "x"."s" AS "a",
          "y"."s" AS "b",
          MIN("x"."lvl") AS "lvl"
        FROM "sqlanon_ancestors_0" AS "x"
        JOIN "sqlanon_ancestors_0" AS "y"
          ON "x"."lvl" = "y"."lvl" AND "x"."node" = "y"."node"
        GROUP BY
          "x"."s",
          "y"."s"
      ) AS "sh"
        ON "sh"."a" = "a"."s" AND "sh"."b" = "b"."s"
      WHERE
        NOT "sh"."lvl" IS NULL OR {{ v['bandwidth'] }} > 1
    ), "dom" AS (
      SELECT
        "s"
      FROM "sdom"
    ), "x" AS (
      SELECT
        "gr"."a",
        "gr"."b",
        CAST("gr"."d" AS DOUBLE) / {{ v['bandwidth'] }} AS "x"
      FROM "sground" AS "gr"
      WHERE
        "gr"."a" IN (
          SELECT
            "s"
          FROM "dom"
        )
        AND "gr"."b" IN (
          SELECT
            "s"
          FROM "dom"
        )
    ), "k" AS (
      SELECT
        "a",
        "b",
        0.75 * (
          1.0 - "x" * "x"
        ) AS "w"
      FROM "x"
      WHERE
        ABS("x") < 1
    ), "kn" AS (
      SELECT
        "a",
        "b",
        "w" / SUM("w") OVER (PARTITION BY "a") AS "w"
      FROM "k"
    ), "qs" AS (
      SELECT
        "kn"."a",
        SUM("g"."q" * "kn"."w") AS "q"
      FROM "g"
      JOIN "kn"
        ON "kn"."b" = "g"."s"
      GROUP BY
        "kn"."a"
    ), "qh" AS (
      SELECT
        "a",
        "q" / SUM("q") OVER () AS "q"
      FROM "qs"
    ), "pc" AS (
      SELECT
        "q0",
        "s",
        "n",
        SUM("n") OVER (PARTITION BY "q0") AS "total",
        CAST(SUM("cnt") OVER (PARTITION BY "q0") AS INT128) AS "size"
      FROM "f"
    ), "ps" AS (
      SELECT
        "pc"."q0",
        "kn"."a",
        MAX("pc"."size") AS "size",
        SUM("pc"."n" / "pc"."total" * "kn"."w") AS "p"
      FROM "pc"
      JOIN "kn"
        ON "kn"."b" = "pc"."s"
      GROUP BY
        "pc"."q0",
        "kn"."a"
    ), "ph" AS (
      SELECT
        "q0",
        "a",
        "size",
        "p" / SUM("p") OVER (PARTITION BY "q0") AS "p"
      FROM "ps"
    ), "c" AS (
      SELECT
        "ph"."q0",
        MAX("ph"."size") AS "size",
        SUM(
          CASE
            WHEN "ph"."p" > 0
            THEN 0.5 * (
              "ph"."p" * LN(2.0 * "ph"."p" / (
                "ph"."p" + "qh"."q"
              )) + "qh"."q" * LN(2.0 * "qh"."q" / (
                "ph"."p" + "qh"."q"
              ))
            )
            ELSE 0.0
          END
        ) AS "present",
        SUM(CASE WHEN "ph"."p" > 0 THEN "qh"."q" ELSE 0.0 END) AS "qin"
      FROM "ph"
      JOIN "qh"
        ON "qh"."a" = "ph"."a"
      GROUP BY
        "ph"."q0"
    ), "v" AS (
      SELECT
        "q0",
        "size",
        LEAST(GREATEST("present" + 0.5 * LN(2.0) * GREATEST(1.0 - "qin", 0.0), 0.0), LN(2.0)) AS "js"
      FROM "c"
    )
    SELECT
      "q0",
      "size",
      "js" > {{ v['t'] }} + 1e-09 AS "bad",
      "js" AS "val"
    FROM "v"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_t_closeness_smoothed_js_hierarchical(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_ancestors_0" AS MATERIALIZED (
  SELECT
    "d"."code" AS "s",
    CAST("a"."lvl" AS INT) AS "lvl",
    CAST(DENSE_RANK() OVER (ORDER BY "a"."lvl", "a"."label") AS INT) AS "node"
  FROM "sqlanon_dictionary_0" AS "d"
  JOIN ({{ v['levels'] }}) AS "a"
    ON "a"."leaf" = CASE
      WHEN "d"."value" = (
        CHR(  30) || 'NULL' || CHR(  30)
      )
      THEN ''
      ELSE "d"."value"
    END
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "tot" AS MATERIALIZED (
      SELECT
        SUM("n") AS "total"
      FROM "f"
    ), "g" AS (
      SELECT
        "s",
        CAST(SUM("n") AS DOUBLE PRECISION) / MAX("tot"."total") AS "q"
      FROM "f"
      CROSS JOIN "tot"
      GROUP BY
        "s"
    ), "sdom" AS (
      SELECT DISTINCT
        "p"."s",
        0 AS "r"
      FROM (
        SELECT
          "s"
        FROM "g"
      ) AS "p"
    ), "sm" AS MATERIALIZED (
      SELECT
        COUNT(*) AS "m"
      FROM "sdom"
    ), "sground" AS (
      SELECT
        CAST("a"."s" AS INT) AS "a",
        CAST("b"."s" AS INT) AS "b",
        CAST(COALESCE("sh"."lvl", {{ v['height'] }}) AS DOUBLE PRECISION) / {{ v['height'] }} AS "d"
      FROM "sdom" AS "a"
      JOIN "sdom" AS "b"
        ON TRUE
      LEFT JOIN (
        SELECT
          "x"."s" AS "a",
          "y"."s" AS "b",
          MIN("x"."lvl") AS "lvl"
        FROM "sqlanon_ancestors_0" AS "x"
        JOIN "sqlanon_ancestors_0" AS "y"
          ON "x"."lvl" = "y"."lvl" AND "x"."node" = "y"."node"
        GROUP BY
          "x"."s",
          "y"."s"
      ) AS "sh"
        ON "sh"."a" = "a"."s" AND "sh"."b" = "b"."s"
      WHERE
        NOT "sh"."lvl" IS NULL OR {{ v['bandwidth'] }} > 1
    ), "dom" AS (
      SELECT
        "s"
      FROM "sdom"
    ), "x" AS (
      SELECT
        "gr"."a",
        "gr"."b",
        CAST("gr"."d" AS DOUBLE PRECISION) / {{ v['bandwidth'] }} AS "x"
      FROM "sground" AS "gr"
      WHERE
        "gr"."a" IN (
          SELECT
            "s"
          FROM "dom"
        )
        AND "gr"."b" IN (
          SELECT
            "s"
          FROM "dom"
        )
    ), "k" AS (
      SELECT
        "a",
        "b",
        0.75 * (
          1.0 - "x" * "x"
        ) AS "w"
      FROM "x"
      WHERE
        ABS("x") < 1
    ), "kn" AS MATERIALIZED (
      SELECT
        "a",
        "b",
        CAST("w" AS DOUBLE PRECISION) / SUM("w") OVER (PARTITION BY "a") AS "w"
      FROM "k"
    ), "qs" AS (
      SELECT
        "kn"."a",
        SUM("g"."q" * "kn"."w") AS "q"
      FROM "g"
      JOIN "kn"
        ON "kn"."b" = "g"."s"
      GROUP BY
        "kn"."a"
    ), "qh" AS MATERIALIZED (
      SELECT
        "a",
        CAST("q" AS DOUBLE PRECISION) / SUM("q") OVER () AS "q"
      FROM "qs"
    ), "pc" AS MATERIALIZED (
      SELECT
        "q0",
        "s",
        "n",
        SUM("n") OVER (PARTITION BY "q0") AS "total",
        CAST(SUM("cnt") OVER (PARTITION BY "q0") AS DECIMAL(38, 0)) AS "size"
      FROM "f"
    ), "ps" AS (
      SELECT
        "pc"."q0",
        "kn"."a",
        MAX("pc"."size") AS "size",
        SUM(CAST("pc"."n" AS DOUBLE PRECISION) / "pc"."total" * "kn"."w") AS "p"
      FROM "pc"
      JOIN "kn"
        ON "kn"."b" = "pc"."s"
      GROUP BY
        "pc"."q0",
        "kn"."a"
    ), "ph" AS MATERIALIZED (
      SELECT
        "q0",
        "a",
        "size",
        CAST("p" AS DOUBLE PRECISION) / SUM("p") OVER (PARTITION BY "q0") AS "p"
      FROM "ps"
    ), "c" AS (
      SELECT
        "ph"."q0",
        MAX("ph"."size") AS "size",
        SUM(
          CASE
            WHEN "ph"."p" > 0
            THEN 0.5 * (
              "ph"."p" * LN(CAST(2.0 * "ph"."p" AS DOUBLE PRECISION) / (
                "ph"."p" + "qh"."q"
              )) + "qh"."q" * LN(CAST(2.0 * "qh"."q" AS DOUBLE PRECISION) / (
                "ph"."p" + "qh"."q"
              ))
            )
            ELSE 0.0
          END
        ) AS "present",
        SUM(CASE WHEN "ph"."p" > 0 THEN "qh"."q" ELSE 0.0 END) AS "qin"
      FROM "ph"
      JOIN "qh"
        ON "qh"."a" = "ph"."a"
      GROUP BY
        "ph"."q0"
    ), "v" AS (
      SELECT
        "q0",
        "size",
        LEAST(GREATEST("present" + 0.5 * LN(2.0) * GREATEST(1.0 - "qin", 0.0), 0.0), LN(2.0)) AS "js"
      FROM "c"
    )
    SELECT
      "q0",
      "size",
      "js" > {{ v['t'] }} + 1e-09 AS "bad",
      "js" AS "val"
    FROM "v"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_alpha_k_anonymity(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_alpha_k_anonymity', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_alpha_k_anonymity(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_alpha_k_anonymity(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "c" AS (
      SELECT
        "q0",
        CAST(SUM("cnt") AS INT128) AS "size",
        CAST(MAX("cnt") AS INT128) AS "top"
      FROM "f"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      NOT (
        "size" >= {{ v['k'] }} AND "top" * {{ v['alpha_den'] }} <= "size" * {{ v['alpha_num'] }}
      ) AS "bad",
      CAST("top" AS DOUBLE) / CAST("size" AS DOUBLE) AS "val"
    FROM "c"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_alpha_k_anonymity(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "c" AS (
      SELECT
        "q0",
        CAST(SUM("cnt") AS DECIMAL(38, 0)) AS "size",
        CAST(MAX("cnt") AS DECIMAL(38, 0)) AS "top"
      FROM "f"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      NOT (
        "size" >= {{ v['k'] }} AND "top" * {{ v['alpha_den'] }} <= "size" * {{ v['alpha_num'] }}
      ) AS "bad",
      CAST("top" AS DOUBLE PRECISION) / CAST("size" AS DOUBLE PRECISION) AS "val"
    FROM "c"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_nt_closeness_equal_q1(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_nt_closeness_equal_q1', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_nt_closeness_equal_q1(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_nt_closeness_equal_q1(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_qi_0__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."mid",
        "fm"."u0"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0")
    ), "dist" AS (
      SELECT
        "fm"."q0",
        "fm"."mid",
        SUM(GREATEST("fm"."n" / "c"."size" - "sup"."n" / "ssize"."size", 0.0)) AS "d"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0")
      JOIN "sup"
        USING ("mid", "u0", "s")
      JOIN "c"
        USING ("q0")
      GROUP BY
        "fm"."q0",
        "fm"."mid"
    ), "best" AS (
      SELECT
        "q0",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0"
    )
    SELECT
      "c"."q0",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0")
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0"
) AS "v"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "v"."__sqlanon_qi_0__"
{% endmacro %}

{% macro postgres__sqlanon_nt_closeness_equal_q1(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_qi_0__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."mid",
        "fm"."u0"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0")
    ), "dist" AS (
      SELECT
        "fm"."q0",
        "fm"."mid",
        SUM(
          GREATEST(
            CAST("fm"."n" AS DOUBLE PRECISION) / "c"."size" - CAST("sup"."n" AS DOUBLE PRECISION) / "ssize"."size",
            0.0
          )
        ) AS "d"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0")
      JOIN "sup"
        USING ("mid", "u0", "s")
      JOIN "c"
        USING ("q0")
      GROUP BY
        "fm"."q0",
        "fm"."mid"
    ), "best" AS (
      SELECT
        "q0",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0"
    )
    SELECT
      "c"."q0",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0")
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0"
) AS "v"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "v"."__sqlanon_qi_0__"
{% endmacro %}

{% macro sqlanon_nt_closeness_equal_q2(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_nt_closeness_equal_q2', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_nt_closeness_equal_q2(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_nt_closeness_equal_q2(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q1",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_qi_0__",
  CASE WHEN "v"."q1" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q1" END AS "__sqlanon_qi_1__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1")
    ), "dist" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."mid",
        SUM(GREATEST("fm"."n" / "c"."size" - "sup"."n" / "ssize"."size", 0.0)) AS "d"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1")
      JOIN "sup"
        USING ("mid", "u0", "u1", "s")
      JOIN "c"
        USING ("q0", "q1")
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0",
  "v"."q1"
) AS "v"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__"
{% endmacro %}

{% macro postgres__sqlanon_nt_closeness_equal_q2(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q1",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_qi_0__",
  CASE
    WHEN "v"."q1" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q1"
  END AS "__sqlanon_qi_1__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1")
    ), "dist" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."mid",
        SUM(
          GREATEST(
            CAST("fm"."n" AS DOUBLE PRECISION) / "c"."size" - CAST("sup"."n" AS DOUBLE PRECISION) / "ssize"."size",
            0.0
          )
        ) AS "d"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1")
      JOIN "sup"
        USING ("mid", "u0", "u1", "s")
      JOIN "c"
        USING ("q0", "q1")
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0",
  "v"."q1"
) AS "v"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__"
{% endmacro %}

{% macro sqlanon_nt_closeness_equal_q3(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_nt_closeness_equal_q3', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_nt_closeness_equal_q3(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_nt_closeness_equal_q3(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q2",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_qi_0__",
  CASE WHEN "v"."q1" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q1" END AS "__sqlanon_qi_1__",
  CASE WHEN "v"."q2" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q2" END AS "__sqlanon_qi_2__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2")
    ), "dist" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."mid",
        SUM(GREATEST("fm"."n" / "c"."size" - "sup"."n" / "ssize"."size", 0.0)) AS "d"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2")
      JOIN "sup"
        USING ("mid", "u0", "u1", "u2", "s")
      JOIN "c"
        USING ("q0", "q1", "q2")
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2"
) AS "v"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__"
{% endmacro %}

{% macro postgres__sqlanon_nt_closeness_equal_q3(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q2",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_qi_0__",
  CASE
    WHEN "v"."q1" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q1"
  END AS "__sqlanon_qi_1__",
  CASE
    WHEN "v"."q2" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q2"
  END AS "__sqlanon_qi_2__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2")
    ), "dist" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."mid",
        SUM(
          GREATEST(
            CAST("fm"."n" AS DOUBLE PRECISION) / "c"."size" - CAST("sup"."n" AS DOUBLE PRECISION) / "ssize"."size",
            0.0
          )
        ) AS "d"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2")
      JOIN "sup"
        USING ("mid", "u0", "u1", "u2", "s")
      JOIN "c"
        USING ("q0", "q1", "q2")
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2"
) AS "v"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__"
{% endmacro %}

{% macro sqlanon_nt_closeness_equal_q4(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_nt_closeness_equal_q4', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_nt_closeness_equal_q4(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_nt_closeness_equal_q4(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q3",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_qi_0__",
  CASE WHEN "v"."q1" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q1" END AS "__sqlanon_qi_1__",
  CASE WHEN "v"."q2" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q2" END AS "__sqlanon_qi_2__",
  CASE WHEN "v"."q3" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q3" END AS "__sqlanon_qi_3__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3")
    ), "dist" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."mid",
        SUM(GREATEST("fm"."n" / "c"."size" - "sup"."n" / "ssize"."size", 0.0)) AS "d"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3")
      JOIN "sup"
        USING ("mid", "u0", "u1", "u2", "u3", "s")
      JOIN "c"
        USING ("q0", "q1", "q2", "q3")
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3"
) AS "v"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__"
{% endmacro %}

{% macro postgres__sqlanon_nt_closeness_equal_q4(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q3",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_qi_0__",
  CASE
    WHEN "v"."q1" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q1"
  END AS "__sqlanon_qi_1__",
  CASE
    WHEN "v"."q2" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q2"
  END AS "__sqlanon_qi_2__",
  CASE
    WHEN "v"."q3" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q3"
  END AS "__sqlanon_qi_3__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3")
    ), "dist" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."mid",
        SUM(
          GREATEST(
            CAST("fm"."n" AS DOUBLE PRECISION) / "c"."size" - CAST("sup"."n" AS DOUBLE PRECISION) / "ssize"."size",
            0.0
          )
        ) AS "d"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3")
      JOIN "sup"
        USING ("mid", "u0", "u1", "u2", "u3", "s")
      JOIN "c"
        USING ("q0", "q1", "q2", "q3")
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3"
) AS "v"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__"
{% endmacro %}

{% macro sqlanon_nt_closeness_equal_q5(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_nt_closeness_equal_q5', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_nt_closeness_equal_q5(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_nt_closeness_equal_q5(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."__sqlanon_qi_4__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }} AS "__sqlanon_qi_4__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_generalize_4" AS (
  SELECT
    *
  FROM ({{ v['generalize'][4] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q3",
    COALESCE(CAST("p"."__sqlanon_qi_4__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q4",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5,
    6
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_qi_0__",
  CASE WHEN "v"."q1" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q1" END AS "__sqlanon_qi_1__",
  CASE WHEN "v"."q2" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q2" END AS "__sqlanon_qi_2__",
  CASE WHEN "v"."q3" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q3" END AS "__sqlanon_qi_3__",
  CASE WHEN "v"."q4" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q4" END AS "__sqlanon_qi_4__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "g4" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_4"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3",
        "l4"."lt" AS "a4"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g4"
      ) AS "l4"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "f"."q4",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "g4"."ct" AS "u4",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
      JOIN "g4"
        ON "g4"."cf" = "f"."q4" AND "g4"."lt" = "anc"."a4"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4")
    ), "dist" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."mid",
        SUM(GREATEST("fm"."n" / "c"."size" - "sup"."n" / "ssize"."size", 0.0)) AS "d"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4")
      JOIN "sup"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "s")
      JOIN "c"
        USING ("q0", "q1", "q2", "q3", "q4")
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."q4",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3", "q4")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."q4",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3",
  "v"."q4"
) AS "v"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__",
  "v"."__sqlanon_qi_4__"
{% endmacro %}

{% macro postgres__sqlanon_nt_closeness_equal_q5(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."__sqlanon_qi_4__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }} AS "__sqlanon_qi_4__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_generalize_4" AS (
  SELECT
    *
  FROM ({{ v['generalize'][4] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q3",
    COALESCE(CAST("p"."__sqlanon_qi_4__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q4",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5,
    6
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_qi_0__",
  CASE
    WHEN "v"."q1" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q1"
  END AS "__sqlanon_qi_1__",
  CASE
    WHEN "v"."q2" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q2"
  END AS "__sqlanon_qi_2__",
  CASE
    WHEN "v"."q3" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q3"
  END AS "__sqlanon_qi_3__",
  CASE
    WHEN "v"."q4" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q4"
  END AS "__sqlanon_qi_4__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "g4" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_4"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3",
        "l4"."lt" AS "a4"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g4"
      ) AS "l4"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "f"."q4",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "g4"."ct" AS "u4",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
      JOIN "g4"
        ON "g4"."cf" = "f"."q4" AND "g4"."lt" = "anc"."a4"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4")
    ), "dist" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."mid",
        SUM(
          GREATEST(
            CAST("fm"."n" AS DOUBLE PRECISION) / "c"."size" - CAST("sup"."n" AS DOUBLE PRECISION) / "ssize"."size",
            0.0
          )
        ) AS "d"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4")
      JOIN "sup"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "s")
      JOIN "c"
        USING ("q0", "q1", "q2", "q3", "q4")
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."q4",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3", "q4")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."q4",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3",
  "v"."q4"
) AS "v"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__",
  "v"."__sqlanon_qi_4__"
{% endmacro %}

{% macro sqlanon_nt_closeness_equal_q6(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_nt_closeness_equal_q6', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_nt_closeness_equal_q6(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_nt_closeness_equal_q6(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."__sqlanon_qi_4__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }},
  "v"."__sqlanon_qi_5__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }} AS "__sqlanon_qi_4__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }} AS "__sqlanon_qi_5__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_generalize_4" AS (
  SELECT
    *
  FROM ({{ v['generalize'][4] }}) AS "g"
), "sqlanon_generalize_5" AS (
  SELECT
    *
  FROM ({{ v['generalize'][5] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q3",
    COALESCE(CAST("p"."__sqlanon_qi_4__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q4",
    COALESCE(CAST("p"."__sqlanon_qi_5__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q5",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5,
    6,
    7
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_qi_0__",
  CASE WHEN "v"."q1" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q1" END AS "__sqlanon_qi_1__",
  CASE WHEN "v"."q2" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q2" END AS "__sqlanon_qi_2__",
  CASE WHEN "v"."q3" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q3" END AS "__sqlanon_qi_3__",
  CASE WHEN "v"."q4" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q4" END AS "__sqlanon_qi_4__",
  CASE WHEN "v"."q5" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q5" END AS "__sqlanon_qi_5__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "g4" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_4"
      WHERE
        "lf" = 0
    ), "g5" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_5"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3",
        "l4"."lt" AS "a4",
        "l5"."lt" AS "a5"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g4"
      ) AS "l4"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g5"
      ) AS "l5"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "f"."q4",
        "f"."q5",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "g4"."ct" AS "u4",
        "g5"."ct" AS "u5",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
      JOIN "g4"
        ON "g4"."cf" = "f"."q4" AND "g4"."lt" = "anc"."a4"
      JOIN "g5"
        ON "g5"."cf" = "f"."q5" AND "g5"."lt" = "anc"."a5"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5")
    ), "dist" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."mid",
        SUM(GREATEST("fm"."n" / "c"."size" - "sup"."n" / "ssize"."size", 0.0)) AS "d"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5")
      JOIN "sup"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "s")
      JOIN "c"
        USING ("q0", "q1", "q2", "q3", "q4", "q5")
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."q4",
      "c"."q5",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3", "q4", "q5")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."q4",
    "c0"."q5",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3",
  "v"."q4",
  "v"."q5"
) AS "v"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__",
  "v"."__sqlanon_qi_4__",
  "v"."__sqlanon_qi_5__"
{% endmacro %}

{% macro postgres__sqlanon_nt_closeness_equal_q6(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."__sqlanon_qi_4__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }},
  "v"."__sqlanon_qi_5__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }} AS "__sqlanon_qi_4__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }} AS "__sqlanon_qi_5__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_generalize_4" AS (
  SELECT
    *
  FROM ({{ v['generalize'][4] }}) AS "g"
), "sqlanon_generalize_5" AS (
  SELECT
    *
  FROM ({{ v['generalize'][5] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q3",
    COALESCE(CAST("p"."__sqlanon_qi_4__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q4",
    COALESCE(CAST("p"."__sqlanon_qi_5__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q5",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5,
    6,
    7
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_qi_0__",
  CASE
    WHEN "v"."q1" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q1"
  END AS "__sqlanon_qi_1__",
  CASE
    WHEN "v"."q2" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q2"
  END AS "__sqlanon_qi_2__",
  CASE
    WHEN "v"."q3" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q3"
  END AS "__sqlanon_qi_3__",
  CASE
    WHEN "v"."q4" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q4"
  END AS "__sqlanon_qi_4__",
  CASE
    WHEN "v"."q5" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q5"
  END AS "__sqlanon_qi_5__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "g4" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_4"
      WHERE
        "lf" = 0
    ), "g5" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_5"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3",
        "l4"."lt" AS "a4",
        "l5"."lt" AS "a5"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g4"
      ) AS "l4"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g5"
      ) AS "l5"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "f"."q4",
        "f"."q5",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "g4"."ct" AS "u4",
        "g5"."ct" AS "u5",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
      JOIN "g4"
        ON "g4"."cf" = "f"."q4" AND "g4"."lt" = "anc"."a4"
      JOIN "g5"
        ON "g5"."cf" = "f"."q5" AND "g5"."lt" = "anc"."a5"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5")
    ), "dist" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."mid",
        SUM(
          GREATEST(
            CAST("fm"."n" AS DOUBLE PRECISION) / "c"."size" - CAST("sup"."n" AS DOUBLE PRECISION) / "ssize"."size",
            0.0
          )
        ) AS "d"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5")
      JOIN "sup"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "s")
      JOIN "c"
        USING ("q0", "q1", "q2", "q3", "q4", "q5")
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."q4",
      "c"."q5",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3", "q4", "q5")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."q4",
    "c0"."q5",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3",
  "v"."q4",
  "v"."q5"
) AS "v"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__",
  "v"."__sqlanon_qi_4__",
  "v"."__sqlanon_qi_5__"
{% endmacro %}

{% macro sqlanon_nt_closeness_equal_q7(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_nt_closeness_equal_q7', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_nt_closeness_equal_q7(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_nt_closeness_equal_q7(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."__sqlanon_qi_4__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }},
  "v"."__sqlanon_qi_5__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }},
  "v"."__sqlanon_qi_6__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[6]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }} AS "__sqlanon_qi_4__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }} AS "__sqlanon_qi_5__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[6]) }} AS "__sqlanon_qi_6__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_generalize_4" AS (
  SELECT
    *
  FROM ({{ v['generalize'][4] }}) AS "g"
), "sqlanon_generalize_5" AS (
  SELECT
    *
  FROM ({{ v['generalize'][5] }}) AS "g"
), "sqlanon_generalize_6" AS (
  SELECT
    *
  FROM ({{ v['generalize'][6] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q3",
    COALESCE(CAST("p"."__sqlanon_qi_4__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q4",
    COALESCE(CAST("p"."__sqlanon_qi_5__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q5",
    COALESCE(CAST("p"."__sqlanon_qi_6__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q6",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_qi_0__",
  CASE WHEN "v"."q1" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q1" END AS "__sqlanon_qi_1__",
  CASE WHEN "v"."q2" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q2" END AS "__sqlanon_qi_2__",
  CASE WHEN "v"."q3" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q3" END AS "__sqlanon_qi_3__",
  CASE WHEN "v"."q4" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q4" END AS "__sqlanon_qi_4__",
  CASE WHEN "v"."q5" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q5" END AS "__sqlanon_qi_5__",
  CASE WHEN "v"."q6" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q6" END AS "__sqlanon_qi_6__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "g4" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_4"
      WHERE
        "lf" = 0
    ), "g5" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_5"
      WHERE
        "lf" = 0
    ), "g6" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_6"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3",
        "l4"."lt" AS "a4",
        "l5"."lt" AS "a5",
        "l6"."lt" AS "a6"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g4"
      ) AS "l4"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g5"
      ) AS "l5"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g6"
      ) AS "l6"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "f"."q4",
        "f"."q5",
        "f"."q6",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "g4"."ct" AS "u4",
        "g5"."ct" AS "u5",
        "g6"."ct" AS "u6",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
      JOIN "g4"
        ON "g4"."cf" = "f"."q4" AND "g4"."lt" = "anc"."a4"
      JOIN "g5"
        ON "g5"."cf" = "f"."q5" AND "g5"."lt" = "anc"."a5"
      JOIN "g6"
        ON "g6"."cf" = "f"."q6" AND "g6"."lt" = "anc"."a6"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."q6",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5",
        "fm"."u6"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6")
    ), "dist" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."q6",
        "fm"."mid",
        SUM(GREATEST("fm"."n" / "c"."size" - "sup"."n" / "ssize"."size", 0.0)) AS "d"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6")
      JOIN "sup"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6", "s")
      JOIN "c"
        USING ("q0", "q1", "q2", "q3", "q4", "q5", "q6")
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."q6",
        "fm"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."q4",
      "c"."q5",
      "c"."q6",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3", "q4", "q5", "q6")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."q4",
    "c0"."q5",
    "c0"."q6",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3",
  "v"."q4",
  "v"."q5",
  "v"."q6"
) AS "v"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__",
  "v"."__sqlanon_qi_4__",
  "v"."__sqlanon_qi_5__",
  "v"."__sqlanon_qi_6__"
{% endmacro %}

{% macro postgres__sqlanon_nt_closeness_equal_q7(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."__sqlanon_qi_4__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }},
  "v"."__sqlanon_qi_5__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }},
  "v"."__sqlanon_qi_6__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[6]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }} AS "__sqlanon_qi_4__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }} AS "__sqlanon_qi_5__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[6]) }} AS "__sqlanon_qi_6__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_generalize_4" AS (
  SELECT
    *
  FROM ({{ v['generalize'][4] }}) AS "g"
), "sqlanon_generalize_5" AS (
  SELECT
    *
  FROM ({{ v['generalize'][5] }}) AS "g"
), "sqlanon_generalize_6" AS (
  SELECT
    *
  FROM ({{ v['generalize'][6] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q3",
    COALESCE(CAST("p"."__sqlanon_qi_4__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q4",
    COALESCE(CAST("p"."__sqlanon_qi_5__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q5",
    COALESCE(CAST("p"."__sqlanon_qi_6__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q6",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_qi_0__",
  CASE
    WHEN "v"."q1" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q1"
  END AS "__sqlanon_qi_1__",
  CASE
    WHEN "v"."q2" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q2"
  END AS "__sqlanon_qi_2__",
  CASE
    WHEN "v"."q3" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q3"
  END AS "__sqlanon_qi_3__",
  CASE
    WHEN "v"."q4" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q4"
  END AS "__sqlanon_qi_4__",
  CASE
    WHEN "v"."q5" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q5"
  END AS "__sqlanon_qi_5__",
  CASE
    WHEN "v"."q6" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q6"
  END AS "__sqlanon_qi_6__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "g4" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_4"
      WHERE
        "lf" = 0
    ), "g5" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_5"
      WHERE
        "lf" = 0
    ), "g6" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_6"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3",
        "l4"."lt" AS "a4",
        "l5"."lt" AS "a5",
        "l6"."lt" AS "a6"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g4"
      ) AS "l4"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g5"
      ) AS "l5"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g6"
      ) AS "l6"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "f"."q4",
        "f"."q5",
        "f"."q6",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "g4"."ct" AS "u4",
        "g5"."ct" AS "u5",
        "g6"."ct" AS "u6",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
      JOIN "g4"
        ON "g4"."cf" = "f"."q4" AND "g4"."lt" = "anc"."a4"
      JOIN "g5"
        ON "g5"."cf" = "f"."q5" AND "g5"."lt" = "anc"."a5"
      JOIN "g6"
        ON "g6"."cf" = "f"."q6" AND "g6"."lt" = "anc"."a6"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."q6",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5",
        "fm"."u6"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6")
    ), "dist" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."q6",
        "fm"."mid",
        SUM(
          GREATEST(
            CAST("fm"."n" AS DOUBLE PRECISION) / "c"."size" - CAST("sup"."n" AS DOUBLE PRECISION) / "ssize"."size",
            0.0
          )
        ) AS "d"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6")
      JOIN "sup"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6", "s")
      JOIN "c"
        USING ("q0", "q1", "q2", "q3", "q4", "q5", "q6")
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."q6",
        "fm"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."q4",
      "c"."q5",
      "c"."q6",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3", "q4", "q5", "q6")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."q4",
    "c0"."q5",
    "c0"."q6",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3",
  "v"."q4",
  "v"."q5",
  "v"."q6"
) AS "v"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__",
  "v"."__sqlanon_qi_4__",
  "v"."__sqlanon_qi_5__",
  "v"."__sqlanon_qi_6__"
{% endmacro %}

{% macro sqlanon_nt_closeness_equal_q8(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_nt_closeness_equal_q8', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_nt_closeness_equal_q8(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_nt_closeness_equal_q8(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."__sqlanon_qi_4__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }},
  "v"."__sqlanon_qi_5__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }},
  "v"."__sqlanon_qi_6__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[6]) }},
  "v"."__sqlanon_qi_7__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[7]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }} AS "__sqlanon_qi_4__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }} AS "__sqlanon_qi_5__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[6]) }} AS "__sqlanon_qi_6__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[7]) }} AS "__sqlanon_qi_7__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_generalize_4" AS (
  SELECT
    *
  FROM ({{ v['generalize'][4] }}) AS "g"
), "sqlanon_generalize_5" AS (
  SELECT
    *
  FROM ({{ v['generalize'][5] }}) AS "g"
), "sqlanon_generalize_6" AS (
  SELECT
    *
  FROM ({{ v['generalize'][6] }}) AS "g"
), "sqlanon_generalize_7" AS (
  SELECT
    *
  FROM ({{ v['generalize'][7] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q3",
    COALESCE(CAST("p"."__sqlanon_qi_4__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q4",
    COALESCE(CAST("p"."__sqlanon_qi_5__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q5",
    COALESCE(CAST("p"."__sqlanon_qi_6__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q6",
    COALESCE(CAST("p"."__sqlanon_qi_7__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q7",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    9
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_qi_0__",
  CASE WHEN "v"."q1" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q1" END AS "__sqlanon_qi_1__",
  CASE WHEN "v"."q2" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q2" END AS "__sqlanon_qi_2__",
  CASE WHEN "v"."q3" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q3" END AS "__sqlanon_qi_3__",
  CASE WHEN "v"."q4" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q4" END AS "__sqlanon_qi_4__",
  CASE WHEN "v"."q5" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q5" END AS "__sqlanon_qi_5__",
  CASE WHEN "v"."q6" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q6" END AS "__sqlanon_qi_6__",
  CASE WHEN "v"."q7" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q7" END AS "__sqlanon_qi_7__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "g4" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_4"
      WHERE
        "lf" = 0
    ), "g5" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_5"
      WHERE
        "lf" = 0
    ), "g6" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_6"
      WHERE
        "lf" = 0
    ), "g7" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_7"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3",
        "l4"."lt" AS "a4",
        "l5"."lt" AS "a5",
        "l6"."lt" AS "a6",
        "l7"."lt" AS "a7"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g4"
      ) AS "l4"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g5"
      ) AS "l5"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g6"
      ) AS "l6"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g7"
      ) AS "l7"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "f"."q4",
        "f"."q5",
        "f"."q6",
        "f"."q7",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "g4"."ct" AS "u4",
        "g5"."ct" AS "u5",
        "g6"."ct" AS "u6",
        "g7"."ct" AS "u7",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
      JOIN "g4"
        ON "g4"."cf" = "f"."q4" AND "g4"."lt" = "anc"."a4"
      JOIN "g5"
        ON "g5"."cf" = "f"."q5" AND "g5"."lt" = "anc"."a5"
      JOIN "g6"
        ON "g6"."cf" = "f"."q6" AND "g6"."lt" = "anc"."a6"
      JOIN "g7"
        ON "g7"."cf" = "f"."q7" AND "g7"."lt" = "anc"."a7"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "u7",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "u7",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "u7",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "u7"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."q6",
        "fm"."q7",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5",
        "fm"."u6",
        "fm"."u7"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6", "u7")
    ), "dist" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."q6",
        "fm"."q7",
        "fm"."mid",
        SUM(GREATEST("fm"."n" / "c"."size" - "sup"."n" / "ssize"."size", 0.0)) AS "d"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6", "u7")
      JOIN "sup"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6", "u7", "s")
      JOIN "c"
        USING ("q0", "q1", "q2", "q3", "q4", "q5", "q6", "q7")
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."q6",
        "fm"."q7",
        "fm"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."q4",
      "c"."q5",
      "c"."q6",
      "c"."q7",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3", "q4", "q5", "q6", "q7")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."q4",
    "c0"."q5",
    "c0"."q6",
    "c0"."q7",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3",
  "v"."q4",
  "v"."q5",
  "v"."q6",
  "v"."q7"
) AS "v"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__",
  "v"."__sqlanon_qi_4__",
  "v"."__sqlanon_qi_5__",
  "v"."__sqlanon_qi_6__",
  "v"."__sqlanon_qi_7__"
{% endmacro %}

{% macro postgres__sqlanon_nt_closeness_equal_q8(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."__sqlanon_qi_4__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }},
  "v"."__sqlanon_qi_5__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }},
  "v"."__sqlanon_qi_6__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[6]) }},
  "v"."__sqlanon_qi_7__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[7]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }} AS "__sqlanon_qi_4__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }} AS "__sqlanon_qi_5__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[6]) }} AS "__sqlanon_qi_6__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[7]) }} AS "__sqlanon_qi_7__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_generalize_4" AS (
  SELECT
    *
  FROM ({{ v['generalize'][4] }}) AS "g"
), "sqlanon_generalize_5" AS (
  SELECT
    *
  FROM ({{ v['generalize'][5] }}) AS "g"
), "sqlanon_generalize_6" AS (
  SELECT
    *
  FROM ({{ v['generalize'][6] }}) AS "g"
), "sqlanon_generalize_7" AS (
  SELECT
    *
  FROM ({{ v['generalize'][7] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q3",
    COALESCE(CAST("p"."__sqlanon_qi_4__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q4",
    COALESCE(CAST("p"."__sqlanon_qi_5__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q5",
    COALESCE(CAST("p"."__sqlanon_qi_6__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q6",
    COALESCE(CAST("p"."__sqlanon_qi_7__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q7",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    9
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_qi_0__",
  CASE
    WHEN "v"."q1" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q1"
  END AS "__sqlanon_qi_1__",
  CASE
    WHEN "v"."q2" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q2"
  END AS "__sqlanon_qi_2__",
  CASE
    WHEN "v"."q3" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q3"
  END AS "__sqlanon_qi_3__",
  CASE
    WHEN "v"."q4" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q4"
  END AS "__sqlanon_qi_4__",
  CASE
    WHEN "v"."q5" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q5"
  END AS "__sqlanon_qi_5__",
  CASE
    WHEN "v"."q6" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q6"
  END AS "__sqlanon_qi_6__",
  CASE
    WHEN "v"."q7" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q7"
  END AS "__sqlanon_qi_7__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "g4" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_4"
      WHERE
        "lf" = 0
    ), "g5" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_5"
      WHERE
        "lf" = 0
    ), "g6" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_6"
      WHERE
        "lf" = 0
    ), "g7" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_7"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3",
        "l4"."lt" AS "a4",
        "l5"."lt" AS "a5",
        "l6"."lt" AS "a6",
        "l7"."lt" AS "a7"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g4"
      ) AS "l4"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g5"
      ) AS "l5"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g6"
      ) AS "l6"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g7"
      ) AS "l7"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "f"."q4",
        "f"."q5",
        "f"."q6",
        "f"."q7",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "g4"."ct" AS "u4",
        "g5"."ct" AS "u5",
        "g6"."ct" AS "u6",
        "g7"."ct" AS "u7",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
      JOIN "g4"
        ON "g4"."cf" = "f"."q4" AND "g4"."lt" = "anc"."a4"
      JOIN "g5"
        ON "g5"."cf" = "f"."q5" AND "g5"."lt" = "anc"."a5"
      JOIN "g6"
        ON "g6"."cf" = "f"."q6" AND "g6"."lt" = "anc"."a6"
      JOIN "g7"
        ON "g7"."cf" = "f"."q7" AND "g7"."lt" = "anc"."a7"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "u7",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "u7",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "u7",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "u7"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."q6",
        "fm"."q7",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5",
        "fm"."u6",
        "fm"."u7"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6", "u7")
    ), "dist" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."q6",
        "fm"."q7",
        "fm"."mid",
        SUM(
          GREATEST(
            CAST("fm"."n" AS DOUBLE PRECISION) / "c"."size" - CAST("sup"."n" AS DOUBLE PRECISION) / "ssize"."size",
            0.0
          )
        ) AS "d"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6", "u7")
      JOIN "sup"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6", "u7", "s")
      JOIN "c"
        USING ("q0", "q1", "q2", "q3", "q4", "q5", "q6", "q7")
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."q6",
        "fm"."q7",
        "fm"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."q4",
      "c"."q5",
      "c"."q6",
      "c"."q7",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3", "q4", "q5", "q6", "q7")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."q4",
    "c0"."q5",
    "c0"."q6",
    "c0"."q7",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3",
  "v"."q4",
  "v"."q5",
  "v"."q6",
  "v"."q7"
) AS "v"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__",
  "v"."__sqlanon_qi_4__",
  "v"."__sqlanon_qi_5__",
  "v"."__sqlanon_qi_6__",
  "v"."__sqlanon_qi_7__"
{% endmacro %}

{% macro sqlanon_nt_closeness_ordered_q1(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_nt_closeness_ordered_q1', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_nt_closeness_ordered_q1(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_nt_closeness_ordered_q1(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_order_0" AS (
  SELECT
    "code" AS "s",
    CAST(ROW_NUMBER() OVER (ORDER BY CAST("value" AS DOUBLE), "value" COLLATE "binary") AS INT) AS "pos"
  FROM "sqlanon_dictionary_0"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_qi_0__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."mid",
        "fm"."u0"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0")
    ), "dom" AS (
      SELECT
        "o"."s",
        ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r"
      FROM "sqlanon_order_0" AS "o"
      WHERE
        "o"."s" IN (
          SELECT
            "s"
          FROM "f"
        )
    ), "m" AS (
      SELECT
        COUNT(*) AS "m"
      FROM "dom"
    ), "grid" AS (
      SELECT
        "pr"."q0",
        "pr"."mid",
        "dom"."r",
        COALESCE("e"."n", 0.0) / "c"."size" AS "p",
        "sup"."n" / "ssize"."size" AS "q"
      FROM "pr"
      JOIN "ssize"
        USING ("mid", "u0")
      JOIN "sup"
        USING ("mid", "u0")
      JOIN "dom"
        ON "dom"."s" = "sup"."s"
      JOIN "c"
        USING ("q0")
      LEFT JOIN "f" AS "e"
        ON "e"."q0" = "pr"."q0" AND "e"."s" = "sup"."s"
    ), "cum" AS (
      SELECT
        "q0",
        "mid",
        ABS(SUM("p") OVER "w" - SUM("q") OVER "w") * (
          LEAD("r", 1, "r") OVER "w" - "r"
        ) AS "part"
      FROM "grid"
      WINDOW "w" AS (
        PARTITION BY "q0", "mid"
        ORDER BY "r"
        ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
      )
    ), "dist" AS (
      SELECT
        "cum"."q0",
        "cum"."mid",
        CASE
          WHEN MAX("m"."m") <= 1
          THEN 0.0
          ELSE SUM("cum"."part") / (
            MAX("m"."m") - 1
          )
        END AS "d"
      FROM "cum"
      CROSS JOIN "m"
      GROUP BY
        "cum"."q0",
        "cum"."mid"
    ), "best" AS (
      SELECT
        "q0",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0"
    )
    SELECT
      "c"."q0",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0")
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0"
) AS "v"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "v"."__sqlanon_qi_0__"
{% endmacro %}

{% macro postgres__sqlanon_nt_closeness_ordered_q1(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_order_0" AS (
  SELECT
    "code" AS "s",
    CAST(ROW_NUMBER() OVER (ORDER BY CAST("value" AS DOUBLE PRECISION), "value" COLLATE "C") AS INT) AS "pos"
  FROM "sqlanon_dictionary_0"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_qi_0__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."mid",
        "fm"."u0"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0")
    ), "dom" AS (
      SELECT
        "o"."s",
        ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r"
      FROM "sqlanon_order_0" AS "o"
      WHERE
        "o"."s" IN (
          SELECT
            "s"
          FROM "f"
        )
    ), "m" AS MATERIALIZED (
      SELECT
        COUNT(*) AS "m"
      FROM "dom"
    ), "grid" AS (
      SELECT
        "pr"."q0",
        "pr"."mid",
        "dom"."r",
        CAST(COALESCE("e"."n", 0.0) AS DOUBLE PRECISION) / "c"."size" AS "p",
        CAST("sup"."n" AS DOUBLE PRECISION) / "ssize"."size" AS "q"
      FROM "pr"
      JOIN "ssize"
        USING ("mid", "u0")
      JOIN "sup"
        USING ("mid", "u0")
      JOIN "dom"
        ON "dom"."s" = "sup"."s"
      JOIN "c"
        USING ("q0")
      LEFT JOIN "f" AS "e"
        ON "e"."q0" = "pr"."q0" AND "e"."s" = "sup"."s"
    ), "cum" AS MATERIALIZED (
      SELECT
        "q0",
        "mid",
        ABS(SUM("p") OVER "w" - SUM("q") OVER "w") * (
          LEAD("r", 1, "r") OVER "w" - "r"
        ) AS "part"
      FROM "grid"
      WINDOW "w" AS (
        PARTITION BY "q0", "mid"
        ORDER BY "r"
        ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
      )
    ), "dist" AS (
      SELECT
        "cum"."q0",
        "cum"."mid",
        CASE
          WHEN MAX("m"."m") <= 1
          THEN 0.0
          ELSE CAST(SUM("cum"."part") AS DOUBLE PRECISION) / (
            MAX("m"."m") - 1
          )
        END AS "d"
      FROM "cum"
      CROSS JOIN "m"
      GROUP BY
        "cum"."q0",
        "cum"."mid"
    ), "best" AS (
      SELECT
        "q0",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0"
    )
    SELECT
      "c"."q0",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0")
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0"
) AS "v"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "v"."__sqlanon_qi_0__"
{% endmacro %}

{% macro sqlanon_nt_closeness_ordered_q2(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_nt_closeness_ordered_q2', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_nt_closeness_ordered_q2(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_nt_closeness_ordered_q2(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_order_0" AS (
  SELECT
    "code" AS "s",
    CAST(ROW_NUMBER() OVER (ORDER BY CAST("value" AS DOUBLE), "value" COLLATE "binary") AS INT) AS "pos"
  FROM "sqlanon_dictionary_0"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q1",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_qi_0__",
  CASE WHEN "v"."q1" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q1" END AS "__sqlanon_qi_1__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1")
    ), "dom" AS (
      SELECT
        "o"."s",
        ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r"
      FROM "sqlanon_order_0" AS "o"
      WHERE
        "o"."s" IN (
          SELECT
            "s"
          FROM "f"
        )
    ), "m" AS (
      SELECT
        COUNT(*) AS "m"
      FROM "dom"
    ), "grid" AS (
      SELECT
        "pr"."q0",
        "pr"."q1",
        "pr"."mid",
        "dom"."r",
        COALESCE("e"."n", 0.0) / "c"."size" AS "p",
        "sup"."n" / "ssize"."size" AS "q"
      FROM "pr"
      JOIN "ssize"
        USING ("mid", "u0", "u1")
      JOIN "sup"
        USING ("mid", "u0", "u1")
      JOIN "dom"
        ON "dom"."s" = "sup"."s"
      JOIN "c"
        USING ("q0", "q1")
      LEFT JOIN "f" AS "e"
        ON "e"."q0" = "pr"."q0" AND "e"."q1" = "pr"."q1" AND "e"."s" = "sup"."s"
    ), "cum" AS (
      SELECT
        "q0",
        "q1",
        "mid",
        ABS(SUM("p") OVER "w" - SUM("q") OVER "w") * (
          LEAD("r", 1, "r") OVER "w" - "r"
        ) AS "part"
      FROM "grid"
      WINDOW "w" AS (
        PARTITION BY "q0", "q1", "mid"
        ORDER BY "r"
        ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
      )
    ), "dist" AS (
      SELECT
        "cum"."q0",
        "cum"."q1",
        "cum"."mid",
        CASE
          WHEN MAX("m"."m") <= 1
          THEN 0.0
          ELSE SUM("cum"."part") / (
            MAX("m"."m") - 1
          )
        END AS "d"
      FROM "cum"
      CROSS JOIN "m"
      GROUP BY
        "cum"."q0",
        "cum"."q1",
        "cum"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0",
  "v"."q1"
) AS "v"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__"
{% endmacro %}

{% macro postgres__sqlanon_nt_closeness_ordered_q2(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_order_0" AS (
  SELECT
    "code" AS "s",
    CAST(ROW_NUMBER() OVER (ORDER BY CAST("value" AS DOUBLE PRECISION), "value" COLLATE "C") AS INT) AS "pos"
  FROM "sqlanon_dictionary_0"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q1",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_qi_0__",
  CASE
    WHEN "v"."q1" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q1"
  END AS "__sqlanon_qi_1__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1")
    ), "dom" AS (
      SELECT
        "o"."s",
        ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r"
      FROM "sqlanon_order_0" AS "o"
      WHERE
        "o"."s" IN (
          SELECT
            "s"
          FROM "f"
        )
    ), "m" AS MATERIALIZED (
      SELECT
        COUNT(*) AS "m"
      FROM "dom"
    ), "grid" AS (
      SELECT
        "pr"."q0",
        "pr"."q1",
        "pr"."mid",
        "dom"."r",
        CAST(COALESCE("e"."n", 0.0) AS DOUBLE PRECISION) / "c"."size" AS "p",
        CAST("sup"."n" AS DOUBLE PRECISION) / "ssize"."size" AS "q"
      FROM "pr"
      JOIN "ssize"
        USING ("mid", "u0", "u1")
      JOIN "sup"
        USING ("mid", "u0", "u1")
      JOIN "dom"
        ON "dom"."s" = "sup"."s"
      JOIN "c"
        USING ("q0", "q1")
      LEFT JOIN "f" AS "e"
        ON "e"."q0" = "pr"."q0" AND "e"."q1" = "pr"."q1" AND "e"."s" = "sup"."s"
    ), "cum" AS MATERIALIZED (
      SELECT
        "q0",
        "q1",
        "mid",
        ABS(SUM("p") OVER "w" - SUM("q") OVER "w") * (
          LEAD("r", 1, "r") OVER "w" - "r"
        ) AS "part"
      FROM "grid"
      WINDOW "w" AS (
        PARTITION BY "q0", "q1", "mid"
        ORDER BY "r"
        ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
      )
    ), "dist" AS (
      SELECT
        "cum"."q0",
        "cum"."q1",
        "cum"."mid",
        CASE
          WHEN MAX("m"."m") <= 1
          THEN 0.0
          ELSE CAST(SUM("cum"."part") AS DOUBLE PRECISION) / (
            MAX("m"."m") - 1
          )
        END AS "d"
      FROM "cum"
      CROSS JOIN "m"
      GROUP BY
        "cum"."q0",
        "cum"."q1",
        "cum"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0",
  "v"."q1"
) AS "v"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__"
{% endmacro %}

{% macro sqlanon_nt_closeness_ordered_q3(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_nt_closeness_ordered_q3', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_nt_closeness_ordered_q3(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_nt_closeness_ordered_q3(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_order_0" AS (
  SELECT
    "code" AS "s",
    CAST(ROW_NUMBER() OVER (ORDER BY CAST("value" AS DOUBLE), "value" COLLATE "binary") AS INT) AS "pos"
  FROM "sqlanon_dictionary_0"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q2",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_qi_0__",
  CASE WHEN "v"."q1" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q1" END AS "__sqlanon_qi_1__",
  CASE WHEN "v"."q2" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q2" END AS "__sqlanon_qi_2__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2")
    ), "dom" AS (
      SELECT
        "o"."s",
        ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r"
      FROM "sqlanon_order_0" AS "o"
      WHERE
        "o"."s" IN (
          SELECT
            "s"
          FROM "f"
        )
    ), "m" AS (
      SELECT
        COUNT(*) AS "m"
      FROM "dom"
    ), "grid" AS (
      SELECT
        "pr"."q0",
        "pr"."q1",
        "pr"."q2",
        "pr"."mid",
        "dom"."r",
        COALESCE("e"."n", 0.0) / "c"."size" AS "p",
        "sup"."n" / "ssize"."size" AS "q"
      FROM "pr"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2")
      JOIN "sup"
        USING ("mid", "u0", "u1", "u2")
      JOIN "dom"
        ON "dom"."s" = "sup"."s"
      JOIN "c"
        USING ("q0", "q1", "q2")
      LEFT JOIN "f" AS "e"
        ON "e"."q0" = "pr"."q0"
        AND "e"."q1" = "pr"."q1"
        AND "e"."q2" = "pr"."q2"
        AND "e"."s" = "sup"."s"
    ), "cum" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "mid",
        ABS(SUM("p") OVER "w" - SUM("q") OVER "w") * (
          LEAD("r", 1, "r") OVER "w" - "r"
        ) AS "part"
      FROM "grid"
      WINDOW "w" AS (
        PARTITION BY "q0", "q1", "q2", "mid"
        ORDER BY "r"
        ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
      )
    ), "dist" AS (
      SELECT
        "cum"."q0",
        "cum"."q1",
        "cum"."q2",
        "cum"."mid",
        CASE
          WHEN MAX("m"."m") <= 1
          THEN 0.0
          ELSE SUM("cum"."part") / (
            MAX("m"."m") - 1
          )
        END AS "d"
      FROM "cum"
      CROSS JOIN "m"
      GROUP BY
        "cum"."q0",
        "cum"."q1",
        "cum"."q2",
        "cum"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2"
) AS "v"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__"
{% endmacro %}

{% macro postgres__sqlanon_nt_closeness_ordered_q3(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_order_0" AS (
  SELECT
    "code" AS "s",
    CAST(ROW_NUMBER() OVER (ORDER BY CAST("value" AS DOUBLE PRECISION), "value" COLLATE "C") AS INT) AS "pos"
  FROM "sqlanon_dictionary_0"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q2",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_qi_0__",
  CASE
    WHEN "v"."q1" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q1"
  END AS "__sqlanon_qi_1__",
  CASE
    WHEN "v"."q2" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q2"
  END AS "__sqlanon_qi_2__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2")
    ), "dom" AS (
      SELECT
        "o"."s",
        ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r"
      FROM "sqlanon_order_0" AS "o"
      WHERE
        "o"."s" IN (
          SELECT
            "s"
          FROM "f"
        )
    ), "m" AS MATERIALIZED (
      SELECT
        COUNT(*) AS "m"
      FROM "dom"
    ), "grid" AS (
      SELECT
        "pr"."q0",
        "pr"."q1",
        "pr"."q2",
        "pr"."mid",
        "dom"."r",
        CAST(COALESCE("e"."n", 0.0) AS DOUBLE PRECISION) / "c"."size" AS "p",
        CAST("sup"."n" AS DOUBLE PRECISION) / "ssize"."size" AS "q"
      FROM "pr"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2")
      JOIN "sup"
        USING ("mid", "u0", "u1", "u2")
      JOIN "dom"
        ON "dom"."s" = "sup"."s"
      JOIN "c"
        USING ("q0", "q1", "q2")
      LEFT JOIN "f" AS "e"
        ON "e"."q0" = "pr"."q0"
        AND "e"."q1" = "pr"."q1"
        AND "e"."q2" = "pr"."q2"
        AND "e"."s" = "sup"."s"
    ), "cum" AS MATERIALIZED (
      SELECT
        "q0",
        "q1",
        "q2",
        "mid",
        ABS(SUM("p") OVER "w" - SUM("q") OVER "w") * (
          LEAD("r", 1, "r") OVER "w" - "r"
        ) AS "part"
      FROM "grid"
      WINDOW "w" AS (
        PARTITION BY "q0", "q1", "q2", "mid"
        ORDER BY "r"
        ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
      )
    ), "dist" AS (
      SELECT
        "cum"."q0",
        "cum"."q1",
        "cum"."q2",
        "cum"."mid",
        CASE
          WHEN MAX("m"."m") <= 1
          THEN 0.0
          ELSE CAST(SUM("cum"."part") AS DOUBLE PRECISION) / (
            MAX("m"."m") - 1
          )
        END AS "d"
      FROM "cum"
      CROSS JOIN "m"
      GROUP BY
        "cum"."q0",
        "cum"."q1",
        "cum"."q2",
        "cum"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2"
) AS "v"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__"
{% endmacro %}

{% macro sqlanon_nt_closeness_ordered_q4(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_nt_closeness_ordered_q4', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_nt_closeness_ordered_q4(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_nt_closeness_ordered_q4(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_order_0" AS (
  SELECT
    "code" AS "s",
    CAST(ROW_NUMBER() OVER (ORDER BY CAST("value" AS DOUBLE), "value" COLLATE "binary") AS INT) AS "pos"
  FROM "sqlanon_dictionary_0"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q3",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_qi_0__",
  CASE WHEN "v"."q1" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q1" END AS "__sqlanon_qi_1__",
  CASE WHEN "v"."q2" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q2" END AS "__sqlanon_qi_2__",
  CASE WHEN "v"."q3" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q3" END AS "__sqlanon_qi_3__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3")
    ), "dom" AS (
      SELECT
        "o"."s",
        ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r"
      FROM "sqlanon_order_0" AS "o"
      WHERE
        "o"."s" IN (
          SELECT
            "s"
          FROM "f"
        )
    ), "m" AS (
      SELECT
        COUNT(*) AS "m"
      FROM "dom"
    ), "grid" AS (
      SELECT
        "pr"."q0",
        "pr"."q1",
        "pr"."q2",
        "pr"."q3",
        "pr"."mid",
        "dom"."r",
        COALESCE("e"."n", 0.0) / "c"."size" AS "p",
        "sup"."n" / "ssize"."size" AS "q"
      FROM "pr"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3")
      JOIN "sup"
        USING ("mid", "u0", "u1", "u2", "u3")
      JOIN "dom"
        ON "dom"."s" = "sup"."s"
      JOIN "c"
        USING ("q0", "q1", "q2", "q3")
      LEFT JOIN "f" AS "e"
        ON "e"."q0" = "pr"."q0"
        AND "e"."q1" = "pr"."q1"
        AND "e"."q2" = "pr"."q2"
        AND "e"."q3" = "pr"."q3"
        AND "e"."s" = "sup"."s"
    ), "cum" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "mid",
        ABS(SUM("p") OVER "w" - SUM("q") OVER "w") * (
          LEAD("r", 1, "r") OVER "w" - "r"
        ) AS "part"
      FROM "grid"
      WINDOW "w" AS (
        PARTITION BY "q0", "q1", "q2", "q3", "mid"
        ORDER BY "r"
        ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
      )
    ), "dist" AS (
      SELECT
        "cum"."q0",
        "cum"."q1",
        "cum"."q2",
        "cum"."q3",
        "cum"."mid",
        CASE
          WHEN MAX("m"."m") <= 1
          THEN 0.0
          ELSE SUM("cum"."part") / (
            MAX("m"."m") - 1
          )
        END AS "d"
      FROM "cum"
      CROSS JOIN "m"
      GROUP BY
        "cum"."q0",
        "cum"."q1",
        "cum"."q2",
        "cum"."q3",
        "cum"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3"
) AS "v"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__"
{% endmacro %}

{% macro postgres__sqlanon_nt_closeness_ordered_q4(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_order_0" AS (
  SELECT
    "code" AS "s",
    CAST(ROW_NUMBER() OVER (ORDER BY CAST("value" AS DOUBLE PRECISION), "value" COLLATE "C") AS INT) AS "pos"
  FROM "sqlanon_dictionary_0"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q3",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_qi_0__",
  CASE
    WHEN "v"."q1" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q1"
  END AS "__sqlanon_qi_1__",
  CASE
    WHEN "v"."q2" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q2"
  END AS "__sqlanon_qi_2__",
  CASE
    WHEN "v"."q3" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q3"
  END AS "__sqlanon_qi_3__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3")
    ), "dom" AS (
      SELECT
        "o"."s",
        ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r"
      FROM "sqlanon_order_0" AS "o"
      WHERE
        "o"."s" IN (
          SELECT
            "s"
          FROM "f"
        )
    ), "m" AS MATERIALIZED (
      SELECT
        COUNT(*) AS "m"
      FROM "dom"
    ), "grid" AS (
      SELECT
        "pr"."q0",
        "pr"."q1",
        "pr"."q2",
        "pr"."q3",
        "pr"."mid",
        "dom"."r",
        CAST(COALESCE("e"."n", 0.0) AS DOUBLE PRECISION) / "c"."size" AS "p",
        CAST("sup"."n" AS DOUBLE PRECISION) / "ssize"."size" AS "q"
      FROM "pr"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3")
      JOIN "sup"
        USING ("mid", "u0", "u1", "u2", "u3")
      JOIN "dom"
        ON "dom"."s" = "sup"."s"
      JOIN "c"
        USING ("q0", "q1", "q2", "q3")
      LEFT JOIN "f" AS "e"
        ON "e"."q0" = "pr"."q0"
        AND "e"."q1" = "pr"."q1"
        AND "e"."q2" = "pr"."q2"
        AND "e"."q3" = "pr"."q3"
        AND "e"."s" = "sup"."s"
    ), "cum" AS MATERIALIZED (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "mid",
        ABS(SUM("p") OVER "w" - SUM("q") OVER "w") * (
          LEAD("r", 1, "r") OVER "w" - "r"
        ) AS "part"
      FROM "grid"
      WINDOW "w" AS (
        PARTITION BY "q0", "q1", "q2", "q3", "mid"
        ORDER BY "r"
        ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
      )
    ), "dist" AS (
      SELECT
        "cum"."q0",
        "cum"."q1",
        "cum"."q2",
        "cum"."q3",
        "cum"."mid",
        CASE
          WHEN MAX("m"."m") <= 1
          THEN 0.0
          ELSE CAST(SUM("cum"."part") AS DOUBLE PRECISION) / (
            MAX("m"."m") - 1
          )
        END AS "d"
      FROM "cum"
      CROSS JOIN "m"
      GROUP BY
        "cum"."q0",
        "cum"."q1",
        "cum"."q2",
        "cum"."q3",
        "cum"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3"
) AS "v"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__"
{% endmacro %}

{% macro sqlanon_nt_closeness_ordered_q5(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_nt_closeness_ordered_q5', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_nt_closeness_ordered_q5(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_nt_closeness_ordered_q5(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."__sqlanon_qi_4__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }} AS "__sqlanon_qi_4__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_order_0" AS (
  SELECT
    "code" AS "s",
    CAST(ROW_NUMBER() OVER (ORDER BY CAST("value" AS DOUBLE), "value" COLLATE "binary") AS INT) AS "pos"
  FROM "sqlanon_dictionary_0"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_generalize_4" AS (
  SELECT
    *
  FROM ({{ v['generalize'][4] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q3",
    COALESCE(CAST("p"."__sqlanon_qi_4__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q4",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5,
    6
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_qi_0__",
  CASE WHEN "v"."q1" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q1" END AS "__sqlanon_qi_1__",
  CASE WHEN "v"."q2" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q2" END AS "__sqlanon_qi_2__",
  CASE WHEN "v"."q3" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q3" END AS "__sqlanon_qi_3__",
  CASE WHEN "v"."q4" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q4" END AS "__sqlanon_qi_4__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "g4" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_4"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3",
        "l4"."lt" AS "a4"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g4"
      ) AS "l4"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "f"."q4",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "g4"."ct" AS "u4",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
      JOIN "g4"
        ON "g4"."cf" = "f"."q4" AND "g4"."lt" = "anc"."a4"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4")
    ), "dom" AS (
      SELECT
        "o"."s",
        ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r"
      FROM "sqlanon_order_0" AS "o"
      WHERE
        "o"."s" IN (
          SELECT
            "s"
          FROM "f"
        )
    ), "m" AS (
      SELECT
        COUNT(*) AS "m"
      FROM "dom"
    ), "grid" AS (
      SELECT
        "pr"."q0",
        "pr"."q1",
        "pr"."q2",
        "pr"."q3",
        "pr"."q4",
        "pr"."mid",
        "dom"."r",
        COALESCE("e"."n", 0.0) / "c"."size" AS "p",
        "sup"."n" / "ssize"."size" AS "q"
      FROM "pr"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4")
      JOIN "sup"
        USING ("mid", "u0", "u1", "u2", "u3", "u4")
      JOIN "dom"
        ON "dom"."s" = "sup"."s"
      JOIN "c"
        USING ("q0", "q1", "q2", "q3", "q4")
      LEFT JOIN "f" AS "e"
        ON "e"."q0" = "pr"."q0"
        AND "e"."q1" = "pr"."q1"
        AND "e"."q2" = "pr"."q2"
        AND "e"."q3" = "pr"."q3"
        AND "e"."q4" = "pr"."q4"
        AND "e"."s" = "sup"."s"
    ), "cum" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "mid",
        ABS(SUM("p") OVER "w" - SUM("q") OVER "w") * (
          LEAD("r", 1, "r") OVER "w" - "r"
        ) AS "part"
      FROM "grid"
      WINDOW "w" AS (
        PARTITION BY "q0", "q1", "q2", "q3", "q4", "mid"
        ORDER BY "r"
        ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
      )
    ), "dist" AS (
      SELECT
        "cum"."q0",
        "cum"."q1",
        "cum"."q2",
        "cum"."q3",
        "cum"."q4",
        "cum"."mid",
        CASE
          WHEN MAX("m"."m") <= 1
          THEN 0.0
          ELSE SUM("cum"."part") / (
            MAX("m"."m") - 1
          )
        END AS "d"
      FROM "cum"
      CROSS JOIN "m"
      GROUP BY
        "cum"."q0",
        "cum"."q1",
        "cum"."q2",
        "cum"."q3",
        "cum"."q4",
        "cum"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."q4",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3", "q4")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."q4",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3",
  "v"."q4"
) AS "v"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__",
  "v"."__sqlanon_qi_4__"
{% endmacro %}

{% macro postgres__sqlanon_nt_closeness_ordered_q5(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."__sqlanon_qi_4__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }} AS "__sqlanon_qi_4__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_order_0" AS (
  SELECT
    "code" AS "s",
    CAST(ROW_NUMBER() OVER (ORDER BY CAST("value" AS DOUBLE PRECISION), "value" COLLATE "C") AS INT) AS "pos"
  FROM "sqlanon_dictionary_0"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_generalize_4" AS (
  SELECT
    *
  FROM ({{ v['generalize'][4] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q3",
    COALESCE(CAST("p"."__sqlanon_qi_4__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q4",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5,
    6
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_qi_0__",
  CASE
    WHEN "v"."q1" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q1"
  END AS "__sqlanon_qi_1__",
  CASE
    WHEN "v"."q2" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q2"
  END AS "__sqlanon_qi_2__",
  CASE
    WHEN "v"."q3" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q3"
  END AS "__sqlanon_qi_3__",
  CASE
    WHEN "v"."q4" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q4"
  END AS "__sqlanon_qi_4__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "g4" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_4"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3",
        "l4"."lt" AS "a4"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g4"
      ) AS "l4"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "f"."q4",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "g4"."ct" AS "u4",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
      JOIN "g4"
        ON "g4"."cf" = "f"."q4" AND "g4"."lt" = "anc"."a4"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4")
    ), "dom" AS (
      SELECT
        "o"."s",
        ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r"
      FROM "sqlanon_order_0" AS "o"
      WHERE
        "o"."s" IN (
          SELECT
            "s"
          FROM "f"
        )
    ), "m" AS MATERIALIZED (
      SELECT
        COUNT(*) AS "m"
      FROM "dom"
    ), "grid" AS (
      SELECT
        "pr"."q0",
        "pr"."q1",
        "pr"."q2",
        "pr"."q3",
        "pr"."q4",
        "pr"."mid",
        "dom"."r",
        CAST(COALESCE("e"."n", 0.0) AS DOUBLE PRECISION) / "c"."size" AS "p",
        CAST("sup"."n" AS DOUBLE PRECISION) / "ssize"."size" AS "q"
      FROM "pr"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4")
      JOIN "sup"
        USING ("mid", "u0", "u1", "u2", "u3", "u4")
      JOIN "dom"
        ON "dom"."s" = "sup"."s"
      JOIN "c"
        USING ("q0", "q1", "q2", "q3", "q4")
      LEFT JOIN "f" AS "e"
        ON "e"."q0" = "pr"."q0"
        AND "e"."q1" = "pr"."q1"
        AND "e"."q2" = "pr"."q2"
        AND "e"."q3" = "pr"."q3"
        AND "e"."q4" = "pr"."q4"
        AND "e"."s" = "sup"."s"
    ), "cum" AS MATERIALIZED (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "mid",
        ABS(SUM("p") OVER "w" - SUM("q") OVER "w") * (
          LEAD("r", 1, "r") OVER "w" - "r"
        ) AS "part"
      FROM "grid"
      WINDOW "w" AS (
        PARTITION BY "q0", "q1", "q2", "q3", "q4", "mid"
        ORDER BY "r"
        ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
      )
    ), "dist" AS (
      SELECT
        "cum"."q0",
        "cum"."q1",
        "cum"."q2",
        "cum"."q3",
        "cum"."q4",
        "cum"."mid",
        CASE
          WHEN MAX("m"."m") <= 1
          THEN 0.0
          ELSE CAST(SUM("cum"."part") AS DOUBLE PRECISION) / (
            MAX("m"."m") - 1
          )
        END AS "d"
      FROM "cum"
      CROSS JOIN "m"
      GROUP BY
        "cum"."q0",
        "cum"."q1",
        "cum"."q2",
        "cum"."q3",
        "cum"."q4",
        "cum"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."q4",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3", "q4")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."q4",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3",
  "v"."q4"
) AS "v"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__",
  "v"."__sqlanon_qi_4__"
{% endmacro %}

{% macro sqlanon_nt_closeness_ordered_q6(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_nt_closeness_ordered_q6', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_nt_closeness_ordered_q6(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_nt_closeness_ordered_q6(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."__sqlanon_qi_4__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }},
  "v"."__sqlanon_qi_5__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }} AS "__sqlanon_qi_4__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }} AS "__sqlanon_qi_5__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_order_0" AS (
  SELECT
    "code" AS "s",
    CAST(ROW_NUMBER() OVER (ORDER BY CAST("value" AS DOUBLE), "value" COLLATE "binary") AS INT) AS "pos"
  FROM "sqlanon_dictionary_0"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_generalize_4" AS (
  SELECT
    *
  FROM ({{ v['generalize'][4] }}) AS "g"
), "sqlanon_generalize_5" AS (
  SELECT
    *
  FROM ({{ v['generalize'][5] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q3",
    COALESCE(CAST("p"."__sqlanon_qi_4__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q4",
    COALESCE(CAST("p"."__sqlanon_qi_5__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q5",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5,
    6,
    7
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_qi_0__",
  CASE WHEN "v"."q1" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q1" END AS "__sqlanon_qi_1__",
  CASE WHEN "v"."q2" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q2" END AS "__sqlanon_qi_2__",
  CASE WHEN "v"."q3" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q3" END AS "__sqlanon_qi_3__",
  CASE WHEN "v"."q4" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q4" END AS "__sqlanon_qi_4__",
  CASE WHEN "v"."q5" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q5" END AS "__sqlanon_qi_5__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "g4" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_4"
      WHERE
        "lf" = 0
    ), "g5" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_5"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3",
        "l4"."lt" AS "a4",
        "l5"."lt" AS "a5"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g4"
      ) AS "l4"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g5"
      ) AS "l5"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "f"."q4",
        "f"."q5",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "g4"."ct" AS "u4",
        "g5"."ct" AS "u5",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
      JOIN "g4"
        ON "g4"."cf" = "f"."q4" AND "g4"."lt" = "anc"."a4"
      JOIN "g5"
        ON "g5"."cf" = "f"."q5" AND "g5"."lt" = "anc"."a5"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5")
    ), "dom" AS (
      SELECT
        "o"."s",
        ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r"
      FROM "sqlanon_order_0" AS "o"
      WHERE
        "o"."s" IN (
          SELECT
            "s"
          FROM "f"
        )
    ), "m" AS (
      SELECT
        COUNT(*) AS "m"
      FROM "dom"
    ), "grid" AS (
      SELECT
        "pr"."q0",
        "pr"."q1",
        "pr"."q2",
        "pr"."q3",
        "pr"."q4",
        "pr"."q5",
        "pr"."mid",
        "dom"."r",
        COALESCE("e"."n", 0.0) / "c"."size" AS "p",
        "sup"."n" / "ssize"."size" AS "q"
      FROM "pr"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5")
      JOIN "sup"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5")
      JOIN "dom"
        ON "dom"."s" = "sup"."s"
      JOIN "c"
        USING ("q0", "q1", "q2", "q3", "q4", "q5")
      LEFT JOIN "f" AS "e"
        ON "e"."q0" = "pr"."q0"
        AND "e"."q1" = "pr"."q1"
        AND "e"."q2" = "pr"."q2"
        AND "e"."q3" = "pr"."q3"
        AND "e"."q4" = "pr"."q4"
        AND "e"."q5" = "pr"."q5"
        AND "e"."s" = "sup"."s"
    ), "cum" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "mid",
        ABS(SUM("p") OVER "w" - SUM("q") OVER "w") * (
          LEAD("r", 1, "r") OVER "w" - "r"
        ) AS "part"
      FROM "grid"
      WINDOW "w" AS (
        PARTITION BY "q0", "q1", "q2", "q3", "q4", "q5", "mid"
        ORDER BY "r"
        ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
      )
    ), "dist" AS (
      SELECT
        "cum"."q0",
        "cum"."q1",
        "cum"."q2",
        "cum"."q3",
        "cum"."q4",
        "cum"."q5",
        "cum"."mid",
        CASE
          WHEN MAX("m"."m") <= 1
          THEN 0.0
          ELSE SUM("cum"."part") / (
            MAX("m"."m") - 1
          )
        END AS "d"
      FROM "cum"
      CROSS JOIN "m"
      GROUP BY
        "cum"."q0",
        "cum"."q1",
        "cum"."q2",
        "cum"."q3",
        "cum"."q4",
        "cum"."q5",
        "cum"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."q4",
      "c"."q5",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3", "q4", "q5")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."q4",
    "c0"."q5",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3",
  "v"."q4",
  "v"."q5"
) AS "v"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__",
  "v"."__sqlanon_qi_4__",
  "v"."__sqlanon_qi_5__"
{% endmacro %}

{% macro postgres__sqlanon_nt_closeness_ordered_q6(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."__sqlanon_qi_4__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }},
  "v"."__sqlanon_qi_5__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }} AS "__sqlanon_qi_4__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }} AS "__sqlanon_qi_5__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_order_0" AS (
  SELECT
    "code" AS "s",
    CAST(ROW_NUMBER() OVER (ORDER BY CAST("value" AS DOUBLE PRECISION), "value" COLLATE "C") AS INT) AS "pos"
  FROM "sqlanon_dictionary_0"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_generalize_4" AS (
  SELECT
    *
  FROM ({{ v['generalize'][4] }}) AS "g"
), "sqlanon_generalize_5" AS (
  SELECT
    *
  FROM ({{ v['generalize'][5] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q3",
    COALESCE(CAST("p"."__sqlanon_qi_4__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q4",
    COALESCE(CAST("p"."__sqlanon_qi_5__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q5",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5,
    6,
    7
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_qi_0__",
  CASE
    WHEN "v"."q1" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q1"
  END AS "__sqlanon_qi_1__",
  CASE
    WHEN "v"."q2" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q2"
  END AS "__sqlanon_qi_2__",
  CASE
    WHEN "v"."q3" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q3"
  END AS "__sqlanon_qi_3__",
  CASE
    WHEN "v"."q4" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q4"
  END AS "__sqlanon_qi_4__",
  CASE
    WHEN "v"."q5" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q5"
  END AS "__sqlanon_qi_5__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "g4" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_4"
      WHERE
        "lf" = 0
    ), "g5" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_5"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3",
        "l4"."lt" AS "a4",
        "l5"."lt" AS "a5"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g4"
      ) AS "l4"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g5"
      ) AS "l5"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "f"."q4",
        "f"."q5",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "g4"."ct" AS "u4",
        "g5"."ct" AS "u5",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
      JOIN "g4"
        ON "g4"."cf" = "f"."q4" AND "g4"."lt" = "anc"."a4"
      JOIN "g5"
        ON "g5"."cf" = "f"."q5" AND "g5"."lt" = "anc"."a5"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5")
    ), "dom" AS (
      SELECT
        "o"."s",
        ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r"
      FROM "sqlanon_order_0" AS "o"
      WHERE
        "o"."s" IN (
          SELECT
            "s"
          FROM "f"
        )
    ), "m" AS MATERIALIZED (
      SELECT
        COUNT(*) AS "m"
      FROM "dom"
    ), "grid" AS (
      SELECT
        "pr"."q0",
        "pr"."q1",
        "pr"."q2",
        "pr"."q3",
        "pr"."q4",
        "pr"."q5",
        "pr"."mid",
        "dom"."r",
        CAST(COALESCE("e"."n", 0.0) AS DOUBLE PRECISION) / "c"."size" AS "p",
        CAST("sup"."n" AS DOUBLE PRECISION) / "ssize"."size" AS "q"
      FROM "pr"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5")
      JOIN "sup"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5")
      JOIN "dom"
        ON "dom"."s" = "sup"."s"
      JOIN "c"
        USING ("q0", "q1", "q2", "q3", "q4", "q5")
      LEFT JOIN "f" AS "e"
        ON "e"."q0" = "pr"."q0"
        AND "e"."q1" = "pr"."q1"
        AND "e"."q2" = "pr"."q2"
        AND "e"."q3" = "pr"."q3"
        AND "e"."q4" = "pr"."q4"
        AND "e"."q5" = "pr"."q5"
        AND "e"."s" = "sup"."s"
    ), "cum" AS MATERIALIZED (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "mid",
        ABS(SUM("p") OVER "w" - SUM("q") OVER "w") * (
          LEAD("r", 1, "r") OVER "w" - "r"
        ) AS "part"
      FROM "grid"
      WINDOW "w" AS (
        PARTITION BY "q0", "q1", "q2", "q3", "q4", "q5", "mid"
        ORDER BY "r"
        ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
      )
    ), "dist" AS (
      SELECT
        "cum"."q0",
        "cum"."q1",
        "cum"."q2",
        "cum"."q3",
        "cum"."q4",
        "cum"."q5",
        "cum"."mid",
        CASE
          WHEN MAX("m"."m") <= 1
          THEN 0.0
          ELSE CAST(SUM("cum"."part") AS DOUBLE PRECISION) / (
            MAX("m"."m") - 1
          )
        END AS "d"
      FROM "cum"
      CROSS JOIN "m"
      GROUP BY
        "cum"."q0",
        "cum"."q1",
        "cum"."q2",
        "cum"."q3",
        "cum"."q4",
        "cum"."q5",
        "cum"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."q4",
      "c"."q5",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3", "q4", "q5")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."q4",
    "c0"."q5",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3",
  "v"."q4",
  "v"."q5"
) AS "v"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__",
  "v"."__sqlanon_qi_4__",
  "v"."__sqlanon_qi_5__"
{% endmacro %}

{% macro sqlanon_nt_closeness_ordered_q7(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_nt_closeness_ordered_q7', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_nt_closeness_ordered_q7(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_nt_closeness_ordered_q7(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."__sqlanon_qi_4__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }},
  "v"."__sqlanon_qi_5__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }},
  "v"."__sqlanon_qi_6__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[6]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }} AS "__sqlanon_qi_4__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }} AS "__sqlanon_qi_5__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[6]) }} AS "__sqlanon_qi_6__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_order_0" AS (
  SELECT
    "code" AS "s",
    CAST(ROW_NUMBER() OVER (ORDER BY CAST("value" AS DOUBLE), "value" COLLATE "binary") AS INT) AS "pos"
  FROM "sqlanon_dictionary_0"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_generalize_4" AS (
  SELECT
    *
  FROM ({{ v['generalize'][4] }}) AS "g"
), "sqlanon_generalize_5" AS (
  SELECT
    *
  FROM ({{ v['generalize'][5] }}) AS "g"
), "sqlanon_generalize_6" AS (
  SELECT
    *
  FROM ({{ v['generalize'][6] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q3",
    COALESCE(CAST("p"."__sqlanon_qi_4__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q4",
    COALESCE(CAST("p"."__sqlanon_qi_5__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q5",
    COALESCE(CAST("p"."__sqlanon_qi_6__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q6",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_qi_0__",
  CASE WHEN "v"."q1" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q1" END AS "__sqlanon_qi_1__",
  CASE WHEN "v"."q2" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q2" END AS "__sqlanon_qi_2__",
  CASE WHEN "v"."q3" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q3" END AS "__sqlanon_qi_3__",
  CASE WHEN "v"."q4" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q4" END AS "__sqlanon_qi_4__",
  CASE WHEN "v"."q5" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q5" END AS "__sqlanon_qi_5__",
  CASE WHEN "v"."q6" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q6" END AS "__sqlanon_qi_6__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "g4" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_4"
      WHERE
        "lf" = 0
    ), "g5" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_5"
      WHERE
        "lf" = 0
    ), "g6" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_6"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3",
        "l4"."lt" AS "a4",
        "l5"."lt" AS "a5",
        "l6"."lt" AS "a6"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g4"
      ) AS "l4"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g5"
      ) AS "l5"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g6"
      ) AS "l6"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "f"."q4",
        "f"."q5",
        "f"."q6",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "g4"."ct" AS "u4",
        "g5"."ct" AS "u5",
        "g6"."ct" AS "u6",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
      JOIN "g4"
        ON "g4"."cf" = "f"."q4" AND "g4"."lt" = "anc"."a4"
      JOIN "g5"
        ON "g5"."cf" = "f"."q5" AND "g5"."lt" = "anc"."a5"
      JOIN "g6"
        ON "g6"."cf" = "f"."q6" AND "g6"."lt" = "anc"."a6"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."q6",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5",
        "fm"."u6"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6")
    ), "dom" AS (
      SELECT
        "o"."s",
        ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r"
      FROM "sqlanon_order_0" AS "o"
      WHERE
        "o"."s" IN (
          SELECT
            "s"
          FROM "f"
        )
    ), "m" AS (
      SELECT
        COUNT(*) AS "m"
      FROM "dom"
    ), "grid" AS (
      SELECT
        "pr"."q0",
        "pr"."q1",
        "pr"."q2",
        "pr"."q3",
        "pr"."q4",
        "pr"."q5",
        "pr"."q6",
        "pr"."mid",
        "dom"."r",
        COALESCE("e"."n", 0.0) / "c"."size" AS "p",
        "sup"."n" / "ssize"."size" AS "q"
      FROM "pr"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6")
      JOIN "sup"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6")
      JOIN "dom"
        ON "dom"."s" = "sup"."s"
      JOIN "c"
        USING ("q0", "q1", "q2", "q3", "q4", "q5", "q6")
      LEFT JOIN "f" AS "e"
        ON "e"."q0" = "pr"."q0"
        AND "e"."q1" = "pr"."q1"
        AND "e"."q2" = "pr"."q2"
        AND "e"."q3" = "pr"."q3"
        AND "e"."q4" = "pr"."q4"
        AND "e"."q5" = "pr"."q5"
        AND "e"."q6" = "pr"."q6"
        AND "e"."s" = "sup"."s"
    ), "cum" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "mid",
        ABS(SUM("p") OVER "w" - SUM("q") OVER "w") * (
          LEAD("r", 1, "r") OVER "w" - "r"
        ) AS "part"
      FROM "grid"
      WINDOW "w" AS (
        PARTITION BY "q0", "q1", "q2", "q3", "q4", "q5", "q6", "mid"
        ORDER BY "r"
        ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
      )
    ), "dist" AS (
      SELECT
        "cum"."q0",
        "cum"."q1",
        "cum"."q2",
        "cum"."q3",
        "cum"."q4",
        "cum"."q5",
        "cum"."q6",
        "cum"."mid",
        CASE
          WHEN MAX("m"."m") <= 1
          THEN 0.0
          ELSE SUM("cum"."part") / (
            MAX("m"."m") - 1
          )
        END AS "d"
      FROM "cum"
      CROSS JOIN "m"
      GROUP BY
        "cum"."q0",
        "cum"."q1",
        "cum"."q2",
        "cum"."q3",
        "cum"."q4",
        "cum"."q5",
        "cum"."q6",
        "cum"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."q4",
      "c"."q5",
      "c"."q6",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3", "q4", "q5", "q6")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."q4",
    "c0"."q5",
    "c0"."q6",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3",
  "v"."q4",
  "v"."q5",
  "v"."q6"
) AS "v"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__",
  "v"."__sqlanon_qi_4__",
  "v"."__sqlanon_qi_5__",
  "v"."__sqlanon_qi_6__"
{% endmacro %}

{% macro postgres__sqlanon_nt_closeness_ordered_q7(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."__sqlanon_qi_4__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }},
  "v"."__sqlanon_qi_5__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }},
  "v"."__sqlanon_qi_6__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[6]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }} AS "__sqlanon_qi_4__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }} AS "__sqlanon_qi_5__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[6]) }} AS "__sqlanon_qi_6__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_order_0" AS (
  SELECT
    "code" AS "s",
    CAST(ROW_NUMBER() OVER (ORDER BY CAST("value" AS DOUBLE PRECISION), "value" COLLATE "C") AS INT) AS "pos"
  FROM "sqlanon_dictionary_0"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_generalize_4" AS (
  SELECT
    *
  FROM ({{ v['generalize'][4] }}) AS "g"
), "sqlanon_generalize_5" AS (
  SELECT
    *
  FROM ({{ v['generalize'][5] }}) AS "g"
), "sqlanon_generalize_6" AS (
  SELECT
    *
  FROM ({{ v['generalize'][6] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q3",
    COALESCE(CAST("p"."__sqlanon_qi_4__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q4",
    COALESCE(CAST("p"."__sqlanon_qi_5__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q5",
    COALESCE(CAST("p"."__sqlanon_qi_6__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q6",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_qi_0__",
  CASE
    WHEN "v"."q1" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q1"
  END AS "__sqlanon_qi_1__",
  CASE
    WHEN "v"."q2" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q2"
  END AS "__sqlanon_qi_2__",
  CASE
    WHEN "v"."q3" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q3"
  END AS "__sqlanon_qi_3__",
  CASE
    WHEN "v"."q4" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q4"
  END AS "__sqlanon_qi_4__",
  CASE
    WHEN "v"."q5" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q5"
  END AS "__sqlanon_qi_5__",
  CASE
    WHEN "v"."q6" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q6"
  END AS "__sqlanon_qi_6__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "g4" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_4"
      WHERE
        "lf" = 0
    ), "g5" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_5"
      WHERE
        "lf" = 0
    ), "g6" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_6"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3",
        "l4"."lt" AS "a4",
        "l5"."lt" AS "a5",
        "l6"."lt" AS "a6"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g4"
      ) AS "l4"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g5"
      ) AS "l5"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g6"
      ) AS "l6"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "f"."q4",
        "f"."q5",
        "f"."q6",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "g4"."ct" AS "u4",
        "g5"."ct" AS "u5",
        "g6"."ct" AS "u6",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
      JOIN "g4"
        ON "g4"."cf" = "f"."q4" AND "g4"."lt" = "anc"."a4"
      JOIN "g5"
        ON "g5"."cf" = "f"."q5" AND "g5"."lt" = "anc"."a5"
      JOIN "g6"
        ON "g6"."cf" = "f"."q6" AND "g6"."lt" = "anc"."a6"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."q6",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5",
        "fm"."u6"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6")
    ), "dom" AS (
      SELECT
        "o"."s",
        ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r"
      FROM "sqlanon_order_0" AS "o"
      WHERE
        "o"."s" IN (
          SELECT
            "s"
          FROM "f"
        )
    ), "m" AS MATERIALIZED (
      SELECT
        COUNT(*) AS "m"
      FROM "dom"
    ), "grid" AS (
      SELECT
        "pr"."q0",
        "pr"."q1",
        "pr"."q2",
        "pr"."q3",
        "pr"."q4",
        "pr"."q5",
        "pr"."q6",
        "pr"."mid",
        "dom"."r",
        CAST(COALESCE("e"."n", 0.0) AS DOUBLE PRECISION) / "c"."size" AS "p",
        CAST("sup"."n" AS DOUBLE PRECISION) / "ssize"."size" AS "q"
      FROM "pr"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6")
      JOIN "sup"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6")
      JOIN "dom"
        ON "dom"."s" = "sup"."s"
      JOIN "c"
        USING ("q0", "q1", "q2", "q3", "q4", "q5", "q6")
      LEFT JOIN "f" AS "e"
        ON "e"."q0" = "pr"."q0"
        AND "e"."q1" = "pr"."q1"
        AND "e"."q2" = "pr"."q2"
        AND "e"."q3" = "pr"."q3"
        AND "e"."q4" = "pr"."q4"
        AND "e"."q5" = "pr"."q5"
        AND "e"."q6" = "pr"."q6"
        AND "e"."s" = "sup"."s"
    ), "cum" AS MATERIALIZED (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "mid",
        ABS(SUM("p") OVER "w" - SUM("q") OVER "w") * (
          LEAD("r", 1, "r") OVER "w" - "r"
        ) AS "part"
      FROM "grid"
      WINDOW "w" AS (
        PARTITION BY "q0", "q1", "q2", "q3", "q4", "q5", "q6", "mid"
        ORDER BY "r"
        ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
      )
    ), "dist" AS (
      SELECT
        "cum"."q0",
        "cum"."q1",
        "cum"."q2",
        "cum"."q3",
        "cum"."q4",
        "cum"."q5",
        "cum"."q6",
        "cum"."mid",
        CASE
          WHEN MAX("m"."m") <= 1
          THEN 0.0
          ELSE CAST(SUM("cum"."part") AS DOUBLE PRECISION) / (
            MAX("m"."m") - 1
          )
        END AS "d"
      FROM "cum"
      CROSS JOIN "m"
      GROUP BY
        "cum"."q0",
        "cum"."q1",
        "cum"."q2",
        "cum"."q3",
        "cum"."q4",
        "cum"."q5",
        "cum"."q6",
        "cum"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."q4",
      "c"."q5",
      "c"."q6",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3", "q4", "q5", "q6")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."q4",
    "c0"."q5",
    "c0"."q6",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3",
  "v"."q4",
  "v"."q5",
  "v"."q6"
) AS "v"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__",
  "v"."__sqlanon_qi_4__",
  "v"."__sqlanon_qi_5__",
  "v"."__sqlanon_qi_6__"
{% endmacro %}

{% macro sqlanon_nt_closeness_ordered_q8(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_nt_closeness_ordered_q8', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_nt_closeness_ordered_q8(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_nt_closeness_ordered_q8(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."__sqlanon_qi_4__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }},
  "v"."__sqlanon_qi_5__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }},
  "v"."__sqlanon_qi_6__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[6]) }},
  "v"."__sqlanon_qi_7__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[7]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }} AS "__sqlanon_qi_4__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }} AS "__sqlanon_qi_5__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[6]) }} AS "__sqlanon_qi_6__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[7]) }} AS "__sqlanon_qi_7__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_order_0" AS (
  SELECT
    "code" AS "s",
    CAST(ROW_NUMBER() OVER (ORDER BY CAST("value" AS DOUBLE), "value" COLLATE "binary") AS INT) AS "pos"
  FROM "sqlanon_dictionary_0"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_generalize_4" AS (
  SELECT
    *
  FROM ({{ v['generalize'][4] }}) AS "g"
), "sqlanon_generalize_5" AS (
  SELECT
    *
  FROM ({{ v['generalize'][5] }}) AS "g"
), "sqlanon_generalize_6" AS (
  SELECT
    *
  FROM ({{ v['generalize'][6] }}) AS "g"
), "sqlanon_generalize_7" AS (
  SELECT
    *
  FROM ({{ v['generalize'][7] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q3",
    COALESCE(CAST("p"."__sqlanon_qi_4__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q4",
    COALESCE(CAST("p"."__sqlanon_qi_5__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q5",
    COALESCE(CAST("p"."__sqlanon_qi_6__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q6",
    COALESCE(CAST("p"."__sqlanon_qi_7__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q7",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    9
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_qi_0__",
  CASE WHEN "v"."q1" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q1" END AS "__sqlanon_qi_1__",
  CASE WHEN "v"."q2" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q2" END AS "__sqlanon_qi_2__",
  CASE WHEN "v"."q3" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q3" END AS "__sqlanon_qi_3__",
  CASE WHEN "v"."q4" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q4" END AS "__sqlanon_qi_4__",
  CASE WHEN "v"."q5" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q5" END AS "__sqlanon_qi_5__",
  CASE WHEN "v"."q6" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q6" END AS "__sqlanon_qi_6__",
  CASE WHEN "v"."q7" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q7" END AS "__sqlanon_qi_7__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "g4" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_4"
      WHERE
        "lf" = 0
    ), "g5" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_5"
      WHERE
        "lf" = 0
    ), "g6" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_6"
      WHERE
        "lf" = 0
    ), "g7" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_7"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3",
        "l4"."lt" AS "a4",
        "l5"."lt" AS "a5",
        "l6"."lt" AS "a6",
        "l7"."lt" AS "a7"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g4"
      ) AS "l4"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g5"
      ) AS "l5"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g6"
      ) AS "l6"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g7"
      ) AS "l7"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "f"."q4",
        "f"."q5",
        "f"."q6",
        "f"."q7",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "g4"."ct" AS "u4",
        "g5"."ct" AS "u5",
        "g6"."ct" AS "u6",
        "g7"."ct" AS "u7",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
      JOIN "g4"
        ON "g4"."cf" = "f"."q4" AND "g4"."lt" = "anc"."a4"
      JOIN "g5"
        ON "g5"."cf" = "f"."q5" AND "g5"."lt" = "anc"."a5"
      JOIN "g6"
        ON "g6"."cf" = "f"."q6" AND "g6"."lt" = "anc"."a6"
      JOIN "g7"
        ON "g7"."cf" = "f"."q7" AND "g7"."lt" = "anc"."a7"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "u7",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "u7",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "u7",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "u7"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."q6",
        "fm"."q7",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5",
        "fm"."u6",
        "fm"."u7"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6", "u7")
    ), "dom" AS (
      SELECT
        "o"."s",
        ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r"
      FROM "sqlanon_order_0" AS "o"
      WHERE
        "o"."s" IN (
          SELECT
            "s"
          FROM "f"
        )
    ), "m" AS (
      SELECT
        COUNT(*) AS "m"
      FROM "dom"
    ), "grid" AS (
      SELECT
        "pr"."q0",
        "pr"."q1",
        "pr"."q2",
        "pr"."q3",
        "pr"."q4",
        "pr"."q5",
        "pr"."q6",
        "pr"."q7",
        "pr"."mid",
        "dom"."r",
        COALESCE("e"."n", 0.0) / "c"."size" AS "p",
        "sup"."n" / "ssize"."size" AS "q"
      FROM "pr"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6", "u7")
      JOIN "sup"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6", "u7")
      JOIN "dom"
        ON "dom"."s" = "sup"."s"
      JOIN "c"
        USING ("q0", "q1", "q2", "q3", "q4", "q5", "q6", "q7")
      LEFT JOIN "f" AS "e"
        ON "e"."q0" = "pr"."q0"
        AND "e"."q1" = "pr"."q1"
        AND "e"."q2" = "pr"."q2"
        AND "e"."q3" = "pr"."q3"
        AND "e"."q4" = "pr"."q4"
        AND "e"."q5" = "pr"."q5"
        AND "e"."q6" = "pr"."q6"
        AND "e"."q7" = "pr"."q7"
        AND "e"."s" = "sup"."s"
    ), "cum" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7",
        "mid",
        ABS(SUM("p") OVER "w" - SUM("q") OVER "w") * (
          LEAD("r", 1, "r") OVER "w" - "r"
        ) AS "part"
      FROM "grid"
      WINDOW "w" AS (
        PARTITION BY "q0", "q1", "q2", "q3", "q4", "q5", "q6", "q7", "mid"
        ORDER BY "r"
        ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
      )
    ), "dist" AS (
      SELECT
        "cum"."q0",
        "cum"."q1",
        "cum"."q2",
        "cum"."q3",
        "cum"."q4",
        "cum"."q5",
        "cum"."q6",
        "cum"."q7",
        "cum"."mid",
        CASE
          WHEN MAX("m"."m") <= 1
          THEN 0.0
          ELSE SUM("cum"."part") / (
            MAX("m"."m") - 1
          )
        END AS "d"
      FROM "cum"
      CROSS JOIN "m"
      GROUP BY
        "cum"."q0",
        "cum"."q1",
        "cum"."q2",
        "cum"."q3",
        "cum"."q4",
        "cum"."q5",
        "cum"."q6",
        "cum"."q7",
        "cum"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."q4",
      "c"."q5",
      "c"."q6",
      "c"."q7",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3", "q4", "q5", "q6", "q7")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."q4",
    "c0"."q5",
    "c0"."q6",
    "c0"."q7",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3",
  "v"."q4",
  "v"."q5",
  "v"."q6",
  "v"."q7"
) AS "v"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__",
  "v"."__sqlanon_qi_4__",
  "v"."__sqlanon_qi_5__",
  "v"."__sqlanon_qi_6__",
  "v"."__sqlanon_qi_7__"
{% endmacro %}

{% macro postgres__sqlanon_nt_closeness_ordered_q8(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."__sqlanon_qi_4__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }},
  "v"."__sqlanon_qi_5__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }},
  "v"."__sqlanon_qi_6__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[6]) }},
  "v"."__sqlanon_qi_7__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[7]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }} AS "__sqlanon_qi_4__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }} AS "__sqlanon_qi_5__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[6]) }} AS "__sqlanon_qi_6__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[7]) }} AS "__sqlanon_qi_7__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_order_0" AS (
  SELECT
    "code" AS "s",
    CAST(ROW_NUMBER() OVER (ORDER BY CAST("value" AS DOUBLE PRECISION), "value" COLLATE "C") AS INT) AS "pos"
  FROM "sqlanon_dictionary_0"
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_generalize_4" AS (
  SELECT
    *
  FROM ({{ v['generalize'][4] }}) AS "g"
), "sqlanon_generalize_5" AS (
  SELECT
    *
  FROM ({{ v['generalize'][5] }}) AS "g"
), "sqlanon_generalize_6" AS (
  SELECT
    *
  FROM ({{ v['generalize'][6] }}) AS "g"
), "sqlanon_generalize_7" AS (
  SELECT
    *
  FROM ({{ v['generalize'][7] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q3",
    COALESCE(CAST("p"."__sqlanon_qi_4__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q4",
    COALESCE(CAST("p"."__sqlanon_qi_5__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q5",
    COALESCE(CAST("p"."__sqlanon_qi_6__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q6",
    COALESCE(CAST("p"."__sqlanon_qi_7__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q7",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    9
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_qi_0__",
  CASE
    WHEN "v"."q1" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q1"
  END AS "__sqlanon_qi_1__",
  CASE
    WHEN "v"."q2" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q2"
  END AS "__sqlanon_qi_2__",
  CASE
    WHEN "v"."q3" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q3"
  END AS "__sqlanon_qi_3__",
  CASE
    WHEN "v"."q4" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q4"
  END AS "__sqlanon_qi_4__",
  CASE
    WHEN "v"."q5" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q5"
  END AS "__sqlanon_qi_5__",
  CASE
    WHEN "v"."q6" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q6"
  END AS "__sqlanon_qi_6__",
  CASE
    WHEN "v"."q7" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q7"
  END AS "__sqlanon_qi_7__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "g4" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_4"
      WHERE
        "lf" = 0
    ), "g5" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_5"
      WHERE
        "lf" = 0
    ), "g6" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_6"
      WHERE
        "lf" = 0
    ), "g7" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_7"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3",
        "l4"."lt" AS "a4",
        "l5"."lt" AS "a5",
        "l6"."lt" AS "a6",
        "l7"."lt" AS "a7"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g4"
      ) AS "l4"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g5"
      ) AS "l5"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g6"
      ) AS "l6"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g7"
      ) AS "l7"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "f"."q4",
        "f"."q5",
        "f"."q6",
        "f"."q7",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "g4"."ct" AS "u4",
        "g5"."ct" AS "u5",
        "g6"."ct" AS "u6",
        "g7"."ct" AS "u7",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
      JOIN "g4"
        ON "g4"."cf" = "f"."q4" AND "g4"."lt" = "anc"."a4"
      JOIN "g5"
        ON "g5"."cf" = "f"."q5" AND "g5"."lt" = "anc"."a5"
      JOIN "g6"
        ON "g6"."cf" = "f"."q6" AND "g6"."lt" = "anc"."a6"
      JOIN "g7"
        ON "g7"."cf" = "f"."q7" AND "g7"."lt" = "anc"."a7"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "u7",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "u7",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "u7",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "u7"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."q6",
        "fm"."q7",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5",
        "fm"."u6",
        "fm"."u7"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6", "u7")
    ), "dom" AS (
      SELECT
        "o"."s",
        ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r"
      FROM "sqlanon_order_0" AS "o"
      WHERE
        "o"."s" IN (
          SELECT
            "s"
          FROM "f"
        )
    ), "m" AS MATERIALIZED (
      SELECT
        COUNT(*) AS "m"
      FROM "dom"
    ), "grid" AS (
      SELECT
        "pr"."q0",
        "pr"."q1",
        "pr"."q2",
        "pr"."q3",
        "pr"."q4",
        "pr"."q5",
        "pr"."q6",
        "pr"."q7",
        "pr"."mid",
        "dom"."r",
        CAST(COALESCE("e"."n", 0.0) AS DOUBLE PRECISION) / "c"."size" AS "p",
        CAST("sup"."n" AS DOUBLE PRECISION) / "ssize"."size" AS "q"
      FROM "pr"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6", "u7")
      JOIN "sup"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6", "u7")
      JOIN "dom"
        ON "dom"."s" = "sup"."s"
      JOIN "c"
        USING ("q0", "q1", "q2", "q3", "q4", "q5", "q6", "q7")
      LEFT JOIN "f" AS "e"
        ON "e"."q0" = "pr"."q0"
        AND "e"."q1" = "pr"."q1"
        AND "e"."q2" = "pr"."q2"
        AND "e"."q3" = "pr"."q3"
        AND "e"."q4" = "pr"."q4"
        AND "e"."q5" = "pr"."q5"
        AND "e"."q6" = "pr"."q6"
        AND "e"."q7" = "pr"."q7"
        AND "e"."s" = "sup"."s"
    ), "cum" AS MATERIALIZED (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7",
        "mid",
        ABS(SUM("p") OVER "w" - SUM("q") OVER "w") * (
          LEAD("r", 1, "r") OVER "w" - "r"
        ) AS "part"
      FROM "grid"
      WINDOW "w" AS (
        PARTITION BY "q0", "q1", "q2", "q3", "q4", "q5", "q6", "q7", "mid"
        ORDER BY "r"
        ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW
      )
    ), "dist" AS (
      SELECT
        "cum"."q0",
        "cum"."q1",
        "cum"."q2",
        "cum"."q3",
        "cum"."q4",
        "cum"."q5",
        "cum"."q6",
        "cum"."q7",
        "cum"."mid",
        CASE
          WHEN MAX("m"."m") <= 1
          THEN 0.0
          ELSE CAST(SUM("cum"."part") AS DOUBLE PRECISION) / (
            MAX("m"."m") - 1
          )
        END AS "d"
      FROM "cum"
      CROSS JOIN "m"
      GROUP BY
        "cum"."q0",
        "cum"."q1",
        "cum"."q2",
        "cum"."q3",
        "cum"."q4",
        "cum"."q5",
        "cum"."q6",
        "cum"."q7",
        "cum"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."q4",
      "c"."q5",
      "c"."q6",
      "c"."q7",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3", "q4", "q5", "q6", "q7")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."q4",
    "c0"."q5",
    "c0"."q6",
    "c0"."q7",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3",
  "v"."q4",
  "v"."q5",
  "v"."q6",
  "v"."q7"
) AS "v"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__",
  "v"."__sqlanon_qi_4__",
  "v"."__sqlanon_qi_5__",
  "v"."__sqlanon_qi_6__",
  "v"."__sqlanon_qi_7__"
{% endmacro %}

{% macro sqlanon_nt_closeness_hierarchical_q1(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_nt_closeness_hierarchical_q1', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_nt_closeness_hierarchical_q1(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_nt_closeness_hierarchical_q1(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_ancestors_0" AS (
  SELECT
    "d"."code" AS "s",
    CAST("a"."lvl" AS INT) AS "lvl",
    CAST(DENSE_RANK() OVER (ORDER BY "a"."lvl", "a"."label") AS INT) AS "node"
  FROM "sqlanon_dictionary_0" AS "d"
  JOIN ({{ v['levels'] }}) AS "a"
    ON "a"."leaf" = CASE
      WHEN "d"."value" = (
        CHR(30) || 'NULL' || CHR(30)
      )
      THEN ''
      ELSE "d"."value"
    END
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_qi_0__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."mid",
        "fm"."u0"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0")
    ), "pn" AS (
      SELECT
        "fm"."q0",
        "fm"."mid",
        "fm"."u0",
        "a"."lvl",
        "a"."node",
        SUM("fm"."n") AS "n"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "fm"."s"
      GROUP BY
        "fm"."q0",
        "fm"."mid",
        "fm"."u0",
        "a"."lvl",
        "a"."node"
    ), "qn" AS (
      SELECT
        "sup"."mid",
        "sup"."u0",
        "a"."lvl",
        "a"."node",
        SUM("sup"."n") AS "n"
      FROM "sup"
      JOIN "ssize"
        USING ("mid", "u0")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "sup"."s"
      GROUP BY
        "sup"."mid",
        "sup"."u0",
        "a"."lvl",
        "a"."node"
    ), "dist" AS (
      SELECT
        "pn"."q0",
        "pn"."mid",
        SUM(GREATEST("pn"."n" / "c"."size" - "qn"."n" / "ssize"."size", 0.0)) / {{ v['height'] }} AS "d"
      FROM "pn"
      JOIN "ssize"
        USING ("mid", "u0")
      JOIN "qn"
        USING ("mid", "u0", "lvl", "node")
      JOIN "c"
        USING ("q0")
      GROUP BY
        "pn"."q0",
        "pn"."mid"
    ), "best" AS (
      SELECT
        "q0",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0"
    )
    SELECT
      "c"."q0",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0")
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0"
) AS "v"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "v"."__sqlanon_qi_0__"
{% endmacro %}

{% macro postgres__sqlanon_nt_closeness_hierarchical_q1(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_ancestors_0" AS MATERIALIZED (
  SELECT
    "d"."code" AS "s",
    CAST("a"."lvl" AS INT) AS "lvl",
    CAST(DENSE_RANK() OVER (ORDER BY "a"."lvl", "a"."label") AS INT) AS "node"
  FROM "sqlanon_dictionary_0" AS "d"
  JOIN ({{ v['levels'] }}) AS "a"
    ON "a"."leaf" = CASE
      WHEN "d"."value" = (
        CHR(  30) || 'NULL' || CHR(  30)
      )
      THEN ''
      ELSE "d"."value"
    END
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_qi_0__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."mid",
        "fm"."u0"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0")
    ), "pn" AS (
      SELECT
        "fm"."q0",
        "fm"."mid",
        "fm"."u0",
        "a"."lvl",
        "a"."node",
        SUM("fm"."n") AS "n"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "fm"."s"
      GROUP BY
        "fm"."q0",
        "fm"."mid",
        "fm"."u0",
        "a"."lvl",
        "a"."node"
    ), "qn" AS (
      SELECT
        "sup"."mid",
        "sup"."u0",
        "a"."lvl",
        "a"."node",
        SUM("sup"."n") AS "n"
      FROM "sup"
      JOIN "ssize"
        USING ("mid", "u0")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "sup"."s"
      GROUP BY
        "sup"."mid",
        "sup"."u0",
        "a"."lvl",
        "a"."node"
    ), "dist" AS (
      SELECT
        "pn"."q0",
        "pn"."mid",
        CAST(SUM(
          GREATEST(
            CAST("pn"."n" AS DOUBLE PRECISION) / "c"."size" - CAST("qn"."n" AS DOUBLE PRECISION) / "ssize"."size",
            0.0
          )
        ) AS DOUBLE PRECISION) / {{ v['height'] }} AS "d"
      FROM "pn"
      JOIN "ssize"
        USING ("mid", "u0")
      JOIN "qn"
        USING ("mid", "u0", "lvl", "node")
      JOIN "c"
        USING ("q0")
      GROUP BY
        "pn"."q0",
        "pn"."mid"
    ), "best" AS (
      SELECT
        "q0",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0"
    )
    SELECT
      "c"."q0",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0")
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0"
) AS "v"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "v"."__sqlanon_qi_0__"
{% endmacro %}

{% macro sqlanon_nt_closeness_hierarchical_q2(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_nt_closeness_hierarchical_q2', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_nt_closeness_hierarchical_q2(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_nt_closeness_hierarchical_q2(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_ancestors_0" AS (
  SELECT
    "d"."code" AS "s",
    CAST("a"."lvl" AS INT) AS "lvl",
    CAST(DENSE_RANK() OVER (ORDER BY "a"."lvl", "a"."label") AS INT) AS "node"
  FROM "sqlanon_dictionary_0" AS "d"
  JOIN ({{ v['levels'] }}) AS "a"
    ON "a"."leaf" = CASE
      WHEN "d"."value" = (
        CHR(30) || 'NULL' || CHR(30)
      )
      THEN ''
      ELSE "d"."value"
    END
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q1",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_qi_0__",
  CASE WHEN "v"."q1" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q1" END AS "__sqlanon_qi_1__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1")
    ), "pn" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "a"."lvl",
        "a"."node",
        SUM("fm"."n") AS "n"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "fm"."s"
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "a"."lvl",
        "a"."node"
    ), "qn" AS (
      SELECT
        "sup"."mid",
        "sup"."u0",
        "sup"."u1",
        "a"."lvl",
        "a"."node",
        SUM("sup"."n") AS "n"
      FROM "sup"
      JOIN "ssize"
        USING ("mid", "u0", "u1")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "sup"."s"
      GROUP BY
        "sup"."mid",
        "sup"."u0",
        "sup"."u1",
        "a"."lvl",
        "a"."node"
    ), "dist" AS (
      SELECT
        "pn"."q0",
        "pn"."q1",
        "pn"."mid",
        SUM(GREATEST("pn"."n" / "c"."size" - "qn"."n" / "ssize"."size", 0.0)) / {{ v['height'] }} AS "d"
      FROM "pn"
      JOIN "ssize"
        USING ("mid", "u0", "u1")
      JOIN "qn"
        USING ("mid", "u0", "u1", "lvl", "node")
      JOIN "c"
        USING ("q0", "q1")
      GROUP BY
        "pn"."q0",
        "pn"."q1",
        "pn"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0",
  "v"."q1"
) AS "v"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__"
{% endmacro %}

{% macro postgres__sqlanon_nt_closeness_hierarchical_q2(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_ancestors_0" AS MATERIALIZED (
  SELECT
    "d"."code" AS "s",
    CAST("a"."lvl" AS INT) AS "lvl",
    CAST(DENSE_RANK() OVER (ORDER BY "a"."lvl", "a"."label") AS INT) AS "node"
  FROM "sqlanon_dictionary_0" AS "d"
  JOIN ({{ v['levels'] }}) AS "a"
    ON "a"."leaf" = CASE
      WHEN "d"."value" = (
        CHR(  30) || 'NULL' || CHR(  30)
      )
      THEN ''
      ELSE "d"."value"
    END
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q1",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_qi_0__",
  CASE
    WHEN "v"."q1" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q1"
  END AS "__sqlanon_qi_1__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1")
    ), "pn" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "a"."lvl",
        "a"."node",
        SUM("fm"."n") AS "n"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "fm"."s"
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "a"."lvl",
        "a"."node"
    ), "qn" AS (
      SELECT
        "sup"."mid",
        "sup"."u0",
        "sup"."u1",
        "a"."lvl",
        "a"."node",
        SUM("sup"."n") AS "n"
      FROM "sup"
      JOIN "ssize"
        USING ("mid", "u0", "u1")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "sup"."s"
      GROUP BY
        "sup"."mid",
        "sup"."u0",
        "sup"."u1",
        "a"."lvl",
        "a"."node"
    ), "dist" AS (
      SELECT
        "pn"."q0",
        "pn"."q1",
        "pn"."mid",
        CAST(SUM(
          GREATEST(
            CAST("pn"."n" AS DOUBLE PRECISION) / "c"."size" - CAST("qn"."n" AS DOUBLE PRECISION) / "ssize"."size",
            0.0
          )
        ) AS DOUBLE PRECISION) / {{ v['height'] }} AS "d"
      FROM "pn"
      JOIN "ssize"
        USING ("mid", "u0", "u1")
      JOIN "qn"
        USING ("mid", "u0", "u1", "lvl", "node")
      JOIN "c"
        USING ("q0", "q1")
      GROUP BY
        "pn"."q0",
        "pn"."q1",
        "pn"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0",
  "v"."q1"
) AS "v"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__"
{% endmacro %}

{% macro sqlanon_nt_closeness_hierarchical_q3(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_nt_closeness_hierarchical_q3', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_nt_closeness_hierarchical_q3(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_nt_closeness_hierarchical_q3(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_ancestors_0" AS (
  SELECT
    "d"."code" AS "s",
    CAST("a"."lvl" AS INT) AS "lvl",
    CAST(DENSE_RANK() OVER (ORDER BY "a"."lvl", "a"."label") AS INT) AS "node"
  FROM "sqlanon_dictionary_0" AS "d"
  JOIN ({{ v['levels'] }}) AS "a"
    ON "a"."leaf" = CASE
      WHEN "d"."value" = (
        CHR(30) || 'NULL' || CHR(30)
      )
      THEN ''
      ELSE "d"."value"
    END
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q2",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_qi_0__",
  CASE WHEN "v"."q1" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q1" END AS "__sqlanon_qi_1__",
  CASE WHEN "v"."q2" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q2" END AS "__sqlanon_qi_2__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2")
    ), "pn" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "a"."lvl",
        "a"."node",
        SUM("fm"."n") AS "n"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "fm"."s"
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "a"."lvl",
        "a"."node"
    ), "qn" AS (
      SELECT
        "sup"."mid",
        "sup"."u0",
        "sup"."u1",
        "sup"."u2",
        "a"."lvl",
        "a"."node",
        SUM("sup"."n") AS "n"
      FROM "sup"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "sup"."s"
      GROUP BY
        "sup"."mid",
        "sup"."u0",
        "sup"."u1",
        "sup"."u2",
        "a"."lvl",
        "a"."node"
    ), "dist" AS (
      SELECT
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        "pn"."mid",
        SUM(GREATEST("pn"."n" / "c"."size" - "qn"."n" / "ssize"."size", 0.0)) / {{ v['height'] }} AS "d"
      FROM "pn"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2")
      JOIN "qn"
        USING ("mid", "u0", "u1", "u2", "lvl", "node")
      JOIN "c"
        USING ("q0", "q1", "q2")
      GROUP BY
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        "pn"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2"
) AS "v"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__"
{% endmacro %}

{% macro postgres__sqlanon_nt_closeness_hierarchical_q3(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_ancestors_0" AS MATERIALIZED (
  SELECT
    "d"."code" AS "s",
    CAST("a"."lvl" AS INT) AS "lvl",
    CAST(DENSE_RANK() OVER (ORDER BY "a"."lvl", "a"."label") AS INT) AS "node"
  FROM "sqlanon_dictionary_0" AS "d"
  JOIN ({{ v['levels'] }}) AS "a"
    ON "a"."leaf" = CASE
      WHEN "d"."value" = (
        CHR(  30) || 'NULL' || CHR(  30)
      )
      THEN ''
      ELSE "d"."value"
    END
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q2",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_qi_0__",
  CASE
    WHEN "v"."q1" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q1"
  END AS "__sqlanon_qi_1__",
  CASE
    WHEN "v"."q2" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q2"
  END AS "__sqlanon_qi_2__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2")
    ), "pn" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "a"."lvl",
        "a"."node",
        SUM("fm"."n") AS "n"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "fm"."s"
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "a"."lvl",
        "a"."node"
    ), "qn" AS (
      SELECT
        "sup"."mid",
        "sup"."u0",
        "sup"."u1",
        "sup"."u2",
        "a"."lvl",
        "a"."node",
        SUM("sup"."n") AS "n"
      FROM "sup"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "sup"."s"
      GROUP BY
        "sup"."mid",
        "sup"."u0",
        "sup"."u1",
        "sup"."u2",
        "a"."lvl",
        "a"."node"
    ), "dist" AS (
      SELECT
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        "pn"."mid",
        CAST(SUM(
          GREATEST(
            CAST("pn"."n" AS DOUBLE PRECISION) / "c"."size" - CAST("qn"."n" AS DOUBLE PRECISION) / "ssize"."size",
            0.0
          )
        ) AS DOUBLE PRECISION) / {{ v['height'] }} AS "d"
      FROM "pn"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2")
      JOIN "qn"
        USING ("mid", "u0", "u1", "u2", "lvl", "node")
      JOIN "c"
        USING ("q0", "q1", "q2")
      GROUP BY
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        "pn"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2"
) AS "v"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__"
{% endmacro %}

{% macro sqlanon_nt_closeness_hierarchical_q4(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_nt_closeness_hierarchical_q4', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_nt_closeness_hierarchical_q4(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_nt_closeness_hierarchical_q4(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_ancestors_0" AS (
  SELECT
    "d"."code" AS "s",
    CAST("a"."lvl" AS INT) AS "lvl",
    CAST(DENSE_RANK() OVER (ORDER BY "a"."lvl", "a"."label") AS INT) AS "node"
  FROM "sqlanon_dictionary_0" AS "d"
  JOIN ({{ v['levels'] }}) AS "a"
    ON "a"."leaf" = CASE
      WHEN "d"."value" = (
        CHR(30) || 'NULL' || CHR(30)
      )
      THEN ''
      ELSE "d"."value"
    END
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q3",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_qi_0__",
  CASE WHEN "v"."q1" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q1" END AS "__sqlanon_qi_1__",
  CASE WHEN "v"."q2" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q2" END AS "__sqlanon_qi_2__",
  CASE WHEN "v"."q3" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q3" END AS "__sqlanon_qi_3__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3")
    ), "pn" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "a"."lvl",
        "a"."node",
        SUM("fm"."n") AS "n"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "fm"."s"
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "a"."lvl",
        "a"."node"
    ), "qn" AS (
      SELECT
        "sup"."mid",
        "sup"."u0",
        "sup"."u1",
        "sup"."u2",
        "sup"."u3",
        "a"."lvl",
        "a"."node",
        SUM("sup"."n") AS "n"
      FROM "sup"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "sup"."s"
      GROUP BY
        "sup"."mid",
        "sup"."u0",
        "sup"."u1",
        "sup"."u2",
        "sup"."u3",
        "a"."lvl",
        "a"."node"
    ), "dist" AS (
      SELECT
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        "pn"."q3",
        "pn"."mid",
        SUM(GREATEST("pn"."n" / "c"."size" - "qn"."n" / "ssize"."size", 0.0)) / {{ v['height'] }} AS "d"
      FROM "pn"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3")
      JOIN "qn"
        USING ("mid", "u0", "u1", "u2", "u3", "lvl", "node")
      JOIN "c"
        USING ("q0", "q1", "q2", "q3")
      GROUP BY
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        "pn"."q3",
        "pn"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3"
) AS "v"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__"
{% endmacro %}

{% macro postgres__sqlanon_nt_closeness_hierarchical_q4(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_ancestors_0" AS MATERIALIZED (
  SELECT
    "d"."code" AS "s",
    CAST("a"."lvl" AS INT) AS "lvl",
    CAST(DENSE_RANK() OVER (ORDER BY "a"."lvl", "a"."label") AS INT) AS "node"
  FROM "sqlanon_dictionary_0" AS "d"
  JOIN ({{ v['levels'] }}) AS "a"
    ON "a"."leaf" = CASE
      WHEN "d"."value" = (
        CHR(  30) || 'NULL' || CHR(  30)
      )
      THEN ''
      ELSE "d"."value"
    END
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q3",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_qi_0__",
  CASE
    WHEN "v"."q1" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q1"
  END AS "__sqlanon_qi_1__",
  CASE
    WHEN "v"."q2" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q2"
  END AS "__sqlanon_qi_2__",
  CASE
    WHEN "v"."q3" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q3"
  END AS "__sqlanon_qi_3__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3")
    ), "pn" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "a"."lvl",
        "a"."node",
        SUM("fm"."n") AS "n"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "fm"."s"
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "a"."lvl",
        "a"."node"
    ), "qn" AS (
      SELECT
        "sup"."mid",
        "sup"."u0",
        "sup"."u1",
        "sup"."u2",
        "sup"."u3",
        "a"."lvl",
        "a"."node",
        SUM("sup"."n") AS "n"
      FROM "sup"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "sup"."s"
      GROUP BY
        "sup"."mid",
        "sup"."u0",
        "sup"."u1",
        "sup"."u2",
        "sup"."u3",
        "a"."lvl",
        "a"."node"
    ), "dist" AS (
      SELECT
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        "pn"."q3",
        "pn"."mid",
        CAST(SUM(
          GREATEST(
            CAST("pn"."n" AS DOUBLE PRECISION) / "c"."size" - CAST("qn"."n" AS DOUBLE PRECISION) / "ssize"."size",
            0.0
          )
        ) AS DOUBLE PRECISION) / {{ v['height'] }} AS "d"
      FROM "pn"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3")
      JOIN "qn"
        USING ("mid", "u0", "u1", "u2", "u3", "lvl", "node")
      JOIN "c"
        USING ("q0", "q1", "q2", "q3")
      GROUP BY
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        "pn"."q3",
        "pn"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3"
) AS "v"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__"
{% endmacro %}

{% macro sqlanon_nt_closeness_hierarchical_q5(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_nt_closeness_hierarchical_q5', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_nt_closeness_hierarchical_q5(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_nt_closeness_hierarchical_q5(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."__sqlanon_qi_4__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }} AS "__sqlanon_qi_4__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_ancestors_0" AS (
  SELECT
    "d"."code" AS "s",
    CAST("a"."lvl" AS INT) AS "lvl",
    CAST(DENSE_RANK() OVER (ORDER BY "a"."lvl", "a"."label") AS INT) AS "node"
  FROM "sqlanon_dictionary_0" AS "d"
  JOIN ({{ v['levels'] }}) AS "a"
    ON "a"."leaf" = CASE
      WHEN "d"."value" = (
        CHR(30) || 'NULL' || CHR(30)
      )
      THEN ''
      ELSE "d"."value"
    END
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_generalize_4" AS (
  SELECT
    *
  FROM ({{ v['generalize'][4] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q3",
    COALESCE(CAST("p"."__sqlanon_qi_4__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q4",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5,
    6
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_qi_0__",
  CASE WHEN "v"."q1" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q1" END AS "__sqlanon_qi_1__",
  CASE WHEN "v"."q2" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q2" END AS "__sqlanon_qi_2__",
  CASE WHEN "v"."q3" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q3" END AS "__sqlanon_qi_3__",
  CASE WHEN "v"."q4" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q4" END AS "__sqlanon_qi_4__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "g4" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_4"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3",
        "l4"."lt" AS "a4"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g4"
      ) AS "l4"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "f"."q4",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "g4"."ct" AS "u4",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
      JOIN "g4"
        ON "g4"."cf" = "f"."q4" AND "g4"."lt" = "anc"."a4"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4")
    ), "pn" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "a"."lvl",
        "a"."node",
        SUM("fm"."n") AS "n"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "fm"."s"
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "a"."lvl",
        "a"."node"
    ), "qn" AS (
      SELECT
        "sup"."mid",
        "sup"."u0",
        "sup"."u1",
        "sup"."u2",
        "sup"."u3",
        "sup"."u4",
        "a"."lvl",
        "a"."node",
        SUM("sup"."n") AS "n"
      FROM "sup"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "sup"."s"
      GROUP BY
        "sup"."mid",
        "sup"."u0",
        "sup"."u1",
        "sup"."u2",
        "sup"."u3",
        "sup"."u4",
        "a"."lvl",
        "a"."node"
    ), "dist" AS (
      SELECT
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        "pn"."q3",
        "pn"."q4",
        "pn"."mid",
        SUM(GREATEST("pn"."n" / "c"."size" - "qn"."n" / "ssize"."size", 0.0)) / {{ v['height'] }} AS "d"
      FROM "pn"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4")
      JOIN "qn"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "lvl", "node")
      JOIN "c"
        USING ("q0", "q1", "q2", "q3", "q4")
      GROUP BY
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        "pn"."q3",
        "pn"."q4",
        "pn"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."q4",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3", "q4")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."q4",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3",
  "v"."q4"
) AS "v"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__",
  "v"."__sqlanon_qi_4__"
{% endmacro %}

{% macro postgres__sqlanon_nt_closeness_hierarchical_q5(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."__sqlanon_qi_4__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }} AS "__sqlanon_qi_4__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_ancestors_0" AS MATERIALIZED (
  SELECT
    "d"."code" AS "s",
    CAST("a"."lvl" AS INT) AS "lvl",
    CAST(DENSE_RANK() OVER (ORDER BY "a"."lvl", "a"."label") AS INT) AS "node"
  FROM "sqlanon_dictionary_0" AS "d"
  JOIN ({{ v['levels'] }}) AS "a"
    ON "a"."leaf" = CASE
      WHEN "d"."value" = (
        CHR(  30) || 'NULL' || CHR(  30)
      )
      THEN ''
      ELSE "d"."value"
    END
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_generalize_4" AS (
  SELECT
    *
  FROM ({{ v['generalize'][4] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q3",
    COALESCE(CAST("p"."__sqlanon_qi_4__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q4",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5,
    6
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_qi_0__",
  CASE
    WHEN "v"."q1" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q1"
  END AS "__sqlanon_qi_1__",
  CASE
    WHEN "v"."q2" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q2"
  END AS "__sqlanon_qi_2__",
  CASE
    WHEN "v"."q3" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q3"
  END AS "__sqlanon_qi_3__",
  CASE
    WHEN "v"."q4" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q4"
  END AS "__sqlanon_qi_4__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "g4" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_4"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3",
        "l4"."lt" AS "a4"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g4"
      ) AS "l4"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "f"."q4",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "g4"."ct" AS "u4",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
      JOIN "g4"
        ON "g4"."cf" = "f"."q4" AND "g4"."lt" = "anc"."a4"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4")
    ), "pn" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "a"."lvl",
        "a"."node",
        SUM("fm"."n") AS "n"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "fm"."s"
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "a"."lvl",
        "a"."node"
    ), "qn" AS (
      SELECT
        "sup"."mid",
        "sup"."u0",
        "sup"."u1",
        "sup"."u2",
        "sup"."u3",
        "sup"."u4",
        "a"."lvl",
        "a"."node",
        SUM("sup"."n") AS "n"
      FROM "sup"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "sup"."s"
      GROUP BY
        "sup"."mid",
        "sup"."u0",
        "sup"."u1",
        "sup"."u2",
        "sup"."u3",
        "sup"."u4",
        "a"."lvl",
        "a"."node"
    ), "dist" AS (
      SELECT
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        "pn"."q3",
        "pn"."q4",
        "pn"."mid",
        CAST(SUM(
          GREATEST(
            CAST("pn"."n" AS DOUBLE PRECISION) / "c"."size" - CAST("qn"."n" AS DOUBLE PRECISION) / "ssize"."size",
            0.0
          )
        ) AS DOUBLE PRECISION) / {{ v['height'] }} AS "d"
      FROM "pn"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4")
      JOIN "qn"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "lvl", "node")
      JOIN "c"
        USING ("q0", "q1", "q2", "q3", "q4")
      GROUP BY
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        "pn"."q3",
        "pn"."q4",
        "pn"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."q4",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3", "q4")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."q4",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3",
  "v"."q4"
) AS "v"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__",
  "v"."__sqlanon_qi_4__"
{% endmacro %}

{% macro sqlanon_nt_closeness_hierarchical_q6(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_nt_closeness_hierarchical_q6', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_nt_closeness_hierarchical_q6(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_nt_closeness_hierarchical_q6(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."__sqlanon_qi_4__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }},
  "v"."__sqlanon_qi_5__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }} AS "__sqlanon_qi_4__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }} AS "__sqlanon_qi_5__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_ancestors_0" AS (
  SELECT
    "d"."code" AS "s",
    CAST("a"."lvl" AS INT) AS "lvl",
    CAST(DENSE_RANK() OVER (ORDER BY "a"."lvl", "a"."label") AS INT) AS "node"
  FROM "sqlanon_dictionary_0" AS "d"
  JOIN ({{ v['levels'] }}) AS "a"
    ON "a"."leaf" = CASE
      WHEN "d"."value" = (
        CHR(30) || 'NULL' || CHR(30)
      )
      THEN ''
      ELSE "d"."value"
    END
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_generalize_4" AS (
  SELECT
    *
  FROM ({{ v['generalize'][4] }}) AS "g"
), "sqlanon_generalize_5" AS (
  SELECT
    *
  FROM ({{ v['generalize'][5] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q3",
    COALESCE(CAST("p"."__sqlanon_qi_4__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q4",
    COALESCE(CAST("p"."__sqlanon_qi_5__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q5",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5,
    6,
    7
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_qi_0__",
  CASE WHEN "v"."q1" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q1" END AS "__sqlanon_qi_1__",
  CASE WHEN "v"."q2" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q2" END AS "__sqlanon_qi_2__",
  CASE WHEN "v"."q3" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q3" END AS "__sqlanon_qi_3__",
  CASE WHEN "v"."q4" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q4" END AS "__sqlanon_qi_4__",
  CASE WHEN "v"."q5" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q5" END AS "__sqlanon_qi_5__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "g4" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_4"
      WHERE
        "lf" = 0
    ), "g5" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_5"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3",
        "l4"."lt" AS "a4",
        "l5"."lt" AS "a5"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g4"
      ) AS "l4"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g5"
      ) AS "l5"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "f"."q4",
        "f"."q5",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "g4"."ct" AS "u4",
        "g5"."ct" AS "u5",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
      JOIN "g4"
        ON "g4"."cf" = "f"."q4" AND "g4"."lt" = "anc"."a4"
      JOIN "g5"
        ON "g5"."cf" = "f"."q5" AND "g5"."lt" = "anc"."a5"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5")
    ), "pn" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5",
        "a"."lvl",
        "a"."node",
        SUM("fm"."n") AS "n"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "fm"."s"
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5",
        "a"."lvl",
        "a"."node"
    ), "qn" AS (
      SELECT
        "sup"."mid",
        "sup"."u0",
        "sup"."u1",
        "sup"."u2",
        "sup"."u3",
        "sup"."u4",
        "sup"."u5",
        "a"."lvl",
        "a"."node",
        SUM("sup"."n") AS "n"
      FROM "sup"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "sup"."s"
      GROUP BY
        "sup"."mid",
        "sup"."u0",
        "sup"."u1",
        "sup"."u2",
        "sup"."u3",
        "sup"."u4",
        "sup"."u5",
        "a"."lvl",
        "a"."node"
    ), "dist" AS (
      SELECT
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        "pn"."q3",
        "pn"."q4",
        "pn"."q5",
        "pn"."mid",
        SUM(GREATEST("pn"."n" / "c"."size" - "qn"."n" / "ssize"."size", 0.0)) / {{ v['height'] }} AS "d"
      FROM "pn"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5")
      JOIN "qn"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "lvl", "node")
      JOIN "c"
        USING ("q0", "q1", "q2", "q3", "q4", "q5")
      GROUP BY
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        "pn"."q3",
        "pn"."q4",
        "pn"."q5",
        "pn"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."q4",
      "c"."q5",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3", "q4", "q5")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."q4",
    "c0"."q5",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3",
  "v"."q4",
  "v"."q5"
) AS "v"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__",
  "v"."__sqlanon_qi_4__",
  "v"."__sqlanon_qi_5__"
{% endmacro %}

{% macro postgres__sqlanon_nt_closeness_hierarchical_q6(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."__sqlanon_qi_4__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }},
  "v"."__sqlanon_qi_5__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }} AS "__sqlanon_qi_4__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }} AS "__sqlanon_qi_5__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_ancestors_0" AS MATERIALIZED (
  SELECT
    "d"."code" AS "s",
    CAST("a"."lvl" AS INT) AS "lvl",
    CAST(DENSE_RANK() OVER (ORDER BY "a"."lvl", "a"."label") AS INT) AS "node"
  FROM "sqlanon_dictionary_0" AS "d"
  JOIN ({{ v['levels'] }}) AS "a"
    ON "a"."leaf" = CASE
      WHEN "d"."value" = (
        CHR(  30) || 'NULL' || CHR(  30)
      )
      THEN ''
      ELSE "d"."value"
    END
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_generalize_4" AS (
  SELECT
    *
  FROM ({{ v['generalize'][4] }}) AS "g"
), "sqlanon_generalize_5" AS (
  SELECT
    *
  FROM ({{ v['generalize'][5] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q3",
    COALESCE(CAST("p"."__sqlanon_qi_4__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q4",
    COALESCE(CAST("p"."__sqlanon_qi_5__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q5",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5,
    6,
    7
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_qi_0__",
  CASE
    WHEN "v"."q1" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q1"
  END AS "__sqlanon_qi_1__",
  CASE
    WHEN "v"."q2" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q2"
  END AS "__sqlanon_qi_2__",
  CASE
    WHEN "v"."q3" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q3"
  END AS "__sqlanon_qi_3__",
  CASE
    WHEN "v"."q4" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q4"
  END AS "__sqlanon_qi_4__",
  CASE
    WHEN "v"."q5" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q5"
  END AS "__sqlanon_qi_5__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "g4" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_4"
      WHERE
        "lf" = 0
    ), "g5" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_5"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3",
        "l4"."lt" AS "a4",
        "l5"."lt" AS "a5"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g4"
      ) AS "l4"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g5"
      ) AS "l5"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "f"."q4",
        "f"."q5",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "g4"."ct" AS "u4",
        "g5"."ct" AS "u5",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
      JOIN "g4"
        ON "g4"."cf" = "f"."q4" AND "g4"."lt" = "anc"."a4"
      JOIN "g5"
        ON "g5"."cf" = "f"."q5" AND "g5"."lt" = "anc"."a5"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5")
    ), "pn" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5",
        "a"."lvl",
        "a"."node",
        SUM("fm"."n") AS "n"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "fm"."s"
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5",
        "a"."lvl",
        "a"."node"
    ), "qn" AS (
      SELECT
        "sup"."mid",
        "sup"."u0",
        "sup"."u1",
        "sup"."u2",
        "sup"."u3",
        "sup"."u4",
        "sup"."u5",
        "a"."lvl",
        "a"."node",
        SUM("sup"."n") AS "n"
      FROM "sup"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "sup"."s"
      GROUP BY
        "sup"."mid",
        "sup"."u0",
        "sup"."u1",
        "sup"."u2",
        "sup"."u3",
        "sup"."u4",
        "sup"."u5",
        "a"."lvl",
        "a"."node"
    ), "dist" AS (
      SELECT
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        "pn"."q3",
        "pn"."q4",
        "pn"."q5",
        "pn"."mid",
        CAST(SUM(
          GREATEST(
            CAST("pn"."n" AS DOUBLE PRECISION) / "c"."size" - CAST("qn"."n" AS DOUBLE PRECISION) / "ssize"."size",
            0.0
          )
        ) AS DOUBLE PRECISION) / {{ v['height'] }} AS "d"
      FROM "pn"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5")
      JOIN "qn"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "lvl", "node")
      JOIN "c"
        USING ("q0", "q1", "q2", "q3", "q4", "q5")
      GROUP BY
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        "pn"."q3",
        "pn"."q4",
        "pn"."q5",
        "pn"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."q4",
      "c"."q5",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3", "q4", "q5")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."q4",
    "c0"."q5",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3",
  "v"."q4",
  "v"."q5"
) AS "v"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__",
  "v"."__sqlanon_qi_4__",
  "v"."__sqlanon_qi_5__"
{% endmacro %}

{% macro sqlanon_nt_closeness_hierarchical_q7(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_nt_closeness_hierarchical_q7', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_nt_closeness_hierarchical_q7(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_nt_closeness_hierarchical_q7(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."__sqlanon_qi_4__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }},
  "v"."__sqlanon_qi_5__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }},
  "v"."__sqlanon_qi_6__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[6]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }} AS "__sqlanon_qi_4__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }} AS "__sqlanon_qi_5__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[6]) }} AS "__sqlanon_qi_6__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_ancestors_0" AS (
  SELECT
    "d"."code" AS "s",
    CAST("a"."lvl" AS INT) AS "lvl",
    CAST(DENSE_RANK() OVER (ORDER BY "a"."lvl", "a"."label") AS INT) AS "node"
  FROM "sqlanon_dictionary_0" AS "d"
  JOIN ({{ v['levels'] }}) AS "a"
    ON "a"."leaf" = CASE
      WHEN "d"."value" = (
        CHR(30) || 'NULL' || CHR(30)
      )
      THEN ''
      ELSE "d"."value"
    END
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_generalize_4" AS (
  SELECT
    *
  FROM ({{ v['generalize'][4] }}) AS "g"
), "sqlanon_generalize_5" AS (
  SELECT
    *
  FROM ({{ v['generalize'][5] }}) AS "g"
), "sqlanon_generalize_6" AS (
  SELECT
    *
  FROM ({{ v['generalize'][6] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q3",
    COALESCE(CAST("p"."__sqlanon_qi_4__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q4",
    COALESCE(CAST("p"."__sqlanon_qi_5__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q5",
    COALESCE(CAST("p"."__sqlanon_qi_6__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q6",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_qi_0__",
  CASE WHEN "v"."q1" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q1" END AS "__sqlanon_qi_1__",
  CASE WHEN "v"."q2" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q2" END AS "__sqlanon_qi_2__",
  CASE WHEN "v"."q3" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q3" END AS "__sqlanon_qi_3__",
  CASE WHEN "v"."q4" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q4" END AS "__sqlanon_qi_4__",
  CASE WHEN "v"."q5" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q5" END AS "__sqlanon_qi_5__",
  CASE WHEN "v"."q6" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q6" END AS "__sqlanon_qi_6__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "g4" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_4"
      WHERE
        "lf" = 0
    ), "g5" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_5"
      WHERE
        "lf" = 0
    ), "g6" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_6"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3",
        "l4"."lt" AS "a4",
        "l5"."lt" AS "a5",
        "l6"."lt" AS "a6"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g4"
      ) AS "l4"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g5"
      ) AS "l5"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g6"
      ) AS "l6"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "f"."q4",
        "f"."q5",
        "f"."q6",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "g4"."ct" AS "u4",
        "g5"."ct" AS "u5",
        "g6"."ct" AS "u6",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
      JOIN "g4"
        ON "g4"."cf" = "f"."q4" AND "g4"."lt" = "anc"."a4"
      JOIN "g5"
        ON "g5"."cf" = "f"."q5" AND "g5"."lt" = "anc"."a5"
      JOIN "g6"
        ON "g6"."cf" = "f"."q6" AND "g6"."lt" = "anc"."a6"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."q6",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5",
        "fm"."u6"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6")
    ), "pn" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."q6",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5",
        "fm"."u6",
        "a"."lvl",
        "a"."node",
        SUM("fm"."n") AS "n"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "fm"."s"
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."q6",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5",
        "fm"."u6",
        "a"."lvl",
        "a"."node"
    ), "qn" AS (
      SELECT
        "sup"."mid",
        "sup"."u0",
        "sup"."u1",
        "sup"."u2",
        "sup"."u3",
        "sup"."u4",
        "sup"."u5",
        "sup"."u6",
        "a"."lvl",
        "a"."node",
        SUM("sup"."n") AS "n"
      FROM "sup"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "sup"."s"
      GROUP BY
        "sup"."mid",
        "sup"."u0",
        "sup"."u1",
        "sup"."u2",
        "sup"."u3",
        "sup"."u4",
        "sup"."u5",
        "sup"."u6",
        "a"."lvl",
        "a"."node"
    ), "dist" AS (
      SELECT
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        "pn"."q3",
        "pn"."q4",
        "pn"."q5",
        "pn"."q6",
        "pn"."mid",
        SUM(GREATEST("pn"."n" / "c"."size" - "qn"."n" / "ssize"."size", 0.0)) / {{ v['height'] }} AS "d"
      FROM "pn"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6")
      JOIN "qn"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6", "lvl", "node")
      JOIN "c"
        USING ("q0", "q1", "q2", "q3", "q4", "q5", "q6")
      GROUP BY
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        "pn"."q3",
        "pn"."q4",
        "pn"."q5",
        "pn"."q6",
        "pn"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."q4",
      "c"."q5",
      "c"."q6",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3", "q4", "q5", "q6")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."q4",
    "c0"."q5",
    "c0"."q6",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3",
  "v"."q4",
  "v"."q5",
  "v"."q6"
) AS "v"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__",
  "v"."__sqlanon_qi_4__",
  "v"."__sqlanon_qi_5__",
  "v"."__sqlanon_qi_6__"
{% endmacro %}

{% macro postgres__sqlanon_nt_closeness_hierarchical_q7(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."__sqlanon_qi_4__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }},
  "v"."__sqlanon_qi_5__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }},
  "v"."__sqlanon_qi_6__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[6]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }} AS "__sqlanon_qi_4__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }} AS "__sqlanon_qi_5__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[6]) }} AS "__sqlanon_qi_6__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_ancestors_0" AS MATERIALIZED (
  SELECT
    "d"."code" AS "s",
    CAST("a"."lvl" AS INT) AS "lvl",
    CAST(DENSE_RANK() OVER (ORDER BY "a"."lvl", "a"."label") AS INT) AS "node"
  FROM "sqlanon_dictionary_0" AS "d"
  JOIN ({{ v['levels'] }}) AS "a"
    ON "a"."leaf" = CASE
      WHEN "d"."value" = (
        CHR(  30) || 'NULL' || CHR(  30)
      )
      THEN ''
      ELSE "d"."value"
    END
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_generalize_4" AS (
  SELECT
    *
  FROM ({{ v['generalize'][4] }}) AS "g"
), "sqlanon_generalize_5" AS (
  SELECT
    *
  FROM ({{ v['generalize'][5] }}) AS "g"
), "sqlanon_generalize_6" AS (
  SELECT
    *
  FROM ({{ v['generalize'][6] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q3",
    COALESCE(CAST("p"."__sqlanon_qi_4__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q4",
    COALESCE(CAST("p"."__sqlanon_qi_5__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q5",
    COALESCE(CAST("p"."__sqlanon_qi_6__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q6",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_qi_0__",
  CASE
    WHEN "v"."q1" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q1"
  END AS "__sqlanon_qi_1__",
  CASE
    WHEN "v"."q2" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q2"
  END AS "__sqlanon_qi_2__",
  CASE
    WHEN "v"."q3" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q3"
  END AS "__sqlanon_qi_3__",
  CASE
    WHEN "v"."q4" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q4"
  END AS "__sqlanon_qi_4__",
  CASE
    WHEN "v"."q5" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q5"
  END AS "__sqlanon_qi_5__",
  CASE
    WHEN "v"."q6" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q6"
  END AS "__sqlanon_qi_6__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "g4" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_4"
      WHERE
        "lf" = 0
    ), "g5" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_5"
      WHERE
        "lf" = 0
    ), "g6" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_6"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3",
        "l4"."lt" AS "a4",
        "l5"."lt" AS "a5",
        "l6"."lt" AS "a6"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g4"
      ) AS "l4"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g5"
      ) AS "l5"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g6"
      ) AS "l6"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "f"."q4",
        "f"."q5",
        "f"."q6",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "g4"."ct" AS "u4",
        "g5"."ct" AS "u5",
        "g6"."ct" AS "u6",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
      JOIN "g4"
        ON "g4"."cf" = "f"."q4" AND "g4"."lt" = "anc"."a4"
      JOIN "g5"
        ON "g5"."cf" = "f"."q5" AND "g5"."lt" = "anc"."a5"
      JOIN "g6"
        ON "g6"."cf" = "f"."q6" AND "g6"."lt" = "anc"."a6"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."q6",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5",
        "fm"."u6"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6")
    ), "pn" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."q6",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5",
        "fm"."u6",
        "a"."lvl",
        "a"."node",
        SUM("fm"."n") AS "n"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "fm"."s"
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."q6",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5",
        "fm"."u6",
        "a"."lvl",
        "a"."node"
    ), "qn" AS (
      SELECT
        "sup"."mid",
        "sup"."u0",
        "sup"."u1",
        "sup"."u2",
        "sup"."u3",
        "sup"."u4",
        "sup"."u5",
        "sup"."u6",
        "a"."lvl",
        "a"."node",
        SUM("sup"."n") AS "n"
      FROM "sup"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "sup"."s"
      GROUP BY
        "sup"."mid",
        "sup"."u0",
        "sup"."u1",
        "sup"."u2",
        "sup"."u3",
        "sup"."u4",
        "sup"."u5",
        "sup"."u6",
        "a"."lvl",
        "a"."node"
    ), "dist" AS (
      SELECT
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        "pn"."q3",
        "pn"."q4",
        "pn"."q5",
        "pn"."q6",
        "pn"."mid",
        CAST(SUM(
          GREATEST(
            CAST("pn"."n" AS DOUBLE PRECISION) / "c"."size" - CAST("qn"."n" AS DOUBLE PRECISION) / "ssize"."size",
            0.0
          )
        ) AS DOUBLE PRECISION) / {{ v['height'] }} AS "d"
      FROM "pn"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6")
      JOIN "qn"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6", "lvl", "node")
      JOIN "c"
        USING ("q0", "q1", "q2", "q3", "q4", "q5", "q6")
      GROUP BY
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        "pn"."q3",
        "pn"."q4",
        "pn"."q5",
        "pn"."q6",
        "pn"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."q4",
      "c"."q5",
      "c"."q6",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3", "q4", "q5", "q6")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."q4",
    "c0"."q5",
    "c0"."q6",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3",
  "v"."q4",
  "v"."q5",
  "v"."q6"
) AS "v"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__",
  "v"."__sqlanon_qi_4__",
  "v"."__sqlanon_qi_5__",
  "v"."__sqlanon_qi_6__"
{% endmacro %}

{% macro sqlanon_nt_closeness_hierarchical_q8(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_nt_closeness_hierarchical_q8', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_nt_closeness_hierarchical_q8(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_nt_closeness_hierarchical_q8(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."__sqlanon_qi_4__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }},
  "v"."__sqlanon_qi_5__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }},
  "v"."__sqlanon_qi_6__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[6]) }},
  "v"."__sqlanon_qi_7__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[7]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }} AS "__sqlanon_qi_4__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }} AS "__sqlanon_qi_5__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[6]) }} AS "__sqlanon_qi_6__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[7]) }} AS "__sqlanon_qi_7__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_ancestors_0" AS (
  SELECT
    "d"."code" AS "s",
    CAST("a"."lvl" AS INT) AS "lvl",
    CAST(DENSE_RANK() OVER (ORDER BY "a"."lvl", "a"."label") AS INT) AS "node"
  FROM "sqlanon_dictionary_0" AS "d"
  JOIN ({{ v['levels'] }}) AS "a"
    ON "a"."leaf" = CASE
      WHEN "d"."value" = (
        CHR(30) || 'NULL' || CHR(30)
      )
      THEN ''
      ELSE "d"."value"
    END
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_generalize_4" AS (
  SELECT
    *
  FROM ({{ v['generalize'][4] }}) AS "g"
), "sqlanon_generalize_5" AS (
  SELECT
    *
  FROM ({{ v['generalize'][5] }}) AS "g"
), "sqlanon_generalize_6" AS (
  SELECT
    *
  FROM ({{ v['generalize'][6] }}) AS "g"
), "sqlanon_generalize_7" AS (
  SELECT
    *
  FROM ({{ v['generalize'][7] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q3",
    COALESCE(CAST("p"."__sqlanon_qi_4__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q4",
    COALESCE(CAST("p"."__sqlanon_qi_5__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q5",
    COALESCE(CAST("p"."__sqlanon_qi_6__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q6",
    COALESCE(CAST("p"."__sqlanon_qi_7__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q7",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    9
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_qi_0__",
  CASE WHEN "v"."q1" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q1" END AS "__sqlanon_qi_1__",
  CASE WHEN "v"."q2" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q2" END AS "__sqlanon_qi_2__",
  CASE WHEN "v"."q3" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q3" END AS "__sqlanon_qi_3__",
  CASE WHEN "v"."q4" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q4" END AS "__sqlanon_qi_4__",
  CASE WHEN "v"."q5" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q5" END AS "__sqlanon_qi_5__",
  CASE WHEN "v"."q6" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q6" END AS "__sqlanon_qi_6__",
  CASE WHEN "v"."q7" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q7" END AS "__sqlanon_qi_7__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "g4" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_4"
      WHERE
        "lf" = 0
    ), "g5" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_5"
      WHERE
        "lf" = 0
    ), "g6" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_6"
      WHERE
        "lf" = 0
    ), "g7" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_7"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3",
        "l4"."lt" AS "a4",
        "l5"."lt" AS "a5",
        "l6"."lt" AS "a6",
        "l7"."lt" AS "a7"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g4"
      ) AS "l4"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g5"
      ) AS "l5"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g6"
      ) AS "l6"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g7"
      ) AS "l7"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "f"."q4",
        "f"."q5",
        "f"."q6",
        "f"."q7",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "g4"."ct" AS "u4",
        "g5"."ct" AS "u5",
        "g6"."ct" AS "u6",
        "g7"."ct" AS "u7",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
      JOIN "g4"
        ON "g4"."cf" = "f"."q4" AND "g4"."lt" = "anc"."a4"
      JOIN "g5"
        ON "g5"."cf" = "f"."q5" AND "g5"."lt" = "anc"."a5"
      JOIN "g6"
        ON "g6"."cf" = "f"."q6" AND "g6"."lt" = "anc"."a6"
      JOIN "g7"
        ON "g7"."cf" = "f"."q7" AND "g7"."lt" = "anc"."a7"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "u7",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "u7",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "u7",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "u7"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."q6",
        "fm"."q7",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5",
        "fm"."u6",
        "fm"."u7"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6", "u7")
    ), "pn" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."q6",
        "fm"."q7",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5",
        "fm"."u6",
        "fm"."u7",
        "a"."lvl",
        "a"."node",
        SUM("fm"."n") AS "n"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6", "u7")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "fm"."s"
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."q6",
        "fm"."q7",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5",
        "fm"."u6",
        "fm"."u7",
        "a"."lvl",
        "a"."node"
    ), "qn" AS (
      SELECT
        "sup"."mid",
        "sup"."u0",
        "sup"."u1",
        "sup"."u2",
        "sup"."u3",
        "sup"."u4",
        "sup"."u5",
        "sup"."u6",
        "sup"."u7",
        "a"."lvl",
        "a"."node",
        SUM("sup"."n") AS "n"
      FROM "sup"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6", "u7")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "sup"."s"
      GROUP BY
        "sup"."mid",
        "sup"."u0",
        "sup"."u1",
        "sup"."u2",
        "sup"."u3",
        "sup"."u4",
        "sup"."u5",
        "sup"."u6",
        "sup"."u7",
        "a"."lvl",
        "a"."node"
    ), "dist" AS (
      SELECT
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        "pn"."q3",
        "pn"."q4",
        "pn"."q5",
        "pn"."q6",
        "pn"."q7",
        "pn"."mid",
        SUM(GREATEST("pn"."n" / "c"."size" - "qn"."n" / "ssize"."size", 0.0)) / {{ v['height'] }} AS "d"
      FROM "pn"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6", "u7")
      JOIN "qn"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6", "u7", "lvl", "node")
      JOIN "c"
        USING ("q0", "q1", "q2", "q3", "q4", "q5", "q6", "q7")
      GROUP BY
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        "pn"."q3",
        "pn"."q4",
        "pn"."q5",
        "pn"."q6",
        "pn"."q7",
        "pn"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."q4",
      "c"."q5",
      "c"."q6",
      "c"."q7",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3", "q4", "q5", "q6", "q7")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."q4",
    "c0"."q5",
    "c0"."q6",
    "c0"."q7",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3",
  "v"."q4",
  "v"."q5",
  "v"."q6",
  "v"."q7"
) AS "v"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__",
  "v"."__sqlanon_qi_4__",
  "v"."__sqlanon_qi_5__",
  "v"."__sqlanon_qi_6__",
  "v"."__sqlanon_qi_7__"
{% endmacro %}

{% macro postgres__sqlanon_nt_closeness_hierarchical_q8(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  "v"."__sqlanon_qi_0__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }},
  "v"."__sqlanon_qi_1__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }},
  "v"."__sqlanon_qi_2__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }},
  "v"."__sqlanon_qi_3__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }},
  "v"."__sqlanon_qi_4__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }},
  "v"."__sqlanon_qi_5__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }},
  "v"."__sqlanon_qi_6__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[6]) }},
  "v"."__sqlanon_qi_7__" AS {{ sqlanon.sqlanon_quote(quasi_identifiers[7]) }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    {{ sqlanon.sqlanon_quote(quasi_identifiers[0]) }} AS "__sqlanon_qi_0__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[1]) }} AS "__sqlanon_qi_1__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[2]) }} AS "__sqlanon_qi_2__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[3]) }} AS "__sqlanon_qi_3__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[4]) }} AS "__sqlanon_qi_4__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[5]) }} AS "__sqlanon_qi_5__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[6]) }} AS "__sqlanon_qi_6__",
    {{ sqlanon.sqlanon_quote(quasi_identifiers[7]) }} AS "__sqlanon_qi_7__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_ancestors_0" AS MATERIALIZED (
  SELECT
    "d"."code" AS "s",
    CAST("a"."lvl" AS INT) AS "lvl",
    CAST(DENSE_RANK() OVER (ORDER BY "a"."lvl", "a"."label") AS INT) AS "node"
  FROM "sqlanon_dictionary_0" AS "d"
  JOIN ({{ v['levels'] }}) AS "a"
    ON "a"."leaf" = CASE
      WHEN "d"."value" = (
        CHR(  30) || 'NULL' || CHR(  30)
      )
      THEN ''
      ELSE "d"."value"
    END
), "sqlanon_generalize_0" AS (
  SELECT
    *
  FROM ({{ v['generalize'][0] }}) AS "g"
), "sqlanon_generalize_1" AS (
  SELECT
    *
  FROM ({{ v['generalize'][1] }}) AS "g"
), "sqlanon_generalize_2" AS (
  SELECT
    *
  FROM ({{ v['generalize'][2] }}) AS "g"
), "sqlanon_generalize_3" AS (
  SELECT
    *
  FROM ({{ v['generalize'][3] }}) AS "g"
), "sqlanon_generalize_4" AS (
  SELECT
    *
  FROM ({{ v['generalize'][4] }}) AS "g"
), "sqlanon_generalize_5" AS (
  SELECT
    *
  FROM ({{ v['generalize'][5] }}) AS "g"
), "sqlanon_generalize_6" AS (
  SELECT
    *
  FROM ({{ v['generalize'][6] }}) AS "g"
), "sqlanon_generalize_7" AS (
  SELECT
    *
  FROM ({{ v['generalize'][7] }}) AS "g"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_qi_0__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    COALESCE(CAST("p"."__sqlanon_qi_1__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q1",
    COALESCE(CAST("p"."__sqlanon_qi_2__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q2",
    COALESCE(CAST("p"."__sqlanon_qi_3__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q3",
    COALESCE(CAST("p"."__sqlanon_qi_4__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q4",
    COALESCE(CAST("p"."__sqlanon_qi_5__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q5",
    COALESCE(CAST("p"."__sqlanon_qi_6__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q6",
    COALESCE(CAST("p"."__sqlanon_qi_7__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q7",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5,
    6,
    7,
    8,
    9
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_qi_0__",
  CASE
    WHEN "v"."q1" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q1"
  END AS "__sqlanon_qi_1__",
  CASE
    WHEN "v"."q2" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q2"
  END AS "__sqlanon_qi_2__",
  CASE
    WHEN "v"."q3" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q3"
  END AS "__sqlanon_qi_3__",
  CASE
    WHEN "v"."q4" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q4"
  END AS "__sqlanon_qi_4__",
  CASE
    WHEN "v"."q5" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q5"
  END AS "__sqlanon_qi_5__",
  CASE
    WHEN "v"."q6" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q6"
  END AS "__sqlanon_qi_6__",
  CASE
    WHEN "v"."q7" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q7"
  END AS "__sqlanon_qi_7__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7",
        "s0"
      HAVING
        SUM("n") > 0
    ), "g0" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_0"
      WHERE
        "lf" = 0
    ), "g1" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_1"
      WHERE
        "lf" = 0
    ), "g2" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_2"
      WHERE
        "lf" = 0
    ), "g3" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_3"
      WHERE
        "lf" = 0
    ), "g4" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_4"
      WHERE
        "lf" = 0
    ), "g5" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_5"
      WHERE
        "lf" = 0
    ), "g6" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_6"
      WHERE
        "lf" = 0
    ), "g7" AS (
      SELECT
        "cf",
        "lt",
        "ct"
      FROM "sqlanon_generalize_7"
      WHERE
        "lf" = 0
    ), "anc" AS (
      SELECT
        ROW_NUMBER() OVER () AS "mid",
        "l0"."lt" AS "a0",
        "l1"."lt" AS "a1",
        "l2"."lt" AS "a2",
        "l3"."lt" AS "a3",
        "l4"."lt" AS "a4",
        "l5"."lt" AS "a5",
        "l6"."lt" AS "a6",
        "l7"."lt" AS "a7"
      FROM (
        SELECT DISTINCT
          "lt"
        FROM "g0"
      ) AS "l0"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g1"
      ) AS "l1"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g2"
      ) AS "l2"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g3"
      ) AS "l3"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g4"
      ) AS "l4"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g5"
      ) AS "l5"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g6"
      ) AS "l6"
      CROSS JOIN (
        SELECT DISTINCT
          "lt"
        FROM "g7"
      ) AS "l7"
    ), "fm" AS (
      SELECT
        "f"."q0",
        "f"."q1",
        "f"."q2",
        "f"."q3",
        "f"."q4",
        "f"."q5",
        "f"."q6",
        "f"."q7",
        "anc"."mid",
        "g0"."ct" AS "u0",
        "g1"."ct" AS "u1",
        "g2"."ct" AS "u2",
        "g3"."ct" AS "u3",
        "g4"."ct" AS "u4",
        "g5"."ct" AS "u5",
        "g6"."ct" AS "u6",
        "g7"."ct" AS "u7",
        "f"."s",
        "f"."n",
        "f"."cnt"
      FROM "f"
      CROSS JOIN "anc"
      JOIN "g0"
        ON "g0"."cf" = "f"."q0" AND "g0"."lt" = "anc"."a0"
      JOIN "g1"
        ON "g1"."cf" = "f"."q1" AND "g1"."lt" = "anc"."a1"
      JOIN "g2"
        ON "g2"."cf" = "f"."q2" AND "g2"."lt" = "anc"."a2"
      JOIN "g3"
        ON "g3"."cf" = "f"."q3" AND "g3"."lt" = "anc"."a3"
      JOIN "g4"
        ON "g4"."cf" = "f"."q4" AND "g4"."lt" = "anc"."a4"
      JOIN "g5"
        ON "g5"."cf" = "f"."q5" AND "g5"."lt" = "anc"."a5"
      JOIN "g6"
        ON "g6"."cf" = "f"."q6" AND "g6"."lt" = "anc"."a6"
      JOIN "g7"
        ON "g7"."cf" = "f"."q7" AND "g7"."lt" = "anc"."a7"
    ), "sup" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "u7",
        "s",
        SUM("n") AS "n"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "u7",
        "s"
    ), "ssize" AS (
      SELECT
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "u7",
        SUM("n") AS "size"
      FROM "fm"
      GROUP BY
        "mid",
        "u0",
        "u1",
        "u2",
        "u3",
        "u4",
        "u5",
        "u6",
        "u7"
      HAVING
        SUM("cnt") >= {{ v['n_min'] }}
    ), "c" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7",
        SUM("n") AS "size",
        SUM("cnt") AS "rows"
      FROM "f"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7"
    ), "pr" AS (
      SELECT DISTINCT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."q6",
        "fm"."q7",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5",
        "fm"."u6",
        "fm"."u7"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6", "u7")
    ), "pn" AS (
      SELECT
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."q6",
        "fm"."q7",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5",
        "fm"."u6",
        "fm"."u7",
        "a"."lvl",
        "a"."node",
        SUM("fm"."n") AS "n"
      FROM "fm"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6", "u7")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "fm"."s"
      GROUP BY
        "fm"."q0",
        "fm"."q1",
        "fm"."q2",
        "fm"."q3",
        "fm"."q4",
        "fm"."q5",
        "fm"."q6",
        "fm"."q7",
        "fm"."mid",
        "fm"."u0",
        "fm"."u1",
        "fm"."u2",
        "fm"."u3",
        "fm"."u4",
        "fm"."u5",
        "fm"."u6",
        "fm"."u7",
        "a"."lvl",
        "a"."node"
    ), "qn" AS (
      SELECT
        "sup"."mid",
        "sup"."u0",
        "sup"."u1",
        "sup"."u2",
        "sup"."u3",
        "sup"."u4",
        "sup"."u5",
        "sup"."u6",
        "sup"."u7",
        "a"."lvl",
        "a"."node",
        SUM("sup"."n") AS "n"
      FROM "sup"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6", "u7")
      JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "sup"."s"
      GROUP BY
        "sup"."mid",
        "sup"."u0",
        "sup"."u1",
        "sup"."u2",
        "sup"."u3",
        "sup"."u4",
        "sup"."u5",
        "sup"."u6",
        "sup"."u7",
        "a"."lvl",
        "a"."node"
    ), "dist" AS (
      SELECT
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        "pn"."q3",
        "pn"."q4",
        "pn"."q5",
        "pn"."q6",
        "pn"."q7",
        "pn"."mid",
        CAST(SUM(
          GREATEST(
            CAST("pn"."n" AS DOUBLE PRECISION) / "c"."size" - CAST("qn"."n" AS DOUBLE PRECISION) / "ssize"."size",
            0.0
          )
        ) AS DOUBLE PRECISION) / {{ v['height'] }} AS "d"
      FROM "pn"
      JOIN "ssize"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6", "u7")
      JOIN "qn"
        USING ("mid", "u0", "u1", "u2", "u3", "u4", "u5", "u6", "u7", "lvl", "node")
      JOIN "c"
        USING ("q0", "q1", "q2", "q3", "q4", "q5", "q6", "q7")
      GROUP BY
        "pn"."q0",
        "pn"."q1",
        "pn"."q2",
        "pn"."q3",
        "pn"."q4",
        "pn"."q5",
        "pn"."q6",
        "pn"."q7",
        "pn"."mid"
    ), "best" AS (
      SELECT
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7",
        MIN("d") AS "d"
      FROM "dist"
      GROUP BY
        "q0",
        "q1",
        "q2",
        "q3",
        "q4",
        "q5",
        "q6",
        "q7"
    )
    SELECT
      "c"."q0",
      "c"."q1",
      "c"."q2",
      "c"."q3",
      "c"."q4",
      "c"."q5",
      "c"."q6",
      "c"."q7",
      "c"."rows" AS "size",
      (
        "best"."d" IS NULL OR "best"."d" > {{ v['t'] }} + 1e-09
      ) AS "bad",
      COALESCE("best"."d", CAST('inf' AS DOUBLE PRECISION)) AS "val"
    FROM "c"
    LEFT JOIN "best"
      USING ("q0", "q1", "q2", "q3", "q4", "q5", "q6", "q7")
  )
  SELECT
    "c0"."q0",
    "c0"."q1",
    "c0"."q2",
    "c0"."q3",
    "c0"."q4",
    "c0"."q5",
    "c0"."q6",
    "c0"."q7",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0",
  "v"."q1",
  "v"."q2",
  "v"."q3",
  "v"."q4",
  "v"."q5",
  "v"."q6",
  "v"."q7"
) AS "v"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "v"."__sqlanon_qi_0__",
  "v"."__sqlanon_qi_1__",
  "v"."__sqlanon_qi_2__",
  "v"."__sqlanon_qi_3__",
  "v"."__sqlanon_qi_4__",
  "v"."__sqlanon_qi_5__",
  "v"."__sqlanon_qi_6__",
  "v"."__sqlanon_qi_7__"
{% endmacro %}

{% macro sqlanon_dissimilarity_numeric(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_dissimilarity_numeric', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_dissimilarity_numeric(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_dissimilarity_numeric(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "v0",
        CAST(SUM("n") AS INT128) AS "n"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "phi" AS (
      SELECT
        "x"."q0",
        "x"."n",
        SUM("x"."n") OVER (
          PARTITION BY "x"."q0"
          ORDER BY "x"."x"
          RANGE BETWEEN {{ v['within'] }} PRECEDING AND {{ v['within'] }} FOLLOWING
        ) AS "phi"
      FROM (
        SELECT
          "f".*,
          CAST("d"."value" AS DOUBLE) AS "x"
        FROM "f"
        JOIN "sqlanon_dictionary_0" AS "d"
          ON "d"."code" = "f"."v0"
      ) AS "x"
    ), "r" AS (
      SELECT
        "q0",
        CAST(SUM("n") AS INT128) AS "size",
        CAST(MAX("phi") AS INT128) AS "phi"
      FROM "phi"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      NOT (
        "size" >= {{ v['k'] }}
        AND CASE
          WHEN "size" = 1
          THEN {{ v['delta_num'] }} = 0
          ELSE (
            "phi" - 1
          ) * {{ v['delta_den'] }} <= (
            {{ v['delta_den'] }} - {{ v['delta_num'] }}
          ) * (
            "size" - 1
          )
        END
      ) AS "bad",
      CASE
        WHEN "size" = 1
        THEN 1.0
        ELSE CAST("phi" - 1 AS DOUBLE) / CAST("size" - 1 AS DOUBLE)
      END AS "val"
    FROM "r"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_dissimilarity_numeric(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "v0",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "n"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "phi" AS MATERIALIZED (
      SELECT
        "x"."q0",
        "x"."n",
        SUM("x"."n") OVER (
          PARTITION BY "x"."q0"
          ORDER BY "x"."x"
          RANGE BETWEEN {{ v['within'] }} PRECEDING AND {{ v['within'] }} FOLLOWING
        ) AS "phi"
      FROM (
        SELECT
          "f".*,
          CAST("d"."value" AS DOUBLE PRECISION) AS "x"
        FROM "f"
        JOIN "sqlanon_dictionary_0" AS "d"
          ON "d"."code" = "f"."v0"
      ) AS "x"
    ), "r" AS (
      SELECT
        "q0",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
        CAST(MAX("phi") AS DECIMAL(38, 0)) AS "phi"
      FROM "phi"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      NOT (
        "size" >= {{ v['k'] }}
        AND CASE
          WHEN "size" = 1
          THEN {{ v['delta_num'] }} = 0
          ELSE (
            "phi" - 1
          ) * {{ v['delta_den'] }} <= (
            {{ v['delta_den'] }} - {{ v['delta_num'] }}
          ) * (
            "size" - 1
          )
        END
      ) AS "bad",
      CASE
        WHEN "size" = 1
        THEN 1.0
        ELSE CAST("phi" - 1 AS DOUBLE PRECISION) / CAST("size" - 1 AS DOUBLE PRECISION)
      END AS "val"
    FROM "r"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_dissimilarity_ordered(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_dissimilarity_ordered', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_dissimilarity_ordered(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_dissimilarity_ordered(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_order_0" AS (
  SELECT
    "code" AS "s",
    CAST(ROW_NUMBER() OVER (ORDER BY CAST("value" AS DOUBLE), "value" COLLATE "binary") AS INT) AS "pos"
  FROM "sqlanon_dictionary_0"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "v0",
        CAST(SUM("n") AS INT128) AS "n"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "dom" AS (
      SELECT
        "o"."s",
        ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r"
      FROM "sqlanon_order_0" AS "o"
      WHERE
        "o"."s" IN (
          SELECT
            "v0"
          FROM "f"
        )
    ), "phi" AS (
      SELECT
        "x"."q0",
        "x"."n",
        SUM("x"."n") OVER (
          PARTITION BY "x"."q0"
          ORDER BY "x"."x"
          RANGE BETWEEN {{ v['within'] }} PRECEDING AND {{ v['within'] }} FOLLOWING
        ) AS "phi"
      FROM (
        SELECT
          "f".*,
          "dom"."r" / GREATEST("m"."m" - 1.0, 1.0) AS "x"
        FROM "f"
        JOIN "dom"
          ON "dom"."s" = "f"."v0"
        CROSS JOIN (
          SELECT
            COUNT(*) AS "m"
          FROM "dom"
        ) AS "m"
      ) AS "x"
    ), "r" AS (
      SELECT
        "q0",
        CAST(SUM("n") AS INT128) AS "size",
        CAST(MAX("phi") AS INT128) AS "phi"
      FROM "phi"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      NOT (
        "size" >= {{ v['k'] }}
        AND CASE
          WHEN "size" = 1
          THEN {{ v['delta_num'] }} = 0
          ELSE (
            "phi" - 1
          ) * {{ v['delta_den'] }} <= (
            {{ v['delta_den'] }} - {{ v['delta_num'] }}
          ) * (
            "size" - 1
          )
        END
      ) AS "bad",
      CASE
        WHEN "size" = 1
        THEN 1.0
        ELSE CAST("phi" - 1 AS DOUBLE) / CAST("size" - 1 AS DOUBLE)
      END AS "val"
    FROM "r"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_dissimilarity_ordered(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_order_0" AS (
  SELECT
    "code" AS "s",
    CAST(ROW_NUMBER() OVER (ORDER BY CAST("value" AS DOUBLE PRECISION), "value" COLLATE "C") AS INT) AS "pos"
  FROM "sqlanon_dictionary_0"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "v0",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "n"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "dom" AS (
      SELECT
        "o"."s",
        ROW_NUMBER() OVER (ORDER BY "o"."pos") AS "r"
      FROM "sqlanon_order_0" AS "o"
      WHERE
        "o"."s" IN (
          SELECT
            "v0"
          FROM "f"
        )
    ), "phi" AS MATERIALIZED (
      SELECT
        "x"."q0",
        "x"."n",
        SUM("x"."n") OVER (
          PARTITION BY "x"."q0"
          ORDER BY "x"."x"
          RANGE BETWEEN {{ v['within'] }} PRECEDING AND {{ v['within'] }} FOLLOWING
        ) AS "phi"
      FROM (
        SELECT
          "f".*,
          CAST("dom"."r" AS DOUBLE PRECISION) / GREATEST("m"."m" - 1.0, 1.0) AS "x"
        FROM "f"
        JOIN "dom"
          ON "dom"."s" = "f"."v0"
        CROSS JOIN (
          SELECT
            COUNT(*) AS "m"
          FROM "dom"
        ) AS "m"
      ) AS "x"
    ), "r" AS (
      SELECT
        "q0",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
        CAST(MAX("phi") AS DECIMAL(38, 0)) AS "phi"
      FROM "phi"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      NOT (
        "size" >= {{ v['k'] }}
        AND CASE
          WHEN "size" = 1
          THEN {{ v['delta_num'] }} = 0
          ELSE (
            "phi" - 1
          ) * {{ v['delta_den'] }} <= (
            {{ v['delta_den'] }} - {{ v['delta_num'] }}
          ) * (
            "size" - 1
          )
        END
      ) AS "bad",
      CASE
        WHEN "size" = 1
        THEN 1.0
        ELSE CAST("phi" - 1 AS DOUBLE PRECISION) / CAST("size" - 1 AS DOUBLE PRECISION)
      END AS "val"
    FROM "r"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_dissimilarity_hierarchical(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_dissimilarity_hierarchical', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_dissimilarity_hierarchical(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_dissimilarity_hierarchical(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_ancestors_0" AS (
  SELECT
    "d"."code" AS "s",
    CAST("a"."lvl" AS INT) AS "lvl",
    CAST(DENSE_RANK() OVER (ORDER BY "a"."lvl", "a"."label") AS INT) AS "node"
  FROM "sqlanon_dictionary_0" AS "d"
  JOIN ({{ v['levels'] }}) AS "a"
    ON "a"."leaf" = CASE
      WHEN "d"."value" = (
        CHR(30) || 'NULL' || CHR(30)
      )
      THEN ''
      ELSE "d"."value"
    END
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "v0",
        CAST(SUM("n") AS INT128) AS "n"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "phi" AS (
      SELECT
        "f"."q0",
        "f"."n",
        SUM("f"."n") OVER (PARTITION BY "f"."q0", "a"."node") AS "phi"
      FROM "f"
      LEFT JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "f"."v0" AND "a"."lvl" = {{ v['level'] }}
    ), "r" AS (
      SELECT
        "q0",
        CAST(SUM("n") AS INT128) AS "size",
        CAST(MAX("phi") AS INT128) AS "phi"
      FROM "phi"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      NOT (
        "size" >= {{ v['k'] }}
        AND CASE
          WHEN "size" = 1
          THEN {{ v['delta_num'] }} = 0
          ELSE (
            "phi" - 1
          ) * {{ v['delta_den'] }} <= (
            {{ v['delta_den'] }} - {{ v['delta_num'] }}
          ) * (
            "size" - 1
          )
        END
      ) AS "bad",
      CASE
        WHEN "size" = 1
        THEN 1.0
        ELSE CAST("phi" - 1 AS DOUBLE) / CAST("size" - 1 AS DOUBLE)
      END AS "val"
    FROM "r"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_dissimilarity_hierarchical(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_ancestors_0" AS MATERIALIZED (
  SELECT
    "d"."code" AS "s",
    CAST("a"."lvl" AS INT) AS "lvl",
    CAST(DENSE_RANK() OVER (ORDER BY "a"."lvl", "a"."label") AS INT) AS "node"
  FROM "sqlanon_dictionary_0" AS "d"
  JOIN ({{ v['levels'] }}) AS "a"
    ON "a"."leaf" = CASE
      WHEN "d"."value" = (
        CHR(  30) || 'NULL' || CHR(  30)
      )
      THEN ''
      ELSE "d"."value"
    END
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "v0",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "n"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "phi" AS MATERIALIZED (
      SELECT
        "f"."q0",
        "f"."n",
        SUM("f"."n") OVER (PARTITION BY "f"."q0", "a"."node") AS "phi"
      FROM "f"
      LEFT JOIN "sqlanon_ancestors_0" AS "a"
        ON "a"."s" = "f"."v0" AND "a"."lvl" = {{ v['level'] }}
    ), "r" AS (
      SELECT
        "q0",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
        CAST(MAX("phi") AS DECIMAL(38, 0)) AS "phi"
      FROM "phi"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      NOT (
        "size" >= {{ v['k'] }}
        AND CASE
          WHEN "size" = 1
          THEN {{ v['delta_num'] }} = 0
          ELSE (
            "phi" - 1
          ) * {{ v['delta_den'] }} <= (
            {{ v['delta_den'] }} - {{ v['delta_num'] }}
          ) * (
            "size" - 1
          )
        END
      ) AS "bad",
      CASE
        WHEN "size" = 1
        THEN 1.0
        ELSE CAST("phi" - 1 AS DOUBLE PRECISION) / CAST("size" - 1 AS DOUBLE PRECISION)
      END AS "val"
    FROM "r"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_dissimilarity_variational_2(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_dissimilarity_variational_2', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_dissimilarity_variational_2(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_dissimilarity_variational_2(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_1" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    "e1"."code" AS "s1",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  JOIN "sqlanon_dictionary_1" AS "e1"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e1"."value"
  GROUP BY
    1,
    2,
    3
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "v0",
        "s1" AS "v1",
        CAST(SUM("n") AS INT128) AS "n"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0",
        "s1"
      HAVING
        SUM("n") > 0
    ), "x" AS (
      SELECT
        "f".*,
        CAST("d0"."value" AS DOUBLE) AS "x0",
        CAST("d1"."value" AS DOUBLE) AS "x1"
      FROM "f"
      JOIN "sqlanon_dictionary_0" AS "d0"
        ON "d0"."code" = "f"."v0"
      JOIN "sqlanon_dictionary_1" AS "d1"
        ON "d1"."code" = "f"."v1"
    ), "phi" AS (
      SELECT
        "a"."q0",
        "a"."n",
        SUM("b"."n") AS "phi"
      FROM "x" AS "a"
      JOIN "x" AS "b"
        ON "a"."q0" IS NOT DISTINCT FROM "b"."q0"
        AND 0.5 * (
          ABS("a"."x0" - "b"."x0") + ABS("a"."x1" - "b"."x1")
        ) <= {{ v['within'] }}
      GROUP BY
        "a"."q0",
        "a"."v0",
        "a"."v1",
        "a"."n"
    ), "r" AS (
      SELECT
        "q0",
        CAST(SUM("n") AS INT128) AS "size",
        CAST(MAX("phi") AS INT128) AS "phi"
      FROM "phi"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      NOT (
        "size" >= {{ v['k'] }}
        AND CASE
          WHEN "size" = 1
          THEN {{ v['delta_num'] }} = 0
          ELSE (
            "phi" - 1
          ) * {{ v['delta_den'] }} <= (
            {{ v['delta_den'] }} - {{ v['delta_num'] }}
          ) * (
            "size" - 1
          )
        END
      ) AS "bad",
      CASE
        WHEN "size" = 1
        THEN 1.0
        ELSE CAST("phi" - 1 AS DOUBLE) / CAST("size" - 1 AS DOUBLE)
      END AS "val"
    FROM "r"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_dissimilarity_variational_2(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_1" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    "e1"."code" AS "s1",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e0"."value"
  JOIN "sqlanon_dictionary_1" AS "e1"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e1"."value"
  GROUP BY
    1,
    2,
    3
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "v0",
        "s1" AS "v1",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "n"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0",
        "s1"
      HAVING
        SUM("n") > 0
    ), "x" AS (
      SELECT
        "f".*,
        CAST("d0"."value" AS DOUBLE PRECISION) AS "x0",
        CAST("d1"."value" AS DOUBLE PRECISION) AS "x1"
      FROM "f"
      JOIN "sqlanon_dictionary_0" AS "d0"
        ON "d0"."code" = "f"."v0"
      JOIN "sqlanon_dictionary_1" AS "d1"
        ON "d1"."code" = "f"."v1"
    ), "phi" AS (
      SELECT
        "a"."q0",
        "a"."n",
        SUM("b"."n") AS "phi"
      FROM "x" AS "a"
      JOIN "x" AS "b"
        ON "a"."q0" IS NOT DISTINCT FROM "b"."q0"
        AND 0.5 * (
          ABS("a"."x0" - "b"."x0") + ABS("a"."x1" - "b"."x1")
        ) <= {{ v['within'] }}
      GROUP BY
        "a"."q0",
        "a"."v0",
        "a"."v1",
        "a"."n"
    ), "r" AS (
      SELECT
        "q0",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
        CAST(MAX("phi") AS DECIMAL(38, 0)) AS "phi"
      FROM "phi"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      NOT (
        "size" >= {{ v['k'] }}
        AND CASE
          WHEN "size" = 1
          THEN {{ v['delta_num'] }} = 0
          ELSE (
            "phi" - 1
          ) * {{ v['delta_den'] }} <= (
            {{ v['delta_den'] }} - {{ v['delta_num'] }}
          ) * (
            "size" - 1
          )
        END
      ) AS "bad",
      CASE
        WHEN "size" = 1
        THEN 1.0
        ELSE CAST("phi" - 1 AS DOUBLE PRECISION) / CAST("size" - 1 AS DOUBLE PRECISION)
      END AS "val"
    FROM "r"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_dissimilarity_variational_3(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_dissimilarity_variational_3', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_dissimilarity_variational_3(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_dissimilarity_variational_3(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_1" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_2" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    "e1"."code" AS "s1",
    "e2"."code" AS "s2",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  JOIN "sqlanon_dictionary_1" AS "e1"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e1"."value"
  JOIN "sqlanon_dictionary_2" AS "e2"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e2"."value"
  GROUP BY
    1,
    2,
    3,
    4
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "v0",
        "s1" AS "v1",
        "s2" AS "v2",
        CAST(SUM("n") AS INT128) AS "n"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0",
        "s1",
        "s2"
      HAVING
        SUM("n") > 0
    ), "x" AS (
      SELECT
        "f".*,
        CAST("d0"."value" AS DOUBLE) AS "x0",
        CAST("d1"."value" AS DOUBLE) AS "x1",
        CAST("d2"."value" AS DOUBLE) AS "x2"
      FROM "f"
      JOIN "sqlanon_dictionary_0" AS "d0"
        ON "d0"."code" = "f"."v0"
      JOIN "sqlanon_dictionary_1" AS "d1"
        ON "d1"."code" = "f"."v1"
      JOIN "sqlanon_dictionary_2" AS "d2"
        ON "d2"."code" = "f"."v2"
    ), "phi" AS (
      SELECT
        "a"."q0",
        "a"."n",
        SUM("b"."n") AS "phi"
      FROM "x" AS "a"
      JOIN "x" AS "b"
        ON "a"."q0" IS NOT DISTINCT FROM "b"."q0"
        AND 0.5 * (
          ABS("a"."x0" - "b"."x0") + ABS("a"."x1" - "b"."x1") + ABS("a"."x2" - "b"."x2")
        ) <= {{ v['within'] }}
      GROUP BY
        "a"."q0",
        "a"."v0",
        "a"."v1",
        "a"."v2",
        "a"."n"
    ), "r" AS (
      SELECT
        "q0",
        CAST(SUM("n") AS INT128) AS "size",
        CAST(MAX("phi") AS INT128) AS "phi"
      FROM "phi"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      NOT (
        "size" >= {{ v['k'] }}
        AND CASE
          WHEN "size" = 1
          THEN {{ v['delta_num'] }} = 0
          ELSE (
            "phi" - 1
          ) * {{ v['delta_den'] }} <= (
            {{ v['delta_den'] }} - {{ v['delta_num'] }}
          ) * (
            "size" - 1
          )
        END
      ) AS "bad",
      CASE
        WHEN "size" = 1
        THEN 1.0
        ELSE CAST("phi" - 1 AS DOUBLE) / CAST("size" - 1 AS DOUBLE)
      END AS "val"
    FROM "r"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_dissimilarity_variational_3(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_1" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_2" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    "e1"."code" AS "s1",
    "e2"."code" AS "s2",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e0"."value"
  JOIN "sqlanon_dictionary_1" AS "e1"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e1"."value"
  JOIN "sqlanon_dictionary_2" AS "e2"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e2"."value"
  GROUP BY
    1,
    2,
    3,
    4
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "v0",
        "s1" AS "v1",
        "s2" AS "v2",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "n"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0",
        "s1",
        "s2"
      HAVING
        SUM("n") > 0
    ), "x" AS (
      SELECT
        "f".*,
        CAST("d0"."value" AS DOUBLE PRECISION) AS "x0",
        CAST("d1"."value" AS DOUBLE PRECISION) AS "x1",
        CAST("d2"."value" AS DOUBLE PRECISION) AS "x2"
      FROM "f"
      JOIN "sqlanon_dictionary_0" AS "d0"
        ON "d0"."code" = "f"."v0"
      JOIN "sqlanon_dictionary_1" AS "d1"
        ON "d1"."code" = "f"."v1"
      JOIN "sqlanon_dictionary_2" AS "d2"
        ON "d2"."code" = "f"."v2"
    ), "phi" AS (
      SELECT
        "a"."q0",
        "a"."n",
        SUM("b"."n") AS "phi"
      FROM "x" AS "a"
      JOIN "x" AS "b"
        ON "a"."q0" IS NOT DISTINCT FROM "b"."q0"
        AND 0.5 * (
          ABS("a"."x0" - "b"."x0") + ABS("a"."x1" - "b"."x1") + ABS("a"."x2" - "b"."x2")
        ) <= {{ v['within'] }}
      GROUP BY
        "a"."q0",
        "a"."v0",
        "a"."v1",
        "a"."v2",
        "a"."n"
    ), "r" AS (
      SELECT
        "q0",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
        CAST(MAX("phi") AS DECIMAL(38, 0)) AS "phi"
      FROM "phi"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      NOT (
        "size" >= {{ v['k'] }}
        AND CASE
          WHEN "size" = 1
          THEN {{ v['delta_num'] }} = 0
          ELSE (
            "phi" - 1
          ) * {{ v['delta_den'] }} <= (
            {{ v['delta_den'] }} - {{ v['delta_num'] }}
          ) * (
            "size" - 1
          )
        END
      ) AS "bad",
      CASE
        WHEN "size" = 1
        THEN 1.0
        ELSE CAST("phi" - 1 AS DOUBLE PRECISION) / CAST("size" - 1 AS DOUBLE PRECISION)
      END AS "val"
    FROM "r"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_dissimilarity_variational_4(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_dissimilarity_variational_4', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_dissimilarity_variational_4(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_dissimilarity_variational_4(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_1" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_2" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_3" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[3]) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    "e1"."code" AS "s1",
    "e2"."code" AS "s2",
    "e3"."code" AS "s3",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  JOIN "sqlanon_dictionary_1" AS "e1"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e1"."value"
  JOIN "sqlanon_dictionary_2" AS "e2"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e2"."value"
  JOIN "sqlanon_dictionary_3" AS "e3"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive[3]) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e3"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "v0",
        "s1" AS "v1",
        "s2" AS "v2",
        "s3" AS "v3",
        CAST(SUM("n") AS INT128) AS "n"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0",
        "s1",
        "s2",
        "s3"
      HAVING
        SUM("n") > 0
    ), "x" AS (
      SELECT
        "f".*,
        CAST("d0"."value" AS DOUBLE) AS "x0",
        CAST("d1"."value" AS DOUBLE) AS "x1",
        CAST("d2"."value" AS DOUBLE) AS "x2",
        CAST("d3"."value" AS DOUBLE) AS "x3"
      FROM "f"
      JOIN "sqlanon_dictionary_0" AS "d0"
        ON "d0"."code" = "f"."v0"
      JOIN "sqlanon_dictionary_1" AS "d1"
        ON "d1"."code" = "f"."v1"
      JOIN "sqlanon_dictionary_2" AS "d2"
        ON "d2"."code" = "f"."v2"
      JOIN "sqlanon_dictionary_3" AS "d3"
        ON "d3"."code" = "f"."v3"
    ), "phi" AS (
      SELECT
        "a"."q0",
        "a"."n",
        SUM("b"."n") AS "phi"
      FROM "x" AS "a"
      JOIN "x" AS "b"
        ON "a"."q0" IS NOT DISTINCT FROM "b"."q0"
        AND 0.5 * (
          ABS("a"."x0" - "b"."x0") + ABS("a"."x1" - "b"."x1") + ABS("a"."x2" - "b"."x2") + ABS("a"."x3" - "b"."x3")
        ) <= {{ v['within'] }}
      GROUP BY
        "a"."q0",
        "a"."v0",
        "a"."v1",
        "a"."v2",
        "a"."v3",
        "a"."n"
    ), "r" AS (
      SELECT
        "q0",
        CAST(SUM("n") AS INT128) AS "size",
        CAST(MAX("phi") AS INT128) AS "phi"
      FROM "phi"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      NOT (
        "size" >= {{ v['k'] }}
        AND CASE
          WHEN "size" = 1
          THEN {{ v['delta_num'] }} = 0
          ELSE (
            "phi" - 1
          ) * {{ v['delta_den'] }} <= (
            {{ v['delta_den'] }} - {{ v['delta_num'] }}
          ) * (
            "size" - 1
          )
        END
      ) AS "bad",
      CASE
        WHEN "size" = 1
        THEN 1.0
        ELSE CAST("phi" - 1 AS DOUBLE) / CAST("size" - 1 AS DOUBLE)
      END AS "val"
    FROM "r"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_dissimilarity_variational_4(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_1" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_2" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_dictionary_3" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive[3]) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    "e1"."code" AS "s1",
    "e2"."code" AS "s2",
    "e3"."code" AS "s3",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[0]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e0"."value"
  JOIN "sqlanon_dictionary_1" AS "e1"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[1]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e1"."value"
  JOIN "sqlanon_dictionary_2" AS "e2"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[2]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e2"."value"
  JOIN "sqlanon_dictionary_3" AS "e3"
    ON COALESCE(
      CAST("p".{{ sqlanon.sqlanon_quote(sensitive[3]) }} AS TEXT),
      (
        CHR(  30) || 'NULL' || CHR(  30)
      )
    ) = "e3"."value"
  GROUP BY
    1,
    2,
    3,
    4,
    5
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "v0",
        "s1" AS "v1",
        "s2" AS "v2",
        "s3" AS "v3",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "n"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0",
        "s1",
        "s2",
        "s3"
      HAVING
        SUM("n") > 0
    ), "x" AS (
      SELECT
        "f".*,
        CAST("d0"."value" AS DOUBLE PRECISION) AS "x0",
        CAST("d1"."value" AS DOUBLE PRECISION) AS "x1",
        CAST("d2"."value" AS DOUBLE PRECISION) AS "x2",
        CAST("d3"."value" AS DOUBLE PRECISION) AS "x3"
      FROM "f"
      JOIN "sqlanon_dictionary_0" AS "d0"
        ON "d0"."code" = "f"."v0"
      JOIN "sqlanon_dictionary_1" AS "d1"
        ON "d1"."code" = "f"."v1"
      JOIN "sqlanon_dictionary_2" AS "d2"
        ON "d2"."code" = "f"."v2"
      JOIN "sqlanon_dictionary_3" AS "d3"
        ON "d3"."code" = "f"."v3"
    ), "phi" AS (
      SELECT
        "a"."q0",
        "a"."n",
        SUM("b"."n") AS "phi"
      FROM "x" AS "a"
      JOIN "x" AS "b"
        ON "a"."q0" IS NOT DISTINCT FROM "b"."q0"
        AND 0.5 * (
          ABS("a"."x0" - "b"."x0") + ABS("a"."x1" - "b"."x1") + ABS("a"."x2" - "b"."x2") + ABS("a"."x3" - "b"."x3")
        ) <= {{ v['within'] }}
      GROUP BY
        "a"."q0",
        "a"."v0",
        "a"."v1",
        "a"."v2",
        "a"."v3",
        "a"."n"
    ), "r" AS (
      SELECT
        "q0",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "size",
        CAST(MAX("phi") AS DECIMAL(38, 0)) AS "phi"
      FROM "phi"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      NOT (
        "size" >= {{ v['k'] }}
        AND CASE
          WHEN "size" = 1
          THEN {{ v['delta_num'] }} = 0
          ELSE (
            "phi" - 1
          ) * {{ v['delta_den'] }} <= (
            {{ v['delta_den'] }} - {{ v['delta_num'] }}
          ) * (
            "size" - 1
          )
        END
      ) AS "bad",
      CASE
        WHEN "size" = 1
        THEN 1.0
        ELSE CAST("phi" - 1 AS DOUBLE PRECISION) / CAST("size" - 1 AS DOUBLE PRECISION)
      END AS "val"
    FROM "r"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_delta_disclosure(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_delta_disclosure', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_delta_disclosure(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_delta_disclosure(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "gc" AS (
      SELECT
        "s",
        SUM("cnt") AS "qcnt"
      FROM "f"
      GROUP BY
        "s"
    ), "tot" AS (
      SELECT
        CAST(SUM("qcnt") AS INT128) AS "total",
        COUNT(*) AS "m"
      FROM "gc"
    ), "e" AS (
      SELECT
        "f"."q0",
        "f"."cnt",
        CAST("gc"."qcnt" AS INT128) AS "qcnt",
        "tot"."total",
        "tot"."m",
        CAST(SUM("f"."cnt") OVER (PARTITION BY "f"."q0") AS INT128) AS "size"
      FROM "f"
      JOIN "gc"
        ON "gc"."s" = "f"."s"
      CROSS JOIN "tot"
    ), "c" AS (
      SELECT
        "q0",
        MAX("size") AS "size",
        CASE
          WHEN COUNT(*) < MAX("m")
          THEN CAST('inf' AS DOUBLE)
          ELSE MAX(ABS(LN(CAST("cnt" * "total" AS DOUBLE) / CAST("size" * "qcnt" AS DOUBLE))))
        END AS "val"
      FROM "e"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      "val" >= {{ v['delta'] }} - 1e-09 AS "bad",
      "val"
    FROM "c"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_delta_disclosure(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "gc" AS (
      SELECT
        "s",
        SUM("cnt") AS "qcnt"
      FROM "f"
      GROUP BY
        "s"
    ), "tot" AS MATERIALIZED (
      SELECT
        CAST(SUM("qcnt") AS DECIMAL(38, 0)) AS "total",
        COUNT(*) AS "m"
      FROM "gc"
    ), "e" AS MATERIALIZED (
      SELECT
        "f"."q0",
        "f"."cnt",
        CAST("gc"."qcnt" AS DECIMAL(38, 0)) AS "qcnt",
        "tot"."total",
        "tot"."m",
        CAST(SUM("f"."cnt") OVER (PARTITION BY "f"."q0") AS DECIMAL(38, 0)) AS "size"
      FROM "f"
      JOIN "gc"
        ON "gc"."s" = "f"."s"
      CROSS JOIN "tot"
    ), "c" AS (
      SELECT
        "q0",
        MAX("size") AS "size",
        CASE
          WHEN COUNT(*) < MAX("m")
          THEN CAST('inf' AS DOUBLE PRECISION)
          ELSE MAX(
            ABS(
              LN(
                CAST("cnt" * "total" AS DOUBLE PRECISION) / CAST("size" * "qcnt" AS DOUBLE PRECISION)
              )
            )
          )
        END AS "val"
      FROM "e"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      "val" >= {{ v['delta'] }} - 1e-09 AS "bad",
      "val"
    FROM "c"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_beta_likeness_basic(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_beta_likeness_basic', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_beta_likeness_basic(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_beta_likeness_basic(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "gc" AS (
      SELECT
        "s",
        SUM("cnt") AS "qcnt"
      FROM "f"
      GROUP BY
        "s"
    ), "tot" AS (
      SELECT
        CAST(SUM("qcnt") AS INT128) AS "total",
        COUNT(*) AS "m"
      FROM "gc"
    ), "e" AS (
      SELECT
        "f"."q0",
        "f"."cnt",
        CAST("gc"."qcnt" AS INT128) AS "qcnt",
        "tot"."total",
        "tot"."m",
        CAST(SUM("f"."cnt") OVER (PARTITION BY "f"."q0") AS INT128) AS "size"
      FROM "f"
      JOIN "gc"
        ON "gc"."s" = "f"."s"
      CROSS JOIN "tot"
    ), "x" AS (
      SELECT
        "q0",
        "size",
        "qcnt",
        "total",
        "cnt" * "total" - "size" * "qcnt" AS "num",
        "size" * "qcnt" AS "den"
      FROM "e"
    ), "c" AS (
      SELECT
        "q0",
        MAX("size") AS "size",
        COALESCE(
          BOOL_OR(
            CAST("num" > 0 AND CAST("num" AS DOUBLE) / CAST("den" AS DOUBLE) > {{ v['beta'] }} + 1e-09 AS BOOLEAN)
          ),
          FALSE
        ) AS "bad",
        GREATEST(MAX(CAST("num" AS DOUBLE) / CAST("den" AS DOUBLE)), 0.0) AS "val"
      FROM "x"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      "bad",
      "val"
    FROM "c"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_beta_likeness_basic(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "gc" AS (
      SELECT
        "s",
        SUM("cnt") AS "qcnt"
      FROM "f"
      GROUP BY
        "s"
    ), "tot" AS MATERIALIZED (
      SELECT
        CAST(SUM("qcnt") AS DECIMAL(38, 0)) AS "total",
        COUNT(*) AS "m"
      FROM "gc"
    ), "e" AS MATERIALIZED (
      SELECT
        "f"."q0",
        "f"."cnt",
        CAST("gc"."qcnt" AS DECIMAL(38, 0)) AS "qcnt",
        "tot"."total",
        "tot"."m",
        CAST(SUM("f"."cnt") OVER (PARTITION BY "f"."q0") AS DECIMAL(38, 0)) AS "size"
      FROM "f"
      JOIN "gc"
        ON "gc"."s" = "f"."s"
      CROSS JOIN "tot"
    ), "x" AS (
      SELECT
        "q0",
        "size",
        "qcnt",
        "total",
        "cnt" * "total" - "size" * "qcnt" AS "num",
        "size" * "qcnt" AS "den"
      FROM "e"
    ), "c" AS (
      SELECT
        "q0",
        MAX("size") AS "size",
        COALESCE(
          BOOL_OR(
            "num" > 0
            AND CAST("num" AS DOUBLE PRECISION) / CAST("den" AS DOUBLE PRECISION) > {{ v['beta'] }} + 1e-09
          ),
          FALSE
        ) AS "bad",
        GREATEST(MAX(CAST("num" AS DOUBLE PRECISION) / CAST("den" AS DOUBLE PRECISION)), 0.0) AS "val"
      FROM "x"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      "bad",
      "val"
    FROM "c"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro sqlanon_beta_likeness_enhanced(model, quasi_identifiers, sensitive, v, names) %}{{ return(adapter.dispatch('sqlanon_beta_likeness_enhanced', 'sqlanon')(model, quasi_identifiers, sensitive, v, names)) }}{% endmacro %}
{% macro default__sqlanon_beta_likeness_enhanced(model, quasi_identifiers, sensitive, v, names) %}{{ sqlanon.sqlanon_unsupported_adapter() }}{% endmacro %}

{% macro duckdb__sqlanon_beta_likeness_enhanced(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(30) || 'NULL' || CHR(30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(30) || 'NULL' || CHR(30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE WHEN "v"."q0" = (
    CHR(30) || 'NULL' || CHR(30)
  ) THEN NULL ELSE "v"."q0" END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE) AS "n",
        CAST(SUM("n") AS INT128) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "gc" AS (
      SELECT
        "s",
        SUM("cnt") AS "qcnt"
      FROM "f"
      GROUP BY
        "s"
    ), "tot" AS (
      SELECT
        CAST(SUM("qcnt") AS INT128) AS "total",
        COUNT(*) AS "m"
      FROM "gc"
    ), "e" AS (
      SELECT
        "f"."q0",
        "f"."cnt",
        CAST("gc"."qcnt" AS INT128) AS "qcnt",
        "tot"."total",
        "tot"."m",
        CAST(SUM("f"."cnt") OVER (PARTITION BY "f"."q0") AS INT128) AS "size"
      FROM "f"
      JOIN "gc"
        ON "gc"."s" = "f"."s"
      CROSS JOIN "tot"
    ), "x" AS (
      SELECT
        "q0",
        "size",
        "qcnt",
        "total",
        "cnt" * "total" - "size" * "qcnt" AS "num",
        "size" * "qcnt" AS "den"
      FROM "e"
    ), "c" AS (
      SELECT
        "q0",
        MAX("size") AS "size",
        COALESCE(
          BOOL_OR(
            CAST("num" > 0
            AND CAST("num" AS DOUBLE) / CAST("den" AS DOUBLE) > LEAST({{ v['beta'] }}, -LN(CAST("qcnt" AS DOUBLE) / CAST("total" AS DOUBLE))) + 1e-09 AS BOOLEAN)
          ),
          FALSE
        ) AS "bad",
        GREATEST(MAX(CAST("num" AS DOUBLE) / CAST("den" AS DOUBLE)), 0.0) AS "val"
      FROM "x"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      "bad",
      "val"
    FROM "c"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}

{% macro postgres__sqlanon_beta_likeness_enhanced(model, quasi_identifiers, sensitive, v, names) %}
SELECT
  {{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }},
  "v"."rows" AS {{ sqlanon.sqlanon_quote(names.rows) }},
  "v"."observed" AS {{ sqlanon.sqlanon_quote(names.observed) }}
FROM (
WITH "sqlanon_keyed" AS MATERIALIZED (
  SELECT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "__sqlanon_class__",
    *
  FROM {{ model }}
), "sqlanon_table" AS (
  SELECT
    *
  FROM "sqlanon_keyed"
), "sqlanon_dictionary_0" AS (
  SELECT
    "d"."value",
    CAST(ROW_NUMBER() OVER (ORDER BY "d"."value") - 1 AS INT) AS "code"
  FROM (
    SELECT DISTINCT
      COALESCE(CAST({{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
        CHR(  30) || 'NULL' || CHR(  30)
      )) AS "value"
    FROM "sqlanon_table"
  ) AS "d"
), "sqlanon_frequencies" AS (
  SELECT
    COALESCE(CAST("p"."__sqlanon_class__" AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) AS "q0",
    "e0"."code" AS "s0",
    CAST(COUNT(*) AS BIGINT) AS "n"
  FROM "sqlanon_table" AS "p"
  JOIN "sqlanon_dictionary_0" AS "e0"
    ON COALESCE(CAST("p".{{ sqlanon.sqlanon_quote(sensitive) }} AS TEXT), (
      CHR(  30) || 'NULL' || CHR(  30)
    )) = "e0"."value"
  GROUP BY
    1,
    2
)
SELECT
  CASE
    WHEN "v"."q0" = (
      CHR(  30) || 'NULL' || CHR(  30)
    )
    THEN NULL
    ELSE "v"."q0"
  END AS "__sqlanon_class__",
  "v"."size" AS "rows",
  "v"."v0" AS "observed"
FROM (
  WITH "c0" AS (
    WITH "f" AS (
      SELECT
        "q0",
        "s0" AS "s",
        CAST(SUM("n") AS DOUBLE PRECISION) AS "n",
        CAST(SUM("n") AS DECIMAL(38, 0)) AS "cnt"
      FROM "sqlanon_frequencies"
      GROUP BY
        "q0",
        "s0"
      HAVING
        SUM("n") > 0
    ), "gc" AS (
      SELECT
        "s",
        SUM("cnt") AS "qcnt"
      FROM "f"
      GROUP BY
        "s"
    ), "tot" AS MATERIALIZED (
      SELECT
        CAST(SUM("qcnt") AS DECIMAL(38, 0)) AS "total",
        COUNT(*) AS "m"
      FROM "gc"
    ), "e" AS MATERIALIZED (
      SELECT
        "f"."q0",
        "f"."cnt",
        CAST("gc"."qcnt" AS DECIMAL(38, 0)) AS "qcnt",
        "tot"."total",
        "tot"."m",
        CAST(SUM("f"."cnt") OVER (PARTITION BY "f"."q0") AS DECIMAL(38, 0)) AS "size"
      FROM "f"
      JOIN "gc"
        ON "gc"."s" = "f"."s"
      CROSS JOIN "tot"
    ), "x" AS (
      SELECT
        "q0",
        "size",
        "qcnt",
        "total",
        "cnt" * "total" - "size" * "qcnt" AS "num",
        "size" * "qcnt" AS "den"
      FROM "e"
    ), "c" AS (
      SELECT
        "q0",
        MAX("size") AS "size",
        COALESCE(
          BOOL_OR(
            "num" > 0
            AND CAST("num" AS DOUBLE PRECISION) / CAST("den" AS DOUBLE PRECISION) > LEAST(
              {{ v['beta'] }},
              -LN(CAST("qcnt" AS DOUBLE PRECISION) / CAST("total" AS DOUBLE PRECISION))
            ) + 1e-09
          ),
          FALSE
        ) AS "bad",
        GREATEST(MAX(CAST("num" AS DOUBLE PRECISION) / CAST("den" AS DOUBLE PRECISION)), 0.0) AS "val"
      FROM "x"
      GROUP BY
        "q0"
    )
    SELECT
      "q0",
      "size",
      "bad",
      "val"
    FROM "c"
  )
  SELECT
    "c0"."q0",
    "c0"."size" AS "size",
    "c0"."bad" AS "b0",
    "c0"."val" AS "v0",
    "c0"."bad" AS "bad"
  FROM c0
) AS "v"
WHERE
  "v"."bad"
ORDER BY
  "v"."v0" DESC NULLS LAST,
  "v"."size",
  "v"."q0"
) AS "v"
JOIN (
  SELECT DISTINCT
    DENSE_RANK() OVER (ORDER BY {{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}) AS "sqlanon_class",
    {{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}
  FROM {{ model }}
) AS "c"
  ON CAST("c"."sqlanon_class" AS TEXT) = "v"."__sqlanon_class__"
ORDER BY
  "v"."observed" DESC NULLS LAST,
  "v"."rows",
  "c"."sqlanon_class"
{% endmacro %}
