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


def _settings(value: Mapping[str, Any], resolve: Resolve) -> EngineSettings:
    unknown = set(value) - {"kind", "master", "conf"}
    if unknown:
        raise ConfigError(
            f"Unknown engine option(s) {sorted(map(str, unknown))} for Spark; use master and conf "
            "(conf: a mapping of Spark settings such as {spark.driver.memory: 8g})."
        )
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
    return EngineSettings(kind="spark", master=master.strip(), conf=tuple(pairs))


def _open(settings: EngineSettings) -> Engine:
    try:
        from sqlanon.engines.spark.engine import SparkEngine
    except ImportError:
        raise ConfigError('engine kind spark needs pyspark: pip install "sqlanon[spark]".') from None
    if settings.connection is not None:
        return SparkEngine.borrow(settings.connection)
    return SparkEngine(settings.master, settings.conf)


def _adopt(connection: Any) -> Any | None:
    """A classic SparkSession, if the caller has imported pyspark; a Spark Connect session is
    refused."""
    connect = sys.modules.get("pyspark.sql.connect.session")
    if connect is not None and isinstance(connection, connect.SparkSession):
        raise ConfigError(
            "connection is a Spark Connect session; sqlanon runs on a classic SparkSession (local mode or a "
            "cluster), or builds one itself with engine: {kind: spark}."
        )
    session = sys.modules.get("pyspark.sql.session")
    if session is not None and isinstance(connection, session.SparkSession):
        return connection
    return None


KIND = Kind(
    name="Spark",
    dialect="spark",
    reads_files=True,
    rules=RULES,
    settings=_settings,
    opener=_open,
    adopt=_adopt,
    connection_hint="a SparkSession",
    borrowed_keys=frozenset({"kind", "master", "conf"}),
)
