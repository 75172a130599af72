"""DuckDB, the embedded default engine: the only module that imports duckdb.

It runs canonical SQL as it is (canonical SQL is DuckDB's dialect), loads small lookup tables
through bound parameters, and wraps engine failures with the SQL that ran.
"""

from __future__ import annotations

import itertools
import os
import re
import secrets
import shutil
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import duckdb
import numpy as np
from sqlglot import exp

from sqlanon import interrupt, redact
from sqlanon.atomic import alive
from sqlanon.engines import costs
from sqlanon.engines.base import (
    Capabilities,
    Load,
    Params,
    ServerCatalog,
    SqlLike,
    SqlSession,
    create_temp,
    table,
)
from sqlanon.engines.duckdb.catalog import ConnectionCatalog
from sqlanon.errors import EngineError
from sqlanon.sql.render import DIALECT

if TYPE_CHECKING:
    from sqlanon.engines.settings import CsvOptions

CAPABILITIES = Capabilities(
    kind="duckdb",
    dialect=DIALECT,
    temp_tables=True,
    list_parameters=True,
    transactions=True,
    transactional_rename=True,
    int128=True,
    approx_distinct=True,
    parameter_style="dollar",
    file_reader="sql",
    database_files=True,
    embedded=True,
)


def _quoted(name: str) -> exp.Identifier:
    return exp.to_identifier(name, quoted=True)


def _typed(view: str, columns: Sequence[tuple[str, str]]) -> exp.Select:
    """The registered ``view``'s columns c0, c1, ... cast to ``columns``' types and names."""
    return exp.select(
        *(
            exp.alias_(exp.cast(exp.column(_quoted(f"c{i}")), typ), col, quoted=True)
            for i, (col, typ) in enumerate(columns)
        )
    ).from_(table(view))


def _set(option: str, value: int | str | bool) -> exp.Set:
    """``SET option = value`` as a tree."""
    return exp.Set(
        expressions=[exp.SetItem(this=exp.EQ(this=exp.column(option), expression=exp.convert(value)))]
    )


def _array(values: Sequence[Any], typ: str) -> np.ndarray[Any, Any]:
    """One column for :meth:`Engine.load_table`: integers and doubles as native arrays when they
    hold no NULL, everything else as Python objects."""
    kind = typ.upper()
    if None not in values:
        if kind in ("INTEGER", "BIGINT", "SMALLINT", "TINYINT"):
            return np.asarray(values, dtype=np.int64)
        if kind == "DOUBLE":
            return np.asarray(values, dtype=np.float64)
    out = np.empty(len(values), dtype=object)
    out[:] = list(values)
    return out


def _text(sql: SqlLike) -> str:
    """A statement's text, without the comments a tree carries (the templates' headers): DuckDB
    (2.0) replaces Unicode spaces (U+00A0, U+3000, ...) with ' ' before it parses, outside
    quotes as it sees them, and a quote inside a /* */ comment makes it see a later quoted name
    or value as outside: such a name would no longer be found, such a value would change."""
    return sql if isinstance(sql, str) else sql.sql(dialect=DIALECT, comments=False)


#: Engine failures whose cause lies outside sqlanon, told by DuckDB's message: (pattern, cause),
#: the first that matches wins (a full spill disk shows as "Out of Memory" on its second line)
CAUSES: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(r"No space left on device|disk is full|max_temp_directory_size|File too large", re.I),
        "disk",
    ),
    (re.compile(r"Out of Memory Error|could not allocate", re.I), "memory"),
    (re.compile(r"Could not set lock on file|Conflicting lock", re.I), "lock"),
    (re.compile(r"File name too long", re.I), "name"),
    (re.compile(r"Failed to create directory|Permission denied|Read-only file system", re.I), "access"),
    (re.compile(r"\bINTERRUPT", re.I), "interrupted"),
)


def _interrupted(err: RuntimeError) -> BaseException:
    """DuckDB's Python client stops a statement when a signal handler raises while it runs, and
    raises "Query interrupted" in place of the handler's exception: the stop it stands for."""
    if "interrupted" in str(err).lower():
        return interrupt.stopped()
    return err


#: the private spill folders Engine makes: sqlanon-spill-<pid>-<12 hex digits>
_SPILL = re.compile(r"sqlanon-spill-(\d+)-[0-9a-f]{12}")


def remove_stale_spill_folders(folder: Path) -> list[Path]:
    """Remove the spill folders in ``folder`` left by sqlanon processes that no longer run
    (a process killed outright cannot remove its own: a stopped 100M-row run left 26 GB);
    the removed folders."""
    removed: list[Path] = []
    try:
        entries = list(folder.iterdir())
    except OSError:
        return removed
    for entry in entries:
        match = _SPILL.fullmatch(entry.name)
        if match and entry.is_dir() and not alive(int(match.group(1))):
            shutil.rmtree(entry, ignore_errors=True)
            if not entry.exists():
                removed.append(entry)
    return removed


class DuckDBEngine(SqlSession):
    """A DuckDB connection with sqlanon's conventions (an :class:`~sqlanon.engines.base.Engine`).

    ``database`` is ``":memory:"`` (default) or a DuckDB file. Temporary objects get unique
    names from :meth:`temp_name`. :meth:`borrow` runs on a caller's open connection instead.
    """

    #: the caller's connection: tables of its database are named ``{table: ...}`` (its
    #: catalog is :attr:`server`), and :meth:`close` leaves it open
    _borrowed = False
    #: the settings a run on a caller's connection changes, as they were
    _restore: tuple[tuple[str, Any], ...] = ()

    def __init__(
        self,
        database: str = ":memory:",
        read_only: bool = False,
        *,
        memory_limit: str | None = None,
        threads: int | None = None,
        temp_directory: Path | None = None,
    ) -> None:
        """``memory_limit`` ('8GB') and ``threads`` default to DuckDB's own (80 % of RAM, the
        cores). Spill files go to ``temp_directory`` (created mode 0700 if missing), by default a
        private folder (mode 0700) under the system's temp folder (:meth:`close` removes it, and
        a later engine removes those of sqlanon processes killed before they could), never the
        working directory."""
        self._own_temp: Path | None = None
        if temp_directory is None:
            # private (0700, made before DuckDB could make it with looser rights); close()
            # removes it, and the next engine removes those of processes killed before that
            remove_stale_spill_folders(Path(tempfile.gettempdir()))
            name = f"sqlanon-spill-{os.getpid()}-{secrets.token_hex(6)}"
            temp_directory = self._own_temp = Path(tempfile.gettempdir()) / name
        try:
            if not temp_directory.is_dir():
                temp_directory.parent.mkdir(parents=True, exist_ok=True)
                temp_directory.mkdir(mode=0o700)
        except OSError as err:
            raise EngineError(
                f"Cannot use {str(temp_directory)!r} as the engine's temp_directory: {err.strerror or err}."
            ) from None
        # an in-memory database gets its spill folder as it opens (no statement); a database
        # file may be open in another connection of this process, which DuckDB refuses to open
        # again with another configuration: there the folder is set after opening
        in_memory = database == ":memory:"
        config: dict[str, str | bool | int | float | list[str]] = (
            {"temp_directory": str(temp_directory)} if in_memory else {}
        )
        try:
            self.con = duckdb.connect(database, read_only=read_only, config=config)
        except duckdb.Error as err:
            raise EngineError(f"Cannot open DuckDB database {database!r}: {err}") from None
        self.execute(_set("enable_progress_bar", False))  # a session setting: not at connect
        if not in_memory:
            self.execute(_set("temp_directory", str(temp_directory)))
        if memory_limit is not None:
            self.execute(_set("memory_limit", memory_limit))
        if threads is not None:
            self.execute(_set("threads", int(threads)))
            self._threads = int(threads)
        self._names = itertools.count()
        self._attached: dict[str, str] = {}
        self._memory_limit = memory_limit
        self._spill = temp_directory

    capabilities = CAPABILITIES

    @classmethod
    def borrow(cls, connection: duckdb.DuckDBPyConnection, *, threads: int | None = None) -> DuckDBEngine:
        """Run on the caller's open ``connection``: sources and outputs may be tables of its
        database (``{table: name}``); its settings are restored and sqlanon's temp objects
        dropped at :meth:`close`, which leaves it open. It may not be inside a transaction (a
        release is committed in one of sqlanon's own). ``threads``: for the run only."""
        from sqlanon.errors import InputError

        engine = cls.__new__(cls)
        engine.con = connection
        engine._borrowed = True
        engine._own_temp = None
        engine._names = itertools.count()
        engine._tag = secrets.token_hex(4) + "_"
        engine._attached = {}
        engine._memory_limit = None
        settings = exp.select(
            *(
                exp.func("current_setting", exp.Literal.string(name))
                for name in ("temp_directory", "enable_progress_bar", "threads")
            )
        ).sql(dialect=DIALECT)
        try:
            with costs.statement(CAPABILITIES.kind):
                ((spill, progress, count),) = connection.execute(settings).fetchall()
        except duckdb.ConnectionException:
            raise InputError("The DuckDB connection given to sqlanon is closed; pass an open one.") from None
        except duckdb.Error as err:
            raise engine._failure(err, settings) from None
        engine._spill = Path(str(spill or "."))
        try:
            with costs.statement(CAPABILITIES.kind):
                connection.execute("BEGIN TRANSACTION")
        except duckdb.TransactionException:
            raise InputError(
                "The DuckDB connection given to sqlanon is inside a transaction; commit or roll it back first "
                "(sqlanon commits a release in a transaction of its own)."
            ) from None
        with costs.statement(CAPABILITIES.kind):
            connection.execute("ROLLBACK")
        engine._restore = (("enable_progress_bar", progress), ("threads", count))
        engine.execute(_set("enable_progress_bar", False))
        if threads is not None:
            engine.execute(_set("threads", int(threads)))
            engine._threads = int(threads)
        return engine

    @property
    def server(self) -> ServerCatalog | None:
        """The catalog of a caller's connection (:meth:`borrow`); None for sqlanon's own, whose
        tables live in attached database files."""
        if not self._borrowed:
            return None
        return ConnectionCatalog(self)

    def adopt(self, relation: Any) -> str:
        """A temp view of a relation of this connection (``con.sql(...)``, ``con.table(...)``)."""
        from sqlanon.errors import InputError

        if not isinstance(relation, duckdb.DuckDBPyRelation):
            raise InputError(
                f"The source is a {type(relation).__name__}; with a DuckDB connection, pass a DuckDB relation "
                "(con.sql(...), con.table(...)) or name a table with {table: name}."
            )
        name = self.temp_name("relation")
        try:
            self.con.register(name, relation)
        except duckdb.Error as err:
            if "on a connection to another database" in str(err):
                raise InputError(
                    "The source relation belongs to another DuckDB connection than the one given to sqlanon; "
                    "make it with the same connection (con.sql(...), con.table(...))."
                ) from None
            raise self._failure(err, f"register {name}") from None
        return name

    def hand_over(self, name: str) -> duckdb.DuckDBPyRelation:
        """The temp table ``name`` as a relation of the connection."""
        return self.con.table(_quoted(name).sql(dialect=DIALECT))

    def render(self, sql: SqlLike) -> str:
        """Canonical SQL is DuckDB's: text as it is, a tree generated in DuckDB's dialect."""
        return _text(sql)

    def _failure(self, err: duckdb.Error, text: str) -> EngineError:
        """``err`` as an :class:`EngineError`; one whose cause lies outside sqlanon (memory, a
        full disk, a lock, rights) gets a message saying what to do."""
        raw = str(err)
        cause = next((name for pattern, name in CAUSES if pattern.search(raw)), None)
        first = redact.first_line(raw)
        if cause == "memory":
            limit = self._memory_limit or "DuckDB's default, 80 % of the memory"
            message = (
                f"DuckDB ran out of memory (memory_limit: {limit}; {first}). Raise engine.memory_limit, lower "
                "engine.threads, or set engine.temp_directory to a folder on a disk with room to spill."
            )
        elif cause == "disk":
            message = (
                f"There is no room to write ({first}): the disk is full or a size limit was reached. Free space on "
                f"the disk of the output or of the spill folder ({self._spill}), or set engine.temp_directory to a "
                "folder on a disk with room."
            )
        elif cause == "lock":
            message = (
                f"A database file is in use by another program ({first}). sqlanon needs it alone while it "
                "runs: close that program or wait for it, then run again."
            )
        elif cause == "access":
            message = (
                f"DuckDB may not write where it needs to ({first}). Give write access there, or choose "
                "another output or engine.temp_directory."
            )
        elif cause == "name":
            message = f"A file name is too long for the file system ({first}); choose a shorter path."
        elif cause == "interrupted":
            message = "The run was interrupted."
        else:
            message = f"The SQL engine failed: {raw}"
        return EngineError(message, sql=text, cause=cause)

    def cancel(self) -> None:
        """Interrupt the running statement (from another thread); it fails with DuckDB's
        interrupt error."""
        try:
            self.con.interrupt()
        except duckdb.Error:
            pass

    def version(self) -> str:
        """The engine's version (the report's ``metadata.engine.version``)."""
        return str(duckdb.__version__)

    def close(self) -> None:
        with interrupt.held():  # a stop signal waits: the spill folder goes, the connection is given back
            if self._borrowed:
                self._give_back()
                return
            self.con.close()
            if self._own_temp is not None:
                shutil.rmtree(self._own_temp, ignore_errors=True)

    def _give_back(self) -> None:
        """A caller's connection as it was: sqlanon's temp tables and views (those with this
        engine's tag) dropped, the databases it attached detached, its settings restored.
        Never raises (the connection may be closed already)."""
        mine = f"__sqlanon_{self._tag}"
        try:
            with costs.statement(CAPABILITIES.kind):
                self.con.execute("ROLLBACK")  # a transaction a failure left open, if any
        except duckdb.Error:
            pass
        try:
            temps = self.fetchall(
                exp.select("table_name", "table_type")
                .from_("information_schema.tables")
                .where(exp.column("table_catalog").eq(exp.Literal.string("temp")))
            )
            for name, kind in temps:
                if not str(name).startswith(mine):
                    continue
                if kind == "VIEW":
                    self.con.unregister(str(name))  # a relation adopted by register()
                target = exp.Table(this=_quoted(str(name)), db=_quoted("main"), catalog=_quoted("temp"))
                self.execute(
                    exp.Drop(tables=[target], kind="VIEW" if kind == "VIEW" else "TABLE", exists=True)
                )
            for path in list(self._attached):
                self.detach(path)
            for option, value in self._restore:
                self.execute(_set(option, value))
        except (duckdb.Error, EngineError):
            pass

    #: the engine's threads setting as sqlanon last read or set it (None: not known yet); only
    #: sqlanon changes it during a run
    _threads: int | None = None

    @contextmanager
    def threads(self, count: int | None) -> Iterator[None]:
        """Run the block with ``count`` DuckDB threads (``None``: leave the setting alone).

        The previous setting is restored afterwards, also when the block fails.
        """
        if count is None:
            yield
            return
        previous = self._threads
        if previous is None:
            (value,) = self.fetchone(exp.select(exp.func("current_setting", exp.Literal.string("threads"))))
            previous = self._threads = int(value)
        if previous == int(count):  # as it is: no statement
            yield
            return
        self.execute(_set("threads", int(count)))
        self._threads = int(count)
        try:
            yield
        finally:
            try:
                self.execute(_set("threads", previous))
                self._threads = previous
            except EngineError:
                # the connection is closed: a block stopped by a signal as it began can have
                # this run only when the run is over (a caller's connection gets its setting
                # back at close)
                pass

    def create_temp_from_query(self, name: str, query: exp.Query) -> None:
        """The user's query is DuckDB SQL: canonical already."""
        self.create_temp_as(name, query)

    def execute(self, sql: SqlLike, params: Params = None) -> None:
        text = _text(sql)
        with interrupt.statement(self.cancel), costs.statement(CAPABILITIES.kind):
            try:
                self.con.execute(text, params)
            except duckdb.Error as err:
                raise self._failure(err, text) from None
            except RuntimeError as err:
                raise _interrupted(err) from None

    def fetchall(self, sql: SqlLike, params: Params = None) -> list[tuple[Any, ...]]:
        text = _text(sql)
        with interrupt.statement(self.cancel), costs.statement(CAPABILITIES.kind):
            try:
                return self.con.execute(text, params).fetchall()
            except duckdb.Error as err:
                raise self._failure(err, text) from None
            except RuntimeError as err:
                raise _interrupted(err) from None

    def describe(self, query: exp.Expr) -> list[tuple[str, str]]:
        """(name, type) of each column ``query`` returns (planned, not run)."""
        return [(r[0], r[1]) for r in self.fetchall(exp.Describe(this=query))]

    def load_table(
        self, name: str, columns: Sequence[tuple[str, str]], data: Sequence[Sequence[Any]]
    ) -> None:
        """Create temp table ``name`` with typed ``columns`` from column-wise lists ``data``.

        Values travel as NumPy arrays DuckDB scans, never as SQL text.
        """
        self.load_tables([Load(name, columns, data)])

    def load_tables(self, loads: Sequence[Load], then: Sequence[tuple[str, exp.Expr]] = ()) -> None:
        """Every table of ``loads`` and ``then`` made by one statement: each load's columns
        registered as a view of NumPy arrays meanwhile (about 20x faster than list parameters
        for large hierarchies)."""
        views: list[str] = []
        statements: list[exp.Expr] = []
        try:
            for load in loads:
                if load.data and len(load.data[0]) == 0:
                    schema = exp.Schema(
                        this=table(load.name),
                        expressions=[
                            exp.ColumnDef(this=_quoted(col), kind=exp.DataType.build(typ))
                            for col, typ in load.columns
                        ],
                    )
                    statements.append(create_temp(schema, None))
                    continue
                arrays = {
                    f"c{i}": _array(col, typ)
                    for i, (col, typ) in enumerate(zip(load.data, (t for _, t in load.columns), strict=True))
                }
                views.append(self.temp_name("load"))
                self.con.register(views[-1], arrays)
                statements.append(create_temp(table(load.name), _typed(views[-1], load.columns)))
            statements += [create_temp(table(name), query) for name, query in then]
            if statements:
                self.execute(";\n".join(_text(statement) for statement in statements))
        finally:
            for view in views:
                self.con.unregister(view)

    def _create_then_fetch(self, name: str, select: exp.Expr, query: exp.Expr) -> list[tuple[Any, ...]]:
        """The CREATE and the query as one statement text (DuckDB returns the last result)."""
        return self.fetchall(_text(create_temp(table(name), select)) + ";\n" + _text(query))

    def load_arrow(self, name: str, columns: Sequence[tuple[str, str]], data: Any) -> None:
        """Create temp table ``name`` with typed ``columns`` from the ``pyarrow.Table`` ``data``
        (its columns in that order), scanned by DuckDB where it is (values never as SQL text)."""
        view = self.temp_name("load")
        self.con.register(view, data.rename_columns([f"c{i}" for i in range(len(columns))]))
        try:
            self.execute(create_temp(table(name), _typed(view, columns)))
        finally:
            self.con.unregister(view)

    def read_file(self, name: str, path: Path, kind: str, csv: CsvOptions, columns: Sequence[str]) -> None:
        """DuckDB reads files in SQL (``file_reader`` "sql"): ``source.read_table`` writes the
        ``read_csv`` / ``read_parquet`` call, with its checks and messages."""
        raise EngineError("DuckDB reads files in SQL (read_csv, read_parquet), not through read_file.")

    def attach(self, path: str, read_only: bool) -> str:
        """Attach a DuckDB database file once and return its (unquoted) alias.

        A file already attached is reused; the first attachment decides read-only mode, so a
        caller that will write must attach first with ``read_only=False``.
        """
        if path in self._attached:
            return self._attached[path]
        alias = self.temp_name("db")
        options = [exp.AttachOption(this=exp.var("READ_ONLY"))] if read_only else []
        try:
            self.execute(
                exp.Attach(
                    this=exp.alias_(exp.Literal.string(path), alias, quoted=True),
                    expressions=options,
                )
            )
        except KeyboardInterrupt:
            self._attached[path] = alias  # stopped: attached or not, detached (if it is) at close
            raise
        self._attached[path] = alias
        return alias

    def checkpoint(self, path: str) -> None:
        """Write the attached database ``path`` whole into its file (its log emptied)."""
        alias = self.attach(path, read_only=False)
        self.execute("CHECKPOINT " + _quoted(alias).sql(dialect=DIALECT))

    def detach(self, path: str) -> None:
        """Detach a database attached with :meth:`attach` (no-op if it is not attached)."""
        alias = self._attached.pop(path, None)
        if alias is not None:
            self.execute(exp.Detach(this=exp.to_identifier(alias, quoted=True), exists=True))
