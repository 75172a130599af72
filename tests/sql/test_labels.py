"""Class keys (sqlanon.sql.labels): NULL's key is no value's, two values share no key, a key
reads back as its cell, and the SQL forms the templates and compile use give Python's keys in
DuckDB (the engines' statements are compared with DuckDB's in tests/encode/test_null_marker.py)."""

from __future__ import annotations

import duckdb
import pytest
import sqlglot
from hypothesis import given, settings
from hypothesis import strategies as st

from sqlanon.sql.labels import NULL_VALUE, from_key, from_key_sql, to_key, to_key_sql

#: texts made of the characters the keys use, so that near-misses of the mark are drawn
cells = st.one_of(st.none(), st.text(alphabet="\x1eNUL a", max_size=7), st.just(NULL_VALUE))


@settings(max_examples=200, deadline=None)
@given(st.lists(cells, max_size=12))
def test_keys_keep_null_and_every_text_apart(values: list[str | None]) -> None:
    keys = [to_key(v) for v in values]
    assert len(set(keys)) == len(set(values))
    assert [from_key(k) for k in keys] == values
    assert all((k == NULL_VALUE) == (v is None) for k, v in zip(keys, values, strict=True))


@pytest.mark.slow
@settings(max_examples=50, deadline=None)
@given(st.lists(cells, min_size=1, max_size=12))
def test_the_sql_forms_are_pythons_in_duckdb(values: list[str | None]) -> None:
    x = sqlglot.parse_one('"x"', read="duckdb")
    key = to_key_sql(x).sql("duckdb")
    back = from_key_sql(sqlglot.parse_one('"k"', read="duckdb")).sql("duckdb")
    rows = (
        duckdb.connect()
        .execute(
            f'SELECT "k", {back} FROM (SELECT "i", {key} AS "k" FROM '
            '(SELECT UNNEST($v) AS "x", GENERATE_SUBSCRIPTS($v, 1) AS "i")) ORDER BY "i"',
            {"v": values},
        )
        .fetchall()
    )
    assert [r[0] for r in rows] == [to_key(v) for v in values]
    assert [r[1] for r in rows] == values
