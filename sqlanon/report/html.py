"""The HTML report (``--html PATH``): one self-contained page a person reads in a browser.

The charts are Vega-Lite specifications built with altair and drawn by Vega-Embed; the Vega,
Vega-Lite and Vega-Embed scripts come bundled from vl-convert (no network: the page fetches
nothing, and its Content-Security-Policy forbids it). The page holds counts only: the
violating classes' labels appear when ``--show-violations`` put them in the report.

The same sections, tables and charts make the report's display in a notebook
(:mod:`sqlanon.report.notebook`): :func:`build` gives them, with no chart when altair is
missing. This module never imports the reports' classes (they display themselves through it):
it reads them through the protocols below.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, Protocol, cast

import jinja2

from sqlanon.config.audit import ATTACKS
from sqlanon.errors import InputError
from sqlanon.report import charts, text
from sqlanon.report.entries import label, why_reason
from sqlanon.report.text import check_row, facts


class Report(text.Report, Protocol):
    """What the page of a run reads (:class:`sqlanon.report.model.Report`)."""

    heights: dict[str, int]
    class_sizes: list[list[int]]
    source: str | None

    def text(self, verbose: bool = False, width: int | None = None) -> str: ...


class NodeAudit(text.NodeAudit, Protocol):
    """What the page of an audit reads of one node (:class:`sqlanon.report.audit.NodeAudit`)."""

    def vulnerable(self, attack: str) -> bool | None: ...


class AuditReport(Protocol):
    """What the page of an audit reads (:class:`sqlanon.report.audit.AuditReport`)."""

    command: str
    passed: bool
    message: str
    rows_in: int
    criteria: list[str]
    suppression_limit: float
    settings: dict[str, Any]
    search: dict[str, Any]
    notes: dict[str, Any]
    heights: dict[str, int]
    people: dict[str, int] | None

    @property
    def unit(self) -> str: ...

    @property
    def nodes(self) -> Sequence[NodeAudit]: ...

    def attacks(self) -> dict[str, str]: ...

    def text(self, verbose: bool = False, width: int | None = None) -> str: ...


#: the packages the page needs (the ``html`` extra): module -> its name on PyPI
PACKAGES = {"altair": "altair", "vl_convert": "vl-convert-python"}


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


def missing_packages() -> list[str]:
    """The packages of the ``html`` extra that cannot be imported (their names on PyPI). Each is
    imported, not only looked for: an installed package that cannot be imported would fail the
    page later."""
    missing = []
    for module, package in PACKAGES.items():
        try:
            importlib.import_module(module)
        except ImportError:
            missing.append(package)
    return missing


def require_packages() -> None:
    """An :class:`InputError` saying what to install when a package the page needs is missing
    (the ``html`` extra, left out of sqlanon's base install): called before a run does any work,
    so that ``--html`` without them publishes nothing (:func:`missing_packages`)."""
    missing = missing_packages()
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


def template(name: str) -> jinja2.Template:
    """A template of this folder (``page.html.j2``, ``notebook.html.j2``; both import
    ``parts.html.j2``), values escaped."""
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(Path(__file__).parent),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
    )
    return env.get_template(name)


#: how the page names a source that is not a file or a table (its text or data never shown)
_SOURCE_NAMES = {
    "query": "the source query (its text is not shown)",
    "relation": "the relation given as source",
}


class Page:
    """The sections and charts of one report: the page's (:func:`render_html`) or the
    notebook's (:mod:`sqlanon.report.notebook`). ``alt``: altair, or None to build the
    sections with no chart (the ``html`` extra missing)."""

    def __init__(self, alt: Any) -> None:
        self.alt = alt
        self.sections: list[Section] = []
        #: chart id -> its Vega-Lite specification (a dict)
        self.specs: dict[str, Any] = {}
        self.title = ""
        self.verdict = ""
        self.passed = False
        self.message = ""
        #: what was read (check: the table checked), as the configuration names it
        self.source: str | None = None
        #: the violating classes' labels are on the page (--show-violations asked for them)
        self.values_shown = False

    def section(self, title: str) -> Section:
        self.sections.append(Section(title))
        return self.sections[-1]

    def chart(self, section: Section, build: Callable[[Any], Any]) -> None:
        """Add the chart ``build(alt)`` makes to ``section`` (nothing without altair)."""
        if self.alt is None:
            return
        spec = build(self.alt)
        chart_id = f"chart{len(self.specs)}"
        self.specs[chart_id] = spec.to_dict() if hasattr(spec, "to_dict") else spec
        section.charts.append({"id": chart_id, "svg": ""})

    def context(self) -> dict[str, Any]:
        """What the templates read: the page's parts (``parts.html.j2``)."""
        from sqlanon.report.metadata import sqlanon_version

        return {
            "title": self.title,
            "verdict": self.verdict,
            "passed": self.passed,
            "message": self.message,
            "source": None if self.source is None else _SOURCE_NAMES.get(self.source, self.source),
            "sections": self.sections,
            "version": sqlanon_version(),
            "values_shown": self.values_shown,
        }

    def html(self) -> str:
        """The whole page, Vega's scripts inline."""
        return template("page.html.j2").render(**self.context(), specs=self.specs, bundle=_bundle())


def number(value: Any, digits: int = 6, missing: str = "unbounded") -> str:
    """A figure as the pages show it: a float to ``digits`` significant digits, an int with
    thousands separators, None as ``missing``."""
    if value is None:
        return missing
    if isinstance(value, float):
        return f"{value:.{digits}g}"
    if isinstance(value, int):
        return f"{value:,}"
    return str(value)


def build(report: Report | AuditReport, alt: Any) -> Page:
    """The sections of a run's report (anonymize, apply, check) or an audit's; their charts
    built with ``alt`` (altair; None: no chart)."""
    if report.command == "audit":
        return _audit_page(cast(AuditReport, report), alt)
    own = getattr(report, "build_page", None)
    if own is not None:  # a report that lays out its own page (explore's)
        return cast(Page, own(alt))
    return _run_page(cast(Report, report), alt)


def render_html(report: Report | AuditReport) -> str:
    """The HTML page of a run's report (anonymize, apply, check) or an audit's."""
    import altair as alt

    return build(report, alt).html()


# -- a run: anonymize, apply, check --------------------------------------------------------
def _run_page(report: Report, alt: Any) -> Page:
    page = Page(alt)
    s = page.section("The run")
    s.tables.append(HtmlTable(["", ""], [[Cell(key), Cell(value)] for key, value in facts(report, True)]))
    _checks_section(page, report)
    if report.node is not None:
        _node_section(page, report)
    if report.why_coarse:
        _why_section(page, report.why_coarse)
    if report.class_sizes:
        s = page.section("Class sizes")
        s.notes.append(
            f"{sum(n for _, n in report.class_sizes):,} classes of the "
            + ("release" if report.command != "check" else "table")
            + "; a class is the rows sharing their quasi-identifiers' values."
        )
        sizes, k = report.class_sizes, smallest_k(report.checks)
        page.chart(s, lambda alt: charts.size_histogram(alt, sizes, k))
    _distances_section(page, report)
    if report.risk is not None:
        _risk_section(page, report.risk, report.checks)
    if report.command != "check":
        _cost_section(page, report)
    page.title = f"sqlanon {report.command} report"
    page.verdict = f"sqlanon {report.command}: {'PASSED' if report.passed else 'FAILED'}"
    page.passed, page.message, page.source = report.passed, report.message, report.source
    page.values_shown = any(c.get("violations") for c in report.checks)
    return page


def smallest_k(checks: Sequence[Mapping[str, Any]]) -> int | None:
    """The smallest k of the report's k-anonymity checks (None: none)."""
    ks = [int(c["params"]["k"]) for c in checks if c["criterion"] == "k-anonymity"]
    return min(ks) if ks else None


#: the style of a check's status cell
_STATUS_CSS = {"ok": "ok", "warn": "warn", "FAIL": "fail"}


def _checks_section(page: Page, report: Report) -> None:
    s = page.section("Verdict per criterion")
    rows = []
    for c in report.checks:
        status, title, on, observed, classes, violating = check_row(c, show=number)
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
                + [Cell(number(entry[unit]), "num"), Cell(number(entry["observed"]), "num")]
                for entry in c["violations"]
            ]
            title = label(c["criterion"], c.get("params") or {})
            caption = f"Violating classes of {title} (asked for with --show-violations), worst first:"
            s.tables.append(HtmlTable(head, listed, caption))


def _node_section(page: Page, report: Report) -> None:
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

    def levels(alt: Any) -> Any:
        base = alt.Chart(charts.data(alt, values))
        return alt.layer(
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
        )

    page.chart(s, levels)
    if report.minimal_nodes or report.node:
        _lattice(
            page,
            s,
            heights,
            report.search.get("max_level") or {},
            report.minimal_nodes,
            report.node,
            mark,
        )


def _why_section(page: Page, why: Mapping[str, Any]) -> None:
    """Why the release is not finer: per quasi-identifier, what stops it one level lower."""
    s = page.section("Why not finer")
    s.notes.append(
        f"Each column one level lower at the node chosen, the others as chosen: {why['nodes_evaluated']} "
        "node(s) evaluated as the search evaluates a node. Counts only, never a value of the data."
    )
    rows = []
    for column, entry in why["columns"].items():
        lower = entry["lower"]
        status = "" if lower is None else ("allowed" if lower["ok"] else "stopped")
        rows.append(
            [
                Cell(column),
                Cell(str(entry["level"]), "num"),
                Cell(status, "" if lower is None else ("ok" if lower["ok"] else "fail")),
                Cell(why_reason(entry, why["unit"], why["allowed"])),
            ]
        )
    s.tables.append(HtmlTable(["column", "level chosen", "one level lower", "what stops it"], rows))


def _lattice(
    page: Page,
    s: Section,
    heights: Mapping[str, int],
    caps: Mapping[str, int],
    minimal: Sequence[Mapping[str, int]],
    chosen: Mapping[str, int] | None,
    chosen_label: str,
    marks: Mapping[tuple[int, ...], str] | None = None,
) -> None:
    """The lattice's chart (:func:`charts.lattice`) in section ``s``, with its note."""
    chart, note = charts.lattice(heights, caps, minimal, chosen, chosen_label, marks)
    if note:
        s.notes.append(note)
    page.chart(s, chart)


def _distances_section(page: Page, report: Report) -> None:
    """The charts of the t-closeness distances (charts only: no section without altair)."""
    with_distances = [c for c in report.checks if c.get("distances")]
    alt = page.alt
    if not with_distances or alt is None:
        return
    s = page.section("Distances of the classes' distributions")
    for c in with_distances:
        t = c["params"].get("t")
        # the engine's bins (each class's distance rounded down), drawn as they are: binned
        # again by Vega, 0.29 would fall into 0.28's bar (0.29 / 0.01 = 28.999... in floats)
        values = [
            {"from": low, "to": round(low + charts.DISTANCE_BIN, 9), "classes": n, "rows": r}
            for low, n, r in c["distances"]
        ]
        # t inside the chart, a bin's width from its right edge
        right = max([(t or 0.0) + charts.DISTANCE_BIN, *(v["to"] for v in values)])
        bars = charts.count_bars(
            alt,
            values,
            alt.X(
                "from:Q",
                title=f"distance (bins of {charts.DISTANCE_BIN:g})",
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
                alt.Chart(charts.data(alt, [{"t": t}]))
                .mark_rule(color="#c0392b", strokeDash=[4, 3])
                .encode(x="t:Q")
            )
        title = f"{label(c['criterion'], c['params'])} on {c.get('attribute')}: classes by distance (red: t)"
        chart = alt.layer(*layers).properties(title=title, width=560, height=200)
        page.chart(s, charts.made(chart))


def _risk_section(page: Page, risk: Mapping[str, Any], checks: Sequence[Mapping[str, Any]]) -> None:
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
                Cell(number(v), "num"),
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

    def risk_chart(alt: Any) -> Any:
        base = alt.Chart(charts.data(alt, values)).encode(y=alt.Y("figure:N", title=None, sort=None))
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
        return alt.layer(*layers).properties(title=title, width=480)

    page.chart(s, risk_chart)


def _cost_section(page: Page, report: Report) -> None:
    s = page.section("What the release cost")
    rows = [[Cell("rows in"), Cell(number(report.rows_in), "num")]]
    if report.rows_out is not None:
        rows.append([Cell("rows out"), Cell(number(report.rows_out), "num")])
    if report.suppressed_rows is not None:
        rows.append([Cell("rows suppressed"), Cell(number(report.suppressed_rows), "num")])
    for key, name in (("in", "people in"), ("out", "people out"), ("suppressed", "people suppressed")):
        if report.people is not None and key in report.people:
            rows.append([Cell(name), Cell(number(report.people[key]), "num")])
    for name, value in report.metrics.items():
        if not isinstance(value, Mapping):
            rows.append(
                [
                    Cell(
                        name
                        + (" (the metric chosen)" if report.metric and report.metric["name"] == name else "")
                    ),
                    Cell(number(value), "num"),
                ]
            )
    s.tables.append(HtmlTable(["", ""], rows))


# -- an audit --------------------------------------------------------------------------------
def _audit_page(report: AuditReport, alt: Any) -> Page:
    page = Page(alt)
    s = page.section("What was audited")
    s.tables.append(
        HtmlTable(
            ["", ""],
            [
                [Cell("criteria"), Cell("; ".join(report.criteria))],
                [Cell("suppression limit"), Cell(f"{report.suppression_limit:g}")],
                [Cell("rows"), Cell(number(report.rows_in))],
                *([[Cell("people"), Cell(number(report.people["in"]))]] if report.people is not None else []),
                [Cell("minimal nodes"), Cell(number(len(report.nodes)))],
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
            published = number(n.rows) + (f" ({n.suppressed_rows:,} suppressed)" if n.suppressed_rows else "")
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

        def heat_map(alt: Any) -> Any:
            heat = alt.Chart(
                charts.data(alt, values), title=f"Share of each node's {unit} in vulnerable classes"
            ).encode(
                x=alt.X(
                    "attack:N", sort=list(ATTACKS), title=None, axis=alt.Axis(labelAngle=0, orient="top")
                ),
                y=alt.Y("node:N", sort=None, title=None),
            )
            return alt.layer(
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
            ).properties(width=520)

        page.chart(s, heat_map)
        chosen = next((n.node for n in report.nodes if n.chosen), None)
        marks = {}
        for n in report.nodes:
            count = sum(bool(n.vulnerable(a)) for a in ATTACKS)
            marks[tuple(n.node.values())] = (
                f"minimal, vulnerable to {count} attack{'s' if count != 1 else ''}"
            )
        s = page.section("The lattice")
        # the lattice the search read: each column up to its max_level, as the JSON's lattice_size
        _lattice(
            page,
            s,
            report.heights,
            report.search.get("max_level") or {},
            [n.node for n in report.nodes],
            chosen,
            "the node anonymize chooses",
            marks,
        )
    page.title = "sqlanon audit report"
    page.verdict = (
        f"sqlanon audit: {len(report.nodes)} minimal node{'s' if len(report.nodes) != 1 else ''}"
        if report.passed
        else "sqlanon audit: FAILED"
    )
    page.passed, page.message = report.passed, report.message
    return page


__all__ = ["Page", "build", "missing_packages", "render_html", "require_packages"]
