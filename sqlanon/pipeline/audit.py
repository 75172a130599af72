"""``sqlanon audit``: every minimal node of the lattice (Incognito's full list) measured against
the attacks the papers describe (homogeneity, negation, similarity, skewness, inference).

Per node, one statement (audit_attacks.sql) reads the node's frequency table, the classes its
release would suppress left out, and counts the classes and rows each attack breaks. Skewness is
a t-closeness check of each sensitive attribute (the criteria's own template), evaluated against
the release's distribution. Nothing is written but the report.

With ``person:`` the minimal nodes, the classes and every attack count people: the search's
frequency table holds people and their values (n, c, np: _people_values.sql), and each attack
reads what an attacker learns about a person of a class (docs/people.md, "The audit over
people"). With several sensitive columns each attack reads its own column's holders (c, c1,
...: _people_values.sql values_multi).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from sqlglot import exp

from sqlanon.config import ColumnSpec, Config
from sqlanon.config.audit import ATTACKS, AuditSettings, T
from sqlanon.config.criteria import CriterionSpec
from sqlanon.config.dp import refuse_command
from sqlanon.criteria import Criterion, make_criterion
from sqlanon.encode import Encoded, column_profile, encode
from sqlanon.encode.people import holder
from sqlanon.encode.source import read_table
from sqlanon.engines import Engine
from sqlanon.errors import ConfigError
from sqlanon.gate import check_parameters
from sqlanon.numbers import parse_number
from sqlanon.release.lattice import best_node, capped, max_levels, node_map, run_search
from sqlanon.release.metrics import materialize_verdicts
from sqlanon.release.no_node import explain
from sqlanon.release.run import Progress, Stage, counted, prepare_report, record_costs, run_engine, say
from sqlanon.report.audit import AuditReport, NodeAudit
from sqlanon.report.entries import label
from sqlanon.report.files import ReportFiles
from sqlanon.search.evaluator import NodeEvaluator, search_threads
from sqlanon.search.lattice import Lattice, Node
from sqlanon.search.risk import SEARCHED
from sqlanon.sql.render import column, render_template, with_first

#: the attacks' short columns in audit_attacks.sql
_CODES = {"homogeneity": "h", "negation": "n", "similarity": "m", "skewness": "k", "inference": "i"}


#: the t-closeness distances skewness can take from a criterion: the Earth Mover's Distances,
#: and variational, which is EMD under equal distance
_EMD = {"equal": "equal", "ordered": "ordered", "hierarchical": "hierarchical", "variational": "equal"}


@dataclass(frozen=True)
class Skewness:
    """How skewness measures a sensitive column: the Earth Mover's Distance's ground distance
    and the threshold t, each with where it came from (the report's ``settings``)."""

    distance: str
    distance_from: str
    t: float
    t_from: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "distance": self.distance,
            "distance_from": self.distance_from,
            "t": self.t,
            "t_from": self.t_from,
        }


def _criterion(spec: ColumnSpec, config: Config) -> tuple[str, CriterionSpec] | None:
    """The configuration's first t-closeness on ``spec`` alone measured by an Earth Mover's
    Distance (or variational), and how messages name it."""
    for i, c in enumerate(config.criteria):
        if (
            c.kind == "t-closeness"
            and c.attributes == (spec.name,)
            and c.params.get("distance", "equal") in _EMD
        ):
            return f"criteria[{i}] {c.label()}", c
    return None


def _given_distance(spec: ColumnSpec, config: Config) -> str | None:
    given = config.audit.distance
    return given.get(spec.name) if isinstance(given, Mapping) else given


def needs_values(spec: ColumnSpec, config: Config) -> bool:
    """Whether skewness's distance on ``spec`` depends on its values: nothing else sets it
    (audit.distance, a t-closeness on it, a hierarchy, an order)."""
    return (
        _given_distance(spec, config) is None
        and _criterion(spec, config) is None
        and spec.hierarchy is None
        and spec.order is None
    )


def values_kind(engine: Engine, source: str, column: str, limit: int) -> str:
    """``numbers`` when every value of ``column`` is a number (ordered distance orders them),
    ``null`` when it holds NULL (which no order places), else ``text``. ``limit``:
    ``max_values_size`` (see ``column_profile``)."""
    profile = column_profile(engine, source, column, limit=limit)
    if any(v is None for v, _ in profile):
        return "null"
    return "numbers" if all(parse_number(str(v)) is not None for v, _ in profile) else "text"


def skewness_for(spec: ColumnSpec, config: Config, values: str | None = None) -> Skewness:
    """How skewness measures ``spec``. The distance: ``audit.distance`` (for every column, or
    its own), else that of the configuration's t-closeness on the column (Earth Mover's
    Distance), else hierarchical with a hierarchy, ordered with an ``order`` or when its values
    are numbers (``values``: :func:`values_kind`; the t-closeness paper measures numerical
    attributes by ordered distance), else equal. t: ``audit.t``, else that t-closeness's t,
    else the default 0.2."""
    criterion = _criterion(spec, config)
    given = _given_distance(spec, config)
    if given is not None:
        distance, distance_from = given, "audit.distance"
    elif criterion is not None:
        distance, distance_from = _EMD[criterion[1].params.get("distance", "equal")], criterion[0]
    elif spec.hierarchy is not None:
        distance, distance_from = "hierarchical", "the column's hierarchy"
    elif spec.order is not None:
        distance, distance_from = "ordered", "the column's order"
    elif values == "numbers":
        distance, distance_from = "ordered", "its values are numbers (ordered numerically)"
    else:
        why = "it holds NULL, which no order places" if values == "null" else "its values are not all numbers"
        distance, distance_from = "equal", f"{why}, and it has no hierarchy or order"
    if config.audit.t is not None:
        t, t_from = config.audit.t, "audit.t"
    elif criterion is not None:
        t, t_from = float(criterion[1].params["t"]), criterion[0]
    else:
        t, t_from = T, "the default"
    return Skewness(distance, distance_from, t, t_from)


def _probes(config: Config, skewness: Mapping[str, Skewness]) -> tuple[CriterionSpec, ...]:
    """Per sensitive column, the t-closeness check skewness is (warn severity: never required)."""
    probes = []
    for spec in config.by_role("sensitive"):
        how = skewness[spec.name]
        probes.append(
            CriterionSpec(
                "t-closeness",
                {"t": how.t, "distance": how.distance},
                (spec.name,),
                "warn",
                origin=f"audit's skewness ({how.distance} distance)",
                ordered=(spec.name,) if how.distance == "ordered" else (),
                hierarchical=(spec.name,) if how.distance == "hierarchical" else (),
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
        attributes=[
            {"column": f"s{i}", "ancestors": ancestors, "holder": holder(f"s{i}")}
            for i, ancestors in enumerate(similarity)
        ],
        level=settings.similarity_level,
        negations=settings.negations,
        gain_num=gain.numerator,
        gain_den=gain.denominator,
        people=probe.people,
    )
    assert isinstance(query, exp.Select)
    return with_first(query, [("input", release), ("skew", probe.raw_plan.verdicts("input"))])


def _node_audit(
    row: Sequence[Any], encoded: Encoded, node: Node, similarity: Sequence[str | None]
) -> NodeAudit:
    """One node's figures from its audit statement's row (in the units the classes count:
    rows, or people with ``person:``)."""
    unit = encoded.unit
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
                unit: int(values[f"{code}{i}_r"]),
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
                unit: int(values[f"{code}_r"]),
                "attributes": per_attribute,
            }
    return NodeAudit(
        node=node_map(encoded, node),
        rows=int(values["rows"]),
        suppressed_rows=encoded.rows - int(values["rows"]),
        classes=int(values["classes"]),
        attacks=attacks,
        unit=unit,
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


def _searched_limits(config: Config) -> list[str]:
    """The risk limits anonymize's lattice search meets (sqlanon.search.risk)."""
    return [key for key in config.risk.limits if key in SEARCHED]


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
    elif _searched_limits(config):
        notes["chosen"] = (
            f"anonymize's search also meets the risk limits {', '.join(_searched_limits(config))}, which the "
            "audit's lattice leaves out (it lists the criteria's minimal nodes): no node is marked as its release"
        )
    elif config.risk.limits:
        notes["chosen"] = (
            "the marked node is the one anonymize chooses; its gate then checks the risk limits, which the "
            "audit does not"
        )
    return notes


def _settings(config: Config, skewness: Mapping[str, Skewness]) -> dict[str, Any]:
    settings = config.audit
    return {
        "negations": settings.negations,
        "skewness": {column: how.to_dict() for column, how in skewness.items()},
        "similarity_level": settings.similarity_level,
        "inference_gain": settings.inference_gain,
    }


@counted
def audit(
    config: Config,
    progress: Progress | None = None,
    stage: Stage | None = None,
    reports: ReportFiles | None = None,
) -> AuditReport:
    """Find every minimal node satisfying ``config.criteria`` within the suppression limit
    (Incognito, whatever ``search`` says) and measure each one's release against the attacks.
    Writes nothing but the reports (where ``reports`` says, checked before any work)."""
    refuse_command(
        config.differential_privacy,
        "audit",
        "it measures the releases of every minimal node of the whole table, which SafePub never publishes. "
        "Remove differential_privacy and give criteria to audit them.",
    )
    if not config.by_role("sensitive"):
        raise ConfigError(
            "audit measures attacks on sensitive columns, and the configuration has none: give at least one "
            "column role: sensitive."
        )
    prepare_report(reports, config)
    engine, config = run_engine(config)
    try:
        say(stage, "read", "reading the source")
        source = read_table(engine, config.source)
        say(stage, "encode", "encoding")
        skewness = {
            spec.name: skewness_for(
                spec,
                config,
                values_kind(engine, source, spec.name, config.max_values_size)
                if needs_values(spec, config)
                else None,
            )
            for spec in config.by_role("sensitive")
        }
        probes = _probes(config, skewness)
        encoded = encode(
            engine, replace(config, criteria=config.criteria + probes), source, search="incognito"
        )
        criteria = [make_criterion(c) for c in config.criteria]
        domains = {d.column: d for d in encoded.sensitive}
        check_parameters(criteria, encoded.rows, domains)
        probe_criteria = [make_criterion(c) for c in probes]
        check_parameters(probe_criteria, encoded.rows, domains)
        required = [c for c in criteria if c.severity == "error"]
        report = _audit(engine, config, encoded, required, probe_criteria, progress, stage, skewness)
    finally:
        engine.close()
    record_costs(report)
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
    skewness: Mapping[str, Skewness],
) -> AuditReport:
    say(stage, "search", "searching the lattice (every minimal node)")
    # the minimal nodes of the criteria: the risk limits anonymize's search also meets are not
    # part of the audit's lattice (its report measures each node's risk itself)
    searched = replace(config, search="incognito", risk=replace(config.risk, limits={}))
    result, evaluator = run_search(engine, encoded, required, searched, progress)
    lattice = Lattice(max_levels(encoded, config))
    report = AuditReport(
        rows_in=encoded.rows_in,
        people=None if not encoded.person else {"in": encoded.rows},
        criteria=[
            label(c.kind, {k: v for k, v in c.spec.params.items() if k != "attribute"})
            + (f" on {', '.join(c.attributes)}" if c.attributes else "")
            for c in required
        ],
        suppression_limit=config.suppression_limit,
        settings=_settings(config, skewness),
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
            f"({config.suppression_limit:g} of the {encoded.unit}): there is no release to audit"
        )
        with engine.threads(search_threads(encoded)):
            why = explain(evaluator, encoded, required, lattice.heights)
        if why is not None:
            report.search["most_general"] = why.search_entry()
            report.message += f". {why.explanation}"
        return report
    similarity = _similarity_levels(encoded, config.audit)
    probe = NodeEvaluator(engine, encoded, probes, 0.0)
    nodes = sorted(result.minimal, key=lambda n: (sum(n), n))
    with engine.threads(search_threads(encoded)):
        say(stage, "rank", f"ranking {len(nodes)} minimal nodes")
        chosen = (
            None
            if config.search == "mondrian" or _searched_limits(config)
            else best_node(engine, encoded, evaluator, nodes, config)[0]
        )
        for done, node in enumerate(nodes, 1):
            say(stage, "audit", f"auditing minimal node {done} of {len(nodes)}")
            verdicts = None
            if evaluator.outcome(node).suppressed_rows > 0:
                verdicts = materialize_verdicts(engine, evaluator, node)
            query = attack_query(probe, config.audit, similarity, verdicts)
            row = engine.fetchone(query, probe.map_params(node))
            entry = _node_audit(row, encoded, node, similarity)
            report.nodes.append(replace(entry, chosen=node == chosen))
    report.passed = True
    return report


__all__ = ["ATTACKS", "Skewness", "attack_query", "audit", "needs_values", "skewness_for", "values_kind"]
