"""t-closeness (Li, Li, Venkatasubramanian 2007, paper 003): the distance between each class's
sensitive distribution and the whole table's is at most t.

Distances: the Earth Mover's Distance with equal, ordered or hierarchical ground distance, the
variational distance, Kullback-Leibler and Jensen-Shannon divergences, and the Jensen-Shannon
divergence of kernel-smoothed distributions (survey 001, section 9.2).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any, ClassVar

from sqlanon.criteria.base import TOL, Criterion
from sqlanon.encode import SensitiveDomain
from sqlanon.engines import Engine
from sqlanon.errors import ConfigError
from sqlanon.sql.render import render_template

#: ordered domains of at most this many values: the search's check is one GROUP BY with m - 1
#: conditional sums per class (check_t_ordered.sql, "small domains"); larger ones use windows
SMALL_DOMAIN = 64


#: the most (value, neighbour) pairs the smoothed-js ground table may hold
MAX_GROUND_PAIRS = 20_000_000


class TCloseness(Criterion):
    """D(P_E, Q) <= t for every class E, Q the whole table's distribution.

    Monotone under generalization: EMD, variational, KL and JS are convex in P, and the smoothed
    JS quasi-convex (a merged class's smoothed, renormalized distribution is a convex mix of its
    parts'), so a merged class is never farther from Q than its farthest part. Not monotone
    under suppression: suppressing rows changes Q.
    """

    worst = "MAX"
    global_distribution = True

    @property
    def distance(self) -> str:
        return str(self.spec.params["distance"])

    @property
    def template(self) -> str:  # type: ignore[override]
        return f"check_t_{self.distance.replace('-', '_')}.sql"

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
        elif self.distance == "smoothed-js":
            params.update(self._smoothing(domain), prepared=None)
        return params

    def _smoothing(self, domain: SensitiveDomain) -> dict[str, Any]:
        """smoothed-js's parameters (the ground-distance tables it needs must exist)."""
        ground = str(self.spec.params["ground"])
        bandwidth = float(self.spec.params["bandwidth"])
        if ground == "ordered" and domain.order is None:
            raise ConfigError(f"Ordered ground distance on {domain.column!r} needs an order.")
        if ground == "hierarchical" and domain.ancestors is None:
            raise ConfigError(f"Hierarchical ground distance on {domain.column!r} needs a hierarchy.")
        m = len(domain.values)
        if ground == "ordered":
            pairs = m * min(m, 2 * math.ceil(bandwidth * max(m - 1, 1)) + 1)
        else:
            pairs = m * m if bandwidth > 1 else m
        if pairs > MAX_GROUND_PAIRS:
            raise ConfigError(
                f"t-closeness (smoothed-js) on {domain.column!r}: bandwidth {bandwidth:g} makes about "
                f"{pairs:,} pairs of its {m:,} values neighbours (at most {MAX_GROUND_PAIRS:,}); lower the "
                "bandwidth."
            )
        return {
            "ground": ground,
            "bandwidth": bandwidth,
            "order": domain.order,
            "full_domain": domain.full_domain,
            "ancestors": domain.ancestors,
            "height": domain.height,
        }

    def prepare(self, engine: Engine, input_name: str, column: str, domain: SensitiveDomain | None) -> Any:
        """Ordered distance: the Q side of check_t_ordered.sql, once (small domains: the ranks
        and F_Q as constants; larger ones: rank and step tables);
        smoothed-js: the domain and ground-distance tables of the input's values, once."""
        if domain is None:
            return None
        if self.distance == "smoothed-js":
            common = {"input": input_name, "s": column, **self._smoothing(domain)}
            tables = {}
            for part in ("domain", "ground"):
                tables[part] = engine.temp_name(f"smooth_{part}")
                engine.create_temp_as(
                    tables[part], render_template("smoothing_ground.sql", part=part, **common)
                )
            return tables
        if self.distance != "ordered" or domain.order is None:
            return None
        common = {"input": input_name, "s": column, "order": domain.order, "full_domain": domain.full_domain}
        domain_rows = engine.fetchall(
            render_template("ordered_q.sql", part="small", limit=SMALL_DOMAIN + 1, **common)
        )
        if len(domain_rows) <= SMALL_DOMAIN:
            # one GROUP BY with m - 1 conditional sums per class instead of windows and a join
            small = {
                "ranks": sorted((value, int(r)) for value, r, _ in domain_rows),
                "fq": [float(fq) for _, _, fq in domain_rows[:-1]],
            }
            return {"m": len(domain_rows), "small": small}
        m, gm = engine.fetchone(render_template("ordered_q.sql", part="consts", **common))
        tables = {}
        for part in ("ranks", "steps"):
            tables[part] = engine.temp_name(f"q_{part}")
            engine.create_temp_as(tables[part], render_template("ordered_q.sql", part=part, **common))
        return {**tables, "m": int(m), "gm": float(gm or 0.0), "small": None}


class NtCloseness(Criterion):
    """(n,t)-closeness (survey 001, Definition 6.1.2): every class E has a natural superset S
    with at least n rows and EMD(P_E, P_S) <= t; natural supersets are the classes containing E
    at every more general lattice node (up to the whole table). With n = the table's size only
    the whole table qualifies, which is t-closeness.

    Not monotone under generalization (a merged class's supersets are a subset of its parts'
    and none need be close to it), so the search does not prune with it; evaluated one node at
    a time (the node's levels are bound as $l0.. to find its supersets).
    """

    template = "check_nt_closeness.sql"
    worst = "MAX"
    monotone_generalization = False
    #: the supersets are formed from the rows that remain: re-checked after suppression
    global_distribution = True
    needs_levels = True
    batchable = False
    param_names: ClassVar[Mapping[str, str]] = {"n_min": "n"}

    def template_params(self, domain: SensitiveDomain | None) -> dict[str, Any]:
        assert domain is not None
        distance = str(self.spec.params["distance"])
        return {
            "n_min": int(self.spec.params["n"]),
            "t": float(self.spec.params["t"]),
            "tol": TOL,
            "distance": distance,
            "order": domain.order,
            "full_domain": domain.full_domain,
            "ancestors": domain.ancestors,
            "height": domain.height,
            # the plan passes either the lattice's generalization maps or explicit supersets
            "supersets": None,
            "generalization": [],
            # people whose quasi-identifiers vary: the supersets are formed from their tuples
            "sets": None,
        }
