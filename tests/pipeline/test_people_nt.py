"""(n,t)-closeness over people whose quasi-identifiers vary (docs/people.md): a class E is the
people whose generalized sets of tuples are equal, its natural superset at a more general node
is the class there of E's people (one class: generalization maps equal sets to equal sets), n
counts that superset's people and its distribution weighs each person one, split over their
values. check's verdicts and listed classes, and anonymize's minimal nodes and suppressed
people, against the pure-Python reference (tests/oracles/reference_people.py) on random
one-to-many tables: people of 1 to 5 rows, constant and varying quasi-identifiers, NULLs,
quasi-identifiers with and without hierarchies; and audit's minimal nodes and attacks."""

from __future__ import annotations

import csv
import math
import random
from pathlib import Path
from typing import Any

import pytest

import sqlanon
from tests.oracles import reference_people as ref
from tests.oracles.reference import minimal_nodes
from tests.pipeline.test_audit_people import audit_case
from tests.pipeline.test_audit_people import expected as audit_expected
from tests.pipeline.test_audit_people import nodes as audited_nodes
from tests.pipeline.test_audit_people import same as same_audit
from tests.pipeline.test_people import sensitive_column
from tests.support.cases import seeds
from tests.support.randomdata import PERSON, RandomCase, people_config, random_people_case

Class = tuple[frozenset[tuple[str | None, ...]], int, float | None]


def _nt(rng: random.Random) -> dict[str, Any]:
    return {
        "nt-closeness": {
            "n": rng.choice([2, 3, 4, 6]),
            "t": rng.choice([0.05, 0.15, 0.3]),
            "distance": rng.choice(["equal", "ordered", "hierarchical"]),
            "attribute": "sens",
        }
    }


def _write(case: RandomCase) -> None:
    with (case.folder / "data.csv").open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=[PERSON, *case.qis, "sens", "visit"])
        writer.writeheader()
        writer.writerows(case.rows)


def _null_some(case: RandomCase, rng: random.Random, q: str) -> None:
    """Make one value of ``q`` NULL on every row that has it."""
    nulled = rng.choice(sorted({r[q] for r in case.rows}))
    case.rows = [dict(r, **{q: None}) if r[q] == nulled else r for r in case.rows]
    _write(case)


def _round(value: Any) -> float | None:
    if value is None or math.isinf(float(value)):
        return None
    return round(float(value), 9)


def _reference_classes(
    case: RandomCase, params: dict[str, Any], domain: ref.Domain, hierarchies: dict[str, Any]
) -> set[Class]:
    """The reference's violating classes of (n,t)-closeness on the table as it is: each as its
    set of tuples, its people and its distance to the closest qualifying superset."""
    classes = ref.people_classes(case.rows, [PERSON], case.qis)
    values = ref.person_values(case.rows, [PERSON], "sens")
    members = {who for m in classes.values() for who in m}
    table_c, table_w = ref._weights(members, values)
    uppers = ref.uppers_of(case.rows, case.qis, hierarchies)
    sups = ref.class_supersets(classes, ref.natural_supersets(case.rows, [PERSON], case.qis, uppers))
    bad = set()
    for tuples, people in classes.items():
        ok, measure = ref.class_verdict(
            "nt-closeness", params, people, values, (table_c, table_w, len(members)), domain, sups[tuples]
        )
        if not ok:
            bad.add((frozenset(tuples), len(people), _round(measure)))
    return bad


def _listed(entry: dict[str, Any], qis: list[str]) -> set[Class]:
    """The classes check lists (a list of labels per column for a class of several tuples)."""
    out = set()
    for v in entry.get("violations") or []:
        labels = [v["class"][q] for q in qis]
        if all(isinstance(x, list) for x in labels):
            members = frozenset(zip(*labels, strict=True))
        else:
            members = frozenset([tuple(labels)])
        out.add((members, v["people"], _round(v["observed"])))
    return out


@pytest.mark.parametrize("seed", seeds(8))
def test_check_nt_closeness_over_people_as_the_reference(seed: int, tmp_path: Path) -> None:
    """check: the verdict, worst distance, violating classes and people, and every class it
    lists, are the reference's; quasi-identifiers with a hierarchy climb it, the others only
    to '*' (one of them with a NULL value, a class of its own until then)."""
    rng = random.Random(seed)
    case = random_people_case(
        12000 + seed, tmp_path, n_qis=rng.choice([1, 2, 3]), max_people=25, varying=seed % 4 != 0
    )
    model = _nt(rng)
    config = people_config(case, [model])
    del config["output"]
    with_hierarchy = {q: case.hierarchies[q] for q in case.qis if rng.random() < 0.5}
    for i, q in enumerate(case.qis):
        config["columns"][q] = {"role": "quasi"} | (
            {"hierarchy": f"h_{i}.csv"} if q in with_hierarchy else {}
        )
    plain = [q for q in case.qis if q not in with_hierarchy]
    if plain:
        _null_some(case, rng, plain[0])
    domain = sensitive_column(case, rng, config)
    report = sqlanon.check(config, base_dir=tmp_path, show_violations=1000)
    ((_, params),) = model.items()
    uppers = ref.uppers_of(case.rows, case.qis, with_hierarchy)
    expected = ref.ref_people_model(
        case.rows, [PERSON], case.qis, "sens", "nt-closeness", params, domain, uppers
    )
    entry = report.checks[0]
    assert (entry["passed"], entry["violating_classes"], entry["violating_people"]) == (
        expected.passed,
        expected.violating_classes,
        expected.violating_rows,
    ), (model, entry, expected)
    if expected.observed is None:
        assert entry["observed"] is None, model
    else:
        assert entry["observed"] == pytest.approx(expected.observed, rel=1e-9), model
    assert _listed(entry, case.qis) == _reference_classes(case, params, domain, with_hierarchy)


def _nullable_hierarchy(case: RandomCase, rng: random.Random) -> None:
    """NULL one value of the first quasi-identifier and give its hierarchy the empty leaf,
    under the parent of a random value (the reference reads a NULL cell as that leaf)."""
    q = case.qis[0]
    _null_some(case, rng, q)
    paths = dict(case.hierarchies[q])
    sibling = rng.choice(sorted(paths))
    paths[None] = ("", *paths[sibling][1:])
    case.hierarchies[q] = paths
    with (case.folder / "h_0.csv").open("w", newline="") as fh:
        csv.writer(fh, delimiter=";").writerows(paths.values())


@pytest.mark.parametrize("seed", seeds(8))
def test_anonymize_nt_closeness_over_people_as_the_brute_force(seed: int, tmp_path: Path) -> None:
    """anonymize: the minimal nodes are the brute force's over people (each node's classes'
    supersets at every node above it, formed from the people kept), and the people it
    suppresses the reference's."""
    rng = random.Random(seed)
    case = random_people_case(
        13000 + seed, tmp_path, n_qis=rng.choice([1, 2]), max_people=25, varying=seed % 4 != 0
    )
    if seed % 3 == 0:
        _nullable_hierarchy(case, rng)
    criteria = [{"k-anonymity": {"k": rng.choice([1, 2, 3])}}, _nt(rng)]
    limit = rng.choice([0.0, 0.2, 0.4])
    search = rng.choice(["exhaustive", "optimal"])
    config = people_config(case, criteria, suppression_limit=limit, search=search)
    domain = sensitive_column(case, rng, config)
    report = sqlanon.anonymize(config, base_dir=tmp_path)
    satisfying = ref.satisfying_people_models(
        case.rows, [PERSON], case.hierarchies, "sens", criteria, limit, domain
    )
    minimal = minimal_nodes(set(satisfying))
    if search == "exhaustive":
        assert {tuple(n[q] for q in case.qis) for n in report.minimal_nodes} == minimal
    assert report.passed == bool(satisfying), report.message
    if report.passed:
        assert report.node is not None
        node = tuple(report.node[q] for q in case.qis)
        assert node in satisfying
        gone = satisfying[node]
        people = len({r[PERSON] for r in case.rows})
        assert report.people == {"in": people, "out": people - len(gone), "suppressed": len(gone)}


@pytest.mark.parametrize("seed", seeds(3))
def test_audit_with_nt_closeness_over_people_as_the_reference(seed: int, tmp_path: Path) -> None:
    """audit with (n,t)-closeness beside k over people whose quasi-identifiers vary: its minimal
    nodes, each node's people kept and suppressed and every attack are the reference's."""
    case, config, criteria, domain = audit_case(14000 + seed, tmp_path, varying=True)
    criteria = [criteria[0], _nt(random.Random(seed))]
    config["criteria"] = criteria
    want = audit_expected(case, config, criteria, domain)
    report = sqlanon.audit(config, base_dir=tmp_path)
    assert report.passed == bool(want)
    got = audited_nodes(report, case.qis)
    assert set(got) == set(want)
    for node, entry in want.items():
        same_audit(got[node], entry)


def _with_first_column(case: RandomCase, rng: random.Random, config: dict[str, Any]) -> None:
    """Give the table a sensitive column that sorts before ``sens`` (``a_other``, a value drawn
    per row), so that ``sens`` is not the first of several sensitive columns."""
    for r in case.rows:
        r["a_other"] = rng.choice(["x", "y", "z"])
    with (case.folder / "data.csv").open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=[PERSON, *case.qis, "a_other", "sens", "visit"])
        writer.writeheader()
        writer.writerows(case.rows)
    config["columns"]["a_other"] = {"role": "sensitive"}
    # l = 1 holds for every class: the minimal nodes and suppression are nt-closeness's alone
    config["criteria"].insert(0, {"l-diversity": {"l": 1, "attribute": "a_other"}})


@pytest.mark.parametrize("seed", seeds(3))
def test_nt_closeness_on_the_second_of_two_sensitive_columns(seed: int, tmp_path: Path) -> None:
    """With several sensitive columns, (n,t)-closeness over people whose quasi-identifiers vary
    forms its supersets from the people's values of its own column (not the first one): check's
    verdict and classes, and anonymize's minimal nodes, are the one-column reference's."""
    rng = random.Random(seed)
    case = random_people_case(15000 + seed, tmp_path, n_qis=rng.choice([1, 2]), max_people=25, varying=True)
    model = _nt(rng)
    config = people_config(case, [{"k-anonymity": {"k": 1}}, model], search="exhaustive")
    domain = sensitive_column(case, rng, config)
    _with_first_column(case, rng, config)
    checked = dict(config)
    del checked["output"]
    report = sqlanon.check(checked, base_dir=tmp_path, show_violations=1000)
    ((_, params),) = model.items()
    hierarchies = dict(case.hierarchies)
    uppers = ref.uppers_of(case.rows, case.qis, hierarchies)
    expected = ref.ref_people_model(
        case.rows, [PERSON], case.qis, "sens", "nt-closeness", params, domain, uppers
    )
    (entry,) = [e for e in report.checks if e["criterion"].startswith("nt-closeness")]
    assert (entry["passed"], entry["violating_classes"], entry["violating_people"]) == (
        expected.passed,
        expected.violating_classes,
        expected.violating_rows,
    ), (model, entry, expected)
    assert _listed(entry, case.qis) == _reference_classes(case, params, domain, hierarchies)
    anonymized = sqlanon.anonymize(config, base_dir=tmp_path)
    satisfying = ref.satisfying_people_models(
        case.rows, [PERSON], hierarchies, "sens", [{"k-anonymity": {"k": 1}}, model], 0.0, domain
    )
    assert {tuple(n[q] for q in case.qis) for n in anonymized.minimal_nodes} == minimal_nodes(set(satisfying))
