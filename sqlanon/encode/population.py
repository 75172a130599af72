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


def population_plan(table: str | None, rollup: bool = True) -> Mapping[str, Any] | None:
    """The templates' ``population`` (_population.sql) for the population table ``table``:
    level-0 codes rolled up to each node (the search), or classes at the published labels (the
    gate, ``rollup`` false); None without one."""
    if table is None:
        return None
    return {"table": table, "rollup": rollup, "null_label": NULL_VALUE}


def encode_population(engine: Engine, population: str, qis: Sequence[tuple[Part, str]], freq: str) -> str:
    """The population's persons per level-0 combination (q0.., n) in a new temp table, from the
    temp table ``population`` and the quasi-identifiers' (dimension table, column) ``qis``.

    A DataError when some person's value is no leaf of its quasi-identifier's hierarchy (the
    column and how many persons, never the value), or when the source (bottom frequency table
    ``freq``) has more rows in a combination than the population has persons: the source must
    be a sample of the population."""
    present = {name for name, _ in engine.columns(population)}
    missing = [column for _, column in qis if column not in present]
    if missing:
        raise DataError(
            f"The population has no column(s) {missing}: it needs every quasi-identifier's column, named as in "
            f"the table (it has {sorted(present)})."
        )
    common = {"population": population, "qis": [{"dim": d, "column": c} for d, c in qis]}
    counts = engine.fetchone(render_template("population_frequencies.sql", part="uncovered", **common))
    uncovered = [f"{int(n):,} of {column!r}" for (_, column), n in zip(qis, counts, strict=True) if n]
    if uncovered:
        raise DataError(
            f"Persons of the population hold values that the quasi-identifiers' hierarchies do not cover: "
            f"{', '.join(uncovered)}. k-map and delta-presence read the population at the hierarchies' leaves, "
            "as the source: give hierarchies that cover every value of the population (a hierarchy built from "
            "the values, a builder, is built from the source's: give a file or a tree that lists the "
            "population's values too), or remove those persons."
        )
    table = engine.temp_name("population_freq")
    engine.create_temp_as(table, render_template("population_frequencies.sql", part="freq", **common))
    cells, rows = engine.fetchone(
        render_template("population_frequencies.sql", part="short", freq=freq, pop=table, **common)
    )
    if int(cells or 0):
        raise DataError(
            f"The population holds fewer persons than the source in {int(cells):,} combination(s) of the "
            f"quasi-identifiers' values ({int(rows):,} rows of the source): the source must be a sample of the "
            "population (every person of the source in it, with the same quasi-identifier values). Check that "
            "the population is the right table."
        )
    return table


__all__ = ["encode_population", "population_plan"]
