"""Resource bounds (issue 34, item 4): what sqlanon holds in Python is bounded by the
configuration. A lattice search refuses a lattice above ``max_lattice_nodes`` before it starts
(Mondrian and a fixed node are never refused); a column's distinct values come into Python only
within ``max_values_size``, and a hierarchy builder refuses, before building, labels above it; a
message never prints a huge value whole. The runs that today's main would let grow without
bound run in a child process under an address-space limit (``RLIMIT_AS``), so that they fail
fast there instead of eating the machine, and the child's peak resident memory is measured."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import tracemalloc
from collections import Counter
from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml

import sqlanon
from sqlanon import redact
from sqlanon.config.limits import BYTES_PER_NODE, DEFAULT_MAX_LATTICE_NODES, PER_ITEM, lattice_nodes
from sqlanon.encode import column_profile, column_profiles
from sqlanon.engines.duckdb.engine import DuckDBEngine
from sqlanon.errors import ConfigError, DataError, HierarchyError
from sqlanon.hierarchy import build
from sqlanon.search import search
from sqlanon.search.lattice import Lattice
from sqlanon.sql.render import render_template
from tests.cli.test_cli import sqlanon_exe
from tests.support.cases import seeds

# ------------------------------------------------------------------------- helpers

#: a child process runs the command under an address-space limit and reports its exit code,
#: its stderr and its peak resident memory (its own getrusage over the one child it waited for)
WRAPPER = r"""
import json, resource, subprocess, sys
limit, timeout = int(sys.argv[1]), float(sys.argv[2])
def bound():
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
try:
    done = subprocess.run(sys.argv[3:], preexec_fn=bound, capture_output=True, text=True, timeout=timeout)
    rc, err = done.returncode, done.stderr
except subprocess.TimeoutExpired as exc:
    rc, err = "timeout", str(exc.stderr or "")
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024
print(json.dumps({"rc": rc, "stderr": err, "peak": peak}))
"""

#: the address space a child may take: DuckDB and Python reserve about 0.8 GiB of it at start
ADDRESS_SPACE = 2 * 2**30


def run_bounded(args: Sequence[str], cwd: Path, timeout: float = 90) -> dict[str, Any]:
    """``sqlanon ARGS`` in a child under :data:`ADDRESS_SPACE`: {rc, stderr, peak bytes}."""
    done = subprocess.run(
        [sys.executable, "-c", WRAPPER, str(ADDRESS_SPACE), str(timeout), *sqlanon_exe(), *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=timeout + 30,
    )
    assert done.returncode == 0, done.stderr
    out: dict[str, Any] = json.loads(done.stdout)
    return out


def digits(width: int, column: int) -> str:
    """SQL for a pseudo-random string of ``width`` digits per row ``i`` (DuckDB)."""
    return (
        f"lpad(CAST((i * {7919 + 104729 * column} + {column * 31}) % {10**width} AS VARCHAR), {width}, '0')"
    )


def lattice_config(tmp_path: Path, widths: Sequence[int], rows: int = 60, **extra: Any) -> dict[str, Any]:
    """A DuckDB run over ``rows`` generated rows with one quasi-identifier per width: a mask over
    that many digits (height = width), and a sensitive column."""
    names = [f"q{i}" for i in range(len(widths))]
    selects = ", ".join(f"{digits(w, c)} AS {n}" for c, (n, w) in enumerate(zip(names, widths, strict=True)))
    return {
        "source": {"query": f"SELECT {selects}, CAST(i % 3 AS VARCHAR) AS s FROM range({rows}) t(i)"},
        "columns": {n: {"role": "quasi", "hierarchy": {"type": "mask"}} for n in names}
        | {"s": {"role": "sensitive"}},
        "criteria": [{"k-anonymity": {"k": 2}}],
        "suppression_limit": 0.5,
        "output": str(tmp_path / "out.csv"),
        "overwrite": True,
    } | extra


# ------------------------------------------------------------------------- (a) the lattice


@pytest.mark.parametrize("search_name", ["optimal", "exhaustive", "incognito"])
def test_each_search_runs_at_its_limit_and_is_refused_above_it(tmp_path: Path, search_name: str) -> None:
    """The count is the lattice's nodes (optimal, exhaustive) or Incognito's, the product of
    top + 2; at the limit the search runs, one below it the run stops before the search, with
    a message naming each column's height and max_level, the count, the limit and what to do."""
    config = lattice_config(tmp_path, [3, 2, 3], search=search_name)
    config["columns"]["q2"]["max_level"] = 1
    count = lattice_nodes([3, 2, 1], search_name)
    assert count == (4 * 3 * 2 if search_name != "incognito" else 5 * 4 * 3)
    report = sqlanon.anonymize(config | {"max_lattice_nodes": count})
    assert report.search["lattice_size"] == 24
    stages: list[str] = []
    with pytest.raises(ConfigError) as err:
        sqlanon.anonymize(config | {"max_lattice_nodes": count - 1}, stage=stages.append)
    text = str(err.value)
    for part in (
        f"{count:,}",
        f"max_lattice_nodes ({count - 1:,})",
        "'q0' (height 3)",
        "'q1' (height 2)",
        "'q2' (height 3, max_level 1)",
        "max_level",
        "search: mondrian",
        "coarser hierarchies",
    ):
        assert part in text, part
    assert "encoding" in stages and not any(s.startswith("searching") for s in stages), stages


def test_the_nodes_counted_are_those_at_or_below_max_level(tmp_path: Path) -> None:
    """Eight 5-digit masks, one capped at level 1: 6^7 x 2 = 559,872 nodes, not 6^8 (the
    default limit itself is tried in a process of its own below)."""
    assert lattice_nodes([5] * 7, "optimal") < DEFAULT_MAX_LATTICE_NODES < lattice_nodes([5] * 8, "optimal")
    capped = lattice_config(tmp_path, [5] * 8, rows=20, max_lattice_nodes=6**7 * 2 - 1)
    capped["columns"]["q7"]["max_level"] = 1
    with pytest.raises(ConfigError, match=r"559,872 nodes .*'q7' \(height 5, max_level 1\)"):
        sqlanon.anonymize(capped)


def test_mondrian_apply_and_compile_walk_no_lattice_and_are_not_refused(tmp_path: Path) -> None:
    config = lattice_config(tmp_path, [2, 2, 1], rows=30, max_lattice_nodes=1)
    report = sqlanon.anonymize(config | {"search": "mondrian", "metric": "gcp", "suppression_limit": 0})
    assert report.passed
    top = {"q0": 2, "q1": 2, "q2": 1}
    assert sqlanon.apply(config, node=top).passed
    assert sqlanon.compile_sql(config, node=top).release is not None
    # a failing node with apply_fallback: search falls back on the search, which is refused
    # before it checks a node
    checked: list[int] = []
    failing = {"q0": 0, "q1": 0, "q2": 0}
    with pytest.raises(ConfigError, match=r"max_lattice_nodes \(1\)"):
        sqlanon.apply(
            config | {"apply_fallback": "search", "suppression_limit": 0},
            node=failing,
            progress=lambda done, total: checked.append(done),
        )
    assert not checked
    # audit walks Incognito's lattice whatever the configuration's search
    config["criteria"] = [{"k-anonymity": {"k": 2}}, {"l-diversity": {"l": 2, "attribute": "s"}}]
    with pytest.raises(ConfigError, match="Incognito"):
        sqlanon.audit(config | {"max_lattice_nodes": 3 * 3 * 2})


def test_twelve_five_digit_masks_are_refused_within_a_small_memory(tmp_path: Path) -> None:
    """The issue's case: twelve 5-digit masks (6^12 = 2,176,782,336 nodes). Today's main began
    listing every node (and grew to 23 GB); refused now after profiling, in a small process."""
    config = lattice_config(tmp_path, [5] * 12, rows=2000)
    (tmp_path / "c.yaml").write_text(yaml.safe_dump(config))
    got = run_bounded(["anonymize", "c.yaml"], tmp_path)
    assert got["rc"] == 2, got
    assert "2,176,782,336 nodes" in got["stderr"] and "max_lattice_nodes (1,000,000)" in got["stderr"]
    assert all(f"'q{i}' (height 5)" in got["stderr"] for i in range(12)), got["stderr"]
    assert got["peak"] < 300 * 10**6, got["peak"]
    assert not (tmp_path / "out.csv").exists()


def _engine_lattice_refused(config: dict[str, Any], **kwargs: Any) -> None:
    stages: list[str] = []
    with pytest.raises(ConfigError) as err:
        sqlanon.anonymize(config, stage=stages.append, **kwargs)
    assert "1,296 nodes" in str(err.value) and "max_lattice_nodes (1,000)" in str(err.value)
    assert all(f"'q{i}' (height 5)" in str(err.value) for i in range(4))
    assert "encoding" in stages and not any(s.startswith("searching") for s in stages), stages


def _server_config(select: str) -> dict[str, Any]:
    return {
        "source": {"query": select},
        "columns": {f"q{i}": {"role": "quasi", "hierarchy": {"type": "mask"}} for i in range(4)},
        "criteria": [{"k-anonymity": {"k": 2}}],
        "max_lattice_nodes": 1000,
    }


def test_the_lattice_limit_on_postgres(postgres: Any) -> None:
    import psycopg

    select = (
        "SELECT "
        + ", ".join(f"lpad(((i * {7919 + c}) % 100000)::text, 5, '0') AS q{c}" for c in range(4))
        + " FROM generate_series(1, 40) AS g(i)"
    )
    con = psycopg.connect(postgres.url, password=os.environ[postgres.password_env])
    try:
        _engine_lattice_refused(_server_config(select), connection=con)
    finally:
        con.close()


def test_the_lattice_limit_on_spark(spark: Any) -> None:
    select = (
        "SELECT "
        + ", ".join(f"lpad(CAST((id * {7919 + c}) % 100000 AS STRING), 5, '0') AS q{c}" for c in range(4))
        + " FROM range(40)"
    )
    _engine_lattice_refused(_server_config(select), connection=spark)


def test_the_lattice_limit_on_duckdb(tmp_path: Path) -> None:
    config = lattice_config(tmp_path, [5, 5, 5, 5], rows=40, max_lattice_nodes=1000)
    del config["columns"]["s"]
    config["source"]["query"] = config["source"]["query"].replace(", CAST(i % 3 AS VARCHAR) AS s", "")
    _engine_lattice_refused(config)


@pytest.mark.parametrize(
    ("name", "heights", "mode"),
    [("optimal", (5,) * 5, "half"), ("exhaustive", (5,) * 5, "one"), ("incognito", (2,) * 6, "all")],
)
def test_search_state_per_node_is_within_the_documented_bytes(
    name: str, heights: tuple[int, ...], mode: str
) -> None:
    """The figures of docs/configuration.md (Bounds): a search holds at most about 600 bytes of Python per counted node
    (optimal; exhaustive 350; Incognito's count, the product of top + 2, at about 200). With a
    data-free monotone oracle (Incognito at its worst: every node satisfies; exhaustive with one
    minimal node, whose ranking is then quick)."""
    lattice = Lattice(heights)
    middle = sum(heights) / 2

    def oracle(nodes: Sequence[tuple[int, ...]]) -> list[bool]:
        if mode == "one":
            return [all(2 * lv >= h for lv, h in zip(n, heights, strict=True)) for n in nodes]
        return [mode == "all" or sum(n) >= middle for n in nodes]

    search(name, Lattice((1,) * len(heights)), lambda nodes: [True] * len(nodes))  # imports, caches
    tracemalloc.start()
    try:
        result = search(name, lattice, oracle)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert result.minimal
    count = lattice_nodes(list(heights), name)
    assert peak <= BYTES_PER_NODE[name] * count, peak / count


# ------------------------------------------------------------------------- (b) values in Python

POOL = [None, "", "a", "bb", "ä", "10", "x y", "'q'", "long " * 20, "ü" * 30]


def _random_table(rng: random.Random) -> tuple[list[str], list[tuple[str | None, ...]]]:
    columns = [f"c {i}" for i in range(rng.randint(1, 4))]
    extra = [f"v{rng.randrange(10**6)}" for _ in range(rng.randint(0, 40))]
    pool = POOL + extra
    rows = [tuple(rng.choice(pool) for _ in columns) for _ in range(rng.randint(1, 80))]
    return columns, rows


def _sizes(columns: list[str], rows: list[tuple[str | None, ...]]) -> dict[str, int]:
    """Each column's counted text, in plain Python: its distinct values' characters + PER_ITEM."""
    return {c: sum(len(v or "") + PER_ITEM for v in {r[i] for r in rows}) for i, c in enumerate(columns)}


def _check_profiles(
    engine: Any, source: str, columns: list[str], rows: list[Any], limit: int, singles: int = 4
) -> None:
    """column_profiles of ``columns``, and column_profile of the first ``singles`` of them, as
    Python counts them: whole within ``limit``, refused above it, naming what is over."""
    sizes = _sizes(columns, rows)
    over = [c for c in columns if sizes[c] > limit]
    if over:
        with pytest.raises(DataError) as err:
            column_profiles(engine, source, columns, limit=limit)
        for c in columns:
            assert (repr(c) in str(err.value)) == (c in over), (c, str(err.value))
        for c in over:
            assert f"{len({r[columns.index(c)] for r in rows}):,} distinct values" in str(err.value)
        assert "max_values_size" in str(err.value)
        assert not any(v and len(v) > 3 and v in str(err.value) for v in POOL if v)  # no value shown
    else:
        got = column_profiles(engine, source, columns, limit=limit)
        for i, c in enumerate(columns):
            assert dict(got[c]) == dict(Counter(r[i] for r in rows)), c
    for i, c in enumerate(columns[:singles]):
        if sizes[c] > limit:
            with pytest.raises(DataError, match=repr(c)):
                column_profile(engine, source, c, limit=limit)
        else:
            assert dict(column_profile(engine, source, c, limit=limit)) == dict(Counter(r[i] for r in rows))


def _limit(rng: random.Random, sizes: dict[str, int]) -> int:
    """A limit around the columns' sizes: at one of them, just below one, or between."""
    size = rng.choice(list(sizes.values()))
    return max(1000, rng.choice([size, size - 1, size + rng.randint(-500, 500)]))


@pytest.mark.parametrize("seed", seeds(20))
def test_profiles_within_the_limit_are_whole_and_above_it_refused(seed: int) -> None:
    """A column's distinct values come into Python only when their text (characters + 100
    each, as Python counts them here) is within max_values_size; the columns above it are named
    in one error and none of their values leaves the engine."""
    rng = random.Random(seed)
    columns, rows = _random_table(rng)
    engine = DuckDBEngine()
    engine.load_table(
        "t", [(c, "VARCHAR") for c in columns], [[r[i] for r in rows] for i in range(len(columns))]
    )
    limit = _limit(rng, _sizes(columns, rows))
    _check_profiles(engine, "t", columns, rows, limit)
    # what the engine returns of a column above the limit: one row, without a value
    fetched = engine.fetchall(
        render_template(
            "column_profiles.sql", source="t", columns=columns, weight=None, limit=limit, per_item=PER_ITEM
        )
    )
    for i, c in enumerate(columns):
        mine = [r for r in fetched if r[i] == 0]
        if _sizes(columns, rows)[c] > limit:
            assert len(mine) == 1 and mine[0][len(columns) + i] is None, c
        else:
            assert len(mine) == len({r[i] for r in rows}), c
    engine.close()


def test_profiles_on_postgres_as_in_python(postgres: Any) -> None:
    from sqlanon.engines.postgres.engine import PostgresEngine

    engine = PostgresEngine(postgres.url, postgres.password_env)
    try:
        for seed in range(4):
            rng = random.Random(100 + seed)
            columns, rows = _random_table(rng)
            engine.load_table(
                "bounds_t",
                [(c, "VARCHAR") for c in columns],
                [[r[i] for r in rows] for i in range(len(columns))],
            )
            _check_profiles(engine, "bounds_t", columns, rows, _limit(rng, _sizes(columns, rows)))
            engine.drop("bounds_t")
    finally:
        engine.close()


def test_profiles_on_spark_as_in_python(spark: Any) -> None:
    from sqlanon.engines.spark.engine import SparkEngine

    engine = SparkEngine()
    rng = random.Random(208)  # three columns (a Spark statement costs about a second)
    columns, rows = _random_table(rng)
    engine.load_table(
        "bounds_t", [(c, "VARCHAR") for c in columns], [[r[i] for r in rows] for i in range(len(columns))]
    )
    sizes = sorted(_sizes(columns, rows).values())
    assert len(sizes) == 3 and sizes[0] < sizes[-1]
    # the smaller columns within the limit, the largest above it; the first read alone too
    _check_profiles(engine, "bounds_t", columns, rows, sizes[-1] - 1, singles=1)
    engine.drop("bounds_t")


def test_a_run_stops_before_reading_a_column_above_the_limit(tmp_path: Path) -> None:
    config = lattice_config(tmp_path, [4, 2], rows=500, max_values_size="20KB")
    # q0: up to 500 distinct 4-digit values, 104 each (about 52 KB); q1: 100 values, 10.2 KB
    with pytest.raises(DataError) as err:
        sqlanon.anonymize(config)
    assert "'q0'" in str(err.value) and "'q1'" not in str(err.value)
    assert "max_values_size (20 KB)" in str(err.value)
    assert sqlanon.anonymize(config | {"max_values_size": "1MB"}).passed


def test_a_huge_value_under_a_mask_is_refused_within_a_small_memory(tmp_path: Path) -> None:
    """The issue's case, at 5 MB: a mask over it would make a label per character (5 million
    labels of 5 MB each); today's main built them until memory ran out. Refused now before
    building, naming the column and the builder, and printing nothing of the value."""
    query = (
        "SELECT CASE WHEN i = 0 THEN repeat('7', 5000000) ELSE lpad(CAST(i AS VARCHAR), 5, '0') END AS zip, "
        "CAST(i % 50 AS VARCHAR) AS age FROM range(200) t(i)"
    )
    config = {
        "source": {"query": query},
        "columns": {
            "zip": {"role": "quasi", "hierarchy": {"type": "mask", "pad": "0"}},
            "age": {"role": "quasi", "hierarchy": {"type": "intervals", "widths": [10, 20]}},
        },
        "criteria": [{"k-anonymity": {"k": 2}}],
        "output": "out.csv",
    }
    (tmp_path / "c.yaml").write_text(yaml.safe_dump(config))
    got = run_bounded(["anonymize", "c.yaml"], tmp_path)
    assert got["rc"] == 2, got
    assert (
        "'zip'" in got["stderr"] and "'mask' builder" in got["stderr"] and "max_values_size" in got["stderr"]
    )
    assert "7" * 100 not in got["stderr"] and len(got["stderr"]) < 2000
    assert got["peak"] < 300 * 10**6, got["peak"]


# ------------------------------------------------------------------------- (d) builders


def _built_size(rows: Sequence[tuple[str, ...]]) -> int:
    """What a built hierarchy holds beyond its leaves, counted as the builders count it."""
    return sum(len(label) + PER_ITEM for row in rows for label in row[1:])


def _random_spec(rng: random.Random) -> tuple[dict[str, Any], list[str]]:
    kind = rng.choice(["mask", "intervals", "dates"])
    if kind == "mask":
        width = rng.randint(1, 12)
        spec: dict[str, Any] = {"type": "mask"}
        if rng.random() < 0.5:
            spec["pad"] = "0"
            values = [str(rng.randrange(10 ** rng.randint(1, width))) for _ in range(rng.randint(1, 30))]
        else:
            values = [str(rng.randrange(10**width)).rjust(width, "0") for _ in range(rng.randint(1, 30))]
        width = max(len(v) for v in values)
        if rng.random() < 0.5:
            spec["levels"] = sorted(rng.sample(range(1, width + 1), rng.randint(1, width)))
        return spec, values
    if kind == "intervals":
        base = rng.choice([1, 5, 0.25, 0.001, 10**6])
        widths = [base * m for m in (1, 2, 10)[: rng.randint(1, 3)]]
        spec = {"type": "intervals", "widths": widths}
        if rng.random() < 0.3:
            spec["anchor"] = rng.choice([-3, 0.5, 7])
        if rng.random() < 0.3:
            spec["bottom"], spec["top"] = -50, 1000
        values = [
            f"{rng.choice(['', '-'])}{rng.randrange(10 ** rng.randint(1, 12))}.{rng.randrange(10**9)}"
            + ("".join(rng.choices("0123456789", k=rng.randint(0, 300))) if rng.random() < 0.3 else "")
            + (f"e{rng.randint(-20, 20)}" if rng.random() < 0.2 else "")
            for _ in range(rng.randint(1, 30))
        ]
        return spec, values
    values = [
        f"{rng.randint(1900, 2030)}-{rng.randint(1, 12):02d}-{rng.randint(1, 28):02d}" for _ in range(30)
    ]
    levels = ["day", "month", "year", "decade"]
    return {
        "type": "dates",
        "levels": sorted(rng.sample(levels, rng.randint(1, 4)), key=levels.index),
    }, values


@pytest.mark.parametrize("seed", seeds(40))
def test_a_builder_refuses_before_building_what_exceeds_the_limit(seed: int) -> None:
    """The size a builder counts before it builds bounds what it builds: with the limit just
    below what it built, it refuses (naming the column, its type and max_values_size)."""
    rng = random.Random(seed)
    spec, values = _random_spec(rng)
    built = build("col", spec, values, origin="test")
    size = _built_size(built.rows)
    with pytest.raises(HierarchyError) as err:
        build("col", spec, values, origin="test", limit=size - 1)
    assert "'col'" in str(err.value) and f"{spec['type']!r} builder" in str(err.value)
    assert "max_values_size" in str(err.value)


def _reference_interval(v: Fraction, w: Fraction, anchor: Fraction) -> tuple[Fraction, Fraction]:
    start = anchor + ((v - anchor) // w) * w
    return start, start + w


@pytest.mark.parametrize("seed", seeds(10))
def test_interval_labels_of_values_with_long_decimals_are_exact(seed: int) -> None:
    """The builder rounds a value down to the decimals of the widths before labelling it: the
    labels are those of the exact value (a reference with Python's fractions)."""
    rng = random.Random(seed)
    widths = [rng.choice([Fraction(1, 4), Fraction(5), Fraction(1, 1000)])]
    anchor = rng.choice([Fraction(0), Fraction(-7, 2)])
    values = [
        f"{rng.choice(['', '-'])}{rng.randrange(1000)}.{''.join(rng.choices('0123456789', k=rng.randint(0, 2000)))}".rstrip(
            "."
        )
        for _ in range(20)
    ]
    spec = {"type": "intervals", "widths": [float(w) for w in widths], "anchor": float(anchor)}
    built = {row[0]: row[1] for row in build("x", spec, values, origin="test").rows}
    for v in values:
        start, end = _reference_interval(Fraction(Decimal(v)), widths[0], anchor)
        assert built[v] == f"[{_decimal(start)}, {_decimal(end)})", v


def _decimal(x: Fraction) -> str:
    if x.denominator == 1:
        return str(x.numerator)
    text = f"{Decimal(x.numerator) / Decimal(x.denominator):f}"
    return text.rstrip("0").rstrip(".")


def test_intervals_refuse_a_number_no_double_holds_instead_of_expanding_it() -> None:
    """'1e999999' has a million digits: the builder took it for a number, computed it and
    failed formatting it (Python's limit on int digits); it is no number by the project's rule
    (finite as a double), which is what the builder says."""
    with pytest.raises(HierarchyError, match="not numbers"):
        build("x", {"type": "intervals", "widths": [10]}, ["1", "1e999999"], origin="test")


def test_messages_cut_huge_values_short() -> None:
    huge = "x" * 1_000_000
    assert len(redact.values([huge, "a"], hidden=False)) < 300
    assert len(redact.counted([(huge, 3)], hidden=False)) < 300
    with pytest.raises(HierarchyError) as err:  # values of unequal length under a mask
        build("x", {"type": "mask"}, [huge, "ab", "cd"], origin="test")
    assert len(str(err.value)) < 1000 and "x" * 100 not in str(err.value)


# ------------------------------------------------------------------------- configuration


@pytest.mark.parametrize(
    ("key", "value", "want"),
    [
        ("max_lattice_nodes", 10, 10),
        ("max_lattice_nodes", 0, None),
        ("max_lattice_nodes", True, None),
        ("max_lattice_nodes", "10", None),
        ("max_values_size", "256MB", 256 * 10**6),
        ("max_values_size", "1 GiB", 2**30),
        ("max_values_size", 5000, 5000),
        ("max_values_size", "0.5KB", None),
        ("max_values_size", "12 apples", None),
        ("max_values_size", 999, None),
    ],
)
def test_limit_keys_are_checked(tmp_path: Path, key: str, value: Any, want: int | None) -> None:
    from sqlanon.config import parse_config

    config = lattice_config(tmp_path, [2]) | {key: value}
    if want is None:
        with pytest.raises(ConfigError, match=f"{key} must be"):
            parse_config(config, tmp_path)
    else:
        assert getattr(parse_config(config, tmp_path), key) == want
