"""A seeded driver for random legal play through any game's rules (pure, no service)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from games.core import GameCreated, SeededChance
from games.core.rules import AnyRules

Chooser = Callable[[Sequence[Any]], Any]


@dataclass(frozen=True)
class Step:
    """One decision of a random game: the state before it, who acted, what, and the result."""

    before: Any
    seat: int
    action: Any
    events: tuple[Any, ...]
    after: Any


def opened(
    rules: AnyRules, seats: int, seed: int, ruleset: str = "default"
) -> tuple[GameCreated, tuple[Any, ...], Any]:
    """A new game after its opening."""
    created = GameCreated(rules.name, f"g{seed}", 1, ruleset, seats, "commitment")
    state = rules.start(created)
    events = rules.opening(state, SeededChance(seed.to_bytes(4, "big"), "opening"))
    for event in events:
        state = rules.evolve(state, event)
    return created, events, state


def play(
    rules: AnyRules,
    seats: int,
    seed: int,
    choose: Chooser,
    ruleset: str = "default",
    limit: int = 1500,
) -> Iterator[Step]:
    """Every decision of one game, each action picked by ``choose`` among the legal ones."""
    _, _, state = opened(rules, seats, seed, ruleset)
    for number in range(limit):
        seat = rules.to_act(state)
        if seat is None:
            return
        action = choose(list(rules.legal_actions(state, seat)))
        chance = SeededChance(seed.to_bytes(4, "big"), f"decision {number}")
        events = rules.decide(state, seat, action, chance)
        after = state
        for event in events:
            after = rules.evolve(after, event)
        yield Step(state, seat, action, events, after)
        state = after
    raise AssertionError("the game did not end")


def seeded_chooser(seed: int) -> Chooser:
    """Pick uniformly with a seeded stream (never the random module)."""
    picks = SeededChance(seed.to_bytes(4, "big"), "choices")
    return lambda actions: actions[picks.below(len(actions))]
