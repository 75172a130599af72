"""A lattice node named by the user: ``--node col=level,...`` on the command line, a mapping in
the API, or the node an earlier report chose (``--from-report``). Checked against the
configuration's quasi-identifiers and their hierarchies before any release is built."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlanon.errors import ConfigError

if TYPE_CHECKING:
    from sqlanon.config import Config

__all__ = [
    "ReportNode",
    "hierarchy_fingerprints",
    "node_from_report",
    "parse_node",
    "resolve_node",
    "same_hierarchies",
]


@dataclass(frozen=True)
class ReportNode:
    """The node a report chose, and the fingerprints of the hierarchies it was chosen with."""

    levels: dict[str, int]
    hierarchies: dict[str, str] = field(default_factory=dict)


def hierarchy_fingerprints(config: Config) -> dict[str, str]:
    """Per quasi-identifier, a SHA-256 of how its hierarchy is given: the file's bytes, or the
    builder's settings (a builder's labels follow the data; its settings do not). A release
    repeated with another hierarchy would not line up with the first (the report keeps these)."""
    out = {}
    for c in config.columns:
        if c.role != "quasi" or c.hierarchy is None:
            continue
        if isinstance(c.hierarchy, str):
            try:
                data = (config.base_dir / c.hierarchy).read_bytes()
            except OSError:
                continue  # reading the hierarchy fails with its own message
        else:
            data = json.dumps(c.hierarchy, sort_keys=True, default=str).encode("utf-8")
        out[c.name] = "sha256:" + hashlib.sha256(data).hexdigest()
    return out


def same_hierarchies(config: Config, hierarchies: Mapping[str, str] | None, origin: str) -> dict[str, str]:
    """The configuration's fingerprints, when every hierarchy a report recorded (``hierarchies``,
    of the run ``origin`` names) is the configuration's and none is missing; else a ConfigError
    naming the column. ``hierarchies`` None: the node comes from no report, nothing to compare."""
    fingerprints = hierarchy_fingerprints(config)
    if hierarchies is None:
        return fingerprints
    changed = [c for c, f in hierarchies.items() if c in fingerprints and fingerprints[c] != f]
    if changed:
        raise ConfigError(
            f"The hierarchy of {', '.join(repr(c) for c in changed)} is not the one {origin} was chosen with: "
            "the same levels would generalize differently and the releases would not line up. Use the "
            "hierarchies of that run, or run anonymize for a new first release."
        )
    missing = [c for c in fingerprints if c not in hierarchies]
    if missing:
        raise ConfigError(
            f"The hierarchy of {', '.join(repr(c) for c in missing)} has no fingerprint beside {origin} (the "
            "report's 'hierarchies' lacks it): whether that run "
            "generalized with the configuration's hierarchies cannot be checked, and with others the same "
            "levels would generalize differently. Give the report as sqlanon wrote it, or run anonymize "
            "for a new first release."
        )
    return fingerprints


def parse_node(text: str) -> dict[str, int]:
    """``col=level,col=level,...`` as a mapping (a column name holding ``,`` or ``=`` cannot be
    written here: give the node as a mapping in the API, or through a report)."""
    out: dict[str, int] = {}
    for part in text.split(","):
        if not part.strip():
            continue
        name, eq, level = part.rpartition("=")
        name = name.strip()
        if not eq or not name:
            raise ConfigError(
                f"the given node: {part.strip()!r} is not col=level; write e.g. age=2,zip=1,sex=0."
            )
        if name in out:
            raise ConfigError(f"the given node names column {name!r} twice.")
        try:
            out[name] = int(level.strip())
        except ValueError:
            raise ConfigError(
                f"the given node: the level of {name!r} must be a whole number (0 = as in the data), got {level.strip()!r}."
            ) from None
    if not out:
        raise ConfigError("the given node is empty; write e.g. age=2,zip=1,sex=0.")
    return out


def node_from_report(path: str | Path) -> ReportNode:
    """The node an ``anonymize`` or ``apply`` report chose and published."""
    p = Path(path)
    try:
        data = json.loads(p.read_text(encoding="utf-8"))
    except OSError as err:
        raise ConfigError(f"Cannot read the report {str(p)!r}: {err.strerror or err}.") from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise ConfigError(f"{str(p)!r} is not a JSON report of sqlanon (written with --report).") from None
    if not isinstance(data, Mapping) or "command" not in data:
        raise ConfigError(f"{str(p)!r} is not a JSON report of sqlanon (written with --report).")
    if data["command"] not in ("anonymize", "apply"):
        raise ConfigError(
            f"The report {str(p)!r} is a {data['command']!r} report; give the report of an anonymize or "
            "apply run, which names the node it published."
        )
    node = data.get("node")
    if node is not None and data.get("passed") is not True:
        raise ConfigError(
            f"The report {str(p)!r} is of a run that published nothing (passed: false); give the report of a "
            "run whose release was written."
        )
    if node is None:
        why = (
            "its release came from Mondrian, which cuts the table into partitions instead of choosing a "
            "lattice node"
            if data.get("search", {}).get("strategy") == "mondrian"
            else "that run found no node satisfying its criteria"
        )
        raise ConfigError(f"The report {str(p)!r} names no node: {why}.")
    if not isinstance(node, Mapping) or not all(
        isinstance(k, str) and isinstance(v, int) and not isinstance(v, bool) for k, v in node.items()
    ):
        raise ConfigError(f"The report {str(p)!r} has a malformed node; give a report sqlanon wrote.")
    hierarchies = data.get("hierarchies", {})  # a report without them is refused by same_hierarchies
    if not isinstance(hierarchies, Mapping):
        raise ConfigError(f"The report {str(p)!r} has malformed hierarchies; give a report sqlanon wrote.")
    return ReportNode(dict(node), {str(k): str(v) for k, v in hierarchies.items()})


def resolve_node(levels: Mapping[str, Any], qis: Sequence[tuple[str, int]], origin: str) -> tuple[int, ...]:
    """The node as a tuple in the order of ``qis`` ((column, hierarchy height) each); every
    quasi-identifier must be given exactly once, at a level its hierarchy has."""
    names = [name for name, _ in qis]
    unknown = [name for name in levels if name not in names]
    if unknown:
        raise ConfigError(
            f"{origin} names {', '.join(repr(n) for n in unknown)}, which the configuration does not declare "
            f"as quasi-identifier(s); its quasi-identifiers are {', '.join(repr(n) for n in names)}."
        )
    missing = [name for name in names if name not in levels]
    if missing:
        raise ConfigError(
            f"{origin} gives no level for quasi-identifier(s) {', '.join(repr(n) for n in missing)}; give a "
            "level for every one (0 keeps the values as they are)."
        )
    node = []
    for name, height in qis:
        level = levels[name]
        if isinstance(level, bool) or not isinstance(level, int) or not 0 <= level <= height:
            raise ConfigError(
                f"{origin}: the level of {name!r} must be a whole number from 0 to {height} (the height of its "
                f"hierarchy), got {level!r}."
            )
        node.append(level)
    return tuple(node)
