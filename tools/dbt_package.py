"""The dbt package's SQL (``integrations/dbt``), generated from the gate's own statements.

A dbt generic test learns its arguments (the quasi-identifier list, the parameters) only when
dbt compiles it, and dbt's Jinja cannot run sqlglot. So each criterion's statement is written
here, once per dialect and variant, by ``compile``'s own code (standalone.compile_gate, the
criterion templates and the engines' rewrite rules), with stand-ins that the macros fill in:

- the model: a table named :data:`MODEL`, read through a CTE that numbers its classes with one
  key, :data:`CLASS` (``DENSE_RANK`` over the quasi-identifiers' labels): the templates take a
  fixed number of keys, the test any number of quasi-identifiers;
- the sensitive column :data:`SENSITIVE` (for models over several columns, one statement per
  number of columns, up to :data:`MAX_ATTRIBUTES`, and :func:`sensitive_name` for each);
- the sensitive hierarchy's levels, and the values the test's lists (allowed, protected) name
  with their codes: relations the macros write;
- every number the criterion's parameters put into its template, and each list's codes:
  distinct sentinel literals, replaced by ``{{ v['k'] }}``-style Jinja (written with two
  different sets of parameters and lists of two lengths, the texts must then agree: no value
  derived from a parameter outside the sentinels).

A variant's second choice (smoothed-js's ``ground``) gets a statement per value (:class:`Form`).
(n,t)-closeness's natural supersets generalize each quasi-identifier on its own, so its
statements read them one by one (a statement per number of them, up to :data:`MAX_QUASI`),
each with its generalization table: a relation the macros write from compile's own SQL
(standalone_generalize.sql, generated here too) over the test's hierarchy.

A test given ``person`` counts people: its statement is compile's over people
(compile/people.py), written with the person columns as one key, :data:`PERSON` (``DENSE_RANK``
over them), beside the class key; one per form that compile writes over people ((n,t)-closeness:
per number of quasi-identifiers; the models over several sensitive columns at once: per number
of columns, 2 to :data:`MAX_ATTRIBUTES`), and compile's guard of the people's weight
(:func:`weight_guard`, per number of sensitive columns read together), which the gate macro runs
first.

A wrapper joins the statement's violating classes back to the quasi-identifiers' labels. The
parameters' rules (names, ranges, defaults) are recorded from config/criteria.py's own checks.
``python tools/dbt_package.py`` writes the package's generated macros, one macro per file in
folders by concern under ``macros/`` (``generic_tests/``, ``rules/``, ``dispatch/``,
``adapters/<adapter>/``; ``gate/`` and ``release/`` are written by hand), and removes the
generated files it no longer writes; a test checks that the shipped ones are current.
This is a development script, outside the runtime package (nothing in ``sqlanon`` imports it):
it imports sqlanon from the checkout it lives in.
"""

from __future__ import annotations

import functools
import math
import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlglot
from sqlglot import exp

if __name__ == "__main__":  # run as a script: sqlanon from this checkout (one folder up)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sqlanon import keys
from sqlanon.compile import compile_gate, render, unsupported
from sqlanon.compile import people as compile_people
from sqlanon.config import Config, parse_config
from sqlanon.config.criteria import CHECKERS, CRITERIA, NO_ATTRIBUTE, _Checker
from sqlanon.config.person import counted_over_people
from sqlanon.criteria import Criterion, make_criterion
from sqlanon.criteria.base import TOL
from sqlanon.criteria.tcloseness import MAX_GROUND_PAIRS
from sqlanon.encode import NULL_VALUE, SensitiveDomain
from sqlanon.engines import KINDS
from sqlanon.engines.rules import UNQUOTABLE
from sqlanon.errors import ConfigError
from sqlanon.gate.supersets import TOP
from sqlanon.hierarchy import NULL_LEAF
from sqlanon.sql.labels import from_key_sql, to_key_sql
from sqlanon.sql.render import render_template

#: the adapters whose SQL the package carries (the engines sqlanon runs and tests with dbt)
ADAPTERS = tuple(kind for kind, facts in KINDS.items() if facts.dbt)
#: the package's folder in the repository, and its macros (dbt reads macro-paths recursively)
PACKAGE = Path(__file__).resolve().parents[1] / "integrations" / "dbt"
MACROS = PACKAGE / "macros"
#: the folders of :data:`MACROS` written by hand: every other file in it is the generator's
HAND_WRITTEN = ("gate", "release")

MODEL = "__sqlanon_model__"
CLASS = "__sqlanon_class__"
SENSITIVE = "__sqlanon_sensitive__"
#: the most sensitive columns a test of a multi-attribute model takes (a statement per count)
MAX_ATTRIBUTES = 4
_STATEMENT = "__sqlanon_statement__"
_ORDER = "__sqlanon_order__"
_LABELS_IN = "__sqlanon_labels_in__"
_LABELS_OUT = "__sqlanon_labels_out__"
_ROWS = "__sqlanon_rows__"
_OBSERVED = "__sqlanon_observed__"
_COLUMN = "__sqlanon_column__"
_LEVELS = "__sqlanon_levels__"
_RESERVED = "__sqlanon_reserved__"
_PATHS = "__sqlanon_paths__"
#: over people: the person key (DENSE_RANK over the test's person columns), the stand-in of
#: those columns, and the stand-ins of the class-number and people columns' names
PERSON = "__sqlanon_person__"
_PERSON_ORDER = "__sqlanon_person_order__"
_NUMBER = "__sqlanon_number__"
_PEOPLE = "__sqlanon_people__"
#: the most quasi-identifiers a test of (n,t)-closeness takes (a statement per count: its
#: natural supersets generalize each quasi-identifier on its own)
MAX_QUASI = 8
#: the axis parameter of a model's variants (the first choice its checks make)
AXES = ("variant", "distance")


@dataclass(frozen=True)
class Rule:
    """One parameter of a criterion, as config/criteria.py checks it."""

    type: str  # number | integer | choice | values
    key: str
    low: float | None = None
    high: float | None = None  # None: unbounded
    open_low: bool = False
    choices: tuple[str, ...] = ()
    default: str | None = None
    empty: str | None = None  # values: why the list may not be empty (None: it may)


class _Recorder(_Checker):
    """config/criteria.py's checker of one kind, recording the parameters it checks; ``forced``
    gives the values its choices take (by key; the others take their default or first)."""

    def __init__(self, kind: str, forced: Mapping[str, str]) -> None:
        super().__init__(kind, {}, "dbt")
        self.rules: list[Rule] = []
        self.forced = forced

    def number(self, key: str) -> float:
        low, high, open_low = keys.number_bounds(self.key(key).schema)
        self.rules.append(Rule("number", key, low, None if math.isinf(high) else high, open_low))
        return low

    def integer(self, key: str) -> int:
        low = int(keys.number_bounds(self.key(key).schema)[0])
        self.rules.append(Rule("integer", key, low))
        return low

    def choice(self, key: str, what: str) -> str:
        entry = self.key(key)
        self.rules.append(Rule("choice", key, choices=entry.choices, default=entry.default))
        value = self.forced.get(key) or entry.default or entry.choices[0]
        self.params[key] = value
        return value

    def values(self, key: str, *, empty: str | None = None) -> None:
        self.rules.append(Rule("values", key, empty=empty))
        self.params[key] = ["value"]


@functools.cache  # every statement's configuration asks for its kind's rules
def variants(kind: str) -> tuple[Rule | None, dict[str, list[Rule]]]:
    """A kind's axis choice (None: one variant, named "") and each variant's parameters."""
    first = _Recorder(kind, {})
    CHECKERS[kind](first)
    axis = next((r for r in first.rules if r.type == "choice" and r.key in AXES), None)
    if axis is None:
        return None, {"": first.rules}
    out = {}
    for value in axis.choices:
        recorder = _Recorder(kind, {axis.key: value})
        CHECKERS[kind](recorder)
        out[value] = [r for r in recorder.rules if r.key != axis.key]
    return axis, out


@functools.cache
def forms(kind: str, variant: str) -> tuple[Rule | None, dict[str, list[Rule]]]:
    """A variant's second choice (smoothed-js's ground; None: it has none, and its one form
    is named "") and each of its forms' parameters."""
    axis, per_variant = variants(kind)
    sub = next((r for r in per_variant[variant] if r.type == "choice"), None)
    if sub is None:
        return None, {"": per_variant[variant]}
    out = {}
    for value in sub.choices:
        recorder = _Recorder(kind, {**({axis.key: variant} if axis else {}), sub.key: value})
        CHECKERS[kind](recorder)
        out[value] = [r for r in recorder.rules if r.key not in (sub.key, axis.key if axis else None)]
    return sub, out


@dataclass(frozen=True)
class Form:
    """One statement's choices: a kind's variant (its axis's value, "" without one) and the
    variant's second choice (smoothed-js's ground, "" without one)."""

    kind: str
    variant: str
    sub: str = ""

    def parts(self) -> tuple[dict[str, str], list[Rule]]:
        """The choices as configuration parameters, and the form's other parameters."""
        axis, _ = variants(self.kind)
        second, per_form = forms(self.kind, self.variant)
        choices = {axis.key: self.variant} if axis else {}
        if second is not None:
            choices[second.key] = self.sub
        return choices, per_form[self.sub]

    def __str__(self) -> str:
        return " ".join(x for x in (self.kind, self.variant, self.sub) if x)


def _valid(rule: Rule, which: int) -> float | int:
    """A valid value of a numeric parameter: two different ones (which = 0, 1)."""
    if rule.type == "integer":
        return int(rule.low or 0) + 2 + 3 * which
    low = rule.low or 0.0
    if rule.high is None:
        return low + (1.25, 2.75)[which]
    return low + (rule.high - low) * (0.375, 0.625)[which]


@dataclass(frozen=True)
class Body:
    """One variant's statement in one dialect, as Jinja: ``formats`` says how the gate macro
    makes each template value ``v[key]`` from the test's parameters."""

    sql: str
    # template key -> (parameter, int | float | num | den | height | level | codes | count)
    formats: Mapping[str, tuple[str, str]]
    worst: str


def _sentinels(
    crit: Criterion, numeric: Mapping[str, str], lists: frozenset[str]
) -> tuple[Criterion, dict[str, tuple[str, str]], dict[str, str]]:
    """``crit`` whose template receives sentinel literals for the values its numeric parameters
    make, and for the codes of the sensitive values its list parameters (``lists``) name (one
    sentinel code per list, and one for the list's distinct count, ``<list>_count``); how to
    make each of them, and each one's sentinel text (both filled when the template's
    parameters are made)."""
    base = type(crit)
    formats: dict[str, tuple[str, str]] = {}
    sentinels: dict[str, str] = {}

    def template_params(self: Criterion, domain: SensitiveDomain | None) -> dict[str, Any]:
        params = base.template_params(self, domain)
        out = dict(params)
        for index, key in enumerate(params):
            user, part = (key[:-4], key[-3:]) if key.endswith(("_num", "_den")) else (key, "")
            user = base.param_names.get(user, user)
            if key == "height" and self.spec.hierarchical:
                user, part = "hierarchy", "height"  # the test's hierarchy's
            elif key == "level" and self.spec.hierarchical:
                # the deepest level within epsilon: floor((epsilon + TOL) H), made by the macro
                user, part = "epsilon", "level"
            elif key == "within":
                user, part = "epsilon", "within"  # epsilon + TOL, made by the macro
            elif key in lists:
                part = "codes"
            elif key.endswith("_count") and key[:-6] in lists:
                user, part = key[:-6], "count"
            elif user not in numeric:
                continue
            how = part or ("int" if numeric[user] == "integer" else "float")
            formats[key] = (user, how)
            literal = _sentinel(index, "int" if how == "codes" else how)
            out[key] = [literal] if how == "codes" else literal
            sentinels[key] = str(literal)
        return out

    made = type(f"Sentinel{base.__name__}", (base,), {"template_params": template_params})
    return made(crit.spec), formats, sentinels


def _sentinel(index: int, how: str) -> int | float:
    """A literal no template writes by itself, one per template parameter (by its position).
    Floats are small enough that a value a template derives from one (adding a tolerance)
    is written differently, so that it cannot pass for the sentinel."""
    if how in ("float", "within"):
        return 9_100 + 1.003 * (index + 1) + 0.0005
    return 9_100_000_000 + 1_000_003 * (index + 1)


def _quoted(name: str, dialect: str) -> str:
    return exp.to_identifier(name, quoted=True).sql(dialect=dialect)


def sensitive_name(index: int, count: int) -> str:
    """The stand-in of the ``index``-th of ``count`` sensitive columns."""
    return SENSITIVE if count == 1 else f"__sqlanon_sensitive_{index}__"


def quasi_name(index: int) -> str:
    """The column a statement over the quasi-identifiers one by one ((n,t)-closeness) reads
    for the ``index``-th (the model's column, renamed by the statement's first CTE)."""
    return f"__sqlanon_qi_{index}__"


def _quasi_in(index: int) -> str:
    """The stand-in of the model's ``index``-th quasi-identifier column."""
    return f"__sqlanon_quasi_{index}__"


def _generalize_in(index: int) -> str:
    """The stand-in of the ``index``-th quasi-identifier's generalization table."""
    return f"__sqlanon_generalize_{index}__"


def _config(form: Form, which: int, count: int = 1, quasi: int = 0, people: bool = False) -> Config:
    """A configuration of one criterion of ``form`` on :data:`MODEL`, a table of a server
    (compile connects to none), with valid parameters (two sets: which = 0, 1), over ``count``
    sensitive columns, and ``quasi`` quasi-identifiers (0: the one class key :data:`CLASS`);
    ``people``: counting people told apart by the one person key :data:`PERSON`."""
    kind = form.kind
    choices, rules = form.parts()
    params: dict[str, Any] = {r.key: _valid(r, which) for r in rules if r.type in ("number", "integer")}
    # lists of values of both lengths (the statement may not depend on them)
    params.update({r.key: [f"{r.key}{i}" for i in range(1 + which)] for r in rules if r.type == "values"})
    params.update(choices)
    names = [sensitive_name(i, count) for i in range(count)]
    if count > 1:
        params["attributes"] = names
        if kind == "l-diversity":
            params["multi_attribute"] = True
    elif kind not in NO_ATTRIBUTE:
        params["attribute"] = SENSITIVE
    # a hierarchy for hierarchical distances: the test's own replaces it (of heights 2 and 3,
    # so that a value depending on the height outside its placeholder shows)
    tree: dict[str, Any] = {"top": {"group": ["a", "b"]}} if which else {"group": ["a", "b"]}
    sensitive = {"role": "sensitive", "hierarchy": {"type": "tree", "tree": {"*": tree}}}
    data = {
        "source": {"table": MODEL},
        "engine": {"kind": "postgres", "url": "postgresql://nowhere"},
        "columns": {
            **({quasi_name(i): "quasi" for i in range(quasi)} if quasi else {CLASS: "quasi"}),
            **{name: sensitive for name in names},
        },
        "criteria": [{kind: params}],
        # k-map with the population table and delta-presence read one (compile writes neither)
        **({"population": {"table": "population"}} if kind in ("k-map", "delta-presence") else {}),
        **({"person": PERSON} if people else {}),
    }
    return parse_config(data, Path.cwd(), gate=True)


#: the stand-ins every statement may hold, and the Jinja that fills them in
_JINJA = {
    MODEL: "{{ model }}",
    SENSITIVE: "{{ sqlanon.sqlanon_quote(sensitive) }}",
    _ORDER: "{{ sqlanon.sqlanon_labels(quasi_identifiers, 'order') }}",
    _PERSON_ORDER: "{{ sqlanon.sqlanon_person_order(v['person']) }}",
    _LABELS_IN: "{{ sqlanon.sqlanon_labels(quasi_identifiers, 'in') }}",
    _LABELS_OUT: "{{ sqlanon.sqlanon_labels(quasi_identifiers, 'out') }}",
    _NUMBER: "{{ sqlanon.sqlanon_quote(names.class) }}",
    _ROWS: "{{ sqlanon.sqlanon_quote(names.rows) }}",
    _PEOPLE: "{{ sqlanon.sqlanon_quote(names.people) }}",
    _OBSERVED: "{{ sqlanon.sqlanon_quote(names.observed) }}",
}

#: the statement over people that computes the weight of each person's values, and returns a
#: row when it is not the one sqlanon counts with (compile's guard)
WEIGHT_GUARD = "sqlanon_people_weight_guard"
#: a form whose statement over people reads the weight (any of them: the guard is the same; over
#: several columns, its multi-attribute form)
_WEIGHTED = Form("l-diversity", "distinct")


@functools.cache
def weight_guard(dialect: str, count: int = 1) -> str:
    """compile's guard of the people's weight (a row: a person has more values, with ``count``
    sensitive columns more combinations of values, than the statements weigh exactly, or the
    weight times the people is too large), on the test's model, sensitive columns and person
    columns: Jinja over ``model``, ``quasi_identifiers``, ``sensitive`` (one column, or a list
    of ``count``) and ``v['person']``."""
    config = _config(_WEIGHTED, 0, count, people=True)
    keyed = sqlglot.parse_one(
        f'SELECT DENSE_RANK() OVER (ORDER BY "{_ORDER}") AS "{CLASS}", '
        f'DENSE_RANK() OVER (ORDER BY "{_PERSON_ORDER}") AS "{PERSON}", * FROM "{MODEL}"',
        read="duckdb",
    )
    compiled = compile_gate(config, dialect, release=[("sqlanon_keyed", keyed)])
    (guard,) = [s for s in compiled.statements if s.criterion.startswith("the weight of each person")]
    if guard.sql is None:  # pragma: no cover - the tested dialects write it
        raise ConfigError(guard.why)
    text = guard.sql
    several = {
        sensitive_name(i, count): "{{ sqlanon.sqlanon_quote(sensitive[" + str(i) + "]) }}"
        for i in range(count)
        if count > 1
    }
    for name, replacement in {**_JINJA, **several}.items():
        text = text.replace(_quoted(name, dialect), replacement)
    if "__sqlanon_" in text.replace(_quoted(CLASS, dialect), "").replace(_quoted(PERSON, dialect), ""):
        raise ConfigError("the weight's guard holds a stand-in")  # pragma: no cover
    return text


def _body_text(
    form: Form, dialect: str, which: int, count: int, quasi: int = 0, people: bool = False
) -> Body:
    config = _config(form, which, count, quasi, people)
    _, rules = form.parts()
    numeric = {r.key: r.type for r in rules if r.type in ("number", "integer")}
    lists = frozenset(r.key for r in rules if r.type == "values")
    crit, formats, sentinels = _sentinels(make_criterion(config.criteria[0]), numeric, lists)
    desc = " DESC" if crit.worst == "MAX" else ""
    if quasi and people:
        # the quasi-identifiers one by one (each with its generalization table) and the person
        # columns as one person key; compile's statement over people lists a violating class
        # one row per label tuple, numbered by class
        renamed = ", ".join(f'"{_quasi_in(i)}" AS "{quasi_name(i)}"' for i in range(quasi))
        keyed = sqlglot.parse_one(
            f'SELECT {renamed}, DENSE_RANK() OVER (ORDER BY "{_PERSON_ORDER}") AS "{PERSON}", * FROM "{MODEL}"',
            read="duckdb",
        )
        labels = ", ".join(f'"v"."{quasi_name(i)}" AS "{_quasi_in(i)}"' for i in range(quasi))
        order = ", ".join(f'"v"."{quasi_name(i)}"' for i in range(quasi))
        wrapper = sqlglot.parse_one(
            f'SELECT "v"."class" AS "{_NUMBER}", {labels}, "v"."people" AS "{_PEOPLE}", '
            f'"v"."observed" AS "{_OBSERVED}" FROM "{_STATEMENT}" AS "v" ORDER BY "v"."class", {order}',
            read="duckdb",
        )
    elif quasi:
        # the quasi-identifiers one by one, each with its generalization table
        renamed = ", ".join(f'"{_quasi_in(i)}" AS "{quasi_name(i)}"' for i in range(quasi))
        keyed = sqlglot.parse_one(f'SELECT {renamed}, * FROM "{MODEL}"', read="duckdb")
        labels = ", ".join(f'"v"."{quasi_name(i)}" AS "{_quasi_in(i)}"' for i in range(quasi))
        order = ", ".join(f'"v"."{quasi_name(i)}"' for i in range(quasi))
        wrapper = sqlglot.parse_one(
            f'SELECT {labels}, "v"."rows" AS "{_ROWS}", "v"."observed" AS "{_OBSERVED}" '
            f'FROM "{_STATEMENT}" AS "v" ORDER BY "v"."observed"{desc} NULLS LAST, "v"."rows", {order}',
            read="duckdb",
        )
    elif people:
        # the quasi-identifiers as one class key and the person columns as one person key;
        # compile's statement over people lists a violating class one row per label tuple (here
        # per class key), numbered by class
        keyed = sqlglot.parse_one(
            f'SELECT DENSE_RANK() OVER (ORDER BY "{_ORDER}") AS "{CLASS}", '
            f'DENSE_RANK() OVER (ORDER BY "{_PERSON_ORDER}") AS "{PERSON}", * FROM "{MODEL}"',
            read="duckdb",
        )
        wrapper = sqlglot.parse_one(
            f'SELECT "v"."class" AS "{_NUMBER}", "{_LABELS_OUT}", "v"."people" AS "{_PEOPLE}", '
            f'"v"."observed" AS "{_OBSERVED}" '
            f'FROM "{_STATEMENT}" AS "v" JOIN (SELECT DISTINCT DENSE_RANK() OVER (ORDER BY "{_ORDER}") AS '
            f'"sqlanon_class", "{_LABELS_IN}" FROM "{MODEL}") AS "c" '
            f'ON CAST("c"."sqlanon_class" AS VARCHAR) = "v"."{CLASS}" '
            f'ORDER BY "v"."class", "c"."sqlanon_class"',
            read="duckdb",
        )
    else:
        # the quasi-identifiers as one class key
        keyed = sqlglot.parse_one(
            f'SELECT DENSE_RANK() OVER (ORDER BY "{_ORDER}") AS "{CLASS}", * FROM "{MODEL}"', read="duckdb"
        )
        wrapper = sqlglot.parse_one(
            f'SELECT "{_LABELS_OUT}", "v"."rows" AS "{_ROWS}", "v"."observed" AS "{_OBSERVED}" '
            f'FROM "{_STATEMENT}" AS "v" JOIN (SELECT DISTINCT DENSE_RANK() OVER (ORDER BY "{_ORDER}") AS '
            f'"sqlanon_class", "{_LABELS_IN}" FROM "{MODEL}") AS "c" '
            f'ON CAST("c"."sqlanon_class" AS VARCHAR) = "v"."{CLASS}" '
            f'ORDER BY "v"."observed"{desc} NULLS LAST, "v"."rows", "c"."sqlanon_class"',
            read="duckdb",
        )
    levels = {SENSITIVE: _LEVELS} if config.criteria[0].hierarchical else None
    reserved = {SENSITIVE: _RESERVED} if lists else None
    compiled = compile_gate(
        config,
        dialect,
        release=[("sqlanon_keyed", keyed)],
        criteria=[crit],
        levels=levels,
        reserved=reserved,
        generalized=[_generalize_in(i) for i in range(quasi)] if quasi else None,
    )
    statement = next(s for s in compiled.statements if s.criterion.startswith("criteria[0]"))
    if statement.sql is None:  # pragma: no cover - the tested dialects write every statement
        raise ConfigError(statement.why)
    text = render(wrapper, dialect).replace(_quoted(_STATEMENT, dialect), f"(\n{statement.sql}\n)")
    if re.search(r"\{[{%#]", text):  # pragma: no cover - no template writes these
        raise ConfigError("the statement holds Jinja delimiters")
    jinja = {
        **_JINJA,
        **{
            sensitive_name(i, count): "{{ sqlanon.sqlanon_quote(sensitive[" + str(i) + "]) }}"
            for i in range(count)
            if count > 1
        },
        _LEVELS: "({{ v['levels'] }})",
        _RESERVED: "({{ v['reserved'] }})",
        **{
            _quasi_in(i): "{{ sqlanon.sqlanon_quote(quasi_identifiers[" + str(i) + "]) }}"
            for i in range(quasi)
        },
        **{_generalize_in(i): "({{ v['generalize'][" + str(i) + "] }})" for i in range(quasi)},
    }
    for name, replacement in jinja.items():
        text = text.replace(_quoted(name, dialect), replacement)
    # a template value the statement does not use is dropped (the height, epsilon when only its
    # level is used), but every parameter must reach the SQL through a placeholder
    # (a sentinel is matched as a whole number: one with more digits is a derived value)
    pattern = {key: re.compile(r"(?<![\w.])" + re.escape(s) + r"(?![\w.])") for key, s in sentinels.items()}
    used = {key: sentinel for key, sentinel in sentinels.items() if pattern[key].search(text)}
    for user in {*numeric, *lists} - {formats[key][0] for key in used}:
        raise ConfigError(f"{form}: the parameter {user} is not written into the SQL as given")
    for key in used:
        text = pattern[key].sub("{{ v[" + repr(key) + "] }}", text)
    for key, sentinel in sentinels.items():  # a derived value would hold the sentinel's digits
        if sentinel.split(".")[0] in text:
            raise ConfigError(f"{form}: the SQL holds a value computed from {formats[key][0]}")
    return Body(text, {key: formats[key] for key in used}, crit.worst)


@functools.cache  # the rules' formats and the statements' files (per adapter) need each statement
def body(form: Form, dialect: str, count: int = 1, quasi: int = 0, people: bool = False) -> Body:
    """The Jinja statement of ``form`` over ``count`` sensitive columns (and ``quasi``
    quasi-identifiers one by one; 0: as one class key) in ``dialect``, counting people with
    ``people``, checked to depend on the parameters only through its placeholders."""
    first = _body_text(form, dialect, 0, count, quasi, people)
    if dialect != ADAPTERS[0]:
        # how the SQL depends on the parameters is settled before it is written in a dialect:
        # checked once, on the first adapter's statement (cached)
        body(form, ADAPTERS[0], count, quasi, people)
        return first
    if count > 2 or quasi > 2:
        # more sensitive columns or quasi-identifiers repeat the same templates' parts: how
        # the parameters reach the SQL is checked on the shapes of one and two (each written
        # shape of those is checked here too), not again on every larger one
        return first
    second = _body_text(form, dialect, 1, count, quasi, people)
    if first != second:  # pragma: no cover - a template computing with a parameter in Python
        raise ConfigError(f"{form}: the SQL depends on a parameter beyond its placeholders")
    return first


#: why a variant is not written for one sensitive column when it needs several
SEVERAL = "it compares several sensitive columns"


def _why(form: Form, count: int = 1) -> str | None:
    """Why the package does not write ``form`` over ``count`` sensitive columns (None: it
    does)."""
    try:
        config = _config(form, 0, count)
    except ConfigError as err:
        if count > 1:
            return str(err)  # sqlanon takes one column for it
        if "attributes" in str(err):
            return SEVERAL
        raise  # pragma: no cover - the recorded parameters are valid
    return unsupported(make_criterion(config.criteria[0]))


def _people_why(form: Form, count: int = 1) -> str | None:
    """Why the package does not write ``form`` over ``count`` sensitive columns counting people
    (None: it does), as sqlanon says it (compile's statements over people: compile/people.py)."""
    if _why(form, count) is not None:
        return _why(form, count)
    spec = _config(form, 0, count).criteria[0]
    return counted_over_people(spec) or compile_people.unsupported(make_criterion(spec))


def _by_quasi(form: Form) -> bool:
    """Whether ``form`` reads the quasi-identifiers one by one ((n,t)-closeness's natural
    supersets generalize each): a statement per number of them, up to :data:`MAX_QUASI`."""
    return make_criterion(_config(form, 0).criteria[0]).needs_levels


def _numbers(form: Form, count: int) -> bool:
    """Whether a written form reads the sensitive values as numbers (their numeric order, or
    numeric distances): the test refuses NULLs and columns of other types, as check does."""
    spec = _config(form, 0, count).criteria[0]
    numeric = form.kind == "dissimilarity" and spec.params["distance"] in ("numeric", "variational")
    return bool(spec.ordered) or numeric


#: what :func:`_jinja` writes for a character in a string literal instead of itself
_JINJA_ESCAPES = {
    "\\": "\\\\",
    "'": "\\'",
    **{chr(code): f"\\x{code:02x}" for code in (*range(0x20), *range(0x7F, 0xA0))},
}


def _jinja(value: Any) -> str:
    """``value`` (dicts, lists, strings, numbers, None, booleans) as a Jinja literal."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        # a control character as an escape: Jinja decodes escapes in its literals, and would
        # turn a carriage return written as itself into a newline
        return "'" + "".join(_JINJA_ESCAPES.get(c, c) for c in value) + "'"
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{_jinja(k)}: {_jinja(v)}" for k, v in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_jinja(v) for v in value) + "]"
    raise TypeError(f"no Jinja literal for {value!r}")  # pragma: no cover


#: the widest line :func:`_jinja_lines` writes a nested value on (else it breaks it)
WIDTH = 100


def _jinja_lines(value: Any, indent: int = 0, start: int = 0) -> str:
    """``value`` as :func:`_jinja` writes it, but a dict or list too wide for its line (at
    ``indent`` spaces, after ``start`` characters of the line's own) has an item a line, each
    written the same way."""
    flat = _jinja(value)
    if indent + start + len(flat) <= WIDTH or not isinstance(value, (Mapping, list, tuple)) or not value:
        return flat
    pad = " " * (indent + 2)
    if isinstance(value, Mapping):
        items = []
        for key, item in value.items():
            head = f"{_jinja(key)}: "
            items.append(pad + head + _jinja_lines(item, indent + 2, len(head)))
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + _jinja_lines(item, indent + 2) for item in value]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def test_name(kind: str) -> str:
    """The generic test of a kind: ``k-anonymity`` -> ``k_anonymity``."""
    return kind.replace("-", "_")


def _macro_name(form: Form, count: int = 1, quasi: int = 0, people: bool = False) -> str:
    several = f"_{count}" if count > 1 else ""
    by_quasi = f"_q{quasi}" if quasi else ""
    return "sqlanon_" + re.sub(r"\W+", "_", str(form)) + several + by_quasi + ("_people" if people else "")


def _snippets(dialect: str) -> dict[str, str]:
    """The per-dialect pieces the wrapper's Jinja loops over the quasi-identifiers use."""
    column = _quoted(_COLUMN, dialect)
    # a cell's key (NULL out of band: no text is taken for it) and back, as the gate's
    label = render(to_key_sql(sqlglot.parse_one(f'CAST("{_COLUMN}" AS VARCHAR)', read="duckdb")), dialect)
    unlabel = render(from_key_sql(exp.column(exp.to_identifier(_COLUMN, quoted=True))), dialect)
    text = render(sqlglot.parse_one(f'CAST("{_COLUMN}" AS VARCHAR)', read="duckdb"), dialect)
    probe = exp.to_identifier('a"b`c', quoted=True).sql(dialect=dialect)
    start, end = probe[0], probe[-1]
    quote = start + "{{ name|replace(" + _jinja(end) + ", " + _jinja(end * 2) + ") }}" + end
    unquotable = UNQUOTABLE.get(dialect)
    if unquotable is not None:
        # a name the dialect cannot quote (Spark: ${name} is substituted inside backquotes too)
        # is refused, as compile refuses it (refuse_unquotable), before any SQL is written
        pattern, why = unquotable
        message = f"cannot be written into {dialect} SQL: {why}. Rename it (a view can give the column another name)."
        quote = (
            "{% if modules.re.search(" + _jinja(pattern.pattern) + ", name|string) %}"
            "{{ exceptions.raise_compiler_error('sqlanon: the name ' ~ (name|string) ~ ' ' ~ "
            + _jinja(message)
            + ") }}{% endif %}"
            + quote
        )
    return {
        "label": label.replace(column, "{{ column }}"),
        "unlabel": unlabel.replace(column, "{{ column }}"),
        "text": text.replace(column, "{{ column }}"),
        "quote": quote,
        "string": _string(dialect),
    }


#: the characters :func:`_string` asks compile how it writes in a text literal: every one
#: below U+0100 (the engines' rules for printed SQL spell ASCII ones; a NUL is no text value)
_PROBED = tuple(chr(code) for code in range(1, 0x100))


def _string(dialect: str) -> str:
    """sqlanon_string's body: a text literal written as compile writes one in ``dialect``
    (compile.render: the quote escaped, and what the engine's rules for printed SQL spell as
    CHR(n), e.g. Spark's backslash, quote, control characters and $, which Spark would read as
    an escape or a variable to substitute, PostgreSQL's backslash): each character compile
    writes otherwise than as itself is replaced by what compile writes for it, between the
    literal's pieces."""
    spelled = {}
    for char in _PROBED:
        text = render(exp.Literal.string(f"a{char}b"), dialect).strip()
        if text.startswith("(") and text.endswith(")"):
            text = text[1:-1].strip()
        if not (text.startswith("'a") and text.endswith("b'")):  # pragma: no cover - compile writes these
            raise ConfigError(f"{dialect}: a text literal holding {char!r} is written as {text}")
        if text[2:-2] != char:
            spelled[char] = text[2:-2]
    return (
        "{% set spelled = " + _jinja(spelled) + " %}"
        "('{% for c in value|string %}{{ spelled.get(c, c) }}{% endfor %}')"
    )


def _generalization(dialect: str, part: str, paths: bool) -> str:
    """A quasi-identifier's generalization table of (n,t)-closeness (part "generalize") or
    the guard of its labels (part "guard"), as compile writes them (standalone_generalize.sql),
    over the hierarchy's ``paths`` (the gate macro makes them from the test's relation) or,
    without, generalizing only to the top: Jinja over ``model``, ``column`` and ``paths``."""
    tree = render_template(
        "standalone_generalize.sql",
        part=part,
        source=MODEL,
        column=_COLUMN,
        null_label=NULL_VALUE,
        null_leaf=NULL_LEAF,
        top=TOP,
        hierarchy=None,
        height=0,
        paths_table=_PATHS if paths else None,
    )
    text = render(tree, dialect)
    if re.search(r"\{[{%#]", text):  # pragma: no cover - the template writes none
        raise ConfigError("the generalization holds Jinja delimiters")
    replacements = {
        _quoted(MODEL, dialect): "{{ model }}",
        _quoted(_COLUMN, dialect): "{{ sqlanon.sqlanon_quote(column) }}",
        _quoted(_PATHS, dialect): "({{ paths }})",
        exp.Literal.string(_COLUMN).sql(dialect=dialect): "{{ sqlanon.sqlanon_string(column) }}",
    }
    for name, replacement in replacements.items():
        text = text.replace(name, replacement)
    if "__sqlanon_" in text:  # pragma: no cover - every stand-in is replaced above
        raise ConfigError("the generalization holds a stand-in")
    return text


def _params(rules: list[Rule]) -> list[dict[str, Any]]:
    return [
        {
            "type": r.type,
            "key": r.key,
            "low": r.low,
            "high": r.high,
            "open_low": r.open_low,
            "choices": list(r.choices),
            "default": r.default,
            "empty": r.empty,
        }
        for r in rules
    ]


def _item(form: Form, rules: list[Rule]) -> dict[str, Any]:
    """What the gate macro needs of one form: its parameters, why it is not written (None: it
    is), its statements (one column, and ``multi``: count -> statement over several), how to
    make its template values, and which checks of the data it needs."""
    why = _why(form)
    by_quasi = why is None and _by_quasi(form)
    item: dict[str, Any] = {
        "params": _params(rules),
        "why": why,
        "macro": None if by_quasi else _macro_name(form),
        "multi": {
            count: _macro_name(form, count)
            for count in range(2, MAX_ATTRIBUTES + 1)
            if _why(form, count) is None
        },
        # the statement per number of quasi-identifiers of a form that reads them one by one
        "quasi": {n: _macro_name(form, 1, n) for n in range(1, MAX_QUASI + 1)} if by_quasi else {},
        "sub": None,
    }
    # counting people (a test's person): one sensitive column, any number of quasi-identifiers
    people_why = _people_why(form)
    item["people"] = {
        "macro": _macro_name(form, people=True) if people_why is None and not by_quasi else None,
        # (n,t)-closeness over people: a statement per number of quasi-identifiers, as over rows
        "quasi": {n: _macro_name(form, 1, n, people=True) for n in item["quasi"]}
        if people_why is None
        else {},
        "why": people_why,
        # over several sensitive columns at once: a statement per number of them, as over rows
        "multi": {
            count: _macro_name(form, count, people=True)
            for count in item["multi"]
            if _people_why(form, count) is None
        },
        "several": None,
    }
    if item["multi"] and not item["people"]["multi"]:  # pragma: no cover - compile writes them
        item["people"]["several"] = _people_why(form, max(item["multi"]))
    shapes = [(n, 0, False) for n in ([1] if why is None and not by_quasi else []) + list(item["multi"])]
    shapes += [(1, n, False) for n in item["quasi"]]
    shapes += [(1, 0, True)] if item["people"]["macro"] is not None else []
    shapes += [(1, n, True) for n in item["people"]["quasi"]]
    shapes += [(n, 0, True) for n in item["people"]["multi"]]
    if shapes:
        formats = {tuple(sorted(body(form, ADAPTERS[0], *shape).formats.items())) for shape in shapes}
        if len(formats) != 1:  # pragma: no cover - the templates take the same values
            raise ConfigError(f"{form}: its statements take different values")
        item["formats"] = {k: list(f) for k, f in body(form, ADAPTERS[0], *shapes[0]).formats.items()}
        item["numbers"] = _numbers(form, shapes[0][0])
        item["hierarchy"] = bool(_config(form, 0, shapes[0][0]).criteria[0].hierarchical)
        # smoothed-js: its ground distance's pairs are capped as sqlanon caps them
        item["pairs"] = form.sub if form.variant == "smoothed-js" else None
    return item


def _rules_data() -> dict[str, Any]:
    data: dict[str, Any] = {}
    for kind in CRITERIA:
        axis, per_variant = variants(kind)
        entry: dict[str, Any] = {
            "test": test_name(kind),
            "axis": axis.key if axis else None,
            "default": axis.default if axis else None,
            "variants": {},
        }
        for variant, rules in per_variant.items():
            second, per_form = forms(kind, variant)
            if second is None:
                entry["variants"][variant] = _item(Form(kind, variant), rules)
                continue
            entry["variants"][variant] = {
                "params": _params(rules),
                "why": None,
                "macro": None,
                "multi": {},
                "quasi": {},
                "people": None,
                "sub": {
                    "key": second.key,
                    "items": {sub: _item(Form(kind, variant, sub), r) for sub, r in per_form.items()},
                },
            }
        # the kind reads the quasi-identifiers' hierarchies (its test's ``hierarchies``)
        entry["hierarchies"] = any(item["quasi"] for item in entry["variants"].values())
        data[kind] = entry
    return data


@dataclass(frozen=True)
class Written:
    """One written statement: its form, its number of sensitive columns, its number of
    quasi-identifiers (0: any, as one class key), whether it counts people, its macro."""

    form: Form
    count: int
    quasi: int
    people: bool
    macro: str


def _statements(data: Mapping[str, Any]) -> list[Written]:
    """Every written statement."""
    out = []
    for kind, entry in data.items():
        for variant, item in entry["variants"].items():
            subs = item["sub"]["items"].items() if item["sub"] else [("", item)]
            for sub, made in subs:
                form = Form(kind, variant, sub)
                if made["macro"] is not None and made["why"] is None:
                    out.append(Written(form, 1, 0, False, made["macro"]))
                out.extend(Written(form, count, 0, False, macro) for count, macro in made["multi"].items())
                out.extend(Written(form, 1, quasi, False, macro) for quasi, macro in made["quasi"].items())
                if made["people"]["macro"] is not None:
                    out.append(Written(form, 1, 0, True, made["people"]["macro"]))
                out.extend(
                    Written(form, 1, quasi, True, macro) for quasi, macro in made["people"]["quasi"].items()
                )
                out.extend(
                    Written(form, count, 0, True, macro) for count, macro in made["people"]["multi"].items()
                )
    return out


HEADER = """\
{#- Generated by `python tools/dbt_package.py` (sqlanon's repository) from sqlanon's gate SQL.
    Do not edit: a test fails when this file is not what the generator writes. -#}
"""

#: the macros each adapter implements (beyond the statements): name -> arguments; the gate
#: macro calls them through ``adapter.dispatch``
HELPERS = {
    "sqlanon_label": "(column)",
    "sqlanon_unlabel": "(column)",
    "sqlanon_quote": "(name)",
    "sqlanon_string": "(value)",
    "sqlanon_text": "(column)",
    "sqlanon_generalize": "(model, column, paths)",
    "sqlanon_generalize_guard": "(model, column, paths)",
}


def _comment(text: str) -> str:
    return "{#- " + text + " -#}\n"


def _shape(count: int, quasi: int, people: bool = False) -> str:
    if people:
        return "counting people" + (f" over {count} sensitive columns" if count > 1 else "")
    if quasi:
        return f"over {quasi} quasi-identifier{'s' if quasi > 1 else ''} one by one"
    return f"over {count} sensitive columns" if count > 1 else "over one sensitive column"


def generate() -> dict[str, str]:
    """Every generated file of the package, one macro each: its path under :data:`MACROS`
    (``folder/macro.sql``) and its text."""
    files: dict[str, str] = {}

    def add(folder: str, name: str, text: str) -> None:
        path = f"{folder}/{name}.sql"
        if path in files:  # pragma: no cover - every macro has one name
            raise ConfigError(f"two macros written to {path}")
        files[path] = HEADER + text

    data = _rules_data()
    add(
        "rules",
        "sqlanon_rules",
        _comment("each privacy model's parameters, as sqlanon's configuration checks them")
        + "{% macro sqlanon_rules() %}\n{{- return("
        + _jinja_lines(data)
        + ") -}}\n{% endmacro %}\n",
    )
    add(
        "rules",
        "sqlanon_several",
        _comment("why a variant that compares several columns is not written for one")
        + "{% macro sqlanon_several() %}{{ return("
        + _jinja(SEVERAL)
        + ") }}{% endmacro %}\n",
    )
    add(
        "rules",
        "sqlanon_max_ground_pairs",
        _comment("the most pairs of values smoothed-js's ground distance may make neighbours")
        + "{% macro sqlanon_max_ground_pairs() %}{{ return("
        + _jinja(MAX_GROUND_PAIRS)
        + ") }}{% endmacro %}\n",
    )
    add(
        "rules",
        "sqlanon_people_bound",
        _comment("the most distinct sensitive values of a person the statements over people weigh exactly")
        + "{% macro sqlanon_people_bound() %}{{ return("
        + _jinja(compile_people.BOUND)
        + ") }}{% endmacro %}\n",
    )
    add(
        "rules",
        "sqlanon_tol",
        _comment("the tolerance of sqlanon's comparisons of measures with thresholds")
        + "{% macro sqlanon_tol() %}{{ return("
        + _jinja(TOL)
        + ") }}{% endmacro %}\n",
    )
    for kind in CRITERIA:
        add(
            "generic_tests",
            test_name(kind),
            _comment(f"{kind}: fails with the model's violating classes (none: the model holds)")
            + f"{{% test {test_name(kind)}(model, quasi_identifiers=none, sensitive=none, column_name=none) %}}\n"
            f"{{%- set g = sqlanon.sqlanon_gate({_jinja(kind)}, model, quasi_identifiers, sensitive, column_name, kwargs) -%}}\n"
            "{{ sqlanon.sqlanon_statement(g, model, quasi_identifiers) }}\n"
            "{% endtest %}\n",
        )
    written = _statements(data)
    add(
        "dispatch",
        "sqlanon_statement",
        _comment("the statement sqlanon_gate chose (g['macro'], none when dbt only parses)")
        + "{% macro sqlanon_statement(g, model, quasi_identifiers) %}\n"
        + "".join(
            f"{{%- {'if' if i == 0 else 'elif'} g['macro'] == {_jinja(macro)} -%}}\n"
            f"{{{{ return(sqlanon.{macro}(model, quasi_identifiers, g['sensitive'], g['v'], g['names'])) }}}}\n"
            for i, macro in enumerate(w.macro for w in written)
        )
        + "{%- endif %}\n{% endmacro %}\n",
    )
    args = "(model, quasi_identifiers, sensitive, v, names)"
    dispatched = {**HELPERS, **{w.macro: args for w in written}, WEIGHT_GUARD: args}
    for macro, arguments in dispatched.items():
        add(
            "dispatch",
            macro,
            f"{{% macro {macro}{arguments} %}}\n"
            f"  {{{{- return(adapter.dispatch({_jinja(macro)}, 'sqlanon'){arguments}) -}}}}\n"
            "{% endmacro %}\n",
        )
        add(
            "adapters/default",
            f"default__{macro}",
            f"{{% macro default__{macro}{arguments} %}}\n"
            "  {{- sqlanon.sqlanon_unsupported_adapter() -}}\n"
            "{% endmacro %}\n",
        )
    for dialect in ADAPTERS:
        folder = f"adapters/{dialect}"
        pieces = _snippets(dialect)
        for piece in ("label", "unlabel", "quote", "text", "string"):
            macro = f"sqlanon_{piece}"
            add(
                folder,
                f"{dialect}__{macro}",
                f"{{% macro {dialect}__{macro}{HELPERS[macro]} %}}{pieces[piece]}{{% endmacro %}}\n",
            )
        add(
            folder,
            f"{dialect}__sqlanon_generalize",
            f"{{% macro {dialect}__sqlanon_generalize{HELPERS['sqlanon_generalize']} %}}\n"
            f"{{%- if paths is none %}}\n{_generalization(dialect, 'generalize', False)}\n"
            f"{{%- else %}}\n{_generalization(dialect, 'generalize', True)}\n{{%- endif %}}\n{{% endmacro %}}\n",
        )
        add(
            folder,
            f"{dialect}__sqlanon_generalize_guard",
            f"{{% macro {dialect}__sqlanon_generalize_guard{HELPERS['sqlanon_generalize_guard']} %}}\n"
            f"{_generalization(dialect, 'guard', True)}\n{{% endmacro %}}\n",
        )
        for w in written:
            made = body(w.form, dialect, w.count, w.quasi, w.people)
            shape = _shape(w.count, w.quasi, w.people)
            add(
                folder,
                f"{dialect}__{w.macro}",
                _comment(f"{w.form}, {shape}, on {dialect}")
                + f"{{% macro {dialect}__{w.macro}{args} %}}\n{made.sql}\n{{% endmacro %}}\n",
            )
        add(
            folder,
            f"{dialect}__{WEIGHT_GUARD}",
            _comment(
                f"the weight of the people's values (a row: not the one sqlanon counts with), on {dialect}"
            )
            + f"{{% macro {dialect}__{WEIGHT_GUARD}{args} %}}\n"
            + "{%- if sensitive is string %}\n"
            + weight_guard(dialect)
            + "".join(
                f"\n{{%- elif sensitive|length == {count} %}}\n{weight_guard(dialect, count)}"
                for count in range(2, MAX_ATTRIBUTES + 1)
            )
            + "\n{%- endif %}\n{% endmacro %}\n",
        )
    return files


def shipped(macros: Path = MACROS) -> dict[str, str]:
    """The generator's files in ``macros`` (every file outside :data:`HAND_WRITTEN`): path
    (as :func:`generate` names them) -> text."""
    out = {}
    for path in sorted(macros.rglob("*")):
        relative = path.relative_to(macros)
        if path.is_file() and relative.parts[0] not in HAND_WRITTEN:
            out[relative.as_posix()] = path.read_text(encoding="utf-8")
    return out


def differences(shipped: Mapping[str, str], written: Mapping[str, str]) -> list[str]:
    """How the shipped generated files differ from what the generator writes (none: current)."""
    return (
        [f"missing: {p}" for p in sorted(written.keys() - shipped.keys())]
        + [f"extra: {p}" for p in sorted(shipped.keys() - written.keys())]
        + [f"differs: {p}" for p in sorted(written.keys() & shipped.keys()) if written[p] != shipped[p]]
    )


def write(files: Mapping[str, str], macros: Path = MACROS) -> list[str]:
    """Make the generator's files in ``macros`` exactly ``files``: write the missing and the
    changed ones, remove the others (and the folders left empty) outside
    :data:`HAND_WRITTEN`. What it did, one line a file."""
    done = []
    current = shipped(macros)
    for name in sorted(current.keys() - files.keys()):
        (macros / name).unlink()
        done.append(f"removed {name}")
    for name, text in sorted(files.items()):
        if current.get(name) != text:
            (macros / name).parent.mkdir(parents=True, exist_ok=True)
            (macros / name).write_text(text, encoding="utf-8")
            done.append(f"wrote {name}")
    for folder in sorted((p for p in macros.rglob("*") if p.is_dir()), reverse=True):
        if folder.relative_to(macros).parts[0] not in HAND_WRITTEN and not any(folder.iterdir()):
            folder.rmdir()
    return done


def main(argv: list[str] | None = None) -> int:
    """Write (default) or, with ``--check``, compare the package's generated macros."""
    args = sys.argv[1:] if argv is None else argv
    files = generate()
    if args == ["--check"]:
        problems = differences(shipped(), files)
        for problem in problems:
            print(f"{MACROS}: {problem}", file=sys.stderr)
        if problems:
            print("the generated macros are out of date: run python tools/dbt_package.py", file=sys.stderr)
        return 1 if problems else 0
    done = write(files)
    print("\n".join(done) if done else f"{MACROS}: the generated macros are current")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
