"""The JSON Schema (draft 2020-12) of the JSON report, shipped in the package beside this module
(``report.schema.json``): ``sqlanon report-schema`` prints it (docs/report.md)."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any


def schema_text() -> str:
    """The schema's text, as shipped."""
    return resources.files("sqlanon.report").joinpath("report.schema.json").read_text(encoding="utf-8")


def report_schema() -> dict[str, Any]:
    """The schema as data."""
    data: dict[str, Any] = json.loads(schema_text())
    return data
