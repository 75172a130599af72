"""Building hierarchies from declarative specs (intervals, masks, dates, explicit trees).

A spec is a mapping with a ``type`` key and type-specific keys:

``intervals``
    ``widths`` (list of positive numbers, each a larger multiple of the previous one),
    optional ``anchor`` (number, default 0), ``bottom`` and ``top`` (numbers; values below
    ``bottom`` become ``<bottom`` and values at or above ``top`` become ``>=top`` at every level).
``mask``
    optional ``char`` (one character, default ``*``), ``levels`` (strictly increasing
    counts of characters masked from the right, default ``1..length``) and ``pad`` (one
    character: shorter values are padded on the left with it to the longest length before
    masking; without it every value must have the same length).
``dates``
    optional ``levels``: a non-empty subset, in order, of ``day``, ``month``, ``year``,
    ``decade`` (default ``month``, ``year``, ``decade``).
``tree``
    ``tree``: nested mapping from the single top label down to lists of leaf values; a leaf
    ``""`` or null maps SQL NULL.

``intervals``, ``mask`` and ``dates`` also take ``missing`` (a non-empty label): the leaf ``""``
(SQL NULL, and the empty string, which the encoding matches like NULL) then gets that label at
every level below the top. Every built hierarchy ends with a single top; ``*`` is added where the
spec does not give one.

Before ``intervals``, ``mask`` or ``dates`` builds anything, it counts the text it would make
(each label's characters plus :data:`~sqlanon.config.limits.PER_ITEM`) and refuses above the limit
given (``max_values_size``): a mask over a 50 MB value makes a label per character, each of
50 MB.
"""

from __future__ import annotations

import datetime as dt
import itertools
import math
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from decimal import MAX_EMAX, MIN_EMIN, ROUND_FLOOR, Context, Decimal, InvalidOperation, localcontext
from fractions import Fraction
from typing import Any

from sqlanon import redact
from sqlanon.config.limits import DEFAULT_MAX_VALUES_SIZE, PER_ITEM, size_text
from sqlanon.errors import HierarchyError, brief
from sqlanon.hierarchy.model import NULL_LEAF, Hierarchy, validate
from sqlanon.numbers import parse_number

TOP = "*"
DATE_LEVELS = ("day", "month", "year", "decade")
DEFAULT_DATE_LEVELS = ("month", "year", "decade")
_DATE_RE = re.compile(r"(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?", re.DOTALL)

Row = tuple[str, ...]


class _Spec:
    """A spec mapping plus the context needed for error messages."""

    def __init__(
        self,
        column: str,
        spec: Mapping[str, Any],
        origin: str,
        hide_values: bool = False,
        limit: int = DEFAULT_MAX_VALUES_SIZE,
    ) -> None:
        self.column = column
        self.spec = spec
        self.origin = origin
        self.kind = str(spec.get("type"))
        #: the column's values may not be named in messages (a sensitive column)
        self.hide_values = hide_values
        #: the most text the builder may make (max_values_size)
        self.limit = limit

    def values(self, items: Sequence[str]) -> str:
        """The column's values ``items`` as a message may show them (:mod:`sqlanon.redact`)."""
        return redact.values(items, hidden=self.hide_values)

    @property
    def where(self) -> str:
        return f"hierarchy spec for column {self.column!r} ({self.origin})"

    def check_size(self, size: int, made: str, advice: str) -> None:
        """Refuse to build ``size`` bytes of labels (``made`` says what they are) above the limit."""
        if size > self.limit:
            raise self.error(
                f"is a {self.kind!r} builder that would make {made}: about {size_text(size)} (each label's "
                f"characters plus {PER_ITEM}), above "
                f"max_values_size ({size_text(self.limit)}), so it was not built. {advice}, or raise "
                "max_values_size if this machine has the memory (Python holds a few times that size)"
            )

    def error(self, problem: str) -> HierarchyError:
        return HierarchyError(f"The {self.where} {problem}.")

    def key_error(self, key: str, expected: str) -> HierarchyError:
        got = self.spec.get(key)
        return self.error(f"has {key}: {got!r}; '{key}' must be {expected}")


def _show(values: Sequence[object], limit: int = 10) -> str:
    shown = ", ".join(brief(v) for v in values[:limit])
    more = f" and {len(values) - limit} more" if len(values) > limit else ""
    return shown + more


def _is_number(x: object) -> bool:
    if isinstance(x, bool):
        return False
    return isinstance(x, int) or (isinstance(x, float) and math.isfinite(x))


def _unique(values: Sequence[str]) -> list[str]:
    return list(dict.fromkeys(values))


# --------------------------------------------------------------------------- dispatch


def build(
    column: str,
    spec: Mapping[str, Any],
    values: Sequence[str],
    origin: str,
    hide_values: bool = False,
    limit: int = DEFAULT_MAX_VALUES_SIZE,
) -> Hierarchy:
    """Build the hierarchy described by ``spec`` for ``column``.

    ``values`` are the column's distinct non-NULL source values as strings; every one gets a row
    (except for ``tree`` specs, which take their leaves from the tree and ignore ``values``).
    ``origin`` says where the spec came from, for error messages. Raise :class:`HierarchyError`
    for a bad spec or values the spec cannot handle; with ``hide_values`` (a sensitive column)
    its message counts the values it cannot handle instead of naming them. ``limit``: the most
    text the builder may make (``max_values_size``), checked before it builds anything.
    """
    if not isinstance(spec, Mapping):
        raise HierarchyError(
            f"The hierarchy spec for column {column!r} ({origin}) is {type(spec).__name__}; "
            f"give a mapping with a 'type' key, one of {_show(list(_BUILDERS))}."
        )
    s = _Spec(column, spec, origin, hide_values, limit)
    kind = spec.get("type")
    if not isinstance(kind, str) or kind not in _BUILDERS:
        what = "has no 'type' key" if kind is None else f"has the unknown type {kind!r}"
        raise s.error(f"{what}; set 'type' to one of {_show(list(_BUILDERS))}")
    builder, keys = _BUILDERS[kind]
    unknown = sorted(str(k) for k in spec if k not in keys)
    if unknown:
        raise s.error(f"has the unknown key(s) {_show(unknown)}; a {kind!r} spec accepts {_show(list(keys))}")
    label = _missing_label(s) if "missing" in keys else None
    unique = _unique(values)
    if label is not None:  # the empty string is matched like NULL: the missing leaf covers it
        unique = [v for v in unique if v != NULL_LEAF]
    rows = builder(s, unique)
    if label is not None:
        rows.append(_missing_row(s, rows, label))
    return validate(Hierarchy(column=column, rows=tuple(rows), origin=origin))


def _missing_label(s: _Spec) -> str | None:
    if "missing" not in s.spec:
        return None
    label = s.spec["missing"]
    if not isinstance(label, str) or not label:
        raise s.key_error("missing", "a non-empty text label for NULL values, such as 'unknown'")
    return label


def _missing_row(s: _Spec, rows: list[Row], label: str) -> Row:
    """The row of the NULL leaf: ``label`` at every level below the top, then the top."""
    height = len(rows[0]) - 1
    for level in range(1, height):
        if any(r[level] == label for r in rows):
            raise s.error(
                f"has missing: {label!r}, but the builder also makes the label {label!r} at level "
                f"{level} from the column's values, so NULL would join that group; choose a label "
                "that no value generalizes to, such as 'unknown'"
            )
    return (NULL_LEAF, *([label] * (height - 1)), rows[0][-1])


def _require_values(s: _Spec, values: list[str]) -> None:
    if not values:
        raise s.error(
            f"has no non-NULL source values to build a {s.kind!r} hierarchy from; "
            "check the source column or give the hierarchy as a CSV file or a tree"
        )


# --------------------------------------------------------------------------- intervals


def _number_key(s: _Spec, key: str) -> Fraction | None:
    if key not in s.spec:
        return None
    raw = s.spec[key]
    if not _is_number(raw):
        raise s.key_error(key, "a finite number")
    return Fraction(Decimal(str(raw)))


def _widths(s: _Spec) -> list[Fraction]:
    raw = s.spec.get("widths")
    if not isinstance(raw, list) or not raw or not all(_is_number(w) and w > 0 for w in raw):
        raise s.key_error("widths", "a non-empty list of positive numbers such as [5, 10, 20]")
    widths = [Fraction(Decimal(str(w))) for w in raw]
    for prev, cur in itertools.pairwise(widths):
        ratio = cur / prev
        if ratio.denominator != 1 or ratio <= 1:
            raise s.key_error(
                "widths",
                "a list where each width is a larger multiple of the one before",
            )
    return widths


def _parse_number(text: str) -> Decimal | None:
    """The exact number ``text`` writes, when it is a number by the project's rule
    (:func:`sqlanon.numbers.parse_number`: ASCII decimal, finite as a double)."""
    if parse_number(text) is None:
        return None
    try:
        return Decimal(text.strip())
    except InvalidOperation:  # pragma: no cover - the rule above admits only what Decimal reads
        return None


def _places(x: Fraction) -> int:
    """The decimal places of the exact decimal fraction ``x`` (its denominator is 2^a 5^b)."""
    d = x.denominator
    twos = (d & -d).bit_length() - 1
    d >>= twos
    fives = 0
    while d % 5 == 0:
        d //= 5
        fives += 1
    return max(twos, fives)


def _int_digits(x: Decimal | Fraction) -> int:
    """The digits of the integer part of ``|x|`` (at least 1)."""
    if isinstance(x, Fraction):
        return len(str(abs(x.numerator) // x.denominator))
    return max(x.adjusted() + 1, 1)


def _floor_to(d: Decimal, places: int) -> Fraction:
    """``d`` rounded down to ``places`` decimals, as a fraction: the interval labels depend on no
    more (every bound is a multiple of 10^-places), and a value written with millions of
    decimals would otherwise cost seconds to convert."""
    if d.as_tuple().exponent >= -places:  # type: ignore[operator]
        return Fraction(d)
    ctx = Context(prec=_int_digits(d) + places + 5, rounding=ROUND_FLOOR, Emin=MIN_EMIN, Emax=MAX_EMAX)
    return Fraction(d.quantize(Decimal(1).scaleb(-places), context=ctx))


def _fmt(x: Fraction) -> str:
    """Format an exact decimal fraction without exponent; integers without ``.0``."""
    if x.denominator == 1:
        return str(x.numerator)
    digits = len(str(abs(x.numerator))) + len(str(x.denominator)) + 5
    with localcontext() as ctx:
        ctx.prec = digits
        d = Decimal(x.numerator) / Decimal(x.denominator)
    return format(d.normalize(), "f")


class _Intervals:
    def __init__(self, s: _Spec) -> None:
        self.widths = _widths(s)
        self.anchor = _number_key(s, "anchor") or Fraction(0)
        self.bottom = _number_key(s, "bottom")
        self.top = _number_key(s, "top")
        if self.bottom is not None and self.top is not None and self.bottom >= self.top:
            raise s.error(
                f"has bottom {_fmt(self.bottom)} not below top {_fmt(self.top)}; "
                "make 'bottom' smaller than 'top'"
            )
        given = [self.anchor, *self.widths, *(x for x in (self.bottom, self.top) if x is not None)]
        #: the decimals every bound of a label has at most, and the digits of the largest given
        self.places = max(_places(x) for x in given)
        self.digits = max(_int_digits(x) for x in given)

    def label_size(self, v: Decimal) -> int:
        """An upper bound of the characters of one label of ``v`` (the bounds of an interval
        lie within a width of ``v``: one digit more than the larger, and ``places`` decimals)."""
        number = 1 + max(_int_digits(v), self.digits) + 1 + 1 + self.places  # sign, digits, point
        return 2 * number + 4

    def labels(self, v: Fraction) -> Row:
        if self.bottom is not None and v < self.bottom:
            return (f"<{_fmt(self.bottom)}",) * len(self.widths)
        if self.top is not None and v >= self.top:
            return (f">={_fmt(self.top)}",) * len(self.widths)
        return tuple(self._interval(v, w) for w in self.widths)

    def _interval(self, v: Fraction, w: Fraction) -> str:
        start = self.anchor + math.floor((v - self.anchor) / w) * w
        end = start + w
        if self.bottom is not None:
            start = max(start, self.bottom)
        if self.top is not None:
            end = min(end, self.top)
        return f"[{_fmt(start)}, {_fmt(end)})"


def _build_intervals(s: _Spec, values: list[str]) -> list[Row]:
    coder = _Intervals(s)
    _require_values(s, values)
    parsed = {v: _parse_number(v) for v in values}
    bad = [v for v, n in parsed.items() if n is None]
    if bad:
        raise s.error(
            f"is of type 'intervals' but the column has values that are not numbers ({s.values(bad)}); "
            "use a 'mask', 'tree' or CSV hierarchy for this column, or clean the data"
        )
    numbers = {v: n for v, n in parsed.items() if n is not None}
    levels = len(coder.widths)
    size = sum(levels * (coder.label_size(n) + PER_ITEM) for n in numbers.values()) + len(numbers) * (
        1 + PER_ITEM
    )
    s.check_size(
        size,
        f"{levels:,} interval labels for each of {len(numbers):,} values",
        "Use fewer widths, coarser ones (fewer decimals), or round the column in a query source",
    )
    return [(v, *coder.labels(_floor_to(n, coder.places)), TOP) for v, n in numbers.items()]


# --------------------------------------------------------------------------- mask


def _mask_char(s: _Spec) -> str:
    char = s.spec.get("char", "*")
    if not isinstance(char, str) or len(char) != 1:
        raise s.key_error("char", "a single character such as '*'")
    return char


def _mask_levels(s: _Spec, length: int) -> Sequence[int]:
    if "levels" not in s.spec:
        return range(1, length + 1)
    raw = s.spec["levels"]
    ok = (
        isinstance(raw, list)
        and raw
        and all(isinstance(k, int) and not isinstance(k, bool) and k >= 1 for k in raw)
        and all(a < b for a, b in itertools.pairwise(raw))
    )
    if not ok:
        raise s.key_error(
            "levels",
            "a non-empty, strictly increasing list of positive integers such as [1, 2, 3]",
        )
    if raw[-1] > length:
        raise s.error(
            f"masks up to {raw[-1]} characters but the values have only {length}; "
            f"make every entry of 'levels' at most {length}"
        )
    return list(raw)


def _mask_pad(s: _Spec) -> str | None:
    pad = s.spec.get("pad")
    if "pad" in s.spec and (not isinstance(pad, str) or len(pad) != 1):
        raise s.key_error("pad", "a single character such as '0' (quoted in YAML: pad: \"0\")")
    return pad


def _common_length(s: _Spec, values: list[str]) -> int:
    lengths = Counter(len(v) for v in values)
    length = lengths.most_common(1)[0][0]
    odd = [v for v in values if len(v) != length]
    if odd:
        raise s.error(
            f"is of type 'mask' but some values ({s.values(odd)}) do not have the common length "
            f'{length}; masking needs values of equal length, so clean them, add pad: "0" '
            "(any one character) to pad shorter values on the left, or use a tree"
        )
    if length == 0:
        raise s.error("is of type 'mask' but the values are empty strings; use another hierarchy type")
    return length


def _padded_length(s: _Spec, values: list[str]) -> int:
    """The length every value is padded to on the left: the longest."""
    empty = sum(1 for v in values if not v)
    if empty:
        raise s.error(
            f"is of type 'mask' with 'pad' but the column has {empty} empty value(s), which are "
            "matched like NULL; map them with missing: LABEL (e.g. missing: unknown) or clean the data"
        )
    return max(len(v) for v in values)


def _build_mask(s: _Spec, values: list[str]) -> list[Row]:
    char = _mask_char(s)
    pad = _mask_pad(s)
    _require_values(s, values)
    length = _common_length(s, values) if pad is None else _padded_length(s, values)
    levels = _mask_levels(s, length)
    extra = (TOP,) if levels[-1] < length else ()
    # each level's label has the values' length; with pad, the padded copies too
    labels = len(levels) + (1 if pad is not None else 0)
    s.check_size(
        len(values) * (labels * (length + PER_ITEM) + len(extra) * (1 + PER_ITEM)),
        f"{len(levels):,} masked labels of {length:,} characters for each of {len(values):,} values",
        "Give it fewer levels (levels: [1, 2, 3]), or cut the values short in a query source",
    )
    padded = {v: v for v in values} if pad is None else {v: v.rjust(length, pad) for v in values}
    return [(v, *(p[: length - k] + char * k for k in levels), *extra) for v, p in padded.items()]


# --------------------------------------------------------------------------- dates


def _date_levels(s: _Spec) -> list[str]:
    raw = s.spec.get("levels", list(DEFAULT_DATE_LEVELS))
    ok = (
        isinstance(raw, list)
        and raw
        and all(isinstance(x, str) and x in DATE_LEVELS for x in raw)
        and [x for x in DATE_LEVELS if x in raw] == raw
    )
    if not ok:
        raise s.key_error("levels", f"a non-empty list taken in order from {_show(list(DATE_LEVELS))}")
    return list(raw)


def _parse_date(text: str) -> dt.date | None:
    m = _DATE_RE.fullmatch(text.strip())
    if m is None:
        return None
    try:
        return dt.date(int(m[1]), int(m[2]), int(m[3]))
    except ValueError:
        return None


_DATE_LABELS: dict[str, Callable[[dt.date], str]] = {
    "day": lambda d: f"{d.year:04d}-{d.month:02d}-{d.day:02d}",
    "month": lambda d: f"{d.year:04d}-{d.month:02d}",
    "year": lambda d: f"{d.year:04d}",
    "decade": lambda d: f"{d.year // 10 * 10:04d}s",
}


def _build_dates(s: _Spec, values: list[str]) -> list[Row]:
    levels = _date_levels(s)
    _require_values(s, values)
    s.check_size(  # a label has at most 10 characters (2024-01-31)
        len(values) * (len(levels) * (10 + PER_ITEM) + 1 + PER_ITEM),
        f"{len(levels):,} date labels for each of {len(values):,} values",
        "Give it fewer levels, or truncate the dates in a query source",
    )
    parsed = {v: _parse_date(v) for v in values}
    bad = [v for v, d in parsed.items() if d is None]
    if bad:
        raise s.error(
            f"is of type 'dates' but some values ({s.values(bad)}) are not dates of the form YYYY-MM-DD; "
            "clean the data or use another hierarchy type"
        )
    return [
        (v, *(_DATE_LABELS[level](d) for level in levels), TOP) for v, d in parsed.items() if d is not None
    ]


# --------------------------------------------------------------------------- tree


def _label(s: _Spec, x: object, path: Sequence[str]) -> str:
    if isinstance(x, str):
        return x
    if isinstance(x, int) and not isinstance(x, bool):
        return str(x)
    where = " > ".join(path) if path else "the top"
    raise s.error(
        f"has the entry {x!r} under {where!r} in 'tree'; labels and leaves must be text "
        "or integers, so quote it"
    )


def _leaf(s: _Spec, x: object, path: Sequence[str]) -> str:
    """A leaf of a tree: YAML null (``~``) is the leaf that maps SQL NULL, as ``""`` is."""
    return NULL_LEAF if x is None else _label(s, x, path)


def _walk(s: _Spec, node: object, path: list[str], rows: list[Row]) -> None:
    """Append ``(leaf, parent, ..., top)`` rows for every leaf below ``node``."""
    where = " > ".join(path)
    if isinstance(node, list):
        if not node:
            raise s.error(
                f"has an empty list of leaves under {where!r} in 'tree'; list its values or remove it"
            )
        rows.extend((_leaf(s, leaf, path), *reversed(path)) for leaf in node)
        return
    if isinstance(node, Mapping) and node:
        for key, child in node.items():
            _walk(s, child, [*path, _label(s, key, path)], rows)
        return
    raise s.error(
        f"has {node!r} under {where!r} in 'tree'; each entry must be a non-empty mapping of "
        "sub-groups or a list of leaf values"
    )


def _build_tree(s: _Spec, values: list[str]) -> list[Row]:
    del values  # a tree brings its own leaves; coverage of the data is checked elsewhere
    tree = s.spec.get("tree")
    if not isinstance(tree, Mapping) or len(tree) != 1:
        raise s.key_error(
            "tree",
            "a mapping with exactly one top label, e.g. {'*': {'a': ['x', 'y']}}",
        )
    rows: list[Row] = []
    _walk(s, tree, [], rows)
    depths = Counter(len(r) for r in rows)
    if len(depths) > 1:
        common = depths.most_common(1)[0][0]
        odd = [r[0] for r in rows if len(r) != common]
        raise s.error(
            f"has leaves at different depths in 'tree' ({_show(odd)} differ from the others); "
            "put every leaf list at the same nesting depth"
        )
    dup = [leaf for leaf, n in Counter(r[0] for r in rows).items() if n > 1]
    if dup:
        raise s.error(f"lists the leaf value(s) {_show(dup)} more than once in 'tree'; keep one of each")
    return rows


_BUILDERS: dict[str, tuple[Callable[[_Spec, list[str]], list[Row]], tuple[str, ...]]] = {
    "intervals": (_build_intervals, ("type", "widths", "anchor", "bottom", "top", "missing")),
    "mask": (_build_mask, ("type", "char", "levels", "pad", "missing")),
    "dates": (_build_dates, ("type", "levels", "missing")),
    "tree": (_build_tree, ("type", "tree")),
}
