"""A run of events under construction, with the state they lead to.

Rules that produce several events (a card play and its triggers, a disaster and its loss, a round's
end) read each next decision from the state the earlier events made. ``Batch`` keeps both, so no
rule has to re-derive what its own earlier events changed (docs/architecture.md §4: automatic
consequences are further events in the same tuple).
"""

from __future__ import annotations

from games.bruges.events import Event
from games.bruges.evolve import evolve
from games.bruges.state import State


class Batch:
    """Events appended so far and the state after them (local to one ``decide`` call)."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []

    def add(self, *events: Event) -> None:
        """Append ``events``, evolving the state through each."""
        for event in events:
            self.state = evolve(self.state, event)
            self.events.append(event)

    def result(self) -> tuple[Event, ...]:
        return tuple(self.events)
