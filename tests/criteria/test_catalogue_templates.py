"""The catalogue check templates, run straight in DuckDB, equal the pure-Python references.

Each template of the catalogue of further privacy models (check_alpha_k, check_l_pd_recursive,
check_delta_disclosure, check_beta_likeness, check_t_variational / kl / js / smoothed_js) is
rendered with ``render_template`` and run on hundreds of random frequency tables (keys..., s, n):
several classes of random sizes (size 1 included), one to three key columns (``q0``, ``q1``, ...,
sometimes ``batch_node``, sometimes NULL key values), several input rows per (class, value),
rows with n = 0 (and classes made only of such rows, which do not exist), sensitive codes
0..m-1 with some absent. Thresholds are drawn partly at the boundary: equal to the value a
class reaches (ties), or just beside it.

For every class, ``bad``, ``val`` (and ``share``) must agree with tests/oracles/reference_catalogue.py
(the input expanded to one row per unit of n); the aggregates (passed, violating classes /
rows, observed) must agree with the whole-table reference. Floats agree to 1e-9 absolute,
infinities exactly. Plus: counts whose products exceed 2^63 (HUGEINT arithmetic), checked
against exact rationals.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import duckdb
import pytest

from sqlanon.sql.render import ident, render_template
from tests.oracles.reference import (
    TOL,
    Hierarchy,
    RefResult,
    distribution,
    ground_equal,
    ground_hierarchical,
    ground_ordered,
    sorted_domain,
)
from tests.oracles.reference_catalogue import (
    beta_likeness_class,
    delta_disclosure_value,
    js,
    kl,
    pd_ratio,
    ref_alpha_k,
    ref_beta_likeness,
    ref_delta_disclosure,
    ref_npd_recursive,
    ref_pd_recursive,
    ref_t_closeness_alt,
    smoothed_js,
    variational,
)

ABS_TOL = 1e-9
SEEDS = range(6)
CASES_PER_SEED = 40  # 240 random tables per template
STRINGS = ["a", "b", "x y", 'say "hi"', "é", "0"]
SENSITIVE_NAMES = ["s0", "diagnosis", 'sal"ary', "s"]
INPUT_NAMES = ["inp", "freq table", 'in"put']

Key = tuple[Any, ...]


# ---------------------------------------------------------------------------
# Random frequency tables
# ---------------------------------------------------------------------------


@dataclass
class Case:
    keys: list[str]
    key_types: list[str]
    s: str
    input: str
    m: int  # sensitive codes are 0..m-1
    freq: list[tuple[Key, int, int]]  # (key values, code, n)

    def classes(self) -> dict[Key, list[int]]:
        """class key -> its sensitive codes, one per row (classes with rows only)."""
        out: dict[Key, list[int]] = {}
        for key, code, n in self.freq:
            if n > 0:
                out.setdefault(key, []).extend([code] * n)
        return out

    def rows(self) -> list[dict[str, Any]]:
        """The table the frequency rows stand for: each (keys, s, n) = n rows."""
        return [
            {**dict(zip(self.keys, key, strict=True)), self.s: code}
            for key, codes in self.classes().items()
            for code in codes
        ]

    def values(self) -> list[int]:
        return [code for codes in self.classes().values() for code in codes]


def random_case(rng: random.Random) -> Case:
    nkeys = rng.choice((1, 1, 2, 3))
    keys = [f"q{i}" for i in range(nkeys)]
    if rng.random() < 0.3:
        keys[rng.randrange(nkeys)] = "batch_node"
    key_types = [rng.choice(("INTEGER", "VARCHAR")) for _ in keys]

    def key_value(kind: str) -> Any:
        if rng.random() < 0.05:
            return None
        return rng.randrange(5) if kind == "INTEGER" else rng.choice(STRINGS)

    n_classes = rng.choice((1, 2, 3, 4, 5, 6, 8))
    class_keys: list[Key] = []
    for _ in range(50):
        key = tuple(key_value(kind) for kind in key_types)
        if key not in class_keys:
            class_keys.append(key)
        if len(class_keys) == n_classes + 1:
            break
    ghost = class_keys.pop() if len(class_keys) > 1 and rng.random() < 0.2 else None

    m = rng.randint(1, 7)
    present = rng.sample(range(m), rng.randint(1, m))  # codes that may appear in the table
    freq: list[tuple[Key, int, int]] = []
    for key in class_keys:
        size = rng.choice((1, 1, 2, 3, 4, 6, 10, rng.randint(1, 30)))
        palette = rng.sample(present, rng.randint(1, len(present)))
        weights = [rng.choice((1, 1, 2, 5)) for _ in palette]
        counts = Counter(rng.choices(palette, weights, k=size))
        for code, count in counts.items():
            if count >= 2 and rng.random() < 0.3:  # several input rows for one (class, value)
                part = rng.randint(1, count - 1)
                freq += [(key, code, part), (key, code, count - part)]
            else:
                freq.append((key, code, count))
        if rng.random() < 0.3:
            freq.append((key, rng.randrange(m), 0))
    if ghost is not None:  # a class with only n = 0 rows: not a class at all
        freq.append((ghost, rng.randrange(m), 0))
    rng.shuffle(freq)
    return Case(keys, key_types, rng.choice(SENSITIVE_NAMES), rng.choice(INPUT_NAMES), m, freq)


def load_table(
    con: duckdb.DuckDBPyConnection, name: str, columns: Sequence[tuple[str, str]], data: list[list[Any]]
) -> None:
    """(Re)create table ``name`` from one Python list per column (exact values, NULLs kept)."""
    con.execute(f"DROP TABLE IF EXISTS {ident(name)}")
    con.execute(f"CREATE TABLE {ident(name)} ({', '.join(f'{ident(c)} {t}' for c, t in columns)})")
    if data and data[0]:
        unnest = ", ".join(f"UNNEST(?::{t}[])" for _, t in columns)
        con.execute(f"INSERT INTO {ident(name)} SELECT {unnest}", data)


def load(con: duckdb.DuckDBPyConnection, case: Case) -> None:
    columns = [*zip(case.keys, case.key_types, strict=True), (case.s, "INTEGER"), ("n", "BIGINT")]
    data = [list(col) for col in zip(*[(*key, code, n) for key, code, n in case.freq], strict=True)]
    load_table(con, case.input, columns, data)


def run(
    con: duckdb.DuckDBPyConnection, case: Case, template: str, **params: Any
) -> dict[Key, tuple[Any, ...]]:
    """Render and run ``template`` on the loaded case: class key -> (size, bad, val[, share])."""
    expr = render_template(template, input=case.input, keys=case.keys, s=case.s, **params)
    result = con.execute(expr.sql(dialect="duckdb")).fetchall()
    nk = len(case.keys)
    out: dict[Key, tuple[Any, ...]] = {}
    for row in result:
        key = tuple(row[:nk])
        assert key not in out, f"two rows for class {key}"
        out[key] = tuple(row[nk:])
    return out


# ---------------------------------------------------------------------------
# Comparisons
# ---------------------------------------------------------------------------


def same(a: float | None, b: float | None) -> bool:
    if a is None or b is None:
        return a is None and b is None
    if math.isinf(a) or math.isinf(b):
        return a == b
    return abs(a - b) <= ABS_TOL


def as_float(value: Fraction | float | None) -> float:
    """A reference measure as the template reports it: None (infinite) -> +inf."""
    return math.inf if value is None else float(value)


def check_classes(
    case: Case,
    got: dict[Key, tuple[Any, ...]],
    expected: dict[Key, tuple[bool, float]],
    context: Any,
) -> None:
    classes = case.classes()
    assert set(got) == set(expected) == set(classes), context
    for key, (bad, val) in expected.items():
        size, got_bad, got_val = got[key][:3]
        assert size == len(classes[key]), (context, key)
        assert got_bad is bad, (context, key, got[key], (bad, val))
        assert same(got_val, val), (context, key, got_val, val)


def check_aggregate(got: dict[Key, tuple[Any, ...]], ref: RefResult, inf_is_none: bool, context: Any) -> None:
    """The aggregates of the per-class rows (worst = MAX) equal the whole-table reference."""
    bad_sizes = [row[0] for row in got.values() if row[1]]
    vals = [row[2] for row in got.values()]
    observed: float | None = max(vals) if vals else 0.0
    if inf_is_none and observed is not None and math.isinf(observed):
        observed = None
    assert (ref.passed, ref.violating_classes, ref.violating_rows) == (
        not bad_sizes,
        len(bad_sizes),
        sum(bad_sizes),
    ), (context, ref, got)
    assert same(ref.observed, observed), (context, ref.observed, observed)


def pick_float(rng: random.Random, observed: Sequence[float], lo: float, hi: float) -> float:
    """A threshold: often a value some class reaches (tie), or just beside it, or random."""
    finite = [v for v in observed if math.isfinite(v)]
    r = rng.random()
    if finite and r < 0.45:
        return rng.choice(finite)
    if finite and r < 0.6:
        return max(rng.choice(finite) + rng.choice((-1, 1)) * rng.choice((1e-12, 1e-7)), 0.0)
    return round(rng.uniform(lo, hi), rng.choice((1, 2, 6)))


def pick_fraction(rng: random.Random, ratios: Sequence[Fraction], lo: float, hi: float) -> Fraction:
    """An exact threshold: often a ratio some class reaches (tie), or just beside it, or random."""
    r = rng.random()
    if ratios and r < 0.45:
        return rng.choice(ratios)
    if ratios and r < 0.6:
        near = rng.choice(ratios) + Fraction(rng.choice((-1, 1)), 10 ** rng.randint(6, 12))
        if near > 0:
            return near
    return Fraction(repr(round(rng.uniform(lo, hi), rng.choice((1, 2, 3, 10))))) or Fraction(1, 2)


def cases(seed: int) -> list[tuple[random.Random, Case]]:
    rng = random.Random(seed)
    return [(rng, random_case(rng)) for _ in range(CASES_PER_SEED)]


@pytest.fixture(scope="module")
def con() -> duckdb.DuckDBPyConnection:
    return duckdb.connect()


# ---------------------------------------------------------------------------
# (alpha, k)-anonymity
# ---------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
def test_alpha_k(seed: int, con: duckdb.DuckDBPyConnection) -> None:
    for rng, case in cases(1000 + seed):
        load(con, case)
        classes = case.classes()
        shares = [Fraction(max(Counter(codes).values()), len(codes)) for codes in classes.values()]
        sizes = [len(codes) for codes in classes.values()]
        for _ in range(2):
            alpha = min(pick_fraction(rng, shares, 0.05, 1.0), Fraction(1))
            k = rng.choice((1, rng.choice(sizes), rng.choice(sizes) + 1, rng.randint(1, 12)))
            context = (case, alpha, k)
            got = run(
                con, case, "check_alpha_k.sql", k=k, alpha_num=alpha.numerator, alpha_den=alpha.denominator
            )
            expected: dict[Key, tuple[bool, float]] = {}
            for key, codes in classes.items():
                one = ref_alpha_k([{case.s: c} for c in codes], [], case.s, alpha, k)
                expected[key] = (not one.passed, as_float(one.observed))
            check_classes(case, got, expected, context)
            check_aggregate(got, ref_alpha_k(case.rows(), case.keys, case.s, alpha, k), False, context)


# ---------------------------------------------------------------------------
# pd-recursive and npd-recursive (c, l)-diversity
# ---------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
def test_pd_and_npd_recursive(seed: int, con: duckdb.DuckDBPyConnection) -> None:
    for rng, case in cases(2000 + seed):
        load(con, case)
        classes = case.classes()
        for _ in range(2):
            l_value = rng.choice((1, 2, 2, 3, 4))
            allowed = sorted(rng.sample(range(case.m), rng.randint(0, case.m)))
            protected = (
                sorted(rng.sample(range(case.m), rng.randint(1, case.m))) if rng.random() < 0.5 else []
            )
            ratios = [r for codes in classes.values() if (r := pd_ratio(codes, l_value, allowed))]
            c = pick_fraction(rng, ratios, 0.1, 4.0)
            shares = [
                Fraction(100 * Counter(codes)[w], len(codes)) for codes in classes.values() for w in protected
            ]
            c2 = pick_fraction(rng, [x for x in shares if x], 0.0, 60.0) if protected else Fraction(0)
            if protected and rng.random() < 0.1:
                c2 = Fraction(0)
            context = (case, l_value, allowed, protected, c, c2)
            got = run(
                con,
                case,
                "check_l_pd_recursive.sql",
                l=l_value,
                c_num=c.numerator,
                c_den=c.denominator,
                allowed=allowed,
                protected=protected,
                protected_count=len(protected),
                c2_num=c2.numerator,
                c2_den=c2.denominator,
            )
            expected: dict[Key, tuple[bool, float]] = {}
            for key, codes in classes.items():
                rows = [{case.s: code} for code in codes]
                share: float | None = None
                if protected:
                    one, share = ref_npd_recursive(rows, [], case.s, c, c2, l_value, allowed, protected)
                else:
                    one = ref_pd_recursive(rows, [], case.s, c, l_value, allowed)
                expected[key] = (not one.passed, as_float(one.observed))
                assert same(got[key][3], share), (context, key, got[key], share)
            check_classes(case, got, expected, context)
            if protected:
                whole, share_all = ref_npd_recursive(
                    case.rows(), case.keys, case.s, c, c2, l_value, allowed, protected
                )
                assert same(min(row[3] for row in got.values()), share_all), context
            else:
                whole = ref_pd_recursive(case.rows(), case.keys, case.s, c, l_value, allowed)
            check_aggregate(got, whole, True, context)


# ---------------------------------------------------------------------------
# delta-disclosure privacy and beta-likeness
# ---------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
def test_delta_disclosure(seed: int, con: duckdb.DuckDBPyConnection) -> None:
    for rng, case in cases(3000 + seed):
        load(con, case)
        values = case.values()
        q_counts, n = Counter(values), len(values)
        vals = {key: delta_disclosure_value(codes, q_counts, n) for key, codes in case.classes().items()}
        delta = pick_float(rng, list(vals.values()), 0.05, 3.0)
        context = (case, delta)
        got = run(con, case, "check_delta_disclosure.sql", delta=delta, tol=TOL)
        expected = {key: (val >= delta - TOL, val) for key, val in vals.items()}
        check_classes(case, got, expected, context)
        check_aggregate(got, ref_delta_disclosure(case.rows(), case.keys, case.s, delta), True, context)


def beta_class(
    codes: Sequence[int], q_counts: Counter[int], n: int, beta: float, enhanced: bool
) -> tuple[bool, float]:
    """(bad, val) of one class, as ref_beta_likeness decides it."""
    return beta_likeness_class(codes, q_counts, n, beta, "enhanced" if enhanced else "basic")


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
def test_beta_likeness(seed: int, con: duckdb.DuckDBPyConnection) -> None:
    for rng, case in cases(4000 + seed):
        load(con, case)
        values = case.values()
        q_counts, n = Counter(values), len(values)
        classes = case.classes()
        gains = [beta_class(codes, q_counts, n, math.inf, False)[1] for codes in classes.values()]
        lns = [-math.log(Fraction(count, n)) for count in q_counts.values()]  # enhanced bounds
        for _ in range(2):
            beta = pick_float(rng, gains + lns, 0.05, 5.0)
            enhanced = rng.random() < 0.5
            context = (case, beta, enhanced)
            got = run(con, case, "check_beta_likeness.sql", beta=beta, enhanced=enhanced, tol=TOL)
            expected = {key: beta_class(codes, q_counts, n, beta, enhanced) for key, codes in classes.items()}
            check_classes(case, got, expected, context)
            variant = "enhanced" if enhanced else "basic"
            check_aggregate(
                got, ref_beta_likeness(case.rows(), case.keys, case.s, beta, variant), False, context
            )


# ---------------------------------------------------------------------------
# t-closeness with the variational, KL and JS distances
# ---------------------------------------------------------------------------

DISTANCES = {"variational": variational, "kl": kl, "js": js}


@pytest.mark.slow
@pytest.mark.parametrize("distance", sorted(DISTANCES))
@pytest.mark.parametrize("seed", SEEDS)
def test_t_distances(distance: str, seed: int, con: duckdb.DuckDBPyConnection) -> None:
    fn = DISTANCES[distance]
    for rng, case in cases(5000 + seed):
        load(con, case)
        values = case.values()
        domain = sorted_domain(values)
        q = distribution(values, domain)
        dists = {key: fn(distribution(codes, domain), q) for key, codes in case.classes().items()}
        t = pick_float(rng, list(dists.values()), 0.0, 0.8)
        context = (case, distance, t)
        got = run(con, case, f"check_t_{distance}.sql", t=t, tol=TOL)
        expected = {key: (d > t + TOL, d) for key, d in dists.items()}
        check_classes(case, got, expected, context)
        whole = ref_t_closeness_alt(case.rows(), case.keys, case.s, t, distance)  # type: ignore[arg-type]
        check_aggregate(got, whole, False, context)


# ---------------------------------------------------------------------------
# t-closeness with the kernel-smoothed JS divergence
# ---------------------------------------------------------------------------


def random_hierarchy(rng: random.Random, leaves: Sequence[int], height: int) -> Hierarchy:
    """A random balanced hierarchy of ``height`` over ``leaves`` (leaf -> path to the root)."""
    paths: dict[Any, list[Any]] = {leaf: [leaf] for leaf in leaves}
    nodes: list[Any] = list(leaves)
    for level in range(1, height):
        parent = {node: f"L{level}_{rng.randrange(max(1, len(nodes) // 2))}" for node in nodes}
        for path in paths.values():
            path.append(parent[path[-1]])
        nodes = sorted(set(parent.values()))
    for path in paths.values():
        path.append("*")
    return {leaf: tuple(path) for leaf, path in paths.items()}


@pytest.mark.slow
@pytest.mark.parametrize("seed", SEEDS)
def test_t_smoothed_js(seed: int, con: duckdb.DuckDBPyConnection) -> None:
    for rng, case in cases(6000 + seed):
        load(con, case)
        values = case.values()
        ground = rng.choice(("equal", "ordered", "hierarchical"))
        order: list[int] | None = None
        hierarchy: Hierarchy | None = None
        domain: list[Any] = sorted_domain(values)
        extra: list[tuple[int, int, float]] = []  # ground rows the template must ignore
        if ground == "equal":
            matrix = ground_equal(len(domain))
            bandwidths = [0.5, 1.0, 1.5, 3.0, round(rng.uniform(0.1, 4.0), 3)]
        elif ground == "ordered":
            if rng.random() < 0.6:  # an explicit order over every code, absent ones included
                order = list(range(case.m))
                if rng.random() < 0.5:
                    rng.shuffle(order)
                domain = list(order)
            matrix = ground_ordered(len(domain))
            span = max(len(domain) - 1, 1)
            bandwidths = [k / span for k in range(1, span + 1)] + [round(rng.uniform(0.05, 1.5), 3)]
        else:
            height = rng.randint(1, 3)
            hierarchy = random_hierarchy(rng, range(case.m), height)
            matrix = ground_hierarchical(domain, hierarchy)
            bandwidths = [k / height for k in range(1, height + 1)] + [round(rng.uniform(0.05, 2.0), 3)]
            # pairs with leaves absent from the table: outside the domain, ignored
            full = list(range(case.m))
            full_matrix = ground_hierarchical(full, hierarchy)
            extra = [
                (a, b, full_matrix[i][j])
                for i, a in enumerate(full)
                for j, b in enumerate(full)
                if a not in domain or b not in domain
            ]
        load_table(con, "dom", [("s", "INTEGER")], [list(domain)])
        p_all = distribution(values, domain)
        for _ in range(2):
            bandwidth = rng.choice(bandwidths)
            pairs = [
                (a, b, matrix[i][j])
                for i, a in enumerate(domain)
                for j, b in enumerate(domain)
                if matrix[i][j] < bandwidth or rng.random() < 0.2  # far pairs: kernel 0, ignored
            ]
            pairs += extra
            load_table(
                con,
                "gr",
                [("a", "INTEGER"), ("b", "INTEGER"), ("d", "DOUBLE")],
                [list(col) for col in zip(*pairs, strict=True)],
            )
            dists = {
                key: smoothed_js(distribution(codes, domain), p_all, matrix, bandwidth)
                for key, codes in case.classes().items()
            }
            t = pick_float(rng, list(dists.values()), 0.0, 0.4)
            context = (case, ground, order, hierarchy, bandwidth, t)
            got = run(
                con,
                case,
                "check_t_smoothed_js.sql",
                t=t,
                tol=TOL,
                bandwidth=bandwidth,
                prepared={"domain": "dom", "ground": "gr"},  # the search's tables (built here)
            )
            expected = {key: (d > t + TOL, d) for key, d in dists.items()}
            check_classes(case, got, expected, context)
            whole = ref_t_closeness_alt(
                case.rows(),
                case.keys,
                case.s,
                t,
                "smoothed-js",
                ground=ground,  # type: ignore[arg-type]
                bandwidth=bandwidth,
                order=order,
                hierarchy=hierarchy,
            )
            check_aggregate(got, whole, False, context)


# ---------------------------------------------------------------------------
# Output shape and counts whose products exceed 2^63
# ---------------------------------------------------------------------------

ALL_PARAMS: dict[str, dict[str, Any]] = {
    "check_alpha_k.sql": {"k": 2, "alpha_num": 1, "alpha_den": 2},
    "check_l_pd_recursive.sql": {
        "l": 2,
        "c_num": 3,
        "c_den": 1,
        "allowed": [],
        "protected": [],
        "protected_count": 0,
        "c2_num": 0,
        "c2_den": 1,
    },
    "check_delta_disclosure.sql": {"delta": 1.0, "tol": TOL},
    "check_beta_likeness.sql": {"beta": 1.0, "enhanced": True, "tol": TOL},
    "check_t_variational.sql": {"t": 0.2, "tol": TOL},
    "check_t_kl.sql": {"t": 0.2, "tol": TOL},
    "check_t_js.sql": {"t": 0.2, "tol": TOL},
    "check_t_smoothed_js.sql": {
        "t": 0.2,
        "tol": TOL,
        "bandwidth": 0.75,
        "prepared": {"domain": "dom", "ground": "gr"},
    },
}


@pytest.mark.parametrize("template", sorted(ALL_PARAMS))
def test_output_columns_and_types(template: str) -> None:
    con = duckdb.connect()
    case = Case(
        ["q0", "batch_node"], ["VARCHAR", "INTEGER"], "s0", "inp", 3, [(("a", 1), 0, 2), (("a", 1), 1, 1)]
    )
    load(con, case)
    load_table(con, "dom", [("s", "INTEGER")], [[0, 1, 2]])
    load_table(con, "gr", [("a", "INTEGER"), ("b", "INTEGER"), ("d", "DOUBLE")], [[0, 1], [0, 1], [0.0, 0.0]])
    variants = [ALL_PARAMS[template]]
    if template == "check_l_pd_recursive.sql":  # npd-recursive: same columns, share filled in
        variants.append(
            {
                **ALL_PARAMS[template],
                "allowed": [0, 2],
                "protected": [1, 2],
                "protected_count": 2,
                "c2_num": 10,
            }
        )
    for params in variants:
        sql = render_template(template, input="inp", keys=case.keys, s="s0", **params).sql(dialect="duckdb")
        columns = [(row[0], row[1]) for row in con.execute(f"DESCRIBE {sql}").fetchall()]
        expected = [("q0", "VARCHAR"), ("batch_node", "INTEGER"), ("size", "HUGEINT"), ("bad", "BOOLEAN")]
        expected.append(("val", "DOUBLE"))
        if template == "check_l_pd_recursive.sql":
            expected.append(("share", "DOUBLE"))
        assert columns == expected, (template, columns)


def test_counts_beyond_int64_products() -> None:
    """Class counts around 3e9: count * den and count * 100 * den exceed 2^63, so the exact
    comparisons need HUGEINT. Boundaries are checked on both sides against exact rationals;
    one class holds more than 2^63 rows in total (two rows of n = 6e18)."""
    con = duckdb.connect()
    a0, a1, a2 = 3_000_000_001, 4_000_000_003, 2_000_000_011
    big = 6 * 10**18
    freq: list[tuple[Key, int, int]] = [
        (("A",), 0, a0),
        (("A",), 1, a1),
        (("A",), 2, a2),
        (("A",), 1, 0),
        (("H",), 0, big),
        (("H",), 1, big),
    ]
    case = Case(["q0"], ["VARCHAR"], "s0", "inp", 3, freq)
    load(con, case)
    size_a = a0 + a1 + a2
    assert 2 * big > 2**63

    # (alpha, k): top = a1, alpha = a1 / size at the boundary (passes), one step below (fails)
    alpha = Fraction(a1, size_a)
    assert a1 * alpha.denominator > 2**63
    for alpha_try, k, bad_a in (
        (alpha, size_a, False),
        (Fraction(a1 - 1, size_a), 1, True),
        (alpha, size_a + 1, True),
    ):
        got = run(
            con,
            case,
            "check_alpha_k.sql",
            k=k,
            alpha_num=alpha_try.numerator,
            alpha_den=alpha_try.denominator,
        )
        assert got[("A",)] == (size_a, bad_a, a1 / size_a)
        assert got[("H",)] == (2 * big, not (2 * big >= k and Fraction(1, 2) <= alpha_try), 0.5)

    # pd-recursive, l = 2, Y = {}: y = 1 (a1), tail = a0 + a2; c = r_y / tail violates (strict)
    c = Fraction(a1, a0 + a2)
    assert a1 * c.denominator > 2**63
    # npd: W = {2}, c2 = 100 a2 / size at the boundary passes
    c2 = Fraction(100 * a2, size_a)
    assert a2 * 100 * c2.denominator > 2**63
    for c_try, c2_try, bad_a in (
        (c, c2, True),
        (Fraction(a1 + 1, a0 + a2), c2, False),
        (Fraction(a1 + 1, a0 + a2), Fraction(100 * a2 + 1, size_a), True),
    ):
        got = run(
            con,
            case,
            "check_l_pd_recursive.sql",
            l=2,
            c_num=c_try.numerator,
            c_den=c_try.denominator,
            allowed=[],
            protected=[2],
            protected_count=1,
            c2_num=c2_try.numerator,
            c2_den=c2_try.denominator,
        )
        size, bad, val, share = got[("A",)]
        assert (size, bad) == (size_a, bad_a)
        assert same(val, float(c)) and same(share, float(Fraction(a2, size_a)))
        assert got[("H",)][1:] == (True, 1.0, 0.0)  # value 2 absent: share 0 fails any c2 > 0

    # Q-based models on tables whose count products exceed 2^63 (no class beyond 2^63 rows).
    # First: both classes proportional to the whole table (p = q exactly, every measure 0).
    proportional = [
        (("P",), 0, a0),
        (("P",), 1, 2 * a0),
        (("R",), 0, a0),
        (("R",), 1, 2 * a0),
        (("R",), 2, 0),
    ]
    load(con, Case(["q0"], ["VARCHAR"], "s0", "inp", 3, proportional))
    assert a0 * 6 * a0 > 2**63
    for template in Q_TEMPLATES:
        params = {
            **ALL_PARAMS[template],
            **{k: 0.0 for k in ("delta", "beta", "t") if k in ALL_PARAMS[template]},
        }
        got = run(con, case, template, **params)
        for key in (("P",), ("R",)):
            assert got[key] == (3 * a0, template == "check_delta_disclosure.sql", 0.0), (template, got)
    # Then: classes differing from the table, against exact rationals.
    counts = {("P",): {0: a0, 1: 2 * a0 + 10**8, 2: 1}, ("R",): {0: a0 + 3 * 10**8, 1: 2 * a0 - 3 * 10**8}}
    load(
        con,
        Case(
            ["q0"], ["VARCHAR"], "s0", "inp", 3, [(k, s, n) for k, d in counts.items() for s, n in d.items()]
        ),
    )
    whole: Counter[int] = Counter()
    for d in counts.values():
        whole.update(d)
    total = sum(whole.values())
    q = [Fraction(whole[s], total) for s in range(3)]
    for template in Q_TEMPLATES:
        got = run(con, case, template, **ALL_PARAMS[template])
        for key, d in counts.items():
            size = sum(d.values())
            p = [Fraction(d.get(s, 0), size) for s in range(3)]
            if template == "check_delta_disclosure.sql":
                expected = max(
                    (abs(math.log(pi / qi)) if pi else math.inf) for pi, qi in zip(p, q, strict=True)
                )
            elif template == "check_beta_likeness.sql":
                expected = max(
                    [float((pi - qi) / qi) for pi, qi in zip(p, q, strict=True) if pi > qi], default=0.0
                )
            else:
                fn = DISTANCES[template.removeprefix("check_t_").removesuffix(".sql")]
                expected = fn([float(x) for x in p], [float(x) for x in q])
            assert got[key][0] == size and same(got[key][2], expected), (template, key, got[key], expected)


Q_TEMPLATES = [
    "check_delta_disclosure.sql",
    "check_beta_likeness.sql",
    "check_t_variational.sql",
    "check_t_kl.sql",
    "check_t_js.sql",
]
