"""Error types. Every error a user can cause is a :class:`SqlanonError`.

The CLI turns :class:`InputError` into exit code 2 with its message and no traceback.
"""

from __future__ import annotations

import reprlib
from typing import Any

_BRIEF = reprlib.Repr()
_BRIEF.maxlevel = 2
_BRIEF.maxdict = _BRIEF.maxlist = _BRIEF.maxtuple = _BRIEF.maxset = 6
_BRIEF.maxstring = _BRIEF.maxother = 80


def brief(value: Any) -> str:
    """``repr(value)`` cut short (nested and long values abbreviated with '...'), for error
    messages: what a message prints of a configuration value stays a line, whatever the value."""
    text = _BRIEF.repr(value)
    return text if len(text) <= 160 else text[:150] + "...(cut)"


class SqlanonError(Exception):
    """Base class of every error sqlanon raises on purpose."""


class InputError(SqlanonError):
    """Bad input: configuration, source data, hierarchy or output path (exit code 2)."""


class ConfigError(InputError):
    """The configuration file or mapping is invalid."""


class HierarchyError(InputError):
    """A generalization hierarchy is missing, unreadable, inconsistent or incomplete."""


class DataError(InputError):
    """The source table cannot be anonymized as configured (empty, NULLs, bad values)."""


class EngineError(SqlanonError):
    """The SQL engine failed; carries the SQL that ran (exit code 2).

    ``cause`` names a cause outside sqlanon when the engine's message shows one (``memory``,
    ``disk``, ``lock``, ``access``, ``name``, ``interrupted``, ``location``, ``limit``: a server's
    configured limit); the message then says what to do.
    Without a cause the failure is unexpected (a bug to report)."""

    def __init__(self, message: str, sql: str | None = None, cause: str | None = None) -> None:
        super().__init__(message)
        self.sql = sql
        self.cause = cause
