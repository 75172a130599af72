"""What a message may print of the data: values of quasi-identifiers yes, sensitive values no.

Quasi-identifier values may be named (they are what a hierarchy must cover, and what a release
shows generalized). A sensitive value is never printed in a message, a log or a report unless
the user asked for it (``--show-violations N`` on the command line, ``show_violations=`` in the
API): a message then says how many values there are and how to have them named.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from sqlanon.errors import brief

#: how a message that withholds sensitive values says how to have them named
ASK = (
    "not shown because the column is sensitive; add --show-violations N with --report PATH to "
    "anonymize, apply or check (API: show_violations=N) to name them"
)


def values(items: Sequence[object], *, hidden: bool, limit: int = 10) -> str:
    """``items`` for a message: their reprs (at most ``limit``, each cut short: a value may be
    megabytes long), or only their number when ``hidden`` (a sensitive column's values, not
    asked for)."""
    if hidden:
        return f"{len(items)} value(s) ({ASK})"
    shown = ", ".join(brief(v) for v in items[:limit])
    return shown + (f" and {len(items) - limit} more" if len(items) > limit else "")


def counted(items: Sequence[tuple[object, int]], *, hidden: bool, limit: int = 10) -> str:
    """(value, rows) pairs for a message: ``'a' (3 rows), ...``, or when ``hidden`` only how
    many values in how many rows."""
    if hidden:
        rows = sum(n for _, n in items)
        return f"{len(items)} value(s) in {rows} row(s) ({ASK})"
    shown = ", ".join(f"{brief(v)} ({n} rows)" for v, n in items[:limit])
    return shown + (f" and {len(items) - limit} more values" if len(items) > limit else "")


_QUOTED = re.compile(r"'(?:[^']|'')*'")
_LINE = re.compile(r"^\s*Original Line:.*$", re.MULTILINE)


def engine_text(text: str) -> str:
    """An engine's error message with what may be data taken out: single-quoted literals (DuckDB
    quotes values so: ``Could not convert string 'flu' to DOUBLE``) and the line of a file it
    quotes. Identifiers, which DuckDB double-quotes, stay."""
    return _QUOTED.sub("'…'", _LINE.sub("", text))


def first_line(text: str) -> str:
    """The first line of an engine message, without what may be data (:func:`engine_text`)."""
    lines = engine_text(text).strip().splitlines()
    return lines[0] if lines else ""
