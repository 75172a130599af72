"""The numbers ``aggregate:`` (microaggregation, :mod:`sqlanon.release.micro`) reads: checked
when the source is encoded, before any search, so that a column holding text that is not a
number is named (with how many rows, never a value) before the search's work is spent."""

from __future__ import annotations

import re
from collections.abc import Sequence

from sqlglot import exp

from sqlanon.engines import Engine
from sqlanon.errors import DataError

#: the column types whose values are numbers (DuckDB's, PostgreSQL's and Spark's names)
_NUMERIC = re.compile(
    r"^(TINYINT|SMALLINT|INTEGER|INT|BIGINT|HUGEINT|UTINYINT|USMALLINT|UINTEGER|UBIGINT|UHUGEINT|INT[248]|"
    r"FLOAT[48]?|REAL|DOUBLE( PRECISION)?|DECIMAL|NUMERIC|LONG|SHORT|BYTE)\b",
    re.IGNORECASE,
)
#: a number as text (what CAST(... AS DOUBLE) reads on every engine): decimal, optional exponent
NUMBER = r"^[+-]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][+-]?[0-9]+)?$"


def check_numeric(engine: Engine, source: str, columns: Sequence[tuple[str, str]]) -> None:
    """A clear error when a column aggregated by ``aggregate:`` ((column, function) pairs) has
    values that are not numbers (how many rows, never a value), before any search: a numeric
    column passes; a text column's trimmed values must read as a decimal number (an empty one
    is a missing value, as NULL)."""
    table = exp.Table(this=exp.to_identifier(source, quoted=True))
    cols = [exp.column(exp.to_identifier(name, quoted=True)) for name, _ in columns]
    types = engine.describe(exp.select(*cols).from_(table))
    for (name, function), col, (_, typ) in zip(columns, cols, types, strict=True):
        if _NUMERIC.match(typ.strip()) is not None:
            continue
        text = exp.func("NULLIF", exp.Trim(this=exp.cast(col.copy(), "VARCHAR")), exp.Literal.string(""))
        bad = exp.and_(
            exp.Not(this=exp.Is(this=text, expression=exp.null())),
            exp.Not(this=exp.RegexpLike(this=text.copy(), expression=exp.Literal.string(NUMBER))),
        )
        (count,) = engine.fetchone(exp.select(exp.func("COUNT", exp.Star())).from_(table.copy()).where(bad))
        if count:
            raise DataError(
                f"Column {name!r}: aggregate: {function} needs numbers, and {int(count):,} row(s) hold a value "
                "that is not a number. Clean or cast the column in the source (source: {query: ...}), or remove "
                "aggregate."
            )


__all__ = ["NUMBER", "check_numeric"]
