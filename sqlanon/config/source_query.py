"""A source given as a query (``source: {query: "SELECT ..."}``), written in the engine's SQL.

sqlanon runs it once, as ``CREATE TEMP TABLE ... AS <query>``, and reads nothing else of it.
Before that, it must parse (sqlglot, the engine's dialect) as exactly one query that writes
nothing: no ``INSERT``/``UPDATE``/``DELETE``/``MERGE`` (PostgreSQL allows them in a ``WITH``), no
``SELECT ... INTO``, no DDL. The query's text never appears in a message (it may hold values).

Never over the source: the tables the query names (and, on a server, what their views read) are
the source's tables; a function sqlglot does not know (a user's function) or a table it cannot
resolve may read anything, so then no existing output table may be replaced.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import sqlglot
from sqlglot import exp
from sqlglot.optimizer.normalize_identifiers import normalize_identifiers

from sqlanon.errors import ConfigError

#: statements and clauses that write: refused anywhere in a source query
WRITES: tuple[type[exp.Expr], ...] = (
    exp.Insert,
    exp.Update,
    exp.Delete,
    exp.Merge,
    exp.Create,
    exp.Drop,
    exp.Alter,
    exp.Into,
    exp.Command,
    exp.Copy,
    exp.TruncateTable,
    exp.Transaction,
    exp.Commit,
    exp.Rollback,
    exp.Set,
)


def parse_query(text: str, dialect: str) -> exp.Query:
    """``text`` as one read-only query in ``dialect``; a ConfigError saying why not (without
    repeating the text)."""
    where = f"source: {{query: ...}} (read as {dialect} SQL)"
    try:
        statements = [s for s in sqlglot.parse(text, read=dialect) if s is not None]
    except sqlglot.errors.ParseError as err:
        problems = err.errors[0] if err.errors else {}
        line, col = problems.get("line"), problems.get("col")
        at = f" at line {line}, column {col}" if line is not None else ""
        raise ConfigError(
            f"{where} cannot be parsed{at}; sqlanon runs a query only when it can tell it is a single "
            "SELECT that writes nothing. Check the SQL, or create a view and name it with {table: ...}."
        ) from None
    except sqlglot.errors.TokenError:
        raise ConfigError(
            f"{where} cannot be parsed: a quoted string or name, or a comment, is not closed, or a "
            "character is not SQL. Check the SQL, or create a view and name it with {table: ...}."
        ) from None
    except sqlglot.errors.SqlglotError as err:
        # sqlglot's messages quote the SQL around the problem, which may hold values
        raise ConfigError(
            f"{where} cannot be parsed ({type(err).__name__}). Check the SQL, or create a view and name "
            "it with {table: ...}."
        ) from None
    if len(statements) != 1:
        raise ConfigError(f"{where} holds {len(statements)} statements; give exactly one SELECT.")
    (tree,) = statements
    if not isinstance(tree, exp.Query):
        raise ConfigError(
            f"{where} is not a query (it reads as {tree.key.upper()}); give a SELECT (sqlanon only reads "
            "the source)."
        )
    writes = tree.find(*WRITES)
    if writes is not None:
        what = "SELECT ... INTO" if isinstance(writes, exp.Into) else writes.key.upper()
        raise ConfigError(
            f"{where} contains {what}, which writes; a source query must only read (sqlanon never changes "
            "its source)."
        )
    return tree


@dataclass
class QueryTables:
    """What a source query names: its tables (schema or "", name), file names read as tables
    (DuckDB's ``FROM 'x.csv'`` and reader functions), and whether part of it cannot be followed."""

    tables: list[tuple[str, str]] = field(default_factory=list)
    #: reader and table functions: (folded name, the table expression)
    functions: list[exp.Table] = field(default_factory=list)
    #: a function sqlglot does not know (a user's function may read any table)
    unknown_calls: bool = False
    #: the tables named with a catalog, (catalog, schema, name): another database's, or a table
    #: of one of Spark's catalogs
    in_catalogs: list[tuple[str, str, str]] = field(default_factory=list)


def query_tables(tree: exp.Query, dialect: str) -> QueryTables:
    """The tables and table functions ``tree`` reads (names of its own ``WITH`` left out), their
    names as ``dialect`` resolves them (unquoted names folded as the engine folds them)."""
    written = tree
    tree = normalize_identifiers(tree.copy(), dialect=dialect)
    ctes = {cte.alias_or_name for cte in tree.find_all(exp.CTE)}
    out = QueryTables()
    for node, as_written in zip(tree.find_all(exp.Table), written.find_all(exp.Table), strict=True):
        if not isinstance(node.this, exp.Identifier):
            out.functions.append(node)
            continue
        if node.catalog:
            # a catalog's name as written: Spark looks its catalogs up by their exact names
            out.in_catalogs.append((as_written.catalog, node.db, node.name))
            continue
        if not node.db and node.name in ctes:
            continue
        out.tables.append((node.db, node.name))
    out.unknown_calls = any(not _in_from(call) for call in tree.find_all(exp.Anonymous))
    return out


def _in_from(call: exp.Anonymous) -> bool:
    """Whether ``call`` is a table function (judged with the tables, not as a call)."""
    return isinstance(call.parent, exp.Table) and call.parent.this is call


__all__ = ["WRITES", "QueryTables", "parse_query", "query_tables"]
