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
from sqlanon.errors import ConfigError, DataError
from tests.oracles import reference_people as ref
from tests.oracles.reference import minimal_nodes
from tests.pipeline.test_audit_people import nodes, same
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


@pytest.mark.parametrize("seed", seeds(7))
def test_check_variational_dissimilarity_over_people(seed: int, tmp_path: Path) -> None:
    """check: the verdict, worst class, violating classes and people are the reference's bound
    (each person's cross product), and never below the exact per-row form's risk."""
    varying = seed % 2 == 1
    case, rng = vector_case(8100 + seed, tmp_path, varying)
    params = variational(rng)
    # beside a model on another sensitive column (one frequency table of every column's
    # combinations): the people still count once per combination of x and y 2
    beside = seed % 2 == 0
    other = [{"l-diversity": {"variant": "distinct", "l": 1, "attribute": "sens"}}] if beside else []
    config = configure(case, [{"dissimilarity": params}, *other])
    if beside:
        config["columns"]["sens"] = {"role": "sensitive"}
    del config["output"]
    if not varying:
        for q in case.qis:
            config["columns"][q] = {"role": "quasi"}
    report = sqlanon.check(config, base_dir=tmp_path)
    entry = report.checks[0]
    assert entry["criterion"] == "dissimilarity"
    expected = ref.ref_variational_people(case.rows, [PERSON], case.qis, params)
    exact = ref.ref_variational_people(case.rows, [PERSON], case.qis, params, exact=True)
    assert entry["passed"] == expected.passed, (params, entry, expected)
    assert entry["violating_classes"] == expected.violating_classes
    assert entry["violating_people"] == expected.violating_rows
    assert entry["observed"] == pytest.approx(expected.observed, rel=1e-9)
    assert expected.observed is not None and exact.observed is not None
    assert expected.observed >= exact.observed - 1e-12
    assert expected.violating_rows >= exact.violating_rows


@pytest.mark.parametrize("seed", seeds(5, least=3))  # each search once
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


#: the categorical sensitive columns of multi-attribute l-diversity
LISTED = ["a", "b 2", "c"]


def listed_case(
    seed: int, folder: Path, varying: bool, paired: bool = False
) -> tuple[RandomCase, random.Random, list[str]]:
    """A random one-to-many table whose rows also carry two or three categorical columns
    (``c`` NULL one time in four), each drawn per row; returns the listed columns. ``paired``
    (varying): one quasi-identifier drawn afresh per row from two values and two values per
    listed column, so people often hold the same sets of tuples and of values, paired
    differently on their rows (which the sub-blocks tell apart)."""
    rng = random.Random(seed)
    case = random_people_case(seed, folder, n_qis=rng.choice([1, 2]), max_people=20, varying=varying)
    listed = LISTED[: rng.choice([2, 2, 3])]
    domains = {name: [f"{name[0]}{j}" for j in range(2 if paired else rng.randint(2, 3))] for name in listed}
    if paired:
        q = case.qis[0]
        two = sorted({r[q] for r in case.rows} | set(case.hierarchies[q]))[:2]
        for r in case.rows:
            r[q] = rng.choice(two)
    for r in case.rows:
        for name, domain in domains.items():
            r[name] = "" if name == "c" and rng.random() < 0.25 else rng.choice(domain)
        for name in LISTED[len(listed) :]:
            r[name] = "x"
    with (folder / "data.csv").open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=[PERSON, *case.qis, "sens", *LISTED, "visit"])
        writer.writeheader()
        writer.writerows(case.rows)
    return case, rng, listed


def multi_l(rng: random.Random, listed: list[str], rows: list[dict[str, Any]]) -> dict[str, Any]:
    """Random multi-attribute l-diversity over ``listed``, l within every column's values."""
    fewest = min(len({r[name] for r in rows}) for name in listed)
    variant = rng.choice(["distinct", "entropy", "recursive"])
    params: dict[str, Any] = {"variant": variant, "l": rng.choice([1, 2, 2, 3]), "multi_attribute": True}
    if variant == "recursive":
        params["c"] = rng.choice([1, 2, 3])
    if variant == "entropy":
        params["l"] = rng.choice([1, 1.5, 2])
    params["l"] = min(params["l"], fewest)
    params["attributes"] = list(listed)
    return params


def configure_listed(
    case: RandomCase, criteria: list[dict[str, Any]], listed: list[str], **extra: Any
) -> dict[str, Any]:
    config = people_config(case, criteria, **extra)
    for name in LISTED:
        config["columns"][name] = {"role": "sensitive" if name in listed else "insensitive"}
    return config


@pytest.mark.parametrize("seed", seeds(8))
def test_check_multi_attribute_l_diversity_over_people(seed: int, tmp_path: Path) -> None:
    """check: the verdict, worst class, violating classes and people are the reference's
    (sub-blocks of people by their sets of (tuple, other attributes) tuples)."""
    varying = seed % 2 == 1
    case, rng, listed = listed_case(8700 + seed, tmp_path, varying)
    params = multi_l(rng, listed, case.rows)
    config = configure_listed(case, [{"l-diversity": params}], listed)
    del config["output"]
    if not varying:
        for q in case.qis:
            config["columns"][q] = {"role": "quasi"}
    report = sqlanon.check(config, base_dir=tmp_path)
    (entry,) = report.checks
    expected = ref.ref_multi_l_people(case.rows, [PERSON], case.qis, params)
    assert entry["passed"] == expected.passed, (params, entry, expected)
    assert entry["violating_classes"] == expected.violating_classes, (params, entry, expected)
    assert entry["violating_people"] == expected.violating_rows
    if expected.observed is None:
        assert entry["observed"] is None
    else:
        assert entry["observed"] == pytest.approx(expected.observed, rel=1e-9)


@pytest.mark.parametrize("seed", seeds(6))
def test_anonymize_multi_attribute_l_diversity_over_people(seed: int, tmp_path: Path) -> None:
    """anonymize (every lattice search): the minimal nodes are the brute force's over people
    (each class's sub-blocks of people, as the reference forms them) and the release drops the
    people the brute force suppresses."""
    varying = seed % 2 == 1
    case, rng, listed = listed_case(8900 + seed, tmp_path, varying)
    params = multi_l(rng, listed, case.rows)
    k = rng.choice([1, 2])
    criteria: list[dict[str, Any]] = [{"k-anonymity": {"k": k}}, {"l-diversity": params}]
    limit = rng.choice([0.0, 0.1, 0.3])
    search = ["exhaustive", "optimal", "incognito"][seed % 3]
    config = configure_listed(case, criteria, listed, suppression_limit=limit, search=search)
    report = sqlanon.anonymize(config, base_dir=tmp_path)

    def verdict(members: set[Any], rows: list[dict[str, Any]]) -> bool:
        mine = [r for r in rows if (r[PERSON],) in members]
        return len(members) >= k and ref.ref_multi_l_people(mine, [PERSON], case.qis, params).passed

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
    published = [*case.qis, "sens", *LISTED, "visit"]
    rows = ref.generalized(case.rows, case.hierarchies, node)
    expected = Counter(tuple(r[c] for c in published) for r in rows if (r[PERSON],) not in gone)
    assert _published(tmp_path / "out.csv") == (published, expected)


#: seeds of listed_case(9300 + seed, paired) where multi-attribute distinct 2-diversity, with
#: people suppressed up to 30%, holds at some nodes and not at others (in most random tables it
#: holds at none: a sub-block of one person is never 2-diverse, and the top node is one class)
SOME_NODES = [36, 39]


@pytest.mark.parametrize("seed", SOME_NODES)
def test_audit_multi_attribute_l_diversity_over_people(seed: int, tmp_path: Path) -> None:
    """audit: the minimal nodes are the brute force's over people (sub-blocks of people), and
    every attack at each, per listed sensitive column, is the reference's; anonymize's minimal
    nodes are the same."""
    case, rng, listed = listed_case(9300 + seed, tmp_path, True, paired=True)
    params = {"variant": "distinct", "l": 2, "multi_attribute": True, "attributes": listed}
    criteria: list[dict[str, Any]] = [{"l-diversity": params}]
    config = configure_listed(case, criteria, listed, suppression_limit=0.3)
    del config["output"]
    config["audit"] = {
        "negations": rng.randint(0, 2),
        "t": rng.choice([0.1, 0.2, 0.3]),
        "inference_gain": rng.choice([0.1, 0.2, 0.25]),
        "similarity_level": 1,
        "distance": "equal",
    }

    def verdict(members: set[Any], rows: list[dict[str, Any]]) -> bool:
        mine = [r for r in rows if (r[PERSON],) in members]
        return ref.ref_multi_l_people(mine, [PERSON], case.qis, params).passed

    satisfying = ref.satisfying_people_several(case.rows, [PERSON], case.hierarchies, verdict, 0.3)
    everywhere = ref.satisfying_people_several(case.rows, [PERSON], case.hierarchies, lambda m, r: True, 0.3)
    # the case tells the model apart: its minimal nodes are not those of no model
    assert satisfying and minimal_nodes(set(satisfying)) != minimal_nodes(set(everywhere))
    domains: dict[str, ref.Domain] = {name: (sorted({r[name] for r in case.rows}), None) for name in listed}
    settings = config["audit"]
    want = ref.audit_people(
        case.rows,
        [PERSON],
        case.hierarchies,
        listed[0],
        [],
        0.3,
        settings,
        ("equal", settings["t"]),
        domains[listed[0]],
        domains,
        satisfying=satisfying,
    )
    report = sqlanon.audit(config, base_dir=tmp_path)
    assert report.passed
    got = nodes(report, case.qis)
    assert set(got) == set(want)
    for node, entry in want.items():
        same(got[node], entry)
    config["search"] = "exhaustive"
    config["output"] = "out.csv"
    del config["audit"]
    done = sqlanon.anonymize(config, base_dir=tmp_path)
    assert {tuple(n[q] for q in case.qis) for n in done.minimal_nodes} == minimal_nodes(set(satisfying))


#: six people seen at ages 30 and 40: three with a0, three with a1, each with two values of b;
#: p1 and p4 hold the same b's paired with the ages the other way round (see below)
PAIRED = [
    ("p1", "30", "a0", "b0"), ("p1", "40", "a0", "b1"),
    ("p2", "30", "a0", "b1"), ("p2", "40", "a0", "b2"),
    ("p3", "30", "a0", "b0"), ("p3", "40", "a0", "b2"),
    ("p4", "30", "a1", "b1"), ("p4", "40", "a1", "b0"),
    ("p5", "30", "a1", "b1"), ("p5", "40", "a1", "b2"),
    ("p6", "30", "a1", "b0"), ("p6", "40", "a1", "b2"),
]  # fmt: skip


def test_sub_blocks_pair_each_row_tuple_with_the_other_attributes(tmp_path: Path) -> None:
    """A person's extended quasi-identifier pairs each row's tuple with that row's other
    attributes: p1 {(30, b0), (40, b1)} and p4 {(30, b1), (40, b0)} are different sub-blocks for
    a (each alone: l = 2 fails), though their sets of tuples and of b's are equal (merged, the
    class would pass). check fails the class at age level 0; anonymize generalizes age to '*',
    where the pairs merge, as the reference says."""
    rows = [{PERSON: p, "age": age, "a": a, "b": b} for p, age, a, b in PAIRED]
    with (tmp_path / "data.csv").open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=[PERSON, "age", "a", "b"])
        writer.writeheader()
        writer.writerows(rows)
    (tmp_path / "h_age.csv").write_text("30;*\n40;*\n")
    params = {"variant": "distinct", "l": 2, "multi_attribute": True, "attributes": ["a", "b"]}
    expected = ref.ref_multi_l_people(rows, [PERSON], ["age"], params)
    unpaired = ref.ref_multi_l_people([{**r, "age": "*"} for r in rows], [PERSON], ["age"], params)
    assert (expected.passed, expected.violating_rows, unpaired.passed) == (False, 6, True)
    config: dict[str, Any] = {
        "source": "data.csv",
        "person": PERSON,
        "columns": {
            PERSON: {"role": "identifier"},
            "age": {"role": "quasi", "hierarchy": "h_age.csv"},
            "a": {"role": "sensitive"},
            "b": {"role": "sensitive"},
        },
        "criteria": [{"l-diversity": params}],
    }
    (entry,) = sqlanon.check(config, base_dir=tmp_path).checks
    assert (entry["passed"], entry["violating_classes"], entry["violating_people"]) == (False, 1, 6)
    for search in ("exhaustive", "optimal", "incognito"):
        report = sqlanon.anonymize({**config, "output": f"{search}.csv", "search": search}, base_dir=tmp_path)
        assert report.passed and report.node == {"age": 1}, (search, report.node)
        assert [tuple(n.values()) for n in report.minimal_nodes] == [(1,)]


@pytest.mark.parametrize("metric", ["loss", "nu-entropy"])
def test_metrics_of_labels_are_refused_with_multi_attribute_l_diversity(tmp_path: Path, metric: str) -> None:
    """The search classes people by their sets of tuples with multi-attribute l-diversity: the
    metrics that read a class's labels are refused, naming the model, with exit code 2."""
    case, rng, listed = listed_case(9300, tmp_path, varying=False)
    config = configure_listed(case, [{"l-diversity": multi_l(rng, listed, case.rows)}], listed, metric=metric)
    with pytest.raises(
        DataError, match=f"metric {metric} measures each class's labels, and with person multi-attribute"
    ):
        sqlanon.anonymize(config, base_dir=tmp_path)
    assert not (tmp_path / "out.csv").exists()


def test_two_variational_dissimilarities_over_different_columns_are_refused(tmp_path: Path) -> None:
    """Over people, the combinations variational dissimilarity counts are those of one set of
    columns per run: two over different sets are refused by name, before any work."""
    (tmp_path / "t.csv").write_text("p,age,x,y,z\np1,30,0,1,1\np1,30,1,0,1\np2,30,0,0,0\n")
    criteria = [
        {
            "dissimilarity": {
                "distance": "variational",
                "attributes": cols,
                "epsilon": 0.5,
                "delta": 0.5,
                "k": 1,
            }
        }
        for cols in (["x", "y"], ["y", "z"])
    ]
    config = {
        "source": "t.csv",
        "person": "p",
        "columns": {"p": "identifier", "age": "quasi", "x": "sensitive", "y": "sensitive", "z": "sensitive"},
        "criteria": criteria,
    }
    with pytest.raises(ConfigError, match=r"variational.*\[\('x', 'y'\), \('y', 'z'\)\]"):
        sqlanon.check(config, base_dir=tmp_path)
