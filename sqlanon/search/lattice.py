"""The generalization lattice: pure node arithmetic, no engine.

A node is a tuple of levels, one per quasi-identifier; level ``heights[i]`` is the single top
of QI ``i`` (equivalent to dropping it). ``a <= b`` componentwise means ``b`` generalizes ``a``.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

Node = tuple[int, ...]


@dataclass(frozen=True)
class Lattice:
    heights: tuple[int, ...]

    @property
    def size(self) -> int:
        return math.prod(h + 1 for h in self.heights)

    @property
    def bottom(self) -> Node:
        return tuple(0 for _ in self.heights)

    @property
    def top(self) -> Node:
        return self.heights

    def nodes(self) -> Iterator[Node]:
        """Every node, by increasing height (sum of levels), then lexicographically."""
        yield from sorted(itertools.product(*(range(h + 1) for h in self.heights)), key=lambda n: (sum(n), n))

    def successors(self, node: Node) -> Iterator[Node]:
        """Direct generalizations: one QI one level up."""
        for i, level in enumerate(node):
            if level < self.heights[i]:
                yield node[:i] + (level + 1,) + node[i + 1 :]

    def predecessors(self, node: Node) -> Iterator[Node]:
        """Direct specializations: one QI one level down."""
        for i, level in enumerate(node):
            if level > 0:
                yield node[:i] + (level - 1,) + node[i + 1 :]


def leq(a: Node, b: Node) -> bool:
    """``b`` generalizes (or equals) ``a``."""
    return all(x <= y for x, y in zip(a, b, strict=True))


def minimal(nodes: Iterable[Node]) -> list[Node]:
    """Nodes of ``nodes`` with no other node of the set componentwise below them, sorted."""
    pool = sorted(set(nodes), key=lambda n: (sum(n), n))
    out: list[Node] = []
    for node in pool:
        if not any(leq(m, node) for m in out):
            out.append(node)
    return sorted(out)
