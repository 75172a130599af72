"""Write a release atomically: stage it, let the gate read the staged copy, then commit.

Files are staged next to their destination and renamed into place (``os.replace``); DuckDB
tables are staged under a temporary name and renamed inside one transaction. A failure at any
point removes the staged copy, so no partial output is ever left; an existing output is only
replaced when ``overwrite`` is set.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from sqlglot import exp

from sqlanon.config import Config, CsvOptions, TableRef
from sqlanon.encode import Encoded
from sqlanon.engine import Engine
from sqlanon.errors import InputError
from sqlanon.lattice import Node
from sqlanon.sql.render import DIALECT, render_template


def _table(alias: str, name: str) -> exp.Table:
    return exp.Table(this=exp.to_identifier(name, quoted=True), db=exp.to_identifier(alias, quoted=True))


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


def prepare_output(engine: Engine, config: Config) -> None:
    """Fail early (before any work) if the output cannot or may not be written."""
    out = config.output
    assert out is not None
    src = config.source
    if out.kind == src.kind and out.path == src.path and out.table == src.table:
        raise InputError(f"The output {out.describe()} is the source itself; sqlanon never modifies its source.")
    parent = out.path.parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise InputError(f"Cannot create the output folder {str(parent)!r}: {err.strerror or err}.") from None
    if not os.access(parent, os.W_OK):
        raise InputError(f"The output folder {str(parent)!r} is not writable; choose another output path.")
    if out.kind == "duckdb":
        if out.path.exists() and not os.access(out.path, os.W_OK):
            raise InputError(f"The output database {str(out.path)!r} is not writable.")
        alias = engine.attach(str(out.path), read_only=False)
        assert out.table is not None
        if _table_exists(engine, alias, out.table) and not config.overwrite:
            raise InputError(
                f"The output table {out.table!r} already exists in {str(out.path)!r}; set overwrite: true to replace it."
            )
    else:
        if out.path.exists() and not config.overwrite:
            raise InputError(f"The output {str(out.path)!r} already exists; set overwrite: true to replace it.")
        if out.path.is_dir():
            raise InputError(f"The output {str(out.path)!r} is a folder; give a file path.")


def build_release(engine: Engine, config: Config, encoded: Encoded, node: Node, verdicts: str) -> str:
    """Create the release of ``node`` as a temp table and return its name."""
    qi_index = {d.column: i for i, d in enumerate(encoded.qis)}
    source_columns = [name for name, _ in engine.columns(encoded.source)]
    identifiers = {c.name for c in config.by_role("identifier")}
    columns = [{"name": c, "qi": qi_index.get(c)} for c in source_columns if c not in identifiers]
    qis = [
        {"column": d.column, "dim": d.dim, "up": d.up, "labels": d.labels, "level": node[i]}
        for i, d in enumerate(encoded.qis)
    ]
    name = engine.temp_name("release")
    engine.create_temp_as(
        name, render_template("publish.sql", source=encoded.source, columns=columns, qis=qis, verdicts=verdicts)
    )
    return name


@dataclass
class Staged:
    """A written-but-not-committed release."""

    output: TableRef
    staged: TableRef

    def commit(self, engine: Engine, overwrite: bool) -> None:
        if self.output.kind == "duckdb":
            alias = engine.attach(str(self.output.path), read_only=False)
            assert self.output.table is not None and self.staged.table is not None
            engine.execute("BEGIN TRANSACTION")
            try:
                if overwrite:
                    engine.execute(exp.Drop(this=_table(alias, self.output.table), kind="TABLE", exists=True))
                engine.execute(
                    exp.Alter(
                        this=_table(alias, self.staged.table),
                        kind="TABLE",
                        actions=[exp.AlterRename(this=exp.to_table(self.output.table, quoted=True))],
                    )
                )
                engine.execute("COMMIT")
            except Exception:
                engine.execute("ROLLBACK")
                raise
        else:
            os.replace(self.staged.path, self.output.path)

    def abort(self, engine: Engine) -> None:
        if self.staged.kind == "duckdb":
            alias = engine.attach(str(self.staged.path), read_only=False)
            assert self.staged.table is not None
            engine.execute(exp.Drop(this=_table(alias, self.staged.table), kind="TABLE", exists=True))
        else:
            Path(self.staged.path).unlink(missing_ok=True)


def stage(engine: Engine, release: str, output: TableRef, csv: CsvOptions) -> Staged:
    """Write ``release`` to a staging location beside ``output``."""
    if output.kind == "duckdb":
        alias = engine.attach(str(output.path), read_only=False)
        staged_name = f"__sqlanon_staged_{os.getpid()}_{output.table}"
        create = exp.Create(
            this=_table(alias, staged_name),
            kind="TABLE",
            replace=True,
            expression=exp.select("*").from_(exp.to_table(release, quoted=True)),
        )
        engine.execute(create)
        return Staged(output, TableRef("duckdb", output.path, staged_name))
    tmp = output.path.with_name(f".{output.path.name}.sqlanon-{os.getpid()}.tmp")
    staged = Staged(output, TableRef(output.kind, tmp))
    try:
        engine.execute(
            render_template(
                "copy_to.sql",
                relation=release,
                path=str(tmp),
                format=output.kind,
                delimiter=csv.delimiter,
                quote=csv.quote,
            ).sql(dialect=DIALECT)
        )
    except Exception:
        staged.abort(engine)
        raise
    return staged
