"""Why the release is not finer: for each quasi-identifier above level 0 at the node a lattice
search chose, the node with that one column a level lower (its neighbour below), evaluated as the
search evaluates a node (:meth:`NodeEvaluator.explain_many`, all the neighbours in one batch),
and what stops it: the criteria with violating classes there and their rows, the rows (people)
suppression would have to remove against what ``suppression_limit`` allows, or a criterion over
the whole table's distribution (t-closeness) failing on what would be left. The report's
``why_coarse``; counts only, never a value of the data.

The chosen node is a minimal satisfying node, so with the lattice searches every neighbour below
fails; should one satisfy the criteria (a search over criteria that are not monotone, or a node
that is not the search's), the entry says so, with its loss beside the chosen node's.
The ``risk:`` limits the search meets (sqlanon.search.risk) stop a neighbour too:
``prosecutor_highest`` as the k-anonymity it stands for (named as the limit, its small classes
counted with the violating ones), a share limit with ``stop: risk_limit`` and each limit the
published classes exceed there, its figure against the limit. The journalist limits are checked
on the release only: they stop no neighbour here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlanon.config import Config
from sqlanon.criteria import Criterion
from sqlanon.encode import Encoded
from sqlanon.engines import Engine
from sqlanon.release.metrics import DATA_FREE_METRICS, data_free_metric, materialize_verdicts, node_metrics
from sqlanon.search.evaluator import Node, NodeEvaluator, NodeResult
from sqlanon.search.risk import LIMIT_ORIGINS

#: why a neighbour below fails (its ``stop``)
SUPPRESSION, EVERYTHING, REMAINING, NONE = "suppression_limit", "all_suppressed", "remaining_rows", "none"
#: a neighbour meets the criteria, but its published classes exceed a risk limit
RISK = "risk_limit"


def why_coarse(
    engine: Engine,
    encoded: Encoded,
    evaluator: NodeEvaluator,
    required: Sequence[Criterion],
    config: Config,
    node: Node,
    chosen_loss: Any,
    weights: Any = None,
) -> dict[str, Any]:
    """The report's ``why_coarse`` for ``node`` (``chosen_loss``: its value of the configured
    metric; ``weights``: the columns' weights, as the metrics take them)."""
    below = [node[:i] + (level - 1,) + node[i + 1 :] for i, level in enumerate(node) if level > 0]
    explained = dict(zip(below, evaluator.explain_many(below), strict=True)) if below else {}
    columns: dict[str, Any] = {}
    for i, (qi, level) in enumerate(zip(encoded.qis, node, strict=True)):
        lower = None
        if level > 0:
            neighbour = node[:i] + (level - 1,) + node[i + 1 :]
            result, violating = explained[neighbour]
            lower = _lower(
                engine, encoded, evaluator, required, config, neighbour, level - 1, result, violating, weights
            )
            if lower["ok"]:
                lower["loss"]["chosen"] = chosen_loss
        columns[qi.column] = {"level": level, "lower": lower}
    return {
        "unit": encoded.unit,
        "allowed": evaluator.max_suppressed,
        "nodes_evaluated": len(below),
        "columns": columns,
    }


def _named(crit: Criterion, config: Config) -> dict[str, Any]:
    """A criterion as the report's checks name it (the k-anonymity standing for
    ``risk.prosecutor_highest``: as that limit)."""
    if crit.spec.origin in LIMIT_ORIGINS:  # prosecutor_highest, journalist_highest
        key = LIMIT_ORIGINS[crit.spec.origin]
        return {"criterion": "risk", "attribute": None, "params": {key: config.risk.limits[key]}}
    return {
        "criterion": crit.kind,
        "attribute": crit.attribute if len(crit.attributes) <= 1 else list(crit.attributes),
        "params": crit.report_params(),
    }


def _lower(
    engine: Engine,
    encoded: Encoded,
    evaluator: NodeEvaluator,
    required: Sequence[Criterion],
    config: Config,
    neighbour: Node,
    level: int,
    result: NodeResult,
    violating: int,
    weights: Any,
) -> dict[str, Any]:
    summary = result.summary
    criteria = [
        {**_named(c, config), "violating_classes": o.violating_classes, "violating": o.violating_rows}
        for c, o in zip(required, summary.outcomes, strict=True)
        if not o.passed
    ]
    entry: dict[str, Any] = {
        "level": level,
        "ok": result.satisfied,
        "stop": NONE,
        "criteria": criteria,
        "violating": violating,
        "total": summary.rows,
        "remaining": [],
        "loss": None,
    }
    if result.satisfied:
        entry["loss"] = {
            "metric": config.metric,
            "lower": _loss(engine, encoded, evaluator, config, neighbour, result.suppressed_rows, weights),
        }
    elif result.risk:
        entry["stop"] = RISK
        entry["risk"] = [{"limit": key, "observed": value, "max": limit} for key, value, limit in result.risk]
    elif violating > evaluator.max_suppressed:
        entry["stop"] = SUPPRESSION
    elif violating == summary.rows:
        entry["stop"] = EVERYTHING
    else:  # the violating rows fit, but a whole-distribution criterion fails on the rows left
        entry["stop"] = REMAINING
        entry["remaining"] = [_named(required[i], config) for i in evaluator.remaining_failures(neighbour)]
    return entry


def _loss(
    engine: Engine,
    encoded: Encoded,
    evaluator: NodeEvaluator,
    config: Config,
    node: Node,
    suppressed: int,
    weights: Any,
) -> Any:
    """The configured metric's value at ``node``, as the ranking computes it."""
    heights = [d.height for d in encoded.qis]
    if config.metric in DATA_FREE_METRICS:
        return data_free_metric(config.metric, node, heights, suppressed, encoded.rows, weights)
    verdicts = materialize_verdicts(engine, evaluator, node)
    return node_metrics(engine, encoded, evaluator, node, verdicts, suppressed, weights)[config.metric]


__all__ = ["why_coarse"]
