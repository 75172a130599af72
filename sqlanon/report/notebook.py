"""The report in a notebook: what Jupyter (IPython's display) shows for a :class:`Report` or an
:class:`AuditReport` left at the end of a cell (their ``_repr_html_`` and ``_repr_mimebundle_``).

The HTML page's sections (:func:`sqlanon.report.html.build`) as a fragment of the notebook's
page: no ``<html>`` or ``<body>``, a ``<div>`` with an id unique to the display, its style
scoped to that id (two reports in one notebook, or the notebook's own style, do not meet). The
charts are the page's Vega-Lite specifications drawn here as inline SVG by vl-convert, not by
Vega-Embed in the notebook: an SVG needs no script and fetches nothing (no CDN), so it shows
offline, in a notebook saved and reopened and in its nbconvert export, and an output does not
carry Vega's 1.3 MB of scripts. (JupyterLab sanitizes the HTML outputs of a notebook that is not
trusted, removing SVG as it removes scripts: there the tables show.) The SVGs' own ids (a
legend's gradient) are made unique to the display too. The charts lose their tooltips; the
tables hold the figures.

Without the ``html`` extra (altair and vl-convert) the display has the verdict and the tables,
and a line saying what to install for the charts. A display never raises (Jupyter would show
nothing, silently): a report that cannot be drawn shows its text report instead, saying so.

Values are shown as on the page: none, unless ``show_violations`` put the violating classes in
the report.
"""

from __future__ import annotations

import html as html_text
import re
import uuid
from collections.abc import Callable, Container
from typing import Any

from sqlanon.report.html import AuditReport, Page, Report, build, missing_packages, template

#: the line shown in place of the charts without the html extra
CHARTS_NEED = 'The charts need the html extra: pip install "sqlanon[html]".'


def _svg(spec: dict[str, Any], prefix: str) -> str:
    """The chart ``spec`` as SVG, each of its ids (and each reference to one) renamed
    ``prefix-N`` (N in order of appearance: Vega numbers its gradients across renders)."""
    import vl_convert

    svg = str(vl_convert.vegalite_to_svg(spec))
    names = {
        name: f"{prefix}-{i}" for i, name in enumerate(dict.fromkeys(re.findall(r'\bid="([^"]+)"', svg)))
    }
    if not names:
        return svg

    def renamed(match: re.Match[str]) -> str:
        head, name, tail = match.groups()
        return f"{head}{names.get(name, name)}{tail}"

    return re.sub(r'(\bid="|url\(#|href="#)([^")]+)([")])', renamed, svg)


def _page(report: Report | AuditReport) -> tuple[Page, str]:
    """The report's sections, their charts drawn (none without the extra), and the note on
    what is missing ("" when nothing is)."""
    missing = missing_packages()
    if missing:
        return build(report, None), CHARTS_NEED
    import altair as alt

    return build(report, alt), ""


def notebook_html(report: Report | AuditReport) -> str:
    """The report as an HTML fragment for a notebook (see the module); never raises."""
    element_id = f"sqlanon-{uuid.uuid4().hex[:12]}"
    try:
        page, note = _page(report)
        for section in page.sections:
            for chart in section.charts:
                chart["svg"] = _svg(page.specs[chart["id"]], f"{element_id}-{chart['id']}")
        return template("notebook.html.j2").render(**page.context(), element_id=element_id, charts_note=note)
    except Exception as err:  # a display that raises shows nothing: say what went wrong instead
        return _fallback(report, element_id, err)


def _fallback(report: Report | AuditReport, element_id: str, err: Exception) -> str:
    """The text report in a ``<pre>``, and the kind of error that stopped the HTML (its message
    is not shown: it might quote the data)."""
    try:
        body = html_text.escape(report.text())
    except Exception:  # a display never raises
        body = ""
    return (
        f'<div class="sqlanon-report" id="{element_id}">'
        f"<p>sqlanon could not draw this report as HTML ({type(err).__name__}); its text report:</p>"
        f"<pre>{body}</pre></div>"
    )


def mimebundle(
    report: Report | AuditReport, include: Container[str] | None = None, exclude: Container[str] | None = None
) -> dict[str, str]:
    """IPython's display data of the report: ``text/html`` (:func:`notebook_html`) and
    ``text/plain`` (the text report), narrowed as IPython asks (``include``, ``exclude``)."""
    makers: dict[str, Callable[[], str]] = {
        "text/html": lambda: notebook_html(report),
        "text/plain": lambda: _plain(report),
    }
    return {
        kind: make()
        for kind, make in makers.items()
        if (include is None or kind in include) and (exclude is None or kind not in exclude)
    }


def _plain(report: Report | AuditReport) -> str:
    try:
        return report.text()
    except Exception as err:  # a display never raises
        return f"sqlanon {report.command} report (its text could not be written: {type(err).__name__})"


__all__ = ["CHARTS_NEED", "mimebundle", "notebook_html"]
