"""``risk:`` limits steer Mondrian (issue 40, item 1; sqlanon.search.mondrian_risk).

The reference is the pure-Python Mondrian (tests/oracles/reference_mondrian.py) without the
limits: its partition tree. Mondrian with share limits stops cutting where a cut would take a
figure over its limit, so its release is a frontier of that tree: every published class is a
node of it (a final partition or an ancestor of one). Checked on random tables, with the
figures recomputed here from the published classes by their definitions (exact fractions):

- every published class is a node of the reference tree, and the release meets the limits;
- a limit the reference's release meets changes nothing;
- with median cuts only (two children each: a cut adds one class) and a limit on the classes
  (``prosecutor_average`` or ``marketer``), the release has exactly min(the reference's
  classes, the most the limit allows) classes: the budget is used up, not left;
- ``prosecutor_highest`` is k-anonymity with the smallest k whose 1/k meets it: the release of
  the reference with that k-anonymity added.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import sqlanon
from sqlanon.search.risk import highest_k
from tests.oracles import reference_mondrian as rm
from tests.search.test_mondrian import lenient_items, mondrian_case, read_release, requirement
from tests.support.cases import seeds

SHARES = ("prosecutor_average", "marketer", "records_at_risk", "sample_uniques")


def figures(sizes: list[int], threshold: float) -> dict[str, Fraction]:
    """The share figures of classes of ``sizes`` rows, by their definitions."""
    rows = sum(sizes)
    t = Fraction(str(threshold))
    return {
        "prosecutor_average": Fraction(len(sizes), rows),
        "marketer": Fraction(len(sizes), rows),
        "records_at_risk": Fraction(sum(s for s in sizes if s * t < 1), rows),
        "sample_uniques": Fraction(sum(1 for s in sizes if s == 1), rows),
    }


def meets(value: Fraction, limit: float) -> bool:
    return float(value) <= limit + 1e-12


def most(limit: float, rows: int) -> int:
    """The most classes (rows) c with c / rows within ``limit``, by counting."""
    return max(c for c in range(rows + 1) if meets(Fraction(c, rows), limit))


def run(folder: Path, columns: dict[str, Any], items: list[Any], risk: dict[str, float]) -> Any:
    config = {
        "source": "data.csv",
        "columns": columns,
        "criteria": items,
        "search": "mondrian",
        "metric": "gcp",
        "suppression_limit": 0,
        "output": "out.csv",
        "overwrite": True,
        "risk": risk,
    }
    return sqlanon.anonymize(config, base_dir=folder)


def published(folder: Path, qis: list[str]) -> dict[tuple[str, ...], frozenset[int]]:
    """The release's classes: labels -> the row ids published with them."""
    classes: dict[tuple[str, ...], set[int]] = defaultdict(set)
    for rid, labels in read_release(folder / "out.csv", qis).items():
        classes[labels].add(int(rid))
    return {labels: frozenset(rids) for labels, rids in classes.items()}


def tree(result: rm.MondrianResult) -> set[frozenset[int]]:
    """Every node of the reference's partition tree: the finals and their ancestors."""
    nodes = {frozenset(p.indices) for p in result.partitions}
    return nodes | {frozenset(a) for p in result.partitions for a in p.ancestors}


@pytest.mark.parametrize("seed", seeds(16))
def test_share_limits_cut_a_frontier_of_the_plain_tree(seed: int, tmp_path: Path) -> None:
    rng = random.Random(95_000 + seed)
    case, columns, qis = mondrian_case(rng, tmp_path)
    items = lenient_items(rng, case)
    plain = rm.mondrian(case.rows, qis, requirement(items, case.ctx()))
    rows = len(case.rows)
    threshold = rng.choice([0.1, 0.2, 0.34, 0.5])
    sizes = [len(p.indices) for p in plain.partitions]
    at_plain = figures(sizes, threshold)
    # limits around the plain release's figures: some bind, some do not
    risk: dict[str, float] = {"threshold": threshold}
    for key in rng.sample(SHARES, rng.randint(1, 3)):
        risk[key] = min(1.0, round(float(at_plain[key]) * rng.choice([0.3, 0.6, 1.0, 1.5]), 4))
    report = run(tmp_path, columns, items, risk)
    limits = {k: v for k, v in risk.items() if k != "threshold"}
    whole = figures([rows], threshold)
    if not all(meets(whole[k], v) for k, v in limits.items()):
        # cuts only add to each figure: the whole table exceeds a limit, so does every release
        assert not report.passed and "even the whole table as one class exceeds them" in report.message
        return
    if not report.passed:  # only the whole table, never checked, can fail the criteria
        assert len(plain.partitions) == 1 and not requirement(items, case.ctx())(case.rows, [])
        return
    classes = published(tmp_path, case.qis)
    assert set(classes.values()) <= tree(plain), "a published class is no node of the plain tree"
    got = figures([len(c) for c in classes.values()], threshold)
    assert all(meets(got[k], v) for k, v in limits.items()), (limits, got)
    assert report.search["partitions"] == len(classes)
    if all(meets(at_plain[k], v) for k, v in limits.items()):
        assert sorted(map(sorted, classes.values())) == sorted(sorted(p.indices) for p in plain.partitions)
    else:
        assert len(classes) < len(plain.partitions)


@pytest.mark.parametrize("seed", seeds(8))
def test_a_class_budget_is_used_up(seed: int, tmp_path: Path) -> None:
    rng = random.Random(96_000 + seed)
    for _ in range(200):  # a case of numeric quasi-identifiers only (median cuts, two children)
        case, columns, qis = mondrian_case(rng, tmp_path)
        if all(q.kind == "numeric" for q in qis) and len(case.rows) >= 20:
            break
    else:
        pytest.skip("no numeric case drawn")
    items = [{"k-anonymity": {"k": rng.randint(1, 2)}}]
    plain = rm.mondrian(case.rows, qis, requirement(items, case.ctx()))
    rows = len(case.rows)
    key = rng.choice(["prosecutor_average", "marketer"])
    limit = round(len(plain.partitions) / rows * rng.uniform(0.2, 1.2), 4)
    if limit * rows < 1:
        limit = round(1.5 / rows, 6)
    report = run(tmp_path, columns, items, {key: limit})
    assert report.passed, report.message
    classes = published(tmp_path, case.qis)
    assert len(classes) == min(len(plain.partitions), most(limit, rows))
    assert set(classes.values()) <= tree(plain)


@pytest.mark.parametrize("seed", seeds(6))
def test_prosecutor_highest_is_the_k_anonymity_it_stands_for(seed: int, tmp_path: Path) -> None:
    rng = random.Random(97_000 + seed)
    case, columns, qis = mondrian_case(rng, tmp_path)
    items = lenient_items(rng, case)
    limit = rng.choice([0.5, 0.34, 0.25, 0.2])
    k = highest_k(limit)
    assert k is not None and 1 / k <= limit + 1e-12 and (k == 1 or 1 / (k - 1) > limit + 1e-12)
    assert k == math.ceil(1 / Fraction(str(limit)))  # 1/k <= x, k whole: k >= 1/x
    want = rm.mondrian(case.rows, qis, requirement([*items, {"k-anonymity": {"k": k}}], case.ctx()))
    report = run(tmp_path, columns, items, {"prosecutor_highest": limit})
    if len(want.partitions) == 1 and not report.passed:
        return  # the whole table, never checked, is smaller than k or fails a criterion
    assert report.passed, report.message
    classes = published(tmp_path, case.qis)
    assert sorted(map(sorted, classes.values())) == sorted(sorted(p.indices) for p in want.partitions)


def test_mondrian_with_limits_on_postgres_equals_duckdb(tmp_path: Path, postgres: Any) -> None:
    import csv
    import os

    import psycopg

    from tests.support import pgserver

    rng = random.Random(98_000)
    for _ in range(200):
        case, columns, _qis = mondrian_case(rng, tmp_path)
        if len(case.rows) >= 40:
            break
    items = lenient_items(rng, case)
    risk = {"prosecutor_average": 0.1, "records_at_risk": 0.3, "threshold": 0.34}
    at_duckdb = run(tmp_path, columns, items, risk)
    with (tmp_path / "data.csv").open(newline="") as f:
        data = list(csv.DictReader(f))
    names = list(data[0])
    admin = psycopg.connect(postgres.url, password=os.environ[postgres.password_env], autocommit=True)
    try:
        admin.execute("CREATE SCHEMA IF NOT EXISTS mondrianrisk")
        pgserver.load(
            admin,
            "mondrianrisk",
            "data",
            [(n, "text") for n in names],
            ([None if r[n] == "" else r[n] for n in names] for r in data),
        )
    finally:
        admin.close()
    engine = {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}
    config = {
        "source": {"table": "mondrianrisk.data"},
        "columns": columns,
        "criteria": items,
        "search": "mondrian",
        "metric": "gcp",
        "suppression_limit": 0,
        "output": {"table": "mondrianrisk.release"},
        "overwrite": True,
        "risk": risk,
        "engine": engine,
    }
    at_pg = sqlanon.anonymize(config, base_dir=tmp_path)
    assert at_pg.passed == at_duckdb.passed and at_pg.risk == at_duckdb.risk
    assert at_pg.search["partitions"] == at_duckdb.search["partitions"]
    if at_duckdb.passed:
        admin = psycopg.connect(postgres.url, password=os.environ[postgres.password_env], autocommit=True)
        try:
            picked = ", ".join(f'"{q}"' for q in ["rid", *case.qis])  # the test's own column names
            got = admin.execute(f"SELECT {picked} FROM mondrianrisk.release").fetchall()
        finally:
            admin.close()
        assert {r[0]: tuple(r[1:]) for r in got} == read_release(tmp_path / "out.csv", case.qis)
