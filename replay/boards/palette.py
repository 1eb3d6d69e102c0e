"""The colours and the least size of the words drawn on the boards.

A word is written in the colour that reads best on the fill beneath it, chosen from the fill's
luminance rather than by hand for each piece: dark ink on a light fill, white on a dark one
(``ink_on``), and for a secondary word (a label, a count of none) the lightest grey that still
reads (``quiet_on``). Either reads at WCAG 2.x contrast AA or better: 4.5:1 for ordinary text
(success criterion 1.4.3), whose formulas ``luminance`` and ``contrast`` follow.
"""

from __future__ import annotations

INK, PAPER = "#111111", "#ffffff"
QUIET = ("#555555", "#4a4a4a", "#3d3d3d", "#333333")
"""Greys for secondary words, lightest first."""
READABLE = 4.5
"""The least contrast of ordinary text with its background (WCAG 2.x, 1.4.3, level AA)."""
SMALLEST = 10
"""The least size, in units, of a word on a board: a board's block is drawn about its own size
on a laptop, and no smaller than 0.84 of it on a phone (``svg.blocks``), so a word shows at
10 pixels or more on a laptop and 8.4 or more on a phone."""


def luminance(colour: str) -> float:
    """The relative luminance of ``colour`` (``#rgb`` or ``#rrggbb``), WCAG 2.x's
    definition."""
    digits = colour.lstrip("#")
    if len(digits) == 3:
        digits = "".join(digit * 2 for digit in digits)
    channels = [int(digits[index : index + 2], 16) / 255 for index in (0, 2, 4)]
    red, green, blue = (
        value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4
        for value in channels
    )
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first: str, second: str) -> float:
    """The contrast ratio of two colours, 1 to 21 (WCAG 2.x)."""
    light, dark = sorted((luminance(first), luminance(second)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def ink_on(fill: str) -> str:
    """The ink that reads best on ``fill``: near-black or white, whichever contrasts more."""
    return INK if contrast(INK, fill) >= contrast(PAPER, fill) else PAPER


def quiet_on(fill: str) -> str:
    """A secondary word's colour on ``fill``: the lightest of the ``QUIET`` greys that reads on
    it, else the ink that reads best (on a dark fill, white)."""
    return next((grey for grey in QUIET if contrast(grey, fill) >= READABLE), ink_on(fill))
