"""The in-memory generalization hierarchy and its structural validation."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from sqlanon.errors import HierarchyError, brief

#: Leaf value that stands for SQL NULL in the source column (an empty field in a CSV hierarchy).
NULL_LEAF = ""


@dataclass(frozen=True)
class Hierarchy:
    """A full-domain generalization hierarchy for one column.

    ``rows`` holds one tuple per leaf: ``(leaf, level1, ..., levelH)``; level ``H`` is the single
    top (usually ``"*"``). Labels are strings; a label at one level is a different node from the
    same string at another level. The leaf ``""`` maps SQL NULL in the source column.
    """

    column: str
    rows: tuple[tuple[str, ...], ...]
    origin: str

    @property
    def height(self) -> int:
        """Number of generalization steps from a leaf to the top."""
        return len(self.rows[0]) - 1

    def labels(self, level: int) -> list[str]:
        """Distinct labels at ``level``, sorted."""
        return sorted({row[level] for row in self.rows})

    def leaves(self) -> list[str]:
        return [row[0] for row in self.rows]


def _show(values: list[str], limit: int = 10) -> str:
    shown = ", ".join(brief(v) for v in values[:limit])
    more = f" and {len(values) - limit} more" if len(values) > limit else ""
    return shown + more


def validate(h: Hierarchy) -> Hierarchy:
    """Check the structure of ``h`` and return it; raise :class:`HierarchyError` naming the fault.

    Checks: at least one row, the same height for every leaf, unique leaves, each level a
    function of the level below (one parent per label), and a single top.
    """
    where = f"hierarchy for column {h.column!r} ({h.origin})"
    if not h.rows:
        raise HierarchyError(f"The {where} has no rows. Give one row per value: value;level1;...;*.")
    heights = Counter(len(r) for r in h.rows)
    if len(heights) > 1:
        common = heights.most_common(1)[0][0]
        odd = [r[0] for r in h.rows if len(r) != common]
        raise HierarchyError(
            f"The {where} is ragged: most values have {common - 1} levels but {_show(odd)} "
            "have a different number. Every value needs the same number of levels up to a single top."
        )
    if h.height < 1:
        raise HierarchyError(
            f"The {where} has no generalization level. Add at least a top level such as '*'."
        )
    dup = [v for v, c in Counter(r[0] for r in h.rows).items() if c > 1]
    if dup:
        raise HierarchyError(
            f"The {where} lists the value(s) {_show(dup)} more than once. Each value needs exactly one row."
        )
    for level in range(1, h.height):
        parents: dict[str, set[str]] = {}
        for r in h.rows:
            parents.setdefault(r[level], set()).add(r[level + 1])
        bad = sorted(lbl for lbl, ps in parents.items() if len(ps) > 1)
        if bad:
            first = bad[0]
            raise HierarchyError(
                f"The {where} is inconsistent: label {first!r} at level {level} has several parents "
                f"at level {level + 1} ({_show(sorted(parents[first]))}). Each label needs exactly one parent."
            )
    tops = sorted({r[-1] for r in h.rows})
    if len(tops) != 1:
        raise HierarchyError(
            f"The {where} has {len(tops)} top labels ({_show(tops)}); the last level must be one single value such as '*'."
        )
    return h
