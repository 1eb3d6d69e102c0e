"""The Bourgeoisie table: the opportunity track, the deck and the discard pile (its size and top
card), a legend, and each seat, named after its player, with its coins, prestige points, family
in play, hand and retired families; at the end, the final scores. Under the picture, the
reminders a player keeps beside the board (``notes``)."""

from __future__ import annotations

from collections.abc import Sequence
from textwrap import wrap

from clients.render.bourgeoisie import REFERENCE
from games.bourgeoisie import RULES
from games.bourgeoisie.catalogue import CardKind, card
from games.bourgeoisie.scoring import RETIREMENT_BONUS_RULE
from games.bourgeoisie.views import (
    BourgeoisieView,
    CardView,
    FamilyView,
    PlayerView,
    score_if_ended_now,
)
from replay.boards.notes import item, note
from replay.boards.notes import notes as notes_of
from replay.boards.results import result_text, seat_title, standing
from replay.boards.svg import Svg, heading_width

CARD_W, CARD_H, GAP = 88, 54, 8
KIND_COLOURS = {
    CardKind.FAMILY: "#f4d35e",
    CardKind.TRADE: "#9ad1d4",
    CardKind.BOND: "#c3b1e1",
    CardKind.LAND: "#a7d49b",
    CardKind.OFFICE: "#f2a7a7",
    CardKind.EVENT: "#e0e0e0",
}
KIND_MARKS = {kind: kind.value[0].upper() for kind in CardKind}
"""Each card type's letter, in a card's top right corner and in its legend's swatch: a card's
type was its colour alone, lost in greyscale and to a colour-blind reader."""
NAME_ROOM = 1
"""Characters of a card's name line left to its type's letter."""
PLAYER_H = 2 * CARD_H + 62
HAND_ROW_H = 74
"""The part of a seat's panel that its hand takes: a panel whose hand the view hides is that
much shorter, rather than blank there."""
LEGEND_Y, LEGEND_H = 112, 40
PLAYERS_Y = LEGEND_Y + LEGEND_H + GAP
EVENT_LINE_H = 8
EVENT_CHAR_W = 4.0
"""An Event's text is set in 7-point type: lines 8 pixels apart, a character about 4 wide."""
RETIRED_LINE_H = 14
RETIRED_LINE_CHARS = 170
"""Characters of a retired family's line that fit a seat's panel at 10-point type."""
RETIREMENT_BONUS_TEXT = f"Bonus: {RETIREMENT_BONUS_RULE}"


def draw(view: BourgeoisieView, names: Sequence[str] = ()) -> str:
    """The track and deck, the legend, then one panel per seat, each as tall as its hand (when
    the view shows it) and its retired families need."""
    width = 10 * (CARD_W + GAP) + 2 * GAP + 120
    panels = [(player, _panel_height(player), retired_lines(player)) for player in view.players]
    heights = [height + len(lines) * RETIRED_LINE_H for _, height, lines in panels]
    picture = Svg(width, PLAYERS_Y + sum(h + GAP for h in heights))
    _track(picture, view)
    _legend(picture)
    y: float = PLAYERS_Y
    for (player, height, lines), total in zip(panels, heights, strict=True):
        _player(picture, view, player, seat_title(names, player.seat), (y, total))
        for number, line in enumerate(lines):
            picture.text(2 * GAP, y + height - 6 + number * RETIRED_LINE_H, line, size=10)
        y += total + GAP
    return picture.render()


def notes(view: BourgeoisieView, names: Sequence[str] = ()) -> str:
    """What a player keeps in mind beside the board while the game is on: a track card's
    price, the revenue thresholds and the hand limit (``clients.render.bourgeoisie.REFERENCE``,
    as the terminal board says them)."""
    if view.finished:
        return ""
    return notes_of([note("Reminders", [item("", REFERENCE)], "reminders")])


def _panel_height(player: PlayerView) -> int:
    return PLAYER_H if player.hand is not None else PLAYER_H - HAND_ROW_H


def _legend(picture: Svg) -> None:
    """What the colours, letters and abbreviations stand for: the six card types (seed: THE
    DECK) each with its colour and letter (``KIND_MARKS``), a
    slot's price in Opportunity Tokens (THE OPPORTUNITY TRACK), Upgrade Tokens (UPGRADE
    TOKENS)."""
    x, y = GAP, LEGEND_Y
    picture.rect(x, y, picture.width - 2 * GAP, LEGEND_H, "#ffffff", stroke="#999")
    picture.text(x + 8, y + 16, "Legend", size=12, weight="bold")
    for index, (kind, fill) in enumerate(KIND_COLOURS.items()):
        left = x + 70 + index * 90
        picture.rect(left, y + 5, 16, 13, fill, radius=2)
        picture.text(left + 8, y + 15, KIND_MARKS[kind], size=9, weight="bold", anchor="middle")
        picture.text(left + 21, y + 16, kind.value, size=12)
    picture.text(x + 8, y + 33, "OT opportunity tokens (a track slot's price) · PP prestige "
                 "points · Bankers 5 +2: value 5 and 2 upgrade tokens · (+2 PP): the prestige "
                 "points printed on the card · hover an Event for its full text",
                 size=11)  # fmt: skip


def value_text(shown: CardView) -> str:
    """A card's value and its upgrade tokens, ``4 +2`` (seed: UPGRADE TOKENS)."""
    return f"{shown.value} +{shown.upgrades}" if shown.upgrades else f"{shown.value}"


def _card(picture: Svg, x: float, y: float, shown: CardView | None, *, small: bool = False) -> None:
    w, h = (CARD_W * 0.8, CARD_H * 0.8) if small else (CARD_W, CARD_H)
    if shown is None:
        picture.rect(x, y, w, h, "#fafafa", stroke="#bbb", dashed=True)
        return
    picture.rect(x, y, w, h, KIND_COLOURS[shown.kind])
    picture.text(x + w - 3, y + 10, KIND_MARKS[shown.kind], size=8, weight="bold", anchor="end")
    size = 9 if small else 10
    names = _name_lines(shown.name, (11 if small else 13) - NAME_ROOM)
    for line, text in enumerate(names):
        picture.text(x + 4, y + 13 + line * (size + 2), text, size=size, weight="bold")
    if shown.kind is CardKind.EVENT:
        _event_text(picture, shown, (x, y, w, h), y + 13 + (len(names) - 1) * (size + 2))
        return
    value = value_text(shown)
    if shown.prestige:
        value += f" (+{shown.prestige} PP)"
    picture.text(x + 5, y + h - 8, value, size=10)


def _event_text(
    picture: Svg, shown: CardView, box: tuple[float, float, float, float], name_y: float
) -> None:
    """What the Event does (the catalogue's text) in small type under its name, cut short
    with an ellipsis where the card is full, and in full in the card's tooltip."""
    x, y, w, h = box
    text = card(shown.id).text
    lines = wrap(text, int(w / EVENT_CHAR_W))
    room = max(1, int((y + h - 4 - name_y) // EVENT_LINE_H))
    if len(lines) > room:
        lines = [*lines[: room - 1], lines[room - 1] + "…"]
    for number, line in enumerate(lines):
        picture.text(x + 4, name_y + (number + 1) * EVENT_LINE_H + 1, line, size=7, fill="#333")
    picture.hotspot(x, y, w, h, f"{shown.name}: {text}")


def _name_lines(name: str, fits: int) -> list[str]:
    """``name`` on at most two lines of about ``fits`` characters, broken between words:
    "Diversify Portfolio" is a card's whole name, and a cut one can be another card's."""
    if len(name) <= fits or " " not in name:
        return [name]
    words = name.split(" ")
    first = words[0]
    for word in words[1:-1]:
        if len(f"{first} {word}") > fits:
            break
        first = f"{first} {word}"
    return [first, name[len(first) + 1 :]]


def _track(picture: Svg, view: BourgeoisieView) -> None:
    picture.text(GAP, 20, heading(view), size=15, weight="bold")
    discard = discard_text(view)
    picture.text(picture.width - GAP, 20, discard, size=12, fill="#444", anchor="end")
    for slot, shown in enumerate(view.track, start=1):
        x = GAP + (slot - 1) * (CARD_W + GAP)
        picture.text(x + CARD_W / 2, 44, f"{slot} OT", size=10, anchor="middle", fill="#555")
        _card(picture, x, 50, shown)
    x = GAP + 10 * (CARD_W + GAP)
    picture.rect(x, 50, 100, CARD_H, "#5c4d7d")
    picture.text(x + 50, 72, "deck", size=11, fill="#fff", anchor="middle")
    picture.text(
        x + 50, 92, str(view.deck_size), size=15, fill="#fff", anchor="middle", weight="bold"
    )


def discard_text(view: BourgeoisieView) -> str:
    """``discard pile 34 · top: Porters (family 3)``: the face-up discard pile beside the
    track (seed: THE OPPORTUNITY TRACK, "Discard | 01 | … | Deck"), by its size and the card
    on top."""
    text = f"discard pile {len(view.discard)}"
    if not view.discard:
        return text
    top = view.discard[-1]
    value = value_text(top)
    if top.prestige:
        value += f", +{top.prestige} PP"
    return f"{text} · top: {top.name} ({top.kind.value} {value})"


def heading(view: BourgeoisieView) -> str:
    """The turn, seat and phase in play; once the game is over, "Game over" and who won (seed:
    VICTORY, the game ends when a turn ends with the deck empty)."""
    if view.finished:
        result = result_text(view.places, view.scores, RULES.points_name)
        return f"Game over after turn {view.turn} · {result}"
    return f"Turn {view.turn} · seat {view.active_seat} · {view.phase.value} phase"


def _player(
    picture: Svg, view: BourgeoisieView, player: PlayerView, title: str, at: tuple[float, float]
) -> None:
    """The seat's panel headed by ``title``; ``at`` is its top and its height."""
    y, height = at
    active = player.seat == view.active_seat and not view.finished
    picture.rect(GAP, y, picture.width - 2 * GAP, height, "#fff8e7" if active else "#ffffff",
                 stroke="#c9a227" if active else "#999")  # fmt: skip
    hand = f"hand {player.hand_size}"
    coins = f"{player.silver} silver · {player.gold} gold · {player.opportunity} OT"
    picture.text(2 * GAP, y + 18, title, size=13, weight="bold")
    after = max(90, 2 * GAP + 12 + heading_width(title, 13))
    picture.text(after, y + 18, f"{points_text(view, player)} · {coins} · {hand}", size=12)
    if player.family is not None:
        _family(picture, player.family, family_in_play_points(player), y + 26)
    else:
        picture.text(2 * GAP, y + 50, "no family in play", size=11, fill="#777")
    hand_y = y + 30 + CARD_H + 4
    if player.hand is not None:
        picture.text(2 * GAP, hand_y - 2, "hand", size=10, fill="#777")
    for index, shown in enumerate((player.hand or ())[:10]):
        _card(picture, 2 * GAP + index * (CARD_W * 0.8 + 4), hand_y + 4, shown, small=True)


def points_text(view: BourgeoisieView, player: PlayerView) -> str:
    """``2nd place · 31 final prestige points`` once the game is over, else the points the
    rules' end-game scoring would give now (seed: END GAME SCORING)."""
    if view.finished and view.scores:
        return standing(view.places, view.scores, player.seat, RULES.points_name)
    return f"{score_if_ended_now(player).total} PP {RULES.running_points_meaning}"


def family_in_play_points(player: PlayerView) -> int:
    """The prestige points the seat's family in play scores, were the game to end now (or, once
    it has ended, at the end), as each retired family's line gives its own, so that the
    figures add up to the seat's total (seed: END GAME SCORING: "for each of your families";
    ``score_seat`` lists the family in play last)."""
    return score_if_ended_now(player).families[-1].total


def _family(picture: Svg, family: FamilyView, points: int, y: float) -> None:
    cards = [family.family, family.trade, *family.bonds, *family.lands, *family.offices]
    shown = [c for c in cards if c is not None][:11]
    for index, c in enumerate(shown):
        _card(picture, 2 * GAP + index * (CARD_W * 0.8 + 4), y, c, small=True)
    x = 2 * GAP + len(shown) * (CARD_W * 0.8 + 4) + 6
    picture.text(x, y + 26, f"revenue {family.revenue}", size=12, weight="bold")
    picture.text(x, y + 42, f"→ {points} PP", size=12, weight="bold")


def retired_lines(player: PlayerView) -> list[str]:
    """Each retired family of the seat, set aside but scored at the end: its cards with their
    values and upgrade tokens, and the points it scores (seed: NOBLEMENT PHASE, END GAME
    SCORING), wrapped to the panel's width; then the bonus for retired families after the
    first, where there is one, so that the seat's figures add up to its total."""
    lines: list[str] = []
    score = score_if_ended_now(player)
    for family, scored in zip(player.retired, score.families, strict=False):
        text = f"Retired: {family_text(family)} → {scored.total} PP"
        lines += wrap(text, RETIRED_LINE_CHARS, subsequent_indent="    ")
    if score.retirement_bonus:
        lines.append(f"{RETIREMENT_BONUS_TEXT} → {score.retirement_bonus} PP")
    return lines


def family_text(family: FamilyView) -> str:
    """``Provincials 6, Lawyers 1 · lands: Manor 10 +2 · offices: Mayor 12``."""
    head = [family.family, *([] if family.trade is None else [family.trade])]
    parts = [_cards_text(head)]
    for label, cards in (
        ("bonds", family.bonds),
        ("lands", family.lands),
        ("offices", family.offices),
    ):
        if cards:
            parts.append(f"{label}: {_cards_text(cards)}")
    return " · ".join(parts)


def _cards_text(cards: list[CardView] | tuple[CardView, ...]) -> str:
    return ", ".join(f"{c.name} {value_text(c)}" for c in cards)
