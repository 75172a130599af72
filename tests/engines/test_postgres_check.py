"""``check`` on PostgreSQL, what only PostgreSQL has: what runs where, the engine's URL (no
password in it, no secret parameter, several hosts), a server's limits named, its messages. The
verdicts of ``check`` on a PostgreSQL table against DuckDB's are in test_conformance.py."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
import yaml
from click.testing import CliRunner

from sqlanon import api
from sqlanon.cli import main
from sqlanon.demo import generate_people, write_demo
from sqlanon.errors import ConfigError, DataError, EngineError
from tests.support import pgserver
from tests.support.pgserver import Server


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("pgcheck")
    _, check_yaml = write_demo(folder, rows=10)
    config = yaml.safe_load(check_yaml.read_text())
    config["columns"].pop("name")
    return folder, config


@pytest.fixture(scope="module")
def server_con(postgres: Server) -> Iterator[psycopg.Connection[Any]]:
    con = psycopg.connect(postgres.url, password=os.environ[postgres.password_env], autocommit=True)
    con.execute("CREATE SCHEMA IF NOT EXISTS gate")
    try:
        yield con
    finally:
        con.close()


def test_configuration_says_what_runs_where(
    demo: tuple[Path, dict[str, Any]], postgres: Server, server_con: psycopg.Connection[Any]
) -> None:
    """What runs where, and how a missing table or schema is named (the schema gate is made by
    ``server_con``)."""
    folder, base = demo
    engine = {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}
    with pytest.raises(
        ConfigError, match=r"a table of PostgreSQL's catalog.*reads files with DuckDB or Spark only"
    ):
        api.check(dict(base, engine=engine), base_dir=folder)
    with pytest.raises(ConfigError, match="names a table of a database server"):
        api.check(dict(base, source={"table": "gate.people_0"}), base_dir=folder)
    with pytest.raises(ConfigError, match="password_env"):
        api.check(
            dict(base, source={"table": "x"}, engine=dict(engine, url=postgres.url.replace("@", ":pw@"))),
            base_dir=folder,
        )
    with pytest.raises(ConfigError, match="publishes into PostgreSQL's tables, not files"):
        api.anonymize(dict(base, source={"table": "x"}, output="out.csv", engine=engine), base_dir=folder)
    with pytest.raises(DataError, match="no table 'nope' in schema 'gate'"):
        api.check(dict(base, source={"table": "gate.nope"}, engine=engine), base_dir=folder)
    with pytest.raises(DataError, match="there is no schema 'gat'; check its name"):
        api.check(dict(base, source={"table": "gat.nope"}, engine=engine), base_dir=folder)


@pytest.mark.parametrize(
    "url",
    [
        "postgresql://analyst@127.0.0.1:5432/db?password=S3cret-pw",
        "postgresql://analyst@127.0.0.1:5432/db?sslmode=disable&PASSWORD=S3cret-pw",
        "postgresq://analyst:S3cret-pw@127.0.0.1:5432/db",
        "host=127.0.0.1 user=analyst password=S3cret-pw",
        "jdbc:postgresql://127.0.0.1/db?user=analyst&password=S3cret-pw",
    ],
)
def test_a_password_in_the_url_is_refused_and_never_repeated(
    demo: tuple[Path, dict[str, Any]], url: str
) -> None:
    folder, base = demo
    with pytest.raises(ConfigError) as err:
        api.check(dict(base, source={"table": "x"}, engine={"kind": "postgres", "url": url}), base_dir=folder)
    assert "S3cret-pw" not in str(err.value)


@pytest.mark.parametrize(
    ("url", "needle"),
    [
        ("postgresql://analyst@127.0.0.1/db?sslpassword=S3cret-pw", "the secret parameter sslpassword"),
        ("postgresql://analyst@127.0.0.1/db?ssl%70assword=S3cret-pw", "the secret parameter sslpassword"),
        (
            "postgresql://analyst@127.0.0.1/db?oauth_client_id=x&oauth_client_secret=S3cret-pw",
            "the secret parameter oauth_client_secret",
        ),
        ("postgresql://analyst@127.0.0.1/db?passfile=/S3cret-pw", "the secret parameter passfile"),
        (
            "postgresql://analyst@[S3cret-pw.example]:5432/db",
            "a host in square brackets that is not an IP address",
        ),
        ("postgresql://analyst@[S3cret-pw:5432/db", "not a well-formed URL"),
    ],
)
def test_secrets_and_bracketed_hosts_in_the_url_are_refused_by_name(
    demo: tuple[Path, dict[str, Any]], url: str, needle: str
) -> None:
    """Every libpq parameter that holds a secret, and a bracketed host that is not an IP address
    (urllib's ValueError, an internal error before), are refused with a message naming the
    cause and not repeating the URL; the command exits 2."""
    folder, base = demo
    config = dict(base, source={"table": "x"}, engine={"kind": "postgres", "url": url})
    with pytest.raises(ConfigError, match=re.escape(needle)) as err:
        api.check(config, base_dir=folder)
    assert "S3cret-pw" not in str(err.value)
    path = folder / "url.yaml"
    path.write_text(yaml.safe_dump(config))
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 2 and needle in result.output and "S3cret-pw" not in result.output


def test_several_hosts_and_a_port_libpq_refuses_reach_libpq(
    demo: tuple[Path, dict[str, Any]], postgres: Server
) -> None:
    """libpq's multi-host URL connects (the first host refusing, the second the server), and a
    port that is not a number is libpq's connection error, not an internal error."""
    folder, base = demo
    host, port = postgres.url.split("@")[1].split("/")[0].split(":")
    engine = {"kind": "postgres", "password_env": postgres.password_env}
    several = postgres.url.replace(f"{host}:{port}", f"{host}:1,{host}:{port}")
    with pytest.raises(DataError, match=r"Cannot read the table 'gate\.nope'"):  # connected
        api.check(
            dict(base, source={"table": "gate.nope"}, engine=dict(engine, url=several)), base_dir=folder
        )
    bad_port = postgres.url.replace(f"{host}:{port}", f"{host}:port")
    with pytest.raises(
        EngineError, match=rf"Cannot connect to PostgreSQL at sqlanon_test@{host}:port/"
    ) as err:
        api.check(
            dict(base, source={"table": "gate.nope"}, engine=dict(engine, url=bad_port)), base_dir=folder
        )
    assert err.value.cause == "connection"


def test_a_server_limit_is_named_not_reported_as_a_bug(
    demo: tuple[Path, dict[str, Any]], postgres: Server, server_con: psycopg.Connection[Any]
) -> None:
    """A session whose temporary files the server caps (temp_file_limit, here 0 through the
    URL's options, with a small work_mem so that sorts spill) or whose statements it cancels
    (statement_timeout) fails with a message naming the limit and the administrator, exit 2,
    not "likely a bug" nor "interrupted"."""
    folder, base = demo
    rows = generate_people(3000, seed=5)
    columns = [
        ("zip", "text"),
        ("age", "integer"),
        ("sex", "text"),
        ("disease", "text"),
        ("salary", "integer"),
    ]
    pgserver.load(server_con, "gate", "limited", columns, ([r[c] for c, _ in columns] for r in rows))
    url = postgres.url + "?options=-c%20temp_file_limit%3D0%20-c%20work_mem%3D64"
    engine = {"kind": "postgres", "url": url, "password_env": postgres.password_env}
    path = folder / "limited.yaml"
    path.write_text(yaml.safe_dump(dict(base, source={"table": "gate.limited"}, engine=engine)))
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 2, result.output
    assert "one of its configured limits (temporary file size exceeds temp_file_limit" in result.output
    assert "likely a bug" not in result.output
    # a statement_timeout (1 ms) is the server's limit too, not an interrupt of the run
    engine["url"] = postgres.url + "?options=-c%20statement_timeout%3D1"
    path.write_text(yaml.safe_dump(dict(base, source={"table": "gate.limited"}, engine=engine)))
    result = CliRunner().invoke(main, ["check", str(path)])
    assert result.exit_code == 2, result.output
    assert "one of its configured limits (canceling statement due to statement timeout" in result.output
    assert "interrupted" not in result.output and "likely a bug" not in result.output


def test_engine_messages(demo: tuple[Path, dict[str, Any]], postgres: Server) -> None:
    folder, base = demo
    with pytest.raises(ConfigError, match=r"engine\.url is missing"):
        api.check(dict(base, source={"table": "x"}, engine={"kind": "postgres"}), base_dir=folder)
    engine = {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}
    with pytest.raises(ConfigError, match="csv: options apply to a CSV source only"):
        api.check(dict(base, source={"table": "x"}, csv={"delimiter": ";"}, engine=engine), base_dir=folder)
    with pytest.raises(DataError, match=r"^Cannot read the table 'gate\.nope' of"):
        api.check(dict(base, source={"table": "gate.nope"}, engine=engine), base_dir=folder)
    with pytest.raises(EngineError, match=r"engine\.password_env") as err:
        api.check(
            dict(base, source={"table": "x"}, engine={"kind": "postgres", "url": postgres.url}),
            base_dir=folder,
        )
    assert err.value.cause == "connection"
