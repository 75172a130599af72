"""Spark, a cluster's tables or local mode: its facts as a :class:`Kind` (``engine.py`` runs
it, with ``attached.py``; ``rules.py`` holds its rewrite rules). pyspark is an extra: nothing
here imports it until an engine is opened or a connection is looked at."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

from sqlanon.engines.base import Engine
from sqlanon.engines.kind import Kind, Resolve
from sqlanon.engines.settings import EngineSettings
from sqlanon.engines.spark.rules import RULES
from sqlanon.errors import ConfigError
from sqlanon.keys import Key, enum, text

#: the keys of ``engine:`` for Spark (remote and master exclude each other)
KEYS = (
    Key("kind", enum(["spark"]), required=True),
    Key("master", text(), description="local[*] or a cluster's master URL"),
    Key(
        "remote",
        {"type": "string", "pattern": r"^\s*(sc://|local)"},
        description="a Spark Connect URL (sc://host:15002), or local[2]",
    ),
    Key(
        "conf",
        {
            "type": ["object", "null"],
            "propertyNames": {"pattern": r"^spark\."},
            "additionalProperties": {"type": ["string", "number", "boolean"]},
        },
        description="Spark settings, such as {spark.driver.memory: 8g}",
    ),
)


def _remote(value: Any) -> str:
    """``engine.remote``: a Spark Connect URL (``sc://host:port``) or ``local[N]`` (pyspark starts
    a Connect server in the process). The URL is never repeated in a message: it may hold a token."""
    if not isinstance(value, str) or not value.strip().startswith(("sc://", "local")):
        raise ConfigError(
            "engine.remote must be a Spark Connect URL, as text: sc://host:15002 (a Spark Connect server), or "
            f"local[2] (pyspark starts one in this process), got a {type(value).__name__} that is not one "
            "(the value is not repeated here: a URL may hold a token)."
        )
    text = value.strip()
    params = {p.split("=", 1)[0].strip().lower() for p in text.split(";")[1:]}
    if "token" in params:
        raise ConfigError(
            "engine.remote holds a token (;token=...); remove it from the URL (a secret in a configuration file "
            "can be read by anyone who reads the file) and put it in the environment variable "
            "SPARK_CONNECT_AUTHENTICATE_TOKEN, which pyspark reads."
        )
    return text


def _settings(value: Mapping[str, Any], resolve: Resolve) -> EngineSettings:
    unknown = set(value) - {k.name for k in KEYS}
    if unknown:
        raise ConfigError(
            f"Unknown engine option(s) {sorted(map(str, unknown))} for Spark; use master (or remote) and conf "
            "(conf: a mapping of Spark settings such as {spark.driver.memory: 8g})."
        )
    if "remote" in value and "master" in value:
        raise ConfigError(
            "engine.remote and engine.master exclude each other: remote runs on a Spark Connect server "
            "(sc://host:15002, or local[2] to start one here), master builds a classic Spark session "
            "(local[*] or a cluster's URL); give one of them."
        )
    remote = _remote(value["remote"]) if "remote" in value else None
    master = value.get("master", "local[*]")
    if not isinstance(master, str) or not master.strip():
        raise ConfigError(f"engine.master must be a Spark master URL such as 'local[*]', got {master!r}.")
    conf = value.get("conf") or {}
    if not isinstance(conf, Mapping):
        raise ConfigError(
            "engine.conf must be a mapping of Spark settings, such as {spark.driver.memory: 8g}."
        )
    pairs = []
    for key, item in conf.items():
        if not isinstance(key, str) or not key.startswith("spark."):
            raise ConfigError(
                f"engine.conf key {key!r} is not a Spark setting; Spark's settings start with 'spark.'."
            )
        if isinstance(item, bool):
            item = "true" if item else "false"
        if not isinstance(item, (str, int, float)):
            raise ConfigError(f"engine.conf {key}: give a text, number or true/false, got {item!r}.")
        if key == "spark.sql.variable.substitute" and str(item).strip().lower() != "false":
            raise ConfigError(
                "engine.conf spark.sql.variable.substitute: sqlanon runs Spark with variable substitution off "
                "(with it on, Spark replaces ${...} in a column name or value it writes into its SQL by a "
                "setting's value); remove the key."
            )
        pairs.append((key, str(item)))
    return EngineSettings(kind="spark", master=master.strip(), remote=remote, conf=tuple(pairs))


def _open(settings: EngineSettings) -> Engine:
    try:
        from sqlanon.engines.spark.engine import SparkEngine
    except ImportError:
        raise ConfigError('engine kind spark needs pyspark: pip install "sqlanon[spark]".') from None
    if settings.connection is not None:
        return SparkEngine.borrow(settings.connection)
    if settings.remote is not None:
        return SparkEngine.connect(settings.remote, settings.conf)
    return SparkEngine(settings.master, settings.conf)


def _adopt(connection: Any) -> Any | None:
    """A SparkSession, classic or Spark Connect, if the caller has imported pyspark."""
    connect = sys.modules.get("pyspark.sql.connect.session")
    if connect is not None and isinstance(connection, connect.SparkSession):
        return connection
    session = sys.modules.get("pyspark.sql.session")
    if session is not None and isinstance(connection, session.SparkSession):
        return connection
    return None


KIND = Kind(
    name="Spark",
    dialect="spark",
    reads_files=True,
    writes_folders=True,
    rules=RULES,
    settings=_settings,
    opener=_open,
    adopt=_adopt,
    connection_hint="a SparkSession",
    borrowed_keys=frozenset({"kind", "master", "remote", "conf"}),
    dbt=True,
    keys=KEYS,
)
