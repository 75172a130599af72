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
  Not with ``person:`` (k-map with the population table is not counted over people). The
  other journalist limits (average, records at risk) are not searched: the gate checks them.

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
#: the limits the search meets: the shares, prosecutor_highest as k-anonymity and
#: journalist_highest as k-map with the population table
SEARCHED = ("prosecutor_highest", "journalist_highest", *SHARES)
#: a criterion's origin when it stands for ``risk.prosecutor_highest``
HIGHEST_ORIGIN = "risk.prosecutor_highest"
#: a criterion's origin when it stands for ``risk.journalist_highest``
JOURNALIST_ORIGIN = "risk.journalist_highest"
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
    sizes: Sequence[tuple[int, int]], threshold: float, limits: Mapping[str, float]
) -> list[tuple[str, float, float]]:
    """The limits of ``limits`` a table of class sizes ``sizes`` exceeds: (key, figure, limit)."""
    risk = measure(sizes, threshold)
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


def journalist_spec(limits: Mapping[str, float], person: bool = False) -> CriterionSpec | None:
    """The k-map with the population table that ``journalist_highest`` asks for: every published
    class with at least :func:`highest_k` persons of the population (None without that limit,
    with a limit of 0 or 1 or more, or with ``person:``: then the gate alone checks it)."""
    limit = limits.get("journalist_highest")
    k = None if limit is None or person else highest_k(limit)
    if k is None or k <= 1:
        return None
    return CriterionSpec("k-map", {"k": k, "estimator": "population"}, origin=JOURNALIST_ORIGIN)


def share_limits(limits: Mapping[str, float]) -> dict[str, float]:
    """The limits of ``limits`` the search checks on each node's published classes."""
    return {key: value for key, value in limits.items() if key in SHARES}


def monotone_limits(limits: Mapping[str, float], suppression_limit: float) -> bool:
    """Whether the share limits are monotone under generalization (see the module): without
    suppression, or without share limits."""
    return suppression_limit == 0 or not share_limits(limits)


__all__ = [
    "HIGHEST_ORIGIN",
    "JOURNALIST_ORIGIN",
    "LIMIT_ORIGINS",
    "SEARCHED",
    "SHARES",
    "highest_k",
    "highest_spec",
    "journalist_spec",
    "measure",
    "monotone_limits",
    "observed",
    "over_limits",
    "share_limits",
    "within",
]
