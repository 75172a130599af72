"""A virtual environment with real dbt-core, dbt-duckdb, dbt-postgres and dbt-spark (its
``session`` method: a local pyspark inside the dbt process) for the dbt package's tests. dbt
lives in a venv of its own: dbt-core 1.10 pins pathspec below 0.13, which the test venv's mypy
cannot use. It is made once per version set, under the user's cache folder, and reused by later
runs; DuckDB is pinned to the test venv's version so both read the same database files, and
pyspark to the test venv's (the same Spark as the Spark tests)."""

from __future__ import annotations

import fcntl
import hashlib
import os
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

import duckdb

ROOT = Path(__file__).resolve().parents[2]


def _pyspark_version() -> str:
    """The test venv's pyspark (dbt-spark's session method runs it inside dbt), read without
    importing it."""
    from importlib.metadata import version

    return version("pyspark")


#: the versions the tests run (dbt-core 1.10.x works offline here; dbt-postgres 1.11 supports it),
#: and sqlanon's own dependencies: dbt Python models import sqlanon from the checkout (PYTHONPATH)
PINS = (
    "dbt-core==1.10.23",
    "dbt-duckdb==1.11.1",
    "dbt-postgres==1.11.0",
    "dbt-spark[session]==1.11.0",
    f"duckdb=={duckdb.__version__}",
    f"pyspark=={_pyspark_version()}",
    *(
        d
        for d in tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
        if not d.startswith("duckdb")
    ),
)


def _folder() -> Path:
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    key = hashlib.sha256(" ".join((sys.version, *PINS)).encode()).hexdigest()[:12]
    return cache / "sqlanon-tests" / f"dbt-{key}"


def dbt_executable() -> Path:
    """The ``dbt`` program of the venv, made (pip install of :data:`PINS`) if missing."""
    folder = _folder()
    folder.parent.mkdir(parents=True, exist_ok=True)
    done = folder / ".complete"
    with open(folder.parent / f"{folder.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            venv.EnvBuilder(clear=True, with_pip=True).create(folder)
            subprocess.run(
                [
                    str(folder / "bin" / "python"),
                    "-m",
                    "pip",
                    "install",
                    "-q",
                    "--disable-pip-version-check",
                    *PINS,
                ],
                check=True,
                capture_output=True,
                text=True,
                timeout=900,
            )
            done.write_text(" ".join(PINS))
    return folder / "bin" / "dbt"
