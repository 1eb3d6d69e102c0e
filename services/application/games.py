"""The use cases of the game service: create, join, submit, view, legal actions, events.

Every write follows DESIGN.md §2: load (snapshot + fold), check the command id, the seat and
the expected version, ask the pure rules to decide, seal the events into the hash chain and
append them in one transaction with optimistic concurrency. Commands on one game are
serialised in-process by a per-game lock; across processes the store's unique
(game, version) key refuses the loser, which is told to retry (ABORTED).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError, PersistenceError

from games.core import (
    Cause,
    CauseKind,
    GameCreated,
    GameOverError,
    GameRecord,
    Recorded,
    SeatTaken,
    SeededChance,
    SeedRevealed,
    apply,
    commitment,
    fold,
)
from games.core.errors import MalformedError
from games.core.record import GENESIS, record_of
from games.core.rules import AnyRules
from games.registry import rules_for
from services.application.aggregate import Game, GameSeed, codec_for, seed_id
from services.application.errors import (
    ConcurrentWriteError,
    GameNotFoundError,
    InvalidRequestError,
    PermissionDeniedError,
    SeatUnavailableError,
    StaleVersionError,
    StoreUnavailableError,
    UnauthenticatedError,
)
from services.application.perspective import Perspective, Viewer
from services.application.store import GAME_TOPICS, GameStore

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    return datetime.now(UTC)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True)
class SeatGrant:
    game_id: str
    seat: int
    token: str
    version: int


@dataclass(frozen=True)
class Submitted:
    """The answer to an action: the version after it, and whether it was a retry."""

    version: int
    events: tuple[Recorded, ...]
    replayed: bool = False


@dataclass(frozen=True)
class Notification:
    """One stored game event in the store's total order."""

    position: int
    game_id: str
    recorded: Recorded


class Games:
    """The game service's use cases over one ``GameStore``."""

    def __init__(
        self, store: GameStore, *, arbiter_token: str = "", clock: Clock = utc_now
    ) -> None:
        self.store = store
        self._arbiter_hash = token_hash(arbiter_token) if arbiter_token else ""
        self._clock = clock
        self._locks: dict[uuid.UUID, threading.Lock] = {}
        self._locks_guard = threading.Lock()

    # -- writes ---------------------------------------------------------------------------

    def create_game(
        self,
        game: str,
        seats: int,
        *,
        ruleset: str = "",
        options: Sequence[tuple[str, str]] = (),
        tournament: str = "",
        round_number: int = 0,
        table: int = 0,
    ) -> tuple[str, int]:
        """Create a game and deal its opening; returns (game id, version)."""
        rules = rules_for(game)
        ruleset = ruleset or rules.rulesets[0]
        _require_table(rules, seats, ruleset)
        game_id, seed = uuid.uuid4(), secrets.token_bytes(32)
        created = GameCreated(
            game=rules.name,
            game_id=str(game_id),
            rules_version=rules.rules_version,
            ruleset=ruleset,
            seats=seats,
            seed_commitment=commitment(seed),
            options=tuple(options),
            tournament=tournament,
            round=round_number,
            table=table,
        )
        setup = Cause(CauseKind.SETUP, _new_id())
        first = self._seal(rules, GENESIS, 1, created, setup)
        aggregate = Game(record=first.as_json())
        opening = rules.opening(aggregate.state, SeededChance(seed, "1"))
        self._append(aggregate, opening, setup)
        with self._store_guard():
            self.store.save(aggregate, GameSeed(game_id=game_id, seed=seed.hex()))
        return str(game_id), aggregate.version

    def join_game(self, game_id: str, player: str, seat: int | None = None) -> SeatGrant:
        """Take a seat (the first free one when ``seat`` is None); returns its bearer token."""
        gid = _parse_id(game_id)
        with self._lock(gid):
            aggregate = self._load(gid)
            seat = _free_seat(aggregate, seat)
            token = secrets.token_urlsafe(32)
            taken = SeatTaken(seat=seat, player=player[:64], token_hash=token_hash(token))
            self._append(aggregate, (taken,), Cause(CauseKind.JOIN, _new_id(), seat))
            self._save(aggregate)
            return SeatGrant(str(gid), seat, token, aggregate.version)

    def submit_action(
        self, game_id: str, token: str, expected_version: int, command_id: str, action: object
    ) -> Submitted:
        """Decide one action and append its events.

        A command id already answered returns its first answer and stores nothing.
        """
        gid = _parse_id(game_id)
        with self._lock(gid):
            aggregate = self._load(gid)
            if command_id and command_id in aggregate.answered:
                return Submitted(aggregate.answered[command_id], (), replayed=True)
            seat = self._seat_of(aggregate, token)
            if expected_version != aggregate.version:
                raise StaleVersionError(
                    f"the game is at version {aggregate.version}, not {expected_version}"
                )
            rules = aggregate.rules
            if rules.outcome(aggregate.state) is not None:
                raise GameOverError("the game is over")
            seed = bytes.fromhex(self._seed(gid))
            events = rules.decide(
                aggregate.state, seat, action, SeededChance(seed, str(aggregate.version))
            )
            if rules.outcome(fold(rules, events, aggregate.state)) is not None:
                events = (*events, SeedRevealed(seed=seed.hex()))
            cause = Cause(
                CauseKind.ACTION, command_id or _new_id(), seat, rules.actions.encode(action)
            )
            appended = self._append(aggregate, events, cause)
            self._save(aggregate)
            return Submitted(aggregate.version, appended)

    # -- reads ----------------------------------------------------------------------------

    def viewer(self, game_id: str, token: str, perspective: Perspective) -> Viewer:
        """Who is asking, as far as the game may tell: a seat, the public, or full information."""
        aggregate = self._load(_parse_id(game_id))
        finished = aggregate.rules.outcome(aggregate.state) is not None
        if perspective is Perspective.FULL:
            if finished or self._is_arbiter(token):
                return Viewer(Perspective.FULL)
            raise PermissionDeniedError(
                "full information is shown only after the game ends or to an arbiter",
                reason="FULL_VIEW_NOT_ALLOWED",
            )
        if perspective is Perspective.SEAT:
            return Viewer(Perspective.SEAT, self._seat_of(aggregate, token))
        return Viewer(Perspective.PUBLIC)

    def legal_actions(self, game_id: str, token: str) -> tuple[int, int, list[object]]:
        """(version, seat, the seat's legal actions now) for the seat the token holds."""
        aggregate = self._load(_parse_id(game_id))
        seat = self._seat_of(aggregate, token)
        return aggregate.version, seat, list(aggregate.rules.legal_actions(aggregate.state, seat))

    def states_after(
        self, game_id: str, after: int, state: Any = None
    ) -> Iterator[tuple[Recorded, Any]]:
        """Each stored event after version ``after`` with the game state it leads to.

        ``state`` is the state at ``after`` when the caller already holds it.
        """
        gid = _parse_id(game_id)
        rules = self._load(gid, version=1).rules
        if state is None and after > 0:
            state = self._load(gid, version=after).state
        codec = codec_for(rules)
        for recorded in self.read_events(game_id, after):
            state = apply(rules, state, codec.decode(recorded.event))
            yield recorded, state

    def game_info(self, game_id: str, version: int | None = None) -> Game:
        """The game (key, players, rules state) now, or at a past version."""
        if version is not None and version < 1:
            raise InvalidRequestError("versions start at 1", reason="BAD_VERSION")
        game = self._load(_parse_id(game_id), version)
        if version is not None and game.version != version:
            raise InvalidRequestError(
                f"the game has only {game.version} versions", reason="BAD_VERSION"
            )
        return game

    def read_events(self, game_id: str, after: int = 0, limit: int | None = None) -> list[Recorded]:
        """Recorded events with versions greater than ``after`` (all of them, or ``limit``)."""
        gid = _parse_id(game_id)
        self._load(gid, version=1)
        with self._store_guard():
            stored = self.store.events.get(gid, gt=after, limit=limit)
            return [Recorded.from_json(getattr(event, "record")) for event in stored]  # noqa: B009

    def record(self, game_id: str) -> GameRecord:
        """The game as a record file: header, every event, and its result when finished."""
        events = self.read_events(game_id)
        return record_of(self._load(_parse_id(game_id), version=1).rules, events)

    def notifications(self, after: int, limit: int = 500) -> list[Notification]:
        """Stored game events after position ``after``, in the store's total order."""
        with self._store_guard():
            found = self.store.recorder.select_notifications(
                start=after, limit=limit, topics=GAME_TOPICS, inclusive_of_start=False
            )
            result = []
            for item in found:
                event = self.store.mapper.to_domain_event(item)
                recorded = Recorded.from_json(getattr(event, "record"))  # noqa: B009  (Game events only)
                result.append(Notification(item.id, str(item.originator_id), recorded))
            return result

    # -- internals ------------------------------------------------------------------------

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


def _new_id() -> str:
    return str(uuid.uuid4())


def _parse_id(game_id: str) -> uuid.UUID:
    try:
        return uuid.UUID(game_id)
    except (ValueError, AttributeError, TypeError):
        raise InvalidRequestError(f"{game_id!r} is not a game id", reason="BAD_GAME_ID") from None


def _require_table(rules: AnyRules, seats: int, ruleset: str) -> None:
    if not rules.min_seats <= seats <= rules.max_seats:
        raise MalformedError(
            f"{rules.title} is for {rules.min_seats} to {rules.max_seats} seats, not {seats}",
            reason="BAD_SEAT_COUNT",
        )
    if ruleset not in rules.rulesets:
        raise MalformedError(
            f"{rules.title} has the rulesets {', '.join(rules.rulesets)}, not {ruleset!r}",
            reason="UNKNOWN_RULESET",
        )


def _free_seat(aggregate: Game, seat: int | None) -> int:
    free = [s for s, held in enumerate(aggregate.token_hashes) if not held]
    if seat is None:
        if not free:
            raise SeatUnavailableError("every seat is taken", reason="GAME_FULL")
        return free[0]
    if not 0 <= seat < len(aggregate.token_hashes):
        raise InvalidRequestError(
            f"this game has seats 0 to {len(aggregate.token_hashes) - 1}", reason="BAD_SEAT"
        )
    if seat not in free:
        raise SeatUnavailableError(f"seat {seat} is taken")
    return seat
