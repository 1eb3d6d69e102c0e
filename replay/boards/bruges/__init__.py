"""The Bruges table: the round, phase and turn, the five dice, the draw piles and the statue
stack, a legend, and each seat's points, guilders, workers, threats, reputation, canal,
majority markers, houses (with the persons in them) and hand.

Card backs show their colour only; a card's face is drawn only when the view shows it."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from textwrap import wrap

from games.bruges.catalogue import (
    COLOURS,
    DISASTER_GUILDERS,
    DISASTER_VP,
    HAND_SIZE,
    PLAYS_PER_ROUND,
    REPUTATION_DICE,
    REPUTATION_TOP,
    THREAT_DICE,
    Activation,
    Basis,
    Category,
    Colour,
    Effect,
    EffectKind,
    Phase,
    TurnStep,
)
from games.bruges.persons import person
from games.bruges.rulesets import CanalBoard, Disaster, ruleset_of
from games.bruges.state import PendingKind
from games.bruges.views import BrugesView, HouseView, PendingView, PersonView, PlayerView
from replay.boards.svg import Svg

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
ACTIVATION = {
    Activation.IMMEDIATE: "IMM",
    Activation.WORKER: "WRK",
    Activation.ONGOING: "ONG",
    Activation.ENDGAME: "END",
}
PHASE_TEXT = {
    Phase.SETUP: "Setting up",
    Phase.DRAW: "Phase 1 · drawing cards",
    Phase.THREATS: "Phase 2 · dice and threats",
    Phase.REPUTATION: "Phase 2 · reputation",
    Phase.ACTIONS: "Phase 3 · playing cards",
    Phase.OVER: "Game over",
}
MAJORITY_LABEL = {Category.REPUTATION: "Rep", Category.PERSONS: "Pers", Category.CANAL: "Canal"}
DISASTER_TEXT = {
    Disaster.LOSE_VP: f"-{DISASTER_VP} VP",
    Disaster.LOSE_CANAL_TOKEN: "-1 canal token",
    Disaster.LOSE_PERSON: "-1 person",
    Disaster.LOSE_GUILDERS: f"-{DISASTER_GUILDERS} guilders",
    Disaster.LOSE_WORKER: "-1 worker",
    Disaster.LOSE_ALL_WORKERS: "all workers",
    Disaster.LOSE_HOUSE_OR_CANAL: "house or canal",
    Disaster.LOSE_ALL_GUILDERS: "all guilders",
}
K = EffectKind
EFFECT_TEXT = {
    K.GAIN_GUILDERS: "+{n} guilder{s}",
    K.GAIN_WORKERS: "+{n} {c} worker{s}",
    K.GAIN_VP: "+{n} VP",
    K.DISCARD_THREAT: "discard {n} threat{s}",
    K.ADVANCE_REPUTATION: "+{n} reputation",
    K.DRAW_CARDS: "draw {n} card{s}",
    K.GUILDERS_PER: "{n} G per {b}",
    K.VP_PER: "{n} VP per {b}",
    K.OPPONENTS_THREAT: "others: {c} threat",
    K.OPPONENTS_LOSE_GUILDERS: "others lose {n} G",
    K.OPPONENTS_LOSE_VP: "others lose {n} VP",
    K.STEAL_GUILDERS: "steal {n} G from each",
    K.BOOST_WORKERS: "+{n} on Take Workers",
    K.BOOST_GUILDERS: "+{n} on Take Guilders",
    K.CANAL_DISCOUNT: "canal {n} G cheaper",
    K.RECRUIT_DISCOUNT: "{c} persons -{n} G",
    K.REPUTATION_DISCOUNT: "reputation -{n} G",
    K.HOUSE_NO_WORKER: "houses need no worker",
    K.THREAT_IMMUNITY: "immune to {c} threats",
    K.THREAT_DISCARD_VP: "+{n} VP per discard",
    K.ON_RECRUIT_VP: "+{n} VP per recruit",
    K.ON_HOUSE_VP: "+{n} VP per house",
    K.ON_CANAL_VP: "+{n} VP per canal",
    K.ON_REPUTATION_VP: "+{n} VP per rep. step",
    K.ON_HAND_GUILDERS: "+{n} G per full hand",
    K.ON_THREAT_GUILDERS: "+{n} G per threat",
}
BASIS_TEXT = {
    Basis.HOUSES: "house",
    Basis.PERSONS: "person",
    Basis.DISTINCT_GROUPS: "group",
    Basis.DISTINCT_COLOURS: "colour",
    Basis.CANAL_TOKENS: "canal",
    Basis.REPUTATION: "rep. step",
    Basis.MAJORITIES: "majority",
    Basis.STATUES: "statue",
    Basis.WORKERS: "worker",
    Basis.GUILDERS: "guilder",
}
ORDINALS = ("1st", "2nd", "3rd", "4th")
DASH = "\N{EN DASH}"
GOLD, CANAL_FILL, STONE, EXTRA_BACK = "#c9a227", "#2a9d8f", "#a7a29a", "#4a4a4a"
Token = Callable[[Svg, float, float, str], None]  # draws one per-colour token


def draw(view: BrugesView) -> str:
    flows = [layout(card_groups(player), PANEL_W - 20) for player in view.players]
    heights = [STATS_H + (1 + max(p.line for p in flow)) * LINE_H + 4 for flow in flows]
    picture = Svg(WIDTH, PLAYERS_Y + sum(h + MARGIN for h in heights))
    _header(picture, view)
    _dice(picture, view, MARGIN, TABLE_Y)
    _piles(picture, view, MARGIN + 340, TABLE_Y)
    _statue_stack(picture, view, MARGIN + 780, TABLE_Y)
    _legend(picture, view)
    y = PLAYERS_Y
    for player, flow, height in zip(view.players, flows, heights, strict=True):
        _player(picture, view, player, flow, y, height)
        y += height + MARGIN
    return picture.render()


# -- texts ----------------------------------------------------------------------------------


def ability(card: PersonView) -> str:
    """A person's effect in a few words: "+4 guilders", "2 VP per noble", "immune to red"."""
    effect = person(card.id).effect
    if effect.basis is Basis.THREATLESS:
        return f"{effect.amount} VP if no threat"
    colour = effect.colour.value if effect.colour is not None else "any"
    s = "" if effect.amount == 1 else "s"
    return EFFECT_TEXT[effect.kind].format(n=effect.amount, s=s, c=colour, b=_basis(effect))


def _basis(effect: Effect) -> str:
    if effect.basis is Basis.GROUP and effect.group is not None:
        unit = effect.group.value
    elif effect.basis is Basis.COLOUR and effect.colour is not None:
        unit = effect.colour.value
    else:
        unit = BASIS_TEXT.get(effect.basis or Basis.HOUSES, "unit")
    return unit if effect.per == 1 else f"{effect.per} {unit}s"


def name_lines(name: str) -> list[str]:
    """A person's name on at most two lines of a card."""
    lines = wrap(name, 17, break_on_hyphens=False)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])[:15] + "…"]
    return lines


def phase_text(view: BrugesView) -> str:
    if view.finished:
        return f"Game over after round {view.round}"
    if view.phase is Phase.SETUP:
        return PHASE_TEXT[view.phase]
    return f"Round {view.round} · {PHASE_TEXT[view.phase]}"


def turn_text(view: BrugesView) -> str:
    if view.to_act is None:
        return _result_text(view) if view.finished else "no one to play yet"
    if view.pending:
        more = len(view.pending) - 1
        return _pending_text(view.pending[0]) + (f" · {more} more waiting" if more else "")
    seat = view.active_seat
    hand = view.players[seat].hand_size
    match view.phase:
        case Phase.DRAW:
            return f"Seat {seat} draws a card (hand {hand}/{HAND_SIZE})"
        case Phase.REPUTATION:
            return f"Seat {seat} decides on a reputation step ({view.reputation_cost} guilders)"
        case Phase.ACTIONS:
            played = view.players[seat].played
            if view.step is TurnStep.STARTED:
                return f"Seat {seat} plays card {played + 1} of {PLAYS_PER_ROUND}"
            return f"Seat {seat} has played card {played} of {PLAYS_PER_ROUND}; may activate"
        case _:
            return f"Seat {seat} to act"


def _result_text(view: BrugesView) -> str:
    winners = [seat for seat, place in enumerate(view.places) if place == 1]
    if not winners or len(view.scores) <= winners[0]:
        return "final scores"
    who = " and ".join(f"Seat {seat}" for seat in winners)
    verb = "win" if len(winners) > 1 else "wins"
    return f"Final scores: {who} {verb} with {view.scores[winners[0]]} points"


def _pending_text(pending: PendingView) -> str:
    if pending.kind is PendingKind.LOSS:
        colour = pending.colour.value if pending.colour is not None else "a"
        return f"Seat {pending.seat} chooses what its {colour} disaster takes"
    return f"Seat {pending.seat} draws {pending.count} more card(s), pile by pile"


def standing(view: BrugesView, player: PlayerView) -> str:
    parts = []
    if player.seat == view.start_player and view.phase is not Phase.SETUP:
        parts.append("\N{BLACK STAR} start player")
    if player.seat == view.to_act:
        parts.append("to act")
    if view.phase is Phase.ACTIONS:
        parts.append(f"{player.played}/{PLAYS_PER_ROUND} cards played this round")
    if view.finished and player.seat < len(view.scores):
        place = view.places[player.seat] if player.seat < len(view.places) else 0
        rank = ORDINALS[place - 1] if 0 < place <= len(ORDINALS) else "?"
        parts.append(f"{rank} place with {view.scores[player.seat]} points")
        parts.append(f"{player.score} on the track before final scoring")
    return " · ".join(parts)


# -- the card band: houses, then the hand, flowing over as many lines as they need ----------


@dataclass(frozen=True)
class Piece:
    """One card in a seat's card band: a house (with or without its person), a face or a
    back."""

    width: float
    house: HouseView | None = None
    face: PersonView | None = None
    back: Colour | None = None


@dataclass(frozen=True)
class Placed:
    x: float
    line: int
    piece: Piece
    label: str


def card_groups(player: PlayerView) -> list[tuple[str, list[Piece]]]:
    houses = [Piece(FACE_W if h.person else HOUSE_W, house=h) for h in player.houses]
    persons = sum(h.person is not None for h in player.houses)
    faces = player.hand or ()
    unseen = Counter(player.hand_colours) - Counter(card.colour for card in faces)
    hand = [Piece(FACE_W, face=card) for card in faces]
    hand += [Piece(BACK_W, back=c) for c in COLOURS for _ in range(unseen[c])]
    return [
        (f"houses: {len(player.houses)}, persons: {persons}", houses or [Piece(NONE_W)]),
        (f"hand: {player.hand_size}", hand or [Piece(NONE_W)]),
    ]


def layout(groups: list[tuple[str, list[Piece]]], width: float) -> list[Placed]:
    """Left to right, starting a new line when a card would pass ``width``; each group's
    label sits above its first card."""
    placed: list[Placed] = []
    x, line, label_end = 0.0, 0, 0.0
    for label, pieces in groups:
        if placed:
            x = max(x + GROUP_GAP - CARD_GAP, label_end + 14)
        for index, piece in enumerate(pieces):
            if x > 0 and x + piece.width > width:
                x, line, label_end = 0.0, line + 1, 0.0
            text = label if index == 0 else ""
            placed.append(Placed(x, line, piece, text))
            label_end = x + len(text) * 6.2 if text else label_end
            x += piece.width + CARD_GAP
    return placed


def _piece(picture: Svg, piece: Piece, x: float, y: float) -> None:
    if piece.house is not None and piece.house.person is not None:
        _face(picture, piece.house.person, x, y, piece.house)
    elif piece.house is not None:
        _house_back(picture, piece.house, x, y)
    elif piece.face is not None:
        _face(picture, piece.face, x, y)
    elif piece.back is not None:
        _back(picture, piece.back, x, y, BACK_W, CARD_H)
        picture.hotspot(x, y, BACK_W, CARD_H, f"a {piece.back.value} card, face down")
    else:
        picture.rect(x, y, NONE_W, CARD_H, "#fafafa", stroke="#bbb", dashed=True)
        picture.text(
            x + NONE_W / 2, y + CARD_H / 2 + 4, "none", size=11, fill="#999", anchor="middle"
        )


def _face(
    picture: Svg, card: PersonView, x: float, y: float, house: HouseView | None = None
) -> None:
    """A person face up: cost and printed VP, activation, name, group and ability."""
    fill, ink = FILL[card.colour], INK[card.colour]
    picture.rect(x, y, FACE_W, CARD_H, PALE[card.colour], stroke=fill)
    picture.rect(x, y, FACE_W, 18, fill, stroke=fill)
    cost = f"{card.cost}g · {card.points} VP"
    picture.text(x + 5, y + 13, cost, size=11, weight="bold", fill=ink)
    _activation(picture, card, x + FACE_W - 5, y + 13, ink)
    for index, line in enumerate(name_lines(card.name)):
        picture.text(x + 5, y + 32 + 12 * index, line, size=11, weight="bold")
    used = house is not None and house.turned
    group = card.group.value + (" · used" if used else "")
    picture.text(x + 5, y + 59, group, size=10, fill="#8a1c1c" if used else "#555")
    picture.text(x + 5, y + 74, ability(card), size=10, weight="bold", fill="#222")
    if house is not None:
        _house_icon(picture, x + FACE_W - 12, y + 56, 7, FILL[house.colour], "#222")
    picture.hotspot(x, y, FACE_W, CARD_H, card_title(card, house))


def card_title(card: PersonView, house: HouseView | None = None) -> str:
    """A face's tooltip: everything about the person, with its full text."""
    where = f", in a {house.colour.value} house" if house is not None else ""
    about = f"{card.colour.value} {card.group.value}, cost {card.cost}, {card.points} VP{where}"
    return f"{card.name} ({about}): {card.text}"


def _activation(picture: Svg, card: PersonView, right: float, y: float, ink: str) -> None:
    picture.text(
        right, y, ACTIVATION[card.activation], size=10, weight="bold", fill=ink, anchor="end"
    )
    if card.worker is not None:
        picture.circle(right - 33, y - 4, 5, FILL[card.worker], stroke=ink)


def _house_back(picture: Svg, house: HouseView, x: float, y: float) -> None:
    _back(picture, house.colour, x, y, HOUSE_W, CARD_H)
    _house_icon(picture, x + HOUSE_W / 2, y + 26, 11, "none", INK[house.colour])
    title = f"a {house.colour.value} house, empty"
    if house.card is not None:
        title += f" (its face: {person(house.card).name})"
    picture.hotspot(x, y, HOUSE_W, CARD_H, title)


def _back(picture: Svg, colour: Colour | None, x: float, y: float, w: float, h: float) -> None:
    """A card back: its colour, framed, with the colour's short name for colour-blind eyes."""
    fill = EXTRA_BACK if colour is None else FILL[colour]
    ink = "#ffffff" if colour is None else INK[colour]
    picture.rect(x, y, w, h, fill, stroke="#222")
    picture.rect(x + 3, y + 3, w - 6, h - 6, "none", stroke=ink, radius=2)
    if colour is not None:
        picture.text(
            x + w / 2, y + h - 9, SHORT[colour], size=11, weight="bold", fill=ink, anchor="middle"
        )


def _house_icon(picture: Svg, cx: float, cy: float, r: float, fill: str, stroke: str) -> None:
    points = [(cx - r, cy + r), (cx - r, cy), (cx, cy - r), (cx + r, cy), (cx + r, cy + r)]
    picture.polygon(points, fill, stroke=stroke, stroke_width=1.5)


# -- the table ------------------------------------------------------------------------------


def _header(picture: Svg, view: BrugesView) -> None:
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


def _dice(picture: Svg, view: BrugesView, x: float, y: float) -> None:
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
    threat = value in THREAT_DICE
    note = "threat" if threat else "rep. cost" if value in REPUTATION_DICE else ""
    colour_of_note = "#8a1c1c" if threat else "#555"
    picture.text(x + 23, y + 64, note, size=11, weight="bold", fill=colour_of_note, anchor="middle")


def _piles(picture: Svg, view: BrugesView, x: float, y: float) -> None:
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
        kind = f"{top.cost}g · {top.points} VP · {ACTIVATION[top.activation]}"
        picture.text(dx + 8, y + 82, kind, size=11, fill="#444")
        picture.text(dx + 8, y + 99, ability(top), size=11, fill="#444")
        picture.hotspot(dx, y + 28, 186, 80, card_title(top))


def _pile(picture: Svg, x: float, y: float, label: str, top: Colour | None, size: int) -> None:
    if size == 0:
        picture.rect(x, y, 58, 80, "#fafafa", stroke="#bbb", dashed=True)
    else:
        _back(picture, top, x, y, 58, 80)
    ink = "#999" if size == 0 else "#ffffff" if top is None else INK[top]
    picture.text(x + 29, y + 18, label, size=11, weight="bold", fill=ink, anchor="middle")
    picture.text(x + 29, y + 48, str(size), size=20, weight="bold", fill=ink, anchor="middle")
    what = "empty" if size == 0 else f"{size} cards"
    if top is not None:
        what += f", a {top.value} card on top"
    picture.hotspot(x, y, 58, 80, f"{label}: {what}")


def _statue_stack(picture: Svg, view: BrugesView, x: float, y: float) -> None:
    _panel(picture, x, WIDTH - MARGIN - x, "Statues left (top first)")
    for index, value in enumerate(view.statues):
        _statue(picture, x + 24 + index * 36, y + 48, value, 15)
    if not view.statues:
        picture.text(x + 10, y + 52, "none left", size=12, fill="#777")
    seats = len(view.players)
    order = " → ".join(f"Seat {(view.start_player + i) % seats}" for i in range(seats))
    picture.text(x + 10, y + 88, "turn order:", size=11, fill="#555")
    picture.text(x + 10, y + 104, order, size=12, weight="bold")


def _statue(picture: Svg, cx: float, cy: float, value: int, r: float) -> None:
    picture.circle(cx, cy, r, STONE, stroke="#444")
    picture.text(cx, cy + r / 3 + 1, str(value), size=int(r), weight="bold", anchor="middle")


def _legend(picture: Svg, view: BrugesView) -> None:
    x, y = MARGIN, LEGEND_Y
    picture.rect(x, y, PANEL_W, LEGEND_H, "#ffffff", stroke="#999")
    picture.text(x + 8, y + 18, "Legend", size=12, weight="bold")
    picture.text(x + 66, y + 18, "a 3rd threat marker strikes:", size=12, fill="#555")
    disasters = ruleset_of(view.ruleset).disasters
    for index, (colour, disaster) in enumerate(zip(COLOURS, disasters, strict=True)):
        cx = x + 236 + index * 156
        picture.rect(cx, y + 7, 14, 14, FILL[colour], stroke="#222", radius=2)
        picture.text(cx + 19, y + 18, f"{colour.value} {DISASTER_TEXT[disaster]}", size=12)
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
    _triangle(picture, x + 88, y - 4, 9, FILL[Colour.RED])
    picture.text(x + 100, y, "threat markers", size=12)
    picture.rect(x + 196, y - 12, CELL - 2, 18, CANAL_FILL, stroke="#333", radius=2)
    picture.text(x + 216, y, "canal token (3: VP space, S: statue space)", size=12)
    _statue(picture, x + 474, y - 4, 7, 9)
    picture.text(x + 488, y, "statue", size=12)
    picture.rect(x + 540, y - 12, 34, 16, GOLD, stroke="#333", radius=3)
    picture.text(x + 580, y, "majority won", size=12)
    _house_icon(picture, x + 672, y - 4, 8, "none", "#222")
    picture.text(x + 686, y, "house · gold frame: seat to act · ★ start player", size=12)
    picture.text(
        x,
        y + 44,
        "Backs show a card's colour only · G guilders · hover a card for its full text",
        size=12,
    )


def _triangle(picture: Svg, cx: float, cy: float, r: float, fill: str) -> None:
    picture.polygon(
        [(cx, cy - r), (cx + r, cy + r * 0.75), (cx - r, cy + r * 0.75)], fill, stroke="#222"
    )


# -- a seat ---------------------------------------------------------------------------------


def _player(
    picture: Svg, view: BrugesView, player: PlayerView, flow: list[Placed], y: float, height: float
) -> None:
    x, active = MARGIN, player.seat == view.to_act
    picture.rect(
        x, y, PANEL_W, height, "#fff8e7" if active else "#ffffff", stroke=GOLD if active else "#999"
    )
    if active:
        picture.rect(x + 1, y + 1, PANEL_W - 2, height - 2, "none", stroke=GOLD)
    picture.text(x + 10, y + 20, f"Seat {player.seat}", size=15, weight="bold")
    picture.text(x + 76, y + 20, standing(view, player), size=12, fill="#444")
    _tallies(picture, view, player, x + 10, y + 32)
    _counts(picture, "workers", player.workers, x + 160, y + 42, _worker)
    _counts(picture, "threats (3rd strikes)", player.threats, x + 316, y + 42, _threat)
    _reputation(picture, player.reputation, x + 474, y + 42)
    _canal(picture, ruleset_of(view.ruleset).canal, player, x + 660, y + 42)
    _majorities(picture, player, x + 886, y + 42)
    for placed in flow:
        top = y + STATS_H + placed.line * LINE_H
        if placed.label:
            picture.text(x + 10 + placed.x, top + 12, placed.label, size=11, fill="#555")
        _piece(picture, placed.piece, x + 10 + placed.x, top + 17)


def _tallies(picture: Svg, view: BrugesView, player: PlayerView, x: float, y: float) -> None:
    final = view.finished and player.seat < len(view.scores)
    points = view.scores[player.seat] if final else player.score
    boxes = ((points, "final points" if final else "points"), (player.guilders, "guilders"))
    for index, (value, label) in enumerate(boxes):
        bx = x + index * 70
        picture.rect(bx, y, 64, 48, "#f4f1ea", stroke="#999")
        picture.text(bx + 32, y + 24, str(value), size=20, weight="bold", anchor="middle")
        picture.text(bx + 32, y + 41, label, size=10, fill="#555", anchor="middle")


def _counts(
    picture: Svg, label: str, counts: tuple[int, ...], x: float, y: float, token: Token
) -> None:
    """One token per colour with its count; a pale token for none."""
    picture.text(x, y, label, size=11, fill="#555")
    for index, (colour, count) in enumerate(zip(COLOURS, counts, strict=False)):
        cx, cy = x + 12 + index * 29, y + 26
        token(picture, cx, cy, FILL[colour] if count else PALE[colour])
        ink = INK[colour] if count else "#999"
        picture.text(cx, cy + 5, str(count), size=13, weight="bold", fill=ink, anchor="middle")


def _worker(picture: Svg, cx: float, cy: float, fill: str) -> None:
    picture.circle(cx, cy, 12, fill, stroke="#222")


def _threat(picture: Svg, cx: float, cy: float, fill: str) -> None:
    _triangle(picture, cx, cy - 2, 13, fill)


def _reputation(picture: Svg, step: int, x: float, y: float) -> None:
    picture.text(x, y, f"reputation step {step}/{REPUTATION_TOP}", size=11, fill="#555")
    for index in range(REPUTATION_TOP + 1):
        fill = GOLD if index == step else "#efe2b8" if index < step else "#f7f5f0"
        picture.rect(x + index * 13, y + 14, 12, 24, fill, stroke="#999", radius=2)
        weight, ink = ("bold", "#111") if index == step else ("normal", "#888")
        picture.text(
            x + index * 13 + 6,
            y + 30,
            str(index),
            size=8 if index > 9 else 9,
            weight=weight,
            fill=ink,
            anchor="middle",
        )


def canal_cells(board: CanalBoard) -> list[tuple[int, int, float]]:
    """(section, space, x offset) of every canal space: the seed's one line of ten with a gap
    between its halves; the published two sections outward from the guard house between."""
    cells = []
    for section in range(board.sections):
        for space in range(board.length):
            if board.sections == 2:
                slot = board.length - 1 - space if section == 0 else board.length + space
                offset = slot * CELL + (8 if section else 0)
            else:
                offset = (section * board.length + space) * CELL
                offset += 6 if board.sections == 1 and space >= board.length // 2 else 0
            cells.append((section, space, float(offset)))
    return cells


def _canal(picture: Svg, board: CanalBoard, player: PlayerView, x: float, y: float) -> None:
    statues = "+".join(str(s) for s in player.statues) or "none"
    built = f"{sum(player.canal)}/{board.sections * board.length}"
    picture.text(x, y, f"canal {built} · statues: {statues}", size=11, fill="#555")
    for section, space, offset in canal_cells(board):
        done = space < player.canal[section] if section < len(player.canal) else False
        empty = "#eef3f8" if board.colours is None else PALE[board.colours[section][space]]
        picture.rect(
            x + offset, y + 14, CELL - 2, 24, CANAL_FILL if done else empty, stroke="#667", radius=2
        )
        mark = "S" if space + 1 in board.statue_spaces else ""
        vp = board.build_vp[space] or board.end_vp[space]
        mark = str(vp) if vp else mark
        picture.text(
            x + offset + CELL / 2 - 1,
            y + 30,
            mark,
            size=10,
            weight="bold",
            fill="#fff" if done else "#555",
            anchor="middle",
        )
    right = x + max(offset for _, _, offset in canal_cells(board)) + CELL + 12
    for index, value in enumerate(player.statues):
        _statue(picture, right + index * 21, y + 26, value, 10)


def _majorities(picture: Svg, player: PlayerView, x: float, y: float) -> None:
    picture.text(x, y, "majority markers", size=11, fill="#555")
    for index, category in enumerate(Category):
        won = category in player.majorities
        bx = x + index * 43
        picture.rect(
            bx,
            y + 14,
            40,
            24,
            GOLD if won else "#f4f4f4",
            stroke="#333" if won else "#bbb",
            radius=3,
            dashed=not won,
        )
        picture.text(
            bx + 20,
            y + 30,
            MAJORITY_LABEL[category],
            size=11,
            anchor="middle",
            weight="bold" if won else "normal",
            fill="#111" if won else "#999",
        )
