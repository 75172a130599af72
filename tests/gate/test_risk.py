"""The report's re-identification risk (sqlanon.gate.risk, risk.sql): on random tables its figures
equal an independent computation from the table's class sizes (check: the table; anonymize:
the release it wrote), on DuckDB, PostgreSQL and Spark; the journalist risk equals one from a
population generalized in Python as the table is; risk limits fail a run as an error-severity
criterion does, and publish nothing."""

from __future__ import annotations

import csv
import json
import math
import random
import re
from collections import Counter
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from sqlanon import api
from sqlanon.cli import main
from sqlanon.demo import write_demo
from sqlanon.errors import ConfigError, InputError
from sqlanon.gate.risk import limit_advice
from tests.compile.test_standalone import _demo, _on_postgres, _write
from tests.engines.conformance import CHECK_COLUMNS as COLUMNS
from tests.engines.conformance import check_rows as _rows
from tests.support.cases import seeds

QIS = ("zip", "age", "sex")
#: floating-point figures are compared within this (they are quotients of exact counts)
TOL = 1e-12
#: Mondrian's settings in the demo's configuration
MONDRIAN: dict[str, Any] = {"search": "mondrian", "metric": "gcp", "suppression_limit": 0}


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


@pytest.mark.parametrize("seed", seeds(24))
def test_checks_risk_equals_the_class_sizes_computation(demo: tuple[Path, dict[str, Any]], seed: int) -> None:
    folder, base = demo
    rows, config, threshold = _case(folder, base, seed)
    report = api.check(config, base_dir=folder)
    qis = tuple(c for c, role in config["columns"].items() if role == "quasi")
    # the CSV's values are read as text: the classes are those of the text
    texts = [{c: (None if r[c] is None else str(r[c])) for c in COLUMNS} for r in rows]
    _same(report.risk, _expected(texts, qis, threshold))


@pytest.mark.slow
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


@pytest.mark.parametrize("seed", seeds(3))
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


@pytest.mark.slow
def test_a_risk_limit_fails_check_and_anonymize_publishes_nothing(tmp_path: Path) -> None:
    folder, base = _anonymize_demo(tmp_path)
    config = dict(base, criteria=[{"k-anonymity": {"k": 2}}])
    # Mondrian meets the limits (tests/search/test_mondrian_risk.py): a limit below its free
    # release's highest risk gives larger partitions ...
    free = api.anonymize(dict(config, **MONDRIAN), base_dir=folder)
    assert free.passed and free.risk is not None
    highest = free.risk["prosecutor"]["highest"]
    met = api.anonymize(dict(config, **MONDRIAN, risk={"prosecutor_highest": highest / 2}), base_dir=folder)
    assert met.passed and met.risk["prosecutor"]["highest"] <= highest / 2 + TOL
    # ... and says so when even the whole table exceeds one (a marketer risk below 1 / rows)
    averages = api.anonymize(dict(config, **MONDRIAN, risk={"marketer": 0.0001}), base_dir=folder)
    assert not averages.passed and "even the whole table as one class exceeds them" in averages.message
    assert "for marketer, fewer, larger classes lower it" in averages.message
    assert "k-anonymity" not in averages.message
    # apply publishes the node it is given: a limit below its release's highest risk fails the
    # gate, nothing is written, and the message says which criterion meets the limit exceeded
    plain = api.anonymize(config, base_dir=folder)
    assert plain.passed and plain.risk is not None
    highest = plain.risk["prosecutor"]["highest"]
    output = folder / config["output"]
    output.unlink()
    limited = dict(config, risk={"prosecutor_highest": highest / 2, "marketer": 1})
    report = api.apply(limited, node=plain.node, base_dir=folder)
    assert not report.passed and not output.exists()
    assert "exceeds its risk limit(s) prosecutor_highest" in report.message
    k = math.ceil(2 / highest - 1e-9)
    assert (
        f"The node was applied as given: for prosecutor_highest, k-anonymity with k >= {k} meets it."
        in report.message
    )
    assert "marketer" not in report.message.split("nothing was written")[1]
    (over,) = [c for c in report.checks if c["criterion"] == "risk" and not c["passed"]]
    assert over["params"] == {"prosecutor_highest": highest / 2} and over["observed"] == pytest.approx(
        highest
    )
    assert [c["passed"] for c in report.checks if c["criterion"] == "risk"] == [False, True]
    # at the limit it passes (within the comparison's tolerance)
    assert api.apply(
        dict(config, risk={"prosecutor_highest": highest}), node=plain.node, base_dir=folder
    ).passed
    # the lattice search meets the limits: the same limit publishes a coarser node ...
    searched = api.anonymize(dict(config, risk={"prosecutor_highest": highest / 2}), base_dir=folder)
    assert searched.passed and searched.risk["prosecutor"]["highest"] <= highest / 2 + TOL
    # ... or says that no node it may reach meets them (a marketer risk below 1 / rows)
    none = api.anonymize(dict(config, risk={"marketer": 0.0001}), base_dir=folder)
    assert not none.passed and "exceed the risk limit(s) marketer" in none.message
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
    words = " ".join(result.output.split())
    assert "FAIL risk records_at_risk <= 0 1" in words
    assert "risk prosecutor highest" in words
    written = json.loads((folder / "r.json").read_text())
    assert written["risk"]["prosecutor"]["threshold"] == 0.01
    assert "exceeds its risk limit(s) records_at_risk 1 > 0" in written["message"]
    # a criterion failing beside a limit: the verdict names both
    both = api.check(
        dict(yaml.safe_load(path.read_text()), criteria=[{"k-anonymity": {"k": 299}}]), base_dir=folder
    )
    assert both.message == (
        "the table does not satisfy 1 error-severity criterion(s): k-anonymity; and exceeds its risk "
        "limit(s) records_at_risk 1 > 0"
    )


@pytest.mark.parametrize(
    ("risk", "says"),
    [
        ([0.1], "risk must be a mapping"),
        ({"prosecutor": 0.1}, "Unknown risk key(s) ['prosecutor']"),
        ({"marketer": 1.5}, "risk.marketer must be a share in [0, 1], got 1.5."),
        ({"sample_uniques": True}, "risk.sample_uniques must be a share in [0, 1], got True."),
        ({"threshold": 0}, "risk.threshold must be greater than 0"),
        ({"marketer": "5e-1"}, "got the text '5e-1' (YAML reads a number such as 5e-1 as text: write 0.5)"),
        ({"marketer": "0.1"}, "got the text '0.1' (write it without quotes)"),
    ],
)
def test_bad_risk_settings_are_clear_errors(demo: tuple[Path, dict[str, Any]], risk: Any, says: str) -> None:
    folder, base = demo
    with pytest.raises(ConfigError) as err:
        api.check(dict(base, risk=risk), base_dir=folder)
    assert says in str(err.value)


# The journalist risk: a population the table is a sample of ---------------------------------


def _zip_label(value: str, level: int) -> str:
    return (value, value[:4] + "*", value[:3] + "**", "*")[level]


def _age_label(value: int, level: int) -> str:
    return (str(value), f"{value // 10 * 10}s", "*")[level]


def _journalist(
    table: list[tuple[Any, ...]], population: list[tuple[Any, ...]], threshold: float
) -> dict[str, Any]:
    """The journalist figures from the table's classes and the population's (labels as
    tuples, the population already generalized; '' and NULL one label)."""

    def key(labels: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(None if v == "" else v for v in labels)

    sizes = Counter(key(r) for r in table)
    counts = Counter(key(r) for r in population)
    n = sum(sizes.values())
    t = Fraction(str(threshold))
    return {
        "highest": 1 / min(counts[c] for c in sizes),
        "average": sum(size / counts[c] for c, size in sizes.items()) / n,
        "records_at_risk": sum(size for c, size in sizes.items() if Fraction(1, counts[c]) > t) / n,
        "threshold": threshold,
    }


def _population_case(folder: Path, seed: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """A sample (_rows) published with zip and age at random levels of their hierarchies (files
    covering the population's values) and sex as it is, and a population holding the sample's
    persons and others; the check configuration and the expected journalist figures."""
    rng = random.Random(4000 + seed)
    sample = _rows(seed)
    others = [r for r in _rows(seed + 1000) if r["zip"] is not None and r["age"] is not None]
    population = sample + rng.sample(others, rng.randint(0, len(others)))
    zl, al = rng.randint(0, 3), rng.randint(0, 2)
    zips = sorted({r["zip"] for r in population})
    ages = sorted({r["age"] for r in population})
    (folder / f"pz{seed}.csv").write_text(
        "".join(";".join(_zip_label(z, i) for i in range(4)) + "\n" for z in zips)
    )
    (folder / f"pa{seed}.csv").write_text(
        "".join(";".join(_age_label(a, i) for i in range(3)) + "\n" for a in ages)
    )
    published = [dict(r, zip=_zip_label(r["zip"], zl), age=_age_label(r["age"], al)) for r in sample]
    _write(folder / f"ps{seed}.csv", published)
    _write(folder / f"pp{seed}.csv", population)
    threshold = rng.choice([0.2, 0.05, 1 / 3])
    config = {
        "source": f"ps{seed}.csv",
        "population": f"pp{seed}.csv",
        "columns": {
            "zip": {"role": "quasi", "hierarchy": f"pz{seed}.csv"},
            "age": {"role": "quasi", "hierarchy": f"pa{seed}.csv"},
            "sex": "quasi",
            "disease": "sensitive",
            "salary": "insensitive",
        },
        "criteria": [{"k-anonymity": {"k": 1}}],
        "risk": {"threshold": threshold},
    }
    table = [(r["zip"], r["age"], r["sex"]) for r in published]
    mapped = [(_zip_label(r["zip"], zl), _age_label(r["age"], al), r["sex"]) for r in population]
    return config, _journalist(table, mapped, threshold)


@pytest.mark.parametrize("seed", seeds(12))
def test_checks_journalist_risk_equals_the_populations_class_sizes(tmp_path: Path, seed: int) -> None:
    config, want = _population_case(tmp_path, seed)
    report = api.check(config, base_dir=tmp_path)
    assert report.risk is not None
    _same(report.risk["journalist"], want)
    # the population holds the table: no record's journalist risk exceeds its prosecutor risk
    assert report.risk["journalist"]["highest"] <= report.risk["prosecutor"]["highest"] + TOL


def test_journalist_risk_on_postgres_equals_duckdbs(compiled_pg: Any, postgres: Any, tmp_path: Path) -> None:
    from tests.support import pgserver

    config, want = _population_case(tmp_path, 3)
    types = ["text", "text", "text", "text", "integer"]
    for name in ("ps3", "pp3"):
        rows = list(csv.DictReader((tmp_path / f"{name}.csv").open()))
        pgserver.load(
            compiled_pg,
            "compiled",
            f"risk_{name}",
            list(zip(COLUMNS, types, strict=True)),
            ([r[c] or None for c in COLUMNS] for r in rows),
        )
    engine = {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}
    on_pg = dict(
        config,
        source={"table": "compiled.risk_ps3"},
        population={"table": "compiled.risk_pp3"},
        engine=engine,
    )
    report = api.check(on_pg, base_dir=tmp_path)
    assert report.risk is not None
    _same(report.risk["journalist"], want)


def test_anonymizes_journalist_risk_is_that_of_its_release(tmp_path: Path) -> None:
    """The release's classes against the population generalized at the node the search chose,
    with file hierarchies covering the population."""
    folder, base = _anonymize_demo(tmp_path)
    with (folder / base["source"]).open(newline="") as f:
        people = list(csv.DictReader(f))
    rng = random.Random(5)
    extra = [dict(r, name=r["name"] + " (2)") for r in rng.sample(people, 150)]
    population = people + extra
    with (folder / "population.csv").open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(people[0]))
        writer.writeheader()
        writer.writerows(population)
    zips = sorted({r["zip"] for r in population})
    ages = sorted({int(r["age"]) for r in population})
    (folder / "z.csv").write_text("".join(";".join(_zip_label(z, i) for i in range(4)) + "\n" for z in zips))
    (folder / "a.csv").write_text("".join(";".join(_age_label(a, i) for i in range(3)) + "\n" for a in ages))
    columns = dict(
        base["columns"],
        zip={"role": "quasi", "hierarchy": "z.csv"},
        age={"role": "quasi", "hierarchy": "a.csv"},
    )
    config = dict(base, columns=columns, criteria=[{"k-anonymity": {"k": 3}}], population="population.csv")
    report = api.anonymize(config, base_dir=folder)
    assert report.passed and report.risk is not None and report.node is not None
    node = report.node
    sex = [tuple(line.split(";")) for line in (folder / "hierarchies" / "sex.csv").read_text().splitlines()]
    sex_at = {row[0]: row[node["sex"]] for row in sex}
    with (folder / config["output"]).open(newline="") as f:
        table = [(r["zip"], r["age"], r["sex"]) for r in csv.DictReader(f)]
    mapped = [
        (_zip_label(r["zip"], node["zip"]), _age_label(int(r["age"]), node["age"]), sex_at[r["sex"]])
        for r in population
    ]
    _same(report.risk["journalist"], _journalist(table, mapped, 0.2))
    assert "journalist highest" in report.text()


@pytest.mark.parametrize(
    ("change", "says"),
    [
        # most persons of the table missing from the population
        (lambda rows: rows[:1], "The population holds fewer persons than the table in "),
        # a value the hierarchy does not cover
        (lambda rows: [*rows, dict(rows[0], zip="99999")], "hierarchies do not cover: 1 of 'zip'"),
    ],
)
def test_a_population_that_does_not_hold_the_table_is_refused(tmp_path: Path, change: Any, says: str) -> None:
    config, _ = _population_case(tmp_path, 0)
    with (tmp_path / "pp0.csv").open(newline="") as f:
        rows = list(csv.DictReader(f))
    rows = sorted(rows, key=lambda r: (r["zip"], r["age"]))
    with (tmp_path / "pp0.csv").open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(change(rows))
    with pytest.raises(InputError) as err:
        api.check(config, base_dir=tmp_path)
    assert says in str(err.value)
    assert "99999" not in str(err.value)  # the value itself is not shown


def test_population_settings_are_checked(tmp_path: Path) -> None:
    config, _ = _population_case(tmp_path, 1)
    with pytest.raises(ConfigError, match=r"risk\.journalist_highest needs population"):
        api.check(
            dict({k: v for k, v in config.items() if k != "population"}, risk={"journalist_highest": 0.1}),
            base_dir=tmp_path,
        )
    with pytest.raises(InputError, match=r"The population has no column\(s\) \['sex'\]"):
        (tmp_path / "nosex.csv").write_text("zip,age\n12345,25\n")
        api.check(dict(config, population="nosex.csv"), base_dir=tmp_path)
    # a population may be a query, and an empty one is refused with what it is for
    pp1 = str(tmp_path / "pp1.csv").replace("'", "''")
    doubled = f"SELECT * FROM read_csv('{pp1}') UNION ALL SELECT * FROM read_csv('{pp1}')"
    twice = api.check(dict(config, population={"query": doubled}), base_dir=tmp_path)
    once = api.check(config, base_dir=tmp_path)
    assert twice.risk is not None and once.risk is not None
    assert twice.risk["journalist"]["highest"] == pytest.approx(once.risk["journalist"]["highest"] / 2)
    with pytest.raises(InputError, match="returns no rows; the journalist risk needs the persons"):
        api.check(
            dict(config, population={"query": f"SELECT * FROM read_csv('{pp1}') LIMIT 0"}), base_dir=tmp_path
        )
    limited = api.check(dict(config, risk={"journalist_highest": 1e-9}), base_dir=tmp_path)
    assert not limited.passed and "journalist_highest" in limited.message
    # a limit of 0 no table with a row meets is refused before anything is read
    with pytest.raises(ConfigError, match=r"risk\.journalist_highest must be greater than 0"):
        api.check(dict(config, risk={"journalist_highest": 0.0}), base_dir=tmp_path)
    # labels of two levels: the message says the journalist risk needs one level, and why
    rows = [r for r in _rows(1) if r["zip"] is not None]
    mixed = [dict(r, zip=_zip_label(r["zip"], 0 if i == 0 else 2)) for i, r in enumerate(rows)]
    _write(tmp_path / "mixed.csv", mixed)
    with pytest.raises(InputError) as err:
        api.check(dict(config, source="mixed.csv"), base_dir=tmp_path)
    assert "The journalist risk needs them to generalize the population as the table is" in str(err.value)
    assert "(n,t)-closeness" not in str(err.value)
    # Mondrian compares the population with each partition's labels: its release has the
    # journalist risk (tests/search/test_mondrian_population.py checks the figures), and
    # delta-presence, which no cut decides alone, is refused with what to do
    mondrian = dict(
        base_mondrian := _anonymize_demo(tmp_path / "mondrian")[1],
        search="mondrian",
        metric="gcp",
        suppression_limit=0,
        population=base_mondrian["source"],
    )
    partitioned = api.anonymize(mondrian, base_dir=tmp_path / "mondrian")
    assert (
        partitioned.passed
        and partitioned.risk["journalist"]["highest"] == partitioned.risk["prosecutor"]["highest"]
    )
    # audit measures the lattice of a Mondrian configuration: the population encoded for it
    # (Mondrian's own run only reads it), so k-map with the population table is measured there
    audited = api.audit(
        dict(mondrian, criteria=[*mondrian["criteria"], {"k-map": {"k": 2}}]), base_dir=tmp_path / "mondrian"
    )
    assert audited.nodes and "search: mondrian" in audited.notes["chosen"], audited.message
    presence = {"delta-presence": {"delta_min": 0, "delta_max": 1}}
    with pytest.raises(ConfigError) as refused:
        api.anonymize(
            dict(mondrian, criteria=[*mondrian["criteria"], presence]), base_dir=tmp_path / "mondrian"
        )
    assert "Use a lattice search" in str(refused.value) and "sqlanon check" not in str(refused.value)
    # the population is never an output: anonymize refuses to write over it
    folder, base = _anonymize_demo(tmp_path / "demo")
    with pytest.raises(InputError, match="is the population"):
        api.anonymize(dict(base, population=base["output"]), base_dir=folder)


@settings(max_examples=300, deadline=None)
@given(st.fractions(min_value=Fraction(1, 10**4), max_value=1, max_denominator=10**4))
def test_the_advised_k_is_the_smallest_that_meets_a_limit(share: Fraction) -> None:
    """The k a message advises for prosecutor_highest (risk 1/k at most the limit) and for
    records_at_risk (no record with 1/|E| above the threshold): enough, and k - 1 is not."""
    value = float(share)
    for key, advice in (
        ("prosecutor_highest", limit_advice("prosecutor_highest", value, 0.2)),
        ("records_at_risk", limit_advice("records_at_risk", 0.0, value)),
    ):
        k = int(re.search(r"k >= (\d+)", advice).group(1))  # type: ignore[union-attr]
        bound = Fraction(str(value))
        assert Fraction(1, k) <= bound, (key, value, advice)
        assert k == 1 or Fraction(1, k - 1) > bound, (key, value, advice)
