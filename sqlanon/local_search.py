"""``search_in: local``: the lattice search of a server engine run in embedded DuckDB.

The search reads only the encoded tables: the bottom frequency table (integer codes of the
quasi-identifiers and sensitive values, and counts), each quasi-identifier's ``up`` and
``labels`` tables, and the sensitive dictionaries (built on this machine from the columns'
value counts, and sent to the engine as it encodes). :func:`local_copy` copies them into a new
in-memory DuckDB engine under the same names, so the search and the ranking of its minimal
nodes run there, one fast statement after another, instead of as one server statement (a Spark
job) each. The row-level source never leaves the engine, and neither do the dimension tables
that map source values to codes (``dim``): the release and its gate are built in the engine.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from sqlglot import exp

from sqlanon.config import EngineSettings
from sqlanon.encode import Encoded
from sqlanon.engines import Engine, open_engine
from sqlanon.engines.base import table


@dataclass(frozen=True)
class LocalCopy:
    """The embedded engine holding the copy, and what was copied."""

    engine: Engine
    #: the names of the tables copied, and their rows
    tables: dict[str, int]

    @property
    def rows(self) -> int:
        return sum(self.tables.values())


def search_tables(encoded: Encoded) -> list[str]:
    """The encoded tables the lattice search and the metrics read (never the source, never a
    ``dim`` table)."""
    names = [encoded.freq]
    for q in encoded.qis:
        names += [t for t in (q.up.table, q.labels.table) if t not in names]
    for s in encoded.sensitive:
        names += [n for n in (s.table, s.order, s.ancestors) if n is not None]
    return names


def copy_table(source: Engine, target: Engine, name: str) -> int:
    """Copy table ``name`` from ``source`` into a temp table of ``target`` with the same name and
    column types; return its rows. The rows travel as query results and load parameters, never as
    SQL text."""
    columns = source.columns(name)
    rows = source.fetchall(exp.select(*(exp.column(c, quoted=True) for c, _ in columns)).from_(table(name)))
    data = [list(col) for col in zip(*rows, strict=True)] if rows else [[] for _ in columns]
    target.load_table(name, columns, data)
    return len(rows)


@contextmanager
def local_copy(engine: Engine, encoded: Encoded) -> Iterator[LocalCopy]:
    """An embedded DuckDB engine (DuckDB's default settings; spill files in a private temporary
    folder) holding :func:`search_tables` of ``encoded``, closed at the end of the block."""
    local = open_engine(EngineSettings())
    try:
        copied = {name: copy_table(engine, local, name) for name in search_tables(encoded)}
        yield LocalCopy(local, copied)
    finally:
        local.close()


__all__ = ["LocalCopy", "copy_table", "local_copy", "search_tables"]
