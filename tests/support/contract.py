"""The report contract in the tests: every report a test writes validates against the JSON
Schema shipped in the package (sqlanon/report/report.schema.json).

Two ways in, both installed for the whole session by tests/conftest.py:

- in process: :func:`watch` wraps ``Report.to_json`` and ``AuditReport.to_json``, the one way a
  report becomes JSON (the ``--report`` file, ``--format json``, the API's ``report=``), and
  records the problems of each document it returns; the test fails at teardown when any were
  recorded (the run itself goes on unchanged, so the failure names the schema, not a side
  effect);
- out of process (a test running the ``sqlanon`` command in a subprocess): after the test,
  every ``*.json`` file under its ``tmp_path`` whose top level has ``metadata`` and ``command``
  (a report, not a configuration or a fixture) is validated too, unless the test is marked
  ``hand_made_reports`` (it writes reports broken on purpose, to see them refused).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import wraps
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

from sqlanon.report.audit import AuditReport
from sqlanon.report.model import Report
from sqlanon.report.schema import report_schema

VALIDATOR = Draft202012Validator(report_schema())

#: the report schema's version the tests expect (the one place it is pinned: a change of the
#: report's shape changes it, by the rule in docs/report.md)
PINNED_SCHEMA_VERSION = "1.2"

#: the problems found in the reports made since the running test began
found: list[str] = []


def problems(document: Any) -> list[str]:
    """What in ``document`` breaks the schema (empty: it validates), one line each. The schema is
    a ``oneOf`` of the run report and the audit report: the errors of the branch its
    ``command`` names are given."""
    errors = list(VALIDATOR.iter_errors(document))
    if not errors:
        return []
    branch = "audit" if isinstance(document, dict) and document.get("command") == "audit" else "run"
    sub = Draft202012Validator({"$ref": f"#/$defs/{branch}", "$defs": report_schema()["$defs"]})
    detailed = list(sub.iter_errors(document)) or errors
    return [f"{'/'.join(str(p) for p in e.absolute_path) or '(top)'}: {e.message}" for e in detailed]


def watch() -> None:
    """Wrap the reports' ``to_json`` so that each document made is validated (once a session)."""
    for cls in (Report, AuditReport):
        original: Callable[[Any], str] = cls.to_json
        if getattr(original, "_validated", False):
            continue

        @wraps(original)
        def to_json(self: Any, _original: Callable[[Any], str] = original) -> str:
            text = _original(self)
            found.extend(f"{type(self).__name__}.to_json: {p}" for p in problems(json.loads(text)))
            return text

        to_json._validated = True  # type: ignore[attr-defined]
        cls.to_json = to_json  # type: ignore[method-assign]


def files_problems(folder: Path) -> list[str]:
    """The problems of the report files under ``folder`` (see the module)."""
    out = []
    for path in sorted(folder.rglob("*.json")):
        try:
            document = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(document, dict) and "metadata" in document and "command" in document:
            out.extend(f"{path.name}: {p}" for p in problems(document))
    return out
