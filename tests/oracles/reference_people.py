"""Independent pure-Python references for guarantees counted over people (``person:``).

Written from the definitions, without looking at the SQL:

* a person's quasi-identifier is the *set* of their rows' quasi-identifier tuples, generalized
  as a whole (Nergiz, Clifton, Nergiz, Multirelational k-anonymity, TKDE 2009; Google
  Sensitive Data Protection's ``entity_id``); a class is the people whose sets are equal. When
  the quasi-identifiers are constant per person, each set holds one tuple and a class is the
  people of one tuple;
* k-anonymity over people: every class holds at least k distinct people;
* suppression removes people (all their rows), and its limit counts people: a node is
  satisfied when the people of its violating classes are at most floor(limit x people), and
  not all of them.
"""

from __future__ import annotations

import itertools
import math
from collections import defaultdict
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from tests.oracles import reference as ref_base
from tests.oracles import reference_catalogue as cat
from tests.oracles.reference import RefResult, emd, minimal_nodes

Row = Mapping[str, Any]


def people_classes(
    rows: Sequence[Row], person: Sequence[str], qis: Sequence[str]
) -> dict[frozenset[Any], set[Any]]:
    """Signature (the frozenset of a person's QI tuples) -> the people with that signature."""
    tuples: dict[Any, set[tuple[Any, ...]]] = defaultdict(set)
    for r in rows:
        tuples[tuple(r[p] for p in person)].add(tuple(r[q] for q in qis))
    classes: dict[frozenset[Any], set[Any]] = defaultdict(set)
    for who, seen in tuples.items():
        classes[frozenset(seen)].add(who)
    return dict(classes)


def ref_k_people(rows: Sequence[Row], person: Sequence[str], qis: Sequence[str], k: int) -> RefResult:
    """k-anonymity over people: observed = the smallest class's people; violating_rows counts
    the people of the violating classes."""
    sizes = [len(members) for members in people_classes(rows, person, qis).values()]
    bad = [s for s in sizes if s < k]
    return RefResult(not bad, float(min(sizes)) if sizes else None, len(bad), sum(bad))


def violating_people(rows: Sequence[Row], person: Sequence[str], qis: Sequence[str], k: int) -> set[Any]:
    """The people of the classes with fewer than k people."""
    return {
        who for members in people_classes(rows, person, qis).values() if len(members) < k for who in members
    }


def generalized(
    rows: Sequence[Row], hierarchies: Mapping[str, Mapping[str, Sequence[str]]], node: Sequence[int]
) -> list[dict[str, Any]]:
    """The rows with each QI replaced by its ancestor at the node's level."""
    out = []
    for r in rows:
        g = dict(r)
        for (q, paths), level in zip(hierarchies.items(), node, strict=True):
            g[q] = paths[r[q]][level]
        out.append(g)
    return out


def satisfying_people(
    rows: Sequence[Row],
    person: Sequence[str],
    hierarchies: Mapping[str, Mapping[str, Sequence[str]]],
    k: int,
    limit: float,
) -> set[tuple[int, ...]]:
    """Every lattice node whose k-violating people fit the suppression limit (counted in
    people), by brute force over the whole lattice."""
    qis = list(hierarchies)
    heights = [len(next(iter(hierarchies[q].values()))) - 1 for q in qis]
    people = len({tuple(r[p] for p in person) for r in rows})
    allowed = math.floor(Fraction(str(limit)) * people)
    out = set()
    for node in itertools.product(*(range(h + 1) for h in heights)):
        bad = len(violating_people(generalized(rows, hierarchies, node), person, qis, k))
        if bad == 0 or (bad <= allowed and bad < people):
            out.add(node)
    return out


def minimal_people(
    rows: Sequence[Row],
    person: Sequence[str],
    hierarchies: Mapping[str, Mapping[str, Sequence[str]]],
    k: int,
    limit: float,
) -> set[tuple[int, ...]]:
    """The minimal nodes of :func:`satisfying_people`."""
    return minimal_nodes(satisfying_people(rows, person, hierarchies, k, limit))


# ---------------------------------------------------------------------------
# Sensitive values over people (every person's quasi-identifiers constant)
# ---------------------------------------------------------------------------
#
# A class E of N people; S_p the distinct values of the attribute person p has, m_p = |S_p|:
# * c(s) = |{p in E : s in S_p}|: an attacker's confidence that a person of E has s is c(s) / N;
# * w(s) = sum over p in E with s in S_p of 1 / m_p: the class's distribution in which each
#   person weighs one, P_E(s) = w(s) / N (and the table's P_T over all its people);
# * the l-diversity variants read P_E and, for l > 1, also need N >= l and no value held by all
#   of E (max c(s) < N), as every l-diverse class of one row per person has;
# * (alpha,k): N >= k and max c(s) / N <= alpha; t-closeness (equal): 1/2 sum |P_E - P_T| <= t,
#   and every other distance between P_E and P_T likewise (smoothed-js: the JS divergence of
#   P_E and P_T each kernel-smoothed over the ground distance, then renormalized).


def person_values(rows: Sequence[Row], person: Sequence[str], attr: str) -> dict[Any, set[Any]]:
    """Person -> the distinct values of ``attr`` they have."""
    out: dict[Any, set[Any]] = defaultdict(set)
    for r in rows:
        out[tuple(r[p] for p in person)].add(r[attr])
    return dict(out)


def _weights(members: set[Any], values: Mapping[Any, set[Any]]) -> tuple[dict[Any, int], dict[Any, Fraction]]:
    c: dict[Any, int] = defaultdict(int)
    w: dict[Any, Fraction] = defaultdict(Fraction)
    for who in members:
        for s in values[who]:
            c[s] += 1
            w[s] += Fraction(1, len(values[who]))
    return dict(c), dict(w)


def _entropy(w: Mapping[Any, Fraction], n: int) -> float:
    return -sum(float(x / n) * math.log(float(x / n)) for x in w.values() if x > 0)


#: per sensitive attribute of a test: its ordered domain (``order:``) and its hierarchy (leaf ->
#: path, or None), which the t-closeness distances read
Domain = tuple[Sequence[Any], Mapping[Any, Sequence[Any]] | None]

#: the models that read the whole table's distribution: checked again after suppression
GLOBAL = {"t-closeness", "delta-disclosure", "beta-likeness", "nt-closeness"}


def natural_supersets(
    rows: Sequence[Row], person: Sequence[str], qis: Sequence[str], uppers: Sequence[Sequence[Row]]
) -> dict[Any, list[set[Any]]]:
    """Person -> the people of their class in each of ``uppers`` (the rows generalized to each
    node at or above the class's: its natural supersets, the class itself included)."""
    out: dict[Any, list[set[Any]]] = defaultdict(list)
    for upper in uppers:
        for members in people_classes(upper, person, qis).values():
            for who in members:
                out[who].append(members)
    return dict(out)


def class_supersets(
    classes: Mapping[frozenset[Any], set[Any]], sups: Mapping[Any, Sequence[set[Any]]]
) -> dict[frozenset[Any], list[set[Any]]]:
    """Each class's natural supersets (``sups``: :func:`natural_supersets`). Every person of a
    class has the same ones, whether or not their quasi-identifiers vary: generalizing a set of
    tuples as a whole maps equal sets to equal sets, so a class's people share one class at
    every more general node (asserted here, on every table a test builds)."""
    out = {}
    for signature, members in classes.items():
        seen = {tuple(frozenset(s) for s in sups.get(who, [])) for who in members}
        assert len(seen) == 1, "the people of a class are in different classes at a more general node"
        out[signature] = [set(s) for s in next(iter(seen))]
    return out


def uppers_of(
    rows: Sequence[Row], qis: Sequence[str], hierarchies: Mapping[str, Mapping[Any, Sequence[Any]]]
) -> list[list[dict[str, Any]]]:
    """The rows generalized to every combination of levels from the labels as they are: a
    quasi-identifier of ``hierarchies`` (value -> its labels up to the top, the rows holding
    its leaves) climbs its hierarchy, any other only to '*' (a NULL stays a class of its own
    until then)."""
    ladders = [
        len(next(iter(hierarchies[q].values()))) if q in hierarchies else 2  # levels per QI
        for q in qis
    ]
    out = []
    for levels in itertools.product(*(range(n) for n in ladders)):
        upper = []
        for r in rows:
            g = dict(r)
            for q, level in zip(qis, levels, strict=True):
                if q in hierarchies:
                    g[q] = hierarchies[q][r[q]][level]
                elif level:
                    g[q] = "*"
            upper.append(g)
        out.append(upper)
    return out


def class_verdict(
    kind: str,
    params: Mapping[str, Any],
    members: set[Any],
    values: Mapping[Any, set[Any]],
    table: tuple[Mapping[Any, int], Mapping[Any, Fraction], int],
    domain: Domain | None = None,
    supersets: Sequence[set[Any]] = (),
) -> tuple[bool, float | None]:
    """(passed, the class's measure) of one model over the people ``members`` of a class, in a
    ``table`` of (people per value, split weights per value, people); ``supersets``: the people
    of each of the class's natural supersets, which (n,t)-closeness reads."""
    table_c, table_w, table_n = table
    n = len(members)
    c, w = _weights(members, values)
    if kind == "nt-closeness":
        # (n,t): some natural superset S of at least n people with EMD(P_E, P_S) <= t, P_S the
        # superset's distribution in which each of its people weighs one
        assert domain is not None
        order, hierarchy = domain
        pe = [float(w.get(s, Fraction(0)) / n) for s in order]
        best = math.inf
        for superset in supersets:
            if len(superset) >= params["n"]:
                _, ws = _weights(superset, values)
                ps = [float(ws.get(s, Fraction(0)) / len(superset)) for s in order]
                best = min(best, emd(params["distance"], pe, ps, order, hierarchy))
        return best <= params["t"] + 1e-9, None if math.isinf(best) else best
    if kind in ("dissimilarity", "exact-dissimilarity"):
        return _dissimilarity_people(params, members, values, c, domain, exact=kind == "exact-dissimilarity")
    if kind == "k-anonymity":
        return n >= params["k"], float(n)
    if kind == "alpha-k-anonymity":
        top = max(c.values())
        return n >= params["k"] and Fraction(top, n) <= Fraction(str(params["alpha"])), top / n
    if kind in ("delta-disclosure", "beta-likeness"):
        # beliefs: the share of the class's people who have v, against the table's
        p = {s: Fraction(c.get(s, 0), n) for s in table_c}
        q = {s: Fraction(table_c[s], table_n) for s in table_c}
        if kind == "delta-disclosure":
            if any(p[s] == 0 for s in q):
                return False, None
            val = max(abs(math.log(p[s] / q[s])) for s in q)
            return not val >= params["delta"] - 1e-9, val
        gains = [(float((p[s] - q[s]) / q[s]), q[s]) for s in q if p[s] > q[s]]
        enhanced = params.get("variant", "basic") == "enhanced"
        bad = any(
            g > (min(params["beta"], -math.log(qs)) if enhanced else params["beta"]) + 1e-9 for g, qs in gains
        )
        return not bad, max([0.0, *(g for g, _ in gains)])
    if kind == "t-closeness":
        distance = params["distance"]
        if distance == "equal":
            emd_ = sum(abs(w.get(s, Fraction(0)) / n - table_w[s] / table_n) for s in table_w) / 2
            return float(emd_) <= params["t"] + 1e-9, float(emd_)
        assert domain is not None
        order, hierarchy = domain
        pe = [float(w.get(s, Fraction(0)) / n) for s in order]
        qt = [float(table_w.get(s, Fraction(0)) / table_n) for s in order]
        if distance in ("ordered", "hierarchical"):
            val = emd(distance, pe, qt, order, hierarchy)  # type: ignore[arg-type]
        elif distance == "smoothed-js":
            val = cat.smoothed_js(pe, qt, _ground(params["ground"], order, hierarchy), params["bandwidth"])
        else:
            val = {"kl": cat.kl, "js": cat.js, "variational": cat.variational}[distance](pe, qt)
        return val <= params["t"] + 1e-9, val
    assert kind == "l-diversity"
    l = params["l"]  # noqa: E741
    people_ok = l <= 1 or (n >= l and max(c.values()) < n)
    variant = params["variant"]
    if variant in ("pd-recursive", "npd-recursive"):
        return _pd_people(params, n, c, w)
    if variant == "distinct":
        return len(w) >= l and people_ok, float(len(w))
    if variant == "entropy":
        h = _entropy(w, n)
        return h >= math.log(l) - 1e-9 and people_ok, math.exp(h)
    assert variant == "recursive"
    r = sorted(w.values(), reverse=True)
    tail = sum(r[int(l) - 1 :], Fraction(0))
    ok = r[0] < Fraction(str(params["c"])) * tail
    return ok and people_ok, (float(r[0] / tail) if tail else None)


def value_distance(distance: str, order: Sequence[Any], hierarchy: Mapping[Any, Sequence[Any]] | None) -> Any:
    """dissimilarity's distance between two values: numeric |a - b|, ordered |rank(a) -
    rank(b)| / (m - 1) over ``order``, hierarchical level(lca) / H."""
    if distance == "numeric":
        return lambda a, b: abs(float(a) - float(b))
    if distance == "ordered":
        rank = {v: i for i, v in enumerate(order)}
        return lambda a, b: abs(rank[a] - rank[b]) / max(len(order) - 1, 1)
    assert hierarchy is not None
    height = len(next(iter(hierarchy.values()))) - 1
    return lambda a, b: ref_base.lca_level(a, b, hierarchy) / height


def _dissimilarity_people(
    params: Mapping[str, Any],
    members: set[Any],
    values: Mapping[Any, set[Any]],
    c: Mapping[Any, int],
    domain: Domain | None,
    exact: bool = False,
) -> tuple[bool, float | None]:
    """(epsilon,delta)^k-dissimilarity over people: N >= k and risk <= 1 - delta, risk = max
    over the class's values v of (Phi(v) - 1) / (N - 1) (1 when N = 1), Phi(v) the people
    near v (within epsilon). ``exact``: Phi counts each person with a value near v once;
    otherwise (sqlanon's form) Phi = min(N, sum of c(w) over the values w near v), which counts
    a person once per value they have near v and so never underestimates the risk."""
    assert domain is not None
    order, hierarchy = domain
    near = value_distance(params["distance"], order, hierarchy)
    within = params["epsilon"] + 1e-9
    n = len(members)
    delta = Fraction(str(params["delta"]))
    if n == 1:
        return n >= params["k"] and delta == 0, 1.0
    risk = Fraction(0)
    for v in c:
        if exact:
            phi = sum(1 for who in members if any(near(v, w) <= within for w in values[who]))
        else:
            phi = min(n, sum(c[w] for w in c if near(v, w) <= within))
        risk = max(risk, Fraction(phi - 1, n - 1))
    return n >= params["k"] and risk <= 1 - delta, float(risk)


def _ground(
    ground: str, order: Sequence[Any], hierarchy: Mapping[Any, Sequence[Any]] | None
) -> list[list[float]]:
    """The ground distances between the values of ``order`` (smoothed-js's kernel reads them)."""
    if ground == "equal":
        return ref_base.ground_equal(len(order))
    if ground == "ordered":
        return ref_base.ground_ordered(len(order))
    assert hierarchy is not None
    return ref_base.ground_hierarchical(order, hierarchy)


def _pd_people(
    params: Mapping[str, Any], n: int, c: Mapping[Any, int], w: Mapping[Any, Fraction]
) -> tuple[bool, float | None]:
    """pd-recursive (c,l) (npd: (c1,c2,l)) over people: r_y < c tail on the class's split
    weights, ties with the values outside ``allowed`` first (the paper's Definition 4.3); for
    l > 1 no value outside ``allowed`` held by every person; npd: every protected value held by
    at least c2 percent of the class's people."""
    l = int(params["l"])  # noqa: E741
    allowed = set(params.get("allowed") or [])
    bound = Fraction(str(params["c"] if "c" in params else params["c1"]))
    ordered = sorted(w.items(), key=lambda item: (-item[1], item[0] in allowed))
    r = {rank: weight for rank, (_, weight) in enumerate(ordered, start=1)}
    outside = [rank for rank, (value, _) in enumerate(ordered, start=1) if value not in allowed]
    ok, ratio = True, 0.0
    if outside:
        y = outside[0]
        if y <= l - 1:
            tail = sum((r[j] for j in range(l, len(r) + 1)), Fraction(0))
        else:
            tail = sum((r[j] for j in range(max(l - 1, 1), len(r) + 1) if j != y), Fraction(0))
        ok = tail > 0 and r[y] < bound * tail
        ratio = float(r[y] / tail) if tail else None  # type: ignore[assignment]
        if l > 1 and any(c[v] >= n for v in c if v not in allowed):
            ok = False
    for protected in params.get("protected") or []:
        if c.get(protected, 0) * 100 < Fraction(str(params["c2"])) * n:
            ok = False
    return ok, ratio


def ref_people_model(
    rows: Sequence[Row],
    person: Sequence[str],
    qis: Sequence[str],
    attr: str | None,
    kind: str,
    params: Mapping[str, Any],
    domain: Domain | None = None,
    uppers: Sequence[Sequence[Row]] | None = None,
) -> RefResult:
    """One model over people, on the rows as they are: worst measure, violating classes and
    their people (``observed`` None: unbounded, a recursive class with fewer than l values or a
    class missing one of the table's values under delta-disclosure). ``uppers``: the rows at
    every node at or above the table's, which (n,t)-closeness's supersets are read from
    (default: each quasi-identifier only to '*', :func:`uppers_of` without hierarchies)."""
    classes = people_classes(rows, person, qis)
    values = (
        person_values(rows, person, attr) if attr else {who: {None} for m in classes.values() for who in m}
    )
    table_c, table_w = _weights({who for m in classes.values() for who in m}, values)
    table = (table_c, table_w, sum(len(m) for m in classes.values()))
    ups = (uppers_of(rows, qis, {}) if uppers is None else uppers) if kind == "nt-closeness" else []
    sups = class_supersets(classes, natural_supersets(rows, person, qis, ups))
    verdicts = [
        (class_verdict(kind, params, m, values, table, domain, sups[sig]), len(m))
        for sig, m in classes.items()
    ]
    bad = [size for (ok, _), size in verdicts if not ok]
    measures = [v for (_, v), _ in verdicts]
    worst_max = kind in (
        "alpha-k-anonymity",
        "t-closeness",
        "nt-closeness",
        "delta-disclosure",
        "beta-likeness",
        "dissimilarity",
        "exact-dissimilarity",
    ) or (kind == "l-diversity" and params["variant"] in ("recursive", "pd-recursive", "npd-recursive"))
    if worst_max:
        observed = None if any(v is None for v in measures) else max(v for v in measures if v is not None)
    else:
        observed = min(v for v in measures if v is not None)
    return RefResult(not bad, observed, len(bad), sum(bad))


def satisfying_people_models(
    rows: Sequence[Row],
    person: Sequence[str],
    hierarchies: Mapping[str, Mapping[str, Sequence[str]]],
    attr: str,
    criteria: Sequence[Mapping[str, Mapping[str, Any]]],
    limit: float,
    domain: Domain | None = None,
    domains: Mapping[str, Domain] | None = None,
) -> dict[tuple[int, ...], set[Any]]:
    """Every lattice node satisfying ``criteria`` over people within the suppression limit, by
    brute force, with the people it suppresses: those of the classes violating any criterion
    (at most floor(limit x people), and not all); the models over the whole table's
    distribution (GLOBAL) are checked again on the people left.

    Several sensitive columns: each criterion reads its own ``attribute`` (default ``attr``),
    each person's distinct values of that column split over their weight of one (the column's
    own split distribution), with its domain from ``domains`` (default ``domain``)."""
    qis = list(hierarchies)
    heights = [len(next(iter(hierarchies[q].values()))) - 1 for q in qis]
    everyone = set(person_values(rows, person, attr))
    allowed = math.floor(Fraction(str(limit)) * len(everyone))

    def own(params: Mapping[str, Any]) -> tuple[dict[Any, set[Any]], Domain | None]:
        name = params.get("attribute", attr)
        return person_values(rows, person, name), (domains or {}).get(name, domain)

    def table_of(
        params: Mapping[str, Any], people: set[Any]
    ) -> tuple[dict[Any, int], dict[Any, Fraction], int]:
        values, _ = own(params)
        c, w = _weights(people, values)
        return c, w, len(people)

    nt = any("nt-closeness" in item for item in criteria)
    lattice = list(itertools.product(*(range(h + 1) for h in heights)))
    at = {node: generalized(rows, hierarchies, node) for node in lattice} if nt else {}
    out: dict[tuple[int, ...], set[Any]] = {}
    for node in lattice:
        by_signature = people_classes(generalized(rows, hierarchies, node), person, qis)
        classes = list(by_signature.values())
        uppers = [at[m] for m in lattice if all(a >= b for a, b in zip(m, node, strict=True))] if nt else []
        # each person's supersets are their class's (class_supersets asserts it)
        sups = {
            who: superset
            for sig, superset in class_supersets(
                by_signature, natural_supersets(rows, person, qis, uppers)
            ).items()
            for who in by_signature[sig]
        }
        gone: set[Any] = set()
        for members in classes:
            for item in criteria:
                ((kind, params),) = item.items()
                values, column = own(params)
                if not class_verdict(
                    kind,
                    params,
                    members,
                    values,
                    table_of(params, everyone),
                    column,
                    sups.get(next(iter(members)), []),
                )[0]:
                    gone |= members
        if gone and (len(gone) > allowed or len(gone) == len(everyone)):
            continue
        left = everyone - gone
        if all(
            class_verdict(
                kind,
                params,
                m,
                own(params)[0],
                table_of(params, left),
                own(params)[1],
                [superset & left for superset in sups.get(next(iter(m)), [])],
            )[0]
            for item in criteria
            for kind, params in item.items()
            if kind in GLOBAL
            for m in classes
            if not m & gone
        ):
            out[node] = gone
    return out


# ---------------------------------------------------------------------------
# The audit's attacks over people (docs/people.md, "The audit over people")
# ---------------------------------------------------------------------------
#
# In a class E of N people of the release, c(v) of them having v; b_E(v) = c(v) / N is what an
# attacker believes of a person of E, b_T(v) the same over the release's people:
# * homogeneity: some v has c(v) = N (every person of E has it);
# * negation: at most s + 1 values among E's people (rule out s, the person has the rest);
# * similarity: the values among E's people fall in one group at the level;
# * skewness: the t-closeness distance of the split distributions, P_E against P_T, above t;
# * inference: max over v of b_E(v) - b_T(v) above the gain g (exactly, in fractions).

ATTACKS = ("homogeneity", "negation", "similarity", "skewness", "inference")


def audit_people_attacks(
    rows: Sequence[Row],
    person: Sequence[str],
    qis: Sequence[str],
    attr: str,
    settings: Mapping[str, Any],
    skewness: tuple[str, float],
    domain: Domain,
) -> dict[str, Any]:
    """Every attack on the release ``rows`` (the people kept, all their rows, generalized),
    counted over people: per attack None (not measured: similarity without a hierarchy level
    below the top) or {classes, people, attributes: {attr: {classes, people[, largest]}}}.
    ``skewness``: (distance, t); ``domain``: the column's order and hierarchy."""
    return audit_people_attacks_multi(rows, person, qis, {attr: domain}, settings, skewness)


def _attack_flags(
    classes: Sequence[set[Any]],
    rows: Sequence[Row],
    person: Sequence[str],
    attr: str,
    settings: Mapping[str, Any],
    skewness: tuple[str, float],
    domain: Domain,
) -> tuple[dict[str, list[bool] | None], dict[str, float]]:
    """Per attack, whether each of ``classes`` is vulnerable through ``attr`` (None: not
    measured), and the largest skewness distance and inference gain."""
    values = person_values(rows, person, attr)
    everyone = {who for members in classes for who in members}
    table_c, table_w = _weights(everyone, values)
    table = (table_c, table_w, len(everyone))
    _, paths = domain
    height = None if paths is None else len(next(iter(paths.values()))) - 1
    level = settings["similarity_level"]
    gain = Fraction(str(settings["inference_gain"]))
    distance, t = skewness
    flags: dict[str, list[bool]] = {a: [] for a in ATTACKS}
    largest: dict[str, float] = {}
    for members in classes:
        n = len(members)
        c, _ = _weights(members, values)
        flags["homogeneity"].append(any(count == n for count in c.values()))
        flags["negation"].append(len(c) <= settings["negations"] + 1)
        if paths is not None and height is not None and level < height:
            flags["similarity"].append(len({paths[v][level] for v in c}) == 1)
        _, d = class_verdict("t-closeness", {"t": t, "distance": distance}, members, values, table, domain)
        assert d is not None
        flags["skewness"].append(d > t + 1e-9)
        largest["skewness"] = max(largest.get("skewness", 0.0), d)
        rise = max(Fraction(count, n) - Fraction(table_c[v], len(everyone)) for v, count in c.items())
        flags["inference"].append(rise > gain)
        largest["inference"] = max(largest.get("inference", -1.0), float(rise))
    measured = paths is not None and height is not None and level < height
    return {a: (f if a != "similarity" or measured else None) for a, f in flags.items()}, largest


def audit_people_attacks_multi(
    rows: Sequence[Row],
    person: Sequence[str],
    qis: Sequence[str],
    domains: Mapping[str, Domain],
    settings: Mapping[str, Any],
    skewness: tuple[str, float],
) -> dict[str, Any]:
    """:func:`audit_people_attacks` over several sensitive columns (``domains``: each one's
    order and hierarchy): per attribute its own attack figures, and per attack the classes
    vulnerable through some attribute (None when no attribute measures it)."""
    classes = list(people_classes(rows, person, qis).values())
    sizes = [len(m) for m in classes]
    per = {a: _attack_flags(classes, rows, person, a, settings, skewness, d) for a, d in domains.items()}
    out: dict[str, Any] = {}
    for attack in ATTACKS:
        attributes: dict[str, Any] = {}
        anyone = [False] * len(classes)
        measured = False
        for a, (flags, largest) in per.items():
            got = flags[attack]
            if got is None:
                attributes[a] = None
                continue
            measured = True
            anyone = [x or y for x, y in zip(anyone, got, strict=True)]
            entry: dict[str, Any] = {
                "classes": sum(got),
                "people": sum(s for s, f in zip(sizes, got, strict=True) if f),
            }
            if attack in largest:
                entry["largest"] = largest[attack]
            attributes[a] = entry
        if not measured:
            out[attack] = None
            continue
        out[attack] = {
            "classes": sum(anyone),
            "people": sum(s for s, f in zip(sizes, anyone, strict=True) if f),
            "attributes": attributes,
        }
    return out


def audit_people(
    rows: Sequence[Row],
    person: Sequence[str],
    hierarchies: Mapping[str, Mapping[str, Sequence[str]]],
    attr: str,
    criteria: Sequence[Mapping[str, Mapping[str, Any]]],
    limit: float,
    settings: Mapping[str, Any],
    skewness: tuple[str, float],
    domain: Domain,
    domains: Mapping[str, Domain] | None = None,
    satisfying: Mapping[tuple[int, ...], set[Any]] | None = None,
) -> dict[tuple[int, ...], dict[str, Any]]:
    """What ``audit`` should find over people, by brute force: per minimal node satisfying
    ``criteria`` within the suppression limit (both counted in people), the release's people,
    suppressed people, classes and every attack (:func:`audit_people_attacks`) on the rows of
    the people it keeps. ``domains``: several sensitive columns (each criterion reads its own
    ``attribute``), every one attacked. ``satisfying``: the satisfying nodes and the people each
    suppresses, when the caller's brute force found them (a model over several columns at once:
    :func:`satisfying_people_several`), instead of ``criteria``'s."""
    if satisfying is None:
        satisfying = satisfying_people_models(
            rows, person, hierarchies, attr, criteria, limit, domain, domains
        )
    attacked = dict(domains) if domains else {attr: domain}
    everyone = {tuple(r[p] for p in person) for r in rows}
    qis = list(hierarchies)
    out = {}
    for node in minimal_nodes(set(satisfying)):
        gone = satisfying[node]
        kept = [r for r in generalized(rows, hierarchies, node) if tuple(r[p] for p in person) not in gone]
        out[node] = {
            "people": len(everyone) - len(gone),
            "suppressed_people": len(gone),
            "classes": len(people_classes(kept, person, qis)),
            "attacks": audit_people_attacks_multi(kept, person, qis, attacked, settings, skewness),
        }
    return out


# ---------------------------------------------------------------------------
# Models over several sensitive columns at once (docs/people.md, "Models over several
# sensitive columns at once")
# ---------------------------------------------------------------------------


def _vectors(
    rows: Sequence[Row], person: Sequence[str], attrs: Sequence[str]
) -> dict[Any, set[tuple[float, ...]]]:
    """Person -> the vectors (one value of each of ``attrs``, as numbers) of their rows."""
    out: dict[Any, set[tuple[float, ...]]] = defaultdict(set)
    for r in rows:
        out[tuple(r[p] for p in person)].add(tuple(float(r[a]) for a in attrs))
    return dict(out)


def _cross(vectors: set[tuple[float, ...]]) -> set[tuple[float, ...]]:
    """The cross product of a person's values of each column (their rows' vectors, recombined)."""
    columns = [sorted({v[i] for v in vectors}) for i in range(len(next(iter(vectors))))]
    return set(itertools.product(*columns))


def variational_people(
    params: Mapping[str, Any], members: set[Any], vectors: Mapping[Any, set[tuple[float, ...]]], exact: bool
) -> tuple[bool, float]:
    """(epsilon,delta)^k-dissimilarity with distance variational over the people ``members``:
    N >= k and risk <= 1 - delta, risk = max over vectors v of (Phi(v) - 1) / (N - 1) (1 when
    N = 1), distance(v, w) = 1/2 sum_i |v_i - w_i|.

    ``exact``: v ranges over the class's rows' vectors and Phi(v) counts the people having a row
    whose vector lies within epsilon of v, each once. Otherwise (sqlanon's bound): v ranges
    over the vectors of the people's cross products and Phi(v) = min(N, sum of c(w) over those
    vectors w within epsilon of v), c(w) the people whose cross product holds w."""
    n = len(members)
    delta = Fraction(str(params["delta"]))
    within = params["epsilon"] + 1e-9

    def near(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
        return 0.5 * sum(abs(x - y) for x, y in zip(a, b, strict=True)) <= within

    if n == 1:
        return n >= params["k"] and delta == 0, 1.0
    risk = Fraction(0)
    if exact:
        seen = {v for who in members for v in vectors[who]}
        for v in seen:
            phi = sum(1 for who in members if any(near(v, w) for w in vectors[who]))
            risk = max(risk, Fraction(phi - 1, n - 1))
    else:
        c: dict[tuple[float, ...], int] = defaultdict(int)
        for who in members:
            for w in _cross(vectors[who]):
                c[w] += 1
        for v in c:
            phi = min(n, sum(cw for w, cw in c.items() if near(v, w)))
            risk = max(risk, Fraction(phi - 1, n - 1))
    return n >= params["k"] and risk <= 1 - delta, float(risk)


def ref_variational_people(
    rows: Sequence[Row],
    person: Sequence[str],
    qis: Sequence[str],
    params: Mapping[str, Any],
    exact: bool = False,
) -> RefResult:
    """check's figures for variational dissimilarity over people on the rows as they are."""
    vectors = _vectors(rows, person, params["attributes"])
    verdicts = [
        (variational_people(params, m, vectors, exact), len(m))
        for m in people_classes(rows, person, qis).values()
    ]
    bad = [size for (ok, _), size in verdicts if not ok]
    return RefResult(not bad, max(v for (_, v), _ in verdicts), len(bad), sum(bad))


def satisfying_people_several(
    rows: Sequence[Row],
    person: Sequence[str],
    hierarchies: Mapping[str, Mapping[str, Sequence[str]]],
    verdict: Any,
    limit: float,
) -> dict[tuple[int, ...], set[Any]]:
    """Every lattice node where every class of people passes ``verdict`` (members, the node's
    generalized rows -> passed) within the suppression limit, by brute force, with the people
    suppressed (those of the failing classes: at most floor(limit x people), and not all)."""
    qis = list(hierarchies)
    heights = [len(next(iter(hierarchies[q].values()))) - 1 for q in qis]
    everyone = {tuple(r[p] for p in person) for r in rows}
    allowed = math.floor(Fraction(str(limit)) * len(everyone))
    out: dict[tuple[int, ...], set[Any]] = {}
    for node in itertools.product(*(range(h + 1) for h in heights)):
        at = generalized(rows, hierarchies, node)
        gone: set[Any] = set()
        for members in people_classes(at, person, qis).values():
            if not verdict(members, at):
                gone |= members
        if gone and (len(gone) > allowed or len(gone) == len(everyone)):
            continue
        out[node] = gone
    return out


def ref_multi_l_people(
    rows: Sequence[Row], person: Sequence[str], qis: Sequence[str], params: Mapping[str, Any]
) -> RefResult:
    """Multi-attribute l-diversity over people (002 Definition 4.5 with docs/people.md's rule for
    quasi-identifiers): for each listed attribute S_i, a person's extended quasi-identifier is
    the set of their rows' (QI tuple, values of the other listed attributes) tuples; the
    sub-blocks of a class are its people whose extended sets are equal, and each must satisfy
    the variant over people on S_i (each person's distinct values of S_i, split). A class
    violates when any of its sub-blocks does, for any attribute; its measure is the worst of
    its sub-blocks'."""
    attrs = list(params["attributes"])
    worst_max = params["variant"] == "recursive"
    single = {k: v for k, v in params.items() if k not in ("attributes", "multi_attribute")}
    extended: dict[str, dict[Any, set[Any]]] = {a: defaultdict(set) for a in attrs}
    for r in rows:
        who = tuple(r[p] for p in person)
        for a in attrs:
            extended[a][who].add((tuple(r[q] for q in qis), tuple(r[o] for o in attrs if o != a)))
    verdicts = []
    for members in people_classes(rows, person, qis).values():
        ok, measures = True, []
        for a in attrs:
            values = person_values(rows, person, a)
            blocks: dict[frozenset[Any], set[Any]] = defaultdict(set)
            for who in members:
                blocks[frozenset(extended[a][who])].add(who)
            for block in blocks.values():
                passed, measure = class_verdict("l-diversity", single, block, values, ({}, {}, 0))
                ok = ok and passed
                measures.append(measure)
        if any(m is None for m in measures):
            value = None
        else:
            value = max(measures) if worst_max else min(measures)  # type: ignore[type-var]
        verdicts.append((ok, value, len(members)))
    bad = [size for ok, _, size in verdicts if not ok]
    values_ = [v for _, v, _ in verdicts]
    if worst_max:
        observed = None if any(v is None for v in values_) else max(v for v in values_ if v is not None)
    else:
        observed = min(v for v in values_ if v is not None)
    return RefResult(not bad, observed, len(bad), sum(bad))
