"""The text report people read on the terminal: a verdict line, a few aligned facts (node,
rows, metric, risk, warnings, output) and a table of the checks; ``verbose`` adds how the
search went; ``sqlanon audit``'s table too (:func:`render_audit`). Rendered with rich (no colour: the text goes to logs and pipes as well). Names,
labels and paths in it are the data's: each piece of text is shown as it is, never read as
rich markup, with characters a terminal would act on escaped (printable.visible)."""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from rich.console import Console
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from sqlanon.config.audit import ATTACKS
from sqlanon.gate.risk import CRITERION as RISK
from sqlanon.gate.risk import summary_lines
from sqlanon.report.entries import IDENTIFIERS, label, why_reason
from sqlanon.sql.printable import visible


class Report(Protocol):
    """What the text of a run's report reads (:class:`sqlanon.report.model.Report`, which
    renders itself with :func:`render`: this module never imports it)."""

    command: str
    passed: bool
    message: str
    rows_in: int
    rows_out: int | None
    suppressed_rows: int | None
    people: dict[str, int] | None
    checks: list[dict[str, Any]]
    node: dict[str, int] | None
    minimal_nodes: list[dict[str, int]]
    metric: dict[str, Any] | None
    metrics: dict[str, Any]
    output: str | None
    returned: bool
    search: dict[str, Any]
    why_coarse: dict[str, Any] | None
    warnings: list[str]
    risk: dict[str, Any] | None
    costs: dict[str, Any]


class NodeAudit(Protocol):
    """What the audit's table reads of one node (:class:`sqlanon.report.audit.NodeAudit`)."""

    @property
    def node(self) -> dict[str, int]: ...
    @property
    def rows(self) -> int: ...
    @property
    def suppressed_rows(self) -> int: ...
    @property
    def attacks(self) -> dict[str, dict[str, Any] | None]: ...
    @property
    def chosen(self) -> bool: ...


class AuditReport(Protocol):
    """What the text of an audit reads (:class:`sqlanon.report.audit.AuditReport`)."""

    passed: bool
    message: str
    criteria: list[str]
    suppression_limit: float
    settings: dict[str, Any]
    search: dict[str, Any]
    notes: dict[str, Any]
    costs: dict[str, Any]
    #: with ``person:``: {"in": the source's people}; None when each row is a person
    people: dict[str, int] | None

    @property
    def unit(self) -> str: ...

    @property
    def nodes(self) -> Sequence[NodeAudit]: ...

    def vulnerable_nodes(self) -> dict[str, int | None]: ...


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
        ("rows" if report.people is None else "people", True),
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
                for k, v in (
                    ("observed", observed),
                    ("violating classes", classes),
                    ("rows" if report.people is None else "people", n),
                )
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
    why = report.why_coarse
    if why:
        console.print()
        console.print("  Why not finer (each column one level lower at the node chosen):", markup=False)
        print_facts(console, why_lines(why))
    return "\n".join(line.rstrip() for line in out.getvalue().rstrip("\n").splitlines())


def micro_text(micro: Mapping[str, Any]) -> str:
    """The report's ``microaggregation`` in a sentence: per column its function and its loss."""
    parts = []
    for name, m in micro.items():
        loss = (
            "" if m["mae"] is None else f", mean absolute error {m['mae']:.4g}, squared errors {m['sse']:.4g}"
        )
        parts.append(f"{name!r} {m['function']}{loss}")
    return "; ".join(parts)


def recoding_text(recoding: Mapping[str, Any]) -> str:
    """The report's ``local_recoding`` in a sentence: rows recoded per iteration and at which
    node, the rows still suppressed, and why it stopped."""
    steps = []
    for step in recoding["iterations"]:
        node = ", ".join(f"{k}={v}" for k, v in step.get("node", {}).items())
        if "rejected" in step:
            steps.append(f"iteration {step['iteration']} at ({node}) not kept: {step['rejected']}")
        else:
            steps.append(f"iteration {step['iteration']}: {step['recoded_rows']:,} at ({node})")
    return (
        f"{recoding['recoded_rows']:,} suppressed rows recoded"
        + (f" ({'; '.join(steps)})" if steps else "")
        + f", {recoding['suppressed_rows']:,} still suppressed (the search's node alone: "
        f"{recoding['global_suppressed_rows']:,}); stopped: {recoding['stopped']}"
    )


def why_lines(why: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The report's ``why_coarse`` as (column, reason) lines: one per quasi-identifier."""
    return [
        (column, why_reason(entry, why["unit"], why["allowed"])) for column, entry in why["columns"].items()
    ]


#: the facts whose value is printed whole (a path or name to be copied)
_WHOLE = ("written", "returned")


def print_facts(console: Console, facts: list[tuple[str, str]]) -> None:
    """Aligned ``key  value`` lines, two spaces in; values wrap at words to the console's
    width, except where the release was written (a path stays whole, to be copied)."""
    longest = max((len(k) for k, _ in facts), default=0)
    grid = Table.grid(padding=(0, 2))
    grid.add_column(no_wrap=True, min_width=longest)
    grid.add_column(overflow="fold")
    whole = [(k, v) for k, v in facts if k in _WHOLE]
    for key, value in facts:
        if key not in _WHOLE:
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
        unit = "rows" if "violating_rows" in top else "people"
        facts.append(
            (
                "most general",
                ", ".join(f"{k}={v}" for k, v in top["node"].items())
                + f": {top.get('violating_rows', top.get('violating_people')):,} {unit} in violating classes, "
                f"the suppression limit allows {top.get('allowed_rows', top.get('allowed_people')):,} (the checks "
                "below are this node's, before suppression)",
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
    recoding = getattr(report, "local_recoding", None)
    if recoding is not None:
        facts.append(("local recoding", recoding_text(recoding)))
    micro = getattr(report, "microaggregation", None)
    if micro:
        facts.append(("microaggregation", micro_text(micro)))
    dp = search.get("differential_privacy")
    if dp is not None:  # SafePub (docs/models.md#differential-privacy-safepub)
        facts.append(
            (
                "privacy",
                f"(epsilon={dp['epsilon']:g}, delta={dp['delta']:g})-differential privacy: k={dp['k']}, "
                f"{dp['rows_sampled']:,} of {dp['source_rows']:,} rows sampled (beta={dp['beta']:.4g}), "
                f"{dp['steps_taken']} steps, seed {dp['seed']}",
            )
        )
    if report.people is not None:
        people = report.people
        facts.append(
            (
                "people",
                f"{people['in']:,}"
                if "out" not in people
                else f"{people['in']:,} in, {people['out']:,} out, {people['suppressed']:,} suppressed",
            )
        )
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
        facts.append(("returned" if report.returned else "written", report.output))
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
        _count(c.get("violating_rows", c.get("violating_people"))),
    )


def _count(n: int | None) -> str:
    """A count with thousands separators ("" when there is none)."""
    return "" if n is None else f"{n:,}"


def fmt(value: Any) -> str:
    if value is None:
        return "unbounded"
    if isinstance(value, float):
        return f"{value:.6g}"
    return str(value)


def render_audit(report: AuditReport, verbose: bool = False, width: int | None = None) -> str:
    """A table: a row per node, a column per attack (vulnerable classes / their rows, or people
    with ``person:``; ``-`` when it resists, ``n/a`` when not measured); ``verbose`` adds each
    attack's largest distance and gain."""
    out = io.StringIO()
    console = Console(
        file=out, width=width or WIDE, color_system=None, highlight=False, emoji=False, soft_wrap=False
    )
    count = len(report.nodes)
    head = (
        f"sqlanon audit: {count} minimal node{'s' if count != 1 else ''}"
        if report.passed
        else "sqlanon audit: FAILED"
    )
    console.print(visible(head + (f" - {report.message}" if report.message else "")), markup=False)
    facts = [
        ("criteria", "; ".join(report.criteria) + f" (suppression limit {report.suppression_limit:g})"),
        ("attacks", _legend(report)),
    ]
    if report.people is not None:
        facts.append(("people", f"{report.people['in']:,} (every figure counts people, not rows)"))
    facts += [
        ("similarity", f"not measured on {column}: {why}")
        for column, why in report.notes.get("similarity", {}).items()
    ]
    if "chosen" in report.notes:
        facts.append(("note", report.notes["chosen"]))
    if verbose:
        facts.append(
            (
                "search",
                f"incognito, {report.search['nodes_checked']:,} of {report.search['lattice_size']:,} lattice "
                "nodes checked",
            )
        )
        facts.extend(cost_lines(report.costs))
    if report.nodes:
        facts.append(("levels of", ", ".join(report.nodes[0].node)))
    print_facts(console, facts)
    if report.nodes:
        console.print()
        console.print(indented(_audit_table(report, console, verbose)))
        console.print()
        vulnerable = report.vulnerable_nodes()
        parts = [f"{name} {'n/a' if n is None else f'{n} of {count}'}" for name, n in vulnerable.items()]
        marked = "; * the node anonymize chooses" if any(n.chosen for n in report.nodes) else ""
        # aligned, and wrapped under their text on a narrow terminal
        print_facts(
            console,
            [
                ("nodes vulnerable", ", ".join(parts)),
                ("cells", f"vulnerable classes/{report.unit}; - resists{marked}"),
            ],
        )
    return "\n".join(line.rstrip() for line in out.getvalue().rstrip("\n").splitlines())


def _legend(report: AuditReport) -> str:
    s = report.settings
    distances = ", ".join(f"{c} {how['distance']} > {how['t']:g}" for c, how in s["skewness"].items())
    homogeneity = "a value every person has" if report.people is not None else "one value"
    return (
        f"homogeneity ({homogeneity}), "
        f"negation (at most {s['negations'] + 1} value{'s' if s['negations'] else ''}), "
        f"similarity (one group at level {s['similarity_level']}), "
        f"skewness (EMD: {distances}), "
        f"inference (a value's share up by more than {s['inference_gain']:g})"
    )


def _audit_table(report: AuditReport, console: Console, verbose: bool) -> Table:
    table = Table(box=None, pad_edge=False, padding=(0, 2), show_edge=False)
    table.add_column("", no_wrap=True)
    table.add_column("node", no_wrap=True)
    unit = report.unit
    table.add_column(unit, justify="right", no_wrap=True)
    for attack in ATTACKS:
        table.add_column(attack, justify="right", no_wrap=True)
    stacked = []
    for n in report.nodes:
        cells = [
            _cell(n.attacks[attack], verbose and attack in ("skewness", "inference"), unit)
            for attack in ATTACKS
        ]
        rows = f"{n.rows:,}" + (f" ({n.suppressed_rows:,} supp.)" if n.suppressed_rows else "")
        node = "(" + ",".join(str(v) for v in n.node.values()) + ")"
        mark = "*" if n.chosen else ""
        table.add_row(mark, node, rows, *cells)
        figures = [f"{a} {c}" for a, c in zip(ATTACKS, cells, strict=True)]
        stacked.append((mark, f"{node}  {rows} {unit}", figures))
    return fitted(console, table, stacked)


def _cell(entry: dict[str, Any] | None, largest: bool, unit: str = "rows") -> str:
    """An attack's cell: vulnerable classes/rows (``unit``: or people), ``-`` when the node
    resists, ``n/a`` when not measured; ``largest``: with the largest distance or gain over the
    attributes."""
    if entry is None:
        return "n/a"
    cell = "-" if entry["classes"] == 0 else f"{entry['classes']:,}/{entry[unit]:,}"
    if largest:
        found = [a["largest"] for a in entry["attributes"].values() if a and a["largest"] is not None]
        if found:
            cell += f" (max {max(found):.3g})"
    return cell
