"""SQL engines behind one protocol (:class:`Engine`); what each can do is data
(:class:`Capabilities`), and how canonical SQL becomes its SQL is data too (``rules.py``).

``duckdb`` (embedded, the default), ``postgres`` (a server's tables) and ``spark`` (a cluster's
tables, or local mode) run the whole pipeline;
``open_engine`` opens the engine a configuration's ``engine:`` names.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlanon.engines.base import Capabilities, Engine, Load, Params, SqlLike
from sqlanon.engines.settings import EngineSettings
from sqlanon.errors import ConfigError


def _duckdb(settings: EngineSettings) -> Engine:
    from sqlanon.engines.duckdb import DuckDBEngine

    if settings.connection is not None:
        return DuckDBEngine.borrow(settings.connection, threads=settings.threads)
    return DuckDBEngine(
        memory_limit=settings.memory_limit, threads=settings.threads, temp_directory=settings.temp_directory
    )


def _postgres(settings: EngineSettings) -> Engine:
    try:
        from sqlanon.engines.postgres import PostgresEngine
    except ImportError:
        raise ConfigError('engine kind postgres needs psycopg: pip install "sqlanon[postgres]".') from None
    if settings.connection is not None:
        return PostgresEngine.borrow(settings.connection)
    assert settings.url is not None
    return PostgresEngine(settings.url, settings.password_env)


def _spark(settings: EngineSettings) -> Engine:
    try:
        from sqlanon.engines.spark import SparkEngine
    except ImportError:
        raise ConfigError('engine kind spark needs pyspark: pip install "sqlanon[spark]".') from None
    if settings.connection is not None:
        return SparkEngine.borrow(settings.connection)
    return SparkEngine(settings.master, settings.conf)


@dataclass(frozen=True)
class Kind:
    """An engine kind as the configuration and messages know it before it is opened."""

    #: how messages name it
    name: str
    #: whether it reads CSV and Parquet sources itself (its ``Capabilities.file_reader`` is not
    #: empty; known before an engine is opened)
    reads_files: bool
    #: how it is opened (imported only when asked for: psycopg and pyspark are extras)
    opener: Callable[[EngineSettings], Engine]


#: every engine kind, the one list of them (``engine: {kind: ...}``)
KINDS: dict[str, Kind] = {
    "duckdb": Kind("DuckDB", True, _duckdb),
    "postgres": Kind("PostgreSQL", False, _postgres),
    "spark": Kind("Spark", True, _spark),
}
ENGINES = tuple(KINDS)
#: the engine kinds that read CSV and Parquet sources
READS_FILES = tuple(kind for kind, facts in KINDS.items() if facts.reads_files)
#: how messages name each engine kind
ENGINE_NAMES = {kind: facts.name for kind, facts in KINDS.items()}


def open_engine(settings: EngineSettings) -> Engine:
    """Open the engine ``settings`` (a configuration's ``engine:``) describe, or run on the
    caller's connection they carry."""
    return KINDS[settings.kind].opener(settings)


def connection_kind(connection: Any) -> tuple[str, Any]:
    """The engine kind of a caller's open connection, and the connection itself: a DuckDB
    connection (or an object wrapping one as ``_cursor``, as dbt-duckdb's Python models get
    it), a psycopg (3) connection or a SparkSession; anything else is refused, saying what is
    accepted. Only modules the caller has imported are looked at (psycopg and pyspark are
    extras)."""
    import duckdb

    if isinstance(connection, duckdb.DuckDBPyConnection):
        return "duckdb", connection
    wrapped = getattr(connection, "_cursor", None)
    if isinstance(wrapped, duckdb.DuckDBPyConnection):
        return "duckdb", wrapped
    psycopg = sys.modules.get("psycopg")
    if psycopg is not None and isinstance(connection, psycopg.Connection):
        return "postgres", connection
    if psycopg is not None and isinstance(connection, psycopg.AsyncConnection):
        raise ConfigError(
            "connection is an asynchronous psycopg connection; sqlanon runs on a synchronous one "
            "(psycopg.connect(...))."
        )
    connect = sys.modules.get("pyspark.sql.connect.session")
    if connect is not None and isinstance(connection, connect.SparkSession):
        raise ConfigError(
            "connection is a Spark Connect session; sqlanon runs on a classic SparkSession (local mode or a "
            "cluster), or builds one itself with engine: {kind: spark}."
        )
    session = sys.modules.get("pyspark.sql.session")
    if session is not None and isinstance(connection, session.SparkSession):
        return "spark", connection
    raise ConfigError(
        f"connection must be an open DuckDB connection (duckdb.connect(...)), a psycopg connection "
        f"(psycopg.connect(...)) or a SparkSession; got {type(connection).__name__}."
    )


__all__ = [
    "ENGINES",
    "ENGINE_NAMES",
    "KINDS",
    "READS_FILES",
    "Capabilities",
    "Engine",
    "EngineSettings",
    "Kind",
    "Load",
    "Params",
    "SqlLike",
    "connection_kind",
    "open_engine",
]
