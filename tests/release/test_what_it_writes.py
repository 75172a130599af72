"""What sqlanon writes, and never writes over (issue 14, items 1, 2, 8, 9, 11).

Each test runs the command line as a user would (``CliRunner`` in-process, real ``sqlanon``
processes where a process must die) and compares the files and tables before and after.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import duckdb
import pytest

from sqlanon import atomic
from tests.cli.test_cli import (
    PEOPLE,
    base_config,
    digest,
    duckdb_people,
    make_project,
    ok,
    read_release,
    run,
    snapshot,
    sqlanon_exe,
    tables,
    write_yaml,
)


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return make_project(tmp_path / "p")


def refused(result: Any, *needles: str) -> str:
    """Exit 2, one paragraph on stderr naming every needle."""
    ok(result, 2)
    err = str(result.stderr)
    assert err.startswith("sqlanon: error: ") and "internal error" not in err and "likely a bug" not in err
    for needle in needles:
        assert needle.lower() in err.lower(), f"{needle!r} not in {err}"
    return err


def dead_pid() -> int:
    proc = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    return int(proc.stdout)


# --------------------------------------------------------------------------- item 1: the source


def anonymize_with_report(project: Path) -> None:
    """``anonymize`` the project's default configuration with ``--report r.json``; it succeeds."""
    ok(
        run(
            "anonymize",
            str(write_yaml(project / "c.yaml", base_config())),
            "--report",
            str(project / "r.json"),
        )
    )


def refused_in_database(project: Path, database: str, source: str, output: str, *needles: str) -> None:
    """anonymize from table ``source`` to table ``output`` of one database, with overwrite:
    refused (exit 2 naming ``needles``) and every table of the database unchanged."""
    before = tables(project / database)
    cfg = base_config(
        source={"database": database, "table": source},
        output={"database": database, "table": output},
        overwrite=True,
        criteria=[{"k-anonymity": {"k": 1}}],
    )
    refused(run("anonymize", str(write_yaml(project / "c.yaml", cfg))), *needles)
    assert tables(project / database) == before


@pytest.mark.parametrize(
    "spelling", ["PEOPLE", "People", "main.people", "MAIN.PEOPLE", '"people"', 'main."PEOPLE"']
)
def test_the_source_table_is_never_replaced_by_any_spelling_of_its_name(project: Path, spelling: str) -> None:
    duckdb_people(project / "s.duckdb")
    refused_in_database(project, "s.duckdb", "people", spelling, "source")


def test_a_table_a_source_view_reads_is_never_replaced(project: Path) -> None:
    """The source is a view: neither the view nor the tables it reads (through another view) may
    be the output."""
    db = view_db(
        project,
        "CREATE VIEW inner_v AS SELECT * FROM people",
        "CREATE VIEW people_v AS SELECT * FROM inner_v",
    )
    before = tables(db)
    for target in ("people", "Inner_V", "people_v"):
        refused_in_database(project, "views.duckdb", "people_v", target, "source")
    # another table of the same database is fine
    cfg = base_config(
        source={"database": "views.duckdb", "table": "people_v"},
        output={"database": "views.duckdb", "table": "release"},
    )
    ok(run("anonymize", str(write_yaml(project / "c.yaml", cfg))))
    assert tables(db)["people"] == before["people"] and "release" in tables(db)


def test_a_file_a_source_view_reads_is_never_replaced(project: Path) -> None:
    db = project / "s.duckdb"
    con = duckdb.connect(str(db))
    path = str(project / "people.csv")
    con.execute(
        "CREATE VIEW people AS SELECT * FROM read_csv(?, all_varchar = true)".replace("?", f"'{path}'")
    )
    con.close()
    before = digest(project / "people.csv")
    cfg = base_config(source={"database": "s.duckdb", "table": "people"}, output="people.csv", overwrite=True)
    refused(run("anonymize", str(write_yaml(project / "c.yaml", cfg))), "source reads")
    assert digest(project / "people.csv") == before


def test_the_source_file_is_never_replaced_through_a_link_or_by_a_database(project: Path) -> None:
    before = digest(project / "people.csv")
    (project / "alias.csv").symlink_to(project / "people.csv")
    os.link(project / "people.csv", project / "hard.csv")
    for output in ("alias.csv", "hard.csv", "./h/../people.csv", {"database": "people.csv", "table": "t"}):
        cfg = base_config(output=output, overwrite=True)
        refused(run("anonymize", str(write_yaml(project / "c.yaml", cfg))), "source")
        assert digest(project / "people.csv") == before


def test_a_hierarchy_file_is_never_the_output(project: Path) -> None:
    before = snapshot(project / "h")
    cfg = base_config(output="h/zip.csv", overwrite=True)
    refused(run("anonymize", str(write_yaml(project / "c.yaml", cfg))), "hierarchy file of column 'zip'")
    assert snapshot(project / "h") == before


def test_an_output_table_differing_only_in_case_is_the_existing_table(project: Path) -> None:
    db = project / "w.duckdb"
    duckdb_people(db)
    cfg = base_config(output={"database": "w.duckdb", "table": "release"})
    ok(run("anonymize", str(write_yaml(project / "c.yaml", cfg))))
    cfg["output"] = {"database": "w.duckdb", "table": "RELEASE"}
    refused(run("anonymize", str(write_yaml(project / "c.yaml", cfg))), "already exists", "as 'release'")
    ok(run("anonymize", str(write_yaml(project / "c.yaml", {**cfg, "overwrite": True}))))
    assert sorted(tables(db)) == ["RELEASE", "people"]  # replaced under the new spelling, no second table


def test_an_output_that_is_a_view_is_refused_before_the_search(project: Path) -> None:
    db = view_db(project, "CREATE VIEW release AS SELECT 1 AS x", name="w.duckdb")
    before = tables(db)
    cfg = base_config(output={"database": "w.duckdb", "table": "Release"}, overwrite=True)
    result = run("anonymize", str(write_yaml(project / "c.yaml", cfg)))
    refused(result, "is a view")
    assert "searching" not in result.stderr
    assert tables(db) == before


def test_schema_qualified_tables_are_read_and_written_in_their_schema(project: Path) -> None:
    db = project / "w.duckdb"
    con = duckdb.connect(str(db))
    con.execute("CREATE SCHEMA staging")
    con.execute(
        "CREATE TABLE staging.people (name VARCHAR, zip VARCHAR, age INTEGER, sex VARCHAR, disease VARCHAR)"
    )
    con.executemany("INSERT INTO staging.people VALUES (?, ?, ?, ?, ?)", [list(r) for r in PEOPLE[1:]])
    con.close()
    cfg = base_config(
        source={"database": "w.duckdb", "table": "staging.people"},
        output={"database": "w.duckdb", "table": "published.people_rel"},
    )
    ok(run("anonymize", str(write_yaml(project / "c.yaml", cfg))))
    con = duckdb.connect(str(db), read_only=True)
    found = con.execute(
        "SELECT table_schema, table_name FROM information_schema.tables ORDER BY 1, 2"
    ).fetchall()
    rows = con.execute("SELECT COUNT(*) FROM published.people_rel").fetchone()
    con.close()
    assert found == [("published", "people_rel"), ("staging", "people")]
    assert rows == (len(PEOPLE) - 1,)
    # the same name in another schema is another table; the source's own is refused
    cfg["output"] = {"database": "w.duckdb", "table": "STAGING.People"}
    refused(run("anonymize", str(write_yaml(project / "c.yaml", {**cfg, "overwrite": True}))), "source")


# --------------------------------------------------------------------------- item 2: the report


def report_targets(project: Path) -> dict[str, Path]:
    return {
        "source": project / "people.csv",
        "output": project / "out" / "release.csv",
        "configuration": project / "c.yaml",
        "hierarchy": project / "h" / "age.csv",
        "other file": project / "notes.json",
    }


@pytest.mark.slow
@pytest.mark.parametrize("which", ["source", "output", "configuration", "hierarchy", "other file"])
@pytest.mark.parametrize("command", ["anonymize", "check"])
def test_the_report_never_replaces_data(project: Path, which: str, command: str) -> None:
    config = write_yaml(project / "c.yaml", base_config(overwrite=True))
    ok(run("anonymize", str(config)))  # an existing release
    (project / "notes.json").write_text('{"mine": true}\n', encoding="utf-8")
    before = snapshot(project)
    target = report_targets(project)[which]
    if command == "check" and which == "output":
        return  # check has no output
    refused(run(command, str(config), "--report", str(target)), "report")
    assert snapshot(project) == before


def test_check_report_is_never_written_over_a_database(project: Path) -> None:
    db = project / "pub.duckdb"
    duckdb_people(db)
    cfg = base_config(source={"database": "pub.duckdb", "table": "people"})
    del cfg["output"]
    config = write_yaml(project / "g.yaml", cfg)
    before = snapshot(project)
    for target in (db, project / "pub.duckdb.wal"):
        refused(run("check", str(config), "--report", str(target)), "report")
        assert snapshot(project) == before


def test_a_report_replaces_an_earlier_report(project: Path) -> None:
    config = write_yaml(project / "c.yaml", base_config(overwrite=True))
    report = project / "r.json"
    ok(run("anonymize", str(config), "--report", str(report)))
    first = json.loads(report.read_text(encoding="utf-8"))
    ok(
        run(
            "check",
            str(write_yaml(project / "g.yaml", {**base_config(), "source": "out/release.csv"})),
            "--report",
            str(report),
        ),
        0,
    )
    assert (
        json.loads(report.read_text(encoding="utf-8"))["command"] == "check"
        and first["command"] == "anonymize"
    )
    # a release that repeats: apply at the node anonymize chose, twice, to the same report
    node = ",".join(f"{column}={level}" for column, level in first["node"].items())
    monthly = project / "monthly.json"
    for _ in range(2):
        ok(run("apply", str(config), "--node", node, "--report", str(monthly)))
        assert json.loads(monthly.read_text(encoding="utf-8"))["command"] == "apply"


# --------------------------------------------------------------------------- item 8: no release without its report


def limited(limit: int) -> None:
    """In the child: files may grow to ``limit`` bytes; past it, writes fail (EFBIG)."""
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


def test_a_run_that_cannot_write_its_report_publishes_nothing_process(project: Path) -> None:
    """A real process whose file size limit lets it write the release (a few hundred bytes)
    but not the report (the gate's SQL alone is kilobytes): exit 2, nothing published."""
    config = write_yaml(project / "c.yaml", base_config())
    before = snapshot(project)
    proc = subprocess.run(
        [*sqlanon_exe(), "anonymize", str(config), "--report", str(project / "r.json")],
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=lambda: limited(2000),
        env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"},
    )
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert "report" in proc.stderr and "nothing was written" in proc.stderr
    assert snapshot(project) == before


OUTPUTS = ["out/release.csv", "out/release.parquet", {"database": "new.duckdb", "table": "release"}]


@pytest.mark.parametrize(
    "output",
    [*OUTPUTS, {"database": "w.duckdb", "table": "release"}],
    ids=["csv", "parquet", "new-duckdb", "same-duckdb"],
)
@pytest.mark.slow
@pytest.mark.parametrize("step", ["report-rename", "commit"])
def test_a_failing_commit_step_undoes_the_others(
    project: Path, monkeypatch: pytest.MonkeyPatch, output: Any, step: str
) -> None:
    """The release is put in place (the previous one kept), then the report: a failure at the
    report's rename, or at the very end of putting the release in place (after its DuckDB
    transaction committed), puts every earlier release and report back as they were (here both
    existed: overwrite)."""
    from sqlanon.release import publish
    from sqlanon.report import model as report

    duckdb_people(project / "w.duckdb")
    source = {"database": "w.duckdb", "table": "people"} if isinstance(output, dict) else "people.csv"
    config = write_yaml(
        project / "c.yaml",
        base_config(source=source, output=output, overwrite=True, criteria=[{"k-anonymity": {"k": 3}}]),
    )
    ok(run("anonymize", str(config), "--report", str(project / "r.json")))
    write_yaml(project / "c.yaml", base_config(source=source, output=output, overwrite=True))
    before, tables_before = snapshot(project), tables(project / "w.duckdb")
    if step == "report-rename":
        real = atomic.swap_in

        def swap_in(staged: Path, target: Path, overwrite: bool) -> atomic.Swap:
            if target.name == "r.json":
                raise OSError(28, "No space left on device")
            return real(staged, target, overwrite)

        monkeypatch.setattr(report.atomic, "swap_in", swap_in)
    else:
        commit = publish.Staged.commit

        def fails_at_the_end(self: Any, engine: Any, overwrite: bool) -> None:
            commit(self, engine, overwrite)
            raise OSError(5, "Input/output error")

        monkeypatch.setattr(publish.Staged, "commit", fails_at_the_end)
    out_tables = tables(project / output["database"]) if isinstance(output, dict) else None
    result = run("anonymize", str(config), "--report", str(project / "r.json"))
    ok(result, 2)
    after = snapshot(project)
    if isinstance(output, dict):  # the same tables (the release was taken back), new bytes
        before.pop(output["database"]), after.pop(output["database"])
        assert tables(project / output["database"]) == out_tables
    assert after == before
    assert tables(project / "w.duckdb") == tables_before


# --------------------------------------------------------------------------- item 9: crash leftovers


def start(config: Path) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [*sqlanon_exe(), "anonymize", str(config)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )


def big_project(folder: Path, rows: int) -> None:
    """The test project with ``rows`` rows (the same few values repeated)."""
    make_project(folder)
    body = [",".join(PEOPLE[1 + i % 10]) for i in range(rows)]
    (folder / "people.csv").write_text(",".join(PEOPLE[0]) + "\n" + "\n".join(body) + "\n", encoding="utf-8")


@pytest.mark.slow
def test_a_killed_run_leaves_only_what_the_next_run_removes_process(tmp_path: Path) -> None:
    """kill -9 while the release is staged beside the output: the staged folder is left (no
    process can clean up after SIGKILL), no output appears, and the next run for the same
    output removes the leftover before it writes."""
    project = tmp_path / "p"
    big_project(project, 300_000)
    config = write_yaml(project / "c.yaml", base_config(output="out/release.csv"))
    out = project / "out"
    caught = None
    for _ in range(3):
        proc = start(config)
        deadline = time.monotonic() + 120
        while proc.poll() is None and time.monotonic() < deadline:
            staged = [p for p in out.glob(".sqlanon-*.tmp")] if out.is_dir() else []
            if staged:
                proc.send_signal(signal.SIGKILL)
                caught = staged
                break
            time.sleep(0.002)
        proc.wait()
        if caught:
            break
        (out / "release.csv").unlink(missing_ok=True)
    assert caught, "the run finished before its staged release could be seen"
    assert not (out / "release.csv").exists()
    left = sorted(p.name for p in out.iterdir())
    assert left and all(name.startswith(".sqlanon-") for name in left)
    ok(run("anonymize", str(config)))
    assert sorted(p.name for p in out.iterdir()) == ["release.csv"]
    assert len(read_release(out / "release.csv")) == 300_000


@pytest.mark.slow
def test_a_run_killed_at_any_moment_leaves_the_database_as_it_was_or_published_process(
    tmp_path: Path,
) -> None:
    """kill -9 at several moments of a run writing into the source's database: no staged table
    is ever left, the source table is unchanged, and the release is either absent or whole."""
    project = tmp_path / "p"
    big_project(project, 100_000)
    con = duckdb.connect(str(project / "w.duckdb"))
    con.execute(
        "CREATE TABLE people AS SELECT * FROM read_csv(?, all_varchar = true)", [str(project / "people.csv")]
    )
    con.close()
    people = tables(project / "w.duckdb")["people"]
    cfg = base_config(
        source={"database": "w.duckdb", "table": "people"},
        output={"database": "w.duckdb", "table": "release"},
    )
    config = write_yaml(project / "c.yaml", cfg)
    began = time.monotonic()
    ok(run("anonymize", str(config)))  # how long a whole run takes here: kill at fractions of it
    whole = time.monotonic() - began
    con = duckdb.connect(str(project / "w.duckdb"))
    con.execute("DROP TABLE release")
    con.close()
    for fraction in (0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1.0, 1.1):
        proc = start(config)
        time.sleep(fraction * whole + 0.25)  # a process starts slower than a run in-process
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        found = tables(project / "w.duckdb")
        assert not [n for n in found if "sqlanon" in n]
        assert found["people"] == people
        assert set(found) <= {"people", "release"}
        if "release" in found:
            assert len(found["release"]) == 100_000
            con = duckdb.connect(str(project / "w.duckdb"))
            con.execute("DROP TABLE release")
            con.close()
    assert not [p for p in project.iterdir() if p.name.startswith(".sqlanon-")]


def as_dead(path: Path, pid: int) -> Path:
    """``path`` (a staging name of this process) renamed as if process ``pid`` had made it."""
    new = path.with_name(path.name.replace(f"-{os.getpid()}-", f"-{pid}-", 1))
    path.rename(new)
    return new


def test_leftovers_of_earlier_releases_and_dead_runs_are_removed_and_live_ones_kept(project: Path) -> None:
    out = project / "out"
    out.mkdir()
    pid = dead_pid()
    legacy = out / f".release.csv.sqlanon-{pid}.tmp"  # what earlier releases left after kill -9
    legacy.write_bytes(b"x" * 100)
    mine = as_dead(atomic.staging_folder(out / "release.csv"), pid)  # a killed run's staged release
    (mine / "release.csv").write_text("half a release", encoding="utf-8")
    live = atomic.staging_file(out / "release.csv")  # a run that still runs (this process)
    other = as_dead(atomic.staging_file(out / "other.csv"), pid)  # a killed run for another output
    db = project / "w.duckdb"
    duckdb_people(db)
    con = duckdb.connect(str(db))
    con.execute(f'CREATE TABLE "__sqlanon_staged_{pid}_release" AS SELECT 1 AS x')
    con.execute(f'CREATE TABLE "__sqlanon_staged_{os.getpid()}_release" AS SELECT 1 AS x')
    con.close()
    ok(run("anonymize", str(write_yaml(project / "c.yaml", base_config()))))
    names = {p.name for p in out.iterdir()}
    assert legacy.name not in names and mine.name not in names
    assert live.name in names and other.name in names and "release.csv" in names
    cfg = base_config(
        source={"database": "w.duckdb", "table": "people"}, output={"database": "w.duckdb", "table": "rel"}
    )
    ok(run("anonymize", str(write_yaml(project / "c.yaml", cfg))))
    assert set(tables(db)) == {"people", "rel", f"__sqlanon_staged_{os.getpid()}_release"}


def test_the_report_is_staged_under_a_new_name_and_a_planted_link_is_not_followed(
    project: Path, tmp_path: Path
) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("precious\n", encoding="utf-8")
    (project / ".r.json.tmp").symlink_to(victim)  # the name earlier releases wrote the report to
    anonymize_with_report(project)
    assert victim.read_text(encoding="utf-8") == "precious\n"
    assert json.loads((project / "r.json").read_text(encoding="utf-8"))["passed"] is True
    staged = atomic.staging_file(project / "r.json")
    assert staged.name.startswith(".sqlanon-") and staged.stat().st_mode & 0o777 == 0o600
    assert staged != atomic.staging_file(project / "r.json")


# --------------------------------------------------------------------------- item 11: new databases


def test_a_new_database_that_appears_during_the_run_is_left_alone(project: Path) -> None:
    """Two runs creating the same new database: the one that commits second finds it there,
    leaves it as it is and publishes nothing (it never unlinks a database it did not make)."""
    from sqlanon.config import load_config
    from sqlanon.engines.duckdb.engine import DuckDBEngine
    from sqlanon.errors import InputError
    from sqlanon.release import publish

    config = load_config(
        write_yaml(project / "c.yaml", base_config(output={"database": "new.duckdb", "table": "release"}))
    )
    engine = DuckDBEngine()
    try:
        assert config.output is not None
        publish.prepare_output(engine, config)
        staged = publish.stage(engine, publish.exp.select("1 AS x"), config.output)
        other = duckdb.connect(str(project / "new.duckdb"))  # another run committed meanwhile
        other.execute("CREATE TABLE theirs AS SELECT 42 AS y")
        other.close()
        with pytest.raises(InputError, match="appeared while sqlanon was running"):
            staged.commit(engine, overwrite=True)
        staged.abort(engine)
    finally:
        engine.close()
    assert tables(project / "new.duckdb") == {"theirs": [(42,)]}
    assert not [p for p in project.iterdir() if p.name.startswith(".sqlanon-")]


@pytest.mark.slow
def test_concurrent_runs_creating_one_new_database_never_lose_a_committed_table_process(
    project: Path,
) -> None:
    """Two processes add tables a and b to the same new database at once: each exits 0 with
    its table in the database, or exits 2 having written nothing."""
    for name in ("a", "b"):
        write_yaml(project / f"{name}.yaml", base_config(output={"database": "new.duckdb", "table": name}))
    for _ in range(3):
        (project / "new.duckdb").unlink(missing_ok=True)
        procs = {n: start(project / f"{n}.yaml") for n in ("a", "b")}
        codes = {n: p.wait(timeout=120) for n, p in procs.items()}
        assert set(codes.values()) <= {0, 2}, {
            n: p.stderr.read() if p.stderr else "" for n, p in procs.items()
        }
        found = tables(project / "new.duckdb")
        assert {n for n, c in codes.items() if c == 0} <= set(found)
        assert all(len(rows) == len(PEOPLE) - 1 for rows in found.values())
        assert not [p for p in project.iterdir() if p.name.startswith(".sqlanon-")]


# --------------------------------------------------------------------------- item 10: demo --dir


def test_demo_refuses_a_folder_holding_other_files(tmp_path: Path) -> None:
    folder = tmp_path / "work"
    (folder / "hierarchies").mkdir(parents=True)
    (folder / "hierarchies" / "mine.csv").write_text("a;*\n", encoding="utf-8")
    (folder / "people.csv").write_text("my own data\n", encoding="utf-8")
    before = snapshot(folder)
    refused(run("demo", "--dir", str(folder), "--rows", "300"), "not empty", "--dir demo-run")
    assert snapshot(folder) == before


def test_demo_in_the_working_directory_of_a_checkout_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    checkout = tmp_path / "checkout"
    (checkout / "hierarchies").mkdir(parents=True)
    (checkout / "hierarchies" / "age.yaml").write_text("type: intervals\nwidths: [7]\n", encoding="utf-8")
    monkeypatch.chdir(checkout)
    before = snapshot(checkout)
    refused(run("demo", "--dir", ".", "--rows", "300"), "not empty")
    assert snapshot(checkout) == before


@pytest.mark.slow
def test_demo_reruns_in_its_own_folder_and_keeps_other_files(tmp_path: Path) -> None:
    folder = tmp_path / "demo"
    ok(run("demo", "--dir", str(folder), "--rows", "300"))
    (folder / "hierarchies" / "mine.csv").write_text("a;*\n", encoding="utf-8")
    (folder / "notes.txt").write_text("keep me\n", encoding="utf-8")
    ok(run("demo", "--dir", str(folder), "--rows", "300"))
    assert (folder / "hierarchies" / "mine.csv").read_text(encoding="utf-8") == "a;*\n"
    assert (folder / "notes.txt").read_text(encoding="utf-8") == "keep me\n"
    # an empty folder is fine too
    (tmp_path / "empty").mkdir()
    ok(run("demo", "--dir", str(tmp_path / "empty"), "--rows", "300"))


def test_demo_report_is_never_one_of_its_files(tmp_path: Path) -> None:
    folder = tmp_path / "demo"
    refused(
        run("demo", "--dir", str(folder), "--rows", "300", "--report", str(folder / "people.csv")), "report"
    )
    assert not folder.exists()


def test_a_source_view_sqlanon_cannot_read_protects_every_existing_table(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When a source view's definition cannot be parsed, any table may be what it reads: only a
    new table may be written."""
    from sqlanon.engines.duckdb import catalog

    db = view_db(
        project, "CREATE VIEW people_v AS SELECT * FROM people", "CREATE TABLE other AS SELECT 1 AS x"
    )

    def unreadable(engine: Any, alias: str) -> dict[tuple[str, str], str]:
        return {("main", "people_v"): "CREATE VIEW people_v AS SELECT * FROM ((( people"}

    monkeypatch.setattr(catalog, "_view_sql", unreadable)
    refused_in_database(project, "views.duckdb", "people_v", "other", "cannot follow", "new table")
    cfg = base_config(source={"database": "views.duckdb", "table": "people_v"}, overwrite=True)
    cfg["output"] = {"database": "views.duckdb", "table": "fresh"}
    ok(run("anonymize", str(write_yaml(project / "c.yaml", cfg))))
    assert "fresh" in tables(db)


def test_a_closed_stdout_does_not_turn_a_published_release_into_exit_2_process(project: Path) -> None:
    """`sqlanon anonymize cfg | head -0`: the reader is gone before the text report, yet the
    release is published, so the exit code stays 0."""
    config = write_yaml(project / "c.yaml", base_config())
    read, write = os.pipe()
    os.close(read)  # nobody reads: writing raises BrokenPipeError
    proc = subprocess.run(
        [*sqlanon_exe(), "anonymize", str(config)],
        stdout=write,
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
    )
    os.close(write)
    assert proc.returncode == 0, proc.stderr
    assert (project / "out" / "release.csv").is_file()


# --------------------------------------------------------------------------- found by review


def view_db(project: Path, *sql: str, name: str = "views.duckdb") -> Path:
    """The test's people table in the database ``name``, then ``sql`` run there."""
    db = project / name
    duckdb_people(db)
    con = duckdb.connect(str(db))
    for statement in sql:
        con.execute(statement)
    con.close()
    return db


@pytest.mark.parametrize(
    ("sql", "source", "target"),
    [
        (
            [
                "CREATE SCHEMA s",
                "CREATE TABLE s.people AS SELECT * FROM people",
                "CREATE VIEW s.v AS SELECT * FROM people",
            ],
            "s.v",
            "s.people",
        ),
        (
            [
                "CREATE SCHEMA s",
                "CREATE TABLE s.people AS SELECT * FROM people",
                "CREATE VIEW s.w AS SELECT * FROM people",
                "CREATE VIEW v AS SELECT * FROM s.w",
            ],
            "v",
            "s.people",
        ),
        (["CREATE VIEW v AS SELECT * FROM query_table('people')"], "v", "people"),
        (["CREATE VIEW v AS SELECT * FROM query('SELECT * FROM people')"], "v", "people"),
        (
            ["CREATE MACRO m() AS TABLE SELECT * FROM people", "CREATE VIEW v AS SELECT * FROM m()"],
            "v",
            "people",
        ),
    ],
    ids=["schema-view", "view-over-schema-view", "query_table", "query", "table-macro"],
)
@pytest.mark.slow
def test_views_read_through_schemas_and_functions_protect_what_they_read(
    project: Path, sql: list[str], source: str, target: str
) -> None:
    db = view_db(project, *sql)
    con = duckdb.connect(str(db), read_only=True)
    before = con.execute(f"SELECT * FROM {target} ORDER BY ALL").fetchall()
    con.close()
    cfg = base_config(
        source={"database": "views.duckdb", "table": source},
        output={"database": "views.duckdb", "table": target},
        overwrite=True,
    )
    refused(run("anonymize", str(write_yaml(project / "c.yaml", cfg))), "source")
    con = duckdb.connect(str(db), read_only=True)
    assert con.execute(f"SELECT * FROM {target} ORDER BY ALL").fetchall() == before
    con.close()


@pytest.mark.parametrize("pattern", ["d*.csv", "d[12].csv", "~/d1.csv"])
def test_files_a_view_reads_through_a_pattern_or_home_are_protected(
    project: Path, monkeypatch: pytest.MonkeyPatch, pattern: str
) -> None:
    monkeypatch.setenv("HOME", str(project))
    monkeypatch.chdir(project)
    (project / "d1.csv").write_bytes((project / "people.csv").read_bytes())
    view_db(project, f"CREATE VIEW v AS SELECT * FROM read_csv('{pattern}', all_varchar = true)")
    before = digest(project / "d1.csv")
    cfg = base_config(source={"database": "views.duckdb", "table": "v"}, output="d1.csv", overwrite=True)
    refused(run("anonymize", str(write_yaml(project / "c.yaml", cfg))), "source reads")
    assert digest(project / "d1.csv") == before


@pytest.mark.parametrize(
    ("output", "report"),
    [("newdir/rel.csv", "newdir"), ("nd.csv", "nd.csv/r.json")],
    ids=["report-holds-the-output", "report-inside-the-output"],
)
@pytest.mark.parametrize("overwrite", [True, False])
def test_a_report_path_overlapping_the_output_is_refused(
    project: Path, output: str, report: str, overwrite: bool
) -> None:
    before = snapshot(project)
    config = write_yaml(project / "c.yaml", base_config(output=output, overwrite=overwrite))
    before = snapshot(project)
    refused(run("anonymize", str(config), "--report", str(project / report)), "one inside the other")
    assert snapshot(project) == before


def test_demo_report_inside_its_release_folder_is_refused(tmp_path: Path) -> None:
    refused(
        run("demo", "--dir", str(tmp_path / "d2"), "--rows", "300", "--report", str(tmp_path / "d2" / "out")),
        "report",
    )
    assert not (tmp_path / "d2").exists()


def test_report_leftovers_are_removed_by_the_next_run_writing_that_report(project: Path) -> None:
    pid = dead_pid()
    staged = as_dead(atomic.staging_file(project / "r.json"), pid)
    staged.write_text('{"violations": "small classes"}', encoding="utf-8")
    backup = as_dead(atomic.staging_folder(project / "r.json"), pid)
    anonymize_with_report(project)
    assert not staged.exists() and not backup.exists()
    assert json.loads((project / "r.json").read_text(encoding="utf-8"))["passed"] is True


def test_table_names_fold_only_ascii_case_as_duckdb_does(project: Path) -> None:
    db = view_db(project, 'CREATE TABLE "Ärzte" AS SELECT 1 AS x', name="w.duckdb")
    cfg = base_config(output={"database": "w.duckdb", "table": "ärzte"})
    ok(run("anonymize", str(write_yaml(project / "c.yaml", cfg))))  # not "already exists"
    ok(run("anonymize", str(write_yaml(project / "c.yaml", {**cfg, "overwrite": True}))))
    found = tables(db)
    assert found["Ärzte"] == [(1,)] and len(found["ärzte"]) == len(PEOPLE) - 1


def test_an_output_table_another_references_is_refused_before_any_work(project: Path) -> None:
    db = project / "w.duckdb"
    duckdb_people(db)
    con = duckdb.connect(str(db))
    con.execute("CREATE TABLE release (zip VARCHAR PRIMARY KEY)")
    con.execute("CREATE TABLE child (z VARCHAR REFERENCES release(zip))")
    con.close()
    cfg = base_config(output={"database": "w.duckdb", "table": "release"}, overwrite=True)
    result = run("anonymize", str(write_yaml(project / "c.yaml", cfg)))
    refused(result, "foreign key", "child")


@pytest.mark.slow
def test_demo_replaces_a_planted_link_instead_of_writing_through_it(tmp_path: Path) -> None:
    folder = tmp_path / "d"
    folder.mkdir()
    (folder / ".sqlanon_demo").write_text("written by sqlanon demo\n", encoding="utf-8")
    precious = tmp_path / "precious.txt"
    precious.write_text("precious\n", encoding="utf-8")
    (folder / "people.csv").symlink_to(precious)
    ok(run("demo", "--dir", str(folder), "--rows", "300"))
    assert precious.read_text(encoding="utf-8") == "precious\n"
    assert not (folder / "people.csv").is_symlink()


@pytest.mark.parametrize("rows", ["0", "-5"])
def test_demo_needs_rows(tmp_path: Path, rows: str) -> None:
    result = run("demo", "--dir", str(tmp_path / "d"), "--rows", rows)
    assert (
        result.exit_code == 2 and "Traceback" not in result.output and "internal error" not in result.output
    )
    assert not (tmp_path / "d").exists()


@pytest.mark.parametrize("macro", ["nvl", "array_size", "base64_encode", "m"])
def test_a_view_calling_a_user_macro_of_any_name_protects_every_existing_table(
    project: Path, macro: str
) -> None:
    """sqlglot parses some names as its own functions (nvl as COALESCE): a macro is recognized
    by the name the view's SQL calls."""
    db = view_db(
        project,
        "CREATE TABLE other AS SELECT * FROM people LIMIT 1",
        f"CREATE MACRO {macro}(a) AS coalesce(a, (SELECT max(age) FROM people))",
        f"CREATE VIEW v AS SELECT name, zip, {macro}(NULL)::INTEGER AS age, sex, disease FROM other",
    )
    before = tables(db)
    cfg = base_config(
        source={"database": "views.duckdb", "table": "v"},
        output={"database": "views.duckdb", "table": "people"},
        overwrite=True,
        criteria=[{"k-anonymity": {"k": 1}}],
    )
    refused(run("anonymize", str(write_yaml(project / "c.yaml", cfg))), "cannot follow")
    assert tables(db) == before


@pytest.mark.parametrize("name", ["'peo' || 'ple.csv'", "concat('people', '.csv')", "lower('PEOPLE.CSV')"])
def test_a_view_reading_a_computed_file_name_protects_existing_files(
    project: Path, monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    monkeypatch.chdir(project)
    view_db(project, f"CREATE VIEW v AS SELECT * FROM read_csv({name}, all_varchar = true)")
    before = digest(project / "people.csv")
    cfg = base_config(source={"database": "views.duckdb", "table": "v"}, output="people.csv", overwrite=True)
    refused(run("anonymize", str(write_yaml(project / "c.yaml", cfg))), "may be a file the source reads")
    assert digest(project / "people.csv") == before


@pytest.mark.slow
def test_demo_replaces_a_link_planted_at_its_release(tmp_path: Path) -> None:
    folder = tmp_path / "d"
    ok(run("demo", "--dir", str(folder), "--rows", "300"))
    victim = tmp_path / "victim.csv"
    victim.write_text("victim\n", encoding="utf-8")
    release = folder / "out" / "people_release.csv"
    release.unlink()
    release.symlink_to(victim)
    ok(run("demo", "--dir", str(folder), "--rows", "300"))
    assert victim.read_text(encoding="utf-8") == "victim\n"
    assert release.is_file() and not release.is_symlink()
