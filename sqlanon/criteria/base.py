"""What every privacy model declares: its SQL template, parameters and monotonicity."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from sqlanon.config import CriterionSpec
from sqlanon.encode import SensitiveDomain
from sqlanon.engine import Engine

#: Absolute tolerance used when a floating-point measure (entropy, EMD) is compared with its
#: threshold: entropy passes when H >= ln(l) - TOL, EMD when EMD <= t + TOL.
TOL = 1e-9


@dataclass(frozen=True)
class Criterion:
    """A privacy model instance, evaluated per equivalence class by one SQL template.

    The template yields ``keys..., size, bad, val`` per class; ``worst`` says how the table's
    ``observed`` value aggregates ``val`` (``MIN`` or ``MAX``).
    """

    spec: CriterionSpec

    template: ClassVar[str]
    worst: ClassVar[str]
    #: satisfied at a node => satisfied at every generalization (no suppression)
    monotone_generalization: ClassVar[bool] = True
    #: the rows of violating classes can only shrink under generalization (safe with suppression)
    monotone_suppression: ClassVar[bool] = False
    #: depends on the distribution of the whole table (re-checked after suppression)
    global_distribution: ClassVar[bool] = False

    @property
    def kind(self) -> str:
        return self.spec.kind

    @property
    def attribute(self) -> str | None:
        return self.spec.attribute

    def template_params(self, domain: SensitiveDomain | None) -> dict[str, Any]:
        """Parameters of the template beyond ``input``, ``keys`` and ``s``."""
        raise NotImplementedError

    def prepare(self, engine: Engine, input_name: str, column: str, domain: SensitiveDomain | None) -> Any:
        """Per-search constants computed once from the whole input (``None``: nothing to prepare).

        The search's statements all see the same whole-table distribution (without suppression),
        so what depends only on it can be computed once; the result reaches the template as
        ``prepared``.
        """
        return None

    def report_params(self) -> dict[str, Any]:
        return {k: v for k, v in self.spec.params.items() if k != "attribute"}
