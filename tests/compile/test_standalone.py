"""``sqlanon compile``: the printed gate SQL, run as an analyst runs it, gives ``check``'s verdicts.

On random tables with random criteria of the catalogue, each printed statement returns exactly
the classes ``check --show-violations`` lists for its criterion (labels, rows, measure within
1e-9), and no rows when the criterion holds: in DuckDB (the printed script executed as it is), in
PostgreSQL (each statement through psycopg, and the whole script through psql) and in Spark (each
statement through the session, and the whole script through spark-sql). ``check`` itself is
compared with the pure-Python references elsewhere (test_catalogue_sql.py, test_reference*.py).
"""

from __future__ import annotations

import csv
import math
import os
import random
import re
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import duckdb
import pytest
import yaml
from click.testing import CliRunner

from sqlanon import api
from sqlanon.cli import main
from sqlanon.compile import DIALECTS, UNTESTED
from sqlanon.demo import write_demo
from sqlanon.errors import ConfigError, DataError, InputError
from sqlanon.report.model import Report
from tests.engines.conformance import CHECK_COLUMNS as COLUMNS
from tests.engines.conformance import EXTRA
from tests.engines.conformance import check_rows as _rows
from tests.engines.test_snapshots import MODELS
from tests.support.cases import seeds
from tests.support.jvm import QUICK_JVM

#: every model of the catalogue the gate SQL covers ((n,t)-closeness is refused, see below)
CRITERIA = [c for c in MODELS + EXTRA if "nt-closeness" not in c] + [
    # hierarchical dissimilarity: within a level of the hierarchy, and with every value within
    # epsilon (the level at the top)
    {
        "dissimilarity": {
            "epsilon": 0.4,
            "delta": 0.3,
            "k": 2,
            "distance": "hierarchical",
            "attribute": "disease",
        }
    },
    {"dissimilarity": {"epsilon": 1, "delta": 0, "k": 4, "distance": "hierarchical", "attribute": "disease"}},
    # smoothed JS: each ground distance, with a bandwidth below 1 and above
    {
        "t-closeness": {
            "t": 0.05,
            "distance": "smoothed-js",
            "ground": "equal",
            "bandwidth": 0.5,
            "attribute": "disease",
        }
    },
    {
        "t-closeness": {
            "t": 0.1,
            "distance": "smoothed-js",
            "ground": "equal",
            "bandwidth": 2,
            "attribute": "disease",
        }
    },
    {
        "t-closeness": {
            "t": 0.05,
            "distance": "smoothed-js",
            "ground": "hierarchical",
            "bandwidth": 0.5,
            "attribute": "disease",
        }
    },
    {
        "t-closeness": {
            "t": 0.1,
            "distance": "smoothed-js",
            "ground": "hierarchical",
            "bandwidth": 2,
            "attribute": "disease",
        }
    },
    {
        "t-closeness": {
            "t": 0.1,
            "distance": "smoothed-js",
            "ground": "ordered",
            "bandwidth": 0.3,
            "attribute": "salary",
        }
    },
    # multi-attribute l-diversity: each column with the other joining the quasi-identifiers
    {
        "l-diversity": {
            "variant": "distinct",
            "l": 2,
            "multi_attribute": True,
            "attributes": ["disease", "salary"],
        }
    },
    {
        "l-diversity": {
            "variant": "entropy",
            "l": 1.5,
            "multi_attribute": True,
            "attributes": ["disease", "salary"],
        }
    },
    {
        "l-diversity": {
            "variant": "recursive",
            "l": 2,
            "c": 2,
            "multi_attribute": True,
            "attributes": ["salary", "disease"],
        }
    },
]
QIS = ("zip", "age", "sex")
ALL = 10**6
#: a configuration's table on a server (compile connects to nothing)
ON_SERVER = {"source": {"table": "people"}, "engine": {"kind": "postgres", "url": "postgresql://nowhere"}}


def _demo(folder: Path, which: int) -> tuple[Path, dict[str, Any]]:
    """The demo's files in ``folder`` and its anonymize (0) or check (1) configuration, without
    the identifier column (the tests' tables have none)."""
    config = yaml.safe_load(write_demo(folder, rows=10)[which].read_text())
    config["columns"].pop("name")
    return folder, config


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    return _demo(tmp_path_factory.mktemp("compile"), 1)


def _write(path: Path, rows: Sequence[dict[str, Any]]) -> None:
    with path.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(rows)


def _case(
    folder: Path, base: dict[str, Any], seed: int
) -> tuple[list[dict[str, Any]], dict[str, Any], Report] | None:
    """Random rows in a CSV file, random criteria, and check's report listing every violating
    class; None when check refuses the data (a parameter the table cannot meet)."""
    rng = random.Random(7000 + seed)
    rows = _rows(seed)
    path = folder / f"t{seed}.csv"
    _write(path, rows)
    config = dict(base, criteria=rng.sample(CRITERIA, rng.randint(1, 5)), source=path.name)
    try:
        want = api.check(config, base_dir=folder, show_violations=ALL)
    except InputError:
        return None
    return rows, config, want


def _label(value: Any) -> str | None:
    return None if value is None else str(value)


def _measure(value: Any) -> float | None:
    """A class's measure as the report gives it: +-inf (unbounded) as None."""
    if value is None:
        return None
    number = float(value)
    return None if math.isinf(number) else number


def _by_class(rows: Sequence[Sequence[Any]]) -> dict[tuple[str | None, ...], tuple[int, float | None]]:
    """A statement's rows as class labels -> (rows, measure). Rows come worst first; classes
    whose measures differ only by rounding may come in either order, so they are compared as
    a mapping."""
    out = {
        tuple(_label(v) for v in r[: len(QIS)]): (int(r[len(QIS)]), _measure(r[len(QIS) + 1])) for r in rows
    }
    assert len(out) == len(rows)
    return out


def _close(a: float | None, b: float | None) -> bool:
    if a is None or b is None:
        return a is None and b is None
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)


def _same_rows(got: Sequence[Sequence[Any]], want: Sequence[Sequence[Any]]) -> None:
    g, w = _by_class(got), _by_class(want)
    assert g.keys() == w.keys()
    for key, (size, measure) in w.items():
        assert g[key][0] == size and _close(g[key][1], measure), (key, g[key], (size, measure))


def _same_classes(report: Report, results: Sequence[Sequence[Sequence[Any]]]) -> None:
    """Statement i's rows are exactly the violating classes check lists for criterion i."""
    assert len(results) == len(report.checks)
    for entry, rows in zip(report.checks, results, strict=True):
        assert entry["passed"] == (not rows), (entry, rows)
        assert entry["violating_classes"] == len(rows), (entry, rows)
        assert entry["violating_rows"] == sum(int(r[len(QIS)]) for r in rows), (entry, rows)
        listed = [
            (*(v["class"][q] for q in QIS), v["rows"], v["observed"]) for v in entry.get("violations", [])
        ]
        _same_rows(rows, listed)


@pytest.mark.slow
@pytest.mark.parametrize("seed", seeds(16))
def test_the_printed_script_in_duckdb_lists_checks_violating_classes(
    demo: tuple[Path, dict[str, Any]], seed: int
) -> None:
    folder, base = demo
    case = _case(folder, base, seed)
    if case is None:
        return
    _, config, want = case
    compiled = api.compile_sql(config, base_dir=folder, dialect="duckdb")
    assert compiled.tested and len(compiled.statements) == len(config["criteria"])
    con = duckdb.connect()
    _same_classes(want, [con.sql(s.sql).fetchall() for s in compiled.statements])
    # the script as printed, pasted whole: it runs, and its last statement is the last criterion's
    _same_rows(con.execute(compiled.text()).fetchall(), con.sql(compiled.statements[-1].sql).fetchall())


@pytest.mark.slow
def test_the_printed_script_through_the_duckdb_cli(demo: tuple[Path, dict[str, Any]]) -> None:
    """The script as printed, piped into the DuckDB CLI (PyPI's duckdb-cli, a test extra): one
    result per criterion (each led by its header, CSV mode), with check's counts."""
    cli = Path(sys.executable).parent / "duckdb"
    if not cli.is_file():
        if os.environ.get("SQLANON_CI"):
            raise AssertionError(f"no DuckDB CLI at {cli}: pip install -e '.[test]' installs duckdb-cli")
        pytest.skip("the DuckDB CLI is not installed (pip install duckdb-cli)")
    folder, base = demo
    seed = next(s for s in range(100) if (c := _case(folder, base, s)) is not None and not c[2].passed)
    _, config, want = _case(folder, base, seed)  # type: ignore[misc]
    script = api.compile_sql(config, base_dir=folder, dialect="duckdb").text()
    out = subprocess.run([str(cli), "-csv"], input=script, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0 and not out.stderr, out.stderr
    header = [*QIS, "rows", "observed"]
    counts: list[int] = []
    for row in csv.reader(out.stdout.splitlines()):
        if row == header:
            counts.append(0)
        else:
            counts[-1] += 1
    assert counts == [e["violating_classes"] for e in want.checks], out.stdout


@pytest.mark.slow
def test_the_sql_reads_nothing_from_the_data(demo: tuple[Path, dict[str, Any]]) -> None:
    """Compiled twice, on two tables with other values and sizes, the text is the same (so no
    value of the data is in it), and it compiles a table that is not there at all."""
    folder, base = demo
    config = dict(base, criteria=CRITERIA, source="same.csv")
    texts = []
    for seed in (1, 2):
        _write(folder / "same.csv", _rows(seed))
        texts.append(api.compile_sql(config, base_dir=folder, dialect="duckdb").text())
    assert texts[0] == texts[1]
    elsewhere = dict(
        config, source={"table": "gate.nowhere"}, engine={"kind": "postgres", "url": "postgresql://x"}
    )
    assert '"gate"."nowhere"' in api.compile_sql(elsewhere, base_dir=folder).text()


@pytest.mark.slow
def test_reports_carry_the_gate_sql(demo: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    """check's report carries the script compile prints; anonymize's the gate of its release,
    which, run on the published file, finds no violating class (the gate passed)."""
    folder, base = demo
    case = _case(folder, base, 5)
    assert case is not None
    _, config, want = case
    assert want.sql == {"gate": api.compile_sql(config, base_dir=folder).text()}
    anonymize_yaml, _ = write_demo(tmp_path / "run", rows=300)
    report = api.anonymize(anonymize_yaml)
    assert report.passed
    script = report.sql["gate"]
    assert "people_release.csv" in script and script.count("-- criteria[") == 4
    con = duckdb.connect()
    for statement in script.split(";")[:-1]:
        assert con.sql(statement).fetchall() == []
    nt = {"nt-closeness": {"n": 5, "t": 0.9, "distance": "equal", "attribute": "disease"}}
    with_nt = api.check(dict(config, criteria=[*config["criteria"], nt]), base_dir=folder)
    # the demo's zip and age hierarchies are builders: their rows would show the values
    assert (
        "-- not written: compile writes (n,t)-closeness with the quasi-identifiers' hierarchies"
        in (with_nt.sql["gate"])
    )


@pytest.mark.slow
def test_compile_at_the_command_line(demo: tuple[Path, dict[str, Any]]) -> None:
    folder, base = demo
    _write(folder / "cli.csv", _rows(3))
    path = folder / "cli.yaml"
    path.write_text(yaml.safe_dump(dict(base, criteria=CRITERIA[:3], source="cli.csv")))
    result = CliRunner().invoke(main, ["compile", str(path)])
    assert result.exit_code == 0, result.output
    assert result.output.count("-- criteria[") == 3 and "duckdb dialect" in result.output
    for dialect in UNTESTED:
        result = CliRunner().invoke(main, ["compile", str(path), "--dialect", dialect])
        # a CSV source is read by DuckDB only
        assert result.exit_code == 2 and "Use --dialect duckdb" in result.output
    path.write_text(yaml.safe_dump(dict(base, criteria=CRITERIA, **ON_SERVER)))
    # (databricks writes the spark dialect's text: test_other_dialects.py)
    for dialect in (d for d in UNTESTED if d != "databricks"):
        result = CliRunner().invoke(main, ["compile", str(path), "--dialect", dialect])
        assert result.exit_code == 0, result.output
        assert "not tested by sqlanon" in result.output
        assert result.output.count("-- criteria[") == len(CRITERIA)
        # DuckDB's own types and joins are translated (engines/dialects.py): every model is written
        code = "\n".join(line for line in result.output.splitlines() if not line.startswith("--"))
        assert not re.search(r"INT128|HUGEINT|ASOF|COLLATE", code, flags=re.I), dialect
        assert "-- not written" not in result.output
        assert result.stderr_bytes in (None, b"")
    result = CliRunner().invoke(main, ["compile", str(path), "--dialect", "oracle"])
    assert result.exit_code == 2 and all(d in result.output for d in DIALECTS)


@pytest.mark.parametrize(
    ("criterion", "needle"),
    [
        (
            {"nt-closeness": {"n": 5, "t": 0.3, "distance": "equal", "attribute": "disease"}},
            "the hierarchy of 'zip' is built from the column's values",
        ),
    ],
)
def test_what_compile_cannot_write_is_a_clear_error(
    demo: tuple[Path, dict[str, Any]], criterion: dict[str, Any], needle: str
) -> None:
    folder, base = demo
    compiled = api.compile_sql(
        dict(base, criteria=[{"k-anonymity": {"k": 2}}, criterion], **ON_SERVER), base_dir=folder
    )
    assert compiled.statements[0].sql is not None and compiled.statements[1].sql is None
    assert (
        needle in compiled.statements[1].why
        and f"-- not written: {compiled.statements[1].why}" in compiled.text()
    )


@pytest.mark.parametrize(
    "name", ["sqlanon_table", "SQLANON_FREQUENCIES", "sqlanon_dictionary_0", "sqlanon_map_2"]
)
@pytest.mark.slow
def test_a_table_named_as_a_part_of_the_sql_is_refused(demo: tuple[Path, dict[str, Any]], name: str) -> None:
    folder, base = demo
    config = dict(base, criteria=CRITERIA[:1], **{**ON_SERVER, "source": {"table": name}})
    with pytest.raises(ConfigError, match="a name the compiled SQL gives one of its own parts"):
        api.compile_sql(config, base_dir=folder)
    api.compile_sql(dict(config, source={"table": "sqlanon_tables"}), base_dir=folder)  # another name


def test_a_file_name_duckdb_reads_as_a_pattern_is_refused(demo: tuple[Path, dict[str, Any]]) -> None:
    """The printed SQL names the file for read_csv: a name with glob characters would read
    other files (x[1].csv reads x1.csv), so it is refused, naming the characters."""
    folder, base = demo
    _write(folder / "x[1].csv", _rows(1))
    _write(folder / "x1.csv", _rows(2))
    with pytest.raises(DataError, match=r"reads as a file pattern \(\[, \]\)"):
        api.compile_sql(dict(base, criteria=CRITERIA[:1], source="x[1].csv"), base_dir=folder)


def test_the_printed_sql_reads_lines_as_long_as_the_configured_limit(
    demo: tuple[Path, dict[str, Any]],
) -> None:
    """A source with a line longer than DuckDB's default limit, read with csv: max_line_size:
    the printed read_csv carries the limit, and its statements list check's classes."""
    folder, base = demo
    rows = _rows(3)
    rows[0] = dict(rows[0], disease="y" * 2_100_000)
    _write(folder / "long.csv", rows)
    config = dict(
        base, criteria=[{"k-anonymity": {"k": 3}}], source="long.csv", csv={"max_line_size": 2_200_000}
    )
    want = api.check(config, base_dir=folder, show_violations=ALL)
    compiled = api.compile_sql(config, base_dir=folder, dialect="duckdb")
    assert "max_line_size := 2200000" in compiled.statements[0].sql
    _same_classes(want, [duckdb.connect().sql(s.sql).fetchall() for s in compiled.statements])


@pytest.mark.slow
def test_own_names_cover_every_cte_of_the_sql(release_demo: tuple[Path, dict[str, Any]]) -> None:
    """Every CTE a printed statement defines at its top has one of the names a source table is
    refused for (so no source table is hidden by one)."""
    import sqlglot

    from sqlanon.compile import OWN_NAMES

    folder, base = release_demo
    config, node = _release_case(folder, base, 0)
    config = dict(config, criteria=CRITERIA)  # hierarchical and ordered domains, every model
    compiled = api.compile_sql(config, node=node, base_dir=folder, dialect="duckdb")
    texts = [compiled.release, *(s.sql for s in compiled.statements)]
    names = {
        cte.alias
        for text in texts
        if text
        for cte in sqlglot.parse_one(text, read="duckdb").args["with_"].expressions
    }
    assert {"sqlanon_map_0", "sqlanon_node_order_1", "sqlanon_ancestors_0"} <= names
    assert all(OWN_NAMES.fullmatch(n) for n in names), sorted(n for n in names if not OWN_NAMES.fullmatch(n))


def test_a_hierarchy_built_from_the_values_is_not_written_into_the_sql(
    demo: tuple[Path, dict[str, Any]],
) -> None:
    folder, base = demo
    columns = dict(base["columns"])
    columns["salary"] = {"role": "sensitive", "hierarchy": {"type": "intervals", "widths": [10]}}
    criterion = {"t-closeness": {"t": 0.3, "distance": "hierarchical", "attribute": "salary"}}
    config = dict(base, columns=columns, criteria=[criterion], **ON_SERVER)
    with pytest.raises(ConfigError, match="built from the column's values"):
        api.compile_sql(config, base_dir=folder)


# Releases at a node ------------------------------------------------------------------------

#: the demo's quasi-identifiers and their hierarchies' heights (zip mask, age intervals, sex file)
HEIGHTS = {"zip": 5, "age": 3, "sex": 1}


@pytest.fixture(scope="module")
def release_demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    return _demo(tmp_path_factory.mktemp("compile_release"), 0)


def _release_case(folder: Path, base: dict[str, Any], seed: int) -> tuple[dict[str, Any], dict[str, int]]:
    rng = random.Random(9000 + seed)
    rows = [dict(r, sex=r["sex"] or "Female") for r in _rows(seed)]
    _write(folder / f"r{seed}.csv", rows)
    criteria = [{"k-anonymity": {"k": rng.choice([2, 3, 5])}}, *rng.sample(CRITERIA, rng.randint(0, 2))]
    config = dict(
        base,
        criteria=criteria,
        source=f"r{seed}.csv",
        output=f"out/r{seed}.csv",
        overwrite=True,
        suppression_limit=rng.choice([0, 0.05, 0.2, 0.5]),
    )
    node = {q: rng.randint(0, h) for q, h in HEIGHTS.items()}
    return config, node


def _published(path: Path) -> Counter[tuple[str, ...]]:
    with path.open(newline="") as f:
        return Counter(tuple(row) for row in list(csv.reader(f))[1:])


@pytest.mark.slow
@pytest.mark.parametrize("seed", seeds(16))
def test_the_release_select_publishes_what_apply_publishes(
    release_demo: tuple[Path, dict[str, Any]], seed: int
) -> None:
    """The printed release, run in DuckDB, returns the rows apply publishes at the node (none
    when apply publishes nothing because the node fails); when apply's own gate refuses the
    release, a printed gate statement lists violating classes of it."""
    folder, base = release_demo
    config, node = _release_case(folder, base, seed)
    release_equals_apply(folder, config, node)


def release_equals_apply(folder: Path, config: dict[str, Any], node: dict[str, int]) -> str:
    """The printed release of ``node``, run in DuckDB, returns the rows apply publishes (none
    when apply publishes nothing); when apply's own gate refuses the release, a printed gate
    statement lists violating classes of it. Returns what apply did: published, suppressed
    (published with rows suppressed) or failed."""
    report = api.apply(config, node=node, base_dir=folder)
    compiled = api.compile_sql(config, node=node, base_dir=folder, dialect="duckdb")
    assert compiled.release is not None and dict(compiled.node) == node
    con = duckdb.connect()
    got = Counter(
        tuple("" if v is None else str(v) for v in row) for row in con.sql(compiled.release).fetchall()
    )
    gate = [con.sql(s.sql).fetchall() for s in compiled.statements]
    # the first statement flags an empty release (which every criterion's statement passes)
    assert compiled.statements[0].criterion.startswith("the release has rows")
    assert bool(gate[0]) == (not got)
    if report.passed:
        assert got == _published(folder / config["output"])
        assert not any(gate)
    elif "failed its own gate" in report.message:
        assert got and any(gate)
    else:
        assert not got, report.message
    script = con.execute(compiled.text()).fetchall()
    _same_rows(script, gate[-1])
    if not report.passed:
        return "failed"
    return "suppressed" if report.suppressed_rows else "published"


@pytest.mark.slow
def test_compile_from_a_report_prints_the_release_of_its_node(
    release_demo: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    folder, base = release_demo
    config, _ = _release_case(folder, base, 1)
    config = dict(config, suppression_limit=0.5)
    first = tmp_path / "first.json"
    report = api.anonymize(config, base_dir=folder, report=first)
    assert report.passed and report.node is not None
    path = folder / "release.yaml"
    path.write_text(yaml.safe_dump(config, sort_keys=False))  # columns in the source's order
    result = CliRunner().invoke(main, ["compile", str(path), "--from-report", str(first)])
    assert result.exit_code == 0, result.output
    levels = ", ".join(f"{q}={report.node[q]}" for q in HEIGHTS)
    assert f"release at the node {levels} (the node of report" in result.output
    release = result.output.split(";")[0]
    rows = duckdb.connect().sql(release).fetchall()
    assert Counter(tuple("" if v is None else str(v) for v in r) for r in rows) == _published(
        folder / config["output"]
    )
    both = CliRunner().invoke(main, ["compile", str(path), "--from-report", str(first), "--node", "zip=1"])
    assert both.exit_code == 2 and "at most one of --node COL=LEVEL,... and --from-report PATH" in both.output
    other = dict(
        config,
        columns=dict(
            config["columns"], age={"role": "quasi", "hierarchy": {"type": "intervals", "widths": [7, 14]}}
        ),
    )
    path.write_text(yaml.safe_dump(other, sort_keys=False))
    changed = CliRunner().invoke(main, ["compile", str(path), "--from-report", str(first)])
    assert changed.exit_code == 2 and "The hierarchy of 'age' is not the one" in changed.output
    capped = dict(config, columns=dict(config["columns"], sex=dict(config["columns"]["sex"], max_level=0)))
    with pytest.raises(ConfigError, match="above its max_level 0"):
        api.compile_sql(capped, node="zip=1,age=1,sex=1", base_dir=folder)
    with pytest.raises(ConfigError, match="mondrian"):
        api.compile_sql(dict(config, search="mondrian"), node="zip=1,age=1,sex=1", base_dir=folder)
    warn_only = [{"k-anonymity": {"k": 2, "severity": "warn"}}]
    with pytest.raises(ConfigError, match="error-severity"):
        api.compile_sql(dict(config, criteria=warn_only), node="zip=1,age=1,sex=1", base_dir=folder)


# PostgreSQL ------------------------------------------------------------------------------


def _on_postgres(
    con: Any,
    postgres: Any,
    seed: int,
    rows: Sequence[dict[str, Any]],
    config: dict[str, Any],
    *,
    table: str | None = None,
    age: str = "integer",
) -> dict[str, Any]:
    """``rows`` in a table of the test server (default people_<seed>; ``age``: its column's
    type) and ``config`` reading it there."""
    from tests.support import pgserver

    types = ["text", age, "text", "text", "integer"]
    table = table or f"people_{seed}"
    pgserver.load(
        con,
        "compiled",
        table,
        list(zip(COLUMNS, types, strict=True)),
        ([r[c] for c in COLUMNS] for r in rows),
    )
    engine = {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}
    return dict(config, source={"table": f"compiled.{table}"}, engine=engine)


@pytest.mark.parametrize("seed", seeds(8))
def test_the_printed_statements_in_postgres_list_checks_violating_classes(
    demo: tuple[Path, dict[str, Any]], compiled_pg: Any, postgres: Any, seed: int
) -> None:
    folder, base = demo
    case = _case(folder, base, seed)
    if case is None:
        return
    rows, config, want = case
    on_pg = _on_postgres(compiled_pg, postgres, seed, rows, config)
    compiled = api.compile_sql(on_pg, base_dir=folder)
    assert compiled.dialect == "postgres"
    _same_classes(want, [compiled_pg.execute(s.sql).fetchall() for s in compiled.statements])


def _duckdb_release(folder: Path, config: dict[str, Any], node: dict[str, int]) -> Counter[tuple[str, ...]]:
    compiled = api.compile_sql(config, node=node, base_dir=folder, dialect="duckdb")
    assert compiled.release is not None
    return _texts(duckdb.connect().sql(compiled.release).fetchall())


def _texts(rows: Sequence[Sequence[Any]]) -> Counter[tuple[str, ...]]:
    return Counter(tuple("" if v is None else str(v) for v in row) for row in rows)


@pytest.mark.parametrize("seed", seeds(3))
def test_the_release_select_in_postgres_equals_duckdbs(
    release_demo: tuple[Path, dict[str, Any]], compiled_pg: Any, postgres: Any, seed: int
) -> None:
    """The release in PostgreSQL's dialect, on the same rows in a PostgreSQL table (the builder
    hierarchies built from the values read there), returns DuckDB's rows; its gate statements
    run."""
    folder, base = release_demo
    config, node = _release_case(folder, base, seed)
    rows = list(csv.DictReader((folder / config["source"]).open()))
    on_pg = _on_postgres(
        compiled_pg,
        postgres,
        100 + seed,
        [dict(r, age=int(r["age"]), salary=int(r["salary"])) for r in rows],
        config,
    )
    compiled = api.compile_sql(on_pg, node=node, base_dir=folder)
    assert compiled.dialect == "postgres" and compiled.release is not None
    assert _texts(compiled_pg.execute(compiled.release).fetchall()) == _duckdb_release(folder, config, node)
    for s in compiled.statements:
        compiled_pg.execute(s.sql).fetchall()


def test_the_printed_script_through_psql(
    demo: tuple[Path, dict[str, Any]], compiled_pg: Any, postgres: Any
) -> None:
    """The script pasted into psql as it is: one result per criterion, with check's counts."""
    from tests.support import pgserver

    folder, base = demo
    seed = next(s for s in range(100) if (c := _case(folder, base, s)) is not None and not c[2].passed)
    rows, config, want = _case(folder, base, seed)  # type: ignore[misc]
    script = folder / "gate.sql"
    script.write_text(
        api.compile_sql(_on_postgres(compiled_pg, postgres, seed, rows, config), base_dir=folder).text()
    )
    psql = pgserver.binaries() / "psql"  # type: ignore[operator]
    env = dict(os.environ, PGPASSWORD=os.environ[postgres.password_env])
    out = subprocess.run(
        [str(psql), "-X", "-A", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-f", str(script), postgres.url],
        capture_output=True, text=True, env=env, timeout=120, check=True,
    ).stdout  # fmt: skip
    counts = [int(n) for n in re.findall(r"^\((\d+) rows?\)$", out, flags=re.M)]
    assert counts == [e["violating_classes"] for e in want.checks], out


# Spark -----------------------------------------------------------------------------------


def test_the_printed_statements_in_spark_list_checks_violating_classes(
    demo: tuple[Path, dict[str, Any]], spark: Any
) -> None:
    folder, base = demo
    spark.sql("CREATE DATABASE IF NOT EXISTS compiled")
    schema = "zip string, age int, sex string, disease string, salary int"
    checked = 0
    for seed in range(3):
        case = _case(folder, base, seed)
        if case is None:
            continue
        rows, config, want = case
        frame = spark.createDataFrame([tuple(r[c] for c in COLUMNS) for r in rows], schema)
        frame.write.mode("overwrite").saveAsTable(f"compiled.people_{seed}")
        on_spark = dict(config, source={"table": f"compiled.people_{seed}"}, engine={"kind": "spark"})
        compiled = api.compile_sql(on_spark, base_dir=folder)
        assert compiled.dialect == "spark"
        _same_classes(want, [[tuple(r) for r in spark.sql(s.sql).collect()] for s in compiled.statements])
        checked += 1
    # a release at a node: DuckDB's rows
    release_folder, release_base = _demo(folder / "release", 0)
    config, node = _release_case(release_folder, release_base, 2)
    rows = list(csv.DictReader((release_folder / config["source"]).open()))
    frame = spark.createDataFrame(
        [(r["zip"], int(r["age"]), r["sex"], r["disease"], int(r["salary"])) for r in rows], schema
    )
    frame.write.mode("overwrite").saveAsTable("compiled.release_source")
    on_spark = dict(config, source={"table": "compiled.release_source"}, engine={"kind": "spark"})
    compiled = api.compile_sql(on_spark, node=node, base_dir=release_folder)
    assert compiled.release is not None
    got = _texts([tuple(r) for r in spark.sql(compiled.release).collect()])
    assert got == _duckdb_release(release_folder, config, node)
    assert checked


@pytest.mark.spark
def test_the_printed_script_through_spark_sql(demo: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    """The script pasted into the spark-sql shell (its own session, on a Parquet copy of the
    table): it runs, with one result per criterion and check's counts."""
    import pyspark

    spark_sql = Path(pyspark.__file__).parent / "bin" / "spark-sql"
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        pytest.skip("spark-sql needs Java")
    folder, base = demo
    seed = next(s for s in range(100) if (c := _case(folder, base, s)) is not None and not c[2].passed)
    _, config, want = _case(folder, base, seed)  # type: ignore[misc]
    parquet = tmp_path / "people.parquet"
    duckdb.connect().execute(
        f"COPY (SELECT zip, CAST(age AS INTEGER) AS age, sex, disease, CAST(salary AS INTEGER) AS salary "
        f"FROM read_csv('{folder / f't{seed}.csv'}', all_varchar = true)) TO '{parquet}' (FORMAT parquet)"
    )
    compiled = api.compile_sql(
        dict(config, source={"table": "people"}, engine={"kind": "spark"}), base_dir=folder
    )
    script = tmp_path / "gate.sql"
    # spark-sql prints a statement's rows, one per line: a marker after each counts them
    view = f"CREATE TEMPORARY VIEW people USING parquet OPTIONS (path '{parquet}');\n"
    script.write_text(
        view + "\n".join(f"{s.sql};\nSELECT 'sqlanon-end-of-result';" for s in compiled.statements)
    )
    env = dict(os.environ, SPARK_LOCAL_IP="127.0.0.1")
    out = subprocess.run(
        [str(spark_sql), "--master", "local[1]", "--conf", f"spark.sql.warehouse.dir={tmp_path / 'wh'}",
         "--driver-java-options", f"-Dderby.system.home={tmp_path} {QUICK_JVM}", "-S", "-f", str(script)],
        capture_output=True, text=True, env=env, timeout=300, cwd=tmp_path,
    )  # fmt: skip
    assert out.returncode == 0, out.stderr[-2000:]
    results = out.stdout.split("sqlanon-end-of-result\n")[:-1]
    counts = [len([line for line in r.splitlines() if line.strip()]) for r in results]
    assert counts == [e["violating_classes"] for e in want.checks], out.stdout
