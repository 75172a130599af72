"""The SQL each engine would run: snapshots per engine, and the DuckDB-only constructs left.

Every statement DuckDB runs in a set of runs that touch every template (``anonymize`` with each
model of the catalogue, with suppression, Mondrian, ``check``) is recorded as canonical SQL
(temp-table numbers, the run's folder and staging names normalized; the NUL character, which the encoding uses as the NULL
sentinel, written ``\x00``), rewritten by each engine's rules and generated in its dialect.
``tests/snapshots/engines/<kind>.sql`` holds them, sorted, so a reviewer sees every change of
emitted SQL in the diff; regenerate with ``SQLANON_UPDATE_SNAPSHOTS=1 pytest
tests/test_engine_sql.py``. The rules themselves are tested on small trees below.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
import sqlglot
import yaml
from sqlglot import exp

from sqlanon import api
from sqlanon.demo import write_demo
from sqlanon.engines import Engine
from sqlanon.engines.base import Params, SqlLike
from sqlanon.engines.duckdb.engine import DuckDBEngine
from sqlanon.engines.rules import RULES, leftovers, rewrite
from sqlanon.release import run

SNAPSHOTS = Path(__file__).resolve().parent / "snapshots" / "engines"
KINDS = [k for k in RULES if k != "duckdb"]
DIALECTS = {"postgres": "postgres", "spark": "spark"}

#: models added to k=5 in the recorded runs (with the demo's columns), one run each
MODELS: list[dict[str, Any]] = [
    {"l-diversity": {"variant": "distinct", "l": 2, "attribute": "disease"}},
    {"l-diversity": {"variant": "entropy", "l": 2, "attribute": "disease"}},
    {"l-diversity": {"variant": "pd-recursive", "c": 3, "l": 2, "attribute": "disease", "allowed": ["flu"]}},
    {"t-closeness": {"t": 0.3, "distance": "equal", "attribute": "disease"}},
    {"t-closeness": {"t": 0.3, "distance": "variational", "attribute": "disease"}},
    {"t-closeness": {"t": 0.5, "distance": "kl", "attribute": "disease"}},
    {"t-closeness": {"t": 0.5, "distance": "js", "attribute": "disease"}},
    {
        "t-closeness": {
            "t": 0.5,
            "distance": "smoothed-js",
            "ground": "ordered",
            "bandwidth": 2,
            "attribute": "salary",
        }
    },
    {"alpha-k-anonymity": {"alpha": 0.6, "k": 5, "attribute": "disease"}},
    {"nt-closeness": {"n": 50, "t": 0.3, "distance": "equal", "attribute": "disease"}},
    {"delta-disclosure": {"delta": 3, "attribute": "disease"}},
    {"beta-likeness": {"beta": 3, "variant": "enhanced", "attribute": "disease"}},
    {"dissimilarity": {"epsilon": 1000, "delta": 0.1, "k": 5, "distance": "numeric", "attribute": "salary"}},
]

_TEMP_NUMBER = re.compile(r"(__sqlanon_[A-Za-z_]+?)_\d+")
_STAGING = re.compile(r"\.sqlanon-[^/']+?\.tmp")


class Recorder(DuckDBEngine):
    """DuckDB that also records the canonical SQL of every statement it runs."""

    statements: ClassVar[set[str]] = set()
    #: the run's folder, written <demo> in the snapshots
    folder: ClassVar[str] = ""

    def _keep(self, sql: SqlLike) -> None:
        # with the templates' header comments (DuckDB itself gets the statement without them):
        # they say which template each statement of the snapshots comes from
        text = sql if isinstance(sql, str) else sql.sql(dialect="duckdb")
        if not text.lstrip().upper().startswith(("SET ", "DESCRIBE", "CHECKPOINT")):
            text = _STAGING.sub(".sqlanon-STAGING.tmp", text.replace(Recorder.folder, "<demo>"))
            Recorder.statements.add(_TEMP_NUMBER.sub(r"\1_N", text))

    def execute(self, sql: SqlLike, params: Params = None) -> None:
        self._keep(sql)
        super().execute(sql, params)

    def fetchall(self, sql: SqlLike, params: Params = None) -> list[tuple[Any, ...]]:
        self._keep(sql)
        return super().fetchall(sql, params)


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[list[str]]:
    folder = tmp_path_factory.mktemp("engine_sql")
    anonymize_yaml, check_yaml = write_demo(folder, rows=400)
    base = yaml.safe_load(anonymize_yaml.read_text())
    original = run.open_engine

    def recording(settings: Any) -> Engine:
        return Recorder(memory_limit=settings.memory_limit, threads=settings.threads)

    run.open_engine = recording  # type: ignore[assignment]
    Recorder.statements = set()
    Recorder.folder = str(folder)
    try:
        api.anonymize(base, base_dir=folder, html=folder / "report.html")  # + the distances' bins
        for model in MODELS:
            config = dict(base, criteria=[{"k-anonymity": {"k": 5}}, model], suppression_limit=0.02)
            api.anonymize(config, base_dir=folder)
        api.anonymize(dict(base, search="mondrian", metric="gcp", suppression_limit=0), base_dir=folder)
        api.anonymize(dict(base, search="incognito", suppression_limit=0), base_dir=folder)
        api.check(yaml.safe_load(check_yaml.read_text()), base_dir=folder)
        api.audit(dict(base, suppression_limit=0.02), base_dir=folder)
    finally:
        run.open_engine = original  # type: ignore[assignment]
    yield sorted(Recorder.statements)


def _for(kind: str, text: str) -> exp.Expr:
    return rewrite(sqlglot.parse_one(text, read="duckdb"), kind)


@pytest.mark.parametrize("kind", KINDS)
def test_snapshot_of_each_engines_sql(recorded: list[str], kind: str) -> None:
    lines = []
    for text in recorded:
        tree = _for(kind, text)
        left = leftovers(tree, kind)
        sql = tree.sql(DIALECTS[kind]).replace("\x00", "\\x00")  # the NULL sentinel, readable
        lines.append(("-- DuckDB-only, no rule yet: " + ", ".join(left) + "\n" if left else "") + sql + ";\n")
    got = "\n".join(lines)
    path = SNAPSHOTS / f"{kind}.sql"
    if os.environ.get("SQLANON_UPDATE_SNAPSHOTS"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(got)
    assert path.exists(), f"no snapshot {path}; run with SQLANON_UPDATE_SNAPSHOTS=1"
    assert got == path.read_text(), (
        f"the {kind} SQL changed: review it and run with SQLANON_UPDATE_SNAPSHOTS=1"
    )


def test_recorded_runs_touch_the_templates(recorded: list[str]) -> None:
    """The runs cover the search, publish and gate statements (a snapshot of little would say little)."""
    assert len(recorded) > 100
    joined = "\n".join(recorded)
    for marker in ("GROUP BY", "COPY", "UNNEST", "OVER ("):
        assert marker in joined, marker
