"""The release of a lattice node as one self-contained SELECT (``sqlanon compile --node``).

What ``apply`` publishes, in SQL an analyst can read and run: each quasi-identifier mapped to
its label at the node's level through its hierarchy (written in as VALUES, leaf -> label), the
classes that violate an error-severity criterion suppressed when their rows fit the suppression
limit ((n,t)-closeness's natural supersets from the node's levels up to each hierarchy's top, as
the search's dimension tables give them), identifier columns dropped, every other column unchanged (in the configuration's
order). When the node does not meet the criteria within the limit, or a value is not covered
by its hierarchy, it returns no rows: ``apply`` would publish nothing. ``apply`` then gates what
it wrote; ``compile`` prints that gate after the SELECT, reading it.

A hierarchy a builder makes from the column's values (intervals, mask, dates) is built from the
source's values, as ``anonymize`` builds it: the map then names those quasi-identifier values.
With ``person:`` the release counts people (compile/release_people.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction

from sqlglot import exp

from sqlanon.compile import (
    Compiled,
    NotWritten,
    Statement,
    check_dialect,
    compile_gate,
    domain,
    needed,
    refuse_unquotable,
    refuse_unsupported,
    release_people,
    render,
)
from sqlanon.compile.node import GENERALIZED, VERDICTS, generalization_table, generalized_ctes
from sqlanon.config import Config
from sqlanon.config.node import resolve_node
from sqlanon.criteria import Criterion, make_criterion
from sqlanon.criteria.checks import CheckPlan
from sqlanon.encode import NULL_VALUE, SensitiveDomain
from sqlanon.errors import ConfigError
from sqlanon.hierarchy import Hierarchy
from sqlanon.sql.labels import to_key_sql
from sqlanon.sql.render import column, quoted, render_template, with_first

RELEASE = "sqlanon_release"


def compile_release(
    config: Config,
    dialect: str,
    levels: Mapping[str, int],
    origin: str,
    hierarchies_of: Callable[[Config], Mapping[str, Hierarchy]],
) -> Compiled:
    """The release of ``config.source`` at the node ``levels`` (column -> level; ``origin``:
    where it came from, for messages), and the gate of that release, in ``dialect``.
    ``hierarchies_of`` gives the quasi-identifiers' hierarchies (asked once the configuration
    is known to compile: it may read the source's values)."""
    check_dialect(dialect)
    if config.search == "mondrian":
        raise ConfigError(
            "compile --node writes a lattice node's release; the configuration's search is mondrian, whose "
            "releases are partitions, not nodes. Use a lattice search (optimal, the default)."
        )
    if config.local_recoding is not None:
        raise ConfigError(
            "local_recoding does not apply to compile --node: its SELECT publishes one node, and a locally "
            "recoded release mixes the nodes a search finds for the data at hand. Remove local_recoding to "
            "compile the node's release, or run anonymize."
        )
    aggregated = [c.name for c in config.columns if c.aggregate is not None]
    if aggregated:
        raise ConfigError(
            f"Column {aggregated[0]!r}: aggregate does not apply to compile --node: its SELECT publishes the "
            "hierarchy labels. Remove aggregate to compile the node's release, or run sqlanon apply with the "
            "node, which publishes the aggregates."
        )
    required = [make_criterion(c) for c in config.criteria if c.severity == "error"]
    refuse_unsupported(required)  # the release suppresses what they find
    if not required:
        raise ConfigError(
            "compile --node needs an error-severity criterion: the release suppresses what violates one."
        )
    refuse_unquotable(
        [c.name for c in config.columns if c.role != "identifier"]
        + [n for n in (config.source.catalog, config.source.schema, config.source.table) if n],
        dialect,
    )
    hierarchies = hierarchies_of(config)
    qis = [c.name for c in config.by_role("quasi")]
    node = resolve_node(levels, [(q, hierarchies[q].height) for q in qis], origin)
    for name, level in zip(qis, node, strict=True):
        cap = config.column(name).max_level
        if cap is not None and level > cap:
            raise ConfigError(
                f"{origin}: the level {level} of {name!r} is above its max_level {cap} in the configuration."
            )
    at = dict(zip(qis, node, strict=True))
    if config.person:
        return _release_of_people(config, dialect, required, hierarchies, at, origin)
    ctes, query = release_ctes(config, dialect, required, hierarchies, at)
    gate = compile_gate(config, dialect, release=[*ctes, (RELEASE, query)])
    try:
        text = render(with_first(query, needed(ctes, query), copy=False), dialect)
    except NotWritten as err:
        raise ConfigError(f"The release cannot be written for {dialect}: {err}.") from None
    return replace(
        gate,
        release=text,
        node=tuple(zip(qis, node, strict=True)),
        node_from=origin,
    )


def _release_of_people(
    config: Config,
    dialect: str,
    required: Sequence[Criterion],
    hierarchies: Mapping[str, Hierarchy],
    node: Mapping[str, int],
    origin: str,
) -> Compiled:
    """:func:`compile_release` with ``person:`` (compile/release_people.py): the release over
    people, and the gate over people of its rows with their person columns (which the release
    itself drops)."""
    ctes, query = release_people.people_release_ctes(config, dialect, required, hierarchies, node)
    gate = compile_gate(config, dialect, release=ctes)
    statements = list(gate.statements)
    if any(name == release_people.WEIGHT for name, _ in ctes):
        guard = release_people.weight_guard()
        what = (
            "the weight of the source's people's values (the least common multiple of their numbers of distinct "
            "values; with several sensitive columns, of their numbers of combinations of values): a row here says "
            f"a person has more than {release_people.BOUND} of them, or the weight times "
            "the people exceeds what is counted exactly, and the release above is empty (apply counts with it)"
        )
        try:
            statements.insert(
                0, Statement(what, render(with_first(guard, needed(ctes, guard), copy=False), dialect))
            )
        except NotWritten as err:
            statements.insert(0, Statement(what, None, str(err)))
    try:
        text = render(with_first(query, needed(ctes, query), copy=False), dialect)
    except NotWritten as err:
        raise ConfigError(f"The release cannot be written for {dialect}: {err}.") from None
    return replace(
        gate,
        statements=tuple(statements),
        release=text,
        node=tuple(node.items()),
        node_from=origin,
    )


def release_ctes(
    config: Config,
    dialect: str,
    required: Sequence[Criterion],
    hierarchies: Mapping[str, Hierarchy],
    node: Mapping[str, int],
) -> tuple[list[tuple[str, exp.Expr]], exp.Select]:
    """The CTEs and the final SELECT of the release (DuckDB's dialect)."""
    qis = [c.name for c in config.by_role("quasi")]
    ctes = generalized_ctes(config, dialect, hierarchies, node)
    # the node's verdicts: the classes of the generalized rows, every error-severity criterion
    attributes = sorted({a for c in required for a in c.attributes})
    domains: dict[str, tuple[SensitiveDomain, str]] = {}
    for j, name in enumerate(attributes):
        made, defined = domain(config, required, name, j, source=GENERALIZED, prefix="sqlanon_node_")
        ctes += defined
        domains[name] = (made, f"s{j}")
    ctes.append(
        (
            "sqlanon_node_frequencies",
            render_template(
                "gate_frequencies.sql",
                published=GENERALIZED,
                qis=qis,
                sensitive=[{"column": a, "table": domains[a][0].table} for a in attributes],
                null_label=NULL_VALUE,
                person=[],  # each row a person (with person: compile/release_people.py)
            ),
        )
    )
    generalization = []
    if any(c.needs_levels for c in required):
        # (n,t)-closeness: each class's natural supersets, from the node's levels up to the top
        for i, name in enumerate(qis):
            table = f"sqlanon_node_generalize_{i}"
            ctes.append((table, generalization_table(hierarchies[name], node[name])))
            generalization.append({"table": table, "level": "0"})
    plan = CheckPlan(
        list(required), [f"q{i}" for i in range(len(qis))], domains, generalization=generalization
    )
    ctes.append((VERDICTS, plan.verdicts("sqlanon_node_frequencies")))
    return ctes, _kept(config, qis)


def _kept(config: Config, qis: Sequence[str]) -> exp.Select:
    """The generalized rows outside the violating classes, when their rows fit the suppression
    limit (exactly: bad * den <= num * rows, and some row is left) and every value was covered."""
    limit = Fraction(str(config.suppression_limit))
    names = [c.name for c in config.columns if c.role != "identifier"]
    size = column("size", "v")
    counts = (
        exp.select(
            exp.alias_(
                exp.func("SUM", exp.If(this=column("bad", "v"), true=size, false=exp.Literal.number(0))),
                "bad_rows",
                quoted=True,
            ),
            exp.alias_(exp.func("SUM", size), "all_rows", quoted=True),
        )
        .from_(exp.Table(this=quoted(VERDICTS), alias=exp.TableAlias(this=quoted("v"))))
        .subquery("c")
    )
    uncovered = (
        exp.select(exp.alias_(exp.Count(this=exp.Star()), "n", quoted=True))
        .from_(exp.Table(this=quoted(GENERALIZED), alias=exp.TableAlias(this=quoted("g"))))
        .where(exp.or_(*(exp.Is(this=column(q, "g"), expression=exp.Null()) for q in qis)))
        .subquery("u")
    )
    keys = [
        exp.EQ(
            this=column(f"q{i}", "v"),
            expression=to_key_sql(exp.cast(column(q, "g"), "VARCHAR")),
        )
        for i, q in enumerate(qis)
    ]
    bad_rows, all_rows = column("bad_rows", "c"), column("all_rows", "c")
    return (
        exp.select(*(exp.alias_(column(n, "g"), n, quoted=True) for n in names))
        .from_(exp.Table(this=quoted(GENERALIZED), alias=exp.TableAlias(this=quoted("g"))))
        .join(exp.Table(this=quoted(VERDICTS), alias=exp.TableAlias(this=quoted("v"))), on=exp.and_(*keys))
        .join(counts, join_type="CROSS")
        .join(uncovered, join_type="CROSS")
        .where(
            exp.and_(
                exp.Not(this=column("bad", "v")),
                exp.EQ(this=column("n", "u"), expression=exp.Literal.number(0)),
                exp.LTE(
                    this=exp.Mul(this=bad_rows, expression=exp.Literal.number(limit.denominator)),
                    expression=exp.Mul(this=exp.Literal.number(limit.numerator), expression=all_rows.copy()),
                ),
                exp.LT(this=bad_rows.copy(), expression=all_rows.copy()),
            )
        )
    )


__all__ = ["compile_release"]
