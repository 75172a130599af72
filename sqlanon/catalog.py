"""What a DuckDB database file holds: its tables and views, and what a view reads.

Names are compared as DuckDB compares them, without regard to case. A view's dependencies
are read from its definition (DuckDB keeps the SQL of a view, not its dependencies): every
table or view it names, recursively, and every file it reads (``read_csv('x.csv')``,
``FROM 'x.parquet'``). The reading over-approximates (a CTE named like a table counts as that
table), which is the safe side for what it is used for: refusing to write over a source.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import sqlglot
from sqlglot import exp

from sqlanon.engine import Engine


@dataclass(frozen=True)
class Relation:
    """A table or view of an attached database, as the catalog spells it."""

    schema: str
    name: str
    view: bool

    def key(self) -> tuple[str, str]:
        return (self.schema.lower(), self.name.lower())


def relations(engine: Engine, alias: str) -> list[Relation]:
    """Every table and view of the attached database ``alias``."""
    query = (
        exp.select("table_schema", "table_name", "table_type")
        .from_("information_schema.tables")
        .where(exp.column("table_catalog").eq(exp.Literal.string(alias)))
    )
    return [Relation(str(s), str(n), str(t) == "VIEW") for s, n, t in engine.fetchall(query)]


def find(engine: Engine, alias: str, schema: str, name: str) -> Relation | None:
    """The table or view ``schema.name`` of ``alias`` (any case), or None."""
    key = (schema.lower(), name.lower())
    return next((r for r in relations(engine, alias) if r.key() == key), None)


@dataclass
class Reads:
    """What reading a relation reads: the relations (schema, name lower-cased) and files."""

    relations: set[tuple[str, str]] = field(default_factory=set)
    files: set[Path] = field(default_factory=set)
    #: a view whose definition could not be read: it may read any relation of the database
    unknown: bool = False


def _view_sql(engine: Engine, alias: str) -> dict[tuple[str, str], str]:
    query = (
        exp.select("schema_name", "view_name", "sql")
        .from_("duckdb_views()")
        .where(exp.column("database_name").eq(exp.Literal.string(alias)))
    )
    return {(str(s).lower(), str(v).lower()): str(sql) for s, v, sql in engine.fetchall(query)}


def _literal_paths(node: exp.Expr) -> set[Path]:
    return {Path(lit.this) for lit in node.find_all(exp.Literal) if lit.is_string and lit.this}


def reads(engine: Engine, alias: str, schema: str, name: str) -> Reads:
    """Everything reading ``schema.name`` of ``alias`` reads (itself included), following views.
    Relative file paths are as DuckDB resolves them, against the working directory."""
    views = _view_sql(engine, alias)
    out = Reads()
    pending = [(schema.lower(), name.lower())]
    while pending:
        key = pending.pop()
        if key in out.relations:
            continue
        out.relations.add(key)
        sql = views.get(key)
        if sql is None:
            continue
        try:
            tree = sqlglot.parse_one(sql, read="duckdb")
        except sqlglot.errors.SqlglotError:
            out.unknown = True
            continue
        query = tree.expression if isinstance(tree, exp.Create) else tree
        if query is None:
            out.unknown = True
            continue
        for table in query.find_all(exp.Table):
            if not isinstance(table.this, exp.Identifier):  # a table function: read_csv('x.csv')
                out.files |= _literal_paths(table)
                continue
            if not table.db and ("/" in table.name or "." in table.name):
                out.files.add(Path(table.name))  # FROM 'x.csv'
            pending.append(((table.db or "main").lower(), table.name.lower()))
    out.files = {p if p.is_absolute() else Path.cwd() / p for p in out.files}
    return out
