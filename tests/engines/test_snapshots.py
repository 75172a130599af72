from __future__ import annotations

import difflib
import importlib.util
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
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
from tests.support.randomdata import people_config, random_people_case

SNAPSHOTS = Path(__file__).resolve().parents[1] / "snapshots" / "engines"
TEMPLATES = Path(__file__).resolve().parents[2] / "sql_templates"
#: duckdb's snapshots are the canonical SQL (it has no rules); an engine's kind is its dialect
KINDS = list(RULES)
#: one worker records the runs under pytest-xdist (``--dist loadgroup``), not each worker
pytestmark = pytest.mark.xdist_group("engine_sql")

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
#: a template's header comment, first line (``-- name.sql: what it does`` in the template)
_TEMPLATE = re.compile(r"/\* (\w+)\.sql:")
#: the most lines of one file's diff a failure shows
_DIFF_LINES = 80


class Recorder(DuckDBEngine):
    """DuckDB that also records the canonical SQL of every statement it runs, and which of
    sqlanon's modules (outside the engines) sent it."""

    #: canonical text -> the modules that sent it
    statements: ClassVar[dict[str, set[str]]] = {}
    #: the run's folder, written <demo> in the snapshots
    folder: ClassVar[str] = ""

    def _keep(self, sql: SqlLike) -> None:
        # with the templates' header comments (DuckDB itself gets the statement without them):
        # they name the snapshot file a statement goes to (and show in it where sqlglot keeps
        # them on parsing: it drops those after CREATE ... AS and inside a CTE, as the engines do)
        text = sql if isinstance(sql, str) else sql.sql(dialect="duckdb")
        if not text.lstrip().upper().startswith(("SET ", "DESCRIBE", "CHECKPOINT")):
            text = _STAGING.sub(".sqlanon-STAGING.tmp", text.replace(Recorder.folder, "<demo>"))
            Recorder.statements.setdefault(_TEMP_NUMBER.sub(r"\1_N", text), set()).add(_sender())

    def execute(self, sql: SqlLike, params: Params = None) -> None:
        self._keep(sql)
        super().execute(sql, params)

    def fetchall(self, sql: SqlLike, params: Params = None) -> list[tuple[Any, ...]]:
        self._keep(sql)
        return super().fetchall(sql, params)


def _sender() -> str:
    """The innermost of sqlanon's modules on the stack that is not an engine's."""
    frame: FrameType | None = sys._getframe(1)
    while frame is not None:
        module = str(frame.f_globals.get("__name__", ""))
        if module.startswith("sqlanon.") and not module.startswith("sqlanon.engines"):
            return module
        frame = frame.f_back
    return "sqlanon.engines"


def _file(text: str, senders: set[str]) -> str:
    """The snapshot file of a canonical statement: its templates, in the order their headers
    come, or (none) the module that sent it (the first by name, when several did)."""
    templates = list(dict.fromkeys(_TEMPLATE.findall(text)))
    return ("+".join(templates) if templates else min(senders)) + ".sql"


@pytest.fixture(scope="module")
def recorded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """Every canonical statement of the runs, sorted, with the snapshot file it goes to."""
    folder = tmp_path_factory.mktemp("engine_sql")
    anonymize_yaml, check_yaml = write_demo(folder, rows=400)
    base = yaml.safe_load(anonymize_yaml.read_text())
    original = run.open_engine

    def recording(settings: Any) -> Engine:
        return Recorder(memory_limit=settings.memory_limit, threads=settings.threads)

    run.open_engine = recording  # type: ignore[assignment]
    Recorder.statements = {}
    Recorder.folder = str(folder)
    try:
        api.anonymize(base, base_dir=folder, html=folder / "report.html")  # + the distances' bins
        for model in MODELS:
            config = dict(base, criteria=[{"k-anonymity": {"k": 5}}, model], suppression_limit=0.02)
            api.anonymize(config, base_dir=folder)
        mondrian = dict(base, search="mondrian", metric="gcp", suppression_limit=0)
        api.anonymize(
            dict(mondrian, risk={"prosecutor_average": 0.05, "records_at_risk": 0.5}), base_dir=folder
        )
        # Mondrian with a population: k-map and the journalist budgets (mondrian_population.sql)
        api.anonymize(
            dict(
                mondrian,
                population=base["source"],
                criteria=[*base["criteria"], {"k-map": {"k": 5}}],
                risk={"journalist_average": 0.1, "journalist_records_at_risk": 0.5},
            ),
            base_dir=folder,
        )
        api.anonymize(dict(base, search="incognito", suppression_limit=0), base_dir=folder)
        # the population models and the journalist limits, batched (the table a sample of itself)
        population = [{"k-anonymity": {"k": 5}}, {"k-map": {"k": 10}}, {"delta-presence": {"delta_max": 1}}]
        journalist = {"journalist_average": 0.2, "journalist_records_at_risk": 0.5}
        api.anonymize(
            dict(
                base, population=base["source"], criteria=population, suppression_limit=0.02, risk=journalist
            ),
            base_dir=folder,
        )
        # differential privacy: the sample (dp_sample.sql), then SafePub's walk
        dp = {
            key: value
            for key, value in base.items()
            if key not in ("criteria", "suppression_limit", "search")
        }
        dp["differential_privacy"] = {"epsilon": 2.0, "delta": 1e-3, "steps": 3, "seed": 1}
        api.anonymize(dp, base_dir=folder)
        api.check(yaml.safe_load(check_yaml.read_text()), base_dir=folder)
        api.audit(dict(base, suppression_limit=0.02), base_dir=folder)
        # person: counted over people (anonymize and check): quasi-identifiers constant per
        # person, varying per person (classes of sets), and sensitive-value models over people;
        # (n,t)-closeness over varying people (its supersets formed from their sets of tuples)
        for people in (
            _people_config(folder, "people"),
            _people_config(folder, "varying", varying=True),
            _people_config(folder, "values", criteria=PEOPLE_MODELS),
            _people_config(folder, "varying_values", varying=True, criteria=PEOPLE_MODELS),
            _people_config(folder, "varying_nt", varying=True, criteria=PEOPLE_NT),
        ):
            api.anonymize(people, base_dir=folder)
            gate = {key: value for key, value in people.items() if key != "output"}
            gate["columns"] = {  # the quasi-identifiers as they are (no hierarchy)
                name: {"role": "quasi"} if spec["role"] == "quasi" else spec
                for name, spec in people["columns"].items()
            }
            api.check(gate, base_dir=folder)
    finally:
        run.open_engine = original  # type: ignore[assignment]
    yield {text: _file(text, senders) for text, senders in sorted(Recorder.statements.items())}


#: sensitive-value models over people, for the snapshots (sens: a sensitive column)
PEOPLE_MODELS: list[dict[str, Any]] = [
    {"k-anonymity": {"k": 2}},
    {"l-diversity": {"variant": "entropy", "l": 1.5, "attribute": "sens"}},
    {"t-closeness": {"t": 0.4, "distance": "equal", "attribute": "sens"}},
    {"delta-disclosure": {"delta": 3, "attribute": "sens"}},
]


#: (n,t)-closeness over people, for the snapshots
PEOPLE_NT: list[dict[str, Any]] = [
    {"k-anonymity": {"k": 2}},
    {"nt-closeness": {"n": 4, "t": 0.3, "distance": "equal", "attribute": "sens"}},
]


def _people_config(
    folder: Path, name: str, varying: bool = False, criteria: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """A run with ``person:`` on a random one-to-many table (three quasi-identifiers, people
    suppressed; ``varying``: people's quasi-identifiers vary) in ``folder/name``, its paths
    relative to ``folder``; ``criteria`` on the sensitive column ``sens`` (default k alone)."""
    case = random_people_case(8005, folder / name, n_qis=3, varying=varying)
    chosen = criteria or [{"k-anonymity": {"k": 3}}]
    config = people_config(case, chosen, suppression_limit=0.3, search="incognito")
    config["source"], config["output"] = f"{name}/data.csv", f"{name}/out.csv"
    for spec in config["columns"].values():
        if "hierarchy" in spec:
            spec["hierarchy"] = f"{name}/{spec['hierarchy']}"
    if criteria:
        config["columns"]["sens"] = {"role": "sensitive"}
    return config


def _for(kind: str, text: str) -> exp.Expr:
    return rewrite(sqlglot.parse_one(text, read="duckdb"), kind)


def _pretty(tree: exp.Expr, kind: str) -> str:
    """``tree`` pretty-printed in ``kind``'s dialect, a script's statements one after another."""
    parts = tree.expressions if isinstance(tree, exp.Block) else [tree]
    sql = ";\n".join(part.sql(dialect=kind, pretty=True) for part in parts)
    return sql.replace("\x00", "\\x00")  # the NULL sentinel, readable


def _snapshot(recorded: dict[str, str], kind: str) -> dict[str, str]:
    """The snapshot files of engine ``kind``: name -> text."""
    files: dict[str, list[str]] = {}
    for text, name in recorded.items():
        tree = _for(kind, text)
        left = leftovers(tree, kind) if kind != "duckdb" else []
        note = "-- DuckDB-only, no rule yet: " + ", ".join(left) + "\n" if left else ""
        files.setdefault(name, []).append(note + _pretty(tree, kind) + ";\n")
    return {name: "\n".join(statements) for name, statements in sorted(files.items())}


def _update(folder: Path, files: dict[str, str]) -> None:
    """Write ``files`` into ``folder``, removing the snapshots of templates no longer emitted."""
    folder.mkdir(parents=True, exist_ok=True)
    for stale in folder.glob("*.sql"):
        if stale.name not in files:
            stale.unlink()
    for name, text in files.items():
        path = folder / name
        if not path.exists() or path.read_text() != text:
            path.write_text(text)


def _differences(folder: Path, files: dict[str, str]) -> list[str]:
    """What differs between ``files`` and the snapshots in ``folder``: a line per missing or
    stale file, a unified diff per changed one."""
    kept = {path.name: path.read_text() for path in sorted(folder.glob("*.sql"))}
    shown = f"{folder.parent.name}/{folder.name}"
    out = [f"missing {shown}/{name}" for name in sorted(files.keys() - kept.keys())]
    out += [
        f"stale {shown}/{name}: no statement goes there any more"
        for name in sorted(kept.keys() - files.keys())
    ]
    for name in sorted(files.keys() & kept.keys()):
        if files[name] != kept[name]:
            diff = list(
                difflib.unified_diff(
                    kept[name].splitlines(keepends=True),
                    files[name].splitlines(keepends=True),
                    f"{shown}/{name} (snapshot)",
                    f"{shown}/{name} (now)",
                )
            )
            more = len(diff) - _DIFF_LINES
            out.append("".join(diff[:_DIFF_LINES]) + (f"... {more} more lines\n" if more > 0 else ""))
    return out


@pytest.mark.slow
@pytest.mark.parametrize("kind", KINDS)
def test_snapshot_of_each_engines_sql(recorded: dict[str, str], kind: str) -> None:
    files = _snapshot(recorded, kind)
    folder = SNAPSHOTS / kind
    if os.environ.get("SQLANON_UPDATE_SNAPSHOTS"):
        _update(folder, files)
    differences = _differences(folder, files)
    if differences:
        pytest.fail(
            f"the {kind} SQL differs from its snapshots: review it and run with SQLANON_UPDATE_SNAPSHOTS=1\n"
            + "\n".join(differences),
            pytrace=False,
        )


def test_snapshot_files_name_templates_or_modules(recorded: dict[str, str]) -> None:
    """A file's name is made of templates that exist, or is a module of sqlanon's that exists
    (a statement named after nothing real would be filed under a name a reviewer cannot find)."""
    for name in set(recorded.values()):
        stem = name.removesuffix(".sql")
        if stem.startswith("sqlanon."):
            assert importlib.util.find_spec(stem) is not None, name
        else:
            for template in stem.split("+"):
                assert (TEMPLATES / f"{template}.sql").is_file(), name


def test_recorded_runs_touch_the_templates(recorded: dict[str, str]) -> None:
    """The runs cover the search, publish and gate statements (a snapshot of little would say little)."""
    assert len(recorded) > 100
    joined = "\n".join(recorded)
    for marker in ("GROUP BY", "COPY", "UNNEST", "OVER ("):
        assert marker in joined, marker
    named = {template for name in recorded.values() for template in name.removesuffix(".sql").split("+")}
    for template in (
        "rollup",
        "rollup_batch",
        "publish",
        "gate_frequencies",
        "mondrian_split",
        "mondrian_budget",
        "mondrian_population",
        "person_profile",
        "person_codes",
        "rollup_people",
        "gate_people",
        "person_value_counts",
        "gate_people_values",
    ):
        assert template in named, template
