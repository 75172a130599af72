"""t-closeness with Earth Mover's Distance (Li, Li, Venkatasubramanian 2007, paper 003)."""

from __future__ import annotations

from typing import Any

from sqlanon.criteria.base import TOL, Criterion
from sqlanon.encode import SensitiveDomain
from sqlanon.errors import ConfigError


class TCloseness(Criterion):
    """EMD between each class's sensitive distribution and the whole table's is at most t.

    Monotone under generalization (EMD is convex in P, 003 section 4), not under suppression:
    suppressing rows changes the whole-table distribution Q.
    """

    worst = "MAX"
    global_distribution = True

    @property
    def distance(self) -> str:
        return str(self.spec.params["distance"])

    @property
    def template(self) -> str:  # type: ignore[override]
        return f"check_t_{self.distance}.sql"

    def template_params(self, domain: SensitiveDomain | None) -> dict[str, Any]:
        assert domain is not None
        params: dict[str, Any] = {"t": float(self.spec.params["t"]), "tol": TOL}
        if self.distance == "ordered":
            if domain.order is None:
                raise ConfigError(f"Ordered distance on {domain.column!r} needs an order table.")
            params.update(order=domain.order, full_domain=domain.full_domain)
        elif self.distance == "hierarchical":
            if domain.ancestors is None:
                raise ConfigError(
                    f"Hierarchical distance on {domain.column!r} needs a hierarchy on that column."
                )
            params.update(ancestors=domain.ancestors, height=domain.height)
        return params
