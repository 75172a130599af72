"""The report's check entries: one per criterion, one for the identifier columns, and how a
criterion is named in them and in messages."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlanon.criteria import Criterion
from sqlanon.criteria.checks import Outcome

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
    unit: str = "rows",
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
    ``unit``: what the classes count, "rows" or "people" (``person:``): the entries say
    ``violating_rows`` or ``violating_people``.
    """
    out = []
    for i, (crit, outcome) in enumerate(zip(criteria, outcomes, strict=True)):
        observed: float | int | None = outcome.observed
        if crit.kind in ("k-anonymity", "k-map") or crit.spec.params.get("variant") == "distinct":
            observed = None if observed is None else int(observed)
        entry: dict[str, Any] = {
            "criterion": crit.kind,
            "attribute": crit.attribute if len(crit.attributes) <= 1 else list(crit.attributes),
            "params": crit.report_params(),
            "severity": crit.severity,
            "passed": outcome.passed,
            "observed": observed,
            "violating_classes": outcome.violating_classes,
            f"violating_{unit}": outcome.violating_rows,
        }
        entry.update(outcome.extras)
        if i < len(violations) and violations[i]:
            entry["violations"] = [dict(v) for v in violations[i]]
        out.append(entry)
    return out


def label(kind: str, params: Mapping[str, Any]) -> str:
    """``kind (variant, k=v, ...)``: the numbers of its parameters (lists of values, which name
    sensitive values, are left out)."""
    variant = str(params.get("variant") or params.get("distance") or "")
    shown = [
        f"{k}={v:g}" if isinstance(v, float) else f"{k}={v}"
        for k, v in params.items()
        if k not in ("variant", "distance", "severity", "multi_attribute")
        and isinstance(v, (int, float, str))
        and not isinstance(v, bool)
    ]
    inside = ", ".join(([variant] if variant else []) + shown)
    return kind + (f" ({inside})" if inside else "")


def _named(c: Mapping[str, Any]) -> str:
    """A criterion of ``why_coarse`` as the checks table names it, with its columns."""
    attribute = c.get("attribute")
    on = ", ".join(repr(a) for a in attribute) if isinstance(attribute, list) else repr(attribute)
    return label(c["criterion"], c.get("params") or {}) + (f" on {on}" if attribute else "")


def why_reason(entry: Mapping[str, Any], unit: str, allowed: int) -> str:
    """Why a quasi-identifier is not one level lower at the chosen node: the sentence of one
    ``why_coarse`` column's entry (its level and ``lower``, None at level 0). Counts only."""
    lower = entry["lower"]
    if lower is None:
        return f"level {entry['level']} (as is)"
    if lower["ok"]:
        loss = lower["loss"]
        return (
            f"level {entry['level']}; {lower['level']} is allowed, but the node chosen has less loss "
            f"({loss['metric']} {_number(loss['lower'])} there against {_number(loss['chosen'])})"
        )
    at = f"level {entry['level']}, not {lower['level']}: "
    fails = ", ".join(
        f"{_named(c)} fails in {c['violating_classes']:,} class{'es' if c['violating_classes'] != 1 else ''} "
        f"({c['violating']:,} {unit})"
        for c in lower["criteria"]
    )
    violating, total = lower["violating"], lower["total"]
    if lower["stop"] == "suppression_limit":
        rows = f"{violating:,} of the {total:,} {unit} in violating classes, the suppression limit allows {allowed:,}"
    elif lower["stop"] == "all_suppressed":
        rows = (
            f"every one of the {total:,} {unit} is in a violating class: suppressing them publishes nothing"
        )
    elif lower["stop"] == "risk_limit":
        over = ", ".join(f"{r['limit']} {r['observed']:.3g} > {r['max']:g}" for r in lower["risk"])
        rows = f"the criteria are met, but the classes published there exceed the risk limit(s) {over}"
    else:
        left = ", ".join(_named(c) for c in lower["remaining"]) or "a criterion over the whole table"
        rows = f"its {violating:,} violating {unit} fit the suppression limit ({allowed:,}), but {left} fails on the {unit} left"
    return at + (f"{fails}; " if fails else "") + rows


def _number(value: Any) -> str:
    if value is None:
        return "unbounded"
    return f"{value:.6g}" if isinstance(value, float) else str(value)
