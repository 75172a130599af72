"""Why a lattice search found no node: the most general node it may reach (every
quasi-identifier at its ``max_level``, or its hierarchy's top) evaluated once more, its checks
for the report, and a message naming the criteria that fail there, by how much, and what would
help (a higher ``max_level``, a higher ``suppression_limit``, a weaker parameter)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlanon.criteria import Criterion
from sqlanon.criteria.checks import Outcome, Summary
from sqlanon.encode import Encoded
from sqlanon.report.entries import check_entries, label
from sqlanon.search.evaluator import Node, NodeEvaluator
from sqlanon.search.risk import HIGHEST_ORIGIN, JOURNALIST_ORIGIN, JOURNALIST_SHARES_ORIGIN, LIMIT_ORIGINS


@dataclass(frozen=True)
class Unsatisfied:
    """The most general node and why it fails: ``checks`` (the report's entries, before
    suppression), the rows of its classes violating any criterion, the rows the suppression
    limit allows, and the explanation (sentences for the report's message)."""

    node: dict[str, int]
    checks: list[dict[str, Any]]
    violating_rows: int
    allowed_rows: int
    explanation: str
    #: what the counts count: "rows", or "people" (``person:``)
    unit: str = "rows"

    def search_entry(self) -> dict[str, Any]:
        """The report's ``search.most_general``."""
        return {
            "node": self.node,
            f"violating_{self.unit}": self.violating_rows,
            f"allowed_{self.unit}": self.allowed_rows,
        }


def explain(
    evaluator: NodeEvaluator, encoded: Encoded, required: list[Criterion], caps: Node
) -> Unsatisfied | None:
    """Evaluate the most general node ``caps`` with every criterion (no batch screening) and say
    why it fails; None when it satisfies them (a search over criteria that are not monotone)."""
    result = evaluator.evaluate(caps)
    if result.satisfied:
        return None
    summary = result.summary
    rows, allowed = summary.rows, evaluator.max_suppressed
    failing = [(c, o) for c, o in zip(required, summary.outcomes, strict=True) if not o.passed]
    node = {d.column: level for d, level in zip(encoded.qis, caps, strict=True)}
    named = ", ".join(f"{k}={v}" for k, v in node.items())
    capped = [(d.column, cap, d.height) for d, cap in zip(encoded.qis, caps, strict=True) if cap < d.height]
    where = "the most general node the max_level settings allow" if capped else "the most general node"
    if result.risk:  # the criteria are met there, the risk limits are not
        over = ", ".join(f"{key} {value:.3g} > {limit:g}" for key, value, limit in result.risk)
        explanation = (
            f"At {where} ({named}), the criteria are met, but the classes published there exceed the risk "
            f"limit(s) {over}. What would help: a higher limit"
            + (", a higher max_level" if capped else "")
            + (
                ", or a lower suppression_limit (suppressed small classes can raise the shares)"
                if allowed
                else ""
            )
            + "."
        )
        checks = _checks(required, summary, encoded.unit)
        return Unsatisfied(node, checks, result.suppressed_rows, allowed, explanation, encoded.unit)
    if not failing:
        return None
    violating = evaluator.violating_rows(caps) if len(failing) > 1 else failing[0][1].violating_rows
    fails = "; ".join(_failure(c, o, encoded.unit) for c, o in failing)
    unit = encoded.unit
    if violating >= rows:
        rows_text = (
            f"every {'row' if unit == 'rows' else 'person'} ({rows:,}) is in a violating class there, and "
            "suppressing them all publishes nothing"
        )
    elif violating > allowed:
        rows_text = (
            f"{violating:,} of the {rows:,} {unit} are in violating classes there, {violating - allowed:,} more "
            f"than the suppression limit allows ({allowed:,})"
        )
    else:
        rows_text = (
            f"its {violating:,} violating {unit} fit the suppression limit ({allowed:,}), but a criterion over "
            f"the whole table's distribution fails on the {unit} left"
        )
    helps = []
    if capped:
        helps.append(
            "a higher max_level on "
            + " or ".join(f"{column!r} (now {cap}, top {height})" for column, cap, height in capped)
        )
    if allowed < violating < rows:
        helps.append(f"a suppression_limit of at least {share_at_least(violating, rows)}")
    helps += [w for w in (_weaker(c, o) for c, o in failing) if w]
    if not helps:  # only a k or an l of 1 would do
        helps = [_weakened(c, o) for c, o in failing]
    explanation = f"At {where} ({named}), {fails}; {rows_text}. What would help: " + "; or ".join(helps) + "."
    checks = _checks(required, summary, encoded.unit)
    return Unsatisfied(node, checks, violating, allowed, explanation, encoded.unit)


def _checks(required: Sequence[Criterion], summary: Summary, unit: str) -> list[dict[str, Any]]:
    """The node's check entries, but for the k-map (k = 1) that only gives the journalist
    shares each class's persons of the population: the configuration did not ask for it, and it
    never fails on a sample of the population."""
    shown = [
        (c, o)
        for c, o in zip(required, summary.outcomes, strict=True)
        if c.spec.origin != JOURNALIST_SHARES_ORIGIN
    ]
    return check_entries([c for c, _ in shown], [o for _, o in shown], unit=unit)


def _title(crit: Criterion) -> str:
    """The criterion with its parameters and columns, as the checks table names it."""
    if crit.spec.origin == HIGHEST_ORIGIN:  # the k-anonymity a prosecutor_highest limit stands for
        return f"risk prosecutor_highest (searched as k-anonymity, k={crit.spec.params['k']})"
    if crit.spec.origin == JOURNALIST_ORIGIN:  # the k-map a journalist_highest limit stands for
        return f"risk journalist_highest (searched as k-map with the population, k={crit.spec.params['k']})"
    on = f" on {', '.join(repr(a) for a in crit.attributes)}" if crit.attributes else ""
    return label(crit.kind, crit.report_params()) + on


def _failure(crit: Criterion, outcome: Outcome, unit: str) -> str:
    classes = outcome.violating_classes
    return (
        f"{_title(crit)} fails in {classes:,} class{'es' if classes != 1 else ''} "
        f"({outcome.violating_rows:,} {unit})"
    )


def _weaker(crit: Criterion, outcome: Outcome) -> str:
    """A parameter of ``crit`` that the node's worst class meets ("": none worth naming, a k or
    an l of 1 protects nothing)."""
    observed, title = outcome.observed, _title(crit)
    variant = crit.spec.params.get("variant")
    counts = crit.kind == "k-anonymity" or (crit.kind == "l-diversity" and variant in ("distinct", "entropy"))
    if counts and (observed is None or observed < 2):
        return ""
    if crit.spec.origin in LIMIT_ORIGINS:
        return (
            f"a {LIMIT_ORIGINS[crit.spec.origin]} limit of at least 1/{int(observed or 0)} (what the worst class "
            "there has)"
        )
    if crit.kind == "k-anonymity" or (crit.kind == "l-diversity" and variant == "distinct"):
        key = "k" if crit.kind == "k-anonymity" else "l"
        return f"{key} at most {int(observed or 0)} in {title} (what the worst class there has)"
    return _weakened(crit, outcome)


def _weakened(crit: Criterion, outcome: Outcome) -> str:
    worst = "unbounded" if outcome.observed is None else f"{outcome.observed:.6g}"
    return f"weakening {_title(crit)} to what the worst class there reaches ({worst})"


def share_at_least(part: int, whole: int) -> str:
    """``part / whole`` as a decimal rounded up to three significant digits (or more): a
    suppression limit that allows ``part`` rows of ``whole``."""
    digits = 2
    while part * 10**digits < whole * 100:
        digits += 1
    units = -(-part * 10**digits // whole)  # rounded up
    return format(Decimal(units).scaleb(-digits).normalize(), "f")


__all__ = ["Unsatisfied", "explain", "share_at_least"]
