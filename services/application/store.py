"""The eventsourcing ``Application`` that stores games, configured from ``Settings``."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any
from uuid import UUID

from eventsourcing.application import Application
from eventsourcing.persistence import JSONTranscoder

from services.application.aggregate import Game, GameSeed, state_transcodings
from services.settings import Settings

GAME_TOPICS = (Game.Created.TOPIC, Game.Appended.TOPIC)


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

    def __init__(self, settings: Settings) -> None:
        env = settings.eventsourcing_env()
        env.setdefault("AGGREGATE_CACHE_MAXSIZE", "1000")
        super().__init__(env=env)
        self.saved_listeners: list[Callable[[set[str]], None]] = []

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
        aggregate: Game = self.repository.get(
            game_id, version=version, projector_func=fold_aggregate
        )
        return aggregate

    def seed(self, seed_id: UUID) -> GameSeed:
        seed: GameSeed = self.repository.get(seed_id, projector_func=fold_aggregate)
        return seed
