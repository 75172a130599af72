"""Spark (local mode) against DuckDB on the same rows: ``check`` gives the same verdicts, counts
and observed values (within 1e-9), ``anonymize`` picks the same node and publishes the same
multiset of rows (lattice searches and Mondrian) into a Spark table; never over the source;
nothing of the data on the console; a failed or refused run leaves no table behind."""

from __future__ import annotations

import csv
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml

from sqlanon import api
from sqlanon.demo import generate_people, write_demo
from sqlanon.errors import ConfigError, DataError, EngineError, InputError
from tests.engines.test_postgres_check import COLUMNS as CHECK_COLUMNS
from tests.engines.test_postgres_check import EXTRA, _rows, _same
from tests.engines.test_snapshots import MODELS
from tests.release.test_apply import failing_apply_case, listed_violations
from tests.support.sqlhelpers import take_large_table_paths

COLUMNS = ["name", "zip", "age", "sex", "disease", "salary"]
SCHEMA = "name string, zip string, age int, sex string, disease string, salary int"
ENGINE = {"kind": "spark"}


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory, spark: Any) -> tuple[Path, dict[str, Any], dict[str, Any]]:
    folder = tmp_path_factory.mktemp("sparkdemo")
    anonymize_yaml, check_yaml = write_demo(folder, rows=10)
    check = yaml.safe_load(check_yaml.read_text())
    check["columns"].pop("name")
    for schema in ("src", "rel", "gate"):
        spark.sql(f"CREATE DATABASE IF NOT EXISTS {schema}")
    return folder, yaml.safe_load(anonymize_yaml.read_text()), check


def _load(spark: Any, table: str, rows: list[dict[str, Any]], columns: list[str] = COLUMNS) -> None:
    schema = ", ".join(f for f in SCHEMA.split(", ") if f.split()[0] in columns)
    frame = spark.createDataFrame([tuple(r[c] for c in columns) for r in rows], schema)
    frame.write.mode("overwrite").saveAsTable(table)


def _write_csv(path: Path, rows: list[dict[str, Any]], columns: list[str] = COLUMNS) -> None:
    with path.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=columns)
        writer.writeheader()
        writer.writerows({c: r[c] for c in columns} for r in rows)


def _published(spark: Any, table: str) -> Counter[tuple[str, ...]]:
    spark.catalog.refreshTable(table)  # this session may have listed the files of a table replaced since
    return Counter(tuple("" if v is None else str(v) for v in row) for row in spark.table(table).collect())


def _csv_rows(path: Path) -> Counter[tuple[str, ...]]:
    with path.open(newline="") as f:
        return Counter(tuple(row.values()) for row in csv.DictReader(f))


def _leftovers(spark: Any) -> list[str]:
    names = []
    for schema in ("src", "rel", "gate", "default"):
        names += [f"{schema}.{r.tableName}" for r in spark.sql(f"SHOW TABLES IN {schema}").collect()]
    return [n for n in names if "__sqlanon" in n]


@pytest.mark.parametrize("seed", range(4))
def test_check_on_spark_equals_duckdb(
    demo: tuple[Path, dict[str, Any], dict[str, Any]], spark: Any, seed: int
) -> None:
    folder, _, base = demo
    rng = random.Random(2000 + seed)
    rows = _rows(seed)
    path = folder / f"t{seed}.csv"
    _write_csv(path, rows, CHECK_COLUMNS)
    _load(spark, f"gate.people_{seed}", rows, CHECK_COLUMNS)
    criteria = rng.sample(MODELS + EXTRA, rng.randint(2, 5))
    config = dict(base, criteria=criteria, source=path.name)
    on_spark = dict(config, source={"table": f"gate.people_{seed}"}, engine=ENGINE)
    try:
        want = api.check(config, base_dir=folder)
    except InputError as err:  # a model the data cannot meet at all: the same error on both
        with pytest.raises(InputError) as got_err:
            api.check(on_spark, base_dir=folder)
        assert str(got_err.value) == str(err).replace(
            f"file {str(path)!r}", f"table 'gate.people_{seed}' of the engine's database"
        )
        return
    got = api.check(on_spark, base_dir=folder)
    assert got.passed == want.passed and got.rows_in == want.rows_in == len(rows)
    assert len(got.checks) == len(want.checks)
    for g, w in zip(got.checks, want.checks, strict=True):
        assert g.keys() == w.keys()
        for key in w:
            assert _same(g[key], w[key]), (key, g, w)


def test_every_model_of_the_catalogue_checks_the_same_on_spark(
    demo: tuple[Path, dict[str, Any], dict[str, Any]], spark: Any
) -> None:
    """One gate with every model of the catalogue at once (each model's check runs in it)."""
    folder, _, base = demo
    rows = _rows(99)
    path = folder / "all_models.csv"
    _write_csv(path, rows, CHECK_COLUMNS)
    _load(spark, "gate.all_models", rows, CHECK_COLUMNS)
    config = dict(base, criteria=MODELS + EXTRA, source=path.name)
    want = api.check(config, base_dir=folder)
    got = api.check(dict(config, source={"table": "gate.all_models"}, engine=ENGINE), base_dir=folder)
    assert len(got.checks) == len(want.checks) == len(MODELS + EXTRA)
    for g, w in zip(got.checks, want.checks, strict=True):
        for key in w:
            assert _same(g[key], w[key]), (key, g, w)


@pytest.mark.parametrize("seed", range(3))
def test_anonymize_on_spark_equals_duckdb(
    demo: tuple[Path, dict[str, Any], dict[str, Any]], spark: Any, seed: int
) -> None:
    _same_release(demo, spark, seed)


def test_large_table_paths_on_spark_equal_duckdb(
    demo: tuple[Path, dict[str, Any], dict[str, Any]], spark: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The evaluator's paths for large tables (projections, joins with dimension tables, node
    tables cached, batches), taken by a small table on Spark with lowered thresholds, against
    DuckDB with its defaults (one variant of take_large_table_paths: Spark jobs are slow)."""
    taken: list[Counter[str]] = []
    _same_release(demo, spark, 3, lambda: taken.append(take_large_table_paths(monkeypatch, 2)))
    assert taken[0]["projections"] and taken[0]["joined QIs"] and taken[0]["statements"], taken


def _same_release(
    demo: tuple[Path, dict[str, Any], dict[str, Any]],
    spark: Any,
    seed: int,
    before_spark: Callable[[], object] | None = None,
) -> None:
    """anonymize on Spark equals anonymize on DuckDB: node, counts, metrics, verdicts and the
    published rows (seed 1 searches with search_in: local, seed 2 is Mondrian). ``before_spark``
    runs between the two."""
    folder, base, _ = demo
    rng = random.Random(300 + seed)
    rows = generate_people(rng.randint(60, 200), seed=seed)
    path = folder / f"people_{seed}.csv"
    _write_csv(path, rows)
    _load(spark, f"src.people_{seed}", rows)
    mondrian = seed == 2
    criteria = [{"k-anonymity": {"k": rng.choice([2, 3, 5])}}, *rng.sample(MODELS + EXTRA, rng.randint(0, 2))]
    config = dict(
        base,
        source=path.name,
        output=f"out/release_{seed}.csv",
        criteria=criteria,
        search="mondrian" if mondrian else rng.choice(["optimal", "incognito"]),
        metric="gcp" if mondrian else base["metric"],
        suppression_limit=0 if mondrian else rng.choice([0, 0.02, 0.05]),
    )
    on_spark = dict(
        config,
        source={"table": f"src.people_{seed}"},
        output={"table": f"rel.release_{seed}"},
        engine=ENGINE,
        # seed 1 searches in embedded DuckDB on a copy of the encoded tables (search_in: local)
        search_in="local" if seed == 1 else "engine",
    )
    want = api.anonymize(config, base_dir=folder)
    if before_spark:
        before_spark()
    got = api.anonymize(on_spark, base_dir=folder)
    assert (got.passed, got.node, got.rows_in, got.rows_out, got.suppressed_rows) == (
        want.passed, want.node, want.rows_in, want.rows_out, want.suppressed_rows
    )  # fmt: skip
    assert got.metrics == pytest.approx(want.metrics, rel=1e-9, abs=1e-12)
    # a lattice search on a server says where it ran (Mondrian partitions in the engine)
    assert got.search.get("search_in") == (
        None if on_spark["search"] == "mondrian" else on_spark["search_in"]
    )
    assert ("search_in_why" in got.search) == ("search_in" in got.search)
    for g, w in zip(got.checks, want.checks, strict=True):
        assert (g["criterion"], g["passed"], g["violating_rows"]) == (
            w["criterion"],
            w["passed"],
            w["violating_rows"],
        )
    if want.passed:
        assert _published(spark, f"rel.release_{seed}") == _csv_rows(folder / f"out/release_{seed}.csv")
    assert _leftovers(spark) == []


def test_a_failing_apply_lists_duckdbs_violating_classes(
    demo: tuple[Path, dict[str, Any], dict[str, Any]], spark: Any
) -> None:
    """apply --show-violations at a node the data fails: Spark lists DuckDB's classes and
    publishes nothing."""
    folder, base, _ = demo
    rows = generate_people(150, seed=41)
    config, node, want = failing_apply_case(folder, base, rows)
    _load(spark, "src.apply_violations", rows)
    on_spark = dict(
        config,
        source={"table": "src.apply_violations"},
        output={"table": "rel.apply_violations"},
        engine=ENGINE,
    )
    got = api.apply(on_spark, node=node, base_dir=folder, show_violations=10**6)
    assert not got.passed
    assert listed_violations(got) == listed_violations(want)
    assert "rel.apply_violations" not in [
        f"rel.{r.tableName}" for r in spark.sql("SHOW TABLES IN rel").collect()
    ]
    assert _leftovers(spark) == []


def test_never_over_the_source(demo: tuple[Path, dict[str, Any], dict[str, Any]], spark: Any) -> None:
    folder, base, _ = demo
    rows = generate_people(80, seed=7)
    _load(spark, "src.people", rows)
    spark.sql("CREATE OR REPLACE VIEW src.adults AS SELECT * FROM src.people WHERE age >= 18")

    def run(source: Any, output: Any, overwrite: bool = True) -> Any:
        return api.anonymize(
            dict(base, source=source, output=output, overwrite=overwrite, engine=ENGINE), base_dir=folder
        )

    for source, output, message in [
        ({"table": "src.people"}, {"table": "src.people"}, "is the source itself"),
        ({"table": "src.PEOPLE"}, {"table": "SRC.people"}, "is the source itself"),
        ({"table": "src.adults"}, {"table": "src.people"}, "may be what the source"),
        ({"table": "src.people"}, {"table": "src.adults"}, "is a view, not a table"),
    ]:
        with pytest.raises(InputError, match=message):
            run(source, output)
        assert spark.table("src.people").count() == len(rows)
    assert run({"table": "src.people"}, {"table": "rel.kept"}).passed
    before = _published(spark, "rel.kept")
    with pytest.raises(InputError, match="already exists; set overwrite: true"):
        run({"table": "src.people"}, {"table": "rel.kept"}, overwrite=False)
    assert _published(spark, "rel.kept") == before
    # replaced: the previous table renamed aside, the release renamed in, the previous dropped
    _load(spark, "src.people", generate_people(90, seed=8))
    report = run({"table": "src.people"}, {"table": "rel.kept"})
    assert report.passed and sum(_published(spark, "rel.kept").values()) == report.rows_out
    # no generalization satisfies the criteria: nothing is written, nothing is left, and the
    # report says why as DuckDB's does on the same rows (the checks of the most general node the
    # max_level settings allow, its violating rows, the message)
    rows = generate_people(90, seed=8)
    diseases = len({r["disease"] for r in rows})
    capped = {
        c: dict(spec, max_level=2) if c in ("zip", "age") else spec for c, spec in base["columns"].items()
    }
    failing = dict(
        base, columns=capped, suppression_limit=0.05,
        criteria=[{"k-anonymity": {"k": 4}},
                  {"l-diversity": {"variant": "entropy", "l": diseases, "attribute": "disease"}}],
    )  # fmt: skip
    report = api.anonymize(
        dict(failing, source={"table": "src.people"}, output={"table": "rel.none"}, engine=ENGINE),
        base_dir=folder,
    )
    assert not report.passed
    assert not spark.catalog.tableExists("rel.none")
    assert _leftovers(spark) == []
    _write_csv(folder / "none.csv", rows)
    duck = api.anonymize(dict(failing, source="none.csv", output="none_out.csv"), base_dir=folder)
    assert not duck.passed and len(duck.checks) == 2
    assert report.search["most_general"] == duck.search["most_general"]
    assert report.message == duck.message
    for got, want in zip(report.checks, duck.checks, strict=True):
        assert got["observed"] == pytest.approx(want["observed"], abs=1e-9)
        assert {**got, "observed": None} == {**want, "observed": None}


def test_a_leftover_folder_is_refused_before_the_search(
    demo: tuple[Path, dict[str, Any], dict[str, Any]], spark: Any
) -> None:
    """A table's folder left in the database's location without the table (what a table of an
    in-memory catalog leaves when its process ends) made Spark refuse the rename into place
    after the whole search (LOCATION_ALREADY_EXISTS, naming the current database rather than
    the output's): refused before any work, naming the output's database and the folder, which
    stays as it was, also with overwrite: true."""
    folder, base, _ = demo
    _load(spark, "src.people_left", generate_people(40, seed=5))
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
    assert _leftovers(spark) == []
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


def test_a_query_source_on_spark(demo: tuple[Path, dict[str, Any], dict[str, Any]], spark: Any) -> None:
    """``source: {query: ...}`` in Spark SQL: the node and published rows DuckDB gives on the
    query's rows as a file (filtered in Python); never over a table the query reads."""
    folder, base, _ = demo
    rows = generate_people(150, seed=12)
    _load(spark, "src.people_q", rows)
    kept = [r for r in rows if r["age"] >= 30]
    _write_csv(folder / "kept_q.csv", kept)
    query = "SELECT * FROM Src.People_Q WHERE age >= 30"
    want = api.anonymize(dict(base, source="kept_q.csv", output="out/kept_q.csv"), base_dir=folder)
    got = api.anonymize(
        dict(base, source={"query": query}, output={"table": "rel.from_query"}, engine=ENGINE),
        base_dir=folder,
    )
    assert (got.passed, got.node, got.rows_in, got.rows_out) == (
        want.passed,
        want.node,
        len(kept),
        want.rows_out,
    )
    assert _published(spark, "rel.from_query") == _csv_rows(folder / "out/kept_q.csv")
    # Spark's CAST runs as written (ANSI: a failed cast is an error), not as sqlglot's TRY_CAST
    cast = "SELECT name, zip, age, sex, disease, CAST(disease AS INT) AS salary FROM src.people_q"
    with pytest.raises(DataError, match=r"Cannot run the source query: .*CAST_INVALID_INPUT") as err:
        api.check(dict(base, source={"query": cast}, engine=ENGINE), base_dir=folder)
    assert not any(r["disease"] in str(err.value) for r in rows)
    for query, output in [
        ("SELECT * FROM src.people_q", "src.people_q"),
        ("SELECT * FROM rel.from_query", "rel.from_query"),
    ]:
        with pytest.raises(InputError, match="is a table the source query reads"):
            api.anonymize(
                dict(base, source={"query": query}, output={"table": output}, overwrite=True, engine=ENGINE),
                base_dir=folder,
            )
    assert spark.table("src.people_q").count() == len(rows)
    assert _leftovers(spark) == []


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
def test_file_sources_on_spark_equal_duckdb(
    demo: tuple[Path, dict[str, Any], dict[str, Any]], spark: Any, kind: str
) -> None:
    """A CSV (its own delimiter, quotes, line breaks in fields) or Parquet file read by Spark's
    reader gives DuckDB's node, published rows and gate verdicts on the same file."""
    folder, base, check = demo
    rng = random.Random(5 if kind == "csv" else 6)
    rows = generate_people(rng.randint(100, 200), seed=rng.randint(0, 99))
    if kind == "csv":
        source: Any = {"file": "files in here/people tricky.csv", "csv": {"delimiter": ";"}}
        (folder / "files in here").mkdir(exist_ok=True)
        _write_tricky_csv(folder / "files in here" / "people tricky.csv", rows, rng)
    else:
        source = "people.parquet"
        _load(spark, "src.people_file", rows)
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
    assert _published(spark, f"rel.file_{kind}") == _csv_rows(folder / f"out/file_{kind}.csv")
    gate = dict(check, source=source, columns=dict(check["columns"], name={"role": "insensitive"}))
    want_gate = api.check(gate, base_dir=folder)
    got_gate = api.check(dict(gate, engine=ENGINE), base_dir=folder)
    for g, w in zip(got_gate.checks, want_gate.checks, strict=True):
        assert all(_same(g[key], w[key]) for key in w), (g, w)
    assert _leftovers(spark) == []


def test_file_source_errors_on_spark(demo: tuple[Path, dict[str, Any], dict[str, Any]], spark: Any) -> None:
    folder, base, check = demo
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
    _load(spark, "rel.holder", rows)
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


def test_configuration_and_messages(demo: tuple[Path, dict[str, Any], dict[str, Any]], spark: Any) -> None:
    folder, base, check = demo
    with pytest.raises(ConfigError, match=r"a table of Spark's catalog.*the default engine \(DuckDB\) only"):
        api.check(dict(check, source={"database": "w.duckdb", "table": "t"}, engine=ENGINE), base_dir=folder)
    with pytest.raises(ConfigError, match="publishes into Spark's tables, not files"):
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


def test_a_name_or_value_spelling_a_spark_variable_stays_itself(
    demo: tuple[Path, dict[str, Any], dict[str, Any]], spark: Any
) -> None:
    """Spark replaces ``${name}`` in SQL text by a setting's value, inside quotes and backquotes
    too (spark.sql.variable.substitute, on by default): a quasi-identifier named
    ``${spark.app.name}`` was read as the column named like the application, and failed. sqlanon
    runs with substitution off, in a session it derives and in one it borrows (whose setting it
    gives back): check and anonymize equal DuckDB's on a table whose quasi-identifier is named
    so and whose values are spelled so; engine.conf cannot turn substitution on."""
    folder, base, _ = demo
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
    spark.createDataFrame([tuple(r[c] for c in COLUMNS) for r in rows], SCHEMA).toDF(*columns).write.mode(
        "overwrite"
    ).saveAsTable("src.variables")
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
        assert _published(spark, "rel.variables") == _csv_rows(folder / "out/variables.csv")
        assert name in spark.table("rel.variables").columns
    finally:
        spark.conf.set("spark.sql.variable.substitute", "false")
    with pytest.raises(ConfigError, match=r"spark\.sql\.variable\.substitute"):
        api.check(dict(on_spark, engine={"kind": "spark", "conf": {"spark.sql.variable.substitute": True}}))
