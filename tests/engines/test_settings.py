"""The configuration's engine settings: validated, applied to DuckDB, and spill files kept in a
private folder (never the working directory) that is removed when the run ends."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
import yaml

from sqlanon import api
from sqlanon.config import parse_config
from sqlanon.demo import write_demo
from sqlanon.engines import ENGINES
from sqlanon.engines.duckdb.engine import DuckDBEngine
from sqlanon.errors import ConfigError
from sqlanon.release.run import run_engine


def config(engine: Any) -> dict[str, Any]:
    return {
        "source": "data.csv",
        "columns": {"age": {"role": "quasi", "hierarchy": "h.csv"}, "s": {"role": "sensitive"}},
        "criteria": [{"k-anonymity": {"k": 2}}],
        "output": "out.csv",
        "engine": engine,
    }


@pytest.mark.parametrize(
    ("engine", "message"),
    [
        ({"memory_limit": "lots"}, "engine.memory_limit must be a size"),
        ({"memory_limit": 8}, "engine.memory_limit must be a size"),
        ({"threads": 0}, "engine.threads must be a whole number"),
        ({"threads": True}, "engine.threads must be a whole number"),
        ({"temp_directory": ""}, "engine.temp_directory must be a folder path"),
        ({"spill": "x"}, "Unknown engine option"),
        ("8GB", "engine must be a mapping"),
        # Spark Connect: a server's URL or local[N], as text, not beside master, no token in it
        (
            {"kind": "spark", "remote": "sc://h:15002", "master": "local[2]"},
            "engine.remote and engine.master exclude each other",
        ),
        ({"kind": "spark", "remote": 15002}, "engine.remote must be a Spark Connect URL, as text"),
        ({"kind": "spark", "remote": ["sc://h"]}, "engine.remote must be a Spark Connect URL, as text"),
        ({"kind": "spark", "remote": "h:15002"}, "engine.remote must be a Spark Connect URL, as text"),
        ({"kind": "spark", "remote": "sc://h:15002/;token=s3cr3t"}, r"engine.remote holds a token \(;token"),
        ({"kind": "spark", "remote": "sc://h", "port": 1}, "use master \\(or remote\\) and conf"),
    ],
)
def test_bad_engine_settings_are_refused(engine: Any, message: str, tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=message) as refused:
        parse_config(config(engine), tmp_path)
    assert "s3cr3t" not in str(refused.value)  # a URL's token is never repeated


def test_a_spark_connect_remote_is_read(tmp_path: Path) -> None:
    """engine.remote (trimmed) and engine.conf as the Spark engine opens them; master keeps its
    default (not used)."""

    def parsed(engine: dict[str, Any]) -> Any:
        return parse_config(config(engine) | {"output": {"table": "rel.out"}}, tmp_path).engine

    remote = parsed(
        {
            "kind": "spark",
            "remote": " sc://spark.example.org:15002/;user_id=ana ",
            "conf": {"spark.sql.shuffle.partitions": 4},
        }
    )
    assert remote.remote == "sc://spark.example.org:15002/;user_id=ana"
    assert remote.conf == (("spark.sql.shuffle.partitions", "4"),)
    assert (parsed({"kind": "spark", "remote": "local[2]"}).remote, remote.kind) == ("local[2]", "spark")
    assert parsed({"kind": "spark"}).remote is None


def test_engine_settings_are_applied(tmp_path: Path) -> None:
    cfg = parse_config(config({"memory_limit": "512MB", "threads": 1, "temp_directory": "spill"}), tmp_path)
    engine, _ = run_engine(cfg)
    try:
        limit, threads, folder = engine.fetchone(
            "SELECT current_setting('memory_limit'), current_setting('threads'), current_setting('temp_directory')"
        )
        assert limit.startswith("488") or limit.startswith("512")  # DuckDB shows 512MB as 488.2 MiB
        assert int(threads) == 1
        assert Path(folder) == tmp_path / "spill"
    finally:
        engine.close()


@pytest.mark.slow
def test_default_spill_folder_is_private_and_removed(tmp_path: Path) -> None:
    engine = DuckDBEngine(memory_limit="64MB", threads=1)
    (folder,) = engine.fetchone("SELECT current_setting('temp_directory')")
    assert Path(folder).parent == Path(tempfile.gettempdir()) and Path(folder).name.startswith(
        "sqlanon-spill-"
    )
    # made before DuckDB could spill into it, readable by this user only
    assert Path(folder).is_dir() and Path(folder).stat().st_mode & 0o777 == 0o700
    # a sort larger than the memory limit spills into the folder
    engine.execute("CREATE TABLE t AS SELECT i, md5(CAST(i AS VARCHAR)) AS s FROM range(1500000) r(i)")
    engine.fetchall("SELECT s, COUNT(*) FROM t GROUP BY s ORDER BY s LIMIT 1")
    assert any(Path(folder).iterdir())  # DuckDB spilled into it (the table alone exceeds 64 MB)
    engine.close()
    assert not Path(folder).exists()


def test_spill_folders_of_killed_runs_are_removed(tmp_path: Path) -> None:
    """A run killed outright leaves its spill folder; the next engine removes the folders of
    sqlanon processes that no longer run, and nothing else."""
    import subprocess
    import sys

    from sqlanon.engines.duckdb.engine import remove_stale_spill_folders

    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    dead_pid = int(dead.stdout)
    stale = tmp_path / f"sqlanon-spill-{dead_pid}-0123456789ab"
    live = tmp_path / f"sqlanon-spill-{os.getpid()}-0123456789ab"
    other = tmp_path / f"not-sqlanon-spill-{dead_pid}-0123456789ab"
    odd = tmp_path / f"sqlanon-spill-{dead_pid}-short"
    for folder in (stale, live, other, odd):
        folder.mkdir()
        (folder / "duckdb_temp_storage.tmp").write_bytes(b"x" * 10)
    assert remove_stale_spill_folders(tmp_path) == [stale]
    assert not stale.exists() and live.is_dir() and other.is_dir() and odd.is_dir()
    assert remove_stale_spill_folders(tmp_path / "missing") == []
    # the default engine cleans the system's temp folder when it starts
    system = Path(tempfile.gettempdir()) / f"sqlanon-spill-{dead_pid}-ba9876543210"
    system.mkdir()
    DuckDBEngine().close()
    assert not system.exists()


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        ({"search_in": "laptop"}, r"Unknown search_in: 'laptop'; use one of: auto, engine, local"),
        ({"search_in": True}, r"Unknown search_in: True"),
        ({"search_in": "local", "search": "mondrian"}, r"search_in: local applies to the lattice searches"),
        # a table named as a plain string: the message shows how to name a table of the engine
        (
            {"source": "staging.people", "engine": {"kind": "postgres", "url": "postgresql://u@h/db"}},
            r"source 'staging.people': cannot tell the format from the extension\. .*\{table: schema\.name\}",
        ),
    ],
)
def test_bad_search_places_are_refused(extra: dict[str, Any], message: str, tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match=message):
        parse_config({**config(None), **extra}, tmp_path)


@pytest.mark.slow
def test_search_in_local_with_duckdb_runs_as_usual(tmp_path: Path) -> None:
    """DuckDB is the embedded engine already: ``search_in: local`` copies nothing and gives the
    same release."""
    folder = tmp_path / "demo"
    anonymize_yaml, _ = write_demo(folder, rows=300)
    base = yaml.safe_load(anonymize_yaml.read_text())
    base["suppression_limit"] = 0.02
    want = api.anonymize(dict(base, output="a.csv"), base_dir=folder)
    got = api.anonymize(dict(base, output="b.csv", search_in="local"), base_dir=folder)
    assert "search_in" not in got.search and got.node == want.node and want.passed
    assert (folder / "a.csv").read_text() == (folder / "b.csv").read_text()


@pytest.mark.parametrize("kind", ENGINES)
def test_the_configuration_knows_what_each_engine_declares(kind: str) -> None:
    """The registry's facts (engines.KINDS, read before an engine is opened) agree with what
    each engine declares once opened: its kind, dialect and file_reader."""
    import importlib

    from sqlanon.engines import KINDS, READS_FILES

    pytest.importorskip({"duckdb": "duckdb", "postgres": "psycopg", "spark": "pyspark"}[kind])
    capabilities = importlib.import_module(f"sqlanon.engines.{kind}.engine").CAPABILITIES
    assert capabilities.kind == kind
    assert capabilities.dialect == KINDS[kind].dialect
    assert (capabilities.file_reader != "") == (kind in READS_FILES) == KINDS[kind].reads_files


def test_a_database_file_open_elsewhere_in_the_process_opens(tmp_path: Path) -> None:
    """A DuckDB file the caller holds open in another connection of this process opens all the
    same (DuckDB refuses a second connection with another configuration), and its spill files
    still go to sqlanon's private folder."""
    import duckdb

    from sqlanon.engines.duckdb.engine import DuckDBEngine

    path = tmp_path / "held.duckdb"
    held = duckdb.connect(str(path))
    try:
        engine = DuckDBEngine(str(path))
        try:
            (spill,) = engine.fetchone("SELECT current_setting('temp_directory')")
            assert Path(spill).name.startswith("sqlanon-spill-")
        finally:
            engine.close()
        assert held.execute("SELECT 1").fetchall() == [(1,)]
    finally:
        held.close()


def test_a_spark_connect_url_where_nothing_listens_fails_at_once(tmp_path: Path) -> None:
    """pyspark's client would retry a refused connection for minutes: a port where nothing
    listens is an engine error (exit 2) within seconds, naming no part of the URL."""
    pytest.importorskip("pyspark.sql.connect.session")
    import socket
    import time

    from sqlanon import api
    from sqlanon.errors import EngineError

    with socket.socket() as probe:  # a free port, closed again: nothing listens there
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    config = {
        "engine": {"kind": "spark", "remote": f"sc://127.0.0.1:{port}/;user_id=someone"},
        "source": {"table": "people"},
        "columns": {"age": "quasi"},
        "criteria": [{"k-anonymity": {"k": 2}}],
    }
    started = time.monotonic()
    with pytest.raises(EngineError, match="No Spark Connect server answers") as err:
        api.check(config, base_dir=tmp_path)
    assert time.monotonic() - started < 20
    assert str(port) not in str(err.value) and "someone" not in str(err.value)
