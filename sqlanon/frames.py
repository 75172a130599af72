"""DataFrames in and out of the Python API: a pandas or Polars DataFrame, a PyArrow Table or
RecordBatchReader, or any object with the Arrow PyCapsule stream interface
(``__arrow_c_stream__``) as ``source`` or ``population`` of a mapping configuration, run in an
embedded DuckDB connection of sqlanon's own, and the release returned in the caller's type.

DuckDB scans a pandas DataFrame, a Polars DataFrame and an Arrow table where they are, without
a copy; a PyArrow RecordBatchReader can be read only once, and sqlanon reads the source more
than once, so it is first read into an Arrow table (in memory). The caller's object is only
read, never changed. pandas, Polars and PyArrow are imported only when the source is one.

PyArrow is needed only for PyArrow's own objects: a Polars DataFrame goes in and comes back
through the Arrow PyCapsule interface alone (DuckDB's Polars path would import PyArrow, which
Polars does not need), and a pandas DataFrame through DuckDB's own pandas scan. The release of
another Arrow stream comes back as a PyArrow Table, so without PyArrow such a source needs an
``output``, which is said before any work.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlanon.errors import ConfigError

#: the keys of a configuration that may hold a DataFrame
FRAME_KEYS = ("source", "population")
#: the type a release comes back as, by :func:`frame_kind`
TYPE_NAMES = {"pandas": "a pandas DataFrame", "polars": "a Polars DataFrame", "arrow": "a PyArrow Table"}


def frame_kind(value: Any) -> str | None:
    """``"pandas"``, ``"polars"`` or ``"arrow"`` (a PyArrow Table or RecordBatchReader, or any
    Arrow stream) when ``value`` is a DataFrame sqlanon reads; None otherwise (DuckDB relations
    and Spark DataFrames are the connection's, as before)."""
    if value is None or isinstance(value, (str, bytes, Path, Mapping, list, tuple)):
        return None
    module = type(value).__module__.split(".")[0]
    name = type(value).__name__
    if module in ("duckdb", "_duckdb", "pyspark"):
        return None
    if module == "pandas":
        return "pandas" if name == "DataFrame" else None
    if module == "polars":
        return "polars" if name == "DataFrame" else None
    if hasattr(type(value), "__arrow_c_stream__"):
        return "arrow"
    return None


def has_frame(data: Any) -> bool:
    """Whether a mapping configuration holds a DataFrame as source or population."""
    return isinstance(data, Mapping) and any(frame_kind(data.get(key)) is not None for key in FRAME_KEYS)


def check_frame_value(data: Mapping[str, Any]) -> None:
    """A Polars LazyFrame or a pandas Series as source: say what works."""
    for key in FRAME_KEYS:
        value = data.get(key)
        module = type(value).__module__.split(".")[0]
        if module in ("pandas", "polars") and frame_kind(value) is None:
            hint = ".collect()" if type(value).__name__ == "LazyFrame" else ".to_frame()"
            raise ConfigError(
                f"The {key} is a {module} {type(value).__name__}; pass a DataFrame (for example {hint})."
            )


def _engine_kind(value: Any) -> Any:
    if isinstance(value, Mapping):
        return value.get("kind", "duckdb" if "url" not in value and "master" not in value else None)
    return "duckdb"


def refuse_engine(data: Mapping[str, Any], connection: Any) -> None:
    """A DataFrame runs in DuckDB only: a clear error for a PostgreSQL or Spark engine or
    connection."""
    key = next(k for k in FRAME_KEYS if frame_kind(data.get(k)) is not None)
    what = f"The {key} is a {type(data[key]).__name__}, which sqlanon reads with its embedded DuckDB only"
    if connection is not None:
        module = type(connection).__module__.split(".")[0]
        if module not in ("duckdb", "_duckdb"):
            raise ConfigError(
                f"{what}, but the connection given is not a DuckDB connection: write the DataFrame to a table "
                "of that database first and name it with {table: name}"
                + (", or pass a Spark DataFrame of that session" if module == "pyspark" else "")
                + "; or leave connection= out to run it in DuckDB."
            )
    kind = _engine_kind(data.get("engine"))
    if kind != "duckdb":
        raise ConfigError(
            f"{what}, but the configuration's engine is {kind or 'not DuckDB'}: write the DataFrame to a table of "
            "that engine first and name it with {table: name} (with Spark, a Spark DataFrame passed with "
            "connection=spark works too), or leave engine: out to run it in DuckDB."
        )


class _Stream:
    """An Arrow stream of ``frame`` through its ``__arrow_c_stream__`` alone: DuckDB reads it as
    a stream it can export again at each scan, not as the library it recognizes by type."""

    def __init__(self, frame: Any) -> None:
        self.frame = frame

    def __arrow_c_stream__(self, requested_schema: Any = None) -> Any:
        return self.frame.__arrow_c_stream__(requested_schema)


def _has_pyarrow() -> bool:
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        return False
    return True


def check_release_type(data: Mapping[str, Any]) -> None:
    """Without PyArrow, a source that is an Arrow stream of another library than pandas,
    Polars or PyArrow (whose release would come back as a PyArrow Table) needs an output."""
    source = data.get("source")
    if frame_kind(source) != "arrow" or data.get("output") is not None:
        return
    if type(source).__module__.split(".")[0] != "pyarrow" and not _has_pyarrow():
        raise ConfigError(
            f"The source is an Arrow stream ({type(source).__name__}), whose release sqlanon returns as a PyArrow "
            "Table, and PyArrow is not installed: pip install pyarrow, or give an output to write the release to."
        )


def relation_of(con: Any, value: Any) -> Any:
    """``value`` (a DataFrame, :func:`frame_kind`) as a relation of the DuckDB connection
    ``con``, read where it is when Arrow allows."""
    kind = frame_kind(value)
    if kind == "pandas":
        return con.from_df(value)
    if kind == "polars":
        return con.from_arrow(_Stream(value))  # Polars' own Arrow export: no PyArrow needed
    if type(value).__module__.split(".")[0] == "pyarrow" and type(value).__name__ == "RecordBatchReader":
        value = value.read_all()  # a stream read once; sqlanon reads its source more than once
    return con.from_arrow(value)


def as_caller_type(kind: str, relation: Any) -> Any:
    """The release (a DuckDB relation) as the caller's type: pandas, Polars or PyArrow."""
    if kind == "pandas":
        return relation.df(date_as_object=True)  # a DATE stays a datetime.date, as it came in
    if kind == "polars":
        import polars

        return polars.DataFrame(relation)  # through the relation's Arrow stream: no PyArrow needed
    return relation.to_arrow_table()


@contextmanager
def frame_run(
    data: Mapping[str, Any], base_dir: Path, connection: Any, open_connection: Callable[[Any, Path], Any]
) -> Iterator[tuple[dict[str, Any], Any, str | None]]:
    """The configuration ``data`` with its DataFrames as relations of a DuckDB connection, that
    connection, and the kind of the source's DataFrame (None: the source is no DataFrame).

    Without ``connection``, the connection is sqlanon's own, opened by ``open_connection(engine
    value, base_dir)`` (an engine of the configuration's DuckDB settings) and closed on exit."""
    check_frame_value(data)
    refuse_engine(data, connection)
    check_release_type(data)
    engine = None
    view: str | None = None
    config = dict(data)
    if connection is None:
        engine = open_connection(data.get("engine"), base_dir)
        con = engine.con
        threads = data["engine"].get("threads") if isinstance(data.get("engine"), Mapping) else None
        config["engine"] = {"kind": "duckdb"} | ({"threads": threads} if threads is not None else {})
    else:
        con = connection
    try:
        kind = frame_kind(data.get("source"))
        if kind is not None:
            config["source"] = relation_of(con, data["source"])
        population = data.get("population")
        if frame_kind(population) is not None:
            view = f"sqlanon_population_{secrets.token_hex(4)}"
            con.register(view, relation_of(con, population))
            config["population"] = {"table": view}
        yield config, con, kind
    finally:
        if engine is not None:
            engine.close()
        elif view is not None:
            try:
                con.unregister(view)
            except Exception:
                pass
