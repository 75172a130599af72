"""DuckDB, the embedded default engine: its facts as a :class:`Kind` (``engine.py`` runs it,
``catalog.py`` reads its catalog, ``rules.py`` holds its rewrite rules, none)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import duckdb

from sqlanon.engines.base import Engine
from sqlanon.engines.duckdb.rules import RULES
from sqlanon.engines.kind import Kind, Resolve
from sqlanon.engines.settings import EngineSettings
from sqlanon.errors import ConfigError
from sqlanon.keys import Key, enum, text, whole

_MEMORY = re.compile(r"^\s*\d+(\.\d+)?\s*(B|KB|MB|GB|TB|KIB|MIB|GIB|TIB)\s*$", re.IGNORECASE)

#: the keys of ``engine:`` for DuckDB (kind may be left out: DuckDB is the default)
KEYS = (
    Key("kind", enum(["duckdb"]), default="duckdb"),
    Key(
        "memory_limit",
        # _MEMORY, spelled without its IGNORECASE flag (JSON Schema's patterns take none)
        {
            "type": "string",
            "pattern": r"^\s*\d+(\.\d+)?\s*([bB]|[kKmMgGtT][iI]?[bB])\s*$",
            "description": "such as 8GB",
        },
        blank=True,
    ),
    Key("threads", whole(1), blank=True),
    Key("temp_directory", text(), description="the folder of its spill files", blank=True),
)


def _settings(value: Mapping[str, Any], resolve: Resolve) -> EngineSettings:
    unknown = set(value) - {k.name for k in KEYS}
    if unknown:
        raise ConfigError(
            f"Unknown engine option(s) {sorted(unknown)} for DuckDB; use memory_limit, threads, temp_directory"
            + (
                " (url and password_env are PostgreSQL's: set kind: postgres)."
                if unknown & {"url", "password_env"}
                else "."
            )
        )
    limit = value.get("memory_limit")
    if limit is not None and (not isinstance(limit, str) or not _MEMORY.match(limit)):
        raise ConfigError(f"engine.memory_limit must be a size such as '8GB' or '512MB', got {limit!r}.")
    threads = value.get("threads")
    if threads is not None and (isinstance(threads, bool) or not isinstance(threads, int) or threads < 1):
        raise ConfigError(f"engine.threads must be a whole number of at least 1, got {threads!r}.")
    folder = value.get("temp_directory")
    if folder is not None and (not isinstance(folder, str) or not folder.strip()):
        raise ConfigError(f"engine.temp_directory must be a folder path, got {folder!r}.")
    return EngineSettings(
        memory_limit=limit.strip() if limit else None,
        threads=threads,
        temp_directory=resolve(folder, "engine.temp_directory") if folder else None,
    )


def _open(settings: EngineSettings) -> Engine:
    from sqlanon.engines.duckdb.engine import DuckDBEngine

    if settings.connection is not None:
        return DuckDBEngine.borrow(settings.connection, threads=settings.threads)
    return DuckDBEngine(
        memory_limit=settings.memory_limit, threads=settings.threads, temp_directory=settings.temp_directory
    )


def _adopt(connection: Any) -> Any | None:
    """A DuckDB connection, or an object wrapping one as ``_cursor`` (as dbt-duckdb's Python
    models get it)."""
    if isinstance(connection, duckdb.DuckDBPyConnection):
        return connection
    wrapped = getattr(connection, "_cursor", None)
    if isinstance(wrapped, duckdb.DuckDBPyConnection):
        return wrapped
    return None


KIND = Kind(
    name="DuckDB",
    dialect="duckdb",
    reads_files=True,
    rules=RULES,
    settings=_settings,
    opener=_open,
    adopt=_adopt,
    connection_hint="an open DuckDB connection (duckdb.connect(...))",
    borrowed_keys=frozenset({"kind", "threads"}),
    connection_settings={
        "memory_limit": "SET memory_limit = ...",
        "temp_directory": "SET temp_directory = ...",
    },
    dbt=True,
    keys=KEYS,
)
