"""The reports in a notebook: what IPython's display takes from a :class:`Report` or an
:class:`AuditReport` (``_repr_mimebundle_``, ``_repr_html_``), and that HTML as a notebook page
holds it: three reports' fragments side by side in one page, opened in headless Chromium
(tests/report/conftest.py). IPython is not a dependency: the methods are called as its display
calls them."""

from __future__ import annotations

import csv
import re
from pathlib import Path
from typing import Any

import pytest
import yaml

from sqlanon import api
from sqlanon.demo import write_demo
from sqlanon.report.audit import AuditReport
from sqlanon.report.model import Report
from tests.report.pages import CHARTS_JS

#: the root element of a report's fragment, and its id
ROOT = re.compile(r'^\s*<div class="sqlanon-report" id="(sqlanon-[0-9a-f]{12})">')


@pytest.fixture(scope="module")
def reports(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The demo's source (600 rows) checked as it is (failing: small classes, the names still
    there), without and with --show-violations, and audited; and the source's values."""
    folder = tmp_path_factory.mktemp("notebook")
    anonymize_yaml, check_yaml = write_demo(folder, rows=600)
    check = dict(yaml.safe_load(check_yaml.read_text()), source="people.csv")
    audit = dict(yaml.safe_load(anonymize_yaml.read_text()), criteria=[{"k-anonymity": {"k": 3}}])
    with (folder / "people.csv").open(encoding="utf-8") as fh:
        rows = list(csv.DictReader(fh))
    return {
        "plain": api.check(check, base_dir=folder),
        "shown": api.check(check, base_dir=folder, show_violations=3),
        "audit": api.audit(audit, base_dir=folder),
        "rows": rows,
    }


def _zips(report: Report) -> set[str]:
    """The zip labels of the violating classes the report lists (five digits: no count or
    figure of the report reads so)."""
    return {str(entry["class"]["zip"]) for c in report.checks for entry in c.get("violations") or []}


def test_what_ipython_displays(reports: dict[str, Any]) -> None:
    """The display data: HTML (a fragment: no page, no script, its own ids) and the text
    report, narrowed as IPython asks."""
    for report in (reports["plain"], reports["audit"]):
        bundle = report._repr_mimebundle_()
        assert set(bundle) == {"text/html", "text/plain"}
        assert bundle["text/plain"] == report.text()
        assert set(report._repr_mimebundle_(include={"text/plain"})) == {"text/plain"}
        assert set(report._repr_mimebundle_(exclude={"text/html"})) == {"text/plain"}
        fragment = bundle["text/html"]
        again = report._repr_html_()
        first, second = ROOT.match(fragment), ROOT.match(again)
        assert first and second and first[1] != second[1]  # an id per display
        assert again.replace(second[1], first[1]) == fragment
        assert not re.search(r"<(html|head|body|script|link|iframe)\b", fragment, re.IGNORECASE)
        ids = re.findall(r'\bid="([^"]+)"', fragment)
        assert len(ids) == len(set(ids)) and all(i.startswith(first[1]) for i in ids)
        refs = re.findall(r'(?:url\(#|href="#)([^)"]+)', fragment)
        assert set(refs) <= set(ids)
        assert "<svg" in fragment and "sqlanon[html]" not in fragment


def test_a_report_that_cannot_be_drawn_shows_why_and_never_raises() -> None:
    """Jupyter hides a display's exception: the fragment says what happened instead (the kind
    of error, not its message)."""
    broken = Report("check", False, 1, None, None, checks=[{"criterion": "k-anonymity"}])
    fragment = broken._repr_html_()
    assert ROOT.match(fragment)
    assert "sqlanon could not draw this report as HTML (KeyError)" in fragment
    assert set(broken._repr_mimebundle_()) == {"text/html", "text/plain"}
    audit = AuditReport(1, ["k-anonymity (k=2)"], 0.0, {}, {})  # no settings to list
    assert "could not draw this report" in audit._repr_html_()


def test_reports_side_by_side_in_a_notebook_page(
    browser: Any, reports: dict[str, Any], tmp_path: Path
) -> None:
    """Three fragments in one page, with a notebook's own style around them: each shows its
    verdict, its checks and its charts; the ids and the styles of one never reach another (nor
    the page); nothing is fetched, nothing logged; values only where --show-violations asked."""
    import altair as alt

    from sqlanon.report.html import build

    names = ("plain", "shown", "audit")
    fragments = {name: reports[name]._repr_html_() for name in names}
    page_path = tmp_path / "notebook.html"
    page_path.write_text(
        '<!DOCTYPE html><html><head><meta charset="utf-8"><title>a notebook</title>'
        "<style>td { padding: 17px; } .verdict { color: rgb(1, 2, 3); }</style></head><body>"
        '<div class="verdict" id="outside">the notebook\'s own</div><div style="display: flex">'
        + "".join(f'<div class="output" style="flex: 1">{fragments[n]}</div>' for n in names)
        + "</div></body></html>",
        encoding="utf-8",
    )
    page = browser.new_page(viewport={"width": 2400, "height": 1200})
    messages: list[str] = []
    requests: list[str] = []
    page.on("console", lambda m: messages.append(f"{m.type}: {m.text}"))
    page.on("pageerror", lambda e: messages.append(f"pageerror: {e}"))
    page.on("request", lambda r: requests.append(r.url))
    page.goto(page_path.resolve().as_uri())
    roots = page.eval_on_selector_all(".sqlanon-report", "rs => rs.map(r => r.id)")
    assert len(roots) == 3 and len(set(roots)) == 3
    ids = page.eval_on_selector_all("[id]", "es => es.map(e => e.id)")
    assert len(ids) == len(set(ids))
    # every reference to an id (a legend's gradient) stays inside its own report
    strays = page.evaluate(
        """() => Array.from(document.querySelectorAll('[fill^="url(#"], [stroke^="url(#"]')).filter(e => {
            const id = (e.getAttribute('fill') || e.getAttribute('stroke')).slice(5, -1);
            const target = document.getElementById(id);
            return !target || target.closest('.sqlanon-report') !== e.closest('.sqlanon-report');
        }).length"""
    )
    assert strays == 0
    # the notebook's style does not reach into a report, a report's does not reach out
    outside = page.eval_on_selector(
        "#outside", "e => [getComputedStyle(e).color, getComputedStyle(e).backgroundColor]"
    )
    assert outside == ["rgb(1, 2, 3)", "rgba(0, 0, 0, 0)"]
    for root in roots:
        assert page.eval_on_selector(f"#{root} td", "e => getComputedStyle(e).paddingTop") != "17px"
    texts = {}
    for name, root in zip(names, roots, strict=True):
        report = reports[name]
        texts[name] = page.inner_text(f"#{root}")
        verdict = page.inner_text(f"#{root} .verdict")
        if name == "audit":
            n = len(report.nodes)
            assert verdict == f"sqlanon audit: {n} minimal node{'s' if n != 1 else ''}"
        else:
            assert verdict == "sqlanon check: FAILED"
            rows = page.eval_on_selector_all(
                f"#{root} table",
                "ts => ts.map(t => Array.from(t.rows).map(r => Array.from(r.cells).map(c => c.innerText)))",
            )
            (checks,) = [t for t in rows if len(t[0]) > 1 and t[0][1] == "criterion"]
            assert [r[0] for r in checks[1:]] == ["ok" if c["passed"] else "FAIL" for c in report.checks]
            assert [r[-1] for r in checks[1:]] == [f"{c['violating_rows']:,}" for c in report.checks]
            assert page.inner_text(f"#{root} .source") == "Table checked: people.csv"
        # every chart the page would draw, drawn (the page's own count: html.build)
        charts = page.eval_on_selector(f"#{root}", CHARTS_JS)
        assert len(charts) == len(build(report, alt).specs) >= 2
        assert all(c["marks"] > 0 and c["title"] for c in charts), charts
    assert messages == []
    assert requests == [page_path.resolve().as_uri()]
    page.close()
    # values: none but the violating classes --show-violations asked for
    labels = _zips(reports["shown"])
    assert labels and all(label in texts["shown"] for label in labels)
    assert not any(label in texts["plain"] for label in labels)
    for name in names:
        for row in reports["rows"]:
            assert row["name"] not in texts[name] and row["disease"] not in texts[name]
        if name != "shown":
            assert not any(row["zip"] in texts[name] for row in reports["rows"])
