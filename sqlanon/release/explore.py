"""``sqlanon explore``'s run of one setting on tables already encoded: the lattice search and
ranking ``anonymize`` runs, then the gate of the chosen node's release on a temp table that is
dropped again (nothing is published), and the setting's row of the explore report.

Reuse across settings (:mod:`sqlanon.search.reuse`): when no error-severity criterion reads the
whole table's distribution or the classes' natural supersets (t-closeness and its relatives,
delta-disclosure, beta-likeness: ``global_distribution``, ``needs_levels``) and the
configuration has no ``risk:`` limits, a node's verdict depends on its classes alone: a class
violates the criteria or not, and the node satisfies them when the rows (people) of the
violating classes fit the suppression limit. Raising a k-anonymity criterion's k only adds
violating classes, and lowering the suppression limit only lowers the allowance. So for two
settings that differ only in those (the k of each k-anonymity criterion, the suppression limit),
a node that fails for the looser one fails for the stricter one, and a node that satisfies the
stricter one satisfies the looser one; each search reuses those verdicts from the settings
explored before it and asks the engine only about the others. When the setting's requirement is
monotone over the lattice (:func:`monotone`), a node below one that failed for a looser setting
fails, and a node above one that satisfied a stricter setting satisfies. The search walks the
same nodes, so its result is the one an independent run finds.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from sqlanon.config import Config
from sqlanon.config.criteria import CriterionSpec
from sqlanon.criteria import Criterion
from sqlanon.encode import Encoded
from sqlanon.engines import Engine
from sqlanon.gate import run_gate
from sqlanon.release.gated import gate_entries, risk_over, utility_warnings, without_person
from sqlanon.release.lattice import lattice_release
from sqlanon.release.run import Progress, say
from sqlanon.report.model import Report
from sqlanon.search.lattice import Node
from sqlanon.search.local import LocalCopy
from sqlanon.search.reuse import Known


@dataclass(frozen=True)
class Explored:
    """A setting explored: its configuration and the verdicts its search got."""

    config: Config
    verdicts: dict[Node, bool]


def reuse_refused(config: Config, required: list[Criterion]) -> str | None:
    """Why verdicts may not be reused across the settings of ``config`` (None: they may)."""
    if config.risk.limits:
        return "the configuration has risk limits"
    shared = [c for c in required if c.global_distribution or c.needs_levels]
    if shared:
        return (
            f"{shared[0].title} reads the whole table's distribution or the classes' supersets, which "
            "suppression changes"
        )
    return None


def _rest(config: Config) -> tuple[tuple[CriterionSpec, ...], Config]:
    """``config`` without what the reuse compares: the k of each k-anonymity criterion and the
    suppression limit (two settings whose rests are equal differ only in those)."""
    criteria = tuple(
        replace(c, params={**c.params, "k": 0}) if c.kind == "k-anonymity" else c for c in config.criteria
    )
    return criteria, replace(config, criteria=(), suppression_limit=0.0)


def _ks(config: Config) -> list[int]:
    return [int(c.params["k"]) for c in config.criteria if c.kind == "k-anonymity"]


def looser(a: Config, b: Config) -> bool:
    """Whether ``a`` asks at most what ``b`` asks, differing only in k and the suppression
    limit: every k of ``a`` at most ``b``'s, its suppression limit at least ``b``'s."""
    return (
        _rest(a) == _rest(b)
        and all(x <= y for x, y in zip(_ks(a), _ks(b), strict=True))
        and a.suppression_limit >= b.suppression_limit
    )


def monotone(config: Config, required: list[Criterion]) -> bool:
    """Whether ``config``'s requirement is monotone over the lattice (a node satisfying it
    implies every generalization does): every criterion monotone under generalization, and
    under suppression when the limit allows any (the search then prunes with it alone)."""
    return all(
        c.monotone_generalization and (config.suppression_limit == 0 or c.monotone_suppression)
        for c in required
    )


def decider(config: Config, explored: list[Explored], lattice: bool = False) -> Callable[[Node], bool | None]:
    """A node's verdict for ``config`` known from the settings ``explored`` (None: unknown).
    ``lattice``: ``config``'s requirement is monotone (:func:`monotone`), so a node below one
    known to fail fails, and a node above one known to satisfy satisfies."""
    fails = [e.verdicts for e in explored if looser(e.config, config)]
    holds = [e.verdicts for e in explored if looser(config, e.config)]
    if not lattice:

        def decide(node: Node) -> bool | None:
            if any(v.get(node) is False for v in fails):
                return False
            if any(v.get(node) is True for v in holds):
                return True
            return None

        return decide
    failed = list({n for v in fails for n, ok in v.items() if not ok})
    held = list({n for v in holds for n, ok in v.items() if ok})

    def decide_by_lattice(node: Node) -> bool | None:
        if any(all(a >= b for a, b in zip(m, node, strict=True)) for m in failed):
            return False
        if any(all(a <= b for a, b in zip(m, node, strict=True)) for m in held):
            return True
        return None

    return decide_by_lattice


def explore_setting(
    engine: Engine,
    encoded: Encoded,
    config: Config,
    criteria: list[Criterion],
    population: str | None,
    known: Known,
    progress: Progress | None = None,
    copy: LocalCopy | None = None,
) -> Report:
    """The report ``anonymize`` would make for ``config`` on ``encoded``, without writing
    anything: the search (reusing ``known``'s verdicts), the chosen node's release gated on a
    temp table, dropped again. ``population``: the population's temp table (read once)."""
    required = [c for c in criteria if c.severity == "error"]
    base, release, levels = lattice_release(
        engine, encoded, required, config, progress, known=known, copy=copy
    )
    if release is None:
        return base
    say(None, "gate", "gating the release")  # its statements counted under gate
    made: list[str] = []
    try:
        people = None
        if config.person:  # the release with its person columns, which the gate counts people by
            people = engine.temp_name("people")
            engine.create_temp_as(people, release)
            made.append(people)
            release = without_person(engine, people, config.person)
        published = engine.temp_name("explored")
        engine.create_temp_as(published, release)
        made.append(published)
        gate = run_gate(
            engine,
            config,
            published,
            None,
            0,
            qi_hierarchies={d.column: d.hierarchy for d in encoded.qis},
            qi_levels=levels,
            check_params=False,
            population=population,
            people=people,
        )
    finally:
        for name in reversed(made):
            engine.drop(name)
    base.checks = gate_entries(criteria, gate)
    if gate.people is not None:
        base.people = {"in": encoded.rows, "out": gate.people, "suppressed": encoded.rows - gate.people}
        base.suppressed_rows = encoded.rows_in - gate.rows
    base.risk = gate.risk
    base.class_sizes = [list(pair) for pair in gate.class_sizes]
    base.rows_out = gate.rows
    base.passed = gate.passed
    if not gate.passed:
        base.message = "the release would fail its own gate"
        if gate.criteria_passed and not gate.identifiers_left:
            base.message = f"the release would exceed its risk limit(s) {risk_over(gate)}"
    else:
        base.warnings = utility_warnings(config, encoded, base)
    return base


def row(values: dict[str, Any], report: Report, known: Known, reuse: bool) -> dict[str, Any]:
    """The explore report's row of a setting (``values``: the setting) from its report."""
    why = report.message
    for tail in ("; nothing was written", ", nothing was written"):
        why = why.replace(tail, "")
    return {
        "setting": dict(values),
        "node": report.node,
        "passed": report.passed,
        "why": why,
        "metric": report.metric,
        "metrics": report.metrics,
        "rows_out": None if report.node is None else report.rows_out,
        "suppressed_rows": None if report.node is None else report.suppressed_rows,
        "people": report.people,
        "risk": report.risk,
        "failed": [
            c["criterion"] for c in report.checks if not c["passed"] and c.get("severity", "error") == "error"
        ]
        if report.node is not None
        else [],
        "search": {
            "nodes_checked": report.search.get("nodes_checked", 0),
            "reused_verdicts": known.reused if reuse else 0,
        },
        "warnings": report.warnings,
    }


__all__ = ["Explored", "decider", "explore_setting", "looser", "monotone", "reuse_refused", "row"]
