"""The reference implementations agree among themselves, with the exact LP, and with
the published figures of Li et al., "t-Closeness" (ICDE 2007, paper 003).

Every EMD comparison uses the absolute tolerance ``EMD_TOL = 1e-9``.
"""

from __future__ import annotations

import csv
import math
import random
from collections.abc import Callable, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any, Literal

import pytest

from tests.oracles.reference import (
    TOL,
    Hierarchy,
    Row,
    distribution,
    emd_equal,
    emd_hierarchical_paper,
    emd_lp,
    emd_ordered,
    emd_tree,
    entropy,
    equivalence_classes,
    ground_equal,
    ground_hierarchical,
    ground_ordered,
    hierarchy_height,
    minimal_nodes,
    random_table,
    ref_distinct_l,
    ref_entropy_l,
    ref_k_anonymity,
    ref_recursive_cl,
    ref_t_closeness,
    sorted_domain,
)
from tests.support.cases import seeds

EMD_TOL = 1e-9
TEST2_DIR = Path(__file__).resolve().parents[3] / "shared" / "data" / "test2"


# ---------------------------------------------------------------------------
# Generators
# ---------------------------------------------------------------------------


def random_distribution(rng: random.Random, m: int) -> list[float]:
    """Random distribution on m points; often with zeros, sometimes a point mass."""
    style = rng.choice(["counts", "continuous", "point"])
    if style == "point":
        weights = [0.0] * m
        weights[rng.randrange(m)] = 1.0
    else:
        zero_prob = rng.choice([0.0, 0.3, 0.6])
        weights = [
            0.0 if rng.random() < zero_prob else (rng.randint(1, 9) if style == "counts" else rng.random())
            for _ in range(m)
        ]
        if sum(weights) == 0:
            weights[rng.randrange(m)] = 1.0
    total = math.fsum(weights)
    return [w / total for w in weights]


def random_hierarchy(rng: random.Random, height: int, max_branching: int = 3) -> dict[str, tuple[str, ...]]:
    """Random balanced hierarchy of the given height (every internal node has 1..max_branching children)."""
    partial_paths: list[tuple[str, ...]] = [("root",)]  # root first while building
    for _ in range(height):
        partial_paths = [
            (*path, f"{path[-1]}.{k}") for path in partial_paths for k in range(rng.randint(1, max_branching))
        ]
    return {path[-1]: tuple(reversed(path)) for path in partial_paths}


def has_zero(*dists: Sequence[float]) -> bool:
    return any(x == 0 for d in dists for x in d)


# ---------------------------------------------------------------------------
# Closed forms vs the transportation LP
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("closed_form", "ground"),
    [(emd_equal, ground_equal), (emd_ordered, ground_ordered)],
    ids=["equal", "ordered"],
)
@pytest.mark.slow
def test_closed_forms_match_lp(
    closed_form: Callable[[Sequence[float], Sequence[float]], float],
    ground: Callable[[int], list[list[float]]],
) -> None:
    rng = random.Random(20070415)
    cases_with_zeros = 0
    for case in range(400):
        m = rng.randint(2, 12)
        p, q = random_distribution(rng, m), random_distribution(rng, m)
        if case % 10 == 0:
            q = list(p)  # identical distributions: distance 0
        cases_with_zeros += has_zero(p, q)
        lp = emd_lp(p, q, ground(m))
        assert closed_form(p, q) == pytest.approx(lp, abs=EMD_TOL), (case, p, q)
    assert cases_with_zeros >= 100  # the generator really exercises zero masses


def test_ordered_extreme_point_masses() -> None:
    for m in range(2, 13):
        first = [1.0] + [0.0] * (m - 1)
        last = [0.0] * (m - 1) + [1.0]
        assert emd_ordered(first, last) == pytest.approx(1.0, abs=EMD_TOL)
        assert emd_lp(first, last, ground_ordered(m)) == pytest.approx(1.0, abs=EMD_TOL)
    assert emd_ordered([1.0], [1.0]) == 0.0


def test_hierarchical_formulas_match_lp() -> None:
    """emd_tree == paper formula == LP on random balanced hierarchies.

    The paper's formula is exact on balanced hierarchies: with e(N) = extra(N)
    and children C of an internal node N, min(pos, neg) = (sum_C |e(C)| - |e(N)|)/2,
    so sum_N level(N)/H * min(pos, neg) telescopes: a non-root node at level j
    gets (j + 1)/(2H) as a child and -j/(2H) as a parent, i.e. 1/(2H) in total,
    which is the tree-metric EMD sum_N |e(N)|/(2H) = emd_tree.
    """
    rng = random.Random(3)
    cases_with_zeros = 0
    for case in range(300):
        height = rng.randint(1, 4)
        hierarchy = random_hierarchy(rng, height, max_branching=3 if height <= 3 else 2)
        leaves = list(hierarchy)
        if len(leaves) < 2:
            continue
        p, q = (
            random_distribution(rng, len(leaves)),
            random_distribution(rng, len(leaves)),
        )
        cases_with_zeros += has_zero(p, q)
        lp = emd_lp(p, q, ground_hierarchical(leaves, hierarchy))
        assert emd_tree(p, q, leaves, hierarchy) == pytest.approx(lp, abs=EMD_TOL), (
            case,
            hierarchy,
            p,
            q,
        )
        assert emd_hierarchical_paper(p, q, leaves, hierarchy) == pytest.approx(lp, abs=EMD_TOL), (
            case,
            hierarchy,
            p,
            q,
        )
    assert cases_with_zeros >= 100


def test_hierarchy_validation() -> None:
    assert hierarchy_height({"a": ("a", "x", "*"), "b": ("b", "y", "*")}) == 2
    with pytest.raises(ValueError, match="balanced"):
        hierarchy_height({"a": ("a", "*"), "b": ("b", "y", "*")})
    with pytest.raises(ValueError, match="two parents"):
        hierarchy_height({"a": ("a", "x", "r1", "*"), "b": ("b", "x", "r2", "*")})
    with pytest.raises(ValueError, match="root"):
        hierarchy_height({"a": ("a", "r1"), "b": ("b", "r2")})


# ---------------------------------------------------------------------------
# Paper 003, Example 3 / Tables 3-5: Salary (ordered distance)
# ---------------------------------------------------------------------------


def read_test2() -> list[dict[str, str]]:
    path = TEST2_DIR / "test2.csv"
    if not path.exists():
        pytest.skip(f"{path} not available")
    with path.open(newline="") as f:
        return list(csv.DictReader(f, delimiter=";"))


def read_generalisation(attr: str) -> dict[str, list[str]]:
    """value -> [value, level-1 generalisation, level-2, ...] from the shared hierarchy CSV."""
    path = TEST2_DIR / f"test2_hierarchy_{attr}.csv"
    if not path.exists():
        pytest.skip(f"{path} not available")
    with path.open(newline="") as f:
        return {line[0]: line for line in csv.reader(f, delimiter=";")}


def test_paper_salary_example() -> None:
    """Section 5.3: D[{3k,4k,5k}, Q] = 0.375 and D[{6k,8k,11k}, Q] = 0.167."""
    salaries = [row["Salary"] for row in read_test2()]
    domain = sorted_domain(salaries)
    assert [float(v) for v in domain] == list(range(3, 12))  # 3k..11k, each once
    q = distribution(salaries, domain)
    ground = ground_ordered(len(domain))
    for members, published in [(["3", "4", "5"], 0.375), (["6", "8", "11"], 0.167)]:
        p = distribution(members, domain)
        assert round(emd_ordered(p, q), 3) == published
        assert round(emd_lp(p, q, ground), 3) == published
    # footnote 4 gives the exact value 27/72 for the first class
    assert emd_ordered(distribution(["3", "4", "5"], domain), q) == pytest.approx(27 / 72, abs=EMD_TOL)


def test_paper_table4_and_table5() -> None:
    """Table 4 (ZIP -> 476**/4790*, Age -> decade) is 3-anonymous, distinct and entropy
    3-diverse, and its worst Salary class is 0.375 away; Table 5 (ZIP -> 4 digits)
    has 0.167-closeness w.r.t. Salary."""
    rows = read_test2()
    zip_gen, age_gen = read_generalisation("ZIPCode"), read_generalisation("Age")
    table4 = [{**row, "Z": zip_gen[row["ZIPCode"]][2], "A": age_gen[row["Age"]][1]} for row in rows]
    assert sorted(map(len, equivalence_classes(table4, ["Z", "A"]).values())) == [
        3,
        3,
        3,
    ]
    assert ref_k_anonymity(table4, ["Z", "A"], 3).passed
    assert ref_distinct_l(table4, ["Z", "A"], "Disease", 3).passed
    assert ref_entropy_l(table4, ["Z", "A"], "Disease", 3).passed
    salary4 = ref_t_closeness(table4, ["Z", "A"], "Salary", 0.375, "ordered")
    assert salary4.observed is not None and round(salary4.observed, 3) == 0.375
    assert salary4.passed
    assert not ref_t_closeness(table4, ["Z", "A"], "Salary", 0.167, "ordered").passed

    table5 = [{**row, "Z": zip_gen[row["ZIPCode"]][1]} for row in rows]
    salary5 = ref_t_closeness(table5, ["Z"], "Salary", 0.167, "ordered")
    assert salary5.passed
    assert salary5.observed is not None and round(salary5.observed, 3) == 0.167


# ---------------------------------------------------------------------------
# Paper 003, Figure 1: Disease (hierarchical distance)
# ---------------------------------------------------------------------------

FIGURE1_ROOT = "respiratory & digestive system diseases"
FIGURE1: dict[tuple[str, str], list[str]] = {
    ("respiratory system diseases", "respiratory infection"): [
        "flu",
        "pneumonia",
        "bronchitis",
    ],
    ("respiratory system diseases", "vascular lung diseases"): [
        "pulmonary edema",
        "pulmonary embolism",
    ],
    ("digestive system diseases", "stomach diseases"): [
        "gastric ulcer",
        "gastritis",
        "stomach cancer",
    ],
    ("digestive system diseases", "colon diseases"): ["colitis", "colon cancer"],
}


def figure1_hierarchy() -> dict[str, tuple[str, ...]]:
    return {
        leaf: (leaf, group, system, FIGURE1_ROOT)
        for (system, group), leaves in FIGURE1.items()
        for leaf in leaves
    }


def test_figure1_ground_distances() -> None:
    """Section 5.3: flu-bronchitis 1/3, flu-pulmonary embolism 2/3, flu-stomach cancer 1."""
    hierarchy = figure1_hierarchy()
    assert hierarchy_height(hierarchy) == 3
    leaves = ["flu", "bronchitis", "pulmonary embolism", "stomach cancer"]
    d = ground_hierarchical(leaves, hierarchy)
    assert d[0] == pytest.approx([0.0, 1 / 3, 2 / 3, 1.0])


def figure1_emds(q_values: Sequence[str], class_rows: Sequence[int]) -> list[float]:
    """[LP, emd_tree, paper formula] for the Disease values of the given (1-based) Table 3 rows."""
    rows = read_test2()
    hierarchy = figure1_hierarchy()
    leaves = list(hierarchy)
    q = distribution(q_values, leaves)
    p = distribution([rows[i - 1]["Disease"] for i in class_rows], leaves)
    return [
        emd_lp(p, q, ground_hierarchical(leaves, hierarchy)),
        emd_tree(p, q, leaves, hierarchy),
        emd_hierarchical_paper(p, q, leaves, hierarchy),
    ]


# (rows of Table 3, Disease values the paper names, value printed in section 5.3,
#  exact EMD against the true Table-3 distribution Q).
# Exact values by hand (extra = p - q, Q = (1,2,2 | 1,2,1)/9 on
# (gastric ulcer, gastritis, stomach cancer | flu, bronchitis, pneumonia)):
#   rows 1-3 (Table 4, class 1): extras (2,1,1 | -1,-2,-1)/9: all 4/9 crosses the root -> 4/9.
#   rows 1,3,8 (Table 5, class 1): extras (2,-2,1 | -1,-2,2)/9: stomach diseases and
#     respiratory infection each even out 2/9 at 1/3, 1/9 crosses the root -> 7/27.
FIGURE1_CASES = [
    ((1, 2, 3), ["gastric ulcer", "gastritis", "stomach cancer"], 0.5, Fraction(4, 9)),
    (
        (1, 3, 8),
        ["gastric ulcer", "pneumonia", "stomach cancer"],
        0.278,
        Fraction(7, 27),
    ),
]


@pytest.mark.parametrize(("class_rows", "diseases", "printed", "exact"), FIGURE1_CASES)
def test_figure1_classes_true_distribution(
    class_rows: tuple[int, ...], diseases: list[str], printed: float, exact: Fraction
) -> None:
    """Against Q = the Disease column of Table 3 the EMDs are 4/9 and 7/27, NOT the printed 0.5 / 0.278."""
    rows = read_test2()
    assert sorted(rows[i - 1]["Disease"] for i in class_rows) == diseases
    emds = figure1_emds([row["Disease"] for row in rows], class_rows)
    assert emds == pytest.approx([float(exact)] * 3, abs=EMD_TOL)
    assert round(emds[0], 3) != printed


@pytest.mark.parametrize(("class_rows", "diseases", "printed", "exact"), FIGURE1_CASES)
def test_figure1_classes_printed_values(
    class_rows: tuple[int, ...], diseases: list[str], printed: float, exact: Fraction
) -> None:
    """The printed 0.5 / 0.278 are reproduced exactly when Q is the uniform distribution
    over the 6 DISTINCT diseases of Table 3 (each counted once instead of with its
    multiplicity: gastritis, bronchitis and stomach cancer occur twice)."""
    rows = read_test2()
    distinct = sorted({row["Disease"] for row in rows})
    assert len(distinct) == 6
    emds = figure1_emds(distinct, class_rows)
    assert round(emds[0], 3) == printed
    assert emds == pytest.approx([emds[0]] * 3, abs=EMD_TOL)


def test_table5_disease_closeness() -> None:
    """The paper says Table 5 has 0.278-closeness w.r.t. Disease.  That holds for the
    uniform-over-distinct-values Q (all three classes are at 5/18), but with the true Q
    the class {gastritis, flu, bronchitis} (rows 4-6) is at 8/27 = 0.296 > 0.278."""
    rows = read_test2()
    zip_gen = read_generalisation("ZIPCode")
    table5 = [{**row, "Z": zip_gen[row["ZIPCode"]][1]} for row in rows]
    hierarchy = figure1_hierarchy()
    true_q = ref_t_closeness(table5, ["Z"], "Disease", 0.278, "hierarchical", hierarchy=hierarchy)
    assert not true_q.passed
    assert true_q.violating_classes == 1 and true_q.violating_rows == 3
    assert true_q.observed == pytest.approx(8 / 27, abs=EMD_TOL)

    leaves = list(hierarchy)
    uniform_q = distribution(sorted({row["Disease"] for row in rows}), leaves)
    ground = ground_hierarchical(leaves, hierarchy)
    for members in equivalence_classes(table5, ["Z"]).values():
        p = distribution([row["Disease"] for row in members], leaves)
        assert round(emd_lp(p, uniform_q, ground), 3) == 0.278


def paper_literal_leaf_reading(
    p: Sequence[float], q: Sequence[float], leaves: Sequence[str], hierarchy: Hierarchy
) -> float:
    """Section 5.2 read literally: "Child(N) is the set of all leaf nodes below N"."""
    height = hierarchy_height(hierarchy)
    total = 0.0
    for level in range(1, height + 1):
        for node in {hierarchy[leaf][level] for leaf in leaves}:
            below = [
                pi - qi for leaf, pi, qi in zip(leaves, p, q, strict=True) if hierarchy[leaf][level] == node
            ]
            pos = math.fsum(x for x in below if x > 0)
            neg = math.fsum(-x for x in below if x < 0)
            total += level / height * min(pos, neg)
    return total


def test_paper_child_definition_must_mean_direct_children() -> None:
    """Section 5.2 says "Child(N) is the set of all leaf nodes below N"; read that way the
    formula is wrong (1.0 instead of 7/27 for rows 1,3,8); it needs the direct children."""
    rows = read_test2()
    hierarchy = figure1_hierarchy()
    leaves = list(hierarchy)
    q = distribution([row["Disease"] for row in rows], leaves)
    p = distribution([rows[i - 1]["Disease"] for i in (1, 3, 8)], leaves)
    lp = emd_lp(p, q, ground_hierarchical(leaves, hierarchy))
    assert paper_literal_leaf_reading(p, q, leaves, hierarchy) == pytest.approx(1.0, abs=EMD_TOL)
    assert emd_hierarchical_paper(p, q, leaves, hierarchy) == pytest.approx(lp, abs=EMD_TOL)
    assert lp == pytest.approx(7 / 27, abs=EMD_TOL)


# ---------------------------------------------------------------------------
# k-anonymity and l-diversity on hand-made classes
# ---------------------------------------------------------------------------


def table(*classes: Sequence[Any]) -> list[dict[str, Any]]:
    """One row per sensitive value; class i has QI value str(i)."""
    return [{"qi": str(i), "s": value} for i, values in enumerate(classes) for value in values]


def test_k_anonymity_hand_made() -> None:
    rows = table("aab", "abcd", "a")
    assert ref_k_anonymity(rows, ["qi"], 1).passed
    r3 = ref_k_anonymity(rows, ["qi"], 3)
    assert (r3.passed, r3.observed, r3.violating_classes, r3.violating_rows) == (
        False,
        1.0,
        1,
        1,
    )
    r4 = ref_k_anonymity(rows, ["qi"], 4)
    assert (r4.passed, r4.violating_classes, r4.violating_rows) == (False, 2, 4)
    whole = ref_k_anonymity(rows, [], 8)  # no QI: the table is one class
    assert whole.passed and whole.observed == 8.0
    empty = ref_k_anonymity([], ["qi"], 5)
    assert empty.passed and empty.observed is None


def test_distinct_l_hand_made() -> None:
    rows = table("aab", "abcd")
    r2 = ref_distinct_l(rows, ["qi"], "s", 2)
    assert r2.passed and r2.observed == 2.0
    r3 = ref_distinct_l(rows, ["qi"], "s", 3)
    assert (r3.passed, r3.violating_classes, r3.violating_rows) == (False, 1, 3)


def test_entropy_l_hand_made() -> None:
    uniform3 = table("abc" * 2)
    r = ref_entropy_l(uniform3, ["qi"], "s", 3)
    assert r.passed
    assert r.observed == pytest.approx(3.0, abs=1e-12)
    assert not ref_entropy_l(uniform3, ["qi"], "s", 3.0001).passed
    # skewed: 3 distinct values but exp(H) < 3
    skewed = table("aaaabc")
    assert ref_distinct_l(skewed, ["qi"], "s", 3).passed
    r_skewed = ref_entropy_l(skewed, ["qi"], "s", 3)
    assert not r_skewed.passed and r_skewed.violating_rows == 6
    expected = -(4 / 6 * math.log(4 / 6) + 2 * (1 / 6) * math.log(1 / 6))
    assert r_skewed.observed == pytest.approx(math.exp(expected), abs=1e-12)
    assert entropy(list("a")) == 0.0


def test_recursive_cl_hand_made() -> None:
    rows = table("a" * 5 + "b" * 3 + "c" * 2)  # counts [5, 3, 2]
    r = ref_recursive_cl(rows, ["qi"], "s", 1, 2)  # 5 < 1 * (3 + 2) is false
    assert (r.passed, r.violating_classes, r.violating_rows) == (False, 1, 10)
    assert r.observed == 1.0
    assert ref_recursive_cl(rows, ["qi"], "s", 1.01, 2).passed
    assert not ref_recursive_cl(rows, ["qi"], "s", Fraction(5, 2), 3).passed  # 5 < 2.5 * 2 is false
    assert ref_recursive_cl(rows, ["qi"], "s", "2.51", 3).passed
    too_few = ref_recursive_cl(rows, ["qi"], "s", 100, 4)  # only 3 values
    assert not too_few.passed and too_few.observed is None
    # a float c means the decimal it prints as: 1 < 0.1 * 10 is false (binary 0.1 is a bit larger)
    ten_distinct = table("abcdefghij")
    assert not ref_recursive_cl(ten_distinct, ["qi"], "s", 0.1, 1).passed
    assert ref_recursive_cl(ten_distinct, ["qi"], "s", Fraction(0.1), 1).passed


def test_minimal_nodes_hand_made() -> None:
    satisfying = {(0, 2), (1, 1), (1, 2), (2, 0), (2, 2), (0, 3), (2, 1)}
    assert minimal_nodes(satisfying) == {(0, 2), (1, 1), (2, 0)}
    assert minimal_nodes([(1, 1, 1), (1, 1, 1)]) == {(1, 1, 1)}
    assert minimal_nodes([]) == set()
    assert minimal_nodes([(0, 5), (5, 0)]) == {(0, 5), (5, 0)}


def test_minimal_nodes_random() -> None:
    rng = random.Random(11)
    for _ in range(200):
        nodes = {tuple(rng.randint(0, 3) for _ in range(3)) for _ in range(rng.randint(0, 20))}
        minimal = minimal_nodes(nodes)
        assert minimal <= nodes
        for node in nodes:  # every node is above some minimal node
            assert any(all(a <= b for a, b in zip(m, node, strict=True)) for m in minimal)
        for a in minimal:  # minimal nodes are pairwise incomparable
            for b in minimal - {a}:
                assert not all(x <= y for x, y in zip(a, b, strict=True))


# ---------------------------------------------------------------------------
# Properties on random tables
# ---------------------------------------------------------------------------

QI_DOMAINS = {"a": 3, "b": 2, "c": 2}
Distance = Literal["equal", "ordered", "hierarchical"]


def random_case(seed: int) -> tuple[list[dict[str, Any]], dict[str, tuple[str, ...]]]:
    """A random table whose sensitive values are the leaves of a random hierarchy."""
    rng = random.Random(seed)
    hierarchy = random_hierarchy(rng, rng.randint(1, 3))
    leaves = list(hierarchy)
    rows = random_table(rng, rng.randint(1, 40), QI_DOMAINS, len(leaves), sens_attr="s")
    for row in rows:
        row["s"] = leaves[row["s"]]
    return rows, hierarchy


def lp_closeness(
    rows: Sequence[Row],
    qis: Sequence[str],
    distance: Distance,
    hierarchy: dict[str, tuple[str, ...]],
) -> float:
    """Largest class EMD, straight from the LP."""
    values = [row["s"] for row in rows]
    if distance == "hierarchical":
        domain = list(hierarchy)
        ground = ground_hierarchical(domain, hierarchy)
    else:
        domain = sorted_domain(values)
        ground = ground_equal(len(domain)) if distance == "equal" else ground_ordered(len(domain))
    q = distribution(values, domain)
    return max(
        emd_lp(distribution([row["s"] for row in members], domain), q, ground)
        for members in equivalence_classes(rows, qis).values()
    )


@pytest.mark.parametrize("seed", seeds(40))
def test_t_closeness_matches_lp_and_is_monotone(seed: int) -> None:
    """ref_t_closeness == LP, and coarsening the QIs never increases the worst EMD
    (paper 003, Fact 2 / Subset Property)."""
    rows, hierarchy = random_case(seed)
    for distance in ("equal", "ordered", "hierarchical"):
        previous: float | None = None
        for qis in (["a", "b", "c"], ["a", "b"], ["a"], []):
            result = ref_t_closeness(rows, qis, "s", 0.2, distance, hierarchy=hierarchy)
            assert result.observed is not None
            assert result.observed == pytest.approx(lp_closeness(rows, qis, distance, hierarchy), abs=EMD_TOL)
            assert result.passed == (result.observed <= 0.2 + TOL)
            if previous is not None:
                assert result.observed <= previous + EMD_TOL
            previous = result.observed
        assert previous == pytest.approx(0.0, abs=EMD_TOL)  # one class == the whole table


@pytest.mark.parametrize("seed", seeds(100))
def test_diversity_references_consistent(seed: int) -> None:
    """Cross-checks between the references on random tables:
    exp(entropy) <= number of distinct values <= class size, and all the
    measures are monotone when the QIs are coarsened (classes merged)."""
    rng = random.Random(seed)
    rows = random_table(rng, rng.randint(1, 60), QI_DOMAINS, rng.randint(1, 5), sens_attr="s")
    l = rng.randint(1, 3)  # noqa: E741
    c = Fraction(rng.randint(1, 12), 4)
    previous: dict[str, float] = {}
    previous_ratio: float | None = None  # recursive (c, l) ratio; None = infinite
    for depth, qis in enumerate((["a", "b", "c"], ["a", "b"], ["a"], [])):
        k_res = ref_k_anonymity(rows, qis, 2)
        dist_res = ref_distinct_l(rows, qis, "s", l)
        ent_res = ref_entropy_l(rows, qis, "s", l)
        rec_res = ref_recursive_cl(rows, qis, "s", c, l)
        assert k_res.observed is not None and dist_res.observed is not None and ent_res.observed is not None
        assert ent_res.observed <= dist_res.observed + 1e-12 <= k_res.observed + 1e-12
        if ent_res.passed:
            assert dist_res.passed  # entropy l-diversity implies distinct l-diversity
        if rec_res.passed:
            assert dist_res.passed  # so does recursive (c, l)-diversity
        for res in (k_res, dist_res, ent_res, rec_res):
            assert res.passed == (res.violating_classes == 0) == (res.violating_rows == 0)
        # merging classes never makes any measure worse
        current = {
            "k": k_res.observed,
            "distinct": dist_res.observed,
            "entropy": ent_res.observed,
        }
        for name, value in previous.items():
            assert current[name] >= value - 1e-12, name
        if depth > 0 and previous_ratio is not None:
            assert rec_res.observed is not None and rec_res.observed <= previous_ratio + 1e-12
        previous, previous_ratio = current, rec_res.observed


def test_sorted_domain_is_numeric_when_possible() -> None:
    assert sorted_domain(["10", "9", "100", "9"]) == ["9", "10", "100"]
    assert sorted_domain(["b", "10", "a"]) == ["10", "a", "b"]
    rows = [{"s": v} for v in ["10", "9", "100"]]
    explicit = ref_t_closeness(rows, [], "s", 0.0, "ordered", order=["9", "10", "100"])
    assert explicit.passed and explicit.observed == 0.0
    with pytest.raises(ValueError, match="not in the domain"):
        ref_t_closeness(rows, [], "s", 0.0, "ordered", order=["9", "10"])
