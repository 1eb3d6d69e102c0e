"""The event-sourced shell around one game: a thin ``Aggregate`` over the pure rules.

Every stored event is one ``Recorded`` envelope (docs/architecture.md §5) inside a single generic
``Appended`` event with a stable topic, so the store never depends on our module paths and
the replay tool can fold the same payloads without this class. ``apply`` runs the pure fold.
"""

from __future__ import annotations

import copy
import functools
from typing import Any
from uuid import UUID

from eventsourcing.domain import Aggregate
from eventsourcing.domain import Snapshot as BaseSnapshot
from eventsourcing.persistence import Transcoding

from games.core import Recorded, SeatTaken, apply
from games.core.codec import Codec
from games.core.jsonable import from_json, to_json
from games.core.meta import META_CODEC, DisputeOpened, DisputeRuled, GameCreated
from games.core.rules import AnyRules
from games.registry import all_rules, rules_for

ANSWERS_KEPT = 256
"""Command ids remembered per game for idempotent retries: a retry comes seconds after its
command, a few commands later at most, and keeping every id would make a long game's
snapshot, and so its loading, grow with its length."""


@functools.cache
def codec_for(rules: AnyRules) -> Codec:
    """One codec for a game's events and the meta events every stream shares."""
    return Codec.combine(META_CODEC, rules.events)


@functools.cache
def action_codec(rules: AnyRules) -> Codec:
    """The game's action codec."""
    return Codec.combine(rules.actions)


class Game(Aggregate):
    """One game's stream: its rules state, chain head, seats and answered command ids."""

    TOPIC = "tabletop:Game"
    origin_game_id: str | None = None
    """The game this one is a what-if fork of ("" for none). None in a snapshot taken before
    the aggregate kept it: then it is read from the stream's ``GameCreated``."""
    rules_version = 1
    """The rules version the game was created under (its ``GameCreated``). A snapshot taken
    before the aggregate kept it has none and reads this default: every game's rules were
    version 1 then."""
    updated_at = ""
    """When the latest event folded in was stored (ISO 8601, as the record has it). A
    snapshot taken before the aggregate kept it reads "" until the game's next event."""

    class Event(Aggregate.Event):
        TOPIC = "tabletop:Game.Event"

    class Created(Event, Aggregate.Created):
        TOPIC = "tabletop:Game.Created"
        record: dict[str, Any]

    class Snapshot(BaseSnapshot):
        TOPIC = "tabletop:Game.Snapshot"

    class Appended(Event):
        TOPIC = "tabletop:Game.Appended"
        record: dict[str, Any]

        def apply(self, aggregate: Aggregate) -> None:
            assert isinstance(aggregate, Game)
            fresh = aggregate.__dict__.pop("_fresh", None)
            if fresh is not None:  # appended just now: the values are at hand, not parsed
                recorded, event, fold = fresh
                aggregate.absorb(recorded, event, fold=fold)
            else:
                aggregate.absorb(Recorded.from_json(self.record))

    @staticmethod
    def create_id(record: dict[str, Any]) -> UUID:
        return UUID(record["event"]["data"]["game_id"])

    def __init__(self, record: dict[str, Any]) -> None:
        recorded = Recorded.from_json(record)
        created = META_CODEC.decode(recorded.event)
        assert isinstance(created, GameCreated)
        self.game = created.game
        self.rules_version = created.rules_version
        self.origin_game_id = created.origin_game_id
        self.ruleset = created.ruleset
        self.state: Any = None
        self.chain = ""
        self.token_hashes: list[str] = [""] * created.seats
        self.players: list[str] = [""] * created.seats
        self.answered: dict[str, int] = {}
        # Open dispute id -> who opened it ("seat 2", "the arbiter"; "open" in a snapshot
        # taken before the aggregate kept that); a ruled dispute leaves.
        self.disputes: dict[str, str] = {}
        self.absorb(recorded)

    @property
    def rules(self) -> AnyRules:
        return rules_for(self.game)

    def absorb(self, recorded: Recorded, event: object = None, *, fold: bool = True) -> None:
        """Fold one recorded event (``event`` is its decoded form, when known) into the
        aggregate; never validates. With ``fold`` off the rules state is left to the caller,
        who knows what the event leads to."""
        if event is None:
            event = codec_for(self.rules).decode(recorded.event)
        if fold:
            self.state = apply(self.rules, self.state, event)
        self.chain = recorded.chain
        self.updated_at = recorded.at
        if isinstance(event, SeatTaken):
            self.token_hashes[event.seat] = event.token_hash
            self.players[event.seat] = event.player
        elif isinstance(event, DisputeOpened):
            self.disputes[event.dispute] = event.by
        elif isinstance(event, DisputeRuled):
            self.disputes.pop(event.dispute, None)
        if recorded.cause.command_id:
            self._answer(recorded.cause.command_id, recorded.version)

    def _answer(self, command_id: str, version: int) -> None:
        answered = self.answered
        answered[command_id] = version
        while len(answered) > ANSWERS_KEPT:
            del answered[next(iter(answered))]  # the oldest (dicts keep insertion order)

    def append(
        self,
        recorded: Recorded,
        event: object = None,
        record: dict[str, Any] | None = None,
        *,
        fold: bool = True,
    ) -> None:
        """Add ``recorded`` (whose decoded event and JSON form are ``event`` and ``record``,
        when the caller has them); with ``fold`` off, the caller sets the rules state."""
        if event is not None:
            self.__dict__["_fresh"] = (recorded, event, fold)
        try:
            self.trigger_event(self.Appended, record=record or recorded.as_json())
        finally:
            self.__dict__.pop("_fresh", None)

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        # The repository copies cached aggregates so that a failed command cannot corrupt
        # the cache. The rules state is immutable and is shared; only the containers that
        # absorb() and trigger_event() mutate need copies. A generic deepcopy of the whole
        # state costs more than the rest of a command together.
        copied = copy.copy(self)
        for name, value in vars(self).items():
            if isinstance(value, list | dict):
                setattr(copied, name, copy.copy(value))
        return copied


class GameSeed(Aggregate):
    """The secret seed of one game, kept apart from its stream until the game ends."""

    TOPIC = "tabletop:GameSeed"

    class Event(Aggregate.Event):
        TOPIC = "tabletop:GameSeed.Event"

    class Created(Event, Aggregate.Created):
        TOPIC = "tabletop:GameSeed.Created"
        game_id: UUID
        seed: str

    class Snapshot(BaseSnapshot):
        TOPIC = "tabletop:GameSeed.Snapshot"

    @staticmethod
    def create_id(game_id: UUID, seed: str) -> UUID:
        return seed_id(game_id)

    def __init__(self, game_id: UUID, seed: str) -> None:
        self.game_id = game_id
        self.seed = seed


def seed_id(game_id: UUID) -> UUID:
    """The id of a game's seed record: the game id with its first bit flipped."""
    return UUID(int=game_id.int ^ (1 << 127))


class OutdatedSnapshotError(Exception):
    """A snapshot stored before the game's state gained a field: it cannot say what that field
    holds, so the game is loaded from its events instead (``GameStore.game``)."""


class StateTranscoding(Transcoding):
    """Stores one game's rules state in snapshots as plain JSON."""

    def __init__(self, rules: AnyRules) -> None:
        self.type = rules.state_type
        self.name = f"{rules.name}.state"
        self._rules = rules

    def encode(self, obj: Any) -> Any:
        return to_json(obj)

    def decode(self, data: Any) -> Any:
        """The state ``data`` holds; ``OutdatedSnapshotError`` when it lacks a field the state
        gained since (``GameRules.state_fields_added``), which would read as its default where
        the game's events count it (Bruges's turn 57 as 0)."""
        if isinstance(data, dict) and not self._rules.state_fields_added <= data.keys():
            raise OutdatedSnapshotError(f"a {self.name} stored before it had every field")
        return from_json(self._rules.state_type, data)


def state_transcodings() -> list[StateTranscoding]:
    return [StateTranscoding(rules) for rules in all_rules().values()]
