"""The command line end to end: exit codes, the JSON report, every output kind, atomic writes.

A few runs go through a real ``sqlanon`` process (``subprocess``): the demo, the shared ``adult``
and ``test2`` data sets, a gate that fails and an input error. The rest use click's
``CliRunner`` in-process to stay fast.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import duckdb
import pytest
import yaml
from click.testing import CliRunner, Result

import sqlanon
from sqlanon.cli import main

SHARED = Path(__file__).resolve().parents[3] / "shared" / "data"
ADULT = SHARED / "adult"
TEST2 = SHARED / "test2"

METRICS = {"precision", "discernibility", "aecs", "height", "loss", "nu-entropy"}
REPORT_KEYS = {
    "passed",
    "node",
    "minimal_nodes",
    "metric",
    "metrics",
    "rows_in",
    "rows_out",
    "suppressed_rows",
    "checks",
}
CHECK_KEYS = {"criterion", "attribute", "params", "passed", "observed", "violating_classes", "violating_rows"}

PEOPLE = [
    ("name", "zip", "age", "sex", "disease"),
    ("p01", "47677", "29", "Male", "flu"),
    ("p02", "47602", "22", "Female", "gastritis"),
    ("p03", "47678", "27", "Male", "flu"),
    ("p04", "47905", "43", "Female", "bronchitis"),
    ("p05", "47909", "52", "Male", "gastritis"),
    ("p06", "47906", "47", "Female", "flu"),
    ("p07", "47605", "30", "Male", "bronchitis"),
    ("p08", "47673", "36", "Female", "flu"),
    ("p09", "47607", "32", "Male", "gastritis"),
    ("p10", "47678", "23", "Female", "flu"),
]


# --------------------------------------------------------------------------- helpers


def sqlanon_exe() -> list[str]:
    exe = shutil.which("sqlanon", path=str(Path(sys.executable).parent)) or shutil.which("sqlanon")
    return [exe] if exe else [sys.executable, "-c", "from sqlanon.cli import main; main()"]


def run_process(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run ``sqlanon`` as a real process, stdout and stderr captured (so not terminals)."""
    return subprocess.run(
        [*sqlanon_exe(), *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=cwd,
        # a hang guard, not a speed target: a Spark run starts and stops a JVM of its own, slow
        # when the other test worker holds the CPU
        timeout=300,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), catch_exceptions=True)


def ok(result: Result, code: int = 0) -> Result:
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == code, f"exit {result.exit_code}\n{result.stdout}\n{result.stderr}"
    assert "Traceback" not in result.output
    return result


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def no_staged_files(folder: Path) -> None:
    leftovers = [p.name for p in folder.rglob(".*.tmp")] + [p.name for p in folder.rglob("*sqlanon-*")]
    assert not leftovers, leftovers


def write_yaml(path: Path, cfg: dict[str, Any]) -> Path:
    path.write_text(yaml.safe_dump(cfg, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def write_rows(path: Path, rows: list[tuple[str, ...]], delimiter: str) -> None:
    path.write_text("".join(delimiter.join(r) + "\n" for r in rows), encoding="utf-8")


def make_project(folder: Path, delimiter: str = ",") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    write_rows(folder / "people.csv", PEOPLE, delimiter)
    (folder / "h").mkdir(exist_ok=True)
    zips = sorted({r[1] for r in PEOPLE[1:]})
    write_rows(folder / "h" / "zip.csv", [(z, z[:4] + "*", z[:3] + "**", "*****") for z in zips], ";")
    ages = sorted({r[2] for r in PEOPLE[1:]})
    write_rows(folder / "h" / "age.csv", [(a, f"{a[0]}0-{a[0]}9", "*") for a in ages], ";")
    write_rows(folder / "h" / "sex.csv", [("Male", "*"), ("Female", "*")], ";")
    return folder


def base_config(**changes: Any) -> dict[str, Any]:
    cfg: dict[str, Any] = {
        "source": "people.csv",
        "columns": {
            "name": {"role": "identifier"},
            "zip": {"role": "quasi", "hierarchy": "h/zip.csv"},
            "age": {"role": "quasi", "hierarchy": "h/age.csv"},
            "sex": {"role": "quasi", "hierarchy": "h/sex.csv"},
            "disease": {"role": "sensitive"},
        },
        "criteria": [{"k-anonymity": {"k": 2}}],
        "output": "out/release.csv",
    }
    cfg.update(changes)
    return cfg


def read_release(path: Path, delimiter: str = ",") -> list[tuple[Any, ...]]:
    con = duckdb.connect()
    try:
        if path.suffix == ".parquet":
            return con.execute("SELECT * FROM read_parquet(?)", [str(path)]).fetchall()
        return con.execute(
            "SELECT * FROM read_csv(?, delim = ?, header = true, all_varchar = true)", [str(path), delimiter]
        ).fetchall()
    finally:
        con.close()


def assert_report_shape(report: dict[str, Any]) -> None:
    assert REPORT_KEYS <= set(report)
    assert set(report["metrics"]) == METRICS
    assert set(report["metric"]) >= {"name", "value"}
    assert isinstance(report["minimal_nodes"], list)
    for check in report["checks"]:
        assert set(check) >= CHECK_KEYS


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return make_project(tmp_path / "p")


# --------------------------------------------------------------------------- real processes


@pytest.mark.slow
def test_demo_process(tmp_path: Path) -> None:
    folder = tmp_path / "demo"
    report_path = tmp_path / "reports" / "demo.json"
    proc = run_process("demo", "--dir", str(folder), "--report", str(report_path))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stderr == ""  # no progress display when stderr is not a terminal
    assert "PASSED" in proc.stdout
    report = json.loads(report_path.read_text(encoding="utf-8"))
    assert_report_shape(report)
    assert report["passed"] is True
    assert set(report["node"]) == {"zip", "age", "sex"}
    assert report["node"] in report["minimal_nodes"]
    assert report["metric"]["name"] == "precision"
    assert report["metric"]["value"] == report["metrics"]["precision"]
    assert report["rows_in"] == 5000
    assert report["rows_out"] + report["suppressed_rows"] == report["rows_in"]
    assert report["suppressed_rows"] <= 0.01 * report["rows_in"]
    assert [c["criterion"] for c in report["checks"]] == [
        "k-anonymity",
        "l-diversity",
        "t-closeness",
        "t-closeness",
        "identifiers-dropped",  # the configuration declares 'name' an identifier: gone from the release
    ]
    assert all(c["passed"] and c["violating_rows"] == 0 for c in report["checks"])
    release = folder / "out" / "people_release.csv"
    assert release.is_file()
    no_staged_files(folder)
    header = release.read_text(encoding="utf-8").splitlines()[0]
    assert "name" not in header.split(",")  # the identifier is dropped


@pytest.mark.slow
def test_adult_process(tmp_path: Path) -> None:
    """The shared adult data (';'-delimited, ARX hierarchies) to Parquet, with the report."""
    if not ADULT.is_dir():
        pytest.skip(f"shared data {ADULT} is not available")
    source = ADULT / "adult.csv"
    before = digest(source)
    cfg = {
        "source": str(source),
        "csv": {"delimiter": ";"},
        "columns": {
            **{
                c: {"role": "quasi", "hierarchy": str(ADULT / f"adult_hierarchy_{c}.csv")}
                for c in ("sex", "age", "race", "marital-status", "education")
            },
            "native-country": "insensitive",
            "workclass": "insensitive",
            "occupation": "sensitive",
            "salary-class": "insensitive",
        },
        "criteria": [{"k-anonymity": {"k": 5}}, {"l-diversity": {"l": 2, "attribute": "occupation"}}],
        "suppression_limit": 0.02,
        "metric": "loss",
        "output": "out/adult.parquet",
    }
    config = write_yaml(tmp_path / "adult.yaml", cfg)
    proc = run_process("anonymize", str(config), "--report", "report.json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stderr == ""
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert_report_shape(report)
    assert report["passed"] and report["metric"]["name"] == "loss"
    assert report["rows_in"] == 30162
    rows = read_release(tmp_path / "out" / "adult.parquet")
    assert len(rows) == report["rows_out"] == report["rows_in"] - report["suppressed_rows"]
    assert digest(source) == before
    no_staged_files(tmp_path)


@pytest.mark.slow
def test_test2_semicolon_csv_process(tmp_path: Path) -> None:
    """``csv: {delimiter: ';'}`` applies to the source; the CSV release has its own options."""
    if not TEST2.is_dir():
        pytest.skip(f"shared data {TEST2} is not available")
    source = TEST2 / "test2.csv"
    before = digest(source)
    cfg = {
        "source": str(source),
        "csv": {"delimiter": ";"},
        "columns": {
            "ZIPCode": {"role": "quasi", "hierarchy": str(TEST2 / "test2_hierarchy_ZIPCode.csv")},
            "Age": {"role": "quasi", "hierarchy": str(TEST2 / "test2_hierarchy_Age.csv")},
            "Salary": "insensitive",
            "Disease": {"role": "sensitive"},
        },
        "criteria": [{"k-anonymity": {"k": 3}}],
        "output": {"file": "release.csv", "csv": {"delimiter": ";"}},
    }
    config = write_yaml(tmp_path / "test2.yaml", cfg)
    proc = run_process("anonymize", str(config))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stderr == ""
    lines = (tmp_path / "release.csv").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "ZIPCode;Age;Salary;Disease"
    assert all(line.count(";") == 3 for line in lines)
    assert len(lines) == 1 + 9
    assert digest(source) == before
    no_staged_files(tmp_path)
    # the release passes the gate on its own
    gate = write_yaml(
        tmp_path / "gate.yaml", {**{k: v for k, v in cfg.items() if k != "output"}, "source": "release.csv"}
    )
    proc = run_process("check", str(gate))
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.slow
def test_check_fails_process(project: Path) -> None:
    """``check`` on the raw table, which is not 2-anonymous: exit 1 and passed false."""
    cfg = base_config()
    del cfg["output"]
    config = write_yaml(project / "check.yaml", cfg)
    proc = run_process("check", str(config), "--report", str(project / "check.json"))
    assert proc.returncode == 1, proc.stdout + proc.stderr
    assert proc.stderr == ""
    report = json.loads((project / "check.json").read_text(encoding="utf-8"))
    assert report["passed"] is False
    check, identifiers = report["checks"]
    assert check["criterion"] == "k-anonymity" and check["passed"] is False
    assert check["observed"] == 1 and check["violating_rows"] > 0 and check["violating_classes"] > 0
    # the raw table still holds the column the configuration declares an identifier (issue 14, item 4)
    assert identifiers["criterion"] == "identifiers-dropped" and identifiers["passed"] is False
    assert identifiers["observed"] == ["name"] and identifiers["violating_rows"] == len(PEOPLE) - 1
    assert "FAIL identifiers-dropped name still held: name" in " ".join(proc.stdout.split())
    # the verdict names every cause, not the identifier alone (dropping it would not be enough)
    assert report["message"] == (
        "the table still holds identifier column(s) 'name' (drop them before publishing); and does not "
        "satisfy 1 error-severity criterion(s): k-anonymity"
    )
    assert report["rows_in"] == len(PEOPLE) - 1
    assert report["rows_out"] is None and report["suppressed_rows"] is None
    assert "rows 10 " in " ".join(proc.stdout.split())  # check publishes and suppresses nothing
    assert " out, " not in proc.stdout and "suppressed" not in proc.stdout


@pytest.mark.slow
def test_input_error_process(project: Path) -> None:
    """A real process with bad input: exit 2, one message on stderr, no traceback, nothing written."""
    cfg = base_config()
    cfg["columns"]["salary"] = {"role": "insensitive"}
    config = write_yaml(project / "bad.yaml", cfg)
    proc = run_process("anonymize", str(config), "--report", str(project / "r.json"))
    assert proc.returncode == 2
    assert proc.stderr.startswith("sqlanon: error: ") and "'salary'" in proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout
    assert len(proc.stderr.strip().splitlines()) == 1
    assert not (project / "out").exists() and not (project / "r.json").exists()


@pytest.mark.slow
def test_names_with_spaces_quotes_and_non_ascii_process(tmp_path: Path) -> None:
    folder = tmp_path / "ünï cödé"
    folder.mkdir()
    names = ('full "name"', "zip code", "âge", "it's sex", "dis;ease")
    rows = [",".join(f'"{n}"' if '"' not in n else '"' + n.replace('"', '""') + '"' for n in names)]
    rows += [",".join(r) for r in PEOPLE[1:]]
    (folder / "pëople.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    make_project(folder)  # hierarchies (and an unused people.csv)
    (folder / "people.csv").unlink()
    cfg = {
        "source": "pëople.csv",
        "columns": {
            'full "name"': "identifier",
            "zip code": {"role": "quasi", "hierarchy": "h/zip.csv"},
            "âge": {"role": "quasi", "hierarchy": "h/age.csv"},
            "it's sex": {"role": "quasi", "hierarchy": "h/sex.csv"},
            "dis;ease": "sensitive",
        },
        "criteria": [{"k-anonymity": {"k": 2}}, {"l-diversity": {"l": 2}}],
        "output": "öut/rélease.parquet",
        "suppression_limit": 0.2,
    }
    config = write_yaml(folder / "cönfig.yaml", cfg)
    proc = run_process("anonymize", str(config), "--report", str(folder / "rëport.json"))
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stderr == ""
    report = json.loads((folder / "rëport.json").read_text(encoding="utf-8"))
    assert set(report["node"]) == {"zip code", "âge", "it's sex"}
    assert report["checks"][1]["attribute"] == "dis;ease"
    con = duckdb.connect()
    cols = [
        r[0]
        for r in con.execute(
            "DESCRIBE SELECT * FROM read_parquet(?)", [str(folder / "öut" / "rélease.parquet")]
        ).fetchall()
    ]
    con.close()
    assert cols == ["zip code", "âge", "it's sex", "dis;ease"]


# --------------------------------------------------------------------------- exit code 1


def test_no_release_satisfies_the_criteria(project: Path) -> None:
    """Recursive (c=1, 2)-diversity: 'flu' is half the rows, so even the top node fails."""
    source = project / "people.csv"
    before = digest(source)
    cfg = base_config(criteria=[{"l-diversity": {"variant": "recursive", "l": 2, "c": 1}}])
    config = write_yaml(project / "c.yaml", cfg)
    result = ok(run("anonymize", str(config), "--report", str(project / "r.json")), 1)
    assert "FAILED" in result.stdout
    report = json.loads((project / "r.json").read_text(encoding="utf-8"))
    assert report["passed"] is False
    assert report["minimal_nodes"] == []
    assert report["node"] is None
    assert "nothing was written" in report["message"]
    assert not (project / "out" / "release.csv").exists()
    no_staged_files(project)
    assert digest(source) == before


@pytest.mark.slow
def test_demo_in_process(tmp_path: Path) -> None:
    result = ok(
        run("demo", "--dir", str(tmp_path / "d"), "--rows", "400", "--report", str(tmp_path / "d.json"))
    )
    assert result.stdout.count("PASSED") == 2
    report = json.loads((tmp_path / "d.json").read_text(encoding="utf-8"))
    assert report["passed"] is True and report["rows_in"] == 400


def test_generated_visits_have_several_rows_per_patient_and_constant_demographics() -> None:
    """demo --events' table: visits of patients with one to eight each, the patient's zip, age
    and sex the same on every visit, exactly the rows asked for."""
    from sqlanon.demo import generate_visits

    for rows in (1, 7, 1000):
        visits = generate_visits(rows)
        assert len(visits) == rows
        by_patient: dict[str, set[tuple[Any, ...]]] = {}
        for v in visits:
            by_patient.setdefault(v["patient_id"], set()).add((v["zip"], v["age"], v["sex"]))
        assert all(len(seen) == 1 for seen in by_patient.values())
        counts = Counter(v["patient_id"] for v in visits)
        assert max(counts.values()) <= 8
    assert len(counts) < 1000 / 2 and Counter(counts.values())[1] < len(counts)  # most have several
    assert len({v["diagnosis"] for v in visits}) > 5


@pytest.mark.slow
def test_demo_events_counts_patients(tmp_path: Path) -> None:
    """demo --events: the visits anonymized with person: patient_id. Every class of the release
    holds at least k = 5 distinct patients (counted here from the source at the chosen node),
    the suppressed are whole patients within the limit, the release holds no patient_id, and the report counts rows and people."""
    from sqlanon.hierarchy import load_hierarchy

    folder = tmp_path / "d"
    result = ok(
        run("demo", "--events", "--dir", str(folder), "--rows", "3000", "--report", str(tmp_path / "d.json"))
    )
    assert result.stdout.count("PASSED") == 2
    assert "counts rows, not patients" in result.stdout
    assert not (folder / "people.csv").exists() and not (folder / "anonymize.yaml").exists()
    report = json.loads((tmp_path / "d.json").read_text(encoding="utf-8"))
    assert report["passed"] is True and report["rows_in"] == 3000
    (k,) = [c for c in report["checks"] if c["criterion"] == "k-anonymity"]
    assert k["passed"] and k["observed"] >= 5 and "violating_people" in k and "violating_rows" not in k
    with (folder / "visits.csv").open(newline="", encoding="utf-8") as fh:
        source = list(csv.DictReader(fh))
    patients = {r["patient_id"] for r in source}
    people = report["people"]
    assert people["in"] == len(patients) < len(source)
    assert people["out"] + people["suppressed"] == people["in"]
    assert people["suppressed"] <= 0.01 * people["in"]
    qis = ["zip", "age", "sex"]
    paths = {}
    for q in qis:
        spec = yaml.safe_load((folder / "visits-anonymize.yaml").read_text())["columns"][q]["hierarchy"]
        hierarchy = load_hierarchy(q, spec, sorted({r[q] for r in source}), folder)
        paths[q] = {row[0]: row[report["node"][q]] for row in hierarchy.rows}
    classes: dict[tuple[str, ...], set[str]] = {}
    for r in source:
        classes.setdefault(tuple(paths[q][r[q]] for q in qis), set()).add(r["patient_id"])
    kept = {c for c, members in classes.items() if len(members) >= 5}
    assert sum(len(classes[c]) for c in kept) == people["out"]
    expected = Counter(
        (*(paths[q][r[q]] for q in qis), r["diagnosis"])
        for r in source
        if tuple(paths[q][r[q]] for q in qis) in kept
    )
    with (folder / "out" / "visits_release.csv").open(newline="", encoding="utf-8") as fh:
        reader = csv.reader(fh)
        assert next(reader) == [*qis, "diagnosis"]  # no patient_id
        assert Counter(tuple(row) for row in reader) == expected
    assert report["rows_out"] == sum(expected.values())


# --------------------------------------------------------------------------- output kinds


# --------------------------------------------------------------------------- output kinds


def test_csv_output_and_source_unchanged(project: Path) -> None:
    source = project / "people.csv"
    before = digest(source)
    config = write_yaml(project / "c.yaml", base_config())
    ok(run("anonymize", str(config), "--report", str(project / "r.json")))
    report = json.loads((project / "r.json").read_text(encoding="utf-8"))
    assert_report_shape(report)
    rows = read_release(project / "out" / "release.csv")
    assert len(rows) == report["rows_out"] == 10 - report["suppressed_rows"]
    assert len(rows[0]) == 4  # name (identifier) dropped
    assert digest(source) == before
    no_staged_files(project)


def test_semicolon_source_and_output(tmp_path: Path) -> None:
    """The source's csv options do not leak to the release: it is comma-separated unless its
    own options say otherwise (issue 14, item 14)."""
    project = make_project(tmp_path / "p", delimiter=";")
    config = write_yaml(project / "c.yaml", base_config(csv={"delimiter": ";"}))
    ok(run("anonymize", str(config)))
    lines = (project / "out" / "release.csv").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "zip,age,sex,disease"
    assert len(lines) == 11 and all(line.count(",") == 3 and ";" not in line for line in lines)
    own = base_config(csv={"delimiter": ";"}, output={"file": "out/semi.csv", "csv": {"delimiter": "|"}})
    ok(run("anonymize", str(write_yaml(project / "own.yaml", own))))
    lines = (project / "out" / "semi.csv").read_text(encoding="utf-8").splitlines()
    assert lines[0] == "zip|age|sex|disease"
    assert len(lines) == 11 and all(line.count("|") == 3 for line in lines)


def test_quoted_fields_in_source(tmp_path: Path) -> None:
    """A custom quote character; a quoted value containing the delimiter stays one field."""
    project = make_project(tmp_path / "p")
    rows = ["name,zip,age,sex,disease"] + [",".join(("'" + r[0] + ", jr'", *r[1:])) for r in PEOPLE[1:]]
    (project / "people.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    config = write_yaml(project / "c.yaml", base_config(csv={"quote": "'"}, output="out/r.parquet"))
    ok(run("anonymize", str(config)))
    assert len(read_release(project / "out" / "r.parquet")) == 10


@pytest.mark.slow
def test_parquet_output_and_source(project: Path) -> None:
    config = write_yaml(project / "c.yaml", base_config(output="out/release.parquet"))
    ok(run("anonymize", str(config)))
    rows = read_release(project / "out" / "release.parquet")
    assert len(rows) == 10
    # a Parquet source (typed: age is an integer there)
    con = duckdb.connect()
    con.execute(
        "COPY (SELECT name, zip, CAST(age AS INTEGER) AS age, sex, disease FROM read_csv(?, all_varchar = true)) "
        "TO ? (FORMAT PARQUET)",
        [str(project / "people.csv"), str(project / "people.parquet")],
    )
    con.close()
    before = digest(project / "people.parquet")
    cfg2 = base_config(source="people.parquet", output="out/again.csv")
    ok(run("anonymize", str(write_yaml(project / "c2.yaml", cfg2))))
    assert len(read_release(project / "out" / "again.csv")) == 10
    assert digest(project / "people.parquet") == before


def test_overwrite(project: Path) -> None:
    out = project / "out" / "release.csv"
    out.parent.mkdir()
    out.write_text("old\n", encoding="utf-8")
    config = write_yaml(project / "c.yaml", base_config())
    result = ok(run("anonymize", str(config)), 2)
    assert "overwrite" in result.stderr
    assert out.read_text(encoding="utf-8") == "old\n"
    write_yaml(project / "c.yaml", base_config(overwrite=True))
    ok(run("anonymize", str(config)))
    assert out.read_text(encoding="utf-8").startswith("zip,age,sex,disease")
    # overwrite: false is the same as leaving it out
    write_yaml(project / "c.yaml", base_config(overwrite=False))
    ok(run("anonymize", str(config)), 2)
    no_staged_files(project)


def duckdb_people(path: Path) -> None:
    con = duckdb.connect(str(path))
    con.execute("CREATE TABLE people (name VARCHAR, zip VARCHAR, age INTEGER, sex VARCHAR, disease VARCHAR)")
    con.executemany("INSERT INTO people VALUES (?, ?, ?, ?, ?)", [list(r) for r in PEOPLE[1:]])
    con.close()


def tables(path: Path) -> dict[str, list[tuple[Any, ...]]]:
    con = duckdb.connect(str(path), read_only=True)
    try:
        names = [r[0] for r in con.execute("SELECT table_name FROM information_schema.tables").fetchall()]
        return {n: sorted(con.execute(f'SELECT * FROM "{n}"').fetchall()) for n in names}
    finally:
        con.close()


@pytest.mark.slow
def test_duckdb_source_and_output_in_the_same_database(project: Path) -> None:
    db = project / "w.duckdb"
    duckdb_people(db)
    people = tables(db)["people"]
    cfg = base_config(
        source={"database": "w.duckdb", "table": "people"},
        output={"database": "w.duckdb", "table": "release"},
    )
    config = write_yaml(project / "c.yaml", cfg)
    ok(run("anonymize", str(config), "--report", str(project / "r.json")))
    after = tables(db)
    assert set(after) == {"people", "release"}  # no staged table left behind
    assert after["people"] == people
    assert len(after["release"]) == json.loads((project / "r.json").read_text(encoding="utf-8"))["rows_out"]
    # again: the table exists -> exit 2 without overwrite, replaced with overwrite
    ok(run("anonymize", str(config)), 2)
    assert set(tables(db)) == {"people", "release"}
    write_yaml(project / "c.yaml", {**cfg, "overwrite": True})
    ok(run("anonymize", str(config)))
    final = tables(db)
    assert set(final) == {"people", "release"} and final["people"] == people
    # check on the DuckDB release
    gate = {k: v for k, v in cfg.items() if k != "output"}
    gate["source"] = {"database": "w.duckdb", "table": "release"}
    gate["columns"] = {k: v for k, v in cfg["columns"].items() if k != "name"}
    ok(run("check", str(write_yaml(project / "g.yaml", gate))))


def test_duckdb_source_is_not_modified(project: Path) -> None:
    db = project / "w.duckdb"
    duckdb_people(db)
    before = digest(db)
    cfg = base_config(source={"database": "w.duckdb", "table": "people"}, output="out/release.csv")
    ok(run("anonymize", str(write_yaml(project / "c.yaml", cfg))))
    assert digest(db) == before
    assert len(read_release(project / "out" / "release.csv")) == 10


def test_duckdb_output_to_a_new_database(project: Path) -> None:
    cfg = base_config(output={"database": "new/out.duckdb", "table": "my release"})
    ok(run("anonymize", str(write_yaml(project / "c.yaml", cfg))))
    assert set(tables(project / "new" / "out.duckdb")) == {"my release"}


def test_no_release_leaves_no_new_database(project: Path) -> None:
    cfg = base_config(
        criteria=[{"l-diversity": {"variant": "recursive", "l": 2, "c": 1}}],
        output={"database": "new/out.duckdb", "table": "release"},
    )
    ok(run("anonymize", str(write_yaml(project / "c.yaml", cfg))), 1)
    assert not (project / "new").exists()


# --------------------------------------------------------------------------- misc


def test_relative_paths_resolve_against_the_config_folder(
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = write_yaml(project / "c.yaml", base_config())
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    ok(run("anonymize", str(config)))
    assert (project / "out" / "release.csv").is_file()
    assert not any(elsewhere.iterdir())


def test_report_in_a_new_folder(project: Path) -> None:
    config = write_yaml(project / "c.yaml", base_config())
    ok(run("anonymize", str(config), "--report", str(project / "a" / "b" / "r.json")))
    assert json.loads((project / "a" / "b" / "r.json").read_text(encoding="utf-8"))["passed"] is True
    no_staged_files(project)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_only_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The progress line is shown when stderr is a terminal, and never otherwise."""
    import sqlanon.cli as cli

    monkeypatch.setattr(cli.sys, "stderr", io.StringIO())
    assert cli._progress() is None
    terminal = _Terminal()
    monkeypatch.setattr(cli.sys, "stderr", terminal)
    progress = cli._progress()
    assert progress is not None
    progress(20, 40)
    assert "20 of 40 lattice nodes checked" in terminal.getvalue()
    stage = cli._stage()
    assert stage is not None
    stage("encoding")
    assert "sqlanon: encoding..." in terminal.getvalue()
    monkeypatch.setattr(cli.sys, "stderr", io.StringIO())
    assert cli._stage() is None


def test_help_and_version() -> None:
    assert "anonymize" in ok(run("--help")).stdout
    assert ok(run("--version")).stdout.strip()
    result = run("nonsense")
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_python_api_raises_input_error(project: Path) -> None:
    import sqlanon

    cfg = base_config()
    cfg["columns"]["salary"] = "insensitive"
    with pytest.raises(sqlanon.InputError, match="'salary'"):
        sqlanon.anonymize(cfg, base_dir=project)
    assert not (project / "out").exists()
    report = sqlanon.anonymize(base_config(), base_dir=project)
    assert report.passed and (project / "out" / "release.csv").is_file()


def test_csv_without_header(project: Path) -> None:
    lines = (project / "people.csv").read_text(encoding="utf-8").splitlines()[1:]
    (project / "people.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    cfg = base_config(csv={"header": False})
    cfg["columns"] = {
        "column0": "identifier",
        "column1": {"role": "quasi", "hierarchy": "h/zip.csv"},
        "column2": {"role": "quasi", "hierarchy": "h/age.csv"},
        "column3": {"role": "quasi", "hierarchy": "h/sex.csv"},
        "column4": "sensitive",
    }
    ok(run("anonymize", str(write_yaml(project / "c.yaml", cfg))))
    assert len(read_release(project / "out" / "release.csv")) == 10


# --------------------------------------------------------------------------- aborted releases


def snapshot(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): "dir" if p.is_dir() else digest(p) for p in sorted(folder.rglob("*"))}


OUTPUTS = [
    "out/new/release.csv",
    "out/new/release.parquet",
    {"database": "out/new.duckdb", "table": "release"},
    {"database": "w.duckdb", "table": "release"},
]


@pytest.mark.slow
@pytest.mark.parametrize("output", OUTPUTS, ids=["csv", "parquet", "new-duckdb", "same-duckdb"])
@pytest.mark.parametrize("failure", ["gate-fails", "gate-raises"])
def test_aborted_release_leaves_nothing(
    project: Path, monkeypatch: pytest.MonkeyPatch, output: Any, failure: str
) -> None:
    """After staging, a failing gate (exit 1) or an error in the gate (exit 2) leaves no trace."""
    import sqlanon.release.gated as gated_publish
    from sqlanon.criteria.checks import Outcome
    from sqlanon.errors import DataError
    from sqlanon.gate import GateResult

    duckdb_people(project / "w.duckdb")
    source = {"database": "w.duckdb", "table": "people"} if isinstance(output, dict) else "people.csv"
    config = write_yaml(project / "c.yaml", base_config(source=source, output=output))
    before = snapshot(project)
    tables_before = tables(project / "w.duckdb")

    def gate(*args: Any, **kwargs: Any) -> GateResult:
        if failure == "gate-raises":
            raise DataError("simulated failure while gating the staged release")
        return GateResult((Outcome(False, 1, 1, 1),), 10, 5)

    monkeypatch.setattr(gated_publish, "run_gate", gate)
    result = ok(run("anonymize", str(config)), 1 if failure == "gate-fails" else 2)
    if failure == "gate-raises":
        assert "simulated failure" in result.stderr
    after = snapshot(project)
    if output == {"database": "w.duckdb", "table": "release"}:
        # the staged table was created and dropped in the source's database: same tables, new bytes
        before.pop("w.duckdb"), after.pop("w.duckdb")
    assert after == before
    assert tables(project / "w.duckdb") == tables_before


def test_output_appearing_during_the_run_is_not_replaced(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import sqlanon.release.gated as gated_publish

    real_gate = gated_publish.run_gate
    out = project / "out" / "release.csv"

    def gate(*args: Any, **kwargs: Any) -> Any:
        out.write_text("written by someone else\n", encoding="utf-8")
        return real_gate(*args, **kwargs)

    monkeypatch.setattr(gated_publish, "run_gate", gate)
    result = ok(run("anonymize", str(write_yaml(project / "c.yaml", base_config()))), 2)
    assert "appeared" in result.stderr
    assert out.read_text(encoding="utf-8") == "written by someone else\n"
    no_staged_files(project)


@pytest.mark.slow
def test_stages_are_announced_in_order(project: Path) -> None:
    """The API tells a progress display each stage as it starts, in the order they run."""
    seen: list[str] = []
    nodes: list[tuple[int, int]] = []
    report = sqlanon.anonymize(
        base_config(), base_dir=project, stage=seen.append, progress=lambda d, t: nodes.append((d, t))
    )
    assert report.passed
    assert seen[:3] == ["reading the source", "encoding", "searching the lattice"]
    assert seen[3].startswith("ranking ")
    assert seen[4:] == [
        "checking each column one level lower",
        "writing the release",
        "gating the release",
        "committing the release",
    ]
    assert nodes and all(0 < d <= t for d, t in nodes)
    seen.clear()
    mondrian = base_config(search="mondrian", output="out/mondrian.csv")
    assert sqlanon.anonymize(mondrian, base_dir=project, stage=seen.append).passed
    assert seen == [
        "reading the source",
        "encoding",
        "partitioning (Mondrian)",
        "writing the release",
        "gating the release",
        "committing the release",
    ]
    seen.clear()
    gate = base_config(source="out/release.csv")
    del gate["columns"]["name"]  # identifiers are dropped from the release
    assert sqlanon.check(gate, base_dir=project, stage=seen.append).passed
    assert seen == ["reading the table", "gating the table"]
