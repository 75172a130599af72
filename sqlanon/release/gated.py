"""The last stage of ``anonymize`` and ``apply``: stage the release, gate the staged copy, and
commit it with its reports only if the gate passes; the report's checks, risk and warnings."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlglot import exp

from sqlanon import interrupt
from sqlanon.compile import report_sql
from sqlanon.config import Config
from sqlanon.criteria import Criterion
from sqlanon.encode import Encoded
from sqlanon.encode.source import read_table
from sqlanon.engines import Engine
from sqlanon.gate import GateResult, run_gate
from sqlanon.gate.inputs import read_population
from sqlanon.gate.risk import limit_advice
from sqlanon.release import micro
from sqlanon.release.publish import Returned, Staged, stage_returned
from sqlanon.release.publish import stage as write_staged
from sqlanon.release.run import Stage, record_costs, say, written
from sqlanon.report.entries import check_entries, identifier_entry
from sqlanon.report.files import ReportFiles
from sqlanon.report.model import DeferredSql, Report
from sqlanon.search.risk import SEARCHED
from sqlanon.sql.render import column, table


def pending(
    encoded: Encoded,
    search: dict[str, Any],
    minimal: list[dict[str, int]] | None = None,
    command: str = "anonymize",
) -> Report:
    """A report before the release is written (not passed, nothing out yet)."""
    return Report(
        command=command,
        passed=False,
        rows_in=encoded.rows_in,
        rows_out=0,
        suppressed_rows=0,
        checks=[],
        minimal_nodes=minimal or [],
        search=search,
        heights={d.column: d.height for d in encoded.qis},
    )


def publish(
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
    population_classes_of: str | None = None,
) -> Report:
    """Stage the release, gate the staged copy, and commit it only if the gate passes
    (``first_warning``: a warning the report puts before the release's own;
    ``population_classes_of``: a Mondrian release's persons of the population per partition,
    see ``sqlanon.gate.run_gate``).

    The commit: the report is written in full first (under a staging name), the release put in
    place (the previous one kept), the report moved into place, then what the release replaced
    dropped; a failure at any step undoes the ones before, so nothing is published without its
    report (a run killed between the two moves leaves the new release with the previous report).
    A stop signal (SIGINT, SIGTERM) during the commit waits for its moves to end, then undoes
    them (:mod:`sqlanon.interrupt`); once the commit is final, stop signals are ignored."""
    say(stage, "write", "writing the release")
    base.microaggregation = micro.loss(engine, release)
    people = None
    if config.person:  # the release with its person columns, which the gate counts people by
        people = engine.temp_name("people")
        engine.create_temp_as(people, release)
        release = without_person(engine, people, config.person)
    staged: Staged | Returned = (
        write_staged(engine, release, config.output)
        if config.output is not None
        else stage_returned(engine, release, config.returned_as)
    )
    try:
        return _gate_and_commit(
            engine, config, encoded, criteria, base, staged, levels, tree, show_violations, stage, reports,
            first_warning, people, population_classes_of,
        )  # fmt: skip
    except BaseException:
        staged.abort(engine)  # never raises, and leaves a release already committed alone
        raise


def _gate_and_commit(
    engine: Engine,
    config: Config,
    encoded: Encoded,
    criteria: list[Criterion],
    base: Report,
    staged: Staged | Returned,
    levels: dict[str, int] | None,
    tree: str | None,
    show_violations: int,
    stage: Stage | None,
    reports: ReportFiles | None,
    first_warning: str | None,
    people: str | None = None,
    population_classes_of: str | None = None,
) -> Report:
    """:func:`publish` once the release is staged (the caller aborts it on any failure);
    ``people``: with ``person:``, the release's rows with their person columns."""
    published = read_table(engine, staged.staged, what="release")
    say(stage, "gate", "gating the release")
    gate = run_gate(
        engine,
        config,
        published,
        None,  # the sensitive columns' hierarchies: read by the gate, with their values
        show_violations,
        qi_hierarchies={d.column: d.hierarchy for d in encoded.qis},
        qi_levels=levels,
        check_params=False,
        tree=tree,
        population=encoded.population_read or read_population(engine, config),
        distributions=reports is not None and reports.html is not None,
        people=people,
        population_classes_of=population_classes_of,
    )
    base.checks = gate_entries(criteria, gate)
    if gate.people is not None:  # the search counted people: so are the suppressed
        base.people = {"in": encoded.rows, "out": gate.people, "suppressed": encoded.rows - gate.people}
        base.suppressed_rows = encoded.rows_in - gate.rows
    base.risk = gate.risk
    base.class_sizes = [list(pair) for pair in gate.class_sizes]
    base.rows_out = gate.rows
    gated = config.output or staged.staged
    base.sql = DeferredSql(lambda: report_sql(config, gated, released=True))
    if not gate.passed:
        staged.abort(engine)
        base.message = "the release failed its own gate; nothing was written"
        if gate.criteria_passed and not gate.identifiers_left:
            how = unsearched(base.search.get("strategy"), config, [key for key, _, _ in _exceeded(gate)])
            base.message = (
                f"the release exceeds its risk limit(s) {risk_over(gate)}; nothing was written. {how}: "
                + "; ".join(risk_advice(gate, config))
                + "."
            )
        return written(base, reports)
    base.passed = True
    base.output = (config.output or staged.staged).describe()
    base.returned = isinstance(staged, Returned)
    base.warnings = ([first_warning] if first_warning else []) + utility_warnings(config, encoded, base)
    warned = sum(1 for o in gate.outcomes if not o.passed)
    if warned:
        base.message = f"{warned} warn-severity criterion(s) not met (reported, not enforced)"
    record_costs(base)  # the commit's own statements come after the report is written
    say(stage, "commit", "committing the release")
    with interrupt.held():  # a stop signal waits until the commit is made whole or undone
        swaps: list[Any] = []
        written_reports = []
        try:
            written_reports = reports.stage(base) if reports is not None else []
            staged.commit(engine, config.overwrite)
            for report in written_reports:
                swaps.append(report.swap())
            if interrupt.requested():  # stopped meanwhile: the commit is undone, not made final
                raise interrupt.stop()
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
        interrupt.settle()
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
    if report.people is not None:  # person: the share of the people, as suppression_limit's
        dropped, people = report.people.get("suppressed", 0), report.people.get("in", 0)
        if people and dropped > config.warn_suppressed * people:
            out.append(
                f"{dropped:,} of {people:,} people ({dropped / people:.1%}) are suppressed ({suppressed:,} of {rows:,} "
                f"rows), more than warn_suppressed ({config.warn_suppressed:g} of the people)"
            )
    elif rows and suppressed > config.warn_suppressed * rows:
        out.append(
            f"{suppressed:,} of {rows:,} rows ({suppressed / rows:.1%}) are suppressed, more than "
            f"warn_suppressed ({config.warn_suppressed:g} of the rows)"
        )
    return out


def gate_entries(criteria: list[Criterion], gate: GateResult) -> list[dict[str, Any]]:
    """The report's checks: one per criterion, then whether identifier columns are gone (when
    the configuration declares any), then the risk limits."""
    entries = check_entries(
        criteria, gate.outcomes, gate.violations, unit="rows" if gate.people is None else "people"
    )
    for i, bins in gate.distances.items():
        entries[i]["distances"] = [list(b) for b in bins]
    if gate.identifiers:
        entries.append(identifier_entry(gate.identifiers, gate.identifiers_left, gate.rows))
    return entries + list(gate.risk_checks)


def _exceeded(gate: GateResult) -> list[tuple[str, float, float]]:
    """The risk limits a gated table exceeds: (key, limit, the table's figure)."""
    return [
        (key, limit, c["observed"])
        for c in gate.risk_checks
        if not c["passed"]
        for key, limit in list(c["params"].items())[:1]
    ]


def unsearched(strategy: Any, config: Config, keys: Sequence[str]) -> str:
    """Why the node chosen can exceed the risk limits ``keys``: the sentence before the advice."""
    if strategy == "apply":
        return "The node was applied as given"
    # the journalist limits the search does not meet: with person: (k-map with the population
    # table is not counted over people)
    journalist = [
        key for key in keys if key not in SEARCHED or (config.person and key.startswith("journalist_"))
    ]
    if strategy == "mondrian" and not journalist:
        return "Mondrian keeps within them every cut it makes; even the whole table as one class exceeds them"
    if journalist:
        return f"The journalist limits ({', '.join(journalist)}) are checked on the release, not searched"
    return "No node the search may reach meets them"


def risk_over(gate: GateResult) -> str:
    """The risk limits a gated table exceeds, with the figures."""
    return ", ".join(f"{key} {observed:.3g} > {limit:g}" for key, limit, observed in _exceeded(gate))


def risk_advice(gate: GateResult, config: Config) -> list[str]:
    """Per exceeded risk limit, what brings its figure under it."""
    return [
        f"for {key}, {limit_advice(key, limit, config.risk.threshold)}" for key, limit, _ in _exceeded(gate)
    ]


def without_person(engine: Engine, people: str, person: Sequence[str]) -> exp.Select:
    """The release: every column of ``people`` (the release with its person columns) but the
    person columns."""
    kept = [name for name, _ in engine.columns(people) if name not in person]
    return exp.select(*(column(name) for name in kept)).from_(table(people))
