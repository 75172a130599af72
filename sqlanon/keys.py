"""The keys of a configuration section as data: the validator's "unknown key" and "use one of"
checks read them, and :mod:`sqlanon.config.schema` builds the configuration's JSON Schema from
them, so a key is written once.

A :class:`Key` is a name, the JSON Schema of its value (built with the helpers below), whether
it is required, and, for a criterion's parameter, which of its forms (``variant`` or
``distance``) it applies to.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

#: a JSON Schema fragment
Schema = dict[str, Any]


@dataclass(frozen=True)
class Key:
    """One key of a mapping of the configuration."""

    name: str
    #: the JSON Schema of its value
    schema: Schema = field(default_factory=dict)
    #: the key must be given (where it applies)
    required: bool = False
    #: what it means, for editors (the schema's ``description``)
    description: str = ""
    #: a criterion's parameter that applies to some forms only: (the parameter that chooses the
    #: form, the forms); None: every form
    when: tuple[str, tuple[str, ...]] | None = None
    #: what a form that is not given is (the chooser's default), for ``when``
    default: Any = None
    #: null (YAML's blank value, ``risk:`` with nothing after it) is taken as the key not given
    blank: bool = False

    @property
    def choices(self) -> tuple[str, ...]:
        """The values an enumerated key takes, in the order messages list them."""
        return tuple(self.schema["enum"])

    def applies(self, params: Mapping[str, Any]) -> bool:
        """Whether the key applies to a criterion whose (resolved) parameters are ``params``."""
        if self.when is None:
            return True
        chooser, forms = self.when
        return params.get(chooser) in forms


def names(keys: Iterable[Key]) -> tuple[str, ...]:
    """The names of ``keys``, in order, each once."""
    return tuple(dict.fromkeys(k.name for k in keys))


def key(keys: Iterable[Key], name: str) -> Key:
    """The key named ``name``."""
    for k in keys:
        if k.name == name:
            return k
    raise KeyError(name)


def enum(choices: Iterable[str]) -> Schema:
    return {"type": "string", "enum": list(choices)}


def text(min_length: int = 1) -> Schema:
    return {"type": "string", "minLength": min_length}


def boolean() -> Schema:
    return {"type": "boolean"}


def whole(minimum: int) -> Schema:
    """A whole number of at least ``minimum``."""
    return {"type": "integer", "minimum": minimum}


def number(low: float, high: float = math.inf, *, open_low: bool = False) -> Schema:
    """A number in [low, high] (``open_low``: (low, high]); ``high`` inf: no upper bound."""
    out: Schema = {"type": "number"}
    out["exclusiveMinimum" if open_low else "minimum"] = low
    if math.isfinite(high):
        out["maximum"] = high
    return out


def number_bounds(schema: Schema) -> tuple[float, float, bool]:
    """(low, high, open_low) of a :func:`number` or :func:`whole` schema."""
    open_low = "exclusiveMinimum" in schema
    low = schema["exclusiveMinimum"] if open_low else schema.get("minimum", -math.inf)
    return low, schema.get("maximum", math.inf), open_low


def any_of(*schemas: Schema) -> Schema:
    return {"anyOf": list(schemas)}


def applicable(keys: Iterable[Key], params: Mapping[str, Any]) -> list[Key]:
    """The keys that apply to a mapping whose choosers (``variant``, ``distance``, ``search``)
    are resolved in ``params``."""
    return [k for k in keys if k.applies(params)]


def lookup(keys: Iterable[Key], name: str, params: Mapping[str, Any]) -> Key:
    """The entry of ``name`` that applies to ``params`` (the first)."""
    for k in keys:
        if k.name == name and k.applies(params):
            return k
    raise KeyError(name)


def _described(k: Key) -> Schema:
    prop = any_of(dict(k.schema), {"type": "null"}) if k.blank else dict(k.schema)
    if k.description:
        prop["description"] = k.description
    return prop


def _chosen(keys: list[Key], chooser: str, forms: tuple[str, ...]) -> Schema:
    """The condition "the chooser is one of ``forms``", its default counting when it is not given."""
    condition: Schema = {"required": [chooser], "properties": {chooser: {"enum": list(forms)}}}
    default = key(keys, chooser).default
    if default is not None and default in forms:
        return {"anyOf": [condition, {"not": {"required": [chooser]}}]}
    return condition


def mapping(keys: Iterable[Key], **extra: Any) -> Schema:
    """A mapping of exactly ``keys``: required ones required, no other key; a key that applies
    to some forms only (``when``) is described by an if-then per entry, and refused for the
    other forms."""
    keys = list(keys)
    out: Schema = {"type": "object", "properties": {}, "additionalProperties": False}
    required: list[str] = []
    conditions: list[Schema] = []
    for name in names(keys):
        entries = [k for k in keys if k.name == name]
        always = [k for k in entries if k.when is None]
        if always:
            out["properties"][name] = _described(always[0])
            if always[0].required:
                required.append(name)
            continue
        schemas = [_described(k) for k in entries]
        out["properties"][name] = schemas[0] if len(schemas) == 1 else {"anyOf": schemas}
        forms: list[str] = []
        for k in entries:
            assert k.when is not None
            chooser, given = k.when
            then: Schema = {"properties": {name: _described(k)}}
            if k.required:
                then["required"] = [name]
            conditions.append({"if": _chosen(keys, chooser, given), "then": then})
            forms.extend(f for f in given if f not in forms)
        every = key(keys, chooser).schema.get("enum")
        if every is None or set(every) - set(forms):
            conditions.append(
                {"if": _chosen(keys, chooser, tuple(forms)), "else": {"not": {"required": [name]}}}
            )
    if required:
        out["required"] = required
    if conditions:
        out["allOf"] = conditions
    out.update(extra)
    return out
