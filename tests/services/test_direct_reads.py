"""On SQLite the two most frequent reads skip the library's pool and transaction
(``DirectReads``); they must answer exactly what the library's own reads answer."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from uuid import UUID

import pytest

from services.application import Games, GameStore
from services.application.store import GAME_TOPICS
from services.settings import Settings


@pytest.fixture
def games(tmp_path: Path) -> Iterator[Games]:
    store = GameStore(Settings(store="sqlite", sqlite_path=tmp_path / "games.db"))
    games = Games(store)
    chooser = random.Random(4)
    for _ in range(3):  # each game stores its seed too, which the notification log leaves out
        game_id, _ = games.create_game("bourgeoisie", 2)
        tokens = [games.join_game(game_id, f"p{seat}", seat).token for seat in range(2)]
        for _ in range(5):
            game = games.game_info(game_id)
            seat = game.rules.to_act(game.state)
            assert seat is not None
            choices = games.legal_actions(game_id, tokens[seat])
            action = chooser.choice(choices.actions)
            games.submit_action(game_id, tokens[seat], choices.version, "", action)
    yield games
    store.close()


def test_the_notification_log_reads_as_the_librarys_own_read(games: Games) -> None:
    store = games.store
    everything = store.recorder.select_notifications(start=0, limit=10_000)
    assert {n.topic for n in everything} - set(GAME_TOPICS), "no seed was stored"
    for after in (0, 1, 7, 20, everything[-1].id - 2, everything[-1].id):
        for limit in (1, 6, 500):
            library = store.recorder.select_notifications(
                start=after, limit=limit, topics=GAME_TOPICS, inclusive_of_start=False
            )
            direct = store.game_notifications(after, limit)
            assert [vars(n) for n in direct] == [vars(n) for n in library]


def test_newer_events_are_found_exactly_when_there_are_some(games: Games) -> None:
    store = games.store
    game_id = UUID(games.notifications(0, 1)[0].game_id)
    latest = store.game(game_id).version
    assert store.events_after(game_id, latest) == []
    assert [e.originator_version for e in store.events_after(game_id, latest - 2)] == [
        latest - 1,
        latest,
    ]
