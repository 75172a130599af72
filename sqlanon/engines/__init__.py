"""SQL engines behind one protocol (:class:`Engine`); what each can do is data
(:class:`Capabilities`), and how canonical SQL becomes its SQL is data too (``rules.py``).

``duckdb`` (embedded, the default) is the engine available today; ``open_engine`` opens the
engine a configuration's ``engine:`` names.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlanon.engines.base import Capabilities, Engine, Params, SqlLike

if TYPE_CHECKING:
    from sqlanon.config import EngineSettings


def open_engine(settings: EngineSettings) -> Engine:
    """Open the engine ``settings`` (a configuration's ``engine:``) describe."""
    from sqlanon.engines.duckdb import DuckDBEngine

    return DuckDBEngine(
        memory_limit=settings.memory_limit, threads=settings.threads, temp_directory=settings.temp_directory
    )


__all__ = ["Capabilities", "Engine", "Params", "SqlLike", "open_engine"]
