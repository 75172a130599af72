"""k-map (Sweeney 2002) with the population estimated from the sample (issue 40, item 2).

k-map asks that every published class match at least k persons of the population the table is a
sample of. Without the population, the class sizes of the population are estimated from the
sample, as ARX's ``KMap`` does with its two cell-size estimators (El Emam and Dankar,
"Protecting privacy using k-anonymity", JAMIA 15(5), 2008: the Poisson estimator D3, first
published by Pannekoek, "Statistical methods for some simple disclosure limitation rules",
Statistica Neerlandica 53(1), 1999, and the zero-truncated Poisson estimator D4).

A population class of exactly k persons, sampled with fraction f (the table's rows / the
population's persons), leaves X ~ Poisson(lambda = f k) rows in the sample. The smallest sample
class size k' that a class of at most k persons reaches only with probability at most the
significance level alpha is derived from X's distribution; k-map then becomes k-anonymity with
k' (never above k: a sample class of k rows matches at least k persons). The rules follow ARX's
code (``KMap.calculateKPoisson`` / ``calculateKZeroPoisson``) exactly, so that sqlanon and ARX
derive the same k' from the same parameters:

- Poisson (D3): with m the smallest j >= 0 such that P(X <= j) >= 1 - alpha,
  k' = min(k, m + 2) (ARX returns the loop's counter plus one: one above the m + 1 a plain
  one-sided test gives, on the safe side);
- zero-truncated Poisson (D4): with m the smallest j >= 1 such that
  P(X <= j | X >= 1) >= 1 - alpha, k' = min(k, m + 1);
- alpha = 1 (no confidence asked): k' = 1, as ARX's loop then never runs.

The probabilities are sums of the Poisson probability mass function computed in log space
(``math.lgamma``) and added with ``math.fsum``: at most k terms, as the rules stop at k.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sqlanon.criteria.kanonymity import KAnonymity
from sqlanon.encode import SensitiveDomain

POISSON = "poisson"
ZERO_TRUNCATED = "zero-truncated-poisson"
#: the estimators of k-map's population class sizes (``estimator:``)
ESTIMATORS = (POISSON, ZERO_TRUNCATED)


def poisson_pmf(j: int, lam: float) -> float:
    """P(X = j) for X ~ Poisson(lam), lam > 0 (log space: no overflow of lam^j or j!)."""
    return math.exp(-lam + j * math.log(lam) - math.lgamma(j + 1))


@dataclass(frozen=True)
class Derived:
    """k-map's derived sample class size and the type I error it leaves (ARX's
    ``getType1Error``: 1 - the probability reached, 0 when the rule stopped at k)."""

    k: int
    type1_error: float


def derive_k(k: int, significance: float, sampling_fraction: float, estimator: str) -> Derived:
    """The sample class size k' that k-map with ``k`` asks for at ``significance`` when the table
    is a ``sampling_fraction`` of the population (see the module for the rules)."""
    if k < 1 or not 0 <= significance <= 1 or not 0 < sampling_fraction <= 1:
        raise ValueError("k >= 1, 0 <= significance <= 1 and 0 < sampling_fraction <= 1")
    lam = sampling_fraction * k
    threshold = 1.0 - significance
    if threshold <= 0:
        return Derived(1, 0.0)
    if estimator == POISSON:
        terms: list[float] = []
        for j in range(k):  # j = 0 .. k-1: ARX's loop stops once its counter reaches k
            terms.append(poisson_pmf(j, lam))
            reached = math.fsum(terms)
            if reached >= threshold and j + 2 <= k:
                return Derived(j + 2, 1.0 - reached)
        return Derived(k, 0.0)
    if estimator == ZERO_TRUNCATED:
        positive = -math.expm1(-lam)  # P(X >= 1) = 1 - e^-lam, accurate for small lam
        terms = []
        for j in range(1, k):  # j = 1 .. k-1
            if j + 1 >= k:  # ARX's loop stops here whatever it reached: k itself, no error
                break
            terms.append(poisson_pmf(j, lam) / positive)
            reached = math.fsum(terms)
            if reached >= threshold:
                return Derived(j + 1, 1.0 - reached)
        return Derived(k, 0.0)
    raise ValueError(f"unknown estimator {estimator!r}")


def derived_of(params: Mapping[str, Any]) -> Derived:
    """:func:`derive_k` of a validated ``k-map`` item with an estimator."""
    return derive_k(
        int(params["k"]),
        float(Fraction(str(params["significance"]))),
        float(Fraction(str(params["sampling_fraction"]))),
        str(params["estimator"]),
    )


class KMapEstimated(KAnonymity):
    """k-map with an estimator: k-anonymity with the derived k' (every class has at least k'
    rows). Monotone under generalization and suppression, as k-anonymity is; it reads
    k-anonymity's template."""

    def template_params(self, domain: SensitiveDomain | None) -> dict[str, Any]:
        return {"k": derived_of(self.spec.params).k}

    def report_params(self) -> dict[str, Any]:
        derived = derived_of(self.spec.params)
        return {**super().report_params(), "derived_k": derived.k, "type1_error": derived.type1_error}


__all__ = ["ESTIMATORS", "POISSON", "ZERO_TRUNCATED", "Derived", "KMapEstimated", "derive_k", "derived_of"]
