"""The configuration's schema in the tests: every configuration mapping ``parse_config``
accepts during a test validates against the JSON Schema shipped in the package
(sqlanon/config/config.schema.json).

Why a hook in ``parse_config`` (``sqlanon.config.accepted_hook``) rather than collecting the
configurations the tests build: they are built in hundreds of ways (literal mappings, YAML
files written into tmp_path, the demo's, mutated copies), and every one reaches
``parse_config`` in this process, the API and the ``CliRunner`` commands included; the hook
sees each accepted one as the validator saw it. A configuration run by a ``sqlanon``
subprocess is not seen here: tests/config/test_schema.py validates the YAML files of the
repository themselves.

A source or population that is a relation or DataFrame (the API's ``connection=``) is no
text of a configuration file: it stands as ``{table: relation}`` for the schema. Values
YAML reads as dates are compared as text, as an editor reads them.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from jsonschema import Draft202012Validator

import sqlanon.config
from sqlanon.config.schema import schema_text

VALIDATOR = Draft202012Validator(json.loads(schema_text()))

#: the problems found in the configurations accepted since the running test began
found: list[str] = []


def as_file(data: Mapping[str, Any]) -> Any:
    """``data`` as a configuration file would hold it (JSON's types)."""
    out = dict(data)
    for key in ("source", "population"):
        if key in out and not isinstance(out[key], (str, Mapping, list, int, float, type(None))):
            out[key] = {"table": "relation"}
    return json.loads(json.dumps(out, default=str))


def problems(data: Mapping[str, Any]) -> list[str]:
    """What in ``data`` breaks the schema (empty: it validates), one line each."""
    return [
        f"{'/'.join(str(p) for p in e.absolute_path) or '(top)'}: {e.message}"
        for e in VALIDATOR.iter_errors(as_file(data))
    ]


#: the configurations already validated this session (as JSON text): a test suite parses the same
#: few configurations many times, and the validation costs a few milliseconds
_seen: dict[str, list[str]] = {}


def _check(data: Mapping[str, Any]) -> None:
    text = json.dumps(as_file(data), sort_keys=True)
    if text not in _seen:
        _seen[text] = problems(data)
    found.extend(f"{p} (in {sorted(map(str, data))})" for p in _seen[text])


def watch() -> None:
    """Have ``parse_config`` hand every configuration it accepts to the schema (the session)."""
    sqlanon.config.accepted_hook = _check


def calls() -> int:
    """How many distinct configurations were validated this session."""
    return len(_seen)
