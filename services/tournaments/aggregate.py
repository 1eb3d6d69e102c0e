"""The event-sourced shell around one tournament, in the same store as the games.

As with ``services/application/aggregate.py``, every stored event is one envelope (an
``Entry``: version, time, encoded tournament event, chain value) inside one generic
``Appended`` event with a stable topic, so stored tournaments never depend on module paths.
Entries form a hash chain like a game's record, so an exported tournament record shows any
edited, dropped or reordered event.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate
from eventsourcing.domain import Snapshot as BaseSnapshot

from games.core.codec import Encoded, encoded_from_json
from games.core.errors import CodecError
from games.core.jsonable import JSON
from games.core.record import GENESIS, canonical
from services.tournaments.events import TOURNAMENT_CODEC, TournamentCreated
from services.tournaments.state import TournamentState, evolve, start


@dataclass(frozen=True)
class Entry:
    """One stored tournament event: its version, when, what, and its chain value."""

    version: int
    at: str
    event: Encoded
    chain: str

    def body(self) -> dict[str, JSON]:
        return {"version": self.version, "at": self.at, "event": self.event.as_json()}

    def as_json(self) -> dict[str, JSON]:
        return {**self.body(), "chain": self.chain}

    @staticmethod
    def sealed(previous_chain: str, version: int, at: str, event: Encoded) -> Entry:
        unsealed = Entry(version, at, event, "")
        return Entry(version, at, event, entry_chain(previous_chain, unsealed))

    @staticmethod
    def from_json(data: JSON) -> Entry:
        try:
            version, at, chain = int(data["version"]), str(data["at"]), str(data["chain"])
            return Entry(version, at, encoded_from_json(data["event"]), chain)
        except (KeyError, TypeError, ValueError, CodecError) as exc:
            raise CodecError(f"not a tournament entry: {exc}") from exc


def entry_chain(previous_chain: str, entry: Entry) -> str:
    """The chain rule of game records (docs/record-format.md), over tournament entries."""
    return hashlib.sha256(previous_chain.encode() + canonical(entry.body())).hexdigest()


def chain_breaks(entries: list[Entry]) -> list[str]:
    """Every place where versions or chain values of a tournament record do not follow on."""
    problems, previous = [], GENESIS
    for expected, entry in enumerate(entries, start=1):
        if entry.version != expected:
            problems.append(f"version {entry.version} found where {expected} was expected")
        if entry_chain(previous, entry) != entry.chain:
            problems.append(f"version {entry.version}: chain hash does not match its contents")
        previous = entry.chain
    return problems


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
