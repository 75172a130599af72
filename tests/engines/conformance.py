"""What the engine conformance tests (``test_conformance.py``) need of an engine, one adapter
per engine kind of ``sqlanon.engines.KINDS``: load rows into a table of the engine, read a
published table as a multiset of rows, list the tables sqlanon left behind, the ``engine:`` of a
configuration and the source or output that names a table, and a caller's open connection for
the Python API's ``connection=``. A later engine adds its adapter to ``ADAPTERS`` (the tests of
a kind without one fail).

DuckDB's adapter keeps its tables in DuckDB database files (``{database: file.duckdb, table:
schema.name}``, a file per schema), so that DuckDB runs the tests too: its table path against
the CSV file every test compares with.

The random rows and models the tests (and the tests of other packages) draw from live here too.
"""

from __future__ import annotations

import csv
import os
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar

import yaml

from sqlanon.demo import generate_people, write_demo

#: the columns of the people tables the tests load, with their types (PostgreSQL's names; every
#: adapter maps them to its engine's)
TYPES = {
    "name": "text",
    "zip": "text",
    "age": "integer",
    "sex": "text",
    "disease": "text",
    "salary": "integer",
    "who": "text",
}
COLUMNS = ["name", "zip", "age", "sex", "disease", "salary"]
#: the columns of the tables the gate (``check``) tests read: the demo's without the identifier
CHECK_COLUMNS = ["zip", "age", "sex", "disease", "salary"]
#: the columns of a release of the demo's anonymize configuration, in their order
RELEASE_COLUMNS = CHECK_COLUMNS
#: models beyond tests/engines/test_snapshots.py's MODELS: the demo's own (recursive l,
#: hierarchical and ordered t) and k alone
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

#: the random one-to-many tables (tests/support/randomdata.py's random_people_case) of the
#: ``person:`` tests, the first FAST in the quick suite (quasi-identifiers that vary per person:
#: check's odd seeds, anonymize's seeds of 2 modulo 3; the cases below were chosen with constant
#: ones). check: classes of 1 person on two QIs,
#: a pass on one QI, failures on three QIs, 1 class failing on one QI, a smallest class of 2;
#: anonymize: three QIs generalized with people suppressed (searched in embedded DuckDB, then in
#: the engine), two QIs generalized without suppression, people suppressed on one QI (at its
#: bottom, then generalized), at the bottom node of three QIs, every QI generalized
PERSON_CHECK_SEEDS = [0, 1, 5, 6, 21, 28]
PERSON_ANONYMIZE_SEEDS = [5, 6, 0, 3, 14, 26, 17]
#: (n,t)-closeness beside k over people whose quasi-identifiers vary (its natural supersets
#: formed from the people's sets of tuples: arrays, numbered tuples), in place of random models
#: (103: two quasi-identifiers, failing at the bottom and passing generalized)
PERSON_NT_SEEDS = (103, 101)
#: the sensitive-value models over people (tests/pipeline/test_people.py's random models), check
#: and anonymize on one random one-to-many table each (with the pool as it is: smoothed-js on
#: 0 and 2, dissimilarity on 7, (n,t)-closeness on 6 (constant quasi-identifiers) and
#: PERSON_NT_SEEDS (varying))
PERSON_VALUES_SEEDS = [0, 1, 2, 3, 6, 7, *PERSON_NT_SEEDS]
#: the audit over people (tests/pipeline/test_audit_people.py's random cases; odd seeds: people's
#: quasi-identifiers vary): two nodes suppressing people (constant, then varying), one node
#: suppressing people (constant, varying), two nodes (constant), every attack (varying), no node
PERSON_AUDIT_SEEDS = [10, 43, 6, 7, 18, 1, 14]
#: several sensitive columns over people (tests/pipeline/test_people_multi.py's random cases and
#: models; odd seeds: people's quasi-identifiers vary): check, anonymize and audit
PERSON_MULTI_SEEDS = [0, 1, 2, 3]
#: the models over several sensitive columns at once over people
#: (tests/pipeline/test_people_multiattr.py's random cases): multi-attribute l-diversity with
#: varying quasi-identifiers (seed 2), variational dissimilarity with constant ones (seed 1)
PERSON_AT_ONCE_SEEDS = [2, 1]


def check_rows(seed: int) -> list[dict[str, Any]]:
    """Coarse random rows of CHECK_COLUMNS (few distinct quasi-identifier values, so classes
    hold several rows), with NULLs in a quasi-identifier."""
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


def people_rows(rng: random.Random, seed: int) -> list[dict[str, Any]]:
    """A random people table of COLUMNS, 60 to 300 rows."""
    return generate_people(rng.randint(60, 300), seed=seed)


def as_text(rows: Iterable[Iterable[Any]]) -> Counter[tuple[str, ...]]:
    """Rows as a multiset of text tuples (NULL as ""), as a CSV release reads."""
    return Counter(tuple("" if v is None else str(v) for v in row) for row in rows)


def write_csv(path: Path, rows: Sequence[Mapping[str, Any]], columns: Sequence[str] = COLUMNS) -> None:
    with path.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(columns))
        writer.writeheader()
        writer.writerows({c: r[c] for c in columns} for r in rows)


def type_of(column: str) -> str:
    """A column's type: TYPES', else text (the random people tables of ``person:``, whose
    columns are all text)."""
    return TYPES.get(column, "text")


def quoted(name: str) -> str:
    """``name`` as a double-quoted identifier (the person tables' column names hold quotes and
    spaces)."""
    return '"' + name.replace('"', '""') + '"'


class Adapter:
    """How the conformance tests reach one engine kind. ``folder`` holds the demo's files (its
    hierarchies) and the CSV files the tests compare with; ``base`` is the demo's anonymize
    configuration and ``check`` its check configuration without the identifier column.

    Table names are ``schema.name`` (schemas src, rel, gate and conn), as the configuration
    writes them."""

    kind: ClassVar[str]
    #: the fixture of tests/conftest.py that runs the engine (None: none is needed); its name is
    #: in the fixture closure of the tests on this engine (the xdist group and markers read it)
    fixture: ClassVar[str | None] = None
    #: an embedded engine: the lattice search runs in it, and the report says nothing of where
    embedded: ClassVar[bool] = False
    #: whether the engine finds a table named in another case (Spark, DuckDB; PostgreSQL's
    #: names are quoted, so case matters)
    folds_case: ClassVar[bool] = True
    #: the random cases each seeded test runs on this engine, by test name
    seeds: ClassVar[Mapping[str, Sequence[int]]]
    #: the cases of the test on a caller's connection, by seed: the source (a table of the
    #: connection, a relation or DataFrame of it, or a temporary view named as a table) and
    #: whether the release is returned (else written into a table of the connection)
    connection_cases: ClassVar[Mapping[int, tuple[str, bool]]]
    #: how the engine refuses to write over its source: the output is the source table itself,
    #: the source is a view of the output table, the output is a view; and an existing output
    #: without overwrite: true (regular expressions)
    refusals: ClassVar[Mapping[str, str]]
    #: the query source of the query test, in the engine's SQL: the rows of src.people_q whose
    #: name is not in src.excluded and whose age is at least 25, the age rounded down to a
    #: multiple of 7 by an integer division
    query: str

    def __init__(self, folder: Path, server: Any) -> None:
        self.folder = folder
        self.server = server
        anonymize_yaml, check_yaml = write_demo(folder, rows=10)
        self.base: dict[str, Any] = yaml.safe_load(anonymize_yaml.read_text())
        self.check: dict[str, Any] = yaml.safe_load(check_yaml.read_text())
        self.check["columns"].pop("name")

    def close(self) -> None:
        pass

    # -- the configuration ------------------------------------------------------------------

    def engine(self) -> dict[str, Any] | None:
        """The configuration's ``engine:`` (None: left out)."""
        raise NotImplementedError

    def ref(self, table: str) -> Any:
        """The source or output that names ``table``."""
        return {"table": table}

    def described(self, table: str) -> str:
        """How messages name ``table`` as a source."""
        return f"table {table!r} of the engine's database"

    def on(self, config: Mapping[str, Any], source: Any = None, output: Any = None) -> dict[str, Any]:
        """``config`` run on this engine: its ``engine:``, and a table (a name) or any other
        source (a query) and output table in place of its files."""
        out = dict(config)
        engine = self.engine()
        if engine is not None:
            out["engine"] = engine
        if source is not None:
            out["source"] = self.ref(source) if isinstance(source, str) else source
        if output is not None:
            out["output"] = self.ref(output)
        return out

    # -- the engine's tables ----------------------------------------------------------------

    def load(self, table: str, rows: Sequence[Mapping[str, Any]], columns: Sequence[str] = COLUMNS) -> None:
        """(Re)create ``table`` holding ``rows`` (its ``columns``, typed as TYPES says)."""
        raise NotImplementedError

    def create_view(self, view: str, select: str) -> None:
        """(Re)create the view ``view`` as ``select`` (SQL every engine reads alike)."""
        raise NotImplementedError

    def drop(self, table: str) -> None:
        raise NotImplementedError

    def count(self, table: str) -> int:
        raise NotImplementedError

    def exists(self, table: str) -> bool:
        raise NotImplementedError

    def published(self, table: str) -> Counter[tuple[str, ...]]:
        """The rows of ``table`` as a multiset of text tuples (NULL as ""), as a CSV reads."""
        raise NotImplementedError

    def leftovers(self) -> list[str]:
        """What sqlanon's runs left in the engine: its staged and set-aside tables."""
        raise NotImplementedError

    # -- a caller's connection ------------------------------------------------------------

    @contextmanager
    def lent(self) -> Iterator[Any]:
        """A connection as a caller lends it (in a state of the caller's: :meth:`state`)."""
        raise NotImplementedError
        yield

    def state(self, con: Any) -> Any:
        """What of the connection's state a run must give back as it found it."""
        raise NotImplementedError

    def source_on(self, con: Any, how: str, table: str) -> Any:
        """The source of a run on ``con`` reading ``table``: ``how`` is "table" (the table
        named), "relation" (a relation or DataFrame of the connection) or "view" (a temporary
        view of the connection, named as a table)."""
        raise NotImplementedError

    def returned(self, con: Any, got: Any, before: Any) -> Counter[tuple[str, ...]]:
        """The rows of the release a run on ``con`` returned (checking what it is and how the
        report names it; ``before``: the connection's :meth:`state` before the run); the
        connection then holds no more of it than before the run."""
        raise NotImplementedError

    def rows_on(self, con: Any, table: str) -> Counter[tuple[str, ...]]:
        """The rows of the release written into ``table`` of ``con``."""
        raise NotImplementedError

    def connection_config(self, config: dict[str, Any]) -> dict[str, Any]:
        """The configuration of the test on a caller's connection (Spark: a cheaper one)."""
        return config

    def done_with(self, con: Any, how: str) -> None:
        """Drop what :meth:`source_on` made on ``con``."""


def _split(table: str) -> tuple[str, str]:
    schema, name = table.split(".")
    return schema, name


class DuckDBAdapter(Adapter):
    """Tables in DuckDB database files: schema ``s`` in ``db/tables_s.duckdb`` (a query source
    reads the source's file with read_duckdb, which cannot open a file the run has attached
    for its output: the output is in another file)."""

    kind = "duckdb"
    embedded = True
    #: the same engine as the reference's (only where the tables live differs: database files,
    #: not the CSV files): the first seeds of each list, and the varying-people cases
    seeds: ClassVar[Mapping[str, Sequence[int]]] = {
        "test_check_equals_duckdb": range(4),
        "test_anonymize_equals_duckdb": range(4),
        "test_large_table_paths_equal_duckdb": [10],
        "test_check_with_person_equals_duckdb": PERSON_CHECK_SEEDS[:2],
        "test_anonymize_with_person_equals_duckdb": PERSON_ANONYMIZE_SEEDS[:3],
        "test_person_values_equal_duckdb": [0, 2, PERSON_NT_SEEDS[0]],
        "test_audit_with_person_equals_duckdb": PERSON_AUDIT_SEEDS[:2],
        "test_person_multi_equals_duckdb": PERSON_MULTI_SEEDS[:2],
        "test_person_at_once_equals_duckdb": PERSON_AT_ONCE_SEEDS,
    }
    connection_cases: ClassVar[Mapping[int, tuple[str, bool]]] = {
        0: ("table", True),
        1: ("relation", True),
        2: ("table", False),
        3: ("view", False),
    }
    refusals: ClassVar[Mapping[str, str]] = {
        "itself": "is the source table or a table the source reads",
        "view source": "is the source table or a table the source reads",
        "view output": r"is a view \('src\.adults'\), not a table",
        "exists": r"already exists in '.*'; set overwrite: true",
    }
    query = (
        "SELECT p.name, p.zip, p.age // 7 * 7 AS age, p.sex, p.disease, p.salary "
        "FROM read_duckdb('{src}', table_name = 'People_Q', schema_name = 'Src') AS p "
        "LEFT JOIN read_duckdb('{src}', table_name = 'excluded', schema_name = 'src') AS x ON x.who = p.name "
        "WHERE x.who IS NULL AND CAST(p.age AS INTEGER) >= 25"
    )

    def __init__(self, folder: Path, server: Any) -> None:
        super().__init__(folder, server)
        (folder / "db").mkdir()
        self.query = self.query.format(src=self.file("src"))

    def file(self, schema: str) -> Path:
        return self.folder / "db" / f"tables_{schema.lower()}.duckdb"

    def engine(self) -> dict[str, Any] | None:
        return None

    def ref(self, table: str) -> Any:
        schema, _ = _split(table)
        return {"database": str(self.file(schema).relative_to(self.folder)), "table": table}

    def described(self, table: str) -> str:
        return f"table {table!r} in {self.file(_split(table)[0])}"

    @contextmanager
    def _connect(self, schema: str) -> Iterator[Any]:
        import duckdb

        con = duckdb.connect(str(self.file(schema)))
        try:
            con.execute(f'CREATE SCHEMA IF NOT EXISTS "{schema}"')
            yield con
        finally:
            con.close()

    def load(self, table: str, rows: Sequence[Mapping[str, Any]], columns: Sequence[str] = COLUMNS) -> None:
        schema, name = _split(table)
        types = {"text": "VARCHAR", "integer": "INTEGER"}
        defs = ", ".join(f"{quoted(c)} {types[type_of(c)]}" for c in columns)
        with self._connect(schema) as con:
            con.execute(f'CREATE OR REPLACE TABLE "{schema}"."{name}" ({defs})')
            marks = ", ".join("?" for _ in columns)
            con.executemany(
                f'INSERT INTO "{schema}"."{name}" VALUES ({marks})', [[r[c] for c in columns] for r in rows]
            )

    def create_view(self, view: str, select: str) -> None:
        with self._connect(_split(view)[0]) as con:
            con.execute(f"CREATE OR REPLACE VIEW {view} AS {select}")

    def drop(self, table: str) -> None:
        with self._connect(_split(table)[0]) as con:
            con.execute(f"DROP TABLE {table}")

    def count(self, table: str) -> int:
        with self._connect(_split(table)[0]) as con:
            (n,) = con.execute(f"SELECT count(*) FROM {table}").fetchone()
        return int(n)

    def exists(self, table: str) -> bool:
        schema, name = _split(table)
        if not self.file(schema).exists():
            return False
        with self._connect(schema) as con:
            found = con.execute(
                "SELECT count(*) FROM duckdb_tables() WHERE database_name = current_database() "
                "AND schema_name = ? AND table_name = ?",
                [schema, name],
            ).fetchone()
        return found == (1,)

    def published(self, table: str) -> Counter[tuple[str, ...]]:
        with self._connect(_split(table)[0]) as con:
            return as_text(con.execute(f"SELECT * FROM {table}").fetchall())

    def leftovers(self) -> list[str]:
        """Tables named __sqlanon... in the database files, and files and folders a run
        staged beside them."""
        import duckdb

        found = [p.name for p in (self.folder / "db").iterdir() if ".sqlanon" in p.name]
        for path in sorted((self.folder / "db").glob("tables_*.duckdb")):
            con = duckdb.connect(str(path))
            try:
                names = con.execute(
                    "SELECT schema_name || '.' || table_name FROM duckdb_tables() "
                    "WHERE table_name LIKE '\\_\\_sqlanon%' ESCAPE '\\'"
                ).fetchall()
            finally:
                con.close()
            found += [f"{path.name}: {n}" for (n,) in names]
        return found

    @contextmanager
    def lent(self) -> Iterator[Any]:
        """A connection to the database file of schema conn, with one thread."""
        import duckdb

        with self._connect("conn"):
            pass
        con = duckdb.connect(str(self.file("conn")))
        con.execute("SET threads = 1")
        try:
            yield con
        finally:
            con.close()

    def state(self, con: Any) -> Any:
        """Its temporary relations, attached databases and the settings a run changes."""
        from tests.api.test_connection import catalog_state

        relations, databases, settings = catalog_state(con)
        return [r for r in relations if r[0] == "temp"], databases, settings

    def source_on(self, con: Any, how: str, table: str) -> Any:
        if how == "relation":
            return con.sql(f"SELECT * FROM {table}")
        if how == "view":
            con.execute(f"CREATE OR REPLACE TEMP VIEW people_view AS SELECT * FROM {table}")
            return {"table": "people_view"}
        return {"table": table}

    def done_with(self, con: Any, how: str) -> None:
        if how == "view":
            con.execute("DROP VIEW people_view")

    def returned(self, con: Any, got: Any, before: Any) -> Counter[tuple[str, ...]]:
        """A relation of the release, a new temp table of the connection (dropped here)."""
        import duckdb

        assert isinstance(got.release, duckdb.DuckDBPyRelation)
        new = sorted(set(self.state(con)[0]) - set(before[0]))
        assert [r[2] for r in new] == [got.release.alias] and new[0][0] == "temp", new
        assert got.output == f"temporary table {got.release.alias!r} of the connection"
        rows = as_text(got.release.fetchall())
        con.execute(f'DROP TABLE temp.main."{got.release.alias}"')
        return rows

    def rows_on(self, con: Any, table: str) -> Counter[tuple[str, ...]]:
        return as_text(con.execute(f"SELECT {', '.join(RELEASE_COLUMNS)} FROM {table}").fetchall())


class PostgresAdapter(Adapter):
    """Tables of the test run's PostgreSQL server (tests/support/pgserver.py)."""

    kind = "postgres"
    fixture = "postgres"
    folds_case = False
    seeds: ClassVar[Mapping[str, Sequence[int]]] = {
        "test_check_equals_duckdb": range(8),
        "test_anonymize_equals_duckdb": range(6),
        "test_large_table_paths_equal_duckdb": [10, 11, 12],  # lattice searches, one per variant
        "test_check_with_person_equals_duckdb": PERSON_CHECK_SEEDS,
        "test_anonymize_with_person_equals_duckdb": PERSON_ANONYMIZE_SEEDS,
        "test_person_values_equal_duckdb": PERSON_VALUES_SEEDS,
        "test_audit_with_person_equals_duckdb": PERSON_AUDIT_SEEDS,
        "test_person_multi_equals_duckdb": PERSON_MULTI_SEEDS,
        "test_person_at_once_equals_duckdb": PERSON_AT_ONCE_SEEDS,
    }
    #: seed 0: the release returned (a temp table of the caller's session, by name); seed 2:
    #: written into a table of the server
    connection_cases: ClassVar[Mapping[int, tuple[str, bool]]] = {0: ("table", True), 2: ("table", False)}
    refusals: ClassVar[Mapping[str, str]] = {
        "itself": "is the source itself",
        "view source": "may be what the source",
        "view output": "is a view, not a table",
        "exists": "already exists; set overwrite: true",
    }
    # PostgreSQL's / of integers truncates (DuckDB's does not); names fold to lower case
    query = (
        "SELECT p.name, p.zip, p.age / 7 * 7 AS age, p.sex, p.disease, p.salary "
        "FROM Src.People_Q AS p LEFT JOIN src.excluded AS x ON x.who = p.name "
        "WHERE x.who IS NULL AND p.age::int >= 25"
    )

    def __init__(self, folder: Path, server: Any) -> None:
        import psycopg

        super().__init__(folder, server)
        self.con = psycopg.connect(server.url, password=os.environ[server.password_env], autocommit=True)
        for schema in ("src", "rel", "gate", "conn"):
            self.con.execute(f"CREATE SCHEMA IF NOT EXISTS {schema}")

    def close(self) -> None:
        self.con.close()

    def engine(self) -> dict[str, Any] | None:
        return {"kind": "postgres", "url": self.server.url, "password_env": self.server.password_env}

    def load(self, table: str, rows: Sequence[Mapping[str, Any]], columns: Sequence[str] = COLUMNS) -> None:
        from tests.support import pgserver

        schema, name = _split(table)
        pgserver.load(
            self.con,
            schema,
            name,
            [(c, type_of(c)) for c in columns],
            ([r[c] for c in columns] for r in rows),
        )

    def create_view(self, view: str, select: str) -> None:
        self.con.execute(f"CREATE OR REPLACE VIEW {view} AS {select}")

    def drop(self, table: str) -> None:
        self.con.execute(f"DROP TABLE {table}")

    def count(self, table: str) -> int:
        (n,) = self.con.execute(f"SELECT count(*) FROM {table}").fetchone()
        return int(n)

    def exists(self, table: str) -> bool:
        (found,) = self.con.execute("SELECT to_regclass(%s) IS NOT NULL", (table,)).fetchone()
        return bool(found)

    def published(self, table: str) -> Counter[tuple[str, ...]]:
        return as_text(self.con.execute(f"SELECT * FROM {table}").fetchall())

    def leftovers(self) -> list[str]:
        found = self.con.execute(
            "SELECT relname FROM pg_class WHERE relname LIKE '\\_\\_sqlanon%' AND relpersistence = 'p'"
        )
        return [r[0] for r in found.fetchall()]

    @contextmanager
    def lent(self) -> Iterator[Any]:
        """A connection as psycopg makes it by default (not autocommit), with rows as dicts."""
        import psycopg
        from psycopg.rows import dict_row

        con = psycopg.connect(
            self.server.url, password=os.environ[self.server.password_env], row_factory=dict_row
        )
        try:
            yield con
        finally:
            con.close()

    @staticmethod
    def state(con: Any) -> Any:
        """Settings a run changes, its temp tables and functions, autocommit and row factory."""
        with con.cursor() as cursor:
            cursor.execute(
                "SELECT current_setting('enable_nestloop') AS nestloop, current_setting('jit') AS jit, "
                "(SELECT count(*) FROM pg_class WHERE relnamespace = pg_my_temp_schema() AND relname LIKE '\\_\\_sqlanon%') "
                "AS temps, (SELECT count(*) FROM pg_proc WHERE pronamespace = pg_my_temp_schema()) AS functions"
            )
            state = dict(cursor.fetchone())
        con.rollback()
        return state | {"autocommit": con.autocommit, "row_factory": con.row_factory}

    def source_on(self, con: Any, how: str, table: str) -> Any:
        assert how == "table", how
        return {"table": table}

    def returned(self, con: Any, got: Any, before: Any) -> Counter[tuple[str, ...]]:
        """A temp table of the caller's session, by name (left there: it is the caller's)."""
        assert isinstance(got.release, str) and got.release.startswith("sqlanon_release_")
        return self.rows_on(con, got.release)

    def rows_on(self, con: Any, table: str) -> Counter[tuple[str, ...]]:
        with con.cursor() as cursor:
            cursor.execute(f"SELECT {', '.join(RELEASE_COLUMNS)} FROM {table}")
            return as_text(tuple(r.values()) for r in cursor.fetchall())


class SparkAdapter(Adapter):
    """Tables of the test run's Spark session (local mode, its warehouse in a temporary
    folder). Spark jobs are slow: fewer random cases than the other engines."""

    kind = "spark"
    fixture = "spark"
    seeds: ClassVar[Mapping[str, Sequence[int]]] = {
        # four seeds whose gates hold two to four models (the test of every model holds them all)
        "test_check_equals_duckdb": [1, 7, 9, 11],
        # incognito with search_in: local, Mondrian, incognito in the engine (each with a model
        # beside k)
        "test_anonymize_equals_duckdb": [3, 14, 20],
        # the optimal search in the engine, one variant of take_large_table_paths
        "test_large_table_paths_equal_duckdb": [2],
        # with person (Spark's statements set the suite's length: one case of each path): a
        # check of people whose quasi-identifiers vary (classes of sets, listed); a release of
        # such people searched in Spark; (n,t)-closeness beside k over people whose
        # quasi-identifiers vary (its natural supersets formed from their sets of tuples are the
        # most engine-specific SQL). The other cases run on DuckDB and PostgreSQL.
        "test_check_with_person_equals_duckdb": [1],
        "test_anonymize_with_person_equals_duckdb": [14],
        "test_person_values_equal_duckdb": [PERSON_NT_SEEDS[0]],
        # the audit over people of constant quasi-identifiers, two nodes suppressing people
        "test_audit_with_person_equals_duckdb": [10],
        # several sensitive columns over people, constant quasi-identifiers
        "test_person_multi_equals_duckdb": [0],
        # the models over several columns at once over people: multi-attribute l-diversity over
        # people whose quasi-identifiers vary (variational dissimilarity's statement over people
        # runs on Spark in tests/compile/test_people_multi.py)
        "test_person_at_once_equals_duckdb": [2],
    }
    #: seed 1: a DataFrame source, the release returned as a DataFrame; seed 3: a temp view of
    #: the session named as the source, the release written into a table
    connection_cases: ClassVar[Mapping[int, tuple[str, bool]]] = {1: ("relation", True), 3: ("view", False)}
    refusals: ClassVar[Mapping[str, str]] = PostgresAdapter.refusals
    # Spark's / divides as doubles: div is its integer division
    query = (
        "SELECT p.name, p.zip, p.age div 7 * 7 AS age, p.sex, p.disease, p.salary "
        "FROM Src.People_Q AS p LEFT JOIN src.excluded AS x ON x.who = p.name "
        "WHERE x.who IS NULL AND CAST(p.age AS INT) >= 25"
    )
    #: the session settings a caller may have set otherwise than sqlanon runs (given back)
    SETTINGS: ClassVar[Mapping[str, str]] = {
        "spark.sql.ansi.enabled": "false",
        "spark.sql.session.timeZone": "Europe/Paris",
        "spark.sql.constraintPropagation.enabled": "true",
    }

    #: the databases the tests' tables are in
    SCHEMAS = ("src", "rel", "gate", "conn")

    def __init__(self, folder: Path, server: Any) -> None:
        super().__init__(folder, server)
        for schema in self.SCHEMAS:
            server.sql(f"CREATE DATABASE IF NOT EXISTS {schema}")

    def close(self) -> None:
        """Drop the databases with their tables: the Spark Connect tests' adapter
        (test_spark_connect.py) shares this session's catalog (its server is the session's
        plugin), and a table one left (``conn.release``) would be an output that exists for
        the other."""
        for schema in self.SCHEMAS:
            self.server.sql(f"DROP DATABASE IF EXISTS {schema} CASCADE")

    def engine(self) -> dict[str, Any] | None:
        return {"kind": "spark"}

    def load(self, table: str, rows: Sequence[Mapping[str, Any]], columns: Sequence[str] = COLUMNS) -> None:
        self.frame(self.server, rows, columns).write.mode("overwrite").saveAsTable(table)

    @staticmethod
    def frame(session: Any, rows: Sequence[Mapping[str, Any]], columns: Sequence[str] = COLUMNS) -> Any:
        from pyspark.sql.types import IntegerType, StringType, StructField, StructType

        # a schema of fields, not DDL text: the person tables' column names hold quotes and spaces
        types = {"text": StringType(), "integer": IntegerType()}
        schema = StructType([StructField(c, types[type_of(c)]) for c in columns])
        return session.createDataFrame([tuple(r[c] for c in columns) for r in rows], schema)

    def create_view(self, view: str, select: str) -> None:
        self.server.sql(f"CREATE OR REPLACE VIEW {view} AS {select}")

    def drop(self, table: str) -> None:
        self.server.sql(f"DROP TABLE {table}")

    def count(self, table: str) -> int:
        return int(self.server.table(table).count())

    def exists(self, table: str) -> bool:
        return bool(self.server.catalog.tableExists(table))

    def published(self, table: str) -> Counter[tuple[str, ...]]:
        self.server.catalog.refreshTable(table)  # the session may have listed a replaced table's files
        return as_text(self.server.table(table).collect())

    def leftovers(self) -> list[str]:
        names = []
        for schema in ("src", "rel", "gate", "conn", "default"):
            names += [
                f"{schema}.{r.tableName}" for r in self.server.sql(f"SHOW TABLES IN {schema}").collect()
            ]
        return [n for n in names if "__sqlanon" in n]

    @contextmanager
    def lent(self) -> Iterator[Any]:
        """The session, with SETTINGS set as a caller may have them (set back afterwards)."""
        spark = self.server
        previous = {key: spark.conf.get(key) for key in self.SETTINGS}
        for key, value in self.SETTINGS.items():
            spark.conf.set(key, value)
        try:
            yield spark
        finally:
            for key, value in previous.items():
                spark.conf.set(key, value)

    def state(self, con: Any) -> Any:
        """SETTINGS' values and the session's temp views."""
        views = {t.name for t in con.catalog.listTables() if t.isTemporary}
        return {key: con.conf.get(key) for key in self.SETTINGS}, views

    def source_on(self, con: Any, how: str, table: str) -> Any:
        if how == "relation":
            return con.table(table)
        assert how == "view", how
        con.table(table).createOrReplaceTempView("people_view")
        return {"table": "people_view"}

    def done_with(self, con: Any, how: str) -> None:
        if how == "view":
            con.catalog.dropTempView("people_view")

    def returned(self, con: Any, got: Any, before: Any) -> Counter[tuple[str, ...]]:
        """A DataFrame, which is also the temp view the report names (dropped here)."""
        rows = got.release.collect()
        assert got.release.columns == RELEASE_COLUMNS
        (name,) = self.state(con)[1] - before[1]
        assert got.output == f"temporary table {name!r} of the connection"
        assert as_text(con.table(name).collect()) == as_text(rows)
        con.catalog.dropTempView(name)
        return as_text(rows)

    def rows_on(self, con: Any, table: str) -> Counter[tuple[str, ...]]:
        con.catalog.refreshTable(table)
        return as_text(con.table(table).select(*RELEASE_COLUMNS).collect())

    def connection_config(self, config: dict[str, Any]) -> dict[str, Any]:
        """One model, the optimal search and the precision metric: the models are compared with
        DuckDB's in the other tests; this one is about what a session is lent for."""
        return config | {"criteria": config["criteria"][:1], "search": "optimal", "metric": "precision"}


#: the adapter of each engine kind (a kind of sqlanon.engines.KINDS without one fails its tests)
ADAPTERS: dict[str, type[Adapter]] = {
    "duckdb": DuckDBAdapter,
    "postgres": PostgresAdapter,
    "spark": SparkAdapter,
}
