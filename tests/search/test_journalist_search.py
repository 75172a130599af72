"""The journalist risk limits steer the lattice search (sqlanon.search.risk, issue 40, item 1).

On many random tables, each a sample of a random population, for random criteria, suppression
limits and journalist limits (average, records at risk, with or without the highest), the nodes
exhaustive, Incognito and optimal find equal a pure-Python brute force over every node: each
class's persons of the population F_E counted from the population's rows generalized to the
node, the classes failing a criterion (or journalist_highest, as k-map) suppressed within the
limit, then the journalist figures of the classes left, in fractions. The release anonymize
writes is at a minimal node of the reference's, its journalist figures are the reference's at
that node, and when no node meets the limits nothing is written. PostgreSQL chooses as DuckDB.
"""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from sqlanon import api
from sqlanon.search.risk import journalist_measure
from tests.criteria.test_population_models import _classes, _search, reference_bad, with_population
from tests.oracles import reference as ref
from tests.support.cases import seeds
from tests.support.randomdata import RandomCase, random_case

Item = dict[str, Any]
Node = tuple[int, ...]

CRITERIA: list[list[Item]] = [
    [{"k-anonymity": {"k": 1}}],
    [{"k-anonymity": {"k": 2}}],
    [{"k-map": {"k": 3}}],
]
LIMITS: dict[str, list[float]] = {
    "journalist_average": [0.1, 0.2, 0.35, 0.5],
    "journalist_records_at_risk": [0.0, 0.1, 0.3],
    "journalist_highest": [0.5, 0.34, 0.2],
}


def figures(
    case: RandomCase, people: list[dict[str, str]], node: Node, kept: list[dict[str, str]], threshold: float
) -> dict[str, Fraction] | None:
    """The journalist figures of the release ``kept`` (the table's rows left, ungeneralized) at
    ``node``, in fractions; None when nothing is published."""
    sample, pop = _classes(kept, case, node), _classes(people, case, node)
    rows = sum(sample.values())
    if not rows:
        return None
    t = Fraction(str(threshold))
    return {
        "journalist_highest": max(Fraction(1, pop[e]) for e in sample),
        "journalist_average": sum(Fraction(size, pop[e]) for e, size in sample.items()) / rows,
        "journalist_records_at_risk": Fraction(
            sum(s for e, s in sample.items() if Fraction(1, pop[e]) > t), rows
        ),
    }


def brute_force(
    case: RandomCase,
    people: list[dict[str, str]],
    criteria: list[Item],
    limit: float,
    limits: dict[str, float],
    threshold: float,
) -> dict[Node, dict[str, Fraction]]:
    """Each node meeting the criteria and the limits, with its release's figures: the classes
    failing a criterion or journalist_highest (1/F_E above it) suppressed within the limit."""
    heights = [len(next(iter(case.hierarchies[q].values()))) - 1 for q in case.qis]
    allowed = math.floor(Fraction(str(limit)) * len(case.rows))
    highest = limits.get("journalist_highest")
    out = {}
    for node in itertools.product(*(range(h + 1) for h in heights)):
        bad, _ = reference_bad(case, people, node, criteria, case.rows)
        if highest is not None:
            pop = _classes(people, case, node)
            bad |= {
                e for e in _classes(case.rows, case, node) if Fraction(1, pop[e]) > Fraction(str(highest))
            }
        kept = [r for r in case.rows if _key(case, r, node) not in bad]
        if len(case.rows) - len(kept) > allowed or not kept:
            continue
        found = figures(case, people, node, kept, threshold)
        assert found is not None
        if all(found[key] <= Fraction(str(value)) for key, value in limits.items()):
            out[node] = found
    return out


def _key(case: RandomCase, row: dict[str, str], node: Node) -> tuple[str, ...]:
    return tuple(case.hierarchies[q][row[q]][level] for q, level in zip(case.qis, node, strict=True))


def _draw(
    seed: int, tmp_path: Path
) -> tuple[RandomCase, list[dict[str, str]], list[Item], float, dict[str, Any]]:
    rng = random.Random(3000 + seed)
    case = random_case(seed, tmp_path, n_qis=rng.choice([2, 3]), max_rows=40)
    people = with_population(case, rng, rng.randint(0, 3 * len(case.rows)))
    criteria = CRITERIA[seed % len(CRITERIA)]
    keys = rng.sample(["journalist_average", "journalist_records_at_risk"], rng.randint(1, 2))
    if rng.random() < 0.3:
        keys.append("journalist_highest")
    limits = {key: rng.choice(LIMITS[key]) for key in keys}
    risk = {"threshold": rng.choice([0.2, 0.34, 0.5]), **limits}
    return case, people, criteria, rng.choice([0.0, 0.1, 0.3]), risk


@pytest.mark.parametrize("seed", seeds(15, fast=3))
def test_searches_with_journalist_limits_equal_brute_force(seed: int, tmp_path: Path) -> None:
    case, people, criteria, limit, risk = _draw(seed, tmp_path)
    limits = {key: value for key, value in risk.items() if key != "threshold"}
    expected = brute_force(case, people, criteria, limit, limits, risk["threshold"])
    found = {s: _search(case, criteria, limit, s, risk=risk) for s in ("exhaustive", "incognito", "optimal")}
    assert set(found["exhaustive"].satisfying) == set(expected)
    assert set(found["incognito"].satisfying) <= set(expected)
    for strategy, result in found.items():
        assert set(result.minimal) == ref.minimal_nodes(set(expected)), strategy
    report = api.anonymize(
        case.config(
            criteria, suppression_limit=limit, population="population.csv", risk=risk, overwrite=True
        ),
        base_dir=tmp_path,
    )
    assert report.passed == bool(expected), report.message
    if not expected:
        assert not (tmp_path / "out.csv").exists()
        return
    node = tuple(report.node[q] for q in case.qis)
    assert node in ref.minimal_nodes(set(expected))
    journalist = report.risk["journalist"]
    for key, value in expected[node].items():
        assert journalist[key.removeprefix("journalist_")] == float(value), key  # exact: the same sums


def test_the_measure_equals_its_definition() -> None:
    """journalist_measure on random (size, F, classes) equals the per-record definition."""
    rng = random.Random(7)
    for _ in range(500):
        classes = [(rng.randint(1, 6), 0, rng.randint(1, 3)) for _ in range(rng.randint(1, 6))]
        classes = [(size, size + rng.randint(0, 10), n) for size, _, n in classes]
        threshold = rng.choice([0.1, 0.2, 0.25, 1 / 3, 0.5])
        records = [f for size, f, n in classes for _ in range(size * n)]
        got = journalist_measure(classes, threshold)
        assert got["highest"] == pytest.approx(max(1 / f for f in records))
        assert got["average"] == pytest.approx(sum(1 / f for f in records) / len(records))
        t = Fraction(str(threshold))
        assert got["records_at_risk"] == pytest.approx(
            sum(1 for f in records if Fraction(1, f) > t) / len(records)
        )
    assert journalist_measure([], 0.2)["average"] is None


def test_a_limit_the_plain_node_exceeds_moves_the_search_up(tmp_path: Path) -> None:
    """A journalist average the criteria's node exceeds: before, no release (the gate failed);
    now a coarser node that meets it, and the checks name the limit."""
    for seed in range(40):
        case, people, _, _, _ = _draw(seed, tmp_path / str(seed))
        criteria = [{"k-anonymity": {"k": 1}}]
        plain = brute_force(case, people, criteria, 0.0, {}, 0.2)
        bottom = min(plain, key=sum)
        average = plain[bottom]["journalist_average"]
        meeting = brute_force(case, people, criteria, 0.0, {"journalist_average": float(average) * 0.8}, 0.2)
        if meeting:
            break
    else:  # pragma: no cover - the draws above always hold such a case
        pytest.fail("no random case whose bottom node exceeds a meetable journalist average")
    risk = {"journalist_average": float(average) * 0.8}
    report = api.anonymize(
        case.config(criteria, population="population.csv", risk=risk, overwrite=True), base_dir=case.folder
    )
    assert report.passed, report.message
    node = tuple(report.node[q] for q in case.qis)
    assert node in ref.minimal_nodes(set(meeting)) and node != bottom
    assert [c["criterion"] for c in report.checks] == ["k-anonymity", "risk"]
    assert report.risk["journalist"]["average"] <= risk["journalist_average"]


def test_a_limit_no_node_meets_is_named_and_nothing_is_written(tmp_path: Path) -> None:
    """A journalist average below what the whole table as one class has: no release, the message
    names the limit and its figure, and the checks hold the configuration's criteria alone (not
    the k-map that gives the search each class's persons of the population)."""
    case, _people, _, _, _ = _draw(0, tmp_path)
    report = api.anonymize(
        case.config(
            [{"k-anonymity": {"k": 1}}], population="population.csv", risk={"journalist_average": 1e-6}
        ),
        base_dir=tmp_path,
    )
    assert not report.passed
    assert "journalist_average" in report.message and "> 1e-06" in report.message
    assert [c["criterion"] for c in report.checks] == ["k-anonymity"]
    assert not (tmp_path / "out.csv").exists()


@pytest.mark.parametrize("command", ["anonymize", "explore"])
def test_the_population_is_read_once(command: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A run whose search counts the population's persons reads the population once: the gate's
    journalist risk reads the table encode read, not the file again."""
    import sqlanon.encode as encode_module
    import sqlanon.gate.inputs as inputs_module

    reads: list[str] = []
    for module in (encode_module, inputs_module):
        original = module.read_table

        def counting(*args: Any, _original: Any = original, **kwargs: Any) -> Any:
            if kwargs.get("what") == "population":
                reads.append(str(args[1]))
            return _original(*args, **kwargs)

        monkeypatch.setattr(module, "read_table", counting)
    case, _people, _, _, _ = _draw(1, tmp_path)
    config = case.config(
        [{"k-anonymity": {"k": 2}}], population="population.csv", risk={"journalist_average": 0.5}
    )
    if command == "anonymize":
        report = api.anonymize(config, base_dir=tmp_path)
        assert report.risk["journalist"]["average"] is not None
    else:
        found = api.explore(config, vary={"k": [1, 2]}, base_dir=tmp_path)
        assert all(row["risk"]["journalist"] is not None for row in found.rows if row["node"])
    assert len(reads) == 1, reads


def test_postgres_chooses_as_duckdb(tmp_path: Path, compiled_pg: Any, postgres: Any) -> None:
    """The journalist limits on PostgreSQL, searched in the server and in embedded DuckDB from
    its encoded tables, choose the node DuckDB chooses, with the same figures."""
    from tests.support import pgserver

    case, people, _, _, _ = _draw(21, tmp_path)  # the limits move the node up
    typed = [(q, "text") for q in case.qis]
    columns = [*case.qis, case.sensitive]
    pgserver.load(
        compiled_pg,
        "compiled",
        "journalist_sample",
        [(c, "text") for c in columns],
        ([r[c] for c in columns] for r in case.rows),
    )
    pgserver.load(
        compiled_pg, "compiled", "journalist_people", typed, ([p[q] for q in case.qis] for p in people)
    )
    risk = {"journalist_average": 0.3, "journalist_records_at_risk": 0.1, "threshold": 0.34}
    local = case.config(
        [{"k-anonymity": {"k": 2}}],
        suppression_limit=0.1,
        population="population.csv",
        risk=risk,
        overwrite=True,
    )
    duck = api.anonymize(local, base_dir=tmp_path)
    engine = {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}
    on_pg = dict(
        local,
        source={"table": "compiled.journalist_sample"},
        population={"table": "compiled.journalist_people"},
        engine=engine,
    )
    for place in ("engine", "local"):
        served = api.anonymize(
            dict(on_pg, search_in=place, output={"table": f"compiled.journalist_{place}"}), base_dir=tmp_path
        )
        assert served.passed == duck.passed, served.message
        assert served.node == duck.node, place
        assert served.risk["journalist"] == pytest.approx(duck.risk["journalist"]), place
    limits = {key: value for key, value in risk.items() if key != "threshold"}
    expected = brute_force(case, people, [{"k-anonymity": {"k": 2}}], 0.1, limits, 0.34)
    plain = brute_force(case, people, [{"k-anonymity": {"k": 2}}], 0.1, {}, 0.34)
    chosen = tuple(duck.node[q] for q in case.qis)
    assert chosen in ref.minimal_nodes(set(expected)) and chosen not in ref.minimal_nodes(set(plain))
