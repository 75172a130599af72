"""Read a source or published table into the engine once, as a temporary table.

CSV files are read as text (every column VARCHAR) so that values match hierarchy labels
exactly as written; Parquet and DuckDB tables keep their types.
"""

from __future__ import annotations

from sqlglot import exp

from sqlanon.config import CsvOptions, TableRef
from sqlanon.engine import Engine
from sqlanon.errors import DataError, EngineError
from sqlanon.sql.render import DIALECT


def _reader(ref: TableRef, csv: CsvOptions, engine: Engine) -> exp.Expression:
    if ref.kind == "csv":
        args: list[exp.Expression] = [
            exp.Literal.string(str(ref.path)),
            *(
                exp.EQ(this=exp.column(name), expression=value)
                for name, value in (
                    ("delim", exp.Literal.string(csv.delimiter)),
                    ("quote", exp.Literal.string(csv.quote)),
                    ("escape", exp.Literal.string(csv.escape)),
                    ("header", exp.Boolean(this=csv.header)),
                    ("all_varchar", exp.Boolean(this=True)),
                    ("strict_mode", exp.Boolean(this=True)),
                    ("null_padding", exp.Boolean(this=False)),
                    ("auto_detect", exp.Boolean(this=True)),
                )
            ),
        ]
        return exp.Anonymous(this="read_csv", expressions=args)
    if ref.kind == "parquet":
        return exp.Anonymous(this="read_parquet", expressions=[exp.Literal.string(str(ref.path))])
    alias = engine.attach(str(ref.path), read_only=True)
    return exp.Table(
        this=exp.to_identifier(ref.table, quoted=True), db=exp.to_identifier(alias, quoted=True)
    )


def read_table(engine: Engine, ref: TableRef, csv: CsvOptions, what: str = "source") -> str:
    """Load ``ref`` into a new temp table and return its name; raise DataError if unreadable/empty."""
    if ref.kind != "duckdb" and not ref.path.is_file():
        raise DataError(f"The {what} file {str(ref.path)!r} does not exist or is not a file.")
    if ref.kind == "duckdb" and not ref.path.is_file():
        raise DataError(f"The {what} database {str(ref.path)!r} does not exist.")
    name = engine.temp_name(what)
    reader = _reader(ref, csv, engine)
    from_ = reader if isinstance(reader, exp.Table) else exp.Table(this=reader)
    create = exp.Create(
        this=exp.to_table(name, quoted=True),
        kind="TABLE",
        properties=exp.Properties(expressions=[exp.TemporaryProperty()]),
        expression=exp.select("*").from_(from_),
    )
    try:
        engine.execute(create)
    except EngineError as err:
        msg = str(err).removeprefix("The SQL engine failed: ")
        hint = ""
        if ref.kind == "csv" and ("column" in msg.lower() or "expected" in msg.lower()):
            hint = (
                " The CSV looks ragged (a line with more or fewer fields than the header), or the "
                "delimiter/quote is wrong: set csv: {delimiter: ..., quote: ...} in the configuration."
            )
        raise DataError(f"Cannot read the {what} {ref.describe()}: {msg.splitlines()[0]}{hint}") from None
    (count,) = engine.fetchone(exp.select(exp.Count(this=exp.Star())).from_(exp.to_table(name, quoted=True)))
    if count == 0:
        raise DataError(f"The {what} {ref.describe()} has no rows; there is nothing to anonymize or check.")
    return name


__all__ = ["read_table", "DIALECT"]
