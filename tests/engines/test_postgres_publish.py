"""``anonymize`` into PostgreSQL: the same node and the same multiset of published rows as DuckDB
on random tables and models (lattice searches and Mondrian), and never over the source."""

from __future__ import annotations

import csv
import os
import random
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest
import yaml

from sqlanon import api
from sqlanon.demo import generate_people, write_demo
from sqlanon.errors import ConfigError, DataError, EngineError, InputError
from tests.engines.test_postgres_check import EXTRA
from tests.engines.test_snapshots import MODELS
from tests.release.test_apply import failing_apply_case, listed_violations
from tests.support import pgserver
from tests.support.pgserver import Server
from tests.support.sqlhelpers import take_large_table_paths

COLUMNS = ["name", "zip", "age", "sex", "disease", "salary"]
TYPES = ["text", "text", "integer", "text", "text", "integer"]


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("pgpublish")
    anonymize_yaml, _ = write_demo(folder, rows=10)
    return folder, yaml.safe_load(anonymize_yaml.read_text())


@pytest.fixture(scope="module")
def con(postgres: Server) -> Iterator[psycopg.Connection[Any]]:
    connection = psycopg.connect(postgres.url, password=os.environ[postgres.password_env], autocommit=True)
    connection.execute("CREATE SCHEMA IF NOT EXISTS src")
    connection.execute("CREATE SCHEMA IF NOT EXISTS rel")
    try:
        yield connection
    finally:
        connection.close()


def _engine(postgres: Server) -> dict[str, str]:
    return {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}


def _load(con: psycopg.Connection[Any], table: str, rows: list[dict[str, Any]]) -> None:
    schema, name = table.split(".")
    pgserver.load(
        con, schema, name, list(zip(COLUMNS, TYPES, strict=True)), ([r[c] for c in COLUMNS] for r in rows)
    )


def _leftovers(con: psycopg.Connection[Any]) -> list[str]:
    found = con.execute(
        "SELECT relname FROM pg_class WHERE relname LIKE '\\_\\_sqlanon%' AND relpersistence = 'p'"
    )
    return [r[0] for r in found.fetchall()]


def _published(con: psycopg.Connection[Any], table: str) -> Counter[tuple[str, ...]]:
    rows = con.execute(f"SELECT * FROM {table}").fetchall()
    return Counter(tuple("" if v is None else str(v) for v in row) for row in rows)


def _csv_rows(path: Path) -> Counter[tuple[str, ...]]:
    with path.open(newline="") as f:
        return Counter(tuple(row.values()) for row in csv.DictReader(f))


def _rows(rng: random.Random, seed: int) -> list[dict[str, Any]]:
    return generate_people(rng.randint(60, 300), seed=seed)


@pytest.mark.parametrize("seed", range(10))
def test_anonymize_on_postgres_equals_duckdb(
    demo: tuple[Path, dict[str, Any]], con: psycopg.Connection[Any], postgres: Server, seed: int
) -> None:
    _same_release(demo, con, postgres, seed)


@pytest.mark.parametrize("seed", [10, 11, 12])  # lattice searches, one per variant
def test_large_table_paths_on_postgres_equal_duckdb(
    demo: tuple[Path, dict[str, Any]],
    con: psycopg.Connection[Any],
    postgres: Server,
    seed: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The evaluator's paths for large tables (projections, joins with dimension tables, node
    tables cached and evicted, batches in chunks), taken by small tables on PostgreSQL with
    lowered thresholds, against DuckDB with its defaults."""
    taken: list[Counter[str]] = []
    _same_release(
        demo,
        con,
        postgres,
        seed,
        lambda: taken.append(take_large_table_paths(monkeypatch, seed)),
        local=False,
    )
    assert taken[0]["projections"] and taken[0]["joined QIs"] and taken[0]["statements"], taken


def _same_release(
    demo: tuple[Path, dict[str, Any]],
    con: psycopg.Connection[Any],
    postgres: Server,
    seed: int,
    before_postgres: Callable[[], object] | None = None,
    local: bool | None = None,
) -> None:
    """anonymize on PostgreSQL equals anonymize on DuckDB: node, counts, metrics, verdicts and
    the published rows. ``before_postgres`` runs between the two;
    ``local`` chooses search_in (default: on odd seeds)."""
    folder, base = demo
    rng = random.Random(seed)
    rows = _rows(rng, seed)
    path = folder / f"people_{seed}.csv"
    with path.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    _load(con, f"src.people_{seed}", rows)
    mondrian = seed % 5 == 4
    criteria = [{"k-anonymity": {"k": rng.choice([2, 3, 5])}}, *rng.sample(MODELS + EXTRA, rng.randint(0, 3))]
    config = dict(
        base,
        source=path.name,
        output=f"out/release_{seed}.csv",
        criteria=criteria,
        search="mondrian" if mondrian else rng.choice(["optimal", "optimal", "incognito"]),
        # the data-dependent metrics rank minimal nodes by their classes (locally, with search_in)
        metric="gcp" if mondrian else rng.choice([base["metric"], "loss", "discernibility", "nu-entropy"]),
        suppression_limit=0 if mondrian else rng.choice([0, 0.02, 0.05]),
    )
    on_pg = dict(
        config,
        source={"table": f"src.people_{seed}"},
        output={"table": f"rel.release_{seed}"},
        engine=_engine(postgres),
        # odd seeds search in embedded DuckDB on a copy of the encoded tables (search_in: local)
        search_in="local" if (seed % 2 if local is None else local) and not mondrian else "engine",
    )
    try:
        want = api.anonymize(config, base_dir=folder)
    except InputError as err:  # data the models cannot apply to: the same error on both
        with pytest.raises(InputError) as got:
            api.anonymize(on_pg, base_dir=folder)
        assert type(got.value) is type(err)
        pytest.fail(f"the models could not apply: {err}")  # the random choices should avoid this
    if before_postgres:
        before_postgres()
    got = api.anonymize(on_pg, base_dir=folder)
    assert (got.passed, got.node, got.rows_in, got.rows_out, got.suppressed_rows) == (
        want.passed, want.node, want.rows_in, want.rows_out, want.suppressed_rows
    )  # fmt: skip
    assert got.metrics == pytest.approx(want.metrics, rel=1e-9, abs=1e-12)
    # a lattice search on a server says where it ran (Mondrian partitions in the engine)
    assert got.search.get("search_in") == (None if on_pg["search"] == "mondrian" else on_pg["search_in"])
    assert got.search.get("search_in_why", "") == ("" if mondrian else f"search_in: {on_pg['search_in']}")
    if before_postgres is None:  # the projections' search visits the lattice in another order
        assert got.search.get("nodes_checked") == want.search.get("nodes_checked")
    for g, w in zip(got.checks, want.checks, strict=True):
        assert (g["criterion"], g["passed"], g["violating_rows"]) == (
            w["criterion"],
            w["passed"],
            w["violating_rows"],
        )
    if want.passed:
        assert _published(con, f"rel.release_{seed}") == _csv_rows(folder / f"out/release_{seed}.csv")
    assert _leftovers(con) == []


def test_never_over_the_source(
    demo: tuple[Path, dict[str, Any]], con: psycopg.Connection[Any], postgres: Server
) -> None:
    folder, base = demo
    rows = _rows(random.Random(7), 7)
    _load(con, "src.people", rows)
    con.execute("CREATE OR REPLACE VIEW src.adults AS SELECT * FROM src.people WHERE age >= 18")
    engine = _engine(postgres)

    def run(source: Any, output: Any, overwrite: bool = True) -> None:
        api.anonymize(
            dict(base, source=source, output=output, overwrite=overwrite, engine=engine), base_dir=folder
        )

    for source, output, message in [
        ({"table": "src.people"}, {"table": "src.people"}, "is the source itself"),
        ({"table": "src.adults"}, {"table": "src.people"}, "may be what the source"),
        ({"table": "src.people"}, {"table": "src.adults"}, "is a view, not a table"),
    ]:
        with pytest.raises(InputError, match=message):
            run(source, output)
        assert con.execute("SELECT count(*) FROM src.people").fetchone() == (len(rows),)
    run({"table": "src.people"}, {"table": "rel.kept"})
    before = _published(con, "rel.kept")
    with pytest.raises(InputError, match="already exists; set overwrite: true"):
        run({"table": "src.people"}, {"table": "rel.kept"}, overwrite=False)
    assert _published(con, "rel.kept") == before
    con.execute("DROP TABLE IF EXISTS rel.child")
    con.execute("ALTER TABLE rel.kept ADD COLUMN id serial PRIMARY KEY")
    con.execute("CREATE TABLE rel.child (ref integer REFERENCES rel.kept (id))")
    with pytest.raises(InputError, match=r"referenced by a foreign key of 'rel\.child'"):
        run({"table": "src.people"}, {"table": "rel.kept"})
    con.execute("DROP TABLE rel.child")
    con.execute("DROP TABLE rel.kept")
    # no generalization satisfies the criteria (entropy l = the number of values needs them all
    # equally frequent): nothing is written, nothing is left
    report = api.anonymize(
        dict(base, source={"table": "src.people"}, output={"table": "rel.none"}, engine=engine,
             criteria=[{"l-diversity": {"variant": "entropy", "l": len({r["disease"] for r in rows}),
                                        "attribute": "disease"}}], suppression_limit=0),
        base_dir=folder,
    )  # fmt: skip
    assert not report.passed
    assert con.execute("SELECT to_regclass('rel.none')").fetchone() == (None,)
    assert _leftovers(con) == []


def test_overwrite_replaces_in_one_transaction(
    demo: tuple[Path, dict[str, Any]], con: psycopg.Connection[Any], postgres: Server
) -> None:
    folder, base = demo
    _load(con, "src.people", _rows(random.Random(3), 3))
    config = dict(
        base, source={"table": "src.people"}, output={"table": "rel.swap"}, engine=_engine(postgres)
    )
    api.anonymize(config, base_dir=folder)
    first = _published(con, "rel.swap")
    _load(con, "src.people", _rows(random.Random(4), 4))
    report = api.anonymize(config, base_dir=folder)
    assert report.passed and _published(con, "rel.swap") != first
    assert sum(_published(con, "rel.swap").values()) == report.rows_out
    assert _leftovers(con) == []


def test_publishing_needs_create_on_the_schema_only(
    demo: tuple[Path, dict[str, Any]], con: psycopg.Connection[Any], postgres: Server
) -> None:
    """A least-privilege user: SELECT on the source, CREATE on an existing output schema, no
    CREATE on the database; and PostgreSQL's own schema is a clear error, not a bug report."""
    folder, base = demo
    _load(con, "src.people", _rows(random.Random(5), 5))
    os.environ["SQLANON_TEST_BOB"] = "bob-pw"
    try:
        con.execute("DROP SCHEMA IF EXISTS bobout CASCADE")
        con.execute("DROP ROLE IF EXISTS bob")
        con.execute("CREATE ROLE bob LOGIN PASSWORD 'bob-pw'")
        con.execute("REVOKE CREATE ON DATABASE postgres FROM PUBLIC")
        con.execute("CREATE SCHEMA bobout")
        con.execute("GRANT USAGE, CREATE ON SCHEMA bobout TO bob")
        con.execute("GRANT USAGE ON SCHEMA src TO bob")
        con.execute("GRANT SELECT ON src.people TO bob")
        url = postgres.url.replace("sqlanon_test@", "bob@")
        engine = {"kind": "postgres", "url": url, "password_env": "SQLANON_TEST_BOB"}
        config = dict(base, source={"table": "src.people"}, output={"table": "bobout.rel"}, engine=engine)
        assert api.anonymize(config, base_dir=folder).passed
        assert api.anonymize(config, base_dir=folder).passed  # replaces its own table
        with pytest.raises(EngineError, match="CREATE on the output's schema") as err:
            api.anonymize(dict(config, output={"table": "elsewhere.rel"}), base_dir=folder)
        assert err.value.cause == "access"
        with pytest.raises(EngineError, match="may not do this"):
            api.anonymize(
                dict(config, output={"table": "pg_catalog.rel"}, engine=_engine(postgres)), base_dir=folder
            )
    finally:
        del os.environ["SQLANON_TEST_BOB"]
        con.execute("DROP SCHEMA IF EXISTS bobout CASCADE")
        con.execute("REVOKE ALL ON src.people FROM bob")
        con.execute("REVOKE ALL ON SCHEMA src FROM bob")
        con.execute("DROP ROLE IF EXISTS bob")
        con.execute("GRANT CREATE ON DATABASE postgres TO PUBLIC")
    assert _leftovers(con) == []


def test_search_in_local_copies_encoded_tables_only(
    demo: tuple[Path, dict[str, Any]], con: psycopg.Connection[Any], postgres: Server
) -> None:
    """``search_in: local`` copies the encoded tables exactly (every row, every type) into
    embedded DuckDB, and nothing of the row-level source (no value of the identifier column);
    the frequency table's counts add up to the rows."""
    from sqlanon.config import parse_config
    from sqlanon.encode import encode
    from sqlanon.encode.source import read_table
    from sqlanon.engines import open_engine
    from sqlanon.search.local import local_copy, search_tables

    folder, base = demo
    rows = generate_people(300, seed=41)
    for i, row in enumerate(rows):
        row["name"] = f"person-{i:04d}-unique"
    _load(con, "src.people_local", rows)
    config = parse_config(
        dict(
            base,
            source={"table": "src.people_local"},
            output={"table": "rel.local"},
            engine=_engine(postgres),
            criteria=[{"k-anonymity": {"k": 3}}, {"t-closeness": {"attribute": "disease", "t": 0.3}}],
            search_in="local",
        ),
        folder,
    )
    engine = open_engine(config.engine)
    try:
        encoded = encode(engine, config, read_table(engine, config.source))
        with local_copy(engine, encoded) as copy:
            assert set(copy.tables) == set(search_tables(encoded))
            assert encoded.source not in copy.tables
            assert not {q.dim.table for q in encoded.qis} & set(copy.tables)
            for name, count in copy.tables.items():
                here = copy.engine.fetchall(f'SELECT * FROM "{name}"')
                there = engine.fetchall(f'SELECT * FROM "{name}"')
                assert count == len(there) and Counter(here) == Counter(there), name
                assert copy.engine.columns(name) == engine.columns(name), name
                values = {str(v) for row in here for v in row}
                assert not values & {r["name"] for r in rows}, name
            (total,) = copy.engine.fetchone(f'SELECT SUM("n") FROM "{encoded.freq}"')
            assert total == len(rows)
    finally:
        engine.close()


def test_a_query_source_on_postgres_equals_duckdb_on_its_rows(
    demo: tuple[Path, dict[str, Any]], con: psycopg.Connection[Any], postgres: Server
) -> None:
    """``source: {query: ...}`` runs in the server as written: a join, a filter and an integer
    division (PostgreSQL's ``/`` of integers truncates, DuckDB's does not) in PostgreSQL's SQL
    give the node and the published rows DuckDB gives on the same rows as a file (computed in
    Python)."""
    folder, base = demo
    rng = random.Random(77)
    rows = _rows(rng, 77)
    _load(con, "src.people_q", rows)
    con.execute("DROP TABLE IF EXISTS src.excluded")
    con.execute("CREATE TABLE src.excluded (who text)")
    gone = set(rng.sample([r["name"] for r in rows], 15))
    con.cursor().executemany("INSERT INTO src.excluded VALUES (%s)", [(n,) for n in gone])
    kept = [dict(r, age=r["age"] // 7 * 7) for r in rows if r["name"] not in gone and r["age"] >= 25]
    with (folder / "kept_q.csv").open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(kept)
    query = (
        "SELECT p.name, p.zip, p.age / 7 * 7 AS age, p.sex, p.disease, p.salary "
        "FROM Src.People_Q AS p LEFT JOIN src.excluded AS x ON x.who = p.name "
        "WHERE x.who IS NULL AND p.age::int >= 25"
    )
    criteria = [
        {"k-anonymity": {"k": 3}},
        {"l-diversity": {"variant": "distinct", "l": 2, "attribute": "disease"}},
    ]
    want = api.anonymize(
        dict(base, source="kept_q.csv", output="out/kept_q.csv", criteria=criteria, suppression_limit=0.02),
        base_dir=folder,
    )
    got = api.anonymize(
        dict(base, source={"query": query}, output={"table": "rel.from_query"}, criteria=criteria,
             suppression_limit=0.02, engine=_engine(postgres), overwrite=True),
        base_dir=folder,
    )  # fmt: skip
    assert (got.passed, got.node, got.rows_in, got.rows_out) == (
        want.passed,
        want.node,
        len(kept),
        want.rows_out,
    )
    assert _published(con, "rel.from_query") == _csv_rows(folder / "out/kept_q.csv")
    assert _leftovers(con) == []


def test_apply_on_postgres_repeats_a_release(
    demo: tuple[Path, dict[str, Any]], con: psycopg.Connection[Any], postgres: Server, tmp_path: Path
) -> None:
    """``apply --from-report`` publishes the same rows into the server table; a node the data
    does not satisfy replaces nothing."""
    folder, base = demo
    _load(con, "src.people_a", _rows(random.Random(88), 88))
    config = dict(
        base, source={"table": "src.people_a"}, output={"table": "rel.release_a"}, engine=_engine(postgres),
        overwrite=True,
    )  # fmt: skip
    first = api.anonymize(config, base_dir=folder, report=tmp_path / "first.json")
    assert first.passed and first.node is not None
    published = _published(con, "rel.release_a")
    con.execute("DROP TABLE rel.release_a")
    again = api.apply(config, from_report=tmp_path / "first.json", base_dir=folder)
    assert (again.passed, again.node, again.rows_out) == (True, first.node, first.rows_out)
    assert _published(con, "rel.release_a") == published
    refused = api.apply(config, node=dict.fromkeys(first.node, 0), base_dir=folder)
    assert not refused.passed and "nothing was written" in refused.message
    assert _published(con, "rel.release_a") == published
    assert _leftovers(con) == []


def test_a_failing_apply_lists_duckdbs_violating_classes(
    demo: tuple[Path, dict[str, Any]], con: psycopg.Connection[Any], postgres: Server
) -> None:
    """apply --show-violations at a node the data fails: PostgreSQL lists DuckDB's classes and
    publishes nothing."""
    folder, base = demo
    rows = _rows(random.Random(41), 41)
    config, node, want = failing_apply_case(folder, base, rows)
    _load(con, "src.apply_violations", rows)
    on_pg = dict(
        config,
        source={"table": "src.apply_violations"},
        output={"table": "rel.apply_violations"},
        engine=_engine(postgres),
    )
    got = api.apply(on_pg, node=node, base_dir=folder, show_violations=10**6)
    assert not got.passed
    assert listed_violations(got) == listed_violations(want)
    (exists,) = con.execute("SELECT to_regclass('rel.apply_violations') IS NOT NULL").fetchone()  # type: ignore[misc]
    assert not exists
    assert _leftovers(con) == []


def test_never_over_a_table_the_source_query_reads(
    demo: tuple[Path, dict[str, Any]], con: psycopg.Connection[Any], postgres: Server
) -> None:
    folder, base = demo
    rows = _rows(random.Random(8), 8)
    _load(con, "src.people_q2", rows)
    con.execute("CREATE OR REPLACE VIEW src.adults_q2 AS SELECT * FROM src.people_q2 WHERE age >= 18")
    _load(con, "rel.existing_q2", rows)
    engine = _engine(postgres)

    def run(query: str, output: str) -> None:
        api.anonymize(
            dict(base, source={"query": query}, output={"table": output}, overwrite=True, engine=engine),
            base_dir=folder,
        )

    for query, output, message in [
        ("SELECT * FROM src.people_q2", "src.people_q2", "is a table the source query reads"),
        ("SELECT * FROM SRC.PEOPLE_Q2 WHERE age > 1", "src.people_q2", "is a table the source query reads"),
        (
            "WITH a AS (SELECT * FROM src.adults_q2) SELECT * FROM a",
            "src.people_q2",
            "the source query reads",
        ),
        ("SELECT * FROM src.people_q2 WHERE my_filter(age)", "rel.existing_q2", "calls a function or names"),
        ("SELECT * FROM src.nothing_here", "rel.existing_q2", "calls a function or names"),
    ]:
        with pytest.raises(InputError, match=message):
            run(query, output)
    assert con.execute("SELECT count(*) FROM src.people_q2").fetchone() == (len(rows),)
    assert con.execute("SELECT count(*) FROM rel.existing_q2").fetchone() == (len(rows),)
    with pytest.raises(ConfigError, match="contains DELETE, which writes"):
        run("WITH d AS (DELETE FROM src.people_q2 RETURNING *) SELECT * FROM d", "rel.new_q2")
    assert con.execute("SELECT count(*) FROM src.people_q2").fetchone() == (len(rows),)
    with pytest.raises(DataError, match=r"Cannot run the source query: .*my_missing_function"):
        run("SELECT * FROM src.people_q2 WHERE my_missing_function(age)", "rel.new_q2")
    assert _leftovers(con) == []
