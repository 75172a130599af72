"""SQL engines behind one protocol (:class:`Engine`); what each can do is data
(:class:`Capabilities`), and how canonical SQL becomes its SQL is data too (each engine's
``rules.py``).

``duckdb`` (embedded, the default), ``postgres`` (a server's tables) and ``spark`` (a cluster's
tables, or local mode) run the whole pipeline;
``open_engine`` opens the engine a configuration's ``engine:`` names.
"""

from __future__ import annotations

from typing import Any

from sqlanon.engines import duckdb, postgres, spark
from sqlanon.engines.base import Capabilities, Engine, Load, Params, SqlLike
from sqlanon.engines.kind import Kind
from sqlanon.engines.settings import EngineSettings
from sqlanon.errors import ConfigError

#: every engine kind, the one list of them (``engine: {kind: ...}``): an engine is its package
#: (``engines/<kind>/``: its ``Kind`` facts, engine and rules) and one line here
KINDS: dict[str, Kind] = {
    "duckdb": duckdb.KIND,
    "postgres": postgres.KIND,
    "spark": spark.KIND,
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
    """The engine kind of a caller's open connection, and the connection itself (each kind's
    ``adopt`` says whether it is one of its own: a DuckDB connection, or an object wrapping one
    as dbt-duckdb's Python models get it; a psycopg (3) connection; a SparkSession); anything
    else is refused, saying what is accepted. Only modules the caller has imported are looked
    at (psycopg and pyspark are extras)."""
    for kind, facts in KINDS.items():
        adopted = facts.adopt(connection)
        if adopted is not None:
            return kind, adopted
    hints = [facts.connection_hint for facts in KINDS.values()]
    raise ConfigError(
        f"connection must be {', '.join(hints[:-1])} or {hints[-1]}; got {type(connection).__name__}."
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
