"""sqlanon's dbt package (integrations/dbt), run for real: dbt-core with dbt-duckdb, and
dbt-postgres against the test PostgreSQL server (tests/support/dbtenv.py makes dbt's venv).

A dbt project in a temporary folder declares random tables as sources and attaches random
generic tests of the package to them; each test's failing rows (dbt's stored failures) must
be the violating classes ``sqlanon check --show-violations`` lists for the same criterion on
the same table, and PostgreSQL's must equal DuckDB's. Passing, failing and warn-severity
tests give dbt's exit codes, and bad arguments give the package's compile errors.
"""

from __future__ import annotations

import functools
import json
import os
import random
import re
import subprocess
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import Any

import duckdb
import pytest
import yaml

from sqlanon import api
from sqlanon.demo import write_demo
from sqlanon.errors import DataError, InputError
from sqlanon.hierarchy import load_hierarchy
from tests.compile.test_standalone import ALL, CRITERIA, QIS, _close, _measure
from tests.engines.conformance import CHECK_COLUMNS as COLUMNS
from tests.engines.conformance import check_rows as _rows
from tools import dbt_package

pytestmark = pytest.mark.xdist_group("dbt")

ROOT = Path(__file__).resolve().parents[2]

TABLES = 10
#: where the sources are: DuckDB's main schema, a schema of their own on PostgreSQL
SOURCE_SCHEMA = "{{ 'main' if target.type == 'duckdb' else 'dbt_people' }}"


@functools.cache
def _rules() -> dict[str, Any]:
    return dbt_package._rules_data()


#: models over two sensitive columns beyond compile's tests' (which have one numeric sensitive
#: column): age is sensitive here, and the quasi-identifiers are drawn from the others
SEVERAL = [
    {"dissimilarity": {"epsilon": 1000, "delta": 0.2, "k": 2, "distance": "variational", "attributes": ["age", "salary"]}},
]  # fmt: skip


def _written() -> list[dict[str, Any]]:
    """The catalogue's criteria (as configured) that the package writes; the others' tests say
    why they are refused."""
    out = []
    for criterion in CRITERIA + SEVERAL:
        ((kind, params),) = criterion.items()
        entry = _rules()[kind]
        variant = str(params.get(entry["axis"], entry["default"])) if entry["axis"] else ""
        item = entry["variants"][variant]
        if (
            len(params.get("attributes", [])) in item["multi"]
            if "attributes" in params
            else item["why"] is None
        ):
            out.append(criterion)
    return out


def _attributes(criterion: dict[str, Any]) -> list[str]:
    ((params,),) = [criterion.values()]
    return list(params.get("attributes", [params.get("attribute")]))


def _test_of(criterion: dict[str, Any], qis: Sequence[str]) -> tuple[str, dict[str, Any]]:
    """The package's generic test and arguments for a configuration's criterion: the same
    parameter names, ``attribute`` (``attributes``: a list) as ``sensitive``, without
    ``multi_attribute`` (the list says it)."""
    ((kind, params),) = criterion.items()
    arguments: dict[str, Any] = {"quasi_identifiers": list(qis)}
    for key, value in params.items():
        if key != "multi_attribute":
            arguments["sensitive" if key in ("attribute", "attributes") else key] = value
    if "hierarchical" in (params.get("distance"), params.get("ground")):
        arguments["hierarchy"] = "{{ source('people', '" + HIERARCHY_TABLE + "') }}"
    return f"sqlanon.{dbt_package.test_name(kind)}", arguments


#: the disease hierarchy of the demo (the t-closeness paper's), as a table of the warehouse
HIERARCHY_TABLE = "disease_hierarchy"


def _disease_hierarchy(folder: Path) -> tuple[Path, list[tuple[str, ...]]]:
    """The demo's disease hierarchy file (written into ``folder``) and its rows."""
    write_demo(folder, rows=10)
    path = folder / "hierarchies" / "disease.yaml"
    return path, [tuple(r) for r in load_hierarchy("disease", str(path), [], folder).rows]


def _load_table(con: Any, name: str, rows: Sequence[Sequence[str]], schema: str = "main") -> None:
    """A table of text columns c0, c1, ... (DuckDB or psycopg connection)."""
    columns = ", ".join(f'"c{i}" TEXT' for i in range(len(rows[0])))
    con.execute(f'DROP TABLE IF EXISTS "{schema}"."{name}"')
    con.execute(f'CREATE TABLE "{schema}"."{name}" ({columns})')
    for row in rows:
        con.execute(
            f'INSERT INTO "{schema}"."{name}" VALUES ({", ".join(["%s" if schema != "main" else "?"] * len(row))})',
            row,
        )


def test_the_shipped_macros_are_what_the_generator_writes() -> None:
    """Every generated file is shipped as written, and no other file is in the generator's
    folders (a stale one would still define its macro for dbt)."""
    problems = dbt_package.differences(dbt_package.shipped(), dbt_package.generate())
    assert problems == [], "run python tools/dbt_package.py"


def test_the_generator_check_sees_missing_extra_and_changed_files_and_write_mends_them(
    tmp_path: Path,
) -> None:
    """The comparison above can fail, and writing makes the folder current again: a stale
    generated file (and its folder) is removed, the hand-written folders are left alone."""
    written = {"dispatch/a.sql": "A\n", "adapters/duckdb/duckdb__a.sql": "B\n"}
    macros = tmp_path / "macros"
    for name, text in {
        "dispatch/a.sql": "A changed\n",
        "adapters/postgres/postgres__old.sql": "old\n",
        "sqlanon_generated.sql": "old\n",
        **{f"{folder}/mine.sql": "by hand\n" for folder in dbt_package.HAND_WRITTEN},
    }.items():
        (macros / name).parent.mkdir(parents=True, exist_ok=True)
        (macros / name).write_text(text)
    assert dbt_package.differences(dbt_package.shipped(macros), written) == [
        "missing: adapters/duckdb/duckdb__a.sql",
        "extra: adapters/postgres/postgres__old.sql",
        "extra: sqlanon_generated.sql",
        "differs: dispatch/a.sql",
    ]
    assert len(dbt_package.write(written, macros)) == 4
    assert dbt_package.shipped(macros) == written
    assert not (macros / "adapters" / "postgres").exists()
    assert all(
        (macros / folder / "mine.sql").read_text() == "by hand\n" for folder in dbt_package.HAND_WRITTEN
    )
    assert dbt_package.write(written, macros) == []


def test_every_macro_file_holds_one_macro_named_as_the_file() -> None:
    """One macro (or generic test) a file, found by its name; the hand-written folders hold no
    generated file (the generator's check would not see it there)."""
    paths = sorted(dbt_package.MACROS.rglob("*.sql"))
    assert len(paths) > 100
    for path in paths:
        text = path.read_text(encoding="utf-8")
        names = re.findall(r"\{%-?\s*(?:macro|test)\s+(\w+)\s*\(", text)
        assert names == [path.stem], path
        hand = path.relative_to(dbt_package.MACROS).parts[0] in dbt_package.HAND_WRITTEN
        assert text.startswith(dbt_package.HEADER) != hand, path


def test_every_model_of_the_catalogue_has_a_test_and_says_what_it_cannot_write() -> None:
    data = _rules()
    files = dbt_package.shipped()
    for kind, entry in data.items():
        assert (
            f"{{% test {dbt_package.test_name(kind)}("
            in files[f"generic_tests/{dbt_package.test_name(kind)}.sql"]
        )
        for variant, item in entry["variants"].items():
            forms = item["sub"]["items"].items() if item["sub"] else [("", item)]
            for sub, made in forms:
                for adapter in dbt_package.ADAPTERS:
                    single = f"adapters/{adapter}/{adapter}__{made['macro']}.sql" in files
                    # a statement for any number of quasi-identifiers, or one per number
                    assert (made["why"] is None and not made["quasi"]) == single, (kind, variant, sub)
                    for macro in [*made["multi"].values(), *made["quasi"].values()]:
                        text = files[f"adapters/{adapter}/{adapter}__{macro}.sql"]
                        assert f"macro {adapter}__{macro}(" in text, (kind, variant, macro)
                assert made["why"] is None or made["why"], (kind, variant, sub)  # refused: says why
    statements = dbt_package._statements(data)
    written = {(str(w.form), w.count, w.quasi) for w in statements if not w.people}
    assert ("k-anonymity", 1, 0) in written and ("t-closeness equal", 1, 0) in written
    assert ("t-closeness smoothed-js hierarchical", 1, 0) in written
    assert ("l-diversity entropy", 4, 0) in written and ("dissimilarity variational", 2, 0) in written
    assert ("dissimilarity variational", 1, 0) not in written  # sqlanon takes several columns for it
    # (n,t)-closeness generalizes each quasi-identifier on its own: a statement per number of them
    nt = {(form, quasi) for form, _, quasi in written if form.startswith("nt-closeness")}
    quasi = range(1, dbt_package.MAX_QUASI + 1)
    assert nt == {(f"nt-closeness {d}", n) for d in ("equal", "ordered", "hierarchical") for n in quasi}
    # over people (a test's person): compile's statement for every form sqlanon counts over
    # people ((n,t)-closeness a statement per number of quasi-identifiers, the models over several
    # columns at once one per number of columns, as over rows)
    people = {(str(w.form), w.count) for w in statements if w.people}
    over_rows = {(str(w.form), w.count) for w in statements if not w.people}
    assert people == over_rows
    assert ("dissimilarity variational", 4) in people and ("l-diversity recursive", 2) in people
    assert {(str(w.form), w.quasi) for w in statements if w.people and w.quasi} == nt
    for adapter in dbt_package.ADAPTERS:
        for w in statements:
            if w.people:
                assert f"macro {adapter}__{w.macro}(" in files[f"adapters/{adapter}/{adapter}__{w.macro}.sql"]


def _dbt(project: Path, *args: str, target: str = "duck") -> subprocess.CompletedProcess[str]:
    from tests.support.dbtenv import dbt_executable

    # dbt Python models import sqlanon from this checkout (dbt's venv has its dependencies)
    env = dict(os.environ, DBT_SEND_ANONYMOUS_USAGE_STATS="false", NO_COLOR="1", PYTHONPATH=str(ROOT))
    # each target keeps its own target folder: dbt parses the project again whenever the target
    # changes, and a folder per target keeps each one's partial parse (the package's ~1,000
    # macros take seconds to parse)
    return subprocess.run(
        [str(dbt_executable()), *args, "--profiles-dir", str(project), "--project-dir", str(project)]
        + (
            ["--target", target, "--target-path", target_folder(project, target).name]
            if args[0] != "deps"
            else []
        ),
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


@pytest.fixture(scope="module")
def dbt_ready() -> Path:
    from tests.support.dbtenv import dbt_executable

    try:
        return dbt_executable()
    except (OSError, subprocess.SubprocessError) as err:
        if os.environ.get("SQLANON_CI"):
            raise
        pytest.skip(f"dbt could not be installed into its venv: {getattr(err, 'stderr', '') or err}")


def _project(
    folder: Path,
    sources: dict[str, list[dict[str, Any]]],
    postgres: Any = None,
    columns: dict[str, list[dict[str, Any]]] | None = None,
    deps: bool = False,
) -> Path:
    """A dbt project in ``folder`` using the package by a local path, its DuckDB file
    ``warehouse.duckdb`` and (with ``postgres``) a target on that server; ``sources``: table
    -> its data_tests. ``deps``: the package installed by ``dbt deps`` (else linked as dbt deps
    links it, which the project made with ``deps`` checks)."""
    (folder / "models").mkdir(parents=True, exist_ok=True)
    (folder / "dbt_project.yml").write_text(
        yaml.safe_dump({"name": "gate", "version": "1.0", "config-version": 2, "profile": "gate"})
    )
    (folder / "packages.yml").write_text(yaml.safe_dump({"packages": [{"local": str(dbt_package.PACKAGE)}]}))
    outputs: dict[str, Any] = {
        "duck": {"type": "duckdb", "path": str(folder / "warehouse.duckdb"), "schema": "main", "threads": 1}
    }
    if postgres is not None:
        port = int(postgres.url.rsplit(":", 1)[1].split("/")[0])
        outputs["pg"] = {
            "type": "postgres",
            "host": "127.0.0.1",
            "port": port,
            "user": "sqlanon_test",
            "password": os.environ[postgres.password_env],
            "dbname": "postgres",
            "schema": "dbt_gate",
            "threads": 1,
        }
    (folder / "profiles.yml").write_text(yaml.safe_dump({"gate": {"target": "duck", "outputs": outputs}}))
    tables = [
        {
            "name": name,
            "data_tests": tests,
            **({"columns": columns[name]} if columns and name in columns else {}),
        }
        for name, tests in sources.items()
    ]
    (folder / "models" / "sources.yml").write_text(
        yaml.safe_dump(
            {"version": 2, "sources": [{"name": "people", "schema": SOURCE_SCHEMA, "tables": tables}]}
        )
    )
    installed = folder / "dbt_packages" / "sqlanon"
    if deps:
        result = _dbt(folder, "deps")
        assert result.returncode == 0, result.stdout + result.stderr
        # dbt deps installs a local package as a link to its folder: the other projects are
        # given that link directly (a dbt process each less)
        assert installed.is_symlink() and installed.resolve() == dbt_package.PACKAGE.resolve()
    else:
        installed.parent.mkdir(exist_ok=True)
        installed.symlink_to(dbt_package.PACKAGE, target_is_directory=True)
    return folder


def _load_people(con: Any, name: str, rows: Sequence[dict[str, Any]]) -> None:
    """(Re)create the DuckDB table ``name`` with the test columns and ``rows``."""
    types = ["VARCHAR", "INTEGER", "VARCHAR", "VARCHAR", "INTEGER"]
    defs = ", ".join(f'"{c}" {t}' for c, t in zip(COLUMNS, types, strict=True))
    con.execute(f'CREATE OR REPLACE TABLE "{name}" ({defs})')
    if rows:
        con.executemany(
            f'INSERT INTO "{name}" VALUES ({", ".join("?" * len(COLUMNS))})',
            [[r[c] for c in COLUMNS] for r in rows],
        )


def _load_duckdb(path: Path, tables: dict[str, list[dict[str, Any]]]) -> None:
    with duckdb.connect(str(path)) as con:
        for name, rows in tables.items():
            _load_people(con, name, rows)


def target_folder(project: Path, target: str = "duck") -> Path:
    """The folder of ``project`` where dbt writes for ``target`` (run_results.json, the compiled
    SQL, the partial parse)."""
    return project / ("target" if target == "duck" else f"target-{target}")


def _by_name(project: Path, target: str = "duck") -> dict[str, dict[str, Any]]:
    """The last dbt run's result of each node on ``target``, by its name."""
    results = json.loads((target_folder(project, target) / "run_results.json").read_text())["results"]
    return {r["unique_id"].split(".")[2]: r for r in results}


def _failures(
    project: Path,
    con: Any,
    schema: str,
    target: str = "duck",
    read: Callable[[str], list[tuple[Any, ...]]] | None = None,
    only: Collection[str] | None = None,
) -> dict[str, list[tuple[Any, ...]] | str]:
    """Each test's stored failing rows (dbt test --store-failures), by test name; a test that
    refused the data instead (values its allowed / protected name that the table lacks, as
    check refuses them) gives its message. ``read``: a test's stored rows by its name (default:
    the table of ``schema`` on ``con``); ``only``: the tests read (default: every node run)."""
    out: dict[str, list[tuple[Any, ...]] | str] = {}
    for name, r in _by_name(project, target).items():
        if only is not None and name not in only:
            continue
        if r["status"] == "error" and "that do not occur in the column" in (r.get("message") or ""):
            out[name] = r["message"]
            continue
        assert r["status"] in ("pass", "fail"), (name, r["status"], r.get("message"))
        if read is not None:
            out[name] = read(name)
            continue
        out[name] = [tuple(row) for row in con.execute(f'SELECT * FROM "{schema}"."{name}"').fetchall()]
    return out


def _by_class(rows: Sequence[Sequence[Any]], n: int) -> dict[tuple[Any, ...], tuple[int, float | None]]:
    out = {tuple(r[:n]): (int(r[n]), _measure(r[n + 1])) for r in rows}
    assert len(out) == len(rows)
    return out


def _same(
    got: dict[tuple[Any, ...], tuple[int, float | None]],
    want: dict[tuple[Any, ...], tuple[int, float | None]],
) -> None:
    assert got.keys() == want.keys()
    for key, (size, measure) in want.items():
        assert got[key][0] == size and _close(got[key][1], measure), (key, got[key], (size, measure))


@pytest.fixture(scope="module")
def random_project(tmp_path_factory: pytest.TempPathFactory, dbt_ready: Path) -> tuple[Path, dict[str, Any]]:
    """Random tables with random tests of the package; cases: test name -> (table, QIs,
    criterion)."""
    folder = tmp_path_factory.mktemp("dbt")
    tables = {f"t{seed}": _rows(seed) for seed in range(TABLES)}
    rng = random.Random(17)
    sources: dict[str, list[dict[str, Any]]] = {}
    cases: dict[str, tuple[str, list[str], dict[str, Any]]] = {}
    # every written criterion at least once (TABLES x 3 tests), in random order
    pool = _written()
    assert len(pool) <= 3 * TABLES
    pool += rng.sample(pool, 3 * TABLES - len(pool))
    rng.shuffle(pool)
    for name in tables:
        sources[name] = []
        for j in range(3):
            criterion = pool.pop()
            free = [q for q in QIS if q not in _attributes(criterion)]
            qis = rng.sample(free, rng.randint(1, len(free)))
            test, arguments = _test_of(criterion, qis)
            test_id = f"{name}_c{j}"
            sources[name].append({test: {"name": test_id, "arguments": arguments}})
            cases[test_id] = (name, qis, criterion)
    hierarchy_file, hierarchy = _disease_hierarchy(folder / "demo")
    project = _project(folder, {**sources, HIERARCHY_TABLE: []})
    _load_duckdb(folder / "warehouse.duckdb", tables)
    with duckdb.connect(str(folder / "warehouse.duckdb")) as con:
        _load_table(con, HIERARCHY_TABLE, hierarchy)
    made = {"tables": tables, "cases": cases, "sources": sources, "hierarchy": hierarchy}
    return project, {**made, "hierarchy_file": hierarchy_file}


@pytest.fixture(scope="module")
def random_duck_run(
    random_project: tuple[Path, dict[str, Any]],
) -> tuple[subprocess.CompletedProcess[str], dict[str, list[tuple[Any, ...]] | str]]:
    """The random project's tests run once in dbt-duckdb: the process, and each test's stored
    failing rows (compared with check's classes, and with PostgreSQL's)."""
    project, _ = random_project
    result = _dbt(project, "test", "--store-failures")
    assert result.returncode in (0, 1), result.stdout + result.stderr
    with duckdb.connect(str(project / "warehouse.duckdb"), read_only=True) as con:
        return result, _failures(project, con, "main_dbt_test__audit")


def test_failing_rows_are_checks_violating_classes_in_duckdb(
    random_project: tuple[Path, dict[str, Any]],
    random_duck_run: tuple[subprocess.CompletedProcess[str], dict[str, list[tuple[Any, ...]] | str]],
) -> None:
    project, made = random_project
    result, failures = random_duck_run
    assert failures.keys() == made["cases"].keys()
    compared, failing, refused, seen = same_as_check(project / "warehouse.duckdb", made, failures)
    assert result.returncode == (1 if any(failures.values()) else 0)
    assert compared >= 20 and 0 < failing < compared, (compared, failing, refused)
    assert all(c in seen for c in _written()), [c for c in _written() if c not in seen]


def same_as_check(
    database: Path, made: dict[str, Any], failures: dict[str, list[tuple[Any, ...]] | str]
) -> tuple[int, int, int, list[dict[str, Any]]]:
    """Each case's failing rows (``failures``, by test name) are the violating classes that
    check lists for the same criterion on the same table (of the DuckDB file ``database``), or
    both refuse the data. Returns how many cases were compared, how many of them fail, how many
    were refused, and the criteria compared."""
    compared = failing = refused = 0
    seen: list[dict[str, Any]] = []
    for test_id, (table, qis, criterion) in made["cases"].items():
        config = {
            "source": {"database": str(database), "table": table},
            "columns": {
                **{
                    q: "quasi" if q in qis else "sensitive" if q in _attributes(criterion) else "insensitive"
                    for q in QIS
                },
                "disease": {"role": "sensitive", "hierarchy": str(made["hierarchy_file"])},
                "salary": "sensitive",
            },
            "criteria": [criterion],
        }
        try:
            report = api.check(config, show_violations=ALL)
        except InputError as err:
            # check refuses the data (a parameter the table cannot meet); the package's test
            # refuses the values named in allowed / protected that the table lacks, as check
            if isinstance(failures[test_id], str):
                assert "do not occur in the column" in str(err)
                refused += 1
            continue
        assert not isinstance(failures[test_id], str), failures[test_id]
        (entry,) = report.checks
        want = {
            tuple(v["class"][q] for q in qis): (v["rows"], v["observed"]) for v in entry.get("violations", [])
        }
        got = _by_class(failures[test_id], len(qis))
        _same(got, want)
        compared += 1
        failing += bool(want)
        seen.append(criterion)
    return compared, failing, refused, seen


def test_failing_rows_on_postgres_equal_duckdbs(
    random_project: tuple[Path, dict[str, Any]],
    random_duck_run: tuple[subprocess.CompletedProcess[str], dict[str, list[tuple[Any, ...]] | str]],
    postgres: Any,
    tmp_path: Path,
) -> None:
    import psycopg

    from tests.support import pgserver

    _, made = random_project
    project = _project(tmp_path / "pg", {**made["sources"], HIERARCHY_TABLE: []}, postgres)
    _load_duckdb(project / "warehouse.duckdb", made["tables"])
    with duckdb.connect(str(project / "warehouse.duckdb")) as duck:
        _load_table(duck, HIERARCHY_TABLE, made["hierarchy"])
    types = ["text", "integer", "text", "text", "integer"]
    with psycopg.connect(postgres.url, password=os.environ[postgres.password_env], autocommit=True) as con:
        con.execute("CREATE SCHEMA IF NOT EXISTS dbt_people")
        _load_table(con, HIERARCHY_TABLE, made["hierarchy"], "dbt_people")
        for name, rows in made["tables"].items():
            pgserver.load(
                con,
                "dbt_people",
                name,
                list(zip(COLUMNS, types, strict=True)),
                ([r[c] for c in COLUMNS] for r in rows),
            )
        on_pg = _dbt(project, "test", "--store-failures", target="pg")
        pg_failures = _failures(project, con, "dbt_gate_dbt_test__audit", "pg")
    on_duck, duck_failures = random_duck_run  # the same tables and tests in dbt-duckdb
    assert on_pg.returncode == on_duck.returncode, on_pg.stdout
    assert pg_failures.keys() == duck_failures.keys() == made["cases"].keys()
    for test_id, (_, qis, _) in made["cases"].items():
        pg, duck = pg_failures[test_id], duck_failures[test_id]
        if isinstance(pg, str) or isinstance(duck, str):
            assert isinstance(pg, str) and isinstance(duck, str), (pg, duck)
            continue
        _same(_by_class(pg, len(qis)), _by_class(duck, len(qis)))


#: two rows whose distance is epsilon = 0.3 up to floating point (0.4 - 0.1 is a little more)
FRAC = "(1, 0.1, 0.0), (1, 0.4, 0.3)"
TOLERANCE = {
    "tol_numeric": {"quasi_identifiers": ["age"], "sensitive": "x", "epsilon": 0.3, "delta": 0.5, "k": 1, "distance": "numeric"},
    "tol_variational": {"quasi_identifiers": ["age"], "sensitive": ["x", "y"], "epsilon": 0.3, "delta": 0.5, "k": 1, "distance": "variational"},
}  # fmt: skip


def test_the_tolerance_cases_fail_in_sqlanon_check_too(tmp_path: Path) -> None:
    """The dbt tests above must fail (exit codes below) because check fails them: within
    epsilon counts the 1e-9 tolerance."""
    with duckdb.connect(str(tmp_path / "frac.duckdb")) as con:
        con.execute(f"CREATE TABLE frac AS SELECT * FROM (VALUES {FRAC}) AS f(age, x, y)")
    for arguments in TOLERANCE.values():
        sensitive = arguments["sensitive"]
        params = {k: v for k, v in arguments.items() if k not in ("quasi_identifiers", "sensitive")}
        params["attributes" if isinstance(sensitive, list) else "attribute"] = sensitive
        config = {
            "source": {"database": str(tmp_path / "frac.duckdb"), "table": "frac"},
            "columns": {"age": "quasi", "x": "sensitive", "y": "sensitive"},
            "criteria": [{"dissimilarity": params}],
        }
        assert not api.check(config).passed, arguments


#: the small project's table: 12 rows, 4 per age
SMALL_ROWS = [
    {"zip": "47677", "age": age, "sex": sex, "disease": disease, "salary": 3000 + 1000 * i}
    for i, (age, sex, disease) in enumerate(
        [
            (a, s, d)
            for a in (25, 38, 47)
            for s, d in (("M", "flu"), ("F", "cancer"), ("M", "flu"), ("F", "flu"))
        ]
    )
]


#: the small project's tests that count people and run (EXIT_CASES says how each ends)
PERSON_CASES = [
    ("person_passes", "sqlanon.k_anonymity", {"quasi_identifiers": ["age"], "k": 4, "person": "salary"}),
    ("person_fails", "sqlanon.k_anonymity", {"quasi_identifiers": ["age"], "k": 3, "person": "sex"}),
    ("person_list", "sqlanon.k_anonymity", {"quasi_identifiers": ["age"], "k": 2, "person": ["sex", "zip"]}),
    ("person_l_fails", "sqlanon.l_diversity", {"quasi_identifiers": ["age"], "sensitive": "disease", "l": 2, "person": "sex"}),
    ("person_nt", "sqlanon.nt_closeness", {"quasi_identifiers": ["age"], "sensitive": "disease", "n": 2, "t": 0.5, "person": "salary"}),
    ("person_multi", "sqlanon.l_diversity", {"quasi_identifiers": ["sex"], "sensitive": ["disease", "age"], "l": 2, "person": "salary"}),
]  # fmt: skip


def test_the_person_cases_end_in_sqlanon_check_as_in_dbt(tmp_path: Path) -> None:
    """Each test of PERSON_CASES ends in dbt as EXIT_CASES says because check, counting the same
    people on the same table, passes it or finds the violating classes whose rows dbt's FAIL n
    counts (a class of people lists one row per value of its one quasi-identifier: a person's
    ages vary when person is sex)."""
    with duckdb.connect(str(tmp_path / "small.duckdb")) as con:
        _load_people(con, "small", SMALL_ROWS)
    expected = {name: says for name, _, says in EXIT_CASES}
    for name, test, arguments in PERSON_CASES:
        kind = test.removeprefix("sqlanon.").replace("_", "-")
        params = {k: v for k, v in arguments.items() if k not in ("quasi_identifiers", "sensitive", "person")}
        sensitive = arguments.get("sensitive")
        if isinstance(sensitive, list):
            params.update(attributes=sensitive, multi_attribute=True)
        elif sensitive is not None:
            params["attribute"] = sensitive
        person = arguments["person"]
        person_columns = person if isinstance(person, list) else [person]
        roles = {c: "insensitive" for c in SMALL_ROWS[0]}
        roles.update({q: "quasi" for q in arguments["quasi_identifiers"]})
        roles.update(
            {c: "sensitive" for c in ([sensitive] if isinstance(sensitive, str) else sensitive or [])}
        )
        for c in person_columns:
            roles.pop(c)
        config = {
            "source": {"database": str(tmp_path / "small.duckdb"), "table": "small"},
            "person": person,
            "columns": roles,
            "criteria": [{kind: params}],
        }
        try:
            report = api.check(config, show_violations=100)
        except DataError as err:  # k above the table's people: check refuses what dbt fails
            assert "is larger than the table" in str(err) and expected[name].startswith("FAIL"), name
            continue
        (checked,) = [c for c in report.checks if c["criterion"] == kind]
        if expected[name] == "PASS=1":
            assert checked["passed"], name
        else:
            assert len(arguments["quasi_identifiers"]) == 1
            rows = sum(
                len(v) if isinstance(v, list) else 1
                for c in checked["violations"]
                for v in c["class"].values()
            )
            assert not checked["passed"] and f"FAIL {rows}" == expected[name], name


@pytest.fixture(scope="module")
def small_project(tmp_path_factory: pytest.TempPathFactory, dbt_ready: Path) -> Path:
    """One table of 12 rows, 4 per age, with tests that pass, fail, warn and are misconfigured."""
    rows = SMALL_ROWS
    k = "sqlanon.k_anonymity"
    sources = {
        "small": [
            {k: {"name": "passes", "arguments": {"quasi_identifiers": ["age"], "k": 4}}},
            {k: {"name": "fails", "arguments": {"quasi_identifiers": ["age", "sex"], "k": 3}}},
            {
                k: {
                    "name": "warns",
                    "arguments": {"quasi_identifiers": ["age", "sex"], "k": 3},
                    "config": {"severity": "warn"},
                }
            },
            {
                "sqlanon.l_diversity": {
                    "name": "l_passes",
                    "arguments": {"quasi_identifiers": ["age"], "sensitive": "disease", "l": 2},
                }
            },
            {k: {"name": "bad_k", "arguments": {"quasi_identifiers": ["age"], "k": 0}}},
            {k: {"name": "no_qis", "arguments": {"k": 2}}},
            {k: {"name": "unknown_param", "arguments": {"quasi_identifiers": ["age"], "k": 2, "l": 3}}},
            {
                "sqlanon.t_closeness": {
                    "name": "no_sensitive",
                    "arguments": {"quasi_identifiers": ["age"], "t": 0.2},
                }
            },
            {
                "sqlanon.t_closeness": {
                    "name": "t_too_big",
                    "arguments": {"quasi_identifiers": ["age"], "sensitive": "disease", "t": 2},
                }
            },
            {
                "sqlanon.nt_closeness": {
                    "name": "nt_ordered_text",
                    "arguments": {
                        "quasi_identifiers": ["age"],
                        "sensitive": "disease",
                        "n": 2,
                        "t": 0.2,
                        "distance": "ordered",
                    },
                }
            },
            {
                "sqlanon.l_diversity": {
                    "name": "attribute_named",
                    "arguments": {"quasi_identifiers": ["age"], "attribute": "disease", "l": 2},
                }
            },
            {k: {"name": "k_as_text", "arguments": {"quasi_identifiers": ["age"], "k": "5"}}},
            {
                "sqlanon.nt_closeness": {
                    "name": "nt_passes",
                    "arguments": {"quasi_identifiers": ["age"], "sensitive": "disease", "n": 4, "t": 0.2},
                }
            },
            {
                "sqlanon.nt_closeness": {
                    "name": "nt_fails",
                    "arguments": {
                        "quasi_identifiers": ["age", "salary"],
                        "sensitive": "disease",
                        "n": 5,
                        "t": 0.2,
                    },
                }
            },
            {
                "sqlanon.nt_closeness": {
                    "name": "nt_hierarchies_list",
                    "arguments": {
                        "quasi_identifiers": ["age"],
                        "sensitive": "disease",
                        "n": 4,
                        "t": 0.2,
                        "hierarchies": ["age"],
                    },
                }
            },
            {
                "sqlanon.nt_closeness": {
                    "name": "nt_hierarchies_other",
                    "arguments": {
                        "quasi_identifiers": ["age"],
                        "sensitive": "disease",
                        "n": 4,
                        "t": 0.2,
                        "hierarchies": {"sex": "{{ source('people', 'small') }}"},
                    },
                }
            },
            *(
                {
                    "sqlanon.nt_closeness": {
                        "name": name,
                        "arguments": {
                            "quasi_identifiers": ["age"],
                            "sensitive": "disease",
                            "n": 4,
                            "t": 0.2,
                            "hierarchies": given,
                        },
                    }
                }
                for name, given in (
                    ("nt_hierarchies_relation", "{{ source('people', 'small') }}"),
                    ("nt_hierarchy_number", {"age": 5}),
                    ("nt_hierarchy_dotted", {"age": "main.age_hierarchyy"}),
                    ("nt_hierarchy_null", {"age": None}),
                )
            ),
            {
                "sqlanon.nt_closeness": {
                    "name": "nt_too_many",
                    "arguments": {
                        "quasi_identifiers": ["zip", "age", "sex", "salary", "a", "b", "c", "d", "e"],
                        "sensitive": "disease",
                        "n": 4,
                        "t": 0.2,
                    },
                }
            },
            {
                "sqlanon.t_closeness": {
                    "name": "ordered_text",
                    "arguments": {
                        "quasi_identifiers": ["age"],
                        "sensitive": "disease",
                        "t": 0.2,
                        "distance": "ordered",
                    },
                }
            },
        ],
        "holes": [
            {
                "sqlanon.t_closeness": {
                    "name": "ordered_nulls",
                    "arguments": {
                        "quasi_identifiers": ["age"],
                        "sensitive": "salary",
                        "t": 0.2,
                        "distance": "ordered",
                    },
                }
            },
        ],
        "nothing": [{k: {"name": "empty_model", "arguments": {"quasi_identifiers": ["age"], "k": 2}}}],
        # distances that equal epsilon only up to floating point: within it, as sqlanon counts
        "frac": [
            {"sqlanon.dissimilarity": {"name": name, "arguments": arguments}}
            for name, arguments in TOLERANCE.items()
        ],
        # 5,000 distinct values: smoothed-js with bandwidth > 1 makes every pair neighbours
        # one person per value of who, each with 100 values of disease: more than the
        # statements over people weigh exactly
        "many": [
            {
                "sqlanon.l_diversity": {
                    "name": "person_many_values",
                    "arguments": {
                        "quasi_identifiers": ["grp"],
                        "sensitive": "disease",
                        "l": 2,
                        "person": "who",
                    },
                }
            }
        ],
        # two people, each with 7 values of a and 9 of b: 63 combinations, more than the
        # statements over several columns at once weigh exactly (each column alone: within)
        "combos": [
            {
                "sqlanon.l_diversity": {
                    "name": "person_many_combinations",
                    "arguments": {
                        "quasi_identifiers": ["grp"],
                        "sensitive": ["a", "b"],
                        "l": 2,
                        "person": "who",
                    },
                }
            }
        ],
        "wide": [
            {
                "sqlanon.t_closeness": {
                    "name": "smoothed_wide",
                    "arguments": {
                        "quasi_identifiers": ["age"],
                        "sensitive": "disease",
                        "t": 0.2,
                        "distance": "smoothed-js",
                        "ground": "equal",
                        "bandwidth": 2,
                    },
                }
            }
        ],
        **{name: [] for name in HIERARCHIES},
    }
    hierarchical = {
        "quasi_identifiers": ["age"],
        "sensitive": "disease",
        "t": 0.2,
        "distance": "hierarchical",
    }
    for name, table in (
        ("h_passes", "h_small"),
        ("h_missing", None),
        ("h_gaps", "h_gaps"),
        ("h_inconsistent", "h_inconsistent"),
    ):
        where = {"hierarchy": "{{ source('people', '" + table + "') }}"} if table else {}
        sources["small"].append(
            {"sqlanon.t_closeness": {"name": name, "arguments": {**hierarchical, **where}}}
        )
    # each age holds flu 3 times, cancer once: with flu allowed, cancer (rank 2) is below
    # c times the rest; with cancer allowed, flu (rank 1) is not; cancer is a quarter of each
    pd = {"quasi_identifiers": ["age"], "sensitive": "disease", "l": 2, "variant": "pd-recursive", "c": 2}
    npd = {**pd, "variant": "npd-recursive", "c1": 4, "allowed": [], "protected": ["cancer"]}
    del npd["c"]
    for name, arguments in (
        ("pd_passes", {**pd, "allowed": ["flu"]}),
        ("pd_fails", {**pd, "allowed": ["cancer"]}),
        ("npd_passes", {**npd, "c2": 20}),
        ("npd_fails", {**npd, "c2": 30}),
        ("pd_absent", {**pd, "allowed": ["flu", "grippe"]}),
        ("npd_empty", {**npd, "c2": 20, "protected": []}),
        ("allowed_text", {**pd, "allowed": "flu"}),
        # several sensitive columns: multi-attribute l-diversity (sex with each disease: l = 2
        # fails wherever the class's flu rows share one sex) and variational dissimilarity
        ("multi_fails", {"quasi_identifiers": ["age"], "sensitive": ["disease", "sex"], "l": 2}),
        (
            "multi_passes",
            {"quasi_identifiers": ["age"], "sensitive": ["disease", "sex"], "l": 1, "multi_attribute": True},
        ),
        (
            "multi_false",
            {"quasi_identifiers": ["age"], "sensitive": ["disease", "sex"], "l": 2, "multi_attribute": False},
        ),
        (
            "multi_one",
            {"quasi_identifiers": ["age"], "sensitive": "disease", "l": 2, "multi_attribute": True},
        ),
        ("multi_pd", {**pd, "allowed": ["flu"], "sensitive": ["disease", "sex"]}),
        (
            "multi_five",
            {"quasi_identifiers": ["zip"], "sensitive": ["age", "sex", "disease", "salary", "zip2"], "l": 2},
        ),
        ("multi_qi", {"quasi_identifiers": ["age"], "sensitive": ["age", "disease"], "l": 2}),
    ):
        sources["small"].append({"sqlanon.l_diversity": {"name": name, "arguments": arguments}})
    # a misspelt column; a text column behind a where config
    l_one = {"quasi_identifiers": ["age"], "l": 2}
    variational_args = {
        "quasi_identifiers": ["sex"],
        "epsilon": 1e6,
        "delta": 0,
        "k": 1,
        "distance": "variational",
    }
    sources["small"] += [
        {k: {"name": "qi_misspelt", "arguments": {"quasi_identifiers": ["agee"], "k": 2}}},
        {
            "sqlanon.l_diversity": {
                "name": "sensitive_misspelt",
                "arguments": {**l_one, "sensitive": "diseas"},
            }
        },
        {
            "sqlanon.dissimilarity": {
                "name": "variational_where",
                "arguments": {**variational_args, "sensitive": ["salary", "disease"]},
                "config": {"where": "1 = 1"},
            }
        },
    ]
    smoothed = {"quasi_identifiers": ["age"], "sensitive": "disease", "t": 0.2, "distance": "smoothed-js"}
    for name, arguments in (
        ("smoothed_passes", {**smoothed, "ground": "equal", "bandwidth": 0.5}),
        ("smoothed_no_ground", {**smoothed, "bandwidth": 0.5}),
        ("smoothed_bad_ground", {**smoothed, "bandwidth": 0.5, "ground": "numeric"}),
        ("smoothed_no_bandwidth", {**smoothed, "ground": "equal"}),
    ):
        sources["small"].append({"sqlanon.t_closeness": {"name": name, "arguments": arguments}})
    # person: the tests count people (salary tells each row apart; sex makes two people per age,
    # each of whom has flu: l = 2 holds over rows and fails over people)
    for name, test, arguments in (
        *PERSON_CASES,
        ("person_qi", k, {"quasi_identifiers": ["age"], "k": 2, "person": "age"}),
        ("person_misspelt", k, {"quasi_identifiers": ["age"], "k": 2, "person": "patient"}),
        ("person_empty", k, {"quasi_identifiers": ["age"], "k": 2, "person": []}),
        ("person_twice", k, {"quasi_identifiers": ["age"], "k": 2, "person": ["sex", "sex"]}),
        ("person_null_argument", k, {"quasi_identifiers": ["age"], "k": 2, "person": None}),
        ("person_sensitive", "sqlanon.l_diversity", {"quasi_identifiers": ["age"], "sensitive": "disease", "l": 2, "person": "disease"}),
    ):  # fmt: skip
        sources["small"].append({test: {"name": name, "arguments": arguments}})
    sources["holes"].append(
        {k: {"name": "person_null", "arguments": {"quasi_identifiers": ["age"], "k": 2, "person": "salary"}}}
    )
    variational = {
        "quasi_identifiers": ["sex"],
        "epsilon": 1e6,
        "delta": 0,
        "k": 1,
        "distance": "variational",
    }
    for name, sensitive in (
        ("variational_one", "salary"),
        ("variational_text", ["salary", "disease"]),
        ("variational_two", ["salary", "age"]),
    ):
        arguments = {**variational, "sensitive": sensitive}
        sources["small"].append({"sqlanon.dissimilarity": {"name": name, "arguments": arguments}})
    l_div = {"quasi_identifiers": ["age", "sex"], "l": 2}
    columns = {
        "small": [
            {
                "name": "disease",
                "data_tests": [
                    # attached to the sensitive column: it is the one checked (classes of age
                    # and sex hold flu only: l = 2 fails)
                    {"sqlanon.l_diversity": {"name": "on_column", "arguments": l_div}},
                    {
                        "sqlanon.l_diversity": {
                            "name": "on_column_other",
                            "arguments": {**l_div, "sensitive": "sex"},
                        }
                    },
                ],
            }
        ]
    }
    project = _project(tmp_path_factory.mktemp("dbt_small"), sources, columns=columns, deps=True)
    holes = [dict(r, salary=None if i == 3 else r["salary"]) for i, r in enumerate(rows)]
    _load_duckdb(project / "warehouse.duckdb", {"small": rows, "holes": holes, "nothing": []})
    with duckdb.connect(str(project / "warehouse.duckdb")) as con:
        for name, hierarchy in HIERARCHIES.items():
            _load_table(con, name, hierarchy)
        con.execute(
            "CREATE TABLE many AS SELECT range % 2 AS grp, range % 3 AS who, 'v' || range AS disease FROM range(300)"
        )
        con.execute(
            "CREATE TABLE combos AS SELECT 0 AS grp, range % 2 AS who, 'a' || (range % 7) AS a, "
            "'b' || (range % 9) AS b FROM range(126)"
        )
        con.execute("CREATE TABLE wide AS SELECT range % 7 AS age, 'v' || range AS disease FROM range(5000)")
        con.execute(f"CREATE TABLE frac AS SELECT * FROM (VALUES {FRAC}) AS f(age, x, y)")
    return project


#: small hierarchies of the small table's diseases: one that fits, one missing a value, and
#: one where a label has two parents
HIERARCHIES = {
    "h_small": [("flu", "infection", "*"), ("cancer", "tumour", "*")],
    "h_gaps": [("flu", "infection", "*")],
    "h_inconsistent": [("flu", "ill", "a", "*"), ("cancer", "ill", "b", "*")],
}


#: (a data test of small_project, the exit code `dbt test --select` it alone gives, what dbt
#: says of it: PASS=1 / WARN=1 / FAIL / FAIL n for its status, else words of its error)
EXIT_CASES = [
        ("passes", 0, "PASS=1"),
        ("l_passes", 0, "PASS=1"),
        ("fails", 1, "FAIL"),
        ("warns", 0, "WARN=1"),
        ("bad_k", 1, "sqlanon.k_anonymity: k must be at least 1, got 0."),
        ("no_qis", 1, "sqlanon.k_anonymity: needs quasi_identifiers"),
        ("unknown_param", 1, "sqlanon.k_anonymity: unknown parameter l; use quasi_identifiers, k, person."),
        ("person_passes", 0, "PASS=1"),
        ("person_fails", 1, "FAIL 3"),  # each age: one man, one woman
        ("person_list", 0, "PASS=1"),
        ("person_l_fails", 1, "FAIL 3"),  # every person of each age has flu
        # each age: 4 people (one row each), 3 of 4 with flu: every class is its own superset
        ("person_nt", 0, "PASS=1"),
        # over people (salary: one person per row): sex M's people all have flu beside each age
        ("person_multi", 1, "FAIL 1"),
        (
            "person_many_combinations",
            1,
            "sqlanon.l_diversity: a person has 63 combinations of values of a, b (the product of their numbers "
            "of distinct values of each); counting people, the package weighs each person's combinations exactly "
            "for people of at most 42",
        ),
        ("person_qi", 1, "the person column age is also listed in quasi_identifiers."),
        ("person_misspelt", 1, "person names patient, which is not a column of the model"),
        ("person_empty", 1, "person must name the column that identifies the individual a row is about"),
        ("person_twice", 1, "person names a column more than once"),
        ("person_null_argument", 1, "person must name the column that identifies the individual a row is about"),
        ("person_sensitive", 1, "the person column disease is also the sensitive column."),
        (
            "person_many_values",
            1,
            "sqlanon.l_diversity: a person has 100 distinct values of disease; counting people, the package "
            "weighs each person's values exactly for people of at most 42 values",
        ),
        ("person_null", 1, "1 row(s) have a NULL (missing) person column (salary)"),
        ("no_sensitive", 1, "sqlanon.t_closeness: needs sensitive"),
        ("t_too_big", 1, "sqlanon.t_closeness: t must lie in [0, 1], got 2."),
        ("nt_ordered_text", 1, "the sensitive column disease is of type"),
        ("pd_passes", 0, "PASS=1"),
        ("pd_fails", 1, "FAIL"),
        ("npd_passes", 0, "PASS=1"),
        ("npd_fails", 1, "FAIL"),
        (
            "pd_absent",
            1,
            "sqlanon.l_diversity: allowed lists value(s) ['grippe'] that do not occur in the column disease",
        ),
        ("npd_empty", 1, "sqlanon.l_diversity: protected must list at least one value"),
        (
            "allowed_text",
            1,
            "sqlanon.l_diversity: allowed must be a list of sensitive values, e.g. [flu], got flu.",
        ),
        ("multi_fails", 1, "FAIL"),
        ("multi_passes", 0, "PASS=1"),
        ("multi_false", 1, "sensitive lists several columns but multi_attribute is false"),
        ("multi_one", 1, "multi_attribute needs sensitive to list the sensitive columns, at least two"),
        (
            "multi_pd",
            1,
            "variant pd-recursive: takes one sensitive column; give it as sensitive: name (several columns are "
            "taken by variant distinct, entropy, recursive).",
        ),
        ("multi_five", 1, "sensitive lists 5 columns; the package takes at most 4."),
        ("multi_qi", 1, "the sensitive column age is also listed in quasi_identifiers."),
        (
            "variational_one",
            1,
            "distance variational: it compares several sensitive columns: list them in sensitive, e.g. "
            "sensitive: [salary, other_column].",
        ),
        ("variational_text", 1, "the sensitive column disease is of type"),
        ("variational_two", 0, "PASS=1"),
        ("tol_numeric", 1, "FAIL"),
        ("tol_variational", 1, "FAIL"),
        (
            "qi_misspelt",
            1,
            "quasi_identifiers names agee, which is not a column of the model; its columns are",
        ),
        ("sensitive_misspelt", 1, "sensitive names diseas, which is not a column of the model"),
        ("variational_where", 1, "the sensitive column disease is of type"),
        ("smoothed_passes", 0, "PASS=1"),
        (
            "smoothed_no_ground",
            1,
            "sqlanon.t_closeness: distance smoothed-js: needs ground: one of equal, ordered, hierarchical.",
        ),
        ("smoothed_bad_ground", 1, "unknown ground numeric; use one of equal, ordered, hierarchical."),
        ("smoothed_no_bandwidth", 1, "sqlanon.t_closeness: needs the parameter bandwidth."),
        (
            "smoothed_wide",
            1,
            "bandwidth 2 makes about 25000000 pairs of the 5000 values of disease neighbours (at most 20000000)",
        ),
        # (n,t)-closeness: without hierarchies each quasi-identifier generalizes only to '*'
        ("nt_passes", 0, "PASS=1"),
        ("nt_fails", 1, "FAIL 12"),  # only the whole table has 5 rows, and no class is close to it
        (
            "nt_hierarchies_list",
            1,
            "hierarchies must map quasi-identifiers to their hierarchies as relations, e.g. {age:",
        ),
        ("nt_hierarchies_other", 1, "hierarchies names sex, which is not in quasi_identifiers."),
        ("nt_hierarchies_relation", 1, "hierarchies must map quasi-identifiers to their hierarchies"),
        ("nt_hierarchy_number", 1, "the hierarchy 5 of age is not a relation: give a seed, ref or source"),
        ("nt_hierarchy_dotted", 1, "the hierarchy main.age_hierarchyy of age is not a relation"),
        ("nt_hierarchy_null", 1, "hierarchies gives age no relation"),
        (
            "nt_too_many",
            1,
            "the package writes it for up to 8 quasi-identifiers; the test lists 9. Run `sqlanon check`",
        ),
        ("attribute_named", 1, "name the sensitive column with sensitive"),
        ("k_as_text", 1, "k must be a whole number, got the text '5'"),
        ("ordered_text", 1, "; distance ordered reads its values as numbers: cast it to a numeric type"),
        ("ordered_nulls", 1, "the sensitive column salary has 1 NULL (missing) values"),
        ("empty_model", 1, "the model has no rows"),
        ("on_column", 1, "FAIL"),
        ("h_passes", 0, "PASS=1"),
        (
            "h_missing",
            1,
            "sqlanon.t_closeness: needs hierarchy: the sensitive column's hierarchy as a relation",
        ),
        (
            "h_gaps",
            1,
            "1 value(s) of the column disease are not in the first column of the hierarchy",
        ),
        ("h_inconsistent", 1, "is inconsistent: 1 label(s) of column c1 have several parents in column c2"),
        ("on_column_other", 1, "the test is attached to column disease but names sensitive: sex"),
]  # fmt: skip


#: a dbt process run once for many cases, and each node's result (run_results.json) by name
DbtRun = tuple[subprocess.CompletedProcess[str], dict[str, dict[str, Any]]]


def _as_dbt_says(result: dict[str, Any], code: int, says: str) -> None:
    """``result`` (a node's entry of run_results.json) is what a run of that node alone exits
    with (``code``: 0 when it passes or warns, 1 when it fails or errs) and says (``says``)."""
    status = result["status"]
    assert (0 if status in ("pass", "success", "warn") else 1) == code, result
    word, _, count = says.partition("=") if "=" in says else says.partition(" ")
    if word in ("PASS", "WARN", "FAIL"):
        assert status in {"PASS": ("pass", "success"), "WARN": ("warn",), "FAIL": ("fail",)}[word], result
        if word == "FAIL" and count:
            assert result["failures"] == int(count), result
    else:
        assert status == "error", result
        assert says in " ".join((result.get("message") or "").split()), result["message"]


@pytest.fixture(scope="module")
def small_tests_run(small_project: Path) -> DbtRun:
    """Every data test of EXIT_CASES in one `dbt test` (each dbt process costs seconds): the
    process, and each test's result."""
    result = _dbt(small_project, "test", "--select", *(case[0] for case in EXIT_CASES))
    return result, _by_name(small_project)


def test_one_dbt_test_run_of_every_case(small_tests_run: DbtRun) -> None:
    result, by_name = small_tests_run
    assert sorted(by_name) == sorted(case[0] for case in EXIT_CASES), result.stdout[-3000:]
    # some fail or err: dbt exits 1, and its summary counts the statuses (a failure as an ERROR)
    assert result.returncode == 1, result.stdout[-3000:] + result.stderr[-3000:]
    statuses = [r["status"] for r in by_name.values()]
    counts = {
        "PASS": statuses.count("pass"),
        "WARN": statuses.count("warn"),
        "ERROR": statuses.count("error") + statuses.count("fail"),
        "TOTAL": len(EXIT_CASES),
    }
    summary = " ".join(f"{word}={n}" for word, n in counts.items())
    assert summary.replace(" TOTAL", " SKIP=0 NO-OP=0 TOTAL") in result.stdout, result.stdout[-2000:]


@pytest.mark.parametrize(("select", "code", "says"), EXIT_CASES)
def test_dbt_exit_codes_and_errors(small_tests_run: DbtRun, select: str, code: int, says: str) -> None:
    _as_dbt_says(small_tests_run[1][select], code, says)


def test_a_dbt_test_run_alone_exits_as_its_status_says(small_project: Path) -> None:
    """What _as_dbt_says assumes of dbt, on one case of each status."""
    for select, code, says in (("warns", 0, "WARN=1"), ("bad_k", 1, "k must be at least 1, got 0.")):
        result = _dbt(small_project, "test", "--select", select)
        assert result.returncode == code, result.stdout + result.stderr
        assert says in " ".join((result.stdout + result.stderr).split()), result.stdout


def test_a_failing_test_lists_its_classes_under_the_columns_names(small_project: Path) -> None:
    result = _dbt(small_project, "test", "--select", "fails", "--store-failures")
    assert result.returncode == 1
    with duckdb.connect(str(small_project / "warehouse.duckdb"), read_only=True) as con:
        rows = con.execute('SELECT * FROM "main_dbt_test__audit"."fails" ORDER BY 1, 2').fetchall()
        names = [d[0] for d in con.description]
    assert names == ["age", "sex", "rows", "observed"]
    # every (age, sex) class has 2 rows: all six fail k = 3
    assert rows == sorted((str(a), s, 2, 2.0) for a in (25, 38, 47) for s in ("F", "M"))


#: the anonymization a dbt Python model runs (integrations/dbt/README.md): hierarchies as builders
RELEASE = {
    "columns": {
        "zip": {"role": "quasi", "hierarchy": {"type": "mask", "char": "*", "levels": [1, 2, 3, 4, 5]}},
        "age": {"role": "quasi", "hierarchy": {"type": "intervals", "widths": [10, 20]}},
        "sex": "insensitive",
        "disease": "sensitive",
        "salary": "insensitive",
    },
    "criteria": [{"k-anonymity": {"k": 5}}, {"l-diversity": {"l": 2}}],
}

SEARCH_MODEL = f"""
import sqlanon

CONFIG = {RELEASE!r}


def model(dbt, session):
    dbt.config(materialized="table")
    report = sqlanon.anonymize({{**CONFIG, "source": dbt.source("people", "small")}}, connection=session)
    if not report.passed:
        raise RuntimeError("sqlanon found no release: " + report.text())
    return report.release
"""

NODE_MODEL = f"""
import sqlanon

CONFIG = {RELEASE!r}


def model(dbt, session):
    dbt.config(materialized="table", node={{"zip": 1, "age": 3}})
    report = sqlanon.apply(
        {{**CONFIG, "source": dbt.source("people", "small")}}, node=dbt.config.get("node"), connection=session
    )
    if not report.passed:
        raise RuntimeError("the node no longer meets the criteria: " + report.text())
    return report.release
"""


def test_a_dbt_python_model_publishes_sqlanons_release_and_the_package_gates_it(small_project: Path) -> None:
    (small_project / "models" / "searched.py").write_text(SEARCH_MODEL)
    (small_project / "models" / "at_node.py").write_text(NODE_MODEL)
    gates = [
        {"name": name, "data_tests": [
            {"sqlanon.k_anonymity": {"name": f"{name}_k", "arguments": {"quasi_identifiers": ["zip", "age"], "k": 5}}},
            {"sqlanon.l_diversity": {"name": f"{name}_l", "arguments": {"quasi_identifiers": ["zip", "age"], "sensitive": "disease", "l": 2}}},
        ]}
        for name in ("searched", "at_node")
    ]  # fmt: skip
    (small_project / "models" / "gates.yml").write_text(yaml.safe_dump({"version": 2, "models": gates}))
    result = _dbt(small_project, "build", "--select", "searched", "at_node")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "PASS=6" in " ".join(result.stdout.split()), result.stdout  # 2 models, 4 tests
    with duckdb.connect(str(small_project / "warehouse.duckdb"), read_only=True) as con:
        source = con.execute('SELECT * FROM "small"').fetchall()
        published = {
            m: sorted(con.execute(f'SELECT * FROM "{m}"').fetchall(), key=repr)
            for m in ("searched", "at_node")
        }
    # the same runs outside dbt, on a copy of the table: the same releases
    with duckdb.connect() as con:
        con.execute(
            'CREATE TABLE "small" ("zip" VARCHAR, "age" INTEGER, "sex" VARCHAR, "disease" VARCHAR, "salary" INTEGER)'
        )
        con.executemany('INSERT INTO "small" VALUES (?, ?, ?, ?, ?)', source)
        searched = api.anonymize({**RELEASE, "source": {"table": "small"}}, connection=con)
        at_node = api.apply(
            {**RELEASE, "source": {"table": "small"}}, node={"zip": 1, "age": 3}, connection=con
        )
        for model, report in (("searched", searched), ("at_node", at_node)):
            assert report.passed
            assert published[model] == sorted(report.release.fetchall(), key=repr), model
    # at the fixed node: zip masked by one digit, age at its top level, every row kept
    assert {(r[0], r[1]) for r in published["at_node"]} == {("4767*", "*")}
    assert len(published["at_node"]) == len(source)


RELEASES = 12


def _release_hierarchies(rows: Sequence[dict[str, Any]]) -> dict[str, list[tuple[str, ...]]]:
    """ARX-style hierarchies (value, then its label per level up to '*') of the quasi-identifiers."""
    zips = sorted({r["zip"] for r in rows})
    ages = sorted({r["age"] for r in rows})
    return {
        "zip": [(z, z[:4] + "*", z[:3] + "**", "*") for z in zips],
        "age": [
            (str(a), f"{a // 10 * 10}-{a // 10 * 10 + 9}", f"{a // 20 * 20}-{a // 20 * 20 + 19}", "*")
            for a in ages
        ],
        "sex": [*((s, "*") for s in sorted({r["sex"] for r in rows if r["sex"]})), ("", "*")],
    }


def release_hierarchy_sources(
    files: Path, seed: int, rows: Sequence[dict[str, Any]], sources: dict[str, list[dict[str, Any]]]
) -> dict[str, list[tuple[str, ...]]]:
    """A release case's quasi-identifier hierarchies: written as files (for apply) and declared
    as sources h_<column><seed> (for the release model), with its source r_source<seed>."""
    hierarchies = _release_hierarchies(rows)
    for q, h in hierarchies.items():
        (files / f"{q}{seed}.csv").write_text("".join(";".join(r) + "\n" for r in h))
        sources[f"h_{q}{seed}"] = []
    sources[f"r_source{seed}"] = []
    return hierarchies


def _jinja_literal(value: Any) -> str:
    """A configuration value as Jinja, hierarchies (table names) as source() calls."""
    if isinstance(value, dict):
        items = []
        for k, v in value.items():
            text = f"source('people', '{v}')" if k == "hierarchy" and ":" not in v else _jinja_literal(v)
            items.append(f"{_jinja_literal(k)}: {text}")
        return "{" + ", ".join(items) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_jinja_literal(v) for v in value) + "]"
    return repr(value)


def release_cases(tmp_path: Path, count: int = RELEASES) -> dict[str, Any]:
    """``count`` models releasing random tables at random nodes (sqlanon.release; the first
    ``count`` of the :data:`RELEASES` the DuckDB and PostgreSQL tests run), written into
    ``tmp_path / "project" / "models"`` (the project itself is not made): the sources they read
    (name -> no tests), each seed's case (rows, hierarchies, criteria, node, limit), the
    folder of the hierarchy files (for apply), the disease hierarchy's file and rows."""
    rng = random.Random(29)
    sources: dict[str, list[dict[str, Any]]] = {}
    cases = {}
    (tmp_path / "project" / "models").mkdir(parents=True)
    files = tmp_path / "hierarchies"
    files.mkdir()
    for seed in range(count):
        rows = _rows(100 + seed)
        hierarchies = release_hierarchy_sources(files, seed, rows, sources)
        # (the quasi-identifiers are zip, age and sex)
        criteria = rng.sample([c for c in _written() if c not in SEVERAL], rng.randint(1, 2))
        node = {"zip": rng.randint(0, 3), "age": rng.randint(0, 3), "sex": rng.randint(0, 1)}
        limit = rng.choice([0, 0.1, 0.3])
        columns = {
            "zip": {"role": "quasi", "hierarchy": f"h_zip{seed}"},
            "age": {"role": "quasi", "hierarchy": f"h_age{seed}"},
            "sex": {"role": "quasi", "hierarchy": f"h_sex{seed}"},
            "disease": {"role": "sensitive", "hierarchy": HIERARCHY_TABLE},
            "salary": "sensitive",
        }
        model = (
            "{{ config(materialized='table') }}\n"
            f"{{{{ sqlanon.release(source('people', 'r_source{seed}'), columns={_jinja_literal(columns)}, "
            f"criteria={_jinja_literal(criteria)}, node={_jinja_literal(node)}, suppression_limit={limit}) }}}}\n"
        )
        (tmp_path / "project" / "models" / f"release{seed}.sql").write_text(model)
        cases[seed] = (rows, hierarchies, criteria, node, limit)
    hierarchy_file, disease = _disease_hierarchy(tmp_path / "demo")
    return {
        "sources": {**sources, HIERARCHY_TABLE: []},
        "cases": cases,
        "files": files,
        "hierarchy_file": hierarchy_file,
        "disease": disease,
    }


@pytest.fixture(scope="module")
def release_project(tmp_path_factory: pytest.TempPathFactory, dbt_ready: Path) -> dict[str, Any]:
    """:func:`release_cases`, run on DuckDB."""
    tmp_path = tmp_path_factory.mktemp("dbt_release")
    made = release_cases(tmp_path)
    cases, disease = made["cases"], made["disease"]
    project = _project(tmp_path / "project", made["sources"])
    _load_duckdb(project / "warehouse.duckdb", {f"r_source{seed}": case[0] for seed, case in cases.items()})
    with duckdb.connect(str(project / "warehouse.duckdb")) as con:
        _load_table(con, HIERARCHY_TABLE, disease)
        for seed, case in cases.items():
            for q, h in case[1].items():
                _load_table(con, f"h_{q}{seed}", h)
    result = _dbt(project, "run")
    results = {
        r["unique_id"].split(".")[-1]: r
        for r in json.loads((project / "target" / "run_results.json").read_text())["results"]
    }
    return {**made, "project": project, "result": result, "results": results}


def release_config(made: dict[str, Any], seed: int) -> dict[str, Any]:
    """The configuration of :func:`release_cases`'s case ``seed`` for apply, on table people."""
    _, _, criteria, _, limit = made["cases"][seed]
    return {
        "source": {"table": "people"},
        "columns": {
            **{q: {"role": "quasi", "hierarchy": str(made["files"] / f"{q}{seed}.csv")} for q in QIS},
            "disease": {"role": "sensitive", "hierarchy": str(made["hierarchy_file"])},
            "salary": "sensitive",
        },
        "criteria": criteria,
        "suppression_limit": limit,
    }


def release_matches_apply(
    project: Path,
    got: dict[str, Any],
    model: str,
    rows: Sequence[dict[str, Any]],
    config: dict[str, Any],
    node: dict[str, int],
    read: Callable[[str], list[tuple[Any, ...]]] | None = None,
) -> str:
    """A release model's outcome (``got``: its run result) against ``apply --node`` on the
    same rows: the same table, or both fail. Returns published, suppressed (published with rows
    suppressed) or fails. ``read``: the published rows of a model (default: of the project's
    DuckDB file)."""
    with duckdb.connect() as con:
        _load_people(con, "people", rows)
        try:
            report = api.apply(config, node=node, connection=con)
            want = sorted(report.release.fetchall(), key=repr) if report.passed else None
        except InputError:
            want = None
    if want is None:
        assert got["status"] == "error", (model, got["status"])
        message = " ".join(str(got.get("message")).split())
        assert "does not satisfy the criteria" in message or "fails its gate" in message, message
        return "fails"
    assert got["status"] == "success", (model, got.get("message"))
    if read is None:
        with duckdb.connect(str(project / "warehouse.duckdb"), read_only=True) as con:
            published = con.execute(f'SELECT * FROM "{model}"').fetchall()
    else:
        published = read(model)
    assert sorted(published, key=repr) == want, model
    return "suppressed" if report.suppressed_rows else "published"


def test_the_release_macro_publishes_what_apply_publishes(release_project: dict[str, Any]) -> None:
    project, cases = release_project["project"], release_project["cases"]
    result, results = release_project["result"], release_project["results"]
    published = suppressed = 0
    for seed, (rows, _, _, node, _) in cases.items():
        config = release_config(release_project, seed)
        outcome = release_matches_apply(
            project, results[f"release{seed}"], f"release{seed}", rows, config, node
        )
        published += outcome != "fails"
        suppressed += outcome == "suppressed"
    assert result.returncode == (0 if published == RELEASES else 1)
    # some nodes publish, some with suppressed classes, some fail
    assert 0 < suppressed <= published < RELEASES, (suppressed, published)


def test_the_release_macro_on_postgres_publishes_duckdbs_release(
    release_project: dict[str, Any], postgres: Any, tmp_path: Path
) -> None:
    import shutil

    import psycopg

    from tests.support import pgserver

    project = _project(tmp_path / "pg", release_project["sources"], postgres)
    for model in (release_project["project"] / "models").glob("release*.sql"):
        shutil.copy(model, project / "models" / model.name)
    types = ["text", "integer", "text", "text", "integer"]
    with psycopg.connect(postgres.url, password=os.environ[postgres.password_env], autocommit=True) as con:
        con.execute("CREATE SCHEMA IF NOT EXISTS dbt_people")
        _load_table(con, HIERARCHY_TABLE, release_project["disease"], "dbt_people")
        for seed, (rows, hierarchies, *_) in release_project["cases"].items():
            columns = list(zip(COLUMNS, types, strict=True))
            pgserver.load(
                con, "dbt_people", f"r_source{seed}", columns, ([r[c] for c in COLUMNS] for r in rows)
            )
            for q, h in hierarchies.items():
                _load_table(con, f"h_{q}{seed}", h, "dbt_people")
        on_pg = _dbt(project, "run", target="pg")
        assert on_pg.returncode == release_project["result"].returncode, on_pg.stdout
        results = json.loads((target_folder(project, "pg") / "run_results.json").read_text())["results"]
        with duckdb.connect(str(release_project["project"] / "warehouse.duckdb"), read_only=True) as duck:
            for r in results:
                name = r["unique_id"].split(".")[-1]
                assert r["status"] == release_project["results"][name]["status"], name
                if r["status"] == "success":
                    got = con.execute(f'SELECT * FROM "dbt_gate"."{name}"').fetchall()
                    want = duck.execute(f'SELECT * FROM "{name}"').fetchall()
                    assert sorted(got, key=repr) == sorted(want, key=repr), name


#: release models of the small table: one that publishes, and inputs sqlanon.release refuses
SMALL_COLUMNS = {
    "zip": {"role": "quasi", "hierarchy": "h_zip"},
    "age": {"role": "quasi", "hierarchy": "h_age"},
    "sex": "insensitive",
    "disease": "sensitive",
    "salary": "insensitive",
}
TWO_SENSITIVE = {**SMALL_COLUMNS, "sex": "sensitive"}
SMALL_RELEASES = {
    "rel_ok": (SMALL_COLUMNS, {"zip": 1, "age": 0}, [{"k-anonymity": {"k": 4}}], 0),
    "rel_fails": (SMALL_COLUMNS, {"zip": 1, "age": 0}, [{"k-anonymity": {"k": 5}}], 0),
    "rel_no_role": ({k: v for k, v in SMALL_COLUMNS.items() if k != "salary"}, {"zip": 0, "age": 0}, [{"k-anonymity": {"k": 2}}], 0),
    "rel_order": ({**SMALL_COLUMNS, "salary": {"role": "sensitive", "order": [1, 2]}}, {"zip": 0, "age": 0}, [{"k-anonymity": {"k": 2}}], 0),
    "rel_max": ({**SMALL_COLUMNS, "age": {"role": "quasi", "hierarchy": "h_age", "max_level": 0}}, {"zip": 0, "age": 1}, [{"k-anonymity": {"k": 2}}], 0),
    "rel_height": (SMALL_COLUMNS, {"zip": 0, "age": 5}, [{"k-anonymity": {"k": 2}}], 0),
    "rel_node": (SMALL_COLUMNS, {"zip": 0}, [{"k-anonymity": {"k": 2}}], 0),
    "rel_limit": (SMALL_COLUMNS, {"zip": 0, "age": 0}, [{"k-anonymity": {"k": 2}}], 2),
    "rel_severity": (SMALL_COLUMNS, {"zip": 0, "age": 0}, [{"k-anonymity": {"k": 2, "severity": "Error"}}], 0),
    "rel_builtin": ({**SMALL_COLUMNS, "zip": {"role": "quasi", "hierarchy": "builtin:zip5"}}, {"zip": 0, "age": 0}, [{"k-anonymity": {"k": 2}}], 0),
    "rel_params": (SMALL_COLUMNS, {"zip": 0, "age": 0}, [{"k-anonymity": 3}], 0),
    "rel_ordered_text": (SMALL_COLUMNS, {"zip": 1, "age": 2}, [{"t-closeness": {"t": 0.5, "distance": "ordered"}}], 0),
    "rel_multi_switch": (TWO_SENSITIVE, {"zip": 0, "age": 0}, [{"l-diversity": {"l": 1, "attributes": ["disease", "sex"]}}], 0),
    "rel_multi_ok": (TWO_SENSITIVE, {"zip": 0, "age": 0}, [{"l-diversity": {"l": 1, "multi_attribute": True, "attributes": ["disease", "sex"]}}], 0),
    "rel_attributes_text": (TWO_SENSITIVE, {"zip": 0, "age": 0}, [{"l-diversity": {"l": 1, "multi_attribute": True, "attributes": "disease"}}], 0),
    "rel_attribute_list": (TWO_SENSITIVE, {"zip": 0, "age": 0}, [{"l-diversity": {"l": 1, "attribute": ["disease", "sex"]}}], 0),
    "rel_multi_pd": (TWO_SENSITIVE, {"zip": 0, "age": 0}, [{"l-diversity": {"variant": "pd-recursive", "l": 1, "c": 2, "allowed": [], "attributes": ["disease", "sex"]}}], 0),
    "rel_nt_hierarchies": (SMALL_COLUMNS, {"zip": 0, "age": 0}, [{"nt-closeness": {"n": 2, "t": 0.5, "hierarchies": {"zip": "h_zip"}}}], 0),
    "rel_nt_ok": (SMALL_COLUMNS, {"zip": 1, "age": 1}, [{"nt-closeness": {"n": 4, "t": 0.5}}], 0),
    "rel_variational_one": (TWO_SENSITIVE, {"zip": 0, "age": 0}, [{"dissimilarity": {"epsilon": 1, "delta": 0, "k": 1, "distance": "variational", "attribute": "disease"}}], 0),
}  # fmt: skip


#: (a release model of small_project, the exit code `dbt run --select` it alone gives, what
#: dbt says of it)
RELEASE_CASES = [
        ("rel_ok", 0, "PASS=1"),
        (
            "rel_fails",
            1,
            "the node zip=1, age=0 does not satisfy the criteria on this data: every row violates them",
        ),
        ("rel_no_role", 1, "column(s) salary have no role"),
        ("rel_order", 1, "column salary: order is not taken by sqlanon.release"),
        ("rel_max", 1, "node gives age the level 1, above its max_level 0."),
        ("rel_height", 1, "node gives age the level 5; its hierarchy has levels 0 to 2."),
        ("rel_node", 1, "node needs a level (0, 1, ...) for quasi-identifier age."),
        ("rel_limit", 1, "suppression_limit must be a share of the rows in [0, 1], got 2."),
        ("rel_severity", 1, "unknown severity Error in k-anonymity; use error or warn."),
        ("rel_builtin", 1, "the hierarchy of zip must be a relation"),
        ("rel_params", 1, "the parameters of k-anonymity must be a mapping"),
        # the column's type is checked on the model: the database's message would show a value
        ("rel_ordered_text", 1, "the sensitive column disease is of type"),
        # several sensitive columns, in the YAML's words, refused where sqlanon apply refuses them
        ("rel_multi_switch", 1, "several attributes need multi_attribute: true"),
        ("rel_multi_ok", 0, "PASS=1"),
        ("rel_attributes_text", 1, "l-diversity: attributes must list at least two sensitive columns."),
        ("rel_attribute_list", 1, "l-diversity: attribute must name one sensitive column; for several"),
        ("rel_multi_pd", 1, "takes one sensitive column; give it as attribute: name"),
        (
            "rel_nt_hierarchies",
            1,
            "nt-closeness: hierarchies is not a parameter of the criterion; the quasi-identifiers' hierarchies",
        ),
        ("rel_nt_ok", 0, "PASS=1"),
        (
            "rel_variational_one",
            1,
            "distance variational compares distributions: list their columns in 'attributes'.",
        ),
]  # fmt: skip


@pytest.fixture(scope="module")
def small_releases_run(small_project: Path) -> DbtRun:
    """Every release model of SMALL_RELEASES in one `dbt run`: the process, and each model's
    result."""
    models = small_project / "models"
    with duckdb.connect(str(small_project / "warehouse.duckdb")) as con:
        _load_table(con, "h_zip", [("47677", "4767*", "*")])
        _load_table(con, "h_age", [(str(a), f"{a // 10 * 10}s", "*") for a in (25, 38, 47)])
    sources = yaml.safe_load((models / "sources.yml").read_text())
    sources["sources"][0]["tables"] += [{"name": "h_zip"}, {"name": "h_age"}]
    (models / "sources.yml").write_text(yaml.safe_dump(sources))
    for name, (columns, node, criteria, limit) in SMALL_RELEASES.items():
        (models / f"{name}.sql").write_text(
            "{{ config(materialized='table') }}\n"
            f"{{{{ sqlanon.release(source('people', 'small'), columns={_jinja_literal(columns)}, "
            f"criteria={_jinja_literal(criteria)}, node={_jinja_literal(node)}, suppression_limit={limit}) }}}}\n"
        )
    result = _dbt(small_project, "run", "--select", *SMALL_RELEASES)
    return result, _by_name(small_project)


def test_one_dbt_run_of_every_release_case(small_releases_run: DbtRun) -> None:
    result, by_name = small_releases_run
    assert sorted(by_name) == sorted(SMALL_RELEASES) == sorted(case[0] for case in RELEASE_CASES)
    assert result.returncode == 1, result.stdout[-3000:] + result.stderr[-3000:]


@pytest.mark.parametrize(("model", "code", "says"), RELEASE_CASES)
def test_the_release_macros_exit_codes_and_errors(
    small_releases_run: DbtRun, model: str, code: int, says: str
) -> None:
    _as_dbt_says(small_releases_run[1][model], code, says)
