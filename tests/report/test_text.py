"""The text report (report/text.py): aligned facts and checks, how the search went only with
--verbose, lines wrapped to a terminal's width and whole otherwise, and no sensitive value from
a criterion's value lists."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from sqlanon import api
from sqlanon.cli import main
from sqlanon.demo import write_demo


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("text")
    return folder, yaml.safe_load(write_demo(folder, rows=400)[0].read_text())


def _table(text: str) -> list[str]:
    """The checks table's lines: its header and rows (up to the blank line before the section
    "Why not finer")."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if "criterion" in line and "observed" in line)
    end = next((i for i in range(start, len(lines)) if not lines[i].strip()), len(lines))
    return [line for line in lines[start:end] if not line.lstrip().startswith("violating classes of")]


def test_the_checks_are_aligned_in_columns(demo: tuple[Path, dict[str, Any]]) -> None:
    folder, config = demo
    report = api.anonymize(dict(config, overwrite=True), base_dir=folder)
    header, *rows = _table(report.text())
    assert len(rows) == len(report.checks)
    # right-aligned numbers end under their header; names start under theirs
    for column in ("observed", "violating classes", "rows"):
        end = header.index(column) + len(column)
        for row, check in zip(rows, report.checks, strict=True):
            value = f"{check['violating_rows']:,}" if column == "rows" else None
            if value is not None and check["criterion"] != "risk":
                assert row[:end].endswith(value), (row, column)
    start = header.index("criterion")
    for row, check in zip(rows, report.checks, strict=True):
        assert row[start:].startswith(check["criterion"]), row
        assert row.lstrip().split()[0] == ("ok" if check["passed"] else "FAIL")


@pytest.mark.slow
def test_verbose_adds_how_the_search_went(demo: tuple[Path, dict[str, Any]]) -> None:
    folder, config = demo
    path = folder / "verbose.yaml"
    path.write_text(yaml.safe_dump(dict(config, overwrite=True)))
    short = CliRunner().invoke(main, ["anonymize", str(path)])
    verbose = CliRunner().invoke(main, ["anonymize", str(path), "--verbose"])
    assert short.exit_code == verbose.exit_code == 0, short.output
    for line in ("minimal nodes", "search ", "discernibility"):
        assert line not in short.output and line in verbose.output, line
    for line in ("node ", "rows ", "risk ", "written "):
        assert line in short.output and line in verbose.output, line


@pytest.mark.slow
def test_lines_wrap_to_a_terminal_and_stay_whole_otherwise(demo: tuple[Path, dict[str, Any]]) -> None:
    folder, config = demo
    report = api.anonymize(
        dict(config, overwrite=True, warn_suppressed=0.0, suppression_limit=0.2), base_dir=folder
    )
    whole = report.text()
    warnings = [line for line in whole.splitlines() if line.lstrip().startswith("warning")]
    assert warnings and all(any(w in line for line in warnings) for w in report.warnings)
    narrow = report.text(width=60)
    # every line fits but the one saying where the release went: a path stays whole, to be copied
    written = [line for line in narrow.splitlines() if line.lstrip().startswith("written")]
    assert written == [f"  written    {report.output}"]
    assert all(len(line) <= 60 for line in narrow.splitlines() if line not in written), narrow
    assert " ".join(narrow.split()).count("warning") == len(report.warnings)
    # the checks no longer fit as a table: each stacks its figures, a figure never broken from
    # its name
    lines = narrow.splitlines()
    for c in report.checks:
        observed = c["observed"]
        if isinstance(observed, float):
            assert any(f"observed {observed:.6g}" in line for line in lines), (observed, narrow)
        if c["violating_rows"]:
            assert any(f"rows {c['violating_rows']:,}" in line for line in lines), narrow


def test_a_criterions_value_lists_are_not_printed(demo: tuple[Path, dict[str, Any]]) -> None:
    folder, config = demo
    pd = {
        "l-diversity": {"variant": "pd-recursive", "l": 2, "c": 3, "allowed": ["flu"], "attribute": "disease"}
    }
    report = api.anonymize(
        dict(config, overwrite=True, criteria=[{"k-anonymity": {"k": 2}}, pd]), base_dir=folder
    )
    text = report.text(verbose=True)
    assert "l-diversity (pd-recursive, l=2, c=3)" in text and "flu" not in text


@pytest.mark.slow
def test_a_long_verdict_stays_one_line_when_piped(demo: tuple[Path, dict[str, Any]]) -> None:
    """Not on a terminal, no line is cut, however long (a log greps whole lines)."""
    folder, config = demo
    # Mondrian checks every limit on its release (a lattice search meets these: no node then)
    limits = {"prosecutor_highest": 0.001, "prosecutor_average": 0.0001, "marketer": 0.0001}
    config = dict(config, search="mondrian", metric="gcp", suppression_limit=0)
    report = api.anonymize(dict(config, overwrite=True, risk=limits), base_dir=folder)
    assert not report.passed and len(report.message) > 400, report.message
    assert report.text().splitlines()[0] == f"sqlanon anonymize: FAILED - {report.message}"
    path = folder / "limits.yaml"
    path.write_text(yaml.safe_dump(dict(config, overwrite=True, risk=limits), sort_keys=False))
    piped = CliRunner().invoke(main, ["anonymize", str(path)])
    assert piped.exit_code == 1
    assert piped.output.splitlines()[0] == f"sqlanon anonymize: FAILED - {report.message}"


def test_names_and_paths_are_shown_as_text_with_control_characters_escaped(tmp_path: Path) -> None:
    """Columns named with rich markup, a line break, ESC, a carriage return and a bidirectional
    control, written to a file whose name holds some too: the report shows each name as it is
    written (markup as text, the others escaped as \\n, \\x1b, ...), and no line of it holds a
    character a terminal acts on."""
    import duckdb

    quasi = ["[/x]", "[bold]b[/bold]", "a\x1b[2Jb"]
    sensitive = "s\nDROP\r\u202eline"
    con = duckdb.connect(str(tmp_path / "db.duckdb"))
    names = [*quasi, sensitive]
    con.execute("CREATE TABLE t (" + ", ".join('"' + n.replace('"', '""') + '" VARCHAR' for n in names) + ")")
    con.executemany(
        "INSERT INTO t VALUES (?, ?, ?, ?)", [(f"{i % 2}", "x", "y", f"v{i % 3}") for i in range(12)]
    )
    con.close()
    tree = {"type": "tree", "tree": {"*": {"g": ["0", "1", "x", "y"]}}}
    config = {
        "source": {"database": "db.duckdb", "table": "t"},
        "columns": {
            **{q: {"role": "quasi", "hierarchy": tree} for q in quasi},
            sensitive: {"role": "sensitive"},
        },
        "criteria": [{"k-anonymity": {"k": 2}}, {"l-diversity": {"l": 2, "attribute": sensitive}}],
        "output": "out\x1b[31m\nfile.csv",
    }
    report = api.apply(config, node={q: 1 for q in quasi}, base_dir=tmp_path)
    assert report.passed, report.message
    for text in (report.text(), report.text(verbose=True), report.text(width=40)):
        assert all(line.isprintable() for line in text.splitlines()), text
        folded = "".join(text.split())
        for shown in (
            "[/x]=1",
            "[bold]b[/bold]=1",
            "a\\x1b[2Jb=1",
            "s\\nDROP\\r\\u202eline",
            "out\\x1b[31m\\nfile.csv",
        ):
            assert shown in folded, (shown, text)
