"""``person:`` with the models that read several sensitive columns at once (docs/people.md,
"Models over several sensitive columns at once"): (epsilon,delta)^k-dissimilarity with distance
variational, compared with the pure-Python references (tests/oracles/reference_people.py) on
random one-to-many tables, constant and varying quasi-identifiers: check's figures, and
anonymize's minimal nodes and release against a brute force over people."""

from __future__ import annotations

import csv
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import sqlanon
from tests.oracles import reference_people as ref
from tests.oracles.reference import minimal_nodes
from tests.pipeline.test_people import _published
from tests.support.cases import seeds
from tests.support.randomdata import PERSON, RandomCase, people_config, random_people_case

#: the numeric sensitive columns of the vectors
VECTOR = ["x", "y 2"]


def vector_case(seed: int, folder: Path, varying: bool) -> tuple[RandomCase, random.Random]:
    """A random one-to-many table whose rows also carry the numeric columns ``x`` and ``y 2``
    (each drawn per row, so a person's rows hold several vectors)."""
    rng = random.Random(seed)
    case = random_people_case(seed, folder, n_qis=rng.choice([1, 2]), max_people=20, varying=varying)
    domains = {
        "x": ["0", "0.5", "1", "2"][: rng.randint(2, 4)],
        "y 2": ["0", "1", "1.5"][: rng.randint(2, 3)],
    }
    for r in case.rows:
        for name, domain in domains.items():
            r[name] = rng.choice(domain)
    with (folder / "data.csv").open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=[PERSON, *case.qis, "sens", *VECTOR, "visit"])
        writer.writeheader()
        writer.writerows(case.rows)
    return case, rng


def variational(rng: random.Random) -> dict[str, Any]:
    return {
        "distance": "variational",
        "attributes": list(VECTOR),
        "epsilon": rng.choice([0.0, 0.25, 0.5, 1.0]),
        "delta": rng.choice([0.0, 0.2, 0.5, 0.8]),
        "k": rng.choice([1, 2, 3]),
    }


def configure(case: RandomCase, criteria: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    config = people_config(case, criteria, **extra)
    for name in VECTOR:
        config["columns"][name] = {"role": "sensitive"}
    return config


@pytest.mark.parametrize("seed", seeds(14))
def test_check_variational_dissimilarity_over_people(seed: int, tmp_path: Path) -> None:
    """check: the verdict, worst class, violating classes and people are the reference's bound
    (each person's cross product), and never below the exact per-row form's risk."""
    varying = seed % 2 == 1
    case, rng = vector_case(8100 + seed, tmp_path, varying)
    params = variational(rng)
    config = configure(case, [{"dissimilarity": params}])
    del config["output"]
    if not varying:
        for q in case.qis:
            config["columns"][q] = {"role": "quasi"}
    report = sqlanon.check(config, base_dir=tmp_path)
    (entry,) = report.checks
    expected = ref.ref_variational_people(case.rows, [PERSON], case.qis, params)
    exact = ref.ref_variational_people(case.rows, [PERSON], case.qis, params, exact=True)
    assert entry["passed"] == expected.passed, (params, entry, expected)
    assert entry["violating_classes"] == expected.violating_classes
    assert entry["violating_people"] == expected.violating_rows
    assert entry["observed"] == pytest.approx(expected.observed, rel=1e-9)
    assert expected.observed is not None and exact.observed is not None
    assert expected.observed >= exact.observed - 1e-12
    assert expected.violating_rows >= exact.violating_rows


@pytest.mark.parametrize("seed", seeds(10))
def test_anonymize_variational_dissimilarity_over_people(seed: int, tmp_path: Path) -> None:
    """anonymize (every lattice search): the minimal nodes are the brute force's over people and
    the release drops the people the brute force suppresses."""
    varying = seed % 2 == 1
    case, rng = vector_case(8400 + seed, tmp_path, varying)
    params = variational(rng)
    criteria: list[dict[str, Any]] = [{"k-anonymity": {"k": rng.choice([1, 2])}}, {"dissimilarity": params}]
    limit = rng.choice([0.0, 0.1, 0.3])
    search = ["exhaustive", "optimal", "incognito"][seed % 3]
    config = configure(case, criteria, suppression_limit=limit, search=search)
    report = sqlanon.anonymize(config, base_dir=tmp_path)
    k = criteria[0]["k-anonymity"]["k"]

    def verdict(members: set[Any], rows: list[dict[str, Any]]) -> bool:
        vectors = ref._vectors(rows, [PERSON], VECTOR)
        return len(members) >= k and ref.variational_people(params, members, vectors, exact=False)[0]

    satisfying = ref.satisfying_people_several(case.rows, [PERSON], case.hierarchies, verdict, limit)
    if search in ("exhaustive", "incognito"):
        assert {tuple(n[q] for q in case.qis) for n in report.minimal_nodes} == minimal_nodes(set(satisfying))
    if not satisfying:
        assert not report.passed
        return
    assert report.passed, report.message
    assert report.node is not None
    node = tuple(report.node[q] for q in case.qis)
    assert node in satisfying
    if search in ("exhaustive", "optimal"):
        assert node in minimal_nodes(set(satisfying))
    gone = satisfying[node]
    published = [*case.qis, "sens", *VECTOR, "visit"]
    rows = ref.generalized(case.rows, case.hierarchies, node)
    expected = Counter(tuple(r[c] for c in published) for r in rows if (r[PERSON],) not in gone)
    assert _published(tmp_path / "out.csv") == (published, expected)
