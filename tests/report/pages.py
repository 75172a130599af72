"""What the browser tests read of a rendered report (the page, or a notebook's fragment): per
chart its title, its data marks and their drawn attributes, its axes; and the contrast of a mark
against the white background."""

from __future__ import annotations

from typing import Any

#: per ``.chart`` under the element given: its title, its symbols per layer (ARIA label, fill,
#: opacities, drawn size), its bars and every axis (title, tick labels)
CHARTS_JS = """root => Array.from(root.querySelectorAll('.chart')).map(d => ({
    title: Array.from(d.querySelectorAll('.role-title-text text')).map(t => t.textContent).join(' '),
    symbols: Array.from(d.querySelectorAll('g.mark-symbol.role-mark')).map(g =>
        Array.from(g.querySelectorAll(':scope > path')).map(p => {
            const box = p.getBoundingClientRect();
            return {
                label: p.getAttribute('aria-label') || '',
                fill: p.getAttribute('fill') || '',
                opacity: parseFloat(p.getAttribute('opacity') || '1'),
                fillOpacity: parseFloat(p.getAttribute('fill-opacity') || '1'),
                width: box.width,
                height: box.height,
            };
        })),
    bars: d.querySelectorAll('g.mark-rect.role-mark path').length,
    marks: d.querySelectorAll('svg .mark-rect path, svg .mark-symbol path, svg .mark-rule line').length,
    axes: Array.from(d.querySelectorAll('g.role-axis')).map(g => ({
        title: Array.from(g.querySelectorAll('.role-axis-title text')).map(t => t.textContent).join(' '),
        labels: Array.from(g.querySelectorAll('.role-axis-label text')).map(t => t.textContent),
    })),
}))"""


def _luminance(rgb: tuple[float, float, float]) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_on_white(mark: dict[str, Any]) -> float:
    """WCAG's contrast ratio of a mark's fill (``#rrggbb``), blended over white by its
    opacities, against white."""
    fill = mark["fill"]
    assert fill.startswith("#") and len(fill) == 7, fill
    alpha = mark["opacity"] * mark["fillOpacity"]
    rgb = tuple(alpha * int(fill[i : i + 2], 16) / 255 + (1 - alpha) for i in (1, 3, 5))
    return 1.05 / (_luminance(rgb) + 0.05)  # type: ignore[arg-type]


def node_of(label: str) -> tuple[tuple[str, int], ...]:
    """The lattice node an ARIA label names ("...; node: zip=0, age=1"): (column, level) pairs
    sorted by column."""
    text = label.split("node: ", 1)[1].split(";", 1)[0]
    return tuple(sorted((c, int(v)) for c, v in (part.split("=") for part in text.split(", "))))
