"""Publishing into PostgreSQL, what only PostgreSQL has: a table a foreign key references is not
replaced, a least-privilege user publishes, ``search_in: local`` copies only the encoded tables,
and never over a table the source query reads (views, functions, statements that write). The
node and rows of ``anonymize`` and ``apply`` against DuckDB's, and never over the source, are in
test_conformance.py."""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Iterator

import pytest

from sqlanon import api
from sqlanon.demo import generate_people
from sqlanon.errors import ConfigError, DataError, EngineError, InputError
from tests.engines.conformance import RELEASE_COLUMNS, PostgresAdapter, as_text, people_rows
from tests.support.pgserver import Server


@pytest.fixture(scope="module")
def on(tmp_path_factory: pytest.TempPathFactory, postgres: Server) -> Iterator[PostgresAdapter]:
    adapter = PostgresAdapter(tmp_path_factory.mktemp("pgpublish"), postgres)
    try:
        yield adapter
    finally:
        adapter.close()


def test_a_table_a_foreign_key_references_is_not_replaced(on: PostgresAdapter) -> None:
    rows = people_rows(random.Random(7), 7)
    on.load("src.people_fk", rows)
    config = dict(on.on(on.base, source="src.people_fk", output="rel.kept_fk"), overwrite=True)
    assert api.anonymize(config, base_dir=on.folder).passed
    before = on.published("rel.kept_fk")
    on.con.execute("DROP TABLE IF EXISTS rel.child")
    on.con.execute("ALTER TABLE rel.kept_fk ADD COLUMN id serial PRIMARY KEY")
    on.con.execute("CREATE TABLE rel.child (ref integer REFERENCES rel.kept_fk (id))")
    with pytest.raises(InputError, match=r"referenced by a foreign key of 'rel\.child'"):
        api.anonymize(config, base_dir=on.folder)
    kept = on.con.execute(f"SELECT {', '.join(RELEASE_COLUMNS)} FROM rel.kept_fk").fetchall()
    assert as_text(kept) == before  # as it was
    on.con.execute("DROP TABLE rel.child")
    on.con.execute("DROP TABLE rel.kept_fk")
    assert on.leftovers() == []


def test_publishing_needs_create_on_the_schema_only(on: PostgresAdapter) -> None:
    """A least-privilege user: SELECT on the source, CREATE on an existing output schema, no
    CREATE on the database; and PostgreSQL's own schema is a clear error, not a bug report."""
    folder, base, con, postgres = on.folder, on.base, on.con, on.server
    on.load("src.people_bob", people_rows(random.Random(5), 5))
    os.environ["SQLANON_TEST_BOB"] = "bob-pw"
    try:
        con.execute("DROP SCHEMA IF EXISTS bobout CASCADE")
        con.execute("DROP ROLE IF EXISTS bob")
        con.execute("CREATE ROLE bob LOGIN PASSWORD 'bob-pw'")
        con.execute("REVOKE CREATE ON DATABASE postgres FROM PUBLIC")
        con.execute("CREATE SCHEMA bobout")
        con.execute("GRANT USAGE, CREATE ON SCHEMA bobout TO bob")
        con.execute("GRANT USAGE ON SCHEMA src TO bob")
        con.execute("GRANT SELECT ON src.people_bob TO bob")
        url = postgres.url.replace("sqlanon_test@", "bob@")
        engine = {"kind": "postgres", "url": url, "password_env": "SQLANON_TEST_BOB"}
        config = dict(base, source={"table": "src.people_bob"}, output={"table": "bobout.rel"}, engine=engine)
        assert api.anonymize(config, base_dir=folder).passed
        assert api.anonymize(config, base_dir=folder).passed  # replaces its own table
        with pytest.raises(EngineError, match="CREATE on the output's schema") as err:
            api.anonymize(dict(config, output={"table": "elsewhere.rel"}), base_dir=folder)
        assert err.value.cause == "access"
        with pytest.raises(EngineError, match="may not do this"):
            api.anonymize(
                dict(config, output={"table": "pg_catalog.rel"}, engine=on.engine()), base_dir=folder
            )
    finally:
        del os.environ["SQLANON_TEST_BOB"]
        con.execute("DROP SCHEMA IF EXISTS bobout CASCADE")
        con.execute("REVOKE ALL ON src.people_bob FROM bob")
        con.execute("REVOKE ALL ON SCHEMA src FROM bob")
        con.execute("DROP ROLE IF EXISTS bob")
        con.execute("GRANT CREATE ON DATABASE postgres TO PUBLIC")
    assert on.leftovers() == []


def test_search_in_local_copies_encoded_tables_only(on: PostgresAdapter) -> None:
    """``search_in: local`` copies the encoded tables exactly (every row, every type) into
    embedded DuckDB, and nothing of the row-level source (no value of the identifier column);
    the frequency table's counts add up to the rows."""
    from sqlanon.config import parse_config
    from sqlanon.encode import encode
    from sqlanon.encode.source import read_table
    from sqlanon.engines import open_engine
    from sqlanon.search.local import local_copy, search_tables

    folder, base = on.folder, on.base
    rows = generate_people(300, seed=41)
    for i, row in enumerate(rows):
        row["name"] = f"person-{i:04d}-unique"
    on.load("src.people_local", rows)
    config = parse_config(
        dict(
            base,
            source={"table": "src.people_local"},
            output={"table": "rel.local"},
            engine=on.engine(),
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


def test_never_over_a_table_the_source_query_reads(on: PostgresAdapter) -> None:
    folder, base, con = on.folder, on.base, on.con
    rows = people_rows(random.Random(8), 8)
    on.load("src.people_q2", rows)
    con.execute("CREATE OR REPLACE VIEW src.adults_q2 AS SELECT * FROM src.people_q2 WHERE age >= 18")
    on.load("rel.existing_q2", rows)
    engine = on.engine()

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
    assert on.leftovers() == []
