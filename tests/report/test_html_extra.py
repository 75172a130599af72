"""The HTML report's packages are an extra (``pip install "sqlanon[html]"``): without them
``--html`` is refused before any work, saying what to install, and everything else runs.

"Without them" is made real in a subprocess whose ``PYTHONPATH`` starts with a folder holding
``altair/__init__.py`` and ``vl_convert/__init__.py`` that raise ``ModuleNotFoundError`` as
Python's import system raises it for a package that is not installed (same class, message and
``name``). Python imports the first ``altair`` on its path, so the installed packages are never
reached: to sqlanon this is the base install. (A whole venv without the extra is what the
shim stands for; building one per test run would download and install every dependency.)
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from sqlanon.demo import write_demo
from sqlanon.report.html import PACKAGES

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def without_html(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder that, first on PYTHONPATH, hides the html extra's packages."""
    shim = tmp_path_factory.mktemp("no-html-extra")
    for module in PACKAGES:
        (shim / module).mkdir()
        (shim / module / "__init__.py").write_text(
            f"raise ModuleNotFoundError({f'No module named {module!r}'!r}, name={module!r})\n",
            encoding="utf-8",
        )
    return shim


def _python(shim: Path, code: str, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(shim), str(REPO)]), "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-c", code, *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=env,
        cwd=cwd,
        timeout=300,
        check=False,
    )


def _cli(shim: Path, *args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return _python(shim, "from sqlanon.cli import main; main()", *args, cwd=cwd)


def test_the_shim_hides_the_packages(without_html: Path) -> None:
    """The shim does what it stands for: importing either package fails as a missing one."""
    for module in PACKAGES:
        done = _python(without_html, f"import {module}")
        assert done.returncode == 1
        assert f"ModuleNotFoundError: No module named {module!r}" in done.stderr


def test_importing_sqlanon_imports_neither_package(without_html: Path) -> None:
    """Nothing imports altair or vl_convert at import time (checked in a real install too, where
    they would import: sys.modules must not hold them)."""
    code = (
        "import sys, sqlanon, sqlanon.cli, sqlanon.api, sqlanon.report.files, sqlanon.report.html\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {sorted(PACKAGES)!r}))\n"
    )
    for shim in (without_html, Path(os.devnull)):  # hidden, and installed (the devnull entry is inert)
        done = _python(shim, code)
        assert done.returncode == 0, done.stderr
        assert done.stdout.strip() == "[]"


@pytest.mark.parametrize("command", ["anonymize", "apply", "check", "audit"])
def test_html_without_the_extra_is_refused_before_any_work(
    without_html: Path, tmp_path: Path, command: str
) -> None:
    anonymize_path, check_path = write_demo(tmp_path / "demo", 40)
    before = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*"))
    config = check_path if command == "check" else anonymize_path
    extra = ["--node", "age=1,zip=1,sex=0"] if command == "apply" else []
    done = _cli(
        without_html,
        command,
        str(config),
        *extra,
        "--html",
        str(tmp_path / "page.html"),
        "--report",
        str(tmp_path / "report.json"),
    )
    assert done.returncode == 2, done.stderr
    assert done.stdout == ""
    message = done.stderr.strip()
    assert message.startswith(
        "sqlanon: error: The HTML report (--html, html=) needs altair and vl-convert-python"
    )
    assert 'pip install "sqlanon[html]"' in message
    assert "Traceback" not in message and message.count("\n") == 0
    # nothing written: no release, no report, no page, not even their folders
    assert sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*")) == before


def test_the_api_refuses_html_without_the_extra(without_html: Path, tmp_path: Path) -> None:
    anonymize_path, _ = write_demo(tmp_path / "demo", 40)
    code = (
        "import sys, sqlanon\n"
        "from sqlanon.errors import InputError\n"
        "try:\n"
        "    sqlanon.anonymize(sys.argv[1], html=sys.argv[2])\n"
        "except InputError as err:\n"
        "    print(type(err).__name__, err)\n"
    )
    done = _python(without_html, code, str(anonymize_path), str(tmp_path / "page.html"))
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("InputError The HTML report (--html, html=) needs altair")
    assert not (tmp_path / "page.html").exists()
    assert not (tmp_path / "demo" / "out").exists()


def test_everything_else_runs_without_the_extra(without_html: Path, tmp_path: Path) -> None:
    """The demo (anonymize and check with a JSON report), audit and compile, with the packages
    hidden."""
    demo = _cli(without_html, "demo", "--dir", str(tmp_path / "demo"), "--rows", "300")
    assert demo.returncode == 0, demo.stderr
    anonymize_path = tmp_path / "demo" / "anonymize.yaml"
    audit = _cli(without_html, "audit", str(anonymize_path), "--report", str(tmp_path / "audit.json"))
    assert audit.returncode in (0, 1), audit.stderr
    assert (tmp_path / "audit.json").is_file()
    compiled = _cli(without_html, "compile", str(tmp_path / "demo" / "check.yaml"))
    assert compiled.returncode == 0, compiled.stderr
    assert "sqlanon gate" in compiled.stdout


def test_a_notebook_shows_the_report_without_the_extra(without_html: Path, tmp_path: Path) -> None:
    """Without altair and vl-convert a report still displays in a notebook: its verdict and
    tables, no chart, and a line saying what to install for them (never an exception: Jupyter
    would show nothing)."""
    anonymize_path, check_path = write_demo(tmp_path / "demo", 40)
    code = (
        "import sys, pathlib, yaml, sqlanon\n"
        "config = yaml.safe_load(open(sys.argv[2])) | {'source': 'people.csv'}\n"  # the demo's source as it is
        "check = sqlanon.check(config, base_dir=pathlib.Path(sys.argv[2]).parent)\n"
        "audit = sqlanon.audit(sys.argv[1])\n"
        "for report in (check, audit):\n"
        "    bundle = report._repr_mimebundle_()\n"
        "    assert bundle['text/plain'] == report.text()\n"
        "    print(report._repr_html_())\n"
        "    print('=====')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('altair', 'vl_convert')))\n"
    )
    done = _python(without_html, code, str(anonymize_path), str(check_path))
    assert done.returncode == 0, done.stderr
    *fragments, loaded = done.stdout.split("=====\n")
    assert loaded.strip() == "[]"
    verdicts = ['<div class="verdict failed">sqlanon check: FAILED</div>', "sqlanon audit: "]
    for fragment, verdict in zip(fragments, verdicts, strict=True):
        assert fragment.lstrip().startswith('<div class="sqlanon-report" id="sqlanon-')
        assert verdict in fragment
        assert "<table>" in fragment and "<svg" not in fragment and 'class="chart"' not in fragment
        assert "The charts need the html extra: pip install &#34;sqlanon[html]&#34;." in fragment
        assert "could not draw" not in fragment
    assert "<th>criterion</th>" in fragments[0]
