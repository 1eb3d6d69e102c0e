"""What every use case shares: loading, locking, sealing and saving one game's stream.

A write runs under the game's in-process lock on a private copy of the newest known state of
the game (``GameCache``; loaded from snapshot + fold when not cached), seals new events into
the hash chain and stores them through the group commit (``GroupCommit``): one transaction
for all the games written at that moment, with the store's unique (game, version) key
refusing a writer that another process overtook, which is told to retry (ABORTED).

The cached state may predate another process's writes. A write decided on it is safe (the
store refuses it if the game moved on); a refusal is not final, though, until it has been
confirmed on the state read from the store, so a client is never refused because this
process had not yet seen a seat being taken or a newer version. Reads bring the cached state
up to date with one query for newer events.
"""

from __future__ import annotations

import copy
import hmac
import secrets
import uuid
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any, TypeVar

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError

from games.core import Cause, CauseKind, GameCreated, Recorded, SeededChance, commitment
from games.core.errors import GameError
from games.core.record import GENESIS
from games.core.rules import AnyRules, rules_version_gap
from services.application.aggregate import Game, GameSeed, codec_for, seed_id
from services.application.cache import GameCache
from services.application.commit import GroupCommit
from services.application.errors import (
    ApplicationError,
    ConcurrentWriteError,
    GameNotFoundError,
    InvalidRequestError,
    RulesVersionError,
    StoreUnavailableError,
    UnauthenticatedError,
)
from services.application.guards import ID_FORM, StreamLocks, canonical_uuid, quoted, store_guard
from services.application.sealing import Sealer
from services.application.store import GameStore, fold_aggregate
from services.application.tokens import token_hash

Clock = Callable[[], datetime]
Opening = Callable[[Any, SeededChance], Sequence[object]]
SeedSource = Callable[[], bytes]
Result = TypeVar("Result")
BATCH_READ_BACK = 32
"""Events read at a time, back from a batch's last, to find where it begins."""
SEEDS_KEPT = 10_000


def utc_now() -> datetime:
    return datetime.now(UTC)


def fresh_seed() -> bytes:
    """A new secret per-game seed (docs/architecture.md §5: provable randomness)."""
    return secrets.token_bytes(32)


class GameStreams:
    """Access to game streams, for the use cases built on it."""

    def __init__(
        self,
        store: GameStore,
        *,
        arbiter_token: str = "",
        clock: Clock = utc_now,
        seeds: SeedSource = fresh_seed,
    ) -> None:
        self.store = store
        self._arbiter_hash = token_hash(arbiter_token) if arbiter_token else ""
        self._clock = clock
        # Only the benchmark replaces this: games sharing one seed replay one script.
        self._seeds = seeds
        self._locks = StreamLocks()
        self._games = GameCache()
        self._known_seeds: dict[uuid.UUID, str] = {}  # seeds never change
        self._commit = GroupCommit(store)

    def read_events(self, game_id: str, after: int = 0, limit: int | None = None) -> list[Recorded]:
        """Recorded events with versions greater than ``after`` (all of them, or ``limit``).

        A negative ``after`` (``BAD_VERSION``) or ``limit`` (``BAD_LIMIT``) is refused, as
        WatchGame and GetView refuse versions before the first: read as "from the start" and
        "no limit" they would hide a client's arithmetic mistake.
        """
        _require_range(after, limit)
        gid = parse_id(game_id)
        self._known(gid)
        with self._store_guard():
            return [Recorded.from_json(record) for record in self.store.records(gid, after, limit)]

    def _batch_of(self, gid: uuid.UUID, command_id: str, version: int) -> list[Recorded]:
        """The events ``command_id`` stored, the last of them at ``version``, in order: read
        back from there for as long as they carry its id. A command's events are stored
        together, in one transaction of one game, so they are one run of versions; an id
        judged afresh once forgotten (``ANSWERS_KEPT``) ends the run at its latest batch."""
        found: list[Recorded] = []
        while True:
            with self._store_guard():
                stored = list(
                    self.store.events.get(
                        gid, lte=version - len(found), desc=True, limit=BATCH_READ_BACK
                    )
                )
            for event in stored:
                recorded = Recorded.from_json(getattr(event, "record"))  # noqa: B009
                if recorded.cause.command_id != command_id:
                    return found[::-1]
                found.append(recorded)
            if len(stored) < BATCH_READ_BACK:
                return found[::-1]

    def _start(self, rules: AnyRules, created: GameCreated, opening: Opening) -> Game:
        """Store a new game: ``created``, then its opening drawn from a fresh secret seed.

        ``created`` is completed here with the new game id and the seed's commitment.
        """
        aggregate, seed = self._new_game(rules, created, opening)
        self._save(aggregate, seed)
        self._remember_seed(aggregate.id, seed.seed)
        return aggregate

    def _new_game(
        self, rules: AnyRules, created: GameCreated, opening: Opening
    ) -> tuple[Game, GameSeed]:
        """A new game and its secret seed, as ``_start`` stores them, not stored yet."""
        game_id, seed = uuid.uuid4(), self._seeds()
        created = replace(created, game_id=str(game_id), seed_commitment=commitment(seed))
        setup = Cause(CauseKind.SETUP, new_id())
        aggregate = Game(record=self._seal(rules, GENESIS, 1, created, setup).as_json())
        self._append(aggregate, opening(aggregate.state, SeededChance(seed, "1")), setup)
        return aggregate, GameSeed(game_id=game_id, seed=seed.hex())

    def _write(self, gid: uuid.UUID, attempt: Callable[[Game], Result]) -> Result:
        """Run ``attempt`` on a copy of the game under its lock, then store what it appended.

        A refusal (or a conflict) met on the cached state is checked again on the state read
        from the store before it is final: only that one can be out of date. A conflict met
        on the store's state (another server stored the game's next events between the read
        and the save) is judged once more on the events that won: a resent command id whose
        first sending won there is then answered from it, as docs/api.md (section 3) says,
        rather than refused as a conflict on which a client would decide anew.
        """
        with self._lock(gid):
            cached = self._games.get(gid)
            if cached is not None:
                try:
                    return self._write_on(cached, attempt)
                except (ApplicationError, GameError) as refusal:
                    if isinstance(refusal, StoreUnavailableError):
                        raise
            try:
                return self._write_on(self._latest(gid), attempt)
            except ConcurrentWriteError:
                return self._write_on(self._latest(gid), attempt)

    def _write_on(self, game: Game, attempt: Callable[[Game], Result]) -> Result:
        work = copy.deepcopy(game)  # cheap: see Game.__deepcopy__
        result = attempt(work)
        if work.pending_events:
            self._save(work)
        return result

    def _seal(
        self, rules: AnyRules, previous: str, version: int, event: object, cause: Cause
    ) -> Recorded:
        encoded = codec_for(rules).encode(event)
        at = self._clock().isoformat(timespec="microseconds")
        return Recorded.sealed(previous, version, at, encoded, cause)

    def _append(
        self,
        aggregate: Game,
        events: Sequence[object],
        cause: Cause,
        *,
        state_after: Any = None,
    ) -> tuple[Recorded, ...]:
        """Seal ``events`` and add them to ``aggregate``. ``state_after``, when given, is the
        rules state they lead to (``GameRules.resolve`` made it), which spares folding them."""
        sealer = Sealer(aggregate.rules, cause, self._clock)
        sealed = []
        for event in events:
            recorded, record = sealer.seal(aggregate.chain, aggregate.version + 1, event)
            aggregate.append(recorded, event, record, fold=state_after is None)
            sealed.append(recorded)
        if state_after is not None:
            aggregate.state = state_after
        return tuple(sealed)

    def _save(self, *aggregates: Game | GameSeed) -> None:
        """Store the aggregates' new events atomically (group commit), then keep the games
        as the newest known: the caller must not change them any more."""
        try:
            with self._store_guard():
                self._commit.save(*aggregates)
        except IntegrityError as exc:
            raise ConcurrentWriteError(
                "another action was stored first; refresh and retry"
            ) from exc
        for aggregate in aggregates:
            if isinstance(aggregate, Game):
                self._games.put(aggregate)

    def _load(self, gid: uuid.UUID, version: int | None = None) -> Game:
        """A private copy of the game now, or the game at ``version`` (from the store)."""
        if version is None:
            return copy.deepcopy(self._latest(gid))
        return self._from_store(gid, version)

    def _latest(self, gid: uuid.UUID) -> Game:
        """The cached game, brought up to date with the events stored since (shared)."""
        cached = self._games.get(gid)
        if cached is None:
            game = self._from_store(gid)
        else:
            with self._store_guard():
                newer = self.store.events_after(gid, cached.version)
            if not newer:
                return cached
            game = fold_aggregate(copy.deepcopy(cached), newer)
        self._games.put(game)
        return game

    def _known(self, gid: uuid.UUID) -> Game:
        """Some version of the game (for what never changes: its rules, seats, existence)."""
        return self._games.get(gid) or self._from_store(gid, 1)

    def _from_store(self, gid: uuid.UUID, version: int | None = None) -> Game:
        try:
            with self._store_guard():
                return self.store.game(gid, version)
        except AggregateNotFoundError:
            raise GameNotFoundError(
                f"no game {gid} on this server: check the id, and that this is the server "
                "that created it"
            ) from None

    def _seed(self, gid: uuid.UUID) -> str:
        seed = self._known_seeds.get(gid)
        if seed is None:
            with self._store_guard():
                seed = self.store.seed(seed_id(gid)).seed
            self._remember_seed(gid, seed)
        return seed

    def _remember_seed(self, gid: uuid.UUID, seed: str) -> None:
        if len(self._known_seeds) >= SEEDS_KEPT:
            self._known_seeds.clear()  # cheaper than an LRU; a miss is one small read
        self._known_seeds[gid] = seed

    def _require_current_rules(self, aggregate: Game) -> None:
        """Refuse to play on a game created under another rules version than this build's.

        Its stored events still fold (they record outcomes), so it can be viewed, watched,
        exported and disputed; but its next move, its legal actions, a new seat or a what-if
        fork would all be judged by rules it was not played under (docs/reliability.md).
        """
        gap = rules_version_gap(aggregate.rules, aggregate.rules_version)
        if gap:
            raise RulesVersionError(
                f"game {aggregate.id} cannot go on here: {gap}; it can still be viewed, "
                "watched, exported and disputed"
            )

    def _is_arbiter(self, token: str) -> bool:
        return bool(self._arbiter_hash) and hmac.compare_digest(
            self._arbiter_hash, token_hash(token)
        )

    def _lock(self, gid: uuid.UUID) -> AbstractContextManager[None]:
        return self._locks.hold(gid)

    def _store_guard(self) -> AbstractContextManager[None]:
        return store_guard()


def require_token(token: str) -> None:
    """Refuse a call that needs a seat's token and sent none (``TOKEN_MISSING``)."""
    if not token:
        raise UnauthenticatedError(
            "this needs the bearer token of a seat in the game, sent as "
            "'authorization: Bearer <token>' (JoinGame answers it)"
        )


def _require_range(after: int, limit: int | None) -> None:
    """Refuse a negative version to read after, or a negative number of events to read."""
    if after < 0:
        raise InvalidRequestError(
            f"versions start at 1; read after 0 for the whole game, not after {after}",
            reason="BAD_VERSION",
        )
    if limit is not None and limit < 0:
        raise InvalidRequestError(
            f"a limit is a number of events, 0 for all of them, not {limit}", reason="BAD_LIMIT"
        )


def new_id() -> str:
    return str(uuid.uuid4())


def parse_id(game_id: str) -> uuid.UUID:
    """The game id ``game_id`` spells, in the one spelling the server answers with."""
    parsed = canonical_uuid(game_id)
    if parsed is None:
        raise InvalidRequestError(
            f"{quoted(game_id)} is not a game id: a game id is {ID_FORM}, as CreateGame answers it",
            reason="BAD_GAME_ID",
        )
    return parsed


def seat_held(aggregate: Game, token: str) -> int | None:
    """The seat ``token`` holds in the game, or None."""
    digest = token_hash(token)
    for seat, held in enumerate(aggregate.token_hashes):
        if held and hmac.compare_digest(held, digest):
            return seat
    return None
