"""Spark (local mode), what only Spark has: a table's folder left without its table, a query
source run as Spark SQL, CSV and Parquet files read by Spark's reader (against DuckDB on the same
files), nothing of the data on the console, the configuration's messages, and names or values
that spell a Spark variable. ``check``, ``anonymize`` and ``apply`` on a Spark table against
DuckDB on the same rows, and never over the source, are in test_conformance.py."""

from __future__ import annotations

import csv
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from sqlanon import api
from sqlanon.demo import generate_people
from sqlanon.errors import ConfigError, DataError, EngineError, InputError
from tests.api.test_connection import csv_rows
from tests.engines.conformance import COLUMNS, SparkAdapter
from tests.support.sqlhelpers import same as _same

ENGINE = {"kind": "spark"}


@pytest.fixture(scope="module")
def on(tmp_path_factory: pytest.TempPathFactory, spark: Any) -> Iterator[SparkAdapter]:
    """The demo's files and configurations, and the session's databases src, rel, gate and conn
    (dropped afterwards)."""
    adapter = SparkAdapter(tmp_path_factory.mktemp("sparkdemo"), spark)
    try:
        yield adapter
    finally:
        adapter.close()


def test_a_leftover_folder_is_refused_before_the_search(on: SparkAdapter, spark: Any) -> None:
    """A table's folder left in the database's location without the table (what a table of an
    in-memory catalog leaves when its process ends) made Spark refuse the rename into place
    after the whole search (LOCATION_ALREADY_EXISTS, naming the current database rather than
    the output's): refused before any work, naming the output's database and the folder, which
    stays as it was, also with overwrite: true."""
    folder, base = on.folder, on.base
    on.load("src.people_left", generate_people(40, seed=5))
    warehouse = Path(urlsplit(str(spark.conf.get("spark.sql.warehouse.dir"))).path)
    for output, left in [
        ("rel.Leftover", warehouse / "rel.db" / "leftover"),  # Spark folds a table's folder to lower case
        ("fresh_db.t", warehouse / "fresh_db.db" / "t"),  # a database still to be created
    ]:
        left.mkdir(parents=True)
        (left / "part-00000.parquet").write_bytes(b"someone's data")
        stages: list[str] = []
        with pytest.raises(InputError) as refused:
            api.anonymize(
                dict(base, source={"table": "src.people_left"}, output={"table": output}, overwrite=True,
                     engine=ENGINE),
                base_dir=folder, stage=stages.append,
            )  # fmt: skip
        message = str(refused.value)
        assert f"The output table {output} does not exist in the catalog, but its folder does" in message
        assert str(left) in message and "LOCATION_ALREADY_EXISTS" in message
        assert "in-memory catalog" in message  # the test session's catalog
        assert "reading the source" not in stages and "searching the lattice" not in stages
        assert sorted(p.name for p in left.iterdir()) == ["part-00000.parquet"]
        assert not spark.catalog.tableExists(output)
    assert on.leftovers() == []
    # should a folder appear after that check, Spark's own refusal of the rename names the current
    # database (`default`): sqlanon's message names no table, and says what is in the way
    from sqlanon.engines.spark.engine import SparkEngine  # pyspark: only where the spark fixture ran

    engine = SparkEngine.borrow(spark)
    try:
        spark.sql("CREATE TABLE rel.moved AS SELECT 1 AS a")
        (warehouse / "rel.db" / "target").mkdir()
        with pytest.raises(EngineError) as failed:
            engine.execute("ALTER TABLE rel.moved RENAME TO target")
        assert failed.value.cause == "location"
        assert "default" not in str(failed.value) and "move or delete that folder" in str(failed.value)
    finally:
        engine.close()
        spark.sql("DROP TABLE IF EXISTS rel.moved")


def test_a_query_source_runs_as_spark_sql(on: SparkAdapter) -> None:
    """``source: {query: ...}`` in Spark SQL: Spark's CAST runs as written (ANSI: a failed cast is
    an error), not as sqlglot's TRY_CAST, and its message quotes no value; never over a table
    the query reads. (The node and rows of a query source against DuckDB's: test_conformance.py.)"""
    folder, base = on.folder, on.base
    rows = generate_people(150, seed=12)
    on.load("src.people_cast", rows)
    cast = "SELECT name, zip, age, sex, disease, CAST(disease AS INT) AS salary FROM src.people_cast"
    with pytest.raises(DataError, match=r"Cannot run the source query: .*CAST_INVALID_INPUT") as err:
        api.check(dict(base, source={"query": cast}, engine=ENGINE), base_dir=folder)
    assert not any(r["disease"] in str(err.value) for r in rows)
    query = "SELECT * FROM Src.People_Cast WHERE age >= 30"
    published = api.anonymize(
        dict(base, source={"query": query}, output={"table": "rel.from_cast"}, overwrite=True, engine=ENGINE),
        base_dir=folder,
    )
    assert published.passed
    for query, output in [
        ("SELECT * FROM src.people_cast", "src.people_cast"),
        ("SELECT * FROM rel.from_cast", "rel.from_cast"),
    ]:
        with pytest.raises(InputError, match="is a table the source query reads"):
            api.anonymize(
                dict(base, source={"query": query}, output={"table": output}, overwrite=True, engine=ENGINE),
                base_dir=folder,
            )
    assert on.count("src.people_cast") == len(rows)
    assert on.count("rel.from_cast") == published.rows_out
    assert on.leftovers() == []


def _write_tricky_csv(path: Path, rows: list[dict[str, Any]], rng: random.Random) -> None:
    """``;``-separated, every field quoted, with doubled quotes, line breaks in quoted insensitive
    fields and empty fields (read as NULL by both engines)."""
    lines = [";".join(f'"{c}"' for c in COLUMNS)]
    for row in rows:
        fields = []
        for c in COLUMNS:
            value = str(row[c])
            if c == "name":
                value = rng.choice([value, f'{value} "jr"', f"{value}\nsecond line", ""])
            fields.append('"' + value.replace('"', '""') + '"' if value else "")
        lines.append(";".join(fields))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.parametrize("kind", ["csv", "parquet"])
def test_file_sources_on_spark_equal_duckdb(on: SparkAdapter, spark: Any, kind: str) -> None:
    """A CSV (its own delimiter, quotes, line breaks in fields) or Parquet file read by Spark's
    reader gives DuckDB's node, published rows and gate verdicts on the same file."""
    folder, base, check = on.folder, on.base, on.check
    rng = random.Random(5 if kind == "csv" else 6)
    rows = generate_people(rng.randint(100, 200), seed=rng.randint(0, 99))
    if kind == "csv":
        source: Any = {"file": "files in here/people tricky.csv", "csv": {"delimiter": ";"}}
        (folder / "files in here").mkdir(exist_ok=True)
        _write_tricky_csv(folder / "files in here" / "people tricky.csv", rows, rng)
    else:
        source = "people.parquet"
        on.load("src.people_file", rows)
        spark.table("src.people_file").coalesce(1).write.mode("overwrite").parquet(str(folder / "pq"))
        (next((folder / "pq").glob("part-*.parquet"))).rename(folder / "people.parquet")
    config = dict(base, source=source, output=f"out/file_{kind}.csv", criteria=[{"k-anonymity": {"k": 3}}])
    want = api.anonymize(config, base_dir=folder)
    got = api.anonymize(dict(config, output={"table": f"rel.file_{kind}"}, engine=ENGINE), base_dir=folder)
    assert (got.passed, got.node, got.rows_in, got.rows_out) == (
        want.passed,
        want.node,
        len(rows),
        want.rows_out,
    )
    assert on.published(f"rel.file_{kind}") == csv_rows(folder / f"out/file_{kind}.csv")
    gate = dict(check, source=source, columns=dict(check["columns"], name={"role": "insensitive"}))
    want_gate = api.check(gate, base_dir=folder)
    got_gate = api.check(dict(gate, engine=ENGINE), base_dir=folder)
    for g, w in zip(got_gate.checks, want_gate.checks, strict=True):
        assert all(_same(g[key], w[key]) for key in w), (g, w)
    assert on.leftovers() == []


def test_file_source_errors_on_spark(on: SparkAdapter, spark: Any) -> None:
    folder, base, check = on.folder, on.base, on.check
    (folder / "ragged.csv").write_text("zip,age,sex,disease,salary\n13053,28,Male,secret-flu,1\n13053,29\n")
    gate = dict(check, source="ragged.csv", engine=ENGINE)
    gate["columns"] = {k: v for k, v in check["columns"].items() if k != "name"}
    with pytest.raises(
        DataError,
        match=r"Cannot read the table .*ragged\.csv: Spark's reader failed on the file \(FAILED_READ_FILE.*as many fields as the header",
    ) as err:
        api.check(gate, base_dir=folder)
    assert "secret-flu" not in str(err.value)
    (folder / "odd[1].csv").write_text("zip\n1\n")
    with pytest.raises(DataError, match=r"characters the engine reads as a file pattern \(\[, \]\)"):
        api.check(dict(gate, source="odd[1].csv"), base_dir=folder)
    with pytest.raises(DataError, match="does not exist or is not a file"):
        api.check(dict(gate, source="missing.csv"), base_dir=folder)
    with pytest.raises(ConfigError, match="A DuckDB database file is read by the default engine"):
        api.check(dict(gate, source={"database": "w.duckdb", "table": "t"}), base_dir=folder)
    # the source file lies in the files of the existing output table: replacing it would delete it
    rows = generate_people(60, seed=3)
    on.load("rel.holder", rows)
    location = spark.sql("DESCRIBE TABLE EXTENDED rel.holder").where("col_name = 'Location'").first()[1]
    inside = next(Path(location.removeprefix("file:")).glob("part-*.parquet"))
    with pytest.raises(InputError, match="whose files hold the source file"):
        api.anonymize(
            dict(base, source=str(inside), output={"table": "rel.holder"}, overwrite=True, engine=ENGINE),
            base_dir=folder,
        )
    assert spark.table("rel.holder").count() == len(rows)


def test_nothing_of_the_data_on_the_console(spark: Any, capfd: pytest.CaptureFixture[str]) -> None:
    """Spark logs a failed query's message (which can quote a value) to the console by itself:
    an engine of sqlanon silences it, and sqlanon's own message leaves the value out."""
    from sqlanon.engines.spark.engine import SparkEngine

    engine = SparkEngine()
    try:
        capfd.readouterr()
        with pytest.raises(EngineError) as err:
            engine.fetchall("SELECT CAST('secret-diagnosis' AS INTEGER)")
        out, errors = capfd.readouterr()
        assert "secret-diagnosis" not in str(err.value)
        assert "secret-diagnosis" not in out + errors
        assert "CAST_INVALID_INPUT" in str(err.value)
    finally:
        engine.close()


def test_configuration_and_messages(on: SparkAdapter, spark: Any) -> None:
    folder, base, check = on.folder, on.base, on.check
    with pytest.raises(ConfigError, match=r"a table of Spark's catalog.*the default engine \(DuckDB\) only"):
        api.check(dict(check, source={"database": "w.duckdb", "table": "t"}, engine=ENGINE), base_dir=folder)
    with pytest.raises(ConfigError, match=r"or a folder of Parquet or CSV files.*not as one file"):
        api.anonymize(dict(base, source={"table": "x"}, output="out.csv", engine=ENGINE), base_dir=folder)
    with pytest.raises(ConfigError, match=r"Unknown engine option\(s\) \['url'\] for Spark"):
        api.check(dict(check, source={"table": "x"}, engine={"kind": "spark", "url": "x"}), base_dir=folder)
    with pytest.raises(ConfigError, match="'memory' is not a Spark setting"):
        api.check(dict(check, source={"table": "x"}, engine={"kind": "spark", "conf": {"memory": "1g"}}),
                  base_dir=folder)  # fmt: skip
    with pytest.raises(
        DataError, match="no table 'nope' in database 'gate'; check the name and the database"
    ):
        api.check(dict(check, source={"table": "gate.nope"}, engine=ENGINE), base_dir=folder)
    with pytest.raises(DataError, match="there is no database 'nowhere'; check its name"):
        api.check(dict(check, source={"table": "nowhere.people_0"}, engine=ENGINE), base_dir=folder)


def test_a_name_or_value_spelling_a_spark_variable_stays_itself(on: SparkAdapter, spark: Any) -> None:
    """Spark replaces ``${name}`` in SQL text by a setting's value, inside quotes and backquotes
    too (spark.sql.variable.substitute, on by default): a quasi-identifier named
    ``${spark.app.name}`` was read as the column named like the application, and failed. sqlanon
    runs with substitution off, in a session it derives and in one it borrows (whose setting it
    gives back): check and anonymize equal DuckDB's on a table whose quasi-identifier is named
    so and whose values are spelled so; engine.conf cannot turn substitution on."""
    folder, base = on.folder, on.base
    name = "${spark.app.name}"
    spelled = {"Male": "${spark.app.name}", "Female": "${env:HOME}"}
    rows = [dict(r, sex=spelled[r["sex"]]) for r in generate_people(120, seed=7)]
    columns = [name if c == "sex" else c for c in COLUMNS]
    path = folder / "variables.csv"
    with path.open("w", newline="") as f:
        writer = csv.writer(f)
        writer.writerow(columns)
        writer.writerows([r[c] for c in COLUMNS] for r in rows)
    (folder / "hierarchies" / "variables.csv").write_text("".join(f"{v};*\n" for v in spelled.values()))
    SparkAdapter.frame(spark, rows).toDF(*columns).write.mode("overwrite").saveAsTable("src.variables")
    described = dict(base["columns"])
    described[name] = {"role": "quasi", "hierarchy": "hierarchies/variables.csv"}
    del described["sex"]
    config = dict(base, columns=described, source=path.name, output="out/variables.csv", suppression_limit=0)
    on_spark = dict(
        config, source={"table": "src.variables"}, output={"table": "rel.variables"}, engine=ENGINE
    )
    spark.conf.set("spark.sql.variable.substitute", "true")  # Spark's default, in the session lent below
    try:
        for given in ({}, {"connection": spark}):  # a session of the program's context; the program's own
            want, got = api.check(config, base_dir=folder), api.check(on_spark, base_dir=folder, **given)
            assert [(c["passed"], c["violating_rows"], c["observed"]) for c in got.checks] == [
                (c["passed"], c["violating_rows"], c["observed"]) for c in want.checks
            ]
            assert spark.conf.get("spark.sql.variable.substitute") == "true"
        want, got = api.anonymize(config, base_dir=folder), api.anonymize(on_spark, base_dir=folder)
        assert want.passed and (got.node, got.rows_out) == (want.node, want.rows_out)
        assert on.published("rel.variables") == csv_rows(folder / "out/variables.csv")
        assert name in spark.table("rel.variables").columns
    finally:
        spark.conf.set("spark.sql.variable.substitute", "false")
    with pytest.raises(ConfigError, match=r"spark\.sql\.variable\.substitute"):
        api.check(dict(on_spark, engine={"kind": "spark", "conf": {"spark.sql.variable.substitute": True}}))
