"""The Python API on a caller's psycopg connection and SparkSession (``connection=``), what only
these have: a psycopg connection refused with reasons (a transaction open, a table views read,
a source that is no table) and left as it was, a lost one; a DataFrame of another session. The
release on a caller's connection against DuckDB's, and the connection left in the state the
caller had it, are in test_conformance.py."""

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
from tests.api.test_connection import COLUMNS, random_case, random_rows
from tests.engines.conformance import PostgresAdapter
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


_session_state = PostgresAdapter.state


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
