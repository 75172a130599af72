"""PostgreSQL: a server the data already lives in (with ``attached.py``, the only module
that imports psycopg).

Canonical SQL (DuckDB's dialect) is rewritten by PostgreSQL's rules (``engines/postgres/rules.py``) and
generated in its dialect; a DuckDB-only construct that no rule handles raises before the server
sees it. Bound parameters stay parameters (``$name`` becomes ``%(name)s``; psycopg quotes the
values, lists become arrays), never SQL text written by sqlanon. The password comes only from
the environment variable the configuration names, and is never part of a message.
"""

from __future__ import annotations

import itertools
import os
import re
import secrets
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from decimal import Decimal
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import psycopg
import sqlglot
from psycopg import sql
from psycopg.adapt import Loader
from psycopg.rows import tuple_row
from sqlglot import exp

from sqlanon import interrupt, redact
from sqlanon.engines import costs
from sqlanon.engines.base import (
    Capabilities,
    Load,
    Params,
    Read,
    ServerReads,
    ServerRelation,
    SqlLike,
    SqlSession,
    create_temp,
    inline_tables,
    table,
)
from sqlanon.engines.postgres import attached as postgres_attached
from sqlanon.engines.postgres import binary as postgres_binary
from sqlanon.engines.postgres.attached import PostgresAttached
from sqlanon.engines.postgres.rules import RULES, TRY_DOUBLE
from sqlanon.engines.rewriting import apply, leftovers
from sqlanon.engines.settings import url_problem
from sqlanon.errors import EngineError
from sqlanon.sql.render import DIALECT

if TYPE_CHECKING:
    from sqlanon.engines.settings import CsvOptions

CAPABILITIES = Capabilities(
    kind="postgres",
    dialect="postgres",
    temp_tables=True,
    list_parameters=True,
    arrow_results=True,
    # measured on 1M generated rows: about 10 ms per statement, 0.2 us per rolled-up row
    statement_seconds=0.01,
    row_seconds=2e-7,
    transactions=True,
    transactional_rename=True,
    int128=False,
    approx_distinct=False,
    parameter_style="pyformat",
    file_reader="",
    database_files=False,
)

#: PostgreSQL's type names (``pg_type.typname``) as the canonical (DuckDB) names sqlanon reads
TYPE_NAMES = {
    "int2": "SMALLINT",
    "int4": "INTEGER",
    "int8": "BIGINT",
    "numeric": "DECIMAL",
    "float4": "FLOAT",
    "float8": "DOUBLE",
    "text": "VARCHAR",
    "varchar": "VARCHAR",
    "bpchar": "VARCHAR",
    "bool": "BOOLEAN",
    "date": "DATE",
    "timestamp": "TIMESTAMP",
    "timestamptz": "TIMESTAMP WITH TIME ZONE",
}

#: failures whose cause lies outside sqlanon, by SQLSTATE (prefix): the cause's name
CAUSES = {
    "53100": "disk",
    "53200": "memory",
    "53400": "limit",
    "55P03": "lock",
    "40P01": "lock",
    "42501": "access",
    "57014": "interrupted",
    "42939": "name",
    "08": "connection",
}

#: where PostgreSQL's messages quote a value (in double quotes, as they quote identifiers):
#: ``invalid input syntax for type integer: "flu"``, ``value "9e99" is out of range``
_VALUES = (re.compile(r'(: )"(?:[^"]|"")*"\s*$'), re.compile(r'(\bvalue )"(?:[^"]|"")*"'))

_TOKEN = "__sqlanon_param_{}__"
#: a statement that creates something, after its comments (a comment's text never spans a "*/",
#: so a run of comments matches one way only: ".*?" there backtracked through 2^comments ways
#: when no CREATE followed, and a template with a long header hung the run)
_CREATE = re.compile(r"\s*(?:/\*(?:(?!\*/).)*\*/\s*)*CREATE\b", re.IGNORECASE | re.DOTALL)
_TOKENS = re.compile(r"__sqlanon_param_(\w*?)__")


class _IntegralNumeric(Loader):
    """NUMERIC values without a fraction (DECIMAL(38, 0): products of counts) as Python ints, as
    DuckDB returns its 128-bit integers; others as Decimal, as DuckDB returns DECIMAL."""

    def load(self, data: Any) -> int | Decimal:
        text = bytes(data).decode()
        return int(text) if text.lstrip("-").isdigit() else Decimal(text)


@lru_cache(maxsize=256)
def _parsed(canonical: str) -> exp.Expr:
    """Canonical text as a tree (cached: callers must not change it)."""
    return sqlglot.parse_one(canonical, read=DIALECT)


@lru_cache(maxsize=4096)
def _postgres_text(canonical: str) -> tuple[str, tuple[str, ...]]:
    """Canonical SQL text as PostgreSQL's, with each bound parameter written as a token, and
    the DuckDB-only constructs left (empty when it can run)."""
    tree = apply(_parsed(canonical), RULES.rewrites)  # apply works on a copy
    left = tuple(leftovers(tree))
    for node in list(tree.find_all(exp.Placeholder)):
        node.replace(exp.var(_TOKEN.format(node.name or "")))
    return tree.sql(dialect="postgres"), left


def _array(value: Any) -> Any:
    """A bound value as psycopg can send it: lists copied (psycopg takes a list object met twice
    for a recursive one) and nested lists padded with NULL to the longest (PostgreSQL arrays
    are rectangular; a subscript past a list's end is NULL in both engines)."""
    if not isinstance(value, (list, tuple)):
        return value
    items = [_array(v) for v in value]
    if items and all(isinstance(v, list) for v in items):
        width = max(len(v) for v in items)
        items = [v + [None] * (width - len(v)) for v in items]
    return items


def _params(params: Params) -> Params:
    if params is None:
        return None
    if isinstance(params, Mapping):
        return {k: _array(v) for k, v in params.items()}
    return [_array(v) for v in params]


def _expanded(sql: SqlLike) -> list[SqlLike]:
    """The statements a canonical one becomes on PostgreSQL: a CREATE OR REPLACE TABLE as a DROP
    and a CREATE, and a CREATE ... AS followed by an ANALYZE of the table."""
    statements: list[SqlLike] = [sql]
    tree = sql if isinstance(sql, exp.Expr) else None
    if tree is None and isinstance(sql, str) and _CREATE.match(sql):
        tree = _parsed(sql)  # read only: what it creates, and copies
    if isinstance(tree, exp.Create) and tree.kind == "TABLE":
        target = tree.this.this if isinstance(tree.this, exp.Schema) else tree.this
        if tree.args.get("replace"):
            # PostgreSQL has no CREATE OR REPLACE TABLE: drop, then create
            plain = tree.copy()
            plain.set("replace", False)
            statements = [exp.Drop(tables=[target.copy()], kind="TABLE", exists=True), plain]
        if tree.expression is not None:
            # no autovacuum analyzes a temp table: without statistics the planner guesses
            # tiny tables and picks nested loops; the table's size is known now
            statements.append(exp.Analyze(tables=[target.copy()]))
    return statements


def _canonical(sql: SqlLike) -> str:
    return sql if isinstance(sql, str) else sql.sql(dialect=DIALECT)


def _bind(text: str, params: Params) -> str:
    """``text`` with its parameter tokens as psycopg placeholders (``%`` escaped when bound)."""
    if params is None:
        return _TOKENS.sub(lambda m: f"%({m.group(1)})s" if m.group(1) else "%s", text)
    escaped = text.replace("%", "%%")
    return _TOKENS.sub(lambda m: f"%({m.group(1)})s" if m.group(1) else "%s", escaped)


def _first_line(err: Exception) -> str:
    """The first line of a PostgreSQL message without the values it may quote."""
    line = redact.first_line(str(err))
    for pattern in _VALUES:
        line = pattern.sub(r'\1"…"', line)
    return line


def _where(url: str) -> str:
    """``url`` for a message: hosts, ports and database as written, never a password (libpq
    takes several hosts, ``h1:5432,h2:5433``, and checks the ports itself)."""
    parts = urlsplit(url)
    hosts = parts.netloc.rpartition("@")[2] or "localhost"
    user = f"{parts.username}@" if parts.username else ""
    return f"{user}{hosts}{parts.path or '/'}"


#: TRY_CAST(text AS DOUBLE) for the rules (engines/postgres/rules.py, TRY_DOUBLE): float8's own input,
#: NULL where it fails
_TRY_DOUBLE = f"""
CREATE OR REPLACE FUNCTION pg_temp.{TRY_DOUBLE}(value text) RETURNS double precision
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  exact numeric;
BEGIN
  RETURN value::double precision;
EXCEPTION
  WHEN invalid_text_representation THEN
    RETURN NULL;
  WHEN numeric_value_out_of_range THEN
    -- beyond a double's range: DuckDB reads it as an infinity, or as 0 when it is tiny
    exact := value::numeric;
    IF abs(exact) >= 1 THEN
      RETURN CASE WHEN exact < 0 THEN '-Infinity'::double precision ELSE 'Infinity'::double precision END;
    END IF;
    RETURN 0;
END $$
"""

#: what pg_class.relkind stands for
_RELKINDS = {"r": "table", "p": "table", "v": "view", "m": "materialized view", "f": "foreign table"}

#: the relation a name resolves to (schema "": through the search path, as the server does)
_FIND = """
SELECT n.nspname, c.relname, c.relkind, c.oid::bigint
FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE c.oid = pg_catalog.to_regclass(%(name)s)
"""
#: what reading a relation makes the server read, as edges (parent, child, how): a view's or a
#: rule's dependencies (pg_rewrite), a table's partitions and inheritance children (pg_inherits;
#: reading a parent reads them), the relations a row security policy names (pg_policy)
_EDGES = """
edges(parent, child, how) AS (
  SELECT r.ev_class, d.refobjid, CASE WHEN r.rulename = '_RETURN' THEN 'view' ELSE 'rule ' || r.rulename END
  FROM pg_catalog.pg_rewrite r
  JOIN pg_catalog.pg_depend d ON d.classid = 'pg_catalog.pg_rewrite'::regclass AND d.objid = r.oid
  WHERE d.refclassid = 'pg_catalog.pg_class'::regclass AND d.refobjid <> r.ev_class
  UNION ALL
  SELECT i.inhparent, i.inhrelid, CASE WHEN p.relkind = 'p' THEN 'partition' ELSE 'child' END
  FROM pg_catalog.pg_inherits i JOIN pg_catalog.pg_class p ON p.oid = i.inhparent
  UNION ALL
  SELECT y.polrelid, d.refobjid, 'policy ' || y.polname
  FROM pg_catalog.pg_policy y
  JOIN pg_catalog.pg_depend d ON d.classid = 'pg_catalog.pg_policy'::regclass AND d.objid = y.oid
  WHERE d.refclassid = 'pg_catalog.pg_class'::regclass AND d.refobjid <> y.polrelid
)"""
#: every relation reading a relation reads, recursively, with each edge that reaches it
_READS = f"""
WITH RECURSIVE {_EDGES},
reach(parent, child, how) AS (
  SELECT NULL::oid, %(oid)s::oid, ''::text COLLATE "C"
  UNION
  SELECT e.parent, e.child, e.how FROM reach JOIN edges e ON e.parent = reach.child
)
SELECT reach.parent::bigint, reach.child::bigint, reach.how, n.nspname, c.relname, c.relkind
FROM reach JOIN pg_catalog.pg_class c ON c.oid = reach.child
JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
"""
#: functions of PostgreSQL's own that run the SQL text (or read the tables) they are given
_RUNS_SQL = [
    "ts_stat",
    *(
        f"{what}_to_{form}"
        for what in ("query", "cursor", "table", "schema", "database")
        for form in ("xml", "xmlschema", "xml_and_xmlschema")
    ),
]
#: the functions that a view, rule, row security policy or trigger of the relations ``oids``
#: calls and sqlanon cannot follow: not PostgreSQL's own, or one that runs SQL text
_OPAQUE = """
SELECT n.nspname, c.relname, c.relkind, o.what, pn.nspname, p.proname
FROM (
  SELECT r.ev_class AS rel, CASE WHEN r.rulename = '_RETURN' THEN '' ELSE 'rule ' || r.rulename END AS what,
    d.refobjid AS fn
  FROM pg_catalog.pg_rewrite r
  JOIN pg_catalog.pg_depend d ON d.classid = 'pg_catalog.pg_rewrite'::regclass AND d.objid = r.oid
  WHERE d.refclassid = 'pg_catalog.pg_proc'::regclass
  UNION ALL
  SELECT y.polrelid, 'row security policy ' || y.polname, d.refobjid
  FROM pg_catalog.pg_policy y
  JOIN pg_catalog.pg_depend d ON d.classid = 'pg_catalog.pg_policy'::regclass AND d.objid = y.oid
  WHERE d.refclassid = 'pg_catalog.pg_proc'::regclass
  UNION ALL
  SELECT t.tgrelid, 'trigger ' || t.tgname, t.tgfoid FROM pg_catalog.pg_trigger t
  UNION ALL
  -- PostgreSQL records no dependency on its own functions: those that run SQL text are found
  -- in the stored query trees of the views, rules and policies
  SELECT r.ev_class, CASE WHEN r.rulename = '_RETURN' THEN '' ELSE 'rule ' || r.rulename END, f.oid
  FROM pg_catalog.pg_rewrite r JOIN pg_catalog.pg_proc f
    ON strpos(r.ev_action::text, ':funcid ' || f.oid || ' ') > 0
  WHERE r.ev_class = ANY(%(oids)s::oid[]) AND f.pronamespace = 'pg_catalog'::regnamespace
    AND f.proname = ANY(%(runs_sql)s::text[])
  UNION ALL
  SELECT y.polrelid, 'row security policy ' || y.polname, f.oid
  FROM pg_catalog.pg_policy y JOIN pg_catalog.pg_proc f
    ON strpos(coalesce(y.polqual::text, '') || coalesce(y.polwithcheck::text, ''), ':funcid ' || f.oid || ' ') > 0
  WHERE y.polrelid = ANY(%(oids)s::oid[]) AND f.pronamespace = 'pg_catalog'::regnamespace
    AND f.proname = ANY(%(runs_sql)s::text[])
) o
JOIN pg_catalog.pg_proc p ON p.oid = o.fn JOIN pg_catalog.pg_namespace pn ON pn.oid = p.pronamespace
JOIN pg_catalog.pg_class c ON c.oid = o.rel JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE o.rel = ANY(%(oids)s::oid[])
  AND (p.pronamespace <> 'pg_catalog'::regnamespace OR p.proname = ANY(%(runs_sql)s::text[]))
ORDER BY 1, 2, 4, 5, 6
"""
#: a relation's place in a partitioned table or an inheritance tree: its parents (``up``), its
#: partitions or children (``down``), whether it is partitioned itself (``partitioned``)
_TREE = """
SELECT 'up', n.nspname, p.relname, p.relkind
FROM pg_catalog.pg_inherits i
JOIN pg_catalog.pg_class p ON p.oid = i.inhparent JOIN pg_catalog.pg_namespace n ON n.oid = p.relnamespace
WHERE i.inhrelid = %(oid)s
UNION ALL
SELECT 'down', n.nspname, c.relname, c.relkind
FROM pg_catalog.pg_inherits i
JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE i.inhparent = %(oid)s
UNION ALL
SELECT 'partitioned', '', '', c.relkind FROM pg_catalog.pg_class c WHERE c.oid = %(oid)s AND c.relkind = 'p'
ORDER BY 1, 2, 3
"""
#: the partitions and inheritance children of a relation, recursively, with their parents
_CONTAINED = """
WITH RECURSIVE below(parent, child) AS (
  SELECT NULL::oid, %(oid)s::oid
  UNION
  SELECT i.inhparent, i.inhrelid FROM below JOIN pg_catalog.pg_inherits i ON i.inhparent = below.child
)
SELECT below.child::bigint, n.nspname, c.relname, pn.nspname, pc.relname, pc.relkind
FROM below
JOIN pg_catalog.pg_class c ON c.oid = below.child JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
JOIN pg_catalog.pg_class pc ON pc.oid = below.parent JOIN pg_catalog.pg_namespace pn ON pn.oid = pc.relnamespace
ORDER BY 2, 3
"""
_REFERENCING = """
SELECT n.nspname || '.' || c.relname
FROM pg_catalog.pg_constraint k
JOIN pg_catalog.pg_class c ON c.oid = k.conrelid JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE k.contype = 'f' AND k.confrelid = %(oid)s::oid AND k.conrelid <> %(oid)s::oid
"""
#: the views and materialized views whose rules read a relation (bound to it, not its name)
_BOUND_VIEWS = """
SELECT DISTINCT n.nspname || '.' || c.relname
FROM pg_catalog.pg_depend d
JOIN pg_catalog.pg_rewrite r ON d.classid = 'pg_catalog.pg_rewrite'::regclass AND d.objid = r.oid
JOIN pg_catalog.pg_class c ON c.oid = r.ev_class JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE d.refclassid = 'pg_catalog.pg_class'::regclass AND d.refobjid = %(oid)s::oid AND r.ev_class <> %(oid)s::oid
"""
_TABLES = """
SELECT c.relname FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
WHERE n.nspname = %(schema)s AND c.relkind IN ('r', 'p')
"""


#: the tables of this session's temporary schema (sqlanon's own have its tag)
_TEMPS = """
SELECT c.relname FROM pg_catalog.pg_class c
WHERE c.relnamespace = pg_catalog.pg_my_temp_schema() AND c.relkind IN ('r', 'p')
"""


def _how(edge: str, parent_kind: str, parent: Read) -> str:
    """How reading the relation an ``edge`` leaves ``parent`` (of relkind ``parent_kind``) for
    comes about: ``a partition of out.parent``, ``read by the view src.v, which is ...``."""
    name = parent.name if not parent.how else f"{parent.name}, which is {parent.how}"
    if edge == "partition":
        return f"a partition of {name}"
    if edge == "child":
        return f"an inheritance child of {name}"
    if edge == "view":
        return f"read by the {_RELKINDS.get(parent_kind, 'view')} {name}"
    what, _, rule = edge.partition(" ")  # "rule name", "policy name"
    named = "row security policy" if what == "policy" else "rule"
    return f"named in the {named} {rule} of {name}"


def _names(names: list[str], most: int = 10) -> str:
    """``a, b, c``: at most ``most`` names, then how many more."""
    more = f" and {len(names) - most} more" if len(names) > most else ""
    return ", ".join(names[:most]) + more


def _tree(name: str, up: list[tuple[str, str]], down: list[str], partitioned: bool) -> str:
    """Why the table ``name``, with its parents ``up`` (name, relkind) and its partitions or
    children ``down``, cannot be replaced by renames, and what to do instead ("": it can)."""
    if not up and not down and not partitioned:
        return ""
    what, harm, advice = [], [], []
    partition_of = [parent for parent, kind in up if kind == "p"]
    child_of = [parent for parent, kind in up if kind != "p"]
    if partition_of:
        parent = partition_of[0]
        what.append(f"{name} is a partition of {parent}")
        harm.append(f"{parent} would lose the partition's rows and the release would be no partition of it")
        advice.append(
            f"ALTER TABLE {parent} DETACH PARTITION {name}; ALTER TABLE {parent} ATTACH PARTITION <the new table> "
            f"FOR VALUES ... (the bounds of {name})"
        )
    if child_of:
        what.append(f"{name} is an inheritance child of {_names(child_of)}")
        them = "it" if len(child_of) == 1 else "them"
        harm.append(
            f"{_names(child_of)} would lose the child's rows and the release would not inherit from {them}"
        )
        advice.append(
            f"ALTER TABLE {name} NO INHERIT {child_of[0]}; ALTER TABLE <the new table> INHERIT {child_of[0]}"
        )
    if partitioned:
        what.append(f"{name} is a partitioned table (its partitions: {_names(down) or 'none yet'})")
        harm.append("dropping it would drop its partitions with it, and the release would be a plain table")
        advice.append(f"ALTER TABLE {name} ATTACH PARTITION <the new table> FOR VALUES ...")
    elif down:
        what.append(f"{name} is an inheritance parent (its children: {_names(down)})")
        harm.append("it cannot be dropped while it has children (it would be left behind with them)")
        advice.append(
            f"ALTER TABLE {down[0]} NO INHERIT {name}; ALTER TABLE {down[0]} INHERIT <the new table>"
        )
    return (
        f"{'; '.join(what)}. sqlanon replaces a table by renaming the release into its place and dropping the old "
        f"one, which cannot keep a table's place in a partitioned table or an inheritance tree: "
        f"{'; '.join(harm)}. Publish to a new plain table (another output name) and put it in place yourself "
        f"(e.g. {'; '.join(advice)})."
    )


class PostgresCatalog:
    """PostgreSQL's own catalog (a :class:`~sqlanon.engines.base.ServerCatalog`). Its queries
    are PostgreSQL's (pg_catalog), run as they are; names are bound, never written in."""

    def __init__(self, engine: PostgresEngine) -> None:
        self._engine = engine

    def _rows(self, query: str, params: dict[str, Any]) -> list[tuple[Any, ...]]:
        try:
            with interrupt.statement(self._engine.cancel), self._engine._cursor() as cursor:
                cursor.execute(query, params)
                return [tuple(r) for r in cursor.fetchall()]
        except psycopg.Error as err:
            raise self._engine._failure(err, query) from None

    def find(self, schema: str, name: str, catalog: str = "") -> ServerRelation | None:
        quoted = exp.Table(
            this=exp.to_identifier(name, quoted=True),
            db=exp.to_identifier(schema, quoted=True) if schema else None,
        ).sql("postgres")
        rows = self._rows(_FIND, {"name": quoted})
        if not rows:
            return None
        (nsp, rel, kind, oid) = rows[0]
        return ServerRelation(str(nsp), str(rel), _RELKINDS.get(str(kind), str(kind)), int(oid))

    def referencing(self, relation: ServerRelation) -> list[str]:
        return [str(r[0]) for r in self._rows(_REFERENCING, {"oid": relation.ident})]

    def bound_views(self, relation: ServerRelation) -> list[str]:
        """PostgreSQL binds a view to the relations it reads, not to their names."""
        return sorted(str(r[0]) for r in self._rows(_BOUND_VIEWS, {"oid": relation.ident}))

    def read_only(self) -> str | None:
        return None

    def reads(self, relation: ServerRelation) -> ServerReads:
        rows = self._rows(_READS, {"oid": relation.ident})
        names = {int(child): f"{nsp}.{rel}" for _, child, _, nsp, rel, _ in rows}
        kinds = {int(child): str(kind) for _, child, _, _, _, kind in rows}
        edges: dict[int, list[tuple[int, str]]] = {}
        for parent, child, how, *_ in rows:
            if parent is not None:
                edges.setdefault(int(parent), []).append((int(child), str(how)))
        # the shortest way to each relation (breadth first), named from it back to ``relation``
        out = ServerReads({relation.ident: Read(names.get(relation.ident, relation.name))})
        todo = [relation.ident]
        while todo:
            parent = todo.pop(0)
            for child, how in sorted(edges.get(parent, [])):
                if child not in out.relations:
                    out.relations[child] = Read(names[child], _how(how, kinds[parent], out.relations[parent]))
                    todo.append(child)
        foreign = sorted(names[o] for o in out.relations if kinds.get(o) == "f")
        opaque = self._rows(_OPAQUE, {"oids": sorted(out.relations), "runs_sql": _RUNS_SQL})
        reasons = [f"{name} is a foreign table (what it reads is up to its server)" for name in foreign]
        for nsp, rel, kind, what, fn_nsp, fn in opaque:
            owner = f"the {_RELKINDS.get(str(kind), 'relation')} {nsp}.{rel}"
            where = f"{what} of {owner}" if what else owner
            reasons.append(f"{where} calls {fn_nsp}.{fn}()")
        out.unknown = "; ".join(dict.fromkeys(reasons))
        return out

    def contained(self, relation: ServerRelation) -> dict[int, str]:
        out = {}
        for child, nsp, rel, parent_nsp, parent, kind in self._rows(_CONTAINED, {"oid": relation.ident}):
            what = "a partition" if kind == "p" else "an inheritance child"
            out[int(child)] = f"{nsp}.{rel}, {what} of {parent_nsp}.{parent}"
        return out

    def tree(self, relation: ServerRelation) -> str:
        rows = self._rows(_TREE, {"oid": relation.ident})
        up = [(f"{nsp}.{rel}", str(kind)) for role, nsp, rel, kind in rows if role == "up"]
        down = [f"{nsp}.{rel}" for role, nsp, rel, _ in rows if role == "down"]
        partitioned = any(role == "partitioned" for role, *_ in rows)
        return _tree(f"{relation.schema}.{relation.name}", up, down, partitioned)

    def schema_location(self, schema: str, catalog: str = "") -> str:
        return ""  # the server keeps its tables' files

    def tables(self, schema: str, catalog: str = "") -> list[str]:
        return [str(r[0]) for r in self._rows(_TABLES, {"schema": schema})]

    def unwritable(
        self, schema: str, name: str, existing: ServerRelation | None, catalog: str = ""
    ) -> str | None:
        return None  # the server's own errors (rights, a lock) say it when the table is made

    def forgets(self) -> str | None:
        return None

    def schema_exists(self, schema: str, catalog: str = "") -> bool:
        return bool(
            self._rows("SELECT 1 FROM pg_catalog.pg_namespace WHERE nspname = %(schema)s", {"schema": schema})
        )

    def attached(self, relation: ServerRelation) -> PostgresAttached:
        """The owner, privileges, comments and row-level security of the table ``relation``
        (:mod:`sqlanon.engines.postgres.attached`)."""
        table = f"{relation.schema}.{relation.name}"
        return postgres_attached.read(
            self._rows, self._do, relation.ident, table, self._engine.con.info.server_version
        )

    def _do(self, statement: sql.Composable) -> None:
        """Run a statement composed with ``psycopg.sql`` (names quoted, values as literals)."""
        text = statement.as_string(self._engine.con)
        try:
            with self._engine._cursor() as cursor:
                cursor.execute(text)  # no parameters: a % in it stays as written
        except psycopg.Error as err:
            raise self._engine._failure(err, text) from None


class _Cursor(psycopg.ClientCursor[Any]):
    """sqlanon's cursor: each statement it sends to the server (a query, a ``COPY``) is
    counted in the run's ledger (:mod:`sqlanon.engines.costs`)."""

    def execute(self, query: Any, params: Any = None, **kwargs: Any) -> Any:
        with costs.statement(CAPABILITIES.kind):
            return super().execute(query, params, **kwargs)

    @contextmanager
    def copy(self, statement: Any, params: Any = None, **kwargs: Any) -> Iterator[Any]:
        with costs.statement(CAPABILITIES.kind), super().copy(statement, params, **kwargs) as copy:
            yield copy


class PostgresEngine(SqlSession):
    """A PostgreSQL connection with sqlanon's conventions (an :class:`~sqlanon.engines.base.Engine`).

    ``url`` is a libpq URL without a password (``postgresql://user@host:5432/db``);
    ``password_env`` names the environment variable holding the password, if one is needed.
    """

    capabilities = CAPABILITIES

    def __init__(
        self, url: str, password_env: str | None = None, *, application_name: str = "sqlanon"
    ) -> None:
        problem = url_problem(url)
        if problem:
            raise EngineError(problem)
        kwargs: dict[str, Any] = {"autocommit": True, "application_name": application_name}
        if password_env is not None:
            password = os.environ.get(password_env)
            if password is None:
                raise EngineError(
                    f"engine.password_env names {password_env!r}, but no such environment variable is set."
                )
            kwargs["password"] = password
        self._where = _where(url)
        try:
            self.con = psycopg.connect(url, cursor_factory=psycopg.ClientCursor, **kwargs)
        except psycopg.Error as err:
            first = _first_line(err).rstrip(".")
            hint = ""
            if "no password supplied" in first:
                hint = " The server asks for a password: name the environment variable that holds it with engine.password_env."
            elif "password authentication failed" in first:
                hint = " Check the user in engine.url and the password in the variable engine.password_env names."
            elif "permission denied for database" in first:
                hint = " The user needs CONNECT on the database: ask for it (GRANT CONNECT ON DATABASE ...)."
            raise EngineError(
                f"Cannot connect to PostgreSQL at {self._where}: {first}.{hint}", cause="connection"
            ) from None
        self._setup()

    #: the caller's connection (:meth:`borrow`): :meth:`close` leaves it open, as it was
    _borrowed = False
    #: a caller's connection's autocommit mode and the settings a run changes, as they were
    _autocommit = True
    _restore: tuple[tuple[str, str], ...] = ()

    @classmethod
    def borrow(cls, connection: psycopg.Connection[Any]) -> PostgresEngine:
        """Run on the caller's open psycopg ``connection``, which may not be inside a
        transaction (a release is committed in one of sqlanon's own): :meth:`close` drops
        sqlanon's temp tables, restores the settings and autocommit mode, and leaves it open."""
        from sqlanon.errors import InputError

        if connection.closed:
            raise InputError("The PostgreSQL connection given to sqlanon is closed; pass an open one.")
        if connection.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
            raise InputError(
                "The PostgreSQL connection given to sqlanon is inside a transaction; commit or roll it back "
                "first (sqlanon commits a release in a transaction of its own)."
            )
        engine = cls.__new__(cls)
        engine.con = connection
        engine._borrowed = True
        engine._tag = secrets.token_hex(4) + "_"
        info = connection.info
        engine._where = f"{info.user}@{info.host}:{info.port}/{info.dbname}"
        engine._autocommit = connection.autocommit
        try:
            connection.autocommit = True
            with engine._cursor() as cursor:
                cursor.execute("SELECT current_setting('enable_nestloop'), current_setting('jit')")
                nestloop, jit = cursor.fetchone() or ("on", "on")
        except psycopg.OperationalError:
            raise InputError(
                "The PostgreSQL connection given to sqlanon is lost (the server closed it); pass an open one."
            ) from None
        except psycopg.Error as err:
            connection.autocommit = engine._autocommit
            raise engine._failure(err, "SELECT current_setting(...)") from None
        engine._restore = (("enable_nestloop", str(nestloop)), ("jit", str(jit)))
        engine._setup()
        return engine

    def _setup(self) -> None:
        if not self._borrowed:
            self.con.adapters.register_loader("numeric", _IntegralNumeric)  # a borrowed one: per cursor
        try:
            with self._cursor() as cursor:
                # sqlanon's statements are analytic: joins of large intermediate results whose
                # sizes the planner underestimates (aggregates of CTEs), where a nested loop is
                # quadratic; hash and merge joins are always right for them (a LATERAL lookup
                # still loops). A nested loop the planner cannot avoid then costs it a penalty
                # far above the JIT thresholds, so every such statement, small ones included,
                # would be compiled with LLVM (inlined and optimized) for longer than it runs:
                # no JIT
                # one round trip; the function is session-private (pg_temp): needs no privilege
                cursor.execute(";\n".join(["SET enable_nestloop = off", "SET jit = off", _TRY_DOUBLE]))
        except psycopg.Error as err:
            failure = self._failure(err, _TRY_DOUBLE)
            self.close()
            raise failure from None
        self._names = itertools.count()
        self.server = PostgresCatalog(self)

    def _cursor(self) -> psycopg.ClientCursor[Any]:
        """A cursor of sqlanon's kind whatever the connection's own settings: values bound on
        the client side, rows as tuples, integral NUMERIC values as ints."""
        cursor = _Cursor(self.con, row_factory=tuple_row)
        if self._borrowed:
            cursor.adapters.register_loader("numeric", _IntegralNumeric)
        return cursor

    def adopt(self, relation: Any) -> str:
        from sqlanon.errors import InputError

        raise InputError(
            f"The source is a {type(relation).__name__}; with a PostgreSQL connection, name a table with "
            "{table: schema.name} or give a query with {query: SELECT ...}."
        )

    def hand_over(self, name: str) -> str:
        """The temp table ``name`` of the connection's session, by its name."""
        return name

    def __repr__(self) -> str:
        return f"PostgresEngine({self._where!r})"

    # -- SQL -------------------------------------------------------------------------------
    def _text(self, sql: SqlLike, params: Params) -> str:
        text, left = _postgres_text(_canonical(sql))
        if left:
            raise EngineError(
                f"This statement needs {', '.join(left)}, which runs only on DuckDB so far; "
                "run this model or step with engine kind duckdb.",
                sql=_canonical(sql),
            )
        return _bind(text, params)

    def render(self, sql: SqlLike) -> str:
        return self._text(sql, None)

    def _failure(self, err: psycopg.Error, text: str) -> EngineError:
        state = getattr(getattr(err, "diag", None), "sqlstate", None) or ""
        cause = next((name for prefix, name in CAUSES.items() if state.startswith(prefix)), None)
        first = _first_line(err)
        if cause == "interrupted" and "statement timeout" in first:
            cause = "limit"  # the server's statement_timeout, not the user's interrupt
        if cause == "disk":
            message = f"PostgreSQL has no room to write ({first}): free space on the server's disk."
        elif cause == "memory":
            message = (
                f"PostgreSQL ran out of memory ({first}); lower work_mem or ask the server's administrator."
            )
        elif cause == "lock":
            message = (
                f"A table sqlanon needs is locked by another session ({first}); wait for it and run again."
            )
        elif cause == "limit":
            message = (
                f"PostgreSQL stopped the run at one of its configured limits ({first}); ask the server's "
                "administrator to raise it (temp_file_limit caps the temporary files a session may write, "
                "statement_timeout the time a statement may take), or run on less data."
            )
        elif cause == "access":
            message = (
                f"The PostgreSQL user may not do this ({first}). sqlanon needs USAGE on the source's schema and "
                "SELECT on the source, CONNECT and TEMPORARY on the database and, to publish, USAGE and CREATE on "
                "the output's schema (to replace a table, its owner's privileges): ask for the missing privilege "
                "(docs/engines.md, PostgreSQL, lists them as GRANT statements)."
            )
        elif cause == "name":
            message = f"PostgreSQL refuses that name ({first}); choose another schema or table name."
        elif cause == "interrupted":
            message = "The run was interrupted."
        elif cause == "connection":
            message = f"The connection to PostgreSQL at {self._where} failed ({first})."
        else:
            message = f"The SQL engine failed: {first}"
        return EngineError(message, sql=text, cause=cause)

    def _run(self, sql: SqlLike, params: Params) -> psycopg.Cursor[Any]:
        sql, params = inline_tables(sql, params)
        params = _params(params)
        # one round trip: the client-side cursor sends the statements as one simple query (a
        # DROP before a CREATE, an ANALYZE after it), bound together; only a CREATE has tokens
        text = ";\n".join(self._text(statement, params) for statement in _expanded(sql))
        cursor = self._cursor()
        try:
            cursor.execute(text, params)
        except psycopg.Error as err:
            raise self._failure(err, text) from None
        return cursor

    def _script(self, statements: Sequence[SqlLike]) -> list[tuple[Any, ...]]:
        """Run ``statements`` (no parameters) in one round trip; the rows of the last."""
        text = ";\n".join(self._text(statement, None) for part in statements for statement in _expanded(part))
        try:
            with interrupt.statement(self.cancel), self._cursor() as cursor:
                cursor.execute(text)
                while cursor.nextset():  # to the last statement's result
                    pass
                return [tuple(row) for row in cursor.fetchall()] if cursor.description else []
        except psycopg.Error as err:
            raise self._failure(err, text) from None

    def _create_then_fetch(self, name: str, select: exp.Expr, query: exp.Expr) -> list[tuple[Any, ...]]:
        """The CREATE (with its ANALYZE) and the query in one round trip."""
        return self._script([create_temp(table(name), select), query])

    def cancel(self) -> None:
        """Ask the server to cancel the running statement (from another thread); it fails with
        ``query_canceled``."""
        try:
            self.con.cancel_safe(timeout=5)
        except psycopg.Error:
            pass

    def create_temp_from_query(self, name: str, query: exp.Query) -> None:
        self.drop(name)
        create = create_temp(table(name), query)
        create.set("replace", False)
        text = create.sql(dialect="postgres")  # the user's SQL as written, no rules
        try:
            with interrupt.statement(self.cancel), self._cursor() as cursor:
                cursor.execute(text)  # no parameters: a % in the query stays as written
        except psycopg.Error as err:
            raise self._failure(err, text) from None
        self.execute(exp.Analyze(tables=[table(name)]))

    def execute(self, sql: SqlLike, params: Params = None) -> None:
        with interrupt.statement(self.cancel):
            self._run(sql, params).close()

    def fetchall(self, sql: SqlLike, params: Params = None) -> list[tuple[Any, ...]]:
        with interrupt.statement(self.cancel):
            cursor = self._run(sql, params)
            try:
                return [tuple(row) for row in cursor.fetchall()]
            except psycopg.Error as err:
                raise self._failure(err, self.render(sql)) from None
            finally:
                cursor.close()

    def fetch_arrow(
        self, sql: SqlLike, params: Params = None, columns: Sequence[tuple[str, str]] | None = None
    ) -> Any | None:
        """The result as a ``pyarrow.Table`` read from a binary ``COPY ... TO STDOUT`` (see
        :mod:`sqlanon.engines.postgres.binary`) when every one of its ``columns`` has a
        fixed-width type; None otherwise (then rows), or without pyarrow (``pip install
        "sqlanon[postgres]"`` brings it)."""
        try:
            import pyarrow  # noqa: F401
        except ImportError:
            return None
        if columns is None or params or not isinstance(sql, exp.Query) or not postgres_binary.fits(columns):
            return None
        query = postgres_binary.copy_query(sql, columns)
        text = "COPY (" + self._text(query, None) + ") TO STDOUT (FORMAT BINARY)"
        data = bytearray()
        try:
            with interrupt.statement(self.cancel), self._cursor() as cursor, cursor.copy(text) as copy:
                for block in copy:
                    data += block
        except psycopg.Error as err:
            raise self._failure(err, text) from None
        return postgres_binary.decode(data, columns)

    # -- tables ----------------------------------------------------------------------------
    def describe(self, query: exp.Expr) -> list[tuple[str, str]]:
        probe = (
            exp.select(exp.Star())
            .from_(exp.Subquery(this=query.copy(), alias=exp.TableAlias(this=exp.to_identifier("q"))))
            .limit(0)
        )
        with interrupt.statement(self.cancel):
            cursor = self._run(probe, None)
        try:
            out = []
            for column in cursor.description or []:
                info = self.con.adapters.types.get(column.type_code)
                name = info.name if info is not None else str(column.type_code)
                out.append((column.name, TYPE_NAMES.get(name, name.upper())))
            return out
        finally:
            cursor.close()

    def load_table(
        self, name: str, columns: Sequence[tuple[str, str]], data: Sequence[Sequence[Any]]
    ) -> None:
        """Create temp table ``name`` and fill it with ``COPY ... FROM STDIN``: the values travel
        as data, never as SQL text."""
        self.load_tables([Load(name, columns, data)])

    def load_tables(self, loads: Sequence[Load], then: Sequence[tuple[str, exp.Expr]] = ()) -> None:
        """Every table of ``loads`` created in one round trip, each filled by a ``COPY ... FROM
        STDIN`` (the values travel as data, never as SQL text), then in one more round trip the
        filled ones analyzed and the tables of ``then`` made (and analyzed)."""
        creates = [
            create_temp(
                exp.Schema(
                    this=table(load.name),
                    expressions=[
                        exp.ColumnDef(
                            this=exp.to_identifier(col, quoted=True),
                            kind=exp.DataType.build(typ, dialect=DIALECT),
                        )
                        for col, typ in load.columns
                    ],
                )
            )
            for load in loads
        ]
        if creates:
            self._script(creates)
        filled = [load for load in loads if load.data and len(load.data[0])]
        for load in filled:
            copy = "COPY " + exp.to_identifier(load.name, quoted=True).sql("postgres") + " FROM STDIN"
            try:
                with interrupt.statement(self.cancel), self._cursor() as cursor, cursor.copy(copy) as writer:
                    for row in zip(*load.data, strict=True):
                        writer.write_row(row)
            except psycopg.Error as err:
                raise self._failure(err, copy) from None
        after: list[exp.Expr] = [exp.Analyze(tables=[table(load.name)]) for load in filled]
        after += [create_temp(table(name), query) for name, query in then]
        if after:
            self._script(after)

    @contextmanager
    def threads(self, count: int | None) -> Iterator[None]:
        """PostgreSQL plans its own parallel workers: the block runs as it is."""
        yield

    # -- database files: not PostgreSQL's ----------------------------------------------------
    def _no_files(self) -> EngineError:
        return EngineError(
            "PostgreSQL reads and writes its own tables; a DuckDB database file cannot be attached to it. "
            "Name a table of the server ({table: schema.name}) instead."
        )

    def read_file(self, name: str, path: Path, kind: str, csv: CsvOptions, columns: Sequence[str]) -> None:
        raise self._no_files()

    def attach(self, path: str, read_only: bool) -> str:
        raise self._no_files()

    def detach(self, path: str) -> None:
        raise self._no_files()

    def checkpoint(self, path: str) -> None:
        raise self._no_files()

    def version(self) -> str:
        """The engine's version (the report's ``metadata.engine.version``)."""
        return str(self.con.info.parameter_status("server_version") or self.con.info.server_version)

    def close(self) -> None:
        with interrupt.held():  # a stop signal waits: the connection is closed or given back whole
            self._close()

    def _close(self) -> None:
        if not self._borrowed:
            self.con.close()
            return
        mine = f"__sqlanon_{self._tag}"
        try:
            if self.con.info.transaction_status != psycopg.pq.TransactionStatus.IDLE:
                self.con.rollback()  # a transaction a failure left open
            with self._cursor() as cursor:
                cursor.execute(_TEMPS)
                for (name,) in cursor.fetchall():
                    if str(name).startswith(mine):
                        drop = exp.Drop(
                            tables=[
                                exp.Table(
                                    this=exp.to_identifier(str(name), quoted=True),
                                    db=exp.to_identifier("pg_temp"),
                                )
                            ],
                            kind="TABLE",
                            exists=True,
                        )
                        cursor.execute(drop.sql(dialect="postgres"))
                cursor.execute(f"DROP FUNCTION IF EXISTS pg_temp.{TRY_DOUBLE}(text)")
                for option, value in self._restore:
                    cursor.execute("SELECT set_config(%s, %s, false)", (option, value))
            self.con.autocommit = self._autocommit
        except psycopg.Error:
            pass  # the connection may be gone already


__all__ = ["CAPABILITIES", "PostgresEngine"]
