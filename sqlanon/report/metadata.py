"""The report's ``metadata``: which sqlanon wrote it, after which version of the report's
schema, when, from which configuration and on which engine (docs/report.md).

:data:`SCHEMA_VERSION` is the version of the JSON Schema the report follows
(``sqlanon/report/report.schema.json``): its major number changes when a field is removed,
renamed or given another type, its minor number when a field is added."""

from __future__ import annotations

import datetime as dt
from importlib import metadata as importlib_metadata
from typing import Any

#: the version of the report's shape (its JSON Schema); see the module for when it changes
SCHEMA_VERSION = "1.2"


def sqlanon_version() -> str:
    """The installed sqlanon's version (the package's metadata)."""
    try:
        return importlib_metadata.version("sqlanon")
    except importlib_metadata.PackageNotFoundError:  # run from a source tree never installed
        return "0+unknown"


def utc_now() -> str:
    """The time now in UTC, ISO 8601 with a ``Z`` (milliseconds)."""
    return dt.datetime.now(dt.UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def make_metadata(
    config_sha256: str | None = None,
    engine_kind: str | None = None,
    engine_version: str | None = None,
    started: str | None = None,
) -> dict[str, Any]:
    """The report's ``metadata``: ``started`` is the run's start (default now); the
    configuration's hash and the engine are null for a report no run made."""
    return {
        "sqlanon_version": sqlanon_version(),
        "schema_version": SCHEMA_VERSION,
        "time": started or utc_now(),
        "config_sha256": config_sha256,
        "engine": None if engine_kind is None else {"kind": engine_kind, "version": engine_version},
    }
