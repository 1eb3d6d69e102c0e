"""The Bourgeoisie table: the opportunity track, the deck, and each seat's coins and families."""

from __future__ import annotations

from games.bourgeoisie.catalogue import CardKind
from games.bourgeoisie.views import BourgeoisieView, CardView, FamilyView, PlayerView
from replay.boards.svg import Svg

CARD_W, CARD_H, GAP = 88, 54, 8
KIND_COLOURS = {
    CardKind.FAMILY: "#f4d35e",
    CardKind.TRADE: "#9ad1d4",
    CardKind.BOND: "#c3b1e1",
    CardKind.LAND: "#a7d49b",
    CardKind.OFFICE: "#f2a7a7",
    CardKind.EVENT: "#e0e0e0",
}
PLAYER_H = 2 * CARD_H + 62


def draw(view: BourgeoisieView) -> str:
    width = 10 * (CARD_W + GAP) + 2 * GAP + 120
    picture = Svg(width, 120 + len(view.players) * (PLAYER_H + GAP))
    _track(picture, view)
    for index, player in enumerate(view.players):
        _player(picture, player, 120 + index * (PLAYER_H + GAP), player.seat == view.active_seat)
    return picture.render()


def _card(picture: Svg, x: float, y: float, card: CardView | None, *, small: bool = False) -> None:
    w, h = (CARD_W * 0.8, CARD_H * 0.8) if small else (CARD_W, CARD_H)
    if card is None:
        picture.rect(x, y, w, h, "#fafafa", stroke="#bbb", dashed=True)
        return
    picture.rect(x, y, w, h, KIND_COLOURS[card.kind])
    size = 9 if small else 10
    for line, text in enumerate(_name_lines(card.name, 11 if small else 13)):
        picture.text(x + 4, y + 13 + line * (size + 2), text, size=size, weight="bold")
    value = "" if card.kind is CardKind.EVENT else f"{card.value}"
    if card.upgrades:
        value += f" +{card.upgrades}"
    if card.prestige:
        value += f"  {card.prestige} PP"
    picture.text(x + 5, y + h - 8, value or card.kind.value, size=10)


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
    picture.text(GAP, 20, f"Turn {view.turn} · seat {view.active_seat} · {view.phase.value} phase",
                 size=15, weight="bold")  # fmt: skip
    for slot, card in enumerate(view.track, start=1):
        x = GAP + (slot - 1) * (CARD_W + GAP)
        picture.text(x + CARD_W / 2, 44, f"{slot} OT", size=10, anchor="middle", fill="#555")
        _card(picture, x, 50, card)
    x = GAP + 10 * (CARD_W + GAP)
    picture.rect(x, 50, 100, CARD_H, "#5c4d7d")
    picture.text(x + 50, 72, "deck", size=11, fill="#fff", anchor="middle")
    picture.text(
        x + 50, 92, str(view.deck_size), size=15, fill="#fff", anchor="middle", weight="bold"
    )


def _player(picture: Svg, player: PlayerView, y: float, active: bool) -> None:
    width = picture.width - 2 * GAP
    picture.rect(GAP, y, width, PLAYER_H, "#fff8e7" if active else "#ffffff",
                 stroke="#c9a227" if active else "#999")  # fmt: skip
    hand = f"hand {player.hand_size}"
    coins = f"{player.silver} silver · {player.gold} gold · {player.opportunity} OT"
    picture.text(2 * GAP, y + 18, f"Seat {player.seat}", size=13, weight="bold")
    picture.text(90, y + 18, f"{coins} · {hand} · {len(player.retired)} retired", size=12)
    if player.family is not None:
        _family(picture, player.family, y + 26)
    else:
        picture.text(2 * GAP, y + 50, "no family in play", size=11, fill="#777")
    hand_y = y + 30 + CARD_H + 4
    if player.hand is not None:
        picture.text(2 * GAP, hand_y - 2, "hand", size=10, fill="#777")
    for index, card in enumerate((player.hand or ())[:10]):
        _card(picture, 2 * GAP + index * (CARD_W * 0.8 + 4), hand_y + 4, card, small=True)


def _family(picture: Svg, family: FamilyView, y: float) -> None:
    cards = [family.family, family.trade, *family.bonds, *family.lands, *family.offices]
    shown = [card for card in cards if card is not None][:11]
    for index, card in enumerate(shown):
        _card(picture, 2 * GAP + index * (CARD_W * 0.8 + 4), y, card, small=True)
    x = 2 * GAP + len(shown) * (CARD_W * 0.8 + 4) + 6
    picture.text(x, y + 26, f"revenue {family.revenue}", size=12, weight="bold")
