"""The gate's population for the models that count its persons (k-map with the population
table, delta-presence: sqlanon.criteria.population): the population's classes at the published
labels (population_classes.sql), its values mapped by the quasi-identifiers' hierarchies as the
journalist risk maps them (gate.risk.population_maps)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlanon.encode import NULL_VALUE
from sqlanon.encode.population import population_plan, refuse_uncovered
from sqlanon.engines import Engine
from sqlanon.gate.risk import population_maps
from sqlanon.hierarchy import NULL_LEAF, Hierarchy
from sqlanon.sql.render import render_template


def population_classes(
    engine: Engine,
    published: str,
    population: str,
    qis: Sequence[str],
    hierarchies: Mapping[str, Hierarchy],
    levels: Mapping[str, int],
    *,
    limit: int,
) -> Mapping[str, Any] | None:
    """The templates' ``population`` for the gate of ``published``: a temp table of the
    population's persons per class at the published labels (``levels``, or the level of the
    table's labels). A DataError when a person's value is not covered by its hierarchy (the
    column and how many persons)."""
    maps = population_maps(engine, published, qis, hierarchies, levels, limit=limit)
    common = {
        "population": population,
        "qis": list(qis),
        "maps": list(maps),
        "null_label": NULL_VALUE,
        "null_leaf": NULL_LEAF,
    }
    counts = engine.fetchone(render_template("risk.sql", part="uncovered", freq=None, keys=[], **common))
    refuse_uncovered(qis, counts)
    table = engine.temp_name("population_classes")
    engine.create_temp_as(table, render_template("population_classes.sql", **common))
    return population_plan(table, codes=False)


__all__ = ["population_classes"]
