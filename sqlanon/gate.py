"""The pre-publication gate: re-check every criterion on a published table, from scratch.

Nothing from the search is reused: the published table is read as it is, its quasi-identifier
columns are compared as published (text), sensitive dictionaries are rebuilt from it and, for
t-closeness, Q is the published table's own distribution.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from sqlanon.checks import CheckPlan, Outcome, parse_summary
from sqlanon.config import Config
from sqlanon.criteria import Criterion, make_criterion
from sqlanon.encode import SensitiveDomain, sensitive_domain
from sqlanon.engine import Engine
from sqlanon.errors import DataError
from sqlanon.hierarchy import Hierarchy
from sqlanon.sql.render import render_template

#: How a NULL quasi-identifier cell is grouped in a published table (a class of its own).
NULL_LABEL = "\x00NULL"


@dataclass(frozen=True)
class GateResult:
    outcomes: tuple[Outcome, ...]
    rows: int
    classes: int
    sql: str

    @property
    def passed(self) -> bool:
        return all(o.passed for o in self.outcomes)


def check_parameters(criteria: Sequence[Criterion], rows: int, domains: dict[str, SensitiveDomain]) -> None:
    """Data-dependent parameter checks: k <= rows, l <= number of distinct sensitive values."""
    for c in criteria:
        if c.kind == "k-anonymity" and int(c.spec.params["k"]) > rows:
            raise DataError(
                f"k-anonymity: k = {c.spec.params['k']} is larger than the table ({rows} rows); "
                "no release can satisfy it. Lower k."
            )
        if c.kind == "l-diversity" and c.attribute is not None:
            distinct = len(domains[c.attribute].values)
            if float(c.spec.params["l"]) > distinct:
                raise DataError(
                    f"l-diversity on {c.attribute!r}: l = {c.spec.params['l']} is larger than the number of "
                    f"distinct values of the column ({distinct}); no release can satisfy it. Lower l."
                )


def run_gate(
    engine: Engine,
    config: Config,
    published: str,
    hierarchies: dict[str, Hierarchy],
) -> GateResult:
    """Evaluate ``config.criteria`` on the temp table ``published``.

    ``hierarchies`` gives the hierarchy of each sensitive column that needs one (hierarchical
    distance).
    """
    criteria = [make_criterion(c) for c in config.criteria]
    qis = [c.name for c in config.by_role("quasi")]
    attributes = sorted({c.attribute for c in criteria if c.attribute is not None})
    domains: dict[str, SensitiveDomain] = {}
    for name in attributes:
        spec = config.column(name)
        needs = {c.spec.params.get("distance") for c in criteria if c.attribute == name}
        hierarchy = hierarchies.get(name) if "hierarchical" in needs else None
        domains[name] = sensitive_domain(engine, published, spec, hierarchy, "ordered" in needs)
    rows = engine.count(published)
    check_parameters(criteria, rows, domains)
    freq = engine.temp_name("gate_freq")
    group_cols = [f"q{i}" for i in range(len(qis))] + [f"s{i}" for i in range(len(attributes))]
    engine.create_temp_as(
        freq,
        render_template(
            "gate_frequencies.sql",
            published=published,
            qis=qis,
            sensitive=[{"column": a, "table": domains[a].table} for a in attributes],
            group_cols=group_cols,
            null_label=NULL_LABEL,
        ),
    )
    plan = CheckPlan(
        criteria,
        [f"q{i}" for i in range(len(qis))],
        {a: (domains[a], f"s{i}") for i, a in enumerate(attributes)},
    )
    query = plan.summary(freq)
    summary = parse_summary(engine.fetchone(query), len(criteria))
    return GateResult(summary.outcomes, rows, summary.classes, query.sql(dialect="duckdb"))
