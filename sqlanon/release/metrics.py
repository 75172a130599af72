"""Utility metrics of a node's release. Every metric is a loss: lower is better.

* ``precision``: mean over all cells of level/height of its QI; a suppressed cell counts 1
  (Sweeney's Prec is one minus this).
* ``discernibility``: sum over released classes of |E|^2, plus |suppressed| x N.
* ``aecs``: average equivalence class size, N / number of released classes.
* ``height``: sum of the node's levels.
* ``loss``: Iyengar's loss metric, mean over cells of (leaves under the label - 1)/(leaves - 1).
* ``nu-entropy``: non-uniform entropy, bits summed over all cells.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache

from sqlanon.encode import Encoded
from sqlanon.engines import Engine
from sqlanon.search.evaluator import NodeEvaluator
from sqlanon.search.lattice import Node
from sqlanon.sql.render import DIALECT, render_template

MetricValue = float | int | None


def materialize_verdicts(engine: Engine, evaluator: NodeEvaluator, node: Node) -> str:
    """Store the node's per-class verdicts (q..., size, b_i, v_i, bad) in a temp table."""
    name = engine.temp_name("verdicts")
    engine.create_temp_as(name, evaluator.verdicts_query(), evaluator.params(node))
    return name


@lru_cache(maxsize=16)
def _metrics_sql(labels: tuple[str, ...]) -> str:
    return render_template("metrics.sql", labels=list(labels)).sql(dialect=DIALECT)


@lru_cache(maxsize=16)
def _nu_entropy_sql(freq: str, joined: tuple[str | None, ...]) -> str:
    qis = [{"up": up} for up in joined]
    return render_template("metric_nu_entropy.sql", source=freq, qis=qis).sql(dialect=DIALECT)


#: per-quasi-identifier weights of precision and loss (exact rationals, in the QIs' order);
#: None: every QI weighs the same
Weights = Sequence[Fraction] | None


def node_metrics(
    engine: Engine,
    encoded: Encoded,
    evaluator: NodeEvaluator,
    node: Node,
    verdicts: str,
    suppressed: int,
    weights: Weights = None,
) -> dict[str, MetricValue]:
    """All metrics of ``node`` whose suppressed classes are the ``bad`` rows of ``verdicts``
    (precision and loss weighted by ``weights``: a weighted mean over the quasi-identifiers)."""
    n = encoded.rows
    q = len(node)
    heights = [d.height for d in encoded.qis]
    if encoded.by_sets:  # classes of people are sets of label tuples: no label per class
        return _sets_metrics(engine, node, heights, verdicts, suppressed, n, weights)
    row = engine.fetchone(
        _metrics_sql(tuple(d.labels for d in encoded.qis)),
        {"verdicts": verdicts, **{f"lv{i}": level for i, level in enumerate(node)}},
    )
    classes, kept, sum_sq = int(row[0]), int(row[1]), int(row[2])
    losses = [int(x) for x in row[3:]]
    assert kept + suppressed == n, (kept, suppressed, n)
    precision = precision_loss(node, heights, suppressed, n, weights)
    # per QI: a suppressed cell loses 1, a kept one (leaves under its label - 1) / (domain - 1)
    shares = [weights[i] if weights is not None else Fraction(1) for i in range(q)]
    loss = Fraction(0)
    for d, total, share in zip(encoded.qis, losses, shares, strict=True):
        domain = len(d.hierarchy.rows)
        loss += share * (suppressed + (Fraction(total, domain - 1) if domain > 1 else 0))
    per_qi = dict(
        engine.fetchall(
            _nu_entropy_sql(encoded.freq, evaluator.joined()),
            {"verdicts": verdicts, **evaluator.map_params(node)},
        )
    )
    # the QIs' losses added in their order, as the template says (the same figure to the last bit)
    nu = 0.0
    for i in range(q):
        nu += float(per_qi.get(i, 0.0))
    if encoded.weight is not None:  # the frequency table weighs each person ``weight``: bits per person
        nu /= encoded.weight
    return {
        "precision": precision,
        "discernibility": sum_sq + suppressed * n,
        "aecs": (n / classes) if classes else None,
        "height": sum(node),
        "loss": float(loss / (n * sum(shares))),
        "nu-entropy": max(nu, 0.0),
    }


def _sets_metrics(
    engine: Engine,
    node: Node,
    heights: list[int],
    verdicts: str,
    suppressed: int,
    n: int,
    weights: Weights,
) -> dict[str, MetricValue]:
    """:func:`node_metrics` of a node whose classes are people with several label tuples
    (``person:`` and quasi-identifiers that vary per person): the metrics of class sizes and
    levels, counted in people; loss and nu-entropy, which read a class's labels, are None
    (the search refuses them as its metric)."""
    row = engine.fetchone(_metrics_sql(()), {"verdicts": verdicts})
    classes, kept, sum_sq = int(row[0]), int(row[1]), int(row[2])
    assert kept + suppressed == n, (kept, suppressed, n)
    return {
        "precision": precision_loss(node, heights, suppressed, n, weights),
        "discernibility": sum_sq + suppressed * n,
        "aecs": (n / classes) if classes else None,
        "height": sum(node),
        "loss": None,
        "nu-entropy": None,
    }


#: metrics computed from a node's levels and its suppressed rows alone (no pass over the data)
DATA_FREE_METRICS = ("precision", "height")


def precision_loss(
    node: Node, heights: list[int], suppressed: int, rows: int, weights: Weights = None
) -> float:
    """Mean over cells of level / height, a suppressed cell counting 1: the exact rational
    kept/rows * mean(level/height) + suppressed/rows, correctly rounded (integer arithmetic over
    a common denominator: a search computes it for every node of the lattice). With
    ``weights``, the mean over the quasi-identifiers is weighted (exact rationals)."""
    if weights is not None:
        total = sum(weights)
        levels_w = sum(
            (w * Fraction(lv, h) for w, lv, h in zip(weights, node, heights, strict=True)), Fraction(0)
        )
        return float(((rows - suppressed) * levels_w + suppressed * total) / (rows * total))
    q = len(node)
    common = math.lcm(*heights)
    levels = sum(lv * (common // h) for lv, h in zip(node, heights, strict=True))
    return ((rows - suppressed) * levels + suppressed * common * q) / (rows * common * q)


def data_free_metric(
    metric: str, node: Node, heights: list[int], suppressed: int, rows: int, weights: Weights = None
) -> float:
    """``precision`` or ``height`` of a node, exactly as :func:`node_metrics` reports it."""
    if metric == "height":
        return sum(node)
    return precision_loss(node, heights, suppressed, rows, weights)


def data_free_key(
    metric: str, node: Node, heights: list[int], suppressed: int, rows: int, weights: Weights = None
) -> tuple[float, int, Node]:
    """:func:`rank_key` of a node by ``precision`` or ``height`` (see :func:`data_free_metric`)."""
    return rank_key(
        metric, {metric: data_free_metric(metric, node, heights, suppressed, rows, weights)}, node
    )


def rank_key(metric: str, values: Mapping[str, MetricValue], node: Node) -> tuple[float, int, Node]:
    """Deterministic ranking: the metric, then the node's height, then the node tuple."""
    value = values[metric]
    return (float("inf") if value is None else float(value), sum(node), node)
