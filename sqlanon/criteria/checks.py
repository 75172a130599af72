"""Compose the criteria's per-class templates into one query per input relation.

``CheckPlan.verdicts(input)`` joins every criterion's per-class output into one row per class
(``keys..., size, b0, v0, b1, v1, ..., bad``); ``CheckPlan.summary(input)`` aggregates it to
one row: class and row counts, and per criterion its violating classes/rows and worst class
value; ``CheckPlan.union_summary(input)`` counts the classes violating at least one criterion
(what suppression removes). Results stay in the engine: a check returns one row.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from sqlglot import exp

from sqlanon.criteria import Criterion
from sqlanon.encode import SensitiveDomain
from sqlanon.encode.people import holder
from sqlanon.engines import Engine
from sqlanon.sql.render import column as _col
from sqlanon.sql.render import quoted as _q
from sqlanon.sql.render import with_first

#: the suffix of the relation of the classes' people and their rows, beside a frequency table
ROWS = "_rows"


@dataclass(frozen=True)
class Outcome:
    """One criterion on one table or node."""

    passed: bool
    observed: float | None  # None: unbounded (recursive (c,l) with an empty tail)
    violating_classes: int
    violating_rows: int
    #: further observed measures (Criterion.extras), by report key
    extras: Mapping[str, float | None] = field(default_factory=dict)
    #: False when a batch skipped it: the node already failed k-anonymity beyond suppression
    evaluated: bool = True


@dataclass(frozen=True)
class Summary:
    classes: int
    rows: int
    outcomes: tuple[Outcome, ...]

    @property
    def passed(self) -> bool:
        return all(o.passed for o in self.outcomes)


@dataclass(frozen=True)
class CheckPlan:
    """The criteria to evaluate, the class keys and each attribute's domain and input column."""

    criteria: Sequence[Criterion]
    keys: Sequence[str]
    domains: Mapping[str, tuple[SensitiveDomain, str]]  # attribute -> (domain, column in input)
    #: criterion index -> its per-search constants (Criterion.prepare), valid for inputs whose
    #: whole distribution is the one they were prepared from
    prepared: Mapping[int, Any] = field(default_factory=dict)
    #: criterion index -> its domain lookup tables (Criterion.setup)
    setup: Mapping[int, Mapping[str, Any]] = field(default_factory=dict)
    #: per quasi-identifier key: {table: (lf, cf, lt, ct) generalization table, level: the key's
    #: current level as SQL ($l0 bound per node, or a literal)}, for criteria with needs_levels
    generalization: Sequence[Mapping[str, str]] = ()
    #: instead of ``generalization``: the candidate natural supersets given explicitly (a
    #: partition-based release: the partition tree's ancestors), see check_nt_closeness.sql
    supersets: Mapping[str, Any] | None = None
    #: the input holds people and their values (person: with a sensitive model): n, c and np,
    #: _people_values.sql's columns, which the templates read when ``people`` is true
    people: bool = False
    #: with ``generalization``, when people's quasi-identifiers vary: the people's tuples and
    #: values the natural supersets are formed from (_nt_people.sql's ``sets``)
    sets: Mapping[str, Any] | None = None
    #: criterion index -> the suffix of the relation it reads instead of the input (the input's
    #: name + suffix): multi-attribute l-diversity over people reads the classes' people and
    #: their rows (people_subblocks.sql: gate_people.sql part rows, rollup_people.sql rows)
    inputs: Mapping[int, str] = field(default_factory=dict)
    #: the population the table is a sample of, for the models that read it (k-map with the
    #: population table, delta-presence: _population.sql's ``population``), or None
    population: Mapping[str, Any] | None = None

    def __post_init__(self) -> None:
        # The templates name their own columns (s, n, size, node, q, ...): class keys must not
        # collide with them, so keys are always q0, q1, ... (and batch_node for batches).
        bad = [k for k in self.keys if not re.fullmatch(r"q\d+|batch_node", k)]
        if bad:
            raise ValueError(f"class key names {bad} could collide with template columns")

    def criterion_select(self, i: int, input_name: str) -> exp.Expr:
        input_name += self.inputs.get(i, "")
        extra = dict(self.setup.get(i, {}))
        extra["people"] = self.people
        if self.criteria[i].needs_levels:
            if self.supersets is not None:
                extra["supersets"] = self.supersets
            elif len(self.generalization) != len([k for k in self.keys if k != "batch_node"]):
                raise ValueError("this criterion needs the generalization maps of the class keys")
            else:
                extra["generalization"] = list(self.generalization)
                if self.sets is not None:
                    extra["sets"] = self._sets(i)
        if self.prepared.get(i) is not None:
            extra["prepared"] = self.prepared[i]
        if self.population is not None:
            extra["population"] = self.population
        own = self._holder(i)
        if own is None:
            return self.criteria[i].render(input_name, self.keys, self.domains, extra)
        # several sensitive columns over people: the templates read c, the holders of the
        # criterion's own column (c1, c2, ... in the input: _people_values.sql values_multi)
        alias = f"__holders_{own}"
        _, column = self.domains[self.criteria[i].attribute or ""]
        projection = exp.select(
            *(_col(k) for k in self.keys),
            _col(column),
            _col("n"),
            exp.alias_(_col(own), "c", quoted=True),
            _col("np"),
        ).from_(exp.to_table(input_name, quoted=True))
        query = self.criteria[i].render(alias, self.keys, self.domains, extra)
        assert isinstance(query, exp.Select)
        return with_first(query, [(alias, projection)])

    def _sets(self, i: int) -> Mapping[str, Any]:
        """``sets`` for criterion ``i``: the people's values of its own attribute. ``values`` is
        one table of every sensitive column (the search's: s0, s1, ..., as the class keys'
        domains name them) or a table per attribute (the gate's, each attribute's values in s0)."""
        assert self.sets is not None
        attribute = self.criteria[i].attribute or ""
        values = self.sets["values"]
        if isinstance(values, Mapping):
            return {**self.sets, "values": values[attribute], "value": "s0"}
        return {**self.sets, "value": self.domains[attribute][1]}

    def _holder(self, i: int) -> str | None:
        """The input's holder column of criterion ``i``'s attribute when it is not c (people,
        and the attribute is not the first sensitive column), else None."""
        attribute = self.criteria[i].attribute
        if not self.people or attribute is None:
            return None
        own = holder(self.domains[attribute][1])
        return None if own == "c" else own

    @classmethod
    def build(
        cls,
        engine: Engine,
        criteria: Sequence[Criterion],
        keys: Sequence[str],
        domains: Mapping[str, tuple[SensitiveDomain, str]],
        generalization: Sequence[Mapping[str, Any]] = (),
        supersets: Mapping[str, Any] | None = None,
        people: bool = False,
        sets: Mapping[str, Any] | None = None,
        population: Mapping[str, Any] | None = None,
    ) -> CheckPlan:
        """A plan with each criterion's domain lookup tables (:meth:`Criterion.setup`) built."""
        plain = {a: d for a, (d, _) in domains.items()}
        setup = {i: c.setup(engine, plain) for i, c in enumerate(criteria)}
        return cls(
            criteria,
            keys,
            domains,
            setup=setup,
            generalization=generalization,
            supersets=supersets,
            people=people,
            sets=sets,
            population=population,
        )

    def with_prepared(self, engine: Engine, input_name: str) -> CheckPlan:
        """This plan with the per-search constants of ``input_name``'s whole distribution."""
        prepared = {}
        for i, crit in enumerate(self.criteria):
            if crit.attribute is not None:
                domain, column = self.domains[crit.attribute]
                prepared[i] = crit.prepare(engine, input_name, column, domain)
        return replace(self, prepared=prepared)

    def with_keys(self, keys: Sequence[str]) -> CheckPlan:
        return replace(self, keys=list(keys))

    def verdicts(self, input_name: str, criteria: Sequence[int] | None = None) -> exp.Select:
        """Per-class verdicts of the chosen criteria (all by default) over ``input_name``."""
        chosen = list(range(len(self.criteria))) if criteria is None else list(criteria)
        first = f"c{chosen[0]}"
        select = exp.select(
            *(_col(k, first) for k in self.keys), exp.alias_(_col("size", first), "size", quoted=True)
        )
        bads: list[exp.Expression] = []
        for i in chosen:
            select = select.select(
                exp.alias_(_col("bad", f"c{i}"), f"b{i}", quoted=True),
                exp.alias_(_col("val", f"c{i}"), f"v{i}", quoted=True),
                copy=False,
            )
            bads.append(_col("bad", f"c{i}"))
        select = select.select(exp.alias_(exp.or_(*bads), "bad", quoted=True), copy=False)
        select = select.from_(exp.to_table(first, quoted=True), copy=False)
        for i in chosen[1:]:
            select = select.join(
                exp.to_table(f"c{i}", quoted=True), using=[_q(k) for k in self.keys], copy=False
            )
        for i in chosen:
            select = select.with_(_q(f"c{i}"), as_=self.criterion_select(i, input_name), copy=False)
        return select

    def violations(self, input_name: str, i: int, columns: Sequence[exp.Expr] | None = None) -> exp.Select:
        """Criterion ``i``'s violating classes over ``input_name``, worst value first, then
        smallest, then by key: ``columns`` over the verdicts (aliased ``v``), by default the
        keys, ``size`` and the class's value ``v{i}``."""
        keys = [_col(k, "v") for k in self.keys]
        value = _col(f"v{i}", "v")
        chosen = list(columns) if columns is not None else [*keys, _col("size", "v"), value]
        return (
            exp.select(*chosen)
            .from_(
                exp.Subquery(this=self.verdicts(input_name, [i]), alias=exp.TableAlias(this=_q("v"))),
                copy=False,
            )
            .where(_col("bad", "v"), copy=False)
            .order_by(
                exp.Ordered(this=value.copy(), desc=self.criteria[i].worst == "MAX", nulls_first=False),
                _col("size", "v"),
                *(k.copy() for k in keys),
                copy=False,
            )
        )

    def _aggregate(
        self,
        select: exp.Expr,
        worst: str | None,
        by: str | None = None,
        extras: Sequence[tuple[str, str, str]] = (),
    ) -> exp.Select:
        size = _col("size")
        cols: list[Any] = [_col(by)] if by else []
        cols += [
            exp.alias_(exp.func("COUNT", exp.Star()), "classes", quoted=True),
            exp.alias_(
                exp.func("COALESCE", exp.func("SUM", size), exp.Literal.number(0)), "rows", quoted=True
            ),
            exp.alias_(exp.func("COUNT_IF", _col("bad")), "vc", quoted=True),
            exp.alias_(
                exp.func(
                    "COALESCE",
                    exp.func("SUM", exp.If(this=_col("bad"), true=size, false=exp.Literal.number(0))),
                    exp.Literal.number(0),
                ),
                "vr",
                quoted=True,
            ),
        ]
        if worst is not None:
            cols.append(exp.alias_(exp.func(worst, _col("val")), "worst", quoted=True))
        for j, (column, aggregate, _) in enumerate(extras):
            cols.append(exp.alias_(exp.func(aggregate, _col(column)), f"x{j}", quoted=True))
        query = exp.select(*cols).from_(exp.Subquery(this=select, alias=exp.TableAlias(this=_q("c"))))
        return query.group_by(_col(by), copy=False) if by else query

    def summary(
        self,
        input_name: str,
        criteria: Sequence[int] | None = None,
        by: str | None = None,
        screen: int | None = None,
    ) -> exp.Select:
        """One row: classes, rows, then per criterion (violating classes, violating rows, worst).

        Each criterion is aggregated on its own (no join between criteria): the table passes
        iff every criterion has no violating class. With ``by`` (a key column such as the
        batch's ``node``), one such row per value of ``by``, led by that value.

        ``screen`` (with ``by``): k-anonymity, when requested, is evaluated first and the other
        criteria only for the values of ``by`` whose k-violating rows are at most ``screen``
        (the suppression allowance): elsewhere the node fails whatever they say, and their
        columns come back NULL (parsed as not evaluated).
        """
        order = list(range(len(self.criteria))) if criteria is None else list(criteria)
        chosen = list(order)
        first_k = next((i for i in chosen if self.criteria[i].kind == "k-anonymity"), None)
        screening = by is not None and screen is not None and first_k is not None and len(chosen) > 1
        if screening and first_k is not None:
            chosen = [first_k] + [i for i in chosen if i != first_k]
        first = f"a{chosen[0]}"
        cols: list[Any] = [_col(by, first)] if by else []
        cols += [_col("classes", first), _col("rows", first)]
        for i in order:
            cols += [_col("vc", f"a{i}"), _col("vr", f"a{i}"), _col("worst", f"a{i}")]
            cols += [_col(f"x{j}", f"a{i}") for j in range(len(self.criteria[i].extras))]
        query = exp.select(*cols)
        for n, i in enumerate(chosen):
            crit = self.criteria[i]
            source = "__screened" if screening and n > 0 and i not in self.inputs else input_name
            aggregate = self._aggregate(self.criterion_select(i, source), crit.worst, by, crit.extras)
            if screening and n == 0:
                assert by is not None and screen is not None
                passing = (
                    exp.select(_col(by))
                    .from_(exp.Table(this=_q(first)))
                    .where(exp.LTE(this=_col("vr"), expression=exp.Literal.number(screen)))
                )
                screened = (
                    exp.select(exp.Star())
                    .from_(exp.Table(this=_q(input_name)))
                    .where(_col(by).isin(query=passing))
                )
                query = query.with_(_q(first), as_=aggregate, copy=False)
                query = query.with_(_q("__screened"), as_=screened, copy=False)
                query = query.from_(exp.Table(this=_q(first)), copy=False)
            elif n == 0:
                query = query.from_(aggregate.subquery(_q(f"a{i}")), copy=False)
            elif by:
                query = query.join(
                    aggregate.subquery(_q(f"a{i}")),
                    using=[_q(by)],
                    join_type="LEFT" if screening else None,
                    copy=False,
                )
            else:
                query = query.join(aggregate.subquery(_q(f"a{i}")), join_type="CROSS", copy=False)
        return query

    def union_summary(self, input_name: str, by: str | None = None) -> exp.Select:
        """One row: classes, rows, and the classes/rows violating at least one criterion (with
        ``by``: one such row per value of ``by``, led by that value)."""
        return self._aggregate(self.verdicts(input_name), None, by)


def parse_summary(row: Sequence[Any], criteria: Sequence[Criterion]) -> Summary:
    """The :class:`Summary` of one row of :meth:`CheckPlan.summary` over ``criteria``."""
    classes, rows = int(row[0] or 0), int(row[1] or 0)
    outcomes = []
    at = 2
    for crit in criteria:
        vc, vr, worst = row[at : at + 3]
        values = row[at + 3 : at + 3 + len(crit.extras)]
        at += 3 + len(crit.extras)
        if vc is None and classes > 0:  # screened out (CheckPlan.summary): not evaluated
            outcomes.append(Outcome(False, None, 0, 0, evaluated=False))
            continue
        violating_classes, violating_rows = int(vc or 0), int(vr or 0)  # NULL on an empty input
        extras = {key: _finite(v) for (_, _, key), v in zip(crit.extras, values, strict=True)}
        outcomes.append(
            Outcome(violating_classes == 0, _finite(worst), violating_classes, violating_rows, extras)
        )
    return Summary(classes, rows, tuple(outcomes))


def _finite(value: Any) -> float | None:
    """A worst-class value as a float; None for NULL or infinity ("unbounded")."""
    if value is None or (isinstance(value, float) and math.isinf(value)):
        return None
    return float(value)
