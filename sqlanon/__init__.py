"""sqlanon: a SQL-native anonymizer.

Public API: :func:`anonymize`, :func:`apply`, :func:`check`, :func:`audit`, :func:`explore`, :func:`compile_sql`,
:func:`demo`, :func:`validate` (the CLI's verbs), :func:`load_config`, :class:`Report`, :class:`AuditReport`, and the error types.
"""

from sqlanon.api import anonymize, apply, audit, check, compile_sql, demo, explore, validate
from sqlanon.config import Config, load_config
from sqlanon.errors import ConfigError, DataError, EngineError, HierarchyError, InputError, SqlanonError
from sqlanon.report.audit import AuditReport
from sqlanon.report.model import Report

__version__ = "0.1.0"

__all__ = [
    "AuditReport",
    "Config",
    "ConfigError",
    "DataError",
    "EngineError",
    "HierarchyError",
    "InputError",
    "Report",
    "SqlanonError",
    "anonymize",
    "apply",
    "audit",
    "check",
    "compile_sql",
    "demo",
    "explore",
    "load_config",
    "validate",
]
