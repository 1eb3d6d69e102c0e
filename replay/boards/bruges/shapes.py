"""Small shapes drawn all over the Bruges board: a card back (its colour and short name), a
house, a statue with its value, a threat triangle.
"""

from __future__ import annotations

from games.bruges.catalogue import Colour
from replay.boards.bruges.style import EXTRA_BACK, FILL, INK, SHORT, STONE
from replay.boards.svg import Svg


def card_back(picture: Svg, colour: Colour | None, x: float, y: float, w: float, h: float) -> None:
    """A card back: its colour, framed, with the colour's short name for colour-blind eyes."""
    fill = EXTRA_BACK if colour is None else FILL[colour]
    ink = "#ffffff" if colour is None else INK[colour]
    picture.rect(x, y, w, h, fill, stroke="#222")
    picture.rect(x + 3, y + 3, w - 6, h - 6, "none", stroke=ink, radius=2)
    if colour is not None:
        picture.text(
            x + w / 2, y + h - 9, SHORT[colour], size=11, weight="bold", fill=ink, anchor="middle"
        )


def house_icon(picture: Svg, cx: float, cy: float, r: float, fill: str, stroke: str) -> None:
    points = [(cx - r, cy + r), (cx - r, cy), (cx, cy - r), (cx + r, cy), (cx + r, cy + r)]
    picture.polygon(points, fill, stroke=stroke, stroke_width=1.5)


def statue(picture: Svg, cx: float, cy: float, value: int, r: float) -> None:
    picture.circle(cx, cy, r, STONE, stroke="#444")
    picture.text(cx, cy + r / 3 + 1, str(value), size=int(r), weight="bold", anchor="middle")


def triangle(picture: Svg, cx: float, cy: float, r: float, fill: str) -> None:
    picture.polygon(
        [(cx, cy - r), (cx + r, cy + r * 0.75), (cx - r, cy + r * 0.75)], fill, stroke="#222"
    )
