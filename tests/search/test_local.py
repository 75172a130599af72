"""``search_in: auto`` (the default): a server engine's lattice search runs in embedded DuckDB
when copying the encoded tables fits ``max_values_size`` and in the engine above it, the report
says which and why, and the release is DuckDB's either way; the copy's Python memory stays
within the estimate the choice is made on (local_search.copy_size)."""

from __future__ import annotations

import os
import sys
import tracemalloc
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import yaml

from sqlanon import api
from sqlanon.config import parse_config
from sqlanon.demo import generate_people, write_demo
from sqlanon.encode import encode
from sqlanon.encode.source import read_table
from sqlanon.engines import open_engine
from sqlanon.search.local import arrow_copy, copy_size, local_copy
from tests.api.test_connection import COLUMNS, random_case, random_rows, same_run
from tests.support import pgserver

PG_TYPES = ["text", "text", "integer", "text", "text", "integer"]


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("auto")
    anonymize_yaml, _ = write_demo(folder, rows=10)
    return folder, yaml.safe_load(anonymize_yaml.read_text())


@pytest.fixture(scope="module")
def pg_admin(postgres: pgserver.Server) -> Iterator[Any]:
    import psycopg

    con = psycopg.connect(postgres.url, password=os.environ[postgres.password_env], autocommit=True)
    con.execute("CREATE SCHEMA IF NOT EXISTS auto")
    try:
        yield con
    finally:
        con.close()


def _engine(postgres: pgserver.Server) -> dict[str, str]:
    return {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}


def _load(con: Any, name: str, rows: list[dict[str, Any]]) -> None:
    pgserver.load(con, "auto", name, list(zip(COLUMNS, PG_TYPES, strict=True)),
                  ([r[c] for c in COLUMNS] for r in rows))  # fmt: skip


@pytest.mark.parametrize("seed", [0, 1, 3])
def test_auto_searches_locally_when_the_copy_fits(
    demo: tuple[Path, dict[str, Any]], postgres: pgserver.Server, pg_admin: Any, seed: int
) -> None:
    """The size of the copy decides, exactly at ``max_values_size``: at the estimate the search
    runs on this machine, one byte below it in PostgreSQL; both releases are DuckDB's."""
    folder, base = demo
    _, config = random_case(folder, base, seed)
    config |= {"search": "optimal"} if config["search"] == "mondrian" else {}
    config |= {"metric": "precision"} if config["metric"] == "gcp" else {}
    want = api.anonymize(config, base_dir=folder)
    _load(pg_admin, f"people_{seed}", random_rows(seed))
    on_pg = {k: v for k, v in config.items() if k not in ("output", "search_in")} | {
        "source": {"table": f"auto.people_{seed}"},
        "output": {"table": f"auto.release_{seed}"},
        "overwrite": True,
        "engine": _engine(postgres),
    }
    engine = open_engine(parse_config(on_pg, folder).engine)
    try:
        parsed = parse_config(on_pg, folder)
        size = copy_size(encode(engine, parsed, read_table(engine, parsed.source)), arrow_copy(engine))
    finally:
        engine.close()
    local = api.anonymize(dict(on_pg, max_values_size=size), base_dir=folder)
    there = api.anonymize(dict(on_pg, max_values_size=size - 1), base_dir=folder)
    assert local.search["search_in"] == "local" and there.search["search_in"] == "engine"
    assert "fit max_values_size" in local.search["search_in_why"]
    assert "exceed max_values_size" in there.search["search_in_why"]
    assert local.search["copied_rows"] > 0 and "copied_rows" not in there.search
    for got in (local, there):
        same_run(got, want)
    # the default is auto, and the default max_values_size (256 MB) holds such a table
    default = api.anonymize(on_pg, base_dir=folder)
    assert default.search["search_in"] == "local"
    text = default.text(verbose=True)
    assert "in embedded DuckDB on this machine" in text and "search_in: auto" in text


def test_duckdb_says_nothing_of_where(demo: tuple[Path, dict[str, Any]]) -> None:
    """Embedded DuckDB is where the search runs whatever search_in says: nothing to report."""
    folder, base = demo
    _, config = random_case(folder, base, 1)
    for place in ("auto", "engine", "local"):
        got = api.anonymize(dict(config, search_in=place), base_dir=folder)
        assert "search_in" not in got.search and "search_in_why" not in got.search


@pytest.mark.parametrize("population", [False, True])
def test_the_copy_stays_within_its_estimate(
    population: bool,
    demo: tuple[Path, dict[str, Any]],
    postgres: pgserver.Server,
    pg_admin: Any,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """What copying the encoded tables holds in Python at its peak (tracemalloc, and pyarrow's
    pool while the copy's Arrow tables live) is at most copy_size, the estimate ``auto``
    compares with max_values_size, as Arrow (binary COPY) and as rows; the estimate is not far
    above it either (a bound that is used, not a guess). ``population``: k-map with a
    population table, whose encoded persons are copied too."""
    folder, base = demo
    rows = generate_people(3000, seed=7)
    _load(pg_admin, "people_big", rows)
    criteria: list[dict[str, Any]] = [{"k-anonymity": {"k": 3}}]
    extra: dict[str, Any] = {}
    if population:  # every person twice: a population the table is a sample of
        _load(pg_admin, "people_pop", rows + rows)
        criteria.append({"k-map": {"k": 5}})
        extra["population"] = {"table": "auto.people_pop"}
    else:
        criteria.append({"t-closeness": {"attribute": "disease", "t": 0.3}})
    config = parse_config(
        dict(
            base,
            source={"table": "auto.people_big"},
            output={"table": "auto.release_big"},
            engine=_engine(postgres),
            criteria=criteria,
            **extra,
        ),
        folder,
    )
    engine = open_engine(config.engine)
    try:
        encoded = encode(engine, config, read_table(engine, config.source))
        with local_copy(engine, encoded):  # warm: imports and DuckDB's first statements
            pass
        for arrow in (True, False):
            if not arrow:  # as if pyarrow were not installed: rows
                monkeypatch.setitem(sys.modules, "pyarrow", None)
            assert arrow_copy(engine) == arrow
            estimate = copy_size(encoded, arrow)
            with _arrow_pool() as pool:
                tracemalloc.start()
                try:
                    with local_copy(engine, encoded) as copy:
                        peak = tracemalloc.get_traced_memory()[1] + pool.max_memory()
                        assert copy.rows >= encoded.freq_rows > 1000
                finally:
                    tracemalloc.stop()
            assert peak <= estimate, (arrow, peak, estimate)
            assert estimate <= 20 * peak, (arrow, peak, estimate)
            if population:  # the population was copied too
                assert encoded.population is not None and encoded.population_rows > 1000
    finally:
        engine.close()


@contextmanager
def _arrow_pool() -> Iterator[Any]:
    """pyarrow's default memory pool, meanwhile one that records its own peak (Arrow buffers
    are not Python objects: tracemalloc does not see them)."""
    pa = sys.modules.get("pyarrow")
    if pa is None:  # "not installed" (the test's rows): no pool
        yield SimpleNamespace(max_memory=lambda: 0)
        return
    default = pa.default_memory_pool()
    pool = pa.proxy_memory_pool(default)
    pa.set_memory_pool(pool)
    try:
        yield pool
    finally:
        pa.set_memory_pool(default)


def test_auto_on_spark_equals_duckdb(demo: tuple[Path, dict[str, Any]], spark: Any) -> None:
    folder, base = demo
    _, config = random_case(folder, base, 3)
    config |= {"criteria": config["criteria"][:2], "search": "optimal"}
    want = api.anonymize(config, base_dir=folder)
    frame = spark.createDataFrame(
        [tuple(r[c] for c in COLUMNS) for r in random_rows(3)],
        "name string, zip string, age int, sex string, disease string, salary int",
    )
    on_spark = {k: v for k, v in config.items() if k != "output"} | {"source": frame}
    got = api.anonymize(on_spark, base_dir=folder, connection=spark)
    same_run(got, want)
    assert got.search["search_in"] == "local" and "search_in: auto" in got.search["search_in_why"]
    assert set(got.costs["engines"]) == {"spark", "duckdb"}


def _spark_copies(demo: tuple[Path, dict[str, Any]], spark: Any, view: str) -> tuple[Any, Any, Any]:
    """A random people table of the session's catalog, encoded by a Spark engine on it:
    (engine, its configuration, the encoded tables); the caller closes the engine."""
    folder, base = demo
    frame = spark.createDataFrame(
        [tuple(r[c] for c in COLUMNS) for r in generate_people(2000, seed=5)],
        "name string, zip string, age int, sex string, disease string, salary int",
    )
    frame.write.mode("overwrite").saveAsTable(view)
    config = parse_config(
        dict(
            base,
            source={"table": view},
            output={"table": "default.unused"},
            engine={"kind": "spark"},
            criteria=[{"k-anonymity": {"k": 3}}, {"t-closeness": {"attribute": "disease", "t": 0.3}}],
        ),
        folder,
    )
    engine = open_engine(config.engine)
    return engine, config, encode(engine, config, read_table(engine, config.source))


def test_spark_copies_as_arrow(
    demo: tuple[Path, dict[str, Any]], spark: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From Spark the encoded tables travel as Arrow tables (no row through Python), within
    the per-cell estimate auto decides by, and arrive as the copy by rows does: every row, every
    type. Without pyarrow the copy goes by rows, and auto estimates it so."""
    import pyarrow as pa

    from sqlanon.engines.duckdb.engine import DuckDBEngine
    from sqlanon.search.local import arrow_copy

    engine, _, encoded = _spark_copies(demo, spark, "arrow_people")
    try:
        assert arrow_copy(engine)
        loaded: list[Any] = []
        load_arrow = DuckDBEngine.load_arrow

        def spy(self: Any, name: str, columns: Any, data: Any) -> None:
            assert isinstance(data, pa.Table)
            loaded.append((name, data.nbytes))
            load_arrow(self, name, columns, data)

        monkeypatch.setattr(DuckDBEngine, "load_arrow", spy)
        with local_copy(engine, encoded) as by_arrow:
            arrow_rows = {
                n: sorted(by_arrow.engine.fetchall(f'SELECT * FROM "{n}"')) for n in by_arrow.tables
            }
            arrow_types = {n: by_arrow.engine.columns(n) for n in by_arrow.tables}
        assert sorted(n for n, _ in loaded) == sorted(by_arrow.tables)
        assert sum(b for _, b in loaded) <= copy_size(encoded, arrow=True)
        monkeypatch.setitem(__import__("sys").modules, "pyarrow", None)  # as if not installed
        assert not arrow_copy(engine)
        with local_copy(engine, encoded) as by_rows:
            assert len(loaded) == len(by_arrow.tables)  # no Arrow this time
            for name in by_rows.tables:
                assert sorted(by_rows.engine.fetchall(f'SELECT * FROM "{name}"')) == arrow_rows[name], name
                assert by_rows.engine.columns(name) == arrow_types[name] == engine.columns(name), name
            assert by_rows.tables == by_arrow.tables
        assert copy_size(encoded) > copy_size(encoded, arrow=True)
    finally:
        engine.close()
        spark.sql("DROP TABLE IF EXISTS arrow_people")
