"""Spark's catalogs: tables named ``catalog.schema.name`` in the session catalog under its own
name (``spark_catalog``) and in a second, V2, catalog the test session configures (``dby``:
Spark's JDBC catalog over an in-memory Derby database, tests/conftest.py), read, checked and
published as DuckDB does on the same rows; the guards know a table by every spelling of it;
the messages name the catalog. A three-part name on another engine is refused."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

from sqlanon import api
from sqlanon.errors import ConfigError, DataError, InputError
from tests.api.test_connection import csv_rows
from tests.engines.conformance import (
    CHECK_COLUMNS,
    EXTRA,
    SparkAdapter,
    as_text,
    check_rows,
    people_rows,
    write_csv,
)
from tests.engines.test_snapshots import MODELS
from tests.support.sqlhelpers import same as _same

#: the V2 catalog of the test session (tests/conftest.py)
CATALOG = "dby"


class CatalogAdapter(SparkAdapter):
    """The conformance tests' tables spelled with their catalogs: sources (src) in the session
    catalog named as ``spark_catalog``, releases (rel) and checked tables (gate) in the JDBC
    catalog."""

    places: ClassVar[dict[str, str]] = {
        "src": "spark_catalog.src",
        "rel": f"{CATALOG}.rel",
        "gate": f"{CATALOG}.gate",
    }

    def __init__(self, folder: Path, server: Any) -> None:
        super().__init__(folder, server)
        for schema in ("src", "rel", "gate"):
            server.sql(f"CREATE NAMESPACE IF NOT EXISTS {CATALOG}.{schema}")

    def spell(self, table: str) -> str:
        schema, _, name = table.partition(".")
        return f"{self.places[schema]}.{name}"

    def ref(self, table: str) -> Any:
        return {"table": self.spell(table)}

    def described(self, table: str) -> str:
        return f"table {self.spell(table)!r} of the engine's database"

    def load(self, table: str, rows: Any, columns: Any = None) -> None:
        spelled = self.spell(table)
        frame = self.frame(self.server, rows, *([columns] if columns else []))
        if spelled.startswith(f"{CATALOG}."):  # the JDBC catalog makes tables without a data source
            self.server.sql(f"DROP TABLE IF EXISTS {spelled}")
            frame.writeTo(spelled).create()
        else:
            frame.write.mode("overwrite").saveAsTable(spelled)

    def count(self, table: str) -> int:
        return super().count(self.spell(table))

    def exists(self, table: str) -> bool:
        return super().exists(self.spell(table))

    def published(self, table: str) -> Counter[tuple[str, ...]]:
        return as_text(self.server.table(self.spell(table)).collect())

    def leftovers(self) -> list[str]:
        names = super().leftovers()
        for schema in ("src", "rel", "gate"):
            names += [r.tableName for r in self.server.sql(f"SHOW TABLES IN {CATALOG}.{schema}").collect()]
        return [n for n in names if "__sqlanon" in n]


@pytest.fixture(scope="module")
def on(tmp_path_factory: pytest.TempPathFactory, spark: Any) -> Iterator[CatalogAdapter]:
    adapter = CatalogAdapter(tmp_path_factory.mktemp("sparkcatalogs"), spark)
    try:
        yield adapter
    finally:
        adapter.close()


def test_check_of_a_v2_catalog_table_equals_duckdb(on: CatalogAdapter) -> None:
    """check of ``dby.gate.people_5`` (a table of the JDBC catalog) against DuckDB's check of
    the same rows: verdicts and observed values."""
    rows = check_rows(5)
    path = on.folder / "gate_5.csv"
    write_csv(path, rows, CHECK_COLUMNS)
    on.load("gate.people_5", rows, CHECK_COLUMNS)
    # two models (the models are compared with DuckDB's in test_conformance.py: here, the read)
    criteria = random.Random(5).sample(MODELS + EXTRA, 2)
    config = dict(on.check, criteria=criteria, source=path.name)
    want = api.check(config, base_dir=on.folder)
    got = api.check(on.on(config, source="gate.people_5"), base_dir=on.folder)
    assert got.passed == want.passed and got.rows_in == want.rows_in == len(rows)
    assert len(got.checks) == len(want.checks)
    for g, w in zip(got.checks, want.checks, strict=True):
        assert g.keys() == w.keys()
        for key in w:
            assert _same(g[key], w[key]), (key, g, w)


def test_the_source_by_every_spelling_is_never_the_output(on: CatalogAdapter, spark: Any) -> None:
    """The source named one way and the output another, by every spelling of one table:
    ``t``, ``default.t`` and ``spark_catalog.default.t`` (any case) in the session catalog;
    ``dby.src.t``, and ``src.t`` and ``t`` while the session's current catalog and schema are
    dby's; a view of the session catalog over the JDBC table, and a query naming it, as the
    source: refused before any work, naming the output as the configuration does."""
    folder, base = on.folder, on.base
    rows = people_rows(random.Random(11), 11)
    on.load("src.guarded", rows)  # spark_catalog.src
    spark.sql("CREATE DATABASE IF NOT EXISTS default")
    on.frame(spark, rows).write.mode("overwrite").saveAsTable("default.guarded")
    spark.sql(f"DROP TABLE IF EXISTS {CATALOG}.gate.guarded")
    on.frame(spark, rows).writeTo(f"{CATALOG}.gate.guarded").create()
    spark.sql(f"CREATE OR REPLACE VIEW default.guarded_v AS SELECT * FROM {CATALOG}.gate.guarded")

    def refused(source: Any, output: str, connection: Any = None) -> str:
        config = dict(base, source=source, output={"table": output}, overwrite=True)
        if connection is None:
            config["engine"] = {"kind": "spark"}
        stages: list[str] = []
        with pytest.raises(InputError) as err:
            api.anonymize(config, base_dir=folder, stage=stages.append, connection=connection)
        assert "searching the lattice" not in stages
        assert f"The output table {output!r} of " in str(err.value), err.value
        return str(err.value)

    session = [
        ("default.guarded", "guarded"),
        ("guarded", "spark_catalog.default.guarded"),
        ("spark_catalog.default.guarded", "default.guarded"),
        ("default.guarded", "Spark_Catalog.DEFAULT.Guarded"),  # the session catalog folds case
    ]
    for source, output in session:
        assert "is the source itself" in refused({"table": source}, output)
    assert "is the source itself" in refused({"table": f"{CATALOG}.gate.guarded"}, f"{CATALOG}.gate.guarded")
    said = refused({"table": "default.guarded_v"}, f"{CATALOG}.gate.guarded")
    assert "it is read by the view default.guarded_v" in said
    said = refused({"query": f"SELECT * FROM {CATALOG}.gate.guarded"}, f"{CATALOG}.gate.guarded")
    assert f"is a table the source query reads ({CATALOG}.gate.guarded)" in said
    # the JDBC catalog's schema as the session's current one: its table by shorter names
    spark.sql(f"USE {CATALOG}.gate")
    try:
        assert "is the source itself" in refused({"table": f"{CATALOG}.gate.guarded"}, "guarded", spark)
        assert "is the source itself" in refused({"table": "gate.guarded"}, f"{CATALOG}.gate.guarded", spark)
    finally:
        spark.sql("USE spark_catalog.default")
    assert on.count("src.guarded") == len(rows) == spark.table(f"{CATALOG}.gate.guarded").count()


def test_messages_name_the_catalog(on: CatalogAdapter, spark: Any) -> None:
    """A catalog the session does not have, a schema a catalog does not have, and an existing
    output of another catalog without overwrite: each message names the catalog."""
    folder, base = on.folder, on.base
    config = dict(base, engine={"kind": "spark"})
    with pytest.raises(
        ConfigError, match=r"The Spark session has no catalog 'lake'.*spark\.sql\.catalog\.lake"
    ):
        api.anonymize(
            dict(config, source={"table": "lake.src.people"}, output={"table": "rel.x"}), base_dir=folder
        )
    with pytest.raises(ConfigError, match="no catalog 'lake'"):
        api.anonymize(
            dict(config, source={"table": "src.guarded"}, output={"table": "lake.rel.x"}), base_dir=folder
        )
    with pytest.raises(DataError, match=f"there is no database 'nowhere' of the catalog '{CATALOG}'"):
        api.anonymize(
            dict(config, source={"table": f"{CATALOG}.nowhere.people"}, output={"table": "rel.x"}),
            base_dir=folder,
        )
    on.load("rel.existing", people_rows(random.Random(2), 2))
    with pytest.raises(InputError, match=f"The output table {CATALOG}.rel.existing already exists"):
        api.anonymize(
            dict(
                config,
                source={"table": "spark_catalog.src.guarded"},
                output={"table": f"{CATALOG}.rel.existing"},
                overwrite=False,
            ),
            base_dir=folder,
        )


def test_apply_across_catalogs_equals_duckdb(on: CatalogAdapter) -> None:
    """apply reading ``spark_catalog.src.people_3`` replaces ``dby.rel.applied_3``, a table of
    the JDBC catalog (overwrite: true: the release staged beside it in that catalog, the table
    renamed aside, the release renamed into place, the old table dropped), with the rows
    DuckDB's apply writes at the node DuckDB's anonymize finds, and the same verdicts. (A whole
    anonymize on Spark is test_conformance.py's: its reading and publishing are the same.)"""
    folder = on.folder
    rows = people_rows(random.Random(3), 3)
    write_csv(folder / "people_3.csv", rows)
    on.load("src.people_3", rows)
    on.load("rel.applied_3", rows[:2])  # an earlier release
    criteria = [{"k-anonymity": {"k": 2}}]
    config = dict(on.base, source="people_3.csv", output="out/applied_3.csv", criteria=criteria)
    want = api.anonymize(dict(config, output="out/anonymized_3.csv"), base_dir=folder)
    assert want.passed and want.node
    applied = api.apply(config, node=want.node, base_dir=folder)
    on_engine = dict(on.on(config, source="src.people_3", output="rel.applied_3"), overwrite=True)
    got = api.apply(on_engine, node=want.node, base_dir=folder)
    assert (got.passed, got.node, got.rows_in, got.rows_out) == (
        applied.passed, applied.node, applied.rows_in, applied.rows_out
    )  # fmt: skip
    assert [(c["criterion"], c["passed"], c["violating_rows"]) for c in got.checks] == [
        (c["criterion"], c["passed"], c["violating_rows"]) for c in applied.checks
    ]
    assert on.published("rel.applied_3") == csv_rows(folder / "out/applied_3.csv")
    assert on.leftovers() == []


@pytest.mark.parametrize(
    ("engine", "says"),
    [
        (
            {"kind": "postgres", "url": "postgresql://localhost:1/none"},
            "the engine's database is the one its url",
        ),
        ({"kind": "duckdb"}, "names a table of a database server, but the engine is embedded DuckDB"),
    ],
)
def test_a_three_part_name_elsewhere_is_refused(tmp_path: Path, engine: dict[str, Any], says: str) -> None:
    """Outside Spark, ``catalog.schema.name`` is refused by the configuration, before any
    connection, saying what names the engine takes."""
    config = {
        "source": {"table": "lake.src.people"},
        "output": {"table": "rel.people"},
        "engine": engine,
        "columns": {"zip": {"role": "quasi", "hierarchy": {"type": "mask"}}},
        "criteria": [{"k-anonymity": {"k": 2}}],
    }
    with pytest.raises(ConfigError, match=says):
        api.anonymize(config, base_dir=tmp_path)


def test_a_catalog_that_cannot_rename_is_named() -> None:
    """A V2 catalog that does not rename tables (none offline does: Spark's message, as its
    catalogs raise it) fails the swap with a message naming the staged table in its catalog and
    what to do, without Spark's quoted values."""
    pytest.importorskip("pyspark")
    from sqlanon.engines.spark.engine import SparkEngine

    engine = SparkEngine.__new__(SparkEngine)  # _failure reads nothing of a session
    text = "ALTER TABLE `lake`.`s`.`__sqlanon_staged_1` RENAME TO `people`"
    said = engine._failure(
        RuntimeError(
            "[UNSUPPORTED_FEATURE.TABLE_OPERATION] Table `s`.`x` does not support RENAME TABLE: 'Ann'"
        ),
        text,
    )
    assert said.cause == "rename" and said.sql == text
    assert "Spark cannot rename `lake`.`s`.`__sqlanon_staged_1` in its catalog" in str(said)
    assert "Ann" not in str(said) and "spark_catalog" in str(said)
    other = engine._failure(RuntimeError("[TABLE_OR_VIEW_NOT_FOUND] nope"), text)
    assert other.cause is None  # another failure of a rename stays Spark's own message
