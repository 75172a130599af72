"""``sqlanon audit``: every minimal node of the lattice (Incognito's full list) measured against
the attacks the papers describe (homogeneity, negation, similarity, skewness, inference).

Per node, one statement (audit_attacks.sql) reads the node's frequency table, the classes its
release would suppress left out, and counts the classes and rows each attack breaks. Skewness is
a t-closeness check of each sensitive attribute (the criteria's own template), evaluated against
the release's distribution. Nothing is written but the report.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

from sqlglot import exp

from sqlanon.audit_report import AuditReport, NodeAudit
from sqlanon.audit_spec import ATTACKS, DISTANCES, AuditSettings
from sqlanon.config import ColumnSpec, Config
from sqlanon.criteria import Criterion, make_criterion
from sqlanon.criterion_spec import CriterionSpec
from sqlanon.encode import Encoded, encode
from sqlanon.engines import Engine
from sqlanon.errors import ConfigError
from sqlanon.evaluator import NodeEvaluator, search_threads
from sqlanon.gate import check_parameters
from sqlanon.lattice import Lattice, Node
from sqlanon.lattice_release import best_node, capped, max_levels, node_map, run_search
from sqlanon.metrics import materialize_verdicts
from sqlanon.report import ReportFiles
from sqlanon.report_text import label
from sqlanon.run import Progress, Stage, prepare_report, run_engine, say
from sqlanon.source import read_table
from sqlanon.sql.render import column, render_template, with_first

#: the attacks' short columns in audit_attacks.sql
_CODES = {"homogeneity": "h", "negation": "n", "similarity": "m", "skewness": "k", "inference": "i"}


def distance_for(spec: ColumnSpec, config: Config) -> str:
    """The ground distance skewness measures ``spec``'s distribution with: ``audit.distance``
    (for every column, or its own), else that of the configuration's t-closeness on the column
    (Earth Mover's Distance), else hierarchical with a hierarchy, ordered with an ``order``,
    else equal."""
    given = config.audit.distance
    chosen = given.get(spec.name) if isinstance(given, Mapping) else given
    if chosen is not None:
        return chosen
    for c in config.criteria:
        if c.kind == "t-closeness" and c.attributes == (spec.name,) and c.params.get("distance") in DISTANCES:
            return str(c.params["distance"])
    if spec.hierarchy is not None:
        return "hierarchical"
    return "ordered" if spec.order is not None else "equal"


def _probes(config: Config) -> tuple[CriterionSpec, ...]:
    """Per sensitive column, the t-closeness check skewness is (warn severity: never required)."""
    probes = []
    for spec in config.by_role("sensitive"):
        distance = distance_for(spec, config)
        probes.append(
            CriterionSpec(
                "t-closeness",
                {"t": config.audit.t, "distance": distance},
                (spec.name,),
                "warn",
                origin=f"audit's skewness ({distance} distance)",
                ordered=(spec.name,) if distance == "ordered" else (),
                hierarchical=(spec.name,) if distance == "hierarchical" else (),
            )
        )
    return tuple(probes)


def _similarity_levels(encoded: Encoded, settings: AuditSettings) -> list[str | None]:
    """Per sensitive attribute, its ancestors table when similarity is measured on it (a
    hierarchy with a level at ``similarity_level`` below its top), else None."""
    out: list[str | None] = []
    for domain in encoded.sensitive:
        out.append(
            domain.ancestors
            if domain.ancestors is not None and settings.similarity_level < domain.height
            else None
        )
    return out


def _similarity_notes(encoded: Encoded, settings: AuditSettings) -> dict[str, str]:
    notes = {}
    for domain in encoded.sensitive:
        if domain.ancestors is None:
            notes[domain.column] = "no hierarchy: give the column one to group its values"
        elif settings.similarity_level >= domain.height:
            notes[domain.column] = (
                f"its hierarchy has no level {settings.similarity_level} below the top (height {domain.height})"
            )
    return notes


def attack_query(
    probe: NodeEvaluator, settings: AuditSettings, similarity: Sequence[str | None], verdicts: str | None
) -> exp.Select:
    """The audit statement of the node whose code maps are bound (``verdicts``: the node's
    per-class verdicts under the configuration's criteria, whose bad classes the release
    suppresses; None: nothing is suppressed)."""
    keys = probe.keys
    release: exp.Expr = probe.rollup()
    if verdicts is not None:
        kept = (
            exp.select(*(column(k) for k in keys))
            .from_(exp.to_table(verdicts, quoted=True))
            .where(exp.not_(column("bad")))
        )
        release = (
            exp.select(exp.Star())
            .from_(exp.Subquery(this=release, alias=exp.TableAlias(this=exp.to_identifier("r", quoted=True))))
            .join(
                kept.subquery(exp.to_identifier("kept", quoted=True)),
                using=[exp.to_identifier(k, quoted=True) for k in keys],
                join_type="SEMI",
            )
        )
    gain = Fraction(str(settings.inference_gain))
    query = render_template(
        "audit_attacks.sql",
        input="input",
        skew="skew",
        keys=keys,
        attributes=[{"column": f"s{i}", "ancestors": ancestors} for i, ancestors in enumerate(similarity)],
        level=settings.similarity_level,
        negations=settings.negations,
        gain_num=gain.numerator,
        gain_den=gain.denominator,
    )
    assert isinstance(query, exp.Select)
    return with_first(query, [("input", release), ("skew", probe.raw_plan.verdicts("input"))])


def _node_audit(
    row: Sequence[Any], encoded: Encoded, node: Node, similarity: Sequence[str | None]
) -> NodeAudit:
    """One node's figures from its audit statement's row."""
    values = dict(zip(_columns(encoded), row, strict=True))
    attacks: dict[str, dict[str, Any] | None] = {}
    for name, code in _CODES.items():
        per_attribute: dict[str, dict[str, Any] | None] = {}
        for i, domain in enumerate(encoded.sensitive):
            if name == "similarity" and similarity[i] is None:
                per_attribute[domain.column] = None
                continue
            entry: dict[str, Any] = {
                "classes": int(values[f"{code}{i}_c"]),
                "rows": int(values[f"{code}{i}_r"]),
            }
            if name in ("skewness", "inference"):
                largest = values[f"{code}{i}_w"]
                entry["largest"] = None if largest is None else float(largest)
            per_attribute[domain.column] = entry
        if values[f"{code}_c"] is None:
            attacks[name] = None
        else:
            attacks[name] = {
                "classes": int(values[f"{code}_c"]),
                "rows": int(values[f"{code}_r"]),
                "attributes": per_attribute,
            }
    return NodeAudit(
        node=node_map(encoded, node),
        rows=int(values["rows"]),
        suppressed_rows=encoded.rows - int(values["rows"]),
        classes=int(values["classes"]),
        attacks=attacks,
    )


def _columns(encoded: Encoded) -> list[str]:
    """The audit statement's output columns, in order (see audit_attacks.sql)."""
    names = ["classes", "rows"]
    for i in range(len(encoded.sensitive)):
        for code in _CODES.values():
            names += [f"{code}{i}_c", f"{code}{i}_r"]
        names += [f"k{i}_w", f"i{i}_w"]
    for code in _CODES.values():
        names += [f"{code}_c", f"{code}_r"]
    return names


def _notes(encoded: Encoded, config: Config) -> dict[str, Any]:
    """What the audit did not measure or mark, and why."""
    notes: dict[str, Any] = {}
    similarity = _similarity_notes(encoded, config.audit)
    if similarity:
        notes["similarity"] = similarity
    if config.search == "mondrian":
        notes["chosen"] = (
            "anonymize partitions the table (search: mondrian) and publishes no lattice node, so no node is "
            "marked as its release"
        )
    elif config.risk.limits:
        notes["chosen"] = (
            "the marked node is the one anonymize chooses; its gate then checks the risk limits, which the "
            "audit does not"
        )
    return notes


def _settings(config: Config) -> dict[str, Any]:
    settings = config.audit
    return {
        "negations": settings.negations,
        "t": settings.t,
        "distance": {spec.name: distance_for(spec, config) for spec in config.by_role("sensitive")},
        "similarity_level": settings.similarity_level,
        "inference_gain": settings.inference_gain,
    }


def audit(
    config: Config,
    progress: Progress | None = None,
    stage: Stage | None = None,
    reports: ReportFiles | None = None,
) -> AuditReport:
    """Find every minimal node satisfying ``config.criteria`` within the suppression limit
    (Incognito, whatever ``search`` says) and measure each one's release against the attacks.
    Writes nothing but the reports (where ``reports`` says, checked before any work)."""
    if not config.by_role("sensitive"):
        raise ConfigError(
            "audit measures attacks on sensitive columns, and the configuration has none: give at least one "
            "column role: sensitive."
        )
    prepare_report(reports, config)
    engine, config = run_engine(config)
    try:
        say(stage, "reading the source")
        source = read_table(engine, config.source)
        say(stage, "encoding")
        probes = _probes(config)
        encoded = encode(
            engine, replace(config, criteria=config.criteria + probes), source, search="incognito"
        )
        criteria = [make_criterion(c) for c in config.criteria]
        domains = {d.column: d for d in encoded.sensitive}
        check_parameters(criteria, encoded.rows, domains)
        probe_criteria = [make_criterion(c) for c in probes]
        check_parameters(probe_criteria, encoded.rows, domains)
        required = [c for c in criteria if c.severity == "error"]
        report = _audit(engine, config, encoded, required, probe_criteria, progress, stage)
    finally:
        engine.close()
    if reports is not None:
        reports.write(report)
    return report


def _audit(
    engine: Engine,
    config: Config,
    encoded: Encoded,
    required: list[Criterion],
    probes: list[Criterion],
    progress: Progress | None,
    stage: Stage | None,
) -> AuditReport:
    say(stage, "searching the lattice (every minimal node)")
    searched = replace(config, search="incognito")
    result, evaluator = run_search(engine, encoded, required, searched, progress)
    lattice = Lattice(max_levels(encoded, config))
    report = AuditReport(
        rows_in=encoded.rows,
        criteria=[
            label(c.kind, {k: v for k, v in c.spec.params.items() if k != "attribute"})
            + (f" on {', '.join(c.attributes)}" if c.attributes else "")
            for c in required
        ],
        suppression_limit=config.suppression_limit,
        settings=_settings(config),
        search={"strategy": "incognito", "lattice_size": lattice.size, "nodes_checked": result.checked},
        heights={d.column: d.height for d in encoded.qis},
        notes=_notes(encoded, config),
    )
    below_top = capped(encoded, lattice.heights)
    if below_top:
        report.search["max_level"] = below_top
    if not result.minimal:
        report.message = (
            "no generalization satisfies the criteria within the suppression limit "
            f"({config.suppression_limit:g} of the rows): there is no release to audit"
        )
        return report
    similarity = _similarity_levels(encoded, config.audit)
    probe = NodeEvaluator(engine, encoded, probes, 0.0)
    nodes = sorted(result.minimal, key=lambda n: (sum(n), n))
    with engine.threads(search_threads(encoded)):
        say(stage, f"ranking {len(nodes)} minimal nodes")
        chosen = (
            None if config.search == "mondrian" else best_node(engine, encoded, evaluator, nodes, config)[0]
        )
        for done, node in enumerate(nodes, 1):
            say(stage, f"auditing minimal node {done} of {len(nodes)}")
            verdicts = None
            if evaluator.outcome(node).suppressed_rows > 0:
                verdicts = materialize_verdicts(engine, evaluator, node)
            query = attack_query(probe, config.audit, similarity, verdicts)
            row = engine.fetchone(query, probe.map_params(node))
            entry = _node_audit(row, encoded, node, similarity)
            report.nodes.append(replace(entry, chosen=node == chosen))
    report.passed = True
    return report


__all__ = ["ATTACKS", "attack_query", "audit", "distance_for"]
