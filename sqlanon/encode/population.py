"""The population the source is a sample of (``population:``), as the search reads it for the
models that count its persons (k-map with the population table, delta-presence:
sqlanon.criteria.population): its persons per combination of the quasi-identifiers' level-0
codes, encoded once with the source's dimension tables (population_frequencies.sql)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlanon.engines import Engine
from sqlanon.errors import DataError
from sqlanon.sql.labels import NULL_VALUE
from sqlanon.sql.render import Part, render_template


def population_plan(table: str | None, codes: bool) -> Mapping[str, Any] | None:
    """The templates' ``population`` (_population.sql) for the relation ``table``: the
    population's persons per class as codes (the search: its level-0 codes rolled up to the
    node), or per class at the published labels (the gate, ``codes`` false); None without
    one."""
    if table is None:
        return None
    return {"table": table, "codes": codes, "null_label": NULL_VALUE}


def refuse_uncovered(columns: Sequence[str], counts: Sequence[Any]) -> None:
    """A DataError when some person of the population holds a value its quasi-identifier's
    hierarchy does not cover: per column of ``columns`` its count of such persons (``counts``,
    in the same order), never a value. The search (k-map, delta-presence, the journalist limits)
    and the gate (the same, and the journalist risk) read the population so."""
    uncovered = [f"{int(n):,} of {column!r}" for column, n in zip(columns, counts, strict=True) if n]
    if uncovered:
        raise DataError(
            f"Persons of the population hold values that the quasi-identifiers' hierarchies do not cover: "
            f"{', '.join(uncovered)}. The population is compared with the table's classes through those "
            "hierarchies, from its original values (k-map, delta-presence and the journalist risk read it so): "
            "give hierarchies that cover every value of the population (NULL counts too: a hierarchy maps it "
            "with its leaf whose value is empty; a hierarchy a builder makes holds only the values of the table "
            "it is built from: give a file or a tree that lists the population's values too), or remove those "
            "persons."
        )


def encode_population(
    engine: Engine, population: str, qis: Sequence[tuple[Part, str]], freq: str
) -> tuple[str, int]:
    """The population's persons per level-0 combination (q0.., n) in a new temp table, and its
    rows, from the temp table ``population`` and the quasi-identifiers' (dimension table,
    column) ``qis``.

    A DataError when some person's value is no leaf of its quasi-identifier's hierarchy (the
    column and how many persons, never the value), or when the source (bottom frequency table
    ``freq``) has more rows in a combination than the population has persons: the source must
    be a sample of the population."""
    refuse_missing(engine, population, [column for _, column in qis])
    common = {"population": population, "qis": [{"dim": d, "column": c} for d, c in qis]}
    counts = engine.fetchone(render_template("population_frequencies.sql", part="uncovered", **common))
    refuse_uncovered([column for _, column in qis], counts)
    table = engine.temp_name("population_freq")
    rows_coded = engine.create_counted(
        table, render_template("population_frequencies.sql", part="freq", **common)
    )
    cells, rows = engine.fetchone(
        render_template("population_frequencies.sql", part="short", freq=freq, pop=table, **common)
    )
    refuse_short(cells, rows)
    return table, rows_coded


def refuse_missing(engine: Engine, population: str, columns: Sequence[str]) -> None:
    """A DataError when the temp table ``population`` lacks some of the quasi-identifiers'
    ``columns`` (it names them and the columns it has)."""
    present = {name for name, _ in engine.columns(population)}
    missing = [column for column in columns if column not in present]
    if missing:
        raise DataError(
            f"The population has no column(s) {missing}: it needs every quasi-identifier's column, named as in "
            f"the table (it has {sorted(present)})."
        )


def refuse_short(cells: Any, rows: Any) -> None:
    """A DataError when the source has more rows than the population has persons in ``cells``
    combinations of the quasi-identifiers' values (``rows`` rows of the source): the source
    must be a sample of the population."""
    if int(cells or 0):
        raise DataError(
            f"The population holds fewer persons than the source in {int(cells):,} combination(s) of the "
            f"quasi-identifiers' values ({int(rows):,} rows of the source): the source must be a sample of the "
            "population (every person of the source in it, with the same quasi-identifier values). Check that "
            "the population is the right table."
        )


__all__ = ["encode_population", "population_plan", "refuse_missing", "refuse_short", "refuse_uncovered"]
