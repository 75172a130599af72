"""(n,t)-closeness in sqlanon's dbt package: the test takes the quasi-identifiers' hierarchies
as relations (``hierarchies: {zip: ..., age: ...}``; a quasi-identifier without one generalizes
only to '*'), builds each one's generalization table as ``compile`` writes it, and fails with
the classes ``sqlanon check --show-violations`` lists, on random tables published at random
levels (1 to 3 quasi-identifiers, every distance, with and without hierarchies), on DuckDB and
on PostgreSQL. A table whose labels are no level's is an error naming the column, as check
refuses it; sqlanon.release gates and suppresses with it as ``apply --node`` does.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any

import duckdb
import pytest

from sqlanon import api
from sqlanon.errors import InputError
from tests.compile.test_standalone import ALL
from tests.compile.test_standalone_nt import NT, _case, _zip
from tests.dbt.test_dbt import (
    HIERARCHY_TABLE,
    _by_class,
    _dbt,
    _disease_hierarchy,
    _failures,
    _jinja_literal,
    _load_people,
    _load_table,
    _project,
    _same,
    release_hierarchy_sources,
    release_matches_apply,
)
from tests.engines.conformance import CHECK_COLUMNS as COLUMNS
from tests.engines.conformance import check_rows as _rows

pytestmark = pytest.mark.xdist_group("dbt_nt")

TABLES = 10
#: the tables' column types: zip and age hold published labels
TYPES = {"zip": "TEXT", "age": "TEXT", "sex": "TEXT", "disease": "TEXT", "salary": "INTEGER"}
SOURCE = "source('people', '{}')"


def _load(con: Any, name: str, rows: list[dict[str, Any]], schema: str = "main") -> None:
    """``rows`` as the table ``schema.name`` (DuckDB or psycopg connection)."""
    con.execute(f'DROP TABLE IF EXISTS "{schema}"."{name}"')
    con.execute(f'CREATE TABLE "{schema}"."{name}" ({", ".join(f"{c} {t}" for c, t in TYPES.items())})')
    mark = "?" if schema == "main" else "%s"
    for r in rows:
        con.execute(
            f'INSERT INTO "{schema}"."{name}" VALUES ({", ".join([mark] * len(COLUMNS))})',
            [r[c] for c in COLUMNS],
        )


def _hierarchy_rows(folder: Path, name: str) -> list[tuple[str, ...]]:
    return [tuple(line.split(";")) for line in (folder / name).read_text().splitlines()]


@pytest.fixture(scope="module")
def nt_project(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Random published tables, each with two (n,t)-closeness tests over random
    quasi-identifiers (some with hierarchies), and one table of mixed levels."""
    folder = tmp_path_factory.mktemp("dbt_nt")
    _, disease = _disease_hierarchy(folder)
    tables: dict[str, list[dict[str, Any]]] = {}
    hierarchies: dict[str, list[tuple[str, ...]]] = {HIERARCHY_TABLE: disease}
    sources: dict[str, list[dict[str, Any]]] = {}
    cases: dict[str, tuple[str, list[str], dict[str, str], dict[str, Any]]] = {}
    for seed in range(TABLES):
        rows, config = _case(folder, seed)
        name = f"nt{seed}"
        tables[name] = rows
        for q in ("zip", "age"):
            hierarchies[f"{q}_h{seed}"] = _hierarchy_rows(folder, f"{q}{seed}.csv")
        rng = random.Random(700 + seed)
        sources[name] = []
        for j, criterion in enumerate([config["criteria"][0], rng.choice(NT)]):
            qis = rng.sample(["zip", "age", "sex"], rng.randint(1, 3))
            # a hierarchy for most quasi-identifiers that have one (sex has none)
            given = {q: f"{q}_h{seed}" for q in qis if q != "sex" and rng.random() < 0.75}
            ((_, params),) = criterion.items()
            arguments = {"quasi_identifiers": qis, "sensitive": params["attribute"]}
            arguments.update({k: v for k, v in params.items() if k != "attribute"})
            if given:
                arguments["hierarchies"] = {q: "{{ " + SOURCE.format(h) + " }}" for q, h in given.items()}
            if params["distance"] == "hierarchical":
                arguments["hierarchy"] = "{{ " + SOURCE.format(HIERARCHY_TABLE) + " }}"
            test_id = f"{name}_c{j}"
            sources[name].append({"sqlanon.nt_closeness": {"name": test_id, "arguments": arguments}})
            cases[test_id] = (name, qis, given, criterion)
    # labels of two levels of zip's hierarchy in one column: check refuses the table
    tables["mixed"] = [dict(r, zip=_zip(r["zip"], i % 2)) for i, r in enumerate(_rows(0))]
    mixed = {
        "quasi_identifiers": ["zip", "age"],
        "sensitive": "disease",
        "n": 5,
        "t": 0.2,
        "hierarchies": {"zip": "{{ " + SOURCE.format("zip_h0") + " }}"},
    }
    sources["mixed"] = [{"sqlanon.nt_closeness": {"name": "mixed_levels", "arguments": mixed}}]
    sources.update({h: [] for h in hierarchies})
    project = _project(folder / "project", sources)
    with duckdb.connect(str(project / "warehouse.duckdb")) as con:
        for name, rows in tables.items():
            _load(con, name, rows)
        for name, h in hierarchies.items():
            _load_table(con, name, h)
    return {
        "folder": folder,
        "project": project,
        "sources": sources,
        "tables": tables,
        "hierarchies": hierarchies,
        "cases": cases,
    }


def _run(project: Path, target: str = "duck") -> tuple[Any, str]:
    """dbt test with stored failures, and the message of the mixed-level table's test (an
    error)."""
    mixed = _dbt(project, "test", "--select", "mixed_levels", target=target)
    # (last: its run_results.json is read)
    result = _dbt(project, "test", "--store-failures", "--exclude", "mixed_levels", target=target)
    return result, " ".join((mixed.stdout + mixed.stderr).split())


@pytest.fixture(scope="module")
def nt_duck_run(nt_project: dict[str, Any]) -> tuple[Any, str, dict[str, Any]]:
    """The project's tests run once in dbt-duckdb: the process, the mixed-level table's
    message, and each test's stored failing rows (compared with check's, and PostgreSQL's)."""
    project = nt_project["project"]
    result, mixed = _run(project)
    with duckdb.connect(str(project / "warehouse.duckdb"), read_only=True) as con:
        return result, mixed, _failures(project, con, "main_dbt_test__audit")


def test_failing_rows_are_checks_violating_classes(
    nt_project: dict[str, Any], nt_duck_run: tuple[Any, str, dict[str, Any]]
) -> None:
    project, folder = nt_project["project"], nt_project["folder"]
    warehouse = project / "warehouse.duckdb"
    result, mixed, failures = nt_duck_run
    assert result.returncode in (0, 1), result.stdout + result.stderr
    assert failures.keys() == nt_project["cases"].keys()
    seen = set()
    for test_id, (table, qis, given, criterion) in nt_project["cases"].items():
        columns: dict[str, Any] = {q: "insensitive" for q in ("zip", "age", "sex")}
        for q in qis:
            columns[q] = {"role": "quasi", "hierarchy": f"{q}{table[2:]}.csv"} if q in given else "quasi"
        config = {
            "source": {"database": str(warehouse), "table": table},
            "columns": {
                **columns,
                "disease": {"role": "sensitive", "hierarchy": "hierarchies/disease.yaml"},
                "salary": "sensitive",
            },
            "criteria": [criterion],
        }
        report = api.check(config, base_dir=folder, show_violations=ALL)
        (entry,) = report.checks
        want = {
            tuple(v["class"][q] for q in qis): (v["rows"], v["observed"]) for v in entry.get("violations", [])
        }
        got = failures[test_id]
        assert not isinstance(got, str), got
        _same(_by_class(got, len(qis)), want)
        ((_, params),) = criterion.items()
        seen.add((params["distance"], report.passed, len(qis), bool(given)))
    assert result.returncode == (1 if any(failures.values()) else 0)
    # every distance, passing and failing, 1 to 3 quasi-identifiers, with and without hierarchies
    assert {s[0] for s in seen} == {"equal", "ordered", "hierarchical"}, seen
    assert {s[1] for s in seen} == {True, False} and {s[2] for s in seen} == {1, 2, 3}, seen
    assert {s[3] for s in seen} == {True, False}, seen
    assert "the values of the quasi-identifier zip do not say which level of its hierarchy" in mixed
    with pytest.raises(InputError, match="'zip' are not the labels of one level"):
        api.check(
            {
                "source": {"database": str(warehouse), "table": "mixed"},
                "columns": {
                    "zip": {"role": "quasi", "hierarchy": "zip0.csv"},
                    "age": "quasi",
                    "sex": "insensitive",
                    "disease": "sensitive",
                    "salary": "insensitive",
                },
                "criteria": [{"nt-closeness": {"n": 5, "t": 0.2, "attribute": "disease"}}],
            },
            base_dir=folder,
        )


def test_failing_rows_on_postgres_equal_duckdbs(
    nt_project: dict[str, Any], nt_duck_run: tuple[Any, str, dict[str, Any]], postgres: Any, tmp_path: Path
) -> None:
    import psycopg

    project = _project(tmp_path / "pg", nt_project["sources"], postgres)
    with psycopg.connect(postgres.url, password=os.environ[postgres.password_env], autocommit=True) as con:
        con.execute("CREATE SCHEMA IF NOT EXISTS dbt_people")
        for name, rows in nt_project["tables"].items():
            _load(con, name, rows, "dbt_people")
        for name, h in nt_project["hierarchies"].items():
            _load_table(con, name, h, "dbt_people")
        on_pg, pg_mixed = _run(project, target="pg")
        pg_failures = _failures(project, con, "dbt_gate_dbt_test__audit", "pg")
    on_duck, duck_mixed, duck_failures = nt_duck_run  # the same tables and tests in dbt-duckdb
    assert on_pg.returncode == on_duck.returncode, on_pg.stdout
    assert pg_failures.keys() == duck_failures.keys() == nt_project["cases"].keys()
    for test_id, (_, qis, _, _) in nt_project["cases"].items():
        pg, duck = pg_failures[test_id], duck_failures[test_id]
        assert not isinstance(pg, str) and not isinstance(duck, str), (pg, duck)
        _same(_by_class(pg, len(qis)), _by_class(duck, len(qis)))
    says = "the values of the quasi-identifier zip do not say which level"
    assert says in pg_mixed and says in duck_mixed, pg_mixed


RELEASES = 8


def test_the_release_macro_gates_with_it_as_apply_does(tmp_path: Path) -> None:
    """sqlanon.release with (n,t)-closeness among its criteria (the quasi-identifiers'
    hierarchies are the columns'), at random nodes and suppression limits, publishes what
    ``apply --node`` publishes, or fails where it does."""
    rng = random.Random(41)
    _, disease = _disease_hierarchy(tmp_path / "demo")
    files = tmp_path / "hierarchies"
    files.mkdir()
    (tmp_path / "project" / "models").mkdir(parents=True)
    sources: dict[str, list[dict[str, Any]]] = {HIERARCHY_TABLE: []}
    cases = {}
    for seed in range(RELEASES):
        rows = _rows(200 + seed)
        hierarchies = release_hierarchy_sources(files, seed, rows, sources)
        nt = dict(rng.choice(NT))
        criteria = [nt] + ([{"k-anonymity": {"k": 2}}] if rng.random() < 0.5 else [])
        node = {"zip": rng.randint(0, 3), "age": rng.randint(0, 3), "sex": rng.randint(0, 1)}
        limit = rng.choice([0, 0.2, 0.5])
        columns = {
            **{q: {"role": "quasi", "hierarchy": f"h_{q}{seed}"} for q in ("zip", "age", "sex")},
            "disease": {"role": "sensitive", "hierarchy": HIERARCHY_TABLE},
            "salary": "sensitive",
        }
        (tmp_path / "project" / "models" / f"release{seed}.sql").write_text(
            "{{ config(materialized='table') }}\n"
            f"{{{{ sqlanon.release(source('people', 'r_source{seed}'), columns={_jinja_literal(columns)}, "
            f"criteria={_jinja_literal(criteria)}, node={_jinja_literal(node)}, suppression_limit={limit}) }}}}\n"
        )
        cases[seed] = (rows, hierarchies, criteria, node, limit)
    project = _project(tmp_path / "project", sources)
    with duckdb.connect(str(project / "warehouse.duckdb")) as con:
        _load_table(con, HIERARCHY_TABLE, disease)
        for seed, (rows, hierarchies, *_) in cases.items():
            _load_people(con, f"r_source{seed}", rows)
            for q, h in hierarchies.items():
                _load_table(con, f"h_{q}{seed}", h)
    result = _dbt(project, "run")
    results = {
        r["unique_id"].split(".")[-1]: r
        for r in json.loads((project / "target" / "run_results.json").read_text())["results"]
    }
    outcomes = []
    for seed, (rows, _, criteria, node, limit) in cases.items():
        config = {
            "source": {"table": "people"},
            "columns": {
                **{
                    q: {"role": "quasi", "hierarchy": str(files / f"{q}{seed}.csv")}
                    for q in ("zip", "age", "sex")
                },
                "disease": {
                    "role": "sensitive",
                    "hierarchy": str(tmp_path / "demo" / "hierarchies" / "disease.yaml"),
                },
                "salary": "sensitive",
            },
            "criteria": criteria,
            "suppression_limit": limit,
        }
        outcomes.append(
            release_matches_apply(project, results[f"release{seed}"], f"release{seed}", rows, config, node)
        )
    assert result.returncode == (0 if "fails" not in outcomes else 1)
    assert set(outcomes) == {"fails", "published", "suppressed"}, outcomes
