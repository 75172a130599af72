"""Project hygiene: lint, types, templates, documentation of every command."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import jinja2
import pytest
from click.testing import CliRunner

from sqlanon.cli import main
from sqlanon.resources import shipped_dir
from sqlanon.sql.render import _environment

ROOT = Path(__file__).resolve().parents[1]


def _tool(name: str) -> str:
    path = shutil.which(name) or str(Path(sys.executable).parent / name)
    if not Path(path).exists():
        pytest.skip(f"{name} is not installed (pip install -e '.[test]')")
    return path


def test_ruff_clean() -> None:
    paths = [p for p in ("sqlanon", "tests", "benchmarks", "docs", "tools") if (ROOT / p).is_dir()]
    result = subprocess.run([_tool("ruff"), "check", *paths], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
def test_mypy_strict_clean() -> None:
    result = subprocess.run([_tool("mypy")], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_template_has_a_header_and_renders_only_with_all_parameters() -> None:
    templates = sorted(p for p in shipped_dir("sql_templates").glob("*.sql") if not p.name.startswith("_"))
    assert templates
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(shipped_dir("sql_templates"))), undefined=jinja2.StrictUndefined
    )
    for name in set(_environment().filters) - set(jinja2.Environment().filters):
        env.filters[name] = str  # sqlanon's own filters (ident, literal, key, ...), as plain text
    for path in templates:
        text = path.read_text(encoding="utf-8")
        assert text.startswith(f"-- {path.name}:"), path.name
        assert "Output:" in text, path.name
        with pytest.raises((jinja2.UndefinedError, TypeError)):
            env.get_template(path.name).render()


def test_every_cli_command_is_documented() -> None:
    commands = (ROOT / "docs" / "commands.md").read_text(encoding="utf-8")
    for name in main.commands:
        assert re.search(rf"sqlanon {name}\b", commands), f"command {name} is not in docs/commands.md"
        result = CliRunner().invoke(main, [name, "--help"])
        assert result.exit_code == 0 and result.output.strip()


def test_readme_quick_start_has_exactly_two_bash_blocks() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    quick = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```bash\n(.*?)```", quick, flags=re.S)
    assert len(blocks) == 2
    assert "sqlanon demo" in blocks[0]
    assert "pytest" in blocks[1]
