"""The event-sourced shell around one tournament, in the same store as the games.

As with ``services/application/aggregate.py``, every stored event is one envelope (an
``Entry`` of ``games.core.tournament_record``: version, time, encoded tournament event, chain
value) inside one generic ``Appended`` event with a stable topic, so stored tournaments never
depend on module paths. Entries form a hash chain like a game's record, so an exported
tournament record shows any edited, dropped or reordered event.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate
from eventsourcing.domain import Snapshot as BaseSnapshot

from games.core.tournament_events import TOURNAMENT_CODEC, TournamentCreated
from games.core.tournament_record import Entry
from games.core.tournament_state import TournamentState, evolve, start


class Tournament(Aggregate):
    """One tournament's stream: its folded state and chain head."""

    TOPIC = "tabletop:Tournament"

    class Event(Aggregate.Event):
        TOPIC = "tabletop:Tournament.Event"

    class Created(Event, Aggregate.Created):
        TOPIC = "tabletop:Tournament.Created"
        record: dict[str, Any]

    class Snapshot(BaseSnapshot):
        TOPIC = "tabletop:Tournament.Snapshot"

    class Appended(Event):
        TOPIC = "tabletop:Tournament.Appended"
        record: dict[str, Any]

        def apply(self, aggregate: Aggregate) -> None:
            assert isinstance(aggregate, Tournament)
            aggregate.absorb(Entry.from_json(self.record))

    @staticmethod
    def create_id(record: dict[str, Any]) -> UUID:
        return UUID(record["event"]["data"]["tournament_id"])

    def __init__(self, record: dict[str, Any]) -> None:
        entry = Entry.from_json(record)
        created = TOURNAMENT_CODEC.decode(entry.event)
        assert isinstance(created, TournamentCreated)
        self.state: TournamentState = start(created)
        self.chain = entry.chain

    def absorb(self, entry: Entry) -> None:
        """Fold one entry into the aggregate (never validates)."""
        self.state = evolve(self.state, TOURNAMENT_CODEC.decode(entry.event))
        self.chain = entry.chain

    def append(self, entry: Entry) -> None:
        self.trigger_event(self.Appended, record=entry.as_json())


TOURNAMENT_TOPICS = (Tournament.Created.TOPIC, Tournament.Appended.TOPIC)
