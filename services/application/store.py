"""The eventsourcing ``Application`` that stores games, configured from ``Settings``."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable, Sequence
from typing import Any
from uuid import UUID

from eventsourcing.application import (
    AggregateNotFoundError,
    Application,
    ProcessingEvent,
    Repository,
)
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import (
    IntegrityError,
    JSONTranscoder,
    MapperDeserialisationError,
    Notification,
    PersistenceError,
)
from eventsourcing.postgres import PostgresApplicationRecorder
from psycopg.sql import SQL, Identifier

from services.application.aggregate import (
    Game,
    GameSeed,
    OutdatedSnapshotError,
    state_transcodings,
)
from services.application.mapper import GameMapper
from services.application.postgres_setup import one_opener_at_a_time
from services.application.postgres_store import RECORDER_KEY, RECORDER_TOPIC
from services.application.sqlite_store import (
    FACTORY_TOPIC,
    SYNCHRONOUS_KEY,
    DirectReads,
    watch_data_version,
)
from services.settings import Settings

GAME_TOPICS = (Game.Created.TOPIC, Game.Appended.TOPIC)
log = logging.getLogger(__name__)


def fold_aggregate(aggregate: Any, events: Iterable[Any]) -> Any:
    """Project events onto an aggregate (the library's projector minus its per-event
    runtime-protocol check, which triples the cost of loading a long game)."""
    for event in events:
        aggregate = event.mutate(aggregate)
    return aggregate


class GameStore(Application[UUID]):
    """Games and their seeds in one event store: SQLite file, memory or PostgreSQL."""

    name = "Games"  # fixes the PostgreSQL table names whatever this class is called
    log_section_size = 1000
    snapshotting_intervals = {Game: 100}
    snapshotting_projectors = {Game: fold_aggregate}
    mapper: GameMapper

    def __init__(self, settings: Settings) -> None:
        env = settings.eventsourcing_env()
        self._direct: DirectReads | None = None
        self._sqlite_path = settings.sqlite_path if settings.store == "sqlite" else None
        if settings.store == "sqlite":
            env["PERSISTENCE_MODULE"] = FACTORY_TOPIC
            env[SYNCHRONOUS_KEY] = settings.sqlite_synchronous
            self._direct = DirectReads(settings.sqlite_path)
        elif settings.store == "postgres":
            env[RECORDER_KEY] = RECORDER_TOPIC
        env.setdefault("AGGREGATE_CACHE_MAXSIZE", "1000")  # for tournaments; games: GameStreams
        with one_opener_at_a_time(settings):
            super().__init__(env=env)
        self.saved_listeners: list[Callable[[set[str]], None]] = []
        # Games are cached by GameStreams, which knows when a copy may be stale; loading
        # them through the library's cache as well would only add a copy and a query.
        self.games = Repository(self.events, snapshot_store=self.snapshots)
        self._every_event = Repository(self.events)

    def construct_mapper(self) -> GameMapper:
        mapper = self.factory.mapper(self.construct_transcoder(), mapper_class=GameMapper)
        assert isinstance(mapper, GameMapper)
        return mapper

    def register_transcodings(self, transcoder: JSONTranscoder) -> None:
        super().register_transcodings(transcoder)
        for transcoding in state_transcodings():
            transcoder.register(transcoding)

    def _notify(self, recordings: list[Any]) -> None:
        # Wakes in-process followers (publisher, watchers) instead of making them poll.
        game_ids = {str(r.domain_event.originator_id) for r in recordings}
        for listener in self.saved_listeners:
            listener(game_ids)

    def game(self, game_id: UUID, version: int | None = None) -> Game:
        try:
            aggregate = self.games.get(game_id, version=version, projector_func=fold_aggregate)
        except MapperDeserialisationError as error:
            if not isinstance(error.__cause__, OutdatedSnapshotError):
                raise
            # Its events give what its newest snapshot cannot.
            aggregate = self._every_event.get(
                game_id, version=version, projector_func=fold_aggregate
            )
        if not isinstance(aggregate, Game):
            # A seed's or a tournament's id is no game id, and what it holds is never shown.
            raise AggregateNotFoundError(game_id)
        return aggregate

    def records(self, game_id: UUID, after: int, limit: int | None = None) -> list[Any]:
        """The records (JSON) of a game's stored events after version ``after``, all of them
        or the first ``limit``: what ``events.get`` answers, less the domain event it builds
        around each record (its id, its timestamp) only for the reader to take the record."""
        stored = self.recorder.select_events(game_id, gt=after, limit=limit)
        return [self.mapper.record_of(event) for event in stored]

    def events_after(self, game_id: UUID, version: int) -> list[Any]:
        """The stored events of a game after ``version``: usually none, found out cheaply."""
        if self._direct is not None and not self._direct.has_newer(game_id, version):
            return []
        return list(self.events.get(game_id, gt=version))

    def follow_writes(
        self, wake: Callable[[], None], stop: threading.Event, waiting: threading.Event
    ) -> None:
        """Call ``wake`` soon after any process stores events, until ``stop`` is set;
        ``waiting`` is set while the follower waits for them (it may go unwoken while busy).

        PostgreSQL: LISTEN to the channel its recorder NOTIFYs on every insert. SQLite:
        watch the file's data version while ``waiting``. In memory no other process can
        write, and savers in this one call ``saved_listeners``.
        """
        while not stop.is_set():
            try:
                if isinstance(self.recorder, PostgresApplicationRecorder):
                    _listen(self.recorder, wake, stop)
                elif self._sqlite_path is not None:
                    watch_data_version(self._sqlite_path, wake, stop, waiting)
                else:
                    stop.wait()
            except Exception as error:  # the store is away: poll until it is back
                log.warning("not following the store's writes: %s", error)
                wake()
                stop.wait(1.0)

    def game_notifications(self, after: int, limit: int) -> Sequence[Notification]:
        """Up to ``limit`` stored game events after position ``after``, in the store's total
        order (the notification log; seeds and tournaments left out)."""
        if self._direct is not None:
            return self._direct.notifications(after, limit, GAME_TOPICS)
        return self.recorder.select_notifications(
            start=after, limit=limit, topics=GAME_TOPICS, inclusive_of_start=False
        )

    def close(self) -> None:
        if self._direct is not None:
            self._direct.close()
        super().close()

    def seed(self, seed_id: UUID) -> GameSeed:
        seed: GameSeed = self.games.get(seed_id, projector_func=fold_aggregate)
        return seed

    def save_together(self, groups: Sequence[Sequence[Aggregate]]) -> list[PersistenceError | None]:
        """Group commit: store the pending events of every group in one transaction.

        One conflicting group would abort that transaction for all, so then each group is
        stored in a transaction of its own and only the groups that conflict fail. The
        answer says, group by group, None (stored) or why not (IntegrityError for a
        conflict). A store that is down raises before anything is stored.
        """
        pending = [[e for a in group for e in a.collect_events()] for group in groups]
        try:
            recordings = self.events.put([e for events in pending for e in events])
            outcomes: list[PersistenceError | None] = [None] * len(groups)
        except IntegrityError:
            recordings, outcomes = [], []
            for events in pending:
                try:
                    recordings += self.events.put(events)
                    outcomes.append(None)
                except PersistenceError as failure:
                    outcomes.append(failure)
        stored = [a for g, o in zip(groups, outcomes, strict=True) if o is None for a in g]
        self._snapshot(stored, [e for events in pending for e in events])
        self._notify(recordings)
        return outcomes

    def _take_snapshots(self, processing_event: ProcessingEvent[UUID]) -> None:
        # The library re-reads each aggregate from the store to snapshot it; the aggregate
        # just saved is at hand.
        aggregates = list(processing_event.aggregates.values())
        self._snapshot(aggregates, processing_event.events)

    def _snapshot(self, aggregates: Sequence[Any], saved: Sequence[Any]) -> None:
        """Snapshot each aggregate whose saved events crossed its snapshotting interval."""
        intervals = {a.id: self.snapshotting_intervals.get(type(a)) for a in aggregates}
        due = {
            event.originator_id
            for event in saved
            if (interval := intervals.get(event.originator_id))
            and event.originator_version % interval == 0
        }
        snapshots = [type(a).Snapshot.take(a) for a in aggregates if a.id in due]
        if not snapshots or self.snapshots is None:
            return
        try:
            self.snapshots.put(snapshots)
        except PersistenceError as error:
            # A snapshot only shortens loading; the events it sums up are stored already.
            log.warning("snapshot not stored: %s", error)


def _listen(
    recorder: PostgresApplicationRecorder, wake: Callable[[], None], stop: threading.Event
) -> None:
    with recorder.datastore.get_connection() as connection:
        connection.execute(SQL("LISTEN {0}").format(Identifier(recorder.channel_name)))
        while not stop.is_set():
            for _ in connection.notifies(timeout=0.2, stop_after=1):
                wake()
