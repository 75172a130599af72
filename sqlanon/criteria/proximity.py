"""(epsilon,delta)^k-dissimilarity (paper 004): proximity privacy for values that are close
without being equal."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from sqlglot import exp

from sqlanon.criteria.base import TOL, Criterion, exact, render_check
from sqlanon.encode import SensitiveDomain


class Dissimilarity(Criterion):
    """Every class has at least k rows and risk(E, epsilon) <= 1 - delta, where risk is the
    largest share of the class (besides one row) within distance epsilon of a value of it.

    Not monotone under generalization: merging {0, 10} with {0, 10} (epsilon < 10) raises the
    risk from 0 to 1/3. The search therefore prunes with the other criteria only and checks
    this one at every node they leave.
    """

    template = "check_dissimilarity.sql"
    worst = "MAX"
    monotone_generalization = False

    @property
    def global_distribution(self) -> bool:  # type: ignore[override]
        """Ordered distance ranks the table's values: suppression changes it (re-checked)."""
        return self.distance == "ordered"

    @property
    def distance(self) -> str:
        return str(self.spec.params["distance"])

    def template_params(self, domain: SensitiveDomain | None) -> dict[str, Any]:
        epsilon = float(self.spec.params["epsilon"])
        delta = exact(self.spec.params["delta"])
        params: dict[str, Any] = {
            "distance": self.distance,
            "epsilon": epsilon,
            "tol": TOL,
            "within": epsilon + TOL,
            "k": int(self.spec.params["k"]),
            "delta_num": delta.numerator,
            "delta_den": delta.denominator,
            "dictionary": None,
            "order": None,
            "full_domain": False,
            "ancestors": None,
            "height": 0,
            "level": 0,
        }
        if domain is not None:
            params.update(
                dictionary=domain.table,
                order=domain.order,
                full_domain=domain.full_domain,
                ancestors=domain.ancestors,
            )
            params["height"] = domain.height
            # level(lca) / H <= epsilon + TOL  <=>  level(lca) <= floor((epsilon + TOL) H)
            params["level"] = math.floor((epsilon + TOL) * domain.height)
        return params

    def render(
        self,
        input_name: str,
        keys: Sequence[str],
        columns: Mapping[str, tuple[SensitiveDomain, str]],
        extra: Mapping[str, Any],
    ) -> exp.Expr:
        if self.distance != "variational":
            return super().render(input_name, keys, columns, extra)
        vectors = [
            {"column": columns[name][1], "dictionary": columns[name][0].table} for name in self.attributes
        ]
        return render_check(
            self.template, input_name, keys, None, self.template_params(None), {**extra, "columns": vectors}
        )
