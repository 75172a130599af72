"""``sqlanon schema``, ``sqlanon validate`` (with and without ``--connect``) and the pre-commit
hook of .pre-commit-hooks.yaml.

``validate`` checks a configuration as its command reads it, reading no data: exit 0 and one
line, or exit 2 with the very message the command gives. ``--connect`` opens the engine and
checks from its catalog and the files' headers that the source (and population) exist and hold
the configured columns, naming what is missing, and never prints a value of the data.
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
from pathlib import Path
from typing import Any

import duckdb
import psycopg
import pytest
import yaml
from click.testing import CliRunner, Result

from sqlanon import api
from sqlanon.cli import main
from sqlanon.config.schema import schema_text
from sqlanon.demo import generate_people, write_demo
from sqlanon.errors import DataError
from tests.cli.test_cli import sqlanon_exe
from tests.support.pgserver import Server

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args), catch_exceptions=True)


@pytest.fixture
def demo(tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    """The demo's anonymize.yaml (over 30 rows) and its configuration."""
    anonymize_yaml, _ = write_demo(tmp_path, rows=30)
    return anonymize_yaml, yaml.safe_load(anonymize_yaml.read_text(encoding="utf-8"))


def _write(folder: Path, config: dict[str, Any], name: str = "config.yaml") -> Path:
    path = folder / name
    path.write_text(yaml.safe_dump(config, sort_keys=False), encoding="utf-8")
    return path


def test_schema_prints_the_shipped_schema() -> None:
    done = run("schema")
    assert done.exit_code == 0
    assert json.loads(done.output) == json.loads(schema_text())
    assert run("report-schema").exit_code == 0  # the report's own, kept


def test_valid_configuration_one_line_and_no_data_read(demo: tuple[Path, dict[str, Any]]) -> None:
    path, _ = demo
    (path.parent / "people.csv").unlink()  # nothing is read: the source may be gone
    done = run("validate", str(path))
    assert done.exit_code == 0, done.output
    assert done.output == f"sqlanon: {path} is a valid configuration for anonymize.\n"


#: what validate adds to anonymize's error when the configuration is a valid gate's
CHECK_HINT = " (It is a valid configuration for check: sqlanon validate --command check.)"


@pytest.mark.parametrize(
    ("change", "said", "a_gates"),
    [
        (lambda c: c["columns"]["name"].update(role="identifer"), "Unknown role for column 'name'", False),
        (lambda c: c.update(serch="optimal"), "Unknown configuration key(s) ['serch']", False),
        (lambda c: c["criteria"][0]["k-anonymity"].update(k="five"), "k must be a whole number", False),
        (lambda c: c.pop("output"), "needs 'output'", True),
    ],
)
def test_invalid_configuration_exits_2_with_the_message_anonymize_gives(
    demo: tuple[Path, dict[str, Any]], change: Any, said: str, a_gates: bool
) -> None:
    """The same error as anonymize's, word for word; when the configuration is a valid one for
    check (a gate's: no output), and --command was not given, validate says so after it."""
    path, config = demo
    change(config)
    _write(path.parent, config, "anonymize.yaml")
    done = run("validate", str(path))
    assert done.exit_code == 2
    assert said in done.output
    anonymized = run("anonymize", str(path))
    assert anonymized.exit_code == 2
    assert done.output == anonymized.output.rstrip("\n") + (CHECK_HINT if a_gates else "") + "\n"
    # asked as anonymize in so many words: anonymize's error alone
    assert run("validate", str(path), "--command", "anonymize").output == anonymized.output


def test_as_another_command(demo: tuple[Path, dict[str, Any]]) -> None:
    """check needs no output and no hierarchies; anonymize does."""
    path, config = demo
    config.pop("output")
    for spec in config["columns"].values():
        if spec["role"] == "quasi":
            spec.pop("hierarchy", None)
    _write(path.parent, config, "anonymize.yaml")
    assert run("validate", str(path), "--command", "check").exit_code == 0
    refused = run("validate", str(path))
    assert refused.exit_code == 2 and "needs a hierarchy" in refused.output


def test_as_explore(demo: tuple[Path, dict[str, Any]]) -> None:
    """explore needs no output, as audit; a Mondrian search is refused with explore's own message."""
    path, config = demo
    config.pop("output")
    _write(path.parent, config, "anonymize.yaml")
    assert run("validate", str(path), "--command", "explore").exit_code == 0
    assert run("validate", str(path)).exit_code == 2  # anonymize needs an output
    config.update(search="mondrian", metric="ncp", suppression_limit=0)
    _write(path.parent, config, "anonymize.yaml")
    refused = run("validate", str(path), "--command", "explore")
    explored = run("explore", str(path), "--vary", "k=2,3")
    assert refused.exit_code == explored.exit_code == 2
    assert "search is mondrian" in refused.output and refused.output == explored.output


def test_several_files_each_named(demo: tuple[Path, dict[str, Any]]) -> None:
    path, config = demo
    config["search"] = "genetic"
    bad = _write(path.parent, config, "bad.yaml")
    done = run("validate", str(path), str(bad))
    assert done.exit_code == 2
    assert f"sqlanon: {path} is a valid configuration" in done.output
    assert f"sqlanon: error: {bad}: Unknown search: 'genetic'" in done.output


def test_connect_names_what_the_source_lacks(demo: tuple[Path, dict[str, Any]], tmp_path: Path) -> None:
    path, config = demo
    done = run("validate", str(path), "--connect")
    assert done.exit_code == 0, done.output
    assert done.output.rstrip().endswith("the engine has the source's 6 columns.")

    config["columns"]["salery"] = config["columns"].pop("salary")
    config["criteria"] = [c for c in config["criteria"] if "salary" not in json.dumps(c)]
    _write(path.parent, config, "anonymize.yaml")
    assert run("validate", str(path)).exit_code == 0  # the configuration itself is fine
    missing = run("validate", str(path), "--connect")
    assert missing.exit_code == 2
    assert "Column(s) ['salery'] are configured but not in the source" in missing.output
    rows = generate_people(30)
    assert not any(str(r["zip"]) in missing.output for r in rows)  # names, never values

    (path.parent / "people.csv").unlink()
    gone = run("validate", str(path), "--connect")
    assert gone.exit_code == 2 and "people.csv' does not exist" in gone.output


def test_connect_names_a_missing_duckdb_table(demo: tuple[Path, dict[str, Any]]) -> None:
    path, config = demo
    database = path.parent / "warehouse.duckdb"
    with duckdb.connect(str(database)) as con:
        con.execute("CREATE SCHEMA staging")
        con.execute(f"CREATE TABLE staging.people AS SELECT * FROM read_csv('{path.parent / 'people.csv'}')")
    config["source"] = {"database": "warehouse.duckdb", "table": "staging.people"}
    _write(path.parent, config, "anonymize.yaml")
    assert run("validate", str(path), "--connect").exit_code == 0
    config["source"]["table"] = "staging.peple"
    _write(path.parent, config, "anonymize.yaml")
    done = run("validate", str(path), "--connect")
    assert done.exit_code == 2
    assert "there is no table 'staging.peple' in that database" in done.output


def test_connect_says_a_gates_file_is_valid_for_check_only_when_its_table_is_there(
    demo: tuple[Path, dict[str, Any]],
) -> None:
    """A gate's configuration (no output) read as anonymize reads it: with --connect, validate
    adds that it is valid for check only when check's own validation, connecting too, passes:
    not over a table the database lacks."""
    path, config = demo
    database = path.parent / "warehouse.duckdb"
    with duckdb.connect(str(database)) as con:
        con.execute(f"CREATE TABLE people AS SELECT * FROM read_csv('{path.parent / 'people.csv'}')")
    config.pop("output")
    config["source"] = {"database": "warehouse.duckdb", "table": "people"}
    _write(path.parent, config, "anonymize.yaml")
    there = run("validate", str(path), "--connect")
    assert there.exit_code == 2 and "needs 'output'" in there.output
    assert there.output.rstrip("\n").endswith(CHECK_HINT), there.output
    config["source"]["table"] = "peple"
    _write(path.parent, config, "anonymize.yaml")
    missing = run("validate", str(path), "--connect")
    assert missing.exit_code == 2 and "needs 'output'" in missing.output
    assert CHECK_HINT not in missing.output, missing.output
    checked = run("validate", str(path), "--connect", "--command", "check")
    assert checked.exit_code == 2 and "there is no table 'peple' in that database" in checked.output


def test_connect_on_postgres(postgres: Server) -> None:
    """A table of the server: missing, then present without a configured column."""
    engine = {"kind": "postgres", "url": postgres.url, "password_env": postgres.password_env}
    config: dict[str, Any] = {
        "source": {"table": "validate_t.people"},
        "columns": {"g": "quasi", "s": "sensitive", "x": "insensitive"},
        "criteria": [{"k-anonymity": {"k": 2}}],
        "engine": engine,
    }
    with psycopg.connect(postgres.url, password=os.environ[postgres.password_env], autocommit=True) as con:
        con.execute("DROP SCHEMA IF EXISTS validate_t CASCADE")
        con.execute("CREATE SCHEMA validate_t")
        with pytest.raises(DataError, match="there is no table 'people' in schema 'validate_t'"):
            api.validate(config, command="check", connect=True)
        con.execute("CREATE TABLE validate_t.people (g text, s integer)")
        con.execute("INSERT INTO validate_t.people VALUES ('secret-value', 1)")
        with pytest.raises(
            DataError, match=r"Column\(s\) \['x'\] are configured but not in the source"
        ) as err:
            api.validate(config, command="check", connect=True)
        assert "secret-value" not in str(err.value)
        del config["columns"]["x"]
        done = api.validate(config, command="check", connect=True)
        assert done.checked == ("the source's 2 columns",)
        config["columns"]["g"] = {"role": "quasi", "hierarchy": {"type": "mask"}}
        config["output"] = {"table": "validate_nowhere.release"}
        with pytest.raises(
            DataError, match="in the schema 'validate_nowhere', which the engine does not have"
        ):
            api.validate(config, connect=True)
        config["output"] = {"table": "validate_t.release"}
        done = api.validate(config, connect=True)
        assert done.checked == ("the source's 2 columns", "the output's schema")
        con.execute("DROP SCHEMA validate_t CASCADE")


# -- the pre-commit hook ----------------------------------------------------------------------


def test_pre_commit_hook_runs_sqlanon_validate(demo: tuple[Path, dict[str, Any]]) -> None:
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    (hook,) = [h for h in hooks if h["id"] == "sqlanon-validate"]
    assert hook["language"] == "python" and hook["entry"] == "sqlanon validate"
    path, config = demo
    entry = shlex.split(hook["entry"])
    assert entry[0] == "sqlanon"
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH")) if p),
    }

    def commit(*files: Path) -> subprocess.CompletedProcess[str]:
        # as pre-commit runs the hook: its entry, then the staged files that match
        command = [*sqlanon_exe(), *entry[1:], *(str(f) for f in files)]
        return subprocess.run(command, capture_output=True, text=True, env=env, timeout=120, check=False)

    good = commit(path)
    assert good.returncode == 0, good.stderr
    config["metric"] = "precsion"
    bad = commit(path, _write(path.parent, config, "bad.yaml"))
    assert bad.returncode == 2
    assert "Unknown metric: 'precsion'" in bad.stderr


def test_pre_commit_hook_matches_sqlanon_yaml_files_by_default() -> None:
    import re

    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    pattern = re.compile(hooks[0]["files"])
    for name in ("sqlanon.yaml", "people.sqlanon.yml", "configs/gate.sqlanon.yaml"):
        assert pattern.search(name), name
    for name in ("dbt_project.yml", "hierarchies/age.yaml", "notsqlanon.yaml.bak"):
        assert not pattern.search(name), name


def test_hierarchy_files_are_read_not_the_data(demo: tuple[Path, dict[str, Any]]) -> None:
    """A hierarchy written out is loaded and checked; a builder's file must exist; the data is
    not read (the source is gone)."""
    path, config = demo
    (path.parent / "people.csv").unlink()
    (path.parent / "hierarchies" / "sex.csv").unlink()
    done = run("validate", str(path))
    assert done.exit_code == 2 and "sex.csv" in done.output
    config["columns"]["sex"]["hierarchy"] = "builtin:sex"
    config["columns"]["age"]["hierarchy"] = "hierarchies/ages.yaml"
    _write(path.parent, config, "anonymize.yaml")
    done = run("validate", str(path))
    assert done.exit_code == 2 and "ages.yaml" in done.output and "does not exist" in done.output
    config["columns"]["age"]["hierarchy"] = "hierarchies/age.yaml"
    _write(path.parent, config, "anonymize.yaml")
    assert run("validate", str(path)).exit_code == 0
