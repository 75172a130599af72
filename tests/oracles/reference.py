"""Independent pure-Python reference implementations of the privacy criteria.

Written straight from the definitions (Li, Li, Venkatasubramanian, "t-Closeness:
Privacy Beyond k-Anonymity and l-Diversity", ICDE 2007 -- section 2 for the
l-diversity variants, sections 4-5 for t-closeness / EMD) and deliberately
*without* looking at the SQL implementation.  The test-suite compares the SQL
results against these functions, so they favour being obviously correct over
being fast.

Conventions shared by every ``ref_*`` criterion:

* equivalence classes are the groups of rows with equal values on all the
  quasi-identifiers (``None`` is an ordinary value, like SQL ``GROUP BY``);
  no quasi-identifiers means the whole table is one class;
* ``observed`` is the value of the *worst* class (smallest size / diversity,
  largest ratio / distance).  ``None`` means "unbounded" (infinity): the
  minimum over no classes at all (empty table), or an infinite ratio in
  recursive (c, l)-diversity.  For the "largest" measures an empty table
  gives ``0.0``;
* ``violating_rows`` is the total number of rows in the violating classes;
* the sensitive attribute must not contain ``None`` (the semantics of a
  missing sensitive value are not defined by the papers, so we refuse them).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Literal

import numpy as np
from scipy.optimize import linprog  # type: ignore[import-untyped,unused-ignore]

Row = Mapping[str, Any]
Hierarchy = Mapping[Any, Sequence[Any]]
"""leaf -> path from the leaf up to the root (leaf first), all of length H + 1."""

TOL = 1e-9
"""Slack used when comparing a floating-point measure with its threshold."""


@dataclass(frozen=True)
class RefResult:
    passed: bool
    observed: float | None
    violating_classes: int
    violating_rows: int


# ---------------------------------------------------------------------------
# Equivalence classes and shared helpers
# ---------------------------------------------------------------------------


def equivalence_classes(rows: Sequence[Row], qis: Sequence[str]) -> dict[tuple[Any, ...], list[Row]]:
    """Group the rows by their tuple of quasi-identifier values (first-seen order)."""
    classes: dict[tuple[Any, ...], list[Row]] = {}
    for row in rows:
        key = tuple(row[qi] for qi in qis)
        classes.setdefault(key, []).append(row)
    return classes


def _sensitive_values(rows: Iterable[Row], attr: str) -> list[Any]:
    values = [row[attr] for row in rows]
    if any(v is None for v in values):
        raise ValueError(f"sensitive attribute {attr!r} contains None")
    return values


def _result(verdicts: Sequence[tuple[bool, int]], observed: float | None) -> RefResult:
    """Build a RefResult from one (class_ok, class_size) pair per class."""
    bad_sizes = [size for ok, size in verdicts if not ok]
    return RefResult(
        passed=not bad_sizes,
        observed=observed,
        violating_classes=len(bad_sizes),
        violating_rows=sum(bad_sizes),
    )


# ---------------------------------------------------------------------------
# k-anonymity and l-diversity
# ---------------------------------------------------------------------------


def ref_k_anonymity(rows: Sequence[Row], qis: Sequence[str], k: int) -> RefResult:
    """Every class has at least k rows.  observed = smallest class size."""
    sizes = [len(members) for members in equivalence_classes(rows, qis).values()]
    observed = float(min(sizes)) if sizes else None
    return _result([(size >= k, size) for size in sizes], observed)


def ref_distinct_l(
    rows: Sequence[Row],
    qis: Sequence[str],
    attr: str,
    l: int,  # noqa: E741
) -> RefResult:
    """Every class has at least l distinct sensitive values.

    observed = smallest number of distinct values in a class.
    """
    verdicts: list[tuple[bool, int]] = []
    distinct_counts: list[int] = []
    for members in equivalence_classes(rows, qis).values():
        distinct = len(set(_sensitive_values(members, attr)))
        distinct_counts.append(distinct)
        verdicts.append((distinct >= l, len(members)))
    observed = float(min(distinct_counts)) if distinct_counts else None
    return _result(verdicts, observed)


def entropy(values: Sequence[Any]) -> float:
    """Shannon entropy (natural log) of the empirical distribution of ``values``."""
    n = len(values)
    return -math.fsum((c / n) * math.log(c / n) for c in Counter(values).values())


def ref_entropy_l(
    rows: Sequence[Row],
    qis: Sequence[str],
    attr: str,
    l: float,  # noqa: E741
) -> RefResult:
    """Every class E has Entropy(E) >= ln(l) (up to TOL).

    observed = smallest exp(Entropy(E)), the "effective number of values".
    """
    threshold = math.log(l)
    verdicts: list[tuple[bool, int]] = []
    effective: list[float] = []
    for members in equivalence_classes(rows, qis).values():
        h = entropy(_sensitive_values(members, attr))
        effective.append(math.exp(h))
        verdicts.append((h >= threshold - TOL, len(members)))
    observed = min(effective) if effective else None
    return _result(verdicts, observed)


def _exact(c: float | str | Fraction) -> Fraction:
    """The exact rational meant by ``c``.

    A float is read as the decimal it prints as (``0.1`` means 1/10, not the
    binary double 0.1000000000000000055...), which is what a user typing a
    configuration value means.
    """
    if isinstance(c, Fraction):
        return c
    if isinstance(c, float):
        return Fraction(repr(c))
    return Fraction(c)


def ref_recursive_cl(
    rows: Sequence[Row],
    qis: Sequence[str],
    attr: str,
    c: float | str | Fraction,
    l: int,  # noqa: E741
) -> RefResult:
    """Recursive (c, l)-diversity: r_1 < c * (r_l + r_(l+1) + ... + r_m) in every class.

    r_i is the i-th LARGEST count of a sensitive value in the class; the
    comparison is done in exact rational arithmetic.  A class with fewer than
    l distinct values violates.  observed = largest r_1 / (r_l + ... + r_m),
    None (infinite) if some class has an empty tail (fewer than l values).
    """
    if l < 1:
        raise ValueError("l must be >= 1")
    c_exact = _exact(c)
    verdicts: list[tuple[bool, int]] = []
    ratios: list[Fraction | None] = []
    for members in equivalence_classes(rows, qis).values():
        counts = sorted(Counter(_sensitive_values(members, attr)).values(), reverse=True)
        if len(counts) < l:
            verdicts.append((False, len(members)))
            ratios.append(None)
            continue
        tail = sum(counts[l - 1 :])
        verdicts.append((counts[0] < c_exact * tail, len(members)))
        ratios.append(Fraction(counts[0], tail))
    observed: float | None
    if any(r is None for r in ratios):
        observed = None
    else:
        observed = float(max((r for r in ratios if r is not None), default=Fraction(0)))
    return _result(verdicts, observed)


# ---------------------------------------------------------------------------
# Ground distances and the Earth Mover's Distance
# ---------------------------------------------------------------------------


def ground_equal(m: int) -> list[list[float]]:
    """Equal distance: 1 between any two different values."""
    return [[0.0 if i == j else 1.0 for j in range(m)] for i in range(m)]


def ground_ordered(m: int) -> list[list[float]]:
    """Ordered distance: |i - j| / (m - 1)."""
    if m == 1:
        return [[0.0]]
    return [[abs(i - j) / (m - 1) for j in range(m)] for i in range(m)]


def hierarchy_height(hierarchy: Hierarchy) -> int:
    """Height H of a balanced hierarchy, after checking that it is a proper tree.

    Checks: every path starts with its leaf, all paths have the same length
    H + 1 >= 2, there is one root, and a label at a given level always has the
    same parent (so a node is identified by its (level, label) pair).
    """
    if not hierarchy:
        raise ValueError("empty hierarchy")
    lengths = {len(path) for path in hierarchy.values()}
    if len(lengths) != 1:
        raise ValueError(f"hierarchy is not balanced: path lengths {sorted(lengths)}")
    height = lengths.pop() - 1
    if height < 1:
        raise ValueError("hierarchy must have height >= 1")
    parent: dict[tuple[int, Any], Any] = {}
    for leaf, path in hierarchy.items():
        if path[0] != leaf:
            raise ValueError(f"path of {leaf!r} does not start with the leaf: {path!r}")
        for level in range(height):
            node = (level, path[level])
            if parent.setdefault(node, path[level + 1]) != path[level + 1]:
                raise ValueError(f"node {path[level]!r} at level {level} has two parents")
    if len({path[-1] for path in hierarchy.values()}) != 1:
        raise ValueError("hierarchy has more than one root")
    return height


def lca_level(a: Any, b: Any, hierarchy: Hierarchy) -> int:
    """Level (leaf = 0, root = H) of the lowest common ancestor of leaves a and b."""
    path_a, path_b = hierarchy[a], hierarchy[b]
    return min(level for level in range(len(path_a)) if path_a[level] == path_b[level])


def ground_hierarchical(leaves: Sequence[Any], hierarchy: Hierarchy) -> list[list[float]]:
    """Hierarchical distance: level(lowest common ancestor) / H."""
    height = hierarchy_height(hierarchy)
    return [[lca_level(a, b, hierarchy) / height for b in leaves] for a in leaves]


def _check_distribution(name: str, dist: Sequence[float]) -> None:
    if any(x < 0 for x in dist) or abs(math.fsum(dist) - 1.0) > 1e-9:
        raise ValueError(f"{name} is not a probability distribution: {list(dist)!r}")


def emd_lp(p: Sequence[float], q: Sequence[float], dist: Sequence[Sequence[float]]) -> float:
    """EMD as the exact transportation LP (paper 003, section 4.2), solved by HiGHS.

    minimise sum_ij d_ij f_ij  s.t.  f_ij >= 0,  sum_j f_ij = p_i,  sum_i f_ij = q_j.
    """
    _check_distribution("p", p)
    _check_distribution("q", q)
    m, n = len(p), len(q)
    cost = np.asarray(dist, dtype=float)
    if cost.shape != (m, n):
        raise ValueError(f"distance matrix has shape {cost.shape}, expected {(m, n)}")
    a_eq = np.zeros((m + n, m * n))
    for i in range(m):
        a_eq[i, i * n : (i + 1) * n] = 1.0  # mass leaving p_i
    for j in range(n):
        a_eq[m + j, j::n] = 1.0  # mass arriving at q_j
    b_eq = np.concatenate([np.asarray(p, dtype=float), np.asarray(q, dtype=float)])
    res = linprog(
        cost.reshape(-1),
        A_eq=a_eq,
        b_eq=b_eq,
        bounds=(0, None),
        method="highs-ds",
        options={
            "primal_feasibility_tolerance": 1e-10,
            "dual_feasibility_tolerance": 1e-10,
        },
    )
    if res.status != 0:
        raise RuntimeError(f"transportation LP failed: {res.message}")
    return float(res.fun)


def emd_equal(p: Sequence[float], q: Sequence[float]) -> float:
    """Closed form under equal distance: (1/2) sum |p_i - q_i|."""
    return 0.5 * math.fsum(abs(pi - qi) for pi, qi in zip(p, q, strict=True))


def emd_ordered(p: Sequence[float], q: Sequence[float]) -> float:
    """Closed form under ordered distance: (1/(m-1)) sum_i |sum_{j<=i} (p_j - q_j)|."""
    m = len(p)
    if len(q) != m:
        raise ValueError("p and q have different lengths")
    if m == 1:
        return 0.0
    total = 0.0
    cumulative = 0.0
    for pi, qi in zip(p, q, strict=True):
        cumulative += pi - qi
        total += abs(cumulative)
    return total / (m - 1)


def _extras(
    p: Sequence[float], q: Sequence[float], leaves: Sequence[Any], hierarchy: Hierarchy
) -> tuple[int, dict[tuple[int, Any], float]]:
    """extra(N) = sum over leaves below N of (p_i - q_i), for every node N = (level, label)."""
    height = hierarchy_height(hierarchy)
    if not (len(p) == len(q) == len(leaves)) or len(set(leaves)) != len(leaves):
        raise ValueError("p, q and leaves must have the same length and leaves must be distinct")
    extra: dict[tuple[int, Any], float] = {}
    for leaf, pi, qi in zip(leaves, p, q, strict=True):
        path = hierarchy[leaf]
        for level in range(height + 1):
            node = (level, path[level])
            extra[node] = extra.get(node, 0.0) + (pi - qi)
    return height, extra


def emd_hierarchical_paper(
    p: Sequence[float], q: Sequence[float], leaves: Sequence[Any], hierarchy: Hierarchy
) -> float:
    """Paper 003, section 5.2, as written (with Child(N) = the children of N).

    D = sum over internal nodes N of height(N)/H * min(pos_extra(N), neg_extra(N)),
    pos_extra(N) = sum of extra(C) over children C with extra(C) > 0,
    neg_extra(N) = sum of |extra(C)| over children C with extra(C) < 0.
    """
    height, extra = _extras(p, q, leaves, hierarchy)
    children: dict[tuple[int, Any], set[tuple[int, Any]]] = {}
    for leaf in leaves:
        path = hierarchy[leaf]
        for level in range(1, height + 1):
            children.setdefault((level, path[level]), set()).add((level - 1, path[level - 1]))
    total = 0.0
    for node, kids in children.items():
        level = node[0]
        pos_extra = math.fsum(extra[c] for c in kids if extra[c] > 0)
        neg_extra = math.fsum(-extra[c] for c in kids if extra[c] < 0)
        total += level / height * min(pos_extra, neg_extra)
    return total


def emd_tree(p: Sequence[float], q: Sequence[float], leaves: Sequence[Any], hierarchy: Hierarchy) -> float:
    """Exact EMD for the tree metric: (1/H) * sum over non-root N of max(P(N) - Q(N), 0).

    The hierarchical distance is the path metric of the tree with every edge of
    length 1/(2H); the EMD of a tree metric is sum_edges len(e) * |P(N) - Q(N)|
    (N the lower end of e).  On each level the P(N) - Q(N) sum to 0, so the sum
    of |.| is twice the sum of the positive parts.
    """
    height, extra = _extras(p, q, leaves, hierarchy)
    return math.fsum(max(e, 0.0) for (level, _), e in extra.items() if level < height) / height


# ---------------------------------------------------------------------------
# t-closeness
# ---------------------------------------------------------------------------


def _as_float(value: Any) -> float | None:
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


def sorted_domain(values: Iterable[Any]) -> list[Any]:
    """Distinct values, smallest first; numeric order if they all parse as float."""
    distinct = list(set(values))
    if all(_as_float(v) is not None for v in distinct):
        return sorted(distinct, key=lambda v: (float(v), str(v)))
    return sorted(distinct, key=str)


def distribution(values: Sequence[Any], domain: Sequence[Any]) -> list[float]:
    """Empirical distribution of ``values`` over ``domain`` (every value must be in it)."""
    counts = Counter(values)
    unknown = set(counts) - set(domain)
    if unknown:
        raise ValueError(f"values not in the domain: {sorted(map(repr, unknown))}")
    return [counts[v] / len(values) for v in domain]


def ref_t_closeness(
    rows: Sequence[Row],
    qis: Sequence[str],
    attr: str,
    t: float,
    distance: Literal["equal", "ordered", "hierarchical"],
    order: Sequence[Any] | None = None,
    hierarchy: Hierarchy | None = None,
) -> RefResult:
    """Every class's sensitive distribution P has EMD(P, Q) <= t (+ TOL).

    Q is the distribution over ALL the given rows.  The domain is the distinct
    values of ``attr`` (equal), ``order`` or ``sorted_domain`` of the values
    (ordered), or all leaves of ``hierarchy`` (hierarchical).
    observed = largest EMD of a class.
    """
    values = _sensitive_values(rows, attr)
    if distance == "equal":
        domain = list(set(values))
    elif distance == "ordered":
        domain = list(order) if order is not None else sorted_domain(values)
    elif distance == "hierarchical":
        if hierarchy is None:
            raise ValueError("hierarchical distance needs a hierarchy")
        domain = list(hierarchy)
    else:
        raise ValueError(f"unknown distance {distance!r}")
    if len(set(domain)) != len(domain):
        raise ValueError("the domain contains duplicates")

    q = distribution(values, domain) if values else []
    verdicts: list[tuple[bool, int]] = []
    distances: list[float] = []
    for members in equivalence_classes(rows, qis).values():
        p = distribution(_sensitive_values(members, attr), domain)
        d = emd(distance, p, q, domain, hierarchy)
        distances.append(d)
        verdicts.append((d <= t + TOL, len(members)))
    return _result(verdicts, max(distances, default=0.0))


def emd(
    distance: str, p: Sequence[float], q: Sequence[float], domain: Sequence[Any], hierarchy: Hierarchy | None
) -> float:
    """EMD of two distributions over ``domain`` under the equal, ordered or hierarchical ground
    distance (the closed forms above)."""
    if distance == "equal":
        return emd_equal(p, q)
    if distance == "ordered":
        return emd_ordered(p, q)
    if hierarchy is None:
        raise ValueError("hierarchical distance needs a hierarchy")
    return emd_tree(p, q, domain, hierarchy)


# ---------------------------------------------------------------------------
# Lattice search and test-data helpers
# ---------------------------------------------------------------------------


def minimal_nodes(satisfying: Iterable[tuple[int, ...]]) -> set[tuple[int, ...]]:
    """Satisfying nodes with no OTHER satisfying node componentwise <= them."""
    nodes = set(satisfying)
    if len({len(n) for n in nodes}) > 1:
        raise ValueError("nodes have different lengths")

    def leq(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
        return all(x <= y for x, y in zip(a, b, strict=True))

    return {n for n in nodes if not any(o != n and leq(o, n) for o in nodes)}


def random_table(
    rng: random.Random,
    n_rows: int,
    qi_domains: dict[str, int],
    sens_domain: int,
    *,
    sens_attr: str = "sens",
) -> list[dict[str, Any]]:
    """Random table: QI ``name`` takes values str(0..size-1), ``sens_attr`` ints 0..sens_domain-1."""
    if sens_domain < 1 or any(size < 1 for size in qi_domains.values()):
        raise ValueError("domain sizes must be >= 1")
    if sens_attr in qi_domains:
        raise ValueError(f"{sens_attr!r} is also a quasi-identifier")
    table: list[dict[str, Any]] = []
    for _ in range(n_rows):
        row: dict[str, Any] = {name: str(rng.randrange(size)) for name, size in qi_domains.items()}
        row[sens_attr] = rng.randrange(sens_domain)
        table.append(row)
    return table
