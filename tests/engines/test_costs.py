"""What a run costs (engines/costs.py): the report's ``costs`` count every statement the
engines ran, checked against independent counts of the calls that reach DuckDB's connection and
psycopg's cursors; per stage, in the order the run went, with engine time within wall time;
``--verbose`` prints them."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import duckdb
import pytest
import yaml
from click.testing import CliRunner

from sqlanon import api
from sqlanon.cli import main
from sqlanon.demo import write_demo
from sqlanon.engines import costs
from sqlanon.engines.costs import Costs
from tests.api.test_connection import COLUMNS, random_case, random_rows
from tests.support import pgserver
from tests.support.cases import seeds


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("costs")
    anonymize_yaml, _ = write_demo(folder, rows=10)
    return folder, yaml.safe_load(anonymize_yaml.read_text())


class _Connection:
    """A DuckDB connection whose ``execute`` calls are counted (everything else forwarded)."""

    def __init__(self, con: duckdb.DuckDBPyConnection, calls: list[str]) -> None:
        self._con, self._calls = con, calls

    def execute(self, *args: Any, **kwargs: Any) -> Any:
        self._calls.append(str(args[0]))
        return self._con.execute(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._con, name)


class _Spy:
    """Counts the statements reaching DuckDB connections and psycopg cursors during a test, and
    how many had been made each time a run took down its costs (``Costs.to_dict``)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.duckdb: list[str] = []
        self.postgres: list[str] = []
        #: (DuckDB statements, PostgreSQL statements) at each Costs.to_dict call
        self.taken: list[tuple[int, int]] = []
        connect = duckdb.connect
        monkeypatch.setattr(duckdb, "connect", lambda *a, **k: _Connection(connect(*a, **k), self.duckdb))
        to_dict = Costs.to_dict

        def taken(ledger: Costs) -> dict[str, Any]:
            self.taken.append((len(self.duckdb), len(self.postgres)))
            return to_dict(ledger)

        monkeypatch.setattr(Costs, "to_dict", taken)
        try:
            import psycopg
        except ImportError:
            return
        execute, copy = psycopg.Cursor.execute, psycopg.Cursor.copy

        def counted_execute(cursor: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
            self.postgres.append(str(query))
            return execute(cursor, query, *args, **kwargs)

        def counted_copy(cursor: Any, statement: Any, *args: Any, **kwargs: Any) -> Any:
            self.postgres.append(str(statement))
            return copy(cursor, statement, *args, **kwargs)

        monkeypatch.setattr(psycopg.Cursor, "execute", counted_execute)
        monkeypatch.setattr(psycopg.Cursor, "copy", counted_copy)

    def reset(self) -> None:
        self.duckdb.clear()
        self.postgres.clear()
        self.taken.clear()


@pytest.fixture
def spy(monkeypatch: pytest.MonkeyPatch) -> Iterator[_Spy]:
    yield _Spy(monkeypatch)


def _consistent(report_costs: dict[str, Any]) -> list[str]:
    """The costs add up (stages and engines to the totals, engine time within wall time); the
    stages' names, in order."""
    stages = report_costs["stages"]
    assert sum(s["statements"] for s in stages) == report_costs["statements"]
    assert sum(e["statements"] for e in report_costs["engines"].values()) == report_costs["statements"]
    assert sum(s["engine_seconds"] for s in stages) == pytest.approx(report_costs["engine_seconds"], abs=1e-3)
    assert sum(s["seconds"] for s in stages) == pytest.approx(report_costs["seconds"], abs=1e-3)
    for s in stages:
        assert 0 <= s["engine_seconds"] <= s["seconds"] + 1e-3, s
        assert s["statements"] > 0 or s["engine_seconds"] == 0, s
    names = [s["stage"] for s in stages]
    assert len(set(names)) == len(names), names
    return names


@pytest.mark.slow
@pytest.mark.parametrize("seed", seeds(6))
def test_duckdb_counts_every_statement(demo: tuple[Path, dict[str, Any]], spy: _Spy, seed: int) -> None:
    """Random runs (criteria, search, Mondrian, suppression) of anonymize, then check and audit
    on the same data: each report counts what reached DuckDB's connection until it was taken
    down."""
    folder, base = demo
    _, config = random_case(folder, base, seed)
    report = api.anonymize(config, base_dir=folder)
    assert report.passed
    assert report.costs["statements"] == spy.taken[-1][0] > 0
    assert set(report.costs["engines"]) == {"duckdb"}
    names = _consistent(report.costs)
    search = ["partition"] if config["search"] == "mondrian" else ["search", "rank", "why_coarse"]
    assert names == ["setup", "read", "encode", *search, "write", "gate"]
    # what comes after the report is the commit (a file moved into place) and the close
    assert 0 <= len(spy.duckdb) - spy.taken[-1][0] < 5

    spy.reset()
    checked = api.check(dict(config, source=config["output"]), base_dir=folder)
    # check writes its report once the engine is closed: every statement of the run is in it
    assert checked.costs["statements"] == len(spy.duckdb) == spy.taken[-1][0]
    assert _consistent(checked.costs) == ["setup", "read", "gate"]

    spy.reset()
    audited = api.audit(config, base_dir=folder)
    assert audited.costs["statements"] == len(spy.duckdb) == spy.taken[-1][0]
    assert _consistent(audited.costs)[:5] == ["setup", "read", "encode", "search", "rank"]


def test_outside_a_run_nothing_is_counted() -> None:
    """Engines used by a program directly (no command) count nothing; a call inside another is
    counted once."""
    from sqlanon.engines.duckdb.engine import DuckDBEngine

    assert costs.current() is None
    engine = DuckDBEngine()
    try:
        engine.execute("CREATE TEMP TABLE t AS SELECT 1 AS x")
        with costs.run() as ledger:
            assert costs.current() is ledger
            engine.fetchall("SELECT 1")
            with costs.statement("duckdb"):
                engine.execute("SELECT 1")
                engine.execute("SELECT 2")
            costs.enter("later")
            assert engine.count("t") == 1
        assert costs.current() is None
        counted = ledger.to_dict()
        assert counted["statements"] == 3
        assert [(s["stage"], s["statements"]) for s in counted["stages"]] == [("setup", 2), ("later", 1)]
    finally:
        engine.close()


def test_verbose_prints_the_costs_of_the_json_report(demo: tuple[Path, dict[str, Any]]) -> None:
    folder, base = demo
    _, config = random_case(folder, base, 1)
    path = folder / "verbose.yaml"
    path.write_text(yaml.safe_dump(config))
    short = CliRunner().invoke(main, ["anonymize", str(path)])
    verbose = CliRunner().invoke(main, ["anonymize", str(path), "-v", "--report", str(folder / "v.json")])
    assert short.exit_code == verbose.exit_code == 0, verbose.output
    assert "statements" not in short.output
    written = yaml.safe_load((folder / "v.json").read_text())["costs"]
    lines = [line.split() for line in verbose.output.splitlines()]
    at = next(i for i, words in enumerate(lines) if words[:1] == ["cost"])
    assert lines[at][1:3] == [f"{written['statements']:,}", "statements,"]
    # a line per stage under it, in the report's order
    stages = lines[at + 1 : at + 1 + len(written["stages"])]
    for line, stage in zip(stages, written["stages"], strict=True):
        assert line[:2] == [stage["stage"], f"{stage['statements']:,}"], line
        assert float(line[3]) == pytest.approx(stage["engine_seconds"], abs=6e-4)


PG_TYPES = ["text", "text", "integer", "text", "text", "integer"]


@pytest.mark.parametrize("search_in", ["engine", "local"])
def test_postgres_counts_every_statement_sent_to_the_server(
    demo: tuple[Path, dict[str, Any]], postgres: pgserver.Server, spy: _Spy, search_in: str
) -> None:
    """Every query and COPY psycopg sends is counted under PostgreSQL; with ``search_in:
    local`` the search's statements are the embedded DuckDB's, the copy PostgreSQL's."""
    import psycopg

    folder, base = demo
    _, config = random_case(folder, base, 3)
    admin = psycopg.connect(postgres.url, password=os.environ[postgres.password_env], autocommit=True)
    try:
        admin.execute("CREATE SCHEMA IF NOT EXISTS costs")
        pgserver.load(admin, "costs", f"people_{search_in}", list(zip(COLUMNS, PG_TYPES, strict=True)),
                      ([r[c] for c in COLUMNS] for r in random_rows(3)))  # fmt: skip
    finally:
        admin.close()
    spy.reset()
    engine = {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}
    on_pg = dict(
        config,
        source={"table": f"costs.people_{search_in}"},
        output={"table": f"costs.release_{search_in}"},
        overwrite=True,
        engine=engine,
        search_in=search_in,
    )
    report = api.anonymize(on_pg, base_dir=folder)
    assert report.passed
    at_duckdb, at_postgres = spy.taken[-1]
    counted = report.costs["engines"]
    assert counted["postgres"]["statements"] == at_postgres > 0
    names = _consistent(report.costs)
    if search_in == "local":
        assert counted["duckdb"]["statements"] == at_duckdb > 0
        assert names == ["setup", "read", "encode", "copy", "search", "rank", "why_coarse", "write", "gate"]
        stages = {s["stage"]: s for s in report.costs["stages"]}
        # the copy reads from PostgreSQL and loads into DuckDB; the search runs in DuckDB only
        assert stages["copy"]["statements"] > 0
    else:
        assert set(counted) == {"postgres"} and at_duckdb == 0
        assert names == ["setup", "read", "encode", "search", "rank", "why_coarse", "write", "gate"]


SPARK_SCHEMA = "name string, zip string, age int, sex string, disease string, salary int"


def test_spark_counts_its_calls_per_stage(
    demo: tuple[Path, dict[str, Any]], spark: Any, spy: _Spy, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On Spark a statement is a call into Spark (a query, a kept result, a catalog lookup):
    every SQL text Spark is given is part of one, and the stages are DuckDB's."""
    from pyspark.sql import SparkSession

    folder, base = demo
    _, config = random_case(folder, base, 1)
    config |= {"criteria": config["criteria"][:2], "search": "optimal"}
    want = api.anonymize(config, base_dir=folder)
    texts: list[str] = []
    sql = SparkSession.sql

    def counted(session: Any, text: str, *args: Any, **kwargs: Any) -> Any:
        texts.append(text)
        return sql(session, text, *args, **kwargs)

    monkeypatch.setattr(SparkSession, "sql", counted)
    frame = spark.createDataFrame([tuple(r[c] for c in COLUMNS) for r in random_rows(1)], SPARK_SCHEMA)
    spy.reset()
    texts.clear()
    on_spark = {k: v for k, v in config.items() if k != "output"} | {"source": frame, "search_in": "engine"}
    got = api.anonymize(on_spark, base_dir=folder, connection=spark)
    assert got.passed and got.node == want.node
    assert set(got.costs["engines"]) == {"spark"} and spy.duckdb == []
    assert [s["stage"] for s in got.costs["stages"]] == [s["stage"] for s in want.costs["stages"]]
    assert _consistent(got.costs)
    assert all(s["statements"] > 0 for s in got.costs["stages"])
    assert 0 < len(texts) <= got.costs["statements"]


def test_encoding_takes_as_many_statements_for_one_quasi_identifier_as_for_three(
    demo: tuple[Path, dict[str, Any]],
) -> None:
    """The dimension tables of every quasi-identifier are one table per kind: encoding runs the
    same statements whatever the number of quasi-identifiers (it ran seven more per QI)."""
    folder, base = demo
    _, config = random_case(folder, base, 0)
    config |= {"criteria": [{"k-anonymity": {"k": 2}}], "search": "optimal", "suppression_limit": 0.05}
    quasi = [name for name, spec in config["columns"].items() if spec.get("role") == "quasi"]
    assert len(quasi) == 3
    one = dict(config, columns={
        name: ({"role": "insensitive"} if name in quasi[1:] else spec) for name, spec in config["columns"].items()
    })  # fmt: skip

    def encoding(run: dict[str, Any]) -> int:
        report = api.anonymize(run, base_dir=folder)
        return next(s["statements"] for s in report.costs["stages"] if s["stage"] == "encode")

    assert encoding(config) == encoding(one) > 0
