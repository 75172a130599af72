"""Write a release atomically: stage it, let the gate read the staged copy, then commit.

Files (and new DuckDB databases) are staged in a private folder beside their destination and
moved into place by a link or a rename (:mod:`sqlanon.atomic`); a table of an existing DuckDB
database is staged under a temporary name inside a transaction and renamed in the same
transaction. A failure at any point removes the staged copy, so no partial output is ever
left; an existing output is only replaced when ``overwrite`` is set, and a database file never
(a table is added to it or replaced in it).
"""

from __future__ import annotations

import os
import re
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from sqlglot import exp

from sqlanon import atomic, interrupt, redact
from sqlanon.atomic import Swap
from sqlanon.config import Config, TableRef
from sqlanon.config.source_query import parse_query
from sqlanon.encode import Encoded
from sqlanon.engines import Engine
from sqlanon.engines.duckdb import catalog
from sqlanon.errors import EngineError, InputError
from sqlanon.release import folder as folder_output
from sqlanon.release import guard, micro
from sqlanon.release import table as publish_table
from sqlanon.search.lattice import Node
from sqlanon.sql.render import DIALECT, column, render_template, table


def _table(alias: str | None, name: str, schema: str = "main", catalog: str = "") -> exp.Table:
    """``alias.schema.name`` (an attached DuckDB database), or ``catalog.schema.name`` when
    ``alias`` is None (a table of the server the engine is; ``catalog`` "": the current one)."""
    if alias is None:
        return publish_table.name(schema, name, catalog)
    return exp.Table(
        this=exp.to_identifier(name, quoted=True),
        db=exp.to_identifier(schema, quoted=True),
        catalog=exp.to_identifier(alias, quoted=True),
    )


def _drop(alias: str | None, name: str, schema: str = "main", catalog: str = "") -> exp.Drop:
    return exp.Drop(tables=[_table(alias, name, schema, catalog)], kind="TABLE", exists=True)


#: the tables a run makes in an output database: a release staged inside the transaction (never
#: committed) and the previous release kept until the commit is done (a killed run can leave it)
_LEFTOVER = re.compile(r"__sqlanon_(?:staged|backup)_([0-9a-f]{6})_(\d+)_[0-9a-f]+")
#: the staged tables releases of sqlanon before transactional staging could leave behind
_LEGACY_STAGED = re.compile(r"__sqlanon_staged_(\d+)_.*", re.DOTALL)


def dead_leftover(name: str) -> bool:
    """Whether ``name`` is a table a run of this host left (staged, or a backup) and that run
    is over."""
    match = _LEFTOVER.fullmatch(name)
    return match is not None and atomic.is_dead(match.group(1), int(match.group(2)))


def _leftover_table(kind: str) -> str:
    return f"__sqlanon_{kind}_{atomic.run_tag()}_{secrets.token_hex(8)}"


def _remove_leftover_tables(engine: Engine, alias: str) -> None:
    """Drop the tables that runs killed before they were done left in the database (a previous
    release kept for an undo; staged tables of earlier releases of sqlanon)."""
    for rel in catalog.relations(engine, alias):
        if rel.view:
            continue
        if _LEFTOVER.fullmatch(rel.name) is not None:
            if dead_leftover(rel.name):
                engine.execute(_drop(alias, rel.name, rel.schema))
            continue
        legacy = _LEGACY_STAGED.fullmatch(rel.name)
        if legacy is not None and not atomic.alive(int(legacy.group(1))):
            engine.execute(_drop(alias, rel.name, rel.schema))


def _remove_dead_tables(engine: Engine, schema: str, in_catalog: str = "") -> None:
    """Drop the tables killed runs of this host left in a server's ``schema``: a previous
    release kept for an undo, or (without transactions) a staged release. A run that has left
    both was killed between its two renames (engines without transactions): the output is
    missing and the backup is the previous release, so both are kept for the user to rename
    back (docs/engines.md, Spark, says how)."""
    server = engine.server
    assert server is not None
    dead = [name for name in server.tables(schema, in_catalog) if dead_leftover(name)]
    runs: dict[tuple[str, str], set[str]] = {}
    for name in dead:
        match = _LEFTOVER.fullmatch(name)
        assert match is not None
        runs.setdefault((match.group(1), match.group(2)), set()).add(name.split("_")[3])
    for name in dead:
        match = _LEFTOVER.fullmatch(name)
        assert match is not None
        if runs[(match.group(1), match.group(2))] == {"staged", "backup"}:
            continue
        engine.execute(_drop(None, name, schema, in_catalog))


def _open_database(engine: Engine, path: Path, what: str, read_only: bool) -> str:
    try:
        return engine.attach(str(path), read_only=read_only)
    except EngineError as err:
        if err.cause is not None:
            raise  # a lock, rights, a full disk: its message says what to do
        msg = redact.first_line(str(err).removeprefix("The SQL engine failed: "))
        raise InputError(
            f"Cannot open the {what} database {str(path)!r} ({msg}); give a DuckDB database file that no "
            "other program is using."
        ) from None


def prepare_output(engine: Engine, config: Config) -> None:
    """Fail early (before any work) if the output cannot or may not be written.

    The output may be nothing the run reads (:mod:`sqlanon.release.guard`): not the source by any
    name, not a table or file a source view reads, not the configuration or a hierarchy file.
    Nothing is created here: a missing output folder or database is only created when the
    release is staged, and removed again if the release is aborted. What killed runs for the
    same output left beside it is removed.
    """
    out = config.output
    assert out is not None
    src = config.source
    if out.folder:
        folder_output.prepare(engine, config)
        return
    if out.kind == "table":
        schema = publish_table.prepare(engine, config)
        if schema is None and not engine.capabilities.transactions:
            schema = publish_table.output_schema(engine, out)  # staged tables of killed runs too
        if schema is not None:
            _remove_dead_tables(engine, schema, out.catalog)
        return
    guard.check_output(config)
    atomic.check_folder(out.file.parent)
    if out.file.is_dir():
        raise InputError(f"The output {str(out.path)!r} is a folder; give a file path.")
    limit = _name_max(out.file.parent)
    if len(os.fsencode(out.file.name)) > limit:
        raise InputError(
            f"The output file name {out.file.name!r} is longer than this file system allows ({limit} bytes); "
            "choose a shorter name."
        )
    atomic.remove_leftovers(out.file)
    out_alias = None
    if out.kind == "duckdb" and out.file.exists():
        if not os.access(out.file, os.W_OK):
            raise InputError(f"The output database {str(out.path)!r} is not writable.")
        out_alias = _open_database(engine, out.file, "output", read_only=False)
    # the output shares the source's database: its tables may be what the source reads
    shared = out.kind == src.kind == "duckdb" and atomic.same_file(out.file, src.file)
    reads = catalog.Reads()
    if src.kind == "duckdb" and src.file.is_file():
        assert src.table is not None
        src_alias = _open_database(engine, src.file, "source", read_only=True)
        reads = catalog.reads(engine, src_alias, src.schema, src.table)
        if out.kind == "duckdb" and not shared:
            reads.relations = set()  # another database: its tables are not the source's
    if src.kind == "query":
        assert src.query is not None
        reads = catalog.query_reads(parse_query(src.query, engine.capabilities.dialect))
    if out.kind != "duckdb":
        guard.check_output_files(out, reads)
        if out.file.exists() and not config.overwrite:
            raise InputError(
                f"The output {str(out.path)!r} already exists; set overwrite: true to replace it."
            )
        return
    assert out.table is not None
    existing = None if out_alias is None else catalog.find(engine, out_alias, out.schema, out.table)
    guard.check_output_table(out, reads, existing is not None and shared)
    if out_alias is None:
        return  # a new database: created when the release is staged
    _remove_leftover_tables(engine, out_alias)
    if existing is None:
        return
    spelled = existing.name if existing.schema == "main" else f"{existing.schema}.{existing.name}"
    if existing.view:
        raise InputError(
            f"The output {out.describe()} is a view ({spelled!r}), not a table; sqlanon replaces only tables. "
            "Choose another output table name."
        )
    if not config.overwrite:
        case = (
            ""
            if spelled == out.qualified
            else f" (as {spelled!r}: DuckDB compares names without regard to case)"
        )
        raise InputError(
            f"The output table {out.qualified!r} already exists in {str(out.path)!r}{case}; set overwrite: true "
            "to replace it."
        )
    held_by = catalog.referencing(engine, out_alias, existing)
    if held_by:
        raise InputError(
            f"The output table {spelled!r} in {str(out.path)!r} is referenced by a foreign key of "
            f"{', '.join(repr(t) for t in held_by)}; DuckDB cannot replace it. Choose another output table."
        )


def _name_max(folder: Path) -> int:
    """The longest file name (bytes) the file system of ``folder`` (or its nearest existing
    ancestor) allows."""
    try:
        return int(os.pathconf(atomic.existing_ancestor(folder), "PC_NAME_MAX"))
    except (OSError, ValueError):
        return 255


def build_release(
    engine: Engine,
    config: Config,
    encoded: Encoded,
    node: Node,
    verdicts: str,
    suppress: bool = True,
    suppressed: int | None = None,
) -> exp.Expr:
    """The query of the release of ``node`` (written straight to the staging location).

    QIs at their top level become the constant top label (no join), and the semi join that
    removes suppressed classes is left out when ``verdicts`` has no bad class (or ``suppress``
    is false: the node's generalization of every row). ``suppressed``: the rows of the bad
    classes, when the caller knows them (then ``verdicts`` is not asked). With ``person:``, the
    person columns follow the published ones (see :func:`sqlanon.release.gated.publish`)."""
    qi_index = {d.column: i for i, d in enumerate(encoded.qis)}
    source_columns = [name for name, _ in engine.columns(encoded.source)]
    identifiers = {c.name for c in config.by_role("identifier")} | set(config.person)
    columns = [{"name": c, "qi": qi_index.get(c)} for c in source_columns if c not in identifiers]
    # with person: the person columns last, for the gate to count people by (gated.publish writes
    # the release without them)
    columns += [{"name": c, "qi": None} for c in config.person]
    qis = [
        {
            "index": i,
            "column": d.column,
            "dim": d.dim,
            "up": d.up,
            "labels": d.labels,
            "level": node[i],
            "top": d.hierarchy.rows[0][d.height] if node[i] == d.height else None,  # the one top label
        }
        for i, d in enumerate(encoded.qis)
    ]
    # the template keeps the classes whose "bad" is false; any other class means a semi join
    some_bad = exp.func("BOOL_OR", exp.Is(this=column("bad"), expression=exp.false()).not_())
    if not suppress:
        some = False
    elif suppressed is not None:
        some = suppressed > 0  # a bad class has rows
    else:
        (some,) = engine.fetchone(exp.select(some_bad).from_(table(verdicts)))
    aggregated = micro.aggregated(config, encoded)  # their values checked when encoding
    release = render_template(
        "publish.sql",
        aggregated=[{"column": a.column, "value": a.value} for a in aggregated],
        source=encoded.source,
        columns=columns,
        qis=qis,
        verdicts=verdicts,
        suppress=bool(some),
        people=None
        if not encoded.by_sets
        else {
            "members": encoded.freq,
            "persons": encoded.persons,
            "person": list(encoded.person),
            "radix": encoded.radix,
        },
    )
    if not aggregated:
        return release
    wrapped = micro.wrap(release, columns, qis, aggregated)
    # the loss of the aggregation, for the report (gated.publish runs it)
    wrapped.meta[micro.LOSS] = (micro.loss_query(release, columns, qis, aggregated), aggregated)
    return wrapped


@dataclass
class Staged:
    """A written-but-not-committed release.

    Files and new DuckDB databases are staged in a private folder beside the output
    (:mod:`sqlanon.atomic`); a table of an existing DuckDB database is staged inside a
    transaction, so a run killed before the commit leaves nothing in the database.
    ``created`` lists the output folders staging created, outermost first. Commit in steps:
    :meth:`commit` (the release is in place, the previous one kept), then whatever else the
    commit includes (the report), then :meth:`finish` (the previous release dropped);
    :meth:`abort` at any point before :meth:`finish` leaves the output as it was.
    """

    output: TableRef
    staged: TableRef
    created: list[Path] = field(default_factory=list)
    #: the private staging folder (a file or new database), None for a staged table
    folder: Path | None = None
    swap: Swap | None = None
    _open: bool = False  # a transaction of the output database is open
    #: a committed table release: the previous table's (name, backup name) for an undo
    _committed: bool = False
    _previous: tuple[str, str] | None = None
    #: the commit found an output table to replace (one found later appeared meanwhile)
    _found: bool = False

    def commit(self, engine: Engine, overwrite: bool) -> None:
        """Put the release in place, keeping what it replaces until :meth:`finish`."""
        try:
            if self.folder is None:
                self._rename_table(engine, overwrite)
                return
            if self.output.kind == "duckdb":
                # a new database: written whole in the staging folder, linked into place
                # only if no database appeared at the output meanwhile
                engine.checkpoint(str(self.staged.path))
                engine.detach(str(self.staged.path))
            if self.output.folder:
                self.swap = atomic.swap_in_folder(self.staged.file, self.output.file, overwrite)
            else:
                self.swap = atomic.swap_in(
                    self.staged.file, self.output.file, overwrite and self.output.kind != "duckdb"
                )
        except atomic.AppearedError:
            self.abort(engine)
            if self.output.kind == "duckdb":
                raise InputError(
                    f"The output database {str(self.output.path)!r} appeared while sqlanon was running (another "
                    "run?); it was left as it is and nothing was written. Run again to add the table to it."
                ) from None
            raise InputError(
                f"The output {str(self.output.path)!r} appeared while sqlanon was running (another run?); it was "
                "left as it is and nothing was written. Set overwrite: true to replace it."
            ) from None
        except OSError as err:
            self.abort(engine)
            raise InputError(
                f"Cannot move the release into place at {str(self.output.path)!r}: {err.strerror or err}; "
                "nothing was written."
            ) from None
        except EngineError as err:
            self.abort(engine)
            # the rename clashed with a table another session created meanwhile
            if self.folder is None and err.cause is None and not self._found and self._exists(engine):
                raise self._appeared(overwrite) from None
            raise
        except BaseException:
            self.abort(engine)
            raise

    def _appeared(self, overwrite: bool) -> InputError:
        """The output table appeared after the run checked it (another run published it?)."""
        return InputError(
            f"The output {self.output.describe()} appeared while sqlanon was running (another run published "
            "it?); it was left as it is and nothing was written. "
            + ("Run again to replace it." if overwrite else "Set overwrite: true to replace it.")
        )

    def _exists(self, engine: Engine) -> bool:
        """Whether the output table exists now (after :meth:`abort`); never raises."""
        try:
            return self._existing(engine, self._alias(engine)) is not None
        except EngineError:
            return False

    def _alias(self, engine: Engine) -> str | None:
        """The output's attached database (None: the server's own database)."""
        if self.output.kind == "table":
            return None
        return engine.attach(str(self.output.path), read_only=False)

    def _existing(self, engine: Engine, alias: str | None) -> tuple[str, str] | None:
        """(schema, name) of the table the release replaces, as the catalog spells them."""
        out = self.output
        assert out.table is not None
        if alias is None:
            server = engine.server
            assert server is not None
            found = server.find(self.staged.schema, out.table, self.staged.catalog)
            return None if found is None else (found.schema, found.name)
        existing = catalog.find(engine, alias, out.schema, out.table)
        return None if existing is None else (existing.schema, existing.name)

    def _rename_table(self, engine: Engine, overwrite: bool) -> None:
        """In the staging transaction: the previous table renamed aside (kept for an undo),
        the staged table renamed to the output's name; then the transaction committed."""
        alias = self._alias(engine)
        out = self.output
        assert out.table is not None and self.staged.table is not None
        existing = self._existing(engine, alias)
        self._found = existing is not None
        if existing is not None and not overwrite:
            raise self._appeared(overwrite)  # the guard found none: another run published it since
        if existing is not None and overwrite:
            if alias is None:
                self._carry_over(engine)
            backup = _leftover_table("backup")
            engine.execute(_rename(alias, existing[0], existing[1], backup, self.staged.catalog))
            self._previous = (existing[1], backup)
        try:
            engine.execute(
                _rename(alias, self.staged.schema, self.staged.table, out.table, self.staged.catalog)
            )
        except BaseException:
            if not engine.capabilities.transactions and self._previous is not None:
                # no rollback renames the previous table back: sqlanon does
                previous, backup = self._previous
                self._previous = None
                engine.execute(_rename(alias, self.staged.schema, backup, previous, self.staged.catalog))
            raise
        engine.commit()
        self._open, self._committed = False, True

    def _carry_over(self, engine: Engine) -> None:
        """Give the staged release what the server table it replaces has beyond its rows
        (owner, grants, comments, row-level security, properties: ``ServerCatalog.attached``),
        before the renames (in the commit's transaction where the engine has them)."""
        server = engine.server
        assert server is not None and self.output.table is not None and self.staged.table is not None
        found = server.find(self.staged.schema, self.output.table, self.staged.catalog)
        if found is not None:
            server.attached(found).carry(self.staged.schema, self.staged.table)

    def finish(self, engine: Engine) -> None:
        """Make the commit final: drop what the release replaced. Never raises (a backup that
        cannot be dropped now is removed by the next run for this output)."""
        if self._previous is not None:
            try:
                alias = self._alias(engine)
                engine.execute(_drop(alias, self._previous[1], self.staged.schema, self.staged.catalog))
            except EngineError:
                pass
            self._previous = None
        self._committed = False
        if self.swap is not None:
            self.swap.finish()
            self.swap = None
        atomic.discard(self.folder)

    def abort(self, engine: Engine) -> None:
        """Undo whatever staging and :meth:`commit` did; never raises (a stop signal meanwhile
        waits for it to end)."""
        with interrupt.held():
            self._abort(engine)

    def _abort(self, engine: Engine) -> None:
        if self._open:
            self._open = False
            engine.rollback()
            if not engine.capabilities.transactions and self.folder is None and self.staged.table:
                # nothing rolls the staged table back: sqlanon drops it
                try:
                    engine.execute(_drop(None, self.staged.table, self.staged.schema, self.staged.catalog))
                except EngineError:
                    pass
        if self._committed:
            self._committed = False
            self._undo_table(engine)
        if self.swap is not None:
            self.swap.undo()
            self.swap = None
        if self.folder is not None:
            try:
                engine.detach(str(self.staged.path))
            except EngineError:
                pass
            atomic.discard(self.folder)
        atomic.remove_folders(self.created)

    def _undo_table(self, engine: Engine) -> None:
        """Take a committed table release back: drop it, rename the previous table back."""
        out = self.output
        assert out.table is not None
        try:
            alias = self._alias(engine)
            engine.begin()
            engine.execute(_drop(alias, out.table, self.staged.schema, self.staged.catalog))
            if self._previous is not None:
                engine.execute(
                    _rename(
                        alias, self.staged.schema, self._previous[1], self._previous[0], self.staged.catalog
                    )
                )
            engine.commit()
        except EngineError:
            engine.rollback()
        self._previous = None


def _rename(alias: str | None, schema: str, name: str, to: str, catalog: str = "") -> exp.Alter:
    """``ALTER TABLE alias.schema.name RENAME TO to`` (or ``catalog.schema.name``: Spark keeps
    a table renamed to a one-part name in its catalog and namespace, V2 catalogs included; a
    qualified target would be refused by its session catalog, and as a move across schemas by
    its JDBC catalog)."""
    return exp.Alter(
        this=_table(alias, name, schema, catalog),
        kind="TABLE",
        actions=[exp.AlterRename(this=exp.Table(this=exp.to_identifier(to, quoted=True)))],
    )


def _create(engine: Engine, alias: str, schema: str, name: str, release: exp.Expr) -> None:
    """``CREATE TABLE alias.schema.name AS release``, creating the schema if it is missing."""
    if schema != "main":
        engine.execute(
            exp.Create(
                this=exp.Table(
                    this=exp.to_identifier(schema, quoted=True), db=exp.to_identifier(alias, quoted=True)
                ),
                kind="SCHEMA",
                exists=True,
            )
        )
    engine.execute(exp.Create(this=_table(alias, name, schema), kind="TABLE", expression=release))


#: types whose equal values can print differently (0.0 and -0.0; '1 month' and '30 days'):
#: sorted by their text as well, so that ties are broken the same way on every run
_PRINTS_AMBIGUOUSLY = re.compile(r"FLOAT|DOUBLE|REAL|INTERVAL|STRUCT|MAP|UNION|\[\]|JSON", re.IGNORECASE)


def sorted_release(engine: Engine, release: exp.Expr) -> exp.Select:
    """``release`` sorted by every column it returns (first to last, NULLs first): the order of
    a release carries nothing from the source's and is the same on every run. Text is compared
    byte for byte (a column's collation could tie 'flu' and 'FLU'), and values of types whose
    equal values can print differently are also compared as text, last."""
    alias = "release"
    keys: list[exp.Ordered] = []
    tiebreaks: list[exp.Ordered] = []
    for name, typ in engine.describe(release):
        col = exp.column(exp.to_identifier(name, quoted=True), table=exp.to_identifier(alias, quoted=True))
        key: exp.Expr = col
        if typ.upper().startswith("VARCHAR"):
            key = exp.Collate(this=col, expression=exp.to_identifier("binary", quoted=True))
        keys.append(exp.Ordered(this=key, nulls_first=True))
        if _PRINTS_AMBIGUOUSLY.search(typ):
            tiebreaks.append(exp.Ordered(this=exp.cast(col, "VARCHAR"), nulls_first=True))
    source = exp.Subquery(this=release, alias=exp.TableAlias(this=exp.to_identifier(alias, quoted=True)))
    return exp.select(exp.Star()).from_(source).order_by(*keys, *tiebreaks)


def stage(engine: Engine, release: exp.Expr, output: TableRef) -> Staged:
    """Write the result of the query ``release``, sorted (:func:`sorted_release`), to a staging
    location beside ``output``.

    Missing output folders are created here; on failure they are removed again along with the
    staged copy.
    """
    release = sorted_release(engine, release)
    if output.kind == "table":
        return _stage_server_table(engine, release, output)
    staged: Staged | None = None
    try:
        with interrupt.held():  # what is made here is in a Staged (aborted on failure) before a stop
            staged = _staging(output)
        if output.folder:
            engine.write_folder(release, staged.staged.file, output.kind, output.csv)
        else:
            _write_staged(engine, release, output, staged)
    except BaseException:
        if staged is not None:
            staged.abort(engine)
        raise
    return staged


def _staging(output: TableRef) -> Staged:
    """Where a release of a file or DuckDB database output is staged: a table staged in the
    existing database, or a private folder beside the output (output folders made as needed)."""
    created = atomic.make_folders(output.file.parent)
    if output.kind == "duckdb" and output.file.exists():
        staged_name = _leftover_table("staged")
        return Staged(output, TableRef("duckdb", output.path, staged_name, output.schema), created)
    try:
        folder = atomic.staging_folder(output.file)
    except OSError as err:
        atomic.remove_folders(created)
        raise InputError(
            f"Cannot write beside the output {str(output.path)!r}: {err.strerror or err}."
        ) from None
    if output.folder:  # the engine makes the folder of part files inside the private one
        return Staged(output, TableRef(output.kind, folder / "release", folder=True), created, folder)
    if output.kind == "duckdb":
        assert output.table is not None
        path = folder / "release.duckdb"
        return Staged(output, TableRef("duckdb", path, output.table, output.schema), created, folder)
    path = folder / f"release.{output.kind}"
    return Staged(output, TableRef(output.kind, path, csv=output.csv), created, folder)


def _write_staged(engine: Engine, release: exp.Expr, output: TableRef, staged: Staged) -> None:
    """Write the release where :func:`_staging` says (the caller aborts on failure)."""
    if output.kind == "duckdb" and staged.folder is None:
        assert staged.staged.table is not None
        alias = engine.attach(str(output.path), read_only=False)
        engine.begin()
        staged._open = True
        _create(engine, alias, output.schema, staged.staged.table, release)
    elif output.kind == "duckdb":
        assert output.table is not None
        alias = engine.attach(str(staged.staged.file), read_only=False)
        _create(engine, alias, output.schema, output.table, release)
    else:
        csv = output.csv
        copy = render_template(
            "copy_to.sql",
            path=str(staged.staged.file),
            format=output.kind,
            delimiter=csv.delimiter,
            quote=csv.quote,
            escape=csv.escape,
        )
        copy.set("this", exp.Subquery(this=release))  # the release query replaces the placeholder
        engine.execute(copy.sql(dialect=DIALECT))


@dataclass
class Returned:
    """A release returned to the caller (a run on the caller's connection with no output): a
    temp table of the connection's session, under a name of its own (``sqlanon_release_...``),
    handed over as the engine gives it (:meth:`Engine.hand_over`) when the gate passes, dropped
    otherwise. It has the methods of :class:`Staged`; committing it writes nothing."""

    staged: TableRef
    #: what the caller gets: a relation, a DataFrame or the temp table's name
    handed: object = None

    @property
    def name(self) -> str:
        assert self.staged.table is not None
        return self.staged.table

    def commit(self, engine: Engine, overwrite: bool) -> None:
        self.handed = engine.hand_over(self.name)

    def finish(self, engine: Engine) -> None:
        """Nothing to make final: the caller owns the temp table."""

    def abort(self, engine: Engine) -> None:
        """Drop the temp table; never raises."""
        if self.handed is None:
            with interrupt.held():
                try:
                    engine.drop(self.name)
                except EngineError:
                    pass


def stage_returned(engine: Engine, release: exp.Expr, label: str | None = None) -> Returned:
    """The release, sorted (:func:`sorted_release`), as a temp table to return to the caller
    (``label``: how the report names it; default the temp table of the connection)."""
    name = f"sqlanon_release_{secrets.token_hex(4)}"
    returned = Returned(
        TableRef("table", None, name, "", label=label or f"temporary table {name!r} of the connection")
    )
    try:
        engine.create_temp_as(name, sorted_release(engine, release))
    except BaseException:  # a stop as the statement ended leaves the table: dropped
        returned.abort(engine)
        raise
    return returned


def _stage_server_table(engine: Engine, release: exp.Expr, output: TableRef) -> Staged:
    """The release created under a temporary name beside the output, in the server's database,
    inside a transaction (:mod:`sqlanon.release.table`)."""
    assert output.table is not None
    schema = output.schema
    if not schema:  # the schema the output is in, or would be created in (the search path's)
        server = engine.server
        assert server is not None
        found = server.find("", output.table)
        schema = (
            found.schema
            if found is not None
            else str(engine.fetchone(exp.select(exp.func("CURRENT_SCHEMA")))[0])
        )
    staged_name = _leftover_table("staged")
    server = engine.server
    assert server is not None
    # a transactional server: a new schema another session creates meanwhile fails the creation
    new_schema = engine.capabilities.transactions and not server.schema_exists(schema, output.catalog)
    for attempt in (1, 2):
        staged = Staged(output, publish_table.staged_ref(output, staged_name, schema), [])
        try:
            engine.begin()
            staged._open = True
            publish_table.create(engine, schema, staged_name, release, output.catalog)
        except EngineError as err:
            staged.abort(engine)
            if (
                attempt == 1
                and new_schema
                and err.cause is None
                and server.schema_exists(schema, output.catalog)
            ):
                # another session (another run?) created the new schema meanwhile: it is there now
                continue
            raise
        except BaseException:
            staged.abort(engine)
            raise
        break
    return staged
