"""Loading a long game starts from its newest snapshot, not from its first event, on every
store; and the game so loaded is the game that folding every event gives."""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Iterator
from typing import Any

import pytest
from eventsourcing.application import Repository

from games.core.jsonable import to_json
from games.registry import all_rules
from services.application import Games, GameStore
from services.application import store as store_module
from services.application.aggregate import Game, StateTranscoding
from services.settings import Settings
from tests.support.play import play_random, seat_everyone

INTERVAL = GameStore.snapshotting_intervals[Game]
ACTIONS = 100
"""Random Bourgeoisie actions to play: each stores several events, so a few hundred in all."""


class FoldCounter:
    """Wraps the store's projector to count what loading one game folds: snapshots and events.

    Only that game's events count: threads left by other tests may load their own games
    through the same projector meanwhile.
    """

    def __init__(self, game_id: str) -> None:
        self.game_id = uuid.UUID(game_id)
        self.snapshots = 0
        self.events = 0
        self._fold = store_module.fold_aggregate

    def __call__(self, aggregate: Any, events: Iterable[Any]) -> Any:
        folded = list(events)
        mine = [e for e in folded if e.originator_id == self.game_id]
        self.snapshots += sum(isinstance(e, Game.Snapshot) for e in mine)
        self.events += sum(not isinstance(e, Game.Snapshot) for e in mine)
        return self._fold(aggregate, folded)


@pytest.fixture
def reopened(settings: Settings) -> Iterator[tuple[GameStore, GameStore]]:
    """The store a game is played on, and the same store opened afresh (as a restarted server
    opens it); in memory nothing outlives its store, so there the second is the first."""
    first = GameStore(settings)
    second = first if settings.store == "memory" else GameStore(settings)
    yield first, second
    if second is not first:
        second.close()
    first.close()


def _long_game(store: GameStore) -> tuple[str, int]:
    """A two-seat game played for ``ACTIONS`` random actions; its id and version."""
    games = Games(store, seeds=lambda: bytes(range(32)))  # one deal: the same length each run
    game_id, _ = games.create_game("bourgeoisie", 2)
    play_random(games, game_id, seat_everyone(games, game_id, 2), limit=ACTIONS)
    version = games.game_info(game_id).version
    assert version >= 3 * INTERVAL, "the game must run past a few snapshot intervals"
    return game_id, version


def _newest_snapshot(store: GameStore, game_id: str, version: int | None = None) -> int:
    """The version of the game's newest snapshot (at or before ``version``, when given).

    A snapshot is taken after the command whose events cross a multiple of the interval, so
    its version is that multiple or a few events past it.
    """
    assert store.snapshots is not None, "the store keeps no snapshots"
    gid = uuid.UUID(game_id)
    newest = list(store.snapshots.get(gid, desc=True, limit=1, lte=version))
    assert newest, "no snapshot was taken"
    return int(newest[0].originator_version)


def _full_fold(store: GameStore, game_id: str, version: int | None = None) -> Game:
    """The game (now, or at ``version``) folded from its first event, past any snapshot."""
    every_event = Repository(store.events)  # no snapshot store: nothing to start from
    game = every_event.get(
        uuid.UUID(game_id), version=version, projector_func=store_module.fold_aggregate
    )
    assert isinstance(game, Game)
    return game


def test_loading_a_long_game_folds_only_the_events_after_its_newest_snapshot(
    reopened: tuple[GameStore, GameStore], monkeypatch: pytest.MonkeyPatch
) -> None:
    played_on, fresh = reopened
    game_id, version = _long_game(played_on)
    counter = FoldCounter(game_id)
    monkeypatch.setattr(store_module, "fold_aggregate", counter)
    loaded = Games(fresh).game_info(game_id)  # a new cache: the game comes from the store
    monkeypatch.undo()
    snapshot = _newest_snapshot(fresh, game_id)
    assert counter.snapshots == 1
    assert counter.events == version - snapshot < INTERVAL
    assert loaded.version == version
    full = _full_fold(fresh, game_id)
    assert loaded.state == full.state
    assert (loaded.chain, loaded.players, loaded.answered) == (
        full.chain,
        full.players,
        full.answered,
    )
    assert loaded == full


def test_a_past_version_loads_from_the_newest_snapshot_at_or_before_it(
    reopened: tuple[GameStore, GameStore], monkeypatch: pytest.MonkeyPatch
) -> None:
    played_on, fresh = reopened
    game_id, _ = _long_game(played_on)
    past = 2 * INTERVAL + INTERVAL // 2
    counter = FoldCounter(game_id)
    monkeypatch.setattr(store_module, "fold_aggregate", counter)
    loaded = fresh.game(uuid.UUID(game_id), past)
    monkeypatch.undo()
    snapshot = _newest_snapshot(fresh, game_id, past)
    assert 0 < snapshot <= past
    assert (counter.snapshots, counter.events) == (1, past - snapshot)
    assert loaded.version == past and loaded == _full_fold(fresh, game_id, past)


def test_a_snapshot_stored_before_the_state_counted_turns_is_passed_over(
    reopened: tuple[GameStore, GameStore], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A snapshot stored by a build whose Bruges state counted no turns lacks the count, which
    it would read as 0: the game is loaded from its events instead, now and at a past version
    (where a fork copies the state), and so counts every turn of the game."""
    played_on, fresh = reopened
    with monkeypatch.context() as older_build:
        older_build.setattr(StateTranscoding, "encode", _without_added_fields)
        games = Games(played_on)
        game_id, _ = games.create_game("bruges", 2)
        play_random(games, game_id, seat_everyone(games, game_id, 2))
    version = games.game_info(game_id).version
    assert fresh.snapshots is not None
    stored = fresh.snapshots.recorder.select_events(uuid.UUID(game_id), desc=True, limit=1)
    assert stored[0].originator_version > 2 * INTERVAL, "snapshots were stored"
    loaded = Games(fresh).game_info(game_id)  # a new cache: the game comes from the store
    assert loaded.state == _full_fold(fresh, game_id).state
    past = version - 10
    assert fresh.game(uuid.UUID(game_id), past).state == _full_fold(fresh, game_id, past).state


def _without_added_fields(transcoding: StateTranscoding, state: Any) -> Any:
    """A state as a build stored it before its game's state gained its added fields."""
    added = all_rules()[transcoding.name.split(".")[0]].state_fields_added
    return {name: value for name, value in to_json(state).items() if name not in added}
