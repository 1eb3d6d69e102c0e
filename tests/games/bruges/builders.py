"""Small builders for Bruges test states, and a given/when/then step helper.

States are made directly (``dataclasses.replace`` on a plain table) rather than by playing up
to them, so each test states exactly the situation its rule needs. Persons are named.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from typing import TypeVar

import pytest

from games.bruges import decide, evolve
from games.bruges.actions import Action, DrawCard
from games.bruges.batch import Batch
from games.bruges.catalogue import COLOURS, Category, Colour, Phase, TurnStep
from games.bruges.events import Event
from games.bruges.persons import PERSONS
from games.bruges.progress import settle
from games.bruges.rulesets import ruleset_of
from games.bruges.state import House, Pending, Player, State
from games.core import GameError, ScriptedChance

T = TypeVar("T")
B, N, R, P, Y = COLOURS


def pid(name: str) -> int:
    """The id of the person called ``name``."""
    for card in PERSONS:
        if card.name == name:
            return card.id
    raise KeyError(name)


def plain(colour: Colour, n: int = 0) -> int:
    """The ``n``-th person of ``colour`` among those tests use only as plain cards (their
    ability never acts: they are played for the basic actions or built as houses)."""
    return _PLAIN[colour][n % len(_PLAIN[colour])]


# End-game persons of each colour: recruiting one never triggers anything during play.
_PLAIN = {
    colour: [c.id for c in PERSONS if c.colour is colour and c.activation.value == "endgame"]
    for colour in COLOURS
}

_FILLER = tuple(c.id for c in PERSONS if all(c.id not in ids for ids in _PLAIN.values()))
PILE_A = _FILLER[-60:-40]
PILE_B = _FILLER[-40:-20]
EXTRA = _FILLER[-20:]


def counts(
    blue: int = 0, brown: int = 0, red: int = 0, purple: int = 0, yellow: int = 0
) -> tuple[int, ...]:
    """A per-colour count (workers, threats) by colour name."""
    return (blue, brown, red, purple, yellow)


def house(card: int | str, person: int | str | None = None) -> House:
    """A house of ``card`` (id or a person's name), holding ``person``."""
    return House(_id(card), None if person is None else _id(person))


def player(
    hand: Iterable[int | str] = (),
    guilders: int = 5,
    workers: tuple[int, ...] = (1, 1, 1, 1, 1),
    threats: tuple[int, ...] = (0, 0, 0, 0, 0),
    score: int = 5,
    reputation: int = 0,
    houses: Iterable[House] = (),
    canal: tuple[int, ...] | None = None,
    **more: object,
) -> Player:
    """A player; ``canal`` defaults to the ruleset's empty canal in ``table``."""
    made = Player(
        hand=tuple(_id(c) for c in hand),
        guilders=guilders,
        workers=workers,
        threats=threats,
        score=score,
        reputation=reputation,
        houses=tuple(houses),
        canal=canal if canal is not None else (),
        canal_peak=canal if canal is not None else (),
    )
    return replace(made, **more)  # type: ignore[arg-type]


def persons_in(*names: str) -> tuple[House, ...]:
    """Houses holding the named persons, each in a house of its own colour."""
    return tuple(House(plain(PERSONS[pid(n)].colour, i + 2), pid(n)) for i, n in enumerate(names))


def table(
    *players: Player,
    ruleset: str = "default",
    phase: Phase = Phase.ACTIONS,
    active: int = 0,
    start: int = 0,
    step: TurnStep = TurnStep.STARTED,
    dice: tuple[int, ...] = (3, 3, 3, 3, 3),
    piles: tuple[tuple[int, ...], tuple[int, ...]] = (PILE_A, PILE_B),
    extra: tuple[int, ...] = EXTRA,
    round: int = 1,
    last_round: int | None = None,
    pending: tuple[Pending, ...] = (),
) -> State:
    """A running game (two plain players by default) in ``phase`` of ``active``'s turn."""
    sections = ruleset_of(ruleset).canal.sections
    seated = tuple(
        p if p.canal else replace(p, canal=(0,) * sections, canal_peak=(0,) * sections)
        for p in (players or (player(), player()))
    )
    return State(
        ruleset=ruleset,
        seats=len(seated),
        players=seated,
        piles=piles,
        extra=extra,
        round=round,
        phase=phase,
        start=start,
        active=active,
        step=step,
        dice=dice,
        last_round=last_round,
        pending=pending,
    )


def rolling(*players: Player, start: int = 0, ruleset: str = "default") -> State:
    """The last player's last Phase 1 draw is due: drawing it makes the start player roll."""
    last = (start - 1) % len(players)
    full = tuple(plain(B, i) for i in range(4))
    seated = [p if i != last else replace(p, hand=full) for i, p in enumerate(players)]
    return table(*seated, phase=Phase.DRAW, dice=(), start=start, active=last, ruleset=ruleset)


def roll(state: State, dice: Iterable[int]) -> tuple[State, tuple[Event, ...]]:
    """When the last Phase 1 draw is made and the dice show ``dice``."""
    return step(state, state.active, DrawCard(0), rolls=dice)


def with_player(state: State, seat: int, **changes: object) -> State:
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


def settled(state: State, rolls: Iterable[int] = ()) -> tuple[State, tuple[object, ...]]:
    """Let the game run on by itself from ``state`` to the next decision: the state reached
    and the events produced."""
    batch = Batch(state)
    settle(batch, ScriptedChance(tuple(rolls)))
    return batch.state, batch.result()


def refusal(state: State, action: object, seat: int = 0) -> GameError:
    """The error decide raises for ``action``; fails the test when it is accepted."""
    with pytest.raises(GameError) as error:
        decide(state, seat, action, ScriptedChance())  # type: ignore[arg-type]
    return error.value


def of_type(events: Iterable[object], kind: type[T]) -> list[T]:
    return [e for e in events if isinstance(e, kind)]


def _id(card: int | str) -> int:
    return card if isinstance(card, int) else pid(card)


__all__ = ["Category", "Colour", "Phase", "TurnStep"]
