"""Render the Jinja templates of ``sql_templates/`` and parse them with sqlglot at once.

A template is rendered with ``StrictUndefined`` (a missing parameter fails loudly) and the
result is parsed, so a broken template raises here, not in the engine. Identifiers reach
templates only through the ``ident`` filter, which quotes them (tables to read through
``relation``, which also renders a :class:`Part` of a table); a cell that may be NULL becomes
a class key through the ``key`` filter (and back through ``unkey``: sqlanon.sql.labels).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2
import sqlglot
from sqlglot import exp

from sqlanon.resources import shipped_dir
from sqlanon.sql.labels import from_key_sql, to_key_sql

DIALECT = "duckdb"


def ident(name: str) -> str:
    """Quote ``name`` as an SQL identifier (any characters allowed)."""
    return exp.to_identifier(str(name), quoted=True).sql(DIALECT)


@dataclass(frozen=True)
class Part:
    """The rows of one quasi-identifier in a table that holds every quasi-identifier's, told
    apart by the column ``"q"`` (the QI's index): a relation of ``columns``. Encoding loads the
    dimension tables of all QIs at once, a statement per kind of table instead of per QI."""

    table: str
    q: int
    columns: tuple[str, ...]


def relation(value: str | Part) -> str:
    """A table to read: a name (quoted), or a :class:`Part`, the subquery of its QI's rows
    (give it an alias where it is read)."""
    if isinstance(value, Part):
        columns = ", ".join(ident(c) for c in value.columns)
        return f"(SELECT {columns} FROM {ident(value.table)} WHERE {ident('q')} = {literal(value.q)})"
    return ident(value)


def literal(value: Any) -> str:
    """Render a Python number or string as an SQL literal."""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, (int, float)):
        return exp.convert(value).sql(DIALECT)
    return exp.Literal.string(str(value)).sql(DIALECT)


def key(expr: str) -> str:
    """The class key of a text expression (labels.to_key_sql: NULL out of band)."""
    return to_key_sql(sqlglot.parse_one(expr, read=DIALECT)).sql(DIALECT)


def unkey(expr: str) -> str:
    """The text (NULL for NULL's key) of a key expression (labels.from_key_sql)."""
    return from_key_sql(sqlglot.parse_one(expr, read=DIALECT)).sql(DIALECT)


def template_dir() -> Path:
    """The folder holding the SQL templates: inside the wheel, or at the project root."""
    return shipped_dir("sql_templates")


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(template_dir())),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        keep_trailing_newline=True,
    )
    env.filters["ident"] = ident
    env.filters["relation"] = relation
    env.filters["literal"] = literal
    env.filters["key"] = key
    env.filters["unkey"] = unkey
    return env


def render_template(name: str, **params: Any) -> exp.Expr:
    """Render ``sql_templates/<name>`` with ``params`` and parse it (DuckDB dialect)."""
    text = _environment().get_template(name).render(**params)
    parsed = sqlglot.parse_one(text, read=DIALECT)
    if parsed is None:  # pragma: no cover - parse_one raises on empty input
        raise ValueError(f"template {name} rendered to no SQL")
    return parsed


def quoted(name: str) -> exp.Identifier:
    """``name`` as a quoted identifier tree."""
    return exp.to_identifier(name, quoted=True)


def column(name: str, table: str | None = None) -> exp.Column:
    """A quoted column reference, optionally qualified by a quoted table alias."""
    return exp.column(quoted(name), table=quoted(table) if table else None)


def table(name: str) -> exp.Table:
    """A quoted table reference."""
    return exp.Table(this=quoted(name))


def with_first(query: exp.Select, ctes: list[tuple[str, exp.Expr]], copy: bool = True) -> exp.Select:
    """A copy of ``query`` with the CTEs ``name AS (relation)`` placed before its own (a query's
    own CTEs may read them: DuckDB resolves a CTE name only after its definition); ``copy=False``:
    ``query`` itself, for a caller that made it and copies what it returns (compile's render)."""
    query = query.copy() if copy else query
    existing = query.args.get("with_")
    defined = [exp.CTE(this=relation, alias=exp.TableAlias(this=quoted(name))) for name, relation in ctes]
    query.set("with_", exp.With(expressions=defined + (list(existing.expressions) if existing else [])))
    return query


def to_sql(expression: exp.Expr, dialect: str = DIALECT) -> str:
    """Generate SQL text for ``expression`` in ``dialect``."""
    return expression.sql(dialect=dialect)


def values_table(rows: Sequence[Sequence[str]], columns: Sequence[str]) -> exp.Expr:
    """``SELECT * FROM (VALUES ...) AS "v"(columns)``."""
    values = exp.Values(
        expressions=[exp.Tuple(expressions=[exp.Literal.string(v) for v in row]) for row in rows],
        alias=exp.TableAlias(
            this=exp.to_identifier("v", quoted=True),
            columns=[exp.to_identifier(c, quoted=True) for c in columns],
        ),
    )
    return exp.select("*").from_(values)
