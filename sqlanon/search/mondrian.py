"""Mondrian multidimensional partitioning in SQL (LeFevre, DeWitt, Ramakrishnan, ICDE 2006), for
every model of the catalogue: ``search: mondrian``.

Strict partitioning, level-synchronous: all active partitions of one depth are treated by the
same few statements, so the number of statements grows with the depth (about log2(N/k)), never
with the number of partitions, and Python never loops over partitions or rows.

One round (templates ``mondrian_*.sql``):

1. ``candidates``: per active partition, the normalized width of every quasi-identifier (one
   GROUP BY) and the lower median of every numeric one (one window over (partition, QI,
   value)); the cuts with width > 0, ranked widest first (ties: QI order).
2. ``check``: the children of every candidate cut of every partition, checked against all
   criteria in one statement (the criteria's own check templates, as in the lattice search:
   class key = (candidate rank, partition, child)); a partition is cut along its best-ranked
   candidate whose children all pass.
3. ``advance``: the rows of the partitions cut move to their children (new ids in the order of
   (partition, child)); the partitions not cut are final.

The whole table is the first partition and is never checked itself: if no cut of it is
allowable it is the single partition, and the gate decides (a release that fails it is not
written). Rows with equal quasi-identifier values always stay together (cuts read QI values
only), so a row's partition is a function of its QI codes: that is how the release is written.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from sqlglot import exp

from sqlanon.config import Config
from sqlanon.criteria import Criterion
from sqlanon.criteria.checks import CheckPlan
from sqlanon.encode import Encoded
from sqlanon.encode.population import population_plan
from sqlanon.engines import Engine
from sqlanon.engines.base import create_temp
from sqlanon.errors import ConfigError, DataError, brief
from sqlanon.search.mondrian_population import (
    PopulationRound,
    population_classes,
    population_rows,
    root_persons,
    round_sql,
)
from sqlanon.search.mondrian_risk import COUNTS, Budget, budget
from sqlanon.search.risk import JOURNALIST_SHARES_ORIGIN
from sqlanon.sql.render import DIALECT, Part, render_template, with_first
from sqlanon.sql.render import column as _col
from sqlanon.sql.render import quoted as _q
from sqlanon.sql.render import table as _table

#: medians by expansion when the table has at most this many rows per frequency-table row
EXPAND_RATIO = 2

#: criteria whose parameter k is a lower bound on every class's size
MIN_SIZE_KINDS = ("k-anonymity", "alpha-k-anonymity")

#: called after every round with (rounds done, partitions final so far)
RoundProgress = Callable[[int, int], None]


@dataclass(frozen=True)
class MondrianQi:
    """How Mondrian reads one quasi-identifier (the template parameter ``qis``)."""

    i: int
    column: str
    median: bool  # cut at the median of its values (else one hierarchy level down)
    height: int
    dim: Part
    up: Part
    labels: Part
    leaves: int  # leaves of its hierarchy
    range: float  # max - min of its values over the whole table (median QIs)
    values: str  # median QIs: table (leaf, x, rows) of the values present, as the source writes them
    fanout: int  # hierarchy QIs: the most codes of one level below the top (child keys are < it)


@dataclass(frozen=True)
class MondrianResult:
    final: str  # working-table rows of the final partitions (pid, q<i>, ..., s..., n)
    parts: str  # pid, size, label<i>, w<i>
    partitions: int
    rounds: int
    statements: int
    metrics: dict[str, Any]
    #: per QI: cut at medians (else along its hierarchy)
    median: tuple[bool, ...] = ()
    #: with (n,t)-closeness: label<i>..., sid: each final partition's ancestors (itself included)
    tree: str | None = None
    #: with ``population:``: the persons of the population per final partition at its published
    #: labels (q0.., n: sqlanon.search.mondrian_population), for the gate
    population: str | None = None


def mondrian_qis(engine: Engine, config: Config, encoded: Encoded) -> list[MondrianQi]:
    """Decide and validate how each quasi-identifier is cut.

    ``split: median`` needs every value present to be a finite number, no two values the same
    number, and no NULL; ``split: hierarchy`` needs a hierarchy. Without ``split``, a column is
    cut at medians when all its values are numbers (CSV columns are read as text), otherwise
    along its hierarchy.
    """
    out = []
    for i, d in enumerate(encoded.qis):
        spec = config.column(d.column)
        values = ""
        bad: list[tuple[Any, ...]] = []
        if spec.split != "hierarchy":
            # the values present and how the source writes them (the labels of the release)
            values = engine.temp_name("mvalues")
            engine.create_temp_as(
                values,
                render_template(
                    "mondrian_values.sql", part="values", source=encoded.freq, code=f"q{i}", dim=d.dim
                ),
            )
            bad = engine.fetchall(render_template("mondrian_values.sql", part="bad", values=values))
        median = spec.split == "median" or (spec.split is None and not bad)
        if median and bad:
            shown = ", ".join(f"{'NULL' if v == '' else brief(v)} ({int(n)} rows)" for v, n in bad[:10])
            raise DataError(
                f"Quasi-identifier {d.column!r} is cut at medians (split: median) but holds values that are not "
                f"finite numbers: {shown}{' and more' if len(bad) > 10 else ''}. Clean them, or give the column "
                "a hierarchy and split: hierarchy."
            )
        if not median and spec.hierarchy is None:
            shown = ", ".join(f"{'NULL' if v == '' else brief(v)}" for v, _ in bad[:5])
            raise ConfigError(
                f"Quasi-identifier {d.column!r} has no hierarchy and values that are not numbers ({shown}); "
                "Mondrian cuts such a column along a hierarchy: give it one."
            )
        value_range = _value_range(engine, d.column, values) if median else 0.0
        if values and not median:
            engine.drop(values)
            values = ""
        out.append(
            MondrianQi(
                i=i,
                column=d.column,
                median=median,
                height=d.height,
                dim=d.dim,
                up=d.up,
                labels=d.labels,
                leaves=len(d.hierarchy.rows),
                range=value_range,
                values=values,
                fanout=0 if median else max(len(d.hierarchy.labels(level)) for level in range(d.height)),
            )
        )
    return out


def _value_range(engine: Engine, column: str, values: str) -> float:
    """The range of a median QI's values, after checking no two of them are the same number."""
    same = engine.fetchall(render_template("mondrian_values.sql", part="same", values=values))
    if same:
        shown = "; ".join(", ".join(brief(v) for v in group) for (group,) in same[:5])
        raise DataError(
            f"Quasi-identifier {column!r} is cut at medians but has values that are the same number as a double "
            f"({shown}): written in several ways, or too close for double precision to tell apart. Make each "
            "number one value, or use split: hierarchy."
        )
    lo, hi = engine.fetchone(render_template("mondrian_values.sql", part="range", values=values))
    value_range = 0.0 if lo is None else float(hi) - float(lo)
    if not math.isfinite(value_range):
        raise DataError(
            f"Quasi-identifier {column!r} is cut at medians but its values span {lo:g} to {hi:g}, a range too large "
            "for double precision; rescale the column or use split: hierarchy."
        )
    return value_range


def _create(name: str, select: exp.Expr) -> str:
    """``CREATE OR REPLACE TEMP TABLE name AS select`` as SQL text."""
    return create_temp(_table(name), select).sql(dialect=DIALECT)


@dataclass(frozen=True)
class _RoundSql:
    """One round's statements, compiled once (the round reads ``work`` and writes ``nxt``)."""

    candidates: str
    check_first: str
    check_rest: str
    split: str
    #: with share limits (:mod:`sqlanon.search.mondrian_risk`): the cuts within the budget, and
    #: what they add to each count ("": no limit)
    keep: str
    spent: str
    finals: str
    count_split: str
    advance: str
    tree: tuple[str, ...]  # (n,t)-closeness: record the children's ancestors and distributions


def run_mondrian(
    engine: Engine,
    encoded: Encoded,
    criteria: Sequence[Criterion],
    config: Config,
    progress: RoundProgress | None = None,
) -> MondrianResult:
    """Partition the encoded source with Mondrian under ``criteria`` (all must hold in every
    partition but the whole table itself, which is never checked).

    With ``population:`` (``encoded.population_read``) the population's combinations follow the
    cuts (:mod:`sqlanon.search.mondrian_population`): k-map with the population table checks
    each child's persons in its labels, the journalist limits are budgets
    (:mod:`sqlanon.search.mondrian_risk`), and the result holds the final partitions' persons
    for the gate."""
    # the k-map (k = 1) that gives the lattice search's journalist shares their F: Mondrian
    # counts every candidate child's persons of the population itself
    criteria = [c for c in criteria if c.spec.origin != JOURNALIST_SHARES_ORIGIN]
    # (n,t)-closeness: the natural supersets are the partition tree's ancestors; kept for the
    # gate whenever a configured criterion (warn-severity ones too) needs them
    tree = any(c.needs_levels for c in criteria) or any(c.kind == "nt-closeness" for c in config.criteria)
    qis = mondrian_qis(engine, config, encoded)
    params = [vars(q) for q in qis]
    # ids: each partition cut gets a block of `fanout` ids, a child's id is block + its key
    fanout = max([2] + [q.fanout for q in qis])
    sensitive = [f"s{i}" for i in range(len(encoded.sensitive))]
    names = {
        part: engine.temp_name(f"m{part}")
        for part in (
            "wa",
            "wb",
            "final",
            "whole",
            "cand",
            "va",
            "vb",
            "split",
            "cuts",
            "parts",
            "anc",
            "pdist",
            "tree",
            "pa",
            "pb",
            "pfinal",
            "pcount",
            "pf",
            "pclasses",
        )
    }
    statements = 0

    def run(sql: str) -> None:
        nonlocal statements
        engine.execute(sql)
        statements += 1

    work, nxt = names["wa"], names["wb"]
    run(
        _create(
            work,
            render_template("mondrian_rows.sql", source=encoded.freq, qis=params, sensitive=sensitive),
        )
    )
    columns = [c for c, _ in engine.columns(work)]
    final = names["final"]
    run(_create(final, exp.select(exp.Star()).from_(_table(work)).where(exp.false())))
    global_q = any(c.global_distribution for c in criteria)
    if global_q:
        s_cols = [_col(s) for s in sensitive]
        run(
            _create(
                names["whole"],
                exp.select(*s_cols, exp.alias_(exp.func("SUM", _col("n")), "n", quoted=True))
                .from_(_table(encoded.freq))
                .group_by(*s_cols),
            )
        )
    supersets = None
    if tree:
        common = {"work": work, "sensitive": sensitive}
        run(_create(names["anc"], render_template("mondrian_tree.sql", part="root", **common)))
        run(_create(names["pdist"], render_template("mondrian_tree.sql", part="dist", **common)))
        supersets = {"ancestors": names["anc"], "on": [["q0", "pid"]], "dist": names["pdist"]}
    population = encoded.population_read
    if population is not None:
        population_rows(engine, population, params, work, names["pa"])
        statements += 3 if any(not q.median for q in qis) else 2  # (coverage,) rows, sample check
        run(_create(names["pfinal"], exp.select(exp.Star()).from_(_table(names["pa"])).where(exp.false())))
    counted = names["pcount"] if population is not None else None
    domains = {s.column: (s, f"s{i}") for i, s in enumerate(encoded.sensitive)}
    plan = CheckPlan.build(
        engine,
        criteria,
        ["batch_node", "q0", "q1"],
        domains,
        supersets=supersets,
        population=population_plan(counted, codes=True)
        if any(c.counts_population for c in criteria)
        else None,
    ).with_prepared(engine, encoded.freq)
    verdicts = plan.verdicts("input")
    # medians: a selection over the rows expanded by their counts when they repeat little (large
    # tables of mostly distinct rows), a cumulative-count window otherwise (few, heavy rows)
    expand = encoded.rows <= EXPAND_RATIO * max(1, encoded.freq_rows)
    # every part of a cut needs k rows under k-anonymity and (alpha,k)-anonymity
    # (k-map with an estimator: its derived k', the k of the k-anonymity it is checked as)
    min_size = 2 * max(
        [int(c.spec.params["k"]) for c in criteria if c.kind in MIN_SIZE_KINDS]
        + [
            int(c.template_params(None)["k"])
            for c in criteria
            if c.kind == "k-map" and not c.counts_population
        ]
        + [1]
    )
    limits = budget(config.risk.limits, config.risk.threshold, encoded.rows)
    parents = None
    counts: dict[str, int] = {}
    if limits is not None and limits.journalist:
        assert population is not None  # the configuration asks for it with a journalist limit
        parents = names["pf"]  # each partition's persons of the population, the cuts' parents
        persons = root_persons(engine, params, work, names["pa"])
        statements += 1
        run(
            _create(
                parents,
                exp.select(
                    exp.alias_(exp.cast(exp.Literal.number(0), "BIGINT"), "pid", quoted=True),
                    exp.alias_(exp.cast(exp.Literal.number(persons), "BIGINT"), "f", quoted=True),
                ),
            )
        )
        counts = limits.start(encoded.rows, persons)
    elif limits is not None:
        counts = limits.start(encoded.rows)
    population_sql: dict[tuple[str, str], PopulationRound] = {}
    if population is not None:
        pw_columns = [c for c, _ in engine.columns(names["pa"])][1:]
        for (a, b), (pa, pb) in (((work, nxt), ("pa", "pb")), ((nxt, work), ("pb", "pa"))):
            population_sql[(a, b)] = round_sql(
                params, pw_columns, a, names[pa], names[pb], _candidates(names), names["split"],
                names["pcount"], names["pfinal"], parents,
            )  # fmt: skip
    compiled = {
        (a, b): _round_sql(
            a,
            b,
            names,
            params,
            sensitive,
            columns,
            global_q,
            verdicts,
            expand,
            min_size,
            tree,
            fanout,
            limits,
            counted,
            parents,
        )
        for a, b in ((work, nxt), (nxt, work))
    }

    next_id = 1
    rounds = 0
    while True:
        sql = compiled[(work, nxt)]
        people = population_sql.get((work, nxt))
        run(sql.candidates)
        if people is not None:  # the first candidates' children's persons in their labels
            run(people.children_first)
        run(sql.check_first)  # each partition's first candidate
        if people is not None:  # then the other candidates' of the partitions whose first failed
            run(people.children_rest)
        run(sql.check_rest)  # the other candidates of the partitions whose first one failed
        engine.execute(sql.split, {"offset": next_id})
        statements += 1
        if limits is not None:  # the cuts the risk limits still allow, cheapest first
            engine.execute(sql.keep, limits.left(counts))
            statements += 1
            added = engine.fetchone(sql.spent)
            statements += 1
            counts = {name: counts[name] + int(n) for name, n in zip(COUNTS, added, strict=True)}
            if people is not None and people.parents:
                run(people.parents)
        run(sql.finals)  # partitions not cut this round are final
        if people is not None:
            run(people.finals)
        (cut,) = engine.fetchone(sql.count_split)
        if not cut:
            break
        next_id += int(cut) * fanout  # each partition cut used one block of ids
        run(sql.advance)
        if people is not None:
            run(people.advance)
        for statement in sql.tree:
            run(statement)
        work, nxt = nxt, work
        rounds += 1
        if progress is not None:
            progress(rounds, next_id)

    for name in (names["wa"], names["wb"], names["cand"], names["split"], names["va"], names["vb"]):
        engine.drop(name)
    if limits is not None:
        engine.drop(names["cuts"])
    parts = names["parts"]
    run(_create(parts, render_template("mondrian_partitions.sql", final=final, qis=params)))
    classes = None
    if population is not None:
        classes = population_classes(engine, params, final, parts, names["pfinal"], names["pclasses"])
        statements += 1
        for name in ("pa", "pb", "pcount", "pfinal", *(("pf",) if parents is not None else ())):
            engine.drop(names[name])
    metrics = partition_metrics(engine, parts, encoded.rows, len(qis))
    tree_table = None
    if tree:
        tree_table = names["tree"]
        labels = render_template(
            "mondrian_tree.sql", part="labels", parts=parts, anc=names["anc"], qis=len(qis)
        )
        run(_create(tree_table, labels))
        engine.drop(names["pdist"])
    return MondrianResult(
        final,
        parts,
        int(metrics.pop("partitions")),
        rounds,
        statements,
        metrics,
        tuple(q.median for q in qis),
        tree_table,
        classes,
    )


def _insert(target: str, select: exp.Expr) -> str:
    """``INSERT INTO target select`` as SQL text."""
    return exp.insert(select, _table(target)).sql(dialect=DIALECT)


def _round_sql(
    work: str,
    nxt: str,
    names: dict[str, str],
    params: list[dict[str, Any]],
    sensitive: list[str],
    columns: list[str],
    global_q: bool,
    verdicts: exp.Select,
    expand: bool,
    min_size: int,
    tree: bool,
    fanout: int,
    limits: Budget | None = None,
    counted: str | None = None,
    parents: str | None = None,
) -> _RoundSql:
    cand, split = names["cand"], names["split"]
    # with share limits the round's allowable cuts go to "cuts", and those kept to split
    cuts = names["cuts"] if limits is not None else split
    budgeted = {
        "cuts": cuts,
        "at_risk_below": None if limits is None else limits.at_risk_below,
        "limited": [] if limits is None else limits.limited,
        "pf": parents,
        "j_below": None if limits is None else limits.j_below,
        "scale": None if limits is None else limits.scale,
    }
    first, rest = _candidates(names)
    kept = exp.select(_col("pid")).from_(_table(split))
    finals = exp.insert(
        exp.select(exp.Star()).from_(_table(work)).where(exp.not_(_col("pid").isin(query=kept))),
        _table(names["final"]),
    )
    return _RoundSql(
        candidates=_create(
            cand,
            render_template(
                "mondrian_candidates.sql", work=work, qis=params, expand=expand, min_size=min_size
            ),
        ),
        check_first=_create(names["va"], _check(work, first, names, params, sensitive, global_q, verdicts)),
        check_rest=_create(names["vb"], _check(work, rest, names, params, sensitive, global_q, verdicts)),
        split=_create(
            cuts,
            render_template(
                "mondrian_split.sql",
                verdicts=[names["va"], names["vb"]],
                cand=cand,
                fanout=fanout,
                population=counted,
            ),
        ),
        keep=_create(split, render_template("mondrian_budget.sql", part="keep", **budgeted))
        if limits is not None
        else "",
        spent=render_template("mondrian_budget.sql", part="spent", **{**budgeted, "cuts": split}).sql(
            dialect=DIALECT
        )
        if limits is not None
        else "",
        finals=finals.sql(dialect=DIALECT),
        count_split=exp.select(exp.func("COUNT", exp.Distinct(expressions=[_col("pid")])))
        .from_(_table(split))
        .sql(dialect=DIALECT),
        advance=_create(
            nxt,
            render_template("mondrian_advance.sql", work=work, split=split, qis=params, columns=columns[1:]),
        ),
        tree=(
            _insert(
                names["anc"],
                render_template("mondrian_tree.sql", part="children", split=split, anc=names["anc"]),
            ),
            _insert(
                names["pdist"],
                render_template("mondrian_tree.sql", part="dist", work=nxt, sensitive=sensitive),
            ),
        )
        if tree
        else (),
    )


def _candidates(names: dict[str, str]) -> tuple[exp.Select, exp.Select]:
    """The queries of a round's candidates checked first (every partition's first) and then
    (the others of the partitions whose first one failed, read from its verdicts)."""
    cand = names["cand"]
    first = exp.select(exp.Star()).from_(_table(cand)).where(_col("r").eq(1))
    failed = exp.select(_col("pid")).from_(_table(names["va"])).where(_col("bad"))
    rest = (
        exp.select(exp.Star())
        .from_(_table(cand))
        .where(
            exp.and_(exp.GT(this=_col("r"), expression=exp.Literal.number(1)), _col("pid").isin(query=failed))
        )
    )
    return first, rest


def _check(
    work: str,
    candidates: exp.Select,
    names: dict[str, str],
    params: list[dict[str, Any]],
    sensitive: list[str],
    global_q: bool,
    verdicts: exp.Select,
) -> exp.Select:
    """Verdict rows (r, pid, child, size, bad) of the children of ``candidates`` (a query on
    cand)."""
    check_input = render_template(
        "mondrian_check_input.sql",
        work=work,
        cand="__cand",
        whole=names["whole"],
        qis=params,
        sensitive=sensitive,
        **{"global": global_q},
    )
    tree = with_first(verdicts, [("__cand", candidates), ("input", check_input)])
    return (
        exp.select(
            exp.alias_(_col("batch_node"), "r", quoted=True),
            exp.alias_(_col("q0"), "pid", quoted=True),
            exp.alias_(_col("q1"), "child", quoted=True),
            _col("size"),
            _col("bad"),
        )
        .from_(tree.subquery(_q("v")))
        .where(exp.GTE(this=_col("q0"), expression=exp.Literal.number(0)))
    )


def partition_metrics(engine: Engine, parts: str, rows: int, q: int) -> dict[str, Any]:
    """discernibility, aecs, ncp (sum over partitions of |P| x NCP(P)) and gcp of a partitioning."""
    size = _col("size")
    ncp = exp.Mul(this=size, expression=exp.Paren(this=_sum_widths(q)))
    query = exp.select(
        exp.func("COUNT", exp.Star()),
        exp.func("COALESCE", exp.func("SUM", exp.Mul(this=size, expression=size)), exp.Literal.number(0)),
        exp.func("COALESCE", exp.func("SUM", ncp), exp.Literal.number(0)),
    ).from_(_table(parts))
    count, sum_sq, total_ncp = engine.fetchone(query)
    count = int(count)
    total_ncp = float(total_ncp)
    return {
        "partitions": count,
        "discernibility": int(sum_sq),
        "aecs": rows / count if count else None,
        "ncp": total_ncp,
        "gcp": total_ncp / (rows * q) if rows and q else 0.0,
    }


def _sum_widths(q: int) -> exp.Expr:
    total: exp.Expr = exp.Literal.number(0)
    for i in range(q):
        total = exp.Add(this=total, expression=_col(f"w{i}"))
    return total


def release_query(engine: Engine, config: Config, encoded: Encoded, result: MondrianResult) -> exp.Expr:
    """The query of the Mondrian release (written straight to the staging location)."""
    qi_index = {d.column: i for i, d in enumerate(encoded.qis)}
    identifiers = {c.name for c in config.by_role("identifier")}
    columns = [
        {"name": c, "qi": qi_index.get(c)} for c, _ in engine.columns(encoded.source) if c not in identifiers
    ]
    qis = [
        {"i": i, "column": d.column, "dim": d.dim, "median": result.median[i]}
        for i, d in enumerate(encoded.qis)
    ]
    return render_template(
        "publish_partitions.sql",
        source=encoded.source,
        columns=columns,
        qis=qis,
        final=result.final,
        parts=result.parts,
    )


__all__ = [
    "MondrianQi",
    "MondrianResult",
    "mondrian_qis",
    "partition_metrics",
    "release_query",
    "run_mondrian",
]
