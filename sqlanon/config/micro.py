"""``aggregate:`` on a quasi-identifier (microaggregation): where it cannot be published.

The search is unchanged (the column is generalized in the lattice like any quasi-identifier);
only the published value changes, to an aggregate of the class's original values
(sqlanon.release.micro). What reads the published labels back as levels of their hierarchies
cannot read an aggregate, and the releases that are not one lattice node's classes have no
classes of the generalization to aggregate over: those combinations are refused here."""

from __future__ import annotations

from collections.abc import Sequence

from sqlanon.config.criteria import CriterionSpec, reads_population
from sqlanon.errors import ConfigError

#: criteria whose verdict reads the published labels as hierarchy levels
LEVEL_CRITERIA = ("nt-closeness",)


def check_aggregate(
    aggregated: Sequence[str],
    search: str,
    person: Sequence[str],
    population: bool,
    criteria: Sequence[CriterionSpec],
    local_recoding: bool,
    dp: bool,
    journalist: bool,
) -> None:
    """Refuse ``aggregate`` (on the columns ``aggregated``) with what cannot publish or check it,
    with a message naming the column, the key and what to do."""
    if not aggregated:
        return
    col = aggregated[0]
    why = None
    if search == "mondrian":
        why = "search: mondrian (its partitions are not a hierarchy's classes); use a lattice search"
    elif local_recoding:
        why = "local_recoding (a release mixing nodes); remove local_recoding"
    elif dp:
        why = "differential_privacy (SafePub publishes the labels of a sampled release); remove one of them"
    elif person:
        why = "person: (the classes are counted by people); remove person or aggregate"
    elif population or journalist:
        why = (
            "population or the journalist risk (they map the published labels back to hierarchy levels, "
            "which an aggregate is not); remove population or aggregate"
        )
    else:
        for spec in criteria:
            if spec.kind in LEVEL_CRITERIA or reads_population(spec):
                why = (
                    f"{spec.kind} (it maps the published labels back to hierarchy levels, which an aggregate "
                    "is not); use another criterion or remove aggregate"
                )
                break
    if why is not None:
        raise ConfigError(f"Column {col!r}: aggregate does not apply with {why}.")


__all__ = ["LEVEL_CRITERIA", "check_aggregate"]
