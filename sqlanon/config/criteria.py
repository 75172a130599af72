"""The ``criteria:`` section of a configuration: one validated :class:`CriterionSpec` per item.

Everything that can be checked without data is checked here (names, kinds, variants, ranges);
checks that need the data (k larger than the table, values named in ``allowed`` that do not
occur, ...) happen in :func:`sqlanon.gate.check_parameters` once the data is read.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from sqlanon.errors import ConfigError

L_VARIANTS = ("distinct", "entropy", "recursive", "pd-recursive", "npd-recursive")
#: ground distances of the Earth Mover's Distance (t-closeness, (n,t)-closeness)
EMD_DISTANCES = ("equal", "ordered", "hierarchical")
DISTANCES = (*EMD_DISTANCES, "variational", "kl", "js", "smoothed-js")
DISSIMILARITY_DISTANCES = ("numeric", "ordered", "hierarchical", "variational")
BETA_VARIANTS = ("basic", "enhanced")
SEVERITIES = ("error", "warn")


@dataclass(frozen=True)
class CriterionSpec:
    """One requested privacy model: ``kind`` (e.g. ``l-diversity``) with its parameters.

    ``attributes`` lists the sensitive columns it reads: one for most models, several for
    multi-attribute l-diversity and for dissimilarity over a distribution stored in several
    columns. ``severity`` ``warn`` reports the criterion without letting it fail the run.
    """

    kind: str
    params: Mapping[str, Any]
    attributes: tuple[str, ...] = ()
    severity: str = "error"
    #: the sensitive columns whose value order (ranks) the model needs
    ordered: tuple[str, ...] = field(default=(), compare=False)
    #: the sensitive columns whose hierarchy the model needs
    hierarchical: tuple[str, ...] = field(default=(), compare=False)
    #: who asked for it, when not the configuration's criteria (messages say so: an audit's
    #: probes); None: criteria[i]
    origin: str | None = field(default=None, compare=False)

    @property
    def attribute(self) -> str | None:
        """The single sensitive column, or None (k-anonymity, several columns)."""
        return self.attributes[0] if len(self.attributes) == 1 else None

    def label(self) -> str:
        variant = self.params.get("variant") or self.params.get("distance")
        return f"{self.kind} ({variant})" if variant else self.kind


def _number(params: Mapping[str, Any], key: str, where: str) -> float:
    if key not in params:
        raise ConfigError(f"{where} needs the parameter {key!r}.")
    value = params[key]
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ConfigError(f"{where}: {key} must be a number, got {value!r}.")
    return float(value)


def _integer(params: Mapping[str, Any], key: str, where: str) -> int:
    if key not in params:
        raise ConfigError(f"{where} needs the parameter {key!r}.")
    value = params[key]
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            return int(value)
        raise ConfigError(f"{where}: {key} must be a whole number, got {value!r}.")
    return value


def _choice(value: Any, choices: tuple[str, ...], what: str) -> str:
    if not isinstance(value, str) or value not in choices:
        raise ConfigError(f"Unknown {what}: {value!r}; use one of: {', '.join(choices)}.")
    return value


def _in_range(value: float, low: float, high: float, key: str, where: str, *, open_low: bool = False) -> None:
    if value < low or (open_low and value == low) or value > high:
        if math.isinf(high):
            bound = f"be greater than {low:g}" if open_low else f"be at least {low:g}"
        else:
            bound = f"lie in {'(' if open_low else '['}{low:g}, {high:g}]"
        raise ConfigError(f"{where}: {key} must {bound}, got {value:g}.")


def _value_list(params: dict[str, Any], key: str, where: str, *, required: bool) -> None:
    if key not in params:
        if required:
            raise ConfigError(f"{where} needs {key!r}: a list of sensitive values (may be empty).")
        params[key] = []
        return
    value = params[key]
    if not isinstance(value, list) or any(isinstance(v, (list, dict)) or v is None for v in value):
        raise ConfigError(f"{where}: {key} must be a list of sensitive values, got {value!r}.")
    params[key] = [str(v) for v in value]


class _Checker:
    """Validates the parameters of one criterion item in place."""

    def __init__(self, kind: str, params: dict[str, Any], where: str) -> None:
        self.kind, self.params, self.where = kind, params, where
        self.allowed = {"severity"}

    def number(self, key: str, low: float, high: float, *, open_low: bool = False) -> float:
        self.allowed.add(key)
        value = _number(self.params, key, self.where)
        _in_range(value, low, high, key, self.where, open_low=open_low)
        return value

    def integer(self, key: str, low: int) -> int:
        self.allowed.add(key)
        value = _integer(self.params, key, self.where)
        if value < low:
            raise ConfigError(f"{self.where}: {key} must be at least {low}, got {value}.")
        self.params[key] = value
        return value

    def choice(self, key: str, choices: tuple[str, ...], default: str | None, what: str) -> str:
        self.allowed.add(key)
        if key not in self.params and default is None:
            raise ConfigError(f"{self.where} needs {key!r}: one of {', '.join(choices)}.")
        value = _choice(self.params.get(key, default), choices, f"{what} in {self.where}")
        self.params[key] = value
        return value

    def values(self, key: str, *, required: bool, empty: str | None = None) -> None:
        """A list of sensitive values; ``empty``: why it may not be empty (None: it may)."""
        self.allowed.add(key)
        if empty is not None and not self.params.get(key):
            raise ConfigError(f"{self.where}: {empty}")
        _value_list(self.params, key, self.where, required=required)
        if empty is not None and not self.params[key]:
            raise ConfigError(f"{self.where}: {empty}")


def _l_diversity(c: _Checker) -> None:
    variant = c.choice("variant", L_VARIANTS, "distinct", "l-diversity variant")
    c.allowed.update({"multi_attribute", "attributes"})
    if variant in ("distinct", "recursive", "pd-recursive", "npd-recursive"):
        c.integer("l", 1)
    else:
        c.number("l", 1, math.inf)
    if variant in ("recursive", "pd-recursive"):
        c.number("c", 0, math.inf, open_low=True)
    if variant == "pd-recursive":
        c.values("allowed", required=True)
    if variant == "npd-recursive":
        c.number("c1", 0, math.inf, open_low=True)
        c.number("c2", 0, 100)
        c.values("allowed", required=True)
        c.values(
            "protected",
            required=True,
            empty="protected must list at least one value (the values that must appear in every class); "
            "with none, use variant pd-recursive.",
        )
    for key in ("c", "c1", "c2", "allowed", "protected"):
        if key in c.params and key not in c.allowed:
            raise ConfigError(f"{c.where}: {key} does not apply to variant {variant}.")
    multi = c.params.get("multi_attribute", False)
    if not isinstance(multi, bool):
        raise ConfigError(f"{c.where}: multi_attribute must be true or false.")
    if multi and variant not in ("distinct", "entropy", "recursive"):
        raise ConfigError(
            f"{c.where}: multi_attribute works with variants distinct, entropy and recursive, not {variant}."
        )


def _t_closeness(c: _Checker) -> None:
    distance = c.choice("distance", DISTANCES, "equal", "distance")
    # KL divergence is unbounded, JS divergence at most ln 2; the others at most 1
    c.number("t", 0, math.inf if distance == "kl" else 1)
    if distance == "smoothed-js":
        c.number("bandwidth", 0, math.inf, open_low=True)
        c.choice("ground", EMD_DISTANCES, None, "ground distance")
    else:
        for key in ("bandwidth", "ground"):
            if key in c.params:
                raise ConfigError(f"{c.where}: {key} applies only to distance smoothed-js.")


def _nt_closeness(c: _Checker) -> None:
    c.integer("n", 1)
    c.number("t", 0, 1)
    c.choice("distance", EMD_DISTANCES, "equal", "distance")


def _dissimilarity(c: _Checker) -> None:
    c.number("epsilon", 0, math.inf)
    c.number("delta", 0, 1)
    c.integer("k", 1)
    c.choice("distance", DISSIMILARITY_DISTANCES, None, "distance")
    c.allowed.add("attributes")


def _alpha_k(c: _Checker) -> None:
    c.number("alpha", 0, 1, open_low=True)
    c.integer("k", 1)


def _delta_disclosure(c: _Checker) -> None:
    c.number("delta", 0, math.inf, open_low=True)


def _beta_likeness(c: _Checker) -> None:
    c.number("beta", 0, math.inf, open_low=True)
    c.choice("variant", BETA_VARIANTS, "basic", "beta-likeness variant")


def _k_anonymity(c: _Checker) -> None:
    c.integer("k", 1)


#: every privacy model the configuration takes, the one list of them on this side: its name and
#: its parameters' checker (``sqlanon.criteria.MODELS`` names the same models, a test says so)
CHECKERS: dict[str, Callable[[_Checker], None]] = {
    "k-anonymity": _k_anonymity,
    "l-diversity": _l_diversity,
    "t-closeness": _t_closeness,
    "alpha-k-anonymity": _alpha_k,
    "nt-closeness": _nt_closeness,
    "dissimilarity": _dissimilarity,
    "delta-disclosure": _delta_disclosure,
    "beta-likeness": _beta_likeness,
}
CRITERIA = tuple(CHECKERS)


def _attributes(
    kind: str, params: dict[str, Any], sensitive: list[str], roles: Mapping[str, str], where: str
) -> tuple[str, ...]:
    """The sensitive columns the criterion reads (validated; ``params['attribute(s)']`` set)."""
    several = params.get("attributes")
    if several is not None:
        if "attribute" in params:
            raise ConfigError(f"{where}: give either attribute or attributes, not both.")
        if not isinstance(several, list) or len(several) < 2 or not all(isinstance(a, str) for a in several):
            raise ConfigError(f"{where}: attributes must list at least two sensitive columns.")
        if len(set(several)) != len(several):
            raise ConfigError(f"{where}: attributes lists a column twice.")
        names = list(several)
    else:
        if params.get("multi_attribute") is True:
            raise ConfigError(
                f"{where}: multi_attribute needs 'attributes': the sensitive columns, at least two."
            )
        attribute = params.get("attribute")
        if attribute is None:
            if len(sensitive) != 1:
                raise ConfigError(
                    f"{where} needs 'attribute': the sensitive column it protects"
                    + (f" (one of {sensitive})." if sensitive else "; no column has role sensitive.")
                )
            attribute = sensitive[0]
        names = [attribute]
        params["attribute"] = attribute
    for name in names:
        if name not in roles:
            raise ConfigError(f"{where}: attribute {name!r} is not a configured column.")
        if roles[name] != "sensitive":
            raise ConfigError(f"{where}: attribute {name!r} must have role sensitive.")
    if several is not None:
        if kind == "l-diversity" and params.get("multi_attribute") is not True:
            raise ConfigError(
                f"{where}: several attributes need multi_attribute: true (each checked with the others as "
                "quasi-identifiers); to check them separately, give one criterion per attribute."
            )
        if kind == "dissimilarity" and params.get("distance") != "variational":
            raise ConfigError(
                f"{where}: several attributes (a distribution over columns) need distance variational."
            )
        if kind not in ("l-diversity", "dissimilarity"):
            raise ConfigError(f"{where}: {kind} protects one attribute; give 'attribute', not 'attributes'.")
    elif params.get("multi_attribute") is True:
        raise ConfigError(
            f"{where}: multi_attribute needs 'attributes': the sensitive columns, at least two."
        )
    elif kind == "dissimilarity" and params.get("distance") == "variational":
        raise ConfigError(
            f"{where}: distance variational compares distributions: list their columns in 'attributes'."
        )
    return tuple(names)


def parse_criterion(
    item: Any, roles: Mapping[str, str], hierarchies: Mapping[str, bool], index: int
) -> CriterionSpec:
    """Validate ``criteria[index]``; ``roles`` maps column -> role, ``hierarchies`` column -> has one."""
    if not isinstance(item, Mapping) or len(item) != 1:
        raise ConfigError(
            f"criteria[{index}] must be a one-key mapping such as {{k-anonymity: {{k: 5}}}}, got {item!r}."
        )
    kind, params = next(iter(item.items()))
    kind = _choice(kind, CRITERIA, "criterion")
    if not isinstance(params, Mapping):
        raise ConfigError(f"criteria[{index}] {kind}: parameters must be a mapping.")
    params = dict(params)
    where = f"criteria[{index}] {kind}"
    severity = params.pop("severity", "error")
    severity = _choice(severity, SEVERITIES, f"severity in {where}")
    checker = _Checker(kind, params, where)
    CHECKERS[kind](checker)
    attributes: tuple[str, ...] = ()
    if kind != "k-anonymity":
        checker.allowed.add("attribute")
        sensitive = [name for name, role in roles.items() if role == "sensitive"]
        attributes = _attributes(kind, params, sensitive, roles, where)
    unknown = set(params) - checker.allowed
    if unknown:
        raise ConfigError(f"{where}: unknown parameter(s) {sorted(unknown)}; use {sorted(checker.allowed)}.")
    ground = params.get("ground") or params.get("distance")
    ordered = attributes if ground == "ordered" else ()
    hierarchical = attributes if ground == "hierarchical" else ()
    for name in hierarchical:
        if not hierarchies.get(name):
            raise ConfigError(f"{where}: hierarchical distance needs a hierarchy on column {name!r}.")
    return CriterionSpec(kind, params, attributes, severity, ordered, hierarchical)
