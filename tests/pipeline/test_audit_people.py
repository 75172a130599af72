"""``sqlanon audit`` with ``person:``: the minimal nodes are those over people, and every attack's
vulnerable classes and their people at each node equal a pure-Python reference written from
docs/people.md ("The audit over people"; tests/oracles/reference_people.py), on random
one-to-many tables whose quasi-identifiers are constant per person or vary."""

from __future__ import annotations

import csv
import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import sqlanon
from sqlanon.cli import main
from tests.oracles import reference_people as ref
from tests.support.cases import seeds
from tests.support.randomdata import PERSON, RandomCase, people_config, random_hierarchy, random_people_case

#: the largest distance and gain are quotients of exact counts (and EMD sums of them)
CLOSE = 1e-9


def audit_case(
    seed: int, folder: Path, varying: bool
) -> tuple[RandomCase, dict[str, Any], list[dict[str, Any]], ref.Domain]:
    """A random one-to-many table (``sens`` sensitive with an order and a random hierarchy of
    height 1 to 3), and an audit configuration: k-anonymity, sometimes distinct l-diversity or
    (alpha,k) over people, suppression of people, random attack settings and distance."""
    rng = random.Random(seed)
    case = random_people_case(seed, folder, n_qis=rng.choice([1, 2]), max_people=30, varying=varying)
    order = sorted({r["sens"] for r in case.rows})
    paths = random_hierarchy(rng, order, rng.randint(1, 3))
    with (folder / "h_sens.csv").open("w", newline="") as fh:
        csv.writer(fh, delimiter=";").writerows(paths.values())
    criteria: list[dict[str, Any]] = [{"k-anonymity": {"k": rng.randint(1, 3)}}]
    extra = rng.random()
    if extra < 0.3 and len(order) >= 2:
        criteria.append({"l-diversity": {"variant": "distinct", "l": 2, "attribute": "sens"}})
    elif extra < 0.6:
        criteria.append({"alpha-k-anonymity": {"alpha": rng.choice([0.7, 0.9]), "k": 1, "attribute": "sens"}})
    config = people_config(case, criteria, suppression_limit=rng.choice([0.0, 0.1, 0.3]))
    del config["output"]
    config["columns"]["sens"] = {"role": "sensitive", "order": order, "hierarchy": "h_sens.csv"}
    config["audit"] = {
        "negations": rng.randint(0, 2),
        "t": rng.choice([0.1, 0.2, 0.3]),
        "inference_gain": rng.choice([0.1, 0.2, 0.25]),
        "similarity_level": rng.randint(1, 2),
        "distance": rng.choice(["equal", "ordered", "hierarchical"]),
    }
    return case, config, criteria, (order, paths)


def expected(
    case: RandomCase, config: dict[str, Any], criteria: list[dict[str, Any]], domain: ref.Domain
) -> Any:
    settings = config["audit"]
    return ref.audit_people(
        case.rows,
        [PERSON],
        case.hierarchies,
        "sens",
        criteria,
        config["suppression_limit"],
        settings,
        (settings["distance"], settings["t"]),
        domain,
    )


def same(got: Any, want: Any) -> None:
    if isinstance(want, dict):
        assert got.keys() == want.keys(), (sorted(got), sorted(want))
        for key in want:
            same(got[key], want[key])
    elif isinstance(want, float):
        assert got is not None and abs(got - want) <= CLOSE, (got, want)
    else:
        assert got == want, (got, want)


def nodes(report: sqlanon.AuditReport, qis: list[str]) -> dict[tuple[int, ...], dict[str, Any]]:
    """node -> its JSON entry without the levels and the mark."""
    out = {}
    for n in report.to_dict()["nodes"]:
        out[tuple(n["node"][q] for q in qis)] = {k: v for k, v in n.items() if k not in ("node", "chosen")}
    return out


@pytest.mark.parametrize("seed", seeds(24))
def test_audit_over_people_equals_the_reference(seed: int, tmp_path: Path) -> None:
    """The minimal nodes over people, each node's people kept and suppressed, its classes and
    every attack's vulnerable classes and people are the reference's (odd seeds: people's
    quasi-identifiers vary, and a class is the people whose sets of tuples are equal)."""
    case, config, criteria, domain = audit_case(5100 + seed, tmp_path, varying=seed % 2 == 1)
    want = expected(case, config, criteria, domain)
    report = sqlanon.audit(config, base_dir=tmp_path)
    assert report.passed == bool(want)
    assert report.people == {"in": len({r[PERSON] for r in case.rows})}
    assert report.rows_in == len(case.rows)
    got = nodes(report, case.qis)
    assert set(got) == set(want)
    for node, entry in want.items():
        same(got[node], entry)
    if want:
        assert sum(n.chosen for n in report.nodes) == 1
    else:
        assert f"({config['suppression_limit']:g} of the people)" in report.message


@pytest.mark.slow
def test_the_random_cases_cover_every_attack_both_ways(tmp_path: Path) -> None:
    """The cases above find vulnerable and resisting classes for every attack, nodes that
    suppress people, and classes where homogeneity over people (a value every person has)
    differs from one value in the class (else the comparison could pass on an audit that
    counts rows' values)."""
    seen: set[tuple[str, bool]] = set()
    suppressed = varying = False
    for seed in range(24):
        case, config, criteria, domain = audit_case(5100 + seed, tmp_path / str(seed), varying=seed % 2 == 1)
        for entry in expected(case, config, criteria, domain).values():
            suppressed |= entry["suppressed_people"] > 0
            varying |= seed % 2 == 1
            for attack, found in entry["attacks"].items():
                if found is not None:
                    seen.add((attack, found["classes"] > 0))
    assert seen == {(a, v) for a in ref.ATTACKS for v in (True, False)}, seen
    assert suppressed and varying


@pytest.mark.slow
def test_the_chosen_node_is_the_one_anonymize_publishes(tmp_path: Path) -> None:
    """The marked node is the one anonymize publishes with person: (seeds whose nodes suppress
    people, constant and varying quasi-identifiers)."""
    for seed in (6, 10, 43):
        folder = tmp_path / str(seed)
        _, config, _, _ = audit_case(5100 + seed, folder, varying=seed % 2 == 1)
        audit = sqlanon.audit(config, base_dir=folder)
        published = sqlanon.anonymize(dict(config, output="out.csv"), base_dir=folder)
        assert published.passed
        assert [n.node for n in audit.nodes if n.chosen] == [published.node]
        (chosen,) = [n for n in audit.nodes if n.chosen]
        assert published.people is not None
        assert (chosen.rows, chosen.suppressed_rows) == (
            published.people["out"],
            published.people["suppressed"],
        )


def _visits(tmp_path: Path, lines: list[str]) -> dict[str, Any]:
    (tmp_path / "visits.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (tmp_path / "age.csv").write_text("30;*\n40;*\n50;*\n", encoding="utf-8")
    return {
        "source": "visits.csv",
        "person": "patient",
        "columns": {
            "patient": "identifier",
            "age": {"role": "quasi", "hierarchy": "age.csv", "max_level": 0},
            "diagnosis": "sensitive",
        },
        "criteria": [{"k-anonymity": {"k": 1}}],
        "audit": {"negations": 0},
    }


def test_one_person_s_several_values_and_a_value_every_person_has_are_homogeneous(tmp_path: Path) -> None:
    """Over rows, a class of one patient's three diagnoses holds three values, and a class
    where every patient has flu and something else holds several: neither is homogeneous.
    Over people the attacker learns all three of the first patient's diagnoses, and that a
    patient of the second class has flu: both are; a class of three patients, three diagnoses,
    is not, either way."""
    lines = [
        "patient,age,diagnosis",
        "p1,30,flu", "p1,30,cold", "p1,30,hiv",
        "p2,40,flu", "p2,40,cold", "p3,40,flu", "p3,40,hiv",
        "p5,50,flu", "p6,50,cold", "p7,50,hiv",
    ]  # fmt: skip
    config = _visits(tmp_path, lines)
    rows = sqlanon.audit({k: v for k, v in config.items() if k != "person"}, base_dir=tmp_path)
    people = sqlanon.audit(config, base_dir=tmp_path)
    (by_rows,) = rows.nodes
    (by_people,) = people.nodes
    assert by_rows.attacks["homogeneity"]["classes"] == 0
    assert by_people.attacks["homogeneity"] == {
        "classes": 2,
        "people": 3,
        "attributes": {"diagnosis": {"classes": 2, "people": 3}},
    }
    assert (by_people.rows, by_people.suppressed_rows, by_people.classes) == (6, 0, 3)
    # inference: p1, alone at 30, has cold and hiv for certain (1), which 3 of the 6 patients
    # have; at 40 both patients have flu (1), against 4 of the 6
    assert by_people.attacks["inference"]["attributes"]["diagnosis"]["largest"] == pytest.approx(1 - 3 / 6)


def test_the_report_counts_people(tmp_path: Path) -> None:
    """The text, the JSON and the HTML page say people where the figures count them."""
    lines = ["patient,age,diagnosis", "p1,30,flu", "p1,30,cold", "p2,30,flu", "p3,40,cold", "p4,40,hiv"]
    config = _visits(tmp_path, lines)
    (tmp_path / "audit.yaml").write_text(json.dumps(config))
    result = CliRunner().invoke(
        main,
        [
            "audit",
            str(tmp_path / "audit.yaml"),
            "--report",
            str(tmp_path / "r.json"),
            "--html",
            str(tmp_path / "r.html"),
        ],
    )
    assert result.exit_code == 0, result.output
    assert "people      4 (every figure counts people, not rows)" in result.output
    assert "vulnerable classes/people" in result.output
    assert "homogeneity (a value every person has)" in result.output
    header = next(line for line in result.output.splitlines() if "homogeneity" in line and "node" in line)
    assert header.split()[:2] == ["node", "people"]
    data = json.loads((tmp_path / "r.json").read_text())
    assert data["people"] == {"in": 4} and data["rows_in"] == 5
    assert data["attacks"]["homogeneity"].startswith("some sensitive value is one that every person")
    (node,) = data["nodes"]
    assert (node["people"], node["suppressed_people"]) == (4, 0)
    assert "rows" not in node and "suppressed_rows" not in node
    for entry in node["attacks"].values():
        assert entry is None or ("people" in entry and "rows" not in entry)
    page = (tmp_path / "r.html").read_text()
    assert "vulnerable classes / their people" in page
    assert '"title": "share of people"' in page and '"field": "people"' in page  # the heat map's
    for value in ("flu", "cold", "hiv"):  # counts only, never a value
        assert value not in result.output + (tmp_path / "r.json").read_text()
