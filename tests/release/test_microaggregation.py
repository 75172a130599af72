"""Microaggregation (``aggregate:`` on a quasi-identifier, sqlanon.release.micro), against an
independent pure-Python reference on many random tables: the reference generalizes every row at
the node the report chose, keeps the rows the release kept (whole classes), groups them by their
labels and computes each aggregated column's mean, lower median, mode (ties: the smallest) or
interval of the original values; the release written must be those values, row by row (by a row
id), the loss in the report their squared and absolute errors, and the gate's classes the
reference's. PostgreSQL writes what DuckDB writes. The refusals exit 2 naming the key; values
that are not numbers are counted, never shown."""

from __future__ import annotations

import csv
import math
import random
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from sqlanon import api
from sqlanon.cli import main
from sqlanon.errors import DataError
from tests.support.cases import seeds
from tests.support.randomdata import random_hierarchy

FUNCTIONS = ("mean", "median", "mode", "interval")
CRITERIA: list[list[dict[str, Any]]] = [
    [{"k-anonymity": {"k": 3}}],
    [{"k-anonymity": {"k": 2}}, {"l-diversity": {"variant": "distinct", "l": 2}}],
    [{"k-anonymity": {"k": 4}}],
]


def _number_hierarchy(rng: random.Random, values: list[str], missing: bool) -> dict[str, tuple[str, ...]]:
    """Contiguous intervals of the sorted values, coarser per level, then '*' (``missing``: the
    empty value too, in a group of its own below the top)."""
    ordered = sorted(values, key=float)
    paths: dict[str, list[str]] = {v: [v] for v in ordered}
    if missing:
        paths[""] = [""]
    width = 1
    for level in range(1, rng.randint(2, 3)):
        width *= rng.randint(2, 3)
        for i, v in enumerate(ordered):
            paths[v].append(f"L{level}B{i // width}")
        if missing:
            paths[""].append(f"L{level}none")
    for v in paths:
        paths[v].append("*")
    return {v: tuple(p) for v, p in paths.items()}


class Case:
    def __init__(self, seed: int, folder: Path, max_rows: int = 80) -> None:
        rng = random.Random(seed)
        self.folder = folder
        self.numeric = ["age", "pay"][: rng.randint(1, 2)]
        self.functions = {c: rng.choice(FUNCTIONS) for c in self.numeric}
        self.qis = [*self.numeric, "cat"]
        self.hierarchies: dict[str, dict[str, tuple[str, ...]]] = {}
        domains: dict[str, list[str]] = {}
        for c in self.numeric:
            if rng.random() < 0.5:
                values = [str(v) for v in rng.sample(range(0, 60), rng.randint(3, 12))]
            else:  # decimals, some negative
                values = [f"{v / 4:g}" for v in rng.sample(range(-40, 200), rng.randint(3, 12))]
            domains[c] = values
            self.hierarchies[c] = _number_hierarchy(rng, values, seed % 3 == 0)
            if seed % 3 == 0:  # missing values: published as their class's aggregate
                domains[c] = [*values, ""]
        domains["cat"] = [f"c{j}" for j in range(rng.randint(2, 4))]
        self.hierarchies["cat"] = random_hierarchy(rng, domains["cat"], rng.randint(1, 2))
        self.rows = []
        for i in range(rng.randint(25, max_rows)):
            row = {"id": str(i), **{q: rng.choice(domains[q]) for q in self.qis}}
            row["sens"] = rng.choice(["s0", "s1", "s2"])
            self.rows.append(row)
        self.columns = ["id", *self.qis, "sens"]
        with (folder / "data.csv").open("w", newline="") as fh:
            writer = csv.DictWriter(fh, fieldnames=self.columns)
            writer.writeheader()
            writer.writerows(self.rows)
        for q in self.qis:
            with (folder / f"h_{q}.csv").open("w", newline="") as fh:
                csv.writer(fh, delimiter=";").writerows(self.hierarchies[q].values())
        self.criteria = CRITERIA[seed % len(CRITERIA)]
        self.limit = rng.choice([0.0, 0.1, 0.3])

    def config(self, **extra: Any) -> dict[str, Any]:
        cols: dict[str, Any] = {"id": "insensitive", "sens": "sensitive"}
        for q in self.qis:
            cols[q] = {"role": "quasi", "hierarchy": f"h_{q}.csv"}
            if q in self.functions:
                cols[q]["aggregate"] = self.functions[q]
        return {
            "source": "data.csv",
            "columns": cols,
            "criteria": self.criteria,
            "suppression_limit": self.limit,
            "output": "out.csv",
            "overwrite": True,
            **extra,
        }


def _lower_median(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[(len(ordered) + 1) // 2 - 1]


def _mode(values: list[float]) -> float:
    counts = Counter(values)
    return min(counts, key=lambda v: (-counts[v], v))


def _interval(texts: list[str]) -> str:
    lo = min(texts, key=lambda t: (float(t), t))
    hi = max(texts, key=lambda t: (float(t), t))
    return f"[{lo}, {hi}]"


def _reference(
    case: Case, node: dict[str, int], kept: set[str]
) -> tuple[dict[str, dict[str, Any]], Counter[int]]:
    """(row id -> the aggregated columns' published values, the class sizes) of the rows
    ``kept``, at ``node``."""
    classes: dict[tuple[str, ...], list[dict[str, str]]] = defaultdict(list)
    for row in case.rows:
        if row["id"] in kept:
            key = tuple(case.hierarchies[q][row[q]][node[q]] for q in case.qis)
            classes[key].append(row)
    out: dict[str, dict[str, Any]] = {}
    for members in classes.values():
        published: dict[str, Any] = {}
        for c, f in case.functions.items():
            values = [float(r[c]) for r in members if r[c] != ""]
            if not values:
                published[c] = None
                continue
            published[c] = {
                "mean": lambda v=values: math.fsum(v) / len(v),
                "median": lambda v=values: _lower_median(v),
                "mode": lambda v=values: _mode(v),
                "interval": lambda m=members, c=c: _interval([r[c] for r in m if r[c] != ""]),
            }[f]()
        for r in members:
            out[r["id"]] = published
    return out, Counter(len(m) for m in classes.values())


def _read(path: Path) -> list[dict[str, str]]:
    with path.open(newline="") as fh:
        return list(csv.DictReader(fh))


def _same(published: str | float, expected: Any) -> bool:
    if expected is None:
        return published == ""
    if isinstance(expected, str):
        return published == expected
    return math.isclose(float(published), expected, rel_tol=1e-9, abs_tol=1e-9)


@pytest.mark.parametrize("seed", seeds(40, fast=12))
def test_release_equals_the_reference(seed: int, tmp_path: Path) -> None:
    case = Case(seed, tmp_path)
    report = api.anonymize(case.config(), base_dir=tmp_path)
    if not report.passed:
        assert report.node is None  # no node satisfies: nothing to compare
        return
    written = _read(tmp_path / "out.csv")
    kept = {r["id"] for r in written}
    expected, sizes = _reference(case, report.node, kept)
    assert set(expected) == kept
    original = {r["id"]: r for r in case.rows}
    sse: dict[str, float] = defaultdict(float)
    abs_err: dict[str, float] = defaultdict(float)
    for row in written:
        for c in case.functions:
            assert _same(row[c], expected[row["id"]][c]), (c, case.functions[c], row, expected[row["id"]][c])
            if case.functions[c] != "interval" and original[row["id"]][c] != "":
                err = float(row[c]) - float(original[row["id"]][c])
                sse[c] += err * err
                abs_err[c] += abs(err)
        for q in case.qis:  # the other QIs publish their labels
            if q not in case.functions:
                assert row[q] == case.hierarchies[q][original[row["id"]][q]][report.node[q]]
    # the gate read the published classes: the reference's
    assert Counter({size: count for size, count in report.class_sizes}) == sizes
    assert report.microaggregation is not None
    for c, f in case.functions.items():
        got = report.microaggregation[c]
        with_value = sum(1 for r in written if original[r["id"]][c] != "")
        assert got["function"] == f and got["rows"] == with_value
        if f == "interval":
            assert got["sse"] is None and got["mae"] is None
        else:
            assert math.isclose(got["sse"], sse[c], rel_tol=1e-9, abs_tol=1e-9)
            mae = abs_err[c] / with_value if with_value else None
            assert (got["mae"] is None and mae is None) or math.isclose(
                got["mae"], mae, rel_tol=1e-9, abs_tol=1e-9
            )
    assert "microaggregation" in report.text()


@pytest.mark.parametrize("typed", [False, True])
def test_on_postgres_equals_duckdb(typed: bool, compiled_pg: Any, postgres: Any, tmp_path: Path) -> None:
    """The same release on PostgreSQL, from a table of text columns or one whose aggregated
    columns are double precision (missing values NULL), as DuckDB writes from the CSV file."""
    from tests.support import pgserver

    # seed 63: interval of decimals (as PostgreSQL prints a double) and mode, with missing values
    case = Case(63, tmp_path, max_rows=60)
    assert sorted(case.functions.values()) == ["interval", "mode"]
    assert any(row[c] == "" for row in case.rows for c in case.functions)
    pg_type = {c: "double precision" if typed and c in case.functions else "text" for c in case.columns}
    pgserver.load(
        compiled_pg,
        "compiled",
        "micro_case",
        [(c, pg_type[c]) for c in case.columns],
        (
            [
                (float(row[c]) if row[c] != "" else None) if pg_type[c] != "text" else row[c]
                for c in case.columns
            ]
            for row in case.rows
        ),
    )
    config = case.config()
    on_duckdb = api.anonymize(config, base_dir=tmp_path)
    engine = {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}
    on_pg = api.anonymize(
        dict(
            config,
            source={"table": "compiled.micro_case"},
            engine=engine,
            output={"table": "compiled.micro_out"},
        ),
        base_dir=tmp_path,
    )
    assert on_duckdb.passed and on_pg.passed, on_pg.message
    assert on_pg.node == on_duckdb.node
    for c in case.functions:
        for key in ("function", "rows"):
            assert on_pg.microaggregation[c][key] == on_duckdb.microaggregation[c][key]
        for key in ("sse", "mae"):
            a, b = on_pg.microaggregation[c][key], on_duckdb.microaggregation[c][key]
            assert (a is None and b is None) or math.isclose(a, b, rel_tol=1e-9, abs_tol=1e-9)
    names = ", ".join('"' + c + '"' for c in case.columns)
    pg_rows = {r[0]: r for r in compiled_pg.execute(f"SELECT {names} FROM compiled.micro_out").fetchall()}
    duck_rows = {r["id"]: r for r in _read(tmp_path / "out.csv")}
    assert set(pg_rows) == set(duck_rows)
    for rid, row in duck_rows.items():
        for i, c in enumerate(case.columns):
            got = pg_rows[rid][i]
            if c in case.functions and case.functions[c] != "interval" and row[c] != "":
                assert math.isclose(float(got), float(row[c]), rel_tol=1e-12), (c, got, row[c])
            elif got is None:
                assert row[c] == "", (c, got, row[c])
            else:
                assert str(got) == row[c], (c, got, row[c])


@pytest.mark.parametrize(
    ("extra", "named"),
    [
        ({"search": "mondrian"}, "mondrian"),
        ({"local_recoding": {"max_iterations": 2}}, "local_recoding"),
        (
            {
                "differential_privacy": {"epsilon": 1.0, "delta": 0.01},
                "criteria": None,
                "suppression_limit": None,
            },
            "differential_privacy",
        ),
        ({"person": ["id"]}, "person"),
        ({"criteria": [{"nt-closeness": {"n": 2, "t": 0.3, "attribute": "sens"}}]}, "nt-closeness"),
        (
            {"population": "data.csv", "criteria": [{"delta-presence": {"delta_min": 0, "delta_max": 1}}]},
            "population",
        ),
    ],
)
def test_refusals_exit_2_naming_the_key(extra: dict[str, Any], named: str, tmp_path: Path) -> None:
    case = Case(1, tmp_path, max_rows=30)
    config = {key: value for key, value in dict(case.config(), **extra).items() if value is not None}
    if "search" in extra:
        config["suppression_limit"] = 0
    if "person" in extra:
        config["columns"]["id"] = "identifier"
    (tmp_path / "c.yaml").write_text(yaml.safe_dump(config))
    result = CliRunner().invoke(main, ["anonymize", str(tmp_path / "c.yaml")])
    assert result.exit_code == 2, result.output
    assert "aggregate" in result.output and named in result.output, result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "out.csv").exists()


@pytest.mark.parametrize(
    ("column", "said"),
    [
        ({"role": "sensitive", "aggregate": "mean"}, "quasi-identifiers only"),
        ({"role": "quasi", "aggregate": "mean"}, "needs a hierarchy"),
        ({"role": "quasi", "hierarchy": "h_cat.csv", "aggregate": "average"}, "aggregate"),
    ],
)
def test_bad_keys_exit_2(column: dict[str, Any], said: str, tmp_path: Path) -> None:
    case = Case(2, tmp_path, max_rows=30)
    config = case.config()
    config["columns"]["cat"] = column
    (tmp_path / "c.yaml").write_text(yaml.safe_dump(config))
    result = CliRunner().invoke(main, ["anonymize", str(tmp_path / "c.yaml")])
    assert result.exit_code == 2, result.output
    assert said in result.output and "'cat'" in result.output, result.output


def test_values_that_are_not_numbers_are_counted_not_shown(tmp_path: Path) -> None:
    case = Case(2, tmp_path, max_rows=30)
    config = case.config()
    config["columns"]["cat"]["aggregate"] = "median"  # c0, c1, ...: no number
    (tmp_path / "c.yaml").write_text(yaml.safe_dump(config))
    result = CliRunner().invoke(main, ["anonymize", str(tmp_path / "c.yaml")])
    assert result.exit_code == 2, result.output
    assert f"{len(case.rows):,} row(s)" in result.output and "'cat'" in result.output
    assert "c0" not in result.output and "c1" not in result.output
    assert not (tmp_path / "out.csv").exists()
    # found while encoding, before the search spends its work
    stages: list[str] = []
    with pytest.raises(DataError, match="needs numbers"):
        api.anonymize(config, base_dir=tmp_path, stage=stages.append)
    assert stages and not any("search" in s for s in stages), stages


def test_apply_publishes_the_aggregates_and_check_passes_them(tmp_path: Path) -> None:
    """apply at the node anonymize chose writes the same release; compile --node refuses
    aggregate; check of the written release (its values as published) passes."""
    case = next(
        c
        for c in (Case(s, tmp_path) for s in range(40))
        if api.anonymize(c.config(), base_dir=tmp_path).passed
    )
    searched = _read(tmp_path / "out.csv")
    report = api.anonymize(case.config(), base_dir=tmp_path)
    node = ",".join(f"{q}={level}" for q, level in report.node.items())
    (tmp_path / "c.yaml").write_text(yaml.safe_dump(case.config()))
    result = CliRunner().invoke(main, ["apply", str(tmp_path / "c.yaml"), "--node", node])
    assert result.exit_code == 0, result.output
    assert _read(tmp_path / "out.csv") == searched
    result = CliRunner().invoke(main, ["compile", str(tmp_path / "c.yaml"), "--node", node])
    assert result.exit_code == 2 and "aggregate" in result.output and "compile --node" in result.output
    check = case.config()
    check["source"] = "out.csv"
    del check["output"], check["overwrite"]
    (tmp_path / "check.yaml").write_text(yaml.safe_dump(check))
    result = CliRunner().invoke(main, ["check", str(tmp_path / "check.yaml")])
    assert result.exit_code == 0, result.output
