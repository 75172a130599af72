"""Independent pure-Python reference of Mondrian multidimensional partitioning.

Mondrian: LeFevre, DeWitt, Ramakrishnan, "Mondrian Multidimensional
K-Anonymity", ICDE 2006 (strict partitioning); its adaptation to (n, t)-closeness
is the survey's section 7.3 / Figure 7.3.1 (paper 001).  Written from those
texts and the exact rules below, deliberately without looking at any SQL
implementation; the SQL ``search: mondrian`` is compared against it ("same
partitions").  It favours being obviously correct over being fast.

Rules
=====

* Input: ``rows`` (a sequence of mappings) and quasi-identifiers, each numeric
  (values parsed with ``float``; ``None``, NaN and infinities are refused) or
  categorical with a balanced hierarchy (``tests.oracles.reference.Hierarchy``: leaf ->
  path from the leaf up to the root; every value must be a leaf of it).
* A partition is a set of rows.  The recursion starts with the whole table and
  is level-synchronous (every partition of one depth is treated in the same
  round); each partition is treated on its own, so the result does not depend
  on that.
* Normalized width of a partition P on a QI:
    numeric: (max_P - min_P) / (max_T - min_T), T the WHOLE table; 0 when the
    table's range is 0;
    categorical: (leaves(LCA_P) - 1) / (leaves of the hierarchy - 1), LCA_P the
    lowest common ancestor of P's values (the lowest level where all their
    paths agree), leaves(N) the number of leaves of the hierarchy under N; 0
    when the hierarchy has a single leaf.
  Widths are computed EXACTLY (``fractions.Fraction`` of the parsed floats)
  and compared after rounding to 12 decimal places (the exact rational,
  rounded half to even), so that widths equal in decimal arithmetic tie
  although the parsed floats make them differ (3/4 from 0.1 and 0.4 values).
* Dimension order: decreasing (rounded) width, ties broken by the order in
  which the QIs are given; QIs of width 0 are skipped.
* Numeric cut: sort P's values (with multiplicity); the split value is the
  lower median, the element at index (|P| - 1) // 2; left = rows with value <=
  split, right = rows with value > split.  If right is empty (the split value
  is P's maximum, e.g. 1, 1, 2, 2, 2 -> split 2) this dimension cannot be cut.
* Categorical cut: one child per child node of LCA_P that holds at least one
  row (one level down).  A single non-empty child means no cut (this cannot
  actually happen when the width is > 0).
* A cut is allowable iff ``ok(child_rows, ancestors)`` holds for every child,
  ``ancestors`` being the row lists of the partition tree from the root (the
  whole table) down to the partition being cut (its parent), inclusive.
  The first allowable dimension in the order above is cut; if there is none,
  P is final.  The whole table itself is never checked: if it has no
  allowable cut it is returned as the single partition even when it violates
  the requirement (the caller's gate must catch that).
* Output: the final partitions sorted by their tuple of generalized labels
  (then, only to break ties between labels that pathological hierarchies could
  repeat at different levels, by the LCA levels).  Labels: numeric
  ``"[lo-hi]"`` with P's minimum and maximum value, or the single value when
  lo == hi, numbers written by ``format_number`` (integers without ".0",
  otherwise Python's shortest round-tripping ``repr``); categorical the label
  of LCA_P (the leaf itself when P has one value).  Inside a partition the rows
  keep their input order (``indices`` are their input positions).
* Metrics: discernibility = sum |P|^2; average class size = N / number of
  partitions; NCP(P) = sum over the QIs of P's normalized width;
  GCP = sum_P |P| * NCP(P) / (N * number of QIs).  An empty table gives no
  partitions and 0 for every metric; no QIs gives GCP 0.

Requirements (``Requirement``)
==============================

``k_anonymity``; ``one_class`` (any ``ref_*`` criterion applied to the child
as a single class, for the criteria that only look at the class);
``against_table`` (any ``ref_*`` criterion applied to the child as a class of
the WHOLE table, for the criteria that compare a class with the table's
distribution Q: t-closeness and its variants, delta-disclosure, beta-likeness);
``t_closeness`` (explicit EMD to the whole table); ``nt_closeness``
(Figure 7.3.1); ``all_of`` (conjunction).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

from tests.oracles.reference import (
    TOL,
    Hierarchy,
    RefResult,
    Row,
    _sensitive_values,
    distribution,
    emd,
    hierarchy_height,
    ref_k_anonymity,
)
from tests.oracles.reference_catalogue import _emd_domain

Requirement = Callable[[Sequence[Row], Sequence[Sequence[Row]]], bool]
"""ok(child_rows, ancestors): ancestors = row lists from the root down to the parent."""

Indices = tuple[int, ...]


# ---------------------------------------------------------------------------
# Quasi-identifiers
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class MondrianQI:
    name: str
    kind: Literal["numeric", "categorical"]
    hierarchy: Hierarchy | None = None

    def __post_init__(self) -> None:
        if self.kind == "numeric":
            if self.hierarchy is not None:
                raise ValueError(f"numeric QI {self.name!r} takes no hierarchy")
        elif self.kind == "categorical":
            if self.hierarchy is None:
                raise ValueError(f"categorical QI {self.name!r} needs a hierarchy")
            hierarchy_height(self.hierarchy)
        else:
            raise ValueError(f"unknown kind {self.kind!r}")


def numeric(name: str) -> MondrianQI:
    return MondrianQI(name, "numeric")


def categorical(name: str, hierarchy: Hierarchy) -> MondrianQI:
    return MondrianQI(name, "categorical", hierarchy)


def format_number(x: float) -> str:
    """Integers without ".0" ("3", "-1"), otherwise the shortest repr that round-trips ("2.5")."""
    if not math.isfinite(x):
        raise ValueError(f"not a finite number: {x!r}")
    if x.is_integer():
        return str(int(x))
    return repr(x)


def _parse(value: Any, qi: str) -> float:
    if value is None:
        raise ValueError(f"numeric QI {qi!r} contains None")
    try:
        x = float(value)
    except (TypeError, ValueError) as exc:
        raise ValueError(f"numeric QI {qi!r}: cannot parse {value!r}") from exc
    if not math.isfinite(x):
        raise ValueError(f"numeric QI {qi!r}: not finite: {value!r}")
    return x


class _Dimension:
    """One QI over the whole table: widths, cuts and labels of partitions (index tuples)."""

    def __init__(self, qi: MondrianQI, rows: Sequence[Row]) -> None:
        self.qi = qi
        if qi.kind == "numeric":
            self.values = [_parse(row[qi.name], qi.name) for row in rows]
            self.range = (Fraction(max(self.values)) - Fraction(min(self.values))) if rows else Fraction(0)
        else:
            assert qi.hierarchy is not None
            hierarchy = qi.hierarchy
            unknown = {row[qi.name] for row in rows} - set(hierarchy)
            if unknown:
                raise ValueError(f"values of {qi.name!r} not in its hierarchy: {sorted(map(repr, unknown))}")
            self.height = hierarchy_height(hierarchy)
            self.paths = [hierarchy[row[qi.name]] for row in rows]
            self.n_leaves = len(hierarchy)
            self.leaves_under: Counter[tuple[int, Any]] = Counter()
            for path in hierarchy.values():
                for level, label in enumerate(path):
                    self.leaves_under[(level, label)] += 1

    def lca_level(self, part: Indices) -> int:
        return min(
            level for level in range(self.height + 1) if len({self.paths[i][level] for i in part}) == 1
        )

    def width(self, part: Indices) -> Fraction:
        if self.qi.kind == "numeric":
            if self.range == 0:
                return Fraction(0)
            values = [self.values[i] for i in part]
            return (Fraction(max(values)) - Fraction(min(values))) / self.range
        if self.n_leaves == 1:
            return Fraction(0)
        level = self.lca_level(part)
        node = (level, self.paths[part[0]][level])
        return Fraction(self.leaves_under[node] - 1, self.n_leaves - 1)

    def cut(self, part: Indices) -> list[Indices] | None:
        """The children of the cut of ``part`` on this dimension, or None if it cannot be cut."""
        if self.qi.kind == "numeric":
            ordered = sorted(self.values[i] for i in part)
            split = ordered[(len(ordered) - 1) // 2]
            left = tuple(i for i in part if self.values[i] <= split)
            right = tuple(i for i in part if self.values[i] > split)
            return [left, right] if right else None
        level = self.lca_level(part)
        if level == 0:
            return None
        children: dict[Any, list[int]] = {}
        for i in part:
            children.setdefault(self.paths[i][level - 1], []).append(i)
        if len(children) < 2:
            return None
        return [tuple(members) for _, members in sorted(children.items(), key=lambda kv: repr(kv[0]))]

    def label(self, part: Indices) -> tuple[str, int]:
        """(generalized label, tie-break level: LCA level, -1 for numeric)."""
        if self.qi.kind == "numeric":
            values = [self.values[i] for i in part]
            lo, hi = min(values), max(values)
            if lo == hi:
                return format_number(lo), -1
            return f"[{format_number(lo)}-{format_number(hi)}]", -1
        level = self.lca_level(part)
        return str(self.paths[part[0]][level]), level


# ---------------------------------------------------------------------------
# The algorithm
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class MondrianPartition:
    labels: tuple[str, ...]
    """One generalized label per QI, in the QI order given."""
    indices: Indices
    """Input positions of the rows, ascending."""
    rows: tuple[Row, ...]
    ancestors: tuple[Indices, ...]
    """Index tuples of the partition tree path from the root down to the parent."""
    widths: tuple[Fraction, ...]
    """Normalized width per QI (exact)."""
    ncp: float


@dataclass(frozen=True)
class MondrianResult:
    partitions: tuple[MondrianPartition, ...]
    n_rows: int
    discernibility: int
    average_class_size: float
    gcp: float

    def labels_by_row(self) -> list[tuple[str, ...]]:
        """The generalized labels of every input row, in input order."""
        out: list[tuple[str, ...] | None] = [None] * self.n_rows
        for part in self.partitions:
            for i in part.indices:
                out[i] = part.labels
        assert all(labels is not None for labels in out)
        return [labels for labels in out if labels is not None]


def mondrian(rows: Sequence[Row], qis: Sequence[MondrianQI], ok: Requirement) -> MondrianResult:
    """Strict multidimensional Mondrian partitioning of ``rows`` (rules in the module docstring)."""
    names = [qi.name for qi in qis]
    if len(set(names)) != len(names):
        raise ValueError(f"duplicate quasi-identifiers: {names}")
    dims = [_Dimension(qi, rows) for qi in qis]
    n = len(rows)

    def members(part: Indices) -> list[Row]:
        return [rows[i] for i in part]

    def first_allowable_cut(part: Indices, ancestors: tuple[Indices, ...]) -> list[Indices] | None:
        widths = [dim.width(part) for dim in dims]
        order = sorted(range(len(dims)), key=lambda d: (-round(widths[d], 12), d))
        ancestor_rows = [members(a) for a in (*ancestors, part)]
        for d in order:
            if widths[d] == 0:
                continue
            children = dims[d].cut(part)
            if children is None:
                continue
            if all(ok(members(child), ancestor_rows) for child in children):
                return children
        return None

    finals: list[tuple[Indices, tuple[Indices, ...]]] = []
    frontier: list[tuple[Indices, tuple[Indices, ...]]] = [(tuple(range(n)), ())] if n else []
    while frontier:  # one round per depth of the partition tree
        next_frontier: list[tuple[Indices, tuple[Indices, ...]]] = []
        for part, ancestors in frontier:
            children = first_allowable_cut(part, ancestors)
            if children is None:
                finals.append((part, ancestors))
            else:
                next_frontier.extend((child, (*ancestors, part)) for child in children)
        frontier = next_frontier

    keyed: list[tuple[tuple[tuple[str, ...], tuple[int, ...]], MondrianPartition]] = []
    for part, ancestors in finals:
        labelled = [dim.label(part) for dim in dims]
        widths = tuple(dim.width(part) for dim in dims)
        partition = MondrianPartition(
            labels=tuple(label for label, _ in labelled),
            indices=part,
            rows=tuple(members(part)),
            ancestors=ancestors,
            widths=widths,
            ncp=float(sum(widths, Fraction(0))),
        )
        keyed.append(((partition.labels, tuple(level for _, level in labelled)), partition))
    keyed.sort(key=lambda kp: kp[0])
    partitions = tuple(p for _, p in keyed)

    gcp_num = sum((len(p.indices) * sum(p.widths, Fraction(0)) for p in partitions), Fraction(0))
    return MondrianResult(
        partitions=partitions,
        n_rows=n,
        discernibility=sum(len(p.indices) ** 2 for p in partitions),
        average_class_size=n / len(partitions) if partitions else 0.0,
        gcp=float(gcp_num / (n * len(qis))) if n and qis else 0.0,
    )


# ---------------------------------------------------------------------------
# Ready-made requirements
# ---------------------------------------------------------------------------

_MARK = "__mondrian_class__"


def k_anonymity(k: int) -> Requirement:
    """The child has at least k rows."""

    def ok(child: Sequence[Row], ancestors: Sequence[Sequence[Row]]) -> bool:
        return ref_k_anonymity(child, [], k).passed

    return ok


def one_class(check: Callable[[Sequence[Row], Sequence[str]], RefResult]) -> Requirement:
    """``check(rows, qis)`` (a ref_* criterion with its parameters bound) on the child alone, qis = [].

    Only for criteria whose verdict on a class depends on that class alone
    (l-diversity variants, (alpha, k), dissimilarity...): with qis = [] the
    child is the whole "table", so a Q would be the CHILD's distribution.
    """

    def ok(child: Sequence[Row], ancestors: Sequence[Sequence[Row]]) -> bool:
        return check(child, []).passed

    return ok


def against_table(check: Callable[[Sequence[Row], Sequence[str]], RefResult]) -> Requirement:
    """``check(rows, qis)`` judging the child as one class of the WHOLE table (ancestors[0]).

    The reference functions take Q from all the rows they are given and give
    no per-class verdict, so they are called on a table M made of three copies
    of the whole table T, tagged by an extra column: the child C (tag "child")
    and the rest M - C (tag "rest"), with qis = [tag].  M has the same
    distribution as T, so Q is T's.  |C| <= |T| < 2|T| <= |M - C|, so the
    reported violating_rows (a sum of failing class sizes) tells which class
    failed: C failed iff it is |C| or |M|.  The child must consist of row
    objects of the table (as ``mondrian`` passes them).  For the whole table
    itself (no ancestors) the table is judged alone.
    """

    def ok(child: Sequence[Row], ancestors: Sequence[Sequence[Row]]) -> bool:
        if not ancestors:
            return check(child, []).passed
        table = ancestors[0]
        pending = Counter(id(row) for row in child)
        rest: list[Row] = []
        for row in table:
            if pending[id(row)] > 0:
                pending[id(row)] -= 1
            else:
                rest.append(row)
        if +pending:
            raise ValueError("the child is not made of rows of the table")
        for row in table:
            if _MARK in row:
                raise ValueError(f"rows already have a column {_MARK!r}")
        tagged = [{**row, _MARK: "child"} for row in child]
        tagged += [{**row, _MARK: "rest"} for row in [*rest, *table, *table]]
        c, m = len(child), len(tagged)
        result = check(tagged, [_MARK])
        if result.violating_rows not in (0, c, m - c, m):
            raise AssertionError(f"unexpected violating_rows {result.violating_rows}")
        return result.violating_rows not in (c, m)

    return ok


def _emd_between(
    p_rows: Sequence[Row],
    q_rows: Sequence[Row],
    domain: Sequence[Any],
    attr: str,
    distance: Literal["equal", "ordered", "hierarchical"],
    hierarchy: Hierarchy | None,
) -> float:
    p = distribution(_sensitive_values(p_rows, attr), domain)
    q = distribution(_sensitive_values(q_rows, attr), domain)
    return emd(distance, p, q, domain, hierarchy)


def t_closeness(
    attr: str,
    t: float,
    distance: Literal["equal", "ordered", "hierarchical"],
    *,
    order: Sequence[Any] | None = None,
    hierarchy: Hierarchy | None = None,
) -> Requirement:
    """EMD(P_child, Q) <= t (+TOL), Q = the WHOLE table (ancestors[0]); domain as in ref_t_closeness."""

    def ok(child: Sequence[Row], ancestors: Sequence[Sequence[Row]]) -> bool:
        table = ancestors[0] if ancestors else child
        domain = _emd_domain(_sensitive_values(table, attr), distance, order, hierarchy)
        return _emd_between(child, table, domain, attr, distance, hierarchy) <= t + TOL

    return ok


def nt_closeness(
    attr: str,
    n: int,
    t: float,
    distance: Literal["equal", "ordered", "hierarchical"],
    *,
    order: Sequence[Any] | None = None,
    hierarchy: Hierarchy | None = None,
) -> Requirement:
    """(n, t)-closeness of a child, Figure 7.3.1 of the survey.

    A child with >= n rows passes; otherwise it passes iff some partition on
    the path from the root (the whole table) to its parent has >= n rows and
    EMD(P_child, P_that) <= t (+TOL).  Domain: as ref_t_closeness over the
    whole table (ancestors[0]).
    """

    def ok(child: Sequence[Row], ancestors: Sequence[Sequence[Row]]) -> bool:
        if len(child) >= n:
            return True
        if not ancestors:
            return False
        domain = _emd_domain(_sensitive_values(ancestors[0], attr), distance, order, hierarchy)
        return any(
            len(a) >= n and _emd_between(child, a, domain, attr, distance, hierarchy) <= t + TOL
            for a in ancestors
        )

    return ok


def all_of(*requirements: Requirement) -> Requirement:
    """Every requirement holds."""

    def ok(child: Sequence[Row], ancestors: Sequence[Sequence[Row]]) -> bool:
        return all(req(child, ancestors) for req in requirements)

    return ok
