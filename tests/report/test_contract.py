"""The report as a versioned contract (issue 39, item 4): its ``metadata``, its JSON Schema,
``sqlanon report-schema``, and the report on stdout for pipelines (``--format json`` and
``--format github``).

Every report any test makes is validated against the schema by tests/conftest.py
(tests/support/contract.py); here: that the check can fail, and what the metadata says."""

from __future__ import annotations

import copy
import datetime as dt
import json
import os
from importlib import metadata as importlib_metadata
from pathlib import Path
from typing import Any

import duckdb
import psycopg
import pytest
from jsonschema import Draft202012Validator

from sqlanon import api
from sqlanon.config.digest import config_sha256
from sqlanon.report.metadata import SCHEMA_VERSION
from sqlanon.report.model import Report
from sqlanon.report.schema import report_schema
from tests.cli.test_cli import PEOPLE, base_config, make_project, ok, run, write_yaml
from tests.support import contract
from tests.support.pgserver import Server


def now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


def stamp(text: str) -> dt.datetime:
    assert text.endswith("Z"), text
    return dt.datetime.fromisoformat(text.removesuffix("Z") + "+00:00")


def check_config(k: int = 2) -> dict[str, Any]:
    cfg = base_config(criteria=[{"k-anonymity": {"k": k}}])
    del cfg["output"]
    return cfg


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return make_project(tmp_path / "p")


def test_the_schema_version_is_pinned_and_the_schema_is_valid() -> None:
    assert SCHEMA_VERSION == contract.PINNED_SCHEMA_VERSION
    schema = report_schema()
    Draft202012Validator.check_schema(schema)
    assert f"Schema version {SCHEMA_VERSION}" in schema["description"]


def test_every_command_says_who_when_what_and_where(project: Path) -> None:
    """anonymize, apply, check and audit: sqlanon's version, the schema's, the run's time, the
    configuration's hash (the YAML file's and the same mapping's alike) and DuckDB's version."""
    start = now()
    cfg = base_config(overwrite=True)
    path = write_yaml(project / "a.yaml", cfg)
    reports = {
        "anonymize": api.anonymize(path, report=project / "a.json"),
        "apply": api.apply(cfg, base_dir=project, node="zip=2,age=1,sex=1", report=project / "b.json"),
        "audit": api.audit(path, report=project / "c.json"),
    }
    check_path = write_yaml(project / "c.yaml", check_config())
    reports["check"] = api.check(check_path, report=project / "d.json")
    end = now()
    hashes = {}
    for command, report in reports.items():
        meta = report.metadata
        assert meta["sqlanon_version"] == importlib_metadata.version("sqlanon")
        assert meta["schema_version"] == contract.PINNED_SCHEMA_VERSION
        assert start - dt.timedelta(milliseconds=1) <= stamp(meta["time"]) <= end, (command, meta["time"])
        assert meta["engine"] == {"kind": "duckdb", "version": duckdb.__version__}
        hashes[command] = meta["config_sha256"]
        assert report.to_dict()["metadata"] == meta
    for name in ("a", "b", "c", "d"):  # the files say the same (and validate: tests/conftest.py)
        written = json.loads((project / f"{name}.json").read_text(encoding="utf-8"))
        assert not contract.problems(written)
    assert (
        json.loads((project / "a.json").read_text(encoding="utf-8"))["metadata"]
        == reports["anonymize"].metadata
    )
    # the YAML file and the mapping given to the API hash alike; another parameter does not
    assert hashes["anonymize"] == hashes["apply"] == hashes["audit"]
    assert hashes["check"] != hashes["anonymize"]
    assert api.check(check_config(), base_dir=project).metadata["config_sha256"] == hashes["check"]
    assert api.check(check_config(k=3), base_dir=project).metadata["config_sha256"] != hashes["check"]
    reordered = dict(reversed(list(check_config().items())))  # a key's order is not the configuration
    assert api.check(reordered, base_dir=project).metadata["config_sha256"] == hashes["check"]


def test_the_schema_catches_a_broken_report(project: Path) -> None:
    report = api.check(check_config(), base_dir=project)
    good = json.loads(report.to_json())
    assert contract.problems(good) == []
    missing = copy.deepcopy(good)
    del missing["checks"]
    assert any("'checks' is a required property" in p for p in contract.problems(missing))
    retyped = copy.deepcopy(good)
    retyped["rows_in"] = "10"
    assert any(p.startswith("rows_in:") for p in contract.problems(retyped))
    hashless = copy.deepcopy(good)
    hashless["metadata"]["config_sha256"] = "not a hash"
    assert any(p.startswith("metadata/config_sha256:") for p in contract.problems(hashless))
    nameless = copy.deepcopy(good)
    del nameless["checks"][0]["criterion"]
    assert any(p.startswith("checks/0:") for p in contract.problems(nameless))
    added = copy.deepcopy(good)
    added["surprise"] = 1  # a field the schema does not know: a new minor version first
    assert contract.problems(added)
    # the session-wide watch (tests/conftest.py) sees a broken report as it is made
    broken = Report(command="check", passed=True, rows_in=1, rows_out=None, suppressed_rows=None, checks=[])
    broken.metadata = {"sqlanon_version": "x"}
    broken.to_json()
    assert any("metadata" in p for p in contract.found)
    contract.found.clear()


def test_report_schema_command_prints_the_shipped_schema() -> None:
    result = ok(run("report-schema"))
    assert json.loads(result.stdout) == report_schema()


SENSITIVE = {v for row in PEOPLE[1:] for v in (row[0], row[1], row[4])}


def strings(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set().union(*(strings(v) | {str(k)} for k, v in value.items())) if value else set()
    if isinstance(value, list):
        return set().union(*(strings(v) for v in value)) if value else set()
    return {value} if isinstance(value, str) else set()


def test_format_json_is_the_report_file_without_values(project: Path) -> None:
    config = write_yaml(project / "g.yaml", check_config(k=2))
    result = ok(run("check", str(config), "--report", str(project / "r.json"), "--format", "json"), 1)
    printed = json.loads(result.stdout)
    assert printed == json.loads((project / "r.json").read_text(encoding="utf-8"))
    assert contract.problems(printed) == []
    assert not strings(printed) & SENSITIVE
    # with --show-violations the file lists violating classes; stdout (a CI log) never does
    listed = ok(
        run(
            "check",
            str(config),
            "--report",
            str(project / "v.json"),
            "--show-violations",
            "3",
            "--format",
            "json",
        ),
        1,
    )
    in_file = json.loads((project / "v.json").read_text(encoding="utf-8"))
    assert in_file["checks"][0]["violations"]
    printed = json.loads(listed.stdout)
    assert not strings(printed) & SENSITIVE and "violations" not in printed["checks"][0]
    for entry in in_file["checks"]:
        entry.pop("violations", None)
    assert printed == in_file
    # anonymize and audit print theirs too (the exit code unchanged)
    anonymized = ok(
        run("anonymize", str(write_yaml(project / "a.yaml", base_config(overwrite=True))), "--format", "json")
    )
    assert json.loads(anonymized.stdout)["command"] == "anonymize"
    assert not strings(json.loads(anonymized.stdout)) & SENSITIVE
    audited = ok(run("audit", str(project / "a.yaml"), "--format", "json"))
    assert json.loads(audited.stdout)["command"] == "audit"


def test_format_github_annotates_failing_and_passing_gates(project: Path) -> None:
    failing = write_yaml(
        project / "f.yaml",
        check_config()
        | {"criteria": [{"k-anonymity": {"k": 2}}, {"l-diversity": {"attribute": "disease", "l": 2}}]},
    )
    result = ok(run("check", str(failing), "--format", "github"), 1)
    lines = result.stdout.splitlines()
    assert (
        lines[0]
        == "::error title=sqlanon check%3A k-anonymity (k=2)::observed 1; 10 classes violate, 10 rows violate"
    )
    assert lines[1].startswith(
        "::error title=sqlanon check%3A l-diversity (distinct%2C l=2) on disease::observed 1;"
    )
    assert lines[2].startswith(
        "::error title=sqlanon check%3A identifiers-dropped::the table still holds the identifier column(s) name;"
    )
    assert lines[3].startswith(
        "::error title=sqlanon check%3A failed::the table still holds identifier column(s) 'name'"
    )
    assert len(lines) == 4 and not any(value in result.stdout for value in SENSITIVE)
    passing = check_config(k=1)
    passing["columns"]["name"] = {"role": "insensitive"}
    result = ok(run("check", str(write_yaml(project / "p.yaml", passing)), "--format", "github"))
    assert result.stdout.splitlines() == ["::notice title=sqlanon check%3A passed::passed"]
    anonymized = ok(
        run(
            "anonymize",
            str(write_yaml(project / "a.yaml", base_config(overwrite=True))),
            "--format",
            "github",
        )
    )
    assert anonymized.stdout.startswith("::notice title=sqlanon anonymize%3A passed::")
    nothing = ok(
        run(
            "anonymize",
            str(
                write_yaml(
                    project / "n.yaml",
                    base_config(
                        overwrite=True, criteria=[{"l-diversity": {"variant": "recursive", "l": 2, "c": 1}}]
                    ),
                )
            ),
            "--format",
            "github",
        ),
        1,
    )
    first, last = nothing.stdout.splitlines()
    assert first.startswith(
        "::error title=sqlanon anonymize%3A l-diversity (recursive%2C l=2%2C c=1) on disease::"
    )
    assert last.startswith("::error title=sqlanon anonymize%3A failed::") and "satisf" in last


def test_postgres_metadata(postgres: Server) -> None:
    """On PostgreSQL the engine is named with the server's own version (``server_version``)."""
    engine = {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}
    cfg = {
        "source": {"query": "SELECT * FROM (VALUES ('a', 1), ('a', 2), ('b', 3), ('b', 4)) AS t(g, s)"},
        "columns": {"g": {"role": "quasi"}, "s": {"role": "sensitive"}},
        "criteria": [{"k-anonymity": {"k": 2}}],
        "engine": engine,
    }
    report = api.check(cfg)
    with psycopg.connect(postgres.url, password=os.environ[postgres.password_env]) as con:
        version = con.execute("SHOW server_version").fetchone()
    assert version is not None
    assert report.passed and report.metadata["engine"] == {"kind": "postgres", "version": version[0]}
    assert contract.problems(json.loads(report.to_json())) == []


def test_a_relation_source_is_hashed_by_its_type_never_its_contents() -> None:
    """A relation given as the source (with ``connection=``) is hashed as its type's name: two
    relations of other rows hash alike; the engine is the caller's DuckDB. (Spark's
    ``spark.version`` is checked where a Spark check already runs: tests/report/test_html.py.)"""
    con = duckdb.connect()
    cfg: dict[str, Any] = {
        "columns": {"g": {"role": "quasi"}, "s": {"role": "sensitive"}},
        "criteria": [{"k-anonymity": {"k": 2}}],
    }
    one = api.check(
        dict(cfg, source=con.sql("SELECT * FROM (VALUES ('a', 1), ('a', 2)) t(g, s)")), connection=con
    )
    other = api.check(
        dict(cfg, source=con.sql("SELECT * FROM (VALUES ('b', 3), ('b', 4)) t(g, s)")), connection=con
    )
    assert one.metadata["config_sha256"] == other.metadata["config_sha256"]
    assert one.metadata["config_sha256"] == config_sha256(dict(cfg, source={"$object": "DuckDBPyRelation"}))
    assert one.metadata["engine"] == {"kind": "duckdb", "version": duckdb.__version__}
    con.close()
