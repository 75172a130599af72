"""The configuration's JSON Schema (sqlanon/config/config.schema.json): shipped as the tables
make it, accepted by every configuration of the README and docs (and, through the hook of
tests/support/config_contract.py, by every configuration the tests parse), and in agreement
with the validator on configurations broken on purpose, generated from the same tables: an
unknown key, a value of the wrong type, out of range or not one of the choices, a required key
left out, a criterion's parameter given for a variant it does not apply to."""

from __future__ import annotations

import copy
import math
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator

from sqlanon import keys
from sqlanon.config import audit, parse_config, person, risk
from sqlanon.config.criteria import NO_ATTRIBUTE, PARAMS, SEVERITY
from sqlanon.config.schema import config_schema, generated_text, schema_text
from sqlanon.config.sections import COLUMN_KEYS, CSV_KEYS, TOP_KEYS
from sqlanon.demo import demo_config, visits_config
from sqlanon.engines import KINDS
from sqlanon.errors import ConfigError
from sqlanon.keys import Key
from tests.support.config_contract import VALIDATOR, as_file
from tests.test_docs_examples import all_blocks

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = config_schema()
#: the schema without its required keys: for the docs' partial snippets (``source: ...,
#: output: ...`` alone)
_partial = copy.deepcopy(SCHEMA)
_partial.pop("required")
PARTIAL = Draft202012Validator(_partial)


def test_shipped_schema_is_what_the_tables_make() -> None:
    assert schema_text() == generated_text()
    done = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "config_schema.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_schema_is_a_draft_2020_12_schema() -> None:
    Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"


# -- every configuration of the repository ----------------------------------------------------


def _documented() -> Iterator[tuple[str, dict[str, Any]]]:
    """The YAML blocks of the README and docs that are configurations (or parts of one: every key
    a configuration key), ``columns: ...`` and ``criteria: ...`` placeholders replaced by the
    demo's; the configuration files under tests/, examples/ and benchmarks/ (none today: the
    tests write theirs into tmp_path, and the hook of tests/support/config_contract.py sees
    them); and the demo's configurations."""
    top = set(keys.names(TOP_KEYS))
    demo = demo_config(Path("demo"))
    for block in all_blocks():
        if block.lang not in ("yaml", "yml"):
            continue
        data = yaml.safe_load(block.text)
        if not isinstance(data, dict):
            continue  # a GitHub Actions step
        if not ({"source", "columns", "criteria"} & set(data) or set(data) <= top):
            continue  # dbt's models
        for placeholder in ("columns", "criteria"):
            if data.get(placeholder) == "...":
                data[placeholder] = demo[placeholder]
        yield f"{block.path.relative_to(ROOT)}:{block.line}", data
    for folder in ("tests", "examples", "benchmarks"):
        for path in sorted((ROOT / folder).rglob("*.y*ml")):
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            if isinstance(data, dict) and {"source", "columns", "criteria"} & set(data):
                yield str(path.relative_to(ROOT)), data
    yield "sqlanon.demo.demo_config", demo
    yield "sqlanon.demo.visits_config", visits_config(Path("demo"))


def test_every_documented_configuration_validates() -> None:
    seen, bad = 0, []
    for where, data in _documented():
        seen += 1
        whole = {"source", "columns", "criteria"} <= set(data)
        validator = VALIDATOR if whole else PARTIAL
        bad += [
            f"{where}: {'/'.join(map(str, e.absolute_path))}: {e.message}"
            for e in validator.iter_errors(as_file(data))
        ]
    assert seen >= 12  # the README's and docs' configurations are found
    assert not bad, "\n".join(bad)


def test_the_readme_example_names_the_schema() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "# yaml-language-server: $schema=sqlanon.schema.json" in readme


# -- the schema and the validator agree on broken configurations ------------------------------

#: a value of each JSON type, to give a key one its schema does not take
_OF_TYPE: dict[str, Any] = {
    "integer": 5,
    "string": "text",
    "array": [["x"]],
    "object": {"bogus": 1},
    "boolean": True,
    "null": None,  # YAML's blank value (`risk:` with nothing after it)
}


def _base() -> dict[str, Any]:
    """A valid configuration (no file is read: parse_config reads none)."""
    return {
        "source": "people.csv",
        "columns": {
            "name": "identifier",
            "age": {"role": "quasi", "hierarchy": "builtin:age"},
            "zip": {"role": "quasi", "hierarchy": "builtin:zip5"},
            "disease": {"role": "sensitive", "hierarchy": "builtin:disease"},
            "salary": "sensitive",
        },
        "criteria": [{"k-anonymity": {"k": 5}}],
        "output": "out/release.csv",
    }


def _types(schema: dict[str, Any]) -> set[str]:
    """The JSON types a schema takes (through $ref, anyOf and const)."""
    if "$ref" in schema:
        return _types(SCHEMA["$defs"][schema["$ref"].rsplit("/", 1)[1]])
    if "anyOf" in schema:
        return set().union(*(_types(s) for s in schema["anyOf"]))
    if "const" in schema:
        return {"string"}
    given = schema.get("type", ["integer", "number", "string", "array", "object", "boolean", "null"])
    types = {given} if isinstance(given, str) else set(given)
    return types | ({"integer"} if "number" in types else set())


def _broken_values(k: Key) -> Iterator[tuple[str, Any]]:
    """Values ``k`` does not take, each with what is wrong with it."""
    types = _types(k.schema) | ({"null"} if k.blank else set())  # blank: test_a_blank_key_is_one_not_given
    for json_type, value in _OF_TYPE.items():
        if json_type not in types:
            yield f"a {json_type}", value
    if "enum" in k.schema:
        yield "no choice", "not-a-choice"
    if k.schema.get("type") in ("number", "integer"):
        low, high, open_low = keys.number_bounds(k.schema)
        if math.isfinite(low):
            yield "below", low if open_low else low - 1
        if math.isfinite(high):
            yield "above", high + 1
        if k.schema["type"] == "integer":
            yield "not whole", low + 1.5


#: a section of the configuration: its keys, and how a mapping of them is put into the base
#: configuration (a valid one of them beside: the engines' required keys)
Section = tuple[str, tuple[Key, ...], Callable[[dict[str, Any]], dict[str, Any]]]


def _put(
    path: str, extra: dict[str, Any] | None = None, **outside: Any
) -> Callable[[dict[str, Any]], dict[str, Any]]:
    def put(given: dict[str, Any]) -> dict[str, Any]:
        config = {**_base(), **outside}
        if path == "":
            config.update(given)
        elif path.startswith("columns."):
            config["columns"][path.split(".", 1)[1]] = {**(extra or {}), **given}
        else:
            config[path] = {**(extra or {}), **given}
        return config

    return put


def _sections() -> list[Section]:
    server = {"source": {"table": "staging.people"}, "output": {"table": "public.release"}}
    out: list[Section] = [
        ("top", TOP_KEYS, _put("")),
        ("column", COLUMN_KEYS, _put("columns.age", {"role": "quasi", "hierarchy": "builtin:age"})),
        ("csv", CSV_KEYS, _put("csv")),
        ("audit", audit.KEYS, _put("audit")),
        ("risk", risk.KEYS, _put("risk")),
        ("person", person.KEYS, _put("person", {"columns": "patient_id"})),
    ]
    required = {"postgres": {"url": "postgresql://analyst@db.example.org/warehouse"}}
    for kind, facts in KINDS.items():
        outside = server if kind != "duckdb" else {}
        out.append(
            (
                f"engine {kind}",
                facts.keys,
                _put("engine", {"kind": kind, **required.get(kind, {})}, **outside),
            )
        )
    return out


def _verdicts(config: dict[str, Any]) -> tuple[bool, str, bool, str]:
    """(the schema accepts, why not; the validator accepts, why not)."""
    errors = list(VALIDATOR.iter_errors(as_file(config)))
    try:
        parse_config(config, ROOT)
        accepted, why = True, ""
    except ConfigError as err:
        accepted, why = False, str(err)
    return not errors, "; ".join(e.message for e in errors[:2]), accepted, why


def _disagreements(cases: list[tuple[str, dict[str, Any], bool]]) -> list[str]:
    """The cases (name, configuration, valid) on which the schema or the validator is wrong."""
    bad = []
    for name, config, valid in cases:
        schema_ok, schema_why, validator_ok, validator_why = _verdicts(config)
        if schema_ok != valid or validator_ok != valid:
            bad.append(
                f"{name}: expected {'valid' if valid else 'refused'}; schema "
                f"{'accepts' if schema_ok else 'refuses (' + schema_why + ')'}, validator "
                f"{'accepts' if validator_ok else 'refuses (' + validator_why + ')'}"
            )
    return bad


def _section_cases() -> list[tuple[str, dict[str, Any], bool]]:
    cases = []
    for name, table, put in _sections():
        cases.append((f"{name}: as given", put({}), True))
        cases.append((f"{name}: unknown key", put({"bogus_key": 1}), False))
        context = {k.name: k.default for k in table if k.default is not None}
        for k in keys.applicable(table, context):
            if k.name == "kind":
                continue  # chooses the engine: another kind's keys apply then
            for what, value in _broken_values(k):
                cases.append((f"{name}: {k.name} {what} ({value!r})", put({k.name: value}), False))
    # a metric of the other kind of search
    cases.append(("top: metric gcp of a lattice search", _put("")({"metric": "gcp"}), False))
    cases.append(
        ("top: metric precision of mondrian", _put("")({"search": "mondrian", "metric": "precision"}), False)
    )
    cases.append(("top: metric gcp of mondrian", _put("")({"search": "mondrian", "metric": "gcp"}), True))
    for k in TOP_KEYS:
        if k.required:
            config = _base()
            del config[k.name]
            cases.append((f"top: {k.name} left out", config, False))
    return cases


def _valid_value(k: Key) -> Any:
    """A value ``k`` takes."""
    schema = k.schema
    if "enum" in schema:
        return schema["enum"][0]
    if schema.get("type") in ("number", "integer"):
        low, high, _ = keys.number_bounds(schema)
        if schema["type"] == "integer":
            return int(low) + 1
        return low + (min(1.0, (high - low) / 2) if math.isfinite(high) else 1.0)
    if schema.get("type") == "array":
        return ["a"]
    if schema.get("type") == "boolean":
        return False
    return "disease"  # attribute


def _forms(kind: str) -> Iterator[dict[str, Any]]:
    """Each form of a criterion: its chooser (variant, distance) set to each choice, and for
    smoothed-js each ground too; {} for a model with one form."""
    table = PARAMS[kind]
    choosers = [k for k in table if "enum" in k.schema and any(o.when and o.when[0] == k.name for o in table)]
    if not choosers:
        yield {}
        return
    chooser = choosers[0]
    for choice in chooser.choices:
        yield {chooser.name: choice}


def _criterion(kind: str, form: dict[str, Any]) -> dict[str, Any]:
    """A valid criterion of ``kind`` in ``form``: every required parameter that applies, with a
    valid value; several attributes where the form needs them (variational dissimilarity)."""
    params: dict[str, Any] = dict(form)
    for k in keys.applicable(PARAMS[kind], form):
        if k.required and k.name not in params:
            params[k.name] = _valid_value(k)
    if kind == "dissimilarity" and params.get("distance") == "variational":
        params["attributes"] = ["disease", "salary"]
    elif kind not in NO_ATTRIBUTE:
        params["attribute"] = "disease"
    return params


def _criterion_cases() -> list[tuple[str, dict[str, Any], bool]]:
    cases = []

    def case(name: str, kind: str, params: dict[str, Any], valid: bool) -> None:
        config = _base()
        config["criteria"] = [{kind: params}]
        if kind in ("k-map", "delta-presence"):  # k-map's default estimator reads the population
            config["population"] = "population.csv"
        cases.append((name, config, valid))

    for kind, table in PARAMS.items():
        for form in _forms(kind):
            label = f"{kind} {' '.join(map(str, form.values()))}".strip()
            params = _criterion(kind, form)
            case(f"{label}: as made", kind, params, True)
            case(f"{label}: severity warn", kind, {**params, "severity": "warn"}, True)
            case(f"{label}: unknown parameter", kind, {**params, "bogus": 1}, False)
            case(f"{label}: severity no choice", kind, {**params, SEVERITY.name: "loud"}, False)
            resolved = {**{k.name: k.default for k in table if k.default is not None}, **params}
            for k in keys.applicable(table, resolved):
                for what, value in _broken_values(k):
                    case(f"{label}: {k.name} {what} ({value!r})", kind, {**params, k.name: value}, False)
                if k.required:
                    left = {n: v for n, v in params.items() if n != k.name}
                    case(f"{label}: {k.name} left out", kind, left, False)
            allowed = set(keys.names(keys.applicable(table, resolved)))
            for k in table:
                if k.name not in allowed:
                    case(
                        f"{label}: {k.name} of another form", kind, {**params, k.name: _valid_value(k)}, False
                    )
    case("two models in one item", "k-anonymity", {"k": 5}, True)
    config = _base()
    config["criteria"] = [{"k-anonymity": {"k": 5}, "l-diversity": {"l": 2}}]
    cases.append(("two models in one item", config, False))
    config = _base()
    config["criteria"] = [{"no-such-model": {}}]
    cases.append(("an unknown model", config, False))
    return cases


def test_schema_and_validator_agree_on_each_section() -> None:
    cases = _section_cases()
    assert len(cases) > 100
    assert not _disagreements(cases), "\n".join(_disagreements(cases))


def test_schema_and_validator_agree_on_each_criterion_form() -> None:
    cases = _criterion_cases()
    assert len(cases) > 200
    bad = _disagreements(cases)
    assert not bad, "\n".join(bad)


def _blank_cases() -> Iterator[tuple[str, dict[str, Any], dict[str, Any]]]:
    """(name, the configuration with a blank key null, the same without the key) for every key
    marked ``blank``, of every section and criterion form."""
    for name, table, put in _sections():
        for k in table:
            if k.blank:
                given = put({k.name: None})
                left = {n: v for n, v in given.items() if n != k.name} if name == "top" else put({})
                yield f"{name}: {k.name}", given, left
    for kind, table in PARAMS.items():
        for form in _forms(kind):
            params = _criterion(kind, form)
            for k in keys.applicable(
                table, {**{t.name: t.default for t in table if t.default is not None}, **params}
            ):
                if k.blank and k.name not in params:
                    given, left = _base(), _base()
                    given["criteria"] = [{kind: {**params, k.name: None}}]
                    left["criteria"] = [{kind: params}]
                    yield f"{kind} {' '.join(map(str, form.values()))}: {k.name}", given, left


def test_a_blank_key_is_one_not_given() -> None:
    """YAML's blank value (``risk:`` with nothing after it) is null: for a key marked ``blank``
    the schema and the validator each judge it as the key left out; every other key's null is
    refused by both (the sections' broken values above)."""
    cases = list(_blank_cases())
    assert len(cases) >= 20
    bad = []
    for name, given, left in cases:
        blank, absent = _verdicts(given), _verdicts(left)
        if (blank[0], blank[2]) != (absent[0], absent[2]):
            bad.append(f"{name}: null {blank}, left out {absent}")
    assert not bad, "\n".join(bad)


def test_the_configuration_docs_name_every_blank_key() -> None:
    """docs/configuration.md lists the keys a blank value leaves out: each one marked ``blank``."""
    text = (ROOT / "docs" / "configuration.md").read_text(encoding="utf-8")
    paragraph = text[text.index("left blank") : text.index("by `validate` and by the schema alike")]
    blank = {k.name for _, table, _ in _sections() for k in table if k.blank}
    blank |= {k.name for table in PARAMS.values() for k in table if k.blank}
    assert blank and not {name for name in blank if f"`{name}`" not in paragraph}
