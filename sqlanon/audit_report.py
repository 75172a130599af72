"""The report of ``sqlanon audit``: per minimal node, the classes and rows each attack breaks
(JSON for machines, a table for people)."""

from __future__ import annotations

import io
import json
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.table import Table

from sqlanon.audit_spec import ATTACKS
from sqlanon.printable import visible
from sqlanon.report_text import WIDE, cost_lines, fitted, indented, print_facts


@dataclass(frozen=True)
class NodeAudit:
    """One minimal node: its release's rows and classes, and per attack (None: not measured)
    ``{classes, rows, attributes: {column: {classes, rows[, largest]} or None}}``."""

    node: dict[str, int]
    rows: int
    suppressed_rows: int
    classes: int
    attacks: dict[str, dict[str, Any] | None]
    #: the node ``anonymize`` chooses (the best by the configuration's metric; its gate then
    #: checks any risk limits)
    chosen: bool = False

    def vulnerable(self, attack: str) -> bool | None:
        entry = self.attacks[attack]
        return None if entry is None else entry["classes"] > 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "node": self.node,
            "chosen": self.chosen,
            "rows": self.rows,
            "suppressed_rows": self.suppressed_rows,
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
    #: each quasi-identifier's top level in the lattice (its hierarchy's, or its max_level)
    heights: dict[str, int] = field(default_factory=dict)
    passed: bool = False
    message: str = ""
    command: str = "audit"
    #: what the run cost (as :attr:`sqlanon.report.Report.costs`)
    costs: dict[str, Any] = field(default_factory=dict, compare=False)

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
            "command": self.command,
            "passed": self.passed,
            "message": self.message,
            "rows_in": self.rows_in,
            "criteria": self.criteria,
            "suppression_limit": self.suppression_limit,
            "attacks": dict(ATTACKS),
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
        """A table: a row per node, a column per attack (vulnerable classes / their rows, ``-``
        when it resists, ``n/a`` when not measured); ``verbose`` adds each attack's largest
        distance and gain."""
        out = io.StringIO()
        console = Console(
            file=out, width=width or WIDE, color_system=None, highlight=False, emoji=False, soft_wrap=False
        )
        count = len(self.nodes)
        head = (
            f"sqlanon audit: {count} minimal node{'s' if count != 1 else ''}"
            if self.passed
            else "sqlanon audit: FAILED"
        )
        console.print(visible(head + (f" - {self.message}" if self.message else "")), markup=False)
        facts = [
            ("criteria", "; ".join(self.criteria) + f" (suppression limit {self.suppression_limit:g})"),
            ("attacks", self._legend()),
        ]
        facts += [
            ("similarity", f"not measured on {column}: {why}")
            for column, why in self.notes.get("similarity", {}).items()
        ]
        if "chosen" in self.notes:
            facts.append(("note", self.notes["chosen"]))
        if verbose:
            facts.append(
                (
                    "search",
                    f"incognito, {self.search['nodes_checked']:,} of {self.search['lattice_size']:,} lattice "
                    "nodes checked",
                )
            )
            facts.extend(cost_lines(self.costs))
        if self.nodes:
            facts.append(("levels of", ", ".join(self.nodes[0].node)))
        print_facts(console, facts)
        if self.nodes:
            console.print()
            console.print(indented(self._table(console, verbose)))
            console.print()
            vulnerable = self.vulnerable_nodes()
            parts = [f"{name} {'n/a' if n is None else f'{n} of {count}'}" for name, n in vulnerable.items()]
            marked = "; * the node anonymize chooses" if any(n.chosen for n in self.nodes) else ""
            # aligned, and wrapped under their text on a narrow terminal
            print_facts(
                console,
                [
                    ("nodes vulnerable", ", ".join(parts)),
                    ("cells", f"vulnerable classes/rows; - resists{marked}"),
                ],
            )
        return "\n".join(line.rstrip() for line in out.getvalue().rstrip("\n").splitlines())

    def _legend(self) -> str:
        s = self.settings
        distances = ", ".join(f"{c} {how['distance']} > {how['t']:g}" for c, how in s["skewness"].items())
        return (
            "homogeneity (one value), "
            f"negation (at most {s['negations'] + 1} value{'s' if s['negations'] else ''}), "
            f"similarity (one group at level {s['similarity_level']}), "
            f"skewness (EMD: {distances}), "
            f"inference (a value's share up by more than {s['inference_gain']:g})"
        )

    def _table(self, console: Console, verbose: bool) -> Table:
        table = Table(box=None, pad_edge=False, padding=(0, 2), show_edge=False)
        table.add_column("", no_wrap=True)
        table.add_column("node", no_wrap=True)
        table.add_column("rows", justify="right", no_wrap=True)
        for attack in ATTACKS:
            table.add_column(attack, justify="right", no_wrap=True)
        stacked = []
        for n in self.nodes:
            cells = [
                _cell(n.attacks[attack], verbose and attack in ("skewness", "inference"))
                for attack in ATTACKS
            ]
            rows = f"{n.rows:,}" + (f" ({n.suppressed_rows:,} supp.)" if n.suppressed_rows else "")
            node = "(" + ",".join(str(v) for v in n.node.values()) + ")"
            mark = "*" if n.chosen else ""
            table.add_row(mark, node, rows, *cells)
            figures = [f"{a} {c}" for a, c in zip(ATTACKS, cells, strict=True)]
            stacked.append((mark, f"{node}  {rows} rows", figures))
        return fitted(console, table, stacked)


def _cell(entry: dict[str, Any] | None, largest: bool) -> str:
    """An attack's cell: vulnerable classes/rows, ``-`` when the node resists, ``n/a`` when not
    measured; ``largest``: with the largest distance or gain over the attributes."""
    if entry is None:
        return "n/a"
    cell = "-" if entry["classes"] == 0 else f"{entry['classes']:,}/{entry['rows']:,}"
    if largest:
        found = [a["largest"] for a in entry["attributes"].values() if a and a["largest"] is not None]
        if found:
            cell += f" (max {max(found):.3g})"
    return cell


__all__ = ["AuditReport", "NodeAudit"]
