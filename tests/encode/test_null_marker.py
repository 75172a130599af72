"""NULL never merges with a value: not with the text sqlanon writes for it internally (the word
NULL between two U+001E characters), nor with any other text starting with U+001E, nor with the
empty text. On random tables whose cells are drawn from those, ``check`` (verdicts, counts,
observed values, violating classes, the risk figures with and without a population), the
statements ``compile`` prints and the release ``anonymize`` writes equal an independent count
in Python that holds NULL as None, on DuckDB, PostgreSQL and Spark; so do the failing rows of
the dbt package's k_anonymity and l_diversity tests, on DuckDB and PostgreSQL."""

from __future__ import annotations

import math
import os
import random
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import duckdb
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sqlanon import api
from sqlanon.errors import DataError
from tests.dbt.test_dbt import _dbt, _failures, _project
from tests.gate.test_risk import _expected, _journalist
from tests.gate.test_risk import _same as _same_risk
from tests.support import pgserver

#: the text sqlanon writes for NULL in its class keys and dictionaries
MARK = "\x1eNULL\x1e"
#: the cells of the random tables: NULL, the mark, texts an escape of it could be taken for,
#: the empty text and plain texts
POOL: tuple[str | None, ...] = (None, MARK, "", "\x1e", "\x1e" + MARK, "NULL", "a")
QIS = ("q1", "q2")
COLUMNS = ("q1", "q2", "s")
#: the tolerance of the measures' comparisons (sqlanon's own)
TOL = 1e-9
#: every violating class, in the report
ALL = 10**6
#: a tree over the pool's values ("" maps NULL, and the empty text with it), for anonymize
TREE = {"type": "tree", "tree": {"*": {"odd": ["", MARK, "\x1e"], "plain": ["\x1e" + MARK, "NULL", "a"]}}}
#: each leaf's labels up the tree (NULL reads the leaf "")
PATHS = {
    **{v: (v, "odd", "*") for v in ("", MARK, "\x1e")},
    **{v: (v, "plain", "*") for v in ("\x1e" + MARK, "NULL", "a")},
}

Row = tuple[str | None, ...]


def _criteria(k: int, l_: int, t: float) -> list[dict[str, Any]]:
    return [
        {"k-anonymity": {"k": k}},
        {"l-diversity": {"variant": "distinct", "l": l_, "attribute": "s"}},
        {"t-closeness": {"t": t, "distance": "equal", "attribute": "s"}},
    ]


def _reference(rows: Sequence[Row], k: int, l_: int, t: float) -> list[dict[str, Any]]:
    """Per criterion of :func:`_criteria`: passed, observed, violating classes and rows, and
    each violating class (its labels) -> (rows, measure), counted in Python (None is NULL,
    every text a value of its own). The equal-distance EMD is the total variation distance."""
    classes: dict[tuple[str | None, ...], list[str | None]] = defaultdict(list)
    for q1, q2, s in rows:
        classes[(q1, q2)].append(s)
    overall = Counter(s for _, _, s in rows)

    def distance(values: list[str | None]) -> float:
        here = Counter(values)
        return 0.5 * sum(abs(here[v] / len(values) - overall[v] / len(rows)) for v in overall)

    measures = [
        ({c: float(len(v)) for c, v in classes.items()}, lambda x: x < k, min),
        ({c: float(len(set(v))) for c, v in classes.items()}, lambda x: x < l_, min),
        ({c: distance(v) for c, v in classes.items()}, lambda x: x > t + TOL, max),
    ]
    out = []
    for values, bad, worst in measures:
        violating = {c: (len(classes[c]), v) for c, v in values.items() if bad(v)}
        out.append(
            {
                "passed": not violating,
                "observed": worst(values.values()),
                "violating_classes": len(violating),
                "violating_rows": sum(n for n, _ in violating.values()),
                "violations": violating,
            }
        )
    return out


def _close(a: float | None, b: float | None) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return math.isclose(float(a), float(b), rel_tol=1e-9, abs_tol=1e-9)


def _same_classes(got: dict[Any, tuple[int, float]], want: dict[Any, tuple[int, float]]) -> None:
    assert got.keys() == want.keys(), (got, want)
    for c, (n, v) in want.items():
        assert got[c][0] == n and _close(got[c][1], v), (c, got[c], (n, v))


def _same_report(report: Any, want: list[dict[str, Any]]) -> None:
    """check's entries are the reference's, with the violating classes it lists."""
    assert len(report.checks) == len(want)
    for entry, w in zip(report.checks, want, strict=True):
        assert entry["passed"] == w["passed"], (entry, w)
        assert _close(entry["observed"], w["observed"]), (entry, w)
        assert (entry["violating_classes"], entry["violating_rows"]) == (
            w["violating_classes"],
            w["violating_rows"],
        ), (entry, w)
        listed = {
            tuple(v["class"][q] for q in QIS): (v["rows"], v["observed"]) for v in entry.get("violations", [])
        }
        assert len(listed) == len(entry.get("violations", []))
        _same_classes(listed, w["violations"])
    assert report.passed == all(w["passed"] for w in want)


def _statement_classes(rows: Sequence[Sequence[Any]]) -> dict[Any, tuple[int, float]]:
    out = {tuple(r[: len(QIS)]): (int(r[len(QIS)]), float(r[len(QIS) + 1])) for r in rows}
    assert len(out) == len(rows)
    return out


def _same_statements(results: Sequence[Sequence[Sequence[Any]]], want: list[dict[str, Any]]) -> None:
    """compile's statements (one per criterion) return the reference's violating classes."""
    assert len(results) == len(want)
    for rows, w in zip(results, want, strict=True):
        _same_classes(_statement_classes(rows), w["violations"])


def _write_duckdb(path: Path, tables: dict[str, Sequence[Row]]) -> None:
    with duckdb.connect(str(path)) as con:
        for name, rows in tables.items():
            con.execute(f'CREATE OR REPLACE TABLE "{name}" (q1 VARCHAR, q2 VARCHAR, s VARCHAR)')
            if rows:
                con.executemany(f'INSERT INTO "{name}" VALUES (?, ?, ?)', [list(r) for r in rows])


def _config(source: Any, k: int, l_: int, t: float, population: Any = None) -> dict[str, Any]:
    return {
        "source": source,
        **({"population": population} if population is not None else {}),
        "columns": {"q1": "quasi", "q2": "quasi", "s": "sensitive"},
        "criteria": _criteria(k, l_, t),
    }


def _refused(rows: Sequence[Row], k: int, l_: int) -> bool:
    """check refuses parameters the table cannot meet: k above its rows, l above its distinct
    sensitive values (NULL one of them, each text another)."""
    return k > len(rows) or l_ > len({s for _, _, s in rows})


def _as_dicts(rows: Sequence[Row]) -> list[dict[str, Any]]:
    return [dict(zip(COLUMNS, r, strict=True)) for r in rows]


cells = st.sampled_from(POOL)
tables = st.lists(st.tuples(cells, cells, cells), min_size=1, max_size=10)
extra = st.lists(st.tuples(cells, cells, cells), max_size=4)


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("nullmark")


#: the issue's table: NULL in one row, the mark in another, at k = 2 (and two empty texts)
ISSUE: list[Row] = [(None, "a", "x"), (MARK, "a", "y"), ("", "a", "x"), ("", "a", "y")]


def test_the_issues_table_fails_k_2(folder: Path) -> None:
    path = folder / "issue.duckdb"
    _write_duckdb(path, {"t": ISSUE})
    config = _config({"database": str(path), "table": "t"}, 2, 1, 1.0)
    report = api.check(config, show_violations=ALL)
    assert not report.passed
    k = report.checks[0]
    assert (k["passed"], k["violating_classes"], k["violating_rows"]) == (False, 2, 2)
    assert {v["class"]["q1"] for v in k["violations"]} == {None, MARK}
    assert report.risk is not None and report.risk["marketer"] == 3 / 4  # classes / rows
    (statement, *_) = api.compile_sql(config, dialect="duckdb").statements
    with duckdb.connect(str(path), read_only=True) as con:
        assert sorted(con.sql(statement.sql).fetchall(), key=repr) == [
            (MARK, "a", 1, 1.0),
            (None, "a", 1, 1.0),
        ]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    rows=tables,
    more=extra,
    k=st.integers(1, 3),
    l_=st.integers(1, 3),
    t=st.sampled_from([0.1, 0.25, 0.5]),
)
@pytest.mark.slow
def test_check_compile_and_risk_count_null_apart_in_duckdb(
    folder: Path, rows: list[Row], more: list[Row], k: int, l_: int, t: float
) -> None:
    path = folder / "check.duckdb"
    population = rows + more
    _write_duckdb(path, {"t": rows, "pop": population})
    config = _config(
        {"database": str(path), "table": "t"}, k, l_, t, population={"database": str(path), "table": "pop"}
    )
    if _refused(rows, k, l_):
        with pytest.raises(DataError):
            api.check(config)
        return
    want = _reference(rows, k, l_, t)
    report = api.check(config, show_violations=ALL)
    _same_report(report, want)
    assert report.risk is not None
    journalist = _journalist([r[:2] for r in rows], [r[:2] for r in population], 0.2)
    _same_risk(report.risk, dict(_expected(_as_dicts(rows), QIS, 0.2), journalist=journalist))
    compiled = api.compile_sql(config, dialect="duckdb")
    with duckdb.connect(str(path), read_only=True) as con:
        _same_statements([con.sql(s.sql).fetchall() for s in compiled.statements], want)


def _release_ok(
    source: Sequence[Row], release: Sequence[Row], node: dict[str, int], k: int, l_: int, limit: float
) -> None:
    """``release`` is ``source`` generalized at ``node`` (in Python, through the tree), less the
    classes that fail k-anonymity or distinct l-diversity (counted apart: NULL, each text), and
    those are at most ``limit`` of the rows."""

    def label(v: str | None, q: str) -> str:
        return PATHS["" if v is None else v][node[q]]

    generalized = [(label(q1, "q1"), label(q2, "q2"), s) for q1, q2, s in source]
    classes: dict[tuple[str, str], list[str | None]] = defaultdict(list)
    for q1, q2, s in generalized:
        classes[(q1, q2)].append(s)
    good = {c for c, values in classes.items() if len(values) >= k and len(set(values)) >= l_}
    kept = Counter(r for r in generalized if (r[0], r[1]) in good)
    assert Counter(release) == kept
    assert len(source) - len(release) <= limit * len(source) + 1e-9


@pytest.mark.slow
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=tables, k=st.integers(1, 3), l_=st.integers(1, 3), limit=st.sampled_from([0.0, 0.3]))
def test_anonymize_publishes_classes_counted_apart_in_duckdb(
    folder: Path, rows: list[Row], k: int, l_: int, limit: float
) -> None:
    path, out = folder / "source.duckdb", folder / "release.duckdb"
    _write_duckdb(path, {"t": rows})
    config = {
        "source": {"database": str(path), "table": "t"},
        "output": {"database": str(out), "table": "release"},
        "overwrite": True,
        "columns": {
            "q1": {"role": "quasi", "hierarchy": TREE},
            "q2": {"role": "quasi", "hierarchy": TREE},
            "s": "sensitive",
        },
        "criteria": _criteria(k, l_, 1.0)[:2],
        "suppression_limit": limit,
    }
    if _refused(rows, k, l_):
        with pytest.raises(DataError):
            api.anonymize(config)
        return
    report = api.anonymize(config)
    # the top node (one class) meets both criteria: a release is always found
    assert report.passed and report.node is not None, report.message
    with duckdb.connect(str(out), read_only=True) as con:
        release = [tuple(r) for r in con.execute("SELECT q1, q2, s FROM release").fetchall()]
    _release_ok(rows, release, report.node, k, l_, limit)


def _random_tables(seed: int, count: int) -> list[list[Row]]:
    """The issue's table, then random tables from the pool (for the engines' comparisons)."""
    rng = random.Random(seed)
    out = [ISSUE]
    for _ in range(count - 1):
        n = rng.randint(3, 12)
        out.append([tuple(rng.choice(POOL) for _ in COLUMNS) for _ in range(n)])
    return out


def _engine_case(rows: Sequence[Row], seed: int) -> tuple[int, int, float]:
    rng = random.Random(seed)
    distinct = len({s for _, _, s in rows})
    return rng.randint(1, min(3, len(rows))), rng.randint(1, min(3, distinct)), rng.choice([0.1, 0.25, 0.5])


def test_check_compile_and_anonymize_on_postgres_count_null_apart(
    folder: Path, compiled_pg: Any, postgres: Any
) -> None:
    engine = {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}
    for i, rows in enumerate(_random_tables(51, 4)):
        k, l_, t = _engine_case(rows, i)
        more = [tuple(random.Random(i).choice(POOL) for _ in COLUMNS) for _ in range(3)]
        for name, data in ((f"nullmark_{i}", rows), (f"nullmark_pop_{i}", rows + more)):
            pgserver.load(compiled_pg, "compiled", name, [(c, "text") for c in COLUMNS], data)
        path = folder / f"pg{i}.duckdb"
        _write_duckdb(path, {"t": rows, "pop": rows + more})
        on_duck = _config(
            {"database": str(path), "table": "t"},
            k,
            l_,
            t,
            population={"database": str(path), "table": "pop"},
        )
        on_pg = dict(
            _config(
                {"table": f"compiled.nullmark_{i}"},
                k,
                l_,
                t,
                population={"table": f"compiled.nullmark_pop_{i}"},
            ),
            engine=engine,
        )
        want = _reference(rows, k, l_, t)
        got, duck = api.check(on_pg, show_violations=ALL), api.check(on_duck, show_violations=ALL)
        _same_report(got, want)
        assert got.checks == duck.checks or all(
            _close(g["observed"], d["observed"]) for g, d in zip(got.checks, duck.checks, strict=True)
        )
        assert got.risk is not None and duck.risk is not None
        _same_risk(got.risk, duck.risk)
        compiled = api.compile_sql(on_pg)
        assert compiled.dialect == "postgres"
        _same_statements([compiled_pg.execute(s.sql).fetchall() for s in compiled.statements], want)
    # anonymize the last table on the server: a release whose classes are counted apart
    config = {
        "source": {"table": f"compiled.nullmark_{i}"},
        "output": {"table": "compiled.nullmark_release"},
        "overwrite": True,
        "engine": engine,
        "columns": {
            "q1": {"role": "quasi", "hierarchy": TREE},
            "q2": {"role": "quasi", "hierarchy": TREE},
            "s": "sensitive",
        },
        "criteria": _criteria(k, l_, 1.0)[:2],
        "suppression_limit": 0.3,
    }
    report = api.anonymize(config)
    assert report.passed and report.node is not None, report.message
    release = [
        tuple(r) for r in compiled_pg.execute("SELECT q1, q2, s FROM compiled.nullmark_release").fetchall()
    ]
    _release_ok(rows, release, report.node, k, l_, 0.3)


def test_check_compile_and_anonymize_on_spark_count_null_apart(folder: Path, spark: Any) -> None:
    """One table (Spark runs each statement in about a second): the issue's rows and random
    ones, checked with a population, compile's statements, and anonymized (searching in
    DuckDB: encoding, publishing and the gate run on Spark)."""
    spark.sql("CREATE DATABASE IF NOT EXISTS nullmark")
    schema = "q1 string, q2 string, s string"
    rng = random.Random(52)
    rows = ISSUE + [tuple(rng.choice(POOL) for _ in COLUMNS) for _ in range(8)]
    more = [tuple(rng.choice(POOL) for _ in COLUMNS) for _ in range(3)]
    for name, data in (("nullmark.t", rows), ("nullmark.pop", rows + more)):
        spark.createDataFrame([tuple(r) for r in data], schema).write.mode("overwrite").saveAsTable(name)
    path = folder / "spark.duckdb"
    _write_duckdb(path, {"t": rows, "pop": rows + more})
    k, l_, t = 2, 2, 0.25
    on_duck = _config(
        {"database": str(path), "table": "t"}, k, l_, t, population={"database": str(path), "table": "pop"}
    )
    on_spark = dict(
        _config({"table": "nullmark.t"}, k, l_, t, population={"table": "nullmark.pop"}),
        engine={"kind": "spark"},
    )
    want = _reference(rows, k, l_, t)
    got, duck = api.check(on_spark, show_violations=ALL), api.check(on_duck, show_violations=ALL)
    _same_report(got, want)
    assert got.risk is not None and duck.risk is not None
    _same_risk(got.risk, duck.risk)
    compiled = api.compile_sql(on_spark)
    assert compiled.dialect == "spark"
    _same_statements([[tuple(r) for r in spark.sql(s.sql).collect()] for s in compiled.statements], want)
    config = {
        "source": {"table": "nullmark.t"},
        "output": {"table": "nullmark.release"},
        "overwrite": True,
        "engine": {"kind": "spark"},
        "search_in": "local",
        "columns": {
            "q1": {"role": "quasi", "hierarchy": TREE},
            "q2": {"role": "quasi", "hierarchy": TREE},
            "s": "sensitive",
        },
        "criteria": _criteria(k, l_, 1.0)[:2],
        "suppression_limit": 0.3,
    }
    report = api.anonymize(config)
    assert report.passed and report.node is not None, report.message
    spark.catalog.refreshTable("nullmark.release")
    release = [tuple(r) for r in spark.table("nullmark.release").select("q1", "q2", "s").collect()]
    _release_ok(rows, release, report.node, k, l_, 0.3)


# The dbt package's tests ---------------------------------------------------------------------


@pytest.mark.xdist_group("dbt")
def test_dbt_tests_count_null_apart_on_duckdb_and_postgres(tmp_path: Path, postgres: Any) -> None:
    """sqlanon.k_anonymity and sqlanon.l_diversity (distinct) on the issue's table and random
    ones, in one dbt run per adapter: their failing rows are the reference's violating
    classes."""
    import psycopg

    tables = {f"t{i}": rows for i, rows in enumerate(_random_tables(53, 6))}
    sources: dict[str, list[dict[str, Any]]] = {}
    want: dict[str, dict[Any, tuple[int, float]]] = {}
    for name, rows in tables.items():
        k, l_, _ = _engine_case(rows, len(rows))
        k = max(k, 2)
        ref = _reference(rows, k, l_, 1.0)
        sources[name] = [
            {
                "sqlanon.k_anonymity": {
                    "name": f"{name}_k",
                    "arguments": {"quasi_identifiers": list(QIS), "k": k},
                }
            },
            {
                "sqlanon.l_diversity": {
                    "name": f"{name}_l",
                    "arguments": {
                        "quasi_identifiers": list(QIS),
                        "sensitive": "s",
                        "variant": "distinct",
                        "l": l_,
                    },
                }
            },
        ]
        want[f"{name}_k"], want[f"{name}_l"] = ref[0]["violations"], ref[1]["violations"]
    assert any(want.values()) and not all(want.values())
    project = _project(tmp_path, sources, postgres)
    _write_duckdb(project / "warehouse.duckdb", tables)
    on_duck = _dbt(project, "test", "--store-failures")
    assert on_duck.returncode == 1, on_duck.stdout + on_duck.stderr
    with duckdb.connect(str(project / "warehouse.duckdb"), read_only=True) as con:
        failures = _failures(project, con, "main_dbt_test__audit")
    assert failures.keys() == want.keys()
    for name, rows in failures.items():
        assert not isinstance(rows, str), rows
        _same_classes(_statement_classes(rows), want[name])
    with psycopg.connect(postgres.url, password=os.environ[postgres.password_env], autocommit=True) as con:
        con.execute("CREATE SCHEMA IF NOT EXISTS dbt_people")
        for name, rows in tables.items():
            pgserver.load(con, "dbt_people", name, [(c, "text") for c in COLUMNS], rows)
        on_pg = _dbt(project, "test", "--store-failures", target="pg")
        assert on_pg.returncode == 1, on_pg.stdout + on_pg.stderr
        pg_failures = _failures(project, con, "dbt_gate_dbt_test__audit", "pg")
    assert pg_failures.keys() == want.keys()
    for name, rows in pg_failures.items():
        assert not isinstance(rows, str), rows
        _same_classes(_statement_classes(rows), want[name])
