"""``audit:`` in the configuration: the parameters of the attacks ``sqlanon audit`` measures
(sqlanon.pipeline.audit measures them)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlanon import keys
from sqlanon.errors import ConfigError
from sqlanon.keys import Key

#: the attacks, in the order they are reported, and what makes a class vulnerable to each
ATTACKS = {
    "homogeneity": "every record of the class has the same sensitive value (002, section 3.1)",
    "negation": "at most negations + 1 distinct sensitive values: ruling out that many leaves one (002, section 3)",
    "similarity": "every sensitive value of the class lies under one node of the sensitive hierarchy at "
    "similarity_level (003, section 3)",
    "skewness": "the class's distribution is more than t from the table's (Earth Mover's Distance; 003, section 3)",
    "inference": "some sensitive value's share in the class exceeds its share in the table by more than "
    "inference_gain",
}
#: the same with ``person:``: what an attacker learns about a person of the class, each attack
#: read over the class's people (docs/people.md, "The audit over people")
ATTACKS_PEOPLE = {
    "homogeneity": "some sensitive value is one that every person of the class has: an attacker learns it of each",
    "negation": "at most negations + 1 distinct sensitive values among the class's people: ruling out that many "
    "leaves one",
    "similarity": "every sensitive value among the class's people lies under one node of the sensitive hierarchy "
    "at similarity_level",
    "skewness": "the class's distribution, each person weighing one, is more than t from the table's (Earth "
    "Mover's Distance)",
    "inference": "the share of the class's people with some sensitive value exceeds the share of the table's "
    "people with it by more than inference_gain",
}
#: the distances skewness measures with (Earth Mover's Distance's ground distances)
DISTANCES = ("equal", "ordered", "hierarchical")
#: the defaults: one negation statement; t and the gain at the t of 003's experiments
NEGATIONS = 1
T = 0.2
INFERENCE_GAIN = 0.2
SIMILARITY_LEVEL = 1
#: the keys of ``audit:`` (every one optional)
KEYS = (
    Key("negations", keys.whole(0), default=NEGATIONS, description="negation statements an attacker holds"),
    Key("t", keys.number(0, 1), description="skewness's threshold"),
    Key(
        "distance",
        keys.any_of(keys.enum(DISTANCES), {"type": "object", "additionalProperties": keys.enum(DISTANCES)}),
        description="skewness's distance, or sensitive column -> distance",
        blank=True,
    ),
    Key("similarity_level", keys.whole(1), default=SIMILARITY_LEVEL),
    Key("inference_gain", keys.number(0, 1), default=INFERENCE_GAIN),
)


@dataclass(frozen=True)
class AuditSettings:
    """``audit:``: the attacks' parameters. ``distance``: one for every sensitive column, or
    per column (a mapping); a column without one gets the distance of the configuration's own
    t-closeness on it, else hierarchical with a hierarchy, ordered with an ``order`` or when
    its values are numbers, else equal. ``t`` (None: not given): skewness's threshold for
    every column; a column without it gets the t of the configuration's t-closeness on it,
    else :data:`T` (see audit.skewness_for)."""

    negations: int = NEGATIONS
    t: float | None = None
    distance: str | Mapping[str, str] | None = None
    similarity_level: int = SIMILARITY_LEVEL
    inference_gain: float = INFERENCE_GAIN


def _share(key: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 1:
        raise ConfigError(f"audit.{key} must be a number in [0, 1], got {value!r}.")
    return float(value)


def _count(key: str, value: Any, low: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < low:
        raise ConfigError(f"audit.{key} must be a whole number of at least {low}, got {value!r}.")
    return value


def parse_audit(value: Any) -> AuditSettings:
    """``audit: {negations: 1, t: 0.2, distance: hierarchical, similarity_level: 1,
    inference_gain: 0.2}`` (every key optional)."""
    if value is None:
        return AuditSettings()
    names = keys.names(KEYS)
    if not isinstance(value, Mapping):
        raise ConfigError(
            "audit must be a mapping, e.g. {negations: 1, t: 0.2}: the parameters of the attacks sqlanon audit "
            f"measures ({', '.join(names)})."
        )
    unknown = sorted(set(value) - set(names))
    if unknown:
        raise ConfigError(f"Unknown audit key(s) {unknown}; use {', '.join(names)}.")
    distance = value.get("distance")
    given = distance.values() if isinstance(distance, Mapping) else [] if distance is None else [distance]
    for d in given:
        if d not in DISTANCES:
            raise ConfigError(
                f"audit.distance must be one of {', '.join(DISTANCES)} (or a mapping of sensitive columns to "
                f"them, e.g. {{salary: ordered}}), got {d!r}."
            )
    if isinstance(distance, Mapping):
        distance = {str(k): str(v) for k, v in distance.items()}
    return AuditSettings(
        negations=_count("negations", value.get("negations", NEGATIONS), 0),
        t=_share("t", value["t"]) if "t" in value else None,
        distance=distance,
        similarity_level=_count("similarity_level", value.get("similarity_level", SIMILARITY_LEVEL), 1),
        inference_gain=_share("inference_gain", value.get("inference_gain", INFERENCE_GAIN)),
    )


__all__ = ["ATTACKS", "ATTACKS_PEOPLE", "DISTANCES", "AuditSettings", "parse_audit"]
