"""The Bruges board's sizes and positions (the page width, the table and legend bands, the
card band's cards and gaps, a canal space) and its colours: each card colour's fill, pale
shade, ink and short name, and the gold, canal, stone and extra-pile shades.
"""

from __future__ import annotations

from games.bruges.catalogue import COLOURS, Colour

WIDTH, MARGIN = 1040, 8
PANEL_W = WIDTH - 2 * MARGIN
TABLE_Y, TABLE_H = 52, 118
LEGEND_Y, LEGEND_H = TABLE_Y + TABLE_H + MARGIN, 96
PLAYERS_Y = LEGEND_Y + LEGEND_H + MARGIN
CARD_H, FACE_W, HOUSE_W, BACK_W, NONE_W = 80, 124, 40, 30, 40
CARD_GAP, GROUP_GAP = 5, 28
STATS_H, LINE_H = 96, CARD_H + 20
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
INK = {colour: "#111111" if colour is Colour.YELLOW else "#ffffff" for colour in COLOURS}
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
