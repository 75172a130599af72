"""Microaggregation (``aggregate:`` on a quasi-identifier): the release publishes, for such a
column, an aggregate of its class's original values instead of the hierarchy label.

The search is unchanged: the column is generalized in the lattice like any quasi-identifier and
its labels form the classes with the other QIs'. publish.sql publishes the original value of each
aggregated column beside the labels; microaggregate.sql groups the rows by every QI's label
(the published classes), computes the aggregates and replaces the labels with them. The gate then
reads the release as published. Its loss (sum of squared errors, mean absolute error of the
published vs the original values) is computed by the same template (``metrics``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlglot import exp

from sqlanon.config import Config
from sqlanon.encode import Encoded
from sqlanon.engines import Engine
from sqlanon.sql.render import render_template

_PLACEHOLDER = "__sqlanon_release"
#: the key of a wrapped release's ``meta`` that holds (its loss query, the aggregated columns)
LOSS = "sqlanon_microaggregation_loss"


@dataclass(frozen=True)
class Aggregated:
    """One aggregated quasi-identifier."""

    column: str
    #: its index among the QIs
    qi: int
    function: str

    @property
    def value(self) -> str:
        """The name its original value is published under, for the aggregation."""
        return f"__sqlanon_v{self.qi}"


def aggregated(config: Config, encoded: Encoded) -> list[Aggregated]:
    """The aggregated QIs of ``config``, in the QIs' order."""
    functions = {c.name: c.aggregate for c in config.columns if c.aggregate is not None}
    return [
        Aggregated(d.column, i, functions[d.column])
        for i, d in enumerate(encoded.qis)
        if d.column in functions
    ]


def _params(
    columns: Sequence[Mapping[str, Any]], qis: Sequence[Mapping[str, Any]], agg: Sequence[Aggregated]
) -> dict[str, Any]:
    index = {a.column: i for i, a in enumerate(agg)}
    return {
        "columns": [
            {"name": c["name"], "agg": index.get(c["name"]) if c["qi"] is not None else None} for c in columns
        ],
        "labels": [q["column"] for q in qis],
        "aggregated": [
            {"column": a.column, "value": a.value, "function": a.function, "index": i}
            for i, a in enumerate(agg)
        ],
    }


def _render(release: exp.Expr, params: dict[str, Any], metrics: bool) -> exp.Expr:
    """microaggregate.sql over ``release`` (put in place of a placeholder: no SQL text joined)."""
    tree = render_template(
        "microaggregate.sql", release=f"SELECT 1 AS {_PLACEHOLDER}", metrics=metrics, **params
    )
    for cte in tree.find_all(exp.CTE):
        if cte.alias == "r":
            cte.set("this", release.copy())
            break
    else:  # pragma: no cover - the template defines it
        raise AssertionError("microaggregate.sql has no release CTE")
    return tree


def wrap(
    release: exp.Expr,
    columns: Sequence[Mapping[str, Any]],
    qis: Sequence[Mapping[str, Any]],
    agg: Sequence[Aggregated],
) -> exp.Expr:
    """The release with each aggregated column's label replaced by its class's aggregate."""
    return _render(release, _params(columns, qis, agg), metrics=False)


def loss_query(
    release: exp.Expr,
    columns: Sequence[Mapping[str, Any]],
    qis: Sequence[Mapping[str, Any]],
    agg: Sequence[Aggregated],
) -> exp.Expr:
    """One row: per aggregated column, the sum of squared errors and the mean absolute error of
    the published vs the original values, and the rows with a value (sse0, mae0, n0, ...)."""
    return _render(release, _params(columns, qis, agg), metrics=True)


def loss(engine: Engine, release: exp.Expr) -> dict[str, dict[str, Any]] | None:
    """The report's ``microaggregation``: per aggregated column of ``release`` (a query
    :func:`wrap` made), its function, the published rows with a value, and the sum of squared
    errors and mean absolute error of the published values (None for interval); None when the
    release aggregates nothing."""
    found = release.meta.get(LOSS)
    if found is None:
        return None
    query, agg = found
    row = engine.fetchone(query)
    out: dict[str, dict[str, Any]] = {}
    for i, a in enumerate(agg):
        sse, mae, n = row[3 * i], row[3 * i + 1], row[3 * i + 2]
        out[a.column] = {
            "function": a.function,
            "rows": int(n or 0),
            "sse": None if sse is None else float(sse),
            "mae": None if mae is None else float(mae),
        }
    return out


__all__ = ["LOSS", "Aggregated", "aggregated", "loss", "loss_query", "wrap"]
