"""The Bruges board's sizes (a block's width, the table's panels, the card band's cards and
gaps, a canal space) and its colours: each card colour's fill, pale shade, ink and short name,
and the gold, canal, stone and extra-pile shades.
"""

from __future__ import annotations

from games.bruges.catalogue import COLOURS, Colour
from replay.boards.palette import ink_on

MARGIN = 8
PANEL_W = 456
"""A block of the board (the state of play, the legend, a seat's panel) is at most 458 units
wide: a 400-pixel phone, whose page leaves the board 384 pixels, shows its 12-unit words at 10
pixels or more; a laptop sets two seats side by side."""
LINE_CHARS = 70
"""Characters of a line at 12-pixel type within a block's width (the legend's, a seat's
standing)."""
DICE_W, PILES_W, STATUES_W, TABLE_H = 332, 432, 244, 118
CARD_H, FACE_W, HOUSE_W, BACK_W, NONE_W = 80, 124, 40, 30, 40
CARD_GAP, GROUP_GAP = 5, 28
LINE_H = CARD_H + 20
CELL = 16  # a canal space
FILL = {
    Colour.BLUE: "#2f6fc0",
    Colour.BROWN: "#8a5a2b",
    Colour.RED: "#c62828",
    Colour.PURPLE: "#7b3fa0",
    Colour.YELLOW: "#f2c30f",
}
PALE = {
    Colour.BLUE: "#dce8f7",
    Colour.BROWN: "#eee0cf",
    Colour.RED: "#f8d7d7",
    Colour.PURPLE: "#e9dcf2",
    Colour.YELLOW: "#fcf1c2",
}
INK = {colour: ink_on(FILL[colour]) for colour in COLOURS}
"""The words on each colour's fill."""
SHORT = {
    Colour.BLUE: "Bl",
    Colour.BROWN: "Br",
    Colour.RED: "Re",
    Colour.PURPLE: "Pu",
    Colour.YELLOW: "Ye",
}
"""Each colour's short name, written on whatever the board draws in a colour that matters
(a card back, a card's face, a die, a seat's workers and threats): a colour alone is lost in
greyscale and to a colour-blind reader."""
GOLD, CANAL_FILL, STONE, EXTRA_BACK = "#c9a227", "#2a9d8f", "#a7a29a", "#4a4a4a"
