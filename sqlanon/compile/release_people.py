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

With several sensitive columns each criterion reads its own (gate_people.sql's classes with
``several`` and their holders; W a common multiple of every person's product of numbers of
values, their cross product of values). (n,t)-closeness's natural supersets are its people's
sets of tuples generalized to every node from this one up to the top (people_sets.sql,
_nt_people.sql, as compile's gate over people and ``apply`` form them). The criteria over the
whole table's distribution are checked again on the people kept, as ``apply``'s search does
(search/evaluator.py): the release is empty when one fails there. The models that read several
sensitive columns at once read them as compile's gate does (compile/people.py): multi-attribute
l-diversity each class's people and their rows (people.rows, CheckPlan's ``inputs``),
variational dissimilarity the people whose combinations of its own columns hold each vector
(cx: the frequency table of every column when it reads them all, else one of its own, renamed
to the plan's columns), all weighing the one weight over every column.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from sqlglot import exp

from sqlanon.compile import domain, people
from sqlanon.compile.node import GENERALIZED, SOURCE, VERDICTS, generalization_table, generalized_ctes
from sqlanon.compile.people import BOUND
from sqlanon.config import Config
from sqlanon.criteria import Criterion
from sqlanon.criteria.checks import ROWS, CheckPlan
from sqlanon.criteria.ldiversity import MultiAttributeL
from sqlanon.encode import SensitiveDomain
from sqlanon.encode.people import holders
from sqlanon.hierarchy import Hierarchy
from sqlanon.sql.render import column, quoted, render_template

#: the CTEs of the release over people (compile's OWN_NAMES covers them); the gate printed after
#: the release has CTEs of its own named sqlanon_tuples, sqlanon_weight, ...
TUPLES = "sqlanon_node_tuples"
SIGNATURES = "sqlanon_node_signatures"
WEIGHT = "sqlanon_node_weight"
FREQUENCIES = "sqlanon_node_frequencies"
PROBLEMS = "sqlanon_node_problems"
#: the frequencies of the classes kept, and the verdicts of the criteria re-checked on them
SURVIVORS = "sqlanon_node_survivors"
AGAIN = "sqlanon_node_again"
#: the release with its person columns (what the gate over people reads)
RELEASE_PEOPLE = "sqlanon_release_people"
#: (n,t)-closeness: each person's generalized label tuples, and their values of each attribute
#: (PERSON_VALUES + "_" + its index) (people_sets.sql)
PERSON_TUPLES = "sqlanon_node_person_tuples"
PERSON_VALUES = "sqlanon_node_person_values"


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
        # a common multiple of every person's number of values of each column (several: of the
        # product of their numbers, their cross product of values: _people_values.sql combos),
        # so of every criterion's (a person's product over a set of columns divides theirs
        # over all)
        weight = WEIGHT
        ctes.append(people.weight_cte(GENERALIZED, person, attributes, name=WEIGHT))
    held = [{"column": a, "table": domains[a][0].table} for a in attributes]
    # the people-values columns: one column as sensitive, several with their holders (each
    # criterion reads its own column's: CheckPlan maps s1 to c1, ...), as the gate's
    ctes.append(
        (FREQUENCIES, people.frequencies(GENERALIZED, qis, person, held, tuples=TUPLES, weight=WEIGHT))
    )
    inputs, own = _together(required, qis, person, attributes, held)
    ctes += own
    generalization: list[dict[str, str]] = []
    sets = None
    if any(c.needs_levels for c in required):
        ctes_sets, generalization, sets = _supersets(config, required, hierarchies, node, domains)
        ctes += ctes_sets
    plan = CheckPlan(
        list(required),
        [f"q{i}" for i in range(len(qis))],
        domains,
        generalization=generalization,
        people=bool(attributes),
        sets=sets,
        inputs=inputs,
    )
    ctes.append((VERDICTS, plan.verdicts(FREQUENCIES)))
    again = None
    rechecked = [i for i, c in enumerate(required) if c.global_distribution]
    if rechecked:
        # the criteria over the whole table's distribution, again on the people kept (their
        # table distribution and, for (n,t)-closeness, their supersets formed from them alone):
        # apply's search publishes nothing when one fails (search/evaluator.py's resummary)
        again = AGAIN
        survivors = render_template(
            "release_people.sql", part="survivors", frequencies=FREQUENCIES, verdicts=VERDICTS
        )
        ctes.append((SURVIVORS, survivors))
        ctes.append((AGAIN, plan.verdicts(SURVIVORS, rechecked)))
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
        again=again,
        num=limit.numerator,
        den=limit.denominator,
        **parts,
    )
    assert isinstance(kept, exp.Select)
    published = exp.select(*(exp.alias_(column(n, "r"), n, quoted=True) for n in names)).from_(
        exp.Table(this=quoted(RELEASE_PEOPLE), alias=exp.TableAlias(this=quoted("r")))
    )
    return [*ctes, (RELEASE_PEOPLE, kept)], published


def _together(
    required: Sequence[Criterion],
    qis: Sequence[str],
    person: Sequence[str],
    attributes: Sequence[str],
    held: Sequence[dict[str, str]],
) -> tuple[dict[int, str], list[tuple[str, exp.Expr]]]:
    """The models that read several sensitive columns at once: CheckPlan's ``inputs`` (each
    such criterion's suffix of :data:`FREQUENCIES`) and the CTEs they read. Multi-attribute
    l-diversity reads each class's people and their rows (compile/people.py rows, every column's
    codes s0, s1, ... as the plan's domains name them: it reads its own); variational
    dissimilarity the people whose combinations of its own columns hold each (cx): over every
    column of the release when it reads them all, else a frequency table of its own columns,
    renamed to the plan's s0, s1, ... (cx over more columns would count a person once per
    combination of the others)."""
    inputs: dict[int, str] = {}
    ctes: list[tuple[str, exp.Expr]] = []
    for i, crit in enumerate(required):
        if isinstance(crit, MultiAttributeL):
            inputs[i] = ROWS
            if not any(name == FREQUENCIES + ROWS for name, _ in ctes):
                ctes.append((FREQUENCIES + ROWS, people.rows(GENERALIZED, qis, person, held, TUPLES, WEIGHT)))
        elif len(crit.attributes) > 1 and sorted(crit.attributes) != list(attributes):
            used = sorted(crit.attributes)
            own = [h for h in held if h["column"] in used]
            inputs[i] = f"_{i}"
            counted = f"{FREQUENCIES}_own_{i}"
            ctes.append((counted, people.frequencies(GENERALIZED, qis, person, own, TUPLES, WEIGHT)))
            renamed = exp.select(
                *(column(f"q{k}", "f") for k in range(len(qis))),
                *(
                    exp.alias_(column(f"s{j}", "f"), f"s{attributes.index(name)}", quoted=True)
                    for j, name in enumerate(used)
                ),
                *(column(h, "f") for h in ["n", *holders(len(used)), "np"]),
            ).from_(exp.Table(this=quoted(counted), alias=exp.TableAlias(this=quoted("f"))))
            ctes.append((FREQUENCIES + inputs[i], renamed))
    return inputs, ctes


def _supersets(
    config: Config,
    required: Sequence[Criterion],
    hierarchies: Mapping[str, Hierarchy],
    node: Mapping[str, int],
    domains: Mapping[str, tuple[SensitiveDomain, str]],
) -> tuple[list[tuple[str, exp.Expr]], list[dict[str, str]], dict[str, Any]]:
    """(n,t)-closeness's natural supersets over people: each quasi-identifier's generalization
    table from the node's level up to its top, each person's generalized label tuples and, per
    attribute a criterion of supersets reads, their values weighing the release's weight
    (people_sets.sql) as CTEs, the plan's generalization entries and its ``sets``
    (_nt_people.sql: each class's superset at every more general node is the class there of
    its people's sets of tuples generalized to it, as ``apply`` forms it)."""
    qis = [c.name for c in config.by_role("quasi")]
    person = list(config.person)
    ctes: list[tuple[str, exp.Expr]] = []
    generalization = []
    for i, name in enumerate(qis):
        table = f"sqlanon_node_generalize_{i}"
        ctes.append((table, generalization_table(hierarchies[name], node[name])))
        generalization.append({"table": table, "level": "0"})
    common = {"published": GENERALIZED, "qis": qis, "person": person}
    ctes.append((PERSON_TUPLES, render_template("people_sets.sql", part="members", **common)))
    values = {}  # a relation per attribute, its values in s0 (CheckPlan reads the criterion's)
    read = sorted({c.attribute for c in required if c.needs_levels and c.attribute is not None})
    for name in read:
        values[name] = f"{PERSON_VALUES}_{domains[name][1][1:]}"
        sensitive = {"column": name, "table": domains[name][0].table}
        rendered = render_template(
            "people_sets.sql", part="values", sensitive=sensitive, weight=None, weight_table=WEIGHT, **common
        )
        ctes.append((values[name], rendered))
    sets = {
        "members": PERSON_TUPLES,
        "values": values,
        "pkeys": [f"p{i}" for i in range(len(person))],
        "value": "s0",
        "radix": None,
        "tuples": TUPLES,
    }
    return ctes, generalization, sets


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


__all__ = ["BOUND", "RELEASE_PEOPLE", "WEIGHT", "people_release_ctes", "weight_guard"]
