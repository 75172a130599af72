"""``risk:`` in the configuration: the threshold of records at risk and the risk limits the
gate enforces (sqlanon.gate.risk measures the figures)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlanon import keys
from sqlanon.errors import ConfigError
from sqlanon.keys import Key

#: the default threshold of "records at risk" (ARX's default highest acceptable risk)
THRESHOLD = 0.2
#: the limits ``risk:`` takes: report key -> what it bounds
LIMITS = {
    "prosecutor_highest": "the highest prosecutor risk, 1 / the smallest class's size",
    "prosecutor_average": "the average prosecutor risk, classes / rows",
    "records_at_risk": "the share of records whose prosecutor risk exceeds the threshold",
    "marketer": "the marketer risk, the expected share of records re-identified",
    "sample_uniques": "the share of records alone in their class",
    "journalist_highest": "the highest journalist risk, 1 / the smallest population class's size",
    "journalist_average": "the average journalist risk",
    "journalist_records_at_risk": "the share of records whose journalist risk exceeds the threshold",
}

#: the limits whose figure is above 0 for every table with a row (a risk 1/size, an average
#: of such): a limit of 0 no release meets
POSITIVE = (
    "prosecutor_highest",
    "prosecutor_average",
    "marketer",
    "journalist_highest",
    "journalist_average",
)

#: the keys of ``risk:`` (every one optional): the threshold, and a limit per :data:`LIMITS`
KEYS = (
    Key(
        "threshold",
        keys.number(0, 1, open_low=True),
        default=THRESHOLD,
        description="the threshold of records at risk",
    ),
    *(
        Key(name, keys.number(0, 1, open_low=name in POSITIVE), description=f"the largest {what}")
        for name, what in LIMITS.items()
    ),
)


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
    unknown = sorted(set(value) - set(keys.names(KEYS)))
    if unknown:
        raise ConfigError(f"Unknown risk key(s) {unknown}; use threshold, {', '.join(LIMITS)}.")
    out: dict[str, float] = {}
    for key, given in value.items():
        if isinstance(given, bool) or not isinstance(given, (int, float)) or not 0 <= given <= 1:
            if isinstance(given, str):
                why = (
                    "YAML reads a number such as 5e-1 as text: write 0.5"
                    if "e" in given.lower()
                    else "write it without quotes"
                )
                raise ConfigError(f"risk.{key} must be a number in [0, 1], got the text {given!r} ({why}).")
            raise ConfigError(f"risk.{key} must be a share in [0, 1], got {given!r}.")
        if key == "threshold" and given == 0:
            raise ConfigError("risk.threshold must be greater than 0: every record's risk is above 0.")
        if key in POSITIVE and given == 0:
            raise ConfigError(
                f"risk.{key} must be greater than 0: {LIMITS[key]}, is above 0 for any table with a row, so no "
                f"release would meet it. Give the largest risk you accept, e.g. {key}: 0.05 (1 in 20)."
            )
        out[key] = float(given)
    threshold = out.pop("threshold", THRESHOLD)
    return RiskSettings(threshold, out)


__all__ = ["LIMITS", "THRESHOLD", "RiskSettings", "parse_risk"]
