"""``differential_privacy:``: (epsilon, delta)-differential privacy as SafePub defines it.

SafePub (Bild, Kuhn, Prasser, "SafePub: A Truthful Data Anonymization Algorithm With Strong
Privacy Guarantees", PoPETs 2018(1):67-87) releases a generalized table with
(epsilon, delta)-differential privacy: every row is sampled with probability beta, the sample is
generalized with a node of the lattice chosen by the exponential mechanism with a
data-independent score, and every class of the sample smaller than k is suppressed. The theorem
that makes this private is Li, Qardaji and Su ("On sampling, anonymization, and differential
privacy", ASIACCS 2012, Theorem 5): such a "safe k-anonymization" of a beta-sample is
(epsilon_anon, delta)-differentially private for epsilon_anon >= -ln(1 - beta) and
delta >= d(k, beta, epsilon_anon), with

    gamma  = (e^eps - 1 + beta) / e^eps
    n_m    = ceil(k / gamma - 1)
    d(k)   = max over n >= n_m of  a_n,   a_n = sum_{j > gamma n}^{n} C(n, j) beta^j (1 - beta)^(n - j)

The maximum over all n >= n_m is found as ARX's ParameterCalculation finds it: n runs up from
n_m and stops when the largest a_n seen is at least the Chernoff bound
c_n = exp(-n (gamma ln(gamma / beta) - (gamma - beta))), which bounds every later a_n.
SafePub takes beta = 1 - e^-eps_anon (the largest sampling rate eps_anon allows) and the
smallest k with d(k) <= delta. The search spends the rest of epsilon: eps_search, split evenly
over its steps (sequential composition).

This module is pure arithmetic and validation (no data): the configuration's k is known before
any row is read. The binomial tails are summed in floating point:
each term is computed from log-gamma in floating point (relative error about 1e-12), which
ARX does with interval arithmetic instead: k may differ from ARX's where d(k) lies within that
error of delta.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from sqlanon import keys
from sqlanon.errors import ConfigError
from sqlanon.keys import Key

#: the score functions SafePub defines with a bounded sensitivity that sqlanon implements
#: (sqlanon.search.safepub.score): the run's ``metric``
DP_METRICS = ("precision", "discernibility", "aecs")

KEYS = (
    Key("epsilon", keys.number(0, 50, open_low=True), required=True, description="the privacy budget, > 0"),
    Key("delta", keys.number(0, 1, open_low=True), required=True, description="delta, in (0, 1)"),
    Key(
        "search_share",
        keys.number(0, 1, open_low=True),
        default=0.1,
        description="the share of epsilon the search spends (the rest anonymizes), in (0, 1)",
    ),
    Key("steps", keys.whole(0), default=100, description="the search's steps (0: the top node)"),
    Key(
        "seed",
        keys.whole(0),
        description="the seed of the sampling and of the search; absent: a new one each run, reported",
    ),
)

#: the largest sample size :func:`derived_k` looks at (a larger epsilon or a smaller delta
#: needs more; ARX has no such limit but takes as long)
MAX_N = 2_000_000


@dataclass(frozen=True)
class DPSettings:
    """A validated ``differential_privacy:`` section and what it derives."""

    epsilon: float
    delta: float
    search_share: float
    steps: int
    #: None: drawn at the run's start (sqlanon.release.dp) and reported
    seed: int | None
    #: epsilon spent on the search, and on the anonymization (sampling and k)
    epsilon_search: float
    epsilon_anon: float
    #: the sampling probability and the smallest class size
    beta: float
    k: int


def split_epsilon(epsilon: float, search_share: float) -> tuple[float, float]:
    """(epsilon_anon, epsilon_search): the budget the search spends is ``search_share`` of
    ``epsilon``; the anonymization gets the rest (SafePub, Section 5: sequential composition)."""
    search = epsilon * search_share
    return epsilon - search, search


def sampling_probability(epsilon_anon: float) -> float:
    """beta = 1 - e^-epsilon_anon: the largest sampling rate whose sample a safe
    k-anonymization keeps epsilon_anon-private (Li et al. 2012, Theorem 5)."""
    return -math.expm1(-epsilon_anon)


def gamma_of(epsilon_anon: float, beta: float) -> float:
    """gamma = (e^eps - 1 + beta) / e^eps (Li et al. 2012, Theorem 5)."""
    return (math.expm1(epsilon_anon) + beta) / math.exp(epsilon_anon)


def _log_term(n: int, j: int, log_b: float, log_q: float) -> float:
    """ln of the binomial probability C(n, j) beta^j (1 - beta)^(n - j)."""
    return math.lgamma(n + 1) - math.lgamma(j + 1) - math.lgamma(n - j + 1) + j * log_b + (n - j) * log_q


def binomial_tail(n: int, gamma: float, beta: float) -> float:
    """a_n = P(X > gamma n), X ~ Binomial(n, beta): the terms j = floor(gamma n) + 1 .. n,
    each from log-gamma (relative error about 1e-12), summed from the first; past the mode the
    terms fall geometrically, so the sum stops once they are below 1e-20 of it."""
    start = math.floor(n * gamma) + 1
    if start > n:
        return 0.0
    log_b, log_q = math.log(beta), math.log1p(-beta)
    term = math.exp(_log_term(n, start, log_b, log_q))
    total = 0.0
    ratio = beta / (1 - beta)
    for j in range(start, n + 1):
        total += term
        if j > n * beta and term < total * 1e-20:
            break
        term = term * (n - j) / (j + 1) * ratio
    return total


def chernoff_exponent(gamma: float, beta: float) -> float:
    """The exponent of the bound c_n = exp(-n (gamma ln(gamma / beta) - (gamma - beta))) >= a_n."""
    return gamma * math.log(gamma / beta) - (gamma - beta)


def first_n(k: int, gamma: float) -> int:
    """n_m = ceil(k / gamma - 1): the smallest sample size d(k) maximises over."""
    return max(math.ceil(k / gamma - 1), 1)


def delta_of_k(k: int, epsilon_anon: float, beta: float | None = None) -> float:
    """d(k, beta, epsilon_anon) of Li et al. (2012): the largest a_n over n >= n_m. n runs up
    from n_m and stops where the Chernoff bound c_n (which bounds every later a_n: it
    decreases) falls to the largest a_n seen, as ARX's ParameterCalculation does."""
    b = sampling_probability(epsilon_anon) if beta is None else beta
    gamma = gamma_of(epsilon_anon, b)
    exponent = chernoff_exponent(gamma, b)
    worst = -1.0
    n = first_n(k, gamma)
    while True:
        worst = max(worst, binomial_tail(n, gamma, b))
        if worst >= math.exp(-n * exponent):
            return worst
        n += 1


def derived_k(epsilon_anon: float, delta: float) -> int:
    """The smallest k with d(k, beta, epsilon_anon) <= delta (beta from epsilon_anon).

    Every n from N = ceil(ln(1 / delta) / exponent) on has a_n <= c_n <= delta; n* is the
    largest n below N with a_n > delta (found going down from N), and k is the smallest with
    n_m(k) > n* (k = 1 when there is no such n)."""
    beta = sampling_probability(epsilon_anon)
    gamma = gamma_of(epsilon_anon, beta)
    last = math.ceil(math.log(1 / delta) / chernoff_exponent(gamma, beta))
    if last > MAX_N:
        raise ConfigError(
            f"differential_privacy: epsilon {epsilon_anon:.6g} for the anonymization with delta {delta!r} "
            f"needs class sizes found over samples of up to {last} rows, more than sqlanon computes "
            f"({MAX_N}); give a smaller epsilon or a larger delta."
        )
    worst = 0
    for n in range(last, 0, -1):
        if binomial_tail(n, gamma, beta) > delta:
            worst = n
            break
    if worst == 0:
        return 1
    k = max(math.floor(gamma * worst), 1)
    while first_n(k, gamma) <= worst:
        k += 1
    return k


def _number(section: Mapping[str, Any], key: Key) -> float | None:
    value = section.get(key.name, key.default)
    if value is None:
        return None
    low, high, open_low = keys.number_bounds(key.schema)
    integer = key.schema.get("type") == "integer"
    if isinstance(value, bool) or not isinstance(value, int if integer else (int, float)):
        raise ConfigError(
            f"differential_privacy.{key.name} must be a {'whole number' if integer else 'number'}, got {value!r}."
        )
    if not (low < value if open_low else low <= value) or value > high or math.isnan(value):
        bound = f"({low:g}" if open_low else f"[{low:g}"
        upper = f"{high:g}]" if math.isfinite(high) else "inf)"
        raise ConfigError(f"differential_privacy.{key.name} must lie in {bound}, {upper}, got {value!r}.")
    return value


def parse_dp(value: Any) -> DPSettings:
    """The ``differential_privacy:`` mapping validated, with beta and k derived."""
    if not isinstance(value, Mapping):
        raise ConfigError(
            "differential_privacy must be a mapping, e.g. {epsilon: 2.0, delta: 1e-6, seed: 123}."
        )
    known = keys.names(KEYS)
    unknown = sorted(set(value) - set(known))
    if unknown:
        raise ConfigError(f"Unknown key(s) {unknown} in differential_privacy; use {sorted(known)}.")
    for k in KEYS:
        if k.required and k.name not in value:
            raise ConfigError(f"differential_privacy needs {k.name} ({k.description}).")
    got = {k.name: _number(value, k) for k in KEYS}
    epsilon, delta, share = (
        float(got["epsilon"] or 0),
        float(got["delta"] or 0),
        float(got["search_share"] or 0),
    )
    if delta >= 1:
        raise ConfigError(f"differential_privacy.delta must lie in (0, 1), got {delta!r}.")
    if share >= 1:
        raise ConfigError(
            f"differential_privacy.search_share must lie in (0, 1), got {share!r}: the anonymization "
            "needs part of epsilon."
        )
    steps = int(got["steps"] or 0)
    seed = None if got["seed"] is None else int(got["seed"])
    eps_anon, eps_search = split_epsilon(epsilon, share)
    return DPSettings(
        epsilon=epsilon,
        delta=delta,
        search_share=share,
        steps=steps,
        seed=seed,
        epsilon_search=eps_search,
        epsilon_anon=eps_anon,
        beta=sampling_probability(eps_anon),
        k=derived_k(eps_anon, delta),
    )


__all__ = [
    "DP_METRICS",
    "KEYS",
    "DPSettings",
    "binomial_tail",
    "delta_of_k",
    "derived_k",
    "parse_dp",
    "sampling_probability",
    "split_epsilon",
]


#: the top-level keys SafePub's release replaces or does not define, and why (refused beside it)
REFUSED_BESIDE = {
    "criteria": "differential privacy is the run's only privacy model (k-anonymity with the derived k on the "
    "sample is part of it; another model's suppression would break the guarantee): remove criteria",
    "suppression_limit": "SafePub suppresses every class of the sample smaller than k, with no limit: remove "
    "suppression_limit",
    "search": "the search is SafePub's (the exponential mechanism over the lattice): remove search",
    "person": "the sample and the guarantee are per row: remove person, or give one row per person",
    "population": "the journalist risk is not defined on a differentially private sample: remove population",
    "local_recoding": "SafePub suppresses every class of the sample smaller than k; publishing those rows at a "
    "node chosen from them would break the guarantee: remove local_recoding",
}


def refuse_beside(data: Mapping[str, Any]) -> None:
    """A configuration with ``differential_privacy:`` and a key it replaces or does not define
    is refused, naming the key and what to do."""
    for name, why in REFUSED_BESIDE.items():
        if data.get(name) is not None:
            raise ConfigError(f"{name} does not apply with differential_privacy: {why}.")
    risk = data.get("risk")
    if isinstance(risk, Mapping) and any(k != "threshold" for k in risk):
        raise ConfigError(
            "risk limits do not apply with differential_privacy: they would steer the search by the data, which "
            "the guarantee does not allow. Remove them (the report still gives the release's risk)."
        )
    metric = data.get("metric", "precision")
    if metric not in DP_METRICS:
        raise ConfigError(
            f"metric {metric!r} has no score of bounded sensitivity here; with differential_privacy use one of "
            f"{list(DP_METRICS)}."
        )


def refuse_command(dp: DPSettings | None, command: str, what: str) -> None:
    """``command`` does not run with ``differential_privacy:`` (``what``: why, and what to do)."""
    if dp is not None:
        raise ConfigError(f"{command} does not apply with differential_privacy: {what}")
