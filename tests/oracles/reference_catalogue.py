"""Independent pure-Python references for the catalogue of further privacy models.

Written from /work/catalogue_spec.md and the papers it cites, deliberately
without looking at the SQL implementation:

* pd-recursive / npd-recursive (c, l)-diversity: Machanavajjhala et al.,
  "l-Diversity" (paper 002), Definitions 4.3 and 4.4;
* multi-attribute l-diversity: paper 002, Definition 4.5;
* (alpha, k)-anonymity (Wong et al.), delta-disclosure privacy (Brickell &
  Shmatikov, KDD 2008), beta-likeness (Cao & Karras, VLDB 2012);
* t-closeness with variational / KL / JS / kernel-smoothed JS distances and
  (n, t)-closeness: the survey (paper 001), Definition 6.1.2 and section 9.2;
* (epsilon, delta)^k-dissimilarity: paper 004, equations (3)-(4).

All conventions are those of ``tests/oracles/reference.py`` (see its docstring):
``observed`` is the value of the worst class, ``None`` means infinite /
unbounded, ``violating_rows`` sums the sizes of the failing classes, ratios of
integer counts are compared exactly with ``fractions.Fraction``.  The code
favours being obviously correct over being fast.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Callable, Collection, Mapping, Sequence
from fractions import Fraction
from typing import Any, Literal

from tests.oracles.reference import (
    TOL,
    Hierarchy,
    RefResult,
    Row,
    _exact,
    _result,
    _sensitive_values,
    distribution,
    emd,
    entropy,
    equivalence_classes,
    ground_equal,
    ground_hierarchical,
    ground_ordered,
    hierarchy_height,
    lca_level,
    sorted_domain,
)

Number = float | str | Fraction


def _max_or_none(values: Sequence[Fraction | float | None], empty: float = 0.0) -> float | None:
    """Largest value as a float; None if any value is None (= infinite); ``empty`` if no values."""
    if any(v is None for v in values):
        return None
    present = [v for v in values if v is not None]
    return float(max(present)) if present else empty


# ---------------------------------------------------------------------------
# pd-recursive and npd-recursive (c, l)-diversity (paper 002, Def. 4.3 / 4.4)
# ---------------------------------------------------------------------------


def pd_ratio(values: Sequence[Any], l: int, allowed: Collection[Any]) -> Fraction | None:  # noqa: E741
    """r_y / tail_y of one class (Def. 4.3); 0 when every value is allowed; None = infinite.

    Counts are sorted in decreasing order; among equal counts the values NOT in
    ``allowed`` come first, so y is the smallest rank the most frequent
    disallowed value can have (the spec: any tie choice gives the same result).
    Ranks are 1-based as in the paper: r_1 >= r_2 >= ... >= r_m.
    """
    if l < 1:
        raise ValueError("l must be >= 1")
    counter = Counter(values)
    allowed_set = set(allowed)
    ordered = sorted(counter.items(), key=lambda item: (-item[1], item[0] in allowed_set))
    r = {rank: count for rank, (_, count) in enumerate(ordered, start=1)}
    m = len(ordered)
    disallowed_ranks = [rank for rank, (value, _) in enumerate(ordered, start=1) if value not in allowed_set]
    if not disallowed_ranks:
        return Fraction(0)
    y = disallowed_ranks[0]
    if y <= l - 1:
        tail = sum(r[j] for j in range(l, m + 1))
    else:
        tail = sum(r[j] for j in range(max(l - 1, 1), m + 1) if j != y)
    if tail == 0:
        return None
    return Fraction(r[y], tail)


def _pd_class_ok(values: Sequence[Any], c: Fraction, l: int, allowed: Collection[Any]) -> bool:  # noqa: E741
    """r_y < c * tail (exact); satisfied when no disallowed value is present."""
    if all(v in set(allowed) for v in values):
        return True
    ratio = pd_ratio(values, l, allowed)
    return ratio is not None and ratio < c  # ratio = r_y / tail, tail > 0


def ref_pd_recursive(
    rows: Sequence[Row],
    qis: Sequence[str],
    attr: str,
    c: Number,
    l: int,  # noqa: E741
    allowed: Collection[Any],
) -> RefResult:
    """pd-recursive (c, l)-diversity: r_y < c * tail_y(s_y) in every class (exact).

    observed = largest r_y / tail (None if some tail is empty, 0.0 on an empty table).
    """
    c_exact = _exact(c)
    verdicts: list[tuple[bool, int]] = []
    ratios: list[Fraction | None] = []
    for members in equivalence_classes(rows, qis).values():
        values = _sensitive_values(members, attr)
        ratios.append(pd_ratio(values, l, allowed))
        verdicts.append((_pd_class_ok(values, c_exact, l, allowed), len(members)))
    return _result(verdicts, _max_or_none(ratios))


def ref_npd_recursive(
    rows: Sequence[Row],
    qis: Sequence[str],
    attr: str,
    c1: Number,
    c2: Number,
    l: int,  # noqa: E741
    allowed: Collection[Any],
    protected: Collection[Any],
) -> tuple[RefResult, float | None]:
    """npd-recursive (c1, c2, l)-diversity (Def. 4.4).

    A class passes iff it is pd-recursive (c1, l) with Y = ``allowed`` AND every
    w in W = ``protected`` has count(w) * 100 >= c2 * size (exact).
    Returns (result, protected_share) with protected_share = smallest
    count(w) / size over classes and w in W (None if W or the table is empty).
    observed = largest pd ratio, as in ref_pd_recursive.
    """
    c1_exact, c2_exact = _exact(c1), _exact(c2)
    verdicts: list[tuple[bool, int]] = []
    ratios: list[Fraction | None] = []
    shares: list[Fraction] = []
    for members in equivalence_classes(rows, qis).values():
        values = _sensitive_values(members, attr)
        counts = Counter(values)
        size = len(values)
        ok = _pd_class_ok(values, c1_exact, l, allowed)
        for w in protected:
            shares.append(Fraction(counts[w], size))
            if counts[w] * 100 < c2_exact * size:
                ok = False
        ratios.append(pd_ratio(values, l, allowed))
        verdicts.append((ok, size))
    share = float(min(shares)) if shares else None
    return _result(verdicts, _max_or_none(ratios)), share


# ---------------------------------------------------------------------------
# Multi-attribute l-diversity (paper 002, Def. 4.5)
# ---------------------------------------------------------------------------


def recursive_ratio(values: Sequence[Any], l: int) -> Fraction | None:  # noqa: E741
    """r_1 / (r_l + ... + r_m) of one block; None (infinite) with fewer than l values."""
    counts = sorted(Counter(values).values(), reverse=True)
    if len(counts) < l:
        return None
    return Fraction(counts[0], sum(counts[l - 1 :]))


def ref_multi_attribute_l(
    rows: Sequence[Row],
    qis: Sequence[str],
    attrs: Sequence[str],
    variant: Literal["distinct", "entropy", "recursive"],
    l: float,  # noqa: E741
    c: Number | None = None,
) -> RefResult:
    """Multi-attribute l-diversity: each attribute a_i must be l-diverse (``variant``)
    inside every sub-block = rows with equal (QI values, values of the OTHER attributes).

    violating classes/rows count whole QI classes.  observed = worst over all
    sub-blocks of all attributes: smallest distinct count (distinct), smallest
    exp(entropy) (entropy), largest r_1 / tail (recursive, None if infinite);
    for an empty table None for distinct / entropy and 0.0 for recursive.
    """
    if not attrs or len(set(attrs)) != len(attrs):
        raise ValueError("attrs must be a non-empty list of distinct attributes")
    if variant == "recursive":
        if c is None:
            raise ValueError("the recursive variant needs c")
        if int(l) != l or l < 1:
            raise ValueError("recursive l must be an integer >= 1")
    elif variant not in ("distinct", "entropy"):
        raise ValueError(f"unknown variant {variant!r}")
    c_exact = _exact(c) if c is not None else None

    verdicts: list[tuple[bool, int]] = []
    measures: list[Fraction | float | None] = []
    for members in equivalence_classes(rows, qis).values():
        class_ok = True
        for a in attrs:
            others = [b for b in attrs if b != a]
            for block in equivalence_classes(members, others).values():
                values = _sensitive_values(block, a)
                if variant == "distinct":
                    distinct = len(set(values))
                    measures.append(float(distinct))
                    block_ok = distinct >= l
                elif variant == "entropy":
                    h = entropy(values)
                    measures.append(math.exp(h))
                    block_ok = h >= math.log(l) - TOL
                else:
                    assert c_exact is not None
                    ratio = recursive_ratio(values, int(l))
                    measures.append(ratio)
                    block_ok = ratio is not None and ratio < c_exact
                class_ok = class_ok and block_ok
        verdicts.append((class_ok, len(members)))

    observed: float | None
    if variant == "recursive":
        observed = _max_or_none(measures)
    else:
        floats = [float(m) for m in measures if m is not None]
        observed = min(floats) if floats else None
    return _result(verdicts, observed)


# ---------------------------------------------------------------------------
# (alpha, k)-anonymity, delta-disclosure, beta-likeness
# ---------------------------------------------------------------------------


def ref_alpha_k(rows: Sequence[Row], qis: Sequence[str], attr: str, alpha: Number, k: int) -> RefResult:
    """size >= k and max_v count(v) <= alpha * size (exact).  observed = largest max share."""
    alpha_exact = _exact(alpha)
    verdicts: list[tuple[bool, int]] = []
    shares: list[Fraction] = []
    for members in equivalence_classes(rows, qis).values():
        size = len(members)
        top = max(Counter(_sensitive_values(members, attr)).values())
        shares.append(Fraction(top, size))
        verdicts.append((size >= k and top <= alpha_exact * size, size))
    return _result(verdicts, float(max(shares)) if shares else 0.0)


def _table_counts(rows: Sequence[Row], attr: str) -> tuple[Counter[Any], int]:
    values = _sensitive_values(rows, attr)
    return Counter(values), len(values)


def delta_disclosure_value(class_values: Sequence[Any], q_counts: Mapping[Any, int], n: int) -> float:
    """max over the table's domain of |ln(p(s) / q(s))|; +inf if some value is absent from the class."""
    p_counts = Counter(class_values)
    size = len(class_values)
    worst = 0.0
    for s, q_count in q_counts.items():
        if p_counts[s] == 0:
            return math.inf
        ratio = Fraction(p_counts[s], size) / Fraction(q_count, n)
        worst = max(worst, abs(math.log(ratio)))
    return worst


def ref_delta_disclosure(rows: Sequence[Row], qis: Sequence[str], attr: str, delta: float) -> RefResult:
    """|ln(p(s)/q(s))| < delta for every s of the table's domain (fails when val >= delta - TOL).

    observed = largest val, None if some class misses a value (infinite).
    """
    q_counts, n = _table_counts(rows, attr)
    verdicts: list[tuple[bool, int]] = []
    vals: list[float | None] = []
    for members in equivalence_classes(rows, qis).values():
        val = delta_disclosure_value(_sensitive_values(members, attr), q_counts, n)
        vals.append(None if math.isinf(val) else val)
        verdicts.append((not val >= delta - TOL, len(members)))
    return _result(verdicts, _max_or_none(vals))


def ref_beta_likeness(
    rows: Sequence[Row],
    qis: Sequence[str],
    attr: str,
    beta: float,
    variant: Literal["basic", "enhanced"],
) -> RefResult:
    """Relative gain g(s) = (p - q) / q, for every s with p(s) > q(s):
    basic: g <= beta (+TOL); enhanced: g <= min(beta, -ln q) (+TOL).

    observed = largest max(0, max_s g(s)) over classes (0.0 on an empty table).
    """
    if variant not in ("basic", "enhanced"):
        raise ValueError(f"unknown variant {variant!r}")
    q_counts, n = _table_counts(rows, attr)
    verdicts: list[tuple[bool, int]] = []
    vals: list[float] = []
    for members in equivalence_classes(rows, qis).values():
        bad, val = beta_likeness_class(_sensitive_values(members, attr), q_counts, n, beta, variant)
        vals.append(val)
        verdicts.append((not bad, len(members)))
    return _result(verdicts, max(vals, default=0.0))


def beta_likeness_class(
    values: Sequence[Any], q_counts: Mapping[Any, int], n: int, beta: float, variant: str
) -> tuple[bool, float]:
    """(violates, largest relative gain) of one class with sensitive ``values`` in a table of
    ``n`` rows whose value counts are ``q_counts``; see :func:`ref_beta_likeness`."""
    p_counts, size = Counter(values), len(values)
    bad, val = False, 0.0
    for s, q_count in q_counts.items():
        p, q = Fraction(p_counts[s], size), Fraction(q_count, n)
        if p <= q:
            continue
        gain = float((p - q) / q)
        val = max(val, gain)
        bound = beta if variant == "basic" else min(beta, -math.log(q))
        bad = bad or gain > bound + TOL
    return bad, val


# ---------------------------------------------------------------------------
# Distances between two distributions on the same domain
# ---------------------------------------------------------------------------


def variational(p: Sequence[float], q: Sequence[float]) -> float:
    """Total variation 1/2 sum |p - q|."""
    return 0.5 * math.fsum(abs(pi - qi) for pi, qi in zip(p, q, strict=True))


def kl(p: Sequence[float], q: Sequence[float]) -> float:
    """KL(P || Q) = sum_{p > 0} p ln(p / q), natural log; +inf if p > 0 where q = 0."""
    total: list[float] = []
    for pi, qi in zip(p, q, strict=True):
        if pi > 0:
            if qi <= 0:
                return math.inf
            total.append(pi * math.log(pi / qi))
    return math.fsum(total)


def js(p: Sequence[float], q: Sequence[float]) -> float:
    """Jensen-Shannon divergence 1/2 KL(P || M) + 1/2 KL(Q || M), M = (P + Q) / 2."""
    m = [(pi + qi) / 2 for pi, qi in zip(p, q, strict=True)]
    return 0.5 * kl(p, m) + 0.5 * kl(q, m)


def epanechnikov(x: float) -> float:
    return 0.75 * (1.0 - x * x) if abs(x) < 1 else 0.0


def smooth(p: Sequence[float], dist_matrix: Sequence[Sequence[float]], bandwidth: float) -> list[float]:
    """Nadaraya-Watson smoothing p^_i = sum_j p_j K(d_ij/B) / sum_j K(d_ij/B), renormalized to sum 1."""
    if bandwidth <= 0:
        raise ValueError("bandwidth must be > 0")
    m = len(p)
    smoothed: list[float] = []
    for i in range(m):
        weights = [epanechnikov(dist_matrix[i][j] / bandwidth) for j in range(m)]
        smoothed.append(math.fsum(p[j] * weights[j] for j in range(m)) / math.fsum(weights))
    total = math.fsum(smoothed)
    return [x / total for x in smoothed]


def smoothed_js(
    p: Sequence[float], q: Sequence[float], dist_matrix: Sequence[Sequence[float]], bandwidth: float
) -> float:
    """JS divergence of the kernel-smoothed distributions (survey 001, section 9.2)."""
    return js(smooth(p, dist_matrix, bandwidth), smooth(q, dist_matrix, bandwidth))


def ref_t_closeness_alt(
    rows: Sequence[Row],
    qis: Sequence[str],
    attr: str,
    t: float,
    distance: Literal["variational", "kl", "js", "smoothed-js"],
    *,
    ground: Literal["equal", "ordered", "hierarchical"] | None = None,
    bandwidth: float | None = None,
    order: Sequence[Any] | None = None,
    hierarchy: Hierarchy | None = None,
) -> RefResult:
    """t-closeness with another distance D(P, Q) <= t (+TOL); observed = largest D.

    Domain = distinct values of the table, except smoothed-js with the ordered
    ground (``order`` if given, else sorted_domain of the values).
    """
    values = _sensitive_values(rows, attr)
    domain: list[Any] = sorted_domain(values)
    dist_matrix: list[list[float]] | None = None
    if distance == "smoothed-js":
        if bandwidth is None:
            raise ValueError("smoothed-js needs a bandwidth")
        if ground == "equal":
            dist_matrix = ground_equal(len(domain))
        elif ground == "ordered":
            if order is not None:
                domain = list(order)
            dist_matrix = ground_ordered(len(domain))
        elif ground == "hierarchical":
            if hierarchy is None:
                raise ValueError("hierarchical ground distance needs a hierarchy")
            dist_matrix = ground_hierarchical(domain, hierarchy)
        else:
            raise ValueError(f"unknown ground distance {ground!r}")
    elif distance not in ("variational", "kl", "js"):
        raise ValueError(f"unknown distance {distance!r}")
    if len(set(domain)) != len(domain):
        raise ValueError("the domain contains duplicates")

    q = distribution(values, domain) if values else []
    verdicts: list[tuple[bool, int]] = []
    distances: list[float] = []
    for members in equivalence_classes(rows, qis).values():
        p = distribution(_sensitive_values(members, attr), domain)
        if distance == "variational":
            d = variational(p, q)
        elif distance == "kl":
            d = kl(p, q)
        elif distance == "js":
            d = js(p, q)
        else:
            assert dist_matrix is not None and bandwidth is not None
            d = smoothed_js(p, q, dist_matrix, bandwidth)
        distances.append(d)
        verdicts.append((d <= t + TOL, len(members)))
    return _result(verdicts, max(distances, default=0.0))


# ---------------------------------------------------------------------------
# (n, t)-closeness (survey 001, Def. 6.1.2, full-domain generalization)
# ---------------------------------------------------------------------------


def _emd_domain(
    values: Sequence[Any],
    distance: Literal["equal", "ordered", "hierarchical"],
    order: Sequence[Any] | None,
    hierarchy: Hierarchy | None,
) -> list[Any]:
    """Domain exactly as reference.ref_t_closeness chooses it."""
    if distance == "equal":
        domain = list(set(values))
    elif distance == "ordered":
        domain = list(order) if order is not None else sorted_domain(values)
    elif distance == "hierarchical":
        if hierarchy is None:
            raise ValueError("hierarchical distance needs a hierarchy")
        hierarchy_height(hierarchy)
        domain = list(hierarchy)
    else:
        raise ValueError(f"unknown distance {distance!r}")
    if len(set(domain)) != len(domain):
        raise ValueError("the domain contains duplicates")
    return domain


def ref_nt_closeness(
    rows: Sequence[Row],
    qis: Sequence[str],
    attr: str,
    n: int,
    t: float,
    distance: Literal["equal", "ordered", "hierarchical"],
    hierarchies: Mapping[str, Hierarchy],
    node: Sequence[int],
    *,
    order: Sequence[Any] | None = None,
    hierarchy: Hierarchy | None = None,
    per_class: dict[tuple[Any, ...], bool] | None = None,
) -> RefResult:
    """(n, t)-closeness of the table generalized at ``node``.

    ``per_class``, when given, receives each class's key (labels at ``node``) -> passed.

    ``rows`` hold the ORIGINAL QI values; the class of a row at node M is
    (hierarchies[qi][value][M_i] for each qi).  Each class E at ``node`` passes iff
    some natural superset S (the class containing E at some M >= node) with
    |S| >= n has EMD(P_E, P_S) <= t (+TOL).  val(E) = smallest such EMD (+inf
    if none); observed = largest val (None if infinite, 0.0 on an empty table).
    """
    if len(node) != len(qis):
        raise ValueError("node must have one level per quasi-identifier")
    heights = [hierarchy_height(hierarchies[qi]) for qi in qis]
    if any(not 0 <= level <= h for level, h in zip(node, heights, strict=True)):
        raise ValueError(f"node {tuple(node)} is outside the lattice (heights {heights})")
    values = _sensitive_values(rows, attr)
    domain = _emd_domain(values, distance, order, hierarchy)

    def key(row: Row, levels: Sequence[int]) -> tuple[Any, ...]:
        return tuple(hierarchies[qi][row[qi]][level] for qi, level in zip(qis, levels, strict=True))

    # Every node M >= node, and the grouping of the rows at M.
    uppers = list(itertools.product(*(range(level, h + 1) for level, h in zip(node, heights, strict=True))))
    groupings: list[dict[tuple[Any, ...], list[Row]]] = []
    for upper in uppers:
        grouping: dict[tuple[Any, ...], list[Row]] = {}
        for row in rows:
            grouping.setdefault(key(row, upper), []).append(row)
        groupings.append(grouping)

    classes: dict[tuple[Any, ...], list[Row]] = {}
    for row in rows:
        classes.setdefault(key(row, node), []).append(row)

    verdicts: list[tuple[bool, int]] = []
    vals: list[float | None] = []
    for class_key, members in classes.items():
        p = distribution(_sensitive_values(members, attr), domain)
        best = math.inf
        for upper, grouping in zip(uppers, groupings, strict=True):
            superset_keys = {key(row, upper) for row in members}
            assert len(superset_keys) == 1, "a class must sit inside one class of every coarser node"
            superset = grouping[superset_keys.pop()]
            if len(superset) >= n:
                best = min(
                    best,
                    emd(
                        distance,
                        p,
                        distribution(_sensitive_values(superset, attr), domain),
                        domain,
                        hierarchy,
                    ),
                )
        vals.append(None if math.isinf(best) else best)
        verdicts.append((best <= t + TOL, len(members)))
        if per_class is not None:
            per_class[class_key] = best <= t + TOL
    return _result(verdicts, _max_or_none(vals))


# ---------------------------------------------------------------------------
# (epsilon, delta)^k-dissimilarity (paper 004)
# ---------------------------------------------------------------------------


def dissimilarity_risk(values: Sequence[Any], epsilon: float, dist: Callable[[Any, Any], float]) -> Fraction:
    """risk(G) = max_v (|Phi_G(v, eps)| - 1) / (|G| - 1), 1 for a single row (paper 004, eq. 3).

    Phi_G(v, eps) counts, with multiplicity and v itself included, the elements
    v' of the class with dist(v, v') <= eps (+TOL).  Brute force O(|G|^2).
    """
    size = len(values)
    if size == 0:
        raise ValueError("empty class")
    if size == 1:
        return Fraction(1)
    best = Fraction(0)
    for v in values:
        phi = sum(1 for w in values if dist(v, w) <= epsilon + TOL)
        best = max(best, Fraction(phi - 1, size - 1))
    return best


def ref_dissimilarity(
    rows: Sequence[Row],
    qis: Sequence[str],
    attr_or_attrs: str | Sequence[str],
    epsilon: float,
    delta: Number,
    k: int,
    distance: Literal["numeric", "ordered", "hierarchical", "variational"],
    *,
    order: Sequence[Any] | None = None,
    hierarchy: Hierarchy | None = None,
) -> RefResult:
    """(epsilon, delta)^k-dissimilarity: |G| >= k and risk(G) <= 1 - delta (exact).

    Distances: numeric |a - b|; ordered |rank_a - rank_b| / (m - 1) over the
    table's domain (``order`` or sorted_domain); hierarchical lca level / H;
    variational: the value is the vector of the numeric columns ``attr_or_attrs``
    and dist = 1/2 sum |a_i - b_i|.  observed = largest risk (0.0 on an empty table).
    """
    one_minus_delta = 1 - _exact(delta)
    if distance == "variational":
        if isinstance(attr_or_attrs, str):
            raise ValueError("the variational distance needs a list of attributes")
        attrs = list(attr_or_attrs)
        for a in attrs:
            _sensitive_values(rows, a)
        value_of: Callable[[Row], Any] = lambda row: tuple(float(row[a]) for a in attrs)  # noqa: E731
    else:
        if not isinstance(attr_or_attrs, str):
            raise ValueError(f"the {distance} distance needs a single attribute")
        attr = attr_or_attrs
        _sensitive_values(rows, attr)
        value_of = lambda row: row[attr]  # noqa: E731
    values_of_rows = [value_of(row) for row in rows]

    dist: Callable[[Any, Any], float]
    if distance == "numeric":
        dist = lambda a, b: abs(float(a) - float(b))  # noqa: E731
    elif distance == "ordered":
        domain = list(order) if order is not None else sorted_domain(values_of_rows)
        if len(set(domain)) != len(domain) or not set(values_of_rows) <= set(domain):
            raise ValueError("the order must list every value of the table exactly once")
        rank = {v: i for i, v in enumerate(domain)}
        span = max(len(domain) - 1, 1)  # m = 1: every distance is 0
        dist = lambda a, b: abs(rank[a] - rank[b]) / span  # noqa: E731
    elif distance == "hierarchical":
        if hierarchy is None:
            raise ValueError("hierarchical distance needs a hierarchy")
        height = hierarchy_height(hierarchy)
        tree: Hierarchy = hierarchy
        dist = lambda a, b: lca_level(a, b, tree) / height  # noqa: E731
    elif distance == "variational":
        dist = variational
    else:
        raise ValueError(f"unknown distance {distance!r}")
    verdicts: list[tuple[bool, int]] = []
    risks: list[Fraction] = []
    for members in equivalence_classes(rows, qis).values():
        risk = dissimilarity_risk([value_of(row) for row in members], epsilon, dist)
        risks.append(risk)
        verdicts.append((len(members) >= k and risk <= one_minus_delta, len(members)))
    return _result(verdicts, float(max(risks)) if risks else 0.0)
