"""The commands' runs, stage by stage: ``anonymize`` (search or partition, then publish),
``apply`` (publish a given node) and ``check`` (gate a table as it is). No SQL text here: each
stage calls the module that owns it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from sqlglot import exp

from sqlanon.compile import report_sql
from sqlanon.config import Config
from sqlanon.config.dp import refuse_command
from sqlanon.config.node import resolve_node, same_hierarchies
from sqlanon.criteria import Criterion, make_criterion
from sqlanon.encode import Encoded, check_columns, column_profile, encode
from sqlanon.encode.source import read_table
from sqlanon.engines import Engine
from sqlanon.errors import ConfigError
from sqlanon.gate import GateResult, check_parameters, run_gate
from sqlanon.gate.inputs import (
    population_hierarchies,
    quasi_hierarchies,
    read_population,
    sensitive_hierarchies,
)
from sqlanon.hierarchy import Hierarchy, built_from_values, load_hierarchy
from sqlanon.release.dp import dp_release
from sqlanon.release.gated import gate_entries, pending, publish, risk_over
from sqlanon.release.lattice import (
    capped,
    lattice_release,
    max_levels,
    node_map,
    qi_weights,
    record_choice,
    searched_criteria,
)
from sqlanon.release.metrics import materialize_verdicts, node_metrics
from sqlanon.release.publish import build_release, prepare_output, stage_returned
from sqlanon.release.recoding import local_recode
from sqlanon.release.run import Progress, Stage, counted, prepare_report, run_engine, say, written
from sqlanon.report.entries import check_entries
from sqlanon.report.files import ReportFiles
from sqlanon.report.model import DeferredSql, Report
from sqlanon.search.evaluator import NodeEvaluator, NodeResult, search_threads
from sqlanon.search.lattice import Node
from sqlanon.search.mondrian import release_query, run_mondrian


@counted
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
        tree = None
        levels = None
        counted = None
        if config.differential_privacy is not None:  # SafePub: sample, then its own search
            encoded, criteria, base, dp_release_query, levels = dp_release(
                engine, config, stage, show_violations
            )
            return publish(
                engine,
                config,
                encoded,
                criteria,
                base,
                dp_release_query,
                levels,
                None,
                show_violations,
                stage,
                reports,
                first_warning=" ".join(base.warnings) or None,  # the seed's and hierarchies' caveats
            )
        encoded, criteria, required = _encoded(engine, config, show_violations, stage, config.search)
        if config.search == "mondrian":
            say(stage, "partition", "partitioning (Mondrian)")
            base, release, tree, counted = _mondrian(engine, encoded, required, config, progress)
        else:
            base, release, levels = lattice_release(engine, encoded, required, config, progress, stage)
            if release is not None and config.local_recoding is not None:
                mixed = local_recode(engine, encoded, required, config, base, stage)
                if mixed is not None:  # each row at its own node's levels: no levels for the gate
                    release, levels = mixed, None
        if release is None:
            return written(base, reports)
        return publish(
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
            population_classes_of=counted,
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
    engine: Engine, config: Config, show_violations: int, stage: Stage | None, search: str | None = None
) -> tuple[Encoded, list[Criterion], list[Criterion]]:
    """The output checked, the source read and encoded, the criteria made and checked against
    the data: (encoded, every criterion, the error-severity ones the release must satisfy).
    ``search``: the search that will run, a lattice search's lattice checked against
    ``max_lattice_nodes`` before the frequency table is made (None: no search)."""
    if config.output is not None:
        prepare_output(engine, config)
    say(stage, "read", "reading the source")
    source = read_table(engine, config.source)
    say(stage, "encode", "encoding")
    encoded = encode(engine, config, source, reveal=show_violations > 0, search=search)
    criteria = [make_criterion(c) for c in config.criteria]
    check_parameters(
        criteria,
        encoded.rows,
        {d.column: d for d in encoded.sensitive},
        reveal=show_violations > 0,
        unit=encoded.unit,
    )
    # warn-severity criteria are reported by the gate; the release must satisfy the others
    return encoded, criteria, [c for c in criteria if c.severity == "error"]


@counted
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
    configuration's hierarchies must match (None: the node comes from no report)."""
    _needs_release(config, "apply")
    refuse_command(
        config.differential_privacy,
        "apply",
        "a given node published without SafePub's sample and search is not differentially private. Run "
        "anonymize, or remove differential_privacy and give criteria.",
    )
    if config.search == "mondrian":
        raise ConfigError(
            "apply publishes a lattice node (a level per quasi-identifier); the configuration's search is "
            "mondrian, whose releases are partitions, not nodes. Use a lattice search (optimal, the default)."
        )
    if config.local_recoding is not None:
        raise ConfigError(
            "local_recoding does not apply to apply: apply publishes one node, and a locally recoded release "
            "mixes the nodes its search found for this data. Remove local_recoding to apply the node, or run "
            "anonymize."
        )
    fingerprints = same_hierarchies(config, hierarchies, origin)
    prepare_report(reports, config)
    engine, config = run_engine(config)
    try:
        encoded, criteria, required = _encoded(engine, config, show_violations, stage)
        node = resolve_node(levels, [(d.column, d.height) for d in encoded.qis], origin)
        caps = max_levels(encoded, config)
        info: dict[str, Any] = {"strategy": "apply", "node_from": origin}
        below_top = capped(encoded, caps)
        if below_top:
            info["max_level"] = below_top
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
            say(stage, "check_node", "checking the node")
            evaluator = NodeEvaluator(engine, encoded, required, config.suppression_limit)
            outcome = evaluator.outcome(node)
            why = _unmet(required, outcome, evaluator.max_suppressed, config.suppression_limit, encoded.unit)
        if outcome is None or not outcome.satisfied:
            named = _named_node(node_map(encoded, node))
            if config.apply_fallback != "search":
                assert outcome is not None
                base = pending(encoded, info, command="apply")
                base.node = node_map(encoded, node)
                base.hierarchies = fingerprints
                base.message = f"the node {named} {why}; nothing was written"
                if all(o.evaluated for o in outcome.summary.outcomes):
                    base.checks = check_entries(required, outcome.summary.outcomes, unit=encoded.unit)
                    if show_violations:
                        _list_violations(
                            engine, config, encoded, criteria, evaluator, node, base, show_violations
                        )
                return written(base, reports)
            base, release, chosen = lattice_release(engine, encoded, required, config, progress, stage)
            base.command = "apply"
            base.hierarchies = fingerprints
            base.search["fallback_from"] = {"node": node_map(encoded, node), "node_from": origin, "why": why}
            if release is None:
                return written(base, reports)
            return publish(
                engine, config, encoded, criteria, base, release, chosen, None, show_violations, stage, reports,
                first_warning=f"the node {named} was not applied (it {why}); the release was searched anew "
                "(apply_fallback: search) and does not line up with earlier ones",
            )  # fmt: skip
        verdicts = materialize_verdicts(engine, evaluator, node)
        values = node_metrics(
            engine, encoded, evaluator, node, verdicts, outcome.suppressed_rows, qi_weights(encoded, config)
        )
        base = pending(encoded, info, command="apply")
        record_choice(base, config, encoded, node, values, outcome.suppressed_rows)
        release = build_release(engine, config, encoded, node, verdicts, suppressed=outcome.suppressed_rows)
        return publish(
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


def _named_node(node: Mapping[str, int]) -> str:
    return ", ".join(f"{name}={level}" for name, level in node.items())


def _unmet(
    required: list[Criterion], outcome: NodeResult, allowed: int, limit: float, unit: str = "rows"
) -> str:
    """Why a node does not satisfy the criteria, by criterion and rows (no value)."""
    failing = [
        f"{c.title} {o.violating_rows:,}"
        for c, o in zip(required, outcome.summary.outcomes, strict=True)
        if o.evaluated and not o.passed
    ]
    if not failing:
        return (
            "does not satisfy the criteria on this data once its violating classes are suppressed "
            "(a criterion over the whole table's distribution fails)"
        )
    return (
        f"does not satisfy the criteria on this data (violating {unit}: {', '.join(failing)}; the suppression "
        f"limit of {limit:g} of the {unit} allows {allowed:,})"
    )


def _mondrian(
    engine: Engine, encoded: Encoded, required: list[Criterion], config: Config, progress: Progress | None
) -> tuple[Report, exp.Expr | None, str | None, str | None]:
    """Mondrian partitioning: its release (always one: the whole table is the least cut), with
    (n,t)-closeness its partition tree for the gate, and with ``population:`` the persons of the
    population per partition at its labels, for the gate."""

    def rounds(done: int, partitions: int) -> None:
        if progress is not None:
            progress(done, -1)  # -1: a Mondrian round, not a count of lattice nodes

    with engine.threads(search_threads(encoded)):
        # prosecutor_highest as k-anonymity; the share limits are budgets (search.mondrian_risk)
        result = run_mondrian(engine, encoded, searched_criteria(required, config), config, rounds)
    base = pending(
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
    return base, release_query(engine, config, encoded, result), result.tree, result.population


@counted
def check(
    config: Config, show_violations: int = 0, stage: Stage | None = None, reports: ReportFiles | None = None
) -> Report:
    """The pre-publication gate on ``config.source`` as it is (no generalization); the report
    is written to ``reports`` when one is given (checked before any work)."""
    prepare_report(reports, config)
    checked = _as_configured(config)  # before run_engine renames a relation source
    engine, config = run_engine(config)
    try:
        say(stage, "read", "reading the table")
        table = read_table(engine, config.source, what="table")
        check_columns(engine, table, config, "table", gate=True)
        say(stage, "gate", "gating the table")
        population = read_population(engine, config)
        gate: GateResult = run_gate(
            engine,
            config,
            table,
            None,  # the sensitive columns' hierarchies: read by the gate, with their values
            show_violations,
            qi_hierarchies=quasi_hierarchies(config, engine, table),
            population=population,
            population_hierarchies=None
            if population is None
            else population_hierarchies(config, engine, population),
            distributions=reports is not None and reports.html is not None,
        )
        criteria = [make_criterion(c) for c in config.criteria]
        # a gate publishes nothing and suppresses nothing: rows_out and suppressed_rows are null
        report = Report(
            command="check",
            passed=gate.passed,
            rows_in=gate.rows,
            rows_out=None,
            suppressed_rows=None,
            checks=gate_entries(criteria, gate),
            message=_check_verdict(gate, criteria),
            sql=DeferredSql(lambda: report_sql(config, config.source)),
            risk=gate.risk,
            class_sizes=[list(pair) for pair in gate.class_sizes],
            people=None if gate.people is None else {"in": gate.people},
            source=checked,
        )
        if config.person:
            report.warnings.append(
                f"The table holds the person column(s) {list(config.person)}, which the check counts people "
                "by: drop them before publishing the table."
            )
    finally:
        engine.close()
    return written(report, reports)


def _as_configured(config: Config) -> str:
    """The source as the configuration names it, for the report's page: a file (or a DuckDB
    database's) by its path relative to the configuration's folder when it lies there, a table by
    its name; "query" and "relation" for a source given so (never a query's text)."""
    ref = config.source
    if ref.path is not None:
        base = config.base_dir.resolve()
        if ref.path.is_relative_to(base):
            ref = replace(ref, path=ref.path.relative_to(base))
    return ref.describe()


def _check_verdict(gate: GateResult, criteria: list[Criterion]) -> str:
    """``check``'s message: every cause of a failing table (dropping an identifier alone may not
    be enough), or the warn-severity criteria not met; empty when all is well."""
    causes = []
    if gate.identifiers_left:
        held = ", ".join(repr(name) for name in gate.identifiers_left)
        causes.append(f"still holds identifier column(s) {held} (drop them before publishing)")
    failing = [
        c.title
        for o, c in zip(gate.outcomes, criteria, strict=True)
        if c.severity == "error" and not o.passed
    ]
    if failing:
        causes.append(f"does not satisfy {len(failing)} error-severity criterion(s): {', '.join(failing)}")
    if any(not c["passed"] for c in gate.risk_checks):
        causes.append(f"exceeds its risk limit(s) {risk_over(gate)}")
    if causes:
        return "the table " + (
            causes[0] if len(causes) == 1 else "; ".join(causes[:-1]) + "; and " + causes[-1]
        )
    warned = sum(1 for o in gate.outcomes if not o.passed)
    return "" if not warned else f"{warned} warn-severity criterion(s) not met"


def compile_hierarchies(config: Config) -> dict[str, Hierarchy]:
    """Each quasi-identifier's hierarchy for ``compile --node``; those a builder makes from the
    values are built from the source's values, read through the configuration's engine."""
    out: dict[str, Hierarchy] = {}
    from_values = []
    for spec in config.by_role("quasi"):
        if spec.hierarchy is None:
            raise ConfigError(f"Quasi-identifier {spec.name!r} needs a hierarchy for a lattice node.")
        if built_from_values(spec.hierarchy, config.base_dir):
            from_values.append(spec.name)
        else:
            out[spec.name] = load_hierarchy(spec.name, spec.hierarchy, [], config.base_dir)
    if from_values:
        if (
            config.engine.kind == "duckdb"
            and config.engine.connection is None
            and config.source.kind == "table"
        ):
            raise ConfigError(
                f"Quasi-identifier {from_values[0]!r}: its hierarchy is made by a builder from the column's values, "
                "which compile reads from the source to write the release at a node; the source "
                f"{{table: {config.source.qualified}}} is a table of a database server and the configuration names no "
                f"engine to read it with. Give {from_values[0]!r} a hierarchy file (an ARX CSV file or a tree), or add "
                "engine: {kind: postgres, url: ...} (or {kind: spark}) for compile to read the values there. The "
                "gate alone (compile without --node) reads nothing."
            )
        engine, config = run_engine(config)
        try:
            table = read_table(engine, config.source)
            for name in from_values:
                values = [
                    v
                    for v, _ in column_profile(engine, table, name, limit=config.max_values_size)
                    if v is not None
                ]
                hierarchy = config.column(name).hierarchy
                assert hierarchy is not None
                out[name] = load_hierarchy(
                    name, hierarchy, values, config.base_dir, limit=config.max_values_size
                )
        finally:
            engine.close()
    return out
