"""The models that read the population the table is a sample of (``population:``): k-map with
the population's class sizes, and delta-presence (issue 40, item 2).

Both compare each class E of the table, at the node's levels, with F_E, the persons of the
population whose quasi-identifiers generalize to E's labels. The search reads the population's
level-0 codes (``sqlanon.encode.population``) rolled up to each node by the same roll-up and
code maps as the table's bottom frequency table, batched as the table's nodes are (the
evaluator's population CTE); the gate reads the population's classes at the published labels
(``sqlanon.gate.population``). Either way the template gets ``population`` ({table, codes,
null_label}) from the plan.

- k-map (Sweeney 2002): F_E >= k. Under generalization classes merge and F_E adds up, so it is
  monotone; a merged class fails only when all its parts do, so the rows of failing classes only
  shrink: monotone under suppression too (as ARX's ``KMap``: monotone with both).
- delta-presence (Nergiz, Atzori, Clifton, SIGMOD 2007): delta_min <= |E| / F_E <= delta_max for
  every class of the population at the node, those without rows of the table included (delta
  0). A merged class's delta is a weighted mean of its parts' (weights F), so it stays in the
  interval: monotone under generalization (as ARX's ``DPresence``). Not under suppression: a
  class above delta_max merged with one below it can exceed delta_max with more rows than the
  failing part alone. With delta_min > 0 no suppression repairs a node (a suppressed class is
  left at delta 0), so the template then marks every class bad (the node fails); ARX instead
  suppresses the table's failing classes and fails the node only for failing classes of the
  population without rows of the table, which leaves the suppressed classes' persons at a
  presence of 0 < delta_min in the published table. For the same reason delta-presence is
  re-checked on the rows left once the classes failing any criterion are suppressed
  (``global_distribution``): a class suppressed for k-anonymity, say, leaves its persons at
  delta 0.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from sqlglot import exp

from sqlanon.criteria.base import Criterion, exact, render_check
from sqlanon.encode import SensitiveDomain


class _PopulationModel(Criterion):
    counts_population = True

    def render(
        self,
        input_name: str,
        keys: Sequence[str],
        columns: Mapping[str, tuple[SensitiveDomain, str]],
        extra: Mapping[str, Any],
    ) -> exp.Expr:
        if extra.get("population") is None:
            raise ValueError(f"{self.kind} needs the population (the plan's population)")
        return render_check(self.template, input_name, keys, None, self.template_params(None), extra)


class KMapPopulation(_PopulationModel):
    """k-map with the population table: every class matches at least k persons of it."""

    template = "check_k_map.sql"
    worst = "MIN"
    monotone_suppression = True

    def template_params(self, domain: SensitiveDomain | None) -> dict[str, Any]:
        return {"k": int(self.spec.params["k"])}


class DeltaPresence(_PopulationModel):
    """delta-presence: every class of the population at the node has a share of its persons in
    the table within [delta_min, delta_max] (exact rational comparisons)."""

    template = "check_delta_presence.sql"
    worst = "MAX"
    #: re-checked on the rows left after suppression: a class suppressed for another criterion
    #: leaves its persons of the population at delta 0, which fails delta_min > 0
    global_distribution = True
    param_names: ClassVar[Mapping[str, str]] = {"dmin": "delta_min", "dmax": "delta_max"}

    def template_params(self, domain: SensitiveDomain | None) -> dict[str, Any]:
        low, high = exact(self.spec.params["delta_min"]), exact(self.spec.params["delta_max"])
        return {
            "dmin_num": low.numerator,
            "dmin_den": low.denominator,
            "dmax_num": high.numerator,
            "dmax_den": high.denominator,
        }


__all__ = ["DeltaPresence", "KMapPopulation"]
