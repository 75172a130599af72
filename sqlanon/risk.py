"""Re-identification risk of a table, from its equivalence classes' sizes (risk.sql).

A record's prosecutor risk is 1/|E|, E its class: the chance that an attacker who knows the
record is in the table picks it out of its class. The report gives the highest and average of
it, the share of records whose risk exceeds a threshold, the marketer risk (the expected share
of records re-identified when every record is targeted: classes / N) and the share of sample
uniques (records alone in their class), as ARX's risk views do. ``risk:`` in the configuration
sets the threshold and, optionally, limits that fail the run like an error-severity criterion.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from sqlanon.errors import ConfigError
from sqlanon.sql.render import render_template

if TYPE_CHECKING:
    from sqlanon.engines import Engine

#: the default threshold of "records at risk" (ARX's default highest acceptable risk)
THRESHOLD = 0.2
#: the limits ``risk:`` takes: report key -> what it bounds
LIMITS = {
    "prosecutor_highest": "the highest prosecutor risk, 1 / the smallest class's size",
    "prosecutor_average": "the average prosecutor risk, classes / rows",
    "records_at_risk": "the share of records whose prosecutor risk exceeds the threshold",
    "marketer": "the marketer risk, the expected share of records re-identified",
    "sample_uniques": "the share of records alone in their class",
}
#: the report's criterion name of a risk limit's check entry
CRITERION = "risk"


@dataclass(frozen=True)
class RiskSettings:
    """``risk:``: the threshold of records at risk, and the limits (key -> largest allowed)."""

    threshold: float = THRESHOLD
    limits: Mapping[str, float] = field(default_factory=dict)


def parse_risk(value: Any) -> RiskSettings:
    """``risk: {threshold: 0.2, prosecutor_highest: 0.1, ...}`` (every key optional)."""
    if value is None:
        return RiskSettings()
    if not isinstance(value, Mapping):
        raise ConfigError(
            "risk must be a mapping, e.g. {threshold: 0.2, prosecutor_highest: 0.1}: the threshold of records "
            "at risk and, optionally, limits on " + ", ".join(LIMITS) + "."
        )
    unknown = sorted(set(value) - {"threshold", *LIMITS})
    if unknown:
        raise ConfigError(f"Unknown risk key(s) {unknown}; use threshold, {', '.join(LIMITS)}.")
    out: dict[str, float] = {}
    for key, given in value.items():
        if isinstance(given, bool) or not isinstance(given, (int, float)) or not 0 <= given <= 1:
            raise ConfigError(f"risk.{key} must be a share in [0, 1], got {given!r}.")
        if key == "threshold" and given == 0:
            raise ConfigError("risk.threshold must be greater than 0: every record's risk is above 0.")
        out[key] = float(given)
    threshold = out.pop("threshold", THRESHOLD)
    return RiskSettings(threshold, out)


def measure(engine: Engine, freq: str, keys: Sequence[str], threshold: float) -> dict[str, Any]:
    """The report's ``risk`` of the table whose frequency table is ``freq`` (classes by
    ``keys``): every figure null when it has no rows."""
    t = Fraction(str(threshold))
    rows, classes, smallest, at_risk, uniques = (
        int(v or 0)
        for v in engine.fetchone(
            render_template(
                "risk.sql", freq=freq, keys=list(keys), threshold_num=t.numerator, threshold_den=t.denominator
            )
        )
    )
    share = (lambda n: n / rows) if rows else (lambda n: None)
    return {
        "prosecutor": {
            "highest": 1 / smallest if rows else None,
            "average": share(classes),
            "records_at_risk": share(at_risk),
            "threshold": threshold,
        },
        "marketer": share(classes),
        "sample_uniques": share(uniques),
        "journalist": None,
    }


def observed(risk: Mapping[str, Any], key: str) -> float | None:
    """The figure a limit bounds."""
    if key.startswith("prosecutor_"):
        value = risk["prosecutor"][key.removeprefix("prosecutor_")]
    elif key == "records_at_risk":
        value = risk["prosecutor"]["records_at_risk"]
    else:
        value = risk[key]
    return None if value is None else float(value)


def limit_entries(risk: Mapping[str, Any], settings: RiskSettings) -> list[dict[str, Any]]:
    """One check entry per limit of ``settings``: passed when the figure is at most the limit
    (an empty table passes: it discloses no one)."""
    out = []
    for key, limit in settings.limits.items():
        value = observed(risk, key)
        out.append(
            {
                "criterion": CRITERION,
                "attribute": None,
                "params": {
                    key: limit,
                    **({"threshold": settings.threshold} if key == "records_at_risk" else {}),
                },
                "severity": "error",
                "passed": value is None or value <= limit + 1e-12,
                "observed": value,
                "violating_classes": None,
                "violating_rows": None,
            }
        )
    return out


def summary(risk: Mapping[str, Any]) -> str:
    """The report's one line on risk."""
    p = risk["prosecutor"]
    if p["highest"] is None:
        return "risk: no rows"
    return (
        f"risk: prosecutor highest {p['highest']:.3g}, average {p['average']:.3g}, "
        f"{p['records_at_risk']:.1%} of records above {p['threshold']:g}; marketer {risk['marketer']:.3g}; "
        f"sample uniques {risk['sample_uniques']:.1%}"
    )


__all__ = ["LIMITS", "THRESHOLD", "RiskSettings", "limit_entries", "measure", "parse_risk", "summary"]
