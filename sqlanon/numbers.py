"""What sqlanon counts as a number written as text: one rule, used wherever a value is tested.

Python's ``float()`` accepts more than SQL engines cast (``'1_000'``, Arabic-Indic digits such
as ``'٣'``, full-width digits, ``'nan'``, ``'inf'``), so a value that passed a Python check could
still fail in SQL, with an engine message that prints the value. The rule here is a plain
decimal number in ASCII, optionally signed, with an optional exponent and surrounding ASCII
whitespace, and finite: every such text is cast by DuckDB to the same double (a test compares
the two on many random strings).

>>> parse_number(" -1.5e3 ")
-1500.0
>>> parse_number("1_000") is None, parse_number("٣") is None, parse_number("inf") is None
(True, True, True)
"""

from __future__ import annotations

import math
import re

_NUMBER = re.compile(r"[ \t\n\r]*[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?[ \t\n\r]*")


def parse_number(text: str) -> float | None:
    """The finite number ``text`` writes, or None when it is not one by the rule above."""
    if not _NUMBER.fullmatch(text):
        return None
    value = float(text)
    return value if math.isfinite(value) else None


def is_number(text: str) -> bool:
    """Whether ``text`` is a finite decimal number by the rule above."""
    return parse_number(text) is not None
