"""The lattice stage of ``anonymize`` (optimal, Incognito, exhaustive): search the minimal
nodes that satisfy the criteria, rank them by the metric, and build the best one's release."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import nullcontext
from fractions import Fraction
from typing import Any

from sqlglot import exp

from sqlanon.config import Config
from sqlanon.config.limits import QiLevels, check_lattice
from sqlanon.config.node import hierarchy_fingerprints
from sqlanon.criteria import Criterion, make_criterion
from sqlanon.criteria.population import KMapPopulation
from sqlanon.encode import Encoded
from sqlanon.engines import Engine
from sqlanon.errors import ConfigError
from sqlanon.release.gated import pending
from sqlanon.release.metrics import (
    DATA_FREE_METRICS,
    data_free_key,
    data_free_metric,
    materialize_verdicts,
    node_metrics,
    rank_key,
)
from sqlanon.release.no_node import explain
from sqlanon.release.publish import build_release
from sqlanon.release.run import Progress, Stage, say
from sqlanon.release.why_coarse import why_coarse
from sqlanon.report.model import Report
from sqlanon.search import SearchResult, search
from sqlanon.search.evaluator import NodeEvaluator, search_threads
from sqlanon.search.lattice import Lattice, Node
from sqlanon.search.local import LocalCopy, local_copy, search_place
from sqlanon.search.optimal import MAX_AHEAD, PATHS
from sqlanon.search.reuse import Known, with_known
from sqlanon.search.risk import highest_spec, journalist_spec, monotone_limits


def searched_criteria(required: list[Criterion], config: Config) -> list[Criterion]:
    """The criteria a search meets: ``required``, k-anonymity for ``risk.prosecutor_highest`` and
    k-map with the population table for ``risk.journalist_highest`` (class-level limits, their
    failing classes suppressed) or for the journalist shares' F_E (see sqlanon.search.risk)."""
    has_k_map = any(isinstance(c, KMapPopulation) for c in required)
    specs = (
        highest_spec(config.risk.limits),
        journalist_spec(config.risk.limits, bool(config.person), has_k_map),
    )
    return [*required, *(make_criterion(spec) for spec in specs if spec is not None)]


def node_map(encoded: Encoded, node: Node) -> dict[str, int]:
    return {d.column: level for d, level in zip(encoded.qis, node, strict=True)}


def max_levels(encoded: Encoded, config: Config) -> tuple[int, ...]:
    """The highest level the search may give each quasi-identifier: its hierarchy's height, or
    its ``max_level``. The lattice searched is the nodes at or below these levels."""
    out = []
    for d in encoded.qis:
        cap = config.column(d.column).max_level
        if cap is not None and cap > d.height:
            raise ConfigError(
                f"Column {d.column!r}: max_level {cap} is above the top of its hierarchy (levels 0 to {d.height})."
            )
        out.append(d.height if cap is None else cap)
    return tuple(out)


def capped(encoded: Encoded, caps: Sequence[int]) -> dict[str, int]:
    """The report's ``max_level``: the columns whose cap lies below their hierarchy's top."""
    return {d.column: cap for d, cap in zip(encoded.qis, caps, strict=True) if cap < d.height}


def qi_weights(encoded: Encoded, config: Config) -> list[Fraction] | None:
    """The quasi-identifiers' ``weight`` in precision and loss, in their order (exact: the
    decimal written in the configuration); None when no column has one (all weigh the same)."""
    given = [config.column(d.column).weight for d in encoded.qis]
    if all(w is None for w in given):
        return None
    return [Fraction(1) if w is None else Fraction(str(w)) for w in given]


def record_choice(
    base: Report, config: Config, encoded: Encoded, node: Node, values: dict[str, Any], suppressed: int
) -> None:
    """Record the node a report publishes: its levels, hierarchies, metrics, suppressed rows."""
    base.node = node_map(encoded, node)
    base.hierarchies = hierarchy_fingerprints(config)
    base.metric = _metric_entry(config, encoded, values)
    base.metrics = values
    base.suppressed_rows = suppressed


def _metric_entry(config: Config, encoded: Encoded, values: Mapping[str, Any]) -> dict[str, Any]:
    """The report's ``metric``: its name and value, and the columns' weights when given."""
    entry = {"name": config.metric, "value": values[config.metric]}
    weights = qi_weights(encoded, config)
    if weights is not None:
        entry["weights"] = {d.column: float(w) for d, w in zip(encoded.qis, weights, strict=True)}
    return entry


def run_search(
    engine: Engine,
    encoded: Encoded,
    criteria: list[Criterion],
    config: Config,
    progress: Progress | None,
    known: Known | None = None,
) -> tuple[SearchResult, NodeEvaluator]:
    """Find every minimal node satisfying the criteria within the suppression limit (``optimal``
    with a data-free metric: the minimal nodes that can be the best, the best among them).
    ``known``: verdicts known beforehand (``sqlanon explore``), and where the search's go."""
    lattice = Lattice(max_levels(encoded, config))
    levels = [QiLevels(d.column, d.height, config.column(d.column).max_level) for d in encoded.qis]
    check_lattice(levels, config.max_lattice_nodes, config.search)
    shared = known.rollups if known is not None else None  # explore: the settings' roll-up tables
    evaluator = NodeEvaluator(engine, encoded, criteria, config.suppression_limit, config.risk, shared)
    prune = None
    monotone = [c for c in criteria if c.monotone_generalization]
    if config.suppression_limit > 0:
        monotone = [c for c in monotone if c.monotone_suppression]
    if len(monotone) == len(criteria) and evaluator.risk_limits:
        if not monotone_limits(evaluator.risk_limits, config.suppression_limit):
            # the criteria are monotone, the risk limits with suppression are not
            # (sqlanon.search.risk): prune with the criteria, ask the limits of what passes
            prune = evaluator.criteria_satisfied
    elif len(monotone) < len(criteria):
        # Only part of the requirement is monotone (some models are not monotone under
        # generalization, others not under suppression): prune with that part alone and
        # evaluate the full requirement on every node that passes it.
        if monotone:
            prune = NodeEvaluator(
                engine, encoded, monotone, config.suppression_limit, shared=shared
            ).satisfied
        else:

            def prune(nodes: Sequence[Node]) -> list[bool]:
                return [True] * len(nodes)

    bound = key = cap = None
    if config.search == "optimal" and config.metric in DATA_FREE_METRICS:
        heights = [d.height for d in encoded.qis]  # the metric's, not the search's (max_level)
        weights = qi_weights(encoded, config)

        def bound(node: Node) -> tuple[float, int, Node]:
            return data_free_key(config.metric, node, heights, 0, encoded.rows, weights)

        def key(node: Node) -> tuple[float, int, Node]:
            suppressed = evaluator.outcome(node).suppressed_rows
            return data_free_key(config.metric, node, heights, suppressed, encoded.rows, weights)

        if evaluator.max_suppressed > 0:
            # Without suppression the cap would be the bound itself, and paths that climb past
            # it find higher failing nodes, which decide more of the nodes below it (fewer
            # checks: benchmarks/README.md's history in git, issue 15).

            def cap(node: Node) -> float:
                # a satisfying node's minimal nodes lie below it and suppress at most the
                # allowance; both metrics grow with the levels and the suppressed rows
                return data_free_metric(
                    config.metric, node, heights, evaluator.max_suppressed, encoded.rows, weights
                )

    with engine.threads(search_threads(encoded)):
        values = paths = None
        if config.search == "optimal":
            values = evaluator.value_counts()

            # as many nodes at once as a statement should check: wide where the statement's
            # fixed cost dominates (a small bottom table, an engine of costly statements)
            paths = evaluator.width(PATHS, MAX_AHEAD)

        result = search(
            config.search,
            lattice,
            with_known(evaluator.satisfied, known),
            prune,
            progress,
            bound,
            key,
            values,
            paths,
            cap,
        )
    return result, evaluator


def lattice_release(
    engine: Engine,
    encoded: Encoded,
    required: list[Criterion],
    config: Config,
    progress: Progress | None,
    stage: Stage | None = None,
    known: Known | None = None,
    copy: LocalCopy | None = None,
) -> tuple[Report, exp.Expr | None, dict[str, int] | None]:
    """A lattice search: the pending report, the best minimal node's release (None: no node)
    and its levels. Where a server engine's search runs: :func:`search_place`. Locally, the
    search and the ranking run in embedded DuckDB on a copy of the encoded tables, and only the
    chosen node is evaluated again in the engine, for the verdicts its release is built from.
    ``known``: verdicts the search reuses and records, and ``copy`` a local copy of the encoded
    tables made already, for a local search (``sqlanon explore``, one copy for its settings)."""
    required = searched_criteria(required, config)
    place, why = search_place(engine, encoded, config)
    if place == "local":
        if copy is None:
            say(stage, "copy", "copying the frequency table to this machine")
        with local_copy(engine, encoded) if copy is None else nullcontext(copy) as held:
            say(stage, "search", "searching the lattice (on this machine)")
            base, best = _search_and_rank(held.engine, encoded, required, config, progress, stage, known)
            base.search["search_in"] = "local"
            base.search["search_in_why"] = why
            base.search["copied_rows"] = held.rows
        if best is None:
            return base, None, None
        node = best[0]
        verdicts = materialize_verdicts(
            engine, NodeEvaluator(engine, encoded, required, config.suppression_limit, config.risk), node
        )
    else:
        say(stage, "search", "searching the lattice")
        base, best = _search_and_rank(engine, encoded, required, config, progress, stage, known)
        if why:  # a server engine: where its search ran, and why
            base.search["search_in"] = "engine"
            base.search["search_in_why"] = why
        if best is None:
            return base, None, None
        node, verdicts = best
    release = build_release(engine, config, encoded, node, verdicts, suppressed=base.suppressed_rows)
    return base, release, base.node


def _search_and_rank(
    engine: Engine,
    encoded: Encoded,
    required: list[Criterion],
    config: Config,
    progress: Progress | None,
    stage: Stage | None,
    known: Known | None = None,
) -> tuple[Report, tuple[Node, str] | None]:
    """The search and the ranking of its minimal nodes in ``engine``: the pending report (with
    the chosen node, its metrics and suppressed rows) and the node with its verdicts table
    (None: no node satisfies the criteria). Both with the search's threads (set once for both)."""
    with engine.threads(search_threads(encoded)):
        result, evaluator = run_search(engine, encoded, required, config, progress, known)
        lattice = Lattice(max_levels(encoded, config))
        search_info: dict[str, Any] = {
            "strategy": config.search,
            "lattice_size": lattice.size,
            "nodes_checked": result.checked,
            "evaluations": result.evaluations,
        }
        below_top = capped(encoded, lattice.heights)
        if below_top:
            search_info["max_level"] = below_top
        if config.search != "optimal":  # optimal does not enumerate the satisfying nodes
            search_info["satisfying_nodes"] = len(result.satisfying)
        base = pending(encoded, search_info, [node_map(encoded, n) for n in result.minimal])
        if not result.minimal:
            base.message = (
                "no generalization satisfies the criteria within the suppression limit "
                f"({config.suppression_limit:g} of the {encoded.unit}); nothing was written"
            )
            say(stage, "most_general", "checking the most general node")
            why = explain(evaluator, encoded, required, lattice.heights)
            if why is not None:
                base.checks = why.checks
                base.search["most_general"] = why.search_entry()
                base.message += f". {why.explanation}"
            return base, None
        say(stage, "rank", f"ranking {len(result.minimal)} minimal nodes")
        node, values, verdicts, outcome = best_node(engine, encoded, evaluator, result.minimal, config)
        record_choice(base, config, encoded, node, values, outcome.suppressed_rows)
        say(stage, "why_coarse", "checking each column one level lower")
        base.why_coarse = why_coarse(
            engine,
            encoded,
            evaluator,
            required,
            config,
            node,
            values[config.metric],
            qi_weights(encoded, config),
        )
        return base, (node, verdicts)


def best_node(
    engine: Engine, encoded: Encoded, evaluator: NodeEvaluator, minimal: list[Node], config: Config
) -> tuple[Node, dict[str, Any], str, Any]:
    """The minimal node with the lowest metric (ties: height, then the node tuple), with all its
    metrics, its per-class verdicts table and its evaluation.

    precision and height need only the levels and the suppressed rows: the nodes are ranked from
    those, and only the chosen one gets its verdicts and metrics computed (without suppression
    no node is even re-evaluated). The other metrics are computed for every minimal node."""
    heights = [d.height for d in encoded.qis]
    weights = qi_weights(encoded, config)
    outcomes: dict[Node, Any] = {}
    if config.metric in DATA_FREE_METRICS:
        if config.suppression_limit > 0:
            outcomes = {n: evaluator.outcome(n) for n in minimal}

        def key(n: Node) -> tuple[float, int, Node]:
            suppressed = outcomes[n].suppressed_rows if n in outcomes else 0
            return data_free_key(config.metric, n, heights, suppressed, encoded.rows, weights)

        candidates = [min(minimal, key=key)]
    else:
        candidates = list(minimal)
    ranked = []
    for node in candidates:
        outcome = outcomes.get(node) or evaluator.outcome(node)
        verdicts = materialize_verdicts(engine, evaluator, node)
        values = node_metrics(engine, encoded, evaluator, node, verdicts, outcome.suppressed_rows, weights)
        ranked.append((rank_key(config.metric, values, node), node, values, verdicts, outcome))
    ranked.sort(key=lambda item: item[0])
    _, node, values, verdicts, outcome = ranked[0]
    return node, values, verdicts, outcome
