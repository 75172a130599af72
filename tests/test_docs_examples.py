"""Every example of the README and of docs/*.md, run as written.

Each fenced block of those files is one of:

- an example: the line before it is ``<!-- example: NAME -->``, and ``RUNNERS[NAME]`` runs it
  (the blocks of one name, a configuration and the command that uses it, run together, in the
  order they are written) against real DuckDB on generated data (``sqlanon.demo``), asserting
  what the text around it says;
- not run, for the reason the line before it gives: ``<!-- not run: REASON -->``;
- an output sample: a ```text block with no marker.

A block that is none of these fails :func:`test_every_block_is_run_or_marked`, as does an
example name with no runner and a runner whose example is gone. The examples that need a
PostgreSQL server or Spark (the configurations of docs/engines.md, whose ``columns: ...`` are
placeholders and whose servers are example.org's) are parsed as configurations here, with the
demo's columns and criteria in place of the placeholders; tests/engines/test_postgres_republish.py
runs the GRANT statements as written against the test server, and tests/engines/test_spark_cli.py
a configuration of the Spark example's shape. The dbt example runs in dbt (dbt's venv of
tests/support/dbtenv.py), as the dbt package's tests do.
"""

from __future__ import annotations

import csv
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import duckdb
import numpy as np
import pytest
import sqlglot
import yaml

from sqlanon import api
from sqlanon.config import parse_config
from sqlanon.demo import demo_config, generate_people, write_demo

ROOT = Path(__file__).resolve().parents[1]
DOCS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]

FENCE = re.compile(r"^(?P<indent>\s*)```(?P<lang>[^`\s]*)\s*$")
MARKER = re.compile(r"^\s*<!-- (?P<kind>example|not run): (?P<what>.+?) -->\s*$")


@dataclass(frozen=True)
class Block:
    path: Path
    line: int  # the opening fence's line number, 1-based
    lang: str
    text: str
    marker: tuple[str, str] | None  # ("example", name) or ("not run", reason)

    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


def blocks_of(path: Path) -> list[Block]:
    """The fenced blocks of ``path``, each with the marker on the line before it (blank lines
    between are not allowed: the marker belongs to the block right under it)."""
    lines = path.read_text(encoding="utf-8").split("\n")
    found: list[Block] = []
    i = 0
    while i < len(lines):
        opened = FENCE.match(lines[i])
        if not opened:
            i += 1
            continue
        end = next(
            (j for j in range(i + 1, len(lines)) if lines[j].strip() == "```"),
            None,
        )
        assert end is not None, f"{path.relative_to(ROOT)}:{i + 1}: a fenced block that is never closed"
        marked = MARKER.match(lines[i - 1]) if i > 0 else None
        indent = len(opened["indent"])
        text = "\n".join(line[indent:] for line in lines[i + 1 : end]) + "\n"
        marker = (marked["kind"], marked["what"]) if marked else None
        found.append(Block(path, i + 1, opened["lang"], text, marker))
        i = end + 1
    return found


def all_blocks() -> list[Block]:
    return [block for path in DOCS for block in blocks_of(path)]


def examples() -> dict[str, list[Block]]:
    named: dict[str, list[Block]] = {}
    for block in all_blocks():
        if block.marker and block.marker[0] == "example":
            named.setdefault(block.marker[1], []).append(block)
    return named


# -- running what the examples say ------------------------------------------------------------


def _bin(folder: Path) -> Path:
    """A folder holding ``sqlanon``: this interpreter's (the venv's script), else a wrapper that
    runs this checkout's CLI with this interpreter."""
    script = Path(sys.executable).parent / "sqlanon"
    if script.is_file():
        return script.parent
    wrapper = folder / "sqlanon"
    wrapper.write_text(f'#!/bin/sh\nexec "{sys.executable}" -c "from sqlanon.cli import main; main()" "$@"\n')
    wrapper.chmod(0o755)
    return folder


def sh(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run ``command`` in bash, as a reader would paste it, with ``sqlanon`` on the PATH
    importing this checkout."""
    binary = _bin(cwd.parent)
    env = {
        **os.environ,
        "PATH": f"{binary}{os.pathsep}{os.environ.get('PATH', '')}",
        "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p),
        "PYTHONIOENCODING": "utf-8",
    }
    return subprocess.run(
        ["bash", "-euo", "pipefail", "-c", command],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=300,
        check=False,
    )


def commands(block: Block) -> list[str]:
    """The block's command lines (comments and blank lines left out; comments after a command
    stay, bash ignores them)."""
    return [line for line in block.text.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def ok(result: subprocess.CompletedProcess[str], code: int = 0) -> subprocess.CompletedProcess[str]:
    assert result.returncode == code, f"exit {result.returncode}\n{result.stdout}\n{result.stderr}"
    assert "Traceback" not in result.stderr
    return result


def write_named_yaml(block: Block, folder: Path) -> Path:
    """Write a YAML block whose first line names its file (``# people.yaml``) to that file."""
    assert block.lang == "yaml", block.where()
    first = block.text.splitlines()[0]
    named = re.fullmatch(r"# (\S+\.yaml)", first)
    assert named, f"{block.where()}: the block's first line should name its file, got {first!r}"
    path = folder / named[1]
    path.write_text(block.text, encoding="utf-8")
    return path


def run_python(block: Block, folder: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """Execute a Python block in ``folder`` (its working directory); its names afterwards."""
    assert block.lang == "python", block.where()
    monkeypatch.chdir(folder)
    namespace: dict[str, Any] = {"__name__": "__docs_example__"}
    exec(compile(block.text, block.where(), "exec"), namespace)  # the documented example, as written
    return namespace


def people_csv(folder: Path, rows: int = 5000) -> Path:
    """The demo's generated people as a CSV file (name, zip, age, sex, disease, salary)."""
    people = generate_people(rows)
    path = folder / "people.csv"
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(people[0]))
        writer.writeheader()
        writer.writerows(people)
    return path


def warehouse_db(folder: Path, year: bool = False) -> Path:
    """``warehouse.duckdb`` with the table ``staging.people`` of generated people (with
    ``year``: a column ``year``, 2025 or 2026)."""
    source = people_csv(folder)
    path = folder / "warehouse.duckdb"
    with duckdb.connect(str(path)) as con:
        con.execute("CREATE SCHEMA staging")
        extra = ", 2025 + (row_number() OVER () % 2) AS year" if year else ""
        con.execute(f"CREATE TABLE staging.people AS SELECT *{extra} FROM read_csv(?)", [str(source)])
    source.unlink()
    return path


# -- the examples ---------------------------------------------------------------------------


Runner = Callable[[list[Block], Path, pytest.FixtureRequest], None]
RUNNERS: dict[str, Runner] = {}


def runs(name: str) -> Callable[[Runner], Runner]:
    def register(runner: Runner) -> Runner:
        RUNNERS[name] = runner
        return runner

    return register


INSTALL = 'python3 -m venv .venv && . .venv/bin/activate && pip install -e ".[fast]" && '


@runs("quick-start-demo")
def _quick_start(blocks: list[Block], folder: Path, request: pytest.FixtureRequest) -> None:
    """The quick start: the install (this test runs in an installed checkout already), then
    ``sqlanon demo``: the release written, anonymize and its check passed."""
    (block,) = blocks
    (line,) = commands(block)
    assert line.startswith(INSTALL), line
    result = ok(sh(line.removeprefix(INSTALL), folder))
    assert "sqlanon anonymize: PASSED" in result.stdout and "sqlanon check: PASSED" in result.stdout
    assert (folder / "demo-run" / "out" / "people_release.csv").is_file()


@runs("demo-anonymize-output")
def _demo_output(blocks: list[Block], folder: Path, request: pytest.FixtureRequest) -> None:
    """What the quick start's ``anonymize`` prints, line for line (the release's folder aside)."""
    (block,) = blocks
    write_demo(folder / "demo-run")
    result = ok(sh("sqlanon anonymize demo-run/anonymize.yaml", folder))
    printed = result.stdout.replace(str(folder.resolve()), "/home/me").splitlines()
    assert printed == block.text.splitlines()


@runs("warehouse")
def _warehouse(blocks: list[Block], folder: Path, request: pytest.FixtureRequest) -> None:
    """The README's warehouse table: the release written into the database, without the
    identifier, its report passed."""
    config, command = blocks
    warehouse_db(folder)
    write_named_yaml(config, folder)
    (line,) = commands(command)
    ok(sh(line, folder))
    report = json.loads((folder / "people-report.json").read_text())
    assert report["passed"] and report["rows_out"] > 0
    with duckdb.connect(str(folder / "warehouse.duckdb"), read_only=True) as con:
        columns = [row[0] for row in con.execute("DESCRIBE analytics.people_release").fetchall()]
        (rows,) = con.execute("SELECT count(*) FROM analytics.people_release").fetchone() or (0,)
    assert columns == ["zip", "age", "sex", "disease", "salary"] and rows == report["rows_out"]


@runs("gate")
def _gate(blocks: list[Block], folder: Path, request: pytest.FixtureRequest) -> None:
    """The README's pipeline gate: the warehouse example's release passes (exit 0); the source
    as it is (names still there, small classes) stops the pipeline (exit 1), its classes in the
    report and not on the terminal."""
    _warehouse(examples()["warehouse"], folder, request)
    config, command = blocks
    gate = write_named_yaml(config, folder)
    (line,) = commands(command)
    ok(sh(line, folder))
    assert json.loads((folder / "gate.json").read_text())["passed"]
    gate.write_text(config.text.replace("analytics.people_release", "staging.people"))
    result = ok(sh(line, folder), 1)
    report = json.loads((folder / "gate.json").read_text())
    assert not report["passed"]
    listed = [v for check in report["checks"] for v in check.get("violations") or []]
    assert listed, report["checks"]
    zips = {v["class"]["zip"] for v in listed}
    assert not [z for z in zips if z in result.stdout + result.stderr]


@runs("analyst")
def _analyst(blocks: list[Block], folder: Path, request: pytest.FixtureRequest) -> None:
    """The README's analyst: the extract as it is fails; the 5-anonymous version passes and is
    written."""
    (block,) = blocks
    people_csv(folder)
    names = run_python(block, folder, request.getfixturevalue("monkeypatch"))
    assert not names["as_is"].passed and names["as_is"].risk["sample_uniques"] > 0.5
    assert names["release"].passed and (folder / "people_k5.csv").is_file()


@runs("dataframe")
def _dataframe(blocks: list[Block], folder: Path, request: pytest.FixtureRequest) -> None:
    """The README's DataFrame, continuing the analyst's ``config``: the release comes back as a
    pandas DataFrame, quasi-identifiers as labels, salary still int64; ``df`` unchanged."""
    import pandas as pd

    (block,) = blocks
    people_csv(folder, rows=500)
    names = run_python(examples()["analyst"][0], folder, request.getfixturevalue("monkeypatch"))
    before = pd.read_csv(folder / "people.csv", dtype={"zip": str})
    exec(compile(block.text, block.where(), "exec"), names)  # in the analyst's namespace
    release = names["report"].release
    assert (
        names["report"].passed
        and isinstance(release, pd.DataFrame)
        and len(release) == names["report"].rows_out
    )
    assert release["salary"].dtype == "int64" and release["age"].map(type).eq(str).all()
    assert names["df"].equals(before)


@runs("dataframe-notebook")
def _dataframe_notebook(blocks: list[Block], folder: Path, request: pytest.FixtureRequest) -> None:
    """docs/commands.md's DataFrames: the gate of the table fails; the release is a pandas
    DataFrame, then a Polars one, then written to Parquet."""
    import pandas as pd
    import polars as pl  # in the test extra

    (block,) = blocks
    people_csv(folder, rows=500)
    names = run_python(block, folder, request.getfixturevalue("monkeypatch"))
    assert names["report"].passed and isinstance(names["report"].release, pd.DataFrame)
    assert isinstance(names["as_polars"], pl.DataFrame) and names["as_polars"].schema["salary"] == pl.Int64
    assert (folder / "people_k5.parquet").is_file()


@runs("api")
def _api(blocks: list[Block], folder: Path, request: pytest.FixtureRequest) -> None:
    """docs/commands.md's Python API: ``adult.yaml`` is the demo's anonymize configuration and
    ``published.yaml`` its check of the release; both pass, the gate's JSON report and page are
    written."""
    (block,) = blocks
    anonymize, check = write_demo(folder)
    anonymize.rename(folder / "adult.yaml")
    check.rename(folder / "published.yaml")
    names = run_python(block, folder, request.getfixturevalue("monkeypatch"))
    assert names["report"].passed and names["gate"].passed
    assert json.loads((folder / "gate.json").read_text())["passed"]
    assert (folder / "gate.html").read_text().lstrip().lower().startswith("<!doctype html")


@runs("events")
def _events(blocks: list[Block], folder: Path, request: pytest.FixtureRequest) -> None:
    """The README's visits, in the folder ``sqlanon demo --events`` writes: the release
    5-anonymous over rows passes; its node counted over patients fails (more patients in
    violating classes than the limit allows); with person: the release passes at another node,
    counts fewer patients than rows and holds no patient_id."""
    (block,) = blocks
    write_demo(folder, events=True)
    names = run_python(block, folder, request.getfixturevalue("monkeypatch"))
    rows, again, people = names["rows"], names["again"], names["people"]
    assert rows.passed and rows.people is None and rows.checks[0]["observed"] >= 5
    assert not again.passed and "violating people: k-anonymity" in again.message
    assert people.passed and people.node != rows.node
    assert people.people["in"] < people.rows_in and people.checks[0]["violating_people"] == 0
    with (folder / "by_people.csv").open(newline="", encoding="utf-8") as fh:
        assert next(csv.reader(fh)) == ["zip", "age", "sex", "diagnosis"]


@runs("people-visits")
def _people_visits(blocks: list[Block], folder: Path, request: pytest.FixtureRequest) -> None:
    """docs/people.md's worked example, as written: anonymize prints the lines shown (the
    release's folder aside) and publishes the visits of all but p9, without patient_id; without
    person: the same configuration publishes every visit at age=1, sex=0, where p9's four visits
    and p1's three are classes of their own; check of the table prints the lines shown, exit 1;
    audit prints the lines shown, exit 0."""
    table, config, anonymize, anonymized, check, checked, audit, audited = blocks
    assert table.lang == "csv" and anonymized.lang == checked.lang == "text"
    (folder / "visits.csv").write_text(table.text, encoding="utf-8")
    path = write_named_yaml(config, folder)
    (line,) = commands(anonymize)
    printed = ok(sh(line, folder)).stdout.replace(str(folder.resolve()), "/home/me")
    assert printed.splitlines() == anonymized.text.splitlines()
    source = list(csv.DictReader(table.text.splitlines()))
    with (folder / "visits_release.csv").open(newline="", encoding="utf-8") as fh:
        published = list(csv.DictReader(fh))
    assert list(published[0]) == ["age", "sex", "diagnosis"]
    assert sorted(r["diagnosis"] for r in published) == sorted(
        r["diagnosis"] for r in source if r["patient_id"] != "p9"
    )
    by_rows = yaml.safe_load(path.read_text())
    del by_rows["person"]
    report = api.anonymize(by_rows | {"output": "by_rows.csv"}, base_dir=folder)
    assert report.passed and report.node == {"age": 1, "sex": 0} and report.suppressed_rows == 0
    assert report.checks[0]["observed"] == 2
    with (folder / "by_rows.csv").open(newline="", encoding="utf-8") as fh:
        classes: dict[tuple[str, str], list[str]] = {}
        for r in csv.DictReader(fh):
            classes.setdefault((r["age"], r["sex"]), []).append(r["diagnosis"])
    for patient, label in (("p9", ("[55, 60)", "Female")), ("p1", ("[30, 35)", "Male"))):
        assert sorted(classes[label]) == sorted(r["diagnosis"] for r in source if r["patient_id"] == patient)
    (line,) = commands(check)
    printed = ok(sh(line, folder), 1).stdout
    assert printed.splitlines() == checked.text.splitlines()
    (line,) = commands(audit)
    printed = ok(sh(line, folder)).stdout
    assert printed.splitlines() == audited.text.splitlines()


@runs("people-constant")
def _people_constant(blocks: list[Block], folder: Path, request: pytest.FixtureRequest) -> None:
    """docs/people.md's person.constant: with the block's person, the worked example publishes
    the same release; with a visit of p1's at age 32 added, anonymize exits 2 with the message
    quoted under the block and writes nothing."""
    (block,) = blocks
    table, config, anonymize, *_ = [
        b for b in blocks_of(ROOT / "docs" / "people.md") if b.marker == ("example", "people-visits")
    ]
    (folder / "visits.csv").write_text(table.text, encoding="utf-8")
    path = write_named_yaml(config, folder)
    (line,) = commands(anonymize)
    ok(sh(line, folder))
    worked = (folder / "visits_release.csv").read_bytes()
    (folder / "visits_release.csv").unlink()
    declared = yaml.safe_load(path.read_text()) | yaml.safe_load(block.text)
    path.write_text(yaml.safe_dump(declared), encoding="utf-8")
    ok(sh(line, folder))
    assert (folder / "visits_release.csv").read_bytes() == worked
    (folder / "visits_release.csv").unlink()
    (folder / "visits.csv").write_text(table.text.rstrip("\n") + "\np1,32,Male,flu\n", encoding="utf-8")
    refused = ok(sh(line, folder), 2)
    said = " ".join(refused.stderr.split())
    assert (
        "1 person(s) of the source have rows with different values of 'age', which person.constant says every row "
        "of a person agrees on" in said
    ), refused.stderr
    assert not (folder / "visits_release.csv").exists()


#: the Adult configuration of docs/commands.md's audit sample: the 7 quasi-identifiers in the
#: order its table prints them, occupation sensitive with the shipped hierarchies' three groups
ADULT_QIS = ["age", "workclass", "education", "native-country", "marital-status", "race", "sex"]


@runs("audit-adult")
def _audit_adult(blocks: list[Block], folder: Path, request: pytest.FixtureRequest) -> None:
    """docs/commands.md's audit sample on Adult (skipped without the shared data): the command
    prints the lines shown, in that order; the lines the sample leaves out (``...``) are node
    rows."""
    (block,) = blocks
    adult = request.getfixturevalue("shared_data") / "adult"
    first, *shown = block.text.splitlines()
    command = first.removeprefix("$ ")
    assert command == "sqlanon audit adult-entropy2.yaml", first
    columns: dict[str, Any] = {
        q: {"role": "quasi", "hierarchy": str(adult / f"adult_hierarchy_{q}.csv")} for q in ADULT_QIS
    }
    columns["occupation"] = {"role": "sensitive", "hierarchy": str(adult / "adult_hierarchy_occupation.csv")}
    columns["salary-class"] = {"role": "insensitive"}
    config = {
        "source": str(adult / "adult.csv"),
        "csv": {"delimiter": ";"},
        "columns": columns,
        "criteria": [{"l-diversity": {"variant": "entropy", "l": 2}}],
    }
    (folder / "adult-entropy2.yaml").write_text(yaml.safe_dump(config, sort_keys=False))
    printed = ok(sh(command, folder)).stdout.splitlines()
    rest = iter(printed)
    missing = [line for line in shown if line != "  ..." and line not in rest]
    assert not missing, missing
    left_out = [line for line in printed if line not in shown]
    assert left_out and all(re.match(r" +\(\d+(,\d+)*\) ", line) for line in left_out), left_out


@runs("compile")
def _compile(blocks: list[Block], folder: Path, request: pytest.FixtureRequest) -> None:
    """docs/compile.md: ``published.yaml`` gates the demo's release, a table of a DuckDB file.
    The first line's script, run in DuckDB on that file, returns no rows (every criterion
    holds, as ``check`` says). The second line's psql needs a server: its ``sqlanon compile``
    runs as written and the script parses as PostgreSQL (tests/compile/test_printed_sql.py pipes such
    scripts into psql)."""
    (block,) = blocks
    anonymize, check = write_demo(folder)
    assert api.anonymize(anonymize).passed
    database = folder / "release.duckdb"
    with duckdb.connect(str(database)) as con:
        con.execute(
            "CREATE TABLE people_release AS SELECT * FROM read_csv(?, all_varchar = true)",
            [str(folder / "out" / "people_release.csv")],
        )
    gate = yaml.safe_load(check.read_text())
    gate["source"] = {"database": database.name, "table": "people_release"}
    (folder / "published.yaml").write_text(yaml.safe_dump(gate, sort_keys=False))
    assert api.check(folder / "published.yaml").passed
    to_file, to_psql = commands(block)
    ok(sh(to_file, folder))
    script = (folder / "gate.sql").read_text()
    with duckdb.connect(str(database), read_only=True) as con:
        statements = con.extract_statements(script)
        assert len(statements) >= len(gate["criteria"])
        for statement in statements:
            assert con.execute(statement).fetchall() == []
    compiled, pipe = to_psql.split(" | ", 1)
    assert pipe.startswith("psql "), to_psql
    printed = ok(sh(compiled, folder)).stdout
    parsed = [tree for tree in sqlglot.parse(printed, read="postgres") if tree is not None]
    assert len(parsed) == len(statements)


@runs("dbt-tests")
def _dbt_tests(blocks: list[Block], folder: Path, request: pytest.FixtureRequest) -> None:
    """docs/dbt.md's generic tests, in dbt (dbt-duckdb), on a model ``people_release`` that is
    a sqlanon release meeting the same criteria (k = 5 and t-closeness with the tests' default,
    equal distance, over age and zip): ``dbt build`` passes the model and both tests."""
    from tests.support.dbtenv import dbt_executable

    (block,) = blocks
    try:
        dbt = dbt_executable()
    except (OSError, subprocess.SubprocessError) as err:
        if os.environ.get("SQLANON_CI"):
            raise
        pytest.skip(f"dbt could not be installed into its venv: {getattr(err, 'stderr', '') or err}")
    source = people_csv(folder)
    released = folder / "released.csv"
    config = {
        "source": source.name,
        "columns": {
            "name": {"role": "identifier"},
            "zip": {"role": "quasi", "hierarchy": "builtin:zip5"},
            "age": {"role": "quasi", "hierarchy": "builtin:age"},
            "sex": {"role": "insensitive"},
            "disease": {"role": "sensitive"},
            "salary": {"role": "insensitive"},
        },
        "criteria": [{"k-anonymity": {"k": 5}}, {"t-closeness": {"t": 0.2, "distance": "equal"}}],
        "suppression_limit": 0.01,
        "output": released.name,
    }
    assert api.anonymize(config, base_dir=folder).passed
    project = folder / "project"
    (project / "models").mkdir(parents=True)
    (project / "dbt_project.yml").write_text(
        yaml.safe_dump({"name": "docs", "version": "1.0", "config-version": 2, "profile": "docs"})
    )
    duck = {"type": "duckdb", "path": str(project / "warehouse.duckdb"), "schema": "main", "threads": 1}
    (project / "profiles.yml").write_text(
        yaml.safe_dump({"docs": {"target": "duck", "outputs": {"duck": duck}}})
    )
    (project / "packages.yml").write_text(
        yaml.safe_dump({"packages": [{"local": str(ROOT / "integrations" / "dbt")}]})
    )
    (project / "models" / "people_release.sql").write_text(
        f"SELECT * FROM read_csv('{released}', all_varchar = true)\n"
    )
    (project / "models" / "schema.yml").write_text(block.text)
    env = dict(os.environ, DBT_SEND_ANONYMOUS_USAGE_STATS="false", NO_COLOR="1")
    where = ["--profiles-dir", str(project), "--project-dir", str(project)]
    for args in (["deps"], ["build"]):
        result = subprocess.run(
            [str(dbt), *args, *where],
            cwd=project,
            env=env,
            capture_output=True,
            text=True,
            timeout=600,
            check=False,
        )
        assert result.returncode == 0, result.stdout + result.stderr
    assert re.search(r"PASS=3 WARN=0 ERROR=0", result.stdout), result.stdout


def _with_demo_columns(block: Block) -> dict[str, Any]:
    """An engine example of docs/engines.md, its ``columns: ...`` and ``criteria: ...``
    placeholders replaced by the demo's."""
    config = yaml.safe_load(block.text)
    assert config["columns"] == "..." and config["criteria"] == "...", block.where()
    demo = demo_config(Path("."))
    return dict(config, columns=demo["columns"], criteria=demo["criteria"])


@runs("postgres-config")
def _postgres_config(blocks: list[Block], folder: Path, request: pytest.FixtureRequest) -> None:
    """Parsed only (its server is example.org's): tests/engines/test_postgres_republish.py runs
    a configuration of this shape on the test server."""
    (block,) = blocks
    write_demo(folder)
    config = parse_config(_with_demo_columns(block), folder)
    assert config.engine.kind == "postgres" and config.engine.password_env == "SQLANON_PG_PASSWORD"
    assert config.source.describe() and config.output is not None


@runs("postgres-grants")
def _postgres_grants(blocks: list[Block], folder: Path, request: pytest.FixtureRequest) -> None:
    """Run, as written, by tests/engines/test_postgres_republish.py on the test server: here,
    that the statements that test runs are this block's."""
    pytest.importorskip("psycopg")
    from tests.engines.test_postgres_republish import documented_recipe

    (block,) = blocks
    written = [s.strip() for s in re.sub(r"--[^\n]*", "", block.text).split(";") if s.strip()]
    assert documented_recipe() == written


@runs("spark-config")
def _spark_config(blocks: list[Block], folder: Path, request: pytest.FixtureRequest) -> None:
    """Parsed only (a Hive metastore of its own is a minute of Spark):
    tests/engines/test_spark_cli.py runs a configuration of this shape as processes."""
    (block,) = blocks
    write_demo(folder)
    config = parse_config(_with_demo_columns(block), folder)
    assert (
        config.engine.kind == "spark"
        and dict(config.engine.conf)["spark.sql.catalogImplementation"] == "hive"
    )


@runs("spark-folder")
@runs("spark-folder-config")
def _spark_folder(blocks: list[Block], folder: Path, request: pytest.FixtureRequest) -> None:
    """Parsed only (/lake is the reader's): tests/engines/test_spark_files.py runs
    configurations of this shape on the test run's Spark session."""
    (block,) = blocks
    write_demo(folder)
    config = parse_config(_with_demo_columns(block), folder)
    assert config.engine.kind == "spark" and config.source.folder and config.source.kind == "parquet"
    assert config.output is not None and config.output.folder and config.output.kind == "parquet"
    assert str(config.source.path) == "/lake/raw/people.parquet"
    assert str(config.output.path).startswith("/lake/public/people_release")


@runs("spark-catalogs-config")
def _spark_catalogs_config(blocks: list[Block], folder: Path, request: pytest.FixtureRequest) -> None:
    """Parsed only (an Iceberg catalog is not in pyspark's jars): tests/engines/test_spark_catalogs.py
    runs three-part names in the session catalog and a JDBC catalog on the test run's session."""
    (block,) = blocks
    write_demo(folder)
    config = parse_config(_with_demo_columns(block), folder)
    assert config.output is not None
    assert (config.source.catalog, config.source.schema, config.source.table) == (
        "spark_catalog", "staging", "people"
    )  # fmt: skip
    assert (config.output.catalog, config.output.schema, config.output.table) == (
        "lake", "analytics", "people_release"
    )  # fmt: skip


@runs("spark-catalogs-readme")
def _spark_catalogs_readme(blocks: list[Block], folder: Path, request: pytest.FixtureRequest) -> None:
    """The README's names, parsed with the demo's columns on Spark (as docs/engines.md's
    spark-catalogs-config, which tests/engines/test_spark_catalogs.py runs in shape)."""
    (block,) = blocks
    write_demo(folder)
    demo = demo_config(Path("."))
    names = yaml.safe_load(block.text)
    config = parse_config(dict(demo, engine={"kind": "spark"}, **names), folder)
    assert config.output is not None
    assert config.source.qualified == "spark_catalog.staging.people"
    assert config.output.qualified == "lake.analytics.people_release"


@runs("spark-connect-config")
def _spark_connect_config(blocks: list[Block], folder: Path, request: pytest.FixtureRequest) -> None:
    """Parsed only (its server is example.org's): tests/engines/test_spark_connect.py runs
    configurations of this shape on the test run's Spark Connect server."""
    (block,) = blocks
    write_demo(folder)
    config = parse_config(_with_demo_columns(block), folder)
    assert config.engine.kind == "spark" and config.engine.remote == "sc://spark.example.org:15002"
    assert dict(config.engine.conf) == {"spark.sql.shuffle.partitions": "64"}


@runs("connection")
def _connection(blocks: list[Block], folder: Path, request: pytest.FixtureRequest) -> None:
    """docs/engines.md's run on an open DuckDB connection: the release returned as a relation,
    then written into the connection's database as ``marts.people``, which passes its check."""
    (block,) = blocks
    warehouse_db(folder, year=True)
    names = run_python(block, folder, request.getfixturevalue("monkeypatch"))
    con = names["con"]
    try:
        assert names["report"].passed
        ((rows,),) = names["release"].aggregate("count(*)").fetchall()
        assert rows == names["report"].rows_out > 0
        assert con.sql("SELECT count(*) FROM marts.people").fetchall() == [(rows,)]
    finally:
        con.close()


@runs("configuration-reference")
def _configuration_reference(blocks: list[Block], folder: Path, request: pytest.FixtureRequest) -> None:
    """docs/configuration.md's reference configuration, run with every key as written on a
    generated Adult-like table (``;``-separated, as its ``csv:`` says), ARX-style hierarchy files
    for sex and occupation, and a population of twice the table's people: the release is
    written and passes, the risk limit and the population's journalist risk included. Its
    ``person:``, commented out, is a valid key with the criteria below it, as the comment says
    (every one of them is counted over people)."""
    (block,) = blocks
    person = block.text.replace("# person: patient_id", "person: patient_id     ")
    assert person != block.text
    assert parse_config(yaml.safe_load(person), folder).person == ("patient_id",)
    (folder / "data").mkdir()
    (folder / "hier").mkdir()
    groups = {
        "Technical": ["Tech-support", "Craft-repair", "Prof-specialty", "Machine-op-inspct"],
        "Nontechnical": ["Sales", "Exec-managerial", "Adm-clerical"],
        "Other": ["Other-service", "Handlers-cleaners", "Transport-moving"],
    }
    (folder / "hier" / "occupation.csv").write_text(
        "".join(f"{v};{g};*\n" for g, vs in groups.items() for v in vs)
    )
    (folder / "hier" / "sex.csv").write_text("Male;*\nFemale;*\n")
    rng = np.random.default_rng(1)
    rows = 4000
    table = zip(
        rng.choice(["Male", "Female"], rows),
        rng.integers(20, 80, rows),
        rng.choice([v for vs in groups.values() for v in vs], rows),
        rng.choice(["<=50K", ">50K"], rows, p=[0.75, 0.25]),
        strict=True,
    )
    (folder / "data" / "adult.csv").write_text(
        "sex;age;occupation;salary-class\n" + "".join(";".join(map(str, row)) + "\n" for row in table)
    )
    with duckdb.connect() as con:
        con.execute(
            "COPY (SELECT sex, age FROM read_csv(?, delim = ';', all_varchar = true) AS t, range(2)) TO ?",
            [str(folder / "data" / "adult.csv"), str(folder / "census.parquet")],
        )
    (folder / "adult.yaml").write_text(block.text)
    result = ok(sh("sqlanon anonymize adult.yaml --report report.json", folder))
    report = json.loads((folder / "report.json").read_text())
    assert report["passed"] and (folder / "out" / "adult.parquet").is_file()
    assert report["risk"]["journalist"] is not None and "journalist" in result.stdout
    assert (folder / "spill").is_dir()


# -- the tests ------------------------------------------------------------------------------


def test_every_block_is_run_or_marked() -> None:
    """Every fenced block is an example with a runner, marked not run with a reason, or an
    output sample (```text); every runner's example is still written."""
    found = all_blocks()
    assert found
    unmarked = [b.where() for b in found if b.marker is None and b.lang != "text"]
    assert not unmarked, f"fenced blocks neither run nor marked (see this module's docstring): {unmarked}"
    named = examples()
    assert not set(named) - set(RUNNERS), f"examples with no runner: {sorted(set(named) - set(RUNNERS))}"
    assert not set(RUNNERS) - set(named), (
        f"runners whose example is gone: {sorted(set(RUNNERS) - set(named))}"
    )
    for block in found:
        if block.marker and block.marker[0] == "not run":
            assert len(block.marker[1]) > 10, f"{block.where()}: say why it is not run"


def test_the_readme_starts_with_the_demo_then_the_test_command() -> None:
    """.ci/run takes the test command as the second ```bash block of the README; the first is
    the demo (and both are the quick start's)."""
    bash = [b for b in blocks_of(ROOT / "README.md") if b.lang == "bash"]
    assert "sqlanon demo" in bash[0].text and "python -m pytest" in bash[1].text
    assert bash[0].marker == ("example", "quick-start-demo")


def test_links_between_the_pages_resolve() -> None:
    """Every relative link and image of the README and docs/ names a file that exists (and,
    with ``#anchor``, a heading of it)."""
    broken = []
    for path in DOCS:
        for target in re.findall(r"\]\(([^)\s]+)\)", path.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):
                continue
            file, _, anchor = target.partition("#")
            linked = (path.parent / file).resolve() if file else path
            if not linked.exists():
                broken.append(f"{path.relative_to(ROOT)}: {target}")
            elif anchor and linked.suffix == ".md" and anchor not in _anchors(linked):
                broken.append(f"{path.relative_to(ROOT)}: {target} (no such heading)")
    assert not broken, broken


def _anchors(path: Path) -> set[str]:
    """GitHub's anchors of the headings of ``path``: lower case, punctuation but - and _
    dropped, spaces as -."""
    headings = re.findall(r"^#+ (.+)$", path.read_text(encoding="utf-8"), flags=re.M)
    return {re.sub(r"[^\w\- ]", "", h.lower()).replace(" ", "-") for h in headings}


#: the examples that need more than DuckDB, by the marker that says so (tests/conftest.py)
NEEDS = {"dbt-tests": pytest.mark.dbt}


@pytest.mark.slow
@pytest.mark.parametrize("name", [pytest.param(n, marks=NEEDS[n]) if n in NEEDS else n for n in examples()])
def test_example(name: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    folder = tmp_path / "work"
    folder.mkdir()
    RUNNERS[name](examples()[name], folder, request)


def test_benchmarks_readme_is_one_table_of_targets() -> None:
    """benchmarks/README.md: a row per target, each naming a script of benchmarks/ (or a paper
    estimate), its figure and a date; its commands name scripts that exist."""
    text = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")
    rows = [line for line in text.splitlines() if line.startswith("| ") and not line.startswith("| target |")]
    rows = [r for r in rows if not set(r) <= set("|- ")]
    assert len(rows) >= 20
    for row in rows:
        assert re.search(r"\b20\d\d-\d\d-\d\d\b", row), row
    scripts = set(re.findall(r"\b(\w+\.py)\b", text))
    assert scripts and all((ROOT / "benchmarks" / s).is_file() for s in scripts), scripts
