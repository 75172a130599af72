"""t-closeness with Earth Mover's Distance (Li, Li, Venkatasubramanian 2007, paper 003)."""

from __future__ import annotations

from typing import Any

from sqlanon.criteria.base import TOL, Criterion
from sqlanon.encode import SensitiveDomain
from sqlanon.engine import Engine
from sqlanon.errors import ConfigError
from sqlanon.sql.render import render_template

#: at most this many steps of F_Q: looked up by a CASE expression instead of an ASOF join
STEP_CASE_LIMIT = 64


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
            params.update(order=domain.order, full_domain=domain.full_domain, prepared=None)
        elif self.distance == "hierarchical":
            if domain.ancestors is None:
                raise ConfigError(
                    f"Hierarchical distance on {domain.column!r} needs a hierarchy on that column."
                )
            params.update(ancestors=domain.ancestors, height=domain.height)
        return params

    def prepare(self, engine: Engine, input_name: str, column: str, domain: SensitiveDomain | None) -> Any:
        """Ordered distance: the Q-side rank and step tables of check_t_ordered.sql, once."""
        if self.distance != "ordered" or domain is None or domain.order is None:
            return None
        common = {"input": input_name, "s": column, "order": domain.order, "full_domain": domain.full_domain}
        tables = {}
        for part in ("ranks", "steps"):
            tables[part] = engine.temp_name(f"q_{part}")
            engine.create_temp_as(tables[part], render_template("ordered_q.sql", part=part, **common))
        m, gm = engine.fetchone(render_template("ordered_q.sql", part="consts", **common))
        steps = engine.fetchall(render_template("ordered_q.sql", part="steps", **common))
        # few steps (small domains): the lookup k(cp) becomes a CASE over constants
        step_list = (
            sorted(((float(fq), int(k), float(gk)) for fq, k, gk in steps), reverse=True)
            if len(steps) <= STEP_CASE_LIMIT
            else None
        )
        return {**tables, "m": int(m), "gm": float(gm or 0.0), "step_list": step_list}
