"""Shared fixtures: where the shared data lives (never copied into the project), and one real
PostgreSQL server per test run."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests import pgserver

SHARED = Path(__file__).resolve().parents[2] / "shared" / "data"


@pytest.fixture(scope="session")
def shared_data() -> Path:
    if not SHARED.is_dir():
        pytest.skip(f"shared data folder {SHARED} is not available")
    return SHARED


@pytest.fixture(scope="session")
def postgres() -> Iterator[pgserver.Server]:
    """One real PostgreSQL server for the whole test run (see tests/pgserver.py). In CI
    (``SQLANON_CI`` set) a server that cannot start fails the tests; elsewhere they are skipped
    with the reason."""
    try:
        server = pgserver.start()
    except (RuntimeError, OSError, subprocess.SubprocessError) as err:
        detail = getattr(err, "stderr", None) or str(err)
        if os.environ.get("SQLANON_CI"):
            raise
        pytest.skip(f"no PostgreSQL server for these tests: {detail}")
    try:
        yield server
    finally:
        pgserver.stop(server)
