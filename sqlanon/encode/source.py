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
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path

from sqlglot import exp

from sqlanon import redact
from sqlanon.config import TableRef
from sqlanon.config.source_query import parse_query
from sqlanon.engines import Engine
from sqlanon.engines.duckdb.catalog import fold
from sqlanon.engines.settings import CsvOptions
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
    seen: dict[str, str] = {}
    for name in first:
        other = seen.get(fold(name))
        if other == name:
            raise DataError(
                f"The {what} file {str(path)!r} has two columns named {name!r}; rename one of them."
            )
        if other is not None:
            raise DataError(
                f"The {what} file {str(path)!r} has columns {other!r} and {name!r}, whose names differ only in "
                "case; SQL engines do not tell them apart. Rename one of them."
            )
        seen[fold(name)] = name
    return first


def _option(name: str, value: exp.Expr) -> exp.Expr:
    return exp.EQ(this=exp.column(name), expression=value)


#: characters DuckDB's file readers take as a glob pattern (and '\\', which escapes them)
_GLOB = re.compile(r"[*?\[\]{}\\]")


def _pattern_name(path: Path, what: str, reader: str) -> DataError:
    """The error for a file name that ``reader`` would read as a pattern."""
    return DataError(
        f"The {what} file {str(path)!r} has a name with characters {reader} reads as a file pattern "
        f"({', '.join(sorted(set(_GLOB.findall(str(path)))))}); rename it."
    )


def refuse_pattern(path: Path, what: str, reader: str) -> None:
    """A DataError when ``reader`` would read ``path`` as a file pattern, not as that file."""
    if _GLOB.search(str(path)):
        raise _pattern_name(path, what, reader)


@contextmanager
def exact_path(path: Path, what: str) -> Iterator[str]:
    """A file name DuckDB's readers take as exactly the file ``path``, never as a pattern.

    DuckDB expands ``*``, ``?`` and ``[...]`` in the names given to ``read_csv`` and
    ``read_parquet``: ``x[1].csv`` would read ``x1.csv`` and ``y*.csv`` every match. A name
    holding such characters is opened here and handed to DuckDB as ``/dev/fd/N``, which names
    the opened file itself (so it is also the file whose header was read); other names are
    given as they are, so that messages show them."""
    if not _GLOB.search(str(path)):
        yield str(path)
        return
    if not Path("/dev/fd").is_dir():
        raise _pattern_name(path, what, "DuckDB")
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError as err:
        raise DataError(f"Cannot read the {what} file {str(path)!r}: {err.strerror or err}.") from None
    try:
        yield f"/dev/fd/{fd}"
    finally:
        os.close(fd)


def _reader(
    ref: TableRef, csv: CsvOptions, engine: Engine, what: str, name: str, parallel: bool = True
) -> exp.Expr:
    """The relation reading ``ref``; ``name`` is the file name to give DuckDB (:func:`exact_path`);
    ``parallel`` false: a CSV file read by one thread (see :func:`read_table`)."""
    if ref.kind == "csv":
        columns = exp.Struct(
            expressions=[
                exp.PropertyEQ(this=exp.Literal.string(name), expression=exp.Literal.string("VARCHAR"))
                for name in csv_header(ref.file, csv, what)
            ]
        )
        args: list[exp.Expr] = [
            exp.Literal.string(name),
            _option("delim", exp.Literal.string(csv.delimiter)),
            _option("quote", exp.Literal.string(csv.quote)),
            _option("escape", exp.Literal.string(csv.escape)),
            _option("header", exp.Boolean(this=csv.header)),
            _option("columns", columns),
            _option("auto_detect", exp.Boolean(this=False)),
            _option("strict_mode", exp.Boolean(this=True)),
            _option("null_padding", exp.Boolean(this=False)),
        ]
        if csv.max_line_size is not None:
            args.append(_option("max_line_size", exp.Literal.number(csv.max_line_size)))
        if not parallel:
            args.append(_option("parallel", exp.Boolean(this=False)))
        return exp.Anonymous(this="read_csv", expressions=args)
    if ref.kind == "parquet":
        return exp.Anonymous(this="read_parquet", expressions=[exp.Literal.string(name)])
    try:
        alias = engine.attach(str(ref.path), read_only=True)
    except EngineError as err:
        if err.cause is not None:
            raise  # a lock, rights: its message says what to do
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
    return redact.first_line(str(err).removeprefix("The SQL engine failed: ")) or "unreadable"


_CSV_LINE = re.compile(r"CSV Error on Line: (\d+)")
_CSV_WIDTH = re.compile(r"Expected Number of Columns: (\d+) Found: (\d+)")
_CSV_SIZE = re.compile(r"Maximum line size of (\d+) bytes exceeded\. Actual Size: ?(\d+) bytes")
#: the limit DuckDB's message proposes (a little above the line's size: the line is not all it counts)
_CSV_SIZE_NEEDED = re.compile(r"max_line_size=(\d+)")
#: DuckDB's parallel CSV reader gives up on a line longer than its buffer, asking for one thread
_CSV_PARALLEL = "Parallel CSV Reader currently does not support a full read"
#: where each file read as ``what`` takes its CSV options, for messages
_CSV_OPTIONS = {
    "population": "population: {file: ..., csv: {max_line_size: ...}}",
    "release": "output: {file: ..., csv: {max_line_size: ...}}",
}


def _csv_hint(msg: str, what: str = "source") -> str:
    """A readable account of a DuckDB CSV error (ragged lines in particular)."""
    line = _CSV_LINE.search(msg)
    width = _CSV_WIDTH.search(msg)
    where = f"line {line.group(1)}" if line else "a line"
    if "invalid unicode" in msg.lower():
        return f"{where} is not valid UTF-8; save the file with UTF-8 encoding."
    size = _CSV_SIZE.search(msg)
    if size:
        limit, actual = (int(n) for n in size.groups())
        needed = _CSV_SIZE_NEEDED.search(msg)
        return (
            f"{where} is {actual:,} bytes long, more than DuckDB's limit of {limit:,} bytes per line (its "
            f"read_csv setting max_line_size). If the file's lines are that long, raise the limit to at least "
            f"{needed.group(1) if needed else actual + 2} with {_CSV_OPTIONS.get(what, 'csv: {max_line_size: ...}')} in the configuration; "
            "otherwise a line that long is usually a quote that is never closed, or a file that is not CSV: "
            "check csv: {quote: ...}."
        )
    if "unterminated quote" in msg.lower():
        return (
            f"{where} has a field that opens a quote and never closes it. Fix that line, or set csv: "
            "{quote: ...} to a character the file uses only for quoting."
        )
    if width:
        expected, found = width.groups()
        return (
            f"{where} has {found} fields but the header has {expected} (the CSV is ragged, or the "
            "delimiter/quote is wrong). Fix that line, or set csv: {delimiter: ..., quote: ...} in the "
            "configuration."
        )
    first = redact.first_line(msg) or "unreadable"
    return (
        f"{first} (at {where}). Check that every line has as many fields as the header and that "
        "csv: {delimiter: ..., quote: ...} match the file."
    )


def read_table(engine: Engine, ref: TableRef, csv: CsvOptions | None = None, what: str = "source") -> str:
    """Load ``ref`` into a new temp table and return its name; raise DataError if unreadable/empty.

    ``csv`` overrides the CSV options of ``ref`` (``ref.csv`` by default)."""
    csv = ref.csv if csv is None else csv
    if ref.kind == "table":
        return _read_server_table(engine, ref, what)
    if ref.kind == "query":
        return _read_query(engine, ref, what)
    if ref.folder and not ref.file.is_dir():
        raise DataError(f"The {what} folder {str(ref.path)!r} does not exist or is not a folder.")
    if ref.kind != "duckdb" and not ref.folder and not ref.file.is_file():
        raise DataError(f"The {what} file {str(ref.path)!r} does not exist or is not a file.")
    if engine.capabilities.file_reader == "reader":
        return _read_with_engine(engine, ref, csv, what)
    if ref.kind == "duckdb" and not ref.file.is_file():
        raise DataError(f"The {what} database {str(ref.path)!r} does not exist.")
    name = engine.temp_name(what)
    try:
        with exact_path(ref.file, what) if ref.kind != "duckdb" else nullcontext(str(ref.file)) as file_name:
            try:
                rows = _create(engine, name, _reader(ref, csv, engine, what, file_name))
            except EngineError as err:
                if err.cause is not None or ref.kind != "csv" or _CSV_PARALLEL not in str(err):
                    raise
                # a line longer than the parallel reader's buffer: one thread reads it, or names
                # the line and its length
                rows = _create(engine, name, _reader(ref, csv, engine, what, file_name, parallel=False))
    except EngineError as err:
        if err.cause is not None:
            raise  # out of memory, a full disk, a lock: its message says what to do
        msg = str(err).removeprefix("The SQL engine failed: ")
        if ref.kind == "csv":
            detail = _csv_hint(msg, what)
        elif ref.kind == "duckdb" and "Catalog Error" in msg:
            detail = f"there is no table {ref.qualified!r} in that database; check the table name."
        else:
            detail = _first_line(err)
        raise DataError(f"Cannot read the {_named(what, ref)}: {detail}") from None
    return _nonempty(name, rows, ref, what)


def _create(engine: Engine, name: str, reader: exp.Expr) -> int:
    """Temp table ``name`` holding the rows of ``reader``; its rows."""
    from_ = reader if isinstance(reader, exp.Table) else exp.Table(this=reader)
    return engine.create_counted(name, exp.select("*").from_(from_))


def _named(what: str, ref: TableRef) -> str:
    """``what`` and ``ref`` for a message (not "the table table 'x'")."""
    described = ref.describe()
    return described if what == "table" and described.startswith("table ") else f"{what} {described}"


def _nonempty(name: str, count: int, ref: TableRef, what: str) -> str:
    """``name``, which holds the ``count`` rows the source ``ref`` read, unless it holds none."""
    if count == 0:
        if what == "population":
            raise DataError(
                f"The {_named(what, ref)} has no rows; the journalist risk needs the persons the table is a "
                "sample of. Give the population's table, or remove population:."
            )
        raise DataError(f"The {_named(what, ref)} has no rows; there is nothing to anonymize or check.")
    return name


def _read_server_table(engine: Engine, ref: TableRef, what: str) -> str:
    """A table of the engine's own database, copied into a temp table in that database (the
    rows never leave it)."""
    name = engine.temp_name(what)
    source = ref.server_table()
    refuse_missing_table(engine, ref, what)
    try:
        rows = engine.create_counted(name, exp.select("*").from_(source))
    except EngineError as err:
        if err.cause is not None:
            raise  # rights, a lock, a lost connection: its message says what to do
        raise DataError(f"Cannot read the {_named(what, ref)}: {_first_line(err)}") from None
    return _nonempty(name, rows, ref, what)


def refuse_missing_table(engine: Engine, ref: TableRef, what: str) -> None:
    """A table of the engine's own database (``ref``, the ``what``) that its catalog does not
    have is refused, naming the schema or the table that is missing."""
    assert ref.table is not None
    server = engine.server
    if server is None or server.find(ref.schema, ref.table, ref.catalog) is not None:
        return
    namespace = engine.capabilities.namespace
    of = f" of the catalog {ref.catalog!r}" if ref.catalog else ""
    if ref.schema and not server.schema_exists(ref.schema, ref.catalog):
        detail = f"there is no {namespace} {ref.schema!r}{of}; check its name."
    else:
        where = (
            f"{namespace} {ref.schema!r}{of}"
            if ref.schema
            else f"the {namespace}s the engine searches by default"
        )
        detail = f"there is no table {ref.table!r} in {where}; check the name and the {namespace}."
    forgets = server.forgets()
    if forgets:
        detail += f" {forgets}"
    raise DataError(f"Cannot read the {_named(what, ref)}: {detail}")


def first_file(ref: TableRef, what: str) -> Path:
    """The file whose header names the columns: the file itself, or a folder's first part file
    (Spark writes the header in each; names starting with ``.`` or ``_`` are not data)."""
    if not ref.folder:
        return ref.file
    parts = sorted(
        p
        for p in ref.file.iterdir()
        if p.is_file() and not p.name.startswith((".", "_")) and p.suffix == ".csv"
    )
    if not parts:
        raise DataError(f"The {what} {ref.describe()} holds no .csv part file; there is nothing to read.")
    return parts[0]


def _read_with_engine(engine: Engine, ref: TableRef, csv: CsvOptions, what: str) -> str:
    """A CSV or Parquet file read by the engine's own reader (Spark) into a work table."""
    refuse_pattern(ref.file, what, "the engine")
    columns = csv_header(first_file(ref, what), csv, what) if ref.kind == "csv" else []
    name = engine.temp_name(what)
    try:
        engine.read_file(name, ref.file, ref.kind, csv, columns)
    except EngineError as err:
        if err.cause is not None:
            raise  # out of memory, a full disk, rights: its message says what to do
        hint = (
            " Check that every line has as many fields as the header, that the file is UTF-8, and that csv: "
            "{delimiter: ..., quote: ..., escape: ...} match the file."
            if ref.kind == "csv"
            else ""
        )
        raise DataError(f"Cannot read the {_named(what, ref)}: {_first_line(err)}.{hint}") from None
    return _nonempty(name, engine.count(name), ref, what)


def _read_query(engine: Engine, ref: TableRef, what: str) -> str:
    """The rows of a source query, in a temp table of the engine (run once, where the data is)."""
    assert ref.query is not None
    name = engine.temp_name(what)
    try:
        engine.create_temp_from_query(name, parse_query(ref.query, engine.capabilities.dialect))
    except EngineError as err:
        if err.cause is not None:
            raise  # rights, a lock, a lost connection: its message says what to do
        hint = (
            " A file the query reads is found from the working directory, not the configuration's folder."
            if "No files found" in str(err)
            else ""
        )
        named = "population" if what == "population" else "source"
        raise DataError(f"Cannot run the {named} query: {_first_line(err)}{hint}") from None
    if engine.count(name) == 0:
        if what == "population":
            raise DataError(
                "The population query returns no rows; the journalist risk needs the persons the table is a "
                "sample of. Give the population's rows, or remove population:."
            )
        raise DataError("The source query returns no rows; there is nothing to anonymize or check.")
    return name


__all__ = ["DIALECT", "csv_header", "read_table"]
