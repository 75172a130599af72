"""Write a release atomically: stage it, let the gate read the staged copy, then commit.

Files are staged next to their destination and renamed into place (``os.replace``); DuckDB
tables are staged under a temporary name and renamed inside one transaction. A failure at any
point removes the staged copy, so no partial output is ever left; an existing output is only
replaced when ``overwrite`` is set.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from sqlglot import exp

from sqlanon.config import Config, CsvOptions, TableRef
from sqlanon.encode import Encoded
from sqlanon.engine import Engine
from sqlanon.errors import EngineError, InputError
from sqlanon.lattice import Node
from sqlanon.sql.render import DIALECT, column, render_template, table


def _table(alias: str, name: str) -> exp.Table:
    return exp.Table(this=exp.to_identifier(name, quoted=True), db=exp.to_identifier(alias, quoted=True))


def _drop(alias: str, name: str) -> exp.Drop:
    return exp.Drop(tables=[_table(alias, name)], kind="TABLE", exists=True)


def _table_exists(engine: Engine, alias: str, name: str) -> bool:
    query = (
        exp.select(exp.Count(this=exp.Star()))
        .from_("information_schema.tables")
        .where(
            exp.and_(
                exp.column("table_catalog").eq(exp.Literal.string(alias)),
                exp.column("table_name").eq(exp.Literal.string(name)),
            )
        )
    )
    (count,) = engine.fetchone(query)
    return int(count) > 0


def _existing_ancestor(path: Path) -> Path:
    """The nearest ancestor of ``path`` (or ``path`` itself) that exists."""
    for candidate in (path, *path.parents):
        if candidate.exists():
            return candidate
    return Path(path.anchor or ".")


def _check_folder(parent: Path) -> None:
    """The folder ``parent`` exists and is writable, or can be created (nothing is created here)."""
    base = _existing_ancestor(parent)
    if not base.is_dir():
        raise InputError(
            f"Cannot create the output folder {str(parent)!r}: {str(base)!r} is a file, not a folder; "
            "choose another output path."
        )
    if not os.access(base, os.W_OK | os.X_OK):
        what = "output folder" if base == parent else "folder"
        raise InputError(f"The {what} {str(base)!r} is not writable; choose another output path.")


def _make_folders(parent: Path) -> list[Path]:
    """Create ``parent`` and its missing ancestors; return the folders created, outermost first."""
    missing = [p for p in (parent, *parent.parents) if not p.exists()][::-1]
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise InputError(f"Cannot create the output folder {str(parent)!r}: {err.strerror or err}.") from None
    return missing


def _remove_folders(created: list[Path]) -> None:
    for folder in reversed(created):
        try:
            folder.rmdir()
        except OSError:
            break


def prepare_output(engine: Engine, config: Config) -> None:
    """Fail early (before any work) if the output cannot or may not be written.

    Nothing is created here: a missing output folder or database is only created when the
    release is staged, and removed again if the release is aborted.
    """
    out = config.output
    assert out is not None
    src = config.source
    same_file = out.path == src.path or (
        out.path.exists() and src.path.exists() and out.path.samefile(src.path)
    )
    # a DuckDB output may share the source's database file, as another table
    if same_file and not (out.kind == src.kind == "duckdb" and out.table != src.table):
        raise InputError(
            f"The output {out.describe()} is the source itself; sqlanon never modifies its source. "
            "Choose another output path or table."
        )
    _check_folder(out.path.parent)
    if out.path.is_dir():
        raise InputError(f"The output {str(out.path)!r} is a folder; give a file path.")
    if out.kind == "duckdb":
        if not out.path.exists():
            return  # a new database: created when the release is staged
        if not os.access(out.path, os.W_OK):
            raise InputError(f"The output database {str(out.path)!r} is not writable.")
        try:
            alias = engine.attach(str(out.path), read_only=False)
        except EngineError as err:
            msg = str(err).removeprefix("The SQL engine failed: ").splitlines()[0]
            raise InputError(
                f"Cannot open the output database {str(out.path)!r} ({msg}); give a DuckDB database file "
                "that no other program is using."
            ) from None
        assert out.table is not None
        if _table_exists(engine, alias, out.table) and not config.overwrite:
            raise InputError(
                f"The output table {out.table!r} already exists in {str(out.path)!r}; set overwrite: true to replace it."
            )
    elif out.path.exists() and not config.overwrite:
        raise InputError(f"The output {str(out.path)!r} already exists; set overwrite: true to replace it.")


def build_release(engine: Engine, config: Config, encoded: Encoded, node: Node, verdicts: str) -> exp.Expr:
    """The query of the release of ``node`` (written straight to the staging location).

    QIs at their top level become the constant top label (no join), and the semi join that
    removes suppressed classes is left out when ``verdicts`` has no bad class."""
    qi_index = {d.column: i for i, d in enumerate(encoded.qis)}
    source_columns = [name for name, _ in engine.columns(encoded.source)]
    identifiers = {c.name for c in config.by_role("identifier")}
    columns = [{"name": c, "qi": qi_index.get(c)} for c in source_columns if c not in identifiers]
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
    (suppress,) = engine.fetchone(exp.select(some_bad).from_(table(verdicts)))
    return render_template(
        "publish.sql",
        source=encoded.source,
        columns=columns,
        qis=qis,
        verdicts=verdicts,
        suppress=bool(suppress),
    )


@dataclass
class Staged:
    """A written-but-not-committed release.

    ``created`` lists what staging created beside the output (missing folders, a new database
    file), outermost first; :meth:`abort` removes them again so a failed run leaves nothing.
    """

    output: TableRef
    staged: TableRef
    created: list[Path] = field(default_factory=list)
    new_database: bool = False

    def commit(self, engine: Engine, overwrite: bool) -> None:
        if self.output.kind == "duckdb":
            alias = engine.attach(str(self.output.path), read_only=False)
            assert self.output.table is not None and self.staged.table is not None
            engine.execute("BEGIN TRANSACTION")
            try:
                if overwrite:
                    engine.execute(_drop(alias, self.output.table))
                engine.execute(
                    exp.Alter(
                        this=_table(alias, self.staged.table),
                        kind="TABLE",
                        actions=[
                            exp.AlterRename(
                                this=exp.Table(this=exp.to_identifier(self.output.table, quoted=True))
                            )
                        ],
                    )
                )
                engine.execute("COMMIT")
            except BaseException:
                try:
                    engine.execute("ROLLBACK")
                finally:
                    self.abort(engine)
                raise
        else:
            try:
                if not overwrite and _link_new(self.staged.path, self.output.path):
                    self.staged.path.unlink(missing_ok=True)
                else:
                    os.replace(self.staged.path, self.output.path)
            except FileExistsError:
                self.abort(engine)
                raise InputError(
                    f"The output {str(self.output.path)!r} appeared while sqlanon was running; it was left "
                    "as it is and nothing was written. Set overwrite: true to replace it."
                ) from None
            except OSError as err:
                self.abort(engine)
                raise InputError(
                    f"Cannot move the release into place at {str(self.output.path)!r}: {err.strerror or err}; "
                    "nothing was written."
                ) from None

    def abort(self, engine: Engine) -> None:
        """Remove the staged copy and whatever staging created; never raises."""
        try:
            if self.staged.kind == "duckdb":
                if self.new_database:
                    _detach(engine, self.staged.path)
                    for path in (
                        self.staged.path,
                        self.staged.path.with_name(self.staged.path.name + ".wal"),
                    ):
                        path.unlink(missing_ok=True)
                else:
                    alias = engine.attach(str(self.staged.path), read_only=False)
                    assert self.staged.table is not None
                    engine.execute(_drop(alias, self.staged.table))
            else:
                Path(self.staged.path).unlink(missing_ok=True)
        except (OSError, EngineError):
            pass
        _remove_folders(self.created)


def _link_new(staged: Path, output: Path) -> bool:
    """Hard-link ``staged`` as ``output`` only if ``output`` does not exist (atomically).

    Returns False when the file system cannot link (the caller then renames); raises
    :class:`FileExistsError` when ``output`` exists.
    """
    try:
        os.link(staged, output)
    except FileExistsError:
        raise
    except OSError:
        if output.exists():
            raise FileExistsError(str(output)) from None
        return False
    return True


def _detach(engine: Engine, path: Path) -> None:
    """Detach the database file ``path`` so that it can be deleted."""
    engine.detach(str(path))


def stage(engine: Engine, release: exp.Expr, output: TableRef, csv: CsvOptions) -> Staged:
    """Write the result of the query ``release`` to a staging location beside ``output``.

    Missing output folders (and a missing output database) are created here; on failure they
    are removed again along with the staged copy.
    """
    created = _make_folders(output.path.parent)
    if output.kind == "duckdb":
        new_database = not output.path.exists()
        staged_name = f"__sqlanon_staged_{os.getpid()}_{output.table}"
        staged = Staged(output, TableRef("duckdb", output.path, staged_name), created, new_database)
        try:
            alias = engine.attach(str(output.path), read_only=False)
            create = exp.Create(
                this=_table(alias, staged_name),
                kind="TABLE",
                replace=True,
                expression=release,
            )
            engine.execute(create)
        except BaseException:
            staged.abort(engine)
            raise
        return staged
    tmp = output.path.with_name(f".{output.path.name}.sqlanon-{os.getpid()}.tmp")
    staged = Staged(output, TableRef(output.kind, tmp), created)
    try:
        copy = render_template(
            "copy_to.sql", path=str(tmp), format=output.kind, delimiter=csv.delimiter, quote=csv.quote
        )
        copy.set("this", exp.Subquery(this=release))  # the release query replaces the placeholder
        engine.execute(copy.sql(dialect=DIALECT))
    except BaseException:
        staged.abort(engine)
        raise
    return staged
