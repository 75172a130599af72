"""``sqlanon compile --dialect`` for engines sqlanon does not run: Snowflake, BigQuery, Trino and
Databricks SQL warehouses (sqlanon/engines/dialects.py).

No engine of theirs runs here, so each printed statement is parsed back by sqlglot in its
dialect: one statement, reading only the source table, each name one identifier, every CTE one
of compile's own names, nothing left as a comment. That proves it is well-formed SQL for
sqlglot's reading of the dialect, not what the engine computes. So the statements parsed back
are also written again in DuckDB's dialect and run on the same rows: they return the classes
``check`` lists (every model of the catalogue), the rows the DuckDB release of a node returns,
and the classes of people the pure-Python reference finds. That checks sqlanon's rewrite rules
(an ASOF JOIN as an interval join, GREATEST skipping NULLs, the NULL order of BigQuery's
windows), through sqlglot's round trip, on DuckDB's semantics; the engine's own semantics stay
unverified (docs/compile.md says so per dialect). Databricks' statements are the spark
dialect's text, which test_standalone.py runs on Spark.
"""

from __future__ import annotations

import csv
import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import duckdb
import pytest
import sqlglot
from sqlglot import exp

from sqlanon import api
from sqlanon.compile import DIALECTS, OWN_NAMES, UNTESTED, Compiled
from sqlanon.engines.dialects import OTHER
from sqlanon.errors import ConfigError
from tests.compile.test_people import _assert_as_reference, _columns, _criteria_statements, _nt_case
from tests.compile.test_people import _case as _people_case
from tests.compile.test_standalone import (
    ALL,
    COLUMNS,
    CRITERIA,
    _demo,
    _release_case,
    _rows,
    _same_classes,
    _texts,
    _write,
)

PARSED_ONLY = ("snowflake", "bigquery", "trino")


def _distinct(criteria: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The first criterion of each model and form (variant, distance, ground, several columns):
    each template's path once."""
    out: dict[tuple[Any, ...], dict[str, Any]] = {}
    for c in criteria:
        kind, p = next(iter(c.items()))
        form = (p.get("variant"), p.get("distance"), p.get("ground"), bool(p.get("multi_attribute")))
        out.setdefault((kind, *form), c)
    return list(out.values())


#: every model of the catalogue in every form (test_standalone.py's list; (n,t)-closeness is
#: refused on its demo's builder hierarchies, and is among the models over people below)
MODELS = _distinct(CRITERIA)
DOCS = Path(__file__).resolve().parents[2] / "docs" / "compile.md"
README = DOCS.parents[1] / "README.md"


def _parsed(text: str, dialect: str) -> exp.Expr:
    trees = sqlglot.parse(text, read=dialect, error_level=sqlglot.ErrorLevel.RAISE)
    assert len(trees) == 1 and trees[0] is not None, dialect
    return trees[0]


def _read_tables(tree: exp.Expr) -> set[str]:
    """The tables a statement reads that none of its CTEs defines."""
    ctes = {cte.alias for cte in tree.find_all(exp.CTE)}
    return {
        t.name for t in tree.find_all(exp.Table) if t.name and t.name not in ctes and not t.args.get("db")
    }


def _well_formed(compiled: Compiled, dialect: str, source: str) -> list[exp.Expr]:
    """Every statement (the release's too) parsed back in ``dialect``: written (no comment
    instead), one statement, reading only ``source``, through CTEs named as compile names them."""
    texts = [*([compiled.release] if compiled.release else []), *(s.sql for s in compiled.statements)]
    assert all(t is not None for t in texts), [s.why for s in compiled.statements if s.sql is None]
    trees = []
    for text in texts:
        assert text is not None
        tree = _parsed(text, dialect)
        assert _read_tables(tree) <= {source}, _read_tables(tree)
        # the source is read by a CTE of compile's own names (OWN_NAMES, which no source may
        # have), and no CTE at the top takes the source's name
        with_ = tree.args.get("with_")
        ctes = list(with_.expressions) if with_ else []
        readers = [c.alias for c in ctes if any(t.name == source for t in c.this.find_all(exp.Table))]
        assert readers and all(OWN_NAMES.fullmatch(n) for n in readers), readers
        assert source not in {c.alias for c in ctes}
        trees.append(tree)
    assert "not written" not in compiled.text()
    return trees


def _in_duckdb(tree: exp.Expr) -> str:
    return tree.sql(dialect="duckdb")


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _people_table(folder: Path, rows: Sequence[dict[str, Any]], columns: Sequence[str], types: str) -> str:
    """``rows`` as the table people of a DuckDB file in ``folder`` (its name returned)."""
    path = folder / "people.duckdb"
    path.unlink(missing_ok=True)
    con = duckdb.connect(str(path))
    con.execute(f"CREATE TABLE people ({types})")
    con.executemany(
        f"INSERT INTO people VALUES ({', '.join('?' * len(columns))})",
        [[r[c] for c in columns] for r in rows],
    )
    con.close()
    return path.name


@pytest.fixture(scope="module")
def catalogue(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any], Any]:
    """Every model of the catalogue on one random table, in a DuckDB file's table people, and
    check's report of it."""
    folder, base = _demo(tmp_path_factory.mktemp("dialects"), 1)
    rows = _rows(4)
    _write(folder / "people.csv", rows)
    want = api.check(dict(base, criteria=MODELS, source="people.csv"), base_dir=folder, show_violations=ALL)
    types = "zip TEXT, age INTEGER, sex TEXT, disease TEXT, salary INTEGER"
    database = _people_table(folder, rows, COLUMNS, types)
    return folder, dict(base, criteria=MODELS, source={"database": database, "table": "people"}), want


@pytest.fixture(scope="module")
def on_table(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """The demo's check configuration reading a table people (which compile does not open)."""
    folder, base = _demo(tmp_path_factory.mktemp("dialects_names"), 1)
    return folder, dict(
        base, source={"table": "people"}, engine={"kind": "postgres", "url": "postgresql://nowhere"}
    )


@pytest.mark.slow
@pytest.mark.parametrize("dialect", PARSED_ONLY)
def test_every_model_parses_back_and_gives_checks_classes(
    catalogue: tuple[Path, dict[str, Any], Any], dialect: str
) -> None:
    folder, config, want = catalogue
    compiled = api.compile_sql(config, base_dir=folder, dialect=dialect)
    assert not compiled.tested and f"{dialect} dialect" in compiled.text()
    trees = _well_formed(compiled, dialect, "people")
    con = duckdb.connect(str(folder / config["source"]["database"]), read_only=True)
    _same_classes(want, [con.sql(_in_duckdb(t)).fetchall() for t in trees])
    # DuckDB's GREATEST and LEAST skip NULLs; read back into DuckDB any GREATEST would, so the
    # target's forms are checked here: Snowflake's *_IGNORE_NULLS, each argument a COALESCE of
    # the arguments in BigQuery and Trino (where GREATEST is NULL when one argument is)
    extremes = [g for t in trees for g in t.find_all(exp.Greatest, exp.Least)]
    assert extremes
    for statement in compiled.statements:
        assert statement.sql is not None
        if dialect == "snowflake":
            assert not re.search(r"\b(GREATEST|LEAST)\(", statement.sql)
    if dialect != "snowflake":
        assert all(isinstance(a, exp.Coalesce) for g in extremes for a in (g.this, *g.expressions))


def test_databricks_writes_the_text_spark_runs(on_table: tuple[Path, dict[str, Any]]) -> None:
    """Databricks SQL is Spark SQL: the databricks dialect's statements are the spark dialect's
    text (run on Spark by test_standalone.py), and parse back in sqlglot's databricks dialect."""
    folder, config = on_table
    config = dict(config, criteria=CRITERIA[::7])
    spark = api.compile_sql(config, base_dir=folder, dialect="spark")
    databricks = api.compile_sql(config, base_dir=folder, dialect="databricks")
    assert [s.sql for s in databricks.statements] == [s.sql for s in spark.statements]
    _well_formed(databricks, "databricks", "people")


@pytest.fixture(scope="module")
def release(
    tmp_path_factory: pytest.TempPathFactory,
) -> tuple[Path, dict[str, Any], dict[str, int], Any, list[Any]]:
    """A random release case on a DuckDB file's table people: its folder, configuration, node,
    the rows of the duckdb dialect's release and of each of its gate statements."""
    folder, base = _demo(tmp_path_factory.mktemp("dialects_release"), 0)
    config, node = _release_case(folder, base, 3)
    want = api.compile_sql(config, node=node, base_dir=folder, dialect="duckdb")
    assert want.release is not None
    con = duckdb.connect()
    rows = list(csv.DictReader((folder / config["source"]).open()))
    types = "zip TEXT, age INTEGER, sex TEXT, disease TEXT, salary INTEGER"
    database = _people_table(
        folder, [dict(r, age=int(r["age"]), salary=int(r["salary"])) for r in rows], COLUMNS, types
    )
    on_table = dict(config, source={"database": database, "table": "people"})
    gate = [Counter(con.sql(s.sql).fetchall()) for s in want.statements]
    return folder, on_table, node, _texts(con.sql(want.release).fetchall()), gate


@pytest.mark.slow
@pytest.mark.parametrize("dialect", PARSED_ONLY)
def test_the_release_of_a_node_parses_back_and_returns_duckdbs_rows(
    release: tuple[Path, dict[str, Any], dict[str, int], Any, list[Any]], dialect: str
) -> None:
    folder, config, node, want, gate = release
    compiled = api.compile_sql(config, node=node, base_dir=folder, dialect=dialect)
    trees = _well_formed(compiled, dialect, "people")
    con = duckdb.connect(str(folder / config["source"]["database"]), read_only=True)
    assert _texts(con.sql(_in_duckdb(trees[0])).fetchall()) == want
    assert [Counter(con.sql(_in_duckdb(t)).fetchall()) for t in trees[1:]] == gate


def _people_cases(folder: Path) -> list[tuple[Any, ...]]:
    """Two random one-to-many tables in DuckDB files' tables people, with check's report: the
    sensitive-value models, and (n,t)-closeness with hierarchies written in (the model the
    catalogue test cannot compile on its demo's builder hierarchies)."""
    out = []
    for name, (case, config, criteria, domain, climbing) in (
        ("models", (*_people_case(folder / "models", 3, sensitive=True), None)),
        ("nt", _nt_case(folder / "nt", 5)),
    ):
        want = api.check(config, base_dir=folder / name, show_violations=ALL)
        columns = _columns(case)
        database = _people_table(
            folder / name, case.rows, columns, ", ".join(_quoted(c) + " TEXT" for c in columns)
        )
        config = dict(config, source={"database": database, "table": "people"})
        out.append((folder / name, case, config, criteria, domain, climbing, want))
    return out


@pytest.fixture(scope="module")
def people_cases(tmp_path_factory: pytest.TempPathFactory) -> list[tuple[Any, ...]]:
    folder = tmp_path_factory.mktemp("dialects_people")
    (folder / "models").mkdir()
    (folder / "nt").mkdir()
    return _people_cases(folder)


@pytest.mark.slow
@pytest.mark.parametrize("dialect", PARSED_ONLY)
def test_statements_over_people_parse_back_and_count_people_as_the_reference(
    people_cases: list[tuple[Any, ...]], dialect: str
) -> None:
    for folder, case, config, criteria, domain, climbing, want in people_cases:
        compiled = api.compile_sql(config, base_dir=folder, dialect=dialect)
        assert compiled.person
        _well_formed(compiled, dialect, "people")
        con = duckdb.connect(str(folder / config["source"]["database"]), read_only=True)
        statements = _criteria_statements(compiled)
        for guard in (s for s in compiled.statements if s not in statements):
            assert con.sql(_in_duckdb(_parsed(guard.sql, dialect))).fetchall() == [], guard.criterion
        results = [con.sql(_in_duckdb(_parsed(s.sql, dialect))).fetchall() for s in statements]
        _assert_as_reference(case, criteria, domain, results, want, climbing)


@pytest.mark.parametrize("seed", range(12))
def test_the_rules_keep_duckdbs_meaning_on_nulls(seed: int) -> None:
    """BigQuery's and Trino's GREATEST / LEAST (each argument a COALESCE of the arguments) and
    BigQuery's window order (x IS NULL first), run in DuckDB on values with NULLs, return what
    the canonical statement returns (the windows' orders are total but for identical rows)."""
    import random

    from sqlanon.engines.dialects import written

    rng = random.Random(seed)
    values = [
        tuple(rng.choice([None, *range(-3, 4)]) for _ in range(3)) + (rng.choice("ab"),) for _ in range(40)
    ]
    con = duckdb.connect()
    con.execute("CREATE TABLE t (x INTEGER, y INTEGER, z INTEGER, g TEXT)")
    con.executemany("INSERT INTO t VALUES (?, ?, ?, ?)", values)
    canonical = sqlglot.parse_one(
        "SELECT g, x, y, z, GREATEST(x, y, z) AS a, LEAST(x, 0) AS b, GREATEST(y, z) AS c, "
        "SUM(z) OVER (PARTITION BY g ORDER BY x, y, z ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS d, "
        "SUM(z) OVER (PARTITION BY g ORDER BY x DESC, y, z ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS e, "
        "SUM(z) OVER (PARTITION BY g ORDER BY x RANGE BETWEEN 1 PRECEDING AND 1 FOLLOWING) AS f "
        "FROM t",
        read="duckdb",
    )
    # as a multiset: identical rows may take each other's place in a ROWS frame
    want = Counter(con.sql(canonical.sql("duckdb")).fetchall())
    for dialect in ("bigquery", "trino"):
        tree = written(canonical, dialect)
        assert "COALESCE" in tree.sql("duckdb")
        assert Counter(con.sql(tree.sql("duckdb")).fetchall()) == want, dialect


#: names that each dialect quotes in its own way: a quote, a backquote, a backslash, a space,
#: a semicolon, Spark's substitution
NAMES = ['we"ird', "back`tick", "a\\b", "two words;", "${x}"]


@pytest.mark.parametrize("dialect", UNTESTED)
def test_a_name_stays_one_identifier(on_table: tuple[Path, dict[str, Any]], dialect: str) -> None:
    """A source table's name with quotes, backquotes, a backslash, a space or ``${x}`` is one
    identifier of that name when the statement is parsed back (the databricks dialect refuses
    ``${x}``, which Spark replaces inside backquotes too)."""
    folder, config = on_table
    for name in NAMES:
        named = dict(config, criteria=[{"k-anonymity": {"k": 2}}], source={"table": _quoted(name)})
        if dialect == "databricks" and "${" in name:
            with pytest.raises(ConfigError, match="Spark replaces"):
                api.compile_sql(named, base_dir=folder, dialect=dialect)
            continue
        compiled = api.compile_sql(named, base_dir=folder, dialect=dialect)
        for statement in compiled.statements:
            assert statement.sql is not None
            assert _read_tables(_parsed(statement.sql, dialect)) == {name}, (dialect, name)


def _dialect_rows(path: Path) -> dict[str, list[str]]:
    rows = {}
    for line in path.read_text().splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.startswith("| `") and len(cells) == 3 and cells[0].strip("`") in DIALECTS:
            rows[cells[0].strip("`")] = cells[1:]
    return rows


def test_docs_table_of_dialects_is_the_code_s() -> None:
    """docs/compile.md's and the README's tables of dialects have a row per dialect compile
    writes, the same, and each other dialect's row says what engines/dialects.py says it
    verifies and lacks."""
    rows = _dialect_rows(DOCS)
    assert list(rows) == list(DIALECTS)
    assert _dialect_rows(README) == rows
    for name, dialect in OTHER.items():
        assert rows[name] == [dialect.verified, dialect.lacks], name
