"""sqlanon on Spark Connect (``pyspark.sql.connect``), against the test run's Spark Connect
server (tests/support/sparkconnect.py: the plugin of the shared Spark session), compared with DuckDB
on the same random rows as the classic Spark session is (tests/engines/test_conformance.py's
tests; few cases: the SQL is the classic path's, which those tests compare in depth, and what
differs here is the session): check's figures in a session built by ``engine: {kind: spark,
remote: sc://...}``, anonymize on a caller's Connect session (``connection=``), its release
returned or published, the session lent and given back as it was; a failure's message without
its value; anonymize searching on the server, apply and audit in a session built by
``engine.remote``. Then the command line: SIGINT cancels the server's job through its Connect
tag, and ``remote: local[1]`` starts a server of its own."""

from __future__ import annotations

import csv
import json
import logging
import os
import re
import signal
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from sqlanon import api
from sqlanon.demo import write_demo
from tests.api.test_connection import random_rows
from tests.cli.test_cli import run_process, sqlanon_exe
from tests.engines.conformance import SparkAdapter
from tests.engines.test_conformance import Conformance, _same_release
from tests.support import sparkconnect
from tests.support.jvm import QUICK_JVM
from tests.support.sqlhelpers import same as _same
from tests.test_signals import COLUMNS, environment, stop_at


class SparkConnectAdapter(SparkAdapter):
    """The classic Spark adapter's tables, made through the test run's Connect session; a run
    builds its own Connect session to the server (``engine.remote``)."""

    fixture = "spark_connect"

    def __init__(self, folder: Path, server: sparkconnect.Server) -> None:
        super().__init__(folder, server.session)
        self.url = server.url

    def engine(self) -> dict[str, Any] | None:
        return {"kind": "spark", "remote": self.url}


@pytest.fixture(scope="module")
def on(
    spark_connect: sparkconnect.Server, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[SparkConnectAdapter]:
    adapter = SparkConnectAdapter(tmp_path_factory.mktemp("spark_connect"), spark_connect)
    try:
        yield adapter
    finally:
        adapter.close()


#: the conformance tests' bodies (they use nothing of their class)
_CONFORMANCE: Any = Conformance


def test_check_equals_duckdb(on: SparkConnectAdapter) -> None:
    """Also: the program's active Connect session stays the active one (sqlanon's own session
    is made active while it runs: pyspark gives a checkpoint's result to the active session)."""
    from pyspark.sql.connect.session import SparkSession as ConnectSession

    assert ConnectSession.getActiveSession() is on.server
    _CONFORMANCE.test_check_equals_duckdb(None, on, 1)
    assert ConnectSession.getActiveSession() is on.server


@pytest.mark.parametrize("seed", [1, 3])
def test_a_callers_connect_session_is_lent_and_given_back(
    on: SparkConnectAdapter, seed: int, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    """anonymize on the caller's Connect session (``connection=``): the release DuckDB gives
    (seed 1: from a DataFrame of the session, returned as a DataFrame of it; seed 3: from a temp
    view of the session, published into a table of its catalog, staged and swapped in by
    renames, the new table's folder checked by the server first); the session's settings and
    temp views as the caller had them, the session usable and still the active one, its
    progress bar setting given back, and nothing of the data on the console."""
    from pyspark.sql.connect.session import SparkSession as ConnectSession

    monkeypatch.setenv("SPARK_CONNECT_PROGRESS_BAR_ENABLED", "1")
    capfd.readouterr()
    _CONFORMANCE.test_on_a_callers_connection_equals_duckdb(None, on, seed)
    out, err = capfd.readouterr()
    assert os.environ["SPARK_CONNECT_PROGRESS_BAR_ENABLED"] == "1"
    assert on.server.sql("SELECT 40 + 2 AS x").collect()[0].x == 42
    assert ConnectSession.getActiveSession() is on.server
    names = {r["name"] for r in random_rows(seed)}
    assert not any(name in out + err for name in names), (out + err)[-2000:]
    assert on.leftovers() == []


def test_anonymize_searching_on_the_server_equals_duckdb(on: SparkConnectAdapter) -> None:
    """anonymize in a session built by ``engine: {kind: spark, remote: sc://...}``, searching on
    the server (its node tables kept by Connect's checkpoints): DuckDB's node, counts, metrics,
    verdicts and published rows (seed 8: k-anonymity, two t-closeness distances and entropy
    l-diversity, optimal search)."""
    _same_release(on, 8, local=False)


def test_a_failing_apply_lists_duckdbs_violating_classes(on: SparkConnectAdapter) -> None:
    """apply on Connect at a node the data fails: DuckDB's violating classes, nothing published
    (apply publishes through the code anonymize publishes through, above)."""
    _CONFORMANCE.test_a_failing_apply_lists_duckdbs_violating_classes(None, on)


def test_audit_with_person_equals_duckdb(on: SparkConnectAdapter) -> None:
    """audit on Connect, with ``person:`` (people whose quasi-identifiers vary): every minimal
    node's people, classes and attacks are DuckDB's and the reference's."""
    _CONFORMANCE.test_audit_with_person_equals_duckdb(None, on, 11)


def test_a_failure_names_no_value(on: SparkConnectAdapter, capfd: pytest.CaptureFixture[str]) -> None:
    """A failed cast on the server: sqlanon's message keeps Spark's error class, not the value
    (Connect's exceptions map as the classic ones), and the Connect client's logger, on as
    SPARK_CONNECT_LOG_LEVEL turns it on, logs nothing meanwhile (it logs the server's message)
    and is given back on."""
    from sqlanon.engines.spark.engine import SparkEngine
    from sqlanon.errors import EngineError

    client = logging.getLogger("pyspark.sql.connect.logging")
    was = (client.disabled, client.level)
    client.disabled = False
    client.setLevel(logging.DEBUG)
    logged: list[str] = []  # its own handlers write to the stderr of the time pyspark was imported

    class Kept(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            logged.append(logging.Formatter().format(record))

    kept = Kept()
    client.addHandler(kept)
    engine = SparkEngine.borrow(on.server)
    try:
        capfd.readouterr()
        with pytest.raises(EngineError) as failed:
            engine.fetchall("SELECT CAST('secret-diagnosis' AS INTEGER)")
        out, err = capfd.readouterr()
        assert "CAST_INVALID_INPUT" in str(failed.value) and "secret-diagnosis" not in str(failed.value)
        assert "secret-diagnosis" not in out + err, (out + err)[-2000:]
        assert not [line for line in logged if "secret-diagnosis" in line], logged[:3]
        assert repr(engine) == "SparkEngine(Spark Connect)"
        # a table's folder, asked of the server (no Hadoop file system on the client)
        assert engine.server._exists(str(on.folder))  # type: ignore[attr-defined]
        assert not engine.server._exists(str(on.folder / "nowhere"))  # type: ignore[attr-defined]
    finally:
        engine.close()
    try:
        assert not client.disabled  # given back on: it logs again
        on.server.sql("SELECT 'secret-diagnosis-after'").collect()
        assert [line for line in logged if "secret-diagnosis-after" in line]
    finally:
        client.disabled, _ = was
        client.setLevel(was[1])
        client.removeHandler(kept)
    assert {t.name for t in on.server.catalog.listTables() if t.isTemporary} == set()


def test_sigint_cancels_the_servers_job(tmp_path: Path, spark_connect: sparkconnect.Server) -> None:
    """``sqlanon anonymize`` with ``engine.remote`` the server, SIGINT while a job of minutes
    runs (reading a source query): the server cancels the job (its Connect tag), the run exits
    130 with one line, and the server's cores are free again."""
    endless = (
        "SELECT concat('p', id) AS name, lpad(CAST((id * 7919) % 4999 AS STRING), 5, '0') AS zip, "
        "18 + (id * 31) % 80 AS age, CASE WHEN id % 2 = 0 THEN 'M' ELSE 'F' END AS sex, "
        "concat('d', (id * 13) % 10) AS disease FROM range(100000000000) WHERE hash(id) % 1000003 = 0"
    )
    (tmp_path / "tmp").mkdir()
    config = {
        "engine": {"kind": "spark", "remote": spark_connect.url},
        "source": {"query": endless},
        "columns": COLUMNS,
        "criteria": [{"k-anonymity": {"k": 5}}],
        "output": {"table": "connect_sigint_release"},
    }
    (tmp_path / "c.yaml").write_text(yaml.safe_dump(config))
    stopped = stop_at([*sqlanon_exe(), "anonymize", "c.yaml"], "reading the source", signal.SIGINT,
                      cwd=tmp_path, env=environment(tmp_path), delay=2.0, prompt=15.0,
                      start_timeout=120.0)  # fmt: skip
    assert stopped.code == 130, stopped.stderr[-3000:]
    assert "Traceback" not in stopped.stderr and "KeyboardInterrupt" not in stopped.stderr
    message = stopped.stderr.split("\x1b[K")[-1]
    assert message.strip() == "sqlanon anonymize: interrupted (SIGINT); nothing was published", stopped.stderr
    # the server's two cores are free: a job of the test's session runs at once
    done: list[Any] = []
    probe = threading.Thread(
        target=lambda: done.append(spark_connect.session.sql("SELECT count(*) FROM range(1000)").collect()),
        daemon=True,
    )
    probe.start()
    probe.join(60)
    assert done and done[0][0][0] == 1000, "the server's job still runs after the interrupt"
    assert not spark_connect.session.catalog.tableExists("connect_sigint_release")


def test_a_local_server_of_its_own_from_the_command_line(tmp_path: Path, spark_installed: None) -> None:
    """``engine: {kind: spark, remote: local[1]}``: ``sqlanon check`` starts a Spark Connect
    server in its process (from pyspark's jars, on a free port), reads the CSV file with
    Spark's reader through it and gives DuckDB's figures; nothing of the data and no log line
    on the console; the server stops with the run."""
    anonymize_yaml, check_yaml = write_demo(tmp_path, rows=40)
    config = yaml.safe_load(check_yaml.read_text())
    # the demo's table as it is (its identifier still there: the gate fails, on both engines)
    config.update(source="people.csv", criteria=yaml.safe_load(anonymize_yaml.read_text())["criteria"][:1])
    want = api.check(config, base_dir=tmp_path)
    on_local = dict(config, engine={"kind": "spark", "remote": "local[1]",
                                    "conf": {"spark.sql.shuffle.partitions": "2",
                                             "spark.driver.extraJavaOptions": QUICK_JVM}})  # fmt: skip
    (tmp_path / "local.yaml").write_text(yaml.safe_dump(on_local))
    done = run_process("check", "local.yaml", "--report", "local.json", cwd=tmp_path)
    assert done.returncode == (0 if want.passed else 1), done.stdout[-2000:] + done.stderr[-3000:]
    got = json.loads((tmp_path / "local.json").read_text())
    assert got["rows_in"] == want.rows_in and len(got["checks"]) == len(want.checks)
    for g, w in zip(got["checks"], want.checks, strict=True):
        assert g["passed"] == w["passed"] and _same(g["observed"], w["observed"]), (g, w)
    console = done.stdout + done.stderr
    with (tmp_path / "people.csv").open(newline="") as f:
        names = {row["name"] for row in csv.DictReader(f)}
    assert not any(name in console for name in names), console[-2000:]
    logged = [line for line in done.stderr.splitlines() if re.match(r"\d\d/\d\d/\d\d ", line)]
    assert logged == [], done.stderr[-2000:]
