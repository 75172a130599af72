"""``compile --dialect D`` from a configuration whose source is a table, with no engine section:
the SQL names the table as given and nothing connects (the table exists nowhere here: an
engine that read it, DuckDB's default included, would fail). The PostgreSQL statements are run
on the tests' server against the same rows loaded there and compared with ``check`` on DuckDB.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import sqlglot
import yaml
from click.testing import CliRunner
from sqlglot import exp

from sqlanon import api
from sqlanon.cli import main
from sqlanon.compile import DIALECTS, TESTED, UNTESTED
from sqlanon.engines import KINDS
from sqlanon.errors import ConfigError
from tests.compile.test_standalone import _case, _on_postgres, _same_classes
from tests.compile.test_standalone import _demo as standalone_demo

#: schema and table written as given (case and a space kept: quoted identifiers)
SCHEMA, TABLE = "Staging", "people list"
#: an engine that would fail at once if compile connected to it
NOWHERE = {"kind": "postgres", "url": "postgresql://nobody@127.0.0.1:1/none"}


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    return standalone_demo(tmp_path_factory.mktemp("no-engine"), 1)


def _on_table(base: dict[str, Any]) -> dict[str, Any]:
    config = {k: v for k, v in base.items() if k != "engine"}
    return dict(config, source={"table": f'"{SCHEMA}"."{TABLE}"'})


def _tables(sql: str, dialect: str) -> set[tuple[str, str]]:
    """The (schema, name) of every table a statement reads, parsed back in its dialect."""
    read = TESTED.get(dialect, dialect)
    tree = sqlglot.parse_one(sql, read=read)
    ctes = {c.alias_or_name for c in tree.find_all(exp.CTE)}
    return {(t.db, t.name) for t in tree.find_all(exp.Table) if t.name not in ctes}


@pytest.mark.parametrize("dialect", DIALECTS)
def test_compile_of_a_table_needs_no_engine(demo: tuple[Path, dict[str, Any]], dialect: str) -> None:
    folder, base = demo
    config = _on_table(base)
    assert "engine" not in config
    compiled = api.compile_sql(config, dialect=dialect, base_dir=folder)
    assert compiled.dialect == dialect and compiled.statements
    for s in compiled.statements:
        assert s.sql is not None, s.why
        assert _tables(s.sql, dialect) == {(SCHEMA, TABLE)}
    # the same with an engine section compile must not connect to
    assert api.compile_sql(dict(config, engine=NOWHERE), dialect=dialect, base_dir=folder) == compiled


def test_compile_at_the_command_line_with_no_engine(
    demo: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    """The command prints the script, whose header says how the dialect is verified."""
    folder, base = demo
    path = folder / "on-table.yaml"
    path.write_text(yaml.safe_dump(_on_table(base)))
    for dialect in DIALECTS:
        result = CliRunner().invoke(main, ["compile", str(path), "--dialect", dialect])
        assert result.exit_code == 0, result.output
        head = result.output.splitlines()[0]
        if dialect in UNTESTED:
            assert head.endswith("not tested by sqlanon on the engine (parsed back only)"), head
        else:
            assert (
                head == f"-- sqlanon gate, {dialect} dialect, run on {KINDS[dialect].name} by sqlanon's tests"
            )


def test_the_release_of_a_node_with_no_engine(tmp_path: Path) -> None:
    """--node with hierarchies written in (trees, files) needs no engine; one that a builder makes
    from the values is refused, naming the column and what to do."""
    (tmp_path / "sex.csv").write_text("F;*\nM;*\n")
    config: dict[str, Any] = {
        "source": {"table": "public.people"},
        "columns": {
            "zip": {
                "role": "quasi",
                "hierarchy": {"type": "tree", "tree": {"*": {"476**": ["47677", "47602"]}}},
            },
            "sex": {"role": "quasi", "hierarchy": "sex.csv"},
            "disease": {"role": "sensitive"},
        },
        "criteria": [{"k-anonymity": {"k": 2}}],
    }
    for dialect in DIALECTS:
        compiled = api.compile_sql(config, dialect=dialect, node="zip=1,sex=0", base_dir=tmp_path)
        assert compiled.release is not None
        assert _tables(compiled.release, dialect) == {("public", "people")}
    built = dict(
        config,
        columns=dict(
            config["columns"], age={"role": "quasi", "hierarchy": {"type": "intervals", "widths": [10]}}
        ),
    )
    with pytest.raises(ConfigError) as err:
        api.compile_sql(built, dialect="postgres", node="zip=1,sex=0,age=1", base_dir=tmp_path)
    message = str(err.value)
    assert "Quasi-identifier 'age'" in message and "builder" in message
    assert "hierarchy file" in message and "engine: {kind: postgres" in message
    # the gate alone reads nothing: it is written
    assert api.compile_sql(built, dialect="postgres", base_dir=tmp_path).statements


@pytest.mark.parametrize("seed", [0, 1])
def test_the_printed_postgres_sql_of_a_table_with_no_engine_equals_check(
    demo: tuple[Path, dict[str, Any]], compiled_pg: Any, postgres: Any, seed: int
) -> None:
    """Compiled with no engine section, run on PostgreSQL against the same rows loaded there:
    each statement lists the classes check lists on DuckDB."""
    folder, base = demo
    case = next(c for s in range(seed * 50, seed * 50 + 50) if (c := _case(folder, base, s)) is not None)
    rows, config, want = case
    loaded = _on_postgres(compiled_pg, postgres, 900 + seed, rows, config)
    on_table = {k: v for k, v in loaded.items() if k != "engine"}
    compiled = api.compile_sql(on_table, dialect="postgres", base_dir=folder)
    _same_classes(want, [compiled_pg.execute(s.sql).fetchall() for s in compiled.statements])
