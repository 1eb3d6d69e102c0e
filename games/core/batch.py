"""A run of events under construction, each with the state it led to.

Rules that produce several events (a card play and its triggers, a disaster and its loss, a
turn's end and the next one's beginning) read each next decision from the state the earlier
events made. ``Batch`` keeps both, so no rule re-derives what its own earlier events changed
(docs/architecture.md §4: automatic consequences are further events in the same tuple), and
``GameRules.resolve`` hands the service every state it passed through, which the lines of an
action's answer need (``games.core.rules.describe``) and which would otherwise be folded again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from games.core.chance import Chance

S = TypeVar("S")
E = TypeVar("E")


class Batch(Generic[S, E]):
    """Events appended so far, the state after each, and the state after the last (local to
    one ``decide`` call)."""

    def __init__(self, state: S, evolve: Callable[[S, E], S]) -> None:
        self.state = state
        self.events: list[E] = []
        self.states: list[S] = []
        self._evolve = evolve

    def add(self, *events: E) -> None:
        """Append ``events``, evolving the state through each."""
        for event in events:
            self.state = self._evolve(self.state, event)
            self.events.append(event)
            self.states.append(self.state)

    def settle(self, chance: Chance, automatic_step: Callable[[S, Chance], tuple[E, ...]]) -> None:
        """Add every automatic step until ``automatic_step`` returns () (a seat has a decision
        to make, or the game is over)."""
        while step := automatic_step(self.state, chance):
            self.add(*step)

    def result(self) -> tuple[E, ...]:
        return tuple(self.events)

    def resolved(self) -> tuple[tuple[E, ...], tuple[S, ...]]:
        """The events and the state after each: what ``GameRules.resolve`` answers."""
        return tuple(self.events), tuple(self.states)
