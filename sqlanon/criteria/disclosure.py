"""Models bounding what a class discloses about its sensitive values: (alpha,k)-anonymity,
delta-disclosure privacy and beta-likeness."""

from __future__ import annotations

from typing import Any

from sqlanon.criteria.base import TOL, Criterion, exact
from sqlanon.encode import SensitiveDomain


class AlphaK(Criterion):
    """(alpha,k)-anonymity (Wong, Li, Fu, Wang, KDD 2006): every class has at least k rows and no
    sensitive value makes up more than an alpha fraction of it (exact rational test).

    Monotone under generalization (a merged class's value shares are weighted means of its
    parts'), not under suppression (a merge can make a passing part's rows violate).
    """

    template = "check_alpha_k.sql"
    worst = "MAX"

    def template_params(self, domain: SensitiveDomain | None) -> dict[str, Any]:
        alpha = exact(self.spec.params["alpha"])
        return {"k": int(self.spec.params["k"]), "alpha_num": alpha.numerator, "alpha_den": alpha.denominator}


class DeltaDisclosure(Criterion):
    """delta-disclosure privacy (Brickell, Shmatikov, KDD 2008): |ln(p(E,s) / q(s))| < delta for
    every class E and every value s of the table (a value missing from E breaks it).

    Monotone under generalization (a merged class's p lies between its parts'), not under
    suppression (q changes).
    """

    template = "check_delta_disclosure.sql"
    worst = "MAX"
    global_distribution = True

    def template_params(self, domain: SensitiveDomain | None) -> dict[str, Any]:
        return {"delta": float(self.spec.params["delta"]), "tol": TOL}


class BetaLikeness(Criterion):
    """beta-likeness (Cao, Karras, VLDB 2012): for every value s with p(E,s) > q(s), the relative
    gain (p - q) / q is at most beta (basic) or at most min(beta, -ln q) (enhanced).

    Monotone under generalization (the gain is linear in p), not under suppression (q changes).
    """

    template = "check_beta_likeness.sql"
    worst = "MAX"
    global_distribution = True

    def template_params(self, domain: SensitiveDomain | None) -> dict[str, Any]:
        return {
            "beta": float(self.spec.params["beta"]),
            "enhanced": self.spec.params["variant"] == "enhanced",
            "tol": TOL,
        }
