"""Files shipped with sqlanon (inside the wheel, or at the project root in an editable install)."""

from __future__ import annotations

from pathlib import Path


def shipped_dir(name: str) -> Path:
    """The folder ``name`` (``hierarchies`` or ``sql_templates``) of the installation."""
    package = Path(__file__).resolve().parent
    for candidate in (package / name, package.parent / name):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError(f"sqlanon's {name} folder is missing from the installation")
