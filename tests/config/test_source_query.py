"""``source: {query: ...}`` on DuckDB: the same release and verdicts as the table the query
returns given as a file; statements that write refused before any work, without repeating the
query; never over a file the query reads."""

from __future__ import annotations

import csv
import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from sqlanon import api
from sqlanon.config.source_query import parse_query, query_tables
from sqlanon.demo import generate_people, write_demo
from sqlanon.errors import ConfigError, DataError, InputError
from tests.support.cases import seeds
from tests.support.sqlhelpers import same as _same

COLUMNS = ["name", "zip", "age", "sex", "disease", "salary"]


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any], dict[str, Any]]:
    folder = tmp_path_factory.mktemp("query")
    anonymize_yaml, check_yaml = write_demo(folder, rows=10)
    return folder, yaml.safe_load(anonymize_yaml.read_text()), yaml.safe_load(check_yaml.read_text())


def _write(path: Path, rows: list[dict[str, Any]]) -> None:
    with path.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(rows)


@pytest.mark.slow
@pytest.mark.parametrize("seed", seeds(4))
def test_a_query_gives_what_its_rows_as_a_file_give(
    demo: tuple[Path, dict[str, Any], dict[str, Any]], seed: int
) -> None:
    """The query filters and renames; the reference is the filtered rows written as a CSV file
    (filtered in Python)."""
    folder, base, check = demo
    rng = random.Random(seed)
    rows = generate_people(rng.randint(150, 400), seed=seed)
    for row in rows:  # the query renames this column back to disease
        row["diagnosis"] = row.pop("disease")
    raw = folder / f"raw_{seed}.csv"
    with raw.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=["name", "zip", "age", "sex", "diagnosis", "salary"])
        writer.writeheader()
        writer.writerows(rows)
    low = rng.choice([20, 30, 40])
    kept = [
        {**{c: r[c] for c in COLUMNS if c != "disease"}, "disease": r["diagnosis"]}
        for r in rows
        if int(r["age"]) >= low
    ]
    _write(folder / f"kept_{seed}.csv", kept)
    query = (
        f"SELECT name, zip, CAST(age AS VARCHAR) AS age, sex, diagnosis AS disease, CAST(salary AS VARCHAR) AS salary "
        f"FROM read_csv('{raw}', all_varchar = true) WHERE CAST(age AS INTEGER) >= {low}"
    )
    criteria = [{"k-anonymity": {"k": rng.choice([2, 3, 5])}}]
    limit = rng.choice([0, 0.05])
    want = api.anonymize(
        dict(
            base,
            source=f"kept_{seed}.csv",
            output=f"want_{seed}.csv",
            criteria=criteria,
            suppression_limit=limit,
        ),
        base_dir=folder,
    )
    got = api.anonymize(
        dict(
            base,
            source={"query": query},
            output=f"got_{seed}.csv",
            criteria=criteria,
            suppression_limit=limit,
        ),
        base_dir=folder,
    )
    assert (got.passed, got.node, got.rows_in, got.rows_out) == (
        want.passed,
        want.node,
        len(kept),
        want.rows_out,
    )
    assert (folder / f"got_{seed}.csv").read_text() == (folder / f"want_{seed}.csv").read_text()
    gate_want = api.check(dict(check, source=f"kept_{seed}.csv"), base_dir=folder)
    gate_got = api.check(dict(check, source={"query": query}), base_dir=folder)
    assert gate_got.passed == gate_want.passed and len(gate_got.checks) == len(gate_want.checks)
    for g, w in zip(gate_got.checks, gate_want.checks, strict=True):
        assert g.keys() == w.keys() and all(_same(g[key], w[key]) for key in w), (g, w)  # floats: 1e-9


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("DELETE FROM people WHERE name = 'Ann Secret'", r"is not a query \(it reads as DELETE\)"),
        ("SELECT 1; SELECT 2", "holds 2 statements; give exactly one SELECT"),
        (
            "SELECT * INTO kept FROM people WHERE name = 'Ann Secret'",
            r"contains SELECT \.\.\. INTO, which writes",
        ),
        ("WITH d AS (DELETE FROM people RETURNING *) SELECT * FROM d", "contains DELETE, which writes"),
        ("CREATE TABLE t AS SELECT 'Ann Secret'", r"is not a query \(it reads as CREATE\)"),
        ("SELECT FROM WHERE 'Ann Secret' ((", "cannot be parsed"),
        # sqlglot's tokenizer quotes the text around an unclosed string or comment
        (
            "SELECT * FROM people WHERE name = 'Ann Secret",
            "a quoted string or name, or a comment, is not closed",
        ),
        ("SELECT * FROM people /* Ann Secret", "a quoted string or name, or a comment, is not closed"),
        ("", "query must be the text of a SELECT statement"),
    ],
)
def test_statements_that_write_are_refused_without_repeating_them(
    demo: tuple[Path, dict[str, Any], dict[str, Any]], query: str, message: str
) -> None:
    folder, _, check = demo
    with pytest.raises(ConfigError, match=message) as err:
        api.check(dict(check, source={"query": query}), base_dir=folder)
    assert "Secret" not in str(err.value)


def test_query_errors_name_no_value(demo: tuple[Path, dict[str, Any], dict[str, Any]]) -> None:
    folder, base, check = demo
    people = folder / "people.csv"
    with pytest.raises(DataError, match=r"Cannot run the source query: .*nosuch") as err:
        api.check(
            dict(check, source={"query": "SELECT * FROM nosuch WHERE name = 'Ann Secret'"}), base_dir=folder
        )
    assert "Secret" not in str(err.value)
    with pytest.raises(DataError, match="The source query returns no rows"):
        api.check(dict(check, source={"query": f"SELECT * FROM '{people}' WHERE false"}), base_dir=folder)
    with pytest.raises(ConfigError, match="output cannot be a query"):
        api.anonymize(dict(base, output={"query": "SELECT 1"}), base_dir=folder)
    with pytest.raises(ConfigError, match="csv: options apply to a CSV source only"):
        api.check(dict(check, source={"query": "SELECT 1"}, csv={"delimiter": ";"}), base_dir=folder)


def test_never_over_a_file_the_query_reads(demo: tuple[Path, dict[str, Any], dict[str, Any]]) -> None:
    folder, base, _ = demo
    rows = generate_people(120, seed=9)
    _write(folder / "mine.csv", rows)
    before = (folder / "mine.csv").read_bytes()
    for query, output in [
        (f"SELECT * FROM '{folder / 'mine.csv'}'", "mine.csv"),
        (f"SELECT * FROM read_csv(['{folder / 'other.csv'}', '{folder / 'mine.csv'}'])", "mine.csv"),
        (f"SELECT * FROM read_csv('{folder}/mi*.csv')", "mine.csv"),
    ]:
        with pytest.raises(
            InputError, match="is a file the source reads; sqlanon never writes over its source"
        ):
            api.anonymize(dict(base, source={"query": query}, output=output, overwrite=True), base_dir=folder)
    query = f"SELECT * FROM read_csv(lower('{folder / 'MINE.csv'}'))"  # a computed name: cannot follow
    with pytest.raises(InputError, match="may be a file the source reads"):
        api.anonymize(dict(base, source={"query": query}, output="mine.csv", overwrite=True), base_dir=folder)
    assert (folder / "mine.csv").read_bytes() == before


@pytest.mark.parametrize("dialect", ["duckdb", "postgres", "spark"])
def test_query_tables_are_named_as_the_engine_resolves_them(dialect: str) -> None:
    tree = parse_query(
        'WITH c AS (SELECT 1 AS x) SELECT * FROM Staging.People AS p JOIN "Src"."T" ON TRUE JOIN c ON TRUE',
        dialect,
    )
    named = query_tables(tree, dialect)
    quoted = ("Src", "T") if dialect == "postgres" else ("src", "t")
    assert named.tables == [("staging", "people"), quoted]
    assert not named.unknown_calls and not named.functions
    assert query_tables(parse_query("SELECT my_fn(a) FROM t", dialect), dialect).unknown_calls
    assert query_tables(parse_query("SELECT lower(a) FROM t", dialect), dialect).unknown_calls is False
    # a table of a catalog (Spark's catalog.schema.name): apart, the catalog as written
    named = query_tables(parse_query("SELECT * FROM Lake.Src.T JOIN u ON TRUE", dialect), dialect)
    assert named.in_catalogs == [("Lake", "src", "t")]
    assert named.tables == [("", "u")]
