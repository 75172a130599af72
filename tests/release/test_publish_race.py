"""Two runs publishing to the same new output with ``overwrite: false`` (issue 34, item 11): the
one that commits second finds the other's output there, leaves it as it is, writes nothing and
says so, naming the output; never "likely a bug".

The output appears between the run's guard and its commit: written by another session at the
start of the run's gate (the API's ``stage=`` callback runs in the run's process at a stage's
start), or committed by another PostgreSQL session while the run's rename waits for it, or by
a second real run.
"""

from __future__ import annotations

import os
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import duckdb
import psycopg
import pytest
import yaml

from sqlanon import api
from sqlanon.demo import generate_people, write_demo
from sqlanon.errors import InputError
from tests.cli.test_cli import sqlanon_exe
from tests.support import pgserver
from tests.support.pgserver import Server

COLUMNS = [
    ("name", "text"), ("zip", "text"), ("age", "integer"), ("sex", "text"), ("disease", "text"), ("salary", "integer")
]  # fmt: skip
APPEARED = r"appeared while sqlanon was running \(another run published it\?\); it was left as it is"


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("race")
    anonymize_yaml, _ = write_demo(folder, rows=10)
    config = yaml.safe_load(anonymize_yaml.read_text())
    return folder, dict(config, overwrite=False)


def at_gate(action: Callable[[], None]) -> Callable[[str], None]:
    """A ``stage=`` callback running ``action`` once, when the run starts gating its staged
    release (after its guard found no output)."""
    done: list[bool] = []

    def stage(name: str) -> None:
        if name == "gating the release" and not done:
            done.append(True)
            action()

    return stage


def test_a_file_output_that_appears_during_the_run_is_left_alone(
    demo: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    folder, base = demo
    out = tmp_path / "release.csv"
    config = dict(base, output=str(out))
    with pytest.raises(InputError, match=f"The output '{out}' appeared while sqlanon was running"):
        api.anonymize(config, base_dir=folder, stage=at_gate(lambda: out.write_text("theirs\n")))
    assert out.read_text() == "theirs\n"
    assert [p.name for p in tmp_path.iterdir()] == ["release.csv"]


def test_a_duckdb_table_that_appears_during_the_run_is_left_alone(
    demo: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    """On a DuckDB connection (``connection=``) another cursor of the same database publishes
    the output table while the run gates its own: DuckDB's write-write conflict on the rename
    is told as the output having appeared."""
    folder, base = demo
    con = duckdb.connect(str(tmp_path / "w.duckdb"))
    try:
        con.execute(
            "CREATE TABLE people AS SELECT * FROM read_csv(?, all_varchar = true)",
            [str(folder / "people.csv")],
        )
        other = con.cursor()
        config = dict(base, source={"table": "people"}, output={"table": "release"})
        config.pop("engine", None)
        stage = at_gate(lambda: other.execute("CREATE TABLE release AS SELECT 42 AS theirs"))
        with pytest.raises(
            InputError, match=rf"The output table 'release' of the connection {APPEARED}.*overwrite: true"
        ):
            api.anonymize(config, base_dir=folder, stage=stage, connection=con)
        assert other.execute("SELECT * FROM release").fetchall() == [(42,)]
        names = [r[0] for r in con.execute("SELECT table_name FROM information_schema.tables").fetchall()]
        assert sorted(names) == ["people", "release"]
    finally:
        con.close()


@pytest.fixture
def pg(postgres: Server) -> Iterator[psycopg.Connection[Any]]:
    con = psycopg.connect(postgres.url, password=os.environ[postgres.password_env], autocommit=True)
    con.execute("CREATE SCHEMA IF NOT EXISTS race")
    rows = generate_people(40, seed=3)
    pgserver.load(con, "race", "people", COLUMNS, ([r[c] for c, _ in COLUMNS] for r in rows))
    try:
        yield con
    finally:
        con.execute("DROP SCHEMA race CASCADE")
        con.close()


def _on_pg(base: dict[str, Any], postgres: Server, overwrite: bool = False) -> dict[str, Any]:
    engine = {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}
    return dict(
        base,
        source={"table": "race.people"},
        output={"table": "race.release"},
        engine=engine,
        overwrite=overwrite,
    )


def _theirs(con: psycopg.Connection[Any]) -> list[tuple[Any, ...]]:
    return con.execute("SELECT * FROM race.release").fetchall()


def _leftovers(con: psycopg.Connection[Any]) -> list[str]:
    found = con.execute(
        "SELECT relname FROM pg_class WHERE relname LIKE '\\_\\_sqlanon%' AND relpersistence = 'p'"
    )
    return [r[0] for r in found.fetchall()]


def _commit_once_a_run_waits(postgres: Server, other: psycopg.Connection[Any]) -> None:
    """Commit ``other``'s transaction once a statement of sqlanon's waits for a lock (at most
    a minute)."""
    password = os.environ[postgres.password_env]
    with psycopg.connect(postgres.url, password=password, autocommit=True) as watch:
        for _ in range(600):
            waiting = watch.execute(
                "SELECT count(*) FROM pg_stat_activity WHERE application_name = 'sqlanon' "
                "AND wait_event_type = 'Lock'"
            ).fetchone()
            if waiting and waiting[0]:
                break
            time.sleep(0.1)
    other.commit()


def test_a_postgres_table_published_before_the_commit_is_left_alone(
    demo: tuple[Path, dict[str, Any]], postgres: Server, pg: psycopg.Connection[Any]
) -> None:
    folder, base = demo
    stage = at_gate(lambda: pg.execute("CREATE TABLE race.release AS SELECT 42 AS theirs"))
    with pytest.raises(InputError, match=rf"The output table 'race.release' .*{APPEARED}.*overwrite: true"):
        api.anonymize(_on_pg(base, postgres), base_dir=folder, stage=stage)
    assert _theirs(pg) == [(42,)] and _leftovers(pg) == []


@pytest.mark.parametrize("overwrite", [False, True])
def test_a_postgres_table_committed_while_the_rename_waits_is_left_alone(
    demo: tuple[Path, dict[str, Any]], postgres: Server, pg: psycopg.Connection[Any], overwrite: bool
) -> None:
    """Another session has created the output in a transaction it has not committed: the run's
    check does not see it, its rename waits for that transaction and fails when it commits."""
    folder, base = demo
    password = os.environ[postgres.password_env]
    other = psycopg.connect(postgres.url, password=password)
    committer: list[threading.Thread] = []

    def publish_uncommitted() -> None:
        other.execute("CREATE TABLE race.release AS SELECT 42 AS theirs")
        committer.append(threading.Thread(target=_commit_once_a_run_waits, args=(postgres, other)))
        committer[0].start()

    advice = "Run again to replace it" if overwrite else "Set overwrite: true to replace it"
    try:
        with pytest.raises(InputError, match=rf"{APPEARED}.*{advice}"):
            api.anonymize(
                _on_pg(base, postgres, overwrite), base_dir=folder, stage=at_gate(publish_uncommitted)
            )
    finally:
        for thread in committer:
            thread.join()
        other.close()
    assert _theirs(pg) == [(42,)] and _leftovers(pg) == []


def test_a_new_schema_another_session_creates_meanwhile_is_used(
    demo: tuple[Path, dict[str, Any]], postgres: Server, pg: psycopg.Connection[Any]
) -> None:
    """Two runs into a new schema: the one whose CREATE SCHEMA waits for the other's fails on
    the catalog's unique index (IF NOT EXISTS does not cover a concurrent creation); it stages
    again in the schema that now exists, and publishes."""
    folder, base = demo
    password = os.environ[postgres.password_env]
    pg.execute("DROP SCHEMA IF EXISTS race_new CASCADE")
    other = psycopg.connect(postgres.url, password=password)
    committer: list[threading.Thread] = []

    def stage(name: str) -> None:
        if name == "writing the release" and not committer:
            other.execute("CREATE SCHEMA race_new")
            committer.append(threading.Thread(target=_commit_once_a_run_waits, args=(postgres, other)))
            committer[0].start()

    try:
        report = api.anonymize(
            dict(_on_pg(base, postgres), output={"table": "race_new.release"}), base_dir=folder, stage=stage
        )
        assert report.passed
        assert len(pg.execute("SELECT * FROM race_new.release").fetchall()) == 40
        assert _leftovers(pg) == []
    finally:
        for thread in committer:
            thread.join()
        other.close()
        pg.execute("DROP SCHEMA IF EXISTS race_new CASCADE")


def test_two_runs_publishing_one_new_postgres_table_process(
    demo: tuple[Path, dict[str, Any]], postgres: Server, pg: psycopg.Connection[Any]
) -> None:
    """Two real runs at once, overwrite: false: one publishes, the other exits 2 saying that
    the output exists or appeared, and the table holds the winner's release."""
    folder, base = demo
    path = folder / "race.yaml"  # beside the demo's hierarchies
    path.write_text(yaml.safe_dump(_on_pg(base, postgres)))
    runs = [
        subprocess.Popen(
            [*sqlanon_exe(), "anonymize", str(path)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    results = [(run.wait(timeout=300), run.stderr.read() if run.stderr else "") for run in runs]
    assert sorted(code for code, _ in results) == [0, 2], results
    (message,) = [err for code, err in results if code == 2]
    assert "already exists; set overwrite: true" in message or "appeared while sqlanon was running" in message
    assert "likely a bug" not in message and "internal error" not in message
    assert len(_theirs(pg)) == 40 and _leftovers(pg) == []
