"""``risk:`` share limits as budgets of a Mondrian run (issue 40, item 1).

Mondrian suppresses nothing, so the rows N of the release are known before it starts, and each
share limit x of :mod:`sqlanon.search.risk` bounds a count: ``prosecutor_average`` and
``marketer`` (classes / N) the number of partitions, ``records_at_risk`` the rows in partitions
smaller than 1 / the threshold, ``sample_uniques`` the partitions of one row. A cut only adds
to each count (a partition cut into non-empty children: more classes, and children no larger
than their parent), so a round keeps the prefix of its allowable cuts, cheapest first, whose
counts stay within what is left (``mondrian_budget.sql``); the partitions whose cut does not
fit are final. The release meets the limits by construction, and the gate checks them again.
``prosecutor_highest`` is k-anonymity (:func:`sqlanon.search.risk.highest_spec`), a criterion
of every cut. The journalist limits need ``population:``, which Mondrian refuses (the population
is compared with the classes through the hierarchies' levels, and partitions are none).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from sqlanon.search.risk import within

#: no limit on a count (a budget no table reaches; BIGINT)
UNLIMITED = 2**62


@dataclass(frozen=True)
class Budget:
    """The most each count may reach (None: not limited) and the size below which a class is
    at risk (None: no ``records_at_risk`` limit)."""

    classes: int | None
    at_risk: int | None
    uniques: int | None
    at_risk_below: int | None

    @property
    def limited(self) -> list[str]:
        """The counts with a limit, in the template's names."""
        named = {"classes": self.classes, "at_risk": self.at_risk, "uniques": self.uniques}
        return [name for name, most in named.items() if most is not None]

    def start(self, rows: int) -> dict[str, int]:
        """The counts of the whole table, one partition of ``rows`` rows."""
        below = self.at_risk_below
        return {
            "classes": 1 if rows else 0,
            "at_risk": rows if below is not None and 0 < rows < below else 0,
            "uniques": 1 if rows == 1 else 0,
        }

    def left(self, counts: Mapping[str, int]) -> dict[str, int]:
        """How much each count may still grow (the template's bound parameters)."""
        most = {"classes": self.classes, "at_risk": self.at_risk, "uniques": self.uniques}
        return {
            name: UNLIMITED if limit is None else max(limit - counts[name], -1)
            for name, limit in most.items()
        }


def most_rows(limit: float, rows: int) -> int:
    """The largest count c with c / ``rows`` within ``limit`` as the gate decides."""
    count = max(0, min(rows, math.floor(limit * rows)))
    while count > 0 and not within(count / rows, limit):
        count -= 1
    while count < rows and within((count + 1) / rows, limit):
        count += 1
    return count


def at_risk_below(threshold: float) -> int:
    """The smallest class size whose records are not at risk: |E| t >= 1 (the gate's test of
    a record's risk 1/|E| against the threshold t, in fractions)."""
    return math.ceil(1 / Fraction(str(threshold)))


def budget(limits: Mapping[str, float], threshold: float, rows: int) -> Budget | None:
    """The budget of ``limits`` (a configuration's ``risk`` limits) over ``rows`` rows, or None
    when it has no share limit."""
    if not rows:
        return None
    classes = [most_rows(limits[key], rows) for key in ("prosecutor_average", "marketer") if key in limits]
    risky = limits.get("records_at_risk")
    uniques = limits.get("sample_uniques")
    if not classes and risky is None and uniques is None:
        return None
    return Budget(
        classes=min(classes) if classes else None,
        at_risk=None if risky is None else most_rows(risky, rows),
        uniques=None if uniques is None else most_rows(uniques, rows),
        at_risk_below=None if risky is None else at_risk_below(threshold),
    )


__all__ = ["UNLIMITED", "Budget", "at_risk_below", "budget", "most_rows"]
