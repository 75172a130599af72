"""The l-diversity family (Machanavajjhala et al. 2007, paper 002)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from sqlanon.criteria.base import TOL, Criterion
from sqlanon.encode import SensitiveDomain


class DistinctL(Criterion):
    """At least l distinct sensitive values per class. Monotone under generalization and suppression."""

    template = "check_l_distinct.sql"
    worst = "MIN"
    monotone_suppression = True

    def template_params(self, domain: SensitiveDomain | None) -> dict[str, Any]:
        return {"l": int(self.spec.params["l"])}


class EntropyL(Criterion):
    """Entropy of each class's sensitive distribution >= ln(l) (natural log).

    Monotone under generalization (entropy is concave), not under suppression.
    """

    template = "check_l_entropy.sql"
    worst = "MIN"

    def template_params(self, domain: SensitiveDomain | None) -> dict[str, Any]:
        return {"l": float(self.spec.params["l"]), "tol": TOL}


class RecursiveCL(Criterion):
    """r1 < c (r_l + ... + r_m) in every class, evaluated exactly.

    Monotone under generalization (002, section 4.2), not under suppression.
    """

    template = "check_l_recursive.sql"
    worst = "MAX"

    def template_params(self, domain: SensitiveDomain | None) -> dict[str, Any]:
        c = Fraction(str(self.spec.params["c"]))
        return {"l": int(self.spec.params["l"]), "c_num": c.numerator, "c_den": c.denominator}
