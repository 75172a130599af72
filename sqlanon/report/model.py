"""The run report as data: what a command did, its JSON document, and its check entries (the
text and the HTML page are rendered from it by :mod:`sqlanon.report.text` and
:mod:`sqlanon.report.html`)."""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable, Container, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from sqlanon import atomic, interrupt
from sqlanon.errors import InputError
from sqlanon.report.metadata import make_metadata
from sqlanon.report.text import render


class DeferredSql(Mapping[str, str]):
    """A report's ``sql`` (the gate as ``compile`` writes it), written the first time it is
    read: compiling the gate costs a check on a small table as much as the check itself, and
    most runs never read it (a report file, the HTML page or the caller reads it)."""

    def __init__(self, make: Callable[[], dict[str, str]]) -> None:
        self._make: Callable[[], dict[str, str]] | None = make
        self._value: dict[str, str] = {}

    def _written(self) -> dict[str, str]:
        if self._make is not None:
            self._value, self._make = self._make(), None
        return self._value

    def __getitem__(self, key: str) -> str:
        return self._written()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._written())

    def __len__(self) -> int:
        return len(self._written())

    def __repr__(self) -> str:
        return "DeferredSql(...)" if self._make is not None else repr(self._value)


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
    #: ``output`` names a release returned to the caller (no output configured), not one
    #: written; not in the JSON report, whose ``output`` says it in words
    returned: bool = field(default=False, compare=False)
    message: str = ""
    search: dict[str, Any] = field(default_factory=dict)
    #: the gate as ``compile`` writes it ({"gate": text}, or why it cannot be written): a
    #: :class:`DeferredSql`, written when first read
    sql: Mapping[str, str] = field(default_factory=dict)
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
    #: it (a DuckDB relation, a Spark DataFrame, the name of a PostgreSQL temp table); a run on a
    #: DataFrame source without connection=: a DataFrame of the source's type (pandas, Polars,
    #: PyArrow: :mod:`sqlanon.frames`); not in the JSON report
    release: Any = field(default=None, compare=False, repr=False)
    #: with ``person:``: the people counted, {"in", "out", "suppressed"} ("in" only for ``check``:
    #: the table's people); None when each row is a person
    people: dict[str, int] | None = None
    #: after a lattice search: per quasi-identifier, what stops it one level lower at the chosen
    #: node (:mod:`sqlanon.release.why_coarse`); None otherwise (apply's node, check, Mondrian)
    why_coarse: dict[str, Any] | None = None
    #: with ``local_recoding:``: the rows recoded per iteration, at which node, those still
    #: suppressed, and the search's node's own suppressed rows and metrics
    #: (:mod:`sqlanon.release.recoding`); None otherwise (not in the JSON report then)
    local_recoding: dict[str, Any] | None = None
    #: with ``aggregate:`` on quasi-identifiers (microaggregation): per aggregated column, its
    #: function, the published rows with a value and the loss of the aggregation (sse, mae)
    #: (:mod:`sqlanon.release.micro`); None otherwise (not in the JSON report then)
    microaggregation: dict[str, Any] | None = None
    #: which sqlanon wrote the report, its schema's version, when, from which configuration,
    #: on which engine (:mod:`sqlanon.report.metadata`); differs from run to run, so reports
    #: are compared without it
    metadata: dict[str, Any] = field(default_factory=make_metadata, compare=False)
    #: what ``check`` checked, as the configuration names it (a file, a table; "query" or
    #: "relation" for a source given so): named by the HTML page and the notebook's display, not
    #: in the JSON report; None for the other commands
    source: str | None = field(default=None, compare=False)

    def _repr_mimebundle_(
        self, include: Container[str] | None = None, exclude: Container[str] | None = None
    ) -> dict[str, str]:
        """What a notebook displays: the HTML page's sections and charts, and the text report
        (:mod:`sqlanon.report.notebook`)."""
        from sqlanon.report.notebook import mimebundle

        return mimebundle(self, include, exclude)

    def _repr_html_(self) -> str:
        from sqlanon.report.notebook import notebook_html

        return notebook_html(self)

    def to_dict(self) -> dict[str, Any]:
        out = {
            "metadata": self.metadata,
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
            "people": self.people,
            "checks": self.checks,
            "risk": self.risk,
            "class_sizes": self.class_sizes,
            "heights": self.heights,
            "output": self.output,
            "search": self.search,
            "why_coarse": self.why_coarse,
            "warnings": self.warnings,
            "hierarchies": self.hierarchies,
            "sql": dict(self.sql),
            "costs": self.costs,
        }
        if self.local_recoding is not None:
            out["local_recoding"] = self.local_recoding
        if self.microaggregation is not None:
            out["microaggregation"] = self.microaggregation
        return out

    def to_json(self) -> str:
        return json.dumps(_finite(self.to_dict()), indent=2, ensure_ascii=False)

    def text(self, verbose: bool = False, width: int | None = None) -> str:
        """The text report (:func:`sqlanon.report.text.render`): ``verbose`` adds how the search
        went; ``width``: the terminal's columns (None: lines are not wrapped)."""
        return render(self, verbose, width)

    def write(self, path: str | Path) -> None:
        """Write the JSON report to ``path`` atomically (see :class:`StagedReport`)."""
        with interrupt.held():
            staged = StagedReport.write(self, Path(path))
            staged.swap().finish()


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


class JsonReport(Protocol):
    """A report: its JSON text (a run's :class:`Report`, an audit's report)."""

    def to_json(self) -> str: ...


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
