"""Incognito (LeFevre, DeWitt, Ramakrishnan, SIGMOD 2005).

Nodes are full-lattice tuples; a node of the QI subset S has every QI outside S at its top
level, which is the same as dropping it (hierarchies have a single top). For i = 1..q, the
candidates of each i-subset S are the nodes all of whose (i-1)-subset projections satisfied
(the subset property, a priori generation); candidates are visited bottom-up by height, and a
satisfying node tags all its candidate generalizations as satisfying without evaluation
(predictive tagging). Both rules rely on monotonicity under generalization, so they use the
monotone part of the requirement; any non-monotone part is then evaluated on each node that
passes the monotone part (never pruning a node that could satisfy).
"""

from __future__ import annotations

import itertools
from collections import deque

from sqlanon.lattice import Lattice, Node, minimal
from sqlanon.search import Oracle, Progress, SearchResult


def _project(node: Node, dropped: int, heights: tuple[int, ...]) -> Node:
    return node[:dropped] + (heights[dropped],) + node[dropped + 1 :]


def incognito(
    lattice: Lattice,
    oracle: Oracle,
    prune_oracle: Oracle | None = None,
    progress: Progress | None = None,
) -> SearchResult:
    heights = lattice.heights
    q = len(heights)
    monotone = prune_oracle or oracle
    results: dict[Node, bool] = {}
    evaluations = 0

    def decide(node: Node) -> bool:
        nonlocal evaluations
        if node not in results:
            results[node] = monotone(node)
            evaluations += 1
            if progress is not None:
                progress(evaluations, lattice.size)
        return results[node]

    top = lattice.top
    if not decide(top):
        return SearchResult([], frozenset(), evaluations)
    # satisfying nodes per subset (as full nodes); the empty subset's only node is the top
    sat: dict[tuple[int, ...], set[Node]] = {(): {top}}
    for size in range(1, q + 1):
        for subset in itertools.combinations(range(q), size):
            first, rest = subset[0], subset[1:]
            candidates: set[Node] = set()
            for base in sat[rest]:
                for level in range(heights[first] + 1):
                    node = base[:first] + (level,) + base[first + 1 :]
                    if all(
                        _project(node, j, heights) in sat[tuple(x for x in subset if x != j)] for j in rest
                    ):
                        candidates.add(node)
            passed: set[Node] = set()
            for node in sorted(candidates, key=lambda n: (sum(n), n)):
                if node in passed:
                    continue
                if decide(node):
                    queue = deque([node])  # predictive tagging of candidate generalizations
                    passed.add(node)
                    while queue:
                        for succ in lattice.successors(queue.popleft()):
                            if succ in candidates and succ not in passed:
                                passed.add(succ)
                                queue.append(succ)
            sat[subset] = passed
        # (size-1)-subsets are no longer needed once every size-subset is done
        for old in [s for s in sat if len(s) == size - 1 and size > 1]:
            del sat[old]
    survivors = sat[tuple(range(q))]
    if prune_oracle is None:
        satisfying = survivors
    else:
        satisfying = set()
        for node in sorted(survivors, key=lambda n: (sum(n), n)):
            evaluations += 1
            if oracle(node):
                satisfying.add(node)
    return SearchResult(minimal(satisfying), frozenset(satisfying), evaluations)
