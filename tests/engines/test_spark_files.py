"""Spark publishing a folder of part files (``output: {path: folder, format: parquet|csv}``): the
release of a random table equals DuckDB's release of it, read back by Spark and by DuckDB;
``check`` reads the folder; the folder is staged beside the output and swapped in (a killed
run's staging folder removed, an existing folder replaced only with overwrite, an undone commit
leaving the previous folder whole); never over what the run reads, by any spelling.

One anonymize on Spark (the rest are refusals before any work, or a staged write of a small
table): the session-wide ``spark`` fixture, one seed."""

from __future__ import annotations

import os
import random
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import duckdb
import pytest
import yaml
from sqlglot import exp

from sqlanon import api, atomic
from sqlanon.config import TableRef
from sqlanon.demo import write_demo
from sqlanon.encode.source import read_table
from sqlanon.errors import InputError
from sqlanon.release import publish
from tests.api.test_connection import csv_rows, random_case, same_run
from tests.engines.conformance import as_text
from tests.release.test_what_it_writes import as_dead, dead_pid

#: incognito with suppression, k-anonymity (tests/api/test_connection.py; Spark's statements
#: set the time: the other models run on Spark in tests/engines/test_conformance.py)
SEED = 1


@dataclass
class Case:
    folder: Path
    config: dict[str, Any]
    want: Any
    got: Any
    #: a killed run's staging folder, made before the run
    leftover: Path


def spark_config(config: dict[str, Any], **changes: Any) -> dict[str, Any]:
    return dict(config, engine={"kind": "spark"}, search_in="local", **changes)


@pytest.fixture(scope="module")
def case(spark: Any, tmp_path_factory: pytest.TempPathFactory) -> Case:
    folder = tmp_path_factory.mktemp("spark_files")
    anonymize_yaml, _ = write_demo(folder, rows=10)
    _, config = random_case(folder, yaml.safe_load(anonymize_yaml.read_text()), SEED)
    want = api.anonymize(config, base_dir=folder)  # DuckDB, a CSV file
    out = folder / "out" / "release.parquet"
    leftover = as_dead(atomic.staging_folder(out), dead_pid())
    (leftover / "release").mkdir()
    (leftover / "release" / "part-00000.parquet").write_bytes(b"half")
    got = api.anonymize(
        spark_config(config, output={"path": "out/release.parquet", "format": "parquet"}), base_dir=folder
    )
    return Case(folder, config, want, got, leftover)


def test_anonymize_to_a_folder_equals_duckdb(case: Case, spark: Any) -> None:
    same_run(case.got, case.want)
    assert case.want.passed and case.got.output == "parquet folder " + repr(
        str(case.folder / "out/release.parquet")
    )
    want = csv_rows(case.folder / f"out/release_{SEED}.csv")
    out = case.folder / "out" / "release.parquet"
    assert (out / "_SUCCESS").is_file()
    assert as_text(spark.read.parquet(out.as_uri()).collect()) == want
    with duckdb.connect() as con:
        assert as_text(con.execute("SELECT * FROM read_parquet(?)", [f"{out}/*.parquet"]).fetchall()) == want
    # the killed run's staging folder was removed; the run left nothing of its own
    assert sorted(p.name for p in out.parent.iterdir()) == ["release.parquet", f"release_{SEED}.csv"]


def test_check_reads_the_folder(case: Case) -> None:
    """``check`` of the folder (spelled as a path and as a file: URI) gives DuckDB's verdicts on
    its CSV release."""
    columns = {k: v for k, v in case.config["columns"].items() if v["role"] != "identifier"}
    config = {k: v for k, v in case.config.items() if k not in ("output", "overwrite")} | {"columns": columns}
    want = api.check(dict(config, source=f"out/release_{SEED}.csv"), base_dir=case.folder)
    uri = (case.folder / "out" / "release.parquet").as_uri()
    got = api.check(
        dict(config, engine={"kind": "spark"}, source={"path": uri, "format": "parquet"}),
        base_dir=case.folder,
    )
    assert got.passed == want.passed and got.rows_in == want.rows_in == case.want.rows_out
    assert [(c["criterion"], c["passed"], c["violating_rows"]) for c in got.checks] == [
        (c["criterion"], c["passed"], c["violating_rows"]) for c in want.checks
    ]


def _rows(rng: random.Random) -> list[tuple[str | None, str | None]]:
    """Text a CSV writer must quote: delimiters, quotes, line breaks, empty text and NULLs."""
    pieces = ["a", "b,c", 'say "hi"', "x\ny", "", None, "é"]
    return [(f"k{i}", rng.choice(pieces)) for i in range(rng.randint(3, 8))]


def _stage(engine: Any, spark: Any, rows: list[tuple[str | None, str | None]], output: TableRef) -> Any:
    spark.createDataFrame(rows, "k STRING, v STRING").createOrReplaceTempView("files_rows")
    return publish.stage(engine, exp.select("*").from_("files_rows"), output)


def _read(engine: Any, target: Path) -> Counter[tuple[Any, ...]]:
    """The folder as its files hold it (read by DuckDB with a quoted empty text kept apart from
    NULL), and as the gate reads it, which must agree (Spark's CSV reader, like DuckDB's by
    default, reads a quoted empty text as NULL)."""
    name = read_table(engine, TableRef("csv", target, folder=True), what="release")
    spark_read = Counter(engine.fetchall(exp.select("*").from_(name)))
    with duckdb.connect() as con:
        files = Counter(
            con.execute(
                "SELECT * FROM read_csv(?, all_varchar = true, allow_quoted_nulls = false)",
                [f"{target}/*.csv"],
            ).fetchall()
        )
    assert spark_read == Counter({(k, v or None): n for (k, v), n in files.items()})
    return files


def test_csv_folder_replaced_only_with_overwrite_and_undone_whole(spark: Any, tmp_path: Path) -> None:
    """The staged write and the commit's swap of a CSV folder (what anonymize does after the
    search), read back as the gate reads it: a new folder, one replaced with overwrite, and a
    commit undone (a failure or a stop signal before the commit is final) leaving the previous
    folder whole. (A folder that appears meanwhile without overwrite: tests/release/
    test_folder_swap.py.)"""
    from sqlanon.engines.spark.engine import SparkEngine

    rng = random.Random(SEED)
    engine = SparkEngine.borrow(spark)
    target = tmp_path / "out" / "rel"
    output = TableRef("csv", target, folder=True)
    try:
        first = _rows(rng)
        staged = _stage(engine, spark, first, output)
        staged.commit(engine, overwrite=False)
        staged.finish(engine)
        assert _read(engine, target) == Counter(first)
        files = {p.name: p.read_bytes() for p in target.iterdir()}
        staged = _stage(engine, spark, _rows(rng), output)
        staged.commit(engine, overwrite=True)
        staged.abort(engine)  # after the swap: the previous folder back
        assert {p.name: p.read_bytes() for p in target.iterdir()} == files
        second = _rows(rng)
        staged = _stage(engine, spark, second, output)
        staged.commit(engine, overwrite=True)
        staged.finish(engine)
        assert _read(engine, target) == Counter(second)
        assert os.listdir(target.parent) == ["rel"]
    finally:
        engine.close()
        spark.catalog.dropTempView("files_rows")


def test_never_over_what_it_reads(case: Case, spark: Any, tmp_path: Path) -> None:
    """The output folder may not be the source's file or folder, hold it, or lie in it, by any
    spelling (relative, ``..``, a trailing slash, a symbolic link, a ``file:`` URI); nor hold a
    hierarchy file, nor the folder of a Spark table the source reads. An existing folder is not
    replaced without overwrite, nor with it when Spark did not write it. Nothing is touched."""
    folder = case.folder
    data = folder / "data"
    data.mkdir(exist_ok=True)
    source = data / "people.csv"
    source.write_bytes((folder / f"people_{SEED}.csv").read_bytes())
    link = folder / "link"
    if not link.exists():
        link.symlink_to(data, target_is_directory=True)
    released = folder / "out" / "release.parquet"
    spark.createDataFrame([("1",)], "x STRING").write.mode("overwrite").saveAsTable("default.files_src")
    location = next(
        str(r[1])
        for r in spark.sql("DESCRIBE TABLE EXTENDED default.files_src").collect()
        if r[0] == "Location"
    )
    table_folder = Path(location.removeprefix("file:"))
    before = {p: p.read_bytes() for p in (source, *released.iterdir())}

    def refused(source: Any, output: str, says: str, overwrite: bool = True) -> None:
        config = spark_config(
            case.config, source=source, output={"path": output, "format": "parquet"}, overwrite=overwrite
        )
        with pytest.raises(InputError) as err:
            api.anonymize(config, base_dir=folder)
        assert says in str(err.value), (output, str(err.value))

    itself = "is the source itself"
    inside = "lie one inside the other"
    for spelled, says in [
        ("data/people.csv", itself),
        ("./data/../data//people.csv", itself),
        (f"file://{source}", itself),
        ("link/people.csv", itself),
        ("data", inside),
        ("data/", inside),
        (f"file:{data}/", inside),
        ("link", inside),
        (".", inside),
        ("hierarchies", inside),
    ]:
        refused("data/people.csv", spelled, says)
    folder_source = {"path": "out/release.parquet", "format": "parquet"}
    for spelled, says in [
        ("out/release.parquet/", itself),
        ("out/../out/release.parquet", itself),
        ("out/release.parquet/sub", inside),
        ("out", inside),
    ]:
        refused(folder_source, spelled, says)
    table_source = {"table": "default.files_src"}
    for spelled in (str(table_folder), f"{table_folder}/sub", str(table_folder.parent)):
        refused(table_source, spelled, "which the source reads")
    refused("data/people.csv", "out/release.parquet", "already exists; set overwrite: true", overwrite=False)
    (folder / "mine").mkdir(exist_ok=True)
    (folder / "mine" / "notes.txt").write_text("not Spark's")
    refused("data/people.csv", "mine", "holds files but no _SUCCESS")
    refused("data/people.csv", "mine/notes.txt", "is a file")
    assert {p: p.read_bytes() for p in (source, *released.iterdir())} == before
    assert (folder / "mine" / "notes.txt").read_text() == "not Spark's"
    assert not [p for p in folder.rglob(".sqlanon-*")]
    spark.sql("DROP TABLE default.files_src")
