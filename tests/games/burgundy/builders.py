"""Small builders for Castles of Burgundy test states, and a given/when/then step helper.

States are made directly (``dataclasses.replace`` on a plain table) rather than by playing up
to them, so each test states exactly the situation its rule needs. Every player starts with
its start castle on space 19; ``estate`` adds tiles by space.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import TypeVar

import pytest

from games.burgundy import decide, evolve
from games.burgundy.actions import Action
from games.burgundy.catalogue import (
    PHASES,
    PILES,
    START_CASTLES,
    START_SPACE,
    TILES,
    Animal,
    Building,
    Colour,
    Effect,
)
from games.burgundy.events import Event
from games.burgundy.progress import settle
from games.burgundy.state import NO_GOODS, Player, State
from games.core import Chance, GameError, ScriptedChance, SeededChance


def _tiles(colour: Colour, **face: object) -> list[int]:
    found = [
        t.id
        for t in TILES
        if t.colour is colour
        and t.id not in START_CASTLES
        and all(getattr(t, name) == value for name, value in face.items())
    ]
    if not found:
        raise KeyError((colour, face))
    return found


def castle(n: int = 0) -> int:
    return _tiles(Colour.CASTLE)[n]


def mine(n: int = 0) -> int:
    return _tiles(Colour.MINE)[n]


def ship(n: int = 0) -> int:
    return _tiles(Colour.SHIP)[n]


def animal(kind: Animal, animals: int, n: int = 0) -> int:
    return _tiles(Colour.PASTURE, animal=kind, animals=animals)[n]


def building(kind: Building, n: int = 0) -> int:
    return _tiles(Colour.BUILDING, building=kind)[n]


def knowledge(number: int) -> int:
    return _tiles(Colour.KNOWLEDGE, knowledge=number)[0]


def counts(goods: Mapping[int, int]) -> tuple[int, ...]:
    """Goods per kind from {kind: count}."""
    return tuple(goods.get(kind, 0) for kind in range(1, 7))


def player(
    estate: Mapping[int, int] | None = None,
    storage: Iterable[int] = (),
    goods: Mapping[int, int] | None = None,
    silverlings: int = 0,
    workers: int = 0,
    dice: tuple[int, int] = (1, 1),
    **changes: object,
) -> Player:
    """A player with the start castle on space 19 and ``estate`` {space: tile} besides."""
    spaces = {START_SPACE: START_CASTLES[0], **(estate or {})}
    board = tuple(spaces.get(s) for s in range(1, 38))
    made = Player(
        estate=board,
        storage=tuple(storage),
        goods=NO_GOODS if goods is None else counts(goods),
        silverlings=silverlings,
        workers=workers,
        dice=dice,
    )
    return replace(made, **changes)  # type: ignore[arg-type]


def table(
    *players: Player,
    ruleset: str = "default",
    phase: int = 1,
    round: int = 1,
    order: tuple[int, ...] | None = None,
    active: int = 0,
    **changes: object,
) -> State:
    """A running game on ``active``'s turn; a second plain player joins a lone one (the game
    seats 2-4); empty piles."""
    seated = players if len(players) >= 2 else (*players, *(player(),) * (2 - len(players)))
    state = State(
        ruleset=ruleset,
        seats=len(seated),
        players=seated,
        piles=((),) * len(PILES),
        goods_stacks=((),) * PHASES,
        phase=phase,
        round=round,
        order=order or tuple(range(len(seated))),
        active=active,
    )
    return replace(state, **changes)  # type: ignore[arg-type]


def depots(**by_number: Iterable[int]) -> tuple[tuple[int, ...], ...]:
    """Depot contents from d1=..., d2=... (missing depots are empty)."""
    return tuple(tuple(by_number.get(f"d{n}", ())) for n in range(1, 7))


def depot_goods(**by_number: Mapping[int, int]) -> tuple[tuple[int, ...], ...]:
    """Goods on the depots from d1={kind: count}, ..."""
    return tuple(counts(by_number.get(f"d{n}", {})) for n in range(1, 7))


def pending(state: State, *effects: Effect) -> State:
    return replace(state, pending=effects)


def with_player(state: State, seat: int, **changes: object) -> State:
    """``state`` with some fields of one player changed."""
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)  # type: ignore[arg-type]
    return replace(state, players=tuple(players))


def step(
    state: State, seat: int, action: Action, rolls: Iterable[int] | None = None
) -> tuple[State, tuple[Event, ...]]:
    """When ``seat`` takes ``action`` (dice from ``rolls``, else seeded): the new state and
    the events."""
    chance: Chance = SeededChance(b"step", "x") if rolls is None else ScriptedChance(tuple(rolls))
    events = decide(state, seat, action, chance)
    for event in events:
        state = evolve(state, event)
    return state, events


def settled(state: State) -> tuple[State, tuple[Event, ...]]:
    """Let the game run on by itself from ``state`` to the next decision."""
    return settle(state, SeededChance(b"settle", "x"))


def refusal(state: State, action: object, seat: int = 0) -> GameError:
    """The error decide raises for ``action``; fails the test when it is accepted."""
    with pytest.raises(GameError) as error:
        decide(state, seat, action, ScriptedChance())  # type: ignore[arg-type]
    return error.value


E = TypeVar("E")


def of_type(events: Iterable[Event], kind: type[E]) -> list[E]:
    """The events of one type, in order."""
    return [e for e in events if isinstance(e, kind)]
