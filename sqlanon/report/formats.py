"""The report on stdout in a pipeline's formats (``--format``): ``json``, the JSON report, and
``github``, GitHub Actions workflow commands (docs/report.md). Neither holds a value of the
data: the JSON is the report file's, without the violating classes ``--show-violations`` lists
in the file only; the annotations name criteria, their parameters' numbers and the figures."""

from __future__ import annotations

import json
from typing import Any

from sqlanon.report.entries import label

FORMATS = ("text", "json", "github")


def stdout_json(report: Any) -> str:
    """The JSON report as printed on stdout: the file's (``report.to_json()``), less the
    ``violations`` of its checks (values of small classes, kept out of logs)."""
    text: str = report.to_json()
    document = json.loads(text)
    checks = document.get("checks")
    if not isinstance(checks, list) or not any("violations" in c for c in checks):
        return text
    for entry in checks:
        entry.pop("violations", None)
    return json.dumps(document, indent=2, ensure_ascii=False)


def _data(text: str) -> str:
    """A workflow command's message, escaped as GitHub reads it."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    """A workflow command's property (``title=``), escaped as GitHub reads it."""
    return _data(text).replace(":", "%3A").replace(",", "%2C")


def command(kind: str, title: str, message: str) -> str:
    """One workflow command: ``::kind title=...::message``."""
    return f"::{kind} title={_property(title)}::{_data(message)}"


def _figure(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.6g}"
    if isinstance(value, list):
        return "[" + ", ".join(_figure(v) for v in value) + "]"
    return "none" if value is None else str(value)


def github(report: Any) -> str:
    """GitHub Actions annotations: an ``::error`` per failing error-severity check (a criterion,
    the identifier columns, a risk limit), a ``::warning`` per failing warn-severity one, an
    ``::error`` with the verdict when the run fails for another reason (no node within the
    suppression limit), and a ``::notice`` with the verdict when it passes."""
    document = report.to_dict()
    name = f"sqlanon {document['command']}"
    lines = []
    for entry in document.get("checks") or []:
        if entry.get("passed"):
            continue
        what = label(str(entry["criterion"]), entry.get("params") or {})
        attribute = entry.get("attribute")
        if attribute and entry["criterion"] != "identifiers-dropped":
            what += f" on {', '.join(attribute) if isinstance(attribute, list) else attribute}"
        counts = [
            f"{entry[key]} {key.removeprefix('violating_').replace('_', ' ')} violate"
            for key in ("violating_classes", "violating_rows", "violating_people")
            if isinstance(entry.get(key), int) and entry[key] > 0
        ]
        observed = entry.get("observed")
        if entry["criterion"] == "identifiers-dropped":
            held = ", ".join(str(c) for c in observed or [])
            message = f"the table still holds the identifier column(s) {held}; drop them before publishing"
        else:
            message = f"observed {_figure(observed)}" + (f"; {', '.join(counts)}" if counts else "")
        kind = "error" if entry.get("severity", "error") == "error" else "warning"
        lines.append(command(kind, f"{name}: {what}", message))
    verdict = document.get("message") or ("passed" if document["passed"] else "failed")
    if document["passed"]:
        lines.append(command("notice", f"{name}: passed", verdict))
    else:
        lines.append(command("error", f"{name}: failed", verdict))
    return "\n".join(lines)
