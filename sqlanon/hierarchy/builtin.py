"""The shipped hierarchies, named from a configuration as ``hierarchy: builtin:NAME``.

NAME is a file of the shipped ``hierarchies`` folder (:func:`sqlanon.resources.shipped_dir`)
without its extension (``builtin:age``) or with it (``builtin:age.yaml``). Only the folder's own
files are names, so a name cannot reach outside it.
"""

from __future__ import annotations

from pathlib import Path

from sqlanon.errors import HierarchyError
from sqlanon.resources import shipped_dir

PREFIX = "builtin:"
_SUFFIXES = (".csv", ".yaml", ".yml")


def is_builtin(spec: object) -> bool:
    """Whether ``spec`` (a column's ``hierarchy``) names a shipped hierarchy."""
    return isinstance(spec, str) and spec.startswith(PREFIX)


def shipped_hierarchies() -> dict[str, Path]:
    """The shipped hierarchy files by name (file name without extension), sorted by name."""
    folder = shipped_dir("hierarchies")
    files = [p for p in folder.iterdir() if p.is_file() and p.suffix.lower() in _SUFFIXES]
    return {p.stem: p for p in sorted(files, key=lambda p: p.stem)}


def builtin_path(column: str, spec: str) -> Path:
    """The file that ``spec`` (``builtin:NAME``) names; :class:`HierarchyError` if none does."""
    name = spec[len(PREFIX) :]
    try:
        files = shipped_hierarchies()
    except FileNotFoundError as exc:
        raise HierarchyError(
            f"The hierarchy {spec!r} for column {column!r} cannot be found: {exc}; reinstall sqlanon "
            "or give the hierarchy as a path."
        ) from None
    path = files.get(name) or next((p for p in files.values() if p.name == name), None)
    if path is None:
        known = ", ".join(PREFIX + n for n in files)
        raise HierarchyError(
            f"The hierarchy for column {column!r} names {spec!r}, which is not a shipped hierarchy; "
            f"use one of {known}, or give a path to a .csv or .yaml file."
        )
    return path
