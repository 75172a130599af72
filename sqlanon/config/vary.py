"""``sqlanon explore``'s ``--vary KEY=V1,V2,...``: which parameter of a configuration each key
names, and the configurations of the settings (the cartesian product of the values), each
checked by the configuration's own rules (a bad value gets the error the configuration would
give, naming the key).

KEY is ``suppression_limit``, ``k`` (the k of the configuration's one k-anonymity criterion)
or ``criteria[i].PARAM``: a numeric parameter of the criterion at position i (from 0).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from sqlanon import keys
from sqlanon.config import Config
from sqlanon.config.criteria import PARAMS, SEVERITY, parse_criterion
from sqlanon.errors import ConfigError

#: explore runs at most this many settings (the product of the --vary lists)
MAX_SETTINGS = 100

_CRITERION_KEY = re.compile(r"^criteria\[(\d+)\]\.([A-Za-z_][A-Za-z0-9_]*)$")


@dataclass(frozen=True)
class Target:
    """What a --vary key names: ``suppression_limit`` (index None), or the parameter ``param``
    of ``criteria[index]``."""

    key: str
    index: int | None = None
    param: str = "suppression_limit"


@dataclass(frozen=True)
class Setting:
    """One setting: the values given (key -> value, in the order of the --vary keys) and the
    configuration with them."""

    values: dict[str, int | float]
    config: Config


def parse_values(key: str, text: str) -> list[int | float]:
    """The values of ``--vary KEY=V1,V2,...`` (numbers: whole ones stay whole)."""
    parts = [p.strip() for p in text.split(",")]
    if not text.strip() or any(not p for p in parts):
        raise ConfigError(f"--vary {key}: give numbers separated by commas, e.g. {key}=5,10,20.")
    out: list[int | float] = []
    for part in parts:
        try:
            out.append(int(part))
        except ValueError:
            try:
                value = float(part)
            except ValueError:
                raise ConfigError(f"--vary {key}: {part!r} is not a number.") from None
            out.append(value)
    return out


def parse_vary(items: Sequence[str]) -> dict[str, list[int | float]]:
    """``--vary`` options (``KEY=V1,V2,...`` each) as key -> values."""
    out: dict[str, list[int | float]] = {}
    for item in items:
        key, sep, text = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise ConfigError(f"--vary {item!r}: write KEY=V1,V2,... (e.g. k=5,10,20).")
        if key in out:
            raise ConfigError(f"--vary {key} is given twice; give its values once, separated by commas.")
        out[key] = parse_values(key, text)
    return out


def target(config: Config, key: str) -> Target:
    """The parameter ``key`` names in ``config`` (ConfigError naming the key when none)."""
    if key == "suppression_limit":
        return Target(key)
    if key == "k":
        ks = [i for i, c in enumerate(config.criteria) if c.kind == "k-anonymity"]
        if not ks:
            raise ConfigError(
                "vary k: the configuration has no k-anonymity criterion, so k names no parameter; vary a "
                "parameter of another criterion by its position (criteria[i].PARAM, e.g. criteria[0].l)."
            )
        if len(ks) > 1:
            named = ", ".join(f"criteria[{i}].k" for i in ks)
            raise ConfigError(
                f"vary k: the configuration has {len(ks)} k-anonymity criteria; name the one to vary: {named}."
            )
        return Target(key, ks[0], "k")
    match = _CRITERION_KEY.match(key)
    if match is None:
        raise ConfigError(
            f"vary {key}: unknown key; use suppression_limit, k (the k of the k-anonymity criterion) or "
            "criteria[i].PARAM (a numeric parameter of the criterion at position i, from 0)."
        )
    index, param = int(match.group(1)), match.group(2)
    if index >= len(config.criteria):
        raise ConfigError(
            f"vary {key}: the configuration has {len(config.criteria)} criteria "
            f"(criteria[0] to criteria[{len(config.criteria) - 1}])."
        )
    spec = config.criteria[index]
    table = keys.applicable(PARAMS[spec.kind], spec.params)
    if param in keys.names(table):
        schema = keys.lookup(table, param, spec.params).schema
        if schema.get("type") not in ("number", "integer"):
            raise ConfigError(
                f"vary {key}: {param} of criteria[{index}] {spec.kind} is not a number; explore varies "
                "numeric parameters only."
            )
    return Target(key, index, param)


def _with(config: Config, goal: Target, value: int | float, criteria: list[Any]) -> Config:
    """``config`` with ``goal`` set to ``value`` (``criteria``: the criteria so far, changed in
    place), checked as the configuration's own reader checks it."""
    if goal.index is None:
        if isinstance(value, bool) or not 0 <= value <= 1:
            raise ConfigError(
                f"vary suppression_limit: suppression_limit must be a fraction of rows in [0, 1], got {value!r}."
            )
        return replace(config, suppression_limit=float(value))
    spec = criteria[goal.index]
    params = {**spec.params, goal.param: value}
    if spec.severity != SEVERITY.default:
        params[SEVERITY.name] = spec.severity
    roles = {c.name: c.role for c in config.columns}
    hierarchies = {c.name: c.hierarchy is not None for c in config.columns}
    try:
        criteria[goal.index] = parse_criterion({spec.kind: params}, roles, hierarchies, goal.index)
    except ConfigError as err:
        raise ConfigError(f"vary {goal.key}: {err}") from None
    return config


def check_explorable(config: Config) -> None:
    """ConfigError when explore cannot run ``config`` whatever it varies (its search)."""
    if config.search == "mondrian":
        raise ConfigError(
            "explore runs the lattice searches (optimal, incognito, exhaustive), whose settings share one "
            "encoding; the configuration's search is mondrian. Use a lattice search, or run anonymize per setting."
        )


def settings(config: Config, vary: Mapping[str, Sequence[int | float]]) -> list[Setting]:
    """The settings of ``vary`` (key -> values): the cartesian product of the values, in order
    (the last key varying fastest), each with its configuration. ConfigError naming the key for
    an unknown key or a bad value, and when there are more than :data:`MAX_SETTINGS`."""
    if not vary:
        raise ConfigError("explore needs at least one --vary KEY=V1,V2,... (e.g. --vary k=5,10,20).")
    check_explorable(config)
    goals = [target(config, key) for key in vary]
    seen: dict[tuple[int | None, str], str] = {}
    for goal in goals:
        where = (goal.index, goal.param)
        if where in seen:
            raise ConfigError(f"vary {goal.key} names the same parameter as {seen[where]}; give it once.")
        seen[where] = goal.key
    lists = []
    for key in vary:
        values = list(vary[key])
        if not values:
            raise ConfigError(f"vary {key}: give at least one value.")
        for v in values:
            if isinstance(v, bool) or not isinstance(v, (int, float)):
                raise ConfigError(f"vary {key}: {v!r} is not a number.")
        lists.append(values)
    count = 1
    for values in lists:
        count *= len(values)
    if count > MAX_SETTINGS:
        sizes = " x ".join(str(len(v)) for v in lists)
        raise ConfigError(
            f"vary: {sizes} = {count} settings; explore runs at most {MAX_SETTINGS}. Give fewer values "
            f"(of {', '.join(vary)})."
        )
    out = []
    for combination in itertools.product(*lists):
        criteria = list(config.criteria)
        varied = config
        for goal, value in zip(goals, combination, strict=True):
            varied = _with(varied, goal, value, criteria)
        varied = replace(varied, criteria=tuple(criteria))
        out.append(Setting(dict(zip(vary, combination, strict=True)), varied))
    return out


__all__ = ["MAX_SETTINGS", "Setting", "Target", "parse_values", "parse_vary", "settings", "target"]
