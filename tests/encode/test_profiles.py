"""The encoder's one-scan column profiles and its coverage check from a profile, against
plain Python counts and the per-column queries they replace, on random tables (NULLs, empty
strings, numbers, weighted and unweighted sources)."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from sqlanon.config.limits import DEFAULT_MAX_VALUES_SIZE
from sqlanon.encode import _uncovered, column_profile, column_profiles, unmatched
from sqlanon.engines.duckdb.engine import DuckDBEngine
from tests.support.cases import seeds

LIMIT = DEFAULT_MAX_VALUES_SIZE
POOL = [None, "", "a", "b", "B", "ä", "10", "9", "x y", "'q'"]


def random_table(
    rng: random.Random, engine: DuckDBEngine, columns: list[str]
) -> list[tuple[str | None, ...]]:
    rows = [
        tuple(rng.choice(POOL[: rng.randint(1, len(POOL))]) for _ in columns)
        for _ in range(rng.randint(1, 60))
    ]
    engine.load_table(
        "t", [(c, "VARCHAR") for c in columns], [[r[i] for r in rows] for i in range(len(columns))]
    )
    return rows


@pytest.mark.parametrize("seed", seeds(30))
def test_column_profiles_equal_counts_and_single_profiles(seed: int) -> None:
    rng = random.Random(seed)
    columns = [f"c {i}" for i in range(rng.randint(1, 5))]
    engine = DuckDBEngine()
    rows = random_table(rng, engine, columns)
    weight = None
    if seed % 2:  # a grouped source: the counts are in a weight column
        engine.execute(
            'CREATE TEMP TABLE "g" AS SELECT *, CAST(COUNT(*) AS BIGINT) AS "w" FROM "t" GROUP BY ALL'
        )
        source, weight = "g", "w"
    else:
        source = "t"
    got = column_profiles(engine, source, columns, weight, limit=LIMIT)
    assert list(got) == columns
    for i, column in enumerate(columns):
        counts = Counter(r[i] for r in rows)
        assert dict(got[column]) == dict(counts), column
        assert got[column] == column_profile(engine, source, column, weight, limit=LIMIT), column
    engine.close()


@pytest.mark.parametrize("seed", seeds(10))
def test_column_profiles_group_by_the_text_of_typed_values(seed: int) -> None:
    """Numbers are profiled by their text, as the dimension tables join them: DuckDB groups the
    DOUBLEs -0.0 and 0.0 together but casts them to '-0.0' and '0.0'."""
    rng = random.Random(200 + seed)
    doubles = [-0.0, 0.0, 1.5, -2.0, None, float("inf")]
    ints = [0, -1, 7, None, 2**40]
    rows = [(rng.choice(doubles), rng.choice(ints)) for _ in range(rng.randint(1, 40))]
    engine = DuckDBEngine()
    engine.load_table("t", [("d", "DOUBLE"), ("i", "BIGINT")], [[r[0] for r in rows], [r[1] for r in rows]])
    got = column_profiles(engine, "t", ["d", "i"], limit=LIMIT)
    for i, column in enumerate(["d", "i"]):
        assert got[column] == column_profile(engine, "t", column, limit=LIMIT), column
        texts = (
            [engine.fetchone("SELECT CAST(CAST(? AS DOUBLE) AS VARCHAR)", [r[i]])[0] for r in rows]
            if column == "d"
            else [None if r[i] is None else str(r[i]) for r in rows]
        )
        assert dict(got[column]) == dict(Counter(texts)), column
    engine.close()


@pytest.mark.parametrize("seed", seeds(30))
def test_uncovered_equals_the_unmatched_query(seed: int) -> None:
    rng = random.Random(100 + seed)
    engine = DuckDBEngine()
    rows = random_table(rng, engine, ["v"])
    leaves = sorted({v for v in POOL if v is not None and rng.random() < 0.5} | ({""} if seed % 3 else set()))
    engine.load_table("leaves", [("leaf", "VARCHAR")], [leaves])
    want = unmatched(engine, "t", "v", "leaves", "leaf")
    got = _uncovered(column_profile(engine, "t", "v", limit=LIMIT), set(leaves))
    assert got == want
    covered = sum(1 for (v,) in rows if (v if v is not None else "") in leaves)
    assert sum(n for _, n in got) == len(rows) - covered
    engine.close()
