"""The fixtures of the HTML report's tests: one headless Chromium per worker (the browser
tests share one xdist group, so one per run), for the page (test_html.py) and the notebook's
display (test_notebook.py)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Chromium from the system's package (never a downloaded build). In CI a missing
    browser fails the tests; elsewhere they are skipped with the reason."""
    executable = shutil.which("chromium") or shutil.which("chromium-browser")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as err:  # pragma: no cover - the test extras install it
        if os.environ.get("SQLANON_CI"):
            raise
        pytest.skip(f"playwright is not installed ({err})")
    if executable is None:
        if os.environ.get("SQLANON_CI"):
            raise RuntimeError("no chromium: .ci/run installs Debian's package chromium")
        pytest.skip("no chromium on this machine: apt-get install chromium")
    with sync_playwright() as p:
        launched = p.chromium.launch(executable_path=executable, args=["--no-sandbox"])
        try:
            yield launched
        finally:
            launched.close()
