"""The people of a table (``person:``): how many, and the input rules they must meet.

Every guarantee counts people when ``person:`` is set (docs/people.md). This module profiles a
table's people in one statement (person_profile.sql) and refuses, with a message naming the
column, what sqlanon cannot count: rows with a NULL person column (they belong to nobody) and,
in this version, people whose rows carry different values of a quasi-identifier.
"""

from __future__ import annotations

from collections.abc import Sequence

from sqlanon.engines import Engine
from sqlanon.errors import DataError
from sqlanon.sql.render import render_template


def count_people(engine: Engine, table: str, person: Sequence[str], qis: Sequence[str], what: str) -> int:
    """The number of distinct people of ``table``, after checking that no row has a NULL
    person column and that every person's rows agree on every quasi-identifier of ``qis``."""
    row = engine.fetchone(
        render_template("person_profile.sql", source=table, person=list(person), qis=list(qis))
    )
    people, null_rows, *varying = (int(v or 0) for v in row)
    names = person[0] if len(person) == 1 else list(person)
    if null_rows:
        raise DataError(
            f"The {what} has {null_rows} row(s) whose person column {names!r} is NULL (missing): such a row "
            "belongs to nobody sqlanon can count. Fill the person column or remove those rows."
        )
    for column, count in zip(qis, varying, strict=True):
        if count:
            raise DataError(
                f"{count} person(s) of the {what} have rows with different values of quasi-identifier "
                f"{column!r} (people are told apart by {names!r}). This version of sqlanon counts people whose "
                "rows agree on every quasi-identifier (a patient's birth year and sex, not a visit's date). "
                f"Make {column!r} constant per person (for example the value of their first row), or remove "
                "person to count rows."
            )
    return people
