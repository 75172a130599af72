"""Local recoding (``local_recoding:``): after the lattice search's node, the rows it suppresses
are searched again, with their own node, iteratively (as ARX's ``ARXResult.optimizeIterative``
does); docs/search.md, "Local recoding".

Each iteration takes the rows still suppressed as a table of their own (a frequency table
restricted to them), runs the same search on it (the same criteria, suppression limit as a
share of those rows, metric and ranking), and publishes the classes of its best node that meet
the criteria; the rows of the others go to the next iteration. It stops when no row is left,
when the search finds no node for them, when a node publishes none of them, after
``max_iterations``, or when the release with the new rows would fail a criterion: every class
of the published table, grouped by its published labels (a recoded class whose labels equal
another's merges with it), must meet every criterion, the whole-table distributions (t-closeness
and the like) taken from the published rows. That check runs in the engine on the combined
release; an iteration that fails it is not kept. The gate then checks the written release from
scratch, as for any release.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from sqlglot import exp

from sqlanon.config import Config
from sqlanon.criteria import Criterion
from sqlanon.criteria.checks import parse_summary
from sqlanon.encode import Encoded
from sqlanon.engines import Engine
from sqlanon.release.lattice import best_node, node_map, qi_weights, run_search, searched_criteria
from sqlanon.release.metrics import _metrics_sql, materialize_verdicts
from sqlanon.release.run import Stage, say
from sqlanon.report.model import Report
from sqlanon.search.evaluator import NodeEvaluator, search_threads
from sqlanon.search.lattice import Node
from sqlanon.search.risk import over_limits
from sqlanon.sql.render import column, render_template, table


@dataclass(frozen=True)
class Part:
    """Rows a node publishes: the level-0 frequency rows (``table``: q0.., s.., n), the node,
    the node's verdicts over the rows it was chosen for, and the units published."""

    node: Node
    table: str
    verdicts: str
    rows: int


def _split(engine: Engine, encoded: Encoded, source: str, node: Node, verdicts: str) -> tuple[str, str]:
    """``source``'s rows published at ``node`` and those it suppresses (two temp tables)."""
    others = [name for name, _ in engine.columns(source) if not (name[:1] == "q" and name[1:].isdigit())]
    coded = engine.temp_name("recode_coded")
    engine.create_temp_as(
        coded,
        render_template(
            "recode_split.sql",
            source=source,
            columns=others,
            qis=[{"up": d.up, "level": level} for d, level in zip(encoded.qis, node, strict=True)],
        ),
    )
    count = len(encoded.qis)
    keep = [column(f"q{i}", "g") for i in range(count)] + [column(c, "g") for c in others]
    on = exp.and_(*(exp.EQ(this=column(f"q{i}", "v"), expression=column(f"g{i}", "g")) for i in range(count)))
    joined = (
        exp.select(*keep)
        .from_(exp.alias_(table(coded), "g", quoted=True))
        .join(exp.alias_(table(verdicts), "v", quoted=True), on=on)
    )
    bad = column("bad", "v")
    kept, dropped = engine.temp_name("recode_kept"), engine.temp_name("recode_left")
    engine.create_temp_as(kept, joined.where(exp.not_(bad)))
    engine.create_temp_as(dropped, joined.where(bad))
    engine.drop(coded)
    return kept, dropped


def _units(engine: Engine, name: str) -> tuple[int, int]:
    """(rows, units: the sum of n) of a frequency table."""
    count = exp.cast(exp.func("COUNT", exp.Star()), "BIGINT")
    total = exp.cast(exp.func("COALESCE", exp.func("SUM", column("n")), exp.Literal.number(0)), "BIGINT")
    rows, units = engine.fetchone(exp.select(count, total).from_(table(name)))
    return int(rows), int(units)


def _labeled(engine: Engine, encoded: Encoded, parts: list[Part], sensitive: list[str]) -> str:
    """The published rows of ``parts`` keyed by their labels (recode_labels.sql), a temp table."""
    name = engine.temp_name("recode_labeled")
    engine.create_temp_as(
        name,
        render_template(
            "recode_labels.sql",
            parts=[{"table": p.table, "levels": list(p.node)} for p in parts],
            qis=[{"up": d.up, "labels": d.labels} for d in encoded.qis],
            sensitive=sensitive,
        ),
    )
    return name


@dataclass
class Combined:
    """The check of a release mixing nodes: the criteria it fails (their indexes), the risk
    limits it exceeds, and its classes (count, sum of squared sizes)."""

    failed: list[int]
    over: list[tuple[str, float, float]]
    classes: int
    sum_sq: int


def check_combined(engine: Engine, encoded: Encoded, evaluator: NodeEvaluator, labeled: str) -> Combined:
    """Every criterion of ``evaluator`` on the label-keyed published table ``labeled``, its
    whole-table distributions from ``labeled`` itself, and its risk limits."""
    plan = evaluator.raw_plan.with_prepared(engine, labeled)
    summary = parse_summary(engine.fetchone(plan.summary(labeled)), evaluator.criteria)
    failed = [i for i, o in enumerate(summary.outcomes) if not o.passed]
    keys = [column(f"q{i}") for i in range(len(encoded.qis))]
    sizes_q = exp.select(exp.alias_(exp.func("SUM", column("n")), "size", quoted=True)).from_(table(labeled))
    sizes_q = sizes_q.group_by(*keys)
    size = column("size")
    histogram = engine.fetchall(
        exp.select(exp.cast(size, "BIGINT"), exp.cast(exp.func("COUNT", exp.Star()), "BIGINT"))
        .from_(sizes_q.subquery(exp.to_identifier("c", quoted=True)))
        .group_by(size)
    )
    sizes = sorted((int(s), int(c)) for s, c in histogram)
    over = (
        over_limits(sizes, evaluator.risk_threshold, evaluator.risk_limits) if evaluator.risk_limits else []
    )
    return Combined(failed, list(over), sum(c for _, c in sizes), sum(s * s * c for s, c in sizes))


def _sensitive_columns(engine: Engine, encoded: Encoded) -> list[str]:
    return [name for name, _ in engine.columns(encoded.freq) if name[:1] == "s" and name[1:].isdigit()]


def local_recode(
    engine: Engine,
    encoded: Encoded,
    required: list[Criterion],
    config: Config,
    base: Report,
    stage: Stage | None = None,
) -> exp.Expr | None:
    """Recode the rows ``base``'s node suppresses (``config.local_recoding``); ``base`` gets
    the mixed release's suppressed rows and metrics and its ``local_recoding`` entry. The
    mixed release's query, or None when no row was recoded (publish the node's own release)."""
    settings = config.local_recoding
    assert settings is not None and base.node is not None
    criteria = searched_criteria(required, config)
    node0 = tuple(base.node[d.column] for d in encoded.qis)
    if not base.suppressed_rows:  # nothing to recode: the node's own release, no statement
        base.local_recoding = {
            "max_iterations": settings.max_iterations,
            "iterations": [],
            "recoded_rows": 0,
            "suppressed_rows": 0,
            "global_suppressed_rows": 0,
            "global_metrics": dict(base.metrics),
            "stopped": "nothing suppressed",
        }
        return None
    say(stage, "recode", "recoding the suppressed rows")
    with engine.threads(search_threads(encoded)):
        evaluator = NodeEvaluator(engine, encoded, criteria, config.suppression_limit, config.risk)
        verdicts0 = materialize_verdicts(engine, evaluator, node0)
        kept0, left = _split(engine, encoded, encoded.freq, node0, verdicts0)
        _, kept_units = _units(engine, kept0)
        parts = [Part(node0, kept0, verdicts0, kept_units)]
        sensitive = _sensitive_columns(engine, encoded)
        left_rows, left_units = _units(engine, left)
        iterations: list[dict[str, Any]] = []
        # no node publishes fewer rows than a k-anonymity's k (nor all of them suppressed)
        smallest = max((int(c.spec.params["k"]) for c in criteria if c.kind == "k-anonymity"), default=1)
        stopped = "nothing suppressed" if left_units == 0 else "max_iterations reached"
        combined: Combined | None = None
        while left_units > 0:
            if len(iterations) >= settings.max_iterations:
                break
            if left_units < smallest:  # every published class holds at least k rows
                stopped = f"fewer rows still suppressed ({left_units:,}) than k ({smallest})"
                break
            sub = replace(encoded, freq=left, freq_rows=left_rows, rows=left_units, source_rows=None)
            result, sub_evaluator = run_search(engine, sub, criteria, config, None)
            entry: dict[str, Any] = {"iteration": len(iterations) + 1, "rows_in": left_units}
            if not result.minimal:
                stopped = "no node satisfies the criteria for the rows still suppressed"
                break
            node, _, verdicts, outcome = best_node(engine, sub, sub_evaluator, result.minimal, config)
            recoded = left_units - outcome.suppressed_rows
            entry.update(node=node_map(encoded, node), recoded_rows=recoded)
            if recoded == 0:
                stopped = "the node found publishes none of the rows still suppressed"
                break
            kept, rest = _split(engine, encoded, left, node, verdicts)
            candidate = [*parts, Part(node, kept, verdicts, recoded)]
            labeled = _labeled(engine, encoded, candidate, sensitive)
            check = check_combined(engine, encoded, evaluator, labeled)
            engine.drop(labeled)
            if check.failed or check.over:
                named = [criteria[i].title for i in check.failed] + [key for key, _, _ in check.over]
                entry["rejected"] = "the release with these rows would fail " + ", ".join(named)
                iterations.append(entry)
                stopped = "an iteration's release failed a criterion"
                break
            entry["suppressed_rows"] = left_units - recoded
            iterations.append(entry)
            parts, left, combined = candidate, rest, check
            left_rows, left_units = _units(engine, left)
            if left_units == 0:
                stopped = "nothing suppressed"
    recoded_rows = sum(p.rows for p in parts[1:])
    base.local_recoding = {
        "max_iterations": settings.max_iterations,
        "iterations": iterations,
        "recoded_rows": recoded_rows,
        "suppressed_rows": left_units,
        "global_suppressed_rows": base.suppressed_rows,
        "global_metrics": dict(base.metrics),
        "stopped": stopped,
    }
    if combined is None:  # nothing recoded: the node's own release
        return None
    base.suppressed_rows = left_units
    base.metrics = mixed_metrics(engine, encoded, config, parts, left_units, combined)
    if base.metric is not None:
        base.metric = {**base.metric, "value": base.metrics[config.metric]}
    fate = engine.temp_name("recode_fate")
    engine.create_temp_as(
        fate,
        render_template(
            "recode_fate.sql",
            parts=[{"table": p.table, "levels": list(p.node)} for p in parts],
            qis=len(node0),
        ),
    )
    return mixed_release(engine, config, encoded, fate)


def mixed_metrics(
    engine: Engine, encoded: Encoded, config: Config, parts: list[Part], suppressed: int, combined: Combined
) -> dict[str, Any]:
    """The metrics of a release mixing nodes (sqlanon.release.metrics' definitions over its
    rows, each at its own node): precision and loss sum each part's cells; discernibility and
    aecs read the published classes (merged by label); height is the search's node's (the
    first part); nu-entropy, whose cells' entropy is conditioned on one node's classes, is not
    defined for it (None)."""
    n = encoded.rows
    heights = [d.height for d in encoded.qis]
    weights = qi_weights(encoded, config)
    shares = list(weights) if weights is not None else [Fraction(1)] * len(heights)
    # precision: sum over published cells of share * level / height, a suppressed cell 1
    cells = Fraction(suppressed) * sum(shares)
    losses = [0] * len(heights)
    for part in parts:
        levels = sum(
            (w * Fraction(lv, h) for w, lv, h in zip(shares, part.node, heights, strict=True)), Fraction(0)
        )
        cells += part.rows * levels
        row = engine.fetchone(
            _metrics_sql(tuple(d.labels for d in encoded.qis)),
            {"verdicts": part.verdicts, **{f"lv{i}": level for i, level in enumerate(part.node)}},
        )
        losses = [a + int(b) for a, b in zip(losses, row[3:], strict=True)]
    loss = Fraction(0)
    for d, total, share in zip(encoded.qis, losses, shares, strict=True):
        domain = len(d.hierarchy.rows)
        loss += share * (suppressed + (Fraction(total, domain - 1) if domain > 1 else 0))
    return {
        "precision": float(cells / (n * sum(shares))),
        "discernibility": combined.sum_sq + suppressed * n,
        "aecs": (n / combined.classes) if combined.classes else None,
        "height": sum(parts[0].node),
        "loss": float(loss / (n * sum(shares))),
        "nu-entropy": None,
    }


def mixed_release(engine: Engine, config: Config, encoded: Encoded, fate: str) -> exp.Expr:
    """The query of the release whose rows ``fate`` assigns to nodes (publish_mixed.sql)."""
    qi_index = {d.column: i for i, d in enumerate(encoded.qis)}
    identifiers = {c.name for c in config.by_role("identifier")}
    columns = [
        {"name": c, "qi": qi_index.get(c)} for c, _ in engine.columns(encoded.source) if c not in identifiers
    ]
    qis = [
        {"index": i, "column": d.column, "dim": d.dim, "up": d.up, "labels": d.labels}
        for i, d in enumerate(encoded.qis)
    ]
    return render_template("publish_mixed.sql", source=encoded.source, columns=columns, qis=qis, fate=fate)


__all__ = ["check_combined", "local_recode", "mixed_metrics", "mixed_release"]
