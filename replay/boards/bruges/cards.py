"""A seat's card band on the Bruges board: its houses (numbered as the log and the actions name
them: "recruited … into house 1", "house 1 burnt"; with the persons in them) and then its
hand, flowing over as many lines as they need; a person face up (cost, points, activation,
name, group, ability), an empty house, a card back.

Card backs show their colour only; a card's face is drawn only when the view shows it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from games.bruges.catalogue import COLOURS, Colour
from games.bruges.persons import person
from games.bruges.views import HouseView, PersonView, PlayerView
from replay.boards.bruges.shapes import card_back, house_icon
from replay.boards.bruges.style import (
    BACK_W,
    CARD_GAP,
    CARD_H,
    FACE_W,
    FILL,
    GROUP_GAP,
    HOUSE_W,
    INK,
    NONE_W,
    PALE,
    SHORT,
)
from replay.boards.bruges.texts import ACTIVATION, ability, card_title, name_lines
from replay.boards.svg import Svg

NAME_CHARS, HOUSED_NAME_CHARS = 17, 14
"""Characters of a line of a person's name (11-pixel bold) across a card, and beside the
number of the house it is in."""


@dataclass(frozen=True)
class Piece:
    """One card in a seat's card band: a house (with or without its person) and its number,
    a face or a back."""

    width: float
    house: HouseView | None = None
    number: int = 0
    face: PersonView | None = None
    back: Colour | None = None


@dataclass(frozen=True)
class Placed:
    x: float
    line: int
    piece: Piece
    label: str


def card_groups(player: PlayerView) -> list[tuple[str, list[Piece]]]:
    houses = [
        Piece(FACE_W if h.person else HOUSE_W, house=h, number=n)
        for n, h in enumerate(player.houses)
    ]
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


def draw_piece(picture: Svg, piece: Piece, x: float, y: float) -> None:
    if piece.house is not None and piece.house.person is not None:
        _face(picture, piece.house.person, x, y, (piece.house, piece.number))
    elif piece.house is not None:
        _house_back(picture, piece.house, piece.number, x, y)
    elif piece.face is not None:
        _face(picture, piece.face, x, y)
    elif piece.back is not None:
        card_back(picture, piece.back, x, y, BACK_W, CARD_H)
        picture.hotspot(x, y, BACK_W, CARD_H, f"a {piece.back.value} card, face down")
    else:
        picture.rect(x, y, NONE_W, CARD_H, "#fafafa", stroke="#bbb", dashed=True)
        picture.text(
            x + NONE_W / 2, y + CARD_H / 2 + 4, "none", size=11, fill="#666", anchor="middle"
        )


def _face(
    picture: Svg,
    card: PersonView,
    x: float,
    y: float,
    housed: tuple[HouseView, int] | None = None,
) -> None:
    """A person face up: cost and printed VP, activation, name, colour (its short name as well
    as the card's colours) and group, and ability; in a house, the house's colour and number on
    its icon."""
    house = housed[0] if housed is not None else None
    fill, ink = FILL[card.colour], INK[card.colour]
    picture.rect(x, y, FACE_W, CARD_H, PALE[card.colour], stroke=fill)
    picture.rect(x, y, FACE_W, 18, fill, stroke=fill)
    cost = f"{card.cost}g · {card.points} VP"
    picture.text(x + 5, y + 13, cost, size=11, weight="bold", fill=ink)
    _activation(picture, card, x + FACE_W - 5, y + 13, ink)
    # A housed person's number sits beside its name, whose lines are kept clear of it: on the
    # group line below, "Bl · entertainer · used" ran under it and past the card's edge.
    width = HOUSED_NAME_CHARS if housed is not None else NAME_CHARS
    for index, line in enumerate(name_lines(card.name, width)):
        picture.text(x + 5, y + 32 + 12 * index, line, size=11, weight="bold")
    used = house is not None and house.turned
    group = f"{SHORT[card.colour]} · {card.group.value}" + (" · used" if used else "")
    picture.text(x + 5, y + 59, group, size=10, fill="#8a1c1c" if used else "#555")
    picture.text(x + 5, y + 74, ability(card), size=10, weight="bold", fill="#222")
    if housed is not None:
        _house_number(picture, housed, x + FACE_W - 13, y + 35, 9)
    picture.hotspot(x, y, FACE_W, CARD_H, card_title(card, housed))


def _activation(picture: Svg, card: PersonView, right: float, y: float, ink: str) -> None:
    picture.text(
        right, y, ACTIVATION[card.activation], size=10, weight="bold", fill=ink, anchor="end"
    )
    if card.worker is not None:
        picture.circle(right - 33, y - 4, 5, FILL[card.worker], stroke=ink)


def _house_number(
    picture: Svg, housed: tuple[HouseView, int], cx: float, cy: float, r: float
) -> None:
    """A house icon in the house's colour with the house's number on it."""
    house, number = housed
    house_icon(picture, cx, cy, r, FILL[house.colour], "#222")
    size = int(r) + 2
    ink = INK[house.colour]
    picture.text(cx, cy + r - 1, str(number), size=size, weight="bold", fill=ink, anchor="middle")


def _house_back(picture: Svg, house: HouseView, number: int, x: float, y: float) -> None:
    card_back(picture, house.colour, x, y, HOUSE_W, CARD_H)
    house_icon(picture, x + HOUSE_W / 2, y + 26, 11, "none", INK[house.colour])
    picture.text(x + HOUSE_W / 2, y + 34, str(number), size=13, weight="bold",
                 fill=INK[house.colour], anchor="middle")  # fmt: skip
    title = f"house {number}: a {house.colour.value} house, empty"
    if house.card is not None:
        title += f" (its face: {person(house.card).name})"
    picture.hotspot(x, y, HOUSE_W, CARD_H, title)
