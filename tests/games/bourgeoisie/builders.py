"""Small builders for Bourgeoisie test states, and a given/when/then step helper.

States are made directly (``dataclasses.replace`` on a plain table) rather than by playing up
to them, so each test states exactly the situation its rule needs.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TypeVar

import pytest

from games.bourgeoisie import decide, evolve
from games.bourgeoisie.actions import Action
from games.bourgeoisie.catalogue import CARDS, Phase
from games.bourgeoisie.events import Event
from games.bourgeoisie.progress import settle
from games.bourgeoisie.state import Family, Player, State
from games.core import GameError, ScriptedChance

T = TypeVar("T")


def cid(name: str, value: int | None = None) -> int:
    """The id of the card called ``name`` (and of ``value``, for the repeated Bond names)."""
    for card in CARDS:
        if card.name == name and (value is None or card.value == value):
            return card.id
    raise KeyError(name)


# A deck of filler cards no test names, so the game never ends by surprise.
FILLER = tuple(cid("Mortgages", v) for v in (1, 2, 3, 4)) + tuple(
    cid(n) for n in ("Sailors", "Townsfolk", "Burghers", "Tradesmen")
)
# Enough cards no test names to refill a track bought down to one card and keep some in the
# deck, so a whole turn can end without ending the game (FILLER alone would run out).
LONG_DECK = tuple(cid(n, v) for n in ("Securities", "Joint Stock Shares") for v in (1, 2, 3, 4))
LONG_DECK += tuple(cid(n) for n in ("Provincials", "Workers", "Laborers", "Freemen"))
TRACK = tuple(
    cid(n)
    for n in (
        "Paupers",
        "Physicians",
        "Plots",
        "Courtier",
        "Serfs",
        "Lawyers",
        "Parcels",
        "Registrar",
        "Peasants",
        "Woad Trade",
    )
)


def track(*cards: str | int | None) -> tuple[int | None, ...]:
    """Track slots 1.. from card names (or ids); missing slots are empty."""
    slots = tuple(None if c is None else _id(c) for c in cards)
    return slots + (None,) * (10 - len(slots))


def family(
    card: str | int,
    trade: str | None = None,
    bonds: Iterable[int] = (),
    lands: Iterable[str] = (),
    offices: Iterable[str] = (),
    upgrades: Iterable[tuple[str | int, int]] = (),
) -> Family:
    """A family stack from card names (bonds by id, since their names repeat)."""
    return Family(
        family=_id(card),
        trade=None if trade is None else cid(trade),
        bonds=tuple(bonds),
        lands=tuple(cid(n) for n in lands),
        offices=tuple(cid(n) for n in offices),
        upgrades=tuple(sorted((_id(c), n) for c, n in upgrades)),
    )


def player(
    silver: int = 0,
    gold: int = 0,
    opportunity: int = 0,
    hand: Iterable[str | int] = (),
    family: Family | None = None,
    retired: Iterable[Family] = (),
) -> Player:
    """A player; hand cards by name or id."""
    return Player(silver, gold, opportunity, tuple(_id(c) for c in hand), family, tuple(retired))


def table(
    *players: Player,
    phase: Phase = Phase.FAMILY,
    active: int = 0,
    deck: tuple[int, ...] = FILLER,
    track: tuple[int | None, ...] = TRACK,
    turn: int = 1,
) -> State:
    """A running game in ``phase`` of ``active``'s turn (two empty players by default)."""
    seated = players or (Player(), Player())
    return State(
        ruleset="default",
        seats=len(seated),
        players=seated,
        deck=deck,
        track=track,
        active=active,
        phase=phase,
        turn=turn,
    )


def with_player(state: State, seat: int, **changes: object) -> State:
    """``state`` with some fields of one player changed."""
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)  # type: ignore[arg-type]
    return replace(state, players=tuple(players))


def step(
    state: State, seat: int, action: Action, rolls: Iterable[int] = ()
) -> tuple[State, tuple[Event, ...]]:
    """When ``seat`` takes ``action`` (dice from ``rolls``): the new state and the events."""
    events = decide(state, seat, action, ScriptedChance(tuple(rolls)))
    for event in events:
        state = evolve(state, event)
    return state, events


def settled(state: State, rolls: Iterable[int] = ()) -> tuple[State, tuple[Event, ...]]:
    """Let the game run on by itself from ``state`` (an automatic phase) to the next decision."""
    return settle(state, ScriptedChance(tuple(rolls)))


def refusal(state: State, action: object, seat: int = 0) -> GameError:
    """The error decide raises for ``action``; fails the test when it is accepted."""
    with pytest.raises(GameError) as error:
        decide(state, seat, action, ScriptedChance())  # type: ignore[arg-type]
    return error.value


EIGHT_LANDS = (
    "Plots", "Parcels", "Fields", "Pasture", "Countryside", "Hinterland", "Farmland", "Grounds",
)  # fmt: skip


def ending_turn(*others: Player) -> State:
    """Seat 0 in its End phase holding eight cards: discarding "Grounds" ends its turn, and
    seat 1 (``others[0]``) begins."""
    return table(player(hand=EIGHT_LANDS), *(others or (Player(),)), phase=Phase.END)


def of_type(events: Iterable[object], kind: type[T]) -> list[T]:
    """The events of one type, in order."""
    return [e for e in events if isinstance(e, kind)]


def _id(card: str | int) -> int:
    return card if isinstance(card, int) else cid(card)
