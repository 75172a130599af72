"""The PostgreSQL engine against a real server (started by the ``postgres`` fixture), compared
with DuckDB on the same canonical SQL and the same random inputs."""

from __future__ import annotations

import math
import os
import random
from collections.abc import Iterator
from typing import Any

import pytest
import sqlglot

from sqlanon.engines.duckdb.engine import DuckDBEngine
from sqlanon.engines.postgres.engine import PostgresEngine
from sqlanon.errors import EngineError
from tests.support.pgserver import Server


@pytest.fixture
def pg(postgres: Server) -> Iterator[PostgresEngine]:
    engine = PostgresEngine(postgres.url, postgres.password_env)
    try:
        yield engine
    finally:
        engine.close()


@pytest.fixture
def duck() -> Iterator[DuckDBEngine]:
    engine = DuckDBEngine()
    try:
        yield engine
    finally:
        engine.close()


def test_password_only_from_the_environment(postgres: Server) -> None:
    password = os.environ[postgres.password_env]
    with pytest.raises(EngineError, match="password_env") as err:
        PostgresEngine(postgres.url.replace("sqlanon_test@", f"sqlanon_test:{password}@"))
    assert password not in str(err.value)
    with pytest.raises(EngineError, match="SQLANON_NO_SUCH_VARIABLE"):
        PostgresEngine(postgres.url, "SQLANON_NO_SUCH_VARIABLE")
    os.environ["SQLANON_TEST_WRONG"] = "not-the-password"
    try:
        with pytest.raises(
            EngineError, match=r"Cannot connect to PostgreSQL at sqlanon_test@127\.0\.0\.1"
        ) as err:
            PostgresEngine(postgres.url, "SQLANON_TEST_WRONG")
        assert err.value.cause == "connection" and "not-the-password" not in str(err.value)
    finally:
        del os.environ["SQLANON_TEST_WRONG"]
    engine = PostgresEngine(postgres.url, postgres.password_env)
    try:
        assert password not in repr(engine) and password not in engine.render("SELECT 1")
    finally:
        engine.close()


def _table(rng: random.Random) -> tuple[list[tuple[str, str]], list[list[Any]]]:
    rows = rng.randint(0, 40)
    words = [
        "a",
        "b",
        "B",
        "é",
        "x y",
        "'q'",
        "%",
        "",
        "1.5",
        " 2 ",
        "-0",
        "1e3",
        "inf",
        "-Infinity",
        "NaN",
        "1e999",
    ]
    ints = [rng.choice([None, rng.randint(-(2**62), 2**62), rng.randint(0, 5)]) for _ in range(rows)]
    texts = [rng.choice([None, *words]) for _ in range(rows)]
    floats = [rng.choice([None, rng.uniform(-1e6, 1e6), 0.5]) for _ in range(rows)]
    codes = [rng.randint(0, 4) for _ in range(rows)]
    counts = [rng.randint(1, 2**40) for _ in range(rows)]
    return (
        [("i", "BIGINT"), ("t", "VARCHAR"), ("f", "DOUBLE"), ("q", "INTEGER"), ("n", "BIGINT")],
        [ints, texts, floats, codes, counts],
    )


def _same(a: list[tuple[Any, ...]], b: list[tuple[Any, ...]]) -> bool:
    if len(a) != len(b):
        return False
    for row_a, row_b in zip(a, b, strict=True):
        for x, y in zip(row_a, row_b, strict=True):
            if isinstance(x, float) or isinstance(y, float):
                if x is None or y is None:
                    return False
                fx, fy = float(x), float(y)
                if math.isnan(fx) or math.isinf(fx) or math.isnan(fy) or math.isinf(fy):
                    if str(fx) != str(fy):  # the same special value (nan, inf, -inf)
                        return False
                elif abs(fx - fy) > 1e-9 * max(1.0, abs(fx)):
                    return False
            elif x != y:
                return False
    return True


QUERIES = [
    # every column back, in a stable order
    ('SELECT * FROM "t" ORDER BY "q", "n", "i" NULLS FIRST, "t" NULLS FIRST', None),
    # a roll-up through a bound code map (LIST_EXTRACT of a list parameter, 1-based)
    (
        'SELECT LIST_EXTRACT($m, "q" + 1) AS "g", CAST(SUM("n") AS BIGINT) AS "n", COUNT(*) AS "c" '
        'FROM "t" GROUP BY "g" ORDER BY "g"',
        "m",
    ),
    # nested lists: one code map per node of a batch
    (
        'SELECT "b", LIST_EXTRACT(LIST_EXTRACT($maps, "b" + 1), "q" + 1) AS "g", COUNT(*) AS "c" '
        'FROM "t", (SELECT UNNEST([0, 1]) AS "b") GROUP BY ALL ORDER BY "b", "g"',
        "maps",
    ),
    # products of counts past 64 bits, exact
    ('SELECT CAST(SUM("n") AS HUGEINT) * CAST(SUM("n") AS HUGEINT) * 1000 AS "p" FROM "t"', None),
    # modulo next to a bound parameter
    ('SELECT "q" % 3 AS "r", COUNT(*) AS "c" FROM "t" WHERE "q" >= $low GROUP BY "r" ORDER BY "r"', "low"),
    ('SELECT APPROX_COUNT_DISTINCT("q") <= 5 AS "ok" FROM "t"', None),
    # text read as numbers where it is one (TRY_CAST), finite ones counted, byte order
    (
        'SELECT "t", TRY_CAST("t" AS DOUBLE) AS "x" FROM "t" GROUP BY "t" ORDER BY "t" COLLATE "binary" NULLS FIRST',
        None,
    ),
    ('SELECT COUNT(*) FROM "t" WHERE ISFINITE(TRY_CAST("t" AS DOUBLE))', None),
    (
        'SELECT ROUND("f" / 7, 3) AS "r", LOG2(ABS("f") + 1) AS "l" FROM "t" ORDER BY "i" NULLS FIRST, "n", "f"',
        None,
    ),
    # RANGE in FROM and UNNEST(RANGE(n)) in a select list
    ('SELECT SUM("range") FROM RANGE($low)', "low"),
    ('SELECT COUNT(*), SUM("c") FROM (SELECT UNNEST(RANGE("q")) AS "c" FROM "t") AS "x"', None),
    # a semi join on keys (USING), from a named table and from a derived one
    (
        'SELECT * FROM "t" SEMI JOIN (SELECT "q", "n" FROM "t" WHERE "n" > 2) AS "k" USING ("q", "n") '
        'ORDER BY "i" NULLS FIRST, "q", "n", "t" NULLS FIRST',
        None,
    ),
    (
        'SELECT COUNT(*) AS "c" FROM (SELECT "q" FROM "t") AS "r" SEMI JOIN (SELECT "q" FROM "t" WHERE "q" < 3) '
        'AS "k" USING ("q")',
        None,
    ),
    # ASOF: for each row, the greatest code at or below its q (rows with none dropped)
    (
        'SELECT "a"."i", "a"."q", "b"."q" AS "step" FROM "t" AS "a" ASOF JOIN '
        '(SELECT DISTINCT "q" FROM "t" WHERE "q" >= 2) AS "b" ON "a"."q" >= "b"."q" ORDER BY 1 NULLS FIRST, 2, 3',
        None,
    ),
]


@pytest.mark.parametrize("seed", range(25))
def test_same_answers_as_duckdb(pg: PostgresEngine, duck: DuckDBEngine, seed: int) -> None:
    rng = random.Random(seed)
    columns, data = _table(rng)
    for engine in (pg, duck):
        engine.load_table("t", columns, data)
    params: dict[str, Any] = {
        "m": [rng.randint(0, 2) for _ in range(5)],
        "maps": [[rng.randint(0, 2) for _ in range(5)] for _ in range(2)],
        "low": rng.randint(0, 3),
    }
    for sql, name in QUERIES:
        bound = {name: params[name]} if name else None
        got, want = pg.fetchall(sql, bound), duck.fetchall(sql, bound)
        assert _same(got, want), (sql, got, want)
    assert pg.count("t") == duck.count("t") == len(data[0])


def test_describe_gives_canonical_types(pg: PostgresEngine, duck: DuckDBEngine) -> None:
    columns, data = _table(random.Random(1))
    for engine in (pg, duck):
        engine.load_table("t", columns, data)
    query = sqlglot.parse_one(
        'SELECT "i", "t", "f", "q", CAST(SUM("n") AS HUGEINT) AS "s" FROM "t" GROUP BY ALL'
    )
    assert [name for name, _ in pg.describe(query)] == ["i", "t", "f", "q", "s"]
    assert [typ for _, typ in pg.describe(query)][:4] == [typ for _, typ in duck.describe(query)][:4]
    assert pg.columns("t") == duck.columns("t")


def test_temp_tables_replace_and_drop(pg: PostgresEngine) -> None:
    pg.create_temp_as("x", "SELECT 1 AS a")
    pg.create_temp_as("x", "SELECT $v AS a, 2 AS b", {"v": 7})
    assert pg.fetchall('SELECT * FROM "x"') == [(7, 2)]
    pg.drop("x")
    pg.drop("x")  # dropping what is gone is no error
    with pytest.raises(EngineError):
        pg.count("x")


def test_a_rollback_undoes_a_rename(pg: PostgresEngine) -> None:
    pg.execute('CREATE TABLE "stage_r" AS SELECT 1 AS a')
    try:
        pg.begin()
        pg.execute('ALTER TABLE "stage_r" RENAME TO "final_r"')
        pg.rollback()
        assert pg.count("stage_r") == 1
        assert pg.capabilities.transactional_rename
    finally:
        pg.rollback()
        pg.drop("stage_r")
        pg.drop("final_r")


def test_duckdb_only_sql_never_reaches_the_server(pg: PostgresEngine) -> None:
    with pytest.raises(EngineError, match="ASOF JOIN") as err:
        pg.fetchall('SELECT * FROM "a" ASOF JOIN "b" ON "a"."x" > "b"."x"')
    assert err.value.sql is not None and "ASOF" in err.value.sql
    with pytest.raises(EngineError, match="DuckDB database file"):
        pg.attach("x.duckdb", read_only=True)


def test_engine_errors_do_not_quote_values(pg: PostgresEngine) -> None:
    pg.load_table("s", [("disease", "VARCHAR")], [["stomach cancer"]])
    with pytest.raises(EngineError) as err:
        pg.fetchall('SELECT CAST("disease" AS INTEGER) FROM "s"')
    assert "stomach cancer" not in str(err.value)
    assert err.value.cause is None and str(err.value).startswith("The SQL engine failed")


@pytest.mark.parametrize("seed", range(5))
def test_row_estimates_count_combinations(pg: PostgresEngine, duck: DuckDBEngine, seed: int) -> None:
    """estimate_rows.sql (the search sizes its projections with it on bottom tables of 100,000
    rows and more): PostgreSQL counts the combinations exactly, DuckDB estimates them (HyperLogLog,
    within 10 %); the reference is Python's set of the combinations."""
    from sqlanon.sql.render import render_template

    rng = random.Random(seed)
    n = rng.randint(50, 3000)
    data = [[rng.randint(0, rng.choice([3, 30, 300])) for _ in range(n)] for _ in range(3)]
    columns = [("q0", "INTEGER"), ("q1", "INTEGER"), ("q2", "INTEGER")]
    for engine in (pg, duck):
        engine.load_table("bottom", columns, data)
    keep = sorted(rng.sample(["q0", "q1", "q2"], rng.randint(1, 3)))
    exact = len({tuple(data[int(c[1])][i] for c in keep) for i in range(n)})
    sql = render_template("estimate_rows.sql", source="bottom", columns=keep)
    assert pg.fetchone(sql)[0] == exact
    assert abs(duck.fetchone(sql)[0] - exact) <= 0.1 * exact + 2


def test_statements_that_still_loop_are_not_jit_compiled(pg: PostgresEngine) -> None:
    """With nested loops disabled, a join that needs one (here a non-equi join) is planned at a
    penalty cost far above the JIT thresholds; PostgreSQL would compile it with LLVM, which
    takes longer than running sqlanon's statements. The session plans it as a loop, not JIT."""
    pg.load_table("ja", [("x", "INTEGER")], [[1, 2, 3]])
    explain = 'EXPLAIN SELECT * FROM "ja" AS "a" JOIN "ja" AS "b" ON "a"."x" > "b"."x"'
    plan = "\n".join(row[0] for row in pg.fetchall(explain))
    assert "Nested Loop" in plan and "JIT" not in plan, plan
    pg.execute("SET jit = on")  # the server's default: the same plan would be compiled
    try:
        assert "JIT" in "\n".join(row[0] for row in pg.fetchall(explain))
    finally:
        pg.execute("SET jit = off")


@pytest.mark.parametrize("seed", range(6))
def test_binary_copy_as_arrow_equals_rows(pg: PostgresEngine, seed: int) -> None:
    """A table of fixed-width columns (random types, values at their types' extremes, NULLs
    anywhere, zero rows) read through binary COPY as Arrow holds what fetching its rows gives,
    with each column's canonical type; a text column leaves the choice to rows (None)."""
    import pyarrow as pa

    rng = random.Random(seed)
    ranges = {"SMALLINT": 2**15, "INTEGER": 2**31, "BIGINT": 2**63}
    types = [
        rng.choice(["SMALLINT", "INTEGER", "BIGINT", "DOUBLE", "BOOLEAN"]) for _ in range(rng.randint(1, 9))
    ]
    columns = [(f"c {i}" if i % 2 else f"C{i}", typ) for i, typ in enumerate(types)]

    def value(typ: str) -> Any:
        if rng.random() < 0.2:
            return None
        if typ in ranges:
            return rng.choice([-ranges[typ], ranges[typ] - 1, 0, rng.randrange(-ranges[typ], ranges[typ])])
        if typ == "BOOLEAN":
            return rng.random() < 0.5
        return rng.choice([0.0, -1.5e300, rng.uniform(-1e6, 1e6)])

    rows = [[value(typ) for typ in types] for _ in range(rng.choice([0, 1, 50, 3000]))]
    name = f"arrow_copy_{seed}"
    pg.load_table(
        name, columns, [list(col) for col in zip(*rows, strict=True)] if rows else [[] for _ in columns]
    )
    assert pg.columns(name) == columns
    query = sqlglot.exp.select(*(sqlglot.exp.column(c, quoted=True) for c, _ in columns)).from_(
        sqlglot.exp.to_table(name, quoted=True)
    )
    got = pg.fetch_arrow(query, columns=columns)
    assert isinstance(got, pa.Table) and got.column_names == [c for c, _ in columns]
    arrow_types = {
        "SMALLINT": "int16",
        "INTEGER": "int32",
        "BIGINT": "int64",
        "DOUBLE": "double",
        "BOOLEAN": "bool",
    }
    assert [str(field.type) for field in got.schema] == [arrow_types[t] for t in types]
    assert got.num_rows == len(rows)
    arrow_rows = [tuple(r.values()) for r in got.to_pylist()]
    assert (
        sorted(arrow_rows, key=repr)
        == sorted(pg.fetchall(query), key=repr)
        == sorted(map(tuple, rows), key=repr)
    )
    assert pg.fetch_arrow(query) is None  # without the columns' types
    pg.execute(f'ALTER TABLE "{name}" ADD COLUMN "t" TEXT')
    assert pg.fetch_arrow(query, columns=[*columns, ("t", "VARCHAR")]) is None


def test_a_long_comment_header_is_read_in_linear_time(pg: PostgresEngine) -> None:
    """A statement behind many comment lines (a template's header) that creates nothing: the
    test for CREATE once backtracked through 2^comments ways and hung the run on mondrian_budget.sql
    with 34 header lines; an alarm turns such a hang into a failure."""
    import signal

    from sqlanon.engines.postgres.engine import _CREATE

    header = " ".join(f"/* line {i}: a * b / c */" for i in range(80))

    def hung(*_: Any) -> None:
        raise TimeoutError("the CREATE test backtracks")

    previous = signal.signal(signal.SIGALRM, hung)
    signal.alarm(10)
    try:
        assert _CREATE.match(f"{header} SELECT 1") is None
        assert _CREATE.match(f"{header}\n CREATE TEMP TABLE t AS SELECT 1") is not None
        assert pg.fetchone(f"{header} SELECT 41 + 1") == (42,)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
