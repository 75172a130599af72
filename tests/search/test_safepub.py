"""The pieces of SafePub's (epsilon, delta)-differential privacy against the formulas of the
paper (Bild, Kuhn, Prasser, PoPETs 2018; Li, Qardaji, Su, ASIACCS 2012), computed here
independently: the binomial tails with scipy.stats.binom, k by a scan over k and n with numpy,
beta and the split of epsilon in closed form, the exponential mechanism's probabilities from
exact rationals, the sampler's frequencies by a chi-square test, and the SQL sample's hash
against its Python form."""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from scipy import stats

from sqlanon.config import dp
from sqlanon.encode import dp_sample
from sqlanon.engines.duckdb.engine import DuckDBEngine
from sqlanon.search import safepub

pytestmark = pytest.mark.fast


def _delta_reference(k: int, eps: float, upto: int) -> float:
    """d(k) = max over n_m <= n <= upto of P(X > gamma n), X ~ Binomial(n, beta) (scipy)."""
    beta = 1 - math.exp(-eps)
    gamma = (math.exp(eps) - 1 + beta) / math.exp(eps)
    n_m = max(math.ceil(k / gamma - 1), 1)
    n = np.arange(n_m, upto + 1)
    return float(np.max(stats.binom.sf(np.floor(n * gamma), n, beta)))


def test_beta_and_split_follow_the_paper() -> None:
    for eps, share in [(1.0, 0.1), (2.0, 0.25), (0.5, 0.5)]:
        anon, search = dp.split_epsilon(eps, share)
        assert anon + search == pytest.approx(eps) and search == pytest.approx(eps * share)
        assert dp.sampling_probability(anon) == pytest.approx(1 - math.exp(-anon), rel=1e-15)


@pytest.mark.parametrize("n", [1, 5, 40, 117, 600])
def test_binomial_tail_equals_scipy(n: int) -> None:
    for eps in (0.3, 1.0, 1.8, 3.0):
        beta = dp.sampling_probability(eps)
        gamma = dp.gamma_of(eps, beta)
        assert gamma == pytest.approx((math.exp(eps) - 1 + beta) / math.exp(eps))
        want = stats.binom.sf(math.floor(n * gamma), n, beta)
        assert dp.binomial_tail(n, gamma, beta) == pytest.approx(want, rel=1e-9, abs=1e-300)


@pytest.mark.parametrize(("eps", "delta"), [(0.9, 1e-5), (1.8, 1e-6), (0.1, 1e-3), (2.7, 1e-4), (1.35, 1e-8)])
def test_k_is_the_smallest_with_d_k_at_most_delta(eps: float, delta: float) -> None:
    k = dp.derived_k(eps, delta)
    beta = 1 - math.exp(-eps)
    gamma = (math.exp(eps) - 1 + beta) / math.exp(eps)
    exponent = gamma * math.log(gamma / beta) - (gamma - beta)
    upto = math.ceil(math.log(1 / delta) / exponent) + 10  # past it, a_n <= c_n <= delta
    assert _delta_reference(k, eps, upto) <= delta
    if k > 1:
        assert _delta_reference(k - 1, eps, upto) > delta
    assert dp.delta_of_k(k, eps) <= delta  # ARX's stopping rule agrees


def test_parse_derives_k_and_beta_and_names_bad_keys() -> None:
    got = dp.parse_dp({"epsilon": 2.0, "delta": 1e-6, "seed": 3})
    assert got.epsilon_anon == pytest.approx(1.8) and got.epsilon_search == pytest.approx(0.2)
    assert got.k == dp.derived_k(1.8, 1e-6) and got.beta == pytest.approx(1 - math.exp(-1.8))
    assert got.steps == 100 and got.seed == 3
    for bad, key in [
        ({"epsilon": 0, "delta": 1e-6}, "epsilon"),
        ({"epsilon": 1, "delta": 1.0}, "delta"),
        ({"epsilon": 1, "delta": 1e-6, "search_share": 1}, "search_share"),
        ({"epsilon": 1, "delta": 1e-6, "steps": -1}, "steps"),
        ({"epsilon": 1, "delta": 1e-6, "seed": "x"}, "seed"),
        ({"epsilon": 1}, "delta"),
        ({"epsilon": 1, "delta": 1e-6, "sed": 1}, "sed"),
    ]:
        with pytest.raises(dp.ConfigError, match=key):
            dp.parse_dp(bad)


def test_exponential_mechanism_probabilities_are_exact() -> None:
    rng = random.Random(5)
    for _ in range(50):
        scores = [rng.uniform(-30, 5) for _ in range(rng.randint(1, 8))]
        eps = rng.choice([0.01, 0.1, 1.0, 4.0])
        got = safepub.probabilities(scores, eps)
        weights = [math.exp(eps * s / 2) for s in scores]
        assert got == pytest.approx([w / sum(weights) for w in weights], rel=1e-12)
    # huge scores: no overflow, the ratio exp(eps (s_i - s_j) / 2)
    p = safepub.probabilities([10_000.0, 9_998.0], 1.0)
    assert p[0] / p[1] == pytest.approx(math.e)


def test_the_sampler_draws_with_the_probabilities() -> None:
    probs = safepub.probabilities([0.0, -1.0, -2.0, -4.0], 2.0)
    rng = random.Random(11)
    draws = 40_000
    counts = Counter(safepub.draw(probs, rng) for _ in range(draws))
    observed = [counts[i] for i in range(len(probs))]
    _, pvalue = stats.chisquare(observed, [p * draws for p in probs])
    assert pvalue > 0.001


def test_scores_follow_arx_formulas() -> None:
    counts = safepub.Counts(rows=80, classes=4, sum_sq=1700)
    node, heights, n, k = (1, 2), [2, 4], 100, 10
    # precision: -(R sum l/h + d S) / (d (k - 1))
    want = -(Fraction(80) * (Fraction(1, 2) + Fraction(2, 4)) + 2 * 20) / (2 * 9)
    assert safepub.score("precision", node, heights, counts, n, k) == want
    # discernibility: -(sum |E|^2 + N S) / (N (k^2 / (k - 1) + 1))
    want = -Fraction(1700 + 100 * 20) / (100 * (Fraction(100, 9) + 1))
    assert safepub.score("discernibility", node, heights, counts, n, k) == want
    assert safepub.score("aecs", node, heights, counts, n, k) == 5
    assert safepub.score("aecs", node, heights, safepub.Counts(100, 4, 2500), n, k) == 4


def test_walk_goes_down_and_keeps_the_best_visited() -> None:
    calls: list[tuple[int, ...]] = []

    def scores(nodes):  # type: ignore[no-untyped-def]
        calls.extend(nodes)
        return [Fraction(-abs(n[0] - 1) - abs(n[1] - 2)) for n in nodes]

    walk = safepub.search((3, 3), 10, 50.0, scores, random.Random(1))
    assert walk.visited[0] == (3, 3)
    assert len(calls) == len(set(calls)) == walk.scored  # each node scored once
    assert walk.best_score == max(Fraction(-abs(n[0] - 1) - abs(n[1] - 2)) for n in walk.visited)
    assert walk.best == (1, 2)  # a large epsilon follows the scores to the best node
    same = safepub.search((3, 3), 10, 50.0, scores, random.Random(1))
    assert same.visited == walk.visited
    top = safepub.search((3, 3), 0, 1.0, scores, random.Random(1))
    assert top.best == (3, 3) and top.visited == [(3, 3)]


def test_sql_sample_equals_its_python_form_and_rate() -> None:
    engine = DuckDBEngine()
    engine.execute(
        "CREATE TEMP TABLE src AS SELECT i AS a, CAST(i % 13 AS VARCHAR) AS b FROM range(20000) t(i)"
    )
    order = engine.fetchall(
        'SELECT a, ROW_NUMBER() OVER (ORDER BY CAST(a AS VARCHAR) COLLATE "binary", b COLLATE "binary") FROM src'
    )
    for seed, beta in [(0, 0.3), (12345, 0.83), (2**62, 0.5)]:
        name, rows, sampled = dp_sample.draw_sample(engine, "src", seed, beta)
        got = {r[0] for r in engine.fetchall(f'SELECT a FROM "{name}"')}
        want = {a for a, o in order if dp_sample.kept(o, seed, beta)}
        assert rows == 20000 and got == want and sampled == len(want)
        assert abs(sampled - beta * rows) < 4.5 * math.sqrt(rows * beta * (1 - beta))
    # neighbours are not correlated: the kept flags of ordinals i and i + 1
    flags = [dp_sample.kept(o, 99, 0.5) for o in range(1, 20001)]
    pairs = Counter(itertools.pairwise(flags))
    _, pvalue = stats.chisquare([pairs[(a, b)] for a in (0, 1) for b in (0, 1)])
    assert pvalue > 0.001
