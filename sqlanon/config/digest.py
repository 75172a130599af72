"""The SHA-256 of a configuration, as the report's ``metadata.config_sha256`` states it.

What is hashed is the configuration mapping as given (before validation: defaults are not
filled in, relative paths not resolved), written as canonical JSON: keys sorted, no spaces
(``separators=(",", ":")``), UTF-8 (``ensure_ascii=False``). A YAML file and the same mapping
given to the Python API therefore hash alike; a comment or a key's order does not change it.
Values JSON has no type for are written as: a date or time in ISO 8601, a path as its text,
any other object (a relation or DataFrame given as ``source``) as ``{"$object": its type's
name}``, never its contents.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import math
from collections.abc import Mapping
from pathlib import PurePath
from typing import Any


def canonical(value: Any) -> Any:
    """``value`` as plain JSON data (see the module)."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    if isinstance(value, Mapping):
        return {str(k): canonical(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [canonical(v) for v in value]
    if isinstance(value, (dt.date, dt.time)):
        return value.isoformat()
    if isinstance(value, PurePath):
        return str(value)
    return {"$object": type(value).__name__}


def config_sha256(data: Any) -> str:
    """The hex SHA-256 of the canonical JSON of the configuration mapping ``data``."""
    text = json.dumps(canonical(data), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
