"""What a DuckDB database file holds: its tables and views, and what a view reads.

Names are compared as DuckDB compares identifiers: without regard to the case of ASCII letters
(``people`` is ``PEOPLE``, but ``ärzte`` is not ``Ärzte``). A view's dependencies are read from
its definition (DuckDB keeps the SQL of a view, not its dependencies): every table or view it
names, recursively (a name without a schema, in a view of schema ``s``, is ``s``'s or
``main``'s; ``a.b`` is schema ``a``'s ``b`` or ``main.b`` of a database attached as ``a``; a
database's name is left out, so that a view naming another database's table counts as naming
the one of that name in any), and every file a reader function reads (``read_csv('x.csv')``, ``FROM
'x.parquet'``; a pattern stands for every file it matches). The reading over-approximates (a CTE
named like a table counts as that table). What it cannot see into (a table macro, ``query()``,
``query_table()``, a user's macro called anywhere in the view, a file name computed at run time,
a view it cannot parse) makes the result ``unknown``: then any table of the database, and any
file, may be what the source reads.
"""

from __future__ import annotations

import fnmatch
import glob
import itertools
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import sqlglot
from sqlglot import exp
from sqlglot.tokenizer_core import TokenType

from sqlanon.atomic import same_file
from sqlanon.engines.base import Engine, NothingAttached, Read, ServerReads, ServerRelation
from sqlanon.errors import InputError

#: table functions that read the files their string arguments name
FILE_READERS = frozenset(
    {
        "read_csv",
        "read_csv_auto",
        "read_parquet",
        "parquet_scan",
        "read_json",
        "read_json_auto",
        "read_ndjson",
        "read_ndjson_auto",
        "read_json_objects",
        "read_text",
        "read_blob",
        "sniff_csv",
    }
)
#: table functions that read no table and no file
PURE = frozenset({"generate_series", "range", "glob"})

_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def fold(name: str) -> str:
    """``name`` as DuckDB compares identifiers: ASCII letters without case, all else as is."""
    return name.translate(_ASCII_LOWER)


@dataclass(frozen=True)
class Relation:
    """A table or view of an attached database, as the catalog spells it."""

    schema: str
    name: str
    view: bool

    def key(self) -> tuple[str, str]:
        return (fold(self.schema), fold(self.name))


def relations(engine: Engine, alias: str) -> list[Relation]:
    """Every table and view of the attached database ``alias``."""
    query = (
        exp.select("table_schema", "table_name", "table_type")
        .from_("information_schema.tables")
        .where(exp.column("table_catalog").eq(exp.Literal.string(alias)))
    )
    return [Relation(str(s), str(n), str(t) == "VIEW") for s, n, t in engine.fetchall(query)]


def find(engine: Engine, alias: str, schema: str, name: str) -> Relation | None:
    """The table or view ``schema.name`` of ``alias`` (as DuckDB compares names), or None."""
    key = (fold(schema), fold(name))
    return next((r for r in relations(engine, alias) if r.key() == key), None)


def referencing(engine: Engine, alias: str, relation: Relation) -> list[str]:
    """The tables of ``alias`` whose foreign keys reference a table named like ``relation``
    (DuckDB cannot drop a table that others reference)."""
    query = (
        exp.select("schema_name", "table_name", "referenced_table")
        .from_("duckdb_constraints()")
        .where(
            exp.and_(
                exp.column("database_name").eq(exp.Literal.string(alias)),
                exp.column("constraint_type").eq(exp.Literal.string("FOREIGN KEY")),
            )
        )
    )
    return [
        f"{s}.{t}"
        for s, t, ref in engine.fetchall(query)
        if ref is not None and fold(str(ref)) == fold(relation.name)
    ]


@dataclass
class Reads:
    """What reading a relation reads: the relations ((schema, name) folded), the file names
    and patterns its reader functions name, and whether part of it could not be read."""

    relations: set[tuple[str, str]] = field(default_factory=set)
    files: set[str] = field(default_factory=set)
    #: part of a view could not be followed: it may read any relation or file
    unknown: bool = False
    #: the view through which each relation is first reached (the relation read itself: none)
    via: dict[tuple[str, str], tuple[str, str]] = field(default_factory=dict)

    def may_read(self, path: Path) -> bool:
        """Whether ``path`` is, or matches, a file the relation reads (patterns expanded as
        DuckDB expands them, against the working directory; ``~`` as the home folder)."""
        if self.unknown:
            return True
        target = path.resolve()
        for name in self.files:
            full = Path(os.path.expanduser(name))
            full = full if full.is_absolute() else Path.cwd() / full
            if glob.has_magic(str(full)):
                if fnmatch.fnmatchcase(str(target), str(full)) or any(
                    same_file(target, Path(m)) for m in glob.glob(str(full), recursive=True)
                ):
                    return True
            elif same_file(target, full):
                return True
        return False


def _in(aliases: Sequence[str]) -> exp.Expr:
    return exp.column("database_name").isin(*(exp.Literal.string(a) for a in aliases))


def _view_sql(engine: Engine, aliases: Sequence[str]) -> dict[tuple[str, str], list[str]]:
    """The SQL of every view of the attached databases ``aliases``, by (schema, name) folded
    (views of two databases named alike: both)."""
    query = exp.select("schema_name", "view_name", "sql").from_("duckdb_views()").where(_in(aliases))
    out: dict[tuple[str, str], list[str]] = {}
    for s, v, sql in engine.fetchall(query):
        out.setdefault((fold(str(s)), fold(str(v))), []).append(str(sql))
    return out


def _macros(engine: Engine, aliases: Sequence[str]) -> set[str]:
    """The (folded) names of the functions a user defined in ``aliases`` (macros)."""
    query = (
        exp.select("function_name")
        .from_("duckdb_functions()")
        .where(exp.and_(_in(aliases), exp.column("internal").not_()))
    )
    return {fold(str(name)) for (name,) in engine.fetchall(query)}


def _function_name(fn: exp.Expr) -> str:
    if isinstance(fn, exp.Func) and not isinstance(fn, exp.Anonymous):
        return fold(fn.sql_name())
    return fold(fn.name)


def _calls(sql: str, names: set[str]) -> bool:
    """Whether ``sql`` calls one of the functions ``names`` (folded): read from its tokens, as
    written (a parsed tree would name a macro called ``nvl`` COALESCE)."""
    try:
        tokens = sqlglot.tokenize(sql, read="duckdb")
    except sqlglot.errors.SqlglotError:
        return True
    return any(
        fold(token.text) in names and following.token_type == TokenType.L_PAREN
        for token, following in itertools.pairwise(tokens)
    )


def _file_names(reader: exp.Expr) -> set[str] | None:
    """The file names (or patterns) a reader function's first argument gives: a string or a
    list of strings; None when it is computed (``'a' || 'b.csv'``, ``lower(...)``)."""
    first = reader.args.get("this") or (reader.expressions[0] if reader.expressions else None)
    items = list(first.expressions) if isinstance(first, exp.Array) else [first]
    literals = [i for i in items if isinstance(i, exp.Literal) and i.is_string]
    if not items or len(literals) != len(items):
        return None
    return {str(i.this) for i in literals}


def reads(engine: Engine, alias: str | Sequence[str], schema: str, name: str) -> Reads:
    """Everything reading ``schema.name`` of ``alias`` reads (itself included), following views
    (``alias`` several databases: the views of each, a name standing for a relation of any)."""
    aliases = [alias] if isinstance(alias, str) else list(alias)
    views = _view_sql(engine, aliases)
    macros = _macros(engine, aliases)
    out = Reads()
    pending: list[tuple[tuple[str, str], tuple[str, str] | None]] = [((fold(schema), fold(name)), None)]
    while pending:
        key, via = pending.pop(0)
        if key in out.relations:
            continue
        out.relations.add(key)
        if via is not None:
            out.via[key] = via
        for sql in views.get(key, []):
            try:
                tree = sqlglot.parse_one(sql, read="duckdb")
            except sqlglot.errors.SqlglotError:
                out.unknown = True
                continue
            query = tree.expression if isinstance(tree, exp.Create) else tree
            if query is None:
                out.unknown = True
                continue
            if macros and _calls(sql, macros):
                out.unknown = True  # a user's macro may read anything
            pending += [(named, key) for named in _follow(query, out, key[0])]
    return out


def _follow(query: exp.Expr, out: Reads, schema: str) -> list[tuple[str, str]]:
    """Add the files ``query`` reads to ``out`` (``unknown`` when it cannot tell); return the
    relations it names, (schema, name) folded (a name without a schema: ``schema``'s, then main's)."""
    pending: list[tuple[str, str]] = []
    for table in query.find_all(exp.Table):
        if not isinstance(table.this, exp.Identifier):  # a table function
            function = _function_name(table.this)
            if function in FILE_READERS:
                files = _file_names(table.this)
                if files is None:
                    out.unknown = True  # a file name computed at run time: cannot follow
                else:
                    out.files |= files
            elif function not in PURE:
                out.unknown = True  # query(), query_table(), a table macro: cannot follow
            continue
        if not table.db and ("/" in table.name or "." in table.name):
            out.files.add(table.name)  # FROM 'x.csv'
        if table.db:
            pending.append((fold(table.db), fold(table.name)))
            if not table.catalog:  # ``a.b`` is schema a's b, or b of the attached database a
                pending.append(("main", fold(table.name)))
        else:
            pending += [(schema, fold(table.name)), ("main", fold(table.name))]
    return pending


def query_reads(query: exp.Expr) -> Reads:
    """What a source query run in sqlanon's own DuckDB reads: the files it names (its table
    names name no table of an output database, which the query cannot see under its name)."""
    out = Reads()
    _follow(query, out, "main")
    if any(table.catalog for table in query.find_all(exp.Table)):
        out.unknown = True  # a table of an attached database: sqlanon attaches the output's
    return out


#: the attached database of a connection's temporary tables and views
TEMP = "temp"


class ConnectionCatalog:
    """The catalog of a caller's DuckDB connection (a :class:`~sqlanon.engines.base.ServerCatalog`):
    the tables and views of its current database, and its temporary ones, which ``{table: name}``
    names as DuckDB resolves the name (a temporary relation first, then the current schema's).
    A relation's identity is DuckDB's object id. Temporary tables are never outputs: they end
    with the session."""

    def __init__(self, engine: Engine) -> None:
        self._engine = engine

    def _database(self) -> tuple[str, str]:
        db, schema = self._engine.fetchone(
            exp.select(exp.func("current_database"), exp.func("current_schema"))
        )
        return str(db), str(schema)

    def _ids(self, aliases: Sequence[str]) -> dict[tuple[str, str, str], tuple[int, str]]:
        """Object ids and names (``schema.name``, as spelled) by (database, schema, name),
        folded, of every table and view of ``aliases``."""
        names = ("table_name", "table_oid", "duckdb_tables()"), ("view_name", "view_oid", "duckdb_views()")
        out: dict[tuple[str, str, str], tuple[int, str]] = {}
        for name, oid, source in names:
            query = exp.select("database_name", "schema_name", name, oid).from_(source).where(_in(aliases))
            for db, schema, rel, ident in self._engine.fetchall(query):
                out[(fold(str(db)), fold(str(schema)), fold(str(rel)))] = (int(ident), f"{schema}.{rel}")
        return out

    def _not_a_database(self, schema: str, db: str) -> None:
        """``schema`` is no attached database other than the current one: DuckDB would read
        ``wh.t`` as ambiguous, and sqlanon names tables of the current database."""
        names = exp.select("database_name").from_("duckdb_databases()").where(exp.column("internal").not_())
        for (other,) in self._engine.fetchall(names):
            if fold(str(other)) == fold(schema) and fold(str(other)) != fold(db):
                raise InputError(
                    f"{schema!r} is an attached database of the connection; {{table: name}} and {{table: schema.name}} "
                    f"name tables of its current database ({db!r}). Run USE {other} on the connection first, or pass "
                    f"a relation of it as the source (con.table('{other}.main.name'))."
                )

    def _search_path(self) -> list[str]:
        (schemas,) = self._engine.fetchone(exp.select(exp.func("current_schemas", exp.false())))
        return [str(s) for s in schemas or []]

    def find(self, schema: str, name: str, catalog: str = "") -> ServerRelation | None:
        db, current = self._database()
        if schema:
            self._not_a_database(schema, db)
        places = (
            [(db, schema)]
            if schema
            else [(TEMP, "main"), *((db, s) for s in self._search_path() or [current])]
        )
        for alias, where in places:
            found = find(self._engine, alias, where, name)
            if found is not None:
                kind = "view" if found.view else "table"
                if alias == TEMP:
                    kind = f"temporary {kind}"
                ident, _ = self._ids([alias])[(fold(alias), *found.key())]
                return ServerRelation(found.schema, found.name, kind, ident)
        return None

    def referencing(self, relation: ServerRelation) -> list[str]:
        db, _ = self._database()
        return referencing(self._engine, db, Relation(relation.schema, relation.name, False))

    def bound_views(self, relation: ServerRelation) -> list[str]:
        return []  # a DuckDB view keeps its SQL: after a swap it reads the new table by name

    def attached(self, relation: ServerRelation) -> NothingAttached:
        return NothingAttached()  # DuckDB has no privileges; its comments are not carried over

    def read_only(self) -> str | None:
        db, _ = self._database()
        query = (
            exp.select("readonly")
            .from_("duckdb_databases()")
            .where(exp.column("database_name").eq(exp.Literal.string(db)))
        )
        (readonly,) = self._engine.fetchone(query)
        return f"the connection opened its database {db!r} read-only" if readonly else None

    def _attached(self) -> list[str]:
        """Every database attached to the connection, its temporary one first."""
        names = exp.select("database_name").from_("duckdb_databases()").where(exp.column("internal").not_())
        return [TEMP, *(str(name) for (name,) in self._engine.fetchall(names) if str(name) != TEMP)]

    def _view_names(self, attached: Sequence[str], db: str) -> dict[tuple[str, str], list[str]]:
        """The views of the databases ``attached`` by (schema, name), folded: each named as
        spelled, ``schema.name`` in the current database ``db``, ``database.schema.name`` in
        another (the temporary one included)."""
        query = (
            exp.select("database_name", "schema_name", "view_name")
            .from_("duckdb_views()")
            .where(exp.and_(_in(attached), exp.column("internal").not_()))
            .order_by("database_name", "schema_name", "view_name")
        )
        out: dict[tuple[str, str], list[str]] = {}
        for d, schema, view in self._engine.fetchall(query):
            spelled = f"{schema}.{view}" if fold(str(d)) == fold(db) else f"{d}.{schema}.{view}"
            out.setdefault((fold(str(schema)), fold(str(view))), []).append(spelled)
        return out

    def reads(self, relation: ServerRelation) -> ServerReads:
        db, _ = self._database()
        aliases = [TEMP, db]
        # a view of any attached database may be what the source reads, and read this one's tables
        attached = self._attached()
        found = reads(self._engine, attached, relation.schema, relation.name)
        views = self._view_names(attached, db)
        names = {(s, n): f"{s}.{n}" for s, n in found.relations}  # as folded, where no relation has it
        ids = self._ids(aliases)
        for (_, *key), (_, spelled) in ids.items():
            names[(key[0], key[1])] = spelled
        root = (fold(relation.schema), fold(relation.name))
        if relation.name.startswith("__sqlanon_"):
            names[root] = "the source relation"  # sqlanon's view of a caller's relation

        def how(key: tuple[str, str]) -> str:
            view = found.via[key]
            # a view's name stands for the views of that name in every attached database
            by = (
                names[view]
                if names[view] == "the source relation"
                else "the view " + " or ".join(views.get(view, [names[view]]))
            )
            return f"read by {by}" + (f", which is {how(view)}" if view in found.via else "")

        out = ServerReads({relation.ident: Read(f"{relation.schema}.{relation.name}")})
        for (_, *key), (ident, spelled) in ids.items():
            named = (key[0], key[1])
            if ident in out.relations or named not in found.relations:
                continue
            if named in found.via:
                out.relations[ident] = Read(spelled, how(named))
            elif named == root:  # a temporary relation and a table of the database named alike
                out.relations[ident] = Read(spelled, "named like the source")
        if found.unknown:
            out.unknown = (
                "a view it reads calls a macro, query() or query_table(), reads a file named at run time, or "
                "cannot be parsed"
            )
        return out

    def contained(self, relation: ServerRelation) -> dict[int, str]:
        return {}  # DuckDB has no partitions or inheritance

    def tree(self, relation: ServerRelation) -> str:
        return ""  # DuckDB has no partitions or inheritance

    def schema_location(self, schema: str, catalog: str = "") -> str:
        return ""  # DuckDB keeps a table in its database file

    def tables(self, schema: str, catalog: str = "") -> list[str]:
        db, _ = self._database()
        return [r.name for r in relations(self._engine, db) if not r.view and fold(r.schema) == fold(schema)]

    def schema_exists(self, schema: str, catalog: str = "") -> bool:
        db, _ = self._database()
        self._not_a_database(schema, db)
        query = (
            exp.select("schema_name")
            .from_("duckdb_schemas()")
            .where(exp.column("database_name").eq(exp.Literal.string(db)))
        )
        return any(fold(str(s)) == fold(schema) for (s,) in self._engine.fetchall(query))

    def unwritable(
        self, schema: str, name: str, existing: ServerRelation | None, catalog: str = ""
    ) -> str | None:
        return None  # DuckDB's own errors (a lock, a read-only file) say it when the table is made

    def forgets(self) -> str | None:
        return None
