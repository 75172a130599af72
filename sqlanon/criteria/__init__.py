"""Privacy models. :func:`make_criterion` turns a validated spec into a :class:`Criterion`."""

from __future__ import annotations

from collections.abc import Callable

from sqlanon.config.criteria import CriterionSpec
from sqlanon.criteria.base import TOL, Criterion
from sqlanon.criteria.disclosure import AlphaK, BetaLikeness, DeltaDisclosure
from sqlanon.criteria.kanonymity import KAnonymity
from sqlanon.criteria.kmap import KMapEstimated
from sqlanon.criteria.ldiversity import (
    DistinctL,
    EntropyL,
    MultiAttributeL,
    NpdRecursive,
    PdRecursive,
    RecursiveCL,
)
from sqlanon.criteria.population import DeltaPresence, KMapPopulation
from sqlanon.criteria.proximity import Dissimilarity
from sqlanon.criteria.tcloseness import NtCloseness, TCloseness

#: l-diversity's variants (``variant:``), a criterion class each
L_DIVERSITY: dict[str, type[Criterion]] = {
    "distinct": DistinctL,
    "entropy": EntropyL,
    "recursive": RecursiveCL,
    "pd-recursive": PdRecursive,
    "npd-recursive": NpdRecursive,
}


def _l_diversity(spec: CriterionSpec) -> Criterion:
    if spec.params.get("multi_attribute"):
        return MultiAttributeL(spec)
    return L_DIVERSITY[str(spec.params["variant"])](spec)


def _k_map(spec: CriterionSpec) -> Criterion:
    if spec.params.get("estimator", "population") == "population":
        return KMapPopulation(spec)
    return KMapEstimated(spec)


#: every privacy model, the one list of them on this side: its name (as the configuration's
#: ``config.criteria.CHECKERS`` names it, a test says so) and how its criterion is made
MODELS: dict[str, Callable[[CriterionSpec], Criterion]] = {
    "k-anonymity": KAnonymity,
    "l-diversity": _l_diversity,
    "t-closeness": TCloseness,
    "alpha-k-anonymity": AlphaK,
    "nt-closeness": NtCloseness,
    "dissimilarity": Dissimilarity,
    "delta-disclosure": DeltaDisclosure,
    "beta-likeness": BetaLikeness,
    "k-map": _k_map,
    "delta-presence": DeltaPresence,
}


def make_criterion(spec: CriterionSpec) -> Criterion:
    """The criterion ``spec`` (validated by the configuration) asks for."""
    return MODELS[spec.kind](spec)


__all__ = ["L_DIVERSITY", "MODELS", "TOL", "Criterion", "make_criterion"]
