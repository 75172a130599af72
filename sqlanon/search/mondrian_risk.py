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
of every cut.

With ``population:`` the journalist limits read each partition's F, the persons of the
population matching its labels (:mod:`sqlanon.search.mondrian_population`), which a cut only
shrinks (a child's labels lie in its parent's): ``journalist_highest`` is k-map with the
population table (:func:`sqlanon.search.risk.journalist_spec`), a criterion of every cut;
``journalist_records_at_risk`` bounds the rows in partitions with F below 1 / the threshold
(a count that only grows, as ``records_at_risk``'s); ``journalist_average`` bounds the sum over
partitions of |E| / F_E by x N. That sum only grows too (sum |C_i| / F_i >= |P| / F_P), but it
is rational: it is counted in integer units of 1 / S of a record (S a power of two with N S
below 2^61, so no sum overflows 64 bits), each partition's share rounded up, ceil(|E| S / F_E),
which never counts less than the exact sum; its budget is floor((x + 1/2 x 10^-12) N S) units,
the gate's tolerance of 10^-12 halved, far above the rounding (at most one unit per partition).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from sqlanon.search.risk import within

#: no limit on a count (a budget no table reaches; BIGINT)
UNLIMITED = 2**62


#: the counts a budget bounds, in the template's names (``j_average`` in units of 1 / scale)
COUNTS = ("classes", "at_risk", "uniques", "j_at_risk", "j_average")


@dataclass(frozen=True)
class Budget:
    """The most each count may reach (None: not limited), the size below which a class is at
    risk (None: no ``records_at_risk`` limit), the persons of the population below which it is
    at the journalist's risk (None: no ``journalist_records_at_risk`` limit), and the units of
    the journalist average (None: no ``journalist_average`` limit)."""

    classes: int | None
    at_risk: int | None
    uniques: int | None
    at_risk_below: int | None
    j_at_risk: int | None = None
    j_average: int | None = None
    j_below: int | None = None
    scale: int | None = None

    @property
    def limited(self) -> list[str]:
        """The integer counts with a limit, in the template's names (the cost cuts are ordered
        by; the journalist average, in its units, orders the cuts of equal cost)."""
        named = {
            "classes": self.classes,
            "at_risk": self.at_risk,
            "uniques": self.uniques,
            "j_at_risk": self.j_at_risk,
        }
        return [name for name, most in named.items() if most is not None]

    @property
    def journalist(self) -> bool:
        """Whether a count reads the partitions' persons of the population."""
        return self.j_below is not None or self.scale is not None

    def start(self, rows: int, persons: int = 0) -> dict[str, int]:
        """The counts of the whole table, one partition of ``rows`` rows and ``persons``
        persons of the population in its labels."""
        below, j_below = self.at_risk_below, self.j_below
        return {
            "classes": 1 if rows else 0,
            "at_risk": rows if below is not None and 0 < rows < below else 0,
            "uniques": 1 if rows == 1 else 0,
            "j_at_risk": rows if j_below is not None and persons < j_below else 0,
            "j_average": ceil_units(rows, persons, self.scale) if self.scale is not None and rows else 0,
        }

    def left(self, counts: Mapping[str, int]) -> dict[str, int]:
        """How much each count may still grow (the template's bound parameters)."""
        most = {
            "classes": self.classes,
            "at_risk": self.at_risk,
            "uniques": self.uniques,
            "j_at_risk": self.j_at_risk,
            "j_average": self.j_average,
        }
        return {
            name: UNLIMITED if limit is None else max(limit - counts[name], -1)
            for name, limit in most.items()
        }


def ceil_units(size: int, persons: int, scale: int) -> int:
    """A class's share of the journalist average's sum, |E| / F_E, in units of 1 / ``scale``,
    rounded up (as mondrian_budget.sql computes it; no persons: more than any budget)."""
    if persons <= 0:
        return UNLIMITED
    return int(-(-size * scale // persons))


def units_scale(rows: int) -> int:
    """S, the power of two whose units count the journalist average of ``rows`` rows: the
    largest with ``rows`` x S below 2^61."""
    return 1 << max(0, 61 - max(1, rows).bit_length())


def average_units(limit: float, rows: int, scale: int) -> int:
    """The most units of 1 / ``scale`` the sum of |E| / F_E may reach for an average within
    ``limit`` over ``rows`` rows: floor((limit + 1/2 x 10^-12) x rows x scale)."""
    return math.floor((Fraction(str(limit)) + Fraction(1, 2 * 10**12)) * rows * scale)


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
    j_risky = limits.get("journalist_records_at_risk")
    j_average = limits.get("journalist_average")
    if not classes and risky is None and uniques is None and j_risky is None and j_average is None:
        return None
    scale = None if j_average is None else units_scale(rows)
    return Budget(
        classes=min(classes) if classes else None,
        at_risk=None if risky is None else most_rows(risky, rows),
        uniques=None if uniques is None else most_rows(uniques, rows),
        at_risk_below=None if risky is None else at_risk_below(threshold),
        j_at_risk=None if j_risky is None else most_rows(j_risky, rows),
        j_average=None if j_average is None or scale is None else average_units(j_average, rows, scale),
        j_below=None if j_risky is None else at_risk_below(threshold),
        scale=scale,
    )


__all__ = [
    "COUNTS",
    "UNLIMITED",
    "Budget",
    "at_risk_below",
    "average_units",
    "budget",
    "ceil_units",
    "most_rows",
    "units_scale",
]
