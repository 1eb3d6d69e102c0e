"""A very small SVG writer: rectangles, text, polygons and hexagons, escaped, with a viewBox;
anything else as the caller writes it; and ``blocks``, a board drawn as several pictures that
a narrow screen stacks.

A board drawn as one picture for a laptop only shrinks on a phone, its 12-pixel words to some
5 pixels. Drawn as blocks (the shared supply, one per seat, ...) each narrower than about 460
units, a phone shows each block across its width at nearly its own size (``BLOCKS_STYLE``);
a laptop sets a row's blocks side by side, shrinking them together where the row is wider
than the page, as the one picture did.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from math import cos, radians, sin

from games.core.wording import columns


class Svg:
    """A picture ``width`` by ``height`` units; ``label`` says what it shows to a screen
    reader, which reads a picture (``role="img"``) by its name alone, never its words."""

    def __init__(self, width: int, height: int, label: str = "") -> None:
        self.width = width
        self.height = height
        self.label = label
        self._parts: list[str] = []

    def rect(self, x: float, y: float, w: float, h: float, fill: str, *, stroke: str = "#333",
             radius: float = 4, dashed: bool = False) -> None:  # fmt: skip
        dash = ' stroke-dasharray="4 3"' if dashed else ""
        self._parts.append(
            f'<rect x="{x}" y="{y}" width="{w}" height="{h}" rx="{radius}" fill="{fill}" '
            f'stroke="{stroke}"{dash}/>'
        )

    def text(self, x: float, y: float, content: str, *, size: int = 12, weight: str = "normal",
             fill: str = "#111", anchor: str = "start") -> None:  # fmt: skip
        self._parts.append(
            f'<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}" fill="{fill}" '
            f'text-anchor="{anchor}" font-family="sans-serif">{escape(content)}</text>'
        )

    def polygon(self, points: Sequence[tuple[float, float]], fill: str, *, stroke: str = "#333",
                stroke_width: float = 1, css_class: str = "", title: str = "") -> None:  # fmt: skip
        """A closed polygon; ``css_class`` names it for tests and styles, ``title`` is its
        tooltip."""
        coordinates = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        attributes = f' class="{escape(css_class)}"' if css_class else ""
        tip = f"<title>{escape(title)}</title>" if title else ""
        self._parts.append(
            f'<polygon points="{coordinates}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{stroke_width}"{attributes}>{tip}</polygon>'
        )

    def hexagon(self, cx: float, cy: float, radius: float, fill: str, *, stroke: str = "#333",
                stroke_width: float = 1, css_class: str = "", title: str = "") -> None:  # fmt: skip
        """A pointy-topped regular hexagon centred on (cx, cy) with corners ``radius`` away."""
        corners = [
            (cx + radius * cos(radians(60 * k - 30)), cy + radius * sin(radians(60 * k - 30)))
            for k in range(6)
        ]
        self.polygon(corners, fill, stroke=stroke, stroke_width=stroke_width,
                     css_class=css_class, title=title)  # fmt: skip

    def circle(self, cx: float, cy: float, radius: float, fill: str, *,
               stroke: str = "#333") -> None:  # fmt: skip
        self._parts.append(
            f'<circle cx="{cx}" cy="{cy}" r="{radius}" fill="{fill}" stroke="{stroke}"/>'
        )

    def hotspot(self, x: float, y: float, w: float, h: float, title: str) -> None:
        """An invisible rectangle whose tooltip is ``title`` (draw it over what it names)."""
        self._parts.append(
            f'<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="transparent" stroke="none">'
            f"<title>{escape(title)}</title></rect>"
        )

    def markup(self, part: str) -> None:
        """Markup none of the shapes above draws (a group, a line); the caller escapes it."""
        self._parts.append(part)

    def body(self) -> str:
        """What is drawn, without the picture's own element: a part to draw in another picture
        (``markup``)."""
        return "".join(self._parts)

    def block(self) -> str:
        """The picture as one block of a board (``blocks``): as wide as its viewBox where it
        has the room, narrower where it has not."""
        body = self.body()
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.width} {self.height}" '
            f'width="{self.width}" style="flex:0 1 {self.width}px" role="img"'
            f"{self._named()}>{body}</svg>"
        )

    def _named(self) -> str:
        return f' aria-label="{escape(self.label)}"' if self.label else ""

    def render(self, element_id: str = "", label: str = "") -> str:
        """The picture; ``element_id`` lets a page's script find it, ``label`` (or the one it
        was made with) names it for screen readers."""
        body = self.body()
        named = f' id="{escape(element_id)}"' if element_id else ""
        label = label or self.label
        named += f' aria-label="{escape(label)}"' if label else ""
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {self.width} {self.height}" '
            f'width="100%" role="img"{named}>{body}</svg>'
        )


BOLD_CHARACTER_WIDTH = 0.6
"""The width of an average character of bold sans-serif type, in ems: what a line placed after
a heading of its own allows for the heading (SVG text has no flow; a browser's own measure
would need a script)."""


def heading_width(content: str, size: int) -> float:
    """About how wide ``content`` is set bold at ``size`` pixels (a wide character, CJK or
    full-width, as two)."""
    return columns(content) * size * BOLD_CHARACTER_WIDTH


BLOCKS_STYLE = """
.picture{display:flex;flex-direction:column;gap:6px}
.picture .row{display:flex;gap:6px;align-items:flex-start}
.picture svg{min-width:0;height:auto}
@media (max-width:760px){.picture .row{flex-wrap:wrap}}
"""
"""A board's blocks: a row's side by side, shrinking together, on a wide screen; on a narrow
one, a row wraps, so that each block keeps its size where the screen has room for it, and
shrinks to the screen's width where it has not."""


BOLD_WIDTHS = dict(
    zip(
        " &-ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz",
        (278, 722, 333, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722,
         778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 556, 611, 556, 611, 556,
         333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556,
         778, 556, 556, 500),
        strict=True,
    )
)  # fmt: skip
"""Bold sans-serif letters' widths in thousandths of an em: Helvetica Bold's, which Arial and
Liberation Sans (a browser's usual sans-serif) share, letter for letter."""


def bold_width(content: str, size: float) -> float:
    """How wide ``content`` is set bold at ``size`` pixels, letter by letter (any other
    character as an average one, a wide one as two): where a word runs into something beside
    it, an average letter's width misjudges "Commoners" (all wide letters) by a letter."""
    other = BOLD_CHARACTER_WIDTH * 1000
    thousandths = sum(BOLD_WIDTHS.get(char, other * columns(char)) for char in content)
    return thousandths * size / 1000


def blocks(rows: Sequence[Sequence[Svg]]) -> str:
    """A board drawn as ``rows`` of pictures (``BLOCKS_STYLE``)."""
    drawn = "".join(
        '<div class="row">' + "".join(picture.block() for picture in row) + "</div>" for row in rows
    )
    return f'<div class="picture">{drawn}</div>'
