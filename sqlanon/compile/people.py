"""``compile`` with ``person:``: gate statements that count people, as ``check`` does.

A person's quasi-identifier is the set of their rows' label tuples and a class is the people
whose sets are equal (docs/people.md); the statements cannot know whether the table's people
have one tuple each, since they read no value of the data into their text, so they always class
people by their sets (gate_people.sql's parts as CTEs): with constant quasi-identifiers each set
holds one tuple, and the classes are the people of one tuple. A violating class is listed as
its tuples, one row each, numbered by ``class``.

With a sensitive-value model the people's values weigh the least common multiple W of their
numbers of distinct values, as the gate's (sqlanon/encode/people.py person_weight), which the
statements compute in SQL (standalone_weight.sql) for people of at most :data:`BOUND` values; a
guard statement returns a row when a person has more, or when W times the people leaves what is
counted exactly. The models that read several sensitive columns at once weigh each person's
combinations of values (one of each column): a person's number is the product of their numbers
of distinct values of each, W the lcm of those products (a common multiple of each column's
numbers too), exact while every product is at most :data:`BOUND`. Variational dissimilarity reads
the frequency table of the combinations (:func:`frequencies` with several columns: holders c,
c1, ..., cx); multi-attribute l-diversity reads each class's people and their rows
(:func:`rows`, gate_people.sql part rows, named as CheckPlan.inputs expects: the frequency
table's name + ROWS), from which people_subblocks.sql forms the sub-blocks.

(n,t)-closeness's natural supersets are formed from the people's sets of tuples generalized to
every more general node (people_sets.sql's CTEs, read by _nt_people.sql), as ``check`` forms
them when quasi-identifiers vary; with constant ones they are the merged classes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlglot import exp

from sqlanon.criteria.base import Criterion
from sqlanon.criteria.checks import CheckPlan
from sqlanon.encode.people import MAX_WEIGHTED, holders
from sqlanon.sql.labels import from_key_sql
from sqlanon.sql.render import column, quoted, render_template

#: the names of the CTEs of the people (compile's OWN_NAMES covers them)
TUPLES = "sqlanon_tuples"
MEMBERS = "sqlanon_members"
WEIGHT = "sqlanon_weight"
#: (n,t)-closeness: each person's label tuples and values (people_sets.sql)
PERSON_TUPLES = "sqlanon_person_tuples"
PERSON_VALUES = "sqlanon_person_values"
#: the largest number of distinct sensitive values a person may have for the statements' weight:
#: lcm(1..42) < 2^63 (lcm(1..43) is not), so the weight is exact in a BIGINT
BOUND = 42


def unsupported(c: Criterion) -> str | None:
    """Why compile's statements over people cannot evaluate ``c`` (None: they can: every model,
    over one sensitive column or several read together, since the statements compute the
    people's weight in SQL, standalone_weight.sql)."""
    return None


def prime_powers(bound: int) -> list[tuple[int, int]]:
    """Every prime power q = p^e <= ``bound`` (e >= 1) with its prime p, smallest q first."""
    primes = [p for p in range(2, bound + 1) if all(p % d for d in range(2, int(p**0.5) + 1))]
    out = []
    for p in primes:
        q = p
        while q <= bound:
            out.append((q, p))
            q *= p
    return sorted(out)


def people_ctes(source: str, qis: Sequence[str], person: Sequence[str]) -> list[tuple[str, exp.Expr]]:
    """The table's label tuples, numbered, and each class's tuples (gate_people.sql's parts
    tuples and members) as CTEs over ``source``."""
    common = {"published": source, "qis": list(qis), "person": list(person)}
    return [
        (TUPLES, render_template("gate_people.sql", part="tuples", tuples=None, **common)),
        (MEMBERS, render_template("gate_people.sql", part="members", tuples=TUPLES, **common)),
    ]


def sets_ctes(
    source: str, qis: Sequence[str], person: Sequence[str], sensitive: dict[str, str]
) -> tuple[list[tuple[str, exp.Expr]], dict[str, Any]]:
    """(n,t)-closeness's natural supersets over people: each person's label tuples and values
    (people_sets.sql, their values weighing the statements' weight) as CTEs over ``source``,
    and the plan's ``sets`` that read them (_nt_people.sql: every superset formed from the
    people's sets of tuples, whether or not they vary)."""
    common = {"published": source, "qis": list(qis), "person": list(person)}
    ctes = [
        (PERSON_TUPLES, render_template("people_sets.sql", part="members", **common)),
        (
            PERSON_VALUES,
            render_template(
                "people_sets.sql",
                part="values",
                sensitive=sensitive,
                weight=None,
                weight_table=WEIGHT,
                **common,
            ),
        ),
    ]
    sets = {
        "members": PERSON_TUPLES,
        "values": PERSON_VALUES,
        "pkeys": [f"p{i}" for i in range(len(person))],
        "value": "s0",
        "radix": None,
        "tuples": TUPLES,
    }
    return ctes, sets


def weight_cte(
    source: str, person: Sequence[str], attributes: Sequence[str], name: str = WEIGHT
) -> tuple[str, exp.Expr]:
    """The weight of the people's values of ``attributes`` (several: of their cross products of
    values), computed from ``source``, as the CTE ``name``."""
    return (
        name,
        render_template(
            "standalone_weight.sql",
            source=source,
            person=list(person),
            columns=list(attributes),
            powers=[list(pair) for pair in prime_powers(BOUND)],
            bound=BOUND,
            limit=MAX_WEIGHTED,
        ),
    )


def weight_guard() -> exp.Select:
    """A row (the weight, the largest number of values of a person, the people) when the weight
    is not the one the gate counts with."""
    return (
        exp.select(
            exp.alias_(column("w", "w"), "weight", quoted=True),
            exp.alias_(column("top", "w"), "most_values_of_a_person", quoted=True),
            exp.alias_(column("people", "w"), "people", quoted=True),
        )
        .from_(exp.Table(this=quoted(WEIGHT), alias=exp.TableAlias(this=quoted("w"))))
        .where(column("bad", "w"))
    )


def frequencies(
    source: str,
    qis: Sequence[str],
    person: Sequence[str],
    sensitive: Sequence[dict[str, str]],
    tuples: str = TUPLES,
    weight: str = WEIGHT,
) -> exp.Expr:
    """The classes of people (keyed by their signature in q0) with their people (n), or with
    sensitive attributes ({column, table} each) their values' n, c and np (several: one row per
    combination of values, with each column's holder, c, c1, ..., and cx: sqlanon/encode/people.py
    holders), over ``source``. ``tuples``, ``weight``: the relations of its label tuples and of
    the weight (compile --node's release names its own, compile/release_people.py)."""
    several: dict[str, Any] = (
        {"several": list(sensitive), "holders": holders(len(sensitive))} if len(sensitive) > 1 else {}
    )
    return render_template(
        "gate_people.sql",
        part="classes",
        published=source,
        qis=list(qis),
        person=list(person),
        tuples=tuples,
        sensitive=sensitive[0] if len(sensitive) == 1 else None,
        weight=None,
        weight_table=weight if sensitive else None,
        **several,
    )


def rows(
    source: str,
    qis: Sequence[str],
    person: Sequence[str],
    several: Sequence[dict[str, str]],
    tuples: str = TUPLES,
    weight: str = WEIGHT,
) -> exp.Expr:
    """Multi-attribute l-diversity over people: each class's people (keyed by their signature in
    q0, as :func:`frequencies`) and their rows' tuple numbers and codes of ``several`` (s0, s1,
    ...: every column may be given, the criterion reads its own), with the statements' weight
    (gate_people.sql part rows; people_subblocks.sql reads it). ``tuples``, ``weight``: as
    :func:`frequencies`'."""
    return render_template(
        "gate_people.sql",
        part="rows",
        published=source,
        qis=list(qis),
        person=list(person),
        tuples=tuples,
        several=list(several),
        weight=None,
        weight_table=weight,
    )


def output_names(qis: Sequence[str]) -> tuple[str, str, str]:
    """The names of the class-number, people and measure columns: ``class``, ``people`` and
    ``observed``, with underscores added while a quasi-identifier has that name."""
    names = []
    for name in ("class", "people", "observed"):
        while name in qis:
            name += "_"
        names.append(name)
    return names[0], names[1], names[2]


def violations(plan: CheckPlan, qis: Sequence[str], freq: str) -> exp.Select:
    """The plan's one criterion's violating classes of people over ``freq``, worst first: one
    row per tuple of a class's people (its labels under the quasi-identifiers' names, NULL as
    NULL), with the class's number (1 the worst), people and measure."""
    number, people, observed = output_names(qis)
    value = column("v0", "v")
    order = [
        exp.Ordered(this=value.copy(), desc=plan.criteria[0].worst == "MAX", nulls_first=False),
        column("size", "v"),
        column("q0", "v"),
    ]
    ranked = exp.Window(this=exp.RowNumber(), order=exp.Order(expressions=order))
    classes = plan.violations(
        freq,
        0,
        [
            exp.alias_(column("q0", "v"), "sig", quoted=True),
            exp.alias_(column("size", "v"), "size", quoted=True),
            exp.alias_(value, "val", quoted=True),
            exp.alias_(ranked, "class", quoted=True),
        ],
    )
    labels = [exp.alias_(from_key_sql(column(f"q{i}", "m")), name, quoted=True) for i, name in enumerate(qis)]
    return (
        exp.select(
            exp.alias_(column("class", "c"), number, quoted=True),
            *labels,
            exp.alias_(column("size", "c"), people, quoted=True),
            exp.alias_(column("val", "c"), observed, quoted=True),
        )
        .from_(exp.Subquery(this=classes, alias=exp.TableAlias(this=quoted("c"))), copy=False)
        .join(
            exp.Table(this=quoted(MEMBERS), alias=exp.TableAlias(this=quoted("m"))),
            on=exp.EQ(this=column("sig", "m"), expression=column("sig", "c")),
            copy=False,
        )
        .order_by(column("class", "c"), column("t", "m"), copy=False)
    )
