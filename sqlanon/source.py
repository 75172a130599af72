"""Read a source or published table into the engine once, as a temporary table.

CSV files are read as text (every column VARCHAR) so that values match hierarchy labels
exactly as written; Parquet and DuckDB tables keep their types.

The header of a CSV file is parsed here (with the configured delimiter, quote and escape) and
the file is then read with exactly those columns and no type or dialect sniffing: every data
line must have as many fields as the header, so a ragged file is an error, never a silently
different table (the sniffer would otherwise take a wider last line for the header).
"""

from __future__ import annotations

import csv as csvlib
import re
from pathlib import Path

from sqlglot import exp

from sqlanon.config import CsvOptions, TableRef
from sqlanon.engine import Engine
from sqlanon.errors import DataError, EngineError
from sqlanon.sql.render import DIALECT


def csv_header(path: Path, options: CsvOptions, what: str = "source") -> list[str]:
    """The column names of the CSV file at ``path`` (``column0``... when it has no header)."""
    dialect = {
        "delimiter": options.delimiter,
        "quotechar": options.quote,
        "doublequote": options.escape == options.quote,
        "escapechar": None if options.escape == options.quote else options.escape,
        "strict": True,
    }
    try:
        with path.open(encoding="utf-8-sig", newline="") as fh:
            first = next(csvlib.reader(fh, **dialect), None)  # type: ignore[arg-type]
    except UnicodeDecodeError as err:
        raise DataError(
            f"The {what} file {str(path)!r} is not valid UTF-8 (byte 0x{err.object[err.start]:02x} near "
            f"offset {err.start}); save it with UTF-8 encoding."
        ) from None
    except csvlib.Error as err:
        raise DataError(
            f"The header line of the {what} file {str(path)!r} is not valid CSV ({err}); check its quoting "
            "and the csv: {delimiter: ..., quote: ...} settings."
        ) from None
    except OSError as err:
        raise DataError(f"Cannot read the {what} file {str(path)!r}: {err.strerror or err}.") from None
    if not first or first == [""]:
        raise DataError(
            f"The {what} file {str(path)!r} is empty: it needs a header line naming the columns, then rows."
        )
    if not options.header:
        width = len(str(len(first) - 1))
        return [f"column{i:0{width}d}" for i in range(len(first))]
    empty = [i + 1 for i, name in enumerate(first) if not name.strip()]
    if empty:
        raise DataError(
            f"The header of the {what} file {str(path)!r} has an empty column name (field {empty[0]} of "
            f"{len(first)}); name every column."
        )
    seen: set[str] = set()
    for name in first:
        if name in seen:
            raise DataError(
                f"The {what} file {str(path)!r} has two columns named {name!r}; rename one of them."
            )
        seen.add(name)
    return first


def _option(name: str, value: exp.Expr) -> exp.Expr:
    return exp.EQ(this=exp.column(name), expression=value)


def _reader(ref: TableRef, csv: CsvOptions, engine: Engine, what: str) -> exp.Expr:
    if ref.kind == "csv":
        columns = exp.Struct(
            expressions=[
                exp.PropertyEQ(this=exp.Literal.string(name), expression=exp.Literal.string("VARCHAR"))
                for name in csv_header(ref.path, csv, what)
            ]
        )
        args: list[exp.Expr] = [
            exp.Literal.string(str(ref.path)),
            _option("delim", exp.Literal.string(csv.delimiter)),
            _option("quote", exp.Literal.string(csv.quote)),
            _option("escape", exp.Literal.string(csv.escape)),
            _option("header", exp.Boolean(this=csv.header)),
            _option("columns", columns),
            _option("auto_detect", exp.Boolean(this=False)),
            _option("strict_mode", exp.Boolean(this=True)),
            _option("null_padding", exp.Boolean(this=False)),
        ]
        return exp.Anonymous(this="read_csv", expressions=args)
    if ref.kind == "parquet":
        return exp.Anonymous(this="read_parquet", expressions=[exp.Literal.string(str(ref.path))])
    try:
        alias = engine.attach(str(ref.path), read_only=True)
    except EngineError as err:
        raise DataError(
            f"Cannot open the {what} database {str(ref.path)!r} ({_first_line(err)}); give a DuckDB "
            "database file that no other program is writing to."
        ) from None
    return exp.Table(
        this=exp.to_identifier(ref.table, quoted=True),
        db=exp.to_identifier(ref.schema, quoted=True),
        catalog=exp.to_identifier(alias, quoted=True),
    )


def _first_line(err: Exception) -> str:
    return str(err).removeprefix("The SQL engine failed: ").strip().splitlines()[0]


_CSV_LINE = re.compile(r"CSV Error on Line: (\d+)")
_CSV_WIDTH = re.compile(r"Expected Number of Columns: (\d+) Found: (\d+)")


def _csv_hint(msg: str) -> str:
    """A readable account of a DuckDB CSV error (ragged lines in particular)."""
    line = _CSV_LINE.search(msg)
    width = _CSV_WIDTH.search(msg)
    where = f"line {line.group(1)}" if line else "a line"
    if "invalid unicode" in msg.lower():
        return f"{where} is not valid UTF-8; save the file with UTF-8 encoding."
    if width:
        expected, found = width.groups()
        return (
            f"{where} has {found} fields but the header has {expected} (the CSV is ragged, or the "
            "delimiter/quote is wrong). Fix that line, or set csv: {delimiter: ..., quote: ...} in the "
            "configuration."
        )
    first = msg.strip().splitlines()[0] if msg.strip() else "unreadable"
    return (
        f"{first} (at {where}). Check that every line has as many fields as the header and that "
        "csv: {delimiter: ..., quote: ...} match the file."
    )


def read_table(engine: Engine, ref: TableRef, csv: CsvOptions | None = None, what: str = "source") -> str:
    """Load ``ref`` into a new temp table and return its name; raise DataError if unreadable/empty.

    ``csv`` overrides the CSV options of ``ref`` (``ref.csv`` by default)."""
    csv = ref.csv if csv is None else csv
    if ref.kind != "duckdb" and not ref.path.is_file():
        raise DataError(f"The {what} file {str(ref.path)!r} does not exist or is not a file.")
    if ref.kind == "duckdb" and not ref.path.is_file():
        raise DataError(f"The {what} database {str(ref.path)!r} does not exist.")
    name = engine.temp_name(what)
    reader = _reader(ref, csv, engine, what)
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
        if ref.kind == "csv":
            detail = _csv_hint(msg)
        elif ref.kind == "duckdb" and "Catalog Error" in msg:
            detail = f"there is no table {ref.qualified!r} in that database; check the table name."
        else:
            detail = _first_line(err)
        raise DataError(f"Cannot read the {what} {ref.describe()}: {detail}") from None
    (count,) = engine.fetchone(exp.select(exp.Count(this=exp.Star())).from_(exp.to_table(name, quoted=True)))
    if count == 0:
        raise DataError(f"The {what} {ref.describe()} has no rows; there is nothing to anonymize or check.")
    return name


__all__ = ["DIALECT", "csv_header", "read_table"]
