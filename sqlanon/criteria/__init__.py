"""Privacy models. :func:`make_criterion` turns a validated spec into a :class:`Criterion`."""

from __future__ import annotations

from sqlanon.config.criteria import CriterionSpec
from sqlanon.criteria.base import TOL, Criterion
from sqlanon.criteria.disclosure import AlphaK, BetaLikeness, DeltaDisclosure
from sqlanon.criteria.kanonymity import KAnonymity
from sqlanon.criteria.ldiversity import (
    DistinctL,
    EntropyL,
    MultiAttributeL,
    NpdRecursive,
    PdRecursive,
    RecursiveCL,
)
from sqlanon.criteria.proximity import Dissimilarity
from sqlanon.criteria.tcloseness import NtCloseness, TCloseness

_L_VARIANTS: dict[str, type[Criterion]] = {
    "distinct": DistinctL,
    "entropy": EntropyL,
    "recursive": RecursiveCL,
    "pd-recursive": PdRecursive,
    "npd-recursive": NpdRecursive,
}

_SINGLE: dict[str, type[Criterion]] = {
    "k-anonymity": KAnonymity,
    "t-closeness": TCloseness,
    "alpha-k-anonymity": AlphaK,
    "delta-disclosure": DeltaDisclosure,
    "beta-likeness": BetaLikeness,
    "dissimilarity": Dissimilarity,
    "nt-closeness": NtCloseness,
}


def make_criterion(spec: CriterionSpec) -> Criterion:
    if spec.kind == "l-diversity":
        if spec.params.get("multi_attribute"):
            return MultiAttributeL(spec)
        return _L_VARIANTS[str(spec.params["variant"])](spec)
    if spec.kind in _SINGLE:
        return _SINGLE[spec.kind](spec)
    raise ValueError(f"unknown criterion {spec.kind}")  # config validation prevents this


__all__ = ["TOL", "Criterion", "make_criterion"]
