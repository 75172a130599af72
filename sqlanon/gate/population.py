"""The gate's population for the models that count its persons (k-map with the population
table, delta-presence: sqlanon.criteria.population): the population's classes at the published
labels (population_classes.sql), its values mapped by the quasi-identifiers' hierarchies as the
journalist risk maps them (gate.risk.population_maps)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from sqlanon.encode import NULL_VALUE
from sqlanon.encode.population import population_plan
from sqlanon.engines import Engine
from sqlanon.hierarchy import NULL_LEAF
from sqlanon.sql.render import render_template


def population_classes(
    engine: Engine, population: str, qis: Sequence[str], maps: Sequence[str | None]
) -> Mapping[str, Any] | None:
    """The templates' ``population`` for the gate: a temp table of the population's persons per
    class at the published labels, its values mapped by ``maps`` (gate.risk.covered_maps)."""
    common = {
        "population": population,
        "qis": list(qis),
        "maps": list(maps),
        "null_label": NULL_VALUE,
        "null_leaf": NULL_LEAF,
    }
    table = engine.temp_name("population_classes")
    engine.create_temp_as(table, render_template("population_classes.sql", **common))
    return population_plan(table, codes=False)


__all__ = ["population_classes"]
