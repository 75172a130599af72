"""PostgreSQL's binary COPY read as Arrow: the encoded tables ``search_in: local`` copies.

A query whose columns all have fixed-width types (integers, floats, booleans: the codes and
counts of the frequency table) is sent as ``COPY (...) TO STDOUT (FORMAT BINARY)``. Every NULL
is replaced by a zero of its column's type and flagged in one more column (bit i: column i is
NULL), so every tuple of the stream has the same layout: a 16-bit field count, then per field a
32-bit length and the value, big-endian. NumPy reads the whole stream as one structured array
(no Python object per value), and the columns become a ``pyarrow.Table`` with the NULLs restored.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from sqlglot import exp

from sqlanon.errors import EngineError

#: canonical column type -> the big-endian NumPy type of its binary COPY value
FIXED = {
    "SMALLINT": ">i2",
    "INTEGER": ">i4",
    "BIGINT": ">i8",
    "FLOAT": ">f4",
    "DOUBLE": ">f8",
    "BOOLEAN": "?",
}
#: the NULL flags travel in one BIGINT: at most this many columns
MAX_COLUMNS = 62
#: "PGCOPY\n\377\r\n\0", then 32-bit flags and the header extension's length
SIGNATURE = b"PGCOPY\n\xff\r\n\x00"
_NULLS = "__sqlanon_nulls"


def fits(columns: Sequence[tuple[str, str]]) -> bool:
    """Whether a result of these (name, canonical type) columns can travel this way."""
    return 0 < len(columns) <= MAX_COLUMNS and all(typ.upper() in FIXED for _, typ in columns)


def copy_query(query: exp.Query, columns: Sequence[tuple[str, str]]) -> exp.Select:
    """``query``'s columns without NULLs (each a zero of its type where it was NULL) and the
    column of NULL flags."""
    source = exp.Subquery(this=query.copy(), alias=exp.TableAlias(this=exp.to_identifier("c", quoted=True)))
    values: list[exp.Expr] = []
    flags: list[exp.Expr] = []
    for i, (name, typ) in enumerate(columns):
        column = exp.column(name, table="c", quoted=True)
        zero = exp.false() if typ.upper() == "BOOLEAN" else exp.cast(exp.Literal.number(0), typ)
        values.append(exp.alias_(exp.func("COALESCE", column, zero), f"v{i}", quoted=True))
        flags.append(
            exp.Case()
            .when(exp.Is(this=column.copy(), expression=exp.Null()), exp.Literal.number(1 << i))
            .else_(exp.Literal.number(0))
        )
    total = flags[0]
    for flag in flags[1:]:
        total = exp.Add(this=total, expression=flag)
    nulls = exp.alias_(exp.cast(total, "BIGINT"), _NULLS, quoted=True)
    return exp.select(*values, nulls).from_(source)


def decode(data: bytes | bytearray, columns: Sequence[tuple[str, str]]) -> Any:
    """The ``pyarrow.Table`` (columns named as ``columns``) of a binary COPY of
    :func:`copy_query`'s result."""
    import pyarrow as pa

    view = memoryview(data)
    if len(view) < 21 or bytes(view[:11]) != SIGNATURE:
        raise EngineError("PostgreSQL's binary COPY did not start with its signature.")
    extension = int.from_bytes(view[15:19], "big")
    start, end = 19 + extension, len(view) - 2
    if bytes(view[end:]) != b"\xff\xff":
        raise EngineError("PostgreSQL's binary COPY did not end with its trailer.")
    fields = [("count", ">i2")]
    for i, (_, typ) in enumerate(columns):
        fields += [(f"l{i}", ">i4"), (f"v{i}", FIXED[typ.upper()])]
    fields += [("lnulls", ">i4"), ("nulls", ">i8")]
    layout = np.dtype(fields)
    if (end - start) % layout.itemsize:
        raise EngineError("PostgreSQL's binary COPY held tuples of an unexpected size.")
    rows = np.frombuffer(view, dtype=layout, count=(end - start) // layout.itemsize, offset=start)
    widths = [layout[f"v{i}"].itemsize for i in range(len(columns))]
    if len(rows) and (
        np.any(rows["count"] != len(columns) + 1)
        or any(np.any(rows[f"l{i}"] != w) for i, w in enumerate(widths))
        or np.any(rows["lnulls"] != 8)
    ):
        raise EngineError("PostgreSQL's binary COPY held tuples of an unexpected layout.")
    nulls = rows["nulls"].astype(np.int64)
    arrays = []
    for i in range(len(columns)):
        values = rows[f"v{i}"].astype(layout[f"v{i}"].newbyteorder("="))
        mask = (nulls >> i) & 1 == 1
        arrays.append(pa.array(values, mask=mask if mask.any() else None))
    del rows, view
    return pa.Table.from_arrays(arrays, names=[name for name, _ in columns])


__all__ = ["FIXED", "copy_query", "decode", "fits"]
