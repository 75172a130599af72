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

from sqlanon import keys
from sqlanon.errors import ConfigError
from sqlanon.keys import Key

L_VARIANTS = ("distinct", "entropy", "recursive", "pd-recursive", "npd-recursive")
#: ground distances of the Earth Mover's Distance (t-closeness, (n,t)-closeness)
EMD_DISTANCES = ("equal", "ordered", "hierarchical")
DISTANCES = (*EMD_DISTANCES, "variational", "kl", "js", "smoothed-js")
DISSIMILARITY_DISTANCES = ("numeric", "ordered", "hierarchical", "variational")
BETA_VARIANTS = ("basic", "enhanced")
#: how k-map knows the population's class sizes: counted in the ``population:`` table
#: (sqlanon.criteria.population), or estimated from the sample (sqlanon.criteria.kmap)
KMAP_ESTIMATORS = ("population", "poisson", "zero-truncated-poisson")
_ESTIMATED = KMAP_ESTIMATORS[1:]
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


#: a list of sensitive values (``allowed``, ``protected``): numbers and texts, compared as text
VALUES = {"type": "array", "items": {"type": ["string", "number", "boolean"]}}
#: the sensitive column a criterion protects (every model but k-anonymity)
ATTRIBUTE = Key("attribute", keys.text(), description="the sensitive column it protects")
#: several sensitive columns (multi-attribute l-diversity; variational dissimilarity)
ATTRIBUTES = Key(
    "attributes",
    {"type": "array", "items": {"type": "string"}, "minItems": 2, "uniqueItems": True},
    description="the sensitive columns it reads, at least two",
    blank=True,
)
_L_INTEGER = ("distinct", "recursive", "pd-recursive", "npd-recursive")
_NOT_KL = tuple(d for d in DISTANCES if d != "kl")

#: every privacy model's parameters (``severity`` aside, which every model takes), the one table
#: of them: the checkers below read their bounds, choices, defaults and which apply to which
#: variant or distance here, and :mod:`sqlanon.config.schema` describes them from it
PARAMS: dict[str, tuple[Key, ...]] = {
    "k-anonymity": (Key("k", keys.whole(1), required=True, description="the smallest class size"),),
    "l-diversity": (
        Key("variant", keys.enum(L_VARIANTS), default="distinct"),
        Key("l", keys.whole(1), required=True, when=("variant", _L_INTEGER)),
        Key("l", keys.number(1), required=True, when=("variant", ("entropy",))),
        Key(
            "c", keys.number(0, open_low=True), required=True, when=("variant", ("recursive", "pd-recursive"))
        ),
        Key("c1", keys.number(0, open_low=True), required=True, when=("variant", ("npd-recursive",))),
        Key("c2", keys.number(0, 100), required=True, when=("variant", ("npd-recursive",))),
        Key("allowed", VALUES, required=True, when=("variant", ("pd-recursive", "npd-recursive"))),
        Key("protected", {**VALUES, "minItems": 1}, required=True, when=("variant", ("npd-recursive",))),
        Key("multi_attribute", keys.boolean(), default=False),
        ATTRIBUTES,
        ATTRIBUTE,
    ),
    "t-closeness": (
        Key("distance", keys.enum(DISTANCES), default="equal"),
        # KL divergence is unbounded, JS divergence at most ln 2; the others at most 1
        Key("t", keys.number(0, 1), required=True, when=("distance", _NOT_KL)),
        Key("t", keys.number(0), required=True, when=("distance", ("kl",))),
        Key("bandwidth", keys.number(0, open_low=True), required=True, when=("distance", ("smoothed-js",))),
        Key("ground", keys.enum(EMD_DISTANCES), required=True, when=("distance", ("smoothed-js",))),
        ATTRIBUTE,
    ),
    "alpha-k-anonymity": (
        Key("alpha", keys.number(0, 1, open_low=True), required=True),
        Key("k", keys.whole(1), required=True),
        ATTRIBUTE,
    ),
    "nt-closeness": (
        Key("n", keys.whole(1), required=True),
        Key("t", keys.number(0, 1), required=True),
        Key("distance", keys.enum(EMD_DISTANCES), default="equal"),
        ATTRIBUTE,
    ),
    "dissimilarity": (
        Key("epsilon", keys.number(0), required=True),
        Key("delta", keys.number(0, 1), required=True),
        Key("k", keys.whole(1), required=True),
        Key("distance", keys.enum(DISSIMILARITY_DISTANCES), required=True),
        ATTRIBUTES,
        ATTRIBUTE,
    ),
    "delta-disclosure": (Key("delta", keys.number(0, open_low=True), required=True), ATTRIBUTE),
    "beta-likeness": (
        Key("beta", keys.number(0, open_low=True), required=True),
        Key("variant", keys.enum(BETA_VARIANTS), default="basic"),
        ATTRIBUTE,
    ),
    "k-map": (
        Key(
            "k",
            keys.whole(1),
            required=True,
            description="the fewest persons of the population a class matches",
        ),
        Key(
            "estimator",
            keys.enum(KMAP_ESTIMATORS),
            default="population",
            description="population: count the persons in the population table; poisson, zero-truncated-poisson: "
            "estimate them from the sample (El Emam and Dankar 2008)",
        ),
        Key(
            "significance",
            keys.number(0, 1),
            required=True,
            when=("estimator", _ESTIMATED),
            description="the probability allowed that a class of the derived size matches fewer than k persons",
        ),
        Key(
            "sampling_fraction",
            keys.number(0, 1, open_low=True),
            required=True,
            when=("estimator", _ESTIMATED),
            description="the share of the population the table holds: its rows / the population's persons",
        ),
    ),
    "delta-presence": (
        Key(
            "delta_min",
            keys.number(0, 1),
            default=0,
            description="the smallest share of a class's persons in the table",
        ),
        Key(
            "delta_max",
            keys.number(0, 1),
            required=True,
            description="the largest share of a class's persons in the table",
        ),
    ),
}
#: what every criterion takes beside its parameters
SEVERITY = Key(
    "severity", keys.enum(SEVERITIES), default="error", description="warn: reported, never failing the run"
)


class _Checker:
    """Validates the parameters of one criterion item in place, by its table (:data:`PARAMS`)."""

    def __init__(self, kind: str, params: dict[str, Any], where: str) -> None:
        self.kind, self.params, self.where = kind, params, where
        self.table = PARAMS[kind]

    def key(self, name: str) -> Key:
        """The entry of ``name`` for the variant or distance already chosen."""
        return keys.lookup(self.table, name, self.params)

    @property
    def allowed(self) -> set[str]:
        """The parameters this criterion takes with its variant or distance (and severity)."""
        return {"severity", *keys.names(keys.applicable(self.table, self.params))}

    def conditional(self) -> list[str]:
        """The parameters given that apply to other variants or distances only."""
        allowed = self.allowed
        return [k for k in keys.names(self.table) if k in self.params and k not in allowed]

    def number(self, key: str) -> float:
        value = _number(self.params, key, self.where)
        low, high, open_low = keys.number_bounds(self.key(key).schema)
        _in_range(value, low, high, key, self.where, open_low=open_low)
        return value

    def integer(self, key: str) -> int:
        low = int(keys.number_bounds(self.key(key).schema)[0])
        value = _integer(self.params, key, self.where)
        if value < low:
            raise ConfigError(f"{self.where}: {key} must be at least {low}, got {value}.")
        self.params[key] = value
        return value

    def scalar(self, key: str) -> float:
        """A number or a whole number, as the table says."""
        if self.key(key).schema["type"] == "integer":
            return self.integer(key)
        return self.number(key)

    def choice(self, key: str, what: str) -> str:
        entry = self.key(key)
        if key not in self.params and entry.default is None:
            raise ConfigError(f"{self.where} needs {key!r}: one of {', '.join(entry.choices)}.")
        value = _choice(self.params.get(key, entry.default), entry.choices, f"{what} in {self.where}")
        self.params[key] = value
        return value

    def values(self, key: str, *, empty: str | None = None) -> None:
        """A list of sensitive values; ``empty``: why it may not be empty (None: it may)."""
        if empty is not None and not self.params.get(key):
            raise ConfigError(f"{self.where}: {empty}")
        _value_list(self.params, key, self.where, required=self.key(key).required)
        if empty is not None and not self.params[key]:
            raise ConfigError(f"{self.where}: {empty}")


def _l_diversity(c: _Checker) -> None:
    variant = c.choice("variant", "l-diversity variant")
    c.scalar("l")
    if variant in ("recursive", "pd-recursive"):
        c.number("c")
    if variant == "pd-recursive":
        c.values("allowed")
    if variant == "npd-recursive":
        c.number("c1")
        c.number("c2")
        c.values("allowed")
        c.values(
            "protected",
            empty="protected must list at least one value (the values that must appear in every class); "
            "with none, use variant pd-recursive.",
        )
    for key in c.conditional():
        raise ConfigError(f"{c.where}: {key} does not apply to variant {variant}.")
    multi = c.params.get("multi_attribute", False)
    if not isinstance(multi, bool):
        raise ConfigError(f"{c.where}: multi_attribute must be true or false.")
    if multi and variant not in ("distinct", "entropy", "recursive"):
        raise ConfigError(
            f"{c.where}: multi_attribute works with variants distinct, entropy and recursive, not {variant}."
        )


def _t_closeness(c: _Checker) -> None:
    distance = c.choice("distance", "distance")
    c.number("t")
    if distance == "smoothed-js":
        c.number("bandwidth")
        c.choice("ground", "ground distance")
    for key in c.conditional():
        raise ConfigError(f"{c.where}: {key} applies only to distance smoothed-js.")


def _nt_closeness(c: _Checker) -> None:
    c.integer("n")
    c.number("t")
    c.choice("distance", "distance")


def _dissimilarity(c: _Checker) -> None:
    c.number("epsilon")
    c.number("delta")
    c.integer("k")
    c.choice("distance", "distance")


def _alpha_k(c: _Checker) -> None:
    c.number("alpha")
    c.integer("k")


def _delta_disclosure(c: _Checker) -> None:
    c.number("delta")


def _beta_likeness(c: _Checker) -> None:
    c.number("beta")
    c.choice("variant", "beta-likeness variant")


def _k_anonymity(c: _Checker) -> None:
    c.integer("k")


def _k_map(c: _Checker) -> None:
    c.integer("k")
    estimator = c.choice("estimator", "k-map estimator")
    if estimator != "population":
        c.number("significance")
        c.number("sampling_fraction")
    for key in c.conditional():
        raise ConfigError(
            f"{c.where}: {key} applies only to an estimator (poisson, zero-truncated-poisson); with estimator "
            "population (the default) the population table gives the class sizes."
        )


def _delta_presence(c: _Checker) -> None:
    c.params.setdefault("delta_min", 0)
    low = c.number("delta_min")
    high = c.number("delta_max")
    if low > high:
        raise ConfigError(f"{c.where}: delta_min ({low:g}) must be at most delta_max ({high:g}).")


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
    "k-map": _k_map,
    "delta-presence": _delta_presence,
}
CRITERIA = tuple(CHECKERS)
#: the models that protect no sensitive column (they bound the classes' sizes)
NO_ATTRIBUTE = ("k-anonymity", "k-map", "delta-presence")


def reads_population(spec: CriterionSpec) -> bool:
    """Whether the criterion counts the persons of the ``population:`` table (k-map with the
    population table, delta-presence)."""
    return spec.kind == "delta-presence" or (
        spec.kind == "k-map" and spec.params.get("estimator", "population") == "population"
    )


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
        if isinstance(attribute, (list, dict)):  # a list where one column is named
            raise ConfigError(f"{where}: attribute must name a sensitive column, got {attribute!r}.")
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
    severity = params.pop(SEVERITY.name, SEVERITY.default)
    severity = _choice(severity, SEVERITY.choices, f"severity in {where}")
    checker = _Checker(kind, params, where)
    CHECKERS[kind](checker)
    attributes: tuple[str, ...] = ()
    if kind not in NO_ATTRIBUTE:
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
