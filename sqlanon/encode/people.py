"""The people of a table (``person:``): how many, whether their quasi-identifiers vary, and
the input rules they must meet.

Every guarantee counts people when ``person:`` is set (docs/people.md). A person's
quasi-identifier is the set of their rows' quasi-identifier tuples, generalized as a whole; a
class is the people whose generalized sets are equal. When every person's rows agree on the
quasi-identifiers (each set holds one tuple) a class is the people of one tuple, and the
frequency table simply counts people (encode_frequencies.sql); otherwise the search reads each
person's tuples (encode_members.sql) and compares their sets at every node (rollup_people.sql).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from sqlanon.engines import Engine
from sqlanon.errors import ConfigError, DataError
from sqlanon.sql.render import render_template

#: a tuple of level-0 codes is numbered in mixed radix (tuple_id in rollup_people.sql): the
#: product of the quasi-identifiers' code counts must stay within a BIGINT
MAX_TUPLE_IDS = 2**62


@dataclass(frozen=True)
class People:
    """A table's people: how many, and the quasi-identifiers some person's rows disagree on
    (with how many such people, in the order of the QIs)."""

    count: int
    varying: tuple[tuple[str, int], ...] = ()


def profile_people(
    engine: Engine,
    table: str,
    person: Sequence[str],
    qis: Sequence[str],
    what: str,
    constant: Sequence[str] = (),
) -> People:
    """The people of ``table`` (one statement, person_profile.sql), after checking that no row
    has a NULL person column and that every person's rows agree on the ``constant`` columns
    (``person: {constant: ...}``)."""
    columns = [*qis, *(c for c in constant if c not in qis)]
    row = engine.fetchone(
        render_template("person_profile.sql", source=table, person=list(person), qis=columns)
    )
    people, null_rows, *counts = (int(v or 0) for v in row)
    if null_rows:
        raise DataError(
            f"The {what} has {null_rows} row(s) whose person column {_names(person)!r} is NULL (missing): such a "
            "row belongs to nobody sqlanon can count. Fill the person column or remove those rows."
        )
    varies = dict(zip(columns, counts, strict=True))
    for column in constant:
        if varies[column]:
            raise DataError(
                f"{varies[column]} person(s) of the {what} have rows with different values of {column!r}, which "
                "person.constant says every row of a person agrees on. Correct those rows, or take "
                f"{column!r} out of person.constant: sqlanon then classes each person by the set of their "
                "rows' values (docs/people.md)."
            )
    return People(people, tuple((q, varies[q]) for q in qis if varies[q]))


def _names(person: Sequence[str]) -> str | list[str]:
    return person[0] if len(person) == 1 else list(person)


def check_tuple_ids(code_counts: Sequence[int]) -> None:
    """Refuse quasi-identifiers whose level-0 tuples cannot be numbered in a BIGINT (people
    whose quasi-identifiers vary are compared by the sets of their tuples' numbers)."""
    if math.prod(code_counts) > MAX_TUPLE_IDS:
        raise DataError(
            "People whose quasi-identifiers vary are compared by the sets of their rows' quasi-identifier "
            f"combinations, numbered within 2^62; these quasi-identifiers have {math.prod(code_counts):.3g} "
            "possible combinations. Generalize a column with many values before the run (a coarser "
            "hierarchy's level as the source's value), or make the quasi-identifiers constant per person."
        )


#: a person's weight (people_values.sql's n) times the people must stay within a BIGINT
MAX_WEIGHTED = 2**62


def holders(count: int) -> list[str]:
    """The holder column (the people holding each value: _people_values.sql's c) of each of
    ``count`` sensitive columns s0, s1, ...: c for the first (as with one column), then c1, c2;
    with several columns, last, cx: the people whose combinations of values (the cross product
    of their values of each column) hold the row's combination (_people_values.sql holds), which
    dissimilarity's variational distance counts over people."""
    return ["c", *(f"c{i}" for i in range(1, count)), *(["cx"] if count > 1 else [])]


def crossed(specs: Iterable[object], columns: Sequence[str]) -> dict[str, list[int]]:
    """The people-values templates' ``crossed`` (_people_values.sql holds): the indices, among
    ``columns`` (the frequency table's sensitive columns, in order), of the columns variational
    dissimilarity reads when other criteria read others too, so that its holder cx counts each
    person once per combination of its own columns, not once per value of the others; empty
    (every column: cx on every combination) when it reads them all or is not asked for.
    ``specs``: the criteria's specs (kind, params, attributes)."""
    reads: set[tuple[str, ...]] = set()
    for spec in specs:
        kind, params = getattr(spec, "kind", None), getattr(spec, "params", None)
        if (
            kind == "dissimilarity"
            and isinstance(params, Mapping)
            and params.get("distance") == "variational"
        ):
            reads.add(tuple(sorted(getattr(spec, "attributes", ()))))
    if not reads or all(set(r) == set(columns) for r in reads):
        return {}
    if len(reads) > 1:
        raise ConfigError(
            "With person, dissimilarity with the variational distance reads the people's combinations of its "
            f"columns, and this version of sqlanon counts them for one set of columns per run; the criteria read "
            f"{sorted(reads)}. Give every variational dissimilarity the same attributes, or run them one at a time."
        )
    (read,) = reads
    return {"crossed": [i for i, c in enumerate(columns) if c in read]}


def holder(column: str) -> str:
    """The holder column of the frequency table's sensitive column ``column`` (s0 -> c, s1 -> c1)."""
    index = int(column[1:]) if column[:1] == "s" and column[1:].isdigit() else 0
    return holders(index + 1)[index]


def person_weight(
    engine: Engine, table: str, person: Sequence[str], columns: str | Sequence[str], people: int, what: str
) -> int:
    """The weight each person's values share: the least common multiple of the numbers of
    distinct values of ``columns`` people have (so each person's share of each value, weight / m,
    is an exact integer and each person weighs the same). With several columns, of the products
    of each person's numbers (a person's combinations of values, one of each column: weight /
    (m0 x ... x mk-1) each, _people_values.sql values_multi)."""
    names = [columns] if isinstance(columns, str) else list(columns)
    if len(names) == 1:
        rendered = render_template(
            "person_value_counts.sql", source=table, person=list(person), column=names[0]
        )
    else:
        rendered = render_template(
            "person_value_counts.sql", source=table, person=list(person), columns=names
        )
    combos = [tuple(int(m) for m in row) for row in engine.fetchall(rendered)]
    counts = [math.prod(c) for c in combos]
    weight = math.lcm(*counts) if counts else 1
    if weight * max(people, 1) > MAX_WEIGHTED:
        if len(names) == 1:
            raise DataError(
                f"People of the {what} have between {min(counts)} and {max(counts)} distinct values of "
                f"{names[0]!r}; weighing each person as one over all of their values takes a common multiple of "
                f"those numbers ({weight}) that, over {people} people, exceeds what sqlanon counts exactly. Group "
                "the column's values (a hierarchy level) before the run, or check it without person."
            )
        raise DataError(
            f"People of the {what} have between {min(counts)} and {max(counts)} combinations of values of the "
            f"sensitive columns {names} (one value of each); weighing each person as one over all of their "
            f"combinations takes a common multiple of those numbers ({weight}) that, over {people} people, exceeds "
            "what sqlanon counts exactly. Group the columns' values (a hierarchy level) before the run, check the "
            "columns in separate runs, or check without person."
        )
    return weight
