"""Privacy models. :func:`make_criterion` turns a validated spec into a :class:`Criterion`."""

from __future__ import annotations

from sqlanon.config import CriterionSpec
from sqlanon.criteria.base import TOL, Criterion
from sqlanon.criteria.kanonymity import KAnonymity
from sqlanon.criteria.ldiversity import DistinctL, EntropyL, RecursiveCL
from sqlanon.criteria.tcloseness import TCloseness

_L_VARIANTS: dict[str, type[Criterion]] = {
    "distinct": DistinctL,
    "entropy": EntropyL,
    "recursive": RecursiveCL,
}


def make_criterion(spec: CriterionSpec) -> Criterion:
    if spec.kind == "k-anonymity":
        return KAnonymity(spec)
    if spec.kind == "l-diversity":
        return _L_VARIANTS[str(spec.params["variant"])](spec)
    if spec.kind == "t-closeness":
        return TCloseness(spec)
    raise ValueError(f"unknown criterion {spec.kind}")  # config validation prevents this


__all__ = ["TOL", "Criterion", "make_criterion"]
