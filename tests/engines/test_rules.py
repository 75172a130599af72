"""Each engine's rewrite rules on small trees, and the detector of DuckDB-only constructs."""

from __future__ import annotations

import pytest
import sqlglot

from sqlanon.engines import open_engine
from sqlanon.engines.duckdb.engine import CAPABILITIES, DuckDBEngine
from sqlanon.engines.rules import DUCKDB_ONLY, RULES, leftovers, rewrite
from sqlanon.engines.settings import EngineSettings


def _out(sql: str, kind: str, dialect: str) -> str:
    return rewrite(sqlglot.parse_one(sql, read="duckdb"), kind).sql(dialect)


@pytest.mark.parametrize(
    ("canonical", "kind", "dialect", "want"),
    [
        (
            "SELECT CAST(SUM(n) AS HUGEINT) FROM t",
            "postgres",
            "postgres",
            "SELECT CAST(SUM(n) AS DECIMAL(38, 0)) FROM t",
        ),
        (
            "SELECT CAST(SUM(n) AS HUGEINT) FROM t",
            "spark",
            "spark",
            "SELECT CAST(SUM(n) AS DECIMAL(38, 0)) FROM t",
        ),
        ("SELECT approx_count_distinct(x) FROM t", "postgres", "postgres", "SELECT COUNT(DISTINCT x) FROM t"),
        (
            "SELECT approx_count_distinct(x) FROM t",
            "spark",
            "spark",
            "SELECT APPROX_COUNT_DISTINCT(x) FROM t",
        ),
        ("SELECT list_extract($m, a + 1) FROM t", "postgres", "postgres", "SELECT (%(m)s)[a + 1] FROM t"),
        (
            "SELECT list_extract($m, a + 1) FROM t",
            "spark",
            "spark",
            "SELECT TRY_ELEMENT_AT(:m, CAST(a + 1 AS INT)) FROM t",
        ),
        (
            "SELECT list_extract(list_extract($m, b + 1), a + 1) FROM t",
            "postgres",
            "postgres",
            "SELECT (%(m)s)[b + 1][a + 1] FROM t",
        ),
        (
            "SELECT list_extract(list_extract($m, b + 1), a + 1) FROM t",
            "spark",
            "spark",
            "SELECT TRY_ELEMENT_AT(TRY_ELEMENT_AT(:m, CAST(b + 1 AS INT)), CAST(a + 1 AS INT)) FROM t",
        ),
        ("SELECT CAST(x AS HUGEINT)", "duckdb", "duckdb", "SELECT CAST(x AS INT128)"),
        (
            'SELECT * FROM "r" SEMI JOIN "k" USING ("a", "b")',
            "postgres",
            "postgres",
            'SELECT * FROM "r" WHERE EXISTS(SELECT 1 FROM "k" WHERE "r"."a" = "k"."a" AND "r"."b" = "k"."b")',
        ),
    ],
)
def test_rules_rewrite(canonical: str, kind: str, dialect: str, want: str) -> None:
    assert _out(canonical, kind, dialect) == want


def test_rewrite_leaves_the_input_tree_alone() -> None:
    tree = sqlglot.parse_one("SELECT CAST(list_extract($m, 1) AS HUGEINT)", read="duckdb")
    before = tree.sql("duckdb")
    rewrite(tree, "postgres")
    assert tree.sql("duckdb") == before


@pytest.mark.parametrize(
    ("sql", "found"),
    [
        ("SELECT * FROM a ASOF JOIN b ON a.x >= b.x", ["ASOF JOIN"]),
        ("SELECT CAST(x AS HUGEINT), list_extract(m, 1) FROM t", ["128-bit integer type", "LIST_EXTRACT"]),
        ("SELECT * FROM read_parquet('f.parquet')", ["file reader function"]),
        ("ATTACH 'x.duckdb' AS db", ["ATTACH / DETACH"]),
        ("SELECT CAST(x AS UBIGINT)", ["unsigned integer type"]),
        ("SELECT a, COUNT(*) FROM t GROUP BY a", []),
    ],
)
def test_leftovers_names_duckdb_only_constructs(sql: str, found: list[str]) -> None:
    assert leftovers(sqlglot.parse_one(sql, read="duckdb")) == found
    assert set(found) <= set(DUCKDB_ONLY)


@pytest.mark.parametrize("kind", [k for k in RULES if k != "duckdb"])
def test_every_rule_has_a_reason(kind: str) -> None:
    for rule in RULES[kind]:
        assert rule.name and len(rule.why) > 20


def test_duckdb_is_the_default_engine_and_declares_its_capabilities() -> None:
    engine = open_engine(EngineSettings())
    try:
        assert isinstance(engine, DuckDBEngine)
        assert engine.capabilities is CAPABILITIES
        assert engine.capabilities.kind == "duckdb" and engine.capabilities.int128
        # canonical SQL runs on DuckDB as it is
        assert engine.render("SELECT 1") == "SELECT 1"
        assert engine.fetchone(sqlglot.parse_one("SELECT CAST(2 AS HUGEINT) * 3")) == (6,)
    finally:
        engine.close()


@pytest.mark.parametrize("space", ["\xa0", "\u3000", "\u2003", "\u202f"])
def test_a_statement_s_comments_leave_its_literals_alone_in_duckdb(space: str) -> None:
    """DuckDB (2.0) replaces Unicode spaces with ' ' before it parses, outside quotes as it sees
    them, and a quote in a /* */ comment (a template's header: "the gate's") made it see the
    next string literal as outside: a label or value holding U+00A0 changed. The engine runs a
    tree's statement without its comments."""
    engine = open_engine(EngineSettings())
    try:
        for text in (f"/* the gate's */ SELECT 'a{space}b' AS v", f"SELECT /* it's */ 'a{space}b' AS v"):
            tree = sqlglot.parse_one(text, read="duckdb")
            assert tree.comments or tree.expressions[0].comments
            assert engine.fetchone(tree) == (f"a{space}b",), text
    finally:
        engine.close()


def test_asof_join_becomes_a_lateral_lookup_on_postgres() -> None:
    sql = 'SELECT "r"."a", "s"."k" FROM "r" ASOF JOIN "s" ON "r"."x" >= "s"."y" AND "r"."g" = "s"."g"'
    out = rewrite(sqlglot.parse_one(sql, read="duckdb"), "postgres")
    assert leftovers(out) == []
    assert out.sql("postgres") == (
        'SELECT "r"."a", "s"."k" FROM "r" JOIN LATERAL (SELECT * FROM "s" WHERE "r"."g" = "s"."g" AND "s"."y" <= "r"."x" '
        'ORDER BY "s"."y" DESC NULLS LAST LIMIT 1) AS "s" ON TRUE'
    )
    # a form the rule does not know stays, and is named
    odd = rewrite(
        sqlglot.parse_one('SELECT * FROM "r" ASOF JOIN "s" ON "r"."x" > "s"."y"', read="duckdb"), "postgres"
    )
    assert leftovers(odd) == ["ASOF JOIN"]


def test_single_row_ctes_are_materialized_on_postgres() -> None:
    sql = 'WITH "f" AS (SELECT "s", SUM("n") AS "n" FROM "x" GROUP BY "s"), "tot" AS (SELECT SUM("n") AS "t" FROM "f") SELECT * FROM "f" CROSS JOIN "tot"'
    out = rewrite(sqlglot.parse_one(sql, read="duckdb"), "postgres").sql("postgres")
    assert '"tot" AS MATERIALIZED (' in out and '"f" AS (SELECT' in out


def test_spark_rules_write_what_spark_has() -> None:
    """The Spark rules' forms (their results against DuckDB's are tested on a real session in
    test_spark_rules.py)."""

    def spark(sql: str) -> str:
        out = rewrite(sqlglot.parse_one(sql, read="duckdb"), "spark")
        assert leftovers(out, "spark") == []
        return str(out.sql("spark"))

    asof = spark('SELECT "r"."a", "s"."k" FROM "r" ASOF JOIN "s" ON "r"."x" >= "s"."y" AND "r"."g" = "s"."g"')
    assert "LEAD(`s`.`y`) OVER (PARTITION BY `s`.`g` ORDER BY `s`.`y` NULLS LAST)" in asof
    assert "ASOF" not in asof
    assert "WITHIN GROUP (ORDER BY x NULLS LAST)" in spark("SELECT QUANTILE_DISC(x, 0.5) FROM t")
    assert "ORDER BY" not in spark("SELECT SUM(v ORDER BY x) FROM t")
    nested = spark(
        "SELECT * FROM (WITH f AS (SELECT 1 AS n) SELECT n FROM f) CROSS JOIN (WITH f AS (SELECT 2 AS n) SELECT n FROM f)"
    )
    assert "`f__w0`" in nested and "`f__w1`" in nested
    # an aggregate in an order the rule does not write (descending) is named, not dropped
    odd = rewrite(sqlglot.parse_one("SELECT LIST(v ORDER BY x DESC) FROM t", read="duckdb"), "spark")
    assert leftovers(odd, "spark") == ["an aggregate in a given order"]
