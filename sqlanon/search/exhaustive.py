"""Exhaustive search: evaluate every node. The test oracle for the other strategies."""

from __future__ import annotations

from sqlanon.lattice import Lattice, minimal
from sqlanon.search import Oracle, Progress, SearchResult


def exhaustive(lattice: Lattice, oracle: Oracle, progress: Progress | None = None) -> SearchResult:
    satisfying = []
    total = lattice.size
    for done, node in enumerate(lattice.nodes(), start=1):
        if oracle(node):
            satisfying.append(node)
        if progress is not None:
            progress(done, total)
    return SearchResult(minimal(satisfying), frozenset(satisfying), total)
