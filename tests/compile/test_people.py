"""``sqlanon compile`` with ``person:``: the printed statements count people as ``check`` does.

On random one-to-many tables (people of 1 to 5 rows, quasi-identifiers constant per person or
varying, a NULL quasi-identifier value, a person column named with quotes and a space), each
printed statement returns exactly the violating classes of people that the pure-Python
reference (tests/oracles/reference_people.py) finds, each class as the set of its label tuples
with its people and measure, and the classes ``check --show-violations`` lists: in DuckDB (the
printed script executed as it is), PostgreSQL and Spark. The weight of the sensitive-value
models is computed in the SQL, and is the least common multiple of the people's numbers of
values on random sets of those numbers.
"""

from __future__ import annotations

import csv
import math
import random
from collections import defaultdict
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import duckdb
import pytest

from sqlanon import api
from sqlanon.compile.people import BOUND, prime_powers
from sqlanon.errors import DataError
from tests.oracles import reference_people as ref
from tests.pipeline.test_people import random_models, sensitive_column
from tests.support.cases import seeds
from tests.support.randomdata import PERSON, RandomCase, people_config, random_people_case

ALL = 10**6
#: a violating class: (its set of label tuples, its people, its measure rounded to 1e-9)
Class = tuple[frozenset[tuple[str | None, ...]], int, float | None]


def _round(value: Any) -> float | None:
    if value is None or math.isinf(float(value)):
        return None
    return round(float(value), 9)


def _case(
    folder: Path, seed: int, sensitive: bool
) -> tuple[RandomCase, dict[str, Any], list[dict[str, Any]], ref.Domain | None]:
    """A random one-to-many table (odd seeds: quasi-identifiers that vary per person; one value
    of the first quasi-identifier NULL), its check configuration and its criteria: k-anonymity,
    with ``sensitive`` random models over people on ``sens``."""
    rng = random.Random(seed)
    case = random_people_case(
        5000 + seed, folder, n_qis=rng.choice([1, 2, 3]), max_people=30, varying=seed % 2 == 1
    )
    first = case.qis[0]
    nulled = min(r[first] for r in case.rows)
    case.rows = [dict(r, **{first: None}) if r[first] == nulled else r for r in case.rows]
    with (folder / "data.csv").open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=[PERSON, *case.qis, "sens", "visit"])
        writer.writeheader()
        writer.writerows(case.rows)
    values = sorted({r["sens"] for r in case.rows})
    if sensitive:
        criteria = [
            c
            for c in random_models(rng, values)
            if not ("l-diversity" in c and c["l-diversity"]["l"] > len(values))
        ]
    else:
        criteria = [{"k-anonymity": {"k": rng.choice([2, 3, 4])}}]
    config = people_config(case, criteria)
    for q in case.qis:
        config["columns"][q] = {"role": "quasi"}
    del config["output"]
    domain = sensitive_column(case, rng, config) if sensitive else None
    return case, config, criteria, domain


def _expected(
    case: RandomCase,
    criterion: dict[str, Any],
    domain: ref.Domain | None,
    hierarchies: Mapping[str, Mapping[Any, Sequence[Any]]] | None = None,
) -> tuple[ref.RefResult, set[Class]]:
    """The reference's verdict of ``criterion`` over people, and its violating classes
    (``hierarchies``: those of the quasi-identifiers that have one, which (n,t)-closeness's
    supersets climb; the others only generalize to '*')."""
    ((kind, params),) = criterion.items()
    attribute = params.get("attribute")
    uppers = ref.uppers_of(case.rows, case.qis, hierarchies or {}) if kind == "nt-closeness" else []
    result = ref.ref_people_model(case.rows, [PERSON], case.qis, attribute, kind, params, domain, uppers)
    classes = ref.people_classes(case.rows, [PERSON], case.qis)
    members = {who for m in classes.values() for who in m}
    values = (
        ref.person_values(case.rows, [PERSON], attribute) if attribute else {who: {None} for who in members}
    )
    table_c, table_w = ref._weights(members, values)
    table = (table_c, table_w, len(members))
    sups = ref.class_supersets(classes, ref.natural_supersets(case.rows, [PERSON], case.qis, uppers))
    bad = set()
    for tuples, people in classes.items():
        ok, measure = ref.class_verdict(kind, params, people, values, table, domain, sups[tuples])
        if not ok:
            bad.add((frozenset(tuples), len(people), _round(measure)))
    return result, bad


def _statement_classes(rows: Sequence[Sequence[Any]], qis: int) -> set[Class]:
    """A statement's rows (class, labels..., people, observed), one per tuple of a class, as
    its classes; every class's rows agree on its people and measure."""
    tuples: dict[int, set[tuple[str | None, ...]]] = defaultdict(set)
    sizes: dict[int, tuple[int, float | None]] = {}
    for row in rows:
        number = int(row[0])
        tuples[number].add(tuple(None if v is None else str(v) for v in row[1 : 1 + qis]))
        size = (int(row[1 + qis]), _round(row[2 + qis]))
        assert sizes.setdefault(number, size) == size, (number, sizes[number], size)
    assert sorted(tuples) == list(range(1, len(tuples) + 1))  # numbered 1, 2, ... worst first
    return {(frozenset(tuples[n]), *sizes[n]) for n in tuples}


def _listed(entry: dict[str, Any], qis: Sequence[str]) -> set[Class]:
    """The classes a check lists: a class of constant quasi-identifiers gives a label per
    column, a class of sets a list per column (one label per tuple)."""
    out = set()
    for v in entry.get("violations") or []:
        labels = [v["class"][q] for q in qis]
        if all(isinstance(x, list) for x in labels):
            members = frozenset(zip(*labels, strict=True))
        else:
            members = frozenset([tuple(labels)])
        out.add((members, v["people"], _round(v["observed"])))
    return out


def _criteria_statements(compiled: Any) -> list[Any]:
    """The criteria's statements (not the guards: of the weight, of the labels' levels)."""
    return [
        s
        for s in compiled.statements
        if s.criterion.startswith("criteria[") and "the labels of" not in s.criterion
    ]


def _assert_as_reference(
    case: RandomCase,
    criteria: Sequence[dict[str, Any]],
    domain: ref.Domain | None,
    results: Sequence[Sequence[Sequence[Any]]],
    want: Any,
    hierarchies: Mapping[str, Mapping[Any, Sequence[Any]]] | None = None,
) -> None:
    """Statement i's classes are the reference's violating classes of criterion i, and the
    classes check lists for it, with check's counts."""
    assert len(results) == len(criteria) == len(want.checks)
    for criterion, rows, entry in zip(criteria, results, want.checks, strict=True):
        expected, bad = _expected(case, criterion, domain, hierarchies)
        got = _statement_classes(rows, len(case.qis))
        assert got == bad, (criterion, got ^ bad)
        assert (entry["passed"], entry["violating_classes"], entry["violating_people"]) == (
            expected.passed,
            expected.violating_classes,
            expected.violating_rows,
        ), criterion
        assert got == _listed(entry, case.qis), criterion
        assert sum(people for _, people, _ in got) == expected.violating_rows


@pytest.mark.parametrize("seed", seeds(16))
def test_compiled_k_anonymity_counts_people_as_the_reference(seed: int, tmp_path: Path) -> None:
    """k over people with constant (even seeds) and varying quasi-identifiers: the printed
    statement, and the printed script run whole, in DuckDB."""
    case, config, criteria, domain = _case(tmp_path, seed, sensitive=False)
    want = api.check(config, base_dir=tmp_path, show_violations=ALL)
    compiled = api.compile_sql(config, base_dir=tmp_path, dialect="duckdb")
    assert compiled.person == (PERSON,)
    con = duckdb.connect()
    results = [con.sql(s.sql).fetchall() for s in _criteria_statements(compiled)]
    _assert_as_reference(case, criteria, domain, results, want)
    script = con.execute(compiled.text()).fetchall()
    assert _statement_classes(script, len(case.qis)) == _statement_classes(results[-1], len(case.qis))


@pytest.mark.parametrize("seed", seeds(16))
def test_compiled_sensitive_models_count_people_as_the_reference(seed: int, tmp_path: Path) -> None:
    """The sensitive-value models over people (each person weighing one over their values, an
    attacker's belief the share of a class's people): each statement's classes are the
    reference's and check's; the weight's guard returns no row."""
    case, config, criteria, domain = _case(tmp_path, seed, sensitive=True)
    want = api.check(config, base_dir=tmp_path, show_violations=ALL)
    compiled = api.compile_sql(config, base_dir=tmp_path, dialect="duckdb")
    con = duckdb.connect()
    guards = [s for s in compiled.statements if s.criterion.startswith("the weight of each person's values")]
    # one guard, before the first statement that reads the weight (none with k-anonymity alone)
    assert len(guards) == any(len(c) == 1 and "attribute" in next(iter(c.values())) for c in criteria)
    assert all(con.sql(g.sql).fetchall() == [] for g in guards)
    statements = _criteria_statements(compiled)
    assert len(statements) == len(criteria) == len(want.checks)
    assert all(s.sql is not None for s in statements)  # (n,t)-closeness's too, by people's sets
    results = [con.sql(s.sql).fetchall() for s in statements]
    _assert_as_reference(case, criteria, domain, results, want)


def _nt_case(
    folder: Path, seed: int
) -> tuple[RandomCase, dict[str, Any], list[dict[str, Any]], ref.Domain, dict[str, Any]]:
    """:func:`_case` with (n,t)-closeness alone, some quasi-identifiers (not the first, which
    has a NULL value) with their hierarchies: those the supersets climb, by name."""
    case, config, _, _ = _case(folder, seed, sensitive=False)
    rng = random.Random(20_000 + seed)
    criteria = [
        {
            "nt-closeness": {
                "n": rng.choice([2, 3, 4, 6]),
                "t": rng.choice([0.05, 0.15, 0.3]),
                "distance": rng.choice(["equal", "ordered", "hierarchical"]),
                "attribute": "sens",
            }
        }
    ]
    config["criteria"] = criteria
    climbing = {}
    for i, q in enumerate(case.qis[1:], start=1):
        if rng.random() < 0.5:
            config["columns"][q]["hierarchy"] = f"h_{i}.csv"
            climbing[q] = case.hierarchies[q]
    domain = sensitive_column(case, rng, config)
    return case, config, criteria, domain, climbing


@pytest.mark.parametrize("seed", seeds(8))
def test_compiled_nt_closeness_counts_people_as_the_reference(seed: int, tmp_path: Path) -> None:
    """(n,t)-closeness over people, constant (even seeds) and varying quasi-identifiers: the
    statement forms each class's natural supersets from the people's sets of tuples (compile
    reads no data, so always so), and its classes are the reference's and check's; the labels'
    guards return no row."""
    case, config, criteria, domain, climbing = _nt_case(tmp_path, seed)
    want = api.check(config, base_dir=tmp_path, show_violations=ALL)
    compiled = api.compile_sql(config, base_dir=tmp_path, dialect="duckdb")
    con = duckdb.connect()
    statements = _criteria_statements(compiled)
    assert len(statements) == 1 and statements[0].sql is not None
    for guard in (s for s in compiled.statements if s not in statements):
        assert con.sql(guard.sql).fetchall() == [], guard.criterion
    results = [con.sql(statements[0].sql).fetchall()]
    _assert_as_reference(case, criteria, domain, results, want, climbing)
    script = con.execute(compiled.text()).fetchall()
    assert _statement_classes(script, len(case.qis)) == _statement_classes(results[0], len(case.qis))


def test_the_sql_reads_nothing_from_the_data(tmp_path: Path) -> None:
    """Two tables of other people and values compile into the same text."""
    _, config, _, _ = _case(tmp_path, 3, sensitive=True)
    first = api.compile_sql(config, base_dir=tmp_path, dialect="duckdb").text()
    before = (tmp_path / "data.csv").read_text()
    random_people_case(6000, tmp_path, n_qis=3, max_people=60, varying=True)  # other rows in data.csv
    assert (tmp_path / "data.csv").read_text() != before
    assert api.compile_sql(config, base_dir=tmp_path, dialect="duckdb").text() == first


@pytest.mark.parametrize("seed", range(12))
def test_the_weight_is_the_least_common_multiple_of_the_people_s_numbers_of_values(seed: int) -> None:
    """standalone_weight.sql on people with random numbers m of distinct values (1 to BOUND):
    w = lcm of the m, exactly; above BOUND, or when w times the people exceeds 2^62, its row
    says so (bad)."""
    from sqlanon.compile.people import weight_cte
    from sqlanon.sql.render import to_sql

    rng = random.Random(seed)
    counts = [rng.randint(1, BOUND) for _ in range(rng.randint(1, 6))]
    if seed == 0:
        counts = list(range(1, BOUND + 1))  # lcm(1..42), the largest weight
    if seed == 1:
        counts = [BOUND + 1, 2]
    con = duckdb.connect()
    con.execute('CREATE TABLE "t" ("p" VARCHAR, "s" VARCHAR)')
    rows = [
        (f"p{i}", None if j == 0 else f"v{j}") for i, m in enumerate(counts) for j in range(m) for _ in (0, 1)
    ]
    con.executemany('INSERT INTO "t" VALUES (?, ?)', rows)
    name, query = weight_cte("t", ["p"], ["s"])
    assert name == "sqlanon_weight"
    w, top, people, bad = con.execute(to_sql(query)).fetchall()[0]
    assert (top, people) == (max(counts), len(counts))
    exact = math.lcm(*counts)
    if max(counts) <= BOUND:
        assert w == exact
        assert bad == (exact * len(counts) > 2**62)
    else:
        assert bad
    assert all(q == p ** round(math.log(q, p)) for q, p in prime_powers(BOUND))
    # several columns read together: each person's m is the product of their numbers of distinct
    # values of each (their cross product), the weight the lcm of those products
    rows2 = [
        (f"p{i}", rng.choice([None, *map(str, range(m))]), rng.choice([None, "a", "b", "c"]))
        for i, m in enumerate(counts)
        for _ in range(rng.randint(1, 12))
    ]
    con.execute('CREATE TABLE "u" ("p" VARCHAR, "s" VARCHAR, "r" VARCHAR)')
    con.executemany('INSERT INTO "u" VALUES (?, ?, ?)', rows2)
    products = [
        len({s for p, s, _ in rows2 if p == f"p{i}"}) * len({r for p, _, r in rows2 if p == f"p{i}"})
        for i in range(len(counts))
    ]
    _, query = weight_cte("u", ["p"], ["s", "r"])
    w, top, people, bad = con.execute(to_sql(query)).fetchall()[0]
    assert (top, people) == (max(products), len(products))
    if max(products) <= BOUND:
        assert w == math.lcm(*products)
    else:
        assert bad


def test_a_weight_beyond_exact_counts_is_flagged_by_the_guard(tmp_path: Path) -> None:
    """People whose numbers of values have lcm(1..42) as their least common multiple, and
    enough people that it times them exceeds 2^62: check refuses the table, and the compiled
    guard returns a row; one person fewer of one value, and the guard returns none."""
    counts = [32, 27, 25, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41]
    weight = math.lcm(*counts)
    assert weight == math.lcm(*range(1, BOUND + 1))
    config = {
        "source": "wide.csv",
        "person": PERSON,
        "columns": {PERSON: "identifier", "age": "quasi", "sens": "sensitive"},
        "criteria": [{"l-diversity": {"variant": "entropy", "l": 1.5, "attribute": "sens"}}],
    }
    for extra, over in ((10, True), (7, False)):
        people = len(counts) + extra
        assert (weight * people > 2**62) == over
        lines = ['"patient ""id""",age,sens']
        lines += [f"m{i},30,v{j}" for i, m in enumerate(counts) for j in range(m)]
        lines += [f"x{i},30,v0" for i in range(extra)]
        (tmp_path / "wide.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
        compiled = api.compile_sql(config, base_dir=tmp_path, dialect="duckdb")
        guard = compiled.statements[0]
        assert guard.criterion.startswith("the weight of each person's values of 'sens'")
        rows = duckdb.connect().sql(guard.sql).fetchall()
        if over:
            assert rows == [(weight, max(counts), people)]
            with pytest.raises(DataError, match="exceeds what sqlanon counts exactly"):
                api.check(config, base_dir=tmp_path)
        else:
            assert rows == []
            api.check(config, base_dir=tmp_path)


def test_reports_carry_the_gate_over_people(tmp_path: Path) -> None:
    """check's report carries the script compile prints (it counts people); anonymize's says
    why its release's gate is not written (the release holds no person column)."""
    case = random_people_case(78, tmp_path, n_qis=2, varying=True)
    config = people_config(case, [{"k-anonymity": {"k": 2}}], suppression_limit=0.5)
    released = api.anonymize(config, base_dir=tmp_path)
    assert released.sql is not None and "release holds no person column" in released.sql["gate_not_written"]
    checked = {k: v for k, v in config.items() if k != "output"}
    report = api.check(checked, base_dir=tmp_path)
    assert report.sql == {"gate": api.compile_sql(checked, base_dir=tmp_path).text()}
    assert 'classes of people, told apart by patient "id"' in report.sql["gate"]


# PostgreSQL and Spark ----------------------------------------------------------------------


def _columns(case: RandomCase) -> list[str]:
    return [PERSON, *case.qis, "sens", "visit"]


@pytest.mark.parametrize("seed", seeds(6))
def test_the_printed_statements_in_postgres_count_people_as_the_reference(
    compiled_pg: Any, postgres: Any, tmp_path: Path, seed: int
) -> None:
    """k-anonymity (even seeds) or the sensitive-value models (odd seeds: also quasi-identifiers
    that vary) over people, printed for PostgreSQL and run on the same rows in a table of the
    test server."""
    from tests.support import pgserver

    case, config, criteria, domain = _case(tmp_path, seed, sensitive=seed % 2 == 1)
    want = api.check(config, base_dir=tmp_path, show_violations=ALL)
    table = f"people_person_{seed}"
    columns = _columns(case)
    pgserver.load(
        compiled_pg,
        "compiled",
        table,
        [(c, "text") for c in columns],
        ([r[c] for c in columns] for r in case.rows),
    )
    engine = {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}
    compiled = api.compile_sql(
        dict(config, source={"table": f"compiled.{table}"}, engine=engine), base_dir=tmp_path
    )
    assert compiled.dialect == "postgres"
    statements = _criteria_statements(compiled)
    for guard in (s for s in compiled.statements if s not in statements):
        assert compiled_pg.execute(guard.sql).fetchall() == []
    results = [compiled_pg.execute(s.sql).fetchall() for s in statements]
    _assert_as_reference(case, criteria, domain, results, want)


@pytest.mark.parametrize("seed", seeds(4))
def test_the_printed_nt_statement_in_postgres_counts_people_as_the_reference(
    compiled_pg: Any, postgres: Any, tmp_path: Path, seed: int
) -> None:
    """(n,t)-closeness over people (odd seeds: quasi-identifiers that vary), printed for
    PostgreSQL and run on the same rows in a table of the test server."""
    from tests.support import pgserver

    case, config, criteria, domain, climbing = _nt_case(tmp_path, seed)
    want = api.check(config, base_dir=tmp_path, show_violations=ALL)
    table = f"people_nt_{seed}"
    columns = _columns(case)
    pgserver.load(
        compiled_pg,
        "compiled",
        table,
        [(c, "text") for c in columns],
        ([r[c] for c in columns] for r in case.rows),
    )
    engine = {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}
    compiled = api.compile_sql(
        dict(config, source={"table": f"compiled.{table}"}, engine=engine), base_dir=tmp_path
    )
    statements = _criteria_statements(compiled)
    for guard in (s for s in compiled.statements if s not in statements):
        assert compiled_pg.execute(guard.sql).fetchall() == []
    results = [compiled_pg.execute(s.sql).fetchall() for s in statements]
    _assert_as_reference(case, criteria, domain, results, want, climbing)


def test_the_printed_statements_in_spark_count_people_as_the_reference(spark: Any, tmp_path: Path) -> None:
    """One case: k-anonymity and sensitive-value models over people whose quasi-identifiers
    vary, printed for Spark and run on the same rows in a table of the session ((n,t)-closeness's
    statement over people, the costliest for Spark's analyser, runs on DuckDB and PostgreSQL:
    the suite's time)."""
    case, config, criteria, domain = _case(tmp_path, 1, sensitive=True)
    want = api.check(config, base_dir=tmp_path, show_violations=ALL)
    spark.sql("CREATE DATABASE IF NOT EXISTS compiled")
    columns = _columns(case)
    schema = ", ".join(f"`{c.replace('`', '``')}` string" for c in columns)
    frame = spark.createDataFrame([tuple(r[c] for c in columns) for r in case.rows], schema)
    frame.write.mode("overwrite").saveAsTable("compiled.people_person")
    compiled = api.compile_sql(
        dict(config, source={"table": "compiled.people_person"}, engine={"kind": "spark"}), base_dir=tmp_path
    )
    assert compiled.dialect == "spark"
    statements = _criteria_statements(compiled)
    for guard in (s for s in compiled.statements if s not in statements):
        assert spark.sql(guard.sql).collect() == []
    results = [[tuple(r) for r in spark.sql(s.sql).collect()] for s in statements]
    _assert_as_reference(case, criteria, domain, results, want)


@pytest.mark.parametrize("seed", seeds(8))
def test_compiled_statements_over_several_sensitive_columns_count_people_as_the_reference(
    seed: int, tmp_path: Path
) -> None:
    """Several sensitive columns (one with NULLs): each statement weighs the people's values of
    its own column, and its classes are the reference's and check's; one weight guard per
    column read, none returning a row."""
    from tests.pipeline.test_people_multi import multi_case, multi_models, sensitive_columns

    rng = random.Random(seed)
    varying = seed % 2 == 1
    case, columns, nullable = multi_case(8200 + seed, tmp_path, varying)
    criteria = multi_models(case, rng, columns, nullable, varying)
    config = people_config(case, criteria)
    for q in case.qis:
        config["columns"][q] = {"role": "quasi"}
    del config["output"]
    domains = sensitive_columns(case, rng, config, columns, nullable)
    want = api.check(config, base_dir=tmp_path, show_violations=ALL)
    compiled = api.compile_sql(config, base_dir=tmp_path, dialect="duckdb")
    con = duckdb.connect()
    guards = [s for s in compiled.statements if s.criterion.startswith("the weight of each person's values")]
    read = {a for c in criteria for p in c.values() for a in [p.get("attribute")] if a}
    assert len(guards) == len(read) and all(con.sql(g.sql).fetchall() == [] for g in guards)
    statements = _criteria_statements(compiled)
    assert len(statements) == len(criteria) == len(want.checks)
    for criterion, statement, entry in zip(criteria, statements, want.checks, strict=True):
        if statement.sql is None:
            assert "nt-closeness" in criterion and "natural supersets" in statement.why
            continue
        attribute = next(iter(criterion.values())).get("attribute")
        expected, bad = _expected(case, criterion, domains[attribute] if attribute else None)
        got = _statement_classes(con.sql(statement.sql).fetchall(), len(case.qis))
        assert got == bad, (criterion, got ^ bad)
        assert got == _listed(entry, case.qis), criterion
        assert (entry["passed"], entry["violating_classes"], entry["violating_people"]) == (
            expected.passed,
            expected.violating_classes,
            expected.violating_rows,
        ), criterion
