"""Immutable Bourgeoisie state: the table, the players and their families.

Everything is a frozen dataclass of ints, enums and tuples, so a state can be compared, hashed
and folded from events alone (docs/architecture.md §4). Card ids index ``catalogue.CARDS``.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.bourgeoisie.catalogue import TRACK_SLOTS, Phase
from games.core.frozen import replace


@dataclass(frozen=True)
class Family:
    """A Family card and the cards played with it (seed: FAMILIES, FAMILY PHASE).

    ``upgrades`` holds ``(card id, tokens)`` pairs, sorted by card id, for every card of this
    family that carries upgrade tokens (seed: UPGRADE TOKENS).
    """

    family: int
    trade: int | None = None
    bonds: tuple[int, ...] = ()
    lands: tuple[int, ...] = ()
    offices: tuple[int, ...] = ()
    upgrades: tuple[tuple[int, int], ...] = ()

    @property
    def cards(self) -> tuple[int, ...]:
        """Every card of the family: the Family card, its Trade, Bonds, Lands and Offices."""
        trade = () if self.trade is None else (self.trade,)
        return (self.family, *trade, *self.bonds, *self.lands, *self.offices)

    def upgrades_on(self, card: int) -> int:
        """The upgrade tokens on one of this family's cards."""
        return dict(self.upgrades).get(card, 0)


@dataclass(frozen=True)
class Player:
    """One seat's coins, tokens, hand and families; ``family`` is the current (unretired) one."""

    silver: int = 0
    gold: int = 0
    opportunity: int = 0
    hand: tuple[int, ...] = ()
    family: Family | None = None
    retired: tuple[Family, ...] = ()


@dataclass(frozen=True)
class State:
    """The whole table (seed: THE DECK, THE OPPORTUNITY TRACK, TURN SEQUENCE).

    ``turn`` is 0 until the opening has dealt the cards and begun the first turn. ``track`` has
    one entry per slot, 1..10, each a card id or None. ``deck`` is in draw order and is secret.
    ``scores`` and ``places`` are filled in by ``GameEnded``.
    """

    ruleset: str
    seats: int
    players: tuple[Player, ...]
    deck: tuple[int, ...] = ()
    track: tuple[int | None, ...] = (None,) * TRACK_SLOTS
    discard: tuple[int, ...] = ()
    active: int = 0
    phase: Phase = Phase.FAMILY
    turn: int = 0
    finished: bool = False
    scores: tuple[int, ...] = ()
    places: tuple[int, ...] = ()


def player_at(state: State, seat: int) -> Player:
    """The player in ``seat``."""
    return state.players[seat]


def with_player(state: State, seat: int, player: Player) -> State:
    """``state`` with the player in ``seat`` replaced."""
    players = (*state.players[:seat], player, *state.players[seat + 1 :])
    return replace(state, players=players)


def without(items: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``items`` without the first occurrence of ``card`` (unchanged when it is absent)."""
    if card not in items:
        return items
    index = items.index(card)
    return items[:index] + items[index + 1 :]


def owner_of(state: State, card: int) -> int | None:
    """The seat whose current family holds ``card`` in play, or None."""
    for seat, player in enumerate(state.players):
        if player.family is not None and card in player.family.cards:
            return seat
    return None
