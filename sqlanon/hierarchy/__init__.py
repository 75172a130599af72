"""Generalization hierarchies: the model, ARX CSV files and declarative builder specs."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from sqlanon.config import yamlfile
from sqlanon.config.limits import DEFAULT_MAX_VALUES_SIZE
from sqlanon.errors import HierarchyError
from sqlanon.hierarchy.arx import read_arx_csv
from sqlanon.hierarchy.builders import build
from sqlanon.hierarchy.builtin import builtin_path, is_builtin, shipped_hierarchies
from sqlanon.hierarchy.model import NULL_LEAF, Hierarchy, validate

__all__ = [
    "NULL_LEAF",
    "Hierarchy",
    "build",
    "built_from_values",
    "load_hierarchy",
    "read_arx_csv",
    "read_builder_file",
    "shipped_hierarchies",
    "validate",
]

_YAML_SUFFIXES = (".yaml", ".yml")


def load_hierarchy(
    column: str,
    spec: str | os.PathLike[str] | Mapping[str, Any],
    values: Sequence[str],
    base_dir: Path,
    delimiter: str = ";",
    hide_values: bool = False,
    limit: int = DEFAULT_MAX_VALUES_SIZE,
) -> Hierarchy:
    """Load the hierarchy for ``column`` from ``spec`` and return it validated.

    ``spec`` is either a path (relative to ``base_dir`` or absolute) to an ARX CSV file
    (``.csv``) or to a YAML file holding a builder spec (``.yaml``/``.yml``), ``builtin:NAME``
    (a shipped hierarchy, see :mod:`sqlanon.hierarchy.builtin`), or an inline builder spec
    mapping. ``values`` are the column's distinct non-NULL source values as strings (used
    by the interval, mask and date builders). ``delimiter`` applies to CSV files.
    ``hide_values``: the column is sensitive, so a builder's message may not name its values.
    ``limit``: the most text a builder may make (``max_values_size``; see :func:`build`).
    """
    if isinstance(spec, Mapping):
        return build(column, spec, values, origin="inline spec", hide_values=hide_values, limit=limit)
    if is_builtin(spec):
        return _load_file(column, builtin_path(column, str(spec)), values, ";", hide_values, limit)
    if isinstance(spec, str | os.PathLike):
        path = Path(base_dir) / Path(spec)
        return _load_file(column, path, values, delimiter, hide_values, limit)
    raise HierarchyError(
        f"The hierarchy for column {column!r} is given as {type(spec).__name__} {spec!r}; "
        "give a path to a .csv or .yaml file or a mapping with a 'type' key."
    )


def built_from_values(spec: str | os.PathLike[str] | Mapping[str, Any], base_dir: Path) -> bool:
    """Whether the hierarchy ``spec`` gives is built from the column's values (an interval,
    mask or dates builder), rather than written out (an ARX CSV file, a shipped hierarchy, a
    tree). A spec that cannot be read counts as built from the values."""
    if isinstance(spec, Mapping):
        return spec.get("type") != "tree"
    if is_builtin(spec) or Path(spec).suffix.lower() == ".csv":
        return False
    if Path(spec).suffix.lower() in _YAML_SUFFIXES:
        try:
            return _read_yaml_spec("", Path(base_dir) / Path(spec)).get("type") != "tree"
        except HierarchyError:
            return True
    return True


def read_builder_file(column: str, path: Path) -> Mapping[str, Any]:
    """The builder spec of a ``.yaml`` hierarchy file (HierarchyError when it cannot be read);
    another extension is refused as :func:`load_hierarchy` refuses it."""
    if path.suffix.lower() not in _YAML_SUFFIXES:
        raise _unknown_extension(column, path)
    return _read_yaml_spec(column, path)


def _unknown_extension(column: str, path: Path) -> HierarchyError:
    return HierarchyError(
        f"The hierarchy file {str(path)!r} for column {column!r} has the unknown extension "
        f"{path.suffix.lower() or '(none)'!r}; use .csv for ARX hierarchies or .yaml/.yml for builder specs."
    )


def _load_file(
    column: str,
    path: Path,
    values: Sequence[str],
    delimiter: str,
    hide_values: bool = False,
    limit: int = DEFAULT_MAX_VALUES_SIZE,
) -> Hierarchy:
    suffix = path.suffix.lower()
    if suffix == ".csv":
        return read_arx_csv(column, path, delimiter)
    if suffix in _YAML_SUFFIXES:
        spec = _read_yaml_spec(column, path)
        return build(column, spec, values, origin=str(path), hide_values=hide_values, limit=limit)
    raise _unknown_extension(column, path)


def _read_yaml_spec(column: str, path: Path) -> Mapping[str, Any]:
    where = f"hierarchy file {str(path)!r} for column {column!r}"
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise HierarchyError(f"The {where} does not exist; check the path in the configuration.") from None
    except UnicodeDecodeError:
        raise HierarchyError(f"The {where} is not valid UTF-8; save it with UTF-8 encoding.") from None
    except OSError as exc:
        raise HierarchyError(
            f"The {where} cannot be read ({exc.strerror or exc}); check that it is a readable file."
        ) from None
    try:
        spec = yamlfile.load(text)
    except yamlfile.YamlProblem as exc:
        raise HierarchyError(f"The {where} cannot be read: {exc}.") from None
    if not isinstance(spec, Mapping):
        raise HierarchyError(
            f"The {where} does not hold a mapping (it holds {type(spec).__name__}); "
            "write a spec such as 'type: intervals' followed by its keys."
        )
    return spec
