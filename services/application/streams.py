"""What every use case shares: loading, locking, sealing and saving one game's stream.

A write loads the game (snapshot + fold), seals new events into the hash chain and saves
them in one transaction; the store's unique (game, version) key refuses a concurrent writer,
which is told to retry (ABORTED). Commands on one game are serialised in-process by a lock.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError, PersistenceError

from games.core import Cause, CauseKind, GameCreated, Recorded, SeededChance, commitment
from games.core.record import GENESIS
from games.core.rules import AnyRules
from services.application.aggregate import Game, GameSeed, codec_for, seed_id
from services.application.errors import (
    ConcurrentWriteError,
    GameNotFoundError,
    InvalidRequestError,
    PermissionDeniedError,
    StoreUnavailableError,
    UnauthenticatedError,
)
from services.application.store import GameStore

Clock = Callable[[], datetime]
Opening = Callable[[Any, SeededChance], Sequence[object]]


def utc_now() -> datetime:
    return datetime.now(UTC)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class GameStreams:
    """Access to game streams, for the use cases built on it."""

    def __init__(
        self, store: GameStore, *, arbiter_token: str = "", clock: Clock = utc_now
    ) -> None:
        self.store = store
        self._arbiter_hash = token_hash(arbiter_token) if arbiter_token else ""
        self._clock = clock
        self._locks: dict[uuid.UUID, threading.Lock] = {}
        self._locks_guard = threading.Lock()

    def read_events(self, game_id: str, after: int = 0, limit: int | None = None) -> list[Recorded]:
        """Recorded events with versions greater than ``after`` (all of them, or ``limit``)."""
        gid = parse_id(game_id)
        self._load(gid, version=1)
        with self._store_guard():
            stored = self.store.events.get(gid, gt=after, limit=limit)
            return [Recorded.from_json(getattr(event, "record")) for event in stored]  # noqa: B009

    def _start(self, rules: AnyRules, created: GameCreated, opening: Opening) -> Game:
        """Store a new game: ``created``, then its opening drawn from a fresh secret seed.

        ``created`` is completed here with the new game id and the seed's commitment.
        """
        game_id, seed = uuid.uuid4(), secrets.token_bytes(32)
        created = replace(created, game_id=str(game_id), seed_commitment=commitment(seed))
        setup = Cause(CauseKind.SETUP, new_id())
        aggregate = Game(record=self._seal(rules, GENESIS, 1, created, setup).as_json())
        self._append(aggregate, opening(aggregate.state, SeededChance(seed, "1")), setup)
        with self._store_guard():
            self.store.save(aggregate, GameSeed(game_id=game_id, seed=seed.hex()))
        return aggregate

    def _seal(
        self, rules: AnyRules, previous: str, version: int, event: object, cause: Cause
    ) -> Recorded:
        encoded = codec_for(rules).encode(event)
        at = self._clock().isoformat(timespec="microseconds")
        return Recorded.sealed(previous, version, at, encoded, cause)

    def _append(
        self, aggregate: Game, events: Sequence[object], cause: Cause
    ) -> tuple[Recorded, ...]:
        sealed = []
        for event in events:
            recorded = self._seal(
                aggregate.rules, aggregate.chain, aggregate.version + 1, event, cause
            )
            aggregate.append(recorded)
            sealed.append(recorded)
        return tuple(sealed)

    def _save(self, aggregate: Game) -> None:
        try:
            with self._store_guard():
                self.store.save(aggregate)
        except IntegrityError as exc:
            raise ConcurrentWriteError(
                "another action was stored first; refresh and retry"
            ) from exc

    def _load(self, gid: uuid.UUID, version: int | None = None) -> Game:
        try:
            with self._store_guard():
                return self.store.game(gid, version)
        except AggregateNotFoundError:
            raise GameNotFoundError(f"no game {gid}") from None

    def _seed(self, gid: uuid.UUID) -> str:
        with self._store_guard():
            return self.store.seed(seed_id(gid)).seed

    def _seat_of(self, aggregate: Game, token: str) -> int:
        if not token:
            raise UnauthenticatedError("this needs the bearer token of a seat in the game")
        digest = token_hash(token)
        for seat, held in enumerate(aggregate.token_hashes):
            if held and hmac.compare_digest(held, digest):
                return seat
        raise PermissionDeniedError("this token holds no seat in this game")

    def _is_arbiter(self, token: str) -> bool:
        return bool(self._arbiter_hash) and hmac.compare_digest(
            self._arbiter_hash, token_hash(token)
        )

    @contextmanager
    def _lock(self, gid: uuid.UUID) -> Iterator[None]:
        with self._locks_guard:
            lock = self._locks.setdefault(gid, threading.Lock())
        with lock:
            yield

    @contextmanager
    def _store_guard(self) -> Iterator[None]:
        try:
            yield
        except IntegrityError:
            raise
        except PersistenceError as exc:
            raise StoreUnavailableError(
                f"the event store is unavailable: {type(exc).__name__}"
            ) from exc


def new_id() -> str:
    return str(uuid.uuid4())


def parse_id(game_id: str) -> uuid.UUID:
    try:
        return uuid.UUID(game_id)
    except (ValueError, AttributeError, TypeError):
        raise InvalidRequestError(f"{game_id!r} is not a game id", reason="BAD_GAME_ID") from None
