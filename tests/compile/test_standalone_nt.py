"""``sqlanon compile`` writes (n,t)-closeness: each quasi-identifier's generalization table is
defined in SQL from the table's labels and the hierarchy written in as VALUES, and the printed
statement returns the classes ``check --show-violations`` lists (labels, rows, measure within
1e-9), in DuckDB, PostgreSQL and Spark, on random tables published at random levels (NULL
cells included). A table whose labels are no level's is refused by check; compile's guard
statement then names the column."""

from __future__ import annotations

import csv
import random
from pathlib import Path
from typing import Any

import duckdb
import pytest

from sqlanon import api
from sqlanon.errors import DataError
from tests.compile.test_standalone import (
    ALL,
    _demo,
    _duckdb_release,
    _on_postgres,
    _release_case,
    _same_classes,
    _same_rows,
    _texts,
    release_equals_apply,
)
from tests.engines.conformance import CHECK_COLUMNS as COLUMNS
from tests.engines.conformance import check_rows as _rows
from tests.support.cases import seeds

NT = [
    {"nt-closeness": {"n": 8, "t": 0.2, "distance": "equal", "attribute": "disease"}},
    {"nt-closeness": {"n": 15, "t": 0.15, "distance": "ordered", "attribute": "salary"}},
    {"nt-closeness": {"n": 10, "t": 0.2, "distance": "hierarchical", "attribute": "disease"}},
]


def _zip(value: str | None, level: int) -> str | None:
    return None if value is None else (value, value[:3] + "**", "*")[level]


def _age(value: int | None, level: int) -> str | None:
    if value is None:  # the hierarchy's empty leaf: 'unknown' above level 0
        return None
    return (str(value), f"{value // 10 * 10}s", "*")[level]


def _case(folder: Path, seed: int) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """Random rows with zip and age published at random levels of their (written-out)
    hierarchies, sex without one, and one (n,t)-closeness criterion."""
    rng = random.Random(300 + seed)
    raw = _rows(seed)
    zl, al = rng.randint(0, 2), rng.randint(0, 2)
    rows = [dict(r, zip=_zip(r["zip"], zl), age=_age(r["age"], al)) for r in raw]
    zips = sorted({r["zip"] for r in raw if r["zip"] is not None})
    ages = sorted({r["age"] for r in raw if r["age"] is not None})
    (folder / f"zip{seed}.csv").write_text("".join(f"{z};{z[:3]}**;*\n" for z in zips))
    (folder / f"age{seed}.csv").write_text("".join(f"{a};{a // 10 * 10}s;*\n" for a in ages) + ";unknown;*\n")
    path = folder / f"nt{seed}.csv"
    with path.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    config = {
        "source": path.name,
        "columns": {
            "zip": {"role": "quasi", "hierarchy": f"zip{seed}.csv"},
            "age": {"role": "quasi", "hierarchy": f"age{seed}.csv"},
            "sex": "quasi",
            "disease": {"role": "sensitive", "hierarchy": "hierarchies/disease.yaml"},
            "salary": "sensitive",
        },
        "criteria": [rng.choice(NT)],
    }
    return rows, config


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _demo(tmp_path_factory.mktemp("nt"), 1)[0]


def _gate_rows(statements: Any, run: Any) -> list[list[tuple[Any, ...]]]:
    """Each criterion statement's rows; the guards (labels of one level) must return none."""
    out = []
    for s in statements:
        rows = [tuple(r) for r in run(s.sql)]
        if "a row here says they do not" in s.criterion:
            assert rows == [], (s.criterion, rows)
        else:
            out.append(rows)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("seed", seeds(12))
def test_the_printed_statement_in_duckdb_lists_checks_violating_classes(folder: Path, seed: int) -> None:
    _, config = _case(folder, seed)
    want = api.check(config, base_dir=folder, show_violations=ALL)
    compiled = api.compile_sql(config, base_dir=folder, dialect="duckdb")
    con = duckdb.connect()
    _same_classes(want, _gate_rows(compiled.statements, lambda sql: con.sql(sql).fetchall()))


@pytest.mark.slow
def test_the_cases_cover_passing_failing_and_every_distance(folder: Path) -> None:
    outcomes = set()
    for seed in range(12):
        _, config = _case(folder, seed)
        report = api.check(config, base_dir=folder)
        ((_, params),) = config["criteria"][0].items()
        outcomes.add((params["distance"], report.passed))
    assert {d for d, _ in outcomes} == {"equal", "ordered", "hierarchical"}
    assert {p for _, p in outcomes} == {True, False}, outcomes


@pytest.mark.slow
@pytest.mark.parametrize("seed", seeds(4))
def test_labels_repeated_up_the_hierarchy_are_read_at_the_highest_level(folder: Path, seed: int) -> None:
    """A hierarchy whose level-1 and level-2 labels are the same (zip 130** at both): the
    published labels hold for both levels and generalize alike from either, so check takes the
    highest, and the compiled guard passes and the statement lists check's classes (before,
    both refused the table, though apply publishes it)."""
    rows, config = _case(folder, seed)
    raw = _rows(seed)
    zips = sorted({r["zip"] for r in raw if r["zip"] is not None})
    (folder / f"zip_repeated{seed}.csv").write_text("".join(f"{z};{z[:3]}**;{z[:3]}**;*\n" for z in zips))
    path = folder / f"repeated{seed}.csv"
    with path.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(dict(r, zip=_zip(o["zip"], 1)) for r, o in zip(rows, raw, strict=True))
    columns = dict(config["columns"], zip={"role": "quasi", "hierarchy": f"zip_repeated{seed}.csv"})
    config = dict(config, source=path.name, columns=columns)
    want = api.check(config, base_dir=folder, show_violations=ALL)
    compiled = api.compile_sql(config, base_dir=folder, dialect="duckdb")
    con = duckdb.connect()
    _same_classes(want, _gate_rows(compiled.statements, lambda sql: con.sql(sql).fetchall()))


@pytest.mark.slow
def test_labels_of_no_single_level_are_refused_by_check_and_flagged_by_the_guard(folder: Path) -> None:
    _, config = _case(folder, 0)
    mixed = [dict(r, zip=_zip(r["zip"], i % 2) if r["zip"] else None) for i, r in enumerate(_rows(0))]
    path = folder / "mixed.csv"
    with path.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(mixed)
    config = dict(config, source=path.name)
    with pytest.raises(DataError, match="'zip' are not the labels of one level"):
        api.check(config, base_dir=folder)
    compiled = api.compile_sql(config, base_dir=folder, dialect="duckdb")
    con = duckdb.connect()
    flagged = [
        con.sql(s.sql).fetchall() for s in compiled.statements if "a row here says they do not" in s.criterion
    ]
    assert [r for rows in flagged for r in rows] == [("zip", 0)]


def test_a_source_named_as_a_guards_own_cte_is_read_as_itself(folder: Path) -> None:
    """The guards of the labels' levels define CTEs of short names (p, t, ...) after the one
    that reads the source: a source table of one of those names is still the table (a CTE sees
    only the CTEs before it), and the statements give check's classes on it."""
    import sqlglot

    from sqlanon.compile import OWN_NAMES

    _, config = _case(folder, 0)
    want = api.check(config, base_dir=folder, show_violations=ALL)
    guards = [
        s
        for s in api.compile_sql(config, base_dir=folder, dialect="duckdb").statements
        if "they do not" in s.criterion
    ]
    names = {
        cte.alias
        for g in guards
        for cte in sqlglot.parse_one(g.sql, read="duckdb").args["with_"].expressions
        if not OWN_NAMES.fullmatch(cte.alias)
    }
    assert guards and "t" in names, names
    for name in sorted(names):
        database = folder / f"named_{name}.duckdb"
        with duckdb.connect(str(database)) as con:
            con.execute(
                f'CREATE TABLE "{name}" AS SELECT * REPLACE (CAST(salary AS INTEGER) AS salary) '
                "FROM read_csv(?, all_varchar = true)",
                [str(folder / config["source"])],
            )
        on_table = dict(config, source={"database": database.name, "table": name})
        compiled = api.compile_sql(on_table, base_dir=folder, dialect="duckdb")
        with duckdb.connect(str(database), read_only=True) as con:
            _same_classes(want, _gate_rows(compiled.statements, lambda sql: con.sql(sql).fetchall()))


def test_a_hierarchy_built_from_values_is_refused_with_the_reason(folder: Path) -> None:
    _, config = _case(folder, 1)
    built = dict(
        config, columns=dict(config["columns"], age={"role": "quasi", "hierarchy": "hierarchies/age.yaml"})
    )
    (statement,) = api.compile_sql(built, base_dir=folder, dialect="duckdb").statements
    assert statement.sql is None and "hierarchy of 'age' is built from the column's values" in statement.why


def _hierarchy_files(folder: Path, seed: int, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """ARX-style hierarchy files of the release case's quasi-identifiers (zip and age of
    height 3, sex of height 1), as its columns."""
    zips = sorted({r["zip"] for r in rows})
    ages = sorted({int(r["age"]) for r in rows})
    lines = {
        "zip": [f"{z};{z[:4]}*;{z[:3]}**;*" for z in zips],
        "age": [f"{a};{a // 10 * 10}-{a // 10 * 10 + 9};{a // 20 * 20}-{a // 20 * 20 + 19};*" for a in ages],
        "sex": [f"{s};*" for s in sorted({r["sex"] for r in rows})],
    }
    columns = {}
    for q, text in lines.items():
        (folder / f"release_{q}{seed}.csv").write_text("\n".join(text) + "\n")
        columns[q] = {"role": "quasi", "hierarchy": f"release_{q}{seed}.csv"}
    return columns


def _nt_release_case(folder: Path, base: dict[str, Any], seed: int) -> tuple[dict[str, Any], dict[str, int]]:
    """A release case (test_standalone's) with file hierarchies, an error-severity
    (n,t)-closeness (n up to the table's size: then only the supersets near the top qualify),
    sometimes k-anonymity, and a random node and suppression limit."""
    rng = random.Random(800 + seed)
    config, _ = _release_case(folder, base, seed)
    rows = list(csv.DictReader((folder / config["source"]).open()))
    columns = dict(config["columns"], **_hierarchy_files(folder, seed, rows))
    ((kind, params),) = rng.choice(NT).items()
    nt = {kind: dict(params, n=rng.choice([params["n"], rng.randint(5, len(rows))]))}
    criteria = [nt] + ([{"k-anonymity": {"k": rng.choice([2, 3, 5])}}] if rng.random() < 0.5 else [])
    config = dict(config, columns=columns, criteria=criteria, suppression_limit=rng.choice([0, 0.3, 0.9]))
    return config, {"zip": rng.randint(0, 3), "age": rng.randint(0, 3), "sex": rng.randint(0, 1)}


@pytest.fixture(scope="module")
def release_folder(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    return _demo(tmp_path_factory.mktemp("nt_release"), 0)


@pytest.mark.slow
def test_the_release_of_a_node_suppresses_and_gates_with_it_as_apply_does(
    release_folder: tuple[Path, dict[str, Any]],
) -> None:
    """compile --node with an error-severity (n,t)-closeness: the release's suppression finds
    each class's natural supersets from the node's levels, and the printed release and gate
    agree with apply on random tables, nodes and suppression limits."""
    folder, base = release_folder
    # seeds 0-5 publish and fail; 14 suppresses (the only one of 0-15 that does)
    outcomes = [
        release_equals_apply(folder, *_nt_release_case(folder, base, seed)) for seed in (*range(6), 14)
    ]
    assert set(outcomes) == {"published", "suppressed", "failed"}, outcomes


@pytest.mark.parametrize("seed", [0, 14])  # published; suppressed
def test_the_release_of_a_node_in_postgres_equals_duckdbs(
    release_folder: tuple[Path, dict[str, Any]], compiled_pg: Any, postgres: Any, seed: int
) -> None:
    folder, base = release_folder
    config, node = _nt_release_case(folder, base, seed)
    rows = list(csv.DictReader((folder / config["source"]).open()))
    typed = [dict(r, age=int(r["age"]), salary=int(r["salary"])) for r in rows]
    on_pg = _on_postgres(compiled_pg, postgres, 300 + seed, typed, config)
    compiled = api.compile_sql(on_pg, node=node, base_dir=folder)
    assert compiled.release is not None
    got = _texts(compiled_pg.execute(compiled.release).fetchall())
    assert got and got == _duckdb_release(folder, config, node)
    duck = api.compile_sql(config, node=node, base_dir=folder, dialect="duckdb").statements
    con = duckdb.connect()
    assert len(compiled.statements) == len(duck)
    for on_pg_, on_duck in zip(compiled.statements, duck, strict=True):
        _same_rows(compiled_pg.execute(on_pg_.sql).fetchall(), con.sql(on_duck.sql).fetchall())


@pytest.mark.parametrize("seed", seeds(4))
def test_the_printed_statement_in_postgres_lists_checks_violating_classes(
    folder: Path, compiled_pg: Any, postgres: Any, seed: int
) -> None:
    rows, config = _case(folder, seed)
    want = api.check(config, base_dir=folder, show_violations=ALL)
    # age holds labels such as 20s
    on_pg = _on_postgres(compiled_pg, postgres, seed, rows, config, table=f"nt_{seed}", age="text")
    compiled = api.compile_sql(on_pg, base_dir=folder)
    _same_classes(want, _gate_rows(compiled.statements, lambda sql: compiled_pg.execute(sql).fetchall()))


def test_the_printed_statements_in_spark_list_checks_violating_classes(folder: Path, spark: Any) -> None:
    spark.sql("CREATE DATABASE IF NOT EXISTS compiled")
    schema = "zip string, age string, sex string, disease string, salary int"
    # one table: the other seeds' statements are the same SQL, run on DuckDB and PostgreSQL above,
    # and (n,t)-closeness runs on Spark in test_conformance.py too (Spark's tests set CI's length)
    for seed in range(1):
        rows, config = _case(folder, seed)
        want = api.check(config, base_dir=folder, show_violations=ALL)
        frame = spark.createDataFrame([tuple(r[c] for c in COLUMNS) for r in rows], schema)
        frame.write.mode("overwrite").saveAsTable(f"compiled.nt_{seed}")
        on_spark = dict(config, source={"table": f"compiled.nt_{seed}"}, engine={"kind": "spark"})
        compiled = api.compile_sql(on_spark, base_dir=folder)
        _same_classes(want, _gate_rows(compiled.statements, lambda sql: spark.sql(sql).collect()))
