"""What every search strategy takes and returns: the oracle that decides nodes, the progress
callback, and the result (the minimal satisfying nodes)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sqlanon.search.lattice import Node

#: Decides a batch of nodes at once (the engine evaluates a batch in one statement).
Oracle = Callable[[Sequence[Node]], list[bool]]
#: told (distinct lattice nodes checked so far, the lattice's size)
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class SearchResult:
    minimal: list[Node]
    satisfying: frozenset[Node]
    #: node evaluations asked of the oracles (a node may be asked twice: the monotone part of
    #: the requirement, then the whole)
    evaluations: int
    #: distinct lattice nodes whose outcome was computed (at most the lattice's size)
    checked: int = 0
