"""Builder hierarchies on real-data friction, end to end through ``sqlanon anonymize``: NULL
mapped by ``missing: LABEL`` or a tree's null leaf, ``pad`` on a mask, the dates builder's
``day`` level and the shipped hierarchies named ``builtin:NAME``.

Each case writes a small CSV (an empty unquoted field is NULL: CSV sources are read as text) and
a configuration to a temporary folder with no ``hierarchies/`` in it, runs the command in-process
with click's ``CliRunner``, and reads the release back with the ``csv`` module.
"""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner, Result

from sqlanon.cli import main


def project(folder: Path, header: list[str], rows: list[list[str]], cfg: dict[str, Any]) -> Path:
    """people.csv and config.yaml in ``folder``; the release goes to out/release.csv."""
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / "people.csv").open("w", encoding="utf-8", newline="") as f:
        csv.writer(f, lineterminator="\n").writerows([header, *rows])
    config = folder / "config.yaml"
    full = {"source": "people.csv", **cfg, "output": "out/release.csv"}
    config.write_text(yaml.safe_dump(full, sort_keys=False), encoding="utf-8")
    assert not (folder / "hierarchies").exists()
    return config


def anonymize(config: Path) -> Result:
    return CliRunner().invoke(main, ["anonymize", str(config)], catch_exceptions=True)


def release(config: Path, column: str) -> Counter[str]:
    """How many rows of the release hold each value of ``column``."""
    with (config.parent / "out" / "release.csv").open(encoding="utf-8", newline="") as f:
        return Counter(row[column] for row in csv.DictReader(f))


def ok(result: Result) -> None:
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == 0, f"exit {result.exit_code}\n{result.stdout}\n{result.stderr}"


@pytest.fixture(autouse=True)
def _elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Run from a folder without hierarchies/ (the checkout has one)."""
    monkeypatch.chdir(tmp_path)


AGES = ["21", "23", "25", "27", "34", "36", "", "", ""]


def ages_config(hierarchy: dict[str, Any]) -> dict[str, Any]:
    return {
        "columns": {"id": {"role": "identifier"}, "age": {"role": "quasi", "hierarchy": hierarchy}},
        "criteria": [{"k-anonymity": {"k": 2}}],
    }


def test_intervals_missing_label_in_the_release(tmp_path: Path) -> None:
    rows = [[f"p{i}", age] for i, age in enumerate(AGES)]
    spec = {"type": "intervals", "widths": [10, 20], "missing": "unknown"}
    config = project(tmp_path / "p", ["id", "age"], rows, ages_config(spec))
    ok(anonymize(config))
    assert release(config, "age") == {"[20, 30)": 4, "[30, 40)": 2, "unknown": 3}


def test_null_without_mapping_says_what_to_do_for_each_kind(tmp_path: Path) -> None:
    rows = [[f"p{i}", age] for i, age in enumerate(AGES)]
    config = project(tmp_path / "p", ["id", "age"], rows, ages_config({"type": "intervals", "widths": [10]}))
    result = anonymize(config)
    assert result.exit_code == 2, result.output
    err = result.stderr
    assert "Traceback" not in err and err.startswith("sqlanon: error: ")
    for needle in ("'age'", "3 NULL", "';missing;*'", "missing: LABEL", "intervals, mask or dates", "tree"):
        assert needle in err, (needle, err)
    assert not (tmp_path / "p" / "out").exists()


def test_tree_null_leaf_in_the_release(tmp_path: Path) -> None:
    rows = [["p1", "a"], ["p2", "a"], ["p3", "b"], ["p4", "b"], ["p5", ""], ["p6", ""], ["p7", ""]]
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "dx.yaml").write_text(
        "type: tree\ntree:\n  '*':\n    known: [a, b]\n    unknown: [~]\n", encoding="utf-8"
    )
    cfg = {
        "columns": {"id": {"role": "identifier"}, "dx": {"role": "quasi", "hierarchy": "dx.yaml"}},
        "criteria": [{"k-anonymity": {"k": 3}}],
    }
    config = project(tmp_path / "p", ["id", "dx"], rows, cfg)
    ok(anonymize(config))
    assert release(config, "dx") == {"known": 4, "unknown": 3}


def test_builtin_age_and_sex_from_a_folder_without_hierarchies(tmp_path: Path) -> None:
    rows = [
        ["21", "Male"],
        ["22", "Male"],
        ["23", "Female"],
        ["24", "Female"],
        ["36", "Male"],
        ["37", "Male"],
    ]
    cfg = {
        "columns": {
            "age": {"role": "quasi", "hierarchy": "builtin:age"},
            "sex": {"role": "quasi", "hierarchy": "builtin:sex.csv"},
        },
        "criteria": [{"k-anonymity": {"k": 2}}],
    }
    config = project(tmp_path / "p", ["age", "sex"], rows, cfg)
    ok(anonymize(config))
    assert release(config, "age") == {"[20, 25)": 4, "[35, 40)": 2}
    assert release(config, "sex") == {"Male": 4, "Female": 2}


def test_builtin_unknown_name_lists_the_shipped_ones(tmp_path: Path) -> None:
    cfg = {
        "columns": {"age": {"role": "quasi", "hierarchy": "builtin:../age"}},
        "criteria": [{"k-anonymity": {"k": 1}}],
    }
    config = project(tmp_path / "p", ["age"], [["21"]], cfg)
    result = anonymize(config)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.stderr
    for needle in ("'age'", "'builtin:../age'", "builtin:age, builtin:dates"):
        assert needle in result.stderr, (needle, result.stderr)


def test_mask_pad_restores_leading_zeros(tmp_path: Path) -> None:
    rows = [["2134"], ["02139"], ["2130"], ["12345"], ["12346"]]
    spec = {"type": "mask", "pad": "0", "levels": [1, 2, 3, 4, 5]}
    cfg = {"columns": {"zip": {"role": "quasi", "hierarchy": spec}}, "criteria": [{"k-anonymity": {"k": 2}}]}
    config = project(tmp_path / "p", ["zip"], rows, cfg)
    ok(anonymize(config))
    assert release(config, "zip") == {"0213*": 3, "1234*": 2}


def test_dates_day_level_on_timestamps(tmp_path: Path) -> None:
    stamps = ["2024-03-05 10:22:01", "2024-03-05T08:00:00", "2024-03-06 09:00:00", "2024-03-06 23:59:59"]
    spec = {"type": "dates", "levels": ["day", "month", "year"]}
    cfg = {"columns": {"at": {"role": "quasi", "hierarchy": spec}}, "criteria": [{"k-anonymity": {"k": 2}}]}
    config = project(tmp_path / "p", ["at"], [[s] for s in stamps], cfg)
    ok(anonymize(config))
    assert release(config, "at") == {"2024-03-05": 2, "2024-03-06": 2}
