"""Slow WatchGame consumers cannot grow the server's memory without bound: a stream's next
update is made only when gRPC has sent the last (flow control), so unread updates wait in
the client's buffers or not at all, never piling up in the server.

Two rounds of 30 streams on four-seat Bruges games (large updates), each round played to
the end: in the first the streams read as updates come, which brings the server to its
working size (its caches, and each worker thread's SQLite page cache, fill); in the second
they read nothing until every game has ended. The second round adds far less to the
server's resident memory than the updates its streams left unread (counted exactly once
they are read), and each stream still carries every version once, in order.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from tabletop.v1 import game_service_pb2 as pb
from tabletop.v1 import game_service_pb2_grpc

from services.application import Games, GameStore
from services.settings import Settings
from tests.support.play import play_random, seat_everyone
from tests.support.server_process import ServerProcess

pytestmark = [pytest.mark.e2e, pytest.mark.slow]
GAME, SEATS = "bruges", 4  # ~700 updates of ~4.5 KB each per stream
GAMES, WATCHERS_PER_GAME = 5, 6
GROWTH_LIMIT_MB = 30.0
"""What the second round may add to the server's RSS. Its unread updates come to ~95 MB; the
growth measured is 15 MB (the first round, read along, adds 45-55 MB)."""


def resident_mb(pid: int) -> float:
    """The process's resident set size (VmRSS), in MiB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


@pytest.fixture
def server_and_games(tmp_path: Path) -> Iterator[tuple[ServerProcess, Games]]:
    """A server process over a SQLite file, and this process's own writer to that file (so
    producing events costs the server nothing but the streams it serves)."""
    path = tmp_path / "games.db"
    process = ServerProcess("--sqlite-path", str(path))
    process.start()
    store = GameStore(Settings(store="sqlite", sqlite_path=path))
    yield process, Games(store)
    store.close()
    process.stop()


class Watcher:
    """One client's WatchGame stream: reads until caught up, then waits until told to go on."""

    def __init__(self, target: str, game_id: str) -> None:
        self.channel = grpc.insecure_channel(target)  # each its own client and connection
        stub = game_service_pb2_grpc.GameServiceStub(self.channel)
        self.call = stub.WatchGame(pb.WatchGameRequest(game_id=game_id), timeout=600)
        self.versions: list[int] = []
        self.unread_bytes = 0
        self.caught_up = threading.Event()
        self.resume = threading.Event()

    def run(self) -> None:
        for message in self.call:  # it ends with the game
            if message.HasField("caught_up"):
                self.caught_up.set()
                self.resume.wait()
            else:
                self.versions.append(message.update.event.version)
                self.unread_bytes += message.ByteSize()
        self.channel.close()


def _round(server: ServerProcess, games: Games, *, read: bool) -> tuple[float, float, float]:
    """Watchers on new games that read along (or do not read) while the games are played to
    the end; the server's RSS before and at its peak, and the MiB the watchers received."""
    assert server.process is not None
    tables = {}
    for _ in range(GAMES):
        game_id, _ = games.create_game(GAME, SEATS)
        tables[game_id] = seat_everyone(games, game_id, SEATS)
    watchers = {g: [Watcher(server.target, g) for _ in range(WATCHERS_PER_GAME)] for g in tables}
    every = [w for group in watchers.values() for w in group]
    threads = [threading.Thread(target=w.run) for w in every]
    for thread in threads:
        thread.start()
    assert all(w.caught_up.wait(30) for w in every)
    if read:
        for watcher in every:
            watcher.resume.set()
    before = peak = resident_mb(server.process.pid)
    for game_id, tokens in tables.items():
        play_random(games, game_id, tokens)
    for _ in range(12):  # the streams wake within a second and send what they may
        time.sleep(0.25)
        peak = max(peak, resident_mb(server.process.pid))
    for watcher in every:
        watcher.resume.set()
    for thread in threads:
        thread.join(120)
    for game_id, group in watchers.items():
        expected = list(range(1, games.game_info(game_id).version + 1))
        assert all(w.versions == expected for w in group), "every version once, in order"
    return before, peak, sum(w.unread_bytes for w in every) / 2**20


def test_watchers_that_stop_reading_do_not_grow_the_server(
    server_and_games: tuple[ServerProcess, Games],
) -> None:
    server, games = server_and_games
    start, warm, _ = _round(server, games, read=True)
    before, peak, unread_mb = _round(server, games, read=False)
    print(
        f"RSS {start:.0f} MB, {warm:.0f} MB after a round read along; then "
        f"{peak - before:+.0f} MB while {GAMES * WATCHERS_PER_GAME} streams left "
        f"{unread_mb:.0f} MB of updates unread"
    )
    assert peak - before < GROWTH_LIMIT_MB < unread_mb / 2
