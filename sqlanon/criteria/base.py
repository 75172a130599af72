"""What every privacy model declares: its SQL template, parameters and monotonicity."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from sqlglot import exp

from sqlanon.config.criteria import CriterionSpec
from sqlanon.encode import SensitiveDomain
from sqlanon.engines import Engine
from sqlanon.sql.render import render_template

#: Absolute tolerance used when a floating-point measure (entropy, a distance) is compared with
#: its threshold: a measure within TOL of the threshold counts as equal to it (entropy passes
#: when H >= ln(l) - TOL, EMD when EMD <= t + TOL, delta-disclosure fails when the largest
#: |ln(p/q)| >= delta - TOL, its bound being strict).
TOL = 1e-9


@dataclass(frozen=True)
class Criterion:
    """A privacy model instance, evaluated per equivalence class by one SQL template.

    The template yields ``keys..., size, bad, val`` (then the ``extras`` columns) per class;
    ``worst`` says how the table's ``observed`` value aggregates ``val`` (``MIN`` or ``MAX``).
    """

    spec: CriterionSpec

    template: ClassVar[str]
    worst: ClassVar[str]
    #: further per-class measures after ``val``: (column, aggregate over classes, report key)
    extras: ClassVar[tuple[tuple[str, str, str], ...]] = ()
    #: satisfied at a node => satisfied at every generalization (no suppression)
    monotone_generalization: ClassVar[bool] = True
    #: the rows of violating classes can only shrink under generalization (safe with suppression)
    monotone_suppression: ClassVar[bool] = False
    #: depends on the distribution of the whole table (re-checked after suppression)
    global_distribution: ClassVar[bool] = False
    #: reads the classes' natural supersets: the plan's ``generalization`` maps of the keys
    needs_levels: ClassVar[bool] = False
    #: can be evaluated for several lattice nodes in one statement
    batchable: ClassVar[bool] = True
    #: reads the persons of the population at the node (the plan's ``population``)
    counts_population: ClassVar[bool] = False
    #: template values named after another parameter than the one they come from: template
    #: name (without _num / _den) -> the configuration's parameter
    param_names: ClassVar[Mapping[str, str]] = {}

    @property
    def kind(self) -> str:
        return self.spec.kind

    @property
    def attribute(self) -> str | None:
        return self.spec.attribute

    @property
    def attributes(self) -> tuple[str, ...]:
        return self.spec.attributes

    @property
    def severity(self) -> str:
        return self.spec.severity

    @property
    def title(self) -> str:
        """The criterion in a message: its kind and the column it is on (no value)."""
        return self.kind + (f" on {self.attribute!r}" if self.attribute else "")

    def template_params(self, domain: SensitiveDomain | None) -> dict[str, Any]:
        """Parameters of the template beyond ``input``, ``keys`` and ``s``."""
        raise NotImplementedError

    def setup(self, engine: Engine, domains: Mapping[str, SensitiveDomain]) -> dict[str, Any]:
        """Lookup tables that depend only on the attributes' domains (built once per plan)."""
        return {}

    def prepare(self, engine: Engine, input_name: str, column: str, domain: SensitiveDomain | None) -> Any:
        """Per-search constants computed once from the whole input (``None``: nothing to prepare).

        The search's statements all see the same whole-table distribution (without suppression),
        so what depends only on it can be computed once; the result reaches the template as
        ``prepared``.
        """
        return None

    def render(
        self,
        input_name: str,
        keys: Sequence[str],
        columns: Mapping[str, tuple[SensitiveDomain, str]],
        extra: Mapping[str, Any],
    ) -> exp.Expr:
        """The per-class query over ``input_name`` (``columns``: attribute -> (domain, column))."""
        domain, column = columns[self.attribute] if self.attribute is not None else (None, None)
        return render_check(self.template, input_name, keys, column, self.template_params(domain), extra)

    def report_params(self) -> dict[str, Any]:
        return {k: v for k, v in self.spec.params.items() if k not in ("attribute", "attributes")}


def render_check(
    template: str,
    input_name: str,
    keys: Sequence[str],
    s: str | None,
    params: Mapping[str, Any],
    extra: Mapping[str, Any] | None = None,
) -> exp.Expr:
    """Render a per-class check template over ``input_name``: class keys ``keys``, sensitive code
    column ``s``, the criterion's ``params``, then ``extra`` (plan-level values) over them."""
    return render_template(
        template, **{"input": input_name, "keys": list(keys), "s": s, **params, **(extra or {})}
    )


def exact(value: Any) -> Fraction:
    """The exact rational a configured number means (0.1 is 1/10, not the nearest double)."""
    return Fraction(str(value))
