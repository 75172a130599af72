"""The report of ``sqlanon audit`` as data: per minimal node, the classes and rows each attack
breaks, or people with ``person:`` (its JSON document; :func:`sqlanon.report.text.render_audit`
draws its table)."""

from __future__ import annotations

import json
from collections.abc import Container
from dataclasses import dataclass, field
from typing import Any

from sqlanon.config.audit import ATTACKS, ATTACKS_PEOPLE
from sqlanon.report.metadata import make_metadata
from sqlanon.report.text import render_audit


@dataclass(frozen=True)
class NodeAudit:
    """One minimal node: its release's rows and classes, and per attack (None: not measured)
    ``{classes, rows, attributes: {column: {classes, rows[, largest]} or None}}``. With
    ``person:`` (``unit`` "people") ``rows`` and ``suppressed_rows`` count people, and the
    attacks' entries say ``people`` in place of ``rows``, as the JSON does."""

    node: dict[str, int]
    rows: int
    suppressed_rows: int
    classes: int
    attacks: dict[str, dict[str, Any] | None]
    #: the node ``anonymize`` chooses (the best by the configuration's metric; its gate then
    #: checks any risk limits)
    chosen: bool = False
    #: what ``rows``, ``suppressed_rows`` and the attacks count: "rows", or "people"
    unit: str = "rows"

    def vulnerable(self, attack: str) -> bool | None:
        entry = self.attacks[attack]
        return None if entry is None else entry["classes"] > 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "node": self.node,
            "chosen": self.chosen,
            self.unit: self.rows,
            f"suppressed_{self.unit}": self.suppressed_rows,
            "classes": self.classes,
            "attacks": self.attacks,
        }


@dataclass
class AuditReport:
    """What ``audit`` found. ``passed``: some node satisfies the criteria (there was a release
    to audit); the attacks never fail a run."""

    rows_in: int
    criteria: list[str]
    suppression_limit: float
    settings: dict[str, Any]
    search: dict[str, Any]
    notes: dict[str, Any] = field(default_factory=dict)
    nodes: list[NodeAudit] = field(default_factory=list)
    #: each quasi-identifier's hierarchy height (a max_level below it is in ``search``)
    heights: dict[str, int] = field(default_factory=dict)
    #: with ``person:``: {"in": the source's people}; None when each row is a person
    people: dict[str, int] | None = None
    passed: bool = False
    message: str = ""
    command: str = "audit"
    #: what the run cost (as :attr:`sqlanon.report.Report.costs`)
    costs: dict[str, Any] = field(default_factory=dict, compare=False)
    #: as :attr:`sqlanon.report.Report.metadata`
    metadata: dict[str, Any] = field(default_factory=make_metadata, compare=False)

    def _repr_mimebundle_(
        self, include: Container[str] | None = None, exclude: Container[str] | None = None
    ) -> dict[str, str]:
        """What a notebook displays (:mod:`sqlanon.report.notebook`)."""
        from sqlanon.report.notebook import mimebundle

        return mimebundle(self, include, exclude)

    def _repr_html_(self) -> str:
        from sqlanon.report.notebook import notebook_html

        return notebook_html(self)

    @property
    def unit(self) -> str:
        """What the nodes' figures count: "rows", or "people" with ``person:``."""
        return "rows" if self.people is None else "people"

    def attacks(self) -> dict[str, str]:
        """Per attack, what makes a class vulnerable to it (over people with ``person:``)."""
        return dict(ATTACKS if self.people is None else ATTACKS_PEOPLE)

    def vulnerable_nodes(self) -> dict[str, int | None]:
        """Per attack, the number of nodes with a vulnerable class (None: not measured)."""
        out: dict[str, int | None] = {}
        for attack in ATTACKS:
            found = [n.vulnerable(attack) for n in self.nodes]
            out[attack] = (
                None if self.nodes and all(v is None for v in found) else sum(bool(v) for v in found)
            )
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "metadata": self.metadata,
            "command": self.command,
            "passed": self.passed,
            "message": self.message,
            "rows_in": self.rows_in,
            "people": self.people,
            "criteria": self.criteria,
            "suppression_limit": self.suppression_limit,
            "attacks": self.attacks(),
            "settings": self.settings,
            "search": self.search,
            "heights": self.heights,
            "notes": self.notes,
            "vulnerable_nodes": self.vulnerable_nodes(),
            "nodes": [n.to_dict() for n in self.nodes],
            "costs": self.costs,
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=2, ensure_ascii=False)

    def text(self, verbose: bool = False, width: int | None = None) -> str:
        """A table: a row per node, a column per attack (:func:`sqlanon.report.text.render_audit`);
        ``verbose`` adds each attack's largest distance and gain."""
        return render_audit(self, verbose, width)


__all__ = ["AuditReport", "NodeAudit"]
