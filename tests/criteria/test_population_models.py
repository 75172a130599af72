"""k-map with a population table and delta-presence (issue 40, item 2; sqlanon.criteria.population).

On many random tables, each a sample of a random population (the sample's rows plus random
persons, values from the hierarchies' leaves), a pure-Python reference decides every lattice
node from the rows, the population's rows and the hierarchies: the classes failing a criterion
(k-map: F_E < k; delta-presence: |E| / F_E outside [delta_min, delta_max] for a class of the
population, those without rows of the table at delta 0, none repairable by suppression when
delta_min > 0) are suppressed within the limit, and delta-presence is re-checked on the rows
left. The exhaustive search's satisfying nodes equal the reference's, every search's minimal
nodes too; the release anonymize writes passes the gate and is at a minimal node; ``check`` on a
published table at a random node equals the reference's per-class verdict; PostgreSQL chooses
as DuckDB does; bad configurations exit 2 naming the key.
"""

from __future__ import annotations

import csv
import itertools
import math
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
from tests.criteria.test_catalogue_cli import anonymize_config, fails
from tests.criteria.test_catalogue_cli import folder as folder
from tests.oracles import reference as ref
from tests.support.cases import seeds
from tests.support.randomdata import RandomCase, generalize, random_case

Item = dict[str, Any]


def with_population(case: RandomCase, rng: random.Random, extra: int) -> list[dict[str, str]]:
    """The case's population: its rows (a sample of it) and ``extra`` random persons, written
    to population.csv."""
    leaves = {q: sorted(case.hierarchies[q]) for q in case.qis}
    people = [{q: r[q] for q in case.qis} for r in case.rows]
    people += [{q: rng.choice(leaves[q]) for q in case.qis} for _ in range(extra)]
    rng.shuffle(people)
    with (case.folder / "population.csv").open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=case.qis)
        writer.writeheader()
        writer.writerows(people)
    return people


def _classes(rows: list[dict[str, str]], case: RandomCase, node: tuple[int, ...]) -> Counter[tuple[str, ...]]:
    return Counter(
        tuple(case.hierarchies[q][r[q]][level] for q, level in zip(case.qis, node, strict=True)) for r in rows
    )


def _delta_bad(
    sample: Counter[tuple[str, ...]], pop: Counter[tuple[str, ...]], params: Item
) -> tuple[set[tuple[str, ...]], bool]:
    """The table's classes failing delta-presence, and whether some class fails that no
    suppression repairs (delta_min > 0: any failing class of the population)."""
    low, high = Fraction(str(params.get("delta_min", 0))), Fraction(str(params["delta_max"]))
    failing = {
        e for e in set(sample) | set(pop) if not pop[e] or not low <= Fraction(sample[e], pop[e]) <= high
    }
    return {e for e in failing if sample[e]}, bool(failing) and low > 0


def reference_bad(
    case: RandomCase,
    people: list[dict[str, str]],
    node: tuple[int, ...],
    criteria: list[Item],
    rows: list[dict[str, str]],
) -> tuple[set[tuple[str, ...]], bool]:
    """The classes of ``rows`` (the table's rows, ungeneralized) at ``node`` failing some
    criterion, and whether the node fails whatever is suppressed."""
    sample, pop = _classes(rows, case, node), _classes(people, case, node)
    bad: set[tuple[str, ...]] = set()
    hopeless = False
    for item in criteria:
        ((kind, params),) = item.items()
        if kind == "k-map":
            bad |= {e for e in sample if pop[e] < params["k"]}
        elif kind == "k-anonymity":
            bad |= {e for e in sample if sample[e] < params["k"]}
        else:
            failing, lost = _delta_bad(sample, pop, params)
            bad |= failing
            hopeless |= lost
    return bad, hopeless


def brute_force(
    case: RandomCase, people: list[dict[str, str]], criteria: list[Item], limit: float
) -> set[tuple[int, ...]]:
    heights = [len(next(iter(case.hierarchies[q].values()))) - 1 for q in case.qis]
    allowed = math.floor(Fraction(str(limit)) * len(case.rows))
    out = set()
    for node in itertools.product(*(range(h + 1) for h in heights)):
        bad, hopeless = reference_bad(case, people, node, criteria, case.rows)
        if hopeless:
            continue
        kept = [
            r
            for r in case.rows
            if tuple(case.hierarchies[q][r[q]][lv] for q, lv in zip(case.qis, node, strict=True)) not in bad
        ]
        if len(case.rows) - len(kept) > allowed or not kept:
            continue
        # delta-presence again on the rows left: a suppressed class leaves its persons at delta 0
        again = [c for c in criteria if "delta-presence" in c]
        if again and any(reference_bad(case, people, node, [c], kept) != (set(), False) for c in again):
            continue
        out.add(node)
    return out


def _search(case: RandomCase, criteria: list[Item], limit: float, strategy: str, **more: Any) -> Any:
    """The search result of ``strategy`` on the case with its population (``more``: further
    configuration keys, such as ``risk``)."""
    extra = {"metric": "loss"} if strategy == "optimal" else {}
    cfg = parse_config(
        case.config(
            criteria, search=strategy, suppression_limit=limit, population="population.csv", **extra, **more
        ),
        case.folder,
    )
    engine = DuckDBEngine()
    try:
        encoded = encode(engine, cfg, read_table(engine, cfg.source, cfg.csv))
        required = searched_criteria([make_criterion(c) for c in cfg.criteria], cfg)
        found, _ = run_search(engine, encoded, required, cfg, None)
    finally:
        engine.close()
    return found


def _criteria(rng: random.Random, n_pop: int, n: int) -> list[Item]:
    ratio = n / n_pop
    draws: list[list[Item]] = [
        [{"k-map": {"k": rng.choice([2, 3, 5, 8])}}],
        [{"delta-presence": {"delta_max": round(rng.uniform(ratio, 1), 2)}}],
        [
            {
                "delta-presence": {
                    "delta_min": round(rng.uniform(0, ratio), 2),
                    "delta_max": round(rng.uniform(ratio, 1), 2),
                }
            }
        ],
        [
            {"k-map": {"k": rng.choice([3, 6])}},
            {"delta-presence": {"delta_max": round(rng.uniform(ratio, 1), 2)}},
        ],
        [{"k-anonymity": {"k": 2}}, {"delta-presence": {"delta_min": round(ratio / 3, 3), "delta_max": 1}}],
    ]
    return rng.choice(draws)


@pytest.mark.parametrize("seed", seeds(12, fast=3))
def test_searches_equal_the_reference(seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    case = random_case(seed, tmp_path, n_qis=rng.choice([2, 3]), max_rows=40)
    people = with_population(case, rng, rng.randint(0, 3 * len(case.rows)))
    criteria = _criteria(rng, len(people), len(case.rows))
    limit = rng.choice([0.0, 0.1, 0.3])
    expected = brute_force(case, people, criteria, limit)
    found = {s: _search(case, criteria, limit, s) for s in ("exhaustive", "incognito", "optimal")}
    assert set(found["exhaustive"].satisfying) == expected, criteria
    assert set(found["incognito"].satisfying) <= expected
    for strategy, result in found.items():
        assert set(result.minimal) == ref.minimal_nodes(expected), (strategy, criteria)
    report = api.anonymize(
        case.config(criteria, suppression_limit=limit, population="population.csv", overwrite=True),
        base_dir=tmp_path,
    )
    assert report.passed == bool(expected), report.message
    if expected:
        assert tuple(report.node[q] for q in case.qis) in ref.minimal_nodes(expected)
        assert all(c["passed"] for c in report.checks)


@pytest.mark.parametrize("seed", seeds(8, fast=2))
def test_check_on_a_published_table_equals_the_reference(seed: int, tmp_path: Path) -> None:
    """``check`` of the table generalized to a random node (no suppression): each criterion's
    verdict, violating classes and rows as the reference says."""
    rng = random.Random(1000 + seed)
    case = random_case(seed, tmp_path, n_qis=2, max_rows=40)
    people = with_population(case, rng, rng.randint(0, 2 * len(case.rows)))
    criteria = [
        {"k-map": {"k": rng.choice([2, 4, 7])}},
        {"delta-presence": {"delta_min": rng.choice([0, 0.1, 0.3]), "delta_max": rng.choice([0.5, 0.8, 1])}},
    ]
    heights = [len(next(iter(case.hierarchies[q].values()))) - 1 for q in case.qis]
    node = tuple(rng.randint(0, h) for h in heights)
    published = generalize(case, node)
    with (tmp_path / "published.csv").open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=[*case.qis, "sens"])
        writer.writeheader()
        writer.writerows(published)
    cfg = dict(case.config(criteria, population="population.csv"), source="published.csv")
    cfg.pop("output")
    report = api.check(cfg, base_dir=tmp_path)
    for item, entry in zip(criteria, report.checks, strict=True):
        bad, hopeless = reference_bad(case, people, node, [item], case.rows)
        sample = _classes(case.rows, case, node)
        if hopeless:
            bad = set(sample)
        assert entry["passed"] == (not bad), (item, entry)
        assert entry["violating_classes"] == len(bad)
        assert entry["violating_rows"] == sum(sample[e] for e in bad)


def test_population_value_outside_the_hierarchy_names_the_column_not_the_value(tmp_path: Path) -> None:
    case = random_case(3, tmp_path, n_qis=2, max_rows=30)
    people = with_population(case, random.Random(3), 5)
    people[0] = {**people[0], case.qis[1]: "secret-value"}
    with (case.folder / "population.csv").open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=case.qis)
        writer.writeheader()
        writer.writerows(people)
    with pytest.raises(Exception) as err:
        api.anonymize(case.config([{"k-map": {"k": 2}}], population="population.csv"), base_dir=tmp_path)
    message = str(err.value)
    assert f"1 of {case.qis[1]!r}" in message and "secret-value" not in message


def test_a_source_that_is_no_sample_of_the_population_is_refused(tmp_path: Path) -> None:
    case = random_case(4, tmp_path, n_qis=2, max_rows=30)
    with_population(case, random.Random(4), 0)
    rows = list(csv.DictReader((case.folder / "population.csv").open()))
    with (case.folder / "population.csv").open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=case.qis)
        writer.writeheader()
        writer.writerows(rows[1:])
    with pytest.raises(Exception, match="must be a sample of the population"):
        api.anonymize(
            case.config([{"delta-presence": {"delta_max": 1}}], population="population.csv"),
            base_dir=tmp_path,
        )


def test_postgres_equals_duckdb(tmp_path: Path, postgres: Any) -> None:
    import os

    import psycopg

    from tests.support import pgserver

    rng = random.Random(40)
    case = random_case(40, tmp_path, n_qis=3, max_rows=80)
    people = with_population(case, rng, 120)
    criteria = [{"k-map": {"k": 4}}, {"delta-presence": {"delta_min": 0, "delta_max": 0.6}}]
    admin = psycopg.connect(postgres.url, password=os.environ[postgres.password_env], autocommit=True)
    try:
        admin.execute("CREATE SCHEMA IF NOT EXISTS popmodels")
        typed = [(q, "text") for q in case.qis]
        pgserver.load(
            admin,
            "popmodels",
            "sample",
            [*typed, ("sens", "text")],
            ([r[q] for q in [*case.qis, "sens"]] for r in case.rows),
        )
        pgserver.load(admin, "popmodels", "population", typed, ([p[q] for q in case.qis] for p in people))
    finally:
        admin.close()
    engine = {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}
    local = case.config(criteria, suppression_limit=0.1, population="population.csv", overwrite=True)
    on_pg = dict(
        local,
        source={"table": "popmodels.sample"},
        population={"table": "popmodels.population"},
        output={"table": "popmodels.release"},
        engine=engine,
        search_in="engine",
    )
    at_pg = api.anonymize(on_pg, base_dir=tmp_path)
    at_duckdb = api.anonymize(local, base_dir=tmp_path)
    assert at_pg.passed == at_duckdb.passed
    assert at_pg.node == at_duckdb.node and at_pg.checks == at_duckdb.checks
    # searched in embedded DuckDB from PostgreSQL's encoded tables (the population's among them)
    copied = api.anonymize(
        dict(on_pg, search_in="local", output={"table": "popmodels.release2"}), base_dir=tmp_path
    )
    assert copied.node == at_duckdb.node and copied.checks == at_duckdb.checks
    expected = brute_force(case, people, criteria, 0.1)
    assert at_duckdb.passed == bool(expected)


@pytest.mark.parametrize(
    ("criterion", "changes", "needles"),
    [
        ({"k-map": {"k": 3}}, {}, ["criteria[1] k-map", "population"]),
        ({"delta-presence": {"delta_max": 0.5}}, {}, ["criteria[1] delta-presence", "population"]),
        (
            {"delta-presence": {"delta_min": 0.6, "delta_max": 0.5}},
            {"population": "people.csv"},
            ["criteria[1]", "delta_min", "delta_max"],
        ),
        ({"delta-presence": {"delta_min": 0}}, {"population": "people.csv"}, ["criteria[1]", "'delta_max'"]),
        (
            {"delta-presence": {"delta_max": 1.5}},
            {"population": "people.csv"},
            ["criteria[1]", "delta_max", "[0, 1]"],
        ),
        (
            {"k-map": {"k": 3, "significance": 0.05}},
            {"population": "people.csv"},
            ["criteria[1]", "significance", "estimator"],
        ),
    ],
)
def test_bad_configurations_exit_2_naming_the_key(
    folder: Path, criterion: Item, changes: Item, needles: list[str]
) -> None:
    fails(folder, anonymize_config([{"k-anonymity": {"k": 2}}, criterion], **changes), *needles)


def test_bounds_are_inclusive_and_exact(tmp_path: Path) -> None:
    """One quasi-identifier: the table holds x twice and y once, the population x four times and
    y five times. k-map with k = 5 holds for y (F = 5, at the bound) and fails for x; delta is
    1/2 for x and 1/5 for y, so [0.2, 0.5] holds at both bounds (exact fractions) and [0, 0.49]
    fails x."""
    (tmp_path / "h.csv").write_text("x;*\ny;*\n")
    (tmp_path / "t.csv").write_text("a,s\nx,1\nx,2\ny,3\n")
    (tmp_path / "p.csv").write_text("a\n" + "x\n" * 4 + "y\n" * 5)
    base = {
        "source": "t.csv",
        "population": "p.csv",
        "columns": {"a": {"role": "quasi", "hierarchy": "h.csv"}, "s": {"role": "insensitive"}},
    }
    criteria = [
        {"k-map": {"k": 5}},
        {"delta-presence": {"delta_min": 0.2, "delta_max": 0.5}},
        {"delta-presence": {"delta_max": 0.49}},
        {"delta-presence": {"delta_min": 0.21, "delta_max": 1}},
    ]
    report = api.check(dict(base, criteria=criteria), base_dir=tmp_path)
    got = [(c["passed"], c["violating_classes"], c["violating_rows"]) for c in report.checks]
    # delta_min 0.21 > 1/5 fails y, and with delta_min > 0 no class can be repaired: both are bad
    assert got == [(False, 1, 2), (True, 0, 0), (False, 1, 2), (False, 2, 3)]
    assert report.checks[0]["observed"] == 4 and report.checks[1]["observed"] == 0.5
    # the search: level 0 fails k-map (x) unless x's two rows may be suppressed
    for limit, level in ((0.0, 1), (0.67, 0)):
        run = api.anonymize(
            dict(base, criteria=criteria[:1], suppression_limit=limit, output="o.csv", overwrite=True),
            base_dir=tmp_path,
        )
        assert run.passed and run.node == {"a": level}, run.message


@pytest.mark.parametrize("seed", seeds(6, fast=2))
def test_journalist_highest_is_searched_as_k_map(seed: int, tmp_path: Path) -> None:
    """``risk: {journalist_highest: t}`` steers the search (issue 40, item 1): its satisfying
    nodes are the reference's for k-map with the smallest F whose 1/F meets t, the release's
    journalist risk meets the limit, and the checks name the limit, not a k-map."""
    rng = random.Random(2000 + seed)
    case = random_case(seed, tmp_path, n_qis=rng.choice([2, 3]), max_rows=40)
    people = with_population(case, rng, rng.randint(0, 3 * len(case.rows)))
    limit_t = rng.choice([0.5, 0.3, 0.2, 0.12])
    k = next(f for f in range(1, 100) if Fraction(1, f) <= Fraction(str(limit_t)))
    suppression = rng.choice([0.0, 0.2])
    expected = brute_force(case, people, [{"k-map": {"k": k}}], suppression)
    risk = {"journalist_highest": limit_t}
    cfg = parse_config(
        case.config(
            [{"k-anonymity": {"k": 1}}],
            search="exhaustive",
            suppression_limit=suppression,
            population="population.csv",
            risk=risk,
        ),
        case.folder,
    )
    engine = DuckDBEngine()
    try:
        encoded = encode(engine, cfg, read_table(engine, cfg.source, cfg.csv))
        required = searched_criteria([make_criterion(c) for c in cfg.criteria], cfg)
        found, _ = run_search(engine, encoded, required, cfg, None)
    finally:
        engine.close()
    assert set(found.satisfying) == expected
    report = api.anonymize(
        case.config(
            [{"k-anonymity": {"k": 1}}],
            suppression_limit=suppression,
            population="population.csv",
            risk=risk,
            overwrite=True,
        ),
        base_dir=tmp_path,
    )
    assert report.passed == bool(expected), report.message
    if expected:
        assert tuple(report.node[q] for q in case.qis) in ref.minimal_nodes(expected)
        assert report.risk["journalist"]["highest"] <= limit_t
        assert [c["criterion"] for c in report.checks] == ["k-anonymity", "risk"]
    else:
        assert "risk journalist_highest (searched as k-map with the population" in report.message
