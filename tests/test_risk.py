"""The report's re-identification risk (sqlanon.risk, risk.sql): on random tables its figures
equal an independent computation from the table's class sizes (check: the table; anonymize:
the release it wrote), on DuckDB, PostgreSQL and Spark; risk limits fail a run as an
error-severity criterion does, and publish nothing."""

from __future__ import annotations

import csv
import json
import random
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from sqlanon import api
from sqlanon.cli import main
from sqlanon.demo import write_demo
from sqlanon.errors import ConfigError
from tests.test_engine_postgres_check import COLUMNS, _rows
from tests.test_standalone import _demo, _on_postgres, _write

QIS = ("zip", "age", "sex")
#: floating-point figures are compared within this (they are quotients of exact counts)
TOL = 1e-12


def _expected(rows: list[dict[str, Any]], qis: tuple[str, ...], threshold: float) -> dict[str, Any]:
    """The risk figures computed directly from the rows' classes (NULL a value of its own)."""
    sizes = Counter(tuple(r[q] for q in qis) for r in rows)
    n = sum(sizes.values())
    t = Fraction(str(threshold))
    at_risk = sum(size for size in sizes.values() if Fraction(1, size) > t)
    return {
        "prosecutor": {
            "highest": 1 / min(sizes.values()),
            "average": len(sizes) / n,
            "records_at_risk": at_risk / n,
            "threshold": threshold,
        },
        "marketer": len(sizes) / n,
        "sample_uniques": sum(1 for size in sizes.values() if size == 1) / n,
        "journalist": None,
    }


def _same(got: Any, want: Any) -> None:
    if isinstance(want, dict):
        assert got.keys() == want.keys()
        for key in want:
            _same(got[key], want[key])
    elif isinstance(want, float):
        assert abs(got - want) <= TOL, (got, want)
    else:
        assert got == want


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    return _demo(tmp_path_factory.mktemp("risk"), 1)


def _case(
    folder: Path, base: dict[str, Any], seed: int
) -> tuple[list[dict[str, Any]], dict[str, Any], float]:
    """A random table (some sizes fine-grained: salary as a quasi-identifier), a random subset
    of quasi-identifiers and a random threshold (a fraction such as 1/3 included)."""
    rng = random.Random(seed)
    rows = _rows(seed)
    _write(folder / f"risk{seed}.csv", rows)
    qis = tuple(rng.sample(QIS, rng.randint(1, 3))) + (("salary",) if rng.random() < 0.2 else ())
    threshold = rng.choice([0.2, 0.5, 1 / 3, 0.05, 1.0])
    columns = {c: ("quasi" if c in qis else "insensitive") for c in COLUMNS}
    config = dict(
        base,
        source=f"risk{seed}.csv",
        columns=columns,
        criteria=[{"k-anonymity": {"k": 1}}],
        risk={"threshold": threshold},
    )
    return rows, config, threshold


@pytest.mark.parametrize("seed", range(24))
def test_checks_risk_equals_the_class_sizes_computation(demo: tuple[Path, dict[str, Any]], seed: int) -> None:
    folder, base = demo
    rows, config, threshold = _case(folder, base, seed)
    report = api.check(config, base_dir=folder)
    qis = tuple(c for c, role in config["columns"].items() if role == "quasi")
    # the CSV's values are read as text: the classes are those of the text
    texts = [{c: (None if r[c] is None else str(r[c])) for c in COLUMNS} for r in rows]
    _same(report.risk, _expected(texts, qis, threshold))


def test_the_cases_cover_every_figure(demo: tuple[Path, dict[str, Any]]) -> None:
    folder, base = demo
    figures = []
    for seed in range(24):
        _, config, _ = _case(folder, base, seed)
        risk = api.check(config, base_dir=folder).risk
        assert risk is not None
        figures.append(
            (risk["prosecutor"]["records_at_risk"], risk["sample_uniques"], risk["prosecutor"]["highest"])
        )
    assert any(f[0] == 0 for f in figures) and any(0 < f[0] < 1 for f in figures)
    assert any(f[1] > 0 for f in figures) and any(f[2] < 1 for f in figures)


def _anonymize_demo(folder: Path) -> tuple[Path, dict[str, Any]]:
    """The demo's anonymize configuration (its source has a name column, an identifier)."""
    return folder, yaml.safe_load(write_demo(folder, rows=300)[0].read_text())


def test_anonymizes_risk_is_that_of_the_release_it_wrote(tmp_path: Path) -> None:
    folder, base = _anonymize_demo(tmp_path)
    for k in (2, 5):
        config = dict(base, criteria=[{"k-anonymity": {"k": k}}], risk={"threshold": 0.25})
        report = api.anonymize(config, base_dir=folder)
        assert report.passed and report.risk is not None
        with (folder / config["output"]).open(newline="") as f:
            rows = [{c: (v if v != "" else None) for c, v in r.items()} for r in csv.DictReader(f)]
        _same(report.risk, _expected(rows, QIS, 0.25))
        assert report.risk["prosecutor"]["highest"] <= 1 / k


@pytest.mark.parametrize("seed", range(3))
def test_risk_on_postgres_equals_duckdbs(
    demo: tuple[Path, dict[str, Any]], compiled_pg: Any, postgres: Any, seed: int
) -> None:
    folder, base = demo
    rows, config, _ = _case(folder, base, seed)
    on_pg = api.check(_on_postgres(compiled_pg, postgres, 500 + seed, rows, config), base_dir=folder)
    _same(on_pg.risk, api.check(config, base_dir=folder).risk)


def test_risk_on_spark_equals_duckdbs(demo: tuple[Path, dict[str, Any]], spark: Any) -> None:
    folder, base = demo
    spark.sql("CREATE DATABASE IF NOT EXISTS risk")
    schema = "zip string, age int, sex string, disease string, salary int"
    for seed in range(2):
        rows, config, _ = _case(folder, base, seed)
        frame = spark.createDataFrame([tuple(r[c] for c in COLUMNS) for r in rows], schema)
        frame.write.mode("overwrite").saveAsTable(f"risk.people_{seed}")
        on_spark = dict(config, source={"table": f"risk.people_{seed}"}, engine={"kind": "spark"})
        _same(api.check(on_spark, base_dir=folder).risk, api.check(config, base_dir=folder).risk)


def test_a_risk_limit_fails_check_and_anonymize_publishes_nothing(tmp_path: Path) -> None:
    folder, base = _anonymize_demo(tmp_path)
    config = dict(base, criteria=[{"k-anonymity": {"k": 2}}])
    free = api.anonymize(config, base_dir=folder)
    assert free.passed and free.risk is not None
    highest = free.risk["prosecutor"]["highest"]
    # a limit below the release's highest risk: the gate refuses it, nothing is written
    output = folder / config["output"]
    output.unlink()
    limited = dict(config, risk={"prosecutor_highest": highest / 2, "marketer": 1})
    report = api.anonymize(limited, base_dir=folder)
    assert not report.passed and not output.exists()
    assert "exceeds its risk limit(s) prosecutor_highest" in report.message
    (over,) = [c for c in report.checks if c["criterion"] == "risk" and not c["passed"]]
    assert over["params"] == {"prosecutor_highest": highest / 2} and over["observed"] == pytest.approx(
        highest
    )
    assert [c["passed"] for c in report.checks if c["criterion"] == "risk"] == [False, True]
    # at the limit it passes (within the comparison's tolerance)
    assert api.anonymize(dict(config, risk={"prosecutor_highest": highest}), base_dir=folder).passed
    # check: exit 1, the report's checks and message say which limit
    path = folder / "limited.yaml"
    path.write_text(
        yaml.safe_dump(
            dict(
                base,
                source=config["output"],
                criteria=[{"k-anonymity": {"k": 1}}],
                risk={"records_at_risk": 0, "threshold": 0.01},
            )
        )
    )
    api.anonymize(config, base_dir=folder)
    result = CliRunner().invoke(main, ["check", str(path), "--report", str(folder / "r.json")])
    assert result.exit_code == 1, result.output
    assert "[FAIL] risk records_at_risk <= 0: observed 1" in result.output
    assert "risk: prosecutor highest" in result.output
    written = json.loads((folder / "r.json").read_text())
    assert written["risk"]["prosecutor"]["threshold"] == 0.01
    assert "exceeds its risk limit(s) records_at_risk 1 > 0" in written["message"]


@pytest.mark.parametrize(
    ("risk", "says"),
    [
        ([0.1], "risk must be a mapping"),
        ({"prosecutor": 0.1}, "Unknown risk key(s) ['prosecutor']"),
        ({"marketer": 1.5}, "risk.marketer must be a share in [0, 1], got 1.5."),
        ({"sample_uniques": True}, "risk.sample_uniques must be a share in [0, 1], got True."),
        ({"threshold": 0}, "risk.threshold must be greater than 0"),
    ],
)
def test_bad_risk_settings_are_clear_errors(demo: tuple[Path, dict[str, Any]], risk: Any, says: str) -> None:
    folder, base = demo
    with pytest.raises(ConfigError) as err:
        api.check(dict(base, risk=risk), base_dir=folder)
    assert says in str(err.value)
