"""``local_recoding:`` in the configuration: after a lattice search, the rows its node
suppresses are anonymized again with their own node, iteratively (sqlanon.release.recoding
does it; docs/search.md, "Local recoding")."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlanon import keys
from sqlanon.config.criteria import CriterionSpec
from sqlanon.errors import ConfigError
from sqlanon.keys import Key

#: the iterations a run makes at most when ``max_iterations`` is not given
MAX_ITERATIONS = 10
#: the keys of ``local_recoding:`` (every one optional)
KEYS = (
    Key(
        "max_iterations",
        keys.whole(1),
        default=MAX_ITERATIONS,
        description="the most times the rows still suppressed are searched again",
    ),
)
#: criteria whose verdict reads the node's levels, which a release mixing nodes does not have
LEVEL_CRITERIA = ("nt-closeness",)


@dataclass(frozen=True)
class RecodingSettings:
    """``local_recoding:``: recode the suppressed rows at most ``max_iterations`` times."""

    max_iterations: int = MAX_ITERATIONS


def parse_recoding(value: Any) -> RecodingSettings | None:
    """``local_recoding: {max_iterations: 10}`` or ``local_recoding: true`` (the default
    settings); None (off) when absent, null or false."""
    if value is None or value is False:
        return None
    if value is True:
        return RecodingSettings()
    names = keys.names(KEYS)
    if not isinstance(value, Mapping):
        raise ConfigError(
            "local_recoding must be true, false or a mapping such as {max_iterations: 10}, got "
            f"{type(value).__name__}."
        )
    unknown = sorted(map(str, set(value) - set(names)))
    if unknown:
        raise ConfigError(f"Unknown local_recoding key(s) {unknown}; use {', '.join(names)}.")
    most = value.get("max_iterations", MAX_ITERATIONS)
    if isinstance(most, bool) or not isinstance(most, int) or most < 1:
        raise ConfigError(
            f"local_recoding.max_iterations must be a whole number of at least 1, got {most!r}."
        )
    return RecodingSettings(max_iterations=most)


def check_recoding(
    settings: RecodingSettings | None,
    search: str,
    person: Sequence[str],
    population: bool,
    criteria: Sequence[CriterionSpec],
) -> None:
    """Refuse ``local_recoding`` where this release cannot keep its promise (a message naming
    the key and the reason)."""
    if settings is None:
        return
    if search == "mondrian":
        raise ConfigError(
            "local_recoding applies to the lattice searches (optimal, incognito, exhaustive): Mondrian's "
            "partitions are local already and it suppresses no row. Remove local_recoding."
        )
    if person:
        raise ConfigError(
            "local_recoding does not apply with person: a person's rows could land in classes of different "
            "nodes, which the search's people counting does not describe. Remove local_recoding or person."
        )
    if population:
        raise ConfigError(
            "local_recoding does not apply with population: the journalist risk maps the population to the "
            "release's levels, and a locally recoded release has one level per recoded group, not per column. "
            "Remove local_recoding or population."
        )
    for spec in criteria:
        if spec.kind in LEVEL_CRITERIA:
            raise ConfigError(
                f"local_recoding does not apply with {spec.kind}: its classes are compared with their natural "
                "supersets at the node's levels, which a release mixing nodes does not define. Remove "
                "local_recoding, or use t-closeness."
            )


__all__ = ["KEYS", "MAX_ITERATIONS", "RecodingSettings", "check_recoding", "parse_recoding"]
