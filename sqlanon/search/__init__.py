"""Lattice search strategies. Pure Python over node tuples; the engine is behind an oracle.

Each strategy returns every *minimal* satisfying node: a satisfying node with no other
satisfying node componentwise below it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from sqlanon.search.exhaustive import exhaustive
from sqlanon.search.incognito import incognito
from sqlanon.search.lattice import Lattice, Node
from sqlanon.search.optimal import PATHS, optimal
from sqlanon.search.result import Oracle, Progress, SearchResult


def search(
    name: str,
    lattice: Lattice,
    oracle: Oracle,
    prune_oracle: Oracle | None = None,
    progress: Progress | None = None,
    bound: Callable[[Node], tuple[float, int, Node]] | None = None,
    key: Callable[[Node], tuple[float, int, Node]] | None = None,
    values: Sequence[Sequence[int]] | None = None,
    paths: int | None = None,
    cap: Callable[[Node], float] | None = None,
) -> SearchResult:
    """Run strategy ``name`` (``optimal`` | ``incognito`` | ``exhaustive``).

    ``oracle`` decides the full requirement. ``prune_oracle``, when given, decides the part of
    the requirement that is monotone (a node passing it implies all generalizations pass, and
    ``oracle(x)`` implies ``prune_oracle(x)``); Incognito prunes and tags with it only, then
    asks ``oracle`` about each node that passes it. Without it, ``oracle`` must be monotone.
    ``bound`` and ``key`` (optimal only): a data-free lower bound of the ranking key and the
    key itself; without them ``optimal`` returns every minimal node, like the others. ``values``
    (optimal only): distinct values per QI and level, to steer its paths to cheap nodes;
    ``paths``: how many paths it searches side by side (default ``optimal.PATHS``); ``cap``: an
    upper bound of the best key's value given a satisfying node (see ``optimal.optimal``).
    """
    if name == "exhaustive":
        return exhaustive(lattice, oracle, progress)
    if name == "optimal":
        return optimal(
            lattice, oracle, prune_oracle, progress, bound, key, values=values, paths=paths or PATHS, cap=cap
        )
    if name == "incognito":
        return incognito(lattice, oracle, prune_oracle, progress)
    raise ValueError(f"unknown search {name!r}")


__all__ = ["Oracle", "Progress", "SearchResult", "search"]
