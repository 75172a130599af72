"""The run report: a JSON document for machines and a short text for people."""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from sqlanon import atomic, interrupt
from sqlanon.checks import Outcome
from sqlanon.criteria import Criterion
from sqlanon.errors import InputError


@dataclass
class Report:
    """What a command did. ``passed`` decides the exit code (0 when true, 1 otherwise)."""

    command: str
    passed: bool
    rows_in: int
    #: rows published and suppressed (None for ``check``, which publishes nothing)
    rows_out: int | None
    suppressed_rows: int | None
    checks: list[dict[str, Any]]
    node: dict[str, int] | None = None
    minimal_nodes: list[dict[str, int]] = field(default_factory=list)
    metric: dict[str, Any] | None = None
    metrics: dict[str, Any] = field(default_factory=dict)
    output: str | None = None
    message: str = ""
    search: dict[str, Any] = field(default_factory=dict)
    sql: dict[str, str] = field(default_factory=dict)
    #: what a release loses that its user may not expect (every value of a column generalized
    #: away, many rows suppressed): reported, never a failure
    warnings: list[str] = field(default_factory=list)
    #: with a node: a fingerprint of each quasi-identifier's hierarchy (``apply --from-report``
    #: refuses to repeat the node with other hierarchies)
    hierarchies: dict[str, str] = field(default_factory=dict)
    #: the re-identification risk of the table gated (the release, or check's table): None when
    #: nothing was gated
    risk: dict[str, Any] | None = None
    #: each quasi-identifier's hierarchy height (the lattice's shape), when a lattice was read
    heights: dict[str, int] = field(default_factory=dict)
    #: the gated table's classes: [size, classes of that size], smallest first
    class_sizes: list[list[int]] = field(default_factory=list)
    #: what the run cost until the report was written: statements and engine seconds in all,
    #: per engine kind and per stage (:meth:`sqlanon.engines.costs.Costs.to_dict`); the
    #: figures vary from run to run, so reports are compared without them
    costs: dict[str, Any] = field(default_factory=dict, compare=False)
    #: a run on the caller's connection with no output: the release, as the connection gives
    #: it (a DuckDB relation, a Spark DataFrame, the name of a PostgreSQL temp table); not in
    #: the JSON report
    release: Any = field(default=None, compare=False, repr=False)

    def to_dict(self) -> dict[str, Any]:
        return {
            "command": self.command,
            "passed": self.passed,
            "message": self.message,
            "node": self.node,
            "minimal_nodes": self.minimal_nodes,
            "metric": self.metric,
            "metrics": self.metrics,
            "rows_in": self.rows_in,
            "rows_out": self.rows_out,
            "suppressed_rows": self.suppressed_rows,
            "checks": self.checks,
            "risk": self.risk,
            "class_sizes": self.class_sizes,
            "heights": self.heights,
            "output": self.output,
            "search": self.search,
            "warnings": self.warnings,
            "hierarchies": self.hierarchies,
            "sql": self.sql,
            "costs": self.costs,
        }

    def to_json(self) -> str:
        return json.dumps(_finite(self.to_dict()), indent=2, ensure_ascii=False)

    def write(self, path: str | Path) -> None:
        """Write the JSON report to ``path`` atomically (see :class:`StagedReport`)."""
        with interrupt.held():
            staged = StagedReport.write(self, Path(path))
            staged.swap().finish()

    def text(self, verbose: bool = False, width: int | None = None) -> str:
        """The text report (report_text.render): ``verbose`` adds how the search went;
        ``width``: the terminal's columns (None: lines are not wrapped)."""
        from sqlanon.report_text import render

        return render(self, verbose, width)


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


class JsonReport(Protocol):
    """A report: its JSON text (a run's :class:`Report`, an audit's report)."""

    def to_json(self) -> str: ...


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
            from sqlanon.report_html import render_html

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


@dataclass
class StagedReport:
    """A report written in full under a new, private name beside its destination (created
    exclusively, so a planted link is never followed), waiting to be moved into place.

    Writing it is what can fail (a full disk, a quota); moving it into place is a rename in the
    same folder. ``anonymize`` writes the report before it commits the release, and undoes the
    release if the rename fails, so a run that cannot write its report publishes nothing."""

    target: Path
    staged: Path | None
    created: list[Path]

    @classmethod
    def write(cls, report: JsonReport, target: Path) -> StagedReport:
        return cls.write_text(report.to_json() + "\n", target)

    @classmethod
    def write_text(cls, text: str, target: Path) -> StagedReport:
        """Stage ``text`` (a report: JSON or HTML) beside ``target``."""
        created = atomic.make_folders(target.parent)
        staged = None
        try:
            staged = atomic.staging_file(target)  # private (0600) until it is in place
            with staged.open("w", encoding="utf-8") as fh:
                fh.write(text)
                fh.flush()
                os.fsync(fh.fileno())
        except OSError as err:
            atomic.discard(staged)
            atomic.remove_folders(created)
            raise InputError(
                f"Cannot write the report to {str(target)!r}: {err.strerror or err}; nothing was written."
            ) from None
        return cls(target, staged, created)

    def swap(self) -> atomic.Swap:
        """Move the report into place (replacing an earlier report); :meth:`Swap.undo` puts
        the earlier one back."""
        assert self.staged is not None
        try:
            swap = atomic.swap_in(self.staged, self.target, overwrite=True)
        except OSError as err:
            self.discard()
            raise InputError(
                f"Cannot write the report to {str(self.target)!r}: {err.strerror or err}; nothing was written."
            ) from None
        self.staged = None
        try:
            os.chmod(self.target, 0o666 & ~_umask())  # readable as any file the user writes
        except OSError:
            pass
        return swap

    def discard(self) -> None:
        """Remove the staged report (and the folders made for it); never raises."""
        atomic.discard(self.staged)
        self.staged = None
        atomic.remove_folders(self.created)


def _finite(value: Any) -> Any:
    """JSON has no infinity or NaN: such numbers become null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, Mapping):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_finite(v) for v in value]
    return value


#: the report's check entry for identifier columns (declared identifiers must be gone)
IDENTIFIERS = "identifiers-dropped"


def identifier_entry(declared: Sequence[str], left: Sequence[str], rows: int) -> dict[str, Any]:
    """The check entry saying whether the table still holds columns declared ``identifier``:
    ``observed`` lists those it holds (a gate fails on any)."""
    return {
        "criterion": IDENTIFIERS,
        "attribute": list(declared),
        "params": {},
        "severity": "error",
        "passed": not left,
        "observed": list(left),
        "violating_classes": None,
        "violating_rows": rows if left else 0,
    }


def check_entries(
    criteria: Sequence[Criterion],
    outcomes: Sequence[Outcome],
    violations: Sequence[Sequence[Mapping[str, Any]]] = (),
) -> list[dict[str, Any]]:
    """The report's ``checks``: one entry per criterion.

    ``observed`` is the worst class: k -> smallest class size; distinct -> smallest number of
    distinct values; entropy -> smallest exp(entropy); recursive -> largest r1/(r_l+...+r_m)
    (null when a class has fewer than l values); pd/npd-recursive -> largest r_y / tail (npd
    adds ``protected_share``, the smallest share of a protected value); alpha-k -> largest
    value share; t-closeness -> largest distance; (n,t)-closeness -> largest over classes of
    the smallest qualifying distance; dissimilarity -> largest risk; delta-disclosure -> largest
    |ln(p/q)|; beta-likeness -> largest relative gain. ``severity`` ``warn`` criteria are
    reported but do not fail the run. ``violations`` (when asked for) lists violating classes.
    """
    out = []
    for i, (crit, outcome) in enumerate(zip(criteria, outcomes, strict=True)):
        observed: float | int | None = outcome.observed
        if crit.kind == "k-anonymity" or crit.spec.params.get("variant") == "distinct":
            observed = None if observed is None else int(observed)
        entry: dict[str, Any] = {
            "criterion": crit.kind,
            "attribute": crit.attribute if len(crit.attributes) <= 1 else list(crit.attributes),
            "params": crit.report_params(),
            "severity": crit.severity,
            "passed": outcome.passed,
            "observed": observed,
            "violating_classes": outcome.violating_classes,
            "violating_rows": outcome.violating_rows,
        }
        entry.update(outcome.extras)
        if i < len(violations) and violations[i]:
            entry["violations"] = [dict(v) for v in violations[i]]
        out.append(entry)
    return out
