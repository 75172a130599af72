"""The Python API on a caller's open DuckDB connection (``connection=``): the same release as a
run that opens its own engine, read from a table or relation of the connection and written into
it or returned; never over the source; the connection left open and as it was."""

from __future__ import annotations

import csv
import random
from collections import Counter
from pathlib import Path
from typing import Any

import duckdb
import pytest
import yaml

from sqlanon import api
from sqlanon.config import Config
from sqlanon.demo import generate_people, write_demo
from sqlanon.errors import ConfigError, InputError
from tests.engines.conformance import EXTRA, as_text
from tests.engines.test_snapshots import MODELS
from tests.support.cases import seeds

COLUMNS = ["name", "zip", "age", "sex", "disease", "salary"]


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("connection")
    anonymize_yaml, _ = write_demo(folder, rows=10)
    return folder, yaml.safe_load(anonymize_yaml.read_text())


def random_case(folder: Path, base: dict[str, Any], seed: int) -> tuple[Path, dict[str, Any]]:
    """A random people table written as CSV (:func:`random_rows`), and a configuration (random
    criteria, search, metric and suppression) that reads it and writes a CSV release."""
    rng = random.Random(seed)
    rows = random_rows(seed)
    path = folder / f"people_{seed}.csv"
    with path.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    mondrian = seed % 5 == 4
    config = dict(
        base,
        source=path.name,
        output=f"out/release_{seed}.csv",
        criteria=[
            {"k-anonymity": {"k": rng.choice([2, 3, 5])}},
            *rng.sample(MODELS + EXTRA, rng.randint(0, 3)),
        ],
        search="mondrian" if mondrian else rng.choice(["optimal", "incognito"]),
        metric="gcp" if mondrian else rng.choice([base["metric"], "loss", "discernibility", "nu-entropy"]),
        suppression_limit=0 if mondrian else rng.choice([0, 0.02, 0.05]),
    )
    return path, config


def random_rows(seed: int) -> list[dict[str, Any]]:
    return generate_people(random.Random(seed).randint(60, 300), seed=seed)


def csv_rows(path: Path) -> Counter[tuple[str, ...]]:
    with path.open(newline="") as f:
        return Counter(tuple(row.values()) for row in csv.DictReader(f))


def same_run(got: Any, want: Any) -> None:
    assert (got.passed, got.node, got.rows_in, got.rows_out, got.suppressed_rows) == (
        want.passed, want.node, want.rows_in, want.rows_out, want.suppressed_rows
    )  # fmt: skip
    assert got.metrics == pytest.approx(want.metrics, rel=1e-9, abs=1e-12)
    assert [(c["criterion"], c["passed"], c["violating_rows"]) for c in got.checks] == [
        (c["criterion"], c["passed"], c["violating_rows"]) for c in want.checks
    ]


def catalog_state(con: duckdb.DuckDBPyConnection) -> tuple[list[Any], list[Any], Any]:
    """Every relation of the connection (its temp ones too), its attached databases and the
    settings a run changes."""
    relations = con.execute(
        "SELECT table_catalog, table_schema, table_name FROM information_schema.tables ORDER BY ALL"
    ).fetchall()
    databases = con.execute("SELECT database_name FROM duckdb_databases() ORDER BY ALL").fetchall()
    settings = con.execute(
        "SELECT current_setting('enable_progress_bar'), current_setting('threads')"
    ).fetchall()
    return relations, databases, settings


def load(con: duckdb.DuckDBPyConnection, table: str, path: Path) -> None:
    con.execute(f'CREATE OR REPLACE TABLE "{table}" AS SELECT * FROM read_csv(?)', [str(path)])


@pytest.mark.slow
@pytest.mark.parametrize("seed", seeds(8))
def test_on_a_connection_equals_a_run_of_its_own(demo: tuple[Path, dict[str, Any]], seed: int) -> None:
    """On random tables and models: the node, counts, metrics, verdicts and rows of a run on a
    caller's connection equal those of a run that reads the CSV file itself. The source is a
    table of the connection (even seeds) or a relation of it (odd); the release is returned
    (seeds 0, 1 mod 3) or written into a table of the connection (2 mod 3)."""
    folder, base = demo
    path, config = random_case(folder, base, seed)
    want = api.anonymize(config, base_dir=folder)
    con = duckdb.connect()
    con.execute("SET threads = 1")
    load(con, "people", path)
    before = catalog_state(con)
    source: Any = (
        {"table": "people"}
        if seed % 2 == 0
        else con.sql("SELECT * FROM people WHERE age IS NOT NULL OR true")
    )
    on_con = {k: v for k, v in config.items() if k != "output"} | {"source": source}
    if seed % 3 == 2:
        on_con["output"] = {"table": "release"}
    got = api.anonymize(on_con, base_dir=folder, connection=con)
    same_run(got, want)
    relations, databases, settings = catalog_state(con)
    assert (databases, settings) == before[1:]
    new = sorted(set(relations) - set(before[0]))
    if not want.passed:
        assert got.release is None and new == []
    elif seed % 3 == 2:
        assert got.release is None and new == [("memory", "main", "release")]
        assert got.output == "table 'release' of the connection"
        assert as_text(con.execute('SELECT * FROM "release"').fetchall()) == csv_rows(
            folder / config["output"]
        )
    else:
        assert isinstance(got.release, duckdb.DuckDBPyRelation)
        assert [r[2] for r in new] == [got.release.alias] and new[0][0] == "temp"
        assert got.output == f"temporary table {got.release.alias!r} of the connection"
        assert as_text(got.release.fetchall()) == csv_rows(folder / config["output"])
        assert got.release.columns == [c for c in COLUMNS if c != "name"]
    con.close()


@pytest.mark.slow
def test_check_and_apply_on_a_connection(demo: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    """check and apply take the connection too, with the verdicts and rows of runs of their own."""
    folder, base = demo
    path, config = random_case(folder, base, 21)
    config["criteria"] = [{"k-anonymity": {"k": 3}}, *config["criteria"][1:2]]
    con = duckdb.connect()
    load(con, "people", path)
    gate = {k: v for k, v in config.items() if k not in ("output", "search", "metric", "suppression_limit")}
    for source in ({"table": "people"}, con.table("people")):
        got = api.check(dict(gate, source=source), base_dir=folder, connection=con)
        same_run(got, api.check(gate, base_dir=folder))
        if isinstance(source, dict):  # the report's gate SQL runs on the connection
            counts = [len(con.sql(s).fetchall()) for s in got.sql["gate"].split(";")[:-1]]
            assert counts == [
                c["violating_classes"] for c in got.checks if "identifiers" not in c["criterion"]
            ]
        else:  # a relation has no name the SQL could read
            assert "relation of the caller's connection" in got.sql["gate_not_written"]
            assert got.source == "a DuckDB relation"  # named by its type on the page
    first = api.anonymize(config, base_dir=folder, report=tmp_path / "first.json")
    assert first.passed
    on_con = {k: v for k, v in config.items() if k != "output"} | {"source": {"table": "people"}}
    again = api.apply(on_con, from_report=tmp_path / "first.json", base_dir=folder, connection=con)
    assert again.node == first.node and again.passed
    assert as_text(again.release.fetchall()) == csv_rows(folder / config["output"])
    # the report's gate SQL reads the returned release (the caller's temp table) and finds nothing
    assert all(con.sql(s).fetchall() == [] for s in again.sql["gate"].split(";")[:-1])


@pytest.mark.slow
def test_a_database_file_opened_by_the_caller(demo: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    """The case of a dbt-duckdb Python model: the caller holds the database file open, and the
    release goes into it (naming the file as {database: ...} would conflict with that handle)."""
    folder, base = demo
    path, config = random_case(folder, base, 3)
    database = tmp_path / "warehouse.duckdb"
    con = duckdb.connect(str(database))
    con.execute("CREATE SCHEMA staging")
    load(con, "people", path)
    con.execute("CREATE TABLE staging.people AS SELECT * FROM people")
    on_con = dict(config, source={"table": "staging.people"}, output={"table": "marts.release"})
    got = api.anonymize(on_con, base_dir=folder, connection=con)
    want = api.anonymize(config, base_dir=folder)
    same_run(got, want)
    with pytest.raises(ConfigError, match="With a connection given, name the source"):
        api.anonymize(
            dict(on_con, source={"database": str(database), "table": "people"}),
            base_dir=folder,
            connection=con,
        )
    con.close()
    with duckdb.connect(str(database), read_only=True) as reopened:
        assert as_text(reopened.execute("SELECT * FROM marts.release").fetchall()) == csv_rows(
            folder / config["output"]
        )


@pytest.mark.slow
def test_never_over_the_source_on_a_connection(demo: tuple[Path, dict[str, Any]]) -> None:
    """The output may not be the source by any name, a table a source view or relation reads,
    a view, or a temporary table; an existing table only with overwrite."""
    folder, base = demo
    path, config = random_case(folder, base, 5)
    con = duckdb.connect()
    load(con, "people", path)
    load(con, "other", path)
    con.execute("CREATE VIEW adults AS SELECT * FROM people WHERE age >= 18")
    con.execute("CREATE TEMP TABLE scratch AS SELECT 1 AS x")
    rows = con.execute("SELECT count(*) FROM people").fetchall()

    def run(source: Any, output: Any, overwrite: bool = True) -> Any:
        on_con = dict(config, source=source, output=output, overwrite=overwrite)
        return api.anonymize(on_con, base_dir=folder, connection=con)

    for source, output, message in [
        ({"table": "people"}, {"table": "people"}, "is the source itself"),
        ({"table": "people"}, {"table": "PEOPLE"}, "is the source itself"),
        ({"table": "people"}, {"table": "main.people"}, "is the source itself"),
        ({"table": "adults"}, {"table": "people"}, "may be what the source"),
        (con.sql("SELECT * FROM people"), {"table": "people"}, "may be what the source"),
        (con.table("adults"), {"table": "people"}, "may be what the source"),
        ({"query": "SELECT * FROM people"}, {"table": "people"}, "the source query reads"),
        ({"table": "people"}, {"table": "adults"}, "is a view, not a table"),
        ({"table": "people"}, {"table": "scratch"}, "is a temporary table, not a table"),
    ]:
        with pytest.raises(InputError, match=message):
            run(source, output)
        assert con.execute("SELECT count(*) FROM people").fetchall() == rows
    with pytest.raises(InputError, match="already exists; set overwrite: true"):
        run({"table": "people"}, {"table": "other"}, overwrite=False)
    assert run({"table": "adults"}, {"table": "other"}).passed  # not read by the source: replaced
    assert con.execute("SELECT count(*) FROM people").fetchall() == rows
    assert con.execute(
        "SELECT count(*) FROM duckdb_tables() WHERE table_name LIKE '%sqlanon%'"
    ).fetchall() == [(0,)]


def test_failures_leave_the_connection_as_it_was(demo: tuple[Path, dict[str, Any]]) -> None:
    """A run that publishes nothing (unsatisfiable criteria, bad input) leaves no object of its
    own and the settings as they were, and the connection stays open and usable."""
    folder, base = demo
    path, config = random_case(folder, base, 6)
    con = duckdb.connect()
    con.execute("SET threads = 3")
    load(con, "people", path)
    before = catalog_state(con)
    returned = {k: v for k, v in config.items() if k != "output"} | {"source": {"table": "people"}}
    # every quasi-identifier kept as it is: no node can be 5-anonymous
    capped = {
        c: dict(spec, max_level=0) if spec["role"] == "quasi" else spec for c, spec in base["columns"].items()
    }
    unmet = dict(
        returned, columns=capped, search="optimal", metric="precision", criteria=[{"k-anonymity": {"k": 5}}]
    )
    report = api.anonymize(unmet, base_dir=folder, connection=con)
    assert not report.passed and report.release is None
    with pytest.raises(InputError, match="k = 100000 is larger than"):
        api.anonymize(
            dict(returned, criteria=[{"k-anonymity": {"k": 100_000}}]), base_dir=folder, connection=con
        )
    with pytest.raises(InputError, match="no table 'missing'"):
        api.anonymize(dict(returned, source={"table": "missing"}), base_dir=folder, connection=con)
    assert catalog_state(con) == before
    con.execute("BEGIN")
    with pytest.raises(InputError, match="inside a transaction; commit or roll it back first"):
        api.anonymize(returned, base_dir=folder, connection=con)
    con.execute("ROLLBACK")
    other = duckdb.connect()
    other.execute("CREATE TABLE people AS SELECT 1 AS age")
    with pytest.raises(InputError, match="belongs to another DuckDB connection"):
        api.anonymize(dict(returned, source=other.table("people")), base_dir=folder, connection=con)
    assert catalog_state(con) == before
    con.close()
    with pytest.raises(InputError, match="connection given to sqlanon is closed"):
        api.check(dict(config, source={"table": "people"}), base_dir=folder, connection=con)


@pytest.mark.slow
def test_configurations_for_a_connection(demo: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    """What a configuration may say beside a connection, with errors that say what to do."""
    folder, base = demo
    path, config = random_case(folder, base, 8)
    con = duckdb.connect()
    load(con, "people", path)
    ok = dict(config, source={"table": "people"}, output={"table": "release"})
    for engine, message in [
        (
            {"kind": "postgres", "url": "postgresql://u@h/db"},
            "engine is postgres, but the connection given is a DuckDB",
        ),
        ({"memory_limit": "1GB"}, r"engine.memory_limit would change the DuckDB connection"),
        ({"temp_directory": "spill"}, r"engine.temp_directory would change"),
        ({"kind": "duckdb", "master": "local"}, r"Unknown engine option\(s\) \['master'\] for DuckDB"),
        ({"url": "postgresql://u@h/db"}, r"engine is another kind"),
    ]:
        with pytest.raises(ConfigError, match=message):
            api.anonymize(dict(ok, engine=engine), base_dir=folder, connection=con)
    assert api.anonymize(
        dict(ok, engine={"kind": "duckdb", "threads": 1}), base_dir=folder, connection=con
    ).passed
    with pytest.raises(ConfigError, match="output is a table of that DuckDB connection"):
        api.anonymize(dict(ok, output="out/x.csv"), base_dir=folder, connection=con)
    with pytest.raises(ConfigError, match="connection must be an open DuckDB connection"):
        api.anonymize(ok, base_dir=folder, connection="duckdb:///memory")
    with pytest.raises(ConfigError, match="not as a Config"):
        api.anonymize(Config.__new__(Config), connection=con)
    with pytest.raises(ConfigError, match="needs the Python API's connection="):
        api.anonymize(dict(config, source=con.table("people")), base_dir=folder)
    with pytest.raises(ConfigError, match="The configuration needs 'output'"):
        api.anonymize({k: v for k, v in config.items() if k != "output"}, base_dir=folder)
    written = folder / "on_connection.yaml"
    written.write_text(yaml.safe_dump(dict(ok, output={"table": "from_yaml"})))
    assert api.anonymize(written, connection=con).passed
    assert (
        con.execute("SELECT count(*) FROM from_yaml").fetchall()
        == con.execute('SELECT count(*) FROM "release"').fetchall()
    )
    with pytest.raises(ConfigError, match="names a table of a database server"):
        api.anonymize(written)  # without a connection: the embedded engine has no such tables
    con.close()


class CursorWrapper:
    """The shape of dbt-duckdb's cursor wrapper, which its Python models get as ``session``: it
    holds the DuckDB connection as ``_cursor`` and forwards to it."""

    def __init__(self, cursor: duckdb.DuckDBPyConnection) -> None:
        self._cursor = cursor

    def __getattr__(self, name: str) -> Any:
        return getattr(self._cursor, name)


@pytest.mark.slow
def test_a_wrapped_connection(demo: tuple[Path, dict[str, Any]]) -> None:
    """An object holding the DuckDB connection as ``_cursor`` (a dbt-duckdb Python model's
    ``session``) is run on as that connection."""
    folder, base = demo
    path, config = random_case(folder, base, 9)
    con = duckdb.connect()
    load(con, "people", path)
    session = CursorWrapper(con.cursor())
    returned = {k: v for k, v in config.items() if k != "output"} | {"source": session.table("people")}
    got = api.anonymize(returned, base_dir=folder, connection=session)
    same_run(got, api.anonymize(config, base_dir=folder))
    assert got.passed
    assert as_text(got.release.fetchall()) == csv_rows(folder / config["output"])


@pytest.mark.slow
def test_where_tables_of_a_duckdb_connection_are(demo: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    """Names resolve in the connection's current database, along its search path; an attached
    database named as a schema, a read-only database and misplaced keys are refused, saying
    what to do."""
    folder, base = demo
    path, config = random_case(folder, base, 10)
    config["criteria"] = [{"k-anonymity": {"k": 2}}]
    con = duckdb.connect()
    con.execute("CREATE SCHEMA s2")
    load(con, "people", path)
    con.execute("CREATE TABLE s2.only2 AS SELECT * FROM people")
    con.execute("SET search_path = 'main,s2'")
    gate = api.check(dict(config, source={"table": "only2"}), base_dir=folder, connection=con)
    assert [gate.rows_in] == [n for (n,) in con.execute("SELECT count(*) FROM s2.only2").fetchall()]
    con.execute("ATTACH ':memory:' AS wh")
    con.execute("CREATE TABLE wh.main.t AS SELECT * FROM people")
    for source, output in [({"table": "wh.t"}, {"table": "x"}), ({"table": "people"}, {"table": "wh.t2"})]:
        with pytest.raises(InputError, match=r"'wh' is an attached database of the connection.*USE wh"):
            api.anonymize(dict(config, source=source, output=output), base_dir=folder, connection=con)
    # as a relation, a table of another database is a source like any other
    returned = {k: v for k, v in config.items() if k != "output"}
    assert api.anonymize(
        dict(returned, source=con.table("wh.main.t")), base_dir=folder, connection=con
    ).passed
    with pytest.raises(ConfigError, match="overwrite is a key of its own at the top"):
        api.anonymize(
            dict(config, source={"table": "people"}, output={"table": "r", "overwrite": True}),
            base_dir=folder,
            connection=con,
        )
    con.close()
    database = tmp_path / "ro.duckdb"
    with duckdb.connect(str(database)) as writer:
        load(writer, "people", path)
    reader = duckdb.connect(str(database), read_only=True)
    with pytest.raises(
        InputError, match="cannot be written: the connection opened its database 'ro' read-only"
    ):
        api.anonymize(
            dict(config, source={"table": "people"}, output={"table": "r"}),
            base_dir=folder,
            connection=reader,
        )
    reader.close()
