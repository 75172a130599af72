"""PostgreSQL, a server's tables: its facts as a :class:`Kind` (``engine.py`` runs it, with
``attached.py`` and ``binary.py``; ``rules.py`` holds its rewrite rules). psycopg is an extra:
nothing here imports it until an engine is opened or a connection is looked at."""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from typing import Any

from sqlanon.engines.base import Engine
from sqlanon.engines.kind import Kind, Resolve
from sqlanon.engines.postgres.rules import RULES
from sqlanon.engines.settings import EngineSettings, url_problem
from sqlanon.errors import ConfigError, brief
from sqlanon.keys import Key, enum

_ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")

#: the keys of ``engine:`` for PostgreSQL
KEYS = (
    Key("kind", enum(["postgres"]), required=True),
    Key(
        "url",
        {"type": "string", "pattern": r"^\s*postgres(ql)?://"},
        # required (_settings says so), but not beside the Python API's connection=, which the
        # schema of a file cannot tell
        description="postgresql://user@host:5432/database, without a password (required unless the Python "
        "API is given a connection)",
    ),
    Key(
        "password_env",
        {"type": "string", "pattern": _ENV_NAME.pattern},
        description="the environment variable holding the password",
        blank=True,
    ),
)


def _settings(value: Mapping[str, Any], resolve: Resolve) -> EngineSettings:
    unknown = set(value) - {k.name for k in KEYS}
    if unknown:
        raise ConfigError(
            f"Unknown engine option(s) {sorted(map(str, unknown))} for PostgreSQL; use url and password_env "
            "(memory_limit, threads and temp_directory are DuckDB's)."
        )
    url = value.get("url")
    if url is None:
        raise ConfigError(
            "engine.url is missing: give the server as a URL such as "
            "postgresql://analyst@db.example.org:5432/warehouse (no password in it: see engine.password_env)."
        )
    problem = url_problem(url)
    if problem:
        raise ConfigError(problem)
    env = value.get("password_env")
    if env is not None and (not isinstance(env, str) or not _ENV_NAME.match(env)):
        raise ConfigError(
            f"engine.password_env must be the name of an environment variable (such as PGPASSWORD_SQLANON), got {brief(env)}."
        )
    return EngineSettings(kind="postgres", url=url.strip(), password_env=env)


def _open(settings: EngineSettings) -> Engine:
    try:
        from sqlanon.engines.postgres.engine import PostgresEngine
    except ImportError:
        raise ConfigError('engine kind postgres needs psycopg: pip install "sqlanon[postgres]".') from None
    if settings.connection is not None:
        return PostgresEngine.borrow(settings.connection)
    assert settings.url is not None
    return PostgresEngine(settings.url, settings.password_env)


def _adopt(connection: Any) -> Any | None:
    """A psycopg (3) connection, if the caller has imported psycopg; an asynchronous one is
    refused."""
    psycopg = sys.modules.get("psycopg")
    if psycopg is not None and isinstance(connection, psycopg.Connection):
        return connection
    if psycopg is not None and isinstance(connection, psycopg.AsyncConnection):
        raise ConfigError(
            "connection is an asynchronous psycopg connection; sqlanon runs on a synchronous one "
            "(psycopg.connect(...))."
        )
    return None


KIND = Kind(
    name="PostgreSQL",
    dialect="postgres",
    reads_files=False,
    rules=RULES,
    settings=_settings,
    opener=_open,
    adopt=_adopt,
    connection_hint="a psycopg connection (psycopg.connect(...))",
    borrowed_keys=frozenset({"kind", "url", "password_env"}),
    dbt=True,
    keys=KEYS,
)
