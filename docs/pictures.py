"""Redraw the pictures of the HTML report (docs/html-*.png, shown in docs/report.md and docs/commands.md).

    python docs/pictures.py            # needs the test and html extras (Playwright, altair) and Debian's chromium

Each picture is a whole page as headless Chromium draws it: the demo's ``anonymize`` run, a
``check`` of the demo's source as it is (with three violating classes per criterion asked for),
and an ``audit`` of the demo's data under k-anonymity alone (where the attacks find classes).
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

import yaml
from click.testing import CliRunner
from playwright.sync_api import sync_playwright

from sqlanon.cli import main
from sqlanon.demo import write_demo

HERE = Path(__file__).resolve().parent


def _run(*args: str) -> None:
    result = CliRunner().invoke(main, list(args))
    if result.exit_code == 2:
        sys.exit(f"sqlanon {args[0]} failed: {result.output}")


def main_() -> None:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if chromium is None:
        sys.exit("no chromium: apt-get install chromium")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        anonymize, _ = write_demo(folder, rows=5000)
        config = yaml.safe_load(anonymize.read_text())
        k_only = folder / "k-only.yaml"
        k_only.write_text(yaml.safe_dump(dict(config, criteria=[{"k-anonymity": {"k": 5}}]), sort_keys=False))
        pages = {
            "html-report.png": folder / "anonymize.html",
            "html-check.png": folder / "check.html",
            "html-audit.png": folder / "audit.html",
        }
        _run("anonymize", str(anonymize), "--html", str(pages["html-report.png"]))
        _run("check", str(anonymize), "--html", str(pages["html-check.png"]), "--show-violations", "3")
        _run("audit", str(k_only), "--html", str(pages["html-audit.png"]))
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            for picture, page_path in pages.items():
                page = browser.new_page(viewport={"width": 1100, "height": 800})
                page.goto(page_path.as_uri())
                for chart in page.eval_on_selector_all(".chart", "divs => divs.map(d => d.id)"):
                    page.wait_for_selector(f"#{chart} svg")
                page.screenshot(path=str(HERE / picture), full_page=True)
                page.close()
                print(f"wrote docs/{picture}")
            browser.close()


if __name__ == "__main__":
    main_()
