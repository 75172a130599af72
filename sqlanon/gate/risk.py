"""Re-identification risk of a table, from its equivalence classes' sizes (risk.sql).

A record's prosecutor risk is 1/|E|, E its class: the chance that an attacker who knows the
record is in the table picks it out of its class. The report gives the highest and average of
it, the share of records whose risk exceeds a threshold, the marketer risk (the expected share
of records re-identified when every record is targeted: classes / N) and the share of sample
uniques (records alone in their class), as ARX's risk views do. With a population the table
is a sample of (``population:``), the journalist risk 1/F_E replaces |E| by the number of
persons of the population in E's class. ``risk:`` in the configuration sets the threshold and,
optionally, limits that fail the run like an error-severity criterion.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from sqlanon.config.risk import RiskSettings
from sqlanon.encode import NULL_VALUE, column_profile
from sqlanon.encode.population import refuse_uncovered
from sqlanon.errors import DataError
from sqlanon.gate.supersets import JOURNALIST, published_level
from sqlanon.hierarchy import NULL_LEAF, Hierarchy
from sqlanon.search.risk import journalist_measure, measure, observed, within
from sqlanon.sql.render import render_template, values_table

if TYPE_CHECKING:
    from sqlanon.engines import Engine

#: the report's criterion name of a risk limit's check entry
CRITERION = "risk"


def class_sizes(engine: Engine, freq: str, keys: Sequence[str]) -> list[tuple[int, int]]:
    """(size, classes) for each class size of the table whose frequency table is ``freq``
    (classes by ``keys``), smallest first: the histogram every prosecutor figure derives from."""
    rows = engine.fetchall(render_template("risk.sql", part="sizes", freq=freq, keys=list(keys)))
    return [(int(size), int(n)) for size, n in rows]


def population_maps(
    engine: Engine,
    published: str,
    qis: Sequence[str],
    hierarchies: Mapping[str, Hierarchy],
    levels: Mapping[str, int],
    *,
    limit: int,
) -> list[str | None]:
    """Per quasi-identifier, a temp table (leaf, label) mapping the population's values to the
    table's labels: its hierarchy's level (``levels``, or the one level of ``published``'s
    labels); None for a column without a hierarchy (compared as it is). ``limit``:
    ``max_values_size``, for the published labels read (see ``column_profile``)."""
    out: list[str | None] = []
    for name in qis:
        h = hierarchies.get(name)
        if h is None:
            out.append(None)
            continue
        level = levels.get(name)
        if level is None:
            present = [
                str(v) for v, _ in column_profile(engine, published, name, limit=limit) if v is not None
            ]
            level = published_level(h, present, JOURNALIST)
        pairs = sorted({(path[0], path[level]) for path in h.rows})
        table = engine.temp_name("population_map")
        engine.create_temp_as(table, values_table(pairs, ["leaf", "label"]))
        out.append(table)
    return out


def covered_maps(
    engine: Engine,
    published: str,
    population: str,
    qis: Sequence[str],
    hierarchies: Mapping[str, Hierarchy],
    levels: Mapping[str, int],
    *,
    limit: int,
) -> list[str | None]:
    """:func:`population_maps`, once the population's values are found covered by them (a
    DataError naming the columns and how many persons otherwise): what the journalist risk and
    the population models' classes read."""
    maps = population_maps(engine, published, qis, hierarchies, levels, limit=limit)
    common = {"population": population, "qis": list(qis), "maps": maps, "null_leaf": NULL_LEAF}
    counts = engine.fetchone(render_template("risk.sql", part="uncovered", freq=None, keys=[], **common))
    refuse_uncovered(qis, counts)
    return maps


def journalist(
    engine: Engine,
    freq: str,
    keys: Sequence[str],
    population: str | None,
    qis: Sequence[str],
    maps: Sequence[str | None],
    threshold: float,
    classes: str | None = None,
) -> dict[str, Any]:
    """The report's ``journalist`` risk of the table whose frequency table is ``freq``, a
    sample of the table ``population`` (its quasi-identifiers mapped by ``maps``, see
    :func:`covered_maps`), or of the population whose persons per class at the table's labels
    are ``classes`` (a Mondrian release's): a DataError when a class of the table has more rows
    than the population's."""
    common = {
        "freq": freq,
        "keys": list(keys),
        "population": population,
        "qis": list(qis),
        "maps": list(maps),
        "null_label": NULL_VALUE,
        "null_leaf": NULL_LEAF,
        "classes": classes,
    }
    histogram = [
        (int(size), int(f), int(n))
        for size, f, n in engine.fetchall(render_template("risk.sql", part="journalist", **common))
    ]
    short = sum(n for size, f, n in histogram if f < size)
    if short:
        raise DataError(
            f"The population holds fewer persons than the table in {short:,} of the table's classes: the "
            "table must be a sample of the population (every person of the table in it, with the same "
            "quasi-identifier values). Check that the population is the right table."
        )
    return journalist_measure(histogram, threshold)


def limit_entries(risk: Mapping[str, Any], settings: RiskSettings) -> list[dict[str, Any]]:
    """One check entry per limit of ``settings``: passed when the figure is at most the limit
    (an empty table passes: it discloses no one)."""
    out = []
    for key, limit in settings.limits.items():
        value = observed(risk, key)
        out.append(
            {
                "criterion": CRITERION,
                "attribute": None,
                "params": {
                    key: limit,
                    **({"threshold": settings.threshold} if key.endswith("records_at_risk") else {}),
                },
                "severity": "error",
                "passed": within(value, limit),
                "observed": value,
                "violating_classes": None,
                "violating_rows": None,
            }
        )
    return out


def limit_advice(key: str, limit: float, threshold: float) -> str:
    """What brings the figure of risk limit ``key`` under ``limit`` (the search chooses its
    node by the criteria alone: a criterion is how to ask for it)."""
    if key == "prosecutor_highest":
        k = math.ceil(Fraction(1) / Fraction(str(limit))) if limit > 0 else None
        return f"k-anonymity with k >= {k} meets it" if k else "no release meets a limit of 0"
    if key == "records_at_risk":
        # a record is at risk when 1/|E| > threshold: none is once every |E| >= 1 / threshold
        k = math.ceil(Fraction(1) / Fraction(str(threshold)))
        return f"k-anonymity with k >= {k} (at least 1 / the threshold) puts no record at risk"
    if key == "sample_uniques":
        return "k-anonymity with k >= 2 leaves no record alone in its class"
    if key in ("prosecutor_average", "marketer"):
        return "fewer, larger classes lower it: a larger k, or coarser levels"
    return "coarser levels lower it (each class then holds more persons of the population)"


def summary_lines(risk: Mapping[str, Any]) -> list[str]:
    """The report's risk in short lines: the prosecutor's, marketer's and uniques' figures, then
    the journalist's (with a population)."""
    p = risk["prosecutor"]
    if p["highest"] is None:
        return ["no rows"]
    lines = [
        f"prosecutor highest {p['highest']:.3g}, average {p['average']:.3g}, "
        f"{p['records_at_risk']:.1%} of records above {p['threshold']:g}; marketer {risk['marketer']:.3g}; "
        f"sample uniques {risk['sample_uniques']:.1%}"
    ]
    j = risk["journalist"]
    if j and j["highest"] is not None:
        lines.append(
            f"journalist highest {j['highest']:.3g}, average {j['average']:.3g}, "
            f"{j['records_at_risk']:.1%} of records above {j['threshold']:g}"
        )
    return lines


__all__ = ["covered_maps", "journalist", "limit_entries", "measure", "population_maps", "summary_lines"]
