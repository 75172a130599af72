"""The number rule of sqlanon.numbers against DuckDB's own cast, on many random strings."""

from __future__ import annotations

import duckdb
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sqlanon.numbers import is_number, parse_number

#: strings built from the characters numbers are written with, and a few that only look numeric
NUMBERISH = st.text(
    alphabet=st.sampled_from(list("0123456789+-.eE _\t\n") + ["٣", "１", "x", "n", "a", "i", "f"]),
    max_size=12,
)


@pytest.fixture(scope="module")
def con() -> duckdb.DuckDBPyConnection:
    return duckdb.connect()


@settings(max_examples=600, deadline=None)
@given(
    text=st.one_of(
        NUMBERISH, st.from_regex(r"\s?[+-]?\d{1,4}(\.\d{0,3})?([eE][+-]?\d{1,3})?\s?", fullmatch=True)
    )
)
@pytest.mark.slow
def test_every_number_casts_in_duckdb_to_the_same_value(con: duckdb.DuckDBPyConnection, text: str) -> None:
    (cast,) = con.execute("SELECT TRY_CAST(? AS DOUBLE)", [text]).fetchone()
    number = parse_number(text)
    if number is not None:
        assert cast == number, (text, cast, number)


@pytest.mark.parametrize(
    "text", ["1_000", "٣", "１", "١٢", "nan", "inf", "-Infinity", "1e400", "0x10", "1,5", "", " ", "1e", "."]
)
def test_texts_python_or_duckdb_read_loosely_are_not_numbers(text: str) -> None:
    assert not is_number(text)


@pytest.mark.parametrize(
    ("text", "value"),
    [("42", 42.0), (" -1.5 ", -1.5), ("+.5", 0.5), ("5.", 5.0), ("1E+3", 1000.0), ("007", 7.0)],
)
def test_plain_decimals_are_numbers(text: str, value: float) -> None:
    assert parse_number(text) == value
