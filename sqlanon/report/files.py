"""Where a run writes its reports (``--report``, ``--html``): staged beside their destinations
before a release is committed, moved into place after it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlanon import interrupt
from sqlanon.report.html import render_html
from sqlanon.report.model import StagedReport


@dataclass(frozen=True)
class ReportFiles:
    """Where a run writes its report: the JSON report and the HTML page (either may be None).
    Both are staged before a release is committed and moved into place after it."""

    json: Path | None = None
    html: Path | None = None

    def stage(self, report: Any) -> list[StagedReport]:
        """Write each report under a private name beside its destination (nothing in place)."""
        texts = []
        if self.json is not None:
            texts.append((self.json, report.to_json() + "\n"))
        if self.html is not None:
            texts.append((self.html, render_html(report)))
        staged: list[StagedReport] = []
        with interrupt.held():  # a stop signal waits: no staged report is left behind
            try:
                for target, text in texts:
                    staged.append(StagedReport.write_text(text, target))
            except BaseException:
                for done in staged:
                    done.discard()
                raise
            return staged

    def write(self, report: Any) -> None:
        """Write the reports in place (atomically, each); the run's outcome is then final
        (:func:`sqlanon.interrupt.settle`)."""
        with interrupt.held():
            staged = self.stage(report)
            swaps = []
            try:
                for done in staged:
                    swaps.append(done.swap())
                if interrupt.requested():  # stopped while they were moved in: put back what was there
                    raise interrupt.stop()
            except BaseException:
                for swap in swaps:
                    swap.undo()
                for done in staged:
                    done.discard()
                raise
            for swap in swaps:
                swap.finish()
            interrupt.settle()
