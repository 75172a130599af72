"""``person:``: every guarantee counted over people, compared with a pure-Python reference
(tests/oracles/reference_people.py) on random one-to-many tables."""

from __future__ import annotations

import csv
import json
import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import duckdb
import pytest

import sqlanon
from sqlanon.errors import ConfigError, DataError
from tests.oracles import reference_people as ref
from tests.oracles.reference import minimal_nodes
from tests.support.cases import seeds
from tests.support.randomdata import PERSON, RandomCase, people_config, random_hierarchy, random_people_case


def _published(path: Path) -> tuple[list[str], Counter[tuple[str, ...]]]:
    with path.open(newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh)
        rows = list(reader)
        return list(reader.fieldnames or []), Counter(tuple(r.values()) for r in rows)


@pytest.mark.parametrize("seed", seeds(12))
def test_check_counts_people_as_the_reference(seed: int, tmp_path: Path) -> None:
    """check with person: the smallest class's people, the violating classes and their people
    are the reference's, whether the people's quasi-identifiers are constant (odd seeds: some
    vary, and a class is the people whose sets of tuples are equal)."""
    rng = random.Random(seed)
    case = random_people_case(7000 + seed, tmp_path, n_qis=rng.choice([1, 2, 3]), varying=seed % 2 == 1)
    k = rng.choice([2, 3, 4])
    config = people_config(case, [{"k-anonymity": {"k": k}}])
    for q in case.qis:
        config["columns"][q] = {"role": "quasi"}
    del config["output"]
    report = sqlanon.check(config, base_dir=tmp_path)
    expected = ref.ref_k_people(case.rows, [PERSON], case.qis, k)
    (entry,) = [c for c in report.checks if c["criterion"] == "k-anonymity"]
    assert entry["passed"] == expected.passed
    assert entry["observed"] == expected.observed
    assert entry["violating_classes"] == expected.violating_classes
    assert entry["violating_people"] == expected.violating_rows
    assert "violating_rows" not in entry
    assert report.people == {"in": len({r[PERSON] for r in case.rows})}
    assert report.rows_in == len(case.rows)
    # the risk counts people too: the largest prosecutor risk is 1 / the smallest class's people
    assert report.risk is not None and expected.observed is not None
    assert report.risk["prosecutor"]["highest"] == pytest.approx(1 / expected.observed)
    assert any(PERSON in w for w in report.warnings)  # drop the person column before publishing


@pytest.mark.parametrize("seed", seeds(12))
def test_anonymize_counts_people_as_the_reference(seed: int, tmp_path: Path) -> None:
    """anonymize with person: the minimal nodes are the brute force's over people, the release is
    the chosen node's generalization of every row of the people not suppressed (all rows of a
    suppressed person go), without the person column, and the report counts both; with
    constant and (odd seeds) varying quasi-identifiers."""
    rng = random.Random(seed)
    case = random_people_case(8000 + seed, tmp_path, n_qis=rng.choice([1, 2, 3]), varying=seed % 2 == 1)
    k = rng.choice([2, 3, 4])
    limit = rng.choice([0.0, 0.1, 0.3])
    search = rng.choice(["incognito", "exhaustive", "optimal"])
    config = people_config(case, [{"k-anonymity": {"k": k}}], suppression_limit=limit, search=search)
    report = sqlanon.anonymize(config, base_dir=tmp_path)
    satisfying = ref.satisfying_people(case.rows, [PERSON], case.hierarchies, k, limit)
    minimal = minimal_nodes(satisfying)
    if search != "optimal":
        assert {tuple(n[q] for q in case.qis) for n in report.minimal_nodes} == minimal
    if not satisfying:
        assert not report.passed and not (tmp_path / "out.csv").exists()
        return
    assert report.passed, report.message
    assert report.node is not None
    node = tuple(report.node[q] for q in case.qis)
    assert node in satisfying
    generalized = ref.generalized(case.rows, case.hierarchies, node)
    gone = ref.violating_people(generalized, [PERSON], case.qis, k)
    columns = [*case.qis, "sens", "visit"]
    expected = Counter(tuple(r[c] for c in columns) for r in generalized if (r[PERSON],) not in gone)
    names, got = _published(tmp_path / "out.csv")
    assert names == columns  # the person column is never published
    assert got == expected
    people = len({r[PERSON] for r in case.rows})
    assert report.people == {"in": people, "out": people - len(gone), "suppressed": len(gone)}
    assert report.rows_in == len(case.rows)
    assert report.rows_out == sum(expected.values())
    assert report.suppressed_rows == len(case.rows) - report.rows_out
    data = json.loads(report.to_json())
    assert data["people"] == report.people


def test_a_release_row_counted_k_passes_and_person_counted_k_fails(tmp_path: Path) -> None:
    """Five visits of one patient make a class of five rows: k=5 over rows, 1 over people."""
    lines = ["patient,age,visit"] + [f"p1,30,{v}" for v in range(5)] + [f"p{p},40,0" for p in range(2, 7)]
    (tmp_path / "visits.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    config = {
        "source": "visits.csv",
        "columns": {"patient": "identifier", "age": "quasi", "visit": "insensitive"},
        "criteria": [{"k-anonymity": {"k": 5}}],
    }
    rows = sqlanon.check(config, base_dir=tmp_path)
    people = sqlanon.check({**config, "person": "patient"}, base_dir=tmp_path)
    assert rows.checks[0]["passed"] and rows.checks[0]["observed"] == 5
    assert not people.checks[0]["passed"] and people.checks[0]["observed"] == 1
    assert people.checks[0]["violating_people"] == 1


def _visits(tmp_path: Path, lines: list[str]) -> dict[str, object]:
    (tmp_path / "visits.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (tmp_path / "age.csv").write_text("30;*\n40;*\n", encoding="utf-8")
    return {
        "source": "visits.csv",
        "person": "patient",
        "columns": {
            "patient": "identifier",
            "age": {"role": "quasi", "hierarchy": "age.csv"},
            "diagnosis": "sensitive",
        },
        "criteria": [{"k-anonymity": {"k": 2}}],
        "output": "out.csv",
    }


def test_a_null_person_is_refused_by_name(tmp_path: Path) -> None:
    config = _visits(tmp_path, ["patient,age,diagnosis", "p1,30,flu", ",30,cold", "p2,40,flu"])
    with pytest.raises(DataError, match=r"1 row\(s\) whose person column 'patient' is NULL"):
        sqlanon.anonymize(config, base_dir=tmp_path)
    assert not (tmp_path / "out.csv").exists()


def test_a_person_whose_quasi_identifiers_vary_is_classed_by_the_set_of_their_tuples(tmp_path: Path) -> None:
    """p1 and p3 were seen at 30 and at 40, p2 only at 40: two classes, {30, 40} of two people
    and {40} of one; generalized to the top, one class of three."""
    lines = ["patient,age,diagnosis", "p1,30,flu", "p1,40,cold", "p2,40,flu", "p3,40,flu", "p3,30,flu"]
    config = _visits(tmp_path, lines)
    del config["output"]
    report = sqlanon.check(config, base_dir=tmp_path, show_violations=5)
    (entry,) = [c for c in report.checks if c["criterion"] == "k-anonymity"]
    assert (entry["observed"], entry["violating_classes"], entry["violating_people"]) == (1, 1, 1)
    assert entry["violations"] == [{"class": {"age": ["40"]}, "people": 1, "observed": 1.0}]
    assert report.class_sizes == [[1, 1], [2, 1]]
    released = sqlanon.anonymize(_visits(tmp_path, lines), base_dir=tmp_path)
    assert released.passed and released.node == {"age": 1}
    assert released.people == {"in": 3, "out": 3, "suppressed": 0}
    with_suppression = sqlanon.anonymize(
        {**_visits(tmp_path, lines), "suppression_limit": 0.34, "overwrite": True}, base_dir=tmp_path
    )
    assert with_suppression.node == {"age": 0}  # p2, all of their rows, suppressed
    assert with_suppression.people == {"in": 3, "out": 2, "suppressed": 1}
    assert with_suppression.rows_out == 4 and with_suppression.suppressed_rows == 1
    names, got = _published(tmp_path / "out.csv")
    assert names == ["age", "diagnosis"]
    assert got == Counter([("30", "flu"), ("40", "cold"), ("40", "flu"), ("30", "flu")])


def test_metrics_of_a_class_s_labels_are_refused_when_quasi_identifiers_vary(tmp_path: Path) -> None:
    lines = ["patient,age,diagnosis", "p1,30,flu", "p1,40,cold", "p2,40,flu", "p3,40,flu"]
    config = {**_visits(tmp_path, lines), "metric": "loss"}
    with pytest.raises(DataError, match=r"metric loss measures each class's labels.*'age'"):
        sqlanon.anonymize(config, base_dir=tmp_path)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            {"columns": {"patient": {"role": "quasi", "hierarchy": "age.csv"}}},
            r"'patient' is the person column and also has role quasi",
        ),
        ({"person": ["patient", "patient"]}, r"person names column 'patient' more than once"),
        ({"person": 3}, r"person must name the column"),
        ({"person": "nobody"}, None),
        ({"search": "mondrian"}, r"search mondrian does not partition people"),
    ],
)
def test_bad_person_configurations_are_refused(
    tmp_path: Path, edit: dict[str, object], message: str | None
) -> None:
    config = _visits(tmp_path, ["patient,age,diagnosis", "p1,30,flu", "p2,30,cold", "p3,40,flu"])
    for key, value in edit.items():
        if key == "columns":
            assert isinstance(value, dict)
            config["columns"] = {**config["columns"], **value}  # type: ignore[dict-item]
        else:
            config[key] = value
    if message is None:  # a column the source does not have
        with pytest.raises(DataError, match=r"The person column 'nobody' is not in the source"):
            sqlanon.anonymize(config, base_dir=tmp_path)
    else:
        with pytest.raises(ConfigError, match=message):
            sqlanon.anonymize(config, base_dir=tmp_path)


def test_compile_and_audit_count_people(tmp_path: Path) -> None:
    """compile's release of a node counts people (tests/compile/test_release_people.py), never
    publishing the person column; compile's gate counts people (tests/compile/test_people.py),
    and so does audit (tests/pipeline/test_audit_people.py)."""
    config = _visits(tmp_path, ["patient,age,diagnosis", "p1,30,flu", "p2,30,cold", "p3,40,flu"])
    released = sqlanon.compile_sql(config, node={"age": 1}, base_dir=tmp_path, dialect="duckdb")
    assert released.person == ("patient",) and released.release is not None
    published = duckdb.connect().sql(released.release)
    assert published.columns == ["age", "diagnosis"]
    assert sorted(published.fetchall()) == [("*", "cold"), ("*", "flu"), ("*", "flu")]
    gate = sqlanon.compile_sql(config, base_dir=tmp_path, dialect="duckdb")  # the gate counts people
    assert gate.person == ("patient",) and gate.release is None
    audited = sqlanon.audit(config, base_dir=tmp_path)
    assert audited.passed and audited.people == {"in": 3}


def random_models(rng: random.Random, values: Sequence[str] = ()) -> list[dict[str, Any]]:
    """Random models counted over people, on the attribute ``sens`` (``values``: the column's,
    which pd/npd-recursive may name)."""
    t = rng.choice([0.1, 0.25, 0.4])
    pool: list[dict[str, Any]] = [
        {"l-diversity": {"variant": "distinct", "l": rng.choice([1, 2, 3]), "attribute": "sens"}},
        {"l-diversity": {"variant": "entropy", "l": rng.choice([1.5, 2, 2.5]), "attribute": "sens"}},
        {
            "l-diversity": {
                "variant": "recursive",
                "l": rng.choice([2, 3]),
                "c": rng.choice([1, 2, 3]),
                "attribute": "sens",
            }
        },
        {
            "alpha-k-anonymity": {
                "alpha": rng.choice([0.5, 0.7, 0.9]),
                "k": rng.choice([1, 2, 3]),
                "attribute": "sens",
            }
        },
        {
            "t-closeness": {
                "t": t,
                "distance": rng.choice(["equal", "ordered", "hierarchical"]),
                "attribute": "sens",
            }
        },
        {"t-closeness": {"t": t, "distance": rng.choice(["kl", "js", "variational"]), "attribute": "sens"}},
        {
            "t-closeness": {
                "t": t,
                "distance": "smoothed-js",
                "ground": rng.choice(["equal", "ordered", "hierarchical"]),
                "bandwidth": rng.choice([0.3, 0.6, 1.5]),
                "attribute": "sens",
            }
        },
        {"delta-disclosure": {"delta": rng.choice([0.5, 1.0, 2.0]), "attribute": "sens"}},
        {
            "beta-likeness": {
                "beta": rng.choice([0.5, 1.0, 2.0]),
                "variant": rng.choice(["basic", "enhanced"]),
                "attribute": "sens",
            }
        },
    ]
    if values:
        allowed, protected = [values[0]], [values[-1]]
        pool += [
            {"l-diversity": {"variant": "pd-recursive", "l": rng.choice([2, 3]), "c": rng.choice([1, 2, 3]),
                             "allowed": allowed, "attribute": "sens"}},
            {"l-diversity": {"variant": "npd-recursive", "l": 2, "c1": rng.choice([2, 3]), "c2": rng.choice([10, 30]),
                             "allowed": allowed, "protected": protected, "attribute": "sens"}},
        ]  # fmt: skip
    pool.append(
        {
            "dissimilarity": {
                "epsilon": rng.choice([0.0, 0.4]),
                "delta": rng.choice([0.05, 0.3]),
                "k": rng.choice([1, 2]),
                "distance": rng.choice(["ordered", "hierarchical"]),
                "attribute": "sens",
            }
        }
    )
    pool.append(
        {
            "nt-closeness": {
                "n": rng.choice([2, 3, 5]),
                "t": t,
                "distance": rng.choice(["equal", "ordered", "hierarchical"]),
                "attribute": "sens",
            }
        }
    )
    return [{"k-anonymity": {"k": rng.choice([1, 2, 3])}}, *rng.sample(pool, rng.randint(1, 3))]


def sensitive_column(case: RandomCase, rng: random.Random, config: dict[str, Any]) -> ref.Domain:
    """``sens`` as a sensitive column with an order and a random hierarchy (the t-closeness
    distances read them), and the reference's view of them."""
    order = sorted({r["sens"] for r in case.rows})
    paths = random_hierarchy(rng, order, rng.randint(1, 2))
    with (case.folder / "h_sens.csv").open("w", newline="") as fh:
        csv.writer(fh, delimiter=";").writerows(paths.values())
    config["columns"]["sens"] = {"role": "sensitive", "order": order, "hierarchy": "h_sens.csv"}
    return order, paths


@pytest.mark.parametrize("seed", seeds(14))
def test_sensitive_models_over_people_as_the_reference(seed: int, tmp_path: Path) -> None:
    """check with person and sensitive models: each model's worst class, violating classes and
    their people are the reference's (each person weighs one in the class's distribution; an
    attacker's confidence that a person has a value is the share of the class's people who do)."""
    rng = random.Random(seed)
    case = random_people_case(
        9000 + seed, tmp_path, n_qis=rng.choice([1, 2]), max_people=30, varying=seed % 2 == 1
    )
    values = sorted({r["sens"] for r in case.rows})
    distinct = len(values)
    criteria = [
        c
        for c in random_models(rng, values)
        if not ("l-diversity" in c and c["l-diversity"]["l"] > distinct)  # refused: no release can satisfy it
    ]
    config = people_config(case, criteria)
    for q in case.qis:
        config["columns"][q] = {"role": "quasi"}
    domain = sensitive_column(case, rng, config)
    del config["output"]
    report = sqlanon.check(config, base_dir=tmp_path)
    for item, entry in zip(criteria, report.checks, strict=False):
        ((kind, params),) = item.items()
        expected = ref.ref_people_model(
            case.rows, [PERSON], case.qis, params.get("attribute"), kind, params, domain
        )
        assert entry["passed"] == expected.passed, (item, entry, expected)
        assert entry["violating_classes"] == expected.violating_classes, item
        assert entry["violating_people"] == expected.violating_rows, item
        if expected.observed is None:
            assert entry["observed"] is None, item
        else:
            assert entry["observed"] == pytest.approx(expected.observed, rel=1e-9), item


@pytest.mark.parametrize("seed", seeds(10))
def test_anonymize_with_sensitive_models_over_people_as_the_reference(seed: int, tmp_path: Path) -> None:
    """anonymize with person and sensitive models: the minimal nodes are the brute force's over
    people, and the release drops exactly the people of the classes the reference suppresses."""
    rng = random.Random(seed)
    case = random_people_case(
        9500 + seed, tmp_path, n_qis=rng.choice([1, 2]), max_people=30, varying=seed % 2 == 1
    )
    values = sorted({r["sens"] for r in case.rows})
    criteria = [
        c
        for c in random_models(rng, values)
        if not ("l-diversity" in c and c["l-diversity"]["l"] > len(values))
    ]
    limit = rng.choice([0.0, 0.1, 0.3])
    config = people_config(case, criteria, suppression_limit=limit, search="exhaustive")
    domain = sensitive_column(case, rng, config)
    report = sqlanon.anonymize(config, base_dir=tmp_path)
    satisfying = ref.satisfying_people_models(
        case.rows, [PERSON], case.hierarchies, "sens", criteria, limit, domain
    )
    assert {tuple(n[q] for q in case.qis) for n in report.minimal_nodes} == minimal_nodes(set(satisfying))
    if not satisfying:
        assert not report.passed
        return
    assert report.passed, report.message
    assert report.node is not None
    node = tuple(report.node[q] for q in case.qis)
    gone = satisfying[node]
    columns = [*case.qis, "sens", "visit"]
    rows = ref.generalized(case.rows, case.hierarchies, node)
    expected = Counter(tuple(r[c] for c in columns) for r in rows if (r[PERSON],) not in gone)
    assert _published(tmp_path / "out.csv") == (columns, expected)
    people = len({r[PERSON] for r in case.rows})
    assert report.people == {"in": people, "out": people - len(gone), "suppressed": len(gone)}


def test_diversity_from_one_person_s_several_values_fails_l_diversity(tmp_path: Path) -> None:
    """A class of one patient with three diagnoses has three values: 3-diverse over rows, and
    over people no diversity at all (an attacker knows that patient has every one of them). A
    class where every patient has flu fails too, whatever else they have."""
    lines = [
        "patient,age,diagnosis",
        "p1,30,flu", "p1,30,cold", "p1,30,hiv",
        "p2,40,flu", "p2,40,cold", "p3,40,flu", "p3,40,hiv", "p4,40,flu", "p4,40,cancer",
        "p5,50,flu", "p6,50,cold", "p7,50,hiv",
    ]  # fmt: skip
    config = _visits(tmp_path, lines)
    del config["output"]
    config["criteria"] = [{"l-diversity": {"variant": "distinct", "l": 3}}]
    rows = sqlanon.check(
        {k: v for k, v in config.items() if k != "person"}, base_dir=tmp_path, show_violations=5
    )
    people = sqlanon.check(config, base_dir=tmp_path, show_violations=5)
    assert rows.checks[0]["passed"]
    assert not people.checks[0]["passed"]
    failing = sorted(v["class"]["age"] for v in people.checks[0]["violations"])
    assert failing == ["30", "40"]  # one person; everyone has flu. 50: three people, three values
    assert people.checks[0]["violating_people"] == 4


@pytest.mark.parametrize("varying", [False, True])
def test_a_person_of_several_columns_is_their_combination(tmp_path: Path, varying: bool) -> None:
    """person: [site, patient_no]: patient 1 of site A and patient 1 of site B are two people.
    Every figure equals that of the same table told apart by one column holding both."""
    rng = random.Random(11 + varying)
    case = random_people_case(4242 + varying, tmp_path, n_qis=2, varying=varying)
    # split each person's name in two columns whose values repeat across people
    who = sorted({r[PERSON] for r in case.rows})
    split = {p: (f"site{i % 3}", f"no{i // 3}") for i, p in enumerate(who)}
    columns = ["site", "patient_no", *case.qis, "sens", "visit"]
    with (tmp_path / "two.csv").open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=columns, extrasaction="ignore")
        writer.writeheader()
        writer.writerows(
            {**r, "site": split[r[PERSON]][0], "patient_no": split[r[PERSON]][1]} for r in case.rows
        )
    criteria: list[dict[str, Any]] = [{"k-anonymity": {"k": rng.choice([2, 3])}}]
    if not varying:
        criteria.append({"l-diversity": {"variant": "entropy", "l": 1.5, "attribute": "sens"}})
    one = people_config(case, criteria, suppression_limit=0.2, output="one.csv")
    two = people_config(case, criteria, suppression_limit=0.2, output="two_out.csv")
    two["source"], two["person"] = "two.csv", ["site", "patient_no"]
    del two["columns"][PERSON]
    two["columns"] |= {"site": {"role": "identifier"}, "patient_no": {"role": "identifier"}}
    if not varying:
        one["columns"]["sens"] = two["columns"]["sens"] = {"role": "sensitive"}
    a = sqlanon.anonymize(one, base_dir=tmp_path)
    b = sqlanon.anonymize(two, base_dir=tmp_path)
    assert (a.passed, a.node, a.people, a.rows_out, a.checks[:-1]) == (
        b.passed,
        b.node,
        b.people,
        b.rows_out,
        b.checks[:-1],
    )
    if a.passed:
        assert _published(tmp_path / "one.csv") == _published(tmp_path / "two_out.csv")
    del one["output"], two["output"]
    for config in (one, two):
        config["columns"] |= {q: {"role": "quasi"} for q in case.qis}
    c, d = sqlanon.check(one, base_dir=tmp_path), sqlanon.check(two, base_dir=tmp_path)
    assert (c.people, c.checks, c.risk) == (d.people, d.checks, d.risk)


def late_model(rng: random.Random, kind: str) -> dict[str, Any]:
    """A random instance of one of the models issue 37's second part counts over people."""
    if kind == "smoothed-js":
        return {
            "t-closeness": {
                "t": rng.choice([0.003, 0.01, 0.03]),
                "distance": "smoothed-js",
                "ground": rng.choice(["equal", "ordered", "hierarchical"]),
                "bandwidth": rng.choice([0.3, 0.6, 1.5]),
                "attribute": "sens",
            }
        }
    if kind == "nt-closeness":
        return {
            "nt-closeness": {
                "n": rng.choice([2, 3, 5]),
                "t": rng.choice([0.05, 0.15, 0.3]),
                "distance": rng.choice(["equal", "ordered", "hierarchical"]),
                "attribute": "sens",
            }
        }
    if kind == "dissimilarity":
        distance = rng.choice(["numeric", "ordered", "hierarchical"])
        return {
            "dissimilarity": {
                # numeric: the values are 0..8 (_widen_sens)
                "epsilon": rng.choice([0.0, 1.0, 2.0] if distance == "numeric" else [0.0, 0.3, 0.5]),
                "delta": rng.choice([0.05, 0.15, 0.3]),
                "k": rng.choice([1, 2, 3]),
                "distance": distance,
                "attribute": "sens",
            }
        }
    raise AssertionError(kind)


def _widen_sens(case: RandomCase, rng: random.Random, values: int, numeric: bool = False) -> None:
    """Give each row of ``case`` a random one of ``values`` sensitive values (``numeric``: the
    numbers 0 .. values - 1), data.csv too."""
    for row in case.rows:
        row["sens"] = f"{'' if numeric else 'w'}{rng.randrange(values)}"
    with (case.folder / "data.csv").open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=[PERSON, *case.qis, "sens", "visit"])
        writer.writeheader()
        writer.writerows(case.rows)


LATE_MODELS = ["smoothed-js", "nt-closeness", "dissimilarity"]


@pytest.mark.parametrize("kind", LATE_MODELS)
@pytest.mark.parametrize("seed", seeds(8))
def test_each_late_model_over_people_as_the_reference(kind: str, seed: int, tmp_path: Path) -> None:
    """Each model added to person: in its own right (beside k), on random one-to-many tables
    with constant and (odd seeds) varying quasi-identifiers: check's figures are the
    reference's, and anonymize's minimal nodes and suppressed people the brute force's."""
    rng = random.Random(seed)
    case = random_people_case(
        9900 + seed, tmp_path, n_qis=rng.choice([1, 2]), max_people=25, varying=seed % 2 == 1
    )
    model = late_model(rng, kind)
    if kind == "dissimilarity":  # values far apart need a wider domain than random_people_case's
        _widen_sens(case, rng, 9, numeric=model["dissimilarity"]["distance"] == "numeric")
    criteria = [{"k-anonymity": {"k": rng.choice([1, 2])}}, model]
    config = people_config(case, criteria)
    for q in case.qis:
        config["columns"][q] = {"role": "quasi"}
    domain = sensitive_column(case, rng, config)
    del config["output"]
    report = sqlanon.check(config, base_dir=tmp_path)
    ((kind_, params),) = model.items()
    expected = ref.ref_people_model(case.rows, [PERSON], case.qis, "sens", kind_, params, domain)
    entry = report.checks[1]
    assert entry["passed"] == expected.passed, (model, entry, expected)
    assert entry["violating_classes"] == expected.violating_classes, model
    assert entry["violating_people"] == expected.violating_rows, model
    if expected.observed is None:
        assert entry["observed"] is None, model
    else:
        assert entry["observed"] == pytest.approx(expected.observed, rel=1e-9), model
    if kind == "dissimilarity":  # sqlanon's form never passes a class the exact form fails
        exact = ref.ref_people_model(
            case.rows, [PERSON], case.qis, "sens", "exact-dissimilarity", params, domain
        )
        assert exact.violating_classes <= entry["violating_classes"]
        assert exact.observed is not None and exact.observed <= entry["observed"] + 1e-12
    limit = rng.choice([0.0, 0.1, 0.3])
    config = people_config(case, criteria, suppression_limit=limit, search="exhaustive")
    domain = sensitive_column(case, rng, config)
    report = sqlanon.anonymize(config, base_dir=tmp_path)
    satisfying = ref.satisfying_people_models(
        case.rows, [PERSON], case.hierarchies, "sens", criteria, limit, domain
    )
    assert {tuple(n[q] for q in case.qis) for n in report.minimal_nodes} == minimal_nodes(set(satisfying))
    assert report.passed == bool(satisfying), report.message
    if report.passed:
        assert report.node is not None
        gone = satisfying[tuple(report.node[q] for q in case.qis)]
        people = len({r[PERSON] for r in case.rows})
        assert report.people == {"in": people, "out": people - len(gone), "suppressed": len(gone)}
