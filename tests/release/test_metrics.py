"""Utility metrics computed in SQL against their definitions computed in Python."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from sqlanon.config import parse_config
from sqlanon.criteria import make_criterion
from sqlanon.encode import encode
from sqlanon.encode.source import read_table
from sqlanon.engines.duckdb.engine import DuckDBEngine
from sqlanon.release.metrics import materialize_verdicts, node_metrics, precision_loss
from sqlanon.search.evaluator import NodeEvaluator
from tests.search.test_incognito import _violating_keys
from tests.support.cases import seeds
from tests.support.randomdata import RandomCase, generalize, random_case

TOL = 1e-9


def weighted_reference(
    case: RandomCase, node: tuple[int, ...], suppressed: set[tuple[Any, ...]], weights: list[Fraction]
) -> dict[str, Fraction]:
    """Precision and loss with per-QI weights, in exact rationals: the weighted mean over the
    quasi-identifiers of each one's mean cell loss (a suppressed cell loses 1)."""
    rows = generalize(case, node)
    heights = [len(next(iter(case.hierarchies[c].values()))) - 1 for c in case.qis]
    precision = loss = Fraction(0)
    for i, c in enumerate(case.qis):
        hier = case.hierarchies[c]
        p = l_ = Fraction(0)
        for gen in rows:
            if tuple(gen[q] for q in case.qis) in suppressed:
                p, l_ = p + 1, l_ + 1
                continue
            p += Fraction(node[i], heights[i])
            under = sum(1 for path in hier.values() if path[node[i]] == gen[c])
            l_ += Fraction(under - 1, len(hier) - 1) if len(hier) > 1 else 0
        precision += weights[i] * p / len(rows)
        loss += weights[i] * l_ / len(rows)
    return {"precision": precision / sum(weights), "loss": loss / sum(weights)}


def reference_metrics(
    case: RandomCase, node: tuple[int, ...], suppressed: set[tuple[Any, ...]]
) -> dict[str, Any]:
    rows = generalize(case, node)
    n, q = len(rows), len(case.qis)
    heights = [len(next(iter(case.hierarchies[c].values()))) - 1 for c in case.qis]
    is_sup = [tuple(r[c] for c in case.qis) in suppressed for r in rows]
    kept_classes = Counter(tuple(r[c] for c in case.qis) for r, s in zip(rows, is_sup, strict=True) if not s)
    n_sup = sum(is_sup)
    precision = loss = nu = 0.0
    for orig, gen, sup in zip(case.rows, rows, is_sup, strict=True):
        for i, c in enumerate(case.qis):
            hier = case.hierarchies[c]
            value_count = sum(1 for r in case.rows if r[c] == orig[c])
            if sup:
                precision += 1
                loss += 1
                nu += math.log2(n / value_count)
                continue
            precision += node[i] / heights[i]
            leaves_under = sum(1 for path in hier.values() if path[node[i]] == gen[c])
            loss += (leaves_under - 1) / (len(hier) - 1) if len(hier) > 1 else 0.0
            gen_count = sum(1 for r in case.rows if hier[r[c]][node[i]] == gen[c])
            nu += math.log2(gen_count / value_count)
    return {
        "precision": precision / (n * q),
        "discernibility": sum(s * s for s in kept_classes.values()) + n_sup * n,
        "aecs": n / len(kept_classes) if kept_classes else None,
        "height": sum(node),
        "loss": loss / (n * q),
        "nu-entropy": nu,
    }


def _satisfying_nodes(
    case: RandomCase, criteria: list[dict[str, Any]], limit: float, folder: Path, joins: bool = False
) -> Iterator[tuple[DuckDBEngine, Any, NodeEvaluator, tuple[int, ...], str, Any]]:
    """Every node of the case's lattice that satisfies ``criteria`` within ``limit``, with the
    engine, encoded tables, evaluator, verdicts table and result its metrics need (``joins``:
    generalize by joins with the dimension tables, the path of large domains, else by maps)."""
    cfg = parse_config(case.config(criteria, suppression_limit=limit), folder)
    engine = DuckDBEngine()
    try:
        encoded = encode(engine, cfg, read_table(engine, cfg.source, cfg.csv))
        evaluator = NodeEvaluator(engine, encoded, [make_criterion(c) for c in cfg.criteria], limit)
        evaluator.join_from_codes = -1 if joins else 10**9
        for node in itertools.product(*(range(d.height + 1) for d in encoded.qis)):
            result = evaluator.evaluate(node)
            if result.satisfied:
                yield engine, encoded, evaluator, node, materialize_verdicts(engine, evaluator, node), result
    finally:
        engine.close()


@pytest.mark.parametrize("seed", seeds(12))
def test_metrics_match_definitions(seed: int, tmp_path: Path) -> None:
    rng = random.Random(1000 + seed)
    case = random_case(1000 + seed, tmp_path, n_qis=rng.choice([2, 3]), max_rows=80)
    criteria = [{"k-anonymity": {"k": rng.choice([2, 3])}}]
    if seed % 2:
        criteria.append({"l-diversity": {"variant": "distinct", "l": 2}})
    limit = rng.choice([0.0, 0.1, 0.3])
    checked = 0
    for engine, encoded, evaluator, node, verdicts, result in _satisfying_nodes(
        case, criteria, limit, tmp_path, joins=seed % 3 == 0
    ):
        got = node_metrics(engine, encoded, evaluator, node, verdicts, result.suppressed_rows)
        suppressed = _violating_keys(generalize(case, node), case.qis, criteria)
        want = reference_metrics(case, node, suppressed)
        assert got.keys() == want.keys()
        for key, value in want.items():
            if value is None or isinstance(value, int):
                assert got[key] == value, (key, node)
            else:
                assert got[key] == pytest.approx(value, abs=TOL, rel=TOL), (key, node)
        checked += 1
    assert checked > 0


def test_precision_loss_is_the_exact_rational_correctly_rounded() -> None:
    """precision_loss (integer arithmetic) equals the defining formula in exact rationals,
    rounded once, on random nodes, heights, row counts and suppressed rows."""
    rng = random.Random(15)
    for _ in range(5000):
        heights = [rng.randint(1, 9) for _ in range(rng.randint(1, 9))]
        node = tuple(rng.randint(0, h) for h in heights)
        rows = rng.choice([1, 7, 30162, 10**7, 3 * 10**9, 10**15])
        suppressed = rng.choice([0, rows, rng.randint(0, rows)])
        mean = sum(Fraction(lv, h) for lv, h in zip(node, heights, strict=True)) / len(node)
        want = Fraction(rows - suppressed, rows) * mean + Fraction(suppressed, rows)
        assert precision_loss(node, heights, suppressed, rows) == float(want)


@pytest.mark.slow
@pytest.mark.parametrize("seed", seeds(6))
def test_weighted_precision_and_loss_match_definitions(seed: int, tmp_path: Path) -> None:
    """Per-column weights: node_metrics' precision and loss are the weighted means Python
    computes in exact rationals, on every satisfying node; the other metrics do not change."""
    rng = random.Random(1100 + seed)
    case = random_case(1100 + seed, tmp_path, n_qis=rng.choice([2, 3]), max_rows=80)
    criteria = [{"k-anonymity": {"k": rng.choice([2, 3])}}]
    limit = rng.choice([0.0, 0.2])
    weights = [Fraction(str(rng.choice([0.5, 1, 2.5, 10]))) for _ in case.qis]
    checked = 0
    for engine, encoded, evaluator, node, verdicts, result in _satisfying_nodes(
        case, criteria, limit, tmp_path
    ):
        plain = node_metrics(engine, encoded, evaluator, node, verdicts, result.suppressed_rows)
        got = node_metrics(engine, encoded, evaluator, node, verdicts, result.suppressed_rows, weights)
        want = weighted_reference(
            case, node, _violating_keys(generalize(case, node), case.qis, criteria), weights
        )
        assert got["precision"] == float(want["precision"]), node  # exact, rounded once
        assert got["loss"] == pytest.approx(float(want["loss"]), abs=TOL, rel=TOL), node
        assert {k: v for k, v in got.items() if k not in want} == {
            k: v for k, v in plain.items() if k not in want
        }
        ones = node_metrics(
            engine, encoded, evaluator, node, verdicts, result.suppressed_rows, [Fraction(1)] * len(node)
        )
        assert ones["precision"] == plain["precision"] and ones["loss"] == pytest.approx(
            plain["loss"], abs=1e-15
        )
        checked += 1
    assert checked > 0
