"""``risk:`` limits steer the lattice search (sqlanon.search.risk): on many random tables, for
random criteria, suppression limits and risk limits, the nodes optimal, Incognito and exhaustive
find equal a pure-Python brute force over every node (criteria, suppression and the limits,
computed from the class sizes of what each node publishes: an independent reference); the node
anonymize chooses passes the gate's risk checks; a limit that left today's search without a
release now finds a coarser node; PostgreSQL chooses as DuckDB does."""

from __future__ import annotations

import csv
import itertools
import math
import os
import random
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from sqlanon import api
from sqlanon.config import parse_config
from sqlanon.criteria import make_criterion
from sqlanon.encode import encode
from sqlanon.encode.source import read_table
from sqlanon.engines.duckdb.engine import DuckDBEngine
from sqlanon.release.lattice import run_search, searched_criteria
from tests.oracles import reference as ref
from tests.search.test_incognito import _ref_results, _violating_keys
from tests.support.cases import seeds
from tests.support.randomdata import RandomCase, generalize, random_case

CRITERIA: list[list[dict[str, Any]]] = [
    [{"k-anonymity": {"k": 2}}],
    [{"l-diversity": {"variant": "distinct", "l": 2}}],
    [{"k-anonymity": {"k": 2}}, {"t-closeness": {"t": 0.3, "distance": "equal"}}],
    [{"k-anonymity": {"k": 1}}],
]
#: the limits drawn from (values away from 1/n for small n: no tie at the gate's tolerance)
LIMITS: dict[str, list[float]] = {
    "prosecutor_highest": [0.5, 0.3, 0.2],
    "prosecutor_average": [0.15, 0.3, 0.45],
    "marketer": [0.12, 0.25, 0.4],
    "records_at_risk": [0.0, 0.1, 0.3],
    "sample_uniques": [0.0, 0.04, 0.15],
}


def _limits(rng: random.Random) -> tuple[dict[str, float], float]:
    """Random risk limits (one to three of them) and a threshold of records at risk."""
    keys = rng.sample(sorted(LIMITS), rng.randint(1, 3))
    return {key: rng.choice(LIMITS[key]) for key in keys}, rng.choice([0.2, 0.34, 0.5])


def _sizes_meet(sizes: list[int], limits: dict[str, float], threshold: float) -> bool:
    """Whether classes of ``sizes`` (rows, or people) meet ``limits``, in fractions."""
    n, t = sum(sizes), Fraction(str(threshold))
    figures = {
        "prosecutor_highest": Fraction(1, min(sizes)),
        "prosecutor_average": Fraction(len(sizes), n),
        "marketer": Fraction(len(sizes), n),
        "records_at_risk": Fraction(sum(s for s in sizes if Fraction(1, s) > t), n),
        "sample_uniques": Fraction(sum(1 for s in sizes if s == 1), n),
    }
    return all(figures[key] <= Fraction(str(limit)) for key, limit in limits.items())


def _meets(kept: list[dict[str, str]], qis: list[str], limits: dict[str, float], threshold: float) -> bool:
    """Whether the rows ``kept`` (a release) meet ``limits``, from their classes' sizes."""
    return _sizes_meet(list(Counter(tuple(r[q] for q in qis) for r in kept).values()), limits, threshold)


def brute_force(
    case: RandomCase, criteria: list[dict[str, Any]], limit: float, limits: dict[str, float], threshold: float
) -> set[tuple[int, ...]]:
    """Satisfying nodes by definition: the classes violating a criterion, or smaller than the
    prosecutor_highest limit allows (1/size above it), suppressed within the limit; t-closeness
    re-checked on the rows left; then the limits on the rows left."""
    heights = [len(next(iter(case.hierarchies[q].values()))) - 1 for q in case.qis]
    max_rows = math.floor(Fraction(str(limit)) * len(case.rows))
    highest = limits.get("prosecutor_highest")
    out = set()
    for node in itertools.product(*(range(h + 1) for h in heights)):
        rows = generalize(case, node)
        bad = _violating_keys(rows, case.qis, criteria)
        if highest is not None:
            classes = Counter(tuple(r[q] for q in case.qis) for r in rows)
            bad |= {key for key, size in classes.items() if Fraction(1, size) > Fraction(str(highest))}
        kept = [r for r in rows if tuple(r[q] for q in case.qis) not in bad]
        if len(rows) - len(kept) > max_rows or not kept:
            continue
        if bad:
            tcl = [c for c in criteria if "t-closeness" in c]
            if any(not _ref_results(kept, case.qis, [c])[0].passed for c in tcl):
                continue
        if _meets(kept, case.qis, limits, threshold):
            out.add(node)
    return out


def _search_all(
    case: RandomCase, criteria: list[dict[str, Any]], limit: float, risk: dict[str, float]
) -> dict[str, Any]:
    """The search results of exhaustive, Incognito and optimal (with a metric that needs the data:
    no bound, every minimal node, as the others) with the risk limits ``risk``."""
    found = {}
    for strategy in ("exhaustive", "incognito", "optimal"):
        extra = {"metric": "loss"} if strategy == "optimal" else {}
        cfg = parse_config(
            case.config(criteria, search=strategy, suppression_limit=limit, risk=risk, **extra), case.folder
        )
        engine = DuckDBEngine()
        try:
            encoded = encode(engine, cfg, read_table(engine, cfg.source, cfg.csv))
            required = searched_criteria([make_criterion(c) for c in cfg.criteria], cfg)
            found[strategy], _ = run_search(engine, encoded, required, cfg, None)
        finally:
            engine.close()
    return found


def _same_as_brute_force(found: dict[str, Any], expected: set[tuple[int, ...]]) -> None:
    assert set(found["exhaustive"].satisfying) == expected
    # Incognito's satisfying nodes are really satisfying (tagging with a requirement that is not
    # monotone would add some)
    assert set(found["incognito"].satisfying) <= expected
    for strategy in ("exhaustive", "incognito", "optimal"):
        assert set(found[strategy].minimal) == ref.minimal_nodes(expected), strategy


def test_suppression_makes_the_average_risk_not_monotone(tmp_path: Path) -> None:
    """Classes of 5, 1 and 1 rows, k = 2 and two rows allowed: the finest node suppresses the
    uniques (average 1/5), the node merging them publishes 5 and 2 (2/7), the top 7 (1/7). With
    a limit of 0.2 the finest node and the top satisfy, the node between does not: a search
    tagging by the limit would miss the finest node."""
    import csv as csv_module

    rows = [{"a": v, "b": "c", "sens": s} for v, s in zip("xxxxxyz", "ststsst", strict=True)]
    hierarchies = {
        "a": {"x": ("x", "X", "*"), "y": ("y", "YZ", "*"), "z": ("z", "YZ", "*")},
        "b": {"c": ("c", "*")},
    }
    for i, q in enumerate(("a", "b")):
        with (tmp_path / f"h_{i}.csv").open("w", newline="") as fh:
            csv_module.writer(fh, delimiter=";").writerows(hierarchies[q].values())
    with (tmp_path / "data.csv").open("w", newline="") as fh:
        writer = csv_module.DictWriter(fh, fieldnames=["a", "b", "sens"])
        writer.writeheader()
        writer.writerows(rows)
    case = RandomCase(rows, ["a", "b"], {}, hierarchies, "sens", tmp_path)
    criteria, limits = [{"k-anonymity": {"k": 2}}], {"prosecutor_average": 0.2}
    expected = brute_force(case, criteria, 0.3, limits, 0.2)
    assert expected == {(0, 0), (2, 0), (0, 1), (2, 1)}
    _same_as_brute_force(_search_all(case, criteria, 0.3, limits), expected)


@pytest.mark.parametrize("seed", seeds(15, fast=3))
def test_searches_with_risk_limits_equal_brute_force(seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    case = random_case(seed, tmp_path, n_qis=rng.choice([2, 3]), max_rows=60)
    criteria = CRITERIA[seed % len(CRITERIA)]
    limit = [0.0, 0.05, 0.2, 0.35][(seed // len(CRITERIA)) % 4]
    limits, threshold = _limits(rng)
    expected = brute_force(case, criteria, limit, limits, threshold)
    risk = {"threshold": threshold, **limits}
    found = _search_all(case, criteria, limit, risk)
    _same_as_brute_force(found, expected)
    # the release anonymize publishes passes the gate's risk checks (a node exists), or nothing
    # is written because none does
    report = api.anonymize(
        case.config(criteria, suppression_limit=limit, risk=risk, overwrite=True), base_dir=tmp_path
    )
    assert report.passed == bool(expected), report.message
    if expected:
        assert all(c["passed"] for c in report.checks if c["criterion"] == "risk")
        chosen = tuple(report.node[q] for q in case.qis)
        assert chosen in ref.minimal_nodes(expected)


def _demo_case(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    import yaml

    from sqlanon.demo import write_demo

    config = yaml.safe_load(write_demo(tmp_path, rows=300)[0].read_text())
    return tmp_path, dict(config, criteria=[{"k-anonymity": {"k": 2}}], overwrite=True)


def test_a_limit_that_left_no_release_now_finds_a_coarser_node(tmp_path: Path) -> None:
    """Before the limits steered the search, its node (by the criteria alone) exceeded the average
    risk and nothing was written; now a coarser node meets it, and says why it is not finer."""
    folder, config = _demo_case(tmp_path)
    free = api.anonymize(config, base_dir=folder)
    assert free.passed
    average = free.risk["prosecutor"]["average"]
    limited = api.anonymize(dict(config, risk={"prosecutor_average": average / 2}), base_dir=folder)
    assert limited.passed, limited.message
    assert limited.risk["prosecutor"]["average"] <= average / 2
    assert sum(limited.node.values()) > sum(free.node.values())
    stops = [c["lower"] for c in limited.why_coarse["columns"].values() if c["lower"]]
    # a neighbour below meets k = 2 within the suppression limit but not the average risk
    risky = [s for s in stops if s["stop"] == "risk_limit"]
    assert risky and all(r["risk"][0]["limit"] == "prosecutor_average" for r in risky)
    assert all(r["risk"][0]["observed"] > r["risk"][0]["max"] == average / 2 for r in risky)
    words = " ".join(limited.text(verbose=True).split())
    assert (
        "the criteria are met, but the classes published there exceed the risk limit(s) prosecutor_average"
        in words
    )
    # the audit lists the criteria's minimal nodes: it marks none as anonymize's with a limit searched
    audit = api.audit(dict(config, risk={"prosecutor_average": average / 2}), base_dir=folder)
    assert audit.nodes and not any(n.chosen for n in audit.nodes)
    assert "also meets the risk limits prosecutor_average" in audit.notes["chosen"]
    assert any(n.chosen for n in api.audit(config, base_dir=folder).nodes)


def test_prosecutor_highest_is_searched_as_k_anonymity_and_named_as_the_limit(tmp_path: Path) -> None:
    folder, config = _demo_case(tmp_path)
    report = api.anonymize(dict(config, risk={"prosecutor_highest": 0.1}), base_dir=folder)
    assert report.passed and report.risk["prosecutor"]["highest"] <= 0.1
    named = [
        c
        for column in report.why_coarse["columns"].values()
        if column["lower"]
        for c in column["lower"]["criteria"]
    ]
    assert {"criterion": "risk", "attribute": None, "params": {"prosecutor_highest": 0.1}} in [
        {k: c[k] for k in ("criterion", "attribute", "params")} for c in named
    ]


def test_risk_limits_on_postgres_choose_as_duckdb(tmp_path: Path, postgres: Any) -> None:
    import psycopg

    from tests.engines.conformance import COLUMNS
    from tests.support import pgserver

    folder, config = _demo_case(tmp_path)
    config = dict(
        config,
        suppression_limit=0.05,
        risk={"prosecutor_average": 0.05, "sample_uniques": 0.0, "prosecutor_highest": 0.2},
    )
    with (folder / "people.csv").open(newline="") as f:
        people = list(csv.DictReader(f))
    admin = psycopg.connect(postgres.url, password=os.environ[postgres.password_env], autocommit=True)
    try:
        admin.execute("CREATE SCHEMA IF NOT EXISTS risksearch")
        types = ["text", "text", "integer", "text", "text", "integer"]
        typed = list(zip(COLUMNS, types, strict=True))
        pgserver.load(
            admin,
            "risksearch",
            "people",
            typed,
            ([int(p[c]) if t == "integer" else p[c] for c, t in typed] for p in people),
        )
    finally:
        admin.close()
    engine = {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}
    on_pg = dict(
        config,
        source={"table": "risksearch.people"},
        output={"table": "risksearch.release"},
        engine=engine,
        search_in="engine",
    )
    at_pg = api.anonymize(on_pg, base_dir=folder)
    at_duckdb = api.anonymize(config, base_dir=folder)
    assert at_duckdb.passed and at_pg.passed
    assert at_pg.node == at_duckdb.node and at_pg.risk == at_duckdb.risk
    assert at_pg.why_coarse == at_duckdb.why_coarse


def test_with_person_the_limits_count_people_on_the_demo(tmp_path: Path) -> None:
    """With ``person:`` risk counts people: the search meets prosecutor_highest (k-anonymity over
    people) and the share limits over the people each node publishes."""
    import yaml

    from sqlanon.demo import write_demo

    path, _ = write_demo(tmp_path, rows=400, events=True)
    config = yaml.safe_load(path.read_text())
    free = api.anonymize(config, base_dir=tmp_path)
    assert free.passed and free.people is not None
    highest, average = free.risk["prosecutor"]["highest"], free.risk["prosecutor"]["average"]
    searched = api.anonymize(dict(config, risk={"prosecutor_highest": highest / 2}), base_dir=tmp_path)
    assert searched.passed and searched.risk["prosecutor"]["highest"] <= highest / 2
    averaged = api.anonymize(dict(config, risk={"prosecutor_average": average / 2}), base_dir=tmp_path)
    assert averaged.passed, averaged.message
    assert averaged.risk["prosecutor"]["average"] <= average / 2 + 1e-12 and averaged.node != free.node


def test_a_limit_no_node_meets_is_named_as_the_limit(tmp_path: Path) -> None:
    folder, config = _demo_case(tmp_path)
    report = api.anonymize(dict(config, risk={"prosecutor_highest": 0.001}), base_dir=folder)
    assert not report.passed and report.node is None
    assert (
        "risk prosecutor_highest (searched as k-anonymity, k=1000) fails in 1 class (300 rows)"
        in report.message
    )
    assert "a prosecutor_highest limit of at least 1/300 (what the worst class there has)" in report.message


def brute_force_people(
    case: RandomCase, k: int, limit: float, limits: dict[str, float], threshold: float
) -> set[tuple[int, ...]]:
    """Satisfying nodes over people, by definition (tests/oracles/reference_people.py): a class is
    the people of one signature (the set of their generalized tuples); the classes with fewer
    than k people, or smaller than prosecutor_highest allows, are suppressed (their people)
    within the limit counted in people; the limits on the people of the classes left."""
    from tests.oracles import reference_people as rp
    from tests.support.randomdata import PERSON

    heights = [len(next(iter(case.hierarchies[q].values()))) - 1 for q in case.qis]
    people = len({r[PERSON] for r in case.rows})
    allowed = math.floor(Fraction(str(limit)) * people)
    highest = limits.get("prosecutor_highest")
    out = set()
    for node in itertools.product(*(range(h + 1) for h in heights)):
        classes = rp.people_classes(rp.generalized(case.rows, case.hierarchies, node), [PERSON], case.qis)
        sizes = [len(members) for members in classes.values()]
        bad = [s for s in sizes if s < k or (highest is not None and Fraction(1, s) > Fraction(str(highest)))]
        if sum(bad) > allowed or sum(bad) == people:
            continue
        kept = [
            s
            for s in sizes
            if not (s < k or (highest is not None and Fraction(1, s) > Fraction(str(highest))))
        ]
        if _sizes_meet(kept, limits, threshold):
            out.add(node)
    return out


@pytest.mark.parametrize("seed", seeds(12, fast=4))
def test_with_person_the_share_limits_are_searched_over_people(seed: int, tmp_path: Path) -> None:
    """With ``person:`` the figures count people, and the searches meet the share limits over
    the people each node publishes: exhaustive's satisfying nodes and every search's minimal
    nodes equal the brute force over people (quasi-identifiers constant per person, and varying:
    classes of people with the same set of tuples)."""
    from tests.support.randomdata import people_config, random_people_case

    rng = random.Random(7700 + seed)
    case = random_people_case(7700 + seed, tmp_path, n_qis=rng.choice([2, 3]), varying=seed % 2 == 1)
    k = rng.choice([1, 2, 3])
    limit = rng.choice([0.0, 0.1, 0.3])
    limits, threshold = _limits(rng)
    expected = brute_force_people(case, k, limit, limits, threshold)
    risk = {"threshold": threshold, **limits}
    found = {}
    for strategy in ("exhaustive", "incognito", "optimal"):
        extra = {"metric": "loss"} if strategy == "optimal" else {}
        raw = people_config(
            case, [{"k-anonymity": {"k": k}}], search=strategy, suppression_limit=limit, risk=risk, **extra
        )
        cfg = parse_config(raw, case.folder)
        engine = DuckDBEngine()
        try:
            encoded = encode(engine, cfg, read_table(engine, cfg.source, cfg.csv))
            required = searched_criteria([make_criterion(c) for c in cfg.criteria], cfg)
            found[strategy], _ = run_search(engine, encoded, required, cfg, None)
        finally:
            engine.close()
    _same_as_brute_force(found, expected)
    report = api.anonymize(
        people_config(case, [{"k-anonymity": {"k": k}}], suppression_limit=limit, risk=risk, overwrite=True),
        base_dir=tmp_path,
    )
    assert report.passed == bool(expected), report.message
