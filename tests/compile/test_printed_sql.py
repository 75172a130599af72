"""Names and values of the data in the SQL sqlanon prints: ``compile``'s script, and the gate a
report carries under ``sql`` (the text report's side is in test_report_text.py).

Columns named with line breaks, comment markers, quotes, backslashes, dollar quotes, psql and
DuckDB CLI commands, Jinja, rich markup and control characters, and hierarchy labels and values
made of the same, go through ``compile`` (the gate of the source, and the release at a node with
its gate). The script as printed runs as a whole, as a user runs it: in DuckDB (its own
statement splitter, and the DuckDB CLI), in PostgreSQL (psql, with standard_conforming_strings
on and off) and in Spark (split by Spark's own splitter, as spark-sql splits a file; the
release also with spark.sql.parser.escapedStringLiterals on). A canary table survives, no CLI
command runs, no statement is added, and the statements return what ``check`` says and the
release what ``apply`` publishes (in PostgreSQL and Spark: what DuckDB returns). Hypothesis
draws more names and labels for DuckDB.
"""

from __future__ import annotations

import math
import os
import random
import re
import subprocess
import sys
import tempfile
import unicodedata
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import duckdb
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from sqlanon import api
from sqlanon.compile import Compiled
from sqlanon.errors import ConfigError
from sqlanon.report.entries import IDENTIFIERS

#: the quasi-identifiers: each would end a ``--`` comment it is printed in, and what follows
#: would run (a statement, a DuckDB CLI dot command, a psql meta-command). No CR LF: the DuckDB
#: CLI reads a script by lines and drops the CR of each line end, in a quoted name too
QUASI = (
    "z\nDROP TABLE canary; --",
    "q\n.shell touch pwned_duckdb\n",
    "b\r\\! touch pwned_psql\n",
    "c\u2028d\u2029e\x85f\x0bg\x0ch */ DROP TABLE canary; /*",
)
SENSITIVE = "s'; DROP TABLE canary; --"
INSENSITIVE = 'i"; DROP TABLE canary; -- `x` $$y$$ \\'
IDENTIFIER = "id\x1b[2J[/x]{{ 1 }}"
#: hierarchy labels and values: each breaks out of a string literal quoted the wrong way, or
#: reads as something else in some engine or setting
LABELS = (
    "x'); DROP TABLE canary; --",
    "back\\",
    "\\'",
    "$$",
    "$t$ DROP TABLE canary $t$",
    "${spark.app.name}",
    "-- c",
    "*/",
    "{{ 1 }}",
    "{% x %}",
    "名前 é",
    "tab\tcr\rnl\n",
    "\u2028",
    "\x1e",
    "`",
    '"',
    ";",
    "\\n",
)
ALL = 10**6
CANARY = "canary"
#: every kind of criterion :func:`_case` writes
ALL_KINDS = ("k", "hierarchical", "ordered", "allowed", "distinct", "nt")


def _criteria(sensitive: str, value: str) -> dict[str, dict[str, Any]]:
    """Criteria on the column ``sensitive``: the hierarchical and ordered distances and the
    allowed value write its hierarchy, its order and ``value`` into the SQL as literals;
    (n,t)-closeness writes the quasi-identifiers' hierarchies, and a guard per quasi-identifier
    whose comment prints its name."""
    return {
        "k": {"k-anonymity": {"k": 2}},
        "hierarchical": {"t-closeness": {"t": 0.6, "distance": "hierarchical", "attribute": sensitive}},
        "ordered": {"t-closeness": {"t": 0.6, "distance": "ordered", "attribute": sensitive}},
        "allowed": {
            "l-diversity": {
                "variant": "pd-recursive",
                "l": 2,
                "c": 3,
                "allowed": [value],
                "attribute": sensitive,
            }
        },
        "distinct": {"l-diversity": {"variant": "distinct", "l": 2, "attribute": sensitive}},
        "nt": {"nt-closeness": {"n": 2, "t": 0.6, "distance": "equal", "attribute": sensitive}},
    }


@dataclass
class Case:
    """A table (columns, rows), its configuration (without source and engine) and a node."""

    columns: list[str]
    rows: list[tuple[str, ...]]
    config: dict[str, Any]
    node: dict[str, int]


def _case(
    quasi: Sequence[str],
    others: Sequence[str],
    labels: Sequence[str],
    seed: int,
    kinds: Sequence[str] = ALL_KINDS,
) -> Case:
    """Quasi-identifiers ``quasi``, a sensitive, an insensitive and an identifier column named
    ``others``, hierarchies and values made of ``labels`` (distinct), random rows; the criteria
    ``kinds`` (keys of :func:`_criteria`)."""
    rng = random.Random(seed)
    sensitive, insensitive, identifier = others
    pool = list(labels)
    columns: dict[str, Any] = {}
    leaves: dict[str, list[str]] = {}
    for j, name in enumerate(quasi):
        # two groups of two leaves: leaves and group labels from the pool (each of its labels in
        # some column's), told apart per column
        values = [f"{pool[(4 * j + i) % len(pool)]}{j}.{i}" for i in range(4)]
        groups = [f"{pool[(4 * j + len(pool) // 2 + g) % len(pool)]}{j}g{g}" for g in range(2)]
        tree = {"*": {groups[0]: values[:2], groups[1]: values[2:]}}
        columns[name] = {"role": "quasi", "hierarchy": {"type": "tree", "tree": tree}}
        leaves[name] = values
    secrets = [f"{pool[(5 * i + 1) % len(pool)]}v{i}" for i in range(5)]
    columns[sensitive] = {
        "role": "sensitive",
        "hierarchy": {
            "type": "tree",
            "tree": {"*": {pool[1] + "a": secrets[:2], pool[2] + "b": secrets[2:]}},
        },
        "order": secrets,
    }
    columns[insensitive] = {"role": "insensitive"}
    columns[identifier] = {"role": "identifier"}
    rows = [
        (
            *(rng.choice(leaves[q]) for q in quasi),
            rng.choice(secrets),
            rng.choice(pool),
            f"person {i}",
        )
        for i in range(40)
    ]
    criteria = [_criteria(sensitive, secrets[0])[k] for k in kinds]
    config = {"columns": columns, "criteria": criteria, "suppression_limit": 0.5}
    return Case([*quasi, sensitive, insensitive, identifier], rows, config, {q: 1 for q in quasi})


def _quote(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _duckdb_source(folder: Path, case: Case) -> dict[str, Any]:
    """The case's table and a canary in a DuckDB file of ``folder``, and the configuration
    reading it (apply writes a table of out.duckdb)."""
    con = duckdb.connect(str(folder / "db.duckdb"))
    try:
        con.execute(f"CREATE TABLE people ({', '.join(_quote(c) + ' VARCHAR' for c in case.columns)})")
        con.executemany(f"INSERT INTO people VALUES ({', '.join('?' for _ in case.columns)})", case.rows)
        con.execute(f"CREATE TABLE {CANARY} AS SELECT 42 AS x")
    finally:
        con.close()
    return dict(
        case.config,
        source={"database": "db.duckdb", "table": "people"},
        output={"database": "out.duckdb", "table": "release"},
        overwrite=True,
    )


def _texts(rows: Sequence[Sequence[Any]]) -> Counter[tuple[str, ...]]:
    return Counter(tuple("" if v is None else str(v) for v in row) for row in rows)


def _written(compiled: Compiled) -> list[str]:
    """The statements of the script, in order: the release, then each written gate statement."""
    return ([compiled.release] if compiled.release else []) + [s.sql for s in compiled.statements if s.sql]


def _classes(rows: Sequence[Sequence[Any]], width: int) -> dict[tuple[Any, ...], tuple[int, float | None]]:
    out = {}
    for r in rows:
        measure = None if r[width + 1] is None or math.isinf(float(r[width + 1])) else float(r[width + 1])
        out[tuple(r[:width])] = (int(r[width]), measure)
    assert len(out) == len(rows)
    return out


def _same_as_check(
    compiled: Compiled, results: Sequence[Sequence[Sequence[Any]]], config: dict[str, Any], folder: Path
) -> None:
    """The gate's results (one per written statement of ``compiled``, no release) are check's
    violating classes, criterion by criterion; the guards return none."""
    want = api.check(config, base_dir=folder, show_violations=ALL)
    assert want.sql == {"gate": compiled.text()}  # the report carries the same script
    quasi = [n for n, c in config["columns"].items() if c["role"] == "quasi"]
    gate = [
        r
        for s, r in zip([s for s in compiled.statements if s.sql], results, strict=True)
        if "the labels of" not in s.criterion
    ]
    guards = [
        r
        for s, r in zip([s for s in compiled.statements if s.sql], results, strict=True)
        if "the labels of" in s.criterion
    ]
    assert guards and not any(guards)
    checks = [c for c in want.checks if c["criterion"] != IDENTIFIERS]
    assert len(gate) == len(checks)
    for entry, rows in zip(checks, gate, strict=True):
        assert entry["violating_classes"] == len(rows), entry
        listed = {
            tuple(v["class"][q] for q in quasi): (v["rows"], v["observed"])
            for v in entry.get("violations", [])
        }
        got = _classes(rows, len(quasi))
        assert got.keys() == listed.keys(), entry["criterion"]
        for key, (size, measure) in listed.items():
            g = got[key]
            assert g[0] == size and (
                (g[1] is None and measure is None)
                or (
                    g[1] is not None
                    and measure is not None
                    and math.isclose(g[1], measure, rel_tol=1e-9, abs_tol=1e-9)
                )
            ), (key, g, size, measure)


def _published(path: Path) -> Counter[tuple[str, ...]]:
    con = duckdb.connect(str(path), read_only=True)
    try:
        return _texts(con.sql("SELECT * FROM release").fetchall())
    finally:
        con.close()


def _run_duckdb(db: Path, script: str, expected: Sequence[str]) -> list[list[tuple[Any, ...]]]:
    """The script as DuckDB splits it, each statement run: the statements are ``expected``'s
    (none more), and the canary is still there."""
    con = duckdb.connect(str(db))
    try:
        statements = con.extract_statements(script)
        assert len(statements) == len(expected)
        results = [con.execute(s).fetchall() for s in statements]
        assert con.sql(f"SELECT x FROM {CANARY}").fetchall() == [(42,)]
    finally:
        con.close()
    return results


def _duckdb_cli(folder: Path, script: str) -> None:
    """The script piped into the DuckDB CLI (PyPI's duckdb-cli, whose version may not read the
    module's database files: the tables are copied in through Parquet) runs without an error,
    and runs no dot command; the canary is still there at the end."""
    cli = Path(sys.executable).parent / "duckdb"
    if not cli.is_file():
        if os.environ.get("SQLANON_CI"):
            raise AssertionError(f"no DuckDB CLI at {cli}: pip install -e '.[test]' installs duckdb-cli")
        return
    con = duckdb.connect(str(folder / "db.duckdb"))
    try:
        con.execute(f"COPY people TO '{folder / 'people.parquet'}' (FORMAT parquet)")
    finally:
        con.close()
    setup = (
        f"CREATE TABLE people AS FROM read_parquet('{folder / 'people.parquet'}');\n"
        f"CREATE TABLE {CANARY} AS SELECT 42 AS x;\n"
    )
    out = subprocess.run(
        [str(cli), "-bail", "-csv"],
        input=setup + script + f"\nSELECT 'canary ' || x AS c FROM {CANARY};\n",
        capture_output=True, text=True, timeout=120, cwd=folder,
    )  # fmt: skip
    assert out.returncode == 0 and not out.stderr, out.stderr
    assert out.stdout.endswith("c\ncanary 42\n"), out.stdout[-200:]
    assert not list(folder.glob("pwned*"))


def _on_duckdb(folder: Path, case: Case, gate: bool, cli: bool) -> dict[str, Any]:
    """The case through DuckDB: the release's script returns what apply publishes (nothing when
    apply publishes nothing), its gate finds nothing when apply published; ``gate``: the gate's
    script gives check's verdicts; ``cli``: both scripts run in the DuckDB CLI. Returns the
    configuration."""
    config = _duckdb_source(folder, case)
    texts = []
    if gate:
        compiled = api.compile_sql(config, base_dir=folder, dialect="duckdb")
        texts.append(compiled.text())
        results = _run_duckdb(folder / "db.duckdb", texts[-1], _written(compiled))
        _same_as_check(compiled, results, config, folder)
    compiled = api.compile_sql(config, node=case.node, base_dir=folder, dialect="duckdb")
    texts.append(compiled.text())
    results = _run_duckdb(folder / "db.duckdb", texts[-1], _written(compiled))
    report = api.apply(config, node=case.node, base_dir=folder)
    if report.passed:
        assert _texts(results[0]) == _published(folder / "out.duckdb")
        assert not any(results[1:])
    elif "failed its own gate" not in report.message:
        assert not results[0], report.message
    if cli:
        _duckdb_cli(folder, "\n".join(texts))
    return config


@pytest.mark.slow
def test_hostile_names_and_labels_in_duckdb(tmp_path: Path) -> None:
    case = _case(QUASI, (SENSITIVE, INSENSITIVE, IDENTIFIER), LABELS, 1)
    config = _on_duckdb(tmp_path, case, gate=True, cli=True)
    # the comments print the names, with what would end them escaped
    text = api.compile_sql(config, node=case.node, base_dir=tmp_path, dialect="duckdb").text()
    assert (
        "-- sqlanon release at the node z\\nDROP TABLE canary; --=1, q\\n.shell touch pwned_duckdb\\n=1"
        in text
    )
    assert all(line.isprintable() for line in text.splitlines() if line.startswith("--"))


# Hypothesis: random names and labels, DuckDB ---------------------------------------------

#: characters that mean something to SQL, its clients, Jinja, rich or a terminal
SPECIAL = list("\n\r\t\x0b\x0c\x1b\x1e\x85\u2028\u2029\u202e;'\"`\\$-*/{}%#[]:.!?@ ") + [
    "--",
    "*/",
    "/*",
    "$$",
    "{{",
    "{%",
]
text = st.lists(
    st.sampled_from(SPECIAL)
    | st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00", max_codepoint=0x2FFFF),
    min_size=1,
    max_size=8,
).map("".join)


def _distinct(names: list[str]) -> bool:
    """Names a table can hold together (DuckDB and Spark compare names case-insensitively) and
    PostgreSQL keeps whole (63 bytes)."""
    folded = [unicodedata.normalize("NFC", n).casefold() for n in names]
    return len(set(folded)) == len(folded) and all(len(n.encode()) <= 50 for n in names)


#: what ends a line somewhere (\n and \r in every engine's lexer, the others in editors and
#: clients): every quasi-identifier drawn holds one, where the node's comment prints it
BREAKS = ["\n", "\r", "\r\n", "\u2028", "\u2029", "\x85", "\x0b", "\x0c"]
broken = st.tuples(text, st.sampled_from(BREAKS), text).map("".join)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    quasi=st.lists(broken, min_size=2, max_size=2),
    others=st.lists(text, min_size=3, max_size=3),
    labels=st.lists(text, min_size=8, max_size=12, unique=True),
    seed=st.integers(0, 1000),
)
@pytest.mark.slow
def test_random_names_and_labels_in_duckdb(
    quasi: list[str], others: list[str], labels: list[str], seed: int
) -> None:
    assume(_distinct(quasi + others))
    with tempfile.TemporaryDirectory() as folder:
        case = _case(quasi, others, labels, seed, ALL_KINDS[:4])
        _on_duckdb(Path(folder), case, gate=False, cli=False)


# PostgreSQL and Spark: the same case, compared with DuckDB ---------------------------------


def _norm(value: Any) -> Any:
    """A result's value, comparable across engines: numbers to 9 significant digits."""
    if value is None or isinstance(value, (str, bool)):
        return value
    number = float(value)
    return number if math.isinf(number) else f"{number:.9g}"


def _same_results(got: Sequence[Sequence[Sequence[Any]]], want: Sequence[Sequence[Sequence[Any]]]) -> None:
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want, strict=True)):
        assert Counter(tuple(map(_norm, r)) for r in g) == Counter(tuple(map(_norm, r)) for r in w), i


def _duckdb_results(folder: Path, case: Case, nodes: Sequence[bool]) -> list[list[list[tuple[Any, ...]]]]:
    """What the DuckDB scripts of the case (without and with its node) return, statement by
    statement."""
    config = _duckdb_source(folder, case)
    out = []
    for node in nodes:
        compiled = api.compile_sql(
            config, node=case.node if node else None, base_dir=folder, dialect="duckdb"
        )
        out.append(_run_duckdb(folder / "db.duckdb", compiled.text(), _written(compiled)))
    return out


def test_hostile_names_and_labels_in_postgres(tmp_path: Path, compiled_pg: Any, postgres: Any) -> None:
    """The scripts through psql (standard_conforming_strings on and off), and each statement
    through psycopg in both settings: DuckDB's results, the canary there, no psql command run."""
    import psycopg

    from tests.support import pgserver

    case = _case(QUASI, (SENSITIVE, INSENSITIVE, IDENTIFIER), LABELS, 2)
    pgserver.load(compiled_pg, "compiled", "hostile", [(c, "text") for c in case.columns], case.rows)
    compiled_pg.execute(f"DROP TABLE IF EXISTS public.{CANARY}")
    compiled_pg.execute(f"CREATE TABLE public.{CANARY} AS SELECT 42 AS x")
    engine = {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}
    config = dict(case.config, source={"table": "compiled.hostile"}, engine=engine)
    psql = pgserver.binaries() / "psql"  # type: ignore[operator]
    got = []
    for node in (case.node, None):
        compiled = api.compile_sql(config, node=node, base_dir=tmp_path)
        assert compiled.dialect == "postgres"
        script = tmp_path / "script.sql"
        script.write_text(compiled.text(), encoding="utf-8", newline="")
        for setting in ("on", "off"):
            env = dict(
                os.environ,
                PGPASSWORD=os.environ[postgres.password_env],
                PGOPTIONS=f"-c standard_conforming_strings={setting}",
            )
            out = subprocess.run(
                [str(psql), "-X", "-q", "-v", "ON_ERROR_STOP=1", "-f", str(script), postgres.url],
                capture_output=True, text=True, env=env, timeout=120, cwd=tmp_path,
            )  # fmt: skip
            assert not list(tmp_path.glob("pwned*"))
            assert compiled_pg.execute(f"SELECT x FROM public.{CANARY}").fetchall() == [(42,)]
            assert out.returncode == 0, out.stderr[-2000:]
            # a result per statement written: psql ends each with its row count
            footers = re.findall(r"^\(\d+ rows?\)$", out.stdout, flags=re.M)
            assert len(footers) == len(_written(compiled)), out.stdout[-2000:]
            with psycopg.connect(
                postgres.url, password=os.environ[postgres.password_env], autocommit=True
            ) as con:
                con.execute(f"SET standard_conforming_strings = {setting}")
                got.append([con.execute(s).fetchall() for s in _written(compiled)])
    compiled_pg.execute(f"DROP TABLE public.{CANARY}")
    (tmp_path / "duckdb").mkdir()
    gate, release = _duckdb_results(tmp_path / "duckdb", case, (False, True))
    for results, want in zip(got, (release, release, gate, gate), strict=True):
        _same_results(results, want)


def _spark_split(spark: Any, script: str) -> list[str]:
    """The statements of ``script`` as spark-sql splits a file (Spark's own parser)."""
    split = spark._jsparkSession.sessionState().sqlParser().splitStatements(script)
    statements = split.completeStatements()
    assert not str(split.partialStatement()).strip()
    return [str(statements.apply(i).statement()) for i in range(statements.length())]


def test_hostile_names_and_labels_in_spark(tmp_path: Path, spark: Any) -> None:
    """The scripts split as spark-sql splits them: no statement more than written. The gate of
    the source and the release run (DuckDB's results; the release, whose maps hold every label,
    also with spark.sql.parser.escapedStringLiterals on); the release's gate is parsed only (its
    plan is large for Spark's analyzer: a second or more per statement, where DuckDB and
    PostgreSQL run it above). k-anonymity alone keeps it cheap; the canary is still there."""
    from pyspark.sql.types import StringType, StructField, StructType

    case = _case(QUASI, (SENSITIVE, INSENSITIVE, IDENTIFIER), LABELS, 3, ("k",))
    schema = StructType([StructField(c, StringType()) for c in case.columns])
    spark.createDataFrame(case.rows, schema).createOrReplaceTempView("hostile_people")
    spark.sql(f"DROP TABLE IF EXISTS {CANARY}")
    spark.sql(f"CREATE TABLE {CANARY} USING parquet AS SELECT 42 AS x")
    parser = spark._jsparkSession.sessionState().sqlParser()
    try:
        config = dict(case.config, source={"table": "hostile_people"}, engine={"kind": "spark"})
        compiled = api.compile_sql(config, base_dir=tmp_path)
        assert compiled.dialect == "spark"
        statements = _spark_split(spark, compiled.text())
        assert len(statements) == len(_written(compiled))
        got = [[[tuple(r) for r in spark.sql(s).collect()] for s in statements]]
        compiled = api.compile_sql(config, node=case.node, base_dir=tmp_path)
        statements = _spark_split(spark, compiled.text())
        assert len(statements) == len(_written(compiled)) and compiled.release is not None
        for statement in statements:
            parser.parsePlan(statement)
        got.append([[tuple(r) for r in spark.sql(statements[0]).collect()]])
        spark.conf.set("spark.sql.parser.escapedStringLiterals", "true")
        try:
            got.append([[tuple(r) for r in spark.sql(statements[0]).collect()]])
        finally:
            spark.conf.unset("spark.sql.parser.escapedStringLiterals")
        assert [tuple(r) for r in spark.sql(f"SELECT x FROM {CANARY}").collect()] == [(42,)]
    finally:
        spark.sql(f"DROP TABLE IF EXISTS {CANARY}")
        spark.catalog.dropTempView("hostile_people")
    gate, release = _duckdb_results(tmp_path, case, (False, True))
    for results, want in zip(got, (gate, release[:1], release[:1]), strict=True):
        _same_results(results, want)


def test_a_name_spark_would_substitute_is_refused_for_spark(tmp_path: Path, spark: Any) -> None:
    """Spark replaces ${name} inside backquotes too, so the name cannot be written: compile for
    spark refuses it, naming it; for the other dialects it is written."""
    name = "${spark.app.name}"
    probe = spark.newSession()  # as spark-sql runs a script: substitution on (Spark's default)
    probe.conf.set("spark.sql.variable.substitute", "true")
    assert probe.sql(f"SELECT 1 AS `{name}`").columns != [name]  # why: Spark substitutes it
    case = _case(QUASI[:1], (SENSITIVE, name, IDENTIFIER), LABELS, 4, ("k",))
    config = dict(case.config, source={"table": "t"}, engine={"kind": "spark"})
    with pytest.raises(
        ConfigError, match=r"The name '\$\{spark.app.name\}' cannot be written into spark SQL"
    ):
        api.compile_sql(config, node=case.node, base_dir=tmp_path)
    with pytest.raises(ConfigError, match="cannot be written into spark SQL"):
        api.compile_sql(dict(config, source={"table": "${x}"}), base_dir=tmp_path)
    on_postgres = dict(config, engine={"kind": "postgres", "url": "postgresql://nowhere"})
    assert api.compile_sql(on_postgres, node=case.node, base_dir=tmp_path).release is not None
