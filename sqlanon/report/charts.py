"""The HTML report's charts (:mod:`sqlanon.report.html` places them in its sections): each a
function of altair (``alt``) building a Vega-Lite specification from a report's figures, and the
choices behind them (how class sizes are binned, how the lattice's nodes are drawn). Nothing
here imports altair: the caller passes it, or draws no chart."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Iterator, Mapping, Sequence
from itertools import product
from typing import Any

from sqlanon.gate import DISTANCE_BINS

#: the whole lattice is drawn up to this many nodes; above it, only the minimal nodes
MAX_DRAWN_NODES = 5000


def lattice(
    heights: Mapping[str, int],
    caps: Mapping[str, int],
    minimal: Sequence[Mapping[str, int]],
    chosen: Mapping[str, int] | None,
    chosen_label: str,
    marks: Mapping[tuple[int, ...], str] | None = None,
) -> tuple[Callable[[Any], Any], str | None]:
    """The lattice's chart (a maker, as :meth:`~sqlanon.report.html.Page.chart` takes one):
    nodes by height (the sum of their levels), the minimal ones and the chosen one marked as
    ``chosen_label`` says (``marks``: a label per minimal node instead, e.g. the attacks it
    falls to); and a note when the lattice is too large to draw whole (only its minimal nodes
    are), else None."""
    columns = list(heights)
    tops = [min(heights[c], caps.get(c, heights[c])) for c in columns]
    size = 1
    for t in tops:
        size *= t + 1
    minimal_set = {tuple(m[c] for c in columns) for m in minimal}
    chosen_t = tuple(chosen[c] for c in columns) if chosen else None
    nodes = (
        list(product(*(range(t + 1) for t in tops)))
        if size <= MAX_DRAWN_NODES
        else sorted(minimal_set | ({chosen_t} if chosen_t else set()))
    )
    by_height: dict[int, list[tuple[int, ...]]] = {}
    for n in nodes:
        by_height.setdefault(sum(n), []).append(n)
    values = []
    for height, members in by_height.items():
        members.sort()
        for i, n in enumerate(members):
            kind = "chosen" if n == chosen_t else ("minimal" if n in minimal_set else "other")
            if marks is not None and n in marks:
                kind = marks[n]
            values.append(
                {
                    "height": height,
                    "position": (i + 0.5) / len(members),
                    "node": ", ".join(f"{c}={v}" for c, v in zip(columns, n, strict=True)),
                    "kind": kind,
                    "chosen": n == chosen_t,
                    # the area of its dot: the chosen node largest, the others smallest
                    "dot": 240 if n == chosen_t else (OTHER_DOT if kind == "other" else 110),
                }
            )
    # the nodes of no interest first, so that the marked ones are drawn over them
    values.sort(key=lambda v: v["kind"] != "other")
    kinds = sorted(
        {str(v["kind"]) for v in values}, key=lambda k: (k == "other", k != "chosen", count_of(k), k)
    )
    ramp = ["#1a9850", "#fdae61", "#f46d43", "#d73027", "#a50026", "#67001f"]
    colours = [
        "#1f4e99"
        if k == "chosen"
        else OTHER_COLOUR
        if k == "other"
        else (ramp[min(count_of(k), len(ramp) - 1)] if marks is not None else "#e6550d")
        for k in kinds
    ]

    def chart(alt: Any) -> Any:
        base = alt.Chart(data(alt, values)).encode(
            x=alt.X("height:Q", title="height (sum of the levels)", axis=alt.Axis(tickMinStep=1, format="d")),
            y=alt.Y("position:Q", axis=None),
        )
        nodes = base.mark_point(filled=True, opacity=1).encode(
            color=alt.Color("kind:N", title=None, scale=alt.Scale(domain=kinds, range=colours)),
            shape=alt.Shape(
                "chosen:N",
                title=None,
                scale=alt.Scale(domain=[True, False], range=["diamond", "circle"]),
                legend=alt.Legend(labelExpr=f"datum.value ? '{chosen_label}' : 'the others'"),
            ),
            size=alt.Size("dot:Q", scale=None, legend=None),
            tooltip=["node:N", "kind:N"],
        )
        # a dark outline around the chosen node, whatever its colour
        outline = (
            base.transform_filter(alt.datum.chosen)
            .mark_point(shape="diamond", filled=False, size=420, color="#111111", strokeWidth=1.5)
            .encode(tooltip=["node:N", "kind:N"])
        )
        return alt.layer(nodes, outline).properties(
            title=f"The lattice ({size:,} nodes): minimal nodes and {chosen_label}", width=620, height=260
        )

    note = f"The lattice has {size:,} nodes; the minimal ones are drawn." if size > MAX_DRAWN_NODES else None
    return chart, note


#: the colour of a lattice node neither minimal nor chosen: a grey with a contrast of 3.4 to the
#: white background (WCAG's 3 for graphics), so that the lattice's shape shows
OTHER_COLOUR = "#8a8a8a"
#: the area of such a node's dot (px², about 7 px across)
OTHER_DOT = 36


def count_of(kind: str) -> int:
    """The number of attacks in an audit's mark ("minimal, vulnerable to 2 attacks")."""
    return next((int(w) for w in kind.split() if w.isdigit()), 0)


#: the width of the bins of a t-closeness distance (the gate rounds each class's down to it)
DISTANCE_BIN = 1 / DISTANCE_BINS


def round_steps() -> Iterator[int]:
    """1, 2, 5, 10, 20, 50, ..."""
    scale = 1
    while True:
        yield from (scale, 2 * scale, 5 * scale)
        scale *= 10


def count_axis(alt: Any, largest: int) -> tuple[Any, Any]:
    """The scale and axis of a count of classes: whole numbers only, from 0 to a round top
    (Vega's tickMinStep alone still puts ticks at halves, labelled 0, 1, 1, 2, 2 by "d")."""
    step = next(s for s in round_steps() if largest <= 6 * s)
    top = max(step, -(-largest // step) * step)
    return (
        alt.Scale(domain=[0, top], nice=False),
        alt.Axis(values=list(range(0, top + 1, step)), format="d"),
    )


#: at most this many bars of one size each when every size fits; else at most this many
#: ``NEAR_BINS`` bins of one width below twice k
ALL_SIZES = 40
NEAR_BINS = 20


def size_bins(smallest: int, largest: int, k: int | None) -> list[tuple[int, int]]:
    """The bins of the class-size histogram, ``[low, high)`` each, from the bin of ``smallest``
    to the bin of ``largest``, contiguous: a bin per size when at most ``ALL_SIZES`` sizes span
    them; else, below twice ``k`` (the smallest k of the checks; without one the smallest
    size; at least 20), bins of the smallest round width (1, 2, 5, 10, ...) that makes at most
    ``NEAR_BINS`` of them: a bin per size for k <= 10, so that the classes at k and just above
    it show one by one; above, bins from one round number to the next (20, 50, 100, 200, 500,
    ...), a few per factor of ten up to the largest class."""
    if largest - smallest < ALL_SIZES:
        return [(size, size + 1) for size in range(smallest, largest + 1)]
    near = max(2 * (k if k is not None else smallest), 20)
    width = next(w for w in round_steps() if -(-near // w) - smallest // w <= NEAR_BINS)
    low = smallest // width * width
    bins = []
    while low < near and low <= largest:
        bins.append((low, low + width))
        low += width
    for edge in round_steps():
        if low > largest:
            break
        if edge > low:
            bins.append((low, edge))
            low = edge
    return bins


def size_histogram(alt: Any, class_sizes: Sequence[Sequence[int]], k: int | None = None) -> Any:
    """Classes by size, from ``class_sizes`` ([size, classes], smallest first), in the bins of
    :func:`size_bins`, a band each (the narrow bins near k as wide on the page as the wide ones
    above). Binned here rather than by Vega, so that the counts, and so the axis, are known."""
    bins = size_bins(class_sizes[0][0], class_sizes[-1][0], k)
    counts = [[0, 0] for _ in bins]
    lows = [low for low, _ in bins]
    for size, n in class_sizes:
        i = bisect_right(lows, size) - 1
        counts[i][0] += n
        counts[i][1] += n * size
    values: list[dict[str, Any]] = [
        {
            "from": low,
            "to": high,
            "sizes": f"{low:,}" if high == low + 1 else f"{low:,}-{high - 1:,}",
            "classes": classes,
            "rows": rows,
        }
        for (low, high), (classes, rows) in zip(bins, counts, strict=True)
    ]
    unit = [high for low, high in bins if high == low + 1]
    title = "class size (rows)"
    if len(unit) < len(bins):
        title += f"; a bar per size up to {unit[-1] - 1:,}, then wider bins" if unit else "; bins"
    y_scale, y_axis = count_axis(alt, max(v["classes"] for v in values))
    return (
        alt.Chart(data(alt, values))
        .mark_bar(stroke="white", strokeWidth=0.5)
        .encode(
            x=alt.X(
                "sizes:O",
                sort=None,
                title=title,
                axis=alt.Axis(labelAngle=-45 if len(bins) > 12 else 0, labelOverlap=False),
            ),
            y=alt.Y("classes:Q", title="classes", scale=y_scale, axis=y_axis),
            tooltip=[
                alt.Tooltip("sizes:N", title="class size"),
                alt.Tooltip("classes:Q", title="classes"),
                alt.Tooltip("rows:Q", title="rows"),
            ],
        )
        .properties(title="Classes by size", width=max(560, 16 * len(bins)), height=220)
    )


def count_bars(alt: Any, values: list[dict[str, Any]], x: Any, tooltip: list[Any]) -> Any:
    """Bars of classes: each value's bar spans ``from`` to ``to`` on ``x`` and rises to its
    ``classes``, on a whole-number axis."""
    y_scale, y_axis = count_axis(alt, max(v["classes"] for v in values))
    return (
        alt.Chart(data(alt, values))
        .mark_bar(stroke="white", strokeWidth=0.5)
        .encode(
            x=x,
            x2="to:Q",
            y=alt.Y("classes:Q", title="classes", scale=y_scale, axis=y_axis),
            y2=alt.datum(0),
            tooltip=tooltip,
        )
    )


def data(alt: Any, values: list[dict[str, Any]]) -> Any:
    """Inline rows of a chart (in the spec itself: the page reads no file)."""
    return alt.InlineData(values=values)


def made(chart: Any) -> Callable[[Any], Any]:
    """A chart already made, as :meth:`Page.chart` takes one."""
    return lambda _alt: chart


__all__ = ["MAX_DRAWN_NODES", "count_bars", "data", "lattice", "made", "size_bins", "size_histogram"]
