"""sqlanon's dbt package on Spark: real dbt-spark with its ``session`` method (a local pyspark
inside the dbt process; tests/support/dbtenv.py installs dbt-spark[session] and the test venv's
pyspark), the cases the dbt-duckdb and dbt-postgres tests of test_dbt.py run:

- random tables with random generic tests of the package (test_dbt.py's random_project; here
  one test of each of five criteria, one of each way the package reads the data): each test's
  stored failing rows are the violating classes ``sqlanon check`` lists for the same criterion
  on the same table (the reference test_dbt.py holds DuckDB's failing rows to);
- ``sqlanon.release`` models at random nodes (two of test_dbt.py's) publish what ``apply
  --node`` publishes, or both fail, and a test of the release's own criterion fails the raw
  table (warn severity) and passes on the release.

Spark plans each of the package's statements in seconds, even over small tables: the cases are
few, to keep the file within its CI budget.

One dbt process (``dbt build --store-failures``: a JVM starts inside dbt, ~20 s): its
on-run-start hooks declare the tables, Parquet files DuckDB writes, as tables of the catalog over them; what dbt writes
(the releases, the stored failures: Parquet tables in its warehouse folder) is read back with
DuckDB, without another JVM.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import duckdb
import pytest
import yaml

from tests.dbt import test_dbt
from tests.dbt.test_dbt import (
    HIERARCHY_TABLE,
    QIS,
    _by_name,
    _dbt,
    _failures,
    _load_people,
    _load_table,
    _project,
    _rules,
    _test_of,
    _written,
    release_cases,
    release_config,
    release_matches_apply,
    same_as_check,
)

pytestmark = pytest.mark.xdist_group("dbt")

#: test_dbt.py's fixtures, used as they are (random_project makes its tables, no dbt process)
dbt_ready = test_dbt.dbt_ready
random_project = test_dbt.random_project

#: the schema of the tables (external tables over Parquet folders) the project reads, and of what dbt writes
SOURCES = "dbt_people"
SCHEMA = "dbt_gate"
#: the release cases of test_dbt.py run on Spark: one that apply publishes (of one criterion,
#: numeric dissimilarity, which the raw table fails: its statement runs twice, before and after
#: suppression) and one it fails (the test checks both outcomes)
RELEASE_SEEDS = (0, 7)


def _java_or_skip() -> None:
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        if os.environ.get("SQLANON_CI"):
            raise RuntimeError("dbt-spark's session method needs Java: no java on the PATH and no JAVA_HOME")
        pytest.skip("dbt-spark's session method needs Java (17 or later): none on the PATH and no JAVA_HOME")


def _parquet(folder: Path, tables: dict[str, Any], texts: dict[str, list[tuple[str, ...]]]) -> list[str]:
    """Each table written as a Parquet file by DuckDB (``tables``: rows of the test columns;
    ``texts``: rows of text columns c0, c1, ...), in a folder of its own, and the statements
    declaring each as a table of :data:`SOURCES` on Spark over that folder. A table of the
    catalog, as a user's sources are, rather than a view over ``parquet.`path```: Spark reads
    such a view's file footers again each time a statement names it, and the package's
    statements name their model several times (measured on this file's statements: planning
    about a third shorter over tables)."""
    folder.mkdir()
    hooks = [f"CREATE SCHEMA IF NOT EXISTS {SOURCES}"]
    with duckdb.connect() as con:
        for name, rows in {**tables, **texts}.items():
            if name in tables:
                _load_people(con, name, rows)
            else:
                _load_table(con, name, rows)
            (folder / name).mkdir()
            path = folder / name / "part.parquet"
            con.execute(f"COPY \"{name}\" TO '{path}' (FORMAT parquet)")
            # each dbt run declares them again (a session's catalog may be its own)
            hooks.append(f"DROP TABLE IF EXISTS {SOURCES}.`{name}`")
            hooks.append(f"CREATE TABLE {SOURCES}.`{name}` USING parquet LOCATION '{folder / name}'")
    return hooks


def _read(warehouse: Path, schema: str, name: str) -> list[tuple[Any, ...]]:
    """The rows of a table dbt wrote on Spark (Parquet files in the warehouse folder)."""
    files = sorted((warehouse / f"{schema}.db" / name.lower()).glob("*.parquet"))
    if not files:  # pragma: no cover - Spark writes a file with the schema for an empty table
        return []
    with duckdb.connect() as con:
        return [
            tuple(r)
            for r in con.execute("SELECT * FROM read_parquet(?)", [[str(f) for f in files]]).fetchall()
        ]


def _picked(criterion: dict[str, Any]) -> bool:
    """The written criteria run on Spark, one of each way the package reads the data: k alone,
    lists of values (text literals), a sensitive hierarchy, several sensitive columns, numeric
    values with neighbour pairs."""
    ((kind, params),) = criterion.items()
    return (
        kind == "k-anonymity"
        or "protected" in params
        or (kind == "t-closeness" and params.get("distance") == "hierarchical")
        or (kind == "l-diversity" and params.get("variant") == "distinct" and "attributes" in params)
        or (params.get("ground") == "ordered" and params.get("bandwidth") == 2)
    )


@pytest.fixture(scope="module")
def spark_build(
    random_project: tuple[Path, dict[str, Any]],
    tmp_path_factory: pytest.TempPathFactory,
    dbt_ready: Path,
) -> dict[str, Any]:
    """random_project's first test of each :func:`_picked` criterion, and the release cases
    :data:`RELEASE_SEEDS` (each with a test of its first criterion on the raw table and on the
    release), built in one dbt-spark process (a statement costs Spark seconds of planning: few
    cases)."""
    _java_or_skip()
    random, made = random_project
    folder = tmp_path_factory.mktemp("dbt_spark")
    cases: dict[str, tuple[str, list[str], dict[str, Any]]] = {}
    for test_id, case in made["cases"].items():
        if _picked(case[2]) and case[2] not in [c[2] for c in cases.values()]:
            cases[test_id] = case
    sources = {
        name: [t for t in tests if next(iter(t.values()))["name"] in cases]
        for name, tests in made["sources"].items()
    }
    sources = {name: tests for name, tests in sources.items() if tests}
    releases = release_cases(folder)
    chosen = list(RELEASE_SEEDS)
    project = folder / "project"
    for seed in set(releases["cases"]) - set(chosen):
        del releases["cases"][seed]
        (project / "models" / f"release{seed}.sql").unlink()
        for name in (f"r_source{seed}", *(f"h_{q}{seed}" for q in QIS)):
            del releases["sources"][name]
    models: list[dict[str, Any]] = []
    for seed, (_, _, criteria, _, _) in releases["cases"].items():
        test, arguments = _test_of(criteria[0], QIS)
        kind = next(iter(criteria[0]))
        if _rules()[kind]["hierarchies"]:
            arguments["hierarchies"] = {q: f"{{{{ source('people', 'h_{q}{seed}') }}}}" for q in QIS}
        raw = {test: {"name": f"raw{seed}", "arguments": arguments, "config": {"severity": "warn"}}}
        releases["sources"][f"r_source{seed}"] = [raw]
        models.append(
            {"name": f"release{seed}", "data_tests": [{test: {"name": f"rel{seed}", "arguments": arguments}}]}
        )
    _project(project, {**sources, **releases["sources"]})
    (project / "models" / "releases.yml").write_text(yaml.safe_dump({"version": 2, "models": models}))
    texts = {HIERARCHY_TABLE: made["hierarchy"]}
    for seed, (_, hierarchies, *_) in releases["cases"].items():
        texts.update({f"h_{q}{seed}": h for q, h in hierarchies.items()})
    tables = {name: made["tables"][name] for name in sources if name != HIERARCHY_TABLE}
    tables.update({f"r_source{seed}": case[0] for seed, case in releases["cases"].items()})
    settings = yaml.safe_load((project / "dbt_project.yml").read_text())
    settings["on-run-start"] = _parquet(folder / "parquet", tables, texts)
    (project / "dbt_project.yml").write_text(yaml.safe_dump(settings))
    warehouse = project / "spark-warehouse"
    spark = {
        "type": "spark",
        "method": "session",
        "host": "localhost",  # not used by the session method
        "schema": SCHEMA,
        "threads": 1,
        "server_side_parameters": {
            "spark.sql.warehouse.dir": str(warehouse),
            # small tables: one shuffle partition, no adaptive re-planning, no code generation;
            "spark.sql.shuffle.partitions": "1",
            "spark.sql.adaptive.enabled": "false",
            "spark.sql.codegen.wholeStage": "false",
            # as sqlanon's own sessions: planning the package's statements infers constraints
            # at length (sqlanon/engines/spark/defaults.py)
            "spark.sql.constraintPropagation.enabled": "false",
            "spark.ui.enabled": "false",
            "spark.sql.session.timeZone": "UTC",
        },
    }
    (project / "profiles.yml").write_text(
        yaml.safe_dump({"gate": {"target": "spark", "outputs": {"spark": spark}}})
    )
    result = _dbt(project, "build", "--store-failures", target="spark")
    assert result.returncode in (0, 1), result.stdout + result.stderr
    by_name = _by_name(project, "spark")
    assert by_name, result.stdout + result.stderr
    return {
        "result": result,
        "by_name": by_name,
        "cases": cases,
        "made": made,
        "random": random,
        "releases": releases,
        "read": lambda schema, name: _read(warehouse, schema, name),
        "project": project,
    }


def test_failing_rows_on_spark_are_checks_violating_classes(
    spark_build: dict[str, Any], spark_installed: None
) -> None:
    project, made = spark_build["random"], spark_build["made"]
    cases = spark_build["cases"]
    failures = _failures(
        spark_build["project"],
        None,
        f"{SCHEMA}_dbt_test__audit",
        "spark",
        read=lambda name: spark_build["read"](f"{SCHEMA}_dbt_test__audit", name),
        only=cases,
    )
    assert failures.keys() == cases.keys()
    compared, failing, refused, seen = same_as_check(
        project / "warehouse.duckdb", {**made, "cases": cases}, failures
    )
    picked = [c for c in _written() if _picked(c)]
    assert len(picked) == 5 and compared == len(cases) == 5, (compared, failing, refused)
    assert 0 < failing < compared and all(c in seen for c in picked), (failing, seen)


def test_the_release_macro_on_spark_publishes_what_apply_publishes(
    spark_build: dict[str, Any], spark_installed: None
) -> None:
    releases, by_name = spark_build["releases"], spark_build["by_name"]
    outcomes = {}
    for seed, (rows, _, _, node, _) in releases["cases"].items():
        outcomes[seed] = release_matches_apply(
            spark_build["project"],
            by_name[f"release{seed}"],
            f"release{seed}",
            rows,
            release_config(releases, seed),
            node,
            read=lambda model: spark_build["read"](SCHEMA, model),
        )
    # one node publishes, one fails
    assert outcomes[RELEASE_SEEDS[0]] != "fails" and outcomes[RELEASE_SEEDS[1]] == "fails", outcomes
    # the release's own criterion: fails the raw table somewhere, passes every release
    raw = {seed: by_name[f"raw{seed}"]["status"] for seed in outcomes}
    assert set(raw.values()) <= {"pass", "warn"} and "warn" in raw.values(), raw
    for seed, outcome in outcomes.items():
        status = by_name[f"rel{seed}"]["status"]
        assert status == ("skipped" if outcome == "fails" else "pass"), (seed, status)
    assert any(raw[seed] == "warn" and outcome != "fails" for seed, outcome in outcomes.items()), (
        raw,
        outcomes,
    )
    assert spark_build["result"].returncode == (1 if "fails" in outcomes.values() else 0)
