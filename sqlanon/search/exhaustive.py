"""Exhaustive search: evaluate every node. The test oracle for the other strategies."""

from __future__ import annotations

from sqlanon.search.lattice import Lattice, minimal
from sqlanon.search.result import Oracle, Progress, SearchResult

#: nodes handed to the oracle at once
CHUNK = 256


def exhaustive(lattice: Lattice, oracle: Oracle, progress: Progress | None = None) -> SearchResult:
    nodes = list(lattice.nodes())
    satisfying = []
    for start in range(0, len(nodes), CHUNK):
        chunk = nodes[start : start + CHUNK]
        satisfying += [node for node, ok in zip(chunk, oracle(chunk), strict=True) if ok]
        if progress is not None:
            progress(start + len(chunk), len(nodes))
    return SearchResult(minimal(satisfying), frozenset(satisfying), len(nodes), len(nodes))
