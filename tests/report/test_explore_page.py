"""``sqlanon explore --html``, opened in headless Chromium (tests/report/conftest.py): the page
loads with no console message and no request but its own file, its table has a line per setting
as the JSON document says, and its chart draws a bar of loss and of suppressed rows per setting
(none for a setting without a node)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import yaml
from click.testing import CliRunner

from sqlanon.cli import main
from sqlanon.demo import write_demo
from tests.report.test_html import _open


def test_explores_page_draws_its_chart_offline(browser: Any, tmp_path: Path) -> None:
    anonymize_yaml, _ = write_demo(tmp_path, rows=400)
    config = yaml.safe_load(anonymize_yaml.read_text())
    config["criteria"] = config["criteria"][:1]  # k-anonymity: reuse applies
    path = tmp_path / "explore.yaml"
    path.write_text(yaml.safe_dump(config))
    html, document = tmp_path / "e.html", tmp_path / "e.json"
    result = CliRunner().invoke(
        main,
        [
            "explore",
            str(path),
            "--vary",
            "k=2,5,400",
            "--vary",
            "suppression_limit=0,0.05",
            "--html",
            str(html),
        ]
        + ["--json", str(document)],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(document.read_text())
    page = _open(browser, html)
    assert page["messages"] == [] and page["requests"] == [html.resolve().as_uri()]
    (table,) = [t for t in page["tables"] if t[0][:2] == ["k", "suppression_limit"]]
    assert len(table) == 1 + len(data["settings"]) == 7
    gates = {True: "passes", False: "FAILS"}
    for line, entry in zip(table[1:], data["settings"], strict=True):
        assert line[-1] == ("no node" if entry["node"] is None else gates[entry["passed"]])
    # one chart of two bar charts: a bar per setting with a node, in each
    with_node = sum(entry["node"] is not None for entry in data["settings"])
    assert len(page["marks"]) == 1
    assert _bars(browser, html) == 2 * with_node
    assert "sqlanon explore: 6 settings" in page["text"]


def _bars(browser: Any, path: Path) -> int:
    """The bars the page's charts drew (the bar marks' paths, not the axes' lines)."""
    page = browser.new_page()
    page.goto(path.resolve().as_uri())
    page.wait_for_selector(".chart svg", timeout=20_000)
    count = int(page.eval_on_selector_all(".chart svg .role-mark.mark-rect path", "ps => ps.length"))
    page.close()
    return count
