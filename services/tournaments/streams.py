"""What every tournament use case shares: loading, locking, sealing and saving a stream,
checking tokens, and reading the stored events back.

Writes to one tournament are serialised in-process by a lock; across processes the store's
unique (tournament, version) key refuses the loser, which is told to retry (ABORTED).
"""

from __future__ import annotations

import hmac
import uuid
from collections.abc import Callable
from contextlib import AbstractContextManager
from dataclasses import dataclass

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError

from games.core import Recorded
from games.core.tournament_events import TOURNAMENT_CODEC
from games.core.tournament_record import Entry
from games.core.tournament_state import Entrant, TournamentState
from services.application import ConcurrentWriteError, Games, GameStore
from services.application.aggregate import Game, GameSeed
from services.application.guards import ID_FORM, StreamLocks, canonical_uuid, quoted, store_guard
from services.application.store import fold_aggregate
from services.application.streams import Clock, utc_now
from services.application.tokens import token_hash
from services.tournaments.aggregate import TOURNAMENT_TOPICS, Tournament
from services.tournaments.errors import (
    TokenMissingError,
    TokenRefusedError,
    TournamentNotFoundError,
    TournamentRequestError,
)

LOGGED_TOPICS = (Game.Appended.TOPIC, *TOURNAMENT_TOPICS)


@dataclass(frozen=True)
class LoggedEvent:
    """One stored game or tournament event in the store's total order."""

    position: int
    topic: str
    stream_id: str  # the game's or the tournament's id
    entry: Entry | None = None  # a tournament event
    recorded: Recorded | None = None  # a game event


class TournamentStreams:
    """Access to tournament streams, for the use cases built on it."""

    def __init__(self, games: Games, *, clock: Clock = utc_now) -> None:
        self.games = games
        self._store: GameStore = games.store
        self._clock = clock
        self._locks = StreamLocks()
        self.saved_listeners: list[Callable[[str], None]] = []

    def record(self, tournament_id: str) -> list[Entry]:
        """Every stored event of the tournament, in order: its own record."""
        uid = parse_id(tournament_id)
        self._load(uid)
        with self._store_guard():
            stored = self._store.events.get(uid)
            return [Entry.from_json(getattr(event, "record")) for event in stored]  # noqa: B009

    def log_after(self, after: int, limit: int = 500) -> list[LoggedEvent]:
        """Stored game and tournament events after position ``after`` (never seeds)."""
        with self._store_guard():
            found = self._store.recorder.select_notifications(
                start=after, limit=limit, topics=LOGGED_TOPICS, inclusive_of_start=False
            )
            result = []
            for item in found:
                record = getattr(self._store.mapper.to_domain_event(item), "record")  # noqa: B009
                stream = str(item.originator_id)
                if item.topic in TOURNAMENT_TOPICS:
                    logged = LoggedEvent(item.id, item.topic, stream, entry=Entry.from_json(record))
                else:
                    recorded = Recorded.from_json(record)
                    logged = LoggedEvent(item.id, item.topic, stream, recorded=recorded)
                result.append(logged)
            return result

    def _seal(self, previous: str, version: int, event: object) -> Entry:
        at = self._clock().isoformat(timespec="microseconds")
        return Entry.sealed(previous, version, at, TOURNAMENT_CODEC.encode(event))

    def _append(self, aggregate: Tournament, event: object) -> None:
        aggregate.append(self._seal(aggregate.chain, aggregate.version + 1, event))

    def _save(self, aggregate: Tournament, *games: Game | GameSeed) -> None:
        """Store the tournament's new events, and ``games`` (new games of a round and their
        seeds) in the same transaction."""
        if not aggregate.pending_events:
            return
        try:
            with self._store_guard():
                self._store.save(aggregate, *games)
        except IntegrityError as exc:
            raise ConcurrentWriteError(
                "another change to this tournament was stored first; retry"
            ) from exc
        for listener in self.saved_listeners:
            listener(str(aggregate.id))

    def _load(self, uid: uuid.UUID) -> Tournament:
        try:
            with self._store_guard():
                aggregate = self._store.repository.get(uid, projector_func=fold_aggregate)
        except AggregateNotFoundError:
            aggregate = None
        if not isinstance(aggregate, Tournament):  # an unknown id, or a game's
            raise TournamentNotFoundError(f"no tournament {uid}")
        return aggregate

    def _lock(self, uid: uuid.UUID) -> AbstractContextManager[None]:
        return self._locks.hold(uid)

    def _store_guard(self) -> AbstractContextManager[None]:
        return store_guard()


def parse_id(tournament_id: str) -> uuid.UUID:
    """The tournament id ``tournament_id`` spells, in the one spelling the server answers with."""
    parsed = canonical_uuid(tournament_id)
    if parsed is None:
        raise TournamentRequestError(
            f"{quoted(tournament_id)} is not a tournament id: a tournament id is {ID_FORM}",
            reason="BAD_TOURNAMENT_ID",
        )
    return parsed


def require_organiser(state: TournamentState, token: str) -> None:
    if not token:
        raise TokenMissingError("this needs the tournament's organiser token")
    if not hmac.compare_digest(state.organiser_token_hash, token_hash(token)):
        raise TokenRefusedError("this token is not the organiser token of this tournament")


def require_player(state: TournamentState, token: str) -> Entrant:
    """The entrant holding ``token`` (withdrawn or not: what they may do is the caller's
    to judge)."""
    if not token:
        raise TokenMissingError("this needs the player's token", reason="PLAYER_TOKEN_MISSING")
    digest = token_hash(token)
    for entrant in state.entrants:
        if hmac.compare_digest(entrant.token_hash, digest):
            return entrant
    raise TokenRefusedError("this token holds no place in this tournament", reason="NOT_A_PLAYER")
