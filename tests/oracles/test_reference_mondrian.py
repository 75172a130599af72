"""Tests of the pure-Python Mondrian reference (tests/oracles/reference_mondrian.py).

Hand-worked examples, then properties on seeded random tables checked against
a second, independently written depth-first Mondrian and by brute force
(every final partition satisfies the requirement and no dimension of it has
an allowable cut).
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import pytest

from tests.oracles.reference import (
    TOL,
    Hierarchy,
    Row,
    distribution,
    emd_equal,
    ref_distinct_l,
    ref_t_closeness,
    sorted_domain,
)
from tests.oracles.reference_catalogue import ref_beta_likeness, ref_delta_disclosure
from tests.oracles.reference_mondrian import (
    MondrianQI,
    MondrianResult,
    Requirement,
    against_table,
    all_of,
    categorical,
    format_number,
    k_anonymity,
    mondrian,
    nt_closeness,
    numeric,
    one_class,
    t_closeness,
)

Table = list[dict[str, Any]]

ABCD: Hierarchy = {
    "a": ["a", "AB", "*"],
    "b": ["b", "AB", "*"],
    "c": ["c", "CD", "*"],
    "d": ["d", "CD", "*"],
}
# height 2, fan-outs 3 / 2 / 1 / 1 (g2 and g3 are single-child chains)
GROUPS: Hierarchy = {
    "c0": ["c0", "g0", "*"],
    "c1": ["c1", "g0", "*"],
    "c2": ["c2", "g0", "*"],
    "c3": ["c3", "g1", "*"],
    "c4": ["c4", "g1", "*"],
    "c5": ["c5", "g2", "*"],
    "c6": ["c6", "g3", "*"],
}
# height 3, binary
BINARY: Hierarchy = {f"z{i}": [f"z{i}", f"p{i // 2}", f"q{i // 4}", "*"] for i in range(8)}
SENS_H: Hierarchy = {0: [0, "lo", "*"], 1: [1, "lo", "*"], 2: [2, "hi", "*"], 3: [3, "hi", "*"]}


def ids(result: MondrianResult) -> list[list[Any]]:
    return [[row["id"] for row in p.rows] for p in result.partitions]


def labels(result: MondrianResult) -> list[tuple[str, ...]]:
    return [p.labels for p in result.partitions]


def one_d(values: Sequence[Any], sens: Sequence[Any] | None = None) -> Table:
    return [{"id": i, "x": v, "s": sens[i] if sens is not None else 0} for i, v in enumerate(values)]


# ---------------------------------------------------------------------------
# Hand-worked examples
# ---------------------------------------------------------------------------


def test_numeric_1d_by_hand() -> None:
    # 1..8, k = 2.  Root: sorted index (8-1)//2 = 3 -> split 4: {1..4} | {5..8}.
    # {1..4}: index 1 -> split 2: {1,2} | {3,4}; {5..8} -> split 6: {5,6} | {7,8}.
    # {1,2}: split 1 -> {1} | {2}, sizes 1 < 2: not allowable, final.
    rows = one_d([5, 3, 8, 1, 7, 2, 6, 4])
    result = mondrian(rows, [numeric("x")], k_anonymity(2))
    assert labels(result) == [("[1-2]",), ("[3-4]",), ("[5-6]",), ("[7-8]",)]
    assert [sorted(rows[i]["x"] for i in p.indices) for p in result.partitions] == [
        [1, 2],
        [3, 4],
        [5, 6],
        [7, 8],
    ]
    assert result.partitions[0].indices == (3, 5)  # input positions, ascending
    assert result.discernibility == 16
    assert result.average_class_size == 2.0
    assert [p.ncp for p in result.partitions] == [1 / 7] * 4
    assert result.gcp == pytest.approx(1 / 7)
    assert all(len(p.ancestors) == 2 for p in result.partitions)


def test_numeric_1d_uneven_by_hand() -> None:
    # 1..7, k = 3: split 4 -> {1..4} | {5,6,7}; then {1,2}|{3,4} and {5,6}|{7} both fail.
    result = mondrian(one_d(range(1, 8)), [numeric("x")], k_anonymity(3))
    assert labels(result) == [("[1-4]",), ("[5-7]",)]
    assert result.discernibility == 16 + 9
    assert result.average_class_size == 3.5
    assert result.gcp == pytest.approx((4 * 3 / 6 + 3 * 2 / 6) / 7)


@pytest.mark.parametrize(
    ("values", "k", "expected"),
    [
        ([1, 1, 1, 2], 1, [("1", 3), ("2", 1)]),  # lower median 1: {1,1,1} | {2}
        ([2, 1, 1, 1], 2, [("[1-2]", 4)]),  # the same cut, but {2} has 1 < 2 rows
        ([1, 1, 1, 2, 2], 1, [("1", 3), ("2", 2)]),  # index 2 -> 1
        ([1, 1, 2, 2, 2], 1, [("[1-2]", 5)]),  # index 2 -> 2 = max: no cut on x
        ([1, 2, 2, 2], 1, [("[1-2]", 4)]),  # index 1 -> 2 = max: no cut on x
        ([3, 3, 3], 1, [("3", 3)]),  # width 0: never cut
        # split 2: {1,2,2} | {3}; then {1,2,2}: index 1 -> 2 = max, stuck ("3" < "[" in the sort)
        ([1, 2, 2, 3], 1, [("3", 1), ("[1-2]", 3)]),
    ],
)
def test_lower_median_tie_rule(values: list[int], k: int, expected: list[tuple[str, int]]) -> None:
    result = mondrian(one_d(values), [numeric("x")], k_anonymity(k))
    assert [(p.labels[0], len(p.rows)) for p in result.partitions] == expected


def test_categorical_by_hand() -> None:
    # a a b b c c c d, k = 2.  Root LCA "*" (width 3/3): AB {a,a,b,b} | CD {c,c,c,d}.
    # AB (width 1/3) -> {a,a} | {b,b} ok.  CD -> {c,c,c} | {d}: {d} too small, CD final.
    rows = [{"id": i, "q": v} for i, v in enumerate("abcdcbca")]
    result = mondrian(rows, [categorical("q", ABCD)], k_anonymity(2))
    assert labels(result) == [("CD",), ("a",), ("b",)]  # sorted by label ("C" < "a")
    assert [sorted(r["q"] for r in p.rows) for p in result.partitions] == [
        ["c", "c", "c", "d"],
        ["a", "a"],
        ["b", "b"],
    ]
    assert [p.widths for p in result.partitions] == [(Fraction(1, 3),), (Fraction(0),), (Fraction(0),)]
    assert result.gcp == pytest.approx(4 * (1 / 3) / 8)
    assert result.discernibility == 16 + 4 + 4


def test_categorical_multiway_and_chains() -> None:
    # Root LCA "*" has 4 children g0..g3: one level down gives up to 4 children at once.
    rows = [{"id": i, "q": v} for i, v in enumerate(["c0", "c1", "c3", "c4", "c5", "c5", "c6", "c2"])]
    result = mondrian(rows, [categorical("q", GROUPS)], k_anonymity(2))
    # g0 {c0,c1,c2} -> singletons fail; g1 {c3,c4} -> fail; g2 {c5,c5}: LCA is the leaf c5.
    # But {c6} alone has 1 row, so the root cut fails: everything stays in "*".
    assert labels(result) == [("*",)]
    result = mondrian(rows, [categorical("q", GROUPS)], k_anonymity(1))
    assert labels(result) == [("c0",), ("c1",), ("c2",), ("c3",), ("c4",), ("c5",), ("c6",)]
    rows_no_c6 = rows[:6] + rows[7:]
    result = mondrian(rows_no_c6, [categorical("q", GROUPS)], k_anonymity(2))
    assert labels(result) == [("c5",), ("g0",), ("g1",)]
    # widths: c5 0, g0 (3 - 1) / (7 - 1), g1 (2 - 1) / 6
    assert [p.ncp for p in result.partitions] == [0.0, 2 / 6, 1 / 6]


def test_mixed_by_hand() -> None:
    # age range 46.  Root: widths age 46/46, zip 3/3 -> tie, age first (QI order):
    # split 26 -> the 130* half | the 140* half.  In each half zip (1/3) beats age
    # (6/46): split by zip leaf, then age {20,24} split 20 -> singletons fail.
    zip_h: Hierarchy = {
        "1301": ["1301", "130*", "*"],
        "1302": ["1302", "130*", "*"],
        "1401": ["1401", "140*", "*"],
        "1402": ["1402", "140*", "*"],
    }
    data = [
        (20, "1301"),
        (22, "1302"),
        (24, "1301"),
        (26, "1302"),
        (60, "1401"),
        (62, "1402"),
        (64, "1401"),
        (66, "1402"),
    ]
    rows = [{"id": i, "age": a, "zip": z} for i, (a, z) in enumerate(data)]
    result = mondrian(rows, [numeric("age"), categorical("zip", zip_h)], k_anonymity(2))
    assert labels(result) == [
        ("[20-24]", "1301"),
        ("[22-26]", "1302"),
        ("[60-64]", "1401"),
        ("[62-66]", "1402"),
    ]
    assert [p.ncp for p in result.partitions] == [4 / 46] * 4
    assert result.gcp == pytest.approx(4 / 46 / 2)
    # k = 1: every row alone
    result = mondrian(rows, [numeric("age"), categorical("zip", zip_h)], k_anonymity(1))
    assert len(result.partitions) == 8 and result.gcp == 0.0


def test_ties_in_width_follow_qi_order() -> None:
    rows = [{"id": i, "x": x, "y": y} for i, (x, y) in enumerate([(0, 0), (1, 1), (2, 0), (3, 1)])]
    by_x = mondrian(rows, [numeric("x"), numeric("y")], k_anonymity(2))
    assert labels(by_x) == [("[0-1]", "[0-1]"), ("[2-3]", "[0-1]")]
    by_y = mondrian(rows, [numeric("y"), numeric("x")], k_anonymity(2))
    assert labels(by_y) == [("0", "[0-2]"), ("1", "[1-3]")]


def test_wider_dimension_first_and_fallback_to_next() -> None:
    # Both widths are 1 (tie, x first) but x's cut {0,1,1} | {9} fails k = 2: y is tried next.
    rows = [{"id": i, "x": x, "y": y} for i, (x, y) in enumerate([(0, 0), (1, 1), (1, 0), (9, 1)])]
    result = mondrian(rows, [numeric("x"), numeric("y")], k_anonymity(2))
    assert labels(result) == [("[0-1]", "0"), ("[1-9]", "1")]


def test_nt_closeness_by_hand() -> None:
    # x = 1..8, s = a a b b c c c c.  Q = (a .25, b .25, c .5).  Equal-distance EMD.
    # Root cut 4: {1..4} (a .5 b .5) and {5..8} (c 1) are each at EMD 0.5 from Q.
    # {1,2} = (a 1) is at 0.75 from Q but 0.5 from its parent {1..4}.
    rows = one_d(range(1, 9), list("aabbcccc"))
    qis = [numeric("x")]
    t_only = mondrian(rows, qis, t_closeness("s", 0.5, "equal"))
    assert labels(t_only) == [("5",), ("6",), ("7",), ("8",), ("[1-4]",)]
    nt4 = mondrian(rows, qis, nt_closeness("s", 4, 0.5, "equal"))  # {1..4} is a large ancestor
    assert labels(nt4) == [(str(i),) for i in range(1, 9)]
    nt5 = mondrian(rows, qis, nt_closeness("s", 5, 0.5, "equal"))  # only the root is large
    assert labels(nt5) == labels(t_only)
    nt8_tight = mondrian(rows, qis, nt_closeness("s", 8, 0.4, "equal"))
    assert labels(nt8_tight) == [("[1-8]",)]


def test_labels_and_number_format() -> None:
    assert [format_number(x) for x in (3.0, -1.0, 2.5, 0.1, -0.0, 1e-05, 123456789.0)] == [
        "3", "-1", "2.5", "0.1", "0", "1e-05", "123456789",
    ]  # fmt: skip
    rows = one_d(["3.50", "-1", "2", "10.25"])
    result = mondrian(rows, [numeric("x")], k_anonymity(2))
    # split -1 .. : sorted -1, 2, 3.5, 10.25 -> index 1 -> 2: {-1, 2} | {3.5, 10.25}
    assert labels(result) == [("[-1-2]",), ("[3.5-10.25]",)]


def test_bad_input() -> None:
    with pytest.raises(ValueError, match="not in its hierarchy"):
        mondrian([{"q": "zz"}], [categorical("q", ABCD)], k_anonymity(1))
    with pytest.raises(ValueError, match="None"):
        mondrian([{"x": None}], [numeric("x")], k_anonymity(1))
    with pytest.raises(ValueError, match="parse"):
        mondrian([{"x": "abc"}], [numeric("x")], k_anonymity(1))
    with pytest.raises(ValueError, match="duplicate"):
        mondrian([{"x": 1}], [numeric("x"), numeric("x")], k_anonymity(1))
    with pytest.raises(ValueError, match="hierarchy"):
        MondrianQI("q", "categorical")


def test_empty_table_and_no_qis() -> None:
    empty = mondrian([], [numeric("x")], k_anonymity(2))
    assert empty.partitions == () and empty.discernibility == 0 and empty.gcp == 0.0
    rows = one_d([1, 2, 3])
    whole = mondrian(rows, [], k_anonymity(1))
    assert labels(whole) == [()] and whole.gcp == 0.0 and whole.average_class_size == 3.0


# ---------------------------------------------------------------------------
# An independent depth-first Mondrian, written from the rules again
# ---------------------------------------------------------------------------


def _leaf_sets(hierarchy: Hierarchy) -> dict[tuple[int, Any], frozenset[Any]]:
    out: dict[tuple[int, Any], set[Any]] = {}
    for leaf, path in hierarchy.items():
        for level, label in enumerate(path):
            out.setdefault((level, label), set()).add(leaf)
    return {node: frozenset(leaves) for node, leaves in out.items()}


def _lca(part: Sequence[Row], qi: MondrianQI) -> tuple[int, Any]:
    """The node with the fewest leaves covering every value (lowest level among equal sets)."""
    assert qi.hierarchy is not None
    values = {row[qi.name] for row in part}
    covering = [(len(leaves), node) for node, leaves in _leaf_sets(qi.hierarchy).items() if values <= leaves]
    return min(covering, key=lambda item: (item[0], item[1][0]))[1]


def ind_width(part: Sequence[Row], qi: MondrianQI, table: Sequence[Row]) -> Fraction:
    if qi.kind == "numeric":
        whole = [Fraction(float(r[qi.name])) for r in table]
        mine = [Fraction(float(r[qi.name])) for r in part]
        span = max(whole) - min(whole)
        return (max(mine) - min(mine)) / span if span else Fraction(0)
    assert qi.hierarchy is not None
    n_leaves = len(qi.hierarchy)
    if n_leaves == 1:
        return Fraction(0)
    return Fraction(len(_leaf_sets(qi.hierarchy)[_lca(part, qi)]) - 1, n_leaves - 1)


def ind_cut(part: Sequence[Row], qi: MondrianQI) -> list[list[Row]] | None:
    if qi.kind == "numeric":
        values = sorted(float(r[qi.name]) for r in part)
        split = values[(len(values) - 1) // 2]
        left = [r for r in part if float(r[qi.name]) <= split]
        right = [r for r in part if float(r[qi.name]) > split]
        return [left, right] if right else None
    assert qi.hierarchy is not None
    level, _ = _lca(part, qi)
    if level == 0:
        return None
    groups: dict[Any, list[Row]] = {}
    for r in part:
        groups.setdefault(qi.hierarchy[r[qi.name]][level - 1], []).append(r)
    return list(groups.values()) if len(groups) > 1 else None


def ind_label(part: Sequence[Row], qi: MondrianQI) -> str:
    if qi.kind == "categorical":
        return str(_lca(part, qi)[1])
    values = [float(r[qi.name]) for r in part]

    def fmt(x: float) -> str:
        return str(int(x)) if x == int(x) else repr(x)

    lo, hi = min(values), max(values)
    return fmt(lo) if lo == hi else f"[{fmt(lo)}-{fmt(hi)}]"


def dims_in_order(part: Sequence[Row], qis: Sequence[MondrianQI], table: Sequence[Row]) -> list[int]:
    widths = [ind_width(part, qi, table) for qi in qis]
    return sorted((d for d in range(len(qis)) if widths[d] > 0), key=lambda d: (-widths[d], d))


def depth_first(
    table: Sequence[Row], qis: Sequence[MondrianQI], ok: Requirement
) -> list[tuple[list[Row], list[list[Row]]]]:
    """Final partitions (rows, ancestors) of a plain recursive Mondrian."""

    def rec(part: list[Row], ancestors: list[list[Row]]) -> list[tuple[list[Row], list[list[Row]]]]:
        for d in dims_in_order(part, qis, table):
            children = ind_cut(part, qis[d])
            if children is not None and all(ok(child, [*ancestors, part]) for child in children):
                return [final for child in children for final in rec(child, [*ancestors, part])]
        return [(part, ancestors)]

    return rec(list(table), []) if table else []


# ---------------------------------------------------------------------------
# Properties on random tables
# ---------------------------------------------------------------------------


def random_rows(rng: random.Random, n: int, *, distinct_x: bool = False) -> Table:
    xs = rng.sample(range(1000), n) if distinct_x else [rng.randrange(16) for _ in range(n)]
    return [
        {
            "id": i,
            "x": xs[i],
            "y": f"{rng.randrange(50) / 10:.2f}",  # strings such as "2.30", parsed as float
            "c": rng.choice(sorted(GROUPS)),
            "z": rng.choice(sorted(BINARY)),
            "s": rng.choices(range(4), weights=[4, 3, 2, 1])[0],
        }
        for i in range(n)
    ]


QI_SETS: dict[str, list[MondrianQI]] = {
    "numeric": [numeric("x"), numeric("y")],
    "categorical": [categorical("c", GROUPS), categorical("z", BINARY)],
    "mixed": [categorical("c", GROUPS), numeric("x"), categorical("z", BINARY), numeric("y")],
}

REQUIREMENTS: dict[str, Requirement] = {
    "k1": k_anonymity(1),
    "k2": k_anonymity(2),
    "k5": k_anonymity(5),
    "k3+distinct2": all_of(k_anonymity(3), one_class(lambda rows, qis: ref_distinct_l(rows, qis, "s", 2))),
    "t-equal": t_closeness("s", 0.25, "equal"),
    "t-ordered": t_closeness("s", 0.15, "ordered"),
    "t-hier": all_of(k_anonymity(2), t_closeness("s", 0.2, "hierarchical", hierarchy=SENS_H)),
    "nt": nt_closeness("s", 12, 0.2, "equal"),
    "nt-ordered": nt_closeness("s", 8, 0.1, "ordered"),
    "beta": all_of(
        k_anonymity(2), against_table(lambda rows, qis: ref_beta_likeness(rows, qis, "s", 1.0, "basic"))
    ),
}


def check_against_independent(rows: Table, qis: Sequence[MondrianQI], ok: Requirement) -> MondrianResult:
    result = mondrian(rows, qis, ok)
    n = len(rows)
    # disjoint and covering, indices consistent with rows
    all_indices = sorted(i for p in result.partitions for i in p.indices)
    assert all_indices == list(range(n))
    for p in result.partitions:
        assert list(p.indices) == sorted(p.indices)
        assert [rows[i] for i in p.indices] == list(p.rows)
    # same partitions and labels as the depth-first version
    expected = depth_first(rows, qis, ok)
    got = {frozenset(r["id"] for r in p.rows): p.labels for p in result.partitions}
    want = {
        frozenset(r["id"] for r in part): tuple(ind_label(part, qi) for qi in qis) for part, _ in expected
    }
    assert got == want
    # sorted output, metrics
    assert labels(result) == sorted(labels(result))
    assert result.discernibility == sum(len(p.rows) ** 2 for p in result.partitions)
    assert result.average_class_size == pytest.approx(n / len(result.partitions))
    for p in result.partitions:
        assert p.ncp == pytest.approx(float(sum(ind_width(list(p.rows), qi, rows) for qi in qis)))
    gcp = sum(len(p.rows) * p.ncp for p in result.partitions) / (n * len(qis))
    assert result.gcp == pytest.approx(gcp)
    # brute force: each final partition satisfies the requirement, no dimension has an allowable cut
    for p in result.partitions:
        part = list(p.rows)
        ancestors = [[rows[i] for i in a] for a in p.ancestors]
        if ancestors:
            assert ok(part, ancestors)
        for qi in qis:
            if ind_width(part, qi, rows) == 0:
                continue
            children = ind_cut(part, qi)
            assert children is None or not all(ok(child, [*ancestors, part]) for child in children)
    return result


@pytest.mark.parametrize("qi_set", sorted(QI_SETS))
@pytest.mark.parametrize("req", sorted(REQUIREMENTS))
def test_random_tables_against_independent_version(qi_set: str, req: str) -> None:
    rng = random.Random(f"{qi_set}/{req}")
    for n in (1, 2, 7, 40):
        check_against_independent(random_rows(rng, n), QI_SETS[qi_set], REQUIREMENTS[req])


@pytest.mark.parametrize("qi_set", sorted(QI_SETS))
def test_deterministic_under_shuffling(qi_set: str) -> None:
    rng = random.Random(11)
    rows = random_rows(rng, 60)
    for req in ("k2", "t-equal", "nt"):
        ok = REQUIREMENTS[req]
        first = mondrian(rows, QI_SETS[qi_set], ok)
        for _ in range(3):
            shuffled = rows[:]
            rng.shuffle(shuffled)
            again = mondrian(shuffled, QI_SETS[qi_set], ok)
            assert labels(again) == labels(first)
            assert [sorted(ids_) for ids_ in ids(again)] == [sorted(ids_) for ids_ in ids(first)]
            assert (again.discernibility, again.gcp) == (first.discernibility, first.gcp)
            assert [p.widths for p in again.partitions] == [p.widths for p in first.partitions]


def test_k1_distinct_values_go_down_to_single_rows() -> None:
    rng = random.Random(5)
    for qis in ([numeric("x")], [numeric("x"), numeric("y")]):
        rows = random_rows(rng, 50, distinct_x=True)
        result = mondrian(rows, qis, k_anonymity(1))
        assert len(result.partitions) == 50
        assert result.discernibility == 50 and result.gcp == 0.0


@pytest.mark.parametrize("qi_set", sorted(QI_SETS))
def test_k_above_half_keeps_the_whole_table(qi_set: str) -> None:
    rng = random.Random(6)
    rows = random_rows(rng, 31)
    result = mondrian(rows, QI_SETS[qi_set], k_anonymity(16))
    assert len(result.partitions) == 1
    assert result.partitions[0].ancestors == ()
    assert result.discernibility == 31 * 31
    assert result.labels_by_row() == [result.partitions[0].labels] * 31
    if qi_set == "numeric":
        assert result.gcp == 1.0  # both numeric widths are 1 on the whole table


@pytest.mark.parametrize("distance", ["equal", "ordered", "hierarchical"])
def test_nt_with_n_equal_to_table_size_is_t_closeness(distance: Any) -> None:
    rng = random.Random(distance)
    hierarchy = SENS_H if distance == "hierarchical" else None
    for qi_set in QI_SETS.values():
        for t in (0.1, 0.2, 0.35):
            rows = random_rows(rng, 45)
            nt = mondrian(rows, qi_set, nt_closeness("s", len(rows), t, distance, hierarchy=hierarchy))
            tc = mondrian(rows, qi_set, t_closeness("s", t, distance, hierarchy=hierarchy))
            assert labels(nt) == labels(tc) and ids(nt) == ids(tc)
            # every partition within t of the whole table, per ref_t_closeness
            part_of = {row["id"]: j for j, p in enumerate(nt.partitions) for row in p.rows}
            tagged = [{**row, "part": part_of[row["id"]]} for row in rows]
            assert ref_t_closeness(tagged, ["part"], "s", t, distance, hierarchy=hierarchy).passed


def test_t_closeness_uses_the_whole_table_distribution() -> None:
    # A child equal to ITSELF is at distance 0 from its own distribution, so a
    # Q taken from the child would accept everything.  Q is the whole table.
    rows = one_d(range(1, 9), list("aaaabbbb"))
    result = mondrian(rows, [numeric("x")], t_closeness("s", 0.3, "equal"))
    assert labels(result) == [("[1-8]",)]
    wrong = mondrian(rows, [numeric("x")], one_class(lambda r, q: ref_t_closeness(r, q, "s", 0.3, "equal")))
    assert len(wrong.partitions) == 8  # what the naive use would (wrongly) give


def test_against_table_matches_direct_computation() -> None:
    rng = random.Random(8)
    rows = random_rows(rng, 40)
    ref_t = against_table(lambda r, q: ref_t_closeness(r, q, "s", 0.2, "equal"))
    direct_t = t_closeness("s", 0.2, "equal")
    ref_l = against_table(lambda r, q: ref_distinct_l(r, q, "s", 3))
    one_l = one_class(lambda r, q: ref_distinct_l(r, q, "s", 3))
    ref_d = against_table(lambda r, q: ref_delta_disclosure(r, q, "s", 1.5))
    q_counts = {v: sum(1 for r in rows if r["s"] == v) for v in {r["s"] for r in rows}}
    domain = sorted_domain(q_counts)
    q = distribution([r["s"] for r in rows], domain)
    seen = {True: 0, False: 0}
    for size in (1, 2, 3, 5, 10, 20, 39, 40):
        for _ in range(5):
            child = rng.sample(rows, size)
            ancestors = [rows]
            p = distribution([r["s"] for r in child], domain)
            expected_t = emd_equal(p, q) <= 0.2 + TOL
            assert ref_t(child, ancestors) == direct_t(child, ancestors) == expected_t
            assert ref_l(child, ancestors) == one_l(child, ancestors) == (len({r["s"] for r in child}) >= 3)
            worst = max((abs(math.log((p[j]) / q[j])) if p[j] > 0 else math.inf) for j in range(len(domain)))
            assert ref_d(child, ancestors) == (not worst >= 1.5 - TOL)
            seen[expected_t] += 1
    assert seen[True] and seen[False]
