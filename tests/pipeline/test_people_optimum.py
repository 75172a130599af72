"""With ``person:`` the search's optimum is the brute force's over people: among the minimal
nodes over people, the one with the lowest metric computed over people (ties: height, then the
node), and the report's metrics of that node are the people's. References in exact rationals,
from the metrics' definitions with a person in place of a row."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import sqlanon
from tests.oracles import reference_people as ref
from tests.support.cases import seeds
from tests.support.randomdata import PERSON, RandomCase, people_config, random_people_case

#: the metrics of class sizes and levels (any quasi-identifiers), and those that read a class's
#: labels (quasi-identifiers constant per person only)
SIZES = ("precision", "height", "discernibility", "aecs")
LABELS = ("loss", "nu-entropy")


def people_metrics(
    case: RandomCase, node: tuple[int, ...], k: int, varying: bool, suppressed: set[Any] | None = None
) -> dict[str, Any]:
    """Every metric of ``node`` over people, the people of k-violating classes suppressed (or
    the people ``suppressed``): a person is one cell per quasi-identifier (a suppressed cell
    loses 1), a class counts its people, and label counts count the people with a label."""
    rows = ref.generalized(case.rows, case.hierarchies, node)
    gone = ref.violating_people(rows, [PERSON], case.qis, k) if suppressed is None else suppressed
    people = {(r[PERSON],) for r in case.rows}
    n, s, q = len(people), len(gone), len(case.qis)
    kept = {key: m for key, m in ref.people_classes(rows, [PERSON], case.qis).items() if not m & gone}
    heights = [len(next(iter(case.hierarchies[c].values()))) - 1 for c in case.qis]
    mean_level = sum((Fraction(lv, h) for lv, h in zip(node, heights, strict=True)), Fraction(0)) / q
    out: dict[str, Any] = {
        "precision": float(((n - s) * mean_level + s) / n),
        "height": sum(node),
        "discernibility": sum(len(m) ** 2 for m in kept.values()) + s * n,
        "aecs": n / len(kept) if kept else None,
        "loss": None,
        "nu-entropy": None,
    }
    if varying:
        return out
    original = {(r[PERSON],): r for r in case.rows}  # constant: any row of a person is theirs
    loss, nu = Fraction(0), 0.0
    for i, c in enumerate(case.qis):
        paths = case.hierarchies[c]
        value_people = Counter(r[c] for r in original.values())
        label_people = Counter(paths[r[c]][node[i]] for r in original.values())
        for who, r in original.items():
            if who in gone:
                loss += 1
                nu += math.log2(n / value_people[r[c]])
                continue
            label = paths[r[c]][node[i]]
            under = sum(1 for path in paths.values() if path[node[i]] == label)
            loss += Fraction(under - 1, len(paths) - 1) if len(paths) > 1 else 0
            nu += math.log2(label_people[label] / value_people[r[c]])
    out["loss"] = float(loss / (n * q))
    out["nu-entropy"] = nu
    return out


def _close(got: Mapping[str, Any], want: Mapping[str, Any]) -> bool:
    return all(
        got[key] == value
        if value is None or isinstance(value, int)
        else got[key] == pytest.approx(value, rel=1e-9)
        for key, value in want.items()
    )


@pytest.mark.parametrize("seed", seeds(16))
def test_the_optimum_is_the_brute_force_s_over_people(seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    varying = seed % 2 == 1
    case = random_people_case(6100 + seed, tmp_path, n_qis=rng.choice([2, 3]), varying=varying)
    metric = rng.choice(SIZES if varying else SIZES + LABELS)
    k = rng.choice([2, 3])
    limit = rng.choice([0.0, 0.1, 0.3])
    search = rng.choice(["optimal", "incognito", "exhaustive"])
    config = people_config(
        case, [{"k-anonymity": {"k": k}}], suppression_limit=limit, search=search, metric=metric
    )
    report = sqlanon.anonymize(config, base_dir=tmp_path)
    minimal = ref.minimal_people(case.rows, [PERSON], case.hierarchies, k, limit)
    if not minimal:
        assert not report.passed
        return
    assert report.passed and report.node is not None, report.message
    values = {node: people_metrics(case, node, k, varying) for node in minimal}

    def rank(node: tuple[int, ...]) -> tuple[float, int, tuple[int, ...]]:
        value = values[node][metric]
        return (math.inf if value is None else float(value), sum(node), node)

    best = min(minimal, key=rank)
    chosen = tuple(report.node[q] for q in case.qis)
    assert chosen in minimal
    if any(other != best and rank(other)[0] == pytest.approx(rank(best)[0], rel=1e-12) for other in minimal):
        assert values[chosen][metric] == pytest.approx(values[best][metric], rel=1e-9)  # a tie up to rounding
    else:
        assert chosen == best, (metric, values)
    assert _close(report.metrics, values[chosen]), (report.metrics, values[chosen])
