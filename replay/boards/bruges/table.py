"""The Bruges table above the seats: the header (round, phase, turn, last round, ruleset), the
five dice with what each value does, the draw piles and the discard pile, the statue stack and
turn order, and the legend (each colour's disaster, the symbols, the card notation).
"""

from __future__ import annotations

from games.bruges.catalogue import COLOURS, REPUTATION_DICE, THREAT_DICE, Colour
from games.bruges.rulesets import DISASTER_LOSSES, ruleset_of
from games.bruges.views import BrugesView
from replay.boards.bruges.shapes import card_back, house_icon, statue, triangle
from replay.boards.bruges.style import (
    CANAL_FILL,
    CELL,
    FILL,
    GOLD,
    INK,
    LEGEND_H,
    LEGEND_Y,
    MARGIN,
    PALE,
    PANEL_W,
    SHORT,
    TABLE_H,
    TABLE_Y,
    WIDTH,
)
from replay.boards.bruges.texts import (
    ACTIVATION,
    DASH,
    ability,
    card_title,
    phase_text,
    turn_text,
)
from replay.boards.svg import Svg


def header(picture: Svg, view: BrugesView) -> None:
    picture.text(MARGIN, 22, phase_text(view), size=18, weight="bold")
    picture.text(MARGIN, 42, turn_text(view), size=13, fill="#333")
    if view.last_round is not None:
        tense = "was" if view.finished else "is"
        note = f"Round {view.last_round} {tense} the last"
        picture.text(WIDTH - MARGIN, 22, note, size=14, weight="bold", fill="#8a1c1c", anchor="end")
    picture.text(WIDTH - MARGIN, 42, f"ruleset: {view.ruleset}", size=12, fill="#555", anchor="end")


def _panel(picture: Svg, x: float, width: float, title: str) -> None:
    picture.rect(x, TABLE_Y, width, TABLE_H, "#efe7d6", stroke="#8a7a5a")
    picture.text(x + 8, TABLE_Y + 18, title, size=12, weight="bold")


def dice_panel(picture: Svg, view: BrugesView, x: float, y: float) -> None:
    _panel(picture, x, 332, f"Dice · reputation step costs {view.reputation_cost}")
    for index, colour in enumerate(COLOURS):
        value = view.dice[index] if index < len(view.dice) else 0
        _die(picture, x + 14 + index * 63, y + 32, colour, value)
    if not view.dice:
        note = "not rolled yet this round"
        picture.text(x + 166, y + 110, note, size=11, fill="#777", anchor="middle")


def _die(picture: Svg, x: float, y: float, colour: Colour, value: int) -> None:
    """A die of ``colour`` (0: not rolled), with what its value does this round."""
    fill, ink = (FILL[colour], INK[colour]) if value else (PALE[colour], "#888")
    picture.rect(x, y, 46, 46, fill, stroke="#222", radius=7)
    face = str(value) if value else DASH
    picture.text(x + 23, y + 31, face, size=24, weight="bold", fill=ink, anchor="middle")
    picture.text(x + 23, y + 42, SHORT[colour], size=9, weight="bold", fill=ink, anchor="middle")
    threat = value in THREAT_DICE
    note = "threat" if threat else "rep. cost" if value in REPUTATION_DICE else ""
    colour_of_note = "#8a1c1c" if threat else "#555"
    picture.text(x + 23, y + 64, note, size=11, weight="bold", fill=colour_of_note, anchor="middle")


def piles_panel(picture: Svg, view: BrugesView, x: float, y: float) -> None:
    _panel(picture, x, 432, "Draw piles: the top card's back and the count")
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


def _pile(picture: Svg, x: float, y: float, label: str, top: Colour | None, size: int) -> None:
    if size == 0:
        picture.rect(x, y, 58, 80, "#fafafa", stroke="#bbb", dashed=True)
    else:
        card_back(picture, top, x, y, 58, 80)
    ink = "#999" if size == 0 else "#ffffff" if top is None else INK[top]
    picture.text(x + 29, y + 18, label, size=11, weight="bold", fill=ink, anchor="middle")
    picture.text(x + 29, y + 48, str(size), size=20, weight="bold", fill=ink, anchor="middle")
    what = "empty" if size == 0 else f"{size} cards"
    if top is not None:
        what += f", a {top.value} card on top"
    picture.hotspot(x, y, 58, 80, f"{label}: {what}")


def statues_panel(picture: Svg, view: BrugesView, x: float, y: float) -> None:
    _panel(picture, x, WIDTH - MARGIN - x, "Statues left (top first)")
    for index, value in enumerate(view.statues):
        statue(picture, x + 24 + index * 36, y + 48, value, 15)
    if not view.statues:
        picture.text(x + 10, y + 52, "none left", size=12, fill="#777")
    seats = len(view.players)
    order = " → ".join(f"Seat {(view.start_player + i) % seats}" for i in range(seats))
    picture.text(x + 10, y + 88, "turn order:", size=11, fill="#555")
    picture.text(x + 10, y + 104, order, size=12, weight="bold")


def legend(picture: Svg, view: BrugesView) -> None:
    x, y = MARGIN, LEGEND_Y
    picture.rect(x, y, PANEL_W, LEGEND_H, "#ffffff", stroke="#999")
    picture.text(x + 8, y + 18, "Legend", size=12, weight="bold")
    picture.text(x + 66, y + 18, "a 3rd threat marker strikes:", size=12, fill="#555")
    disasters = ruleset_of(view.ruleset).disasters
    for index, (colour, disaster) in enumerate(zip(COLOURS, disasters, strict=True)):
        cx = x + 236 + index * 156
        picture.rect(cx, y + 7, 14, 14, FILL[colour], stroke="#222", radius=2)
        picture.text(cx + 7, y + 18, SHORT[colour], size=8, weight="bold", fill=INK[colour],
                     anchor="middle")  # fmt: skip
        picture.text(cx + 19, y + 18, f"{colour.value} {DISASTER_LOSSES[disaster].short}", size=12)
    _legend_symbols(picture, x + 8, y + 42)
    picture.text(
        x + 8,
        y + 68,
        "Cards: 5g · 1 VP = cost in guilders, printed points · IMM when recruited · "
        "WRK pay a worker of the dot's colour, once a round · ONG ongoing · END at game end",
        size=12,
    )


def _legend_symbols(picture: Svg, x: float, y: float) -> None:
    picture.circle(x + 8, y - 4, 8, FILL[Colour.RED])
    picture.text(x + 20, y, "workers", size=12)
    triangle(picture, x + 88, y - 4, 9, FILL[Colour.RED])
    picture.text(x + 100, y, "threat markers", size=12)
    picture.rect(x + 196, y - 12, CELL - 2, 18, CANAL_FILL, stroke="#333", radius=2)
    picture.text(x + 216, y, "canal token (3: VP space, S: statue space)", size=12)
    statue(picture, x + 474, y - 4, 7, 9)
    picture.text(x + 488, y, "statue", size=12)
    picture.rect(x + 540, y - 12, 34, 16, GOLD, stroke="#333", radius=3)
    picture.text(x + 580, y, "majority won", size=12)
    house_icon(picture, x + 672, y - 4, 8, "none", "#222")
    picture.text(x + 686, y, "house · gold frame: seat to act · ★ start player", size=12)
    picture.text(
        x,
        y + 44,
        "Bl Br Re Pu Ye: the colour of a card (back or face), a die, a worker or a threat · "
        "G guilders · hover a card for its full text",
        size=12,
    )
