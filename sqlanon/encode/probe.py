"""``sqlanon validate --connect``: the engine has what a configuration names, read from its
catalog and the files' headers, never a row. The source (and the population) exists and holds
the configured columns; a table output's schema exists. Each problem is refused with the message
the run would give when it reads the data."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import dataclass

from sqlglot import exp

from sqlanon.config import Config, TableRef
from sqlanon.config.source_query import parse_query
from sqlanon.encode import check_names
from sqlanon.encode.source import (
    _first_line,
    _named,
    _reader,
    csv_header,
    exact_path,
    first_file,
    refuse_missing_table,
)
from sqlanon.engines import Engine
from sqlanon.errors import DataError, EngineError


@dataclass(frozen=True)
class Probed:
    """What ``--connect`` found: the source's columns (None: the engine cannot tell them without
    reading the data), and what it checked, for the one-line message."""

    columns: tuple[str, ...] | None
    checked: tuple[str, ...]


def check_population_names(present: Sequence[str], config: Config) -> None:
    """The population holds every quasi-identifier's column."""
    missing = [c.name for c in config.by_role("quasi") if c.name not in present]
    if missing:
        raise DataError(
            f"The population has no column(s) {missing}: it needs every quasi-identifier's column, named as in "
            f"the table (it has {sorted(present)})."
        )


def _exists(ref: TableRef, what: str) -> None:
    if ref.folder and not ref.file.is_dir():
        raise DataError(f"The {what} folder {str(ref.path)!r} does not exist or is not a folder.")
    if ref.kind in ("csv", "parquet") and not ref.folder and not ref.file.is_file():
        raise DataError(f"The {what} file {str(ref.path)!r} does not exist or is not a file.")
    if ref.kind == "duckdb" and not ref.file.is_file():
        raise DataError(f"The {what} database {str(ref.path)!r} does not exist.")


def columns_of(engine: Engine, ref: TableRef, what: str) -> list[str] | None:
    """The column names of ``ref`` (the ``what``), from the catalog or the file's header (a
    query is planned, not run); None when the engine reads the file only by reading its data
    (Parquet on Spark)."""
    if ref.kind == "table":
        refuse_missing_table(engine, ref, what)
        relation: exp.Expr = exp.select("*").from_(ref.server_table())
        return _described(engine, relation, ref, what)
    if ref.kind == "query":
        assert ref.query is not None
        return _described(engine, parse_query(ref.query, engine.capabilities.dialect), ref, what)
    if ref.kind == "relation":
        return None
    _exists(ref, what)
    if ref.kind == "csv":
        return csv_header(first_file(ref, what), ref.csv, what)
    if engine.capabilities.file_reader != "sql":
        return None
    try:
        with exact_path(ref.file, what) if ref.kind != "duckdb" else nullcontext(str(ref.file)) as name:
            reader = _reader(ref, ref.csv, engine, what, name)
            from_ = reader if isinstance(reader, exp.Table) else exp.Table(this=reader)
            return _described(engine, exp.select("*").from_(from_), ref, what)
    finally:
        if ref.kind == "duckdb":
            engine.detach(str(ref.path))


def _described(engine: Engine, query: exp.Expr, ref: TableRef, what: str) -> list[str]:
    try:
        return [name for name, _ in engine.describe(query)]
    except EngineError as err:
        if err.cause is not None:
            raise  # rights, a lock, a lost connection: its message says what to do
        msg = str(err)
        if ref.kind == "duckdb" and "Catalog Error" in msg:
            detail = f"there is no table {ref.qualified!r} in that database; check the table name."
        else:
            detail = _first_line(err)
        raise DataError(f"Cannot read the {_named(what, ref)}: {detail}") from None


def probe(engine: Engine, config: Config, gate: bool = False) -> Probed:
    """Check on ``engine`` that ``config``'s source (and population) exist and hold its
    columns, and that a table output's schema exists; raise DataError naming what is missing.
    ``gate``: the source is a release being checked (identifier columns may be gone)."""
    checked = []
    columns = columns_of(engine, config.source, "source")
    if columns is not None:
        check_names(columns, config, "source", gate)
        checked.append(f"the source's {len(columns)} columns")
    else:
        checked.append("the source")
    if config.population is not None:
        present = columns_of(engine, config.population, "population")
        if present is not None:
            check_population_names(present, config)
        checked.append("the population")
    output = config.output
    server = engine.server
    if output is not None and output.kind == "table" and output.schema and server is not None:
        if not server.schema_exists(output.schema, output.catalog):
            namespace = engine.capabilities.namespace
            raise DataError(
                f"The output {{table: {output.qualified}}} is in the {namespace} {output.schema!r}, which the engine "
                f"does not have; create it first or check its name."
            )
        checked.append(f"the output's {engine.capabilities.namespace}")
    return Probed(None if columns is None else tuple(columns), tuple(checked))
