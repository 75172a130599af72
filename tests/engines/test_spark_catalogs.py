"""Spark's catalogs: tables named ``catalog.schema.name`` in the session catalog under its own
name (``spark_catalog``) and in a second, V2, catalog the test session configures (``dby``:
Spark's JDBC catalog over an in-memory Derby database, tests/conftest.py), read, checked and
published as DuckDB does on the same rows; the guards know a table by every spelling of it;
the messages name the catalog. A three-part name on another engine is refused."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from sqlanon import api
from sqlanon.errors import ConfigError, DataError, InputError
from tests.api.test_connection import csv_rows
from tests.engines.conformance import SparkAdapter, as_text, people_rows, write_csv
from tests.engines.test_conformance import _same_release

#: the V2 catalog of the test session (tests/conftest.py)
CATALOG = "dby"


class CatalogAdapter(SparkAdapter):
    """The conformance tests' tables spelled with their catalogs: sources (src) in the session
    catalog named as ``spark_catalog``, releases (rel) and checked tables (gate) in the JDBC
    catalog."""

    places = {"src": "spark_catalog.src", "rel": f"{CATALOG}.rel", "gate": f"{CATALOG}.gate"}

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
        super().load(self.spell(table), rows, *([columns] if columns else []))

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
def on(tmp_path_factory: pytest.TempPathFactory, spark: Any) -> CatalogAdapter:
    return CatalogAdapter(tmp_path_factory.mktemp("sparkcatalogs"), spark)


def test_anonymize_and_apply_across_catalogs_equal_duckdb(on: CatalogAdapter) -> None:
    """anonymize reading ``spark_catalog.src.people_3`` and publishing ``dby.rel.release_3``
    equals DuckDB on the same rows (node, counts, metrics, verdicts, rows); apply at DuckDB's
    node republishes that table in the JDBC catalog (overwrite: true: the previous release
    renamed aside, the new one renamed into place, the previous one dropped), and publishes what
    DuckDB's apply writes."""
    _same_release(on, 3)
    folder = on.folder
    config = dict(on.base, source="people_3.csv", output="out/applied_3.csv", criteria=[{"k-anonymity": {"k": 2}}])
    want = api.anonymize(config, base_dir=folder)
    assert want.passed and want.node
    applied = api.apply(config, node=want.node, base_dir=folder)
    on_engine = dict(on.on(config, source="src.people_3", output="rel.release_3"), overwrite=True)
    got = api.apply(on_engine, node=want.node, base_dir=folder)
    assert (got.passed, got.rows_out) == (applied.passed, applied.rows_out)
    assert on.published("rel.release_3") == csv_rows(folder / "out/applied_3.csv")
    assert on.leftovers() == []


def test_check_of_a_v2_catalog_table_equals_duckdb(on: CatalogAdapter) -> None:
    """check of ``dby.gate.people_5`` against DuckDB's check of the same rows."""
    rng = random.Random(5)
    rows = people_rows(rng, 5)
    path = on.folder / "gate_5.csv"
    write_csv(path, rows)
    on.load("gate.people_5", rows)
    criteria = [{"k-anonymity": {"k": 2}}, {"l-diversity": {"l": 2, "attribute": "disease"}}]
    config = dict(on.check, criteria=criteria, source=path.name)
    want = api.check(config, base_dir=on.folder)
    got = api.check(on.on(config, source="gate.people_5"), base_dir=on.folder)
    assert got.passed == want.passed and got.rows_in == want.rows_in == len(rows)
    assert [(c["criterion"], c["passed"], c["violating_rows"]) for c in got.checks] == [
        (c["criterion"], c["passed"], c["violating_rows"]) for c in want.checks
    ]
