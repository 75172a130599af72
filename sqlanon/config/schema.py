"""The JSON Schema (draft 2020-12) of the configuration file, built from the tables the
validator reads (:mod:`sqlanon.config.sections`, ``criteria.PARAMS``, ``audit.KEYS``,
``risk.KEYS``, ``person.KEYS`` and each engine kind's ``keys``): a key is written once.

The schema ships in the package beside this module (``config.schema.json``, which ``sqlanon
schema`` prints); ``python tools/config_schema.py`` writes it from :func:`config_schema` and
``--check`` says whether it is current (a test runs it). A committed file rather than one made at
run time: an editor, a pre-commit hook or a reviewer reads it without running sqlanon, and a
change to the tables shows in the diff of the schema.

The schema checks the shape of a configuration (keys, types, choices, ranges, each criterion's
parameters for its variant or distance); what needs several sections at once (a criterion's
attribute is a sensitive column, a quasi-identifier has a hierarchy) or the data is checked by
``sqlanon validate`` and the commands, not by the schema.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from sqlanon import keys
from sqlanon.config.criteria import PARAMS, SEVERITY
from sqlanon.config.sections import (
    COLUMN_KEYS,
    CSV_KEYS,
    DATABASE_KEYS,
    FILE_KEYS,
    FILE_PATH,
    FOLDER_KEYS,
    QUERY_KEYS,
    TABLE_KEYS,
    TOP_KEYS,
)
from sqlanon.engines import KINDS

#: the shipped file's name, beside this module
FILE = "config.schema.json"
#: the schema's identifier (its ``$id``): a name, not an address (the schema is shipped in the
#: package and printed by ``sqlanon schema``, not served anywhere)
ID = "urn:sqlanon:schema:config"


def _criterion() -> dict[str, Any]:
    """One item of ``criteria:``: a one-key mapping, the model's name -> its parameters."""
    return {
        "type": "object",
        "minProperties": 1,
        "maxProperties": 1,
        "additionalProperties": False,
        "properties": {kind: keys.mapping((*params, SEVERITY)) for kind, params in PARAMS.items()},
        "description": "one privacy model: {model: {parameters}}",
    }


def _engine() -> dict[str, Any]:
    """``engine:``: one mapping per engine kind."""
    return {
        "anyOf": [keys.mapping(kind.keys, title=kind.name) for kind in KINDS.values()],
        "description": "the engine that runs the SQL; leave it out for embedded DuckDB",
    }


def _defs() -> dict[str, Any]:
    table_ref = [
        dict(FILE_PATH),
        keys.mapping(FILE_KEYS),
        keys.mapping(FOLDER_KEYS),
        keys.mapping(TABLE_KEYS),
        keys.mapping(DATABASE_KEYS),
    ]
    return {
        "source": {"anyOf": [*table_ref, keys.mapping(QUERY_KEYS)]},
        "output": {"anyOf": table_ref},
        "csv": keys.mapping(CSV_KEYS),
        "column": keys.mapping(COLUMN_KEYS),
        "criterion": _criterion(),
        "engine": _engine(),
    }


def config_schema() -> dict[str, Any]:
    """The schema, built from the tables."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": ID,
        "title": "sqlanon configuration",
        "description": "A configuration of sqlanon (anonymize, apply, check, audit, compile). Check one with "
        "sqlanon validate CONFIG; docs/configuration.md describes every key.",
        **keys.mapping(TOP_KEYS),
        "$defs": _defs(),
    }


def generated_text() -> str:
    """The schema's text as :func:`config_schema` makes it (what the shipped file must hold)."""
    return json.dumps(config_schema(), indent=2, ensure_ascii=False) + "\n"


def schema_text() -> str:
    """The schema's text, as shipped."""
    return resources.files("sqlanon.config").joinpath(FILE).read_text(encoding="utf-8")
