"""Never over what a query on the source reads (issue 34, item 1), on every engine.

A table that reading the source reads is never an output, whatever makes the source read it:
a partition or an inheritance child (PostgreSQL, either way round: the output may not hold the
source either), a table under a view, a table a rule or a row security policy of the source
names, a foreign table's remote table, a trigger's or a view's function (these three not
followable: no existing table is replaced); on Spark a table whose folder holds the source's
folder or lies in it (a partition path), or a database whose folder lies in the source's; on a
caller's DuckDB connection a table a view reads through views of other schemas or attached
databases. Each run is refused before any work, exit 2, naming the relation and why, and
the source keeps every row. Whatever the source, a PostgreSQL output is never in a partition or
inheritance tree (publishing by renames would take it out of the tree).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import duckdb
import psycopg
import pytest
import yaml

from sqlanon import api
from sqlanon.demo import generate_people, write_demo
from sqlanon.errors import InputError
from tests.cli.test_cli import ok, run, write_yaml
from tests.support.pgserver import Server

COLUMNS = ["name", "zip", "age", "sex", "disease", "salary"]
TYPES = ["text", "text", "integer", "text", "text", "integer"]
ROWS = generate_people(500, seed=34)


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("guardreads")
    anonymize_yaml, _ = write_demo(folder, rows=10)
    base = yaml.safe_load(anonymize_yaml.read_text())
    base["criteria"] = [{"k-anonymity": {"k": 2}}]
    return folder, base


def refused(folder: Path, cfg: dict[str, Any], *needles: str) -> str:
    """``sqlanon anonymize`` with ``cfg``: exit 2, one paragraph naming every needle."""
    result = ok(run("anonymize", str(write_yaml(folder / "guard.yaml", cfg))), 2)
    err = str(result.stderr)
    assert err.startswith("sqlanon: error: ") and "likely a bug" not in err, err
    for needle in needles:
        assert needle in err, f"{needle!r} not in {err}"
    return err


# --------------------------------------------------------------------------- PostgreSQL


@pytest.fixture(scope="module")
def con(postgres: Server) -> Iterator[psycopg.Connection[Any]]:
    connection = psycopg.connect(postgres.url, password=os.environ[postgres.password_env], autocommit=True)
    connection.execute("DROP SCHEMA IF EXISTS gr CASCADE")
    connection.execute("CREATE SCHEMA gr")
    try:
        yield connection
    finally:
        connection.close()


def _pg(postgres: Server, base: dict[str, Any], source: Any, output: str) -> dict[str, Any]:
    engine = {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}
    return dict(base, source=source, output={"table": output}, overwrite=True, engine=engine)


def _fill(con: psycopg.Connection[Any], table: str) -> None:
    """``ROWS`` into the existing table ``table`` (a partitioned one routes them)."""
    with con.cursor().copy(f"COPY {table} ({', '.join(COLUMNS)}) FROM STDIN") as copy:
        for row in ROWS:
            copy.write_row([row[c] for c in COLUMNS])


def _count(con: psycopg.Connection[Any], table: str) -> int:
    (n,) = con.execute(f"SELECT count(*) FROM {table}").fetchone()  # type: ignore[misc]
    return int(n)


def _columns() -> str:
    return ", ".join(f"{c} {t}" for c, t in zip(COLUMNS, TYPES, strict=True))


def test_a_partition_of_the_source_is_never_the_output_nor_its_parent(
    demo: tuple[Path, dict[str, Any]], con: psycopg.Connection[Any], postgres: Server
) -> None:
    """The issue's case: the source partitioned by sex, the output one of its partitions.
    Today's code renamed the partition aside and dropped it: the source lost half its rows."""
    folder, base = demo
    con.execute(f"CREATE TABLE gr.parent ({_columns()}) PARTITION BY LIST (sex)")
    con.execute("CREATE TABLE gr.pm PARTITION OF gr.parent FOR VALUES IN ('Male')")
    con.execute("CREATE TABLE gr.pf PARTITION OF gr.parent FOR VALUES IN ('Female')")
    _fill(con, "gr.parent")
    females = sum(r["sex"] == "Female" for r in ROWS)
    refused(
        folder,
        _pg(postgres, base, {"table": "gr.parent"}, "gr.pf"),
        "gr.pf",
        "it is a partition of gr.parent.",
    )
    assert (_count(con, "gr.parent"), _count(con, "gr.pf")) == (500, females)
    # the other way round: the source is a partition, the output its parent (dropped with it)
    refused(
        folder,
        _pg(postgres, base, {"table": "gr.pm"}, "gr.parent"),
        "gr.parent",
        "gr.pm, a partition of gr.parent",
    )
    assert (_count(con, "gr.parent"), _count(con, "gr.pm")) == (500, 500 - females)
    # a sibling partition is no table the source reads
    con.execute("CREATE TABLE gr.elsewhere (x integer)")
    ok(
        run(
            "anonymize",
            str(write_yaml(folder / "guard.yaml", _pg(postgres, base, {"table": "gr.pm"}, "gr.elsewhere"))),
        )
    )
    assert _count(con, "gr.parent") == 500


def test_an_inheritance_child_of_the_source_is_never_the_output_nor_its_parent(
    demo: tuple[Path, dict[str, Any]], con: psycopg.Connection[Any], postgres: Server
) -> None:
    """Reading an inheritance parent reads its children: none is an output, and a child's
    parent is none either (replacing it would take the child along)."""
    folder, base = demo
    con.execute(f"CREATE TABLE gr.iparent ({_columns()})")
    con.execute("CREATE TABLE gr.ichild () INHERITS (gr.iparent)")
    con.execute("CREATE TABLE gr.igrandchild () INHERITS (gr.ichild)")
    _fill(con, "gr.igrandchild")
    refused(
        folder,
        _pg(postgres, base, {"table": "gr.iparent"}, "gr.igrandchild"),
        "gr.igrandchild",
        "it is an inheritance child of gr.ichild, which is an inheritance child of gr.iparent.",
    )
    assert (_count(con, "gr.iparent"), _count(con, "ONLY gr.igrandchild")) == (500, 500)
    refused(
        folder,
        _pg(postgres, base, {"table": "gr.igrandchild"}, "gr.iparent"),
        "gr.iparent",
        "gr.igrandchild, an inheritance child of gr.ichild",
    )
    assert _count(con, "ONLY gr.igrandchild") == 500


def test_a_query_or_a_view_over_a_partitioned_table_protects_its_partitions(
    demo: tuple[Path, dict[str, Any]], con: psycopg.Connection[Any], postgres: Server
) -> None:
    """The closure is the same for every relation a source query names and for what a view of
    the source reads: a partition of a table under a view is read too."""
    folder, base = demo
    con.execute(f"CREATE TABLE gr.qparent ({_columns()}) PARTITION BY LIST (sex)")
    con.execute("CREATE TABLE gr.qm PARTITION OF gr.qparent FOR VALUES IN ('Male')")
    con.execute("CREATE TABLE gr.qf PARTITION OF gr.qparent FOR VALUES IN ('Female')")
    con.execute("CREATE VIEW gr.qadults AS SELECT * FROM gr.qparent WHERE age >= 18")
    _fill(con, "gr.qparent")
    refused(
        folder,
        _pg(postgres, base, {"query": "SELECT * FROM gr.qparent WHERE age > 0"}, "gr.qf"),
        "is a table the source query reads (gr.qf, a partition of gr.qparent)",
    )
    refused(
        folder,
        _pg(postgres, base, {"table": "gr.qadults"}, "gr.qm"),
        "it is a partition of gr.qparent, which is read by the view gr.qadults.",
    )
    assert _count(con, "gr.qparent") == 500


def test_what_a_policy_or_rule_of_the_source_names_and_what_its_triggers_may_touch(
    demo: tuple[Path, dict[str, Any]], con: psycopg.Connection[Any], postgres: Server
) -> None:
    """A row security policy's table is read with the source (by its owner's and others'
    queries); a rule's table is written when the source is (refused already before issue 34,
    without the reason); a trigger's function, or a function a view calls, may read or write any
    table, so no existing table may be replaced, while a new one may."""
    folder, base = demo
    con.execute(f"CREATE TABLE gr.guarded ({_columns()})")
    _fill(con, "gr.guarded")
    con.execute("CREATE TABLE gr.allowed AS SELECT DISTINCT zip FROM gr.guarded")
    con.execute("ALTER TABLE gr.guarded ENABLE ROW LEVEL SECURITY")
    con.execute("CREATE POLICY listed ON gr.guarded USING (zip IN (SELECT zip FROM gr.allowed))")
    con.execute("CREATE TABLE gr.ruled AS SELECT * FROM gr.guarded")
    con.execute("CREATE TABLE gr.ruled_log AS SELECT * FROM gr.guarded")
    con.execute("CREATE RULE keep AS ON INSERT TO gr.ruled DO ALSO INSERT INTO gr.ruled_log SELECT NEW.*")
    con.execute("CREATE TABLE gr.audited AS SELECT * FROM gr.guarded")
    con.execute("CREATE TABLE gr.audit_log AS SELECT * FROM gr.guarded")
    con.execute(
        "CREATE FUNCTION gr.audit() RETURNS trigger LANGUAGE plpgsql AS "
        "$$BEGIN INSERT INTO gr.audit_log SELECT NEW.*; RETURN NEW; END$$"
    )
    con.execute("CREATE TRIGGER audit AFTER INSERT ON gr.audited FOR EACH ROW EXECUTE FUNCTION gr.audit()")
    allowed = _count(con, "gr.allowed")
    refused(
        folder,
        _pg(postgres, base, {"table": "gr.guarded"}, "gr.allowed"),
        "it is named in the row security policy listed of gr.guarded.",
    )
    refused(
        folder,
        _pg(postgres, base, {"table": "gr.ruled"}, "gr.ruled_log"),
        "it is named in the rule keep of gr.ruled.",
    )
    refused(
        folder,
        _pg(postgres, base, {"table": "gr.audited"}, "gr.audit_log"),
        "cannot tell which tables the source reads (trigger audit of the table gr.audited calls gr.audit())",
    )
    # a view calling a function of the user's, or one of PostgreSQL's that runs SQL text
    con.execute("CREATE FUNCTION gr.adult(age integer) RETURNS boolean LANGUAGE sql AS 'SELECT age >= 18'")
    con.execute("CREATE VIEW gr.by_function AS SELECT * FROM gr.audited WHERE gr.adult(age)")
    con.execute(
        "CREATE VIEW gr.by_xml AS SELECT * FROM gr.audited "
        "WHERE query_to_xml('SELECT 1', true, false, '') IS NOT NULL"
    )
    # a rule or a row security policy calling a function of the user's
    con.execute("CREATE TABLE gr.rule_calls AS SELECT * FROM gr.guarded")
    con.execute("CREATE RULE note AS ON INSERT TO gr.rule_calls DO ALSO SELECT gr.adult(NEW.age)")
    con.execute("CREATE TABLE gr.policy_calls AS SELECT * FROM gr.guarded")
    con.execute("ALTER TABLE gr.policy_calls ENABLE ROW LEVEL SECURITY")
    con.execute("CREATE POLICY adults ON gr.policy_calls USING (gr.adult(age))")
    for source, reason in [
        ("gr.by_function", "the view gr.by_function calls gr.adult()"),
        ("gr.by_xml", "the view gr.by_xml calls pg_catalog.query_to_xml()"),
        ("gr.rule_calls", "rule note of the table gr.rule_calls calls gr.adult()"),
        ("gr.policy_calls", "row security policy adults of the table gr.policy_calls calls gr.adult()"),
    ]:
        refused(
            folder,
            _pg(postgres, base, {"table": source}, "gr.ruled_log"),
            reason,
            "Write the release to a new table",
        )
    assert [_count(con, t) for t in ("gr.allowed", "gr.ruled_log", "gr.audit_log")] == [allowed, 500, 500]
    ok(
        run(
            "anonymize",
            str(
                write_yaml(
                    folder / "guard.yaml", _pg(postgres, base, {"table": "gr.audited"}, "gr.audit_new")
                )
            ),
        )
    )
    assert _count(con, "gr.audit_new") > 0


def test_a_foreign_table_source_protects_every_existing_table(
    demo: tuple[Path, dict[str, Any]], con: psycopg.Connection[Any], postgres: Server
) -> None:
    """A foreign table reads what its server gives, which may be a table of this very database
    (postgres_fdw to itself): today's code replaced that table with the release of its own rows."""
    folder, base = demo
    if con.execute("SELECT 1 FROM pg_available_extensions WHERE name = 'postgres_fdw'").fetchone() is None:
        pytest.skip("the server has no postgres_fdw extension")
    con.execute("CREATE EXTENSION IF NOT EXISTS postgres_fdw")
    port = postgres.url.rsplit(":", 1)[1].split("/")[0]
    con.execute(
        "CREATE SERVER gr_self FOREIGN DATA WRAPPER postgres_fdw "
        f"OPTIONS (host '127.0.0.1', port '{port}', dbname 'postgres')"
    )
    user = postgres.url.split("//")[1].split("@")[0]
    password = os.environ[postgres.password_env]
    con.execute(
        f"CREATE USER MAPPING FOR CURRENT_USER SERVER gr_self OPTIONS (user '{user}', password '{password}')"
    )
    con.execute(f"CREATE TABLE gr.behind ({_columns()})")
    _fill(con, "gr.behind")
    con.execute(
        f"CREATE FOREIGN TABLE gr.remote ({_columns()}) SERVER gr_self OPTIONS (schema_name 'gr', table_name 'behind')"
    )
    assert _count(con, "gr.remote") == 500
    before = con.execute("SELECT * FROM gr.behind ORDER BY name").fetchall()
    refused(
        folder,
        _pg(postgres, base, {"table": "gr.remote"}, "gr.behind"),
        "gr.remote is a foreign table",
        "Write the release to a new table",
    )
    assert con.execute("SELECT * FROM gr.behind ORDER BY name").fetchall() == before


@pytest.mark.parametrize(
    ("tree", "output", "parent", "needles"),
    [
        (
            [
                "CREATE TABLE gr.{p}parent ({columns}) PARTITION BY LIST (sex)",
                "CREATE TABLE gr.{p}m PARTITION OF gr.{p}parent FOR VALUES IN ('Male')",
                "CREATE TABLE gr.{p}f PARTITION OF gr.{p}parent FOR VALUES IN ('Female')",
            ],
            "gr.{p}f",
            "gr.{p}parent",
            ["gr.{p}f is a partition of gr.{p}parent", "ALTER TABLE gr.{p}parent ATTACH PARTITION"],
        ),
        (
            [
                "CREATE TABLE gr.{p}parent ({columns}) PARTITION BY LIST (sex)",
                "CREATE TABLE gr.{p}m PARTITION OF gr.{p}parent FOR VALUES IN ('Male')",
                "CREATE TABLE gr.{p}f PARTITION OF gr.{p}parent FOR VALUES IN ('Female')",
            ],
            "gr.{p}parent",
            "gr.{p}parent",
            [
                "gr.{p}parent is a partitioned table (its partitions: gr.{p}f, gr.{p}m)",
                "ALTER TABLE gr.{p}parent ATTACH PARTITION",
            ],
        ),
        (
            ["CREATE TABLE gr.{p}parent ({columns})", "CREATE TABLE gr.{p}child () INHERITS (gr.{p}parent)"],
            "gr.{p}child",
            "gr.{p}parent",
            [
                "gr.{p}child is an inheritance child of gr.{p}parent",
                "ALTER TABLE <the new table> INHERIT gr.{p}parent",
            ],
        ),
        (
            ["CREATE TABLE gr.{p}parent ({columns})", "CREATE TABLE gr.{p}child () INHERITS (gr.{p}parent)"],
            "gr.{p}parent",
            "gr.{p}parent",
            [
                "gr.{p}parent is an inheritance parent (its children: gr.{p}child)",
                "Publish to a new plain table",
                "ALTER TABLE gr.{p}child INHERIT <the new table>",
            ],
        ),
    ],
    ids=["partition", "partitioned-table", "inheritance-child", "inheritance-parent"],
)
def test_no_output_in_a_partition_or_inheritance_tree_whatever_the_source(
    demo: tuple[Path, dict[str, Any]],
    con: psycopg.Connection[Any],
    postgres: Server,
    request: pytest.FixtureRequest,
    tree: list[str],
    output: str,
    parent: str,
    needles: list[str],
) -> None:
    """sqlanon replaces a table by renames, which cannot keep the table's place in a partitioned
    table or an inheritance tree: a partition (or child) renamed aside and dropped takes its rows
    out of the parent and the release is no partition (or child); a parent's drop takes its
    partitions along or fails, leaving a ``__sqlanon_backup_...`` table. Any such output is
    refused before any work, even when the source (here a plain table) reads nothing of it, and
    the tree is as it was, with nothing left behind."""
    folder, base = demo
    prefix = "t" + str(request.node.callspec.id).replace("-", "_") + "_"
    fmt = {"p": prefix, "columns": _columns()}
    con.execute(f"CREATE TABLE IF NOT EXISTS gr.plain ({_columns()})")
    if _count(con, "gr.plain") == 0:
        _fill(con, "gr.plain")
    for statement in tree:
        con.execute(statement.format(**fmt))
    parent, output = parent.format(**fmt), output.format(**fmt)
    _fill(con, output if "INHERITS" in tree[-1] else parent)
    tree_sql = (
        "SELECT i.inhparent::regclass::text, i.inhrelid::regclass::text FROM pg_catalog.pg_inherits i "
        "JOIN pg_catalog.pg_class c ON c.oid = i.inhrelid WHERE c.relname LIKE %s ORDER BY 1, 2"
    )
    members = con.execute(tree_sql, (prefix + "%",)).fetchall()
    before = con.execute(f"SELECT * FROM {parent} ORDER BY name, zip, age").fetchall()
    refused(folder, _pg(postgres, base, {"table": "gr.plain"}, output), *(n.format(**fmt) for n in needles))
    assert con.execute(f"SELECT * FROM {parent} ORDER BY name, zip, age").fetchall() == before
    assert _count(con, parent) == 500
    assert con.execute(tree_sql, (prefix + "%",)).fetchall() == members
    left = con.execute(
        "SELECT relname FROM pg_catalog.pg_class WHERE relnamespace = 'gr'::regnamespace AND relname LIKE %s",
        ("\\_\\_sqlanon\\_%",),
    ).fetchall()
    assert left == []


# --------------------------------------------------------------------------- Spark


SCHEMA = "name string, zip string, age int, sex string, disease string, salary int"


def _location(spark: Any, table: str) -> str:
    return str(spark.sql(f"DESCRIBE TABLE EXTENDED {table}").where("col_name = 'Location'").first()[1])


def test_spark_never_over_a_folder_the_source_reads(demo: tuple[Path, dict[str, Any]], spark: Any) -> None:
    """A Spark table is its folder: the output may not hold the source's folder (dropping the
    table it replaces deletes it; today's code did: the source lost every row), lie in it (a
    partition path), nor be written in a database whose folder lies in it (or would: a database the
    run creates)."""
    folder, base = demo
    for database in ("gsrc", "grel"):
        spark.sql(f"CREATE DATABASE IF NOT EXISTS {database}")
    frame = spark.createDataFrame(
        [tuple(r[c] for c in COLUMNS) for r in ROWS[:120]],
        SCHEMA,
    )
    engine = {"kind": "spark"}

    def config(source: str, output: str) -> dict[str, Any]:
        return dict(base, source={"table": source}, output={"table": output}, overwrite=True, engine=engine)

    frame.write.mode("overwrite").saveAsTable("grel.outer")
    outer = _location(spark, "grel.outer")
    frame.write.mode("overwrite").parquet(f"{outer}/nested")
    spark.sql(f"CREATE TABLE IF NOT EXISTS gsrc.nested USING parquet LOCATION '{outer}/nested'")
    spark.sql("CREATE OR REPLACE VIEW gsrc.nested_v AS SELECT * FROM gsrc.nested WHERE age > 0")
    refused(
        folder, config("gsrc.nested", "grel.outer"), "is the table whose files hold the source gsrc.nested"
    )
    refused(
        folder,
        config("gsrc.nested_v", "grel.outer"),
        "whose files hold gsrc.nested, which the source reads (read by the view gsrc.nested_v)",
    )
    spark.catalog.refreshTable("gsrc.nested")
    assert spark.table("gsrc.nested").count() == 120
    frame.write.mode("overwrite").partitionBy("sex").saveAsTable("gsrc.bysex")
    bysex = _location(spark, "gsrc.bysex")
    spark.sql(f"CREATE TABLE IF NOT EXISTS grel.females USING parquet LOCATION '{bysex}/sex=Female'")
    refused(
        folder,
        config("gsrc.bysex", "grel.females"),
        "keeps its files in",
        "inside the folder of the source gsrc.bysex",
    )
    spark.sql(f"CREATE DATABASE IF NOT EXISTS ginside LOCATION '{bysex}/more'")
    refused(folder, config("gsrc.bysex", "ginside.fresh"), "inside the folder of the source gsrc.bysex")
    assert not spark.catalog.tableExists("ginside.fresh")
    # a database the run would create gets the folder <warehouse>/<name>.db (lower-cased): here
    # inside the folder of a source table kept over the whole warehouse
    warehouse = spark.conf.get("spark.sql.warehouse.dir").rstrip("/")
    spark.sql(
        f"CREATE TABLE IF NOT EXISTS gsrc.whole ({SCHEMA}) USING parquet "
        f"OPTIONS (recursiveFileLookup 'true') LOCATION '{warehouse}'"
    )
    refused(
        folder,
        config("gsrc.whole", "GNew.fresh"),
        f"{warehouse}/gnew.db",
        "inside the folder of the source gsrc.whole",
    )
    assert not spark.catalog.databaseExists("gnew")
    spark.sql("DROP TABLE gsrc.whole")  # an external table: its folder, the warehouse, stays
    spark.catalog.refreshTable("gsrc.bysex")
    assert spark.table("gsrc.bysex").count() == 120


# --------------------------------------------------------------------------- DuckDB


@pytest.mark.parametrize(
    ("setup", "source", "via"),
    [
        (
            [
                "CREATE SCHEMA s",
                "CREATE VIEW s.w AS SELECT * FROM main.people",
                "CREATE VIEW v AS SELECT * FROM s.w",
            ],
            "v",
            "the view s.w, which is read by the view main.v",
        ),
        (
            [
                "ATTACH ':memory:' AS other",
                "CREATE VIEW other.main.w AS SELECT * FROM memory.main.people",
                "CREATE VIEW v AS SELECT * FROM other.main.w",
            ],
            "v",
            "the view other.main.w, which is read by the view main.v",
        ),
        (
            [
                "ATTACH ':memory:' AS other",
                "CREATE VIEW other.main.w AS SELECT * FROM memory.people",
                "CREATE VIEW v AS SELECT * FROM other.w",
            ],
            "v",
            "the view other.main.w, which is read by the view main.v",
        ),
        (
            ["ATTACH ':memory:' AS other", "CREATE VIEW other.main.w AS SELECT * FROM memory.main.people"],
            "relation",
            "the view other.main.w, which is read by the source relation",
        ),
    ],
    ids=[
        "view-over-schema-view",
        "view-over-attached-view",
        "two-part-attached-name",
        "relation-of-attached-view",
    ],
)
def test_duckdb_connection_never_over_a_table_a_view_of_another_database_reads(
    demo: tuple[Path, dict[str, Any]], setup: list[str], source: str, via: str
) -> None:
    """On a caller's DuckDB connection, a view of the source may go through a view of another
    attached database (``other.main.w`` or ``other.w``) that reads a table of the current one:
    that table is never the output (today's code replaced it with the release). The message
    names each view on the way, a view of another database with that database."""
    folder, base = demo
    con = duckdb.connect()
    con.execute(
        "CREATE TABLE people (name VARCHAR, zip VARCHAR, age INTEGER, sex VARCHAR, disease VARCHAR, salary INTEGER)"
    )
    con.executemany("INSERT INTO people VALUES (?, ?, ?, ?, ?, ?)", [[r[c] for c in COLUMNS] for r in ROWS])
    for statement in setup:
        con.execute(statement)
    before = con.execute("SELECT * FROM people ORDER BY ALL").fetchall()
    src: Any = con.table("other.main.w") if source == "relation" else {"table": source}
    with pytest.raises(InputError, match=r"may be what the source .* reads: it is read by") as raised:
        api.anonymize(
            dict(base, source=src, output={"table": "people"}, overwrite=True),
            base_dir=folder,
            connection=con,
        )
    assert f"it is read by {via}." in str(raised.value), str(raised.value)
    assert con.execute("SELECT * FROM people ORDER BY ALL").fetchall() == before
