"""Names and values of the data in text sqlanon prints: the text report, and comments in the
SQL ``compile`` prints (and a report carries under ``sql``).

A column name, a hierarchy label or a path can hold any character. Some are acted on where
the text lands: a line break ends an SQL ``--`` comment (the rest of the name would run as
SQL, or as a psql ``\\`` or DuckDB CLI ``.`` command at the start of a line), ESC starts a
terminal escape sequence, a carriage return or a bidirectional control makes the text read
as something else. :func:`visible` writes each character that is not printable as its
escape, as Python's ``repr`` does, and :func:`comment` makes an SQL comment that holds no line
break, whatever the text.
"""

from __future__ import annotations

__all__ = ["comment", "visible"]

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _escape(char: str) -> str:
    code = ord(char)
    if char in _NAMED:
        return _NAMED[char]
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def visible(text: str) -> str:
    """``text`` with every character that is not printable written as its escape (``\\n``,
    ``\\x1b``, ``\\u2028``): control and format characters (bidirectional controls too), line
    and paragraph separators, spaces other than the plain space (``str.isprintable``). A
    printable text comes back unchanged; the result is printable."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else _escape(c) for c in text)


def comment(text: str) -> str:
    """``text`` as one SQL line comment (``-- text``), every character that is not printable
    escaped (:func:`visible`). It holds no line break of any kind (nor anything a client could
    read as one), so in every SQL client it ends where sqlanon ends it: ``*/``, ``--``, quotes
    and semicolons in it are text."""
    return "-- " + visible(text)
