"""The Bruges table above the seats, each part a block of the board (``svg.blocks``): the
state of play (round, phase, turn, last round, ruleset), the five dice with what each value
does, the draw piles and the discard pile, the statue stack and turn order, and the legend
(each colour's disaster, the symbols, the card notation).
"""

from __future__ import annotations

from textwrap import wrap

from games.bruges.catalogue import COLOURS, REPUTATION_DICE, THREAT_DICE, Colour
from games.bruges.rulesets import DISASTER_LOSSES, ruleset_of
from games.bruges.views import BrugesView
from replay.boards.bruges.shapes import card_back, house_icon, statue, triangle
from replay.boards.bruges.style import (
    CANAL_FILL,
    CELL,
    DICE_W,
    FILL,
    GOLD,
    INK,
    LINE_CHARS,
    MARGIN,
    PALE,
    PANEL_W,
    PILES_W,
    SHORT,
    STATUES_W,
    TABLE_H,
)
from replay.boards.bruges.texts import (
    ACTIVATION,
    DASH,
    ability,
    card_title,
    phase_text,
    turn_text,
)
from replay.boards.palette import SMALLEST, quiet_on
from replay.boards.svg import Svg


def status(view: BrugesView) -> Svg:
    """The round and phase, whose turn it is (on as many lines as it needs), the ruleset and,
    once known, the last round."""
    turn = wrap(turn_text(view), LINE_CHARS)
    picture = Svg(PANEL_W + 2, 58 + 18 * len(turn), f"State of play: {phase_text(view)}")
    picture.text(MARGIN, 22, phase_text(view), size=18, weight="bold")
    for index, line in enumerate(turn):
        picture.text(MARGIN, 42 + 18 * index, line, size=13, fill="#333")
    bottom = 46 + 18 * len(turn)
    picture.text(MARGIN, bottom, f"ruleset: {view.ruleset}", size=12, fill="#555")
    if view.last_round is not None:
        tense = "was" if view.finished else "is"
        note = f"Round {view.last_round} {tense} the last"
        picture.text(PANEL_W - MARGIN, bottom, note, size=14, weight="bold", fill="#8a1c1c",
                     anchor="end")  # fmt: skip
    return picture


def _panel(width: float, title: str) -> Svg:
    """A block of the table, ``width`` wide inside its frame, headed by ``title``."""
    picture = Svg(int(width) + 2, TABLE_H + 2, title)
    picture.rect(1, 1, width, TABLE_H, "#efe7d6", stroke="#8a7a5a")
    picture.text(9, 19, title, size=12, weight="bold")
    return picture


def dice(view: BrugesView) -> Svg:
    picture, x, y = _panel(DICE_W, f"Dice · reputation step costs {view.reputation_cost}"), 1, 1
    for index, colour in enumerate(COLOURS):
        value = view.dice[index] if index < len(view.dice) else 0
        _die(picture, x + 14 + index * 63, y + 32, colour, value)
    if not view.dice:
        note = "not rolled yet this round"
        picture.text(x + 166, y + 110, note, size=11, fill="#666", anchor="middle")
    return picture


def _die(picture: Svg, x: float, y: float, colour: Colour, value: int) -> None:
    """A die of ``colour`` (0: not rolled), with what its value does this round."""
    fill, ink = (FILL[colour], INK[colour]) if value else (PALE[colour], quiet_on(PALE[colour]))
    picture.rect(x, y, 46, 46, fill, stroke="#222", radius=7)
    face = str(value) if value else DASH
    picture.text(x + 23, y + 31, face, size=24, weight="bold", fill=ink, anchor="middle")
    picture.text(x + 23, y + 42, SHORT[colour], size=SMALLEST, weight="bold", fill=ink,
                 anchor="middle")  # fmt: skip
    threat = value in THREAT_DICE
    note = "threat" if threat else "rep. cost" if value in REPUTATION_DICE else ""
    colour_of_note = "#8a1c1c" if threat else "#555"
    picture.text(x + 23, y + 64, note, size=11, weight="bold", fill=colour_of_note, anchor="middle")


def piles(view: BrugesView) -> Svg:
    picture, x, y = _panel(PILES_W, "Draw piles: the top card's back and the count"), 1, 1
    for index, pile in enumerate(view.piles):
        _pile(picture, x + 12 + index * 70, y + 28, f"pile {index}", pile.top, pile.size)
    _pile(picture, x + 160, y + 28, "extra", None, view.extra_size)
    dx = x + 236
    picture.rect(dx, y + 28, 186, 80, "#fafafa", stroke="#999")
    picture.text(dx + 8, y + 45, f"discard pile: {len(view.discard)}", size=12, weight="bold")
    if view.discard:
        top = view.discard[-1]
        picture.rect(dx + 8, y + 53, 12, 12, FILL[top.colour], stroke="#222", radius=2)
        picture.text(dx + 26, y + 64, "top: " + top.name[:24], size=11)
        kind = f"{top.colour.value} · {top.cost}g · {top.points} VP · {ACTIVATION[top.activation]}"
        picture.text(dx + 8, y + 82, kind, size=11, fill="#444")
        picture.text(dx + 8, y + 99, ability(top), size=11, fill="#444")
        picture.hotspot(dx, y + 28, 186, 80, card_title(top))
    return picture


def _pile(picture: Svg, x: float, y: float, label: str, top: Colour | None, size: int) -> None:
    if size == 0:
        picture.rect(x, y, 58, 80, "#fafafa", stroke="#bbb", dashed=True)
    else:
        card_back(picture, top, x, y, 58, 80)
    ink = "#666" if size == 0 else "#ffffff" if top is None else INK[top]
    picture.text(x + 29, y + 18, label, size=11, weight="bold", fill=ink, anchor="middle")
    picture.text(x + 29, y + 48, str(size), size=20, weight="bold", fill=ink, anchor="middle")
    what = "empty" if size == 0 else f"{size} cards"
    if top is not None:
        what += f", a {top.value} card on top"
    picture.hotspot(x, y, 58, 80, f"{label}: {what}")


def statues(view: BrugesView) -> Svg:
    picture, x, y = _panel(STATUES_W, "Statues left (top first)"), 1, 1
    for index, value in enumerate(view.statues):
        statue(picture, x + 24 + index * 36, y + 48, value, 15)
    if not view.statues:
        picture.text(x + 10, y + 52, "none left", size=12, fill="#666")
    seats = len(view.players)
    order = " → ".join(f"Seat {(view.start_player + i) % seats}" for i in range(seats))
    picture.text(x + 10, y + 88, "turn order:", size=11, fill="#555")
    picture.text(x + 10, y + 104, order, size=12, weight="bold")
    return picture


LEGEND_SYMBOLS_H = 72
LEGEND_WORDS = (
    f"{' '.join(SHORT[colour] for colour in COLOURS)}: the colour of a card (back or face), a "
    "die, a worker or a threat · G guilders · hover a card for its full text"
)
LEGEND_CARDS = (
    "Cards: 5g · 1 VP = cost in guilders, printed points · IMM when recruited · WRK pay a "
    "worker of the dot's colour, once a round · ONG ongoing · END at game end"
)


def legend(view: BrugesView) -> Svg:
    """What a 3rd threat marker of each colour strikes, one disaster a line; the symbols; and
    what the short colour names and a card's words stand for, in lines that fit the block."""
    words = wrap(LEGEND_WORDS, LINE_CHARS) + wrap(LEGEND_CARDS, LINE_CHARS)
    disasters = ruleset_of(view.ruleset).disasters
    symbols_y = 24 + 18 * len(disasters)
    height = symbols_y + LEGEND_SYMBOLS_H + 18 * len(words)
    label = "Legend: what a 3rd threat marker strikes, the symbols and the words"
    picture, x, y = Svg(PANEL_W + 2, height + 2, label), 1, 1
    picture.rect(x, y, PANEL_W, height, "#ffffff", stroke="#999")
    picture.text(x + 8, y + 18, "Legend", size=12, weight="bold")
    picture.text(x + 66, y + 18, "a 3rd threat marker strikes:", size=12, fill="#555")
    for index, (colour, disaster) in enumerate(zip(COLOURS, disasters, strict=True)):
        cy = y + 26 + index * 18
        picture.rect(x + 66, cy, 16, 15, FILL[colour], stroke="#222", radius=2)
        picture.text(x + 74, cy + 11, SHORT[colour], size=SMALLEST, weight="bold", fill=INK[colour],
                     anchor="middle")  # fmt: skip
        picture.text(x + 86, cy + 11, f"{colour.value} {DISASTER_LOSSES[disaster].short}", size=12)
    _legend_symbols(picture, x + 8, y + symbols_y + 12)
    for index, line in enumerate(words):
        picture.text(x + 8, y + symbols_y + LEGEND_SYMBOLS_H + 12 + 18 * index, line, size=12)
    return picture


def _legend_symbols(picture: Svg, x: float, y: float) -> None:
    """The symbols, on three lines of the legend from ``y``."""
    picture.circle(x + 8, y - 4, 8, FILL[Colour.RED])
    picture.text(x + 20, y, "workers", size=12)
    triangle(picture, x + 88, y - 4, 9, FILL[Colour.RED])
    picture.text(x + 100, y, "threat markers", size=12)
    statue(picture, x + 204, y - 4, 7, SMALLEST)
    picture.text(x + 218, y, "statue", size=12)
    picture.rect(x + 270, y - 12, 34, 16, GOLD, stroke="#333", radius=3)
    picture.text(x + 310, y, "majority won", size=12)
    picture.rect(x, y + 14, CELL - 2, 18, CANAL_FILL, stroke="#333", radius=2)
    picture.text(x + 20, y + 26, "canal token (3: VP space, S: statue space)", size=12)
    house_icon(picture, x + 8, y + 48, 8, "none", "#222")
    picture.text(x + 20, y + 52, "house · gold frame: seat to act · ★ start player", size=12)
