"""``anonymize`` with ``differential_privacy:``: SafePub's release (sqlanon.config.dp for the
parameters, sqlanon.encode.dp_sample for the sample, sqlanon.search.safepub for the search).

The source is read, a beta-sample of it drawn in the engine, and the sample encoded as any
source is; the criterion is k-anonymity with the derived k and every class smaller than k is
suppressed (no suppression limit: the configuration sets it to 1). The walk's scores are
counted in the engine (the sizes of the classes each node publishes); Python draws the steps
with a :class:`random.Random` seeded from the configuration. The report's
``search.differential_privacy`` holds the parameters, the seed, the rows sampled and the walk.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from sqlglot import exp

from sqlanon.config import Config
from sqlanon.config.dp import DPSettings
from sqlanon.criteria import Criterion, make_criterion
from sqlanon.encode import Encoded, encode
from sqlanon.encode.dp_sample import draw_sample
from sqlanon.encode.source import read_table
from sqlanon.engines import Engine
from sqlanon.errors import DataError
from sqlanon.hierarchy import built_from_values
from sqlanon.release.gated import pending
from sqlanon.release.lattice import max_levels, node_map, qi_weights, record_choice
from sqlanon.release.metrics import materialize_verdicts, node_metrics
from sqlanon.release.publish import build_release, prepare_output
from sqlanon.release.run import Stage, say
from sqlanon.report.model import Report
from sqlanon.search import safepub
from sqlanon.search.evaluator import NodeEvaluator, search_threads
from sqlanon.search.lattice import Node


def run_seed(dp: DPSettings) -> int:
    """The configuration's seed, or a new one (63 random bits) when it gives none."""
    return dp.seed if dp.seed is not None else secrets.randbits(63)


def sampled_source(
    engine: Engine, config: Config, stage: Stage | None, seed: int
) -> tuple[str, dict[str, Any]]:
    """The source read and sampled: the sample's temp table and the report's figures."""
    dp = config.differential_privacy
    assert dp is not None
    if config.output is not None:
        prepare_output(engine, config)
    say(stage, "read", "reading the source")
    source = read_table(engine, config.source)
    say(stage, "sample", "drawing the sample (differential privacy)")
    sample, rows, sampled = draw_sample(engine, source, seed, dp.beta)
    if sampled == 0:
        raise DataError(
            f"differential_privacy: the sample of the source's {rows} rows (each kept with probability "
            f"{dp.beta:.4g}) holds no row; there is nothing to publish. Use a larger table."
        )
    info = {
        "epsilon": dp.epsilon,
        "delta": dp.delta,
        "epsilon_anonymization": dp.epsilon_anon,
        "epsilon_search": dp.epsilon_search,
        "beta": dp.beta,
        "k": dp.k,
        "steps": dp.steps,
        "seed": seed,
        "source_rows": rows,
        "rows_sampled": sampled,
    }
    return sample, info


def dp_release(
    engine: Engine,
    config: Config,
    stage: Stage | None,
    show_violations: int = 0,
) -> tuple[Encoded, list[Criterion], Report, exp.Expr, dict[str, int]]:
    """The sample encoded, its criteria, the pending report, the chosen node's release and its
    levels."""
    dp = config.differential_privacy
    assert dp is not None
    seed = run_seed(dp)
    sample, info = sampled_source(engine, config, stage, seed)
    say(stage, "encode", "encoding")
    encoded = encode(engine, config, sample, reveal=show_violations > 0, search="optimal")
    criteria = [make_criterion(c) for c in config.criteria]
    evaluator = NodeEvaluator(engine, encoded, criteria, 1.0)
    heights = [d.height for d in encoded.qis]
    top: Node = max_levels(encoded, config)
    metric = config.metric

    def scores(nodes: Sequence[Node]) -> list[Fraction]:
        out = []
        for node in nodes:
            sizes = evaluator.published_sizes(node)
            counts = safepub.Counts(
                rows=sum(s * n for s, n in sizes),
                classes=sum(n for _, n in sizes),
                sum_sq=sum(s * s * n for s, n in sizes),
            )
            out.append(safepub.score(metric, node, heights, counts, info["source_rows"], dp.k))
        return out

    say(stage, "search", "searching the lattice (SafePub)")
    with engine.threads(search_threads(encoded)):
        walk = safepub.search(
            top, dp.steps, dp.epsilon_search, scores, random.Random(f"sqlanon-dp-search:{seed}")
        )
        node = walk.best
        outcome = evaluator.outcome(node)
        verdicts = materialize_verdicts(engine, evaluator, node)
        values = node_metrics(
            engine, encoded, evaluator, node, verdicts, outcome.suppressed_rows, qi_weights(encoded, config)
        )
    info["nodes_scored"] = walk.scored
    info["steps_taken"] = len(walk.visited) - 1
    info["score"] = float(walk.best_score)
    info["visited"] = [node_map(encoded, n) for n in walk.visited]
    search_info: dict[str, Any] = {"strategy": "safepub", "differential_privacy": info}
    base = pending(encoded, search_info, [node_map(encoded, node)])
    record_choice(base, config, encoded, node, values, outcome.suppressed_rows)
    base.warnings.append(
        "differential privacy: the report holds the seed, with which whoever holds the source can tell "
        "which rows were sampled; keep the report as private as the source."
    )
    built = [
        c.name
        for c in config.by_role("quasi")
        if c.hierarchy is not None and built_from_values(c.hierarchy, config.base_dir)
    ]
    if built:
        base.warnings.append(
            f"differential privacy: the hierarchies of {', '.join(repr(c) for c in built)} are built from the "
            "sample's values (a builder); SafePub's guarantee assumes hierarchies that do not depend on the "
            "data. Give them as files (a CSV or a tree) for the guarantee to hold."
        )
    release = build_release(engine, config, encoded, node, verdicts, suppressed=outcome.suppressed_rows)
    return encoded, criteria, base, release, node_map(encoded, node)


__all__ = ["dp_release", "run_seed", "sampled_source"]
