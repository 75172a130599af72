"""``search_in: local`` (and ``auto`` when the copy is small): the lattice search of a server
engine run in embedded DuckDB.

The search reads only the encoded tables: the bottom frequency table (integer codes of the
quasi-identifiers and sensitive values, and counts), each quasi-identifier's ``up`` and
``labels`` tables, and the sensitive dictionaries (built on this machine from the columns'
value counts, and sent to the engine as it encodes). :func:`local_copy` copies them into a new
in-memory DuckDB engine under the same names, so the search and the ranking of its minimal
nodes run there, one fast statement after another, instead of as one server statement (a Spark
job) each. From Spark the tables travel as Arrow batches (``toArrow``), from PostgreSQL as one
binary COPY read by NumPy (tables of integers; the others, and without pyarrow, as rows). The
row-level source never leaves the engine, and neither do the dimension tables
that map source values to codes (``dim``): the release and its gate are built in the engine.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from sqlglot import exp

from sqlanon.config import Config
from sqlanon.config.limits import size_text
from sqlanon.encode import Encoded
from sqlanon.engines import Engine
from sqlanon.engines.base import table
from sqlanon.engines.duckdb.engine import DuckDBEngine


@dataclass(frozen=True)
class LocalCopy:
    """The embedded engine holding the copy, and what was copied."""

    engine: Engine
    #: the names of the tables copied, and their rows
    tables: dict[str, int]

    @property
    def rows(self) -> int:
        return sum(self.tables.values())


#: what a copied cell (one integer of one row) costs in Python while it is copied, at most: the
#: fetched row's tuple slot and int object, the column list's slot and the array DuckDB loads
#: (tests/search/test_local.py measures it)
BYTES_PER_CELL = 100
#: the same when the engine hands Arrow tables (a column's 4- or 8-byte values and its validity
#: bits, in pyarrow's memory pool)
BYTES_PER_ARROW_CELL = 16


def arrow_copy(engine: Engine) -> bool:
    """Whether ``engine``'s tables are copied as Arrow tables (its results come as Arrow and
    pyarrow is installed)."""
    if not engine.capabilities.arrow_results:
        return False
    try:
        import pyarrow  # noqa: F401
    except ImportError:
        return False
    return True


def copy_size(encoded: Encoded, arrow: bool = False) -> int:
    """The Python memory copying :func:`search_tables` takes, estimated from their rows: the
    frequency table's (its QI, sensitive and count columns), the population's, each hierarchy's
    ``up`` pairs and labels (with their text) and the sensitive dictionaries; ``arrow``: copied
    as Arrow tables."""
    cells = encoded.freq_rows * (len(encoded.qis) + len(encoded.sensitive) + 1)
    cells += 5 * encoded.values_rows  # each person's values (g, s0, n, c, np), when kept
    # each person's rows' codes (g, q0.., s0..), when kept
    cells += (1 + len(encoded.qis) + len(encoded.sensitive)) * encoded.person_rows_count
    # the population's persons per level-0 combination (q0.., n), when a model counts them
    cells += (len(encoded.qis) + 1) * encoded.population_rows
    text = 0
    for q in encoded.qis:
        h, levels = q.hierarchy, q.hierarchy.height + 1
        cells += 5 * len(h.rows) * levels * (levels + 1) // 2  # up: every (lf <= lt) pair
        labels = [label for level in range(levels) for label in h.labels(level)]
        cells += 5 * len(labels)
        text += sum(len(label) for label in labels)
    for s in encoded.sensitive:
        cells += 4 * (len(s.values) + 1) * (s.height + 1)
        text += sum(len(v) for v in s.values)
    return cells * (BYTES_PER_ARROW_CELL if arrow else BYTES_PER_CELL) + text


def search_place(engine: Engine, encoded: Encoded, config: Config) -> tuple[str, str]:
    """Where the lattice search runs, ``engine`` or ``local``, and why (for the report; "" on an
    embedded engine, where the search always runs in the engine). ``search_in: auto`` searches
    locally when the copy (:func:`copy_size`) fits ``max_values_size``, the most sqlanon holds
    in Python for one column's values, and in the engine otherwise."""
    if engine.capabilities.embedded:
        return "engine", ""
    if config.search_in != "auto":
        return config.search_in, f"search_in: {config.search_in}"
    size, limit = copy_size(encoded, arrow_copy(engine)), config.max_values_size
    if size <= limit:
        return "local", (
            f"search_in: auto; the encoded tables ({encoded.freq_rows:,} frequency rows, about {size_text(size)} "
            f"to copy) fit max_values_size ({size_text(limit)})"
        )
    return "engine", (
        f"search_in: auto; the encoded tables ({encoded.freq_rows:,} frequency rows, about {size_text(size)} to "
        f"copy) exceed max_values_size ({size_text(limit)})"
    )


def search_tables(encoded: Encoded) -> list[str]:
    """The encoded tables the lattice search and the metrics read (never the source, never a
    ``dim`` table)."""
    names = [encoded.freq]
    if encoded.values is not None:  # each person's values (people whose quasi-identifiers vary)
        names.append(encoded.values)
    if encoded.person_rows is not None:  # each person's rows' codes (multi-attribute l-diversity)
        names.append(encoded.person_rows)
    if encoded.population is not None:  # the population's persons (k-map, delta-presence)
        names.append(encoded.population)
    for q in encoded.qis:
        names += [t for t in (q.up.table, q.labels.table) if t not in names]
    for s in encoded.sensitive:
        names += [n for n in (s.table, s.order, s.ancestors) if n is not None]
    return names


def copy_table(source: Engine, target: DuckDBEngine, name: str) -> int:
    """Copy table ``name`` from ``source`` into a temp table of ``target`` with the same name and
    column types; return its rows. The rows travel as an Arrow table where the source hands one
    (:func:`arrow_copy`), else as query results and load parameters; never as SQL text."""
    columns = source.columns(name)
    query = exp.select(*(exp.column(c, quoted=True) for c, _ in columns)).from_(table(name))
    if arrow_copy(source):
        arrow = source.fetch_arrow(query, columns=columns)
        if arrow is not None:
            target.load_arrow(name, columns, arrow)
            return int(arrow.num_rows)
    rows = source.fetchall(query)
    data = [list(col) for col in zip(*rows, strict=True)] if rows else [[] for _ in columns]
    target.load_table(name, columns, data)
    return len(rows)


@contextmanager
def local_copy(engine: Engine, encoded: Encoded) -> Iterator[LocalCopy]:
    """An embedded DuckDB engine (DuckDB's default settings; spill files in a private temporary
    folder) holding :func:`search_tables` of ``encoded``, closed at the end of the block."""
    local = DuckDBEngine()  # DuckDB's default settings, as engine: {kind: duckdb} opens it
    try:
        copied = {name: copy_table(engine, local, name) for name in search_tables(encoded)}
        yield LocalCopy(local, copied)
    finally:
        local.close()


__all__ = [
    "BYTES_PER_CELL",
    "LocalCopy",
    "copy_size",
    "copy_table",
    "local_copy",
    "search_place",
    "search_tables",
]
