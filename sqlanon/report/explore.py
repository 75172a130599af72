"""``sqlanon explore``'s report: one row per setting (the chosen node, the metrics, the rows or
people suppressed, the release's risk, whether its gate would pass), as a text table, a JSON
document (``explore.schema.json``, its version :data:`SCHEMA_VERSION`) and an HTML page with a
chart of the loss and the suppressed rows per setting. Counts and levels only, never a value
of the data."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from sqlanon.report import charts
from sqlanon.report.html import Cell, HtmlTable, Page, number
from sqlanon.report.model import _finite

#: the version of the explore document's shape: the major number changes when a field is
#: removed, renamed or retyped, the minor number when a field is added
SCHEMA_VERSION = "1.0"


@dataclass
class ExploreReport:
    """What ``explore`` found: a row per setting (:func:`sqlanon.release.explore.row`).
    ``passed``: at least one setting's release would pass its gate."""

    keys: list[str]
    rows: list[dict[str, Any]]
    rows_in: int
    metric: str
    search: str
    #: "rows", or "people" with ``person:`` (what suppression counts)
    unit: str = "rows"
    #: how verdicts were reused across settings, or why not (docs/commands.md)
    reuse: dict[str, Any] = field(default_factory=dict)
    metadata: dict[str, Any] = field(default_factory=dict, compare=False)
    costs: dict[str, Any] = field(default_factory=dict, compare=False)
    command: str = "explore"

    @property
    def passed(self) -> bool:
        return any(r["passed"] for r in self.rows)

    @property
    def message(self) -> str:
        good = sum(r["passed"] for r in self.rows)
        return f"{good} of {len(self.rows)} settings give a release that passes its gate; nothing was written"

    def to_dict(self) -> dict[str, Any]:
        meta = self.metadata
        return {
            "command": self.command,
            "schema_version": SCHEMA_VERSION,
            "sqlanon_version": meta.get("sqlanon_version"),
            "time": meta.get("time"),
            "config_sha256": meta.get("config_sha256"),
            "engine": meta.get("engine"),
            "passed": self.passed,
            "message": self.message,
            "published": False,
            "rows_in": self.rows_in,
            "unit": self.unit,
            "metric": self.metric,
            "search": self.search,
            "keys": self.keys,
            "reuse": self.reuse,
            "settings": self.rows,
            "costs": self.costs,
        }

    def to_json(self) -> str:
        return json.dumps(_finite(self.to_dict()), indent=2, ensure_ascii=False)

    def text(self, verbose: bool = False, width: int | None = None) -> str:
        """The table printed on stdout: one line per setting."""
        head, lines = table(self)
        widths = [max(len(str(c)) for c in column) for column in zip(head, *lines, strict=True)]
        out = [
            "  ".join(str(c).ljust(w) for c, w in zip(line, widths, strict=True)).rstrip()
            for line in [head, *lines]
        ]
        out.append(f"sqlanon explore: {self.message}.")
        if verbose:
            out.append(_reuse_line(self.reuse))
        return "\n".join(out)

    def build_page(self, alt: Any) -> Page:
        """The HTML page (:func:`sqlanon.report.html.build` calls it)."""
        return page(self, alt)


def _reuse_line(reuse: Mapping[str, Any]) -> str:
    if reuse.get("applied"):
        return f"Verdicts reused across settings: {reuse.get('reused_verdicts', 0):,}"
    return f"No verdict reused across settings: {reuse.get('why', '')}"


def _number(value: Any) -> str:
    return number(value, 4, "-")


def node_text(node: Mapping[str, int] | None) -> str:
    return "-" if node is None else ",".join(f"{c}={level}" for c, level in node.items())


def verdict(row: Mapping[str, Any]) -> str:
    if row["node"] is None:
        return "no node"
    return "passes" if row["passed"] else "FAILS"


def table(report: ExploreReport) -> tuple[list[str], list[list[str]]]:
    """The table's head and lines (text and HTML)."""
    suppressed = f"{report.unit} suppressed"
    head = [*report.keys, "node", report.metric, suppressed, "highest risk", "average risk", "gate"]
    lines = []
    for r in report.rows:
        risk = (r.get("risk") or {}).get("prosecutor") or {}
        lost = r["suppressed_rows"]
        if r["people"] is not None and r["node"] is not None:
            lost = r["people"].get("suppressed")
        lines.append(
            [
                *(_number(r["setting"][k]) for k in report.keys),
                node_text(r["node"]),
                _number((r["metric"] or {}).get("value")),
                _number(lost),
                _number(risk.get("highest")),
                _number(risk.get("average")),
                verdict(r),
            ]
        )
    return head, lines


def _label(report: ExploreReport, r: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={_number(r['setting'][k])}" for k in report.keys)


def page(report: ExploreReport, alt: Any) -> Page:
    """The page: the settings' table, then the chart of loss and suppressed rows per setting."""
    out = Page(alt)
    s = out.section("Settings explored")
    s.notes.append(
        f"{len(report.rows)} settings of {', '.join(report.keys)}, searched ({report.search}) on one "
        f"encoding of the {report.rows_in:,} rows; nothing was written. {_reuse_line(report.reuse)}."
    )
    head, lines = table(report)
    css = {"passes": "ok", "FAILS": "fail", "no node": "warn"}
    s.tables.append(
        HtmlTable(
            head,
            [
                [Cell(c, "num" if i < len(line) - 2 else "") for i, c in enumerate(line[:-1])]
                + [Cell(line[-1], css[line[-1]])]
                for line in lines
            ],
        )
    )
    values = []
    for r, line in zip(report.rows, lines, strict=True):
        values.append(
            {
                "setting": _label(report, r),
                "loss": (r["metric"] or {}).get("value"),
                "suppressed": None if line[-4] == "-" else int(line[-4].replace(",", "")),
                "gate": line[-1],
            }
        )
    if values:
        s = out.section("Loss and suppression per setting")
        s.notes.append(
            f"The metric ({report.metric}) of the node each setting chooses, and the {report.unit} it suppresses "
            "(no bar: no node satisfies the setting's criteria)."
        )
        out.chart(s, lambda alt: tradeoff_chart(alt, values, report.metric, report.unit))
    out.title = "sqlanon explore report"
    out.verdict = f"sqlanon explore: {len(report.rows)} settings"
    out.passed, out.message = report.passed, report.message
    return out


def tradeoff_chart(alt: Any, values: list[dict[str, Any]], metric: str, unit: str) -> Any:
    """Two bar charts over the settings, in their order: the loss, and the suppressed rows."""
    order = [v["setting"] for v in values]
    base = alt.Chart(charts.data(alt, values)).encode(
        x=alt.X("setting:N", sort=order, title="setting", axis=alt.Axis(labelAngle=-45, labelLimit=240)),
        tooltip=["setting:N", "loss:Q", "suppressed:Q", "gate:N"],
    )
    width = max(320, 28 * len(values))
    loss = (
        base.mark_bar()
        .encode(y=alt.Y("loss:Q", title=metric))
        .properties(title=f"Loss ({metric})", width=width, height=180)
    )
    gone = (
        base.mark_bar(color="#a50f15")
        .encode(y=alt.Y("suppressed:Q", title=f"{unit} suppressed"))
        .properties(title=f"{unit.capitalize()} suppressed", width=width, height=180)
    )
    return alt.vconcat(loss, gone)


def schema_text() -> str:
    """The JSON Schema of the explore document, as shipped (``explore.schema.json``)."""
    return resources.files("sqlanon.report").joinpath("explore.schema.json").read_text(encoding="utf-8")


__all__ = ["SCHEMA_VERSION", "ExploreReport", "page", "schema_text", "table"]
