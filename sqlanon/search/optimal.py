"""Optimal-only search: predictive tagging over the whole lattice, in the spirit of Flash
(Kohlmayer, Prasser, Eckert, Kemper, Kuhn, PASSAT 2012).

The answer is Incognito's: the best *minimal* satisfying node by the ranking key. Nodes are
visited in the order of a lower bound of that key that needs no data (``bound``; precision and
height are known from the levels, and suppression can only raise precision). A node whose
monotone status is unknown starts a path: a greedy chain of unknown nodes up towards the top
(each step goes to the successor with the fewest value combinations, or raises the QI whose
relative level stays lowest). The path is resolved by binary
search, every checked node tagging the nodes it decides: a satisfying node all its
generalizations, a failing one all its specializations. Several paths are searched side by
side, their middle nodes checked in one batch. A resolved path's highest failing node then
starts a new path while it has undecided direct generalizations, so every failing node checked
that has no failing check above it is a *maximal* failing node (all its direct generalizations
satisfy), which decides more nodes than any failing node below it and has a frequency table no
larger than theirs (on 10M generated rows: 283 failing nodes checked instead of 360, the search
52 s instead of 71 s; see benchmarks/README.md's history in git). A visited node that satisfies is minimal when no
satisfying node lies below it (with a monotone requirement: when its direct specializations
fail); its exact key (``key``) then tightens the bound, and the walk stops at the first node
whose bound is not below the best key found. Without a bound the walk covers the whole lattice
and returns every minimal node (the caller ranks them).

Non-monotone requirements (``prune_oracle`` given): tagging uses the monotone part only; the full
requirement is asked only of nodes that pass it and have no satisfying node below them.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Callable, Sequence

from sqlanon.search.lattice import Lattice, Node, leq
from sqlanon.search.result import Oracle, Progress, SearchResult

#: a ranking key: (metric value, height, node); lower is better
Key = tuple[float, int, Node]

#: paths binary-searched side by side (their middle nodes are decided in one batch)
PATHS = 4
#: side by side paths at most, when a statement's fixed cost dominates (see
#: lattice_release.run_search): fewer statements for a few more checks (Adult, k=5, before paths
#: climbed: 4 paths 106 checks 284 ms, 16 paths 102 checks 196 ms)
MAX_PATHS = 16
#: nodes a full check asks about at once at most (the next node and those after it the walk may
#: need: Adult, k=5 + hierarchical t=0.2 with 2 %, 1,467 checks: 95 statements with up to 32
#: against 155 with 16, 9 % faster); wider path starts cost checks (k=5: 121 with 32 against 97)
MAX_AHEAD = 32


def single_qi_nodes(lattice: Lattice) -> list[Node]:
    """The top, then each node with one QI below its top level and the others at it."""
    top = lattice.top
    return [top] + [
        top[:i] + (level,) + top[i + 1 :] for i, h in enumerate(lattice.heights) for level in range(h)
    ]


def optimal(
    lattice: Lattice,
    oracle: Oracle,
    prune_oracle: Oracle | None = None,
    progress: Progress | None = None,
    bound: Callable[[Node], Key] | None = None,
    key: Callable[[Node], Key] | None = None,
    paths: int = PATHS,
    values: Sequence[Sequence[int]] | None = None,
    cap: Callable[[Node], float] | None = None,
) -> SearchResult:
    """The best minimal node (``bound`` and ``key`` given) or every minimal node (neither).

    ``bound(n) <= key(n)`` must hold for every node, and ``key`` is asked only of minimal
    satisfying nodes. ``SearchResult.minimal`` holds the minimal nodes the walk certified
    (with a bound: those whose bound was below the best key at the time), so its best by
    ``key`` is the best of all minimal nodes; ``satisfying`` holds the same nodes (the walk does
    not enumerate the others).

    ``paths``: how many nodes a statement should check: the paths binary-searched side by side
    (at most MAX_PATHS of them) and the nodes a full check asks about at once.

    ``values`` (per QI, per level: the number of distinct values) steers the paths: each step
    goes to the successor with the fewest value combinations (the product over QIs: a bound of
    its classes), so a path soon reaches nodes whose frequency tables are small and cheap to
    check. Without it, each step raises the QI whose relative level stays lowest.

    ``cap`` (with ``bound`` and ``key``): for a node that satisfies the requirement, an upper
    bound of the key value (``key(m)[0]``) of every satisfying node ``m`` below it (some of
    them is minimal, so the best key is at most the lowest cap seen). Nodes whose bound exceeds
    it are then neither climbed into nor visited: with suppression most of the lattice
    satisfies, and paths that climbed to the top spent most of their checks on such nodes.
    """
    if (bound is None) != (key is None):
        raise ValueError("give both bound and key, or neither")
    heights = lattice.heights
    monotone = prune_oracle or oracle

    width = max(1, paths)  # nodes per statement the caller asks for (at most MAX_PATHS paths)

    status: dict[Node, bool] = {}  # the monotone part, checked or tagged
    evaluations = 0
    checked: set[Node] = set()

    def told(nodes: Sequence[Node]) -> None:
        nonlocal evaluations
        evaluations += len(nodes)
        checked.update(nodes)
        if progress is not None:
            progress(len(checked), lattice.size)

    def tag(node: Node, ok: bool) -> None:
        status[node] = ok
        queue = deque([node])
        step = lattice.successors if ok else lattice.predecessors
        while queue:
            for other in step(queue.popleft()):
                if other not in status:
                    status[other] = ok
                    queue.append(other)

    def climb(start: Node, reserved: set[Node]) -> list[Node]:
        path = [start]
        reserved.add(start)
        while True:
            ahead = [
                n
                for n in lattice.successors(path[-1])
                if n not in status and n not in reserved and not capped(n)
            ]
            if not ahead:
                return path
            if values is None:
                step = min(
                    ahead, key=lambda n: (sum(lv / h for lv, h in zip(n, heights, strict=True) if h), n)
                )
            else:
                step = min(ahead, key=lambda n: (math.prod(values[i][lv] for i, lv in enumerate(n)), n))
            path.append(step)
            reserved.add(step)

    def settle(nodes: list[Node]) -> None:
        """Ask the monotone part about ``nodes`` in one batch and tag what the answers decide (a
        pass of a monotone requirement also lowers the ceiling)."""
        for node, ok in zip(nodes, monotone(nodes), strict=True):
            if node not in status:
                tag(node, ok)
            if ok and prune_oracle is None:
                lower_ceiling(node)
        told(nodes)

    def resolve(starts: Sequence[Node]) -> None:
        while starts:
            reserved: set[Node] = set()
            chains = [climb(s, reserved) for s in starts if s not in reserved]
            while True:
                middles = []
                for chain in chains:
                    # contiguous: the chain is monotone, and its nodes beyond the ceiling (which
                    # may have dropped since it was built) are a suffix, left undecided
                    unknown = [n for n in chain if n not in status and not capped(n)]
                    if unknown:
                        middles.append(unknown[len(unknown) // 2])
                if not middles:
                    break
                settle(middles)
            # climb on from each chain's highest failing node while it has undecided direct
            # generalizations: a failing node high in the lattice decides the most nodes below
            starts = []
            for chain in chains:
                failing = [n for n in chain if status.get(n) is False]
                if failing and any(
                    s not in status and not capped(s) for s in lattice.successors(failing[-1])
                ):
                    starts.append(failing[-1])

    # each node's bound, computed once (without a bound: bottom-up by height)
    bounds = {n: bound(n) if bound is not None else (0.0, sum(n), n) for n in lattice.nodes()}
    order = sorted(bounds, key=bounds.__getitem__)
    position = {n: i for i, n in enumerate(order)}
    ceiling = math.inf  # no minimal node has a key value above it (see cap)

    def lower_ceiling(node: Node) -> None:
        nonlocal ceiling
        if cap is not None and bound is not None:
            ceiling = min(ceiling, cap(node))

    def capped(node: Node) -> bool:
        """Whether ``node``'s bound exceeds the ceiling: paths stop below it."""
        return bounds[node][0] > ceiling

    def beyond(node: Node) -> bool:
        """Whether ``node`` cannot be the answer: its bound is not below the best key found,
        or exceeds the ceiling."""
        return (best is not None and bounds[node] >= best) or capped(node)

    best: Key | None = None
    found: list[Node] = []  # certified minimal satisfying nodes, in visiting order
    full: dict[Node, bool] = {}  # the full requirement's outcomes (non-monotone requirements)

    def ahead(index: int) -> list[Node]:
        """Nodes after ``order[index]`` the walk will ask the full requirement of unless a node
        checked before them satisfies it: passing the monotone part, no satisfying node known
        below them, not above ``order[index]``; checked with it in one batch (a guess: a node
        the walk then skips, or never reaches, was checked for nothing)."""
        picked: list[Node] = []
        for later in order[index + 1 :]:
            if len(picked) >= width - 1 or beyond(later):
                break
            if (
                later not in full
                and status.get(later)
                and not leq(order[index], later)
                and not any(leq(s, later) for s in found)
            ):
                picked.append(later)
        return picked

    # Incognito's first phase, in one batch: the top and every node that generalizes one QI
    # less than fully (the others at their top). Their tables are tiny, and a failing one
    # decides every node at or below its level on that QI (measured in the history of
    # benchmarks/README.md in git, issue 15).
    settle(single_qi_nodes(lattice))

    for index, node in enumerate(order):
        if beyond(node):
            break
        if node not in status:
            starts = [node]
            wide = min(width, MAX_PATHS)
            for later in order[index + 1 :]:
                if len(starts) >= wide or beyond(later):
                    break
                if later not in status:
                    starts.append(later)
            resolve(starts)
        if not status[node]:
            continue
        if prune_oracle is None:
            # monotone: minimal iff every direct specialization fails (all were visited earlier)
            assert all(position[p] < index for p in lattice.predecessors(node))
            if any(status[p] for p in lattice.predecessors(node)):
                continue
        else:
            # every satisfying node below was visited earlier; it is in found or lies above one
            if any(leq(s, node) for s in found):
                continue  # a satisfying node lies below: not minimal, the full check is not needed
            if node not in full:
                batch = [node, *ahead(index)]
                for other, ok in zip(batch, oracle(batch), strict=True):
                    full[other] = ok
                    if ok:
                        lower_ceiling(other)
                told(batch)
            if not full[node]:
                continue
        found.append(node)
        if key is not None:
            value = key(node)
            if best is None or value < best:
                best = value
    return SearchResult(sorted(found), frozenset(found), evaluations, len(checked))
