"""sqlanon's dbt tests with ``person``: they count people, with compile's statements over
people (tools/dbt_package.py generates them from compile/people.py's SQL).

Random one-to-many tables (people of 1 to 5 rows, quasi-identifiers constant per person on even
seeds and varying on odd ones, a NULL quasi-identifier value, a person column named with quotes
and a space, quasi-identifiers named with a space and a dash) each get the random models over
people of the compile tests as dbt tests with ``person``. One ``dbt test`` runs them all; each
test's failing rows, one per label tuple of a violating class, must be the violating classes of
the pure-Python reference over people (tests/oracles/reference_people.py) and those
``sqlanon check`` with ``person:`` lists, with their people and measures. The k-anonymity test
again with the person told apart by two columns (``person: [site, patient no]``) fails with the
same classes; each table of varying quasi-identifiers (odd seeds) also gets (n,t)-closeness,
whose natural supersets are formed from the people's sets of tuples. Further tables get the
models over several sensitive columns at once (multi-attribute l-diversity, variational
dissimilarity: compile/people.py's statements over people per number of columns), held to
tests/oracles/reference_people.py's references per class and to check. The same project on
PostgreSQL is held to the same (one dbt invocation per adapter).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import duckdb
import pytest

from sqlanon import api
from tests.compile import test_people_multi as several
from tests.compile.test_people import ALL, _case, _expected, _listed, _statement_classes
from tests.dbt.test_dbt import _by_name, _dbt, _load_table, _project
from tests.support.randomdata import PERSON, RandomCase

pytestmark = pytest.mark.xdist_group("dbt_people")

TABLES = 12
#: a second way to tell the people apart: two columns whose pair is the person
SPLIT = ["site", "patient no"]
#: the tables of the models over several sensitive columns at once: (model, seed; odd seeds:
#: quasi-identifiers that vary)
SEVERAL = [("multi-l", 1), ("variational", 0)]


def _split(row: dict[str, Any]) -> dict[str, str]:
    """The person ``p<n>`` of a row as two columns (site n // 3, patient number n % 3)."""
    number = int(row[PERSON][1:])
    return {SPLIT[0]: f"site {number // 3}", SPLIT[1]: str(number % 3)}


def _columns(case: RandomCase) -> list[str]:
    return [PERSON, *SPLIT, *case.qis, "sens", "visit"]


def _arguments(
    case: RandomCase, criterion: dict[str, Any], table: str, person: str | list[str]
) -> tuple[str, dict[str, Any]]:
    """The package's test and arguments for a criterion over people on ``table``."""
    ((kind, params),) = criterion.items()
    arguments: dict[str, Any] = {"quasi_identifiers": list(case.qis), "person": person}
    for key, value in params.items():
        arguments["sensitive" if key == "attribute" else key] = value
    if "hierarchical" in (params.get("distance"), params.get("ground")):
        arguments["hierarchy"] = "{{ source('people', 'h_" + table + "') }}"
    return f"sqlanon.{kind.replace('-', '_')}", arguments


def _dbt_can_take(criterion: dict[str, Any]) -> bool:
    """The package reads ordered distances over numbers (no configured order): the random
    tables' sensitive values are text, so those models are left to compile's tests."""
    ((_, params),) = criterion.items()
    return "ordered" not in (params.get("distance"), params.get("ground"))


@pytest.fixture(scope="module")
def people_project(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The project, its tables and hierarchies, and its cases: test name -> (table, the
    criterion, whether the person is given as the two columns of SPLIT)."""
    folder = tmp_path_factory.mktemp("dbt_people")
    tables: dict[str, Any] = {}
    sources: dict[str, list[dict[str, Any]]] = {}
    cases: dict[str, tuple[str, dict[str, Any], bool]] = {}
    for seed in range(TABLES):
        name = f"p{seed}"
        case, config, criteria, domain = _case(folder / name, seed, sensitive=True)
        case.rows = [{**r, **_split(r)} for r in case.rows]
        tables[name] = (case, config, domain)
        sources[name] = []
        chosen = [c for c in criteria if _dbt_can_take(c)]
        if seed % 2 == 1:  # (n,t)-closeness over people whose quasi-identifiers vary
            distance = "equal" if seed % 4 == 1 else "hierarchical"
            nt = {"n": 2 + seed % 3, "t": 0.1 + 0.05 * (seed % 3), "distance": distance, "attribute": "sens"}
            chosen.append({"nt-closeness": nt})
        # the k-anonymity test again, the person given as two columns
        chosen.append(criteria[0])
        for j, criterion in enumerate(chosen):
            split = j == len(chosen) - 1
            test, arguments = _arguments(case, criterion, name, SPLIT if split else PERSON)
            sources[name].append({test: {"name": f"{name}_c{j}", "arguments": arguments}})
            cases[f"{name}_c{j}"] = (name, criterion, split)
    # the models over several sensitive columns at once, a test each on its own table
    wide: dict[str, Any] = {}
    multi: dict[str, tuple[str, dict[str, Any]]] = {}
    for i, (model, seed) in enumerate(SEVERAL):
        name = f"m{i}"
        case, config, criterion, columns = several._case(model, seed, folder / name)
        wide[name] = (case, config, columns)
        ((kind, params),) = criterion.items()
        arguments = {
            "quasi_identifiers": list(case.qis),
            "person": PERSON,
            "sensitive": list(params["attributes"]),
            **{k: v for k, v in params.items() if k != "attributes"},
        }
        sources[name] = [
            {f"sqlanon.{kind.replace('-', '_')}": {"name": f"{name}_c0", "arguments": arguments}}
        ]
        multi[f"{name}_c0"] = (name, criterion)
    hierarchies = {
        f"h_{name}": [tuple(p) for p in domain[1].values()] for name, (_, _, domain) in tables.items()
    }
    project = _project(folder, {**sources, **{h: [] for h in hierarchies}})
    with duckdb.connect(str(folder / "warehouse.duckdb")) as con:
        for name, (case, _, _) in tables.items():
            _load(con, name, case)
        for name, (case, _, columns) in wide.items():
            _load_wide(con, name, case, columns)
        for name, rows in hierarchies.items():
            _load_table(con, name, rows)
    return {
        "project": project,
        "tables": tables,
        "cases": cases,
        "wide": wide,
        "several": multi,
        "sources": sources,
        "hierarchies": hierarchies,
    }


def _load_wide(con: Any, name: str, case: RandomCase, columns: list[str], schema: str = "main") -> None:
    """A table of the models over several columns as ``schema.name``: the vectors' columns as
    numbers (variational dissimilarity reads them so), the others text, an empty cell NULL."""
    typed = ", ".join(
        '"' + c.replace('"', '""') + '" ' + ("DOUBLE PRECISION" if c in several.VECTOR else "TEXT")
        for c in columns
    )
    con.execute(f'DROP TABLE IF EXISTS "{schema}"."{name}"')
    con.execute(f'CREATE TABLE "{schema}"."{name}" ({typed})')
    mark = "?" if schema == "main" else "%s"
    insert = f'INSERT INTO "{schema}"."{name}" VALUES ({", ".join([mark] * len(columns))})'
    rows = [
        [float(r[c]) if c in several.VECTOR else r[c] for c in columns]
        for r in several._as_read(case, columns)
    ]
    if schema == "main":
        con.executemany(insert, rows)
    else:
        with con.cursor() as cur:
            cur.executemany(insert, rows)


def _load(con: Any, name: str, case: RandomCase, schema: str = "main") -> None:
    """A random table as ``schema.name``, every column text (DuckDB or psycopg connection)."""
    columns = _columns(case)
    quoted = ", ".join('"' + c.replace('"', '""') + '" TEXT' for c in columns)
    con.execute(f'DROP TABLE IF EXISTS "{schema}"."{name}"')
    con.execute(f'CREATE TABLE "{schema}"."{name}" ({quoted})')
    mark = "?" if schema == "main" else "%s"
    insert = f'INSERT INTO "{schema}"."{name}" VALUES ({", ".join([mark] * len(columns))})'
    if schema == "main":
        con.executemany(insert, [[r[c] for c in columns] for r in case.rows])
    else:
        with con.cursor() as cur:
            cur.executemany(insert, [[r[c] for c in columns] for r in case.rows])


def _results(project: Path, con: Any, schema: str, target: str = "duck") -> dict[str, Any]:
    """Each test's stored failing rows, or (status, message) for a test that did not run."""
    out: dict[str, Any] = {}
    for name, r in _by_name(project, target).items():
        if r["status"] in ("pass", "fail"):
            out[name] = con.execute(f'SELECT * FROM "{schema}"."{name}"').fetchall()
        else:
            out[name] = (r["status"], " ".join((r.get("message") or "").split()))
    return out


def _rows_of(case: RandomCase, tuples: frozenset[tuple[str | None, ...]]) -> int:
    """The rows of the people whose set of label tuples is ``tuples``."""
    sets: dict[str, set[tuple[str | None, ...]]] = {}
    for r in case.rows:
        sets.setdefault(r[PERSON], set()).add(tuple(r[q] for q in case.qis))
    return sum(1 for r in case.rows if sets[r[PERSON]] == tuples)


def _assert_as_reference_and_check(made: dict[str, Any], got: dict[str, Any], code: int) -> None:
    """Each test's failing rows (``got``) are the reference's violating classes over people
    and the classes check with person lists (the models over several columns at once too);
    dbt exits with ``code`` as the tests' statuses say."""
    assert got.keys() == made["cases"].keys() | made["several"].keys()
    failing_several = 0
    for test_id, (table, criterion) in made["several"].items():
        case, config, _ = made["wide"][table]
        assert isinstance(got[test_id], list), (test_id, got[test_id])
        want = api.check(config, base_dir=case.folder, show_violations=ALL)
        classes = several._assert_as_reference(case, criterion, got[test_id], want)
        failing_several += bool(classes)
    assert 0 < failing_several, made["several"]
    compared = failing = fewer = 0
    kinds = set()
    for test_id, (table, criterion, split) in made["cases"].items():
        case, config, domain = made["tables"][table]
        assert isinstance(got[test_id], list), (test_id, got[test_id])
        classes = _statement_classes(got[test_id], len(case.qis))
        expected, bad = _expected(case, criterion, domain)
        assert classes == bad, (test_id, criterion, split, classes ^ bad)
        want = api.check({**config, "criteria": [criterion]}, base_dir=case.folder, show_violations=ALL)
        (entry,) = want.checks
        assert classes == _listed(entry, case.qis), (test_id, criterion)
        assert (entry["passed"], entry["violating_people"]) == (expected.passed, expected.violating_rows)
        assert sum(people for _, people, _ in classes) == expected.violating_rows
        compared += 1
        failing += bool(bad)
        fewer += any(people < _rows_of(case, tuples) for tuples, people, _ in classes)
        kinds.add(next(iter(criterion)))
    assert code == (1 if failing else 0)
    assert compared >= 30 and 0 < failing < compared, (compared, failing)
    # failing classes whose people are fewer than their rows: counting rows would differ
    assert fewer > 0
    assert {"k-anonymity", "l-diversity", "t-closeness", "nt-closeness"} <= kinds, kinds
    # the split person was compared on every table, constant (even seeds) and varying
    assert sum(split for _, _, split in made["cases"].values()) == TABLES


def test_failing_rows_are_the_reference_peoples_and_checks_in_duckdb(people_project: dict[str, Any]) -> None:
    project = people_project["project"]
    result = _dbt(project, "test", "--store-failures")
    assert result.returncode in (0, 1), result.stdout[-3000:] + result.stderr[-3000:]
    with duckdb.connect(str(project / "warehouse.duckdb"), read_only=True) as con:
        got = _results(project, con, "main_dbt_test__audit")
    _assert_as_reference_and_check(people_project, got, result.returncode)


def test_failing_rows_on_postgres_are_the_reference_peoples_and_checks(
    people_project: dict[str, Any], postgres: Any, tmp_path: Path
) -> None:
    import psycopg

    made = people_project
    project = _project(tmp_path / "pg", {**made["sources"], **{h: [] for h in made["hierarchies"]}}, postgres)
    with psycopg.connect(postgres.url, password=os.environ[postgres.password_env], autocommit=True) as con:
        con.execute("CREATE SCHEMA IF NOT EXISTS dbt_people")
        for name, (case, _, _) in made["tables"].items():
            _load(con, name, case, "dbt_people")
        for name, (case, _, columns) in made["wide"].items():
            _load_wide(con, name, case, columns, "dbt_people")
        for name, rows in made["hierarchies"].items():
            _load_table(con, name, rows, "dbt_people")
        on_pg = _dbt(project, "test", "--store-failures", target="pg")
        assert on_pg.returncode in (0, 1), on_pg.stdout[-3000:] + on_pg.stderr[-3000:]
        got = _results(project, con, "dbt_gate_dbt_test__audit", "pg")
    _assert_as_reference_and_check(made, got, on_pg.returncode)
