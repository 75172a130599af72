"""``risk:`` limits as part of the search's requirement (issue 40, item 1).

The prosecutor figures of a table derive from its classes' sizes (:func:`measure`, which the
gate reports); the search asks of a node that the figures of the classes it publishes (those
left once the classes violating the criteria are suppressed, within ``suppression_limit``) are
within the limits: exactly what the gate measures on the release at that node.

- ``prosecutor_highest <= x`` is a class-level requirement, every published class of size
  ``|E|`` with ``1/|E| <= x``: it is searched as k-anonymity with the smallest such size
  (:func:`highest_k`), its smaller classes suppressed like any violating class. Monotone under
  generalization and suppression, as k-anonymity is.
- ``prosecutor_average``, ``marketer``, ``records_at_risk`` and ``sample_uniques`` are shares of
  the table published: checked on the classes left at each node that meets the criteria (the
  size histogram of its published classes: one statement per batch of such nodes the search
  asks about, :meth:`NodeEvaluator.risk_over_many`). Without suppression they are
  monotone under generalization (merging classes lowers the number of classes, of records
  alone in their class and of records in classes smaller than 1 / the threshold, over the same
  N). With suppression they are not: a node that suppresses its small classes can have lower
  figures than a generalization that keeps them merged (sizes 5, 1, 1 with k = 2 and two rows
  allowed publish one class of 5: average 1/5; merging the two uniques publishes 5 and 2:
  average 2/7). The search then prunes with the criteria alone and asks the limits of the
  nodes that pass them (:func:`monotone_limits`), as for t-closeness.
- ``journalist_highest <= x`` (it needs ``population:``) is class-level too, every published
  class with ``1/F_E <= x``, F_E the persons of the population in it: it is searched as k-map
  with the population table and the smallest such F (:func:`journalist_spec`; issue 40, item 2),
  its failing classes suppressed. Monotone under generalization and suppression, as k-map is.
  Not with ``person:`` (k-map with the population table is not counted over people).
- ``journalist_average`` and ``journalist_records_at_risk`` (with ``population:``) are shares
  of the table published, as the prosecutor's are, over each published class's (|E|, F_E):
  the average sum |E| / F_E / N, the records of classes with 1/F_E above the threshold / N
  (:func:`journalist_measure`). F_E is the value of a k-map with the population table in the
  search's criteria (the one ``journalist_highest`` asks for or the table's own k-map, else
  one with k = 1, which a sample of the population always meets: :func:`journalist_spec`),
  so the same statement that gives the size histogram gives (size, F_E). Without suppression
  they are monotone under generalization: a merged class's F is the sum of its parts', so no
  record's 1/F grows, and its |E| / F (the mediant of its parts') is at most the sum of
  theirs; with suppression they are not, as the prosecutor's shares. Not with ``person:``.

Mondrian meets ``prosecutor_highest`` as the same k-anonymity and the share limits as budgets of
its cuts (:mod:`sqlanon.search.mondrian_risk`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from sqlanon.config.criteria import CriterionSpec

#: the limits the search asks of a node's published classes (each one statement per node)
SHARES = ("prosecutor_average", "records_at_risk", "marketer", "sample_uniques")
#: the journalist limits the search asks of a node's published classes with their persons of
#: the population (one statement per node, with the population's roll-up)
JOURNALIST_SHARES = ("journalist_average", "journalist_records_at_risk")
#: the limits the search meets: the shares, prosecutor_highest as k-anonymity and
#: journalist_highest as k-map with the population table
SEARCHED = ("prosecutor_highest", "journalist_highest", *SHARES, *JOURNALIST_SHARES)
#: a criterion's origin when it stands for ``risk.prosecutor_highest``
HIGHEST_ORIGIN = "risk.prosecutor_highest"
#: a criterion's origin when it stands for ``risk.journalist_highest``
JOURNALIST_ORIGIN = "risk.journalist_highest"
#: a criterion's origin when it is the k-map (k = 1) that gives the journalist shares their F_E
JOURNALIST_SHARES_ORIGIN = "risk.journalist"
#: the origins of the criteria that stand for a risk limit -> the limit
LIMIT_ORIGINS = {HIGHEST_ORIGIN: "prosecutor_highest", JOURNALIST_ORIGIN: "journalist_highest"}


def measure(sizes: Sequence[tuple[int, int]], threshold: float) -> dict[str, Any]:
    """The report's ``risk`` of a table from its class sizes ((size, classes), see
    ``sqlanon.gate.risk.class_sizes``; exact: integer sums over the distinct sizes, a record's
    risk 1/|E| compared with the threshold t as |E| * t < 1 in fractions): every figure null
    when it has no rows."""
    t = Fraction(str(threshold))
    rows = sum(size * n for size, n in sizes)
    classes = sum(n for _, n in sizes)
    at_risk = sum(size * n for size, n in sizes if size * t < 1)
    uniques = sum(n for size, n in sizes if size == 1)
    share = (lambda n: n / rows) if rows else (lambda n: None)
    return {
        "prosecutor": {
            "highest": 1 / min(size for size, _ in sizes) if rows else None,
            "average": share(classes),
            "records_at_risk": share(at_risk),
            "threshold": threshold,
        },
        "marketer": share(classes),
        "sample_uniques": share(uniques),
        "journalist": None,
    }


def journalist_measure(classes: Sequence[tuple[int, int, int]], threshold: float) -> dict[str, Any]:
    """The report's ``journalist`` risk of a table from its classes' (size |E|, persons of the
    population F_E, classes) (exact sums in fractions, as :func:`measure`; the gate's
    ``sqlanon.gate.risk.journalist`` computes the same figures in SQL): null figures when it
    has no rows."""
    t = Fraction(str(threshold))
    rows = sum(size * n for size, _, n in classes)
    if not rows:
        return {"highest": None, "average": None, "records_at_risk": None, "threshold": threshold}
    return {
        "highest": 1 / min(f for _, f, _ in classes),
        "average": float(sum(Fraction(size * n, f) for size, f, n in classes) / rows),
        "records_at_risk": sum(size * n for size, f, n in classes if f * t < 1) / rows,
        "threshold": threshold,
    }


def observed(risk: Mapping[str, Any], key: str) -> float | None:
    """The figure of :func:`measure`'s ``risk`` a limit bounds."""
    if key.startswith(("prosecutor_", "journalist_")):
        model, figure = key.split("_", 1)
        value = (risk[model] or {}).get(figure)
    elif key == "records_at_risk":
        value = risk["prosecutor"]["records_at_risk"]
    else:
        value = risk[key]
    return None if value is None else float(value)


def within(value: float | None, limit: float) -> bool:
    """Whether a figure meets its limit, as the gate decides (an empty table passes)."""
    return value is None or value <= limit + 1e-12


def over_limits(
    sizes: Sequence[tuple[int, int]],
    threshold: float,
    limits: Mapping[str, float],
    population: Sequence[tuple[int, int, int]] | None = None,
) -> list[tuple[str, float, float]]:
    """The limits of ``limits`` a table of class sizes ``sizes`` exceeds: (key, figure, limit);
    ``population``: its classes' (size, F_E, classes), for the journalist limits."""
    risk = measure(sizes, threshold)
    if population is not None:
        risk["journalist"] = journalist_measure(population, threshold)
    out = []
    for key, limit in limits.items():
        value = observed(risk, key)
        if not within(value, limit):
            assert value is not None
            out.append((key, value, limit))
    return out


def highest_k(limit: float) -> int | None:
    """The smallest class size whose prosecutor risk 1/size meets ``limit`` as the gate decides
    (:func:`within`); None for a limit of 0, which no published class meets."""
    if limit <= 0:
        return None
    size = max(1, int(Fraction(1) / Fraction(str(limit))) - 1)
    while not within(1 / size, limit):
        size += 1
    while size > 1 and within(1 / (size - 1), limit):
        size -= 1
    return size


def highest_spec(limits: Mapping[str, float]) -> CriterionSpec | None:
    """The k-anonymity that ``prosecutor_highest`` asks for (None without that limit, or with a
    limit of 0: then the gate alone checks it, and no release meets it)."""
    limit = limits.get("prosecutor_highest")
    k = None if limit is None else highest_k(limit)
    if k is None or k <= 1:
        return None
    return CriterionSpec("k-anonymity", {"k": k}, origin=HIGHEST_ORIGIN)


def journalist_spec(
    limits: Mapping[str, float], person: bool = False, has_population_k_map: bool = False
) -> CriterionSpec | None:
    """The k-map with the population table that the journalist limits ask for: every published
    class with at least :func:`highest_k` persons of the population for ``journalist_highest``;
    with k = 1 for the journalist shares alone (their F_E, see the module), unless the criteria
    have such a k-map already (``has_population_k_map``). None without those limits, with a
    ``journalist_highest`` of 0 and no share, or with ``person:``: then the gate alone checks
    them."""
    if person:
        return None
    limit = limits.get("journalist_highest")
    k = None if limit is None else highest_k(limit)
    if k is not None and k > 1:
        return CriterionSpec("k-map", {"k": k, "estimator": "population"}, origin=JOURNALIST_ORIGIN)
    if any(key in limits for key in JOURNALIST_SHARES) and not has_population_k_map:
        return CriterionSpec("k-map", {"k": 1, "estimator": "population"}, origin=JOURNALIST_SHARES_ORIGIN)
    return None


def share_limits(limits: Mapping[str, float], journalist: bool = False) -> dict[str, float]:
    """The limits of ``limits`` the search checks on each node's published classes
    (``journalist``: the journalist shares too, when the criteria give each class's F_E)."""
    keys = (*SHARES, *JOURNALIST_SHARES) if journalist else SHARES
    return {key: value for key, value in limits.items() if key in keys}


def monotone_limits(limits: Mapping[str, float], suppression_limit: float) -> bool:
    """Whether the share limits are monotone under generalization (see the module): without
    suppression, or without share limits."""
    return suppression_limit == 0 or not share_limits(limits)


__all__ = [
    "HIGHEST_ORIGIN",
    "JOURNALIST_ORIGIN",
    "JOURNALIST_SHARES",
    "JOURNALIST_SHARES_ORIGIN",
    "LIMIT_ORIGINS",
    "SEARCHED",
    "SHARES",
    "highest_k",
    "highest_spec",
    "journalist_measure",
    "journalist_spec",
    "measure",
    "monotone_limits",
    "observed",
    "over_limits",
    "share_limits",
    "within",
]
