"""Incognito (LeFevre, DeWitt, Ramakrishnan, SIGMOD 2005).

Nodes are full-lattice tuples; a node of the QI subset S has every QI outside S at its top
level, which is the same as dropping it (hierarchies have a single top). For i = 1..q, the
candidates of each i-subset S are the nodes all of whose (i-1)-subset projections satisfied
(the subset property, a priori generation); candidates are visited bottom-up by height, and a
satisfying node tags all its candidate generalizations as satisfying without evaluation
(predictive tagging). The subsets of one size depend only on the smaller ones, so they are walked
together: the untagged candidates of one height, over all subsets of that size, are decided
in one batch. A node can only tag nodes of greater height, so this evaluates exactly the nodes
a one-at-a-time walk would. Both rules rely on monotonicity under generalization, so they use the
monotone part of the requirement; any non-monotone part is then evaluated on each node that
passes the monotone part (never pruning a node that could satisfy).
"""

from __future__ import annotations

import itertools
from collections import deque

from sqlanon.search.lattice import Lattice, Node, minimal
from sqlanon.search.result import Oracle, Progress, SearchResult


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

    def decide(nodes: list[Node]) -> None:
        nonlocal evaluations
        todo = [n for n in nodes if n not in results]
        if todo:
            results.update(zip(todo, monotone(todo), strict=True))
            evaluations += len(todo)
            if progress is not None:
                progress(len(results), lattice.size)

    top = lattice.top
    decide([top])
    if not results[top]:
        return SearchResult([], frozenset(), evaluations, len(results))
    # satisfying nodes per subset (as full nodes); the empty subset's only node is the top
    sat: dict[tuple[int, ...], set[Node]] = {(): {top}}
    for size in range(1, q + 1):
        subsets = list(itertools.combinations(range(q), size))
        candidates: dict[tuple[int, ...], set[Node]] = {}
        for subset in subsets:
            first, rest = subset[0], subset[1:]
            found: set[Node] = set()
            for base in sat[rest]:
                for level in range(heights[first] + 1):
                    node = base[:first] + (level,) + base[first + 1 :]
                    if all(
                        _project(node, j, heights) in sat[tuple(x for x in subset if x != j)] for j in rest
                    ):
                        found.add(node)
            candidates[subset] = found
        # The subsets of one size are independent: walk them bottom-up together, one batch per height.
        passed: dict[tuple[int, ...], set[Node]] = {subset: set() for subset in subsets}
        heights_seen = sorted({sum(n) for found in candidates.values() for n in found})
        for height in heights_seen:
            frontier = {
                subset: sorted(n for n in found if sum(n) == height and n not in passed[subset])
                for subset, found in candidates.items()
            }
            decide(sorted({n for nodes in frontier.values() for n in nodes}))
            for subset, nodes in frontier.items():
                for node in nodes:
                    if results[node] and node not in passed[subset]:
                        queue = deque([node])  # predictive tagging of candidate generalizations
                        passed[subset].add(node)
                        while queue:
                            for succ in lattice.successors(queue.popleft()):
                                if succ in candidates[subset] and succ not in passed[subset]:
                                    passed[subset].add(succ)
                                    queue.append(succ)
        for subset in [s for s in sat if len(s) == size - 1]:
            del sat[subset]  # (size-1)-subsets are no longer needed
        sat.update(passed)
    survivors = sat[tuple(range(q))]
    if prune_oracle is None:
        satisfying = survivors
    else:
        ordered = sorted(survivors, key=lambda n: (sum(n), n))
        satisfying = {n for n, ok in zip(ordered, oracle(ordered), strict=True) if ok}
        evaluations += len(ordered)
    # the full check ran on nodes the monotone part already decided: no new node was checked
    return SearchResult(minimal(satisfying), frozenset(satisfying), evaluations, len(results))
