"""What an engine kind is before it is opened: the facts the configuration, messages and
``compile`` need (:class:`Kind`), one per engine package (``engines/<kind>/__init__.py``),
listed once in ``engines/__init__.py``'s ``KINDS``."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlanon.engines.base import Engine
from sqlanon.engines.rewriting import Rules
from sqlanon.engines.settings import EngineSettings
from sqlanon.keys import Key

#: resolves a path a configuration names (``value``, for the message: ``what``) against the
#: configuration's folder
Resolve = Callable[[str, str], Path]


@dataclass(frozen=True)
class Kind:
    """An engine kind as the configuration and messages know it before it is opened."""

    #: how messages name it
    name: str
    #: sqlglot's dialect of its SQL
    dialect: str
    #: whether it reads CSV and Parquet sources itself (its ``Capabilities.file_reader`` is not
    #: empty; known before an engine is opened)
    reads_files: bool
    #: how canonical SQL becomes its SQL (its ``rules.py``)
    rules: Rules
    #: ``engine: {kind: ..., ...}`` parsed into settings (the mapping, a path resolver);
    #: unknown or wrong keys are refused, saying what it takes
    settings: Callable[[Mapping[str, Any], Resolve], EngineSettings]
    #: how it is opened (imported only when asked for: psycopg and pyspark are extras)
    opener: Callable[[EngineSettings], Engine]
    #: a caller's open connection of this kind, unwrapped, or None for another kind's; a near
    #: miss (a kind of connection sqlanon does not run on) raises ConfigError saying why
    adopt: Callable[[Any], Any | None]
    #: how the message that lists accepted connections names this kind's
    connection_hint: str
    #: what ``engine:`` may say beside a caller's connection of this kind
    borrowed_keys: frozenset[str] = frozenset({"kind"})
    #: settings that would change a caller's connection for good (refused beside one, saying
    #: how to set them on the connection), with the statement that sets one
    connection_settings: Mapping[str, str] = field(default_factory=dict)
    #: whether a source or output may be a folder of part files, as it writes them
    #: (``{path: folder, format: parquet}``: sqlanon.release.folder)
    writes_folders: bool = False
    #: whether the dbt package carries SQL for its dbt adapter (and the dbt tests run it)
    dbt: bool = False
    #: the keys ``engine:`` takes for this kind (``kind`` first): ``settings`` refuses others,
    #: and the configuration's schema describes them
    keys: tuple[Key, ...] = ()
