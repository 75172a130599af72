"""Mondrian with ``population:`` (issue 40, item 1; sqlanon.search.mondrian_population):
k-map with the population table, the journalist limits and the journalist risk.

The reference counts a partition's persons of the population by the definition of its labels,
here in Python from the rows and the population: a person matches when every number lies
between the partition's smallest and largest value (by value; a value that is no number matches
nothing) and every hierarchy column's value lies under the partition's lowest common ancestor.
Random tables as tests/search/test_mondrian.py draws them, and random populations: every row of
the table, plus persons with values of the table, numbers the table lacks, other leaves of the
hierarchies and, rarely, text in a numeric column.

- k-map with the population table and ``journalist_highest`` (k-map with the smallest F whose
  1/F meets it) are criteria of every cut: the release equals the pure-Python Mondrian
  (tests/oracles/reference_mondrian.py) with that requirement added, row for row, and the
  report's journalist figures equal the reference's partitions' by definition;
- ``journalist_average`` and ``journalist_records_at_risk`` are budgets of the cuts, as the
  prosecutor shares are (tests/search/test_mondrian_risk.py): the release is a frontier of the
  plain partition tree that meets the limits by definition, the plain release itself when that
  meets them.
"""

from __future__ import annotations

import math
import random
import re
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

import sqlanon
from sqlanon.errors import ConfigError, DataError
from sqlanon.search.mondrian_risk import average_units, ceil_units, units_scale
from sqlanon.search.risk import highest_k
from tests.oracles import reference_mondrian as rm
from tests.search.test_mondrian import lenient_items, mondrian_case, read_release, requirement
from tests.search.test_mondrian_risk import meets, published, tree
from tests.support.cases import seeds
from tests.support.sqlhelpers import write_csv

Person = dict[str, str]


def number(value: Any) -> float | None:
    try:
        x = float(value)
    except (TypeError, ValueError):
        return None
    return x if math.isfinite(x) else None


def draw_population(rng: random.Random, rows: list[dict[str, Any]], qis: list[rm.MondrianQI]) -> list[Person]:
    """Every row's person, and some more (see the module)."""
    people = [{q.name: str(row[q.name]) for q in qis} for row in rows]
    for _ in range(rng.randint(0, 3 * len(rows) + 3)):
        person = {}
        for q in qis:
            if q.kind == "numeric":
                present = [str(row[q.name]) for row in rows]
                x = rng.choice(present) if present and rng.random() < 0.6 else str(rng.randint(-8, 45))
                person[q.name] = "n/a" if rng.random() < 0.03 else x
            else:
                assert q.hierarchy is not None
                person[q.name] = rng.choice(sorted(q.hierarchy))
        people.append(person)
    rng.shuffle(people)
    return people


def persons_in(rows: list[dict[str, Any]], qis: list[rm.MondrianQI], people: list[Person]) -> int:
    """F of a partition of ``rows``: the persons matching its labels (the module's definition)."""
    tests = []
    for q in qis:
        if q.kind == "numeric":
            values = [float(row[q.name]) for row in rows]
            tests.append((q.name, None, (min(values), max(values))))
        else:
            assert q.hierarchy is not None
            paths = [q.hierarchy[row[q.name]] for row in rows]
            level = min(lv for lv in range(len(paths[0])) if len({p[lv] for p in paths}) == 1)
            tests.append((q.name, q.hierarchy, (level, paths[0][level])))

    def matches(person: Person) -> bool:
        for name, hierarchy, box in tests:
            if hierarchy is None:
                x = number(person[name])
                if x is None or not box[0] <= x <= box[1]:
                    return False
            elif hierarchy[person[name]][box[0]] != box[1]:
                return False
        return True

    return sum(1 for person in people if matches(person))


def journalist(classes: list[tuple[int, int]], threshold: float) -> dict[str, Fraction]:
    """The journalist figures of classes (|E|, F_E), by their definitions."""
    rows = sum(size for size, _ in classes)
    t = Fraction(str(threshold))
    return {
        "highest": max(Fraction(1, f) for _, f in classes),
        "average": sum((Fraction(size, f) for size, f in classes), Fraction(0)) / rows,
        "records_at_risk": Fraction(sum(size for size, f in classes if Fraction(1, f) > t), rows),
    }


def run(folder: Path, columns: dict[str, Any], items: list[Any], risk: dict[str, float], **extra: Any) -> Any:
    config = {
        "source": "data.csv",
        "population": "population.csv",
        "columns": columns,
        "criteria": items,
        "search": "mondrian",
        "output": "out.csv",
        "overwrite": True,
        "risk": risk,
    }
    config.update(extra)
    return sqlanon.anonymize(config, base_dir=folder)


def draw(seed: int, base: int, folder: Path) -> tuple[Any, dict[str, Any], list[rm.MondrianQI], list[Person]]:
    rng = random.Random(base + seed)
    case, columns, qis = mondrian_case(rng, folder)
    people = draw_population(rng, case.rows, qis)
    write_csv(folder / "population.csv", [q.name for q in qis], people)
    return case, columns, qis, people


@pytest.mark.parametrize("seed", seeds(16))
def test_k_map_and_journalist_highest_equal_the_reference(seed: int, tmp_path: Path) -> None:
    case, columns, qis, people = draw(seed, 98_000, tmp_path)
    rng = random.Random(seed)
    items = lenient_items(rng, case)
    k = rng.choice([2, 3, 5, 8, 13])
    threshold = rng.choice([0.1, 0.2, 0.5])
    risk: dict[str, float] = {"threshold": threshold}
    if rng.random() < 0.5:
        searched = [*items, {"k-map": {"k": k}}]
    else:
        searched = items
        risk["journalist_highest"] = round(1 / k, 6)
        k = highest_k(risk["journalist_highest"]) or k
    ok = rm.all_of(requirement(items, case.ctx()), lambda child, _: persons_in(list(child), qis, people) >= k)
    expected = rm.mondrian(case.rows, qis, ok)
    report = run(tmp_path, columns, searched, risk)
    if not report.passed:  # only the whole table, never checked, can fail the requirement
        assert len(expected.partitions) == 1 and not ok(case.rows, []), report.message
        return
    classes = published(tmp_path, case.qis)
    assert sorted(map(sorted, classes.values())) == sorted(sorted(p.indices) for p in expected.partitions)
    figures = journalist(
        [(len(p.rows), persons_in(list(p.rows), qis, people)) for p in expected.partitions], threshold
    )
    got = report.risk["journalist"]
    for key, value in figures.items():
        assert got[key] == pytest.approx(float(value), abs=1e-12), (key, got, figures)


@pytest.mark.parametrize("seed", seeds(16))
def test_journalist_shares_cut_a_frontier_of_the_plain_tree(seed: int, tmp_path: Path) -> None:
    case, columns, qis, people = draw(seed, 99_000, tmp_path)
    rng = random.Random(seed)
    items = lenient_items(rng, case)
    plain = rm.mondrian(case.rows, qis, requirement(items, case.ctx()))
    threshold = rng.choice([0.1, 0.2, 0.34, 0.5])
    at_plain = journalist(
        [(len(p.rows), persons_in(list(p.rows), qis, people)) for p in plain.partitions], threshold
    )
    risk: dict[str, float] = {"threshold": threshold}
    for key in rng.sample(["average", "records_at_risk"], rng.randint(1, 2)):
        share = float(at_plain[key]) * rng.choice([0.3, 0.6, 0.9, 1.0, 1.5])
        risk[f"journalist_{key}"] = max(1e-4, min(1.0, round(share, 4)))
    report = run(tmp_path, columns, items, risk)
    limits = {key.removeprefix("journalist_"): v for key, v in risk.items() if key != "threshold"}
    whole = journalist([(len(case.rows), persons_in(case.rows, qis, people))], threshold)
    if not all(meets(whole[k], v) for k, v in limits.items()):
        # cuts only add to each figure: the whole table exceeds a limit, so does every release
        assert not report.passed and "even the whole table as one class exceeds them" in report.message
        return
    if not report.passed:  # only the whole table, never checked, can fail the criteria
        assert len(plain.partitions) == 1 and not requirement(items, case.ctx())(case.rows, [])
        return
    classes = published(tmp_path, case.qis)
    assert set(classes.values()) <= tree(plain), "a published class is no node of the plain tree"
    members = [[case.rows[i] for i in sorted(rids)] for rids in classes.values()]
    got = journalist([(len(rows), persons_in(rows, qis, people)) for rows in members], threshold)
    assert all(meets(got[k], v) for k, v in limits.items()), (limits, got)
    assert report.risk["journalist"]["average"] == pytest.approx(float(got["average"]), abs=1e-12)
    if all(meets(at_plain[k], v) for k, v in limits.items()):
        assert sorted(map(sorted, classes.values())) == sorted(sorted(p.indices) for p in plain.partitions)
    else:
        assert len(classes) < len(plain.partitions)


def test_the_average_budget_counts_no_less_than_the_exact_sum() -> None:
    """The journalist average's units (sqlanon.search.mondrian_risk): each class rounded up, so
    a sum of classes within the budget is within the limit exactly; the budget admits a sum
    exactly at the limit; no count of rows overflows 61 bits."""
    rng = random.Random(5)
    for _ in range(2000):
        rows = rng.choice([rng.randint(1, 50), rng.randint(1, 10**6), rng.randint(1, 2**40)])
        scale = units_scale(rows)
        assert rows * scale < 2**61 and rows * scale * 2 >= 2**60 // 2
        sizes = [rng.randint(1, 9) for _ in range(rng.randint(1, 6))]
        classes = [(s, s + rng.randint(0, 20)) for s in sizes]
        exact = sum((Fraction(s, f) for s, f in classes), Fraction(0))
        units = sum(ceil_units(s, f, scale) for s, f in classes)
        assert units >= exact * scale and units - exact * scale < len(classes)
        limit = round(rng.uniform(0.001, 1), 4)
        budget = average_units(limit, rows, scale)
        if units <= budget:
            assert float(exact / rows) <= limit + 1e-12
    assert average_units(0.25, 4, units_scale(4)) >= 1 * units_scale(4)  # 1 of 4 rows: exactly 0.25


def test_refusals_name_what_to_do(tmp_path: Path) -> None:
    for seed in range(40):  # a case with a hierarchy column and a numeric one
        case, columns, qis, people = draw(seed, 97_500, tmp_path)
        kinds = {q.kind for q in qis}
        if kinds == {"numeric", "categorical"} and len(case.rows) > 5:
            break
    else:
        pytest.skip("no case with both kinds of columns drawn")
    items = [{"k-anonymity": {"k": 2}}]
    with pytest.raises(ConfigError, match=r"delta-presence does not apply to search mondrian"):
        run(tmp_path, columns, [*items, {"delta-presence": {"delta_min": 0, "delta_max": 0.5}}], {})
    # Spark's optimizer slows with every round on these statements: refused there, with what to do
    spark = {"engine": {"kind": "spark"}, "output": {"path": "out_spark", "format": "csv"}}
    with pytest.raises(ConfigError, match=r"does not run on Spark in this version.*DuckDB or PostgreSQL"):
        run(tmp_path, columns, items, {"journalist_average": 0.5}, **spark)
    coded = next(q for q in qis if q.kind == "categorical")
    names = [q.name for q in qis]
    outside = [*people, {**people[0], coded.name: "no such leaf"}]
    write_csv(tmp_path / "population.csv", names, outside)
    with pytest.raises(DataError, match=re.escape(f"1 of '{coded.name}'")) as err:
        run(tmp_path, columns, items, {"journalist_average": 0.5})
    assert "no such leaf" not in str(err.value)  # the count, never the value
    sampled = {name: str(case.rows[0][name]) for name in names}
    short = [p for p in people if p != sampled]  # every person of the first row's values
    write_csv(tmp_path / "population.csv", names, short)
    with pytest.raises(DataError, match="the source must be a sample of the population"):
        run(tmp_path, columns, items, {"journalist_average": 0.5})
    write_csv(tmp_path / "population.csv", names[:1], [{names[0]: p[names[0]]} for p in people])
    with pytest.raises(DataError, match=r"The population has no column\(s\)"):
        run(tmp_path, columns, items, {"journalist_average": 0.5})


def test_postgres_partitions_as_duckdb(tmp_path: Path, compiled_pg: Any, postgres: Any) -> None:
    """k-map with the population table and the journalist budgets on PostgreSQL: the same
    partitions and figures as DuckDB."""
    from tests.support import pgserver

    for seed in range(60):
        case, columns, qis, people = draw(seed, 96_000, tmp_path)
        if len(case.rows) >= 40 and any(q.kind == "numeric" for q in qis):
            break
    names = [q.name for q in qis]
    items = [{"k-anonymity": {"k": 2}}, {"k-map": {"k": 4}}]
    risk = {"journalist_average": 0.2, "journalist_records_at_risk": 0.2, "threshold": 0.2}
    duck = run(tmp_path, columns, items, risk)
    data_columns = list(case.columns) + ["rid"]
    rows = [{**row, "rid": str(n)} for n, row in enumerate(case.rows)]
    pgserver.load(
        compiled_pg,
        "compiled",
        "mpop_sample",
        [(c, "text") for c in data_columns],
        ([None if r[c] is None else str(r[c]) for c in data_columns] for r in rows),
    )
    pgserver.load(
        compiled_pg,
        "compiled",
        "mpop_people",
        [(q, "text") for q in names],
        ([p[q] for q in names] for p in people),
    )
    engine = {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}
    served = run(
        tmp_path,
        columns,
        items,
        risk,
        source={"table": "compiled.mpop_sample"},
        population={"table": "compiled.mpop_people"},
        output={"table": "compiled.mpop_release"},
        engine=engine,
    )
    assert served.passed == duck.passed, served.message
    assert served.search["partitions"] == duck.search["partitions"]
    assert served.metric == pytest.approx(duck.metric)
    assert served.risk["journalist"] == pytest.approx(duck.risk["journalist"])
    from psycopg import sql

    query = sql.SQL("SELECT {} FROM compiled.mpop_release").format(
        sql.SQL(", ").join(sql.Identifier(c) for c in ["rid", *case.qis])
    )
    released = compiled_pg.execute(query).fetchall()
    assert {str(r[0]): tuple(r[1:]) for r in released} == read_release(tmp_path / "out.csv", case.qis)
