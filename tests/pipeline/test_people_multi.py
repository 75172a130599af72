"""``person:`` with several sensitive columns in one run: every model reads its own column's
split distribution over people (docs/people.md, "Several sensitive columns"), compared with the
pure-Python references (tests/oracles/reference_people.py), which weigh each column on its own,
on random one-to-many tables with two or three sensitive columns (one with NULLs), constant and
varying quasi-identifiers: check's verdicts, anonymize's minimal nodes and release, audit's
attacks per column."""

from __future__ import annotations

import csv
import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import sqlanon
from sqlanon.errors import DataError
from tests.oracles import reference_people as ref
from tests.oracles.reference import minimal_nodes
from tests.pipeline.test_audit_people import nodes, same
from tests.pipeline.test_people import _published, random_models
from tests.pipeline.test_people_optimum import LABELS, SIZES, _close, people_metrics
from tests.support.cases import seeds
from tests.support.randomdata import PERSON, RandomCase, people_config, random_hierarchy, random_people_case

#: the models that read an order, a hierarchy or named values: not drawn on the column with NULLs
ORDERED = ("ordered", "hierarchical", "smoothed-js", "variational", "pd-recursive", "npd-recursive")


def multi_case(
    seed: int, folder: Path, varying: bool, nulls: bool = True
) -> tuple[RandomCase, list[str], str | None]:
    """A random one-to-many table with the sensitive columns ``sens``, ``sens 2`` and (with
    ``nulls``, sometimes) ``sens3``, whose cells are NULL (empty) one time in four; each varies
    per row. Returns the case, the sensitive columns and the one with NULLs (or None)."""
    rng = random.Random(seed)
    case = random_people_case(seed, folder, n_qis=rng.choice([1, 2]), max_people=25, varying=varying)
    columns = ["sens", "sens 2"]
    nullable = "sens3" if nulls and rng.random() < 0.7 else None
    extra = {"sens 2": [f"b{j}" for j in range(rng.randint(2, 3))]}
    if nullable:
        extra[nullable] = [f"c{j}" for j in range(rng.randint(1, 3))]
        columns.append(nullable)
    for r in case.rows:
        for name, domain in extra.items():
            r[name] = "" if name == nullable and rng.random() < 0.25 else rng.choice(domain)
    with (folder / "data.csv").open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=[PERSON, *case.qis, *columns, "visit"])
        writer.writeheader()
        writer.writerows(case.rows)
    return case, columns, nullable


def sensitive_columns(
    case: RandomCase, rng: random.Random, config: dict[str, Any], columns: list[str], nullable: str | None
) -> dict[str, ref.Domain]:
    """Each column sensitive, with an order and a random hierarchy (not the one with NULLs),
    and the reference's view of them."""
    domains: dict[str, ref.Domain] = {}
    for i, name in enumerate(columns):
        order = sorted({r[name] for r in case.rows})
        if name == nullable:
            config["columns"][name] = {"role": "sensitive"}
            domains[name] = (order, None)
            continue
        paths = random_hierarchy(rng, order, rng.randint(1, 2))
        with (case.folder / f"h_s{i}.csv").open("w", newline="") as fh:
            csv.writer(fh, delimiter=";").writerows(paths.values())
        config["columns"][name] = {"role": "sensitive", "order": order, "hierarchy": f"h_s{i}.csv"}
        domains[name] = (order, paths)
    return domains


def multi_models(
    case: RandomCase, rng: random.Random, columns: list[str], nullable: str | None, varying: bool
) -> list[dict[str, Any]]:
    """k-anonymity and two to four models, each on a random sensitive column (at least two
    columns read), none asking more distinct values than its column has."""
    chosen: list[dict[str, Any]] = [{"k-anonymity": {"k": rng.choice([1, 2])}}]
    read: set[str] = set()
    while len(chosen) < 3 or len(read) < 2:
        name = (
            rng.choice(columns)
            if len(chosen) < 3 or len(read) == 0
            else rng.choice(sorted(set(columns) - read))
        )
        values = sorted({r[name] for r in case.rows})
        pool = [m for m in random_models(rng, values)[1:]]
        for item in pool:
            ((kind, params),) = item.items()
            text = str(params)
            if name == nullable and (
                kind in ("dissimilarity", "nt-closeness") or any(w in text for w in ORDERED)
            ):
                continue
            if kind == "l-diversity" and params["l"] > len(values):
                continue
            chosen.append({kind: {**params, "attribute": name}})
            read.add(name)
            break
        if len(chosen) > 6:
            break
    return chosen


@pytest.mark.parametrize("seed", seeds(6))
def test_check_with_several_sensitive_columns_as_the_reference(seed: int, tmp_path: Path) -> None:
    """check: each model's verdict, worst class, violating classes and people are the
    reference's, which reads only the model's own column."""
    rng = random.Random(seed)
    varying = seed % 2 == 1
    case, columns, nullable = multi_case(7300 + seed, tmp_path, varying)
    criteria = multi_models(case, rng, columns, nullable, varying)
    config = people_config(case, criteria)
    for q in case.qis:
        config["columns"][q] = {"role": "quasi"}
    domains = sensitive_columns(case, rng, config, columns, nullable)
    del config["output"]
    report = sqlanon.check(config, base_dir=tmp_path)
    for item, entry in zip(criteria, report.checks, strict=True):
        ((kind, params),) = item.items()
        attr = params.get("attribute")
        expected = ref.ref_people_model(
            case.rows, [PERSON], case.qis, attr, kind, params, domains[attr] if attr else None
        )
        assert entry["passed"] == expected.passed, (item, entry, expected)
        assert entry["violating_classes"] == expected.violating_classes, item
        assert entry["violating_people"] == expected.violating_rows, item
        if expected.observed is None:
            assert entry["observed"] is None, item
        else:
            assert entry["observed"] == pytest.approx(expected.observed, rel=1e-9), item


@pytest.mark.parametrize("seed", seeds(5, least=3))  # each search once
def test_anonymize_with_several_sensitive_columns_as_the_reference(seed: int, tmp_path: Path) -> None:
    """anonymize (every lattice search): the minimal nodes are the brute force's over people,
    each model on its own column, and the release drops the people the reference suppresses."""
    rng = random.Random(seed)
    varying = seed % 2 == 1
    case, columns, nullable = multi_case(7600 + seed, tmp_path, varying)
    criteria = multi_models(case, rng, columns, nullable, varying)
    limit = rng.choice([0.0, 0.1, 0.3])
    search = ["exhaustive", "optimal", "incognito"][seed % 3]
    metric = rng.choice(SIZES if varying else SIZES + LABELS)
    config = people_config(case, criteria, suppression_limit=limit, search=search, metric=metric)
    domains = sensitive_columns(case, rng, config, columns, nullable)
    report = sqlanon.anonymize(config, base_dir=tmp_path)
    satisfying = ref.satisfying_people_models(
        case.rows, [PERSON], case.hierarchies, "sens", criteria, limit, domains=domains
    )
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
    published = [*case.qis, *columns, "visit"]
    rows = ref.generalized(case.rows, case.hierarchies, node)
    expected = Counter(tuple(r[c] for c in published) for r in rows if (r[PERSON],) not in gone)
    assert _published(tmp_path / "out.csv") == (published, expected)
    # the metrics count people, each weighing one whatever their combinations of values
    assert _close(report.metrics, people_metrics(case, node, 1, varying, gone)), report.metrics


@pytest.mark.parametrize("seed", seeds(4))
def test_audit_with_several_sensitive_columns_as_the_reference(seed: int, tmp_path: Path) -> None:
    """audit: the minimal nodes, and every attack per sensitive column (and through any of
    them) at each, are the reference's."""
    rng = random.Random(seed)
    varying = seed % 2 == 1
    case, columns, _ = multi_case(7900 + seed, tmp_path, varying, nulls=False)
    criteria: list[dict[str, Any]] = [{"k-anonymity": {"k": rng.randint(1, 3)}}]
    if rng.random() < 0.6:
        criteria.append(
            {"alpha-k-anonymity": {"alpha": rng.choice([0.7, 0.9]), "k": 1, "attribute": "sens 2"}}
        )
    config = people_config(case, criteria, suppression_limit=rng.choice([0.0, 0.1, 0.3]))
    del config["output"]
    domains = sensitive_columns(case, rng, config, columns, None)
    config["audit"] = {
        "negations": rng.randint(0, 2),
        "t": rng.choice([0.1, 0.2, 0.3]),
        "inference_gain": rng.choice([0.1, 0.2, 0.25]),
        "similarity_level": 1,
        "distance": rng.choice(["equal", "ordered", "hierarchical"]),
    }
    settings = config["audit"]
    want = ref.audit_people(
        case.rows,
        [PERSON],
        case.hierarchies,
        "sens",
        criteria,
        config["suppression_limit"],
        settings,
        (settings["distance"], settings["t"]),
        domains["sens"],
        domains,
    )
    report = sqlanon.audit(config, base_dir=tmp_path)
    assert report.passed == bool(want)
    got = nodes(report, case.qis)
    assert set(got) == set(want)
    for node, entry in want.items():
        same(got[node], entry)


def test_a_model_reads_its_own_column_s_holders(tmp_path: Path) -> None:
    """Two columns, one person with two diagnoses and one ward, the other two with one of
    each: the people holding each ward are counted once each, not once per diagnosis."""
    lines = [
        "patient,age,diagnosis,ward",
        "p1,30,flu,A", "p1,30,cold,A",
        "p2,30,flu,B", "p3,30,hiv,B",
    ]  # fmt: skip
    (tmp_path / "visits.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    config: dict[str, Any] = {
        "source": "visits.csv",
        "person": "patient",
        "columns": {"patient": "identifier", "age": "quasi", "diagnosis": "sensitive", "ward": "sensitive"},
        "criteria": [
            {"alpha-k-anonymity": {"alpha": 0.6, "k": 1, "attribute": "ward"}},
            {"alpha-k-anonymity": {"alpha": 0.6, "k": 1, "attribute": "diagnosis"}},
        ],
    }
    report = sqlanon.check(config, base_dir=tmp_path)
    ward, diagnosis = report.checks
    assert ward["observed"] == pytest.approx(2 / 3)  # B: 2 of the 3 people (not 3 of 4 rows)
    assert diagnosis["observed"] == pytest.approx(2 / 3)  # flu: p1 and p2
    assert not ward["passed"] and not diagnosis["passed"]


def test_too_many_combinations_are_refused_by_name(tmp_path: Path) -> None:
    """A person's combinations of values multiply: when their common multiple over the people
    leaves 64 bits, the run is refused naming the columns."""
    primes = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53]
    lines = ["patient,age,a,b"]
    for i, p in enumerate(primes):
        lines += [f"p{i},30,{j},{j % 2}" for j in range(p)]
    (tmp_path / "visits.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    config: dict[str, Any] = {
        "source": "visits.csv",
        "person": "patient",
        "columns": {"patient": "identifier", "age": "quasi", "a": "sensitive", "b": "sensitive"},
        "criteria": [
            {"l-diversity": {"variant": "distinct", "l": 1, "attribute": "a"}},
            {"l-diversity": {"variant": "distinct", "l": 1, "attribute": "b"}},
        ],
    }
    with pytest.raises(DataError, match=r"combinations of values of the sensitive columns \['a', 'b'\]"):
        sqlanon.check(config, base_dir=tmp_path)
