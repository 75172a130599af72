"""Reading ARX-style hierarchy CSV files: ``value;level1;...;levelH``, one row per leaf."""

from __future__ import annotations

import csv
import io
from pathlib import Path

from sqlanon.errors import HierarchyError
from sqlanon.hierarchy.model import Hierarchy, validate

_ROW_HINT = "give one row per value: value;level1;...;*"


def read_arx_csv(column: str, path: Path, delimiter: str = ";") -> Hierarchy:
    """Read the ARX hierarchy CSV at ``path`` for ``column`` and return it validated.

    The file is UTF-8 (a byte-order mark is tolerated), has no header, may use LF or CRLF line
    ends and may quote fields. Blank lines are skipped. An empty first field is the leaf that
    maps SQL NULL. Raise :class:`HierarchyError` if the file cannot be read or is malformed.
    """
    _check_delimiter(column, path, delimiter)
    text = _read_text(column, path)
    rows = _parse_rows(column, path, text, delimiter)
    if not rows:
        raise HierarchyError(f"The hierarchy file {str(path)!r} for column {column!r} is empty; {_ROW_HINT}.")
    if all(len(row) == 1 for row in rows):
        raise HierarchyError(
            f"The hierarchy file {str(path)!r} for column {column!r} has a single field per row; "
            f"check that its fields are separated by {delimiter!r} (the configured delimiter) "
            f"and {_ROW_HINT}."
        )
    return validate(Hierarchy(column=column, rows=tuple(rows), origin=str(path)))


def _check_delimiter(column: str, path: Path, delimiter: str) -> None:
    if not isinstance(delimiter, str) or len(delimiter) != 1 or delimiter in '\r\n"':
        raise HierarchyError(
            f"The delimiter {delimiter!r} for the hierarchy file {str(path)!r} of column "
            f"{column!r} is not usable; give a single character such as ';' or ','."
        )


def _read_text(column: str, path: Path) -> str:
    where = f"hierarchy file {str(path)!r} for column {column!r}"
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise HierarchyError(f"The {where} does not exist; check the path in the configuration.") from None
    except IsADirectoryError:
        raise HierarchyError(
            f"The {where} is a folder, not a file; point the configuration at a CSV file."
        ) from None
    except OSError as exc:
        raise HierarchyError(
            f"The {where} cannot be read ({exc.strerror or exc}); check its permissions."
        ) from None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise HierarchyError(
            f"The {where} is not valid UTF-8 (byte 0x{data[exc.start]:02x} at offset "
            f"{exc.start}); save it with UTF-8 encoding."
        ) from None


def _parse_rows(column: str, path: Path, text: str, delimiter: str) -> list[tuple[str, ...]]:
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    rows: list[tuple[str, ...]] = []
    try:
        for fields in reader:
            if _is_blank(fields):
                continue
            rows.append(tuple(fields))
    except csv.Error as exc:
        raise HierarchyError(
            f"The hierarchy file {str(path)!r} for column {column!r} is not valid CSV "
            f"near line {reader.line_num} ({exc}); fix the quoting on that line."
        ) from None
    return rows


def _is_blank(fields: list[str]) -> bool:
    """A line with nothing on it (possibly only spaces) is not a row."""
    return not fields or (len(fields) == 1 and not fields[0].strip())
