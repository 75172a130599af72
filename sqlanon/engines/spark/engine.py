"""Spark: a cluster's tables (or local mode on one machine); the only module that imports pyspark.

Canonical SQL (DuckDB's dialect) is rewritten by Spark's rules (``engines/spark/rules.py``) and
generated in Spark SQL; a DuckDB-only construct no rule handles raises before Spark sees it.
Bound parameters stay parameters (``$name`` becomes ``:name``, bound through ``spark.sql``'s
``args``), never SQL text written by sqlanon.

Spark has no temporary tables: sqlanon's work tables are temporary views of results computed
once and kept by Spark (``localCheckpoint``: memory, spilling to the executors' disks), so a
later statement reads the kept rows instead of recomputing the plan that made them. Spark has
no transactions either (``capabilities.transactions`` is false): publishing stages the release
in a table and swaps it in by two renames (``sqlanon.release.publish``).

Spark logs a failed task's message, which can quote a value of the data, to the driver's
console: a session sqlanon builds logs nothing (its own log4j settings); sqlanon's messages
keep the first line of Spark's, with quoted values replaced.

A Spark Connect session (``pyspark.sql.connect``: ``engine.remote``, or a caller's session)
runs the same SQL through the server: no ``sparkContext`` and no JVM on the client. Its jobs
carry a Connect tag (``addTag``) and are cancelled by it (``interruptTag``); the server's logs
stay on the server (a local server, ``remote: local[N]``, is a JVM of this process: it gets
the same log4j settings as a classic session); the client's progress bar is off while sqlanon
runs; ANSI SQL, the UTC time zone and variable substitution off are session settings.
"""

from __future__ import annotations

import hashlib
import itertools
import logging
import os
import re
import secrets
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from decimal import Decimal
from functools import lru_cache, wraps
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

import sqlglot
from pyspark.errors import PySparkException
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql.types import DataType, DecimalType, StringType, StructField, StructType
from sqlglot import exp

from sqlanon import interrupt, redact
from sqlanon.engines import costs
from sqlanon.engines.base import (
    Capabilities,
    Params,
    Read,
    ServerReads,
    ServerRelation,
    SqlLike,
    SqlSession,
    inline_tables,
)
from sqlanon.engines.rewriting import apply, leftovers
from sqlanon.engines.spark import attached as spark_attached
from sqlanon.engines.spark.attached import SparkAttached
from sqlanon.engines.spark.connect import (
    PROGRESS_BAR,
    activate,
    connect_session,
    deactivate,
    is_connect,
    stop_connect,
)
from sqlanon.engines.spark.defaults import DEFAULTS, RUNTIME, built
from sqlanon.engines.spark.rules import RULES
from sqlanon.errors import ConfigError, EngineError
from sqlanon.sql.render import DIALECT

if TYPE_CHECKING:
    from sqlanon.engines.settings import CsvOptions

CAPABILITIES = Capabilities(
    kind="spark",
    dialect="spark",
    temp_tables=False,
    transactions=False,
    list_parameters=True,
    transactional_rename=False,
    int128=False,
    approx_distinct=True,
    parameter_style="named",
    file_reader="reader",
    database_files=False,
    namespace="database",
    arrow_results=True,
    # measured in local mode on 2 cores: about 3 s of jobs and stages per search statement
    # (Adult), 1 us per rolled-up row (100k generated rows)
    statement_seconds=3.0,
    row_seconds=1e-6,
)

#: Spark's type names (``DataType.simpleString``) as the canonical (DuckDB) names sqlanon reads
TYPE_NAMES = {
    "tinyint": "TINYINT",
    "smallint": "SMALLINT",
    "int": "INTEGER",
    "bigint": "BIGINT",
    "float": "FLOAT",
    "double": "DOUBLE",
    "string": "VARCHAR",
    "boolean": "BOOLEAN",
    "date": "DATE",
    "timestamp": "TIMESTAMP WITH TIME ZONE",
    "timestamp_ntz": "TIMESTAMP",
    "binary": "BLOB",
    "void": "NULL",
}

#: failures whose cause lies outside sqlanon, by the start of Spark's error condition (or a
#: Java exception's name): the cause's name
CAUSES = {
    "java.lang.OutOfMemoryError": "memory",
    "UNABLE_TO_ACQUIRE_MEMORY": "memory",
    "No space left on device": "disk",
    "INSUFFICIENT_PERMISSIONS": "access",
    "AccessControlException": "access",
    "Permission denied": "access",
    "INVALID_IDENTIFIER": "name",
    "INVALID_SCHEMA_OR_RELATION_NAME": "name",
    "OPERATION_CANCELED": "interrupted",
    "LOCATION_ALREADY_EXISTS": "location",
}


#: a rename, ``ALTER TABLE <table> RENAME TO <name>`` (as sqlanon writes it: the table quoted)
_RENAME = re.compile(r"ALTER TABLE ((?:`(?:[^`]|``)*`\.?)+) RENAME TO ", re.IGNORECASE)
#: how Spark and its catalogs say that a catalog cannot rename a table
_NO_RENAME = re.compile(r"UNSUPPORTED_FEATURE|UnsupportedOperationException|not support", re.IGNORECASE)

#: Spark quotes values in single quotes (identifiers in backquotes)
_VALUES = re.compile(r"'(?:[^'\\]|\\.|'')*'")


def session(master: str, conf: Sequence[tuple[str, str]] = ()) -> tuple[SparkSession, bool]:
    """The Spark session to run in, and whether sqlanon built it (and so stops it). A program
    that already has an active session (a notebook, a test run) lends it, with its settings."""
    active = SparkSession.getActiveSession()
    if active is not None and is_connect(active):  # a local Connect server's: lent as it is
        return active, False
    if active is not None:
        # its own SQL settings and temp views, sharing the program's context and catalog
        own = active.newSession()
        for key in RUNTIME:
            own.conf.set(key, DEFAULTS[key])
        return own, False
    builder = SparkSession.builder.master(master).appName("sqlanon")
    for key, value in built(conf).items():
        builder = builder.config(key, value)
    with interrupt.handlers_kept():  # the SparkContext would keep a SIGINT handler of its own
        return builder.getOrCreate(), True


#: the name of Spark's session catalog (the metastore's tables), as ``USE CATALOG`` takes it
SESSION_CATALOG = "spark_catalog"


def table_name(schema: str, name: str, catalog: str = "") -> exp.Table:
    """``catalog.schema.name`` as Spark reads it, each part quoted (the catalog only with a
    schema: a two-part name is a schema's)."""
    return exp.Table(
        this=exp.to_identifier(name, quoted=True),
        db=exp.to_identifier(schema, quoted=True) if schema else None,
        catalog=exp.to_identifier(catalog, quoted=True) if catalog and schema else None,
    )


def namespace_name(schema: str, catalog: str = "") -> str:
    """``catalog.schema`` quoted, as Spark's catalog API takes a database (a namespace) name."""
    parts = [catalog, schema] if catalog else [schema]
    return ".".join(exp.to_identifier(p, quoted=True).sql("spark") for p in parts)


#: the Python loggers through which pyspark logs a failed query's message (it can quote a value)
_PYTHON_LOGGERS = ("SQLQueryContextLogger", "DataFrameQueryContextLogger")
#: Spark Connect's client logger, which logs a failed call with the server's message when
#: SPARK_CONNECT_LOG_LEVEL is set (off otherwise)
_CONNECT_LOGGER = "pyspark.sql.connect.logging"


def _loggers(spark: Any) -> list[logging.Logger]:
    from pyspark.logger import PySparkLogger

    # made as pyspark makes them: it passes its own fields
    found: list[logging.Logger] = [PySparkLogger.getLogger(name) for name in _PYTHON_LOGGERS]
    if is_connect(spark):
        found.append(logging.getLogger(_CONNECT_LOGGER))
    return found


def silence(spark: Any) -> tuple[str, list[bool]]:
    """Turn every log4j logger of the session's JVM off (Spark sets some loggers' levels itself,
    so the root level alone is not enough) and pyspark's query-context loggers; what they were,
    for :func:`restore`. A Spark Connect session has no JVM on the client (the server logs to
    its own console): its Python loggers only, with the Connect client's."""
    disabled = []
    for logger in _loggers(spark):
        disabled.append(logger.disabled)
        logger.disabled = True
    if is_connect(spark):
        return "", disabled
    jvm = spark.sparkContext._jvm
    assert jvm is not None
    log4j = jvm.org.apache.logging.log4j
    root = log4j.LogManager.getRootLogger()
    before = str(root.getLevel())
    log4j.core.config.Configurator.setAllLevels(root.getName(), log4j.Level.OFF)
    return before, disabled


def restore(spark: Any, levels: tuple[str, list[bool]]) -> None:
    """Give the loggers :func:`silence` turned off their levels back."""
    level, disabled = levels
    for logger, was in zip(_loggers(spark), disabled, strict=True):
        logger.disabled = was
    if is_connect(spark):
        return
    jvm = spark.sparkContext._jvm
    assert jvm is not None
    log4j = jvm.org.apache.logging.log4j
    root = log4j.LogManager.getRootLogger()
    log4j.core.config.Configurator.setAllLevels(root.getName(), log4j.Level.toLevel(level))


Method = TypeVar("Method", bound=Callable[..., Any])


def _spark_call(method: Method) -> Method:
    """A method that calls the JVM: a stop signal meanwhile cancels the engine's Spark jobs and
    is raised when the call returns, never inside py4j (which would lose its connection's
    answer and log a traceback) (:func:`sqlanon.interrupt.statement`). The call is one
    statement of the run's ledger (:mod:`sqlanon.engines.costs`; calls inside it are part of it)."""

    @wraps(method)
    def call(self: Any, *args: Any, **kwargs: Any) -> Any:
        engine = self if isinstance(self, SparkEngine) else self._engine
        with interrupt.statement(engine.cancel), costs.statement(CAPABILITIES.kind):
            return method(self, *args, **kwargs)

    return cast(Method, call)


def _first_line(err: BaseException) -> str:
    """The first line of Spark's message without the values it may quote."""
    line = redact.first_line(str(err))
    return _VALUES.sub("'…'", line)


#: Spark's error classes as its messages write them, ``[FAILED_READ_FILE.NO_HINT]``
_ERROR_CLASS = re.compile(r"\[([A-Z][A-Z0-9_]+(?:\.[A-Z0-9_]+)?)\]")


def _read_failure(err: BaseException) -> str:
    """What Spark's reader says it failed on, by its error classes only (never a value)."""
    classes = list(dict.fromkeys(_ERROR_CLASS.findall(str(err))))
    if not classes:
        return "Spark's reader failed on the file"
    return f"Spark's reader failed on the file ({', '.join(classes)})"


def _condition(err: BaseException) -> str:
    if isinstance(err, PySparkException):
        return str(err.getCondition() or "")
    return ""


def _spark_text(canonical: str) -> tuple[str, tuple[str, ...]]:
    tree = apply(_parsed(canonical), RULES.rewrites)
    return tree.sql(dialect="spark"), tuple(leftovers(tree, RULES))


@lru_cache(maxsize=256)
def _parsed(canonical: str) -> exp.Expr:
    """Canonical text as a tree (cached: callers must not change it)."""
    return sqlglot.parse_one(canonical, read=DIALECT)


_text_of = lru_cache(maxsize=4096)(_spark_text)


def _canonical(sql: SqlLike) -> str:
    return sql if isinstance(sql, str) else sql.sql(dialect=DIALECT)


def _argument(name: str, value: Any) -> Any:
    """A bound value as ``spark.sql`` takes it: lists as arrays (Spark takes lists of non-NULL
    values only: a literal NULL in a bound array is refused by Spark itself)."""
    if isinstance(value, tuple):
        value = list(value)
    if isinstance(value, list) and _has_null(value):
        raise EngineError(
            f"The bound list {name!r} holds a NULL, which Spark cannot bind; this step runs on DuckDB and "
            "PostgreSQL only so far (please report which configuration led here)."
        )
    return value


def _has_null(value: list[Any]) -> bool:
    return any(v is None or (isinstance(v, (list, tuple)) and _has_null(list(v))) for v in value)


def _arguments(params: Params) -> dict[str, Any] | list[Any] | None:
    if params is None:
        return None
    if isinstance(params, Mapping):
        return {k: _argument(k, v) for k, v in params.items()}
    return [_argument(str(i + 1), v) for i, v in enumerate(params)]


#: the load types sent to Spark as Arrow columns (others travel as rows)
_ARROW_TYPES = {
    "INTEGER": "int32",
    "BIGINT": "int64",
    "VARCHAR": "string",
    "DOUBLE": "float64",
    "BOOLEAN": "bool_",
}


def _arrow_table(columns: Sequence[tuple[str, str]], data: Sequence[Sequence[Any]]) -> Any | None:
    """The load as a ``pyarrow.Table`` of the columns' types; None without pyarrow or for a type
    it is not built for here."""
    try:
        import pyarrow
    except ImportError:
        return None
    kinds = [_ARROW_TYPES.get(typ.upper()) for _, typ in columns]
    if None in kinds:
        return None
    arrays = [
        pyarrow.array(list(values), type=getattr(pyarrow, str(kind))())
        for values, kind in zip(data, kinds, strict=True)
    ]
    return pyarrow.Table.from_arrays(arrays, names=[col for col, _ in columns])


def _type_name(typ: DataType) -> str:
    """A Spark type as its canonical (DuckDB) name."""
    text = typ.simpleString()
    if text.startswith("decimal"):
        return text.upper()
    if text.startswith("array<") and text.endswith(">"):
        inner = typ.elementType  # type: ignore[attr-defined]
        return f"{_type_name(inner)}[]"
    return TYPE_NAMES.get(text, text.upper())


def _integral_columns(schema: StructType) -> list[int]:
    """Positions of DECIMAL(p, 0) columns: products of counts, returned as Python ints (as DuckDB
    returns its 128-bit integers)."""
    return [
        i
        for i, f in enumerate(schema.fields)
        if isinstance(f.dataType, DecimalType) and f.dataType.scale == 0
    ]


def _ident(key: str) -> int:
    """A relation's identity for :class:`ServerRelation` from its location or name."""
    return int(hashlib.sha256(key.encode()).hexdigest()[:15], 16)


class SparkCatalog:
    """Spark's catalogs (a :class:`~sqlanon.engines.base.ServerCatalog`): the session catalog
    (``spark_catalog``: the metastore's databases, tables and views) and the V2 catalogs the
    session configures (``spark.sql.catalog.<name>``: Unity Catalog, Iceberg, JDBC), whose tables
    are named ``catalog.schema.table``. A table's identity is its location (two external tables
    over one folder are one relation), else its catalog, namespace and name; Spark enforces no
    foreign keys."""

    def __init__(self, engine: SparkEngine) -> None:
        self._engine = engine

    def _spark(self) -> Any:
        return self._engine.spark

    def _details(self, qualified: str) -> dict[str, str]:
        rows = self._engine._collect(f"DESCRIBE TABLE EXTENDED {qualified}")
        return {str(r[0]).strip(): str(r[1] or "").strip() for r in rows if r[0]}

    def _current(self) -> str:
        """The session's current catalog (``USE CATALOG``; ``spark_catalog`` unless changed)."""
        return str(self._spark().catalog.currentCatalog())

    def _known(self, catalog: str) -> None:
        """A catalog a name gives is the session catalog or one the session configures
        (``spark.sql.catalog.<name>``): Spark would read any other as a database of the session
        catalog (``REQUIRES_SINGLE_PART_NAMESPACE``)."""
        if not catalog or catalog.lower() == SESSION_CATALOG:
            return
        if self._spark().conf.get(f"spark.sql.catalog.{catalog}", None):
            return
        raise ConfigError(
            f"The Spark session has no catalog {catalog!r}: a table named catalog.schema.name is in Spark's session "
            f"catalog ({SESSION_CATALOG}) or in a catalog the session configures. Set spark.sql.catalog.{catalog} "
            "(to its catalog's class, with its options) in engine.conf or in the session you pass (one set with "
            "spark.conf.set on a program's session is that session's only: pass it with connection=), or check the "
            "catalog's name (Spark's catalog names are case-sensitive)."
        )

    def _session_catalog(self, catalog: str) -> bool:
        """Whether ``catalog`` ("": the current one) is Spark's session catalog (the metastore's,
        whose tables have folders in spark.sql.warehouse.dir)."""
        return (catalog or self._current()).lower() == SESSION_CATALOG

    @_spark_call
    def find(self, schema: str, name: str, catalog: str = "") -> ServerRelation | None:
        spark = self._spark()
        self._known(catalog)
        if not schema and not catalog and _is_temp_view(spark, name):
            # a name without a database is a temp view of the session first, as Spark reads it
            return ServerRelation("", name, "temporary view", _ident(f"temp:{name}"))
        current = self._current()
        in_current = not catalog or catalog.lower() == current.lower()
        database = schema or (spark.catalog.currentDatabase() if in_current else "")
        qualified = table_name(database, name, catalog).sql("spark")
        try:
            if not spark.catalog.tableExists(qualified):
                return None
            found = spark.catalog.getTable(qualified)
        except PySparkException as err:
            raise self._engine._failure(err, qualified) from None
        if found.isTemporary:
            return None
        namespace = (found.namespace or [database])[-1]
        owner = str(found.catalog or catalog or current)
        # named as the configuration names it: the catalog only when it is not the current one
        named = "" if owner.lower() == current.lower() else owner
        # the session catalog's relations keep the keys they had before catalogs were named
        prefix = "" if owner.lower() == SESSION_CATALOG else f"{owner}."
        if found.tableType == "VIEW":
            key = f"view:{prefix}{namespace}.{found.name}"
            return ServerRelation(namespace, found.name, "view", _ident(key), catalog=named)
        location = self._details(qualified).get("Location", "")
        key = f"location:{location.rstrip('/')}" if location else f"table:{prefix}{namespace}.{found.name}"
        return ServerRelation(namespace, found.name, "table", _ident(key), location, named)

    @_spark_call
    def referencing(self, relation: ServerRelation) -> list[str]:
        return []

    def bound_views(self, relation: ServerRelation) -> list[str]:
        return []  # a view names what it reads: it reads the table in place after a swap

    def read_only(self) -> str | None:
        return None

    @_spark_call
    def reads(self, relation: ServerRelation) -> ServerReads:
        """A table reads itself (its folder, and so every folder in it: a partition path); a
        view, the relations its SQL names, recursively (unknown when it calls a function of the
        metastore, which may read any table, or cannot be parsed)."""
        out = ServerReads({relation.ident: Read(relation.spelled, location=relation.location)})
        todo = [relation]
        functions = {str(r[0]).split(".")[-1].lower() for r in self._engine._collect("SHOW USER FUNCTIONS")}
        while todo:
            rel = todo.pop(0)
            name = rel.spelled
            if rel.kind == "temporary view":
                out.unknown = f"{name} is a temporary view or a DataFrame, whose plan is not in the catalog"
                return out
            if rel.kind != "view":
                continue
            qualified = table_name(rel.schema, rel.name, rel.catalog).sql("spark")
            text = self._details(qualified).get("View Text", "")
            try:
                tree = sqlglot.parse_one(text, read="spark")
            except sqlglot.errors.ParseError:
                out.unknown = f"the view {name} has a definition sqlanon cannot parse"
                return out
            calls = {str(f.this).lower() for f in tree.find_all(exp.Anonymous)} & functions
            if calls:
                out.unknown = f"the view {name} calls the function {sorted(calls)[0]} of the metastore"
                return out
            ctes = {c.alias_or_name.lower() for c in tree.find_all(exp.CTE)}
            seen = out.relations[rel.ident]
            how = f"read by the view {name}" + (f", which is {seen.how}" if seen.how else "")
            for ref in tree.find_all(exp.Table):
                if not ref.db and ref.name.lower() in ctes:
                    continue
                # a name in the view is resolved in the view's catalog unless it names one
                found = self.find(ref.db or rel.schema, ref.name, ref.catalog or rel.catalog)
                if found is None:
                    out.unknown = f"the view {name} names {ref.sql('spark')}, which the catalog does not have"
                    return out
                if found.ident not in out.relations:
                    out.relations[found.ident] = Read(found.spelled, how, found.location)
                    todo.append(found)
        return out

    def contained(self, relation: ServerRelation) -> dict[int, str]:
        return {}  # a partition of a Spark table is a folder in its folder, not a table

    def tree(self, relation: ServerRelation) -> str:
        return ""  # a Spark table is in no tree of tables (its folder is checked against the source's)

    @_spark_call
    def schema_location(self, schema: str, catalog: str = "") -> str:
        """A database's folder; for one that does not exist yet, the folder CREATE SCHEMA
        will give it: ``<spark.sql.warehouse.dir>/<name>.db``, the name lower-cased unless
        spark.sql.caseSensitive (Spark's SessionCatalog.getDefaultDBPath). A namespace of
        another catalog: its location if the catalog gives one ("" otherwise, or when the
        namespace does not exist yet: the catalog decides where it goes)."""
        spark = self._spark()
        self._known(catalog)
        database = schema or spark.catalog.currentDatabase()
        quoted = namespace_name(database, catalog)
        if not spark.catalog.databaseExists(quoted if catalog else database):
            if not self._session_catalog(catalog):
                return ""
            warehouse = str(spark.conf.get("spark.sql.warehouse.dir") or "").rstrip("/")
            sensitive = str(spark.conf.get("spark.sql.caseSensitive")).lower() == "true"
            return f"{warehouse}/{database if sensitive else database.lower()}.db" if warehouse else ""
        rows = self._engine._collect(f"DESCRIBE DATABASE EXTENDED {quoted}")
        details = {str(r[0]).strip(): str(r[1] or "").strip() for r in rows if r[0]}
        return details.get("Location", "")

    @_spark_call
    def tables(self, schema: str, catalog: str = "") -> list[str]:
        spark = self._spark()
        self._known(catalog)
        database = namespace_name(schema, catalog) if catalog else schema
        if not spark.catalog.databaseExists(database):
            return []
        return [
            t.name for t in spark.catalog.listTables(database) if not t.isTemporary and t.tableType != "VIEW"
        ]

    @_spark_call
    def schema_exists(self, schema: str, catalog: str = "") -> bool:
        self._known(catalog)
        return bool(
            self._spark().catalog.databaseExists(namespace_name(schema, catalog) if catalog else schema)
        )

    @_spark_call
    def attached(self, relation: ServerRelation) -> SparkAttached:
        """The properties and comments of the table ``relation`` (:mod:`sqlanon.engines.spark.attached`)."""
        return spark_attached.read(
            self._statement, self._describe, relation.schema, relation.name, relation.catalog
        )

    def _statement(self, text: str) -> list[tuple[Any, ...]]:
        """Run ``text`` (the engine's session has variable substitution off: a comment or
        property written in it as a literal is set as it is, ``${...}`` included)."""
        return [tuple(row) for row in self._engine._collect(text)]

    def _describe(self, qualified: str) -> tuple[str | None, list[tuple[str, str | None]]]:
        """A table's comment, and its columns with theirs."""
        spark = self._spark()
        try:
            found = spark.catalog.getTable(qualified)
            columns = spark.catalog.listColumns(qualified)
        except PySparkException as err:
            raise self._engine._failure(err, qualified) from None
        return found.description, [(c.name, c.description) for c in columns]

    def _in_memory(self) -> bool:
        """Whether the session's catalog is Spark's in-memory one (its default without Hive)."""
        return str(self._spark().conf.get("spark.sql.catalogImplementation", "in-memory")) == "in-memory"

    @_spark_call
    def forgets(self) -> str | None:
        if not self._in_memory():
            return None
        return (
            "The Spark session has Spark's in-memory catalog (its default), which keeps a table only for the "
            "process that made it: a table an earlier run published is not in it. " + _PERSISTENT
        )

    @_spark_call
    def unwritable(
        self, schema: str, name: str, existing: ServerRelation | None, catalog: str = ""
    ) -> str | None:
        """A session sqlanon builds with the in-memory catalog: the table would end with the
        run. A new table whose managed location (its folder in the database's location) exists
        already: Spark refuses to rename the staged release to that name (LOCATION_ALREADY_EXISTS)
        after the whole search, so it is refused here; the folder is not sqlanon's to delete.
        A table of another catalog than the session's: that catalog keeps it (and its files)."""
        database = schema or self._spark().catalog.currentDatabase()
        spelled = ".".join([catalog, database, name] if catalog else [database, name])
        if not self._session_catalog(catalog):
            return None
        if self._engine._owned and not self._engine._remote_server() and self._in_memory():
            return (
                f"The output table {spelled} would not outlive this run: the Spark session sqlanon builds has "
                "Spark's in-memory catalog (its default), which forgets its tables when the process ends and "
                "leaves their folders behind in spark.sql.warehouse.dir (where they block the next run). "
                + _PERSISTENT
            )
        if existing is not None:
            return None
        location = self._managed_location(database, name, catalog)
        if location is None or not self._exists(location):
            return None
        why = (
            " With Spark's in-memory catalog this is what a table published by an earlier process leaves: the "
            "catalog forgot the table, its folder stayed."
            if self._in_memory()
            else ""
        )
        return (
            f"The output table {spelled} does not exist in the catalog, but its folder does ({location}): Spark "
            f"refuses to make a table where its folder is already there (LOCATION_ALREADY_EXISTS).{why} sqlanon "
            "never deletes a folder the catalog does not hold as a table: move or delete it if nothing in it is "
            "needed, or choose another output table."
        )

    def _managed_location(self, database: str, name: str, catalog: str = "") -> str | None:
        """Where Spark puts the files of a managed table ``database.name``: the database's
        location (for a database still to be created, ``<warehouse>/<database>.db``) and the
        name, folded to lower case unless spark.sql.caseSensitive is set. None: not known."""
        spark = self._spark()
        folded = str(spark.conf.get("spark.sql.caseSensitive", "false")).lower() != "true"
        if spark.catalog.databaseExists(namespace_name(database, catalog) if catalog else database):
            ident = namespace_name(database, catalog)
            rows = self._engine._collect(f"DESCRIBE DATABASE EXTENDED {ident}")
            base = next((str(r[1] or "") for r in rows if str(r[0]).strip() == "Location"), "")
        else:
            warehouse = str(spark.conf.get("spark.sql.warehouse.dir", ""))
            base = (
                f"{warehouse.rstrip('/')}/{database.lower() if folded else database}.db" if warehouse else ""
            )
        if not base:
            return None
        return f"{base.rstrip('/')}/{name.lower() if folded else name}"

    def _exists(self, location: str) -> bool:
        """Whether ``location`` exists, by the Hadoop file system Spark writes it with (False
        when that cannot be asked: the rename then says it). On Spark Connect, by the server:
        a listing of the folder's file names (never their contents) is found or not found."""
        if self._engine._connect:
            return self._listed(location)
        context = self._spark().sparkContext
        jvm = context._jvm
        try:
            assert jvm is not None
            path = jvm.org.apache.hadoop.fs.Path(location)
            return bool(path.getFileSystem(context._jsc.hadoopConfiguration()).exists(path))
        except Exception:  # an unreachable file system, rights: not this check's to report
            return False

    def _listed(self, location: str) -> bool:
        """Whether the server finds ``location``: the binary-file reader's plan over it (no
        glob, no partition columns) is analysed, which lists the folder; PATH_NOT_FOUND: not
        there. Nothing is read (the schema only)."""
        reader = self._spark().read.format("binaryFile").option("__globPaths__", "false")
        try:
            _ = reader.option("recursiveFileLookup", "true").load(location).select("path").schema  # analysed
        except PySparkException as err:
            return "PATH_NOT_FOUND" not in f"{_condition(err)} {str(err)[:500]}"
        except Exception:  # an unreachable file system, rights: not this check's to report
            return False
        return True


#: how to give Spark a catalog that keeps its tables between processes
_PERSISTENT = (
    "Publish to a persistent catalog: a Hive metastore, in engine.conf spark.sql.catalogImplementation: hive "
    "with spark.sql.warehouse.dir: <folder for the tables> and either Spark's embedded Derby metastore "
    "(spark.hadoop.javax.jdo.option.ConnectionURL: 'jdbc:derby:;databaseName=<folder>/metastore;create=true'; "
    "without it, ./metastore_db in the working directory) or your metastore's "
    "spark.hadoop.hive.metastore.uris (or its hive-site.xml in SPARK_CONF_DIR)."
)


class SparkEngine(SqlSession):
    """A Spark session with sqlanon's conventions (an :class:`~sqlanon.engines.base.Engine`).

    ``master`` (``local[*]``: every core of this machine) and ``conf`` build the session,
    unless the program already has an active one, which is used as it is."""

    capabilities = CAPABILITIES

    #: the session: a classic ``SparkSession`` or a Spark Connect one (:func:`is_connect`)
    spark: Any

    def __init__(self, master: str = "local[*]", conf: Sequence[tuple[str, str]] = ()) -> None:
        try:
            spark, owned = session(master, conf)
        except Exception as err:  # the JVM did not start: no Java, a bad master or setting
            first = _first_line(err).rstrip(".")
            raise EngineError(
                f"Cannot start Spark (master {master!r}): {first}. Spark needs Java 17 or later on the PATH "
                "(or JAVA_HOME), and engine.conf settings Spark accepts.",
                cause="connection",
            ) from None
        if is_connect(spark):  # the program's active session is a Connect one: lent as it is
            self._lend(spark)
            return
        self.spark, self._owned = spark, owned
        self._start()

    #: the SQL settings a run on a caller's session changes, as they were (None: unset)
    _restore: tuple[tuple[str, str | None], ...] = ()
    #: a Connect session sqlanon made: whether its server is a local one sqlanon started
    _server = False
    #: the environment variables the start of that local server added
    _added: Sequence[str] = ()

    @classmethod
    def connect(cls, remote: str, conf: Sequence[tuple[str, str]] = ()) -> SparkEngine:
        """A Spark Connect session of sqlanon's own (stopped by :meth:`close`), to the server
        at ``remote``, or to a local server started for it (``local[N]``)."""
        engine = cls.__new__(cls)
        try:
            engine.spark, engine._added = connect_session(remote, conf)
        except EngineError:
            raise
        except Exception as err:  # no server there, a refused setting, no Java for a local one
            first = _first_line(err).rstrip(".")
            where = (
                "Spark needs Java 17 or later on the PATH (or JAVA_HOME) to start a local Connect server"
                if remote.startswith("local")
                else "check that a Spark Connect server listens at engine.remote (the URL is not repeated here)"
            )
            raise EngineError(
                f"Cannot open a Spark Connect session: {first}. {where}.", cause="connection"
            ) from None
        engine._owned, engine._server = True, remote.startswith("local")
        try:
            for key in RUNTIME:
                engine.spark.conf.set(key, DEFAULTS[key])
            engine._start()
        except BaseException:
            stop_connect(engine.spark, engine._added if engine._server else None)
            deactivate(engine._active)
            raise
        return engine

    @classmethod
    def borrow(cls, spark: Any) -> SparkEngine:
        """Run in the caller's ``spark`` session itself (its temp views are sources by name),
        classic or Spark Connect: :meth:`close` drops sqlanon's temp views, restores the SQL
        settings a run needs (ANSI SQL, the UTC time zone) and leaves the session running."""
        engine = cls.__new__(cls)
        engine._lend(spark)
        return engine

    def _lend(self, spark: Any) -> None:
        self.spark, self._owned = spark, False
        self._tag = secrets.token_hex(4) + "_"
        self._restore = tuple((key, spark.conf.get(key, None)) for key in RUNTIME)
        for key in RUNTIME:
            spark.conf.set(key, DEFAULTS[key])
        self._start()

    #: the job tag of this engine's Spark jobs (:meth:`cancel`), and the thread's setting of
    #: interrupting a cancelled job's tasks as it was
    _job_tag = ""
    _interrupting: str | None = None

    #: whether the session is a Spark Connect one (:func:`is_connect`)
    _connect = False
    #: Spark Connect: the client's progress bar setting as it was (None: unset)
    _progress: str | None = None
    #: Spark Connect: the session made this thread's active one, and the one active before
    _active: tuple[bool, Any] = (False, None)

    @_spark_call
    def _start(self) -> None:
        self._job_tag = f"sqlanon-{secrets.token_hex(6)}"
        self._connect = is_connect(self.spark)
        if self._connect:
            # the tag goes with this thread's operations; the server interrupts a cancelled
            # operation's tasks itself
            self.spark.addTag(self._job_tag)
            self._progress = os.environ.pop(PROGRESS_BAR, None)
            self._active = activate(self.spark, self._owned)
        else:
            context = self.spark.sparkContext
            self._interrupting = context.getLocalProperty("spark.job.interruptOnCancel")
            context.addJobTag(self._job_tag)
            context.setInterruptOnCancel(True)  # a cancelled job's tasks stop, not only the job
        self._log_level = silence(self.spark)
        self._names = itertools.count()
        #: the work tables of this engine: name -> the kept result behind the view
        self._temps: dict[str, DataFrame] = {}
        #: the caller's DataFrames adopted as temp views
        self._adopted: list[str] = []
        self.server = SparkCatalog(self)

    @_spark_call
    def adopt(self, relation: Any) -> str:
        """A temp view of a DataFrame of this session."""
        from sqlanon.errors import InputError

        if not isinstance(relation, DataFrame):
            raise InputError(
                f"The source is a {type(relation).__name__}; with a SparkSession, pass a DataFrame of it or name "
                "a table or temp view with {table: name}."
            )
        if relation.sparkSession is not self.spark:
            raise InputError(
                "The source DataFrame belongs to another SparkSession than the one given to sqlanon; make it "
                "with the same session."
            )
        name = self.temp_name("relation")
        try:
            relation.createOrReplaceTempView(name)
        except Exception as err:
            raise self._failure(err, f"createOrReplaceTempView {name}") from None
        self._adopted.append(name)
        return name

    def _remote_server(self) -> bool:
        """A Connect session to a server that outlives the run (not a local one it started)."""
        return self._connect and not self._server

    def hand_over(self, name: str) -> DataFrame:
        """The work table ``name`` as a DataFrame (its rows computed and kept), also left as
        the session's temp view ``name``."""
        return self._temps.pop(name)

    def __repr__(self) -> str:
        if self._connect:
            return "SparkEngine(Spark Connect)"  # its URL may hold a token
        return f"SparkEngine({self.spark.sparkContext.master!r})"

    # -- SQL -------------------------------------------------------------------------------
    def _text(self, sql: SqlLike) -> str:
        text, left = _text_of(_canonical(sql))
        if left:
            raise EngineError(
                f"This statement needs {', '.join(left)}, which runs only on DuckDB so far; "
                "run this model or step with engine kind duckdb.",
                sql=_canonical(sql),
            )
        return text

    def render(self, sql: SqlLike) -> str:
        return self._text(sql)

    def _failure(self, err: BaseException, text: str) -> EngineError:
        raw = f"{_condition(err)} {type(err).__name__} {str(err)[:2000]}"
        cause = next((name for key, name in CAUSES.items() if key in raw), None)
        if cause is None and _RENAME.match(text) and _NO_RENAME.search(raw):
            cause = "rename"
        first = _first_line(err)
        if cause == "memory":
            message = f"Spark ran out of memory ({first}); give it more (engine.conf spark.driver.memory, spark.executor.memory)."
        elif cause == "disk":
            message = f"Spark has no room to write ({first}): free space on its local and warehouse disks."
        elif cause == "access":
            message = (
                f"Spark may not do this ({first}). sqlanon needs to read the source and, to publish, to create "
                "and rename tables in the output's database: ask for the missing right."
            )
        elif cause == "name":
            message = f"Spark refuses that name ({first}); choose another database or table name."
        elif cause == "interrupted":
            message = "The run was interrupted."
        elif cause == "rename":
            renamed = _RENAME.match(text)
            table = renamed.group(1) if renamed else "the output"
            message = (
                f"Spark cannot rename {table} in its catalog ({first}): sqlanon publishes a release on Spark by "
                "creating it under a staging name beside the output, in the output's catalog and schema, and renaming "
                "it into place, and this catalog does not rename tables. Publish into a catalog that does (Spark's "
                f"session catalog, {SESSION_CATALOG}; JDBC, Iceberg and Unity Catalog rename tables), then copy the "
                "table, or leave output out to get the release back as a DataFrame."
            )
        elif cause == "location":
            # Spark's message names the table in the current database, whatever its own is
            message = (
                "Spark refuses to make a table where its folder is already there (LOCATION_ALREADY_EXISTS: a "
                "folder in the database's location that the catalog does not hold as a table, such as one an "
                "in-memory catalog forgot); move or delete that folder, or choose another table name."
            )
        else:
            message = f"The SQL engine failed: {first}"
        return EngineError(message, sql=text, cause=cause)

    @_spark_call
    def _collect(self, text: str, args: Any = None) -> list[Any]:
        try:
            return list(self.spark.sql(text, args=args).collect())
        except (PySparkException, Exception) as err:
            if isinstance(err, KeyboardInterrupt):
                raise
            raise self._failure(err, text) from None

    def _frame(self, sql: SqlLike, params: Params) -> tuple[DataFrame, str]:
        """The (lazy) result of a query, and the text that makes it."""
        sql, params = inline_tables(sql, params)
        text = self._text(sql)
        args = _arguments(params)
        try:
            return self.spark.sql(text, args=args), text
        except Exception as err:
            raise self._failure(err, text) from None

    @_spark_call
    def execute(self, sql: SqlLike, params: Params = None) -> None:
        tree = sql if isinstance(sql, exp.Expr) else _parsed(sql)
        if isinstance(tree, exp.Create) and tree.kind == "TABLE" and _temporary(tree):
            if tree.expression is None:
                raise EngineError("A temporary table needs its rows: use load_table.", sql=_canonical(sql))
            self._keep(_name(tree.this), tree.expression, params)
            return
        if isinstance(tree, exp.Insert) and _name(tree.this) in self._temps:
            self._append(_name(tree.this), tree.expression, params)
            return
        if isinstance(tree, exp.Drop) and tree.kind == "TABLE" and len(tree.expressions) == 1:
            name = _name(tree.expressions[0])
            if name in self._temps or (
                self.spark.catalog.tableExists(name) and _is_temp_view(self.spark, name)
            ):
                self._forget(name)
                return
        if isinstance(tree, (exp.Transaction, exp.Commit, exp.Rollback)):
            return  # Spark has no transactions (capabilities.transactions)
        self._frame(sql, params)  # a command runs when spark.sql is called; a query would not

    @_spark_call
    def fetchall(self, sql: SqlLike, params: Params = None) -> list[tuple[Any, ...]]:
        frame, text = self._frame(sql, params)
        try:
            rows = frame.collect()
            integral = _integral_columns(frame.schema)
        except Exception as err:
            raise self._failure(err, text) from None
        out = []
        for row in rows:
            values = list(row)
            for i in integral:
                if isinstance(values[i], Decimal):
                    values[i] = int(values[i])
            out.append(tuple(values))
        return out

    @_spark_call
    def fetch_arrow(
        self, sql: SqlLike, params: Params = None, columns: Sequence[tuple[str, str]] | None = None
    ) -> Any | None:
        """The result as a ``pyarrow.Table`` (Spark's ``toArrow``: Arrow batches, no Python
        object per value); None without pyarrow (``pip install "sqlanon[spark]"`` brings it)."""
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            return None
        frame, text = self._frame(sql, params)
        try:
            return frame.toArrow()
        except Exception as err:
            raise self._failure(err, text) from None

    # -- work tables ----------------------------------------------------------------------
    @_spark_call
    def create_temp_from_query(self, name: str, query: exp.Query) -> None:
        text = query.sql(dialect="spark")  # the user's SQL as written, no rules
        try:
            frame = self.spark.sql(text)
        except Exception as err:
            raise self._failure(err, text) from None
        self._install(name, frame, text)

    def _keep(self, name: str, select: exp.Expr, params: Params) -> None:
        """The result of ``select`` computed now and kept as the temp view ``name``."""
        frame, text = self._frame(select, params)
        self._install(name, frame, text)

    def _install(self, name: str, frame: DataFrame, text: str, materialize: bool = True) -> None:
        """Keep ``frame`` as the temp view ``name``: computed now (a local checkpoint) unless
        its rows are already held by the driver (``materialize=False``)."""
        try:
            kept = frame.localCheckpoint(eager=True) if materialize else frame
            self._forget(name)
            kept.createOrReplaceTempView(name)
        except Exception as err:
            raise self._failure(err, text) from None
        self._temps[name] = kept

    def _append(self, name: str, select: exp.Expr, params: Params) -> None:
        """``INSERT INTO name select`` for a work table: the union kept as the new table."""
        frame, text = self._frame(select, params)
        old = self._temps[name]
        try:
            union = old.union(frame.toDF(*old.columns))
        except Exception as err:
            raise self._failure(err, text) from None
        self._install(name, union, text)

    def _forget(self, name: str) -> None:
        self._temps.pop(name, None)
        self.spark.catalog.dropTempView(name)

    @_spark_call
    def describe(self, query: exp.Expr) -> list[tuple[str, str]]:
        frame, _ = self._frame(query, None)
        return [(f.name, _type_name(f.dataType)) for f in frame.schema.fields]

    @_spark_call
    def load_table(
        self, name: str, columns: Sequence[tuple[str, str]], data: Sequence[Sequence[Any]]
    ) -> None:
        """Work table ``name`` made from the column-wise lists ``data`` (values travel as data,
        never as SQL text)."""
        ddl = ", ".join(
            f"{exp.to_identifier(col, quoted=True).sql('spark')} "
            f"{exp.DataType.build(typ, dialect=DIALECT).sql('spark')}"
            for col, typ in columns
        )
        text = f"load_table {name} ({ddl})"
        arrow = _arrow_table(columns, data)
        try:
            if arrow is not None:
                # Arrow batches, kept by the driver as they are: no job runs to hold them
                frame = self.spark.createDataFrame(arrow)
            else:
                rows = list(zip(*data, strict=True)) if data and len(data[0]) else []
                frame = self.spark.createDataFrame(rows, schema=ddl, verifySchema=False)
        except Exception as err:
            raise self._failure(err, text) from None
        self._install(name, frame, text, materialize=arrow is None)

    @_spark_call
    def create_temp_as(self, name: str, select: SqlLike, params: Any = None) -> None:
        query = _parsed(select) if isinstance(select, str) else select
        self._keep(name, query, params)

    @_spark_call
    def count(self, name: str) -> int:
        if name in self._temps:
            return int(self._temps[name].count())
        return super().count(name)

    @contextmanager
    def threads(self, count: int | None) -> Iterator[None]:
        """Spark schedules its own tasks: the block runs as it is."""
        yield

    def begin(self) -> None:
        """Spark has no transactions (``capabilities.transactions``)."""

    def commit(self) -> None:
        """Spark has no transactions (``capabilities.transactions``)."""

    def rollback(self) -> None:
        """Spark has no transactions (``capabilities.transactions``): nothing to roll back."""

    # -- database files: not Spark's ------------------------------------------------------------
    def _no_files(self) -> EngineError:
        return EngineError(
            "Spark reads and writes the tables of its catalog; a DuckDB database file cannot be attached to it. "
            "Name a table of Spark's catalog ({table: database.name}) instead."
        )

    @_spark_call
    def read_file(self, name: str, path: Path, kind: str, csv: CsvOptions, columns: Sequence[str]) -> None:
        """Work table ``name`` from a file Spark reads itself (``file:`` URI of the absolute path,
        which the driver and, on a cluster, every executor must see). CSV: every column a string,
        named ``columns`` (the header sqlanon parsed), the configured delimiter, quote and escape,
        quoted line breaks allowed, and a line with more or fewer fields than the header an error
        (``FAILFAST``); Parquet keeps its types."""
        uri = f"file://{path.resolve()}"  # as written: Hadoop's paths do not decode %20
        try:
            if kind == "csv":
                reader = self.spark.read.schema(StructType([StructField(c, StringType()) for c in columns]))
                frame = reader.options(
                    header=csv.header,
                    sep=csv.delimiter,
                    quote=csv.quote,
                    escape=csv.escape,
                    multiLine=True,
                    mode="FAILFAST",
                    enforceSchema=True,
                    encoding="UTF-8",
                ).csv(uri)
            else:
                frame = self.spark.read.parquet(uri)
            kept = frame.localCheckpoint(eager=True)
        except Exception as err:
            failure = self._failure(err, f"read {kind} {uri}")
            if failure.cause is not None or isinstance(err, KeyboardInterrupt):
                raise failure from None
            # a failed read's message goes on to quote the line it could not parse: only the
            # error classes Spark names are kept
            raise EngineError(_read_failure(err), sql=f"read {kind} {uri}") from None
        self._forget(name)
        kept.createOrReplaceTempView(name)
        self._temps[name] = kept

    def folder_refusal(self) -> str | None:
        if self._remote_server():
            return (
                "the engine is a Spark Connect server that outlives the run, which writes on its own machine; sqlanon "
                "moves a written folder into place on this machine, so a folder output needs a local Spark (a master, "
                "or remote: local[...]). Publish into a table of Spark's catalog instead."
            )
        return None

    @_spark_call
    def write_folder(self, release: exp.Expr, path: Path, kind: str, csv: CsvOptions) -> None:
        """The rows of ``release`` written by Spark as the folder ``path`` (``file:`` URI; it
        must not exist): Parquet part files, or CSV ones with a header row, the ``csv`` quote and
        escape (a NULL is an empty field, an empty text ``""``), in the query's order."""
        frame, _ = self._frame(release, None)
        uri = f"file://{path.resolve()}"  # as written: Hadoop's paths do not decode %20
        writer = frame.write.mode("errorifexists")
        try:
            if kind == "csv":
                writer.options(header=True, sep=csv.delimiter, quote=csv.quote, escape=csv.escape).csv(uri)
            else:
                writer.parquet(uri)
        except Exception as err:
            raise self._failure(err, f"write {kind} {uri}") from None

    def attach(self, path: str, read_only: bool) -> str:
        raise self._no_files()

    def detach(self, path: str) -> None:
        raise self._no_files()

    def checkpoint(self, path: str) -> None:
        raise self._no_files()

    def cancel(self) -> None:
        """Cancel this engine's running Spark jobs (from another thread): the call waiting for
        them fails."""
        try:
            if self._connect:
                self.spark.interruptTag(self._job_tag)
            else:
                self.spark.sparkContext.cancelJobsWithTag(self._job_tag)
        except Exception:  # the session may be gone; the call then ends anyway
            pass

    def version(self) -> str:
        """The engine's version (the report's ``metadata.engine.version``)."""
        return str(self.spark.version)

    def close(self) -> None:
        with interrupt.held():  # a stop signal waits: the temp views and settings are restored whole
            self._close()

    def _close(self) -> None:
        for name in list(self._temps):
            try:
                self._forget(name)
            except Exception:  # the session may be gone already
                pass
        try:
            for name in self._adopted:
                self.spark.catalog.dropTempView(name)
            for key, value in self._restore:
                if value is None:
                    self.spark.conf.unset(key)
                else:
                    self.spark.conf.set(key, value)
            restore(self.spark, self._log_level)
            if self._connect:
                self.spark.removeTag(self._job_tag)
            else:
                context = self.spark.sparkContext
                context.removeJobTag(self._job_tag)
                context.setLocalProperty("spark.job.interruptOnCancel", self._interrupting)
        except Exception:  # the session may be gone already
            pass
        if self._connect and self._progress is not None:
            os.environ[PROGRESS_BAR] = self._progress
        if self._owned and self._connect:
            stop_connect(self.spark, self._added if self._server else None)
        elif self._owned:
            self.spark.stop()
        if self._connect:
            deactivate(self._active)


def _temporary(create: exp.Create) -> bool:
    props = create.args.get("properties")
    return isinstance(props, exp.Properties) and any(
        isinstance(p, exp.TemporaryProperty) for p in props.expressions
    )


def _name(node: exp.Expr) -> str:
    target = node.this if isinstance(node, exp.Schema) else node
    return str(target.name)


def _is_temp_view(spark: SparkSession, name: str) -> bool:
    try:
        return bool(spark.catalog.getTable(exp.to_identifier(name, quoted=True).sql("spark")).isTemporary)
    except PySparkException:
        return False


__all__ = ["CAPABILITIES", "SparkCatalog", "SparkEngine", "session"]
