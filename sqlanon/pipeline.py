"""The stages of a run, in order. No SQL text here: each stage calls the module that owns it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from sqlglot import exp

from sqlanon import atomic, guard
from sqlanon.config import ADOPTED_RELATION, Config, TableRef
from sqlanon.criteria import Criterion, make_criterion
from sqlanon.encode import Encoded, column_profile, encode
from sqlanon.engines import Engine, open_engine
from sqlanon.errors import ConfigError, DataError, HierarchyError, InputError
from sqlanon.evaluator import NodeEvaluator, NodeResult, search_threads
from sqlanon.gate import GateResult, check_parameters, run_gate
from sqlanon.hierarchy import Hierarchy, built_from_values, load_hierarchy
from sqlanon.lattice import Lattice, Node
from sqlanon.local_search import local_copy
from sqlanon.metrics import (
    DATA_FREE_METRICS,
    data_free_key,
    data_free_metric,
    materialize_verdicts,
    node_metrics,
    rank_key,
)
from sqlanon.mondrian import release_query, run_mondrian
from sqlanon.node_spec import hierarchy_fingerprints, resolve_node, same_hierarchies
from sqlanon.publish import Returned, Staged, build_release, prepare_output, stage_returned
from sqlanon.publish import stage as write_staged
from sqlanon.report import Report, ReportFiles, check_entries, identifier_entry
from sqlanon.risk import limit_advice
from sqlanon.search import SearchResult, search
from sqlanon.search.optimal import PATHS, WIDE_PATHS
from sqlanon.source import read_table
from sqlanon.standalone import report_sql

Progress = Callable[[int, int], None]
#: told the name of each stage as it starts (for a progress display)
Stage = Callable[[str], None]


def run_engine(config: Config) -> tuple[Engine, Config]:
    """The run's engine, as the configuration's ``engine:`` describes it (or on the caller's
    connection), and the configuration, whose relation source (a relation or DataFrame of the
    caller's connection) is now a temp view of the engine."""
    engine = open_engine(config.engine)
    if config.source.kind != "relation":
        return engine, config
    try:
        name = engine.adopt(config.source.relation)
    except BaseException:
        engine.close()
        raise
    return engine, replace(config, source=TableRef("table", None, name, "", label=ADOPTED_RELATION))


def say(stage: Stage | None, name: str) -> None:
    if stage is not None:
        stage(name)


def node_map(encoded: Encoded, node: Node) -> dict[str, int]:
    return {d.column: level for d, level in zip(encoded.qis, node, strict=True)}


def sensitive_hierarchies(
    config: Config, engine: Engine, table: str, reveal: bool = False
) -> dict[str, Hierarchy]:
    """Hierarchies of the sensitive columns that hierarchical distance uses (``reveal``: a
    builder's message may name the column's values)."""
    out = {}
    for name in sorted({a for crit in config.criteria for a in crit.hierarchical}):
        spec = config.column(name)
        if spec.hierarchy is None:
            raise ConfigError(f"Hierarchical distance on {spec.name!r} needs a hierarchy on that column.")
        values = [v for v, _ in column_profile(engine, table, spec.name) if v is not None]
        out[spec.name] = load_hierarchy(
            spec.name, spec.hierarchy, values, config.base_dir, hide_values=not reveal
        )
    return out


def quasi_hierarchies(config: Config, engine: Engine, table: str) -> dict[str, Hierarchy]:
    """For ``check`` with (n,t)-closeness: the hierarchies of the quasi-identifiers that have
    one, read without the original values (the table holds generalized labels)."""
    if not any(c.kind == "nt-closeness" for c in config.criteria):
        return {}
    out = {}
    for spec in config.by_role("quasi"):
        if spec.hierarchy is None:
            continue
        labels = [v for v, _ in column_profile(engine, table, spec.name) if v is not None]
        try:
            out[spec.name] = load_hierarchy(spec.name, spec.hierarchy, labels, config.base_dir)
        except HierarchyError as err:
            raise ConfigError(
                f"(n,t)-closeness needs the hierarchy of quasi-identifier {spec.name!r} to find natural "
                f"supersets, but it cannot be read ({err}). Fix it; a hierarchy built from the values (a "
                "builder) is built from the published labels here, so give an ARX CSV file or a tree for "
                "one; or drop it (then only '*' generalizes the column)."
            ) from None
    return out


def _population(engine: Engine, config: Config) -> str | None:
    """The population (``population:``) read into a temp table, or None."""
    if config.population is None:
        return None
    table = read_table(engine, config.population, what="population")
    present = {name for name, _ in engine.columns(table)}
    missing = [c.name for c in config.by_role("quasi") if c.name not in present]
    if missing:
        raise DataError(
            f"The population has no column(s) {missing}: it needs every quasi-identifier's column, named as in "
            f"the table (it has {sorted(present)})."
        )
    return table


def population_hierarchies(config: Config, engine: Engine, population: str) -> dict[str, Hierarchy]:
    """For ``check`` with a population: the quasi-identifiers' hierarchies that map the
    population's values to the table's labels; a builder's is built from the population's
    values."""
    out = {}
    for spec in config.by_role("quasi"):
        if spec.hierarchy is None:
            continue
        values: list[str] = []
        if built_from_values(spec.hierarchy, config.base_dir):
            values = [str(v) for v, _ in column_profile(engine, population, spec.name) if v is not None]
        out[spec.name] = load_hierarchy(spec.name, spec.hierarchy, values, config.base_dir)
    return out


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


def _capped(encoded: Encoded, caps: Sequence[int]) -> dict[str, int]:
    """The report's ``max_level``: the columns whose cap lies below their hierarchy's top."""
    return {d.column: cap for d, cap in zip(encoded.qis, caps, strict=True) if cap < d.height}


def _chose(
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


def qi_weights(encoded: Encoded, config: Config) -> list[Fraction] | None:
    """The quasi-identifiers' ``weight`` in precision and loss, in their order (exact: the
    decimal written in the configuration); None when no column has one (all weigh the same)."""
    given = [config.column(d.column).weight for d in encoded.qis]
    if all(w is None for w in given):
        return None
    return [Fraction(1) if w is None else Fraction(str(w)) for w in given]


def run_search(
    engine: Engine, encoded: Encoded, criteria: list[Criterion], config: Config, progress: Progress | None
) -> tuple[SearchResult, NodeEvaluator]:
    """Find every minimal node satisfying the criteria within the suppression limit (``optimal``
    with a data-free metric: the minimal nodes that can be the best, the best among them)."""
    evaluator = NodeEvaluator(engine, encoded, criteria, config.suppression_limit)
    lattice = Lattice(max_levels(encoded, config))
    prune = None
    monotone = [c for c in criteria if c.monotone_generalization]
    if config.suppression_limit > 0:
        monotone = [c for c in monotone if c.monotone_suppression]
    if len(monotone) < len(criteria):
        # Only part of the requirement is monotone (some models are not monotone under
        # generalization, others not under suppression): prune with that part alone and
        # evaluate the full requirement on every node that passes it.
        if monotone:
            prune = NodeEvaluator(engine, encoded, monotone, config.suppression_limit).satisfied
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
            # checks: benchmarks/README.md, issue 15).

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
            # small bottom table: the statement's fixed cost dominates, wider batches pay
            paths = WIDE_PATHS if encoded.freq_rows < evaluator.project_from_rows else PATHS
        result = search(
            config.search,
            lattice,
            evaluator.satisfied,
            prune,
            progress,
            bound,
            key,
            values,
            paths,
            cap,
        )
    return result, evaluator


def anonymize(
    config: Config,
    progress: Progress | None = None,
    show_violations: int = 0,
    stage: Stage | None = None,
    reports: ReportFiles | None = None,
) -> Report:
    """Find the least-lossy release satisfying ``config.criteria``, write it, gate it, report.

    Returns a report whose ``passed`` is false (nothing written) when no node satisfies the
    criteria within the suppression limit or the published table fails its own gate.
    ``reports``: where to write the JSON report, checked before any work and written
    before the release is committed (a report that cannot be written publishes nothing).
    Raises :class:`~sqlanon.errors.InputError` for bad configuration or data.
    """
    _needs_release(config, "anonymize")
    prepare_report(reports, config)
    engine, config = run_engine(config)
    try:
        encoded, criteria, required = _encoded(engine, config, show_violations, stage)
        tree = None
        levels = None
        if config.search == "mondrian":
            say(stage, "partitioning (Mondrian)")
            base, release, tree = _mondrian(engine, encoded, required, config, progress)
        else:
            say(stage, "searching the lattice")
            base, release, levels = _lattice(engine, encoded, required, config, progress, stage)
        if release is None:
            return written(base, reports)
        return _publish(
            engine,
            config,
            encoded,
            criteria,
            base,
            release,
            levels,
            tree,
            show_violations,
            stage,
            reports,
        )
    finally:
        engine.close()


def _needs_release(config: Config, command: str) -> None:
    if config.output is None and config.engine.connection is None:
        raise ConfigError(f"{command} needs 'output' in the configuration.")
    if all(c.severity == "warn" for c in config.criteria):
        raise ConfigError(
            f"{command} needs at least one criterion with severity error (the default): warn-severity "
            "criteria are only reported, so nothing would constrain the release."
        )


def _encoded(
    engine: Engine, config: Config, show_violations: int, stage: Stage | None
) -> tuple[Encoded, list[Criterion], list[Criterion]]:
    """The output checked, the source read and encoded, the criteria made and checked against
    the data: (encoded, every criterion, the error-severity ones the release must satisfy)."""
    if config.output is not None:
        prepare_output(engine, config)
    say(stage, "reading the source")
    source = read_table(engine, config.source)
    say(stage, "encoding")
    encoded = encode(engine, config, source, reveal=show_violations > 0)
    criteria = [make_criterion(c) for c in config.criteria]
    check_parameters(
        criteria, encoded.rows, {d.column: d for d in encoded.sensitive}, reveal=show_violations > 0
    )
    # warn-severity criteria are reported by the gate; the release must satisfy the others
    return encoded, criteria, [c for c in criteria if c.severity == "error"]


def apply(
    config: Config,
    levels: Mapping[str, Any],
    origin: str,
    progress: Progress | None = None,
    show_violations: int = 0,
    stage: Stage | None = None,
    reports: ReportFiles | None = None,
    hierarchies: Mapping[str, str] | None = None,
) -> Report:
    """Publish the source generalized at the node ``levels`` gives (column -> level), with
    suppression as configured, and gate it: no search. When the node does not satisfy the
    criteria on this data (or lies above a ``max_level``), the report fails and nothing is
    written, unless the configuration's ``apply_fallback: search`` asks for the search
    ``anonymize`` runs. ``origin`` says where the node came from, in the report and in
    messages; ``hierarchies``: the fingerprints of the report it came from, which the
    configuration's hierarchies must match."""
    _needs_release(config, "apply")
    if config.search == "mondrian":
        raise ConfigError(
            "apply publishes a lattice node (a level per quasi-identifier); the configuration's search is "
            "mondrian, whose releases are partitions, not nodes. Use a lattice search (optimal, the default)."
        )
    fingerprints = same_hierarchies(config, hierarchies or {}, origin)
    prepare_report(reports, config)
    engine, config = run_engine(config)
    try:
        encoded, criteria, required = _encoded(engine, config, show_violations, stage)
        node = resolve_node(levels, [(d.column, d.height) for d in encoded.qis], origin)
        caps = max_levels(encoded, config)
        info: dict[str, Any] = {"strategy": "apply", "node_from": origin}
        capped = _capped(encoded, caps)
        if capped:
            info["max_level"] = capped
        over = [(d.column, lv, cap) for d, lv, cap in zip(encoded.qis, node, caps, strict=True) if lv > cap]
        outcome = None
        if over:
            why = "lies above " + ", ".join(f"the max_level {cap} of {c!r}" for c, _, cap in over)
            if config.apply_fallback != "search":
                column, level, cap = over[0]
                raise ConfigError(
                    f"{origin}: the level {level} of {column!r} is above its max_level {cap} in the configuration."
                )
        else:
            say(stage, "checking the node")
            evaluator = NodeEvaluator(engine, encoded, required, config.suppression_limit)
            outcome = evaluator.outcome(node)
            why = _unmet(required, outcome, evaluator.max_suppressed, config.suppression_limit)
        if outcome is None or not outcome.satisfied:
            named = _named_node(node_map(encoded, node))
            if config.apply_fallback != "search":
                assert outcome is not None
                base = _pending(encoded, info, command="apply")
                base.node = node_map(encoded, node)
                base.hierarchies = fingerprints
                base.message = f"the node {named} {why}; nothing was written"
                if all(o.evaluated for o in outcome.summary.outcomes):
                    base.checks = check_entries(required, outcome.summary.outcomes)
                    if show_violations:
                        _list_violations(
                            engine, config, encoded, criteria, evaluator, node, base, show_violations
                        )
                return written(base, reports)
            say(stage, "searching the lattice")
            base, release, chosen = _lattice(engine, encoded, required, config, progress, stage)
            base.command = "apply"
            base.hierarchies = fingerprints
            base.search["fallback_from"] = {"node": node_map(encoded, node), "node_from": origin, "why": why}
            if release is None:
                return written(base, reports)
            return _publish(
                engine, config, encoded, criteria, base, release, chosen, None, show_violations, stage, reports,
                first_warning=f"the node {named} was not applied (it {why}); the release was searched anew "
                "(apply_fallback: search) and does not line up with earlier ones",
            )  # fmt: skip
        verdicts = materialize_verdicts(engine, evaluator, node)
        values = node_metrics(
            engine, encoded, evaluator, node, verdicts, outcome.suppressed_rows, qi_weights(encoded, config)
        )
        base = _pending(encoded, info, command="apply")
        _chose(base, config, encoded, node, values, outcome.suppressed_rows)
        release = build_release(engine, config, encoded, node, verdicts)
        return _publish(
            engine,
            config,
            encoded,
            criteria,
            base,
            release,
            base.node,
            None,
            show_violations,
            stage,
            reports,
        )
    finally:
        engine.close()


def _list_violations(
    engine: Engine,
    config: Config,
    encoded: Encoded,
    criteria: list[Criterion],
    evaluator: NodeEvaluator,
    node: Node,
    report: Report,
    show_violations: int,
) -> None:
    """Add to each failing check of ``report`` (the node ``apply`` was given fails) up to
    ``show_violations`` of its violating classes: those of the node's generalization of every
    row, before suppression (what the data owner would have to change), worst first."""
    verdicts = materialize_verdicts(engine, evaluator, node)
    generalized = stage_returned(
        engine, build_release(engine, config, encoded, node, verdicts, suppress=False)
    )
    try:
        published = read_table(engine, generalized.staged, what="release")
        gate = run_gate(
            engine,
            config,
            published,
            sensitive_hierarchies(config, engine, published, reveal=True),
            show_violations,
            qi_hierarchies={d.column: d.hierarchy for d in encoded.qis},
            qi_levels=node_map(encoded, node),
            check_params=False,
        )
    finally:
        generalized.abort(engine)
    required = [i for i, c in enumerate(criteria) if c.severity == "error"]
    for entry, i in zip(report.checks, required, strict=True):
        if not entry["passed"] and i < len(gate.violations) and gate.violations[i]:
            entry["violations"] = [dict(v) for v in gate.violations[i]]


def _named(criterion: Criterion) -> str:
    """A criterion in a message: its kind and the column it is on (no value)."""
    return criterion.kind + (f" on {criterion.attribute!r}" if criterion.attribute else "")


def _named_node(node: Mapping[str, int]) -> str:
    return ", ".join(f"{name}={level}" for name, level in node.items())


def _unmet(required: list[Criterion], outcome: NodeResult, allowed: int, limit: float) -> str:
    """Why a node does not satisfy the criteria, by criterion and rows (no value)."""
    failing = [
        f"{_named(c)} {o.violating_rows:,}"
        for c, o in zip(required, outcome.summary.outcomes, strict=True)
        if o.evaluated and not o.passed
    ]
    if not failing:
        return (
            "does not satisfy the criteria on this data once its violating classes are suppressed "
            "(a criterion over the whole table's distribution fails)"
        )
    return (
        f"does not satisfy the criteria on this data (violating rows: {', '.join(failing)}; the suppression "
        f"limit of {limit:g} of the rows allows {allowed:,})"
    )


def _pending(
    encoded: Encoded,
    search: dict[str, Any],
    minimal: list[dict[str, int]] | None = None,
    command: str = "anonymize",
) -> Report:
    """A report before the release is written (not passed, nothing out yet)."""
    return Report(
        command=command,
        passed=False,
        rows_in=encoded.rows,
        rows_out=0,
        suppressed_rows=0,
        checks=[],
        minimal_nodes=minimal or [],
        search=search,
        heights={d.column: d.height for d in encoded.qis},
    )


def _lattice(
    engine: Engine,
    encoded: Encoded,
    required: list[Criterion],
    config: Config,
    progress: Progress | None,
    stage: Stage | None = None,
) -> tuple[Report, exp.Expr | None, dict[str, int] | None]:
    """A lattice search (optimal, Incognito, exhaustive): the best minimal node's release (None:
    no node). With ``search_in: local`` and a server engine, the search and the ranking run in
    embedded DuckDB on a copy of the encoded tables, and only the chosen node is evaluated again
    in the engine, for the verdicts its release is built from."""
    if config.search_in == "local" and not engine.capabilities.embedded:
        say(stage, "copying the frequency table to this machine")
        with local_copy(engine, encoded) as copy:
            say(stage, "searching the lattice (on this machine)")
            base, best = _search_and_rank(copy.engine, encoded, required, config, progress, stage)
            base.search["search_in"] = "local"
            base.search["copied_rows"] = copy.rows
        if best is None:
            return base, None, None
        node = best[0]
        verdicts = materialize_verdicts(
            engine, NodeEvaluator(engine, encoded, required, config.suppression_limit), node
        )
    else:
        base, best = _search_and_rank(engine, encoded, required, config, progress, stage)
        if best is None:
            return base, None, None
        node, verdicts = best
    return base, build_release(engine, config, encoded, node, verdicts), base.node


def _search_and_rank(
    engine: Engine,
    encoded: Encoded,
    required: list[Criterion],
    config: Config,
    progress: Progress | None,
    stage: Stage | None,
) -> tuple[Report, tuple[Node, str] | None]:
    """The search and the ranking of its minimal nodes in ``engine``: the pending report (with
    the chosen node, its metrics and suppressed rows) and the node with its verdicts table
    (None: no node satisfies the criteria)."""
    result, evaluator = run_search(engine, encoded, required, config, progress)
    lattice = Lattice(max_levels(encoded, config))
    search_info: dict[str, Any] = {
        "strategy": config.search,
        "lattice_size": lattice.size,
        "nodes_checked": result.checked,
        "evaluations": result.evaluations,
    }
    capped = _capped(encoded, lattice.heights)
    if capped:
        search_info["max_level"] = capped
    if config.search != "optimal":  # optimal does not enumerate the satisfying nodes
        search_info["satisfying_nodes"] = len(result.satisfying)
    base = _pending(encoded, search_info, [node_map(encoded, n) for n in result.minimal])
    if not result.minimal:
        base.message = (
            "no generalization satisfies the criteria within the suppression limit "
            f"({config.suppression_limit:g} of the rows); nothing was written"
        )
        return base, None
    say(stage, f"ranking {len(result.minimal)} minimal nodes")
    with engine.threads(search_threads(encoded)):
        node, values, verdicts, outcome = best_node(engine, encoded, evaluator, result.minimal, config)
    _chose(base, config, encoded, node, values, outcome.suppressed_rows)
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


def _mondrian(
    engine: Engine, encoded: Encoded, required: list[Criterion], config: Config, progress: Progress | None
) -> tuple[Report, exp.Expr | None, str | None]:
    """Mondrian partitioning: its release (always one: the whole table is the least cut) and,
    with (n,t)-closeness, its partition tree for the gate."""

    def rounds(done: int, partitions: int) -> None:
        if progress is not None:
            progress(done, -1)  # -1: a Mondrian round, not a count of lattice nodes

    with engine.threads(search_threads(encoded)):
        result = run_mondrian(engine, encoded, required, config, rounds)
    base = _pending(
        encoded,
        {
            "strategy": "mondrian",
            "rounds": result.rounds,
            "statements": result.statements,
            "partitions": result.partitions,
        },
    )
    base.metric = {"name": config.metric, "value": result.metrics[config.metric]}
    base.metrics = dict(result.metrics)
    return base, release_query(engine, config, encoded, result), result.tree


def _publish(
    engine: Engine,
    config: Config,
    encoded: Encoded,
    criteria: list[Criterion],
    base: Report,
    release: exp.Expr,
    levels: dict[str, int] | None,
    tree: str | None,
    show_violations: int,
    stage: Stage | None = None,
    reports: ReportFiles | None = None,
    first_warning: str | None = None,
) -> Report:
    """Stage the release, gate the staged copy, and commit it only if the gate passes
    (``first_warning``: a warning the report puts before the release's own).

    The commit: the report is written in full first (under a staging name), the release put in
    place (the previous one kept), the report moved into place, then what the release replaced
    dropped; a failure at any step undoes the ones before, so nothing is published without its
    report (a run killed between the two moves leaves the new release with the previous report)."""
    say(stage, "writing the release")
    staged: Staged | Returned = (
        write_staged(engine, release, config.output)
        if config.output is not None
        else stage_returned(engine, release)
    )
    try:
        published = read_table(engine, staged.staged, what="release")
        say(stage, "gating the release")
        gate = run_gate(
            engine,
            config,
            published,
            sensitive_hierarchies(config, engine, published, reveal=show_violations > 0),
            show_violations,
            qi_hierarchies={d.column: d.hierarchy for d in encoded.qis},
            qi_levels=levels,
            check_params=False,
            tree=tree,
            population=_population(engine, config),
            distributions=reports is not None and reports.html is not None,
        )
    except BaseException:
        staged.abort(engine)
        raise
    base.checks = _entries(criteria, gate)
    base.risk = gate.risk
    base.class_sizes = [list(pair) for pair in gate.class_sizes]
    base.rows_out = gate.rows
    base.sql = report_sql(config, config.output or staged.staged)
    if not gate.passed:
        staged.abort(engine)
        base.message = "the release failed its own gate; nothing was written"
        if gate.criteria_passed and not gate.identifiers_left:
            how = (
                "The node was applied as given"
                if base.search.get("strategy") == "apply"
                else "The search chooses its node by the criteria, not the risk limits"
            )
            base.message = (
                f"the release exceeds its risk limit(s) {_over(gate)}; nothing was written. {how}: "
                + "; ".join(_advice(gate, config))
                + "."
            )
        return written(base, reports)
    base.passed = True
    base.output = (config.output or staged.staged).describe()
    base.warnings = ([first_warning] if first_warning else []) + utility_warnings(config, encoded, base)
    warned = sum(1 for o in gate.outcomes if not o.passed)
    if warned:
        base.message = f"{warned} warn-severity criterion(s) not met (reported, not enforced)"
    try:
        written_reports = reports.stage(base) if reports is not None else []
    except BaseException:
        staged.abort(engine)
        raise
    swaps: list[Any] = []
    try:
        staged.commit(engine, config.overwrite)
        for report in written_reports:
            swaps.append(report.swap())
    except BaseException:
        staged.abort(engine)  # also takes back a release already in place
        for swap in swaps:
            swap.undo()
        for report in written_reports:
            report.discard()
        raise
    staged.finish(engine)
    for swap in swaps:
        swap.finish()
    if isinstance(staged, Returned):
        base.release = staged.handed
    return base


def utility_warnings(config: Config, encoded: Encoded, report: Report) -> list[str]:
    """What the release loses that its user may not expect: every quasi-identifier, or some,
    generalized to a level of its hierarchy with a single label (its top, or below when the
    levels above merge everything: one value for every row), Mondrian's single partition, or
    more suppressed rows than ``warn_suppressed``."""
    out = []
    if report.node is not None:
        node = report.node
        gone = [
            d.column
            for d in encoded.qis
            if node[d.column] > 0 and len(d.hierarchy.labels(node[d.column])) == 1
        ]
        if len(gone) == len(encoded.qis):
            out.append(
                "every quasi-identifier is generalized to a single value (the top of its hierarchy): the "
                "release keeps none of their information (max_level on a column rules this out; a lower k "
                "or more suppression may avoid it)"
            )
        elif gone:
            out.append(
                f"quasi-identifier(s) {', '.join(repr(c) for c in gone)} generalized to a single value (the "
                "top of the hierarchy): one value for every row (max_level on the column rules this out)"
            )
    elif report.search.get("partitions") == 1:
        out.append("the release is one partition: every row has the same quasi-identifier values")
    suppressed, rows = report.suppressed_rows or 0, report.rows_in
    if rows and suppressed > config.warn_suppressed * rows:
        out.append(
            f"{suppressed:,} of {rows:,} rows ({suppressed / rows:.1%}) are suppressed, more than "
            f"warn_suppressed ({config.warn_suppressed:g} of the rows)"
        )
    return out


def _entries(criteria: list[Criterion], gate: GateResult) -> list[dict[str, Any]]:
    """The report's checks: one per criterion, then whether identifier columns are gone (when
    the configuration declares any)."""
    entries = check_entries(criteria, gate.outcomes, gate.violations)
    for i, bins in gate.distances.items():
        entries[i]["distances"] = [list(b) for b in bins]
    if gate.identifiers:
        entries.append(identifier_entry(gate.identifiers, gate.identifiers_left, gate.rows))
    return entries + list(gate.risk_checks)


def _over(gate: GateResult) -> str:
    """The risk limits a gated table exceeds, with the figures."""
    return ", ".join(
        f"{key} {c['observed']:.3g} > {limit:g}"
        for c in gate.risk_checks
        if not c["passed"]
        for key, limit in list(c["params"].items())[:1]
    )


def _advice(gate: GateResult, config: Config) -> list[str]:
    """Per exceeded risk limit, what brings its figure under it."""
    return [
        f"for {key}, {limit_advice(key, limit, config.risk.threshold)}"
        for c in gate.risk_checks
        if not c["passed"]
        for key, limit in list(c["params"].items())[:1]
    ]


def prepare_report(reports: ReportFiles | None, config: Config) -> None:
    """Before any work: the reports may be written where ``reports`` says
    (:func:`guard.check_report_path`); what runs killed while writing a report there left is
    removed."""
    if reports is None:
        return
    if reports.json is not None and reports.html is not None and atomic.same_file(reports.json, reports.html):
        raise InputError(
            f"The JSON report and the HTML report would both be {str(reports.json)!r}; give them different paths."
        )
    for path, kind in ((reports.json, "json"), (reports.html, "html")):
        if path is not None:
            guard.check_report_path(path, config, kind=kind)
            atomic.remove_leftovers(path)


def written(report: Report, reports: ReportFiles | None) -> Report:
    """``report``, written where ``reports`` says first (when it says)."""
    if reports is not None:
        reports.write(report)
    return report


def check(
    config: Config, show_violations: int = 0, stage: Stage | None = None, reports: ReportFiles | None = None
) -> Report:
    """The pre-publication gate on ``config.source`` as it is (no generalization); the report
    is written to ``reports`` when one is given (checked before any work)."""
    prepare_report(reports, config)
    engine, config = run_engine(config)
    try:
        say(stage, "reading the table")
        table = read_table(engine, config.source, what="table")
        from sqlanon.encode import check_columns

        check_columns(engine, table, config, "table", gate=True)
        say(stage, "gating the table")
        population = _population(engine, config)
        gate: GateResult = run_gate(
            engine,
            config,
            table,
            sensitive_hierarchies(config, engine, table, reveal=show_violations > 0),
            show_violations,
            qi_hierarchies=quasi_hierarchies(config, engine, table),
            population=population,
            population_hierarchies=None
            if population is None
            else population_hierarchies(config, engine, population),
            distributions=reports is not None and reports.html is not None,
        )
        criteria = [make_criterion(c) for c in config.criteria]
        warned = sum(1 for o, c in zip(gate.outcomes, criteria, strict=True) if not o.passed)
        # the verdict names every cause: dropping an identifier alone may not be enough
        causes = []
        if gate.identifiers_left:
            held = ", ".join(repr(name) for name in gate.identifiers_left)
            causes.append(f"still holds identifier column(s) {held} (drop them before publishing)")
        failing = [
            _named(c)
            for o, c in zip(gate.outcomes, criteria, strict=True)
            if c.severity == "error" and not o.passed
        ]
        if failing:
            causes.append(
                f"does not satisfy {len(failing)} error-severity criterion(s): {', '.join(failing)}"
            )
        if any(not c["passed"] for c in gate.risk_checks):
            causes.append(f"exceeds its risk limit(s) {_over(gate)}")
        if causes:
            message = "the table " + (
                causes[0] if len(causes) == 1 else "; ".join(causes[:-1]) + "; and " + causes[-1]
            )
        else:
            message = "" if not warned else f"{warned} warn-severity criterion(s) not met"
        # a gate publishes nothing and suppresses nothing: rows_out and suppressed_rows are null
        report = Report(
            command="check",
            passed=gate.passed,
            rows_in=gate.rows,
            rows_out=None,
            suppressed_rows=None,
            checks=_entries(criteria, gate),
            message=message,
            sql=report_sql(config, config.source),
            risk=gate.risk,
            class_sizes=[list(pair) for pair in gate.class_sizes],
        )
    finally:
        engine.close()
    return written(report, reports)
