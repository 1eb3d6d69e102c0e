"""The key under a page's line chart, shared by the HTML replay's score chart and the
tournament standings page's points chart: each line's name beside a sample of the line, as
HTML that wraps to the screen.

On a phone such a chart keeps its width, to keep its words legible, and scrolls sideways in
its box; its own legend, at its right, is then out of sight while the lines are in view. A
page shows this key there alone (``key_style``).
"""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

SAMPLE_W = 26
"""How wide a line's sample is, in pixels (the width each chart's legend draws it at)."""


def key_style(narrow: int) -> str:
    """The key's style: hidden, and shown on a screen at most ``narrow`` pixels wide (where
    the page's chart scrolls sideways)."""
    return (
        ".chart-key{display:none;flex-wrap:wrap;gap:4px 14px;list-style:none;margin:6px 0 0;"
        "padding:0;font-size:14px}.chart-key svg{margin-right:6px;vertical-align:middle}"
        f"@media (max-width:{narrow}px){{.chart-key{{display:flex}}}}"
    )


def chart_key(entries: Iterable[tuple[str, str]], height: int = 8) -> str:
    """A list of ``entries``, each (name, sample): the name as text, the sample as the SVG
    drawing of its line, within ``SAMPLE_W`` by ``height`` pixels (hidden from screen
    readers, which read the name)."""
    items = "".join(
        f'<li><svg width="{SAMPLE_W}" height="{height}" aria-hidden="true">{sample}</svg>'
        f"{escape(name)}</li>"
        for name, sample in entries
    )
    return f'<ul class="chart-key">{items}</ul>'
