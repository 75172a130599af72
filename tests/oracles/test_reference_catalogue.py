"""Tests of the catalogue references (tests/oracles/reference_catalogue.py).

Hand-worked examples from the papers (002 l-diversity, 001 survey, 004 proximity
privacy) and properties: agreement with the older references of
tests/oracles/reference.py where the models coincide, and monotonicity under merging of
classes for the models that claim it.  Every RNG is seeded.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
from collections import Counter
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, Literal

import pytest

from tests.oracles.reference import (
    TOL,
    Hierarchy,
    RefResult,
    emd_equal,
    ground_equal,
    ground_hierarchical,
    ground_ordered,
    random_table,
    ref_distinct_l,
    ref_entropy_l,
    ref_recursive_cl,
    ref_t_closeness,
)
from tests.oracles.reference_catalogue import (
    js,
    kl,
    pd_ratio,
    ref_alpha_k,
    ref_beta_likeness,
    ref_delta_disclosure,
    ref_dissimilarity,
    ref_multi_attribute_l,
    ref_npd_recursive,
    ref_nt_closeness,
    ref_pd_recursive,
    ref_t_closeness_alt,
    smoothed_js,
    variational,
)
from tests.support.cases import seeds

Table = list[dict[str, Any]]


def table(*classes: Sequence[Any], attr: str = "s") -> Table:
    """One class per argument: class i gets QI value i and the listed sensitive values."""
    return [{"q": i, attr: v} for i, values in enumerate(classes) for v in values]


def result(passed: bool, observed: float | None, classes: int, rows: int) -> RefResult:
    return RefResult(passed=passed, observed=observed, violating_classes=classes, violating_rows=rows)


def same(a: RefResult, b: RefResult, tol: float = 1e-9) -> bool:
    """Equal verdicts and counts, observed within tol (None only equals None)."""
    if (a.passed, a.violating_classes, a.violating_rows) != (b.passed, b.violating_classes, b.violating_rows):
        return False
    if a.observed is None or b.observed is None:
        return a.observed is b.observed
    return math.isclose(a.observed, b.observed, rel_tol=0, abs_tol=tol)


def random_hierarchy_over(
    rng: random.Random, leaves: Sequence[Any], height: int
) -> dict[Any, tuple[Any, ...]]:
    """Random balanced hierarchy of ``height`` over ``leaves`` (labels unique per level, root '*')."""
    paths: dict[Any, list[Any]] = {leaf: [leaf] for leaf in leaves}
    current = sorted({leaf for leaf in leaves}, key=str)
    for level in range(1, height):
        groups = rng.randint(1, len(current))
        parent = {node: f"L{level}.{rng.randrange(groups)}" for node in current}
        for path in paths.values():
            path.append(parent[path[-1]])
        current = sorted(set(parent.values()))
    for path in paths.values():
        path.append("*")
    return {leaf: tuple(path) for leaf, path in paths.items()}


def merge_two_classes(rng: random.Random, rows: Table, qis: Sequence[str]) -> Table | None:
    """Copy of ``rows`` where a random class takes the QI values of another one (None if < 2 classes)."""
    keys = sorted({tuple(row[qi] for qi in qis) for row in rows})
    if len(keys) < 2:
        return None
    src, dst = rng.sample(keys, 2)
    merged = []
    for row in rows:
        new = dict(row)
        if tuple(row[qi] for qi in qis) == src:
            new.update(zip(qis, dst, strict=True))
        merged.append(new)
    return merged


# ---------------------------------------------------------------------------
# pd-recursive (c, l)-diversity, paper 002 Def. 4.3
# ---------------------------------------------------------------------------


def test_pd_recursive_y_at_most_l_minus_1() -> None:
    # l = 3, Y = {a}: counts b:5, a:3, c:2, d:1 -> r = [5, 3, 2, 1], y = 1 (b) <= l-1 = 2,
    # tail = r_3 + r_4 = 3, ratio 5/3; passes iff 5 < c * 3.
    rows = table(["b"] * 5 + ["a"] * 3 + ["c"] * 2 + ["d"])
    assert ref_pd_recursive(rows, ["q"], "s", c=2, l=3, allowed=["a"]) == result(True, 5 / 3, 0, 0)
    # c = 5/3 exactly: 5 < 5 is false (strict, exact rational).
    assert ref_pd_recursive(rows, ["q"], "s", c=Fraction(5, 3), l=3, allowed=["a"]) == result(
        False, 5 / 3, 1, 11
    )


def test_pd_recursive_y_above_l_minus_1() -> None:
    # l = 3, Y = {a, b}: counts a:6, b:4, c:3, d:1, e:1 -> r = [6, 4, 3, 1, 1], y = 3 (c) > 2,
    # tail = sum_{j >= 2, j != 3} r_j = 4 + 1 + 1 = 6, ratio 3/6 = 1/2.
    rows = table(["a"] * 6 + ["b"] * 4 + ["c"] * 3 + ["d", "e"])
    assert ref_pd_recursive(rows, ["q"], "s", c=2, l=3, allowed=["a", "b"]) == result(True, 0.5, 0, 0)
    assert ref_pd_recursive(rows, ["q"], "s", c=0.5, l=3, allowed=["a", "b"]) == result(False, 0.5, 1, 15)
    assert ref_pd_recursive(rows, ["q"], "s", c=0.51, l=3, allowed=["a", "b"]).passed
    # l = 1 (max(l-1, 1) = 1), Y = {a}: y = 2 (b), tail = r_1 + r_3 + ... = 6 + 3 + 1 + 1 = 11.
    assert ref_pd_recursive(rows, ["q"], "s", c=1, l=1, allowed=["a"]) == result(True, 4 / 11, 0, 0)
    # l = 2, Y = {a}: y = 2 > 1, tail = sum_{j >= 1, j != 2} = 11 again, ratio 4/11.
    assert pd_ratio([r["s"] for r in rows], 2, ["a"]) == Fraction(4, 11)


def test_pd_recursive_ties_and_allowed_only() -> None:
    # Y = {a}, counts a:3, b:3, c:1, l = 2.  Ties: b first -> y = 1 <= 1, tail = r_2 + r_3 = 4;
    # the other order (a first) gives y = 2 > 1, tail = r_1 + r_3 = 4: same 3/4 either way.
    values = ["a"] * 3 + ["b"] * 3 + ["c"]
    assert pd_ratio(values, 2, ["a"]) == Fraction(3, 4)
    assert ref_pd_recursive(table(values), ["q"], "s", c=1, l=2, allowed=["a"]) == result(True, 0.75, 0, 0)
    # A class made only of allowed values is satisfied with ratio 0, whatever c and l.
    rows = table(["a", "a", "b"], ["a", "c", "c", "d"])
    assert pd_ratio(["a", "a", "b"], 5, ["a", "b"]) == 0
    # second class: Y = {a, b}, counts c:2, a:1, d:1, l = 5: y = 1 <= 4, tail = sum_{j >= 5} = 0 -> infinite.
    assert ref_pd_recursive(rows, ["q"], "s", c=100, l=5, allowed=["a", "b"]) == result(False, None, 1, 4)
    assert ref_pd_recursive(rows[:3], ["q"], "s", c=0, l=5, allowed=["a", "b"]) == result(True, 0.0, 0, 0)
    assert ref_pd_recursive([], ["q"], "s", c=1, l=2, allowed=[]) == result(True, 0.0, 0, 0)


def test_pd_ratio_does_not_depend_on_tie_order() -> None:
    """Brute force: every ordering of tied counts gives the same r_y / tail (as the spec claims)."""
    rng = random.Random(43)
    for _ in range(300):
        counts = {v: rng.randint(1, 3) for v in "abcdef"[: rng.randint(1, 6)]}
        allowed = set(rng.sample(sorted(counts), rng.randint(0, len(counts))))
        l = rng.randint(1, 5)  # noqa: E741
        expected = pd_ratio([v for v, n in counts.items() for _ in range(n)], l, allowed)
        for perm in itertools.permutations(counts):
            ranked = sorted(perm, key=lambda v: -counts[v])  # stable: ties in permutation order
            r = [counts[v] for v in ranked]
            y = next((i + 1 for i, v in enumerate(ranked) if v not in allowed), None)
            if y is None:
                assert expected == 0
                continue
            if y <= l - 1:
                tail = sum(r[l - 1 :])
            else:
                tail = sum(r[j - 1] for j in range(max(l - 1, 1), len(r) + 1) if j != y)
            assert (None if tail == 0 else Fraction(r[y - 1], tail)) == expected


def test_pd_recursive_without_allowed_values_is_recursive_cl() -> None:
    rng = random.Random(44)
    for _ in range(200):
        rows = random_table(rng, rng.randint(1, 30), {"a": 3, "b": 2}, rng.randint(1, 5), sens_attr="s")
        c = rng.choice([0.5, 1, 1.5, 2, 3])
        l = rng.randint(2, 4)  # noqa: E741  (for l = 1 Def. 4.3 drops r_1 from the tail, Def. 4.2 keeps it)
        assert ref_pd_recursive(rows, ["a", "b"], "s", c=c, l=l, allowed=[]) == ref_recursive_cl(
            rows, ["a", "b"], "s", c, l
        )


# ---------------------------------------------------------------------------
# npd-recursive, paper 002 Def. 4.4
# ---------------------------------------------------------------------------


def test_npd_recursive_missing_protected_value() -> None:
    # Y = {a}, W = {w}, l = 2, c1 = 3.
    # class 0 = {a, a, b, w}: r = [2, 1, 1], y = 2 (b) > 1, tail = r_1 + r_3 = 3, ratio 1/3;
    #   w share 1/4: 1 * 100 >= 25 * 4 holds with equality.
    # class 1 = {a, b, c}: ties, b first: y = 1 <= 1, tail = r_2 + r_3 = 2, ratio 1/2; w absent.
    rows = table(["a", "a", "b", "w"], ["a", "b", "c"])
    res, share = ref_npd_recursive(rows, ["q"], "s", c1=3, c2=25, l=2, allowed=["a"], protected=["w"])
    assert (res, share) == (result(False, 0.5, 1, 3), 0.0)
    res, share = ref_npd_recursive(rows[:4], ["q"], "s", c1=3, c2=25, l=2, allowed=["a"], protected=["w"])
    assert (res, share) == (result(True, 1 / 3, 0, 0), 0.25)
    res, share = ref_npd_recursive(rows[:4], ["q"], "s", c1=3, c2=25.01, l=2, allowed=["a"], protected=["w"])
    assert (res, share) == (result(False, 1 / 3, 1, 4), 0.25)
    # c2 = 0: an absent protected value is fine; no protected values: share None.
    res, share = ref_npd_recursive(rows, ["q"], "s", c1=3, c2=0, l=2, allowed=["a"], protected=["w"])
    assert (res, share) == (result(True, 0.5, 0, 0), 0.0)
    res, share = ref_npd_recursive(rows, ["q"], "s", c1=3, c2=50, l=2, allowed=["a"], protected=[])
    assert (res, share) == (result(True, 0.5, 0, 0), None)
    # The pd part alone can fail too: c1 = 1/2 < ratio 1/2 of class 1 (strict).
    res, _ = ref_npd_recursive(rows, ["q"], "s", c1=0.5, c2=0, l=2, allowed=["a"], protected=[])
    assert res == result(False, 0.5, 1, 3)
    # A protected value absent from the whole table, and 100/3 percent exactly.
    res, share = ref_npd_recursive(
        table(["a", "b", "c"]), ["q"], "s", c1=9, c2=Fraction(100, 3), l=2, allowed=[], protected=["a"]
    )
    assert res.passed and share == pytest.approx(1 / 3)
    res, share = ref_npd_recursive(
        table(["a", "b"]), ["q"], "s", c1=9, c2=1, l=2, allowed=[], protected=["z"]
    )
    assert (res.passed, share) == (False, 0.0)
    assert ref_npd_recursive([], ["q"], "s", c1=1, c2=1, l=2, allowed=[], protected=["a"]) == (
        result(True, 0.0, 0, 0),
        None,
    )


# ---------------------------------------------------------------------------
# Multi-attribute l-diversity, paper 002 Def. 4.5
# ---------------------------------------------------------------------------


def test_multi_attribute_paper_example() -> None:
    # Section 4.3: {(q, s1, v1), (q, s1, v2), (q, s2, v3), (q, s3, v3)} is 3-diverse in S and in V
    # separately, but knowing S != s1 pins V = v3.  Sub-blocks for S (grouped by V): {s1}, {s1},
    # {s2, s3}; for V (grouped by S): {v1, v2}, {v3}, {v3}.  Smallest distinct count: 1.
    # (The paper adds "actually recursive (2,3)-diverse", but with the strict r_1 < c * r_3 of its
    # own Def. 4.2 the S counts [2, 1, 1] give 2 < 2 * 1: false; c = 3 is needed.)
    rows = [
        {"q": "q", "S": "s1", "V": "v1"},
        {"q": "q", "S": "s1", "V": "v2"},
        {"q": "q", "S": "s2", "V": "v3"},
        {"q": "q", "S": "s3", "V": "v3"},
    ]
    assert ref_distinct_l(rows, ["q"], "S", 3).passed
    assert ref_distinct_l(rows, ["q"], "V", 3).passed
    assert not ref_recursive_cl(rows, ["q"], "S", 2, 3).passed
    assert ref_recursive_cl(rows, ["q"], "S", 3, 3).passed
    assert ref_multi_attribute_l(rows, ["q"], ["S", "V"], "distinct", 3) == result(False, 1.0, 1, 4)
    assert ref_multi_attribute_l(rows, ["q"], ["S", "V"], "distinct", 2) == result(False, 1.0, 1, 4)
    assert ref_multi_attribute_l(rows, ["q"], ["S", "V"], "distinct", 1) == result(True, 1.0, 0, 0)
    assert ref_multi_attribute_l(rows, ["q"], ["S", "V"], "entropy", 1.5) == result(False, 1.0, 1, 4)
    # recursive: single-value sub-blocks have no r_2 -> infinite.
    assert ref_multi_attribute_l(rows, ["q"], ["S", "V"], "recursive", 2, c=10) == result(False, None, 1, 4)
    # The full cross product {s1, s2} x {v1, v2} is multi-attribute 2-diverse: every sub-block is a pair.
    cross = [{"q": "q", "S": s, "V": v} for s in ("s1", "s2") for v in ("v1", "v2")]
    assert ref_multi_attribute_l(cross, ["q"], ["S", "V"], "distinct", 2) == result(True, 2.0, 0, 0)
    entropy_res = ref_multi_attribute_l(cross, ["q"], ["S", "V"], "entropy", 2)
    assert entropy_res.passed and entropy_res.observed == pytest.approx(2.0)
    assert ref_multi_attribute_l(cross, ["q"], ["S", "V"], "recursive", 2, c=1.01) == result(True, 1.0, 0, 0)
    assert ref_multi_attribute_l(cross, ["q"], ["S", "V"], "recursive", 2, c=1) == result(False, 1.0, 1, 4)
    assert ref_multi_attribute_l([], ["q"], ["S", "V"], "distinct", 2) == result(True, None, 0, 0)
    assert ref_multi_attribute_l([], ["q"], ["S", "V"], "recursive", 2, c=2) == result(True, 0.0, 0, 0)


def test_multi_attribute_matches_definition_4_5() -> None:
    """One attribute: the single-attribute references; two: S_i l-diverse with the other as extra QI."""
    rng = random.Random(45)
    for _ in range(150):
        rows = random_table(rng, rng.randint(1, 40), {"a": 3, "b": 2}, rng.randint(1, 4), sens_attr="S")
        for row in rows:
            row["V"] = rng.randrange(3)
        qis = ["a", "b"]
        l = rng.randint(1, 3)  # noqa: E741
        c = rng.choice([1, 1.5, 2, 3])
        assert same(ref_multi_attribute_l(rows, qis, ["S"], "distinct", l), ref_distinct_l(rows, qis, "S", l))
        assert same(ref_multi_attribute_l(rows, qis, ["S"], "entropy", l), ref_entropy_l(rows, qis, "S", l))
        assert same(
            ref_multi_attribute_l(rows, qis, ["S"], "recursive", l, c=c),
            ref_recursive_cl(rows, qis, "S", c, l),
        )
        for variant in ("distinct", "entropy", "recursive"):
            multi = ref_multi_attribute_l(rows, qis, ["S", "V"], variant, l, c=c)
            parts: list[RefResult] = []
            for sa, other in (("S", "V"), ("V", "S")):
                if variant == "distinct":
                    parts.append(ref_distinct_l(rows, [*qis, other], sa, l))
                elif variant == "entropy":
                    parts.append(ref_entropy_l(rows, [*qis, other], sa, l))
                else:
                    parts.append(ref_recursive_cl(rows, [*qis, other], sa, c, l))
            assert multi.passed == all(p.passed for p in parts)
            observed = [p.observed for p in parts]
            if variant == "recursive":
                expected = None if None in observed else max(o for o in observed if o is not None)
            else:
                expected = min(o for o in observed if o is not None)
            assert multi.observed == pytest.approx(expected)
            # violations count whole QI classes: a class fails iff it fails on its own rows.
            keys = {(r["a"], r["b"]) for r in rows}
            failing = [
                members
                for key in keys
                if not ref_multi_attribute_l(
                    members := [r for r in rows if (r["a"], r["b"]) == key], [], ["S", "V"], variant, l, c=c
                ).passed
            ]
            assert multi.violating_classes == len(failing)
            assert multi.violating_rows == sum(map(len, failing))


# ---------------------------------------------------------------------------
# (alpha, k)-anonymity, delta-disclosure, beta-likeness
# ---------------------------------------------------------------------------


def test_alpha_k_boundaries() -> None:
    # 100 rows, top value 29 times: 29 <= 0.29 * 100 holds exactly (in floats 0.29 * 100 = 28.999...).
    big = ["x"] * 29 + ["y"] * 29 + ["z"] * 29 + ["w"] * 13
    assert 0.29 * 100 < 29
    assert ref_alpha_k(table(big), ["q"], "s", alpha=0.29, k=100) == result(True, 0.29, 0, 0)
    assert ref_alpha_k(table(big), ["q"], "s", alpha=0.29, k=101) == result(False, 0.29, 1, 100)
    assert ref_alpha_k(table(big), ["q"], "s", alpha=0.28, k=1) == result(False, 0.29, 1, 100)
    # {a, a, b, b}: share 1/2; {c}: share 1 with alpha = 1 passes iff k <= 1.
    rows = table(["a", "a", "b", "b"], ["c"])
    assert ref_alpha_k(rows, ["q"], "s", alpha=1, k=1) == result(True, 1.0, 0, 0)
    assert ref_alpha_k(rows, ["q"], "s", alpha=1, k=2) == result(False, 1.0, 1, 1)
    assert ref_alpha_k(rows[:4], ["q"], "s", alpha=0.5, k=4) == result(True, 0.5, 0, 0)
    assert ref_alpha_k(rows[:4], ["q"], "s", alpha=0.49, k=4) == result(False, 0.5, 1, 4)
    assert ref_alpha_k([], ["q"], "s", alpha=0.5, k=4) == result(True, 0.0, 0, 0)


def test_delta_disclosure_hand_made() -> None:
    # class 0 = {a, a}, class 1 = {a, b}; q = (3/4, 1/4).  Class 0 misses b: +infinity.
    # Class 1: |ln((1/2)/(3/4))| = ln(3/2), |ln((1/2)/(1/4))| = ln 2 -> val = ln 2.
    rows = table(["a", "a"], ["a", "b"])
    assert ref_delta_disclosure(rows, ["q"], "s", delta=1.0) == result(False, None, 1, 2)
    assert ref_delta_disclosure(rows, ["q"], "s", delta=0.5) == result(False, None, 2, 4)
    # class 0 = {a, a, b}, class 1 = {a, b, b}; q = (1/2, 1/2): val = max(ln(4/3), ln(3/2)) = ln(3/2).
    rows = table(["a", "a", "b"], ["a", "b", "b"])
    assert same(ref_delta_disclosure(rows, ["q"], "s", delta=0.5), result(True, math.log(1.5), 0, 0))
    # strict: delta = ln(3/2) fails (val >= delta - TOL).
    assert same(
        ref_delta_disclosure(rows, ["q"], "s", delta=math.log(1.5)), result(False, math.log(1.5), 2, 6)
    )
    assert ref_delta_disclosure(rows, ["q"], "s", delta=math.log(1.5) + 1e-6).passed
    # A single class equal to the table: every ratio 1, val 0; delta must be > 0.
    assert ref_delta_disclosure(rows, [], "s", delta=1e-6) == result(True, 0.0, 0, 0)
    assert ref_delta_disclosure(rows, [], "s", delta=0) == result(False, 0.0, 1, 6)
    assert ref_delta_disclosure([], ["q"], "s", delta=1) == result(True, 0.0, 0, 0)


def test_beta_likeness_basic_vs_enhanced() -> None:
    # class 0 = 9 a + 1 b, class 1 = 1 a + 9 b; q(a) = q(b) = 1/2.  Gain of a in class 0:
    # (0.9 - 0.5) / 0.5 = 0.8 (same for b in class 1).  beta = 1: basic passes (0.8 <= 1);
    # enhanced bound min(1, -ln 1/2) = ln 2 = 0.693 < 0.8: both classes fail.
    rows = table(["a"] * 9 + ["b"], ["a"] + ["b"] * 9)
    assert same(ref_beta_likeness(rows, ["q"], "s", beta=1, variant="basic"), result(True, 0.8, 0, 0))
    assert same(ref_beta_likeness(rows, ["q"], "s", beta=1, variant="enhanced"), result(False, 0.8, 2, 20))
    assert same(ref_beta_likeness(rows, ["q"], "s", beta=0.79, variant="basic"), result(False, 0.8, 2, 20))
    # class 0 = 3 a + 1 b (gain 0.5 <= ln 2): the enhanced bound is not the binding one.
    rows = table(["a"] * 3 + ["b"], ["a"] + ["b"] * 3)
    assert same(ref_beta_likeness(rows, ["q"], "s", beta=0.6, variant="enhanced"), result(True, 0.5, 0, 0))
    assert same(ref_beta_likeness(rows, ["q"], "s", beta=0.5, variant="basic"), result(True, 0.5, 0, 0))
    # Values with p < q never count; a class equal to the table has val 0.
    assert ref_beta_likeness(rows, [], "s", beta=0, variant="enhanced") == result(True, 0.0, 0, 0)
    # Rare value: q(c) = 1/10, class {c, x} has gain (1/2 - 1/10) / (1/10) = 4 > -ln(1/10) = 2.303.
    # Frequent value: q(x) = 9/10, class {x * 8} has gain (1 - 9/10) / (9/10) = 1/9 = 0.111
    # > -ln(9/10) = 0.105: the enhanced bound is tight for frequent values too.
    rows = table(["c", "x"], ["x"] * 8)
    assert same(ref_beta_likeness(rows, ["q"], "s", beta=5, variant="basic"), result(True, 4.0, 0, 0))
    assert same(ref_beta_likeness(rows, ["q"], "s", beta=5, variant="enhanced"), result(False, 4.0, 2, 10))
    assert same(ref_beta_likeness(rows, ["q"], "s", beta=0.11, variant="basic"), result(False, 4.0, 2, 10))
    rows = table(["c", "x", "x", "x"], ["x"] * 6)  # gain of c: (1/4 - 1/10) / (1/10) = 1.5 < 2.303
    # class 1 gain of x: (1 - 9/10) / (9/10) = 1/9 again -> fails enhanced only
    assert same(ref_beta_likeness(rows, ["q"], "s", beta=2, variant="enhanced"), result(False, 1.5, 1, 6))
    assert same(ref_beta_likeness(rows, ["q"], "s", beta=2, variant="basic"), result(True, 1.5, 0, 0))
    assert ref_beta_likeness([], ["q"], "s", beta=1, variant="basic") == result(True, 0.0, 0, 0)


# ---------------------------------------------------------------------------
# Distances
# ---------------------------------------------------------------------------


def random_distribution(rng: random.Random, m: int, positive: bool = False) -> list[float]:
    weights = [rng.random() ** 2 + (0.01 if positive else 0.0) for _ in range(m)]
    if not positive:
        for i in range(m):
            if rng.random() < 0.3:
                weights[i] = 0.0
        if not any(weights):
            weights[rng.randrange(m)] = 1.0
    total = math.fsum(weights)
    return [w / total for w in weights]


def random_ground(rng: random.Random, m: int) -> list[list[float]]:
    kind = rng.choice(["equal", "ordered", "hierarchical"])
    if kind == "equal":
        return ground_equal(m)
    if kind == "ordered":
        return ground_ordered(m)
    leaves = list(range(m))
    return ground_hierarchical(leaves, random_hierarchy_over(rng, leaves, rng.randint(1, 3)))


def test_distance_basic_properties() -> None:
    rng = random.Random(46)
    for _ in range(500):
        m = rng.randint(1, 8)
        p, q = random_distribution(rng, m), random_distribution(rng, m, positive=True)
        assert variational(p, q) == pytest.approx(emd_equal(p, q), abs=1e-12)
        assert kl(p, q) >= 0 and kl(q, q) == 0 and kl(p, p) == 0
        if max(abs(a - b) for a, b in zip(p, q, strict=True)) > 1e-3:
            assert kl(p, q) > 0 and js(p, q) > 0
        assert 0 <= js(p, q) <= math.log(2) + 1e-15
        assert js(p, q) == pytest.approx(js(q, p), abs=1e-15)
        assert js(p, p) == 0
        dist = random_ground(rng, m)
        smallest = min((d for row in dist for d in row if d > 0), default=1.0)
        assert smoothed_js(p, q, dist, 0.999 * smallest) == pytest.approx(js(p, q), abs=1e-12)
        assert 0 <= smoothed_js(p, q, dist, rng.uniform(0.05, 3)) <= math.log(2) + 1e-15
    # Disjoint supports: JS = ln 2, KL infinite.
    assert js([1, 0], [0, 1]) == pytest.approx(math.log(2))
    assert kl([1, 0], [0, 1]) == math.inf
    # Hand example: smoothing with the ordered ground on 3 values, B = 1, d = (0, 1/2, 1):
    # K(0) = 3/4, K(1/2) = 9/16, K(1) = 0.  Point mass at value 0:
    # p^_0 = (3/4) / (3/4 + 9/16) = 4/7, p^_1 = (9/16) / (9/16 + 3/4 + 9/16) = 3/10, p^_2 = 0,
    # renormalized: (40/61, 21/61, 0).
    b = 1.0
    g = ground_ordered(3)
    p0, p1 = 40 / 61, 21 / 61
    q_uniform = [1 / 3] * 3  # smoothing keeps a uniform distribution uniform
    assert smoothed_js([1, 0, 0], q_uniform, g, b) == pytest.approx(js([p0, p1, 0], q_uniform), abs=1e-12)


def test_distances_are_quasi_convex_in_p() -> None:
    """D(lambda P1 + (1-lambda) P2, Q) <= max(D(P1, Q), D(P2, Q)): merging classes never increases D."""
    rng = random.Random(47)
    for _ in range(1500):
        m = rng.randint(1, 7)
        p1, p2 = random_distribution(rng, m), random_distribution(rng, m)
        q = random_distribution(rng, m, positive=True)
        lam = rng.random()
        mix = [lam * a + (1 - lam) * b for a, b in zip(p1, p2, strict=True)]
        dist, bandwidth = random_ground(rng, m), rng.uniform(0.05, 3)
        distances: list[Callable[[Sequence[float], Sequence[float]], float]] = [
            variational,
            kl,
            js,
            functools.partial(smoothed_js, dist_matrix=dist, bandwidth=bandwidth),
        ]
        for d in distances:
            assert d(mix, q) <= max(d(p1, q), d(p2, q)) + 1e-12
        for d in distances[:3]:  # variational, KL and JS are even convex
            assert d(mix, q) <= lam * d(p1, q) + (1 - lam) * d(p2, q) + 1e-12


def test_smoothed_js_is_not_convex() -> None:
    """The renormalization makes smoothed-JS only quasi-convex (the spec says "convex")."""
    rng = random.Random(48)
    found = False
    for _ in range(5000):
        m = rng.randint(2, 6)
        p1, p2 = random_distribution(rng, m), random_distribution(rng, m)
        q = random_distribution(rng, m, positive=True)
        lam, dist, bandwidth = rng.random(), ground_ordered(m), rng.uniform(0.2, 2)
        mix = [lam * a + (1 - lam) * b for a, b in zip(p1, p2, strict=True)]
        gap = smoothed_js(mix, q, dist, bandwidth) - (
            lam * smoothed_js(p1, q, dist, bandwidth) + (1 - lam) * smoothed_js(p2, q, dist, bandwidth)
        )
        if gap > 1e-6:
            found = True
            break
    assert found


def test_t_closeness_alt_against_emd_and_plain_js() -> None:
    rng = random.Random(49)
    for _ in range(100):
        rows = random_table(rng, rng.randint(1, 40), {"a": 3, "b": 3}, rng.randint(1, 6), sens_attr="s")
        qis = ["a", "b"]
        t = rng.uniform(0, 0.5)
        assert same(
            ref_t_closeness_alt(rows, qis, "s", t, "variational"), ref_t_closeness(rows, qis, "s", t, "equal")
        )
        plain = ref_t_closeness_alt(rows, qis, "s", t, "js")
        values = sorted({row["s"] for row in rows})
        order = [*values, "extra"] if rng.random() < 0.5 else None
        hier = random_hierarchy_over(rng, values, rng.randint(1, 3))
        m = len(order) if order is not None else len(values)
        tiny = {"equal": 0.999, "ordered": 0.999 / max(m - 1, 1), "hierarchical": 0.999 / 3}
        for ground in ("equal", "ordered", "hierarchical"):
            smoothed = ref_t_closeness_alt(
                rows,
                qis,
                "s",
                t,
                "smoothed-js",
                ground=ground,
                bandwidth=tiny[ground],
                order=order,
                hierarchy=hier,
            )
            assert same(smoothed, plain, tol=1e-12)
        kl_res = ref_t_closeness_alt(rows, qis, "s", t, "kl")
        assert kl_res.observed is not None and kl_res.observed >= 0
    # Extra order value: both distributions have mass 0 there, which changes nothing without smoothing.
    rows = table([1, 2, 2], [1, 3, 3, 3])
    a = ref_t_closeness_alt(
        rows, ["q"], "s", 0.1, "smoothed-js", ground="ordered", bandwidth=0.1, order=[0, 1, 2, 3]
    )
    assert same(a, ref_t_closeness_alt(rows, ["q"], "s", 0.1, "js"))
    # but with a wide bandwidth the extra value does receive mass, and the result moves.
    wide = [
        ref_t_closeness_alt(rows, ["q"], "s", 0.1, "smoothed-js", ground="ordered", bandwidth=2.0, order=o)
        for o in ([1, 2, 3], [0, 1, 2, 3])
    ]
    assert wide[0].observed != pytest.approx(wide[1].observed)


# ---------------------------------------------------------------------------
# Monotonicity under merging of two classes
# ---------------------------------------------------------------------------


def class_values(rows: Table, qis: Sequence[str]) -> list[list[Any]]:
    groups: dict[tuple[Any, ...], list[Any]] = {}
    for row in rows:
        groups.setdefault(tuple(row[qi] for qi in qis), []).append(row["s"])
    return list(groups.values())


Check = Callable[[Table], RefResult]


def monotone_checks(rng: random.Random, rows: Table, qis: Sequence[str]) -> dict[str, Check]:
    """One check per model that claims monotonicity.  With probability 0.7 its threshold is the
    table's own worst value (every class passes, at the boundary), else a random one."""
    classes = class_values(rows, qis)
    values = sorted({row["s"] for row in rows})
    at_boundary = rng.random() < 0.7

    def pick(boundary: Any, random_value: Any) -> Any:
        return boundary if at_boundary and boundary is not None else random_value

    checks: dict[str, Check] = {}
    worst_delta = ref_delta_disclosure(rows, qis, "s", delta=1).observed
    delta = pick(None if worst_delta is None else worst_delta + 1e-6, rng.uniform(0, 2))
    checks["delta"] = lambda r: ref_delta_disclosure(r, qis, "s", delta=delta)
    worst_gain = ref_beta_likeness(rows, qis, "s", beta=0, variant="basic").observed
    beta = pick(worst_gain, rng.uniform(0, 2))
    checks["beta-basic"] = lambda r: ref_beta_likeness(r, qis, "s", beta=beta, variant="basic")
    checks["beta-enhanced"] = lambda r: ref_beta_likeness(r, qis, "s", beta=beta, variant="enhanced")
    alpha = pick(
        max(Fraction(max(Counter(c).values()), len(c)) for c in classes), Fraction(rng.randint(1, 4), 4)
    )
    k = pick(min(map(len, classes)), rng.randint(1, 5))
    checks["alpha-k"] = lambda r: ref_alpha_k(r, qis, "s", alpha=alpha, k=k)
    allowed = rng.sample(values, rng.randint(0, len(values)))
    protected = rng.sample(values, rng.randint(0, min(2, len(values))))
    l = rng.randint(1, 3)  # noqa: E741
    ratios = [pd_ratio(c, l, allowed) for c in classes]
    worst_ratio = None if None in ratios else max(r for r in ratios if r is not None)
    c = pick(None if worst_ratio is None else worst_ratio + Fraction(1, 10**6), rng.choice([1, 1.5, 2, 3]))
    checks["pd"] = lambda r: ref_pd_recursive(r, qis, "s", c=c, l=l, allowed=allowed)
    shares = [Fraction(cl.count(w), len(cl)) for cl in classes for w in protected]
    c2 = pick(100 * min(shares) if shares else None, rng.choice([0, 10, 20, 30]))
    checks["npd"] = lambda r: ref_npd_recursive(r, qis, "s", c, c2, l, allowed, protected)[0]
    kinds: list[Literal["variational", "kl", "js"]] = ["variational", "kl", "js"]
    for kind in kinds:
        t = pick(ref_t_closeness_alt(rows, qis, "s", 0, kind).observed, rng.uniform(0, 0.5))
        checks[kind] = functools.partial(ref_t_closeness_alt, qis=qis, attr="s", t=t, distance=kind)
    grounds: list[Literal["equal", "ordered"]] = ["equal", "ordered"]
    ground, bandwidth = rng.choice(grounds), rng.uniform(0.1, 2)
    worst_sjs = ref_t_closeness_alt(
        rows, qis, "s", 0, "smoothed-js", ground=ground, bandwidth=bandwidth
    ).observed
    t_sjs = pick(worst_sjs, rng.uniform(0, 0.3))
    checks["smoothed-js"] = lambda r: ref_t_closeness_alt(
        r, qis, "s", t_sjs, "smoothed-js", ground=ground, bandwidth=bandwidth
    )
    return checks


def test_merging_two_classes_never_creates_a_violation() -> None:
    """For a monotone model a merged class of two passing classes passes; so merging two classes
    never increases the number of violating classes (the other classes and the table are unchanged)."""
    rng = random.Random(50)
    all_passed: Counter[str] = Counter()
    for _ in range(300):
        rows = random_table(rng, rng.randint(2, 40), {"a": 3, "b": 2}, rng.randint(1, 4), sens_attr="s")
        qis = ["a", "b"]
        merged = merge_two_classes(rng, rows, qis)
        if merged is None:
            continue
        for name, check in monotone_checks(rng, rows, qis).items():
            before, after = check(rows), check(merged)
            assert after.violating_classes <= before.violating_classes, (name, rows, merged)
            if before.passed:
                all_passed[name] += 1
                assert after.passed, (name, rows, merged)
    assert len(all_passed) == 10 and min(all_passed.values()) >= 30, all_passed


# ---------------------------------------------------------------------------
# (n, t)-closeness, survey 001 Def. 6.1.2
# ---------------------------------------------------------------------------


def generalize(
    rows: Table, qis: Sequence[str], hierarchies: dict[str, Hierarchy], node: Sequence[int]
) -> Table:
    return [
        {**row, **{qi: hierarchies[qi][row[qi]][level] for qi, level in zip(qis, node, strict=True)}}
        for row in rows
    ]


@pytest.mark.parametrize("seed", seeds(6))
def test_nt_closeness_with_n_rows_is_t_closeness(seed: int) -> None:
    rng = random.Random(1000 + seed)
    for _ in range(4):
        n_qis = rng.randint(1, 3)
        qis = [f"q{i}" for i in range(n_qis)]
        domains = {qi: rng.randint(1, 4) for qi in qis}
        rows = random_table(rng, rng.randint(1, 25), domains, rng.randint(1, 5), sens_attr="s")
        hierarchies: dict[str, Hierarchy] = {
            qi: random_hierarchy_over(
                rng, [str(v) for v in range(domains[qi])], rng.randint(1, 3 if n_qis < 3 else 2)
            )
            for qi in qis
        }
        values = sorted({row["s"] for row in rows})
        order = [*values, 99][:: rng.choice([1, -1])] if rng.random() < 0.5 else None
        sens_hier = random_hierarchy_over(rng, [*values, 98], rng.randint(1, 3))
        heights = [len(next(iter(hierarchies[qi].values()))) - 1 for qi in qis]
        for node in itertools.product(*(range(h + 1) for h in heights)):
            gen = generalize(rows, qis, hierarchies, node)
            for distance in ("equal", "ordered", "hierarchical"):
                t = rng.uniform(0, 0.6)
                kwargs: dict[str, Any] = {"order": order, "hierarchy": sens_hier}
                expected = ref_t_closeness(gen, qis, "s", t, distance, **kwargs)
                got = ref_nt_closeness(rows, qis, "s", len(rows), t, distance, hierarchies, node, **kwargs)
                assert same(got, expected), (node, distance)
                # n = 1: every class is its own superset, at distance 0.
                own = ref_nt_closeness(rows, qis, "s", 1, 0.0, distance, hierarchies, node, **kwargs)
                assert own == result(True, 0.0, 0, 0)
                # n larger than the table: no superset is large enough (infinite).
                none = ref_nt_closeness(
                    rows, qis, "s", len(rows) + 1, 1.0, distance, hierarchies, node, **kwargs
                )
                assert none.observed is None and none.violating_rows == len(rows)
                # val(E) is a minimum over more supersets when n is smaller: observed never increases.
                sizes = sorted(rng.sample(range(1, len(rows) + 1), min(3, len(rows))))
                observed = [
                    ref_nt_closeness(rows, qis, "s", n, t, distance, hierarchies, node, **kwargs).observed
                    for n in sizes
                ]
                finite = [o for o in observed if o is not None]
                assert len(finite) == len(observed) and sorted(finite) == finite


def test_nt_closeness_survey_example() -> None:
    """Survey 001, Example 6.1.2: Table 6.1.1 generalized to Table 6.1.2 (zip 3 digits, age decade).

    Classes at that node: (476**, 2*) 300 cancer / 300 flu, (479**, 4*) 200 / 1800,
    (476**, 3*) 200 / 200.  Whole table: 700 / 3000 cancer.  Equal-distance EMD to the
    table: |1/2 - 7/30| = 4/15, |1/10 - 7/30| = 2/15, 4/15: 0.1-closeness fails everywhere.
    (1000, 0.1): class 2 is its own superset (2000 rows); classes 1 and 3 have the superset
    (476**, *) with 1000 rows and distribution (1/2, 1/2), their own: distance 0.
    """
    original = [  # zip, age, disease, count (Table 6.1.1)
        ("47673", 29, "Cancer", 100),
        ("47674", 21, "Flu", 100),
        ("47605", 25, "Cancer", 200),
        ("47602", 23, "Flu", 200),
        ("47902", 43, "Cancer", 100),
        ("47903", 45, "Flu", 900),
        ("47906", 47, "Cancer", 100),
        ("47908", 48, "Flu", 900),
        ("47603", 34, "Cancer", 100),
        ("47605", 30, "Flu", 100),
        ("47608", 36, "Cancer", 100),
        ("47609", 35, "Flu", 100),
    ]
    rows = [{"zip": z, "age": a, "disease": d} for z, a, d, n in original for _ in range(n)]
    assert len(rows) == 3000
    zips = {z for z, *_ in original}
    ages = {a for _, a, *_ in original}
    hierarchies: dict[str, Hierarchy] = {
        "zip": {z: (z, z[:3] + "**", z[:2] + "***", "*****") for z in zips},
        "age": {a: (a, f"{a // 10}*", "*") for a in ages},
    }
    qis, node = ["zip", "age"], (1, 1)
    gen = generalize(rows, qis, hierarchies, node)
    assert len({(r["zip"], r["age"]) for r in gen}) == 3
    plain = ref_t_closeness(gen, qis, "disease", 0.1, "equal")
    assert same(plain, result(False, 4 / 15, 3, 3000))
    assert same(ref_nt_closeness(rows, qis, "disease", 3000, 0.1, "equal", hierarchies, node), plain)
    assert ref_nt_closeness(rows, qis, "disease", 1000, 0.1, "equal", hierarchies, node) == result(
        True, 0.0, 0, 0
    )
    # n = 1001: class 1 and 3 must use the whole table again (4/15); class 2 still has itself.
    assert same(
        ref_nt_closeness(rows, qis, "disease", 1001, 0.1, "equal", hierarchies, node),
        result(False, 4 / 15, 2, 1000),
    )
    # "To achieve 0.1-closeness, all tuples have to be generalized into a single QI group."
    for levels in itertools.product(range(4), range(3)):
        gen = generalize(rows, qis, hierarchies, levels)
        single = len({(r["zip"], r["age"]) for r in gen}) == 1
        assert ref_t_closeness(gen, qis, "disease", 0.1, "equal").passed == single, levels


# ---------------------------------------------------------------------------
# (epsilon, delta)^k-dissimilarity, paper 004
# ---------------------------------------------------------------------------

TABLE_I = [  # paper 004, Table I: Disease = (flu, asthma, bronchitis, none), GID
    ((0.5, 0.3, 0.1, 0.1), 1),
    ((0.4, 0.3, 0.2, 0.1), 1),
    ((0.4, 0.2, 0.2, 0.2), 1),
    ((0.3, 0.4, 0.2, 0.1), 1),
    ((0.2, 0.7, 0.1, 0.0), 1),
    ((0.2, 0.6, 0.2, 0.0), 2),
    ((0.8, 0.1, 0.0, 0.1), 2),
    ((0.3, 0.1, 0.5, 0.1), 2),
]
DISEASES = ["flu", "asthma", "bronchitis", "none"]


def table_i(gids: Sequence[int]) -> Table:
    return [{"gid": g, **dict(zip(DISEASES, v, strict=True))} for v, g in TABLE_I if g in gids]


def test_dissimilarity_paper_table_i() -> None:
    # Group 1 variational distances: d(1,2) = d(2,3) = d(2,4) = 0.1, d(1,3) = d(1,4) = d(3,4) = 0.2,
    # d(4,5) = 0.3, d(1,5) = d(2,5) = 0.4, d(3,5) = 0.5.  At eps = 0.1, Phi(#2) = {#1, #2, #3, #4}:
    # risk = (4 - 1) / (5 - 1) = 3/4 (the "80% neighbourhood" of Example 2).
    g1 = table_i([1])
    assert ref_dissimilarity(g1, ["gid"], DISEASES, 0.1, 0.25, 5, "variational") == result(True, 0.75, 0, 0)
    assert ref_dissimilarity(g1, ["gid"], DISEASES, 0.1, 0.26, 5, "variational") == result(False, 0.75, 1, 5)
    assert ref_dissimilarity(g1, ["gid"], DISEASES, 0.1, 0.25, 6, "variational") == result(False, 0.75, 1, 5)
    # eps = 0.2: Phi(#2) = 4 still, Phi(#1) = Phi(#3) = Phi(#4) = 4, #5 only itself -> still 3/4;
    # eps = 0.4: Phi(#1) = Phi(#2) = Phi(#4) = 5 -> 1.  eps = 0.09: all alone -> 0.
    assert ref_dissimilarity(g1, ["gid"], DISEASES, 0.2, 0, 1, "variational").observed == 0.75
    assert ref_dissimilarity(g1, ["gid"], DISEASES, 0.4, 0, 1, "variational").observed == 1.0
    assert ref_dissimilarity(g1, ["gid"], DISEASES, 0.09, 1, 1, "variational") == result(True, 0.0, 0, 0)
    # Group 2: d(6,7) = (0.6 + 0.5 + 0.2 + 0.1) / 2 = 0.7, d(6,8) = (0.1 + 0.5 + 0.3 + 0.1) / 2 = 0.5,
    # d(7,8) = (0.5 + 0 + 0.5 + 0) / 2 = 0.5.  eps = 0.1: risk 0 (delta = 1 holds);
    # eps = 0.5: Phi(#8) = 3 -> risk 1; eps = 0.6: Phi(#6) = Phi(#7) = 2, Phi(#8) = 3 -> 1 too.
    g2 = table_i([2])
    assert ref_dissimilarity(g2, ["gid"], DISEASES, 0.1, 1, 3, "variational") == result(True, 0.0, 0, 0)
    assert ref_dissimilarity(g2, ["gid"], DISEASES, 0.5, 0.01, 3, "variational") == result(False, 1.0, 1, 3)
    assert ref_dissimilarity(g2, ["gid"], DISEASES, 0.49, 1, 3, "variational") == result(True, 0.0, 0, 0)
    # Whole table at eps = 0.1: worst group is group 1.
    both = table_i([1, 2])
    assert ref_dissimilarity(both, ["gid"], DISEASES, 0.1, 0.25, 3, "variational") == result(True, 0.75, 0, 0)
    assert ref_dissimilarity(both, ["gid"], DISEASES, 0.1, 0.5, 3, "variational") == result(False, 0.75, 1, 5)


def test_dissimilarity_other_distances_hand_made() -> None:
    # ordered over the table's domain [1, 2, 3, 5] (m = 4): rank distance / 3.  eps = 1/3:
    # Phi(2) = {1, 2, 3} -> risk (3 - 1) / (4 - 1) = 2/3.
    rows = table([1, 2, 3, 5])
    assert ref_dissimilarity(rows, ["q"], "s", 1 / 3, Fraction(1, 3), 4, "ordered") == result(
        True, 2 / 3, 0, 0
    )
    assert ref_dissimilarity(rows, ["q"], "s", 1 / 3, 0.34, 4, "ordered") == result(False, 2 / 3, 1, 4)
    # numeric |a - b| with eps = 1: Phi(1) = {1, 2}, Phi(2) = {1, 2, 3}, Phi(5) = {5} -> 2/3 as well;
    # eps = 1.9: same; eps = 2: Phi(3) = {1, 2, 3, 5} -> 1.
    assert ref_dissimilarity(rows, ["q"], "s", 1, 0, 1, "numeric").observed == pytest.approx(2 / 3)
    assert ref_dissimilarity(rows, ["q"], "s", 2, 0, 1, "numeric").observed == 1.0
    # explicit order with an extra value: [1, 2, 3, 4, 5] (m = 5), distance 1/4 per rank.
    assert ref_dissimilarity(
        rows, ["q"], "s", 0.25, 0, 1, "ordered", order=[1, 2, 3, 4, 5]
    ).observed == pytest.approx(2 / 3)
    # hierarchical: a, b under X; c, d under Y; H = 2.  d(a, b) = 1/2, d(a, c) = 1.
    hier = {"a": ("a", "X", "*"), "b": ("b", "X", "*"), "c": ("c", "Y", "*"), "d": ("d", "Y", "*")}
    rows = table(["a", "b", "c"])
    assert ref_dissimilarity(rows, ["q"], "s", 0.5, 0.5, 3, "hierarchical", hierarchy=hier) == result(
        True, 0.5, 0, 0
    )
    assert ref_dissimilarity(rows, ["q"], "s", 0.4, 1, 3, "hierarchical", hierarchy=hier) == result(
        True, 0.0, 0, 0
    )
    assert ref_dissimilarity(rows, ["q"], "s", 1.0, 0.5, 3, "hierarchical", hierarchy=hier) == result(
        False, 1.0, 1, 3
    )
    # a single row has risk 1 by definition; duplicates are neighbours at any eps.
    assert ref_dissimilarity(table([7]), ["q"], "s", 0, 0, 1, "numeric") == result(True, 1.0, 0, 0)
    assert ref_dissimilarity(table([7]), ["q"], "s", 0, 0.01, 1, "numeric") == result(False, 1.0, 1, 1)
    assert ref_dissimilarity(table([7, 7, 8]), ["q"], "s", 0, 0, 1, "numeric").observed == 0.5
    assert ref_dissimilarity([], ["q"], "s", 0, 0, 1, "numeric") == result(True, 0.0, 0, 0)


def test_dissimilarity_is_not_monotone() -> None:
    # {0, 10} and {0, 10}: every value alone in its eps-neighbourhood -> risk 0 each.
    # Merged {0, 10, 0, 10}: Phi(0) = {0, 0} -> (2 - 1) / (4 - 1) = 1/3.
    rows = table([0, 10], [0, 10])
    assert ref_dissimilarity(rows, ["q"], "s", 1, 1, 2, "numeric") == result(True, 0.0, 0, 0)
    merged = [{**row, "q": 0} for row in rows]
    assert ref_dissimilarity(merged, ["q"], "s", 1, 1, 2, "numeric") == result(False, 1 / 3, 1, 4)


def test_dissimilarity_properties() -> None:
    rng = random.Random(51)
    for _ in range(150):
        rows = random_table(rng, rng.randint(1, 30), {"a": 3, "b": 2}, rng.randint(1, 6), sens_attr="s")
        for row in rows:
            row["x"], row["y"] = rng.randint(0, 4) / 4, rng.randint(0, 4) / 4
        qis = ["a", "b"]
        values = sorted({row["s"] for row in rows})
        hier = random_hierarchy_over(rng, values, rng.randint(1, 3))
        sizes = [
            len([r for r in rows if (r["a"], r["b"]) == key]) for key in {(r["a"], r["b"]) for r in rows}
        ]
        k = rng.randint(1, 4)
        for distance in ("numeric", "ordered", "hierarchical", "variational"):
            attr: str | list[str] = ["x", "y"] if distance == "variational" else "s"
            eps = rng.uniform(0, 1.5)
            res = ref_dissimilarity(rows, qis, attr, eps, 0, k, distance, hierarchy=hier)
            assert res.observed is not None and 0 <= res.observed <= 1
            # delta = 0: risk <= 1 always, so only the size matters.
            assert res.passed == (min(sizes) >= k)
            assert res.violating_classes == sum(1 for s in sizes if s < k)
            # delta = 1 (and k = 1) holds iff no two values of a class are within eps.
            strict = ref_dissimilarity(rows, qis, attr, eps, 1, 1, distance, hierarchy=hier)
            assert strict.passed == (res.observed == 0)
            # eps below every distance: risk is the exact-duplicate share; eps >= 1 (max distance
            # for ordered / hierarchical): risk 1.
            if distance in ("ordered", "hierarchical"):
                assert ref_dissimilarity(rows, qis, attr, 1, 0, 1, distance, hierarchy=hier).observed == 1.0


def test_empty_table_conventions() -> None:
    rows: Table = []
    kinds: list[Literal["variational", "kl", "js"]] = ["variational", "kl", "js"]
    for d in kinds:
        assert ref_t_closeness_alt(rows, ["q"], "s", 0.1, d) == result(True, 0.0, 0, 0)
    assert ref_t_closeness_alt(rows, ["q"], "s", 0.1, "smoothed-js", ground="equal", bandwidth=1) == result(
        True, 0.0, 0, 0
    )
    assert ref_beta_likeness(rows, ["q"], "s", 1, "enhanced") == result(True, 0.0, 0, 0)
    hier: dict[str, Hierarchy] = {"q": {"0": ("0", "*")}}
    assert ref_nt_closeness(rows, ["q"], "s", 5, 0.1, "equal", hier, (0,)) == result(True, 0.0, 0, 0)
    assert TOL == 1e-9
