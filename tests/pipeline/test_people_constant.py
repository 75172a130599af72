"""``person: {columns: ..., constant: ...}``: columns every row of a person must agree on. A
person whose rows disagree on one is refused by name (what a data owner declares, the data must
meet); undeclared, quasi-identifiers may vary and a person is classed by the set of their
tuples (test_people.py)."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

import sqlanon
from sqlanon.cli import main
from sqlanon.errors import ConfigError, DataError
from tests.support.cases import seeds
from tests.support.randomdata import PERSON, people_config, random_people_case


def _disagreeing(rows: list[dict[str, str]], column: str) -> int:
    """The people whose rows carry more than one value of ``column`` (the reference)."""
    values: dict[str, set[str]] = defaultdict(set)
    for row in rows:
        values[row[PERSON]].add(row[column])
    return sum(len(v) > 1 for v in values.values())


@pytest.mark.parametrize("seed", seeds(8))
def test_a_declared_constant_column_that_varies_is_refused_and_one_that_does_not_changes_nothing(
    seed: int, tmp_path: Path
) -> None:
    case = random_people_case(seed, tmp_path, varying=seed % 2 == 0)
    criteria = [{"k-anonymity": {"k": 2}}]
    plain = people_config(case, criteria, suppression_limit=0.3)
    declared = {**plain, "person": {"columns": PERSON, "constant": "all"}, "output": "declared.csv"}
    varying = [(q, _disagreeing(case.rows, q)) for q in case.qis if _disagreeing(case.rows, q)]
    if varying:
        column, people = varying[0]
        with pytest.raises(DataError, match=rf"^{people} person\(s\) of the source .* values of '{column}'"):
            sqlanon.anonymize(declared, base_dir=tmp_path)
        assert not (tmp_path / "declared.csv").exists()
        with pytest.raises(DataError, match=rf"values of '{column}', which person.constant"):
            sqlanon.check({**declared, "source": "data.csv"}, base_dir=tmp_path)
    else:
        got = sqlanon.anonymize(declared, base_dir=tmp_path)
        want = sqlanon.anonymize(plain, base_dir=tmp_path)
        assert (got.node, got.people, got.rows_out) == (want.node, want.people, want.rows_out)
        assert (tmp_path / "declared.csv").read_bytes() == (tmp_path / "out.csv").read_bytes()
    # the row-varying insensitive column: refused whenever some person has two visits
    visits = _disagreeing(case.rows, "visit")
    on_visit = {**plain, "person": {"columns": [PERSON], "constant": ["visit"]}, "output": "visit.csv"}
    if visits:
        with pytest.raises(DataError, match=rf"^{visits} person\(s\) .* values of 'visit'"):
            sqlanon.anonymize(on_visit, base_dir=tmp_path)
        assert not (tmp_path / "visit.csv").exists()
    else:
        assert sqlanon.anonymize(on_visit, base_dir=tmp_path).passed is not None


def _visits(tmp_path: Path) -> dict[str, Any]:
    (tmp_path / "visits.csv").write_text(
        "patient,age,sex,diagnosis\np1,30,f,flu\np1,40,f,cold\np2,40,m,flu\np3,40,m,flu\n", encoding="utf-8"
    )
    (tmp_path / "age.csv").write_text("30;*\n40;*\n", encoding="utf-8")
    (tmp_path / "sex.csv").write_text("f;*\nm;*\n", encoding="utf-8")
    return {
        "source": "visits.csv",
        "columns": {
            "patient": "identifier",
            "age": {"role": "quasi", "hierarchy": "age.csv"},
            "sex": {"role": "quasi", "hierarchy": "sex.csv"},
            "diagnosis": "sensitive",
        },
        "criteria": [{"k-anonymity": {"k": 2}}],
        "output": "out.csv",
    }


@pytest.mark.parametrize(
    ("person", "message"),
    [
        (
            {"columns": "patient", "constant": ["nobody"]},
            r"person.constant names 'nobody', which is not in columns",
        ),
        ({"columns": "patient", "constant": ["patient"]}, r"'patient', which has role identifier"),
        ({"columns": "patient", "constant": ["sex", "sex"]}, r"names column 'sex' more than once"),
        ({"columns": "patient", "constant": []}, r"person.constant must be all"),
        ({"columns": "patient", "constant": "every"}, r"'every', which is not in columns"),
        ({"constant": "all"}, r"person as a mapping needs columns"),
        ({"columns": "patient", "constnat": "all"}, r"Unknown key\(s\) \['constnat'\] in person"),
    ],
)
def test_bad_constant_declarations_are_refused(tmp_path: Path, person: dict[str, Any], message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        sqlanon.anonymize({**_visits(tmp_path), "person": person}, base_dir=tmp_path)
    assert not (tmp_path / "out.csv").exists()


def test_the_cli_exits_2_naming_the_column_and_no_value(tmp_path: Path) -> None:
    """p1 was seen at 30 and at 40 though age is declared constant: exit 2, nothing written,
    the message names the column and counts the people, and prints no value of the data."""
    config = {**_visits(tmp_path), "person": {"columns": "patient", "constant": ["sex", "age"]}}
    (tmp_path / "config.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")
    run = CliRunner().invoke(main, ["anonymize", str(tmp_path / "config.yaml")])
    assert run.exit_code == 2, run.output
    assert "1 person(s) of the source have rows with different values of 'age'" in run.output
    assert "Traceback" not in run.output
    for value in ("p1", "30", "40", "flu", "cold"):
        assert value not in run.output
    assert not (tmp_path / "out.csv").exists()
    # sex alone is constant: the run goes on, and p1 is classed by the set {30, 40}
    config["person"] = {"columns": "patient", "constant": ["sex"]}
    report = sqlanon.anonymize(config, base_dir=tmp_path)
    assert report.people == {"in": 3, "out": 3, "suppressed": 0}
