"""SQL engines behind one protocol (:class:`Engine`); what each can do is data
(:class:`Capabilities`), and how canonical SQL becomes its SQL is data too (``rules.py``).

``duckdb`` (embedded, the default), ``postgres`` (a server's tables) and ``spark`` (a cluster's
tables, or local mode) run the whole pipeline;
``open_engine`` opens the engine a configuration's ``engine:`` names.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from sqlanon.engines.base import Capabilities, Engine, Params, SqlLike
from sqlanon.errors import ConfigError

if TYPE_CHECKING:
    from sqlanon.config import EngineSettings


def _duckdb(settings: EngineSettings) -> Engine:
    from sqlanon.engines.duckdb import DuckDBEngine

    return DuckDBEngine(
        memory_limit=settings.memory_limit, threads=settings.threads, temp_directory=settings.temp_directory
    )


def _postgres(settings: EngineSettings) -> Engine:
    try:
        from sqlanon.engines.postgres import PostgresEngine
    except ImportError:
        raise ConfigError('engine kind postgres needs psycopg: pip install "sqlanon[postgres]".') from None
    assert settings.url is not None
    return PostgresEngine(settings.url, settings.password_env)


def _spark(settings: EngineSettings) -> Engine:
    try:
        from sqlanon.engines.spark import SparkEngine
    except ImportError:
        raise ConfigError('engine kind spark needs pyspark: pip install "sqlanon[spark]".') from None
    return SparkEngine(settings.master, settings.conf)


#: how each engine kind is opened (imported only when asked for: psycopg is an extra)
OPENERS: dict[str, Callable[[EngineSettings], Engine]] = {
    "duckdb": _duckdb,
    "postgres": _postgres,
    "spark": _spark,
}


def open_engine(settings: EngineSettings) -> Engine:
    """Open the engine ``settings`` (a configuration's ``engine:``) describe."""
    return OPENERS[settings.kind](settings)


__all__ = ["Capabilities", "Engine", "Params", "SqlLike", "open_engine"]
