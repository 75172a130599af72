"""The optimal-only search against brute force (pure Python, random lattices and requirements)
and against Incognito's best node on the real engine (random tables, criteria, suppression
limits and metrics)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from sqlanon.config import parse_config
from sqlanon.criteria import make_criterion
from sqlanon.encode import encode
from sqlanon.encode.source import read_table
from sqlanon.engines.duckdb.engine import DuckDBEngine
from sqlanon.release.lattice import best_node, run_search
from sqlanon.search.lattice import Lattice, Node, leq
from sqlanon.search.optimal import optimal
from tests.search.test_incognito import CRITERIA
from tests.support.cases import seeds
from tests.support.randomdata import random_case


def _random_requirement(rng: random.Random, lattice: Lattice) -> tuple[set[Node], set[Node]]:
    """A monotone set (the up-closure of a few random nodes, sometimes empty) and a random
    subset of it (the full, non-monotone requirement)."""
    nodes = list(lattice.nodes())
    generators = rng.sample(nodes, min(len(nodes), rng.choice([0, 1, 1, 2, 3, 5])))
    monotone = {n for n in nodes if any(leq(g, n) for g in generators)}
    full = {n for n in monotone if rng.random() < 0.6}
    return monotone, full


class Counting:
    """An oracle over a fixed set that records every node it is asked about."""

    calls = 0  # across instances: the order of the batches of two oracles

    def __init__(self, members: set[Node]) -> None:
        self.members = members
        self.asked: list[Node] = []
        #: (call number, nodes, answers) per batch
        self.batches: list[tuple[int, list[Node], list[bool]]] = []

    def __call__(self, nodes: Sequence[Node]) -> list[bool]:
        self.asked += nodes
        answers = [n in self.members for n in nodes]
        Counting.calls += 1
        self.batches.append((Counting.calls, list(nodes), answers))
        return answers


def _minimal(members: set[Node]) -> set[Node]:
    return {n for n in members if not any(m != n and leq(m, n) for m in members)}


@pytest.mark.parametrize("seed", seeds(300))
def test_optimal_equals_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    heights = tuple(rng.randint(0, 4) for _ in range(rng.randint(1, 5)))
    lattice = Lattice(heights)
    monotone, full = _random_requirement(rng, lattice)
    non_monotone = seed % 2 == 1
    satisfying = full if non_monotone else monotone
    want_minimal = _minimal(satisfying)

    # paths steered by value counts (non-increasing up each hierarchy) or by relative levels
    values = None
    if rng.random() < 0.5:
        values = [sorted((rng.randint(1, 50) for _ in range(h + 1)), reverse=True) for h in heights]

    # every minimal node, without a bound
    prune = Counting(monotone) if non_monotone else None
    oracle = Counting(satisfying)
    result = optimal(lattice, oracle, prune, paths=rng.choice([1, 2, 4, 8]), values=values)
    assert set(result.minimal) == want_minimal
    assert result.evaluations == len(oracle.asked) + (len(prune.asked) if prune else 0)
    # distinct nodes checked: each asked of either oracle counts once, never more than the lattice
    assert result.checked == len(set(oracle.asked) | set(prune.asked if prune else ())) <= lattice.size
    assert len(set(oracle.asked)) == len(oracle.asked)  # no node asked twice
    if prune is not None:
        assert len(set(prune.asked)) == len(prune.asked)
        assert set(oracle.asked) <= monotone  # the full check only where the monotone part holds

    # the best minimal node, with a data-free bound and a key at least the bound (suppression
    # raises precision); the key is random so the bound's order is not the key's
    weight = {n: sum(lv / h for lv, h in zip(n, heights, strict=True) if h) for n in lattice.nodes()}
    most = rng.choice([0.0, 0.2, 1.0])  # the largest extra (suppression's share, say)
    extra = {n: rng.choice([0.0, 0.0, most * rng.random()]) for n in lattice.nodes()}
    # a cap on the key of the satisfying nodes below a satisfying node: sometimes none
    cap = (lambda n: weight[n] + most) if rng.random() < 0.7 else None

    def bound(n: Node) -> tuple[float, int, Node]:
        return (weight[n], sum(n), n)

    def key(n: Node) -> tuple[float, int, Node]:
        assert n in want_minimal  # asked only of minimal satisfying nodes
        return (weight[n] + extra[n], sum(n), n)

    prune = Counting(monotone) if non_monotone else None
    oracle = Counting(satisfying)
    result = optimal(
        lattice,
        oracle,
        prune,
        bound=bound,
        key=key,
        paths=rng.choice([1, 2, 4, 8]),
        values=values,
        cap=cap,
    )
    if cap is not None:
        # once a node is known to satisfy, no node above its cap is asked about
        batches = sorted(
            [(*b, False) for b in (prune.batches if prune else [])] + [(*b, True) for b in oracle.batches]
        )
        ceiling = float("inf")
        for _, nodes, answers, deciding in batches:
            assert all(weight[n] <= ceiling for n in nodes), (nodes, ceiling)
            if deciding:  # a pass of the full requirement (the monotone part's says less)
                ceiling = min([ceiling] + [cap(n) for n, ok in zip(nodes, answers, strict=True) if ok])
    if not want_minimal:
        assert result.minimal == []
        return
    want = min(key(n) for n in want_minimal)
    assert set(result.minimal) <= want_minimal
    assert min(key(n) for n in result.minimal) == want
    assert result.evaluations <= lattice.size * (2 if non_monotone else 1)


def _decided(node: Node, asked: Sequence[Node], members: set[Node]) -> bool:
    """Whether the answers to ``asked`` decide ``node`` by tagging (monotone ``members``)."""
    return any((a in members and leq(a, node)) or (a not in members and leq(node, a)) for a in asked)


@pytest.mark.parametrize("seed", seeds(100))
def test_optimal_paths_end_at_maximal_failing_nodes(seed: int) -> None:
    """Every failing node checked that lies below no other failing node checked is a maximal
    failing node: all its direct generalizations satisfy, and the checks decided each of them
    (the paths climb on from their highest failing node until its generalizations are decided)."""
    rng = random.Random(5000 + seed)
    heights = tuple(rng.randint(1, 4) for _ in range(rng.randint(2, 6)))
    lattice = Lattice(heights)
    monotone, _ = _random_requirement(rng, lattice)
    oracle = Counting(monotone)
    weight = {n: sum(lv / h for lv, h in zip(n, heights, strict=True)) for n in lattice.nodes()}
    # with a bound (without one the walk decides the whole lattice, and the property holds
    # whatever the paths do)
    result = optimal(
        lattice,
        oracle,
        bound=lambda n: (weight[n], sum(n), n),
        key=lambda n: (weight[n], sum(n), n),
        paths=rng.choice([1, 2, 4, 8]),
    )
    assert set(result.minimal) <= _minimal(monotone)
    failed = [a for a in oracle.asked if a not in monotone]
    tops = [f for f in failed if not any(g != f and leq(f, g) for g in failed)]
    for top in tops:
        for up in lattice.successors(top):
            assert up in monotone, (top, up)
            assert _decided(up, oracle.asked, monotone), (top, up)


@pytest.mark.slow
def test_optimal_checks_few_nodes_of_a_large_lattice() -> None:
    """On a 21,600-node lattice with a monotone requirement the walk decides most nodes by
    tagging (the figure the report gives as nodes checked vs lattice size)."""
    lattice = Lattice((4, 5, 2, 3, 4, 2, 2, 4))
    rng = random.Random(3)
    generators = rng.sample(list(lattice.nodes())[5000:9000], 6)
    members = {n for n in lattice.nodes() if any(leq(g, n) for g in generators)}
    oracle = Counting(members)
    result = optimal(lattice, oracle)
    assert set(result.minimal) == _minimal(members)
    assert len(oracle.asked) < lattice.size / 10


def test_optimal_needs_both_bound_and_key() -> None:
    with pytest.raises(ValueError, match="both"):
        optimal(Lattice((1,)), Counting(set()), bound=lambda n: (0.0, 0, n))


NON_MONOTONE: list[list[dict[str, Any]]] = [
    [{"k-anonymity": {"k": 2}}, {"nt-closeness": {"n": 4, "t": 0.3, "distance": "equal"}}],
    [{"dissimilarity": {"epsilon": 0.5, "delta": 0.5, "k": 2, "distance": "ordered"}}],
]


@pytest.mark.parametrize("seed", seeds(20))
def test_optimal_picks_incognitos_best_node(seed: int, tmp_path: Path) -> None:
    """Same data, criteria, suppression limit and metric: the node ``optimal`` releases is the one
    Incognito's ranking of all its minimal nodes picks, with the same metrics."""
    rng = random.Random(900 + seed)
    case = random_case(seed + 900, tmp_path, n_qis=rng.choice([2, 3, 4]), max_rows=80)
    criteria = (CRITERIA + NON_MONOTONE)[seed % (len(CRITERIA) + len(NON_MONOTONE))]
    limit = rng.choice([0.0, 0.0, 0.1, 0.3])
    metric = ["precision", "height", "discernibility", "precision", "loss"][seed % 5]
    chosen = {}
    for strategy in ("incognito", "optimal"):
        raw = case.config(criteria, search=strategy, suppression_limit=limit, metric=metric)
        raw["columns"][case.sensitive]["order"] = sorted({r[case.sensitive] for r in case.rows})
        cfg = parse_config(raw, tmp_path)
        engine = DuckDBEngine()
        try:
            encoded = encode(engine, cfg, read_table(engine, cfg.source, cfg.csv))
            result, evaluator = run_search(
                engine, encoded, [make_criterion(c) for c in cfg.criteria], cfg, None
            )
            if not result.minimal:
                chosen[strategy] = None
                continue
            node, values, _, outcome = best_node(engine, encoded, evaluator, result.minimal, cfg)
            chosen[strategy] = (node, values, outcome.suppressed_rows)
        finally:
            engine.close()
    assert chosen["optimal"] == chosen["incognito"], (criteria, limit, metric)
