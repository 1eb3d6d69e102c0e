"""WatchGame answers each update from one version of the game, over a real server, even when
another call stores events between the watch's read of the game and its read of the events
after it: a seat taken meanwhile shows in the status of the update that reports it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from clients.sdk import GameClient
from services.application.folded import Folded
from tests.e2e.conftest import Interleaving, Serve

pytestmark = pytest.mark.e2e


class ActsBeforeReading(Interleaving):
    """The service with ``meanwhile`` run once right before the next read of the events
    after a version: the moment at which a concurrent call's events can be stored."""

    def states_after(self, game_id: str, after: int, state: Any = None) -> Iterator[Folded]:
        self.interleave()
        return super().states_after(game_id, after, state)


def test_a_seat_taken_during_a_watch_shows_in_the_update_that_reports_it(
    serve: Serve,
) -> None:
    games, target = serve(ActsBeforeReading)
    with GameClient(target) as client:
        game_id = client.create_game("bourgeoisie", 2).game_id
        joined = client.join_game(game_id, "ada", 0)
        games.meanwhile = lambda: games.join_game(game_id, "bea", 1)
        stream = client.watch_game(game_id, after_version=joined.version, timeout=10)
        update = next(stream).update
        caught_up = next(stream).caught_up
        stream.close()

    assert update.event.version == joined.version + 1
    assert list(update.status.players) == ["ada", "bea"]
    assert caught_up.version == update.event.version
    assert list(caught_up.status.players) == ["ada", "bea"]
