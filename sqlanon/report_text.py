"""The text report people read on the terminal: a verdict line, a few aligned facts (node,
rows, metric, risk, warnings, output) and a table of the checks; ``verbose`` adds how the
search went. Rendered with rich (no colour: the text goes to logs and pipes as well). Names,
labels and paths in it are the data's: each piece of text is shown as it is, never read as
rich markup, with characters a terminal would act on escaped (printable.visible)."""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from sqlanon.printable import visible
from sqlanon.report import IDENTIFIERS
from sqlanon.risk import CRITERION as RISK
from sqlanon.risk import summary_lines

if TYPE_CHECKING:
    from sqlanon.report import Report
#: the text's width when no terminal gives one: long enough that a line is never cut
WIDE = 1_000_000


def render(report: Report, verbose: bool = False, width: int | None = None) -> str:
    """``report`` as text; ``width``: the terminal's columns (None: lines are not wrapped)."""
    head = f"sqlanon {report.command}: {'PASSED' if report.passed else 'FAILED'}" + (
        f" - {report.message}" if report.message else ""
    )
    lines = facts(report, verbose)
    out = io.StringIO()
    console = Console(
        file=out, width=width or WIDE, color_system=None, highlight=False, emoji=False, soft_wrap=False
    )
    console.print(visible(head), markup=False)
    print_facts(console, lines)
    rows = [check_row(c) for c in report.checks]
    checks = Table(box=None, pad_edge=False, padding=(0, 2), show_edge=False)
    for name, right in (
        ("", False),
        ("criterion", False),
        ("on", False),
        ("observed", True),
        ("violating classes", True),
        ("rows", True),
    ):
        checks.add_column(name, justify="right" if right else "left", no_wrap=True)
    for row in rows:
        checks.add_row(*(shown(cell) for cell in row))
    stacked = [
        (
            status,
            f"{criterion}" + (f" on {on}" if on else ""),
            [
                f"{k} {v}"
                for k, v in (("observed", observed), ("violating classes", classes), ("rows", n))
                if v
            ],
        )
        for status, criterion, on, observed, classes, n in rows
    ]
    if report.checks:
        console.print()
        console.print(indented(fitted(console, checks, stacked)))
    listed = [len(c["violations"]) for c in report.checks if c.get("violations")]
    if listed:
        console.print(
            f"  {sum(listed)} violating class(es) of {len(listed)} criterion(s) listed in the JSON report "
            "or HTML page (never on the terminal)",
            markup=False,
        )
    return "\n".join(line.rstrip() for line in out.getvalue().rstrip("\n").splitlines())


def print_facts(console: Console, facts: list[tuple[str, str]]) -> None:
    """Aligned ``key  value`` lines, two spaces in; values wrap at words to the console's
    width, except where the release was written (a path stays whole, to be copied)."""
    longest = max((len(k) for k, _ in facts), default=0)
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True, min_width=longest)
    grid.add_column(overflow="fold")
    whole = [(k, v) for k, v in facts if k == "written"]
    for key, value in facts:
        if key != "written":
            grid.add_row(shown(key), shown(value))
    console.print(indented(grid))
    for key, value in whole:
        console.print(f"  {key.ljust(longest + 2)}{visible(value)}", markup=False, soft_wrap=True)


def fitted(console: Console, table: Table, stacked: list[tuple[str, str, list[str]]]) -> Table:
    """``table`` when its rows fit the console's width, else the same rows stacked: per row a
    mark, then its title and, on lines of their own, its figures (``name value`` items, a line
    broken only between two items unless one alone is too long)."""
    if Measurement.get(console, console.options, table).maximum + 2 <= console.width:
        return table
    marks = max((len(mark) for mark, _, _ in stacked), default=0)
    room = max(console.width - 2 - marks - 2, 20)  # the indent, the marks, the padding
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True)
    grid.add_column(overflow="fold")
    for mark, title, figures in stacked:
        lines: list[str] = []
        for item in map(visible, figures):
            if lines and len(lines[-1]) + 2 + len(item) <= room:
                lines[-1] += ", " + item
            else:
                lines.append(item)
        grid.add_row(shown(mark), Text("\n".join([visible(title), *lines])))
    return grid


def shown(text: str) -> Text:
    """A table cell holding ``text`` as it is (no markup), characters a terminal would act on
    escaped (printable.visible)."""
    return Text(visible(text))


def indented(table: Table) -> Table:
    """``table`` two spaces in."""
    outer = Table.grid()
    outer.add_column(width=2)
    outer.add_column()
    outer.add_row("", table)
    return outer


def facts(report: Report, verbose: bool) -> list[tuple[str, str]]:
    """The report's aligned facts: (key, value) lines (``verbose``: how the search went too)."""
    facts: list[tuple[str, str]] = []
    search = report.search
    if report.node is not None:
        how = ""
        if search.get("strategy") == "apply":
            how = f" (applied: {search['node_from']}, no search)"
        facts.append(("node", ", ".join(f"{k}={v}" for k, v in report.node.items()) + how))
    if "fallback_from" in search:
        fallback = search["fallback_from"]
        facts.append(
            (
                "fallback",
                "searched instead of applying "
                + ", ".join(f"{k}={v}" for k, v in fallback["node"].items())
                + f" (apply_fallback: search): it {fallback['why']}",
            )
        )
    if verbose and report.node is not None and search.get("strategy") != "apply":
        facts.append(("minimal nodes", str(len(report.minimal_nodes))))
    if verbose and "lattice_size" in search:
        checked, evaluations = search["nodes_checked"], search["evaluations"]
        facts.append(
            (
                "search",
                f"{search['strategy']}, {checked:,} of {search['lattice_size']:,} lattice nodes checked"
                + (
                    f" ({evaluations:,} evaluations: some nodes were checked in two parts)"
                    if evaluations != checked
                    else ""
                )
                + (
                    f", in embedded DuckDB on this machine ({search['copied_rows']:,} rows of encoded tables copied; "
                    f"{search['search_in_why']})"
                    if search.get("search_in") == "local"
                    else f", in the engine ({search['search_in_why']})"
                    if "search_in_why" in search
                    else ""
                ),
            )
        )
    if "max_level" in search:
        facts.append(("max_level", ", ".join(f"{k}={v}" for k, v in search["max_level"].items())))
    if "most_general" in search:
        top = search["most_general"]
        facts.append(
            (
                "most general",
                ", ".join(f"{k}={v}" for k, v in top["node"].items())
                + f": {top['violating_rows']:,} rows in violating classes, the suppression limit allows "
                f"{top['allowed_rows']:,} (the checks below are this node's, before suppression)",
            )
        )
    if search.get("strategy") == "mondrian":
        partitions = search["partitions"]
        facts.append(
            (
                "mondrian",
                f"{partitions} partition{'s' if partitions != 1 else ''}"
                + (f", {search['rounds']} rounds, {search['statements']} statements" if verbose else ""),
            )
        )
    if report.rows_out is None:
        rows = f"{report.rows_in:,}"
    else:
        rows = f"{report.rows_in:,} in, {report.rows_out:,} out, {report.suppressed_rows:,} suppressed"
    facts.append(("rows", rows))
    if report.metric is not None:
        weights = report.metric.get("weights")
        facts.append(
            (
                report.metric["name"],
                fmt(report.metric["value"])
                + (
                    " (weighted: " + ", ".join(f"{k}={v:g}" for k, v in weights.items()) + ")"
                    if weights
                    else ""
                ),
            )
        )
    if verbose:
        shown = report.metric["name"] if report.metric is not None else None
        facts.extend(
            (name, fmt(value))
            for name, value in report.metrics.items()
            if name != shown and not isinstance(value, Mapping)
        )
    if verbose:
        facts.extend(cost_lines(report.costs))
    if report.risk is not None:
        facts.extend(("risk", line) for line in summary_lines(report.risk))
    facts.extend(("warning", w) for w in report.warnings)
    if report.output:
        facts.append(("written", report.output))
    return facts


def cost_lines(costs: Mapping[str, Any]) -> list[tuple[str, str]]:
    """What a run cost (a report's ``costs``), as facts: the statements and seconds in all
    (each engine's statements when there were several), then a line per stage."""
    if not costs:
        return []
    engines = costs["engines"]
    which = (
        " (" + ", ".join(f"{kind} {e['statements']:,}" for kind, e in engines.items()) + ")"
        if len(engines) > 1
        else ""
    )
    lines = [
        (
            "cost",
            f"{costs['statements']:,} statements{which}, {costs['engine_seconds']:.3f} s in the engine, "
            f"{costs['seconds']:.3f} s in all",
        )
    ]
    lines.extend(
        (
            "  " + stage["stage"],
            f"{stage['statements']:,} statements, {stage['engine_seconds']:.3f} s in the engine, "
            f"{stage['seconds']:.3f} s in all",
        )
        for stage in costs["stages"]
    )
    return lines


def check_row(c: Mapping[str, Any], show: Callable[[Any], str] | None = None) -> tuple[str, ...]:
    """A check entry as the checks table shows it: status (ok, warn, FAIL), criterion, the
    columns it is on, observed (``show`` formats a number: :func:`fmt` by default), violating
    classes, rows (counts with thousands separators; "" when there is none)."""
    show = show or fmt
    status = "ok" if c["passed"] else ("warn" if c.get("severity") == "warn" else "FAIL")
    if c["criterion"] == RISK:
        ((key, limit), *_) = c["params"].items()
        return status, f"{RISK} {key} <= {limit:g}", "", show(c["observed"]), "", ""
    if c["criterion"] == IDENTIFIERS:
        held = ", ".join(c["observed"])
        declared = ", ".join(c["attribute"])
        what = f"still held: {held}" if held else "all gone"
        return status, IDENTIFIERS, declared, what, "", _count(c["violating_rows"] or 0)
    attribute = c["attribute"]
    on = ", ".join(attribute) if isinstance(attribute, list) else (attribute or "")
    return (
        status,
        label(c["criterion"], c["params"]),
        on,
        show(c["observed"]),
        _count(c["violating_classes"]),
        _count(c["violating_rows"]),
    )


def _count(n: int | None) -> str:
    """A count with thousands separators ("" when there is none)."""
    return "" if n is None else f"{n:,}"


def label(kind: str, params: Mapping[str, Any]) -> str:
    """``kind (variant, k=v, ...)``: the numbers of its parameters (lists of values, which name
    sensitive values, are left out)."""
    variant = str(params.get("variant") or params.get("distance") or "")
    shown = [
        f"{k}={v:g}" if isinstance(v, float) else f"{k}={v}"
        for k, v in params.items()
        if k not in ("variant", "distance", "severity", "multi_attribute")
        and isinstance(v, (int, float, str))
        and not isinstance(v, bool)
    ]
    inside = ", ".join(([variant] if variant else []) + shown)
    return kind + (f" ({inside})" if inside else "")


def fmt(value: Any) -> str:
    if value is None:
        return "unbounded"
    if isinstance(value, float):
        return f"{value:.6g}"
    return str(value)
