"""The release of a lattice node over people (``sqlanon compile --node`` with ``person:``).

What ``apply --node`` publishes with ``person:`` (docs/people.md), as one SELECT: each row
generalized to the node as without ``person:`` (compile/release.py), a person's class the set of
their rows' generalized label tuples (the statements read no data, so they cannot know whether
the quasi-identifiers vary: they always class people by their sets, as compile's gate over
people does, gate_people.sql), the people of the classes that violate an error-severity
criterion suppressed with all their rows when they are at most floor(limit x people) and not
all of them, the person columns never published. The sensitive-value models weigh each
person's values by the least common multiple W of the people's numbers of values, computed in
SQL (standalone_weight.sql); the release is empty when W is not exact (a person of more than
:data:`sqlanon.compile.people.BOUND` values: the gate printed after it says so), when a value is
not covered by its hierarchy, when a person column is NULL, or when a person's rows disagree on a
column of ``person.constant`` (``apply`` refuses such a source).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from sqlglot import exp

from sqlanon.compile import domain
from sqlanon.compile.node import GENERALIZED, SOURCE, VERDICTS, generalized_ctes
from sqlanon.compile.people import BOUND, prime_powers
from sqlanon.config import Config
from sqlanon.criteria import Criterion
from sqlanon.criteria.checks import CheckPlan
from sqlanon.encode import SensitiveDomain
from sqlanon.encode.people import MAX_WEIGHTED
from sqlanon.errors import ConfigError
from sqlanon.hierarchy import Hierarchy
from sqlanon.sql.render import column, quoted, render_template

#: the CTEs of the release over people (compile's OWN_NAMES covers them); the gate printed after
#: the release has CTEs of its own named sqlanon_tuples, sqlanon_weight, ...
TUPLES = "sqlanon_node_tuples"
SIGNATURES = "sqlanon_node_signatures"
WEIGHT = "sqlanon_node_weight"
FREQUENCIES = "sqlanon_node_frequencies"
PROBLEMS = "sqlanon_node_problems"
#: the release with its person columns (what the gate over people reads)
RELEASE_PEOPLE = "sqlanon_release_people"


def refuse_people(required: Sequence[Criterion]) -> None:
    """A ConfigError for a criterion the release over people cannot suppress by."""
    for c in required:
        if c.needs_levels:
            raise ConfigError(
                f"compile --node does not write the release of {c.kind} over people in this version of sqlanon: "
                "it compares each class with its natural supersets, and the release classes people by their sets "
                "of label tuples, whose supersets sqlanon computes only for quasi-identifiers constant per "
                "person, which the SQL cannot know (it reads no data). Run apply with person for this criterion."
            )
    attributes = sorted({a for c in required for a in c.attributes})
    if len(attributes) > 1:
        raise ConfigError(
            "compile --node writes the release over people for the criteria of one sensitive column; the "
            f"error-severity criteria read {attributes}. Run apply with person for them."
        )


def people_release_ctes(
    config: Config,
    dialect: str,
    required: Sequence[Criterion],
    hierarchies: Mapping[str, Hierarchy],
    node: Mapping[str, int],
) -> tuple[list[tuple[str, exp.Expr]], exp.Select]:
    """The CTEs of the release over people, the last one (:data:`RELEASE_PEOPLE`) its rows with
    the person columns (what its gate reads), and the SELECT of the rows published (DuckDB's
    dialect)."""
    refuse_people(required)
    person = list(config.person)
    qis = [c.name for c in config.by_role("quasi")]
    names = [c.name for c in config.columns if c.role != "identifier"]
    ctes = generalized_ctes(config, dialect, hierarchies, node, keep=person)
    attributes = sorted({a for c in required for a in c.attributes})
    domains: dict[str, tuple[SensitiveDomain, str]] = {}
    for j, name in enumerate(attributes):
        made, defined = domain(config, required, name, j, source=GENERALIZED, prefix="sqlanon_node_")
        ctes += defined
        domains[name] = (made, f"s{j}")
    common = {"published": GENERALIZED, "qis": qis, "person": person}
    ctes.append((TUPLES, render_template("gate_people.sql", part="tuples", tuples=None, **common)))
    weight = None
    if attributes:
        weight = WEIGHT
        ctes.append(
            (
                WEIGHT,
                render_template(
                    "standalone_weight.sql",
                    source=GENERALIZED,
                    person=person,
                    columns=[attributes[0]],
                    powers=[list(pair) for pair in prime_powers(BOUND)],
                    bound=BOUND,
                    limit=MAX_WEIGHTED,
                ),
            )
        )
    sensitive = {"column": attributes[0], "table": domains[attributes[0]][0].table} if attributes else None
    ctes.append(
        (
            FREQUENCIES,
            render_template(
                "gate_people.sql",
                part="classes",
                tuples=TUPLES,
                sensitive=sensitive,
                weight=None,
                weight_table=weight,
                **common,
            ),
        )
    )
    plan = CheckPlan(list(required), [f"q{i}" for i in range(len(qis))], domains, people=bool(attributes))
    ctes.append((VERDICTS, plan.verdicts(FREQUENCIES)))
    parts = {"generalized": GENERALIZED, "qis": qis, "person": person}
    ctes.append(
        (SIGNATURES, render_template("release_people.sql", part="signatures", tuples=TUPLES, **parts))
    )
    ctes.append(
        (
            PROBLEMS,
            render_template(
                "release_people.sql",
                part="problems",
                source=SOURCE,
                constant=list(config.person_constant),
                **parts,
            ),
        )
    )
    limit = Fraction(str(config.suppression_limit))
    kept = render_template(
        "release_people.sql",
        part="kept",
        names=names,
        signatures=SIGNATURES,
        verdicts=VERDICTS,
        problems=PROBLEMS,
        weight=weight,
        num=limit.numerator,
        den=limit.denominator,
        **parts,
    )
    assert isinstance(kept, exp.Select)
    published = exp.select(*(exp.alias_(column(n, "r"), n, quoted=True) for n in names)).from_(
        exp.Table(this=quoted(RELEASE_PEOPLE), alias=exp.TableAlias(this=quoted("r")))
    )
    return [*ctes, (RELEASE_PEOPLE, kept)], published


def weight_guard() -> exp.Select:
    """A row (the weight, the largest number of values of a person, the people) when the
    weight of the source's people is not exact: the release is then empty."""
    return (
        exp.select(
            exp.alias_(column("w", "w"), "weight", quoted=True),
            exp.alias_(column("top", "w"), "most_values_of_a_person", quoted=True),
            exp.alias_(column("people", "w"), "people", quoted=True),
        )
        .from_(exp.Table(this=quoted(WEIGHT), alias=exp.TableAlias(this=quoted("w"))))
        .where(column("bad", "w"))
    )


__all__ = ["BOUND", "RELEASE_PEOPLE", "WEIGHT", "people_release_ctes", "refuse_people", "weight_guard"]
