"""``sqlanon explore`` on the command line: the table on stdout (a line per setting), the exit
code (0 when a setting's release would pass its gate, 1 when none would), and bad --vary keys
and values: exit 2, one paragraph naming the key, no traceback, nothing written."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.cli.test_bad_input import assert_error, base_config, make_project, run, snapshot


def _project(tmp_path: Path, config: dict[str, Any] | None = None) -> Path:
    make_project(tmp_path)
    path = tmp_path / "config.yaml"
    path.write_text(json.dumps(config or base_config()), encoding="utf-8")  # JSON is YAML
    return path


def test_explore_prints_a_line_per_setting_and_writes_no_release(tmp_path: Path) -> None:
    path = _project(tmp_path)
    before = snapshot(tmp_path)
    result = run("explore", str(path), "--vary", "k=2,3", "--vary", "suppression_limit=0,0.2", "-v")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split()[:3] == ["k", "suppression_limit", "node"]
    assert [line.split()[:2] for line in lines[1:5]] == [["2", "0"], ["2", "0.2"], ["3", "0"], ["3", "0.2"]]
    assert all(line.rstrip().endswith("passes") for line in lines[1:5])
    assert "nothing was written" in lines[5] and "Verdicts reused" in lines[6]
    assert snapshot(tmp_path) == before  # no release, no report


def test_explore_exits_1_when_no_setting_passes_its_gate(tmp_path: Path) -> None:
    config = dict(base_config(), risk={"prosecutor_highest": 0.01})
    path = _project(tmp_path, config)
    result = run("explore", str(path), "--vary", "k=2,3", "--json", str(tmp_path / "e.json"))
    assert result.exit_code == 1, result.output
    document = json.loads((tmp_path / "e.json").read_text())
    assert document["passed"] is False and document["published"] is False
    assert document["reuse"] == {"applied": False, "why": "the configuration has risk limits"}
    assert all("prosecutor_highest" in s["why"] for s in document["settings"])
    again = run("explore", str(path), "--vary", "k=2", "--json", str(tmp_path / "e.json"))
    assert again.exit_code == 1  # an earlier explore document may be replaced


_L_ONLY = dict(base_config(), criteria=[{"l-diversity": {"l": 2, "attribute": "disease"}}])
_TWO_K = dict(base_config(), criteria=[{"k-anonymity": {"k": 2}}, {"k-anonymity": {"k": 3}}])


@pytest.mark.parametrize(
    ("config", "vary", "needles"),
    [
        (None, ["colour=1,2"], ["colour", "unknown key"]),
        (None, ["suppression_limit=0,1.5"], ["suppression_limit", "[0, 1]", "1.5"]),
        (None, ["k=0,2"], ["vary k", "k must be at least 1"]),
        (None, ["k=2,x"], ["k", "'x' is not a number"]),
        (None, ["k=2.5"], ["vary k", "whole number"]),
        (None, ["k"], ["KEY=V1,V2"]),
        (None, ["k=2", "k=3"], ["k is given twice"]),
        (None, ["k=2", "criteria[0].k=3"], ["criteria[0].k", "same parameter as k"]),
        (None, ["criteria[0].t=0.1"], ["criteria[0]", "unknown parameter", "'t'"]),
        (None, ["criteria[3].k=2"], ["criteria[3].k", "1 criteria"]),
        (None, ["k=50"], ["k = 50", "larger than the table"]),
        (_L_ONLY, ["k=2,3"], ["vary k", "no k-anonymity criterion"]),
        (_L_ONLY, ["criteria[0].l=2,9"], ["l-diversity", "l = 9", "larger than the number of distinct"]),
        (_L_ONLY, ["criteria[0].variant=1"], ["criteria[0].variant", "not a number"]),
        (_TWO_K, ["k=2,3"], ["vary k", "criteria[0].k, criteria[1].k"]),
        (None, ["k=" + ",".join(map(str, range(1, 11))), "suppression_limit=" + ",".join(["0"] * 11)],
         ["10 x 11 = 110 settings", "at most 100"]),
        (dict(base_config(), search="mondrian", columns=dict(base_config()["columns"], age={"role": "quasi"})),
         ["k=2"], ["mondrian"]),
    ],
)  # fmt: skip
def test_bad_vary_is_exit_2_naming_the_key(
    tmp_path: Path, config: dict[str, Any] | None, vary: list[str], needles: list[str]
) -> None:
    path = _project(tmp_path, config)
    before = snapshot(tmp_path)
    args = [a for v in vary for a in ("--vary", v)]
    result = run("explore", str(path), *args, "--json", str(tmp_path / "e.json"))
    assert_error(result, *needles)
    assert snapshot(tmp_path) == before


def test_explore_schema_prints_the_shipped_schema() -> None:
    from sqlanon.report.explore import SCHEMA_VERSION, schema_text

    result = run("explore-schema")
    assert result.exit_code == 0
    schema = json.loads(result.stdout)
    assert schema == json.loads(schema_text())
    assert f"Schema version {SCHEMA_VERSION}" in schema["description"]
