"""A read of a tournament shows the result of every game that has ended, even when another
server stores a change to the tournament between the read's check of the games and its save:
the check is made again on the tournament as that server left it (docs/tournaments.md,
"Results")."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from services.application import Games, GameStore
from services.settings import Settings
from services.tournaments import Tournaments
from services.tournaments.aggregate import Tournament
from tests.support.play import play_random
from tests.tournaments.conftest import open_event


class PausesAfterChecking(Tournaments):
    """A server whose next write stops after checking the games for results, until
    ``resume`` is set: its change is then stored on what it saw before."""

    def __init__(self, games: Games) -> None:
        super().__init__(games)
        self.checked, self.resume = threading.Event(), threading.Event()

    def _record_results(self, aggregate: Tournament) -> bool:
        recorded = super()._record_results(aggregate)
        if not self.checked.is_set():
            self.checked.set()
            self.resume.wait(10)
        return recorded


class StoresAfterOthers(Tournaments):
    """A server that, before its next save, lets ``other`` (paused after its check) store
    its change first."""

    other: tuple[PausesAfterChecking, threading.Thread] | None = None

    def _save(self, aggregate: Tournament, *games: object) -> None:
        if self.other is not None:
            (server, thread), self.other = self.other, None
            server.resume.set()
            thread.join(10)
        super()._save(aggregate, *games)  # type: ignore[arg-type]


@pytest.fixture
def stores(tmp_path: Path) -> Iterator[list[GameStore]]:
    """Two servers' stores on one SQLite file."""
    path = tmp_path / "games.db"
    opened = [GameStore(Settings(store="sqlite", sqlite_path=path)) for _ in range(2)]
    yield opened
    for store in opened:
        store.close()


def test_a_result_is_shown_when_another_server_stored_a_change_meanwhile(
    stores: list[GameStore],
) -> None:
    reader, writer = StoresAfterOthers(Games(stores[0])), PausesAfterChecking(Games(stores[1]))
    event = open_event(reader, 3, seats=2, rounds=1)
    table = event.start_round().tables[0]
    seats = [reader.claim_seat(event.tournament_id, event.tokens[p]).token for p in table.players]
    bye = next(p for p in event.tokens if p not in table.players)
    dropping = threading.Thread(
        target=writer.drop_player, args=(event.tournament_id, event.organiser, bye, "left")
    )
    dropping.start()
    assert writer.checked.wait(10)  # the other server saw the game in play
    play_random(reader.games, table.game_id, seats)  # and now it ends
    reader.other = (writer, dropping)

    state = reader.tournament(event.tournament_id)

    assert not dropping.is_alive()
    assert next(e for e in state.entrants if e.name == bye).withdrawn
    assert state.rounds[0].tables[0].result is not None
