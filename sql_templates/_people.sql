-- _people.sql: macros for people whose quasi-identifiers vary (imported, never run on its own).
-- tuple_id(prefix, radix): the number of a tuple of QI codes "prefix"."q0".."qk-1" (each code
--   of QI i below radix[i], the QI's level-0 code count), in mixed radix:
--   q0 + r0 * (q1 + r1 * (... + r(k-2) * q(k-1))), exact in a BIGINT (the caller checks that
--   the product of the radixes stays within 2^62); equal tuples, equal numbers, and no two
--   tuples share one.
-- signature(id): a person's set of tuple numbers as a sorted array (their class key: two
--   people are in one class iff their arrays are equal; Nergiz, Clifton, Nergiz,
--   Multirelational k-anonymity, IEEE TKDE 21(8) 2009, section 3: a person's quasi-identifier
--   is the set of their tuples).
{% macro tuple_id(prefix, radix) -%}
{%- set k = radix|length -%}
{%- for i in range(k) -%}
{%- if not loop.last %}(CAST({{ prefix|ident }}.{{ ('q' ~ i)|ident }} AS BIGINT) + {{ radix[i]|literal }} * {% else %}CAST({{ prefix|ident }}.{{ ('q' ~ i)|ident }} AS BIGINT){% endif -%}
{%- endfor -%}
{%- for i in range(k - 1) %}){% endfor -%}
{%- endmacro %}
{% macro signature(id) -%}
ARRAY_SORT(ARRAY_AGG({{ id }}))
{%- endmacro %}
