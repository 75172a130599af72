"""``person:``: the column(s) that identify the individual a row is about.

With ``person:`` every guarantee is counted over people, not rows (see docs/people.md): a class
is the people whose generalized quasi-identifiers are equal, k counts distinct people, and
suppression removes people with all their rows. The columns are identifiers: never published.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlanon import keys
from sqlanon.config.criteria import CriterionSpec
from sqlanon.errors import ConfigError
from sqlanon.keys import Key

#: the privacy models evaluated over people so far (model -> its variants or distances, None:
#: all), in docs/people.md's forms; the others are refused with ``person:``
PERSON_MODELS: dict[str, tuple[str, ...] | None] = {
    "k-anonymity": None,
    "l-diversity": ("distinct", "entropy", "recursive", "pd-recursive", "npd-recursive"),
    "alpha-k-anonymity": None,
    "t-closeness": ("equal", "ordered", "hierarchical", "kl", "js", "variational", "smoothed-js"),
    "nt-closeness": None,
    "dissimilarity": ("numeric", "ordered", "hierarchical", "variational"),
    "delta-disclosure": None,
    "beta-likeness": None,
    "k-map": ("poisson", "zero-truncated-poisson"),
}

_NAMES = keys.any_of(keys.text(), {"type": "array", "minItems": 1, "uniqueItems": True, "items": keys.text()})
#: the keys of ``person:`` as a mapping
KEYS = (
    Key("columns", _NAMES, required=True, description="the column or columns identifying the individual"),
    Key(
        "constant",
        keys.any_of({"const": "all"}, _NAMES),
        description="the columns every row of a person must agree on (all: every quasi-identifier)",
    ),
)


def counted_over_people(c: CriterionSpec) -> str | None:
    """Why ``c`` is not counted over people, or None when it is."""
    if c.kind not in PERSON_MODELS:
        return f"{c.kind} is not evaluated over people in this version of sqlanon"
    allowed = PERSON_MODELS[c.kind]
    what = next((key for key in ("variant", "distance", "estimator") if key in c.params), "variant")
    form = c.params.get(what)
    if c.kind == "k-map":  # the population table counts rows, one per person, not the people's sets
        what, form = "estimator", c.params.get("estimator", "population")
    if allowed is not None and form not in allowed:
        return (
            f"{c.kind} with {what} {form} is not evaluated over people in this version of sqlanon (over people: "
            f"{what} {', '.join(allowed)})"
        )
    if len(c.attributes) > 1 and c.kind not in ("dissimilarity", "l-diversity"):
        # multi-attribute l-diversity and variational dissimilarity are (docs/people.md)
        return (
            f"{c.kind} over several attributes at once is not evaluated over people in this version of sqlanon "
            "(give each attribute its own criterion)"
        )
    return None


def parse_person(value: Any, roles: Mapping[str, str]) -> tuple[str, ...]:
    """The ``person:`` columns (a name or a list of names), checked against ``columns:``
    (``roles``: column -> role). A person column may be declared an identifier or left out of
    ``columns:``; it may not be a quasi-identifier, sensitive or insensitive (published) column."""
    if value is None:
        return ()
    if isinstance(value, Mapping):
        unknown = sorted(set(value) - set(keys.names(KEYS)))
        if unknown:
            raise ConfigError(
                f"Unknown key(s) {unknown} in person; use columns (the person column or columns) and constant "
                "(the columns every row of a person must agree on)."
            )
        if "columns" not in value:
            raise ConfigError(
                "person as a mapping needs columns: the column that identifies the individual a row is about "
                "(person: {columns: patient_id, constant: [birth_year, sex]})."
            )
        value = value["columns"]
    names = [value] if isinstance(value, str) else value
    if not isinstance(names, list) or not names or not all(isinstance(n, str) and n for n in names):
        raise ConfigError(
            "person must name the column that identifies the individual a row is about "
            "(person: patient_id), or a list of such columns (person: [site, patient_no])."
        )
    if len(set(names)) != len(names):
        repeated = sorted({n for n in names if names.count(n) > 1})
        raise ConfigError(f"person names column {repeated[0]!r} more than once; name each column once.")
    for name in names:
        role = roles.get(name)
        if role is not None and role != "identifier":
            raise ConfigError(
                f"Column {name!r} is the person column and also has role {role}. The person column "
                "identifies the individual and is never published: declare it role identifier (or leave "
                "it out of columns), and use other columns as quasi-identifiers."
            )
    return tuple(names)


def parse_constant(value: Any, roles: Mapping[str, str]) -> tuple[str, ...]:
    """``person: {constant: ...}``: the published columns each person's rows must agree on
    (``all``: every quasi-identifier), checked against ``columns:`` (``roles``: column -> role).
    A person whose rows disagree on one of them is an error of the data (encode.people), not a
    class of several combinations."""
    if not isinstance(value, Mapping) or "constant" not in value:
        return ()
    raw = value["constant"]
    quasi = [name for name, role in roles.items() if role == "quasi"]
    if raw == "all":
        return tuple(quasi)
    names = [raw] if isinstance(raw, str) else raw
    if not isinstance(names, list) or not names or not all(isinstance(n, str) and n for n in names):
        raise ConfigError(
            "person.constant must be all (every quasi-identifier) or name the columns every row of a person "
            "agrees on (constant: [birth_year, sex])."
        )
    for name in names:
        role = roles.get(name)
        if role not in ("quasi", "sensitive", "insensitive"):
            what = "is not in columns" if role is None else f"has role {role}"
            raise ConfigError(
                f"person.constant names {name!r}, which {what}: name published columns (quasi-identifiers, "
                f"sensitive or insensitive), e.g. {quasi[0] if quasi else 'birth_year'!r}, or constant: all."
            )
    if len(set(names)) != len(names):
        repeated = sorted({n for n in names if names.count(n) > 1})
        raise ConfigError(
            f"person.constant names column {repeated[0]!r} more than once; name each column once."
        )
    return tuple(names)


def check_person_use(person: Sequence[str], criteria: Sequence[CriterionSpec], search: str) -> None:
    """Refuse what sqlanon does not count over people yet, with ``person:`` set."""
    if not person:
        return
    if search == "mondrian":
        raise ConfigError(
            "search mondrian does not partition people: its cuts split rows, so one person's rows could "
            "land in different partitions. Remove person, or use a lattice search (search: optimal, the "
            "default)."
        )
    for c in criteria:
        why = counted_over_people(c)
        if why is not None:
            raise ConfigError(
                f"{why}: with person it would count rows, which is what person is there to avoid. Models "
                f"counted over people: {_models()}. Remove {c.kind} or remove person."
            )


def _models() -> str:
    return "; ".join(
        kind + ("" if forms is None else f" ({', '.join(forms)})") for kind, forms in PERSON_MODELS.items()
    )


def refuse_person(person: Sequence[str], command: str) -> None:
    """``command`` does not count people in this version: refuse ``person:``, never count rows
    in its place."""
    if person:
        raise ConfigError(
            f"{command} does not count people in this version of sqlanon, and the configuration sets "
            f"person ({', '.join(person)}): its figures would count rows. Run anonymize or check with person, "
            f"or remove person to {command} over rows."
        )
