"""Bruges's run of events under construction (``games.core.batch.Batch``), evolving by
Bruges's rules."""

from __future__ import annotations

from games.bruges.events import Event
from games.bruges.evolve import evolve
from games.bruges.state import State
from games.core.batch import Batch as CoreBatch


class Batch(CoreBatch[State, Event]):
    """Events appended so far and the state after them (local to one ``decide`` call)."""

    def __init__(self, state: State) -> None:
        super().__init__(state, evolve)
