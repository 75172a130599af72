"""The Python API on a caller's psycopg connection and SparkSession (``connection=``): the same
release as a run of its own on DuckDB, returned or written into the server; the connection left
open, in the state the caller had it (autocommit, row factory, settings, temp objects)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from sqlanon import api
from sqlanon.demo import write_demo
from sqlanon.errors import InputError
from tests.api.test_connection import COLUMNS, as_text, csv_rows, random_case, random_rows, same_run
from tests.support import pgserver

TYPES = ["text", "text", "integer", "text", "text", "integer"]
SPARK_SCHEMA = "name string, zip string, age int, sex string, disease string, salary int"


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("connection_servers")
    anonymize_yaml, _ = write_demo(folder, rows=10)
    return folder, yaml.safe_load(anonymize_yaml.read_text())


@pytest.fixture(scope="module")
def pg(postgres: pgserver.Server) -> Iterator[Any]:
    """A caller's connection as psycopg makes it by default (not autocommit), with rows as dicts;
    the table conn.people_0 is there (tests that read it may run on a worker of their own)."""
    import psycopg
    from psycopg.rows import dict_row

    admin = psycopg.connect(postgres.url, password=os.environ[postgres.password_env], autocommit=True)
    admin.execute("CREATE SCHEMA IF NOT EXISTS conn")
    pgserver.load(admin, "conn", "people_0", list(zip(COLUMNS, TYPES, strict=True)),
                  ([r[c] for c in COLUMNS] for r in random_rows(0)))  # fmt: skip
    admin.close()
    connection = psycopg.connect(
        postgres.url, password=os.environ[postgres.password_env], row_factory=dict_row
    )
    try:
        yield connection
    finally:
        connection.close()


def _session_state(con: Any) -> dict[str, Any]:
    with con.cursor() as cursor:
        cursor.execute(
            "SELECT current_setting('enable_nestloop') AS nestloop, current_setting('jit') AS jit, "
            "(SELECT count(*) FROM pg_class WHERE relnamespace = pg_my_temp_schema() AND relname LIKE '\\_\\_sqlanon%') "
            "AS temps, (SELECT count(*) FROM pg_proc WHERE pronamespace = pg_my_temp_schema()) AS functions"
        )
        state = dict(cursor.fetchone())
    con.rollback()
    return state | {"autocommit": con.autocommit, "row_factory": con.row_factory}


@pytest.mark.parametrize("seed", [0, 2])
def test_on_a_psycopg_connection_equals_duckdb(demo: tuple[Path, dict[str, Any]], pg: Any, seed: int) -> None:
    """Seed 0: the release returned (a temp table of the caller's session, by name); seed 2:
    written into a table of the server. Rows, node and verdicts as DuckDB's."""
    folder, base = demo
    _, config = random_case(folder, base, seed)
    want = api.anonymize(config, base_dir=folder)
    pgserver.load(pg, "conn", f"people_{seed}", list(zip(COLUMNS, TYPES, strict=True)),
                  ([r[c] for c in COLUMNS] for r in random_rows(seed)))  # fmt: skip
    pg.commit()
    before = _session_state(pg)
    on_con = {k: v for k, v in config.items() if k != "output"} | {"source": {"table": f"conn.people_{seed}"}}
    if seed == 2:
        on_con |= {"output": {"table": "conn.release"}, "overwrite": True}
    got = api.anonymize(on_con, base_dir=folder, connection=pg)
    same_run(got, want)
    assert want.passed
    table = got.release if seed == 0 else "conn.release"
    if seed == 0:
        assert isinstance(got.release, str) and got.release.startswith("sqlanon_release_")
    with pg.cursor() as cursor:
        cursor.execute(f"SELECT {', '.join(c for c in COLUMNS if c != 'name')} FROM {table}")
        rows = [tuple(r.values()) for r in cursor.fetchall()]
    assert as_text(rows) == csv_rows(folder / config["output"])
    assert _session_state(pg) == before


def test_a_psycopg_connection_refused_with_reasons(demo: tuple[Path, dict[str, Any]], pg: Any) -> None:
    folder, base = demo
    _, config = random_case(folder, base, 4)
    returned = {k: v for k, v in config.items() if k != "output"} | {"source": {"table": "conn.people_0"}}
    pg.execute("SELECT 1")  # not autocommit: a transaction is open now
    with pytest.raises(InputError, match="inside a transaction; commit or roll it back first"):
        api.anonymize(returned, base_dir=folder, connection=pg)
    pg.rollback()
    # a table views read: the swap would leave them reading the previous table
    pg.execute("CREATE TABLE IF NOT EXISTS conn.viewed AS SELECT * FROM conn.people_0")
    pg.execute("CREATE OR REPLACE VIEW conn.reader AS SELECT * FROM conn.viewed")
    pg.commit()
    rows = pg.execute("SELECT count(*) AS n FROM conn.viewed").fetchone()
    pg.rollback()
    with pytest.raises(InputError, match=r"read by the view\(s\) 'conn.reader', which the server binds"):
        api.anonymize(
            dict(returned, output={"table": "conn.viewed"}, overwrite=True), base_dir=folder, connection=pg
        )
    assert pg.execute("SELECT count(*) AS n FROM conn.reader").fetchone() == rows
    pg.rollback()
    with pytest.raises(InputError, match="with a PostgreSQL connection, name a table"):
        api.anonymize(dict(returned, source=object()), base_dir=folder, connection=pg)
    before = _session_state(pg)
    with pytest.raises(InputError, match="no table 'missing'"):
        api.check(dict(returned, source={"table": "conn.missing"}), base_dir=folder, connection=pg)
    assert _session_state(pg) == before


def test_a_lost_psycopg_connection(demo: tuple[Path, dict[str, Any]], postgres: pgserver.Server) -> None:
    import psycopg

    folder, base = demo
    _, config = random_case(folder, base, 4)
    password = os.environ[postgres.password_env]
    lost = psycopg.connect(postgres.url, password=password)
    pid = lost.info.backend_pid
    with psycopg.connect(postgres.url, password=password, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
    returned = {k: v for k, v in config.items() if k != "output"} | {"source": {"table": "conn.people_0"}}
    with pytest.raises(InputError, match="connection given to sqlanon is lost"):
        api.anonymize(returned, base_dir=folder, connection=lost)
    lost.close()


def _views(spark: Any) -> set[str]:
    return {t.name for t in spark.catalog.listTables() if t.isTemporary}


@pytest.mark.parametrize("seed", [1, 3])
def test_on_a_spark_session_equals_duckdb(demo: tuple[Path, dict[str, Any]], spark: Any, seed: int) -> None:
    """Seed 1: a DataFrame source, the release returned as a DataFrame; seed 3: a temp view of
    the session named as the source, the release written into a table. The session's SQL
    settings and temp views are as the caller had them."""
    folder, base = demo
    _, config = random_case(folder, base, seed)
    # the models are compared with DuckDB's in test_engine_spark; here, what a session is lent for
    config |= {"criteria": config["criteria"][:1], "search": "optimal", "metric": "precision"}
    want = api.anonymize(config, base_dir=folder)
    frame = spark.createDataFrame([tuple(r[c] for c in COLUMNS) for r in random_rows(seed)], SPARK_SCHEMA)
    keys = ("spark.sql.ansi.enabled", "spark.sql.session.timeZone")
    previous = {key: spark.conf.get(key) for key in keys}
    spark.conf.set("spark.sql.ansi.enabled", "false")
    spark.conf.set("spark.sql.session.timeZone", "Europe/Paris")
    on_con = {k: v for k, v in config.items() if k != "output"}
    if seed == 1:
        on_con["source"] = frame
    else:
        frame.createOrReplaceTempView("people_view")
        spark.sql("CREATE DATABASE IF NOT EXISTS conn")
        on_con |= {"source": {"table": "people_view"}, "output": {"table": "conn.release"}, "overwrite": True}
    views = _views(spark)
    try:
        got = api.anonymize(on_con, base_dir=folder, connection=spark)
    finally:
        ansi, zone = (spark.conf.get(key) for key in keys)
        for key, value in previous.items():
            spark.conf.set(key, value)
    assert (ansi, zone) == ("false", "Europe/Paris")
    same_run(got, want)
    assert want.passed
    if seed == 1:
        rows = got.release.collect()
        assert got.release.columns == [c for c in COLUMNS if c != "name"]
        # the release is also the temp view the report names
        (name,) = _views(spark) - views
        assert got.output == f"temporary table {name!r} of the connection"
        assert as_text(spark.table(name).collect()) == as_text(rows)
        spark.catalog.dropTempView(name)
    assert _views(spark) == views
    if seed == 1:
        pass
    else:
        spark.catalog.refreshTable("conn.release")
        rows = spark.table("conn.release").collect()
        spark.catalog.dropTempView("people_view")
    assert as_text(rows) == csv_rows(folder / config["output"])


def test_a_dataframe_of_another_session_is_refused(demo: tuple[Path, dict[str, Any]], spark: Any) -> None:
    folder, base = demo
    _, config = random_case(folder, base, 5)
    other = spark.newSession().createDataFrame(
        [tuple(r[c] for c in COLUMNS) for r in random_rows(5)], SPARK_SCHEMA
    )
    returned = {k: v for k, v in config.items() if k != "output"} | {"source": other}
    views = _views(spark)
    with pytest.raises(InputError, match="belongs to another SparkSession"):
        api.anonymize(returned, base_dir=folder, connection=spark)
    assert _views(spark) == views
