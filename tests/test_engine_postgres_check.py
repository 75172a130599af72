"""``check`` on a PostgreSQL table against ``check`` on the same rows in DuckDB: the same verdicts,
counts and observed values (within 1e-9) for every model of the catalogue, on random tables."""

from __future__ import annotations

import csv
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
import yaml

from sqlanon import api
from sqlanon.demo import generate_people, write_demo
from sqlanon.errors import ConfigError, DataError, EngineError, InputError
from tests import pgserver
from tests.pgserver import Server
from tests.sqlhelpers import same as _same
from tests.test_engine_sql import MODELS

COLUMNS = ["zip", "age", "sex", "disease", "salary"]
#: models beyond MODELS: the demo's own (recursive l, hierarchical and ordered t) and k alone
EXTRA: list[dict[str, Any]] = [
    {"k-anonymity": {"k": 3}},
    {"l-diversity": {"variant": "recursive", "l": 2, "c": 3, "attribute": "disease"}},
    {"l-diversity": {"variant": "npd-recursive", "c1": 3, "c2": 5, "l": 2, "attribute": "disease",
                     "allowed": ["flu"], "protected": ["stomach cancer"]}},
    {"t-closeness": {"t": 0.25, "distance": "hierarchical", "attribute": "disease"}},
    {"t-closeness": {"t": 0.25, "distance": "ordered", "attribute": "salary"}},
    {"nt-closeness": {"n": 20, "t": 0.3, "distance": "ordered", "attribute": "salary"}},
    {"beta-likeness": {"beta": 2, "variant": "basic", "attribute": "disease"}},
]  # fmt: skip


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


def _rows(seed: int) -> list[dict[str, Any]]:
    """Coarse random rows (few distinct quasi-identifier values, so classes hold several rows),
    with NULLs in a quasi-identifier."""
    rng = random.Random(seed)
    people = generate_people(rng.randint(20, 120), seed=seed)
    zips = sorted({p["zip"] for p in people})[: rng.randint(1, 3)]
    ages = rng.sample([25, 38, 47, 61, 80], rng.randint(1, 3))
    out = []
    for p in people:
        out.append(
            {
                "zip": rng.choice(zips),
                "age": rng.choice(ages),
                "sex": None if rng.random() < 0.05 else p["sex"],
                "disease": p["disease"],
                "salary": p["salary"],
            }
        )
    return out


@pytest.mark.parametrize("seed", range(12))
def test_check_on_postgres_equals_duckdb(
    demo: tuple[Path, dict[str, Any]], server_con: psycopg.Connection[Any], postgres: Server, seed: int
) -> None:
    folder, base = demo
    rng = random.Random(1000 + seed)
    rows = _rows(seed)
    path = folder / f"t{seed}.csv"
    with path.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    table = f"people_{seed}"
    types = ["text", "integer", "text", "text", "integer"]
    pgserver.load(
        server_con,
        "gate",
        table,
        list(zip(COLUMNS, types, strict=True)),
        ([r[c] for c in COLUMNS] for r in rows),
    )
    criteria = rng.sample(MODELS + EXTRA, rng.randint(2, 6))
    config = dict(base, criteria=criteria, source=path.name)
    engine = {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}
    on_pg = dict(config, source={"table": f"gate.{table}"}, engine=engine)
    try:
        want = api.check(config, base_dir=folder)
    except InputError as err:  # a model the data cannot meet at all: the same error on both
        with pytest.raises(InputError) as got:
            api.check(on_pg, base_dir=folder)
        assert str(got.value) == str(err).replace(
            f"file {str(path)!r}", f"table 'gate.{table}' of the engine's database"
        )
        return
    got = api.check(on_pg, base_dir=folder)
    assert got.passed == want.passed and got.rows_in == want.rows_in == len(rows)
    assert len(got.checks) == len(want.checks)
    for g, w in zip(got.checks, want.checks, strict=True):
        assert g.keys() == w.keys()
        for key in w:
            assert _same(g[key], w[key]), (key, g, w)


def test_configuration_says_what_runs_where(demo: tuple[Path, dict[str, Any]], postgres: Server) -> None:
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
