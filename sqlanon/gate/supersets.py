"""Natural supersets of a published table's classes, for (n,t)-closeness at the gate.

A class's natural supersets are the classes it falls in when quasi-identifiers are generalized
further. For each quasi-identifier this module loads a generalization table (lf, cf, lt, ct):
published label ``cf`` becomes ``ct`` at level ``lt`` (``lf`` is always 0, the published
level). With a hierarchy, the published labels are one level L of it and lt runs over L..H;
without one, a label can only stay as it is (lt 0) or become ``*`` (lt 1).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from sqlanon.encode import column_profile
from sqlanon.engines import Engine
from sqlanon.errors import DataError, brief
from sqlanon.hierarchy import NULL_LEAF, Hierarchy
from sqlanon.sql.labels import to_key

#: the label of the whole table for a quasi-identifier without a hierarchy
TOP = "*"


#: what reads a published column's level, and why (the messages of published_level)
NT_CLOSENESS = "(n,t)-closeness", "to find each class's natural supersets"
JOURNALIST = "the journalist risk", "to generalize the population as the table is"


def published_level(h: Hierarchy, labels: Sequence[str], reader: tuple[str, str] = NT_CLOSENESS) -> int:
    """The level of ``h`` whose labels include every published label. When several levels
    do, the highest, if each published label is its own label there (a label repeated up
    the hierarchy, ``130**`` at levels 1 and 2: the natural supersets are then the same from
    either level); otherwise the labels do not say their level. ``reader``: who needs the
    level and why, for the messages (:data:`NT_CLOSENESS`, :data:`JOURNALIST`)."""
    who, why = reader
    wanted = set(labels)
    levels = [level for level in range(h.height + 1) if wanted <= {row[level] for row in h.rows}]
    if levels and all(row[levels[-1]] == row[a] for row in h.rows for a in levels if row[a] in wanted):
        return levels[-1]
    if len(levels) > 1:
        raise DataError(
            f"The published values of quasi-identifier {h.column!r} are labels of several levels of its "
            f"hierarchy ({h.origin}): levels {levels}, where they generalize differently, so {who} cannot "
            f"tell which level to use {why}. Use labels that differ between levels"
            + (
                ", or remove the hierarchy from the column (then only '*' generalizes it)."
                if reader == NT_CLOSENESS
                else "."
            )
        )
    unknown = sorted(wanted - {row[lv] for row in h.rows for lv in range(h.height + 1)})
    raise DataError(
        f"The published values of quasi-identifier {h.column!r} are not the labels of one level of its "
        f"hierarchy ({h.origin})"
        + (
            f"; unknown labels: {', '.join(brief(v) for v in unknown[:10])}"
            if unknown
            else "; they mix levels"
        )
        + f". {who[0].upper()}{who[1:]} needs them {why}: give the hierarchy the release was generalized with"
        + (
            ", or none (then only '*' generalizes the column)."
            if reader == NT_CLOSENESS
            else " (a release of search: mondrian has partition labels no hierarchy has)."
        )
    )


def generalization_tables(
    engine: Engine,
    published: str,
    qis: Sequence[str],
    hierarchies: Mapping[str, Hierarchy],
    levels: Mapping[str, int],
    null_label: str,
    *,
    limit: int,
) -> list[dict[str, str]]:
    """One generalization table per quasi-identifier of ``published`` (as the plan expects).

    ``levels`` gives the published level of a column when known (the release just written);
    otherwise it is inferred from the labels. ``null_label`` is how the gate groups NULL; every
    label is written as the gate's frequency table writes it, as its key (labels.to_key).
    ``limit``: ``max_values_size``, for the published labels read (see ``column_profile``).
    """
    out = []
    for name in qis:
        labels = [v for v, _ in column_profile(engine, published, name, limit=limit)]
        present = [to_key(None if v is None else str(v)) for v in labels]
        h = hierarchies.get(name)
        rows: set[tuple[str, int, str]] = set()
        if h is None:
            for label in present:
                rows.add((label, 0, label))
                rows.add((label, 1, to_key(TOP)))
        else:
            level = (
                levels[name]
                if name in levels
                else published_level(h, [str(v) for v in labels if v is not None])
            )
            for path in h.rows:
                for up in range(level, h.height + 1):
                    rows.add((to_key(path[level]), up, to_key(path[up])))
            if null_label in present:
                # a NULL cell: the hierarchy's empty label at this level when it has one (a CSV
                # release reads the leaf '' back as NULL), else a class of its own until the top
                mapped = [path for path in h.rows if path[level] == NULL_LEAF]
                root = h.rows[0][h.height]
                for up in range(level, h.height + 1):
                    if up == level:
                        rows.add((null_label, up, null_label))
                    elif mapped:
                        rows.update((null_label, up, to_key(path[up])) for path in mapped)
                    else:
                        rows.add((null_label, up, to_key(root) if up == h.height else null_label))
        table = engine.temp_name("generalize")
        ordered = sorted(rows)
        engine.load_table(
            table,
            [("lf", "INTEGER"), ("cf", "VARCHAR"), ("lt", "INTEGER"), ("ct", "VARCHAR")],
            [[0] * len(ordered), [r[0] for r in ordered], [r[1] for r in ordered], [r[2] for r in ordered]],
        )
        out.append({"table": table, "level": "0"})
    return out
