"""The bounds of what sqlanon holds in Python, set by the configuration.

``max_lattice_nodes`` bounds the lattice a search walks: every lattice search keeps state per
node (optimal sorts every node by its bound, Incognito keeps the nodes of each subset of the
quasi-identifiers), so the lattice is counted before the search and, above the limit, refused
with a message that names each column's height and what to do. ``max_values_size`` bounds the
text of one column that sqlanon reads into Python (its distinct values) or makes there (the
labels of a hierarchy builder): each value or label counts its characters plus
:data:`PER_ITEM`, and above the limit the read or the build is refused before it happens.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from sqlanon.errors import ConfigError, brief

#: the default ``max_lattice_nodes``: a search holds at most about BYTES_PER_NODE of Python per
#: node it counts, so about 600 MB at this limit
DEFAULT_MAX_LATTICE_NODES = 1_000_000
#: what each search holds in Python per node it counts, at most (measured with 5 to 18
#: quasi-identifiers: optimal 470-590 bytes, exhaustive 230-310; Incognito 130-170 per node of
#: its count; tests/search/test_bounds.py checks them on small lattices)
BYTES_PER_NODE = {"optimal": 600, "exhaustive": 350, "incognito": 200}
#: the default ``max_values_size`` (bytes, counted as characters plus PER_ITEM per value)
DEFAULT_MAX_VALUES_SIZE = 256_000_000
#: what a value or label counts beyond its characters: Python's objects around it (a str of
#: ASCII text is 49 bytes plus its characters, the tuple and list slots that hold it more)
PER_ITEM = 100
#: ``max_values_size`` may not be set below this: a column holding only NULL counts PER_ITEM
MIN_VALUES_SIZE = 1_000

_UNITS = {
    "B": 1,
    "KB": 10**3,
    "MB": 10**6,
    "GB": 10**9,
    "TB": 10**12,
    "KIB": 2**10,
    "MIB": 2**20,
    "GIB": 2**30,
    "TIB": 2**40,
}


@dataclass(frozen=True)
class QiLevels:
    """One quasi-identifier of a lattice: its hierarchy's height and its ``max_level``."""

    column: str
    height: int
    max_level: int | None = None

    @property
    def top(self) -> int:
        """The highest level the search gives it."""
        return self.height if self.max_level is None else min(self.max_level, self.height)


def lattice_nodes(tops: Sequence[int], search: str) -> int:
    """What ``max_lattice_nodes`` is compared with for ``search``: the lattice's nodes (the
    product of top + 1), or for Incognito the nodes of every subset's lattice at once (the
    product of top + 2: it may hold the candidates of all subsets of one size, and the
    survivors of the size below)."""
    return math.prod(t + (2 if search == "incognito" else 1) for t in tops)


def check_lattice(qis: Sequence[QiLevels], limit: int, search: str) -> None:
    """Refuse a lattice ``search`` whose lattice counts more than ``limit`` nodes (see
    :func:`lattice_nodes`), naming each quasi-identifier's height and what to do."""
    nodes = lattice_nodes([q.top for q in qis], search)
    if nodes <= limit:
        return
    named = ", ".join(
        f"{brief(q.column)} (height {q.height}"
        + (f", max_level {q.max_level}" if q.max_level is not None and q.max_level < q.height else "")
        + ")"
        for q in sorted(qis, key=lambda q: -q.top)
    )
    if search == "incognito":
        counted = (
            "Incognito (search: incognito, and audit) would keep the nodes of the lattices of the "
            f"quasi-identifiers' subsets, up to {nodes:,} (the product over the quasi-identifiers of their top "
            f"level + 2: {named})"
        )
    else:
        counted = (
            f"The lattice has {nodes:,} nodes (the product over the quasi-identifiers of their top level + 1: "
            f"{named})"
        )
    raise ConfigError(
        f"{counted}, above max_lattice_nodes ({limit:,}): the {search} search keeps state in Python for every "
        "node, so it was not started. Use coarser hierarchies (fewer levels: a mask's levels: [2, 5], fewer "
        "interval widths), keep columns low with max_level, or use search: mondrian, which does not walk the "
        "lattice; or raise max_lattice_nodes if this machine has the memory (about "
        f"{BYTES_PER_NODE.get(search, 600)} bytes per node) and the time for it."
    )


def parse_lattice_limit(value: object) -> int:
    """``max_lattice_nodes``: a whole number of at least 1."""
    if value is None:
        return DEFAULT_MAX_LATTICE_NODES
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ConfigError(
            f"max_lattice_nodes must be a whole number of at least 1 (default {DEFAULT_MAX_LATTICE_NODES:,}), "
            f"got {brief(value)}."
        )
    return value


def parse_values_size(value: object) -> int:
    """``max_values_size``: a size such as '256MB' or '1GiB' (or a number of bytes), in bytes."""
    if value is None:
        return DEFAULT_MAX_VALUES_SIZE
    size: float | None = None
    if isinstance(value, int) and not isinstance(value, bool):
        size = value
    elif isinstance(value, str):
        text = value.strip().upper().replace(" ", "")
        digits = text.rstrip("KMGTIB")
        unit = text[len(digits) :] or "B"
        try:
            number = float(digits)
        except ValueError:
            number = math.nan
        if unit in _UNITS and math.isfinite(number) and number >= 0:
            size = number * _UNITS[unit]
    if size is None or size < MIN_VALUES_SIZE:
        raise ConfigError(
            f"max_values_size must be a size of at least {MIN_VALUES_SIZE:,} bytes such as '256MB' or '1GiB' "
            f"(default {size_text(DEFAULT_MAX_VALUES_SIZE)}), got {brief(value)}."
        )
    return int(size)


def size_text(size: float) -> str:
    """``size`` bytes for a message: '256 MB', '1.2 GB', '2.5 PB'."""
    for unit, factor in (("PB", 10**15), ("TB", 10**12), ("GB", 10**9), ("MB", 10**6), ("KB", 10**3)):
        if size >= factor:
            value = size / factor
            return f"{value:,.0f} {unit}" if value >= 100 else f"{value:.3g} {unit}"
    return f"{int(size):,} bytes"


__all__ = [
    "BYTES_PER_NODE",
    "DEFAULT_MAX_LATTICE_NODES",
    "DEFAULT_MAX_VALUES_SIZE",
    "PER_ITEM",
    "QiLevels",
    "check_lattice",
    "lattice_nodes",
    "parse_lattice_limit",
    "parse_values_size",
    "size_text",
]
