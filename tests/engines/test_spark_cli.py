"""The Spark configuration of docs/engines.md as a user runs it: a release published into a table
of a Hive metastore of its own (Derby, in a folder) and read back from it, ``sqlanon anonymize``
and ``sqlanon check`` as processes that build their own Spark session from ``engine.conf``; exit
codes, the published table, and nothing of the data on the console."""

from __future__ import annotations

import csv
import json
import re
import signal
from pathlib import Path

import yaml

from sqlanon.demo import write_demo
from tests.cli.test_cli import run_process
from tests.support.jvm import QUICK_JVM


def _conf(folder: Path) -> dict[str, str]:
    return {
        "spark.sql.catalogImplementation": "hive",
        "spark.sql.warehouse.dir": str(folder / "warehouse"),
        "spark.hadoop.javax.jdo.option.ConnectionURL": f"jdbc:derby:;databaseName={folder / 'metastore'};create=true",
        "spark.sql.shuffle.partitions": "2",
        "spark.driver.extraJavaOptions": QUICK_JVM,
    }


def test_anonymize_and_check_a_metastore_table_from_the_command_line(
    tmp_path: Path, spark_installed: None
) -> None:
    """anonymize publishes the demo's people (a CSV file Spark reads) into a table of a Hive
    metastore of its own, and check, in a new process, reads that table back from the metastore
    (two processes: a Spark program each takes seconds to start)."""
    anonymize_yaml, check_yaml = write_demo(tmp_path / "demo", rows=150)
    with (tmp_path / "demo" / "people.csv").open(newline="") as f:
        people = list(csv.DictReader(f))
    engine = {"kind": "spark", "master": "local[2]", "conf": _conf(tmp_path)}
    config = yaml.safe_load(anonymize_yaml.read_text())
    # the models and the search in Spark are compared with DuckDB's in test_conformance.py: two
    # of the demo's models are enough here, searched in embedded DuckDB on the tables encoded in
    # Spark (what is written to and read from the metastore is this test's subject)
    config.update(
        engine=engine,
        output={"table": "analytics.people_release"},
        criteria=config["criteria"][:2],
        search_in="local",
    )
    (tmp_path / "demo" / "anonymize.yaml").write_text(yaml.safe_dump(config))
    done = run_process(
        "anonymize", "anonymize.yaml", "--report", "anonymize-report.json", cwd=tmp_path / "demo"
    )
    assert done.returncode == 0, done.stderr[-3000:]
    names = {p["name"] for p in people}
    console = done.stdout + done.stderr
    assert not any(name in console for name in names)
    # a session sqlanon builds logs nothing (Spark's loggers are off from the start); what is
    # left are the fixed lines the JVM and Spark print before logging exists
    logged = [
        line for line in done.stderr.splitlines() if re.match(r"\d\d/\d\d/\d\d ", line) or "log4j" in line
    ]
    assert logged == [], done.stderr[-2000:]
    gate = yaml.safe_load(check_yaml.read_text())
    gate["columns"]["name"] = {"role": "identifier"}  # check says whether it is gone
    gate.update(engine=engine, source={"table": "analytics.people_release"}, criteria=config["criteria"])
    (tmp_path / "demo" / "check.yaml").write_text(yaml.safe_dump(gate))
    # the published table, read back by check in a new process (its own session, the same
    # metastore): its rows are the release's, and the identifier name is gone
    checked = run_process("check", "check.yaml", "--report", "check.json", cwd=tmp_path / "demo")
    assert checked.returncode == 0, checked.stdout[-2000:] + checked.stderr[-3000:]
    released = json.loads((tmp_path / "demo" / "anonymize-report.json").read_text())
    report = json.loads((tmp_path / "demo" / "check.json").read_text())
    assert 0 < report["rows_in"] == released["rows_out"] <= len(people)
    (dropped,) = [c for c in report["checks"] if c["criterion"] == "identifiers-dropped"]
    assert dropped["attribute"] == ["name"] and dropped["passed"] and dropped["observed"] == []


def test_the_in_memory_catalog_is_refused_before_any_work(tmp_path: Path, spark_installed: None) -> None:
    """Spark's default catalog (no catalogImplementation: hive) forgets its tables when the
    process ends and leaves their folders in ./spark-warehouse, where the next run's rename
    failed (LOCATION_ALREADY_EXISTS, after the whole search): anonymize refuses before any work,
    saying a persistent catalog is needed and how to configure one; check in a new process says
    why it cannot find a table an earlier process published."""
    anonymize_yaml, check_yaml = write_demo(tmp_path, rows=40)
    conf = {"spark.sql.shuffle.partitions": "2", "spark.driver.extraJavaOptions": QUICK_JVM}
    engine = {"kind": "spark", "master": "local[1]", "conf": conf}
    config = yaml.safe_load(anonymize_yaml.read_text())
    config.update(engine=engine, output={"table": "people_release"}, criteria=config["criteria"][:1])
    (tmp_path / "anonymize.yaml").write_text(yaml.safe_dump(config))
    done = run_process("anonymize", "anonymize.yaml", "--report", "report.json", cwd=tmp_path)
    assert done.returncode == 2, done.stdout[-2000:] + done.stderr[-3000:]
    message = " ".join(done.stderr.split())
    assert "The output table default.people_release would not outlive this run" in message, message
    assert "in-memory catalog" in message and "spark.sql.catalogImplementation: hive" in message
    assert "Traceback" not in done.stderr and "likely a bug" not in message
    # nothing published, nothing left for the next run to trip on
    assert not (tmp_path / "spark-warehouse" / "people_release").exists()
    assert not (tmp_path / "report.json").exists()
    gate = yaml.safe_load(check_yaml.read_text())
    gate["columns"].pop("name", None)
    gate.update(engine=engine, source={"table": "people_release"}, criteria=config["criteria"])
    (tmp_path / "check.yaml").write_text(yaml.safe_dump(gate))
    checked = run_process("check", "check.yaml", cwd=tmp_path)
    assert checked.returncode == 2, checked.stdout[-2000:] + checked.stderr[-3000:]
    message = " ".join(checked.stderr.split())
    assert "there is no table 'people_release'" in message, message
    assert "in-memory catalog" in message and "keeps a table only for the process that made it" in message
    assert "spark.sql.catalogImplementation: hive" in message


def test_sigint_cancels_the_spark_job_and_stops_the_run_process(
    tmp_path: Path, spark_installed: None
) -> None:
    """``sqlanon anonymize`` on a Spark session of its own, SIGINT (Ctrl-C) while a job of minutes
    runs (reading a source query): the job is cancelled, the run exits 130 with one line (no
    traceback of py4j's) within seconds, and no table is left in the warehouse."""
    from tests.cli.test_cli import sqlanon_exe
    from tests.test_signals import COLUMNS, environment, stop_at

    endless = (
        "SELECT concat('p', id) AS name, lpad(CAST((id * 7919) % 4999 AS STRING), 5, '0') AS zip, "
        "18 + (id * 31) % 80 AS age, CASE WHEN id % 2 = 0 THEN 'M' ELSE 'F' END AS sex, "
        "concat('d', (id * 13) % 10) AS disease FROM range(100000000000) WHERE hash(id) % 1000003 = 0"
    )
    conf = _conf(tmp_path)  # a persistent catalog: Spark's in-memory one is refused before any work
    (tmp_path / "tmp").mkdir()
    config = {
        "engine": {"kind": "spark", "master": "local[2]", "conf": conf},
        "source": {"query": endless},
        "columns": COLUMNS,
        "criteria": [{"k-anonymity": {"k": 5}}],
        "output": {"table": "release"},
    }
    (tmp_path / "c.yaml").write_text(yaml.safe_dump(config))
    stopped = stop_at([*sqlanon_exe(), "anonymize", "c.yaml"], "reading the source", signal.SIGINT,
                      cwd=tmp_path, env=environment(tmp_path), delay=2.0, prompt=15.0,
                      start_timeout=300.0)  # fmt: skip
    assert stopped.code == 130, stopped.stderr[-3000:]
    assert "Traceback" not in stopped.stderr and "KeyboardInterrupt" not in stopped.stderr
    message = stopped.stderr.split("\x1b[K")[-1]
    assert message.strip() == "sqlanon anonymize: interrupted (SIGINT); nothing was published", stopped.stderr
    assert stopped.stage == "reading the source"
    warehouse = tmp_path / "warehouse"
    assert not warehouse.exists() or list(warehouse.iterdir()) == []
