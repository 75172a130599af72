"""Why the release is not finer (the report's ``why_coarse``): for each quasi-identifier above
level 0 at the chosen node, the node with that column one level lower, against a pure-Python
reference on random tables: whether it satisfies the criteria within the suppression limit
(the brute force of the searches' tests), which criteria have violating classes there with their
classes and rows, the rows of the classes violating any criterion, and what stops it (the
suppression limit, every row violating, or t-closeness on the rows left). Also the text report's
lines and the HTML page's table, PostgreSQL equal to DuckDB, and a node that is not minimal
(whose neighbours below may satisfy: the loss of both is said)."""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import sqlanon
from sqlanon.config import parse_config
from sqlanon.criteria import make_criterion
from sqlanon.encode import encode
from sqlanon.encode.source import read_table
from sqlanon.engines.duckdb.engine import DuckDBEngine
from sqlanon.release.why_coarse import why_coarse
from sqlanon.report.html import build
from sqlanon.search.evaluator import NodeEvaluator
from tests.oracles import reference_people as ref_people
from tests.release.test_metrics import weighted_reference
from tests.search.test_incognito import CRITERIA, _ref_results, _violating_keys
from tests.support.cases import seeds
from tests.support.randomdata import (
    PERSON,
    RandomCase,
    generalize,
    people_config,
    random_case,
    random_people_case,
)

#: the coverage test reads what the tests before it recorded: under pytest-xdist the whole file
#: runs on one worker, in file order
pytestmark = pytest.mark.xdist_group("test_why_coarse")


def _heights(case: RandomCase) -> list[int]:
    return [len(next(iter(case.hierarchies[q].values()))) - 1 for q in case.qis]


def reference(
    case: RandomCase, criteria: list[dict[str, Any]], limit: float, node: tuple[int, ...]
) -> dict[str, Any]:
    """What the report must say of ``node`` (a neighbour below), by definition: each criterion
    with violating classes (t-closeness against the whole table), its classes and rows; the rows
    of the classes violating any; whether the node satisfies the requirement (the violating rows
    within the allowance, something left, t-closeness holding on what is left against what is
    left) and what stops it."""
    rows = generalize(case, node)
    allowed = math.floor(Fraction(str(limit)) * len(rows))
    named = []
    for item in criteria:
        bad = _violating_keys(rows, case.qis, [item])
        if bad:
            members = [r for r in rows if tuple(r[q] for q in case.qis) in bad]
            ((kind, _),) = item.items()
            named.append((kind, len(bad), len(members)))
    bad = _violating_keys(rows, case.qis, criteria)
    kept = [r for r in rows if tuple(r[q] for q in case.qis) not in bad]
    violating = len(rows) - len(kept)
    remaining: list[str] = []
    if not bad:
        stop = "none"
    elif violating > allowed:
        stop = "suppression_limit"
    elif not kept:
        stop = "all_suppressed"
    else:
        remaining = [
            next(iter(c))
            for c in criteria
            if "t-closeness" in c and not _ref_results(kept, case.qis, [c])[0].passed
        ]
        stop = "remaining_rows" if remaining else "none"
    return {
        "ok": stop == "none",
        "stop": stop,
        "criteria": named,
        "violating": violating,
        "total": len(rows),
        "remaining": remaining,
        "suppressed": bad if stop == "none" else None,
    }


def _reported(lower: dict[str, Any]) -> dict[str, Any]:
    return {
        "ok": lower["ok"],
        "stop": lower["stop"],
        "criteria": [(c["criterion"], c["violating_classes"], c["violating"]) for c in lower["criteria"]],
        "violating": lower["violating"],
        "total": lower["total"],
        "remaining": [c["criterion"] for c in lower["remaining"]],
    }


def _same_as_reference(
    case: RandomCase, criteria: list[dict[str, Any]], limit: float, node: tuple[int, ...], why: dict[str, Any]
) -> list[dict[str, Any]]:
    """Assert ``why`` (the report's entry for ``node``) is the reference's; the references."""
    assert why["unit"] == "rows"
    assert why["allowed"] == math.floor(Fraction(str(limit)) * len(case.rows))
    assert list(why["columns"]) == case.qis
    assert why["nodes_evaluated"] == sum(1 for level in node if level > 0)
    refs = []
    for i, q in enumerate(case.qis):
        entry = why["columns"][q]
        assert entry["level"] == node[i]
        if node[i] == 0:
            assert entry["lower"] is None
            continue
        lower = entry["lower"]
        assert lower["level"] == node[i] - 1
        below = node[:i] + (node[i] - 1,) + node[i + 1 :]
        want = reference(case, criteria, limit, below)
        got = _reported(lower)
        assert got == {k: v for k, v in want.items() if k != "suppressed"}, (q, below)
        assert (lower["loss"] is None) == (not lower["ok"])
        refs.append({**want, "node": below, "lower": lower})
    return refs


@pytest.mark.parametrize("seed", seeds(40, fast=4))
def test_why_coarse_equals_the_reference(seed: int, tmp_path: Path) -> None:
    rng = random.Random(seed)
    case = random_case(4000 + seed, tmp_path, n_qis=rng.choice([2, 3]), max_rows=70)
    criteria = [*CRITERIA, CROSSING][seed % (len(CRITERIA) + 1)]
    limit = rng.choice([0.0, 0.05, 0.2, 0.5])
    search = ["optimal", "incognito", "exhaustive"][seed % 3]
    report = sqlanon.anonymize(
        case.config(criteria, suppression_limit=limit, search=search), base_dir=tmp_path
    )
    if report.node is None:
        assert report.why_coarse is None
        return
    node = tuple(report.node[q] for q in case.qis)
    why = report.why_coarse
    assert why is not None
    for want in _same_as_reference(case, criteria, limit, node, why):
        assert not want["ok"]  # the chosen node is minimal: nothing below it satisfies
    # the text: one line per quasi-identifier; the page: a table of them; counts, never values
    text = report.text(width=2000)
    assert "Why not finer" in text
    lines = text.split("Why not finer", 1)[1].splitlines()[1:]
    assert [line.split()[0] for line in lines] == [q.split()[0] for q in case.qis]
    for q, line in zip(case.qis, lines, strict=True):
        entry = why["columns"][q]
        if entry["lower"] is not None:
            assert f"level {entry['level']}, not {entry['level'] - 1}:" in line
            assert f"{entry['lower']['violating']:,} " in line
    (section,) = [s for s in build(report, None).sections if s.title == "Why not finer"]
    (table,) = section.tables
    assert [row[0].text for row in table.rows] == case.qis
    values = {r[c] for r in case.rows for c in (*case.qis, "sens")}
    values |= {label for q in case.qis for path in case.hierarchies[q].values() for label in path[:-1]}
    words = set(text.replace(",", " ").replace(":", " ").replace("(", " ").replace(")", " ").split())
    assert words.isdisjoint(values)


#: t-closeness alone, tight: with a large allowance its violators fit, and what is left fails
TIGHT_T: list[dict[str, Any]] = [{"t-closeness": {"t": 0.15, "distance": "equal"}}]
#: classes violating one but not the other (a large class of one value, a small one of two):
#: the rows to suppress are more than either criterion's
CROSSING: list[dict[str, Any]] = [
    {"k-anonymity": {"k": 4}},
    {"l-diversity": {"variant": "distinct", "l": 2}},
]
#: the criteria and suppression limits of the random cases below
NODE_CRITERIA = [*CRITERIA, TIGHT_T, CROSSING]
NODE_LIMITS = [0.0, 0.1, 0.3, 0.6, 1.0]
#: (case seed, criteria, suppression limit): the first three meet the stops "remaining_rows" and
#: "all_suppressed" and crossing criteria (found with the reference); then random ones (seeds(12): the quick suite's
#: first, the whole suite's first few)
NODE_CASES: list[Any] = [(4403, TIGHT_T, 0.6), (4400, TIGHT_T, 1.0), (4603, CROSSING, 0.3)]
for _p in seeds(12, fast=1):
    _seed, _marks = (_p.values[0], _p.marks) if hasattr(_p, "values") else (_p, ())
    NODE_CASES.append(
        pytest.param(
            4500 + _seed, NODE_CRITERIA[_seed % len(NODE_CRITERIA)], NODE_LIMITS[_seed % 5], marks=_marks
        )
    )
#: the stops the cases below met (each kind must occur)
STOPS: set[str] = set()


@pytest.mark.parametrize(("seed", "criteria", "limit"), NODE_CASES)
def test_every_node_of_the_lattice(
    seed: int, criteria: list[dict[str, Any]], limit: float, tmp_path: Path
) -> None:
    """At every node (most are not minimal: a neighbour below may satisfy the criteria), the
    entry equals the reference; an allowed neighbour's precision is the reference's (the node's
    own loss is what the caller passes)."""
    case = random_case(seed, tmp_path, n_qis=2, max_rows=60)
    config = parse_config(case.config(criteria, suppression_limit=limit), tmp_path)
    engine = DuckDBEngine()
    ones = [Fraction(1)] * len(case.qis)
    try:
        encoded = encode(engine, config, read_table(engine, config.source, config.csv))
        required = [make_criterion(c) for c in config.criteria]
        evaluator = NodeEvaluator(engine, encoded, required, limit)
        for node in itertools.product(*(range(h + 1) for h in _heights(case))):
            why = why_coarse(engine, encoded, evaluator, required, config, node, 0.75)
            for want in _same_as_reference(case, criteria, limit, node, why):
                STOPS.add(want["stop"])
                if want["violating"] > max((rows for _, _, rows in want["criteria"]), default=0):
                    STOPS.add("crossing")  # the union of the violating classes is more than any one's
                if want["ok"]:
                    loss = want["lower"]["loss"]
                    assert loss["metric"] == "precision" and loss["chosen"] == 0.75
                    exact = weighted_reference(case, want["node"], want["suppressed"], ones)["precision"]
                    assert loss["lower"] == pytest.approx(float(exact), abs=1e-12)
    finally:
        engine.close()


def test_the_stops_covered_every_kind() -> None:
    if not STOPS:
        pytest.skip("run with the whole file: the test above records the stops")
    assert STOPS == {"none", "suppression_limit", "all_suppressed", "remaining_rows", "crossing"}, STOPS


@pytest.mark.parametrize("seed", seeds(10))
def test_people_are_counted(seed: int, tmp_path: Path) -> None:
    """With ``person:`` (quasi-identifiers constant per person, or varying: odd seeds) the
    counts are people's, as the people's brute force counts them (k-anonymity over people)."""
    rng = random.Random(seed)
    case = random_people_case(4700 + seed, tmp_path, n_qis=rng.choice([2, 3]), varying=seed % 2 == 1)
    k, limit = rng.choice([2, 3]), rng.choice([0.0, 0.1, 0.3])
    config = people_config(case, [{"k-anonymity": {"k": k}}], suppression_limit=limit)
    report = sqlanon.anonymize(config, base_dir=tmp_path)
    if report.node is None:
        return
    why = report.why_coarse
    assert why is not None and why["unit"] == "people"
    people = len({r[PERSON] for r in case.rows})
    allowed = math.floor(Fraction(str(limit)) * people)
    assert why["allowed"] == allowed
    node = tuple(report.node[q] for q in case.qis)
    for i, q in enumerate(case.qis):
        lower = why["columns"][q]["lower"]
        if node[i] == 0:
            assert lower is None
            continue
        below = node[:i] + (node[i] - 1,) + node[i + 1 :]
        rows = ref_people.generalized(case.rows, case.hierarchies, below)
        classes = ref_people.people_classes(rows, [PERSON], case.qis)
        small = [members for members in classes.values() if len(members) < k]
        bad = sum(len(members) for members in small)
        assert lower["criteria"] == (
            [
                {
                    "criterion": "k-anonymity",
                    "attribute": None,
                    "params": {"k": k},
                    "violating_classes": len(small),
                    "violating": bad,
                }
            ]
            if small
            else []
        )
        assert (lower["violating"], lower["total"]) == (bad, people)
        assert not lower["ok"]
        assert lower["stop"] == ("suppression_limit" if bad > allowed else "all_suppressed")


def test_postgres_says_what_duckdb_says(tmp_path: Path, compiled_pg: Any, postgres: Any) -> None:
    """The same entry from a search in PostgreSQL (search_in: engine) as in DuckDB."""
    from tests.support import pgserver

    case = random_case(4203, tmp_path, n_qis=3, max_rows=70)
    criteria = CRITERIA[4]  # k-anonymity and t-closeness
    config = case.config(criteria, suppression_limit=0.2)
    columns = [*case.qis, "sens"]
    pgserver.load(
        compiled_pg,
        "compiled",
        "why_coarse",
        [(c, "text") for c in columns],
        ([r[c] for c in columns] for r in case.rows),
    )
    engine = {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}
    on_pg = dict(
        config,
        source={"table": "compiled.why_coarse"},
        engine=engine,
        search_in="engine",
        output={"table": "compiled.why_coarse_out"},
        overwrite=True,
    )
    want = sqlanon.anonymize(config, base_dir=tmp_path)
    got = sqlanon.anonymize(on_pg, base_dir=tmp_path)
    assert want.node is not None and any(want.node.values())
    assert got.node == want.node
    assert got.why_coarse == want.why_coarse
    assert got.search.get("search_in") == "engine"


def test_mondrian_has_no_levels_to_lower(tmp_path: Path) -> None:
    case = random_case(4300, tmp_path, n_qis=2, max_rows=40)
    config = case.config([{"k-anonymity": {"k": 2}}], search="mondrian", metric="gcp")
    report = sqlanon.anonymize(config, base_dir=tmp_path)
    assert report.passed and report.why_coarse is None
    assert "Why not finer" not in report.text()
