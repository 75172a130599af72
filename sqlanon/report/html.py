"""The HTML report (``--html PATH``): one self-contained page a person reads in a browser.

The charts are Vega-Lite specifications built with altair and drawn by Vega-Embed; the Vega,
Vega-Lite and Vega-Embed scripts come bundled from vl-convert (no network: the page fetches
nothing, and its Content-Security-Policy forbids it). The page holds counts only: the
violating classes' labels appear when ``--show-violations`` put them in the report.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product
from pathlib import Path
from typing import Any

import jinja2

from sqlanon.config.audit import ATTACKS
from sqlanon.errors import InputError
from sqlanon.gate import DISTANCE_BINS
from sqlanon.report.audit import AuditReport
from sqlanon.report.entries import label
from sqlanon.report.model import Report
from sqlanon.report.text import check_row, facts

#: the packages the page needs (the ``html`` extra): module -> its name on PyPI
PACKAGES = {"altair": "altair", "vl_convert": "vl-convert-python"}

#: the whole lattice is drawn up to this many nodes; above it, only the minimal nodes
MAX_DRAWN_NODES = 5000


@dataclass
class Cell:
    text: str
    css: str = ""


@dataclass
class HtmlTable:
    head: list[str]
    rows: list[list[Cell]]
    #: a line above the table saying what it is
    caption: str = ""


@dataclass
class Section:
    title: str
    notes: list[str] = field(default_factory=list)
    tables: list[HtmlTable] = field(default_factory=list)
    charts: list[dict[str, str]] = field(default_factory=list)


def require_packages() -> None:
    """An :class:`InputError` saying what to install when a package the page needs is missing
    (the ``html`` extra, left out of sqlanon's base install): called before a run does any work,
    so that ``--html`` without them publishes nothing. Each is imported, not only looked for: an
    installed package that cannot be imported would fail the page later."""
    missing = []
    for module, package in PACKAGES.items():
        try:
            importlib.import_module(module)
        except ImportError:
            missing.append(package)
    if missing:
        raise InputError(
            f"The HTML report (--html, html=) needs {' and '.join(missing)}, which "
            f"{'is' if len(missing) == 1 else 'are'} not installed: they come with the html extra, "
            'pip install "sqlanon[html]" (from a clone: pip install -e ".[html]"). Nothing was done.'
        )


@lru_cache(maxsize=1)
def _bundle() -> str:
    """Vega-Embed, Vega-Lite and Vega as one script (built once per process)."""
    import vl_convert

    # a script ending "</script>" inside would close the page's tag early
    bundle: Any = vl_convert.javascript_bundle  # its stubs ask for the snippet it defaults itself
    return str(bundle()).replace("</script", "<\\/script")


def _template() -> jinja2.Template:
    env = jinja2.Environment(autoescape=True, undefined=jinja2.StrictUndefined, keep_trailing_newline=True)
    return env.from_string(Path(__file__).with_name("page.html.j2").read_text(encoding="utf-8"))


class _Page:
    """The sections and charts of one page."""

    def __init__(self) -> None:
        self.sections: list[Section] = []
        self.specs: dict[str, Any] = {}

    def section(self, title: str) -> Section:
        self.sections.append(Section(title))
        return self.sections[-1]

    def chart(self, section: Section, spec: Any) -> None:
        chart_id = f"chart{len(self.specs)}"
        self.specs[chart_id] = spec.to_dict() if hasattr(spec, "to_dict") else spec
        section.charts.append({"id": chart_id})

    def render(self, title: str, verdict: str, passed: bool, message: str, values_shown: bool) -> str:
        from importlib.metadata import version

        return _template().render(
            title=title,
            verdict=verdict,
            passed=passed,
            message=message,
            sections=self.sections,
            specs=self.specs,
            bundle=_bundle(),
            version=version("sqlanon"),
            values_shown=values_shown,
        )


def _data(alt: Any, values: list[dict[str, Any]]) -> Any:
    """Inline rows of a chart (in the spec itself: the page reads no file)."""
    return alt.InlineData(values=values)


def _fmt(value: Any) -> str:
    if value is None:
        return "unbounded"
    if isinstance(value, float):
        return f"{value:.6g}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def render_html(report: Report | AuditReport) -> str:
    """The HTML page of a run's report (anonymize, apply, check) or an audit's."""
    if isinstance(report, AuditReport):
        return _audit_page(report)
    return _run_page(report)


# -- a run: anonymize, apply, check --------------------------------------------------------
def _run_page(report: Report) -> str:
    import altair as alt

    page = _Page()
    s = page.section("The run")
    s.tables.append(HtmlTable(["", ""], [[Cell(key), Cell(value)] for key, value in facts(report, True)]))
    _checks_section(page, report)
    if report.node is not None:
        _node_section(page, report, alt)
    if report.class_sizes:
        s = page.section("Class sizes")
        s.notes.append(
            f"{sum(n for _, n in report.class_sizes):,} classes of the "
            + ("release" if report.command != "check" else "table")
            + "; a class is the rows sharing their quasi-identifiers' values."
        )
        page.chart(s, _size_histogram(alt, report.class_sizes))
    _distances_section(page, report, alt)
    if report.risk is not None:
        _risk_section(page, report.risk, report.checks, alt)
    if report.command != "check":
        _cost_section(page, report)
    verdict = f"sqlanon {report.command}: {'PASSED' if report.passed else 'FAILED'}"
    shown = any(c.get("violations") for c in report.checks)
    return page.render(f"sqlanon {report.command} report", verdict, report.passed, report.message, shown)


#: the style of a check's status cell
_STATUS_CSS = {"ok": "ok", "warn": "warn", "FAIL": "fail"}


def _checks_section(page: _Page, report: Report) -> None:
    s = page.section("Verdict per criterion")
    rows = []
    for c in report.checks:
        status, title, on, observed, classes, violating = check_row(c, show=_fmt)
        rows.append(
            [
                Cell(status, _STATUS_CSS[status]),
                Cell(title),
                Cell(on),
                Cell(observed, "num"),
                Cell(classes, "num"),
                Cell(violating, "num"),
            ]
        )
    unit = "rows" if report.people is None else "people"
    s.tables.append(HtmlTable(["", "criterion", "on", "observed", "violating classes", unit], rows))
    for c in report.checks:
        if c.get("violations"):
            head = [*c["violations"][0]["class"], unit, "observed"]
            listed = [
                [Cell("NULL" if v is None else str(v)) for v in entry["class"].values()]
                + [Cell(_fmt(entry[unit]), "num"), Cell(_fmt(entry["observed"]), "num")]
                for entry in c["violations"]
            ]
            title = label(c["criterion"], c.get("params") or {})
            caption = f"Violating classes of {title} (asked for with --show-violations), worst first:"
            s.tables.append(HtmlTable(head, listed, caption))


def _node_section(page: _Page, report: Report, alt: Any) -> None:
    assert report.node is not None
    # apply's node was given, anonymize's chosen; either is published only when the run passed
    heading = "The node applied" if report.command == "apply" else "The chosen node"
    mark = ("the node applied" if report.command == "apply" else "the node chosen") + (
        ", published" if report.passed else " (nothing published)"
    )
    s = page.section(f"{heading}: each column's generalization")
    heights = report.heights
    s.tables.append(
        HtmlTable(
            ["column", "level", "of its hierarchy's levels"],
            [
                [Cell(col), Cell(str(level), "num"), Cell(str(heights.get(col, "")), "num")]
                for col, level in report.node.items()
            ],
        )
    )
    values = [
        {"column": col, "level": level, "height": heights.get(col, level), "kind": "level published"}
        for col, level in report.node.items()
    ]
    base = alt.Chart(_data(alt, values))
    page.chart(
        s,
        alt.layer(
            base.mark_bar(color="#dddddd").encode(
                y=alt.Y("column:N", title=None, sort=None),
                x=alt.X("height:Q", title="hierarchy level (0: as is)"),
            ),
            base.mark_bar(color="#4c78a8").encode(
                y=alt.Y("column:N", sort=None),
                x="level:Q",
                tooltip=["column:N", "level:Q", alt.Tooltip("height:Q", title="top level")],
            ),
        ).properties(
            title="Generalization level of each quasi-identifier (grey: its hierarchy's top)", width=480
        ),
    )
    if report.minimal_nodes or report.node:
        _lattice(
            page,
            s,
            heights,
            report.search.get("max_level") or {},
            report.minimal_nodes,
            report.node,
            mark,
            alt,
        )


def _lattice(
    page: _Page,
    s: Section,
    heights: Mapping[str, int],
    caps: Mapping[str, int],
    minimal: Sequence[Mapping[str, int]],
    chosen: Mapping[str, int] | None,
    chosen_label: str,
    alt: Any,
    marks: Mapping[tuple[int, ...], str] | None = None,
) -> None:
    """The lattice: nodes by height (the sum of their levels), the minimal ones and the chosen
    one marked as ``chosen_label`` says (``marks``: a label per minimal node instead, e.g. the
    attacks it falls to)."""
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
                    # the area of its dot: the chosen node largest, the nodes of no interest tiny
                    "dot": 240 if n == chosen_t else (12 if kind == "other" else 110),
                }
            )
    if size > MAX_DRAWN_NODES:
        s.notes.append(f"The lattice has {size:,} nodes; the minimal ones are drawn.")
    kinds = sorted(
        {str(v["kind"]) for v in values}, key=lambda k: (k == "other", k != "chosen", _count_of(k), k)
    )
    ramp = ["#1a9850", "#fdae61", "#f46d43", "#d73027", "#a50026", "#67001f"]
    colours = [
        "#1f4e99"
        if k == "chosen"
        else "#d0d0d0"
        if k == "other"
        else (ramp[min(_count_of(k), len(ramp) - 1)] if marks is not None else "#e6550d")
        for k in kinds
    ]
    base = alt.Chart(_data(alt, values)).encode(
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
    page.chart(
        s,
        alt.layer(nodes, outline).properties(
            title=f"The lattice ({size:,} nodes): minimal nodes and {chosen_label}", width=620, height=260
        ),
    )


def _count_of(kind: str) -> int:
    """The number of attacks in an audit's mark ("minimal, vulnerable to 2 attacks")."""
    return next((int(w) for w in kind.split() if w.isdigit()), 0)


#: the width of the bins of a t-closeness distance (the gate rounds each class's down to it)
DISTANCE_BIN = 1 / DISTANCE_BINS


def _round_steps() -> Iterator[int]:
    """1, 2, 5, 10, 20, 50, ..."""
    scale = 1
    while True:
        yield from (scale, 2 * scale, 5 * scale)
        scale *= 10


def _count_axis(alt: Any, largest: int) -> tuple[Any, Any]:
    """The scale and axis of a count of classes: whole numbers only, from 0 to a round top
    (Vega's tickMinStep alone still puts ticks at halves, labelled 0, 1, 1, 2, 2 by "d")."""
    step = next(s for s in _round_steps() if largest <= 6 * s)
    top = max(step, -(-largest // step) * step)
    return (
        alt.Scale(domain=[0, top], nice=False),
        alt.Axis(values=list(range(0, top + 1, step)), format="d"),
    )


def _size_histogram(alt: Any, class_sizes: Sequence[Sequence[int]]) -> Any:
    """Classes by size, from ``class_sizes`` ([size, classes], smallest first): a bar per size
    when at most 40 fit, else bins of a round width. Binned here rather than by Vega, so that
    the counts, and so the axis, are known."""
    smallest, largest = class_sizes[0][0], class_sizes[-1][0]
    width = next(w for w in _round_steps() if largest // w - smallest // w < 40)
    bins: dict[int, list[int]] = {}
    for size, n in class_sizes:
        counts = bins.setdefault(size // width * width, [0, 0])
        counts[0] += n
        counts[1] += n * size
    values = [
        {
            # a bar per size is centred on it; a wider bin spans its sizes
            "from": low - 0.5 if width == 1 else low,
            "to": low + 0.5 if width == 1 else low + width,
            "sizes": f"{low:,}" if width == 1 else f"{low:,} to {low + width - 1:,}",
            "classes": classes,
            "rows": rows,
        }
        for low, (classes, rows) in sorted(bins.items())
    ]
    x = alt.X(
        "from:Q",
        title="class size (rows)" + ("" if width == 1 else f"; bins of {width:,}"),
        scale=alt.Scale(zero=False),
        axis=alt.Axis(tickMinStep=1, format="d"),
    )
    tooltip = [
        alt.Tooltip("sizes:N", title="class size"),
        alt.Tooltip("classes:Q", title="classes"),
        alt.Tooltip("rows:Q", title="rows"),
    ]
    return _count_bars(alt, values, x, tooltip).properties(title="Classes by size", width=560, height=220)


def _count_bars(alt: Any, values: list[dict[str, Any]], x: Any, tooltip: list[Any]) -> Any:
    """Bars of classes: each value's bar spans ``from`` to ``to`` on ``x`` and rises to its
    ``classes``, on a whole-number axis."""
    y_scale, y_axis = _count_axis(alt, max(v["classes"] for v in values))
    return (
        alt.Chart(_data(alt, values))
        .mark_bar(stroke="white", strokeWidth=0.5)
        .encode(
            x=x,
            x2="to:Q",
            y=alt.Y("classes:Q", title="classes", scale=y_scale, axis=y_axis),
            y2=alt.datum(0),
            tooltip=tooltip,
        )
    )


def _distances_section(page: _Page, report: Report, alt: Any) -> None:
    with_distances = [c for c in report.checks if c.get("distances")]
    if not with_distances:
        return
    s = page.section("Distances of the classes' distributions")
    for c in with_distances:
        t = c["params"].get("t")
        # the engine's bins (each class's distance rounded down), drawn as they are: binned
        # again by Vega, 0.29 would fall into 0.28's bar (0.29 / 0.01 = 28.999... in floats)
        values = [
            {"from": low, "to": round(low + DISTANCE_BIN, 9), "classes": n, "rows": r}
            for low, n, r in c["distances"]
        ]
        # t inside the chart, a bin's width from its right edge
        right = max([(t or 0.0) + DISTANCE_BIN, *(v["to"] for v in values)])
        bars = _count_bars(
            alt,
            values,
            alt.X(
                "from:Q",
                title=f"distance (bins of {DISTANCE_BIN:g})",
                scale=alt.Scale(domain=[0, right], nice=False),
            ),
            [
                alt.Tooltip("from:Q", title="distance from"),
                alt.Tooltip("to:Q", title="below"),
                "classes:Q",
                "rows:Q",
            ],
        )
        layers = [bars]
        if t is not None:
            layers.append(
                alt.Chart(_data(alt, [{"t": t}]))
                .mark_rule(color="#c0392b", strokeDash=[4, 3])
                .encode(x="t:Q")
            )
        title = f"{label(c['criterion'], c['params'])} on {c.get('attribute')}: classes by distance (red: t)"
        page.chart(s, alt.layer(*layers).properties(title=title, width=560, height=200))


def _risk_section(
    page: _Page, risk: Mapping[str, Any], checks: Sequence[Mapping[str, Any]], alt: Any
) -> None:
    """The risk figures, each against its limit when ``risk:`` sets one (a risk check)."""
    s = page.section("Re-identification risk")
    prosecutor = risk["prosecutor"]
    # (figure, its value, the key of its limit in risk:)
    figures = [
        ("prosecutor: highest", prosecutor["highest"], "prosecutor_highest"),
        ("prosecutor: average", prosecutor["average"], "prosecutor_average"),
        (
            f"prosecutor: records above {prosecutor['threshold']:g}",
            prosecutor["records_at_risk"],
            "records_at_risk",
        ),
        ("marketer", risk["marketer"], "marketer"),
        ("sample uniques", risk["sample_uniques"], "sample_uniques"),
    ]
    journalist = risk.get("journalist")
    if journalist:
        figures += [
            ("journalist: highest", journalist["highest"], "journalist_highest"),
            ("journalist: average", journalist["average"], "journalist_average"),
            (
                f"journalist: records above {journalist['threshold']:g}",
                journalist["records_at_risk"],
                "journalist_records_at_risk",
            ),
        ]
    limits = {
        key: (value, c["passed"])
        for c in checks
        if c["criterion"] == "risk"
        for key, value in c["params"].items()
    }
    rows = []
    values = []
    for name, v, key in figures:
        limit, passed = limits.get(key, (None, True))
        rows.append(
            [
                Cell(name),
                Cell(_fmt(v), "num"),
                Cell("" if limit is None else f"{limit:g}", "num"),
                Cell(
                    "" if limit is None else ("within" if passed else "EXCEEDED"), "ok" if passed else "fail"
                ),
            ][: 4 if limits else 2]
        )
        if v is not None:
            values.append(
                {"figure": name, "value": v, "limit": limit, "over": "within" if passed else "over its limit"}
            )
    head = ["figure", "value", "limit", ""] if limits else ["figure", "value"]
    s.tables.append(HtmlTable(head, rows))
    base = alt.Chart(_data(alt, values)).encode(y=alt.Y("figure:N", title=None, sort=None))
    bars = base.mark_bar().encode(
        x=alt.X("value:Q", scale=alt.Scale(domain=[0, 1]), title=None),
        color=alt.Color(
            "over:N",
            title=None,
            scale=alt.Scale(domain=["within", "over its limit"], range=["#4c78a8", "#c0392b"]),
            legend=alt.Legend(orient="bottom") if limits else None,
        ),
        tooltip=["figure:N", alt.Tooltip("value:Q", format=".4g"), alt.Tooltip("limit:Q", format=".4g")],
    )
    layers = [bars]
    if limits:
        # each limit a dark tick across its figure's bar
        layers.append(
            base.transform_filter("isValid(datum.limit)")
            .mark_tick(color="#111111", thickness=2, size=18)
            .encode(x="limit:Q", tooltip=["figure:N", alt.Tooltip("limit:Q", format=".4g")])
        )
    title = "Risk figures (shares, 0 to 1)" + ("; ticks: the limits risk: sets" if limits else "")
    page.chart(s, alt.layer(*layers).properties(title=title, width=480))


def _cost_section(page: _Page, report: Report) -> None:
    s = page.section("What the release cost")
    rows = [[Cell("rows in"), Cell(_fmt(report.rows_in), "num")]]
    if report.rows_out is not None:
        rows.append([Cell("rows out"), Cell(_fmt(report.rows_out), "num")])
    if report.suppressed_rows is not None:
        rows.append([Cell("rows suppressed"), Cell(_fmt(report.suppressed_rows), "num")])
    for key, name in (("in", "people in"), ("out", "people out"), ("suppressed", "people suppressed")):
        if report.people is not None and key in report.people:
            rows.append([Cell(name), Cell(_fmt(report.people[key]), "num")])
    for name, value in report.metrics.items():
        if not isinstance(value, Mapping):
            rows.append(
                [
                    Cell(
                        name
                        + (" (the metric chosen)" if report.metric and report.metric["name"] == name else "")
                    ),
                    Cell(_fmt(value), "num"),
                ]
            )
    s.tables.append(HtmlTable(["", ""], rows))


# -- an audit --------------------------------------------------------------------------------
def _audit_page(report: AuditReport) -> str:
    import altair as alt

    page = _Page()
    s = page.section("What was audited")
    s.tables.append(
        HtmlTable(
            ["", ""],
            [
                [Cell("criteria"), Cell("; ".join(report.criteria))],
                [Cell("suppression limit"), Cell(f"{report.suppression_limit:g}")],
                [Cell("rows"), Cell(_fmt(report.rows_in))],
                *([[Cell("people"), Cell(_fmt(report.people["in"]))]] if report.people is not None else []),
                [Cell("minimal nodes"), Cell(_fmt(len(report.nodes)))],
            ],
        )
    )
    settings = report.settings
    here = {
        "homogeneity": "",
        "negation": f"negations = {settings['negations']}",
        "similarity": f"similarity_level = {settings['similarity_level']}",
        "skewness": "; ".join(
            f"{c}: {how['distance']} distance ({how['distance_from']}), t = {how['t']:g} ({how['t_from']})"
            for c, how in settings["skewness"].items()
        ),
        "inference": f"inference_gain = {settings['inference_gain']:g}",
    }
    s.tables.append(
        HtmlTable(
            ["attack", "a class is vulnerable when", "here"],
            [[Cell(a), Cell(d), Cell(here[a])] for a, d in report.attacks().items()],
        )
    )
    for column, why in report.notes.get("similarity", {}).items():
        s.notes.append(f"similarity not measured on {column}: {why}")
    if "chosen" in report.notes:
        s.notes.append(f"Note: {report.notes['chosen']}.")
    if report.nodes:
        s = page.section("Attacks per minimal node")
        columns = list(report.nodes[0].node)
        unit = report.unit
        head = ["", "node", unit, *ATTACKS]
        rows = []
        values = []
        for n in report.nodes:
            name = "(" + ",".join(str(v) for v in n.node.values()) + ")" + (" *" if n.chosen else "")
            published = _fmt(n.rows) + (f" ({n.suppressed_rows:,} suppressed)" if n.suppressed_rows else "")
            cells = [Cell("chosen" if n.chosen else ""), Cell(name, "nowrap"), Cell(published, "num")]
            for attack in ATTACKS:
                entry = n.attacks[attack]
                if entry is None:
                    cells.append(Cell("n/a"))
                    continue
                vulnerable = entry["classes"] > 0
                cells.append(
                    Cell(
                        f"{entry['classes']:,} / {entry[unit]:,}" if vulnerable else "resists",
                        "fail" if vulnerable else "ok",
                    )
                )
                values.append(
                    {
                        "node": name,
                        "attack": attack,
                        unit: entry[unit],
                        "share": entry[unit] / n.rows if n.rows else 0.0,
                        "classes": entry["classes"],
                        "cell": f"{entry['classes']:,}/{entry[unit]:,}" if vulnerable else "-",
                    }
                )
            rows.append(cells)
        marked = "; * the node anonymize chooses" if any(n.chosen for n in report.nodes) else ""
        s.notes.append(
            f"A node gives the levels of {', '.join(columns)}. Cells: vulnerable classes / their {unit}{marked}."
        )
        s.tables.append(HtmlTable(head, rows))
        heat = alt.Chart(
            _data(alt, values), title=f"Share of each node's {unit} in vulnerable classes"
        ).encode(
            x=alt.X("attack:N", sort=list(ATTACKS), title=None, axis=alt.Axis(labelAngle=0, orient="top")),
            y=alt.Y("node:N", sort=None, title=None),
        )
        page.chart(
            s,
            alt.layer(
                heat.mark_rect(stroke="#eeeeee").encode(
                    color=alt.Color(
                        "share:Q",
                        title=f"share of {unit}",
                        # a square root, so that a few vulnerable rows still show
                        scale=alt.Scale(
                            type="sqrt", domain=[0, 1], range=["#ffffff", "#a50f15"], interpolate="rgb"
                        ),
                    ),
                    tooltip=[
                        "node:N",
                        "attack:N",
                        "classes:Q",
                        f"{unit}:Q",
                        alt.Tooltip("share:Q", format=".2%"),
                    ],
                ),
                heat.mark_text(fontSize=10).encode(text="cell:N"),
            ).properties(width=520),
        )
        chosen = next((n.node for n in report.nodes if n.chosen), None)
        marks = {}
        for n in report.nodes:
            count = sum(bool(n.vulnerable(a)) for a in ATTACKS)
            marks[tuple(n.node.values())] = (
                f"minimal, vulnerable to {count} attack{'s' if count != 1 else ''}"
            )
        s = page.section("The lattice")
        _lattice(
            page,
            s,
            report.heights,
            {},
            [n.node for n in report.nodes],
            chosen,
            "the node anonymize chooses",
            alt,
            marks,
        )
    verdict = (
        f"sqlanon audit: {len(report.nodes)} minimal node{'s' if len(report.nodes) != 1 else ''}"
        if report.passed
        else "sqlanon audit: FAILED"
    )
    return page.render("sqlanon audit report", verdict, report.passed, report.message, False)


__all__ = ["render_html"]
