"""The Bourgeoisie table, drawn as blocks a phone stacks (``svg.blocks``): the opportunity
track, the deck and the discard pile (its size and top card), a legend, and each seat, named
after its player, with its coins, prestige points, family in play, hand and retired families;
at the end, the final scores. Under the picture, the reminders a player keeps beside the board
(``notes``)."""

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
from games.core.wording import shortened
from replay.boards.notes import item, note
from replay.boards.notes import notes as notes_of
from replay.boards.palette import SMALLEST
from replay.boards.results import result_text, seat_title, standing
from replay.boards.svg import Svg, blocks, bold_width

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
NAME_INSET, LETTER_INSET, LETTER_GAP = 4, 3, 4
"""Where a card's name starts, and where its type's letter ends (from the right edge), with
the gap the name's first line keeps from the letter."""
VOWELS = frozenset("aeiouy")
ONE_SOUND = ("ch", "ph", "sh", "th")
BLOCK_W = 400
"""A block of the board (the state of play, the legend, a seat's panel) is 402 units wide: a
400-pixel phone, whose page leaves the board 384 pixels, shows its 12-unit words at 11 pixels
and its smallest (``palette.SMALLEST``, an Event's text) at 9.5; a laptop sets two seats side
by side."""
TRACK_ROW = 4
"""Track slots a block of the track holds: four cards and their gaps fit a block's width."""
SMALL_W, SMALL_GAP, SMALL_LINE_H = CARD_W * 0.8, 4, 48
SMALL_ROW = 5
"""Small cards (a seat's family, its hand) a line of a seat's panel holds, each line
``SMALL_LINE_H`` under the one before (a small card is 43.2 high)."""
SMALL_TITLE_H = 20
"""The line over a seat's family or hand that says what it is."""
LINE_CHARS = 66
"""Characters of a 12-point line within a block's width."""
HEADING_CHARS = 46
"""Characters of the 15-point bold heading within a block's width."""
EVENT_LINE_H = SMALLEST + 1
EVENT_CHAR_W = 5.6
"""An Event's text is set in the least type a board draws (``palette.SMALLEST``): lines a
pixel further apart than its size, a character about 5.6 wide."""
RETIRED_LINE_H = 14
RETIRED_LINE_CHARS = 70
"""Characters of a retired family's line that fit a seat's panel at 10-point type."""
RETIREMENT_BONUS_TEXT = f"Bonus: {RETIREMENT_BONUS_RULE}"


def draw(view: BourgeoisieView, names: Sequence[str] = ()) -> str:
    """The board as blocks a phone stacks (``svg.blocks``): the state of play and the legend,
    the track four slots a block with the deck after it, then the seats two by two, each as
    tall as its family, its hand (when the view shows it) and its retired families need."""
    slots = list(enumerate(view.track, start=1))
    parts = [slots[index : index + TRACK_ROW] for index in range(0, len(slots), TRACK_ROW)]
    track = [_track(part, view.deck_size if last else None) for last, part in _marked(parts)]
    seats = [_player(view, p, seat_title(names, p.seat)) for p in view.players]
    rows = [[_status(view), _legend()], track]
    rows += [seats[index : index + 2] for index in range(0, len(seats), 2)]
    return blocks(rows)


def _marked(
    parts: list[list[tuple[int, CardView | None]]],
) -> list[tuple[bool, list[tuple[int, CardView | None]]]]:
    """Each part of the track, and whether it is the last (the one the deck follows)."""
    return [(index == len(parts) - 1, part) for index, part in enumerate(parts)] or [(True, [])]


def notes(view: BourgeoisieView, names: Sequence[str] = ()) -> str:
    """What a player keeps in mind beside the board while the game is on: a track card's
    price, the revenue thresholds and the hand limit (``clients.render.bourgeoisie.REFERENCE``,
    as the terminal board says them)."""
    if view.finished:
        return ""
    return notes_of([note("Reminders", [item("", REFERENCE)], "reminders")])


LEGEND_WORDS = (
    "OT opportunity tokens (a track slot's price) · PP prestige points · Bankers 5 +2: value 5 "
    "and 2 upgrade tokens · (+2 PP): the prestige points printed on the card · hover an Event "
    "for its full text"
)


def _legend() -> Svg:
    """What the colours, letters and abbreviations stand for: the six card types (seed: THE
    DECK) each with its colour and letter (``KIND_MARKS``), three a line; a slot's price in
    Opportunity Tokens (THE OPPORTUNITY TRACK), Upgrade Tokens (UPGRADE TOKENS), in lines that
    fit the legend's width."""
    words = wrap(LEGEND_WORDS, LINE_CHARS + 8)
    height = 56 + 15 * len(words)
    label = "Legend: the card types' colours and letters, prices and tokens"
    picture, x, y = Svg(BLOCK_W + 2, height + 2, label), 1, 1
    picture.rect(x, y, BLOCK_W, height, "#ffffff", stroke="#999")
    picture.text(x + 8, y + 16, "Legend", size=12, weight="bold")
    for index, (kind, fill) in enumerate(KIND_COLOURS.items()):
        left, top = x + 70 + (index % 3) * 120, y + 5 + (index // 3) * 20
        picture.rect(left, top, 16, 13, fill, radius=2)
        picture.text(left + 8, top + 11, KIND_MARKS[kind], size=SMALLEST, weight="bold",
                     anchor="middle")  # fmt: skip
        picture.text(left + 21, top + 11, kind.value, size=12)
    for index, line in enumerate(words):
        picture.text(x + 8, y + 56 + 15 * index, line, size=11)
    return picture


def value_text(shown: CardView) -> str:
    """A card's value and its upgrade tokens, ``4 +2`` (seed: UPGRADE TOKENS)."""
    return f"{shown.value} +{shown.upgrades}" if shown.upgrades else f"{shown.value}"


def _card(picture: Svg, x: float, y: float, shown: CardView | None, *, small: bool = False) -> None:
    w, h = (CARD_W * 0.8, CARD_H * 0.8) if small else (CARD_W, CARD_H)
    if shown is None:
        picture.rect(x, y, w, h, "#fafafa", stroke="#bbb", dashed=True)
        return
    picture.rect(x, y, w, h, KIND_COLOURS[shown.kind])
    letter, size = KIND_MARKS[shown.kind], SMALLEST
    picture.text(x + w - LETTER_INSET, y + 11, letter, size=size, weight="bold", anchor="end")
    beside = w - NAME_INSET - LETTER_INSET - bold_width(letter, size) - LETTER_GAP
    names = _name_lines(shown.name, beside, size)
    for line, text in enumerate(names):
        picture.text(x + NAME_INSET, y + 13 + line * (size + 2), text, size=size, weight="bold")
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
    width = int(w / EVENT_CHAR_W)
    lines = wrap(text, width)
    room = max(1, int((y + h - 4 - name_y) // EVENT_LINE_H))
    if len(lines) > room:
        # The ellipsis within the line's width: added to a full line ("tokens on an…"), it
        # ran past a small card's edge.
        lines = [*lines[: room - 1], shortened(" ".join(lines[room - 1 :]), width)]
    for number, line in enumerate(lines):
        picture.text(x + 4, name_y + (number + 1) * EVENT_LINE_H, line, size=SMALLEST,
                     fill="#333")  # fmt: skip
    picture.hotspot(x, y, w, h, f"{shown.name}: {text}")


def _name_lines(name: str, room: float, size: int) -> list[str]:
    """``name`` on at most two lines, its first within ``room`` pixels (beside the card's type
    letter), broken between words: "Diversify Portfolio" is a card's whole name, and a cut one
    can be another card's. A first word wider than that room ("Countryside" on a card in a
    seat's family) is hyphenated ("Country-", "side") rather than run into the letter."""
    words = name.split(" ")
    first = words[0]
    if bold_width(first, size) > room:
        head, tail = _hyphenated(first, room, size)
        return [head, " ".join([tail, *words[1:]])]
    for word in words[1:]:
        if bold_width(f"{first} {word}", size) > room:
            break
        first = f"{first} {word}"
    rest = name[len(first) + 1 :]
    return [first, rest] if rest else [first]


def _hyphenated(word: str, room: float, size: int) -> tuple[str, str]:
    """``word`` cut in two with a hyphen, its first part (and the hyphen) within ``room``: at
    the last break that fits before a syllable's start, a consonant (or "ch", "sh", ...)
    and then a vowel ("Country-side", "Judge-ship"), keeping three letters either side."""
    cuts = [
        cut
        for cut in range(3, len(word) - 2)
        if _starts_a_syllable(word[cut:].lower()) and bold_width(word[:cut] + "-", size) <= room
    ]
    cut = cuts[-1] if cuts else max(1, len(word) // 2)
    return word[:cut] + "-", word[cut:]


def _starts_a_syllable(tail: str) -> bool:
    onset = 2 if tail.startswith(ONE_SOUND) else 1
    return tail[0] not in VOWELS and len(tail) > onset and tail[onset] in VOWELS


def _status(view: BourgeoisieView) -> Svg:
    """The turn, seat and phase (or the result) and the discard pile, in lines that fit a
    block."""
    heading_lines = wrap(heading(view), HEADING_CHARS)
    discard = wrap(discard_text(view), LINE_CHARS)
    height = 14 + 20 * len(heading_lines) + 16 * len(discard)
    picture = Svg(BLOCK_W + 2, height, f"State of play: {heading(view)}")
    for index, line in enumerate(heading_lines):
        picture.text(GAP, 20 + 20 * index, line, size=15, weight="bold")
    top = 20 * len(heading_lines)
    for index, line in enumerate(discard):
        picture.text(GAP, top + 18 + 16 * index, line, size=12, fill="#444")
    return picture


def _track(slots: list[tuple[int, CardView | None]], deck: int | None) -> Svg:
    """Some slots of the opportunity track, each with its price; the deck after the last."""
    width = len(slots) * (CARD_W + GAP) + GAP + (100 + GAP if deck is not None else 0)
    picture = Svg(int(width), CARD_H + 32, _track_label(slots, deck))
    for index, (slot, shown) in enumerate(slots):
        x = GAP + index * (CARD_W + GAP)
        picture.text(x + CARD_W / 2, 20, f"{slot} OT", size=10, anchor="middle", fill="#555")
        _card(picture, x, 26, shown)
    if deck is not None:
        x = GAP + len(slots) * (CARD_W + GAP)
        picture.rect(x, 26, 100, CARD_H, "#5c4d7d")
        picture.text(x + 50, 48, "deck", size=11, fill="#fff", anchor="middle")
        picture.text(x + 50, 68, str(deck), size=15, fill="#fff", anchor="middle", weight="bold")
    return picture


def _track_label(slots: list[tuple[int, CardView | None]], deck: int | None) -> str:
    """What a block of the track shows, for a screen reader: its slots, and the deck's size
    after the last."""
    label = f"Opportunity track, slots {slots[0][0]} to {slots[-1][0]}" if slots else "Deck"
    return label + (f"; deck of {deck}" if deck is not None else "")


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


def _player(view: BourgeoisieView, player: PlayerView, title: str) -> Svg:
    """The seat's panel headed by ``title``, a block of the board: its points and coins, its
    family in play and its hand five small cards a line, and its retired families."""
    coins = f"{player.silver} silver · {player.gold} gold · {player.opportunity} OT"
    about = wrap(f"{points_text(view, player)} · {coins} · hand {player.hand_size}", LINE_CHARS)
    family = _family_cards(player.family)
    hand = list(player.hand or ())[:10]
    retired = retired_lines(player)
    family_y = 30 + 16 * len(about)
    hand_y = family_y + SMALL_TITLE_H + _small_rows(len(family)) * SMALL_LINE_H
    retired_y = hand_y + (hand_band_height(len(hand)) if player.hand is not None else 0)
    height = retired_y + len(retired) * RETIRED_LINE_H + 6
    picture, active = (
        Svg(BLOCK_W + 2, height + 2, title),
        player.seat == view.active_seat and not view.finished,
    )
    picture.rect(1, 1, BLOCK_W, height, "#fff8e7" if active else "#ffffff",
                 stroke="#c9a227" if active else "#999")  # fmt: skip
    picture.text(GAP, 19, title, size=13, weight="bold")
    for index, line in enumerate(about):
        picture.text(GAP, 36 + 16 * index, line, size=12)
    if player.family is not None:
        revenue = (
            f"family in play · revenue {player.family.revenue} → {family_in_play_points(player)} PP"
        )
        picture.text(GAP, family_y + 12, revenue, size=12, weight="bold")
        _small_cards(picture, family, family_y + 18)
    else:
        picture.text(GAP, family_y + 12, "no family in play", size=11, fill="#666")
    if player.hand is not None:
        picture.text(GAP, hand_y + 12, "hand", size=10, fill="#666")
        _small_cards(picture, hand, hand_y + 18)
    for number, line in enumerate(retired):
        picture.text(GAP, retired_y + 12 + number * RETIRED_LINE_H, line, size=10)
    return picture


def hand_band_height(cards: int) -> int:
    """The part of a seat's panel that its hand of ``cards`` takes: a panel whose hand the
    view hides is that much shorter, rather than blank there."""
    return SMALL_TITLE_H + _small_rows(cards) * SMALL_LINE_H


def _small_rows(count: int) -> int:
    return max(1, -(-count // SMALL_ROW))


def _small_cards(picture: Svg, cards: Sequence[CardView], y: float) -> None:
    """``cards`` small, ``SMALL_ROW`` a line from ``y``."""
    for index, shown in enumerate(cards):
        row, column = divmod(index, SMALL_ROW)
        x = GAP + column * (SMALL_W + SMALL_GAP)
        _card(picture, x, y + row * SMALL_LINE_H, shown, small=True)


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


def _family_cards(family: FamilyView | None) -> list[CardView]:
    """The family in play's cards: the family, its trade, bonds, lands and offices."""
    if family is None:
        return []
    cards = [family.family, family.trade, *family.bonds, *family.lands, *family.offices]
    return [c for c in cards if c is not None][:11]


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
