"""A watch survives server-side cuts of its stream: a server stopped and started again on the
same port over the same SQLite file, and streams ended by their own deadline. Every version
arrives exactly once, in order: no gap, no duplicate."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Generator

import pytest
from tabletop.v1 import game_service_pb2 as pb

from clients.aio import AsyncGameClient
from clients.sdk import GameClient
from tests.clients.servers import RestartableServer
from tests.clients.table import Table

pytestmark = pytest.mark.e2e


class CountingClient(GameClient):
    """A client that counts the streams its resuming watch opens."""

    streams = 0

    def watch_game(
        self,
        game_id: str,
        after_version: int = 0,
        perspective: str = "",
        timeout: float | None = None,
    ) -> Generator[pb.WatchGameResponse, None, None]:
        self.streams += 1
        yield from super().watch_game(game_id, after_version, perspective, timeout)


def _watch_in_background(client: GameClient, game_id: str) -> tuple[list[int], threading.Thread]:
    versions: list[int] = []

    def follow() -> None:
        for message in client.watch(game_id, perspective="public"):
            if message.HasField("update"):
                versions.append(message.update.event.version)

    thread = threading.Thread(target=follow, daemon=True)
    thread.start()
    return versions, thread


def _final_version(target: str, game_id: str) -> int:
    with GameClient(target) as client:
        view = client.get_view(game_id, "public")
    assert view.status.finished
    return int(view.version)


def test_watch_resumes_across_a_server_restart(restartable: RestartableServer) -> None:
    table = Table.open(restartable.target)
    watcher = CountingClient(restartable.target, reconnect_for=20)
    versions, thread = _watch_in_background(watcher, table.game_id)
    table.play(15)
    for _ in range(2):
        restartable.restart()  # every stream is cut; nothing answers for a moment
        table.close()
        table = Table(table.game_id, [GameClient(restartable.target, c.token) for c in table.seats])
        table.play(10)
    table.play()
    thread.join(60)
    assert not thread.is_alive()
    assert versions == list(range(1, _final_version(restartable.target, table.game_id) + 1))
    assert watcher.streams >= 3, "the watch reconnected after each restart"
    table.close()
    watcher.close()


def test_watch_resumes_after_each_stream_deadline(server: RestartableServer) -> None:
    table = Table.open(server.target)
    watcher = CountingClient(server.target, stream_timeout=0.25)
    versions, thread = _watch_in_background(watcher, table.game_id)
    bot_steps = 0
    while table.play(4, seed=bot_steps) == 4:
        bot_steps += 1
        time.sleep(0.05)
    thread.join(60)
    assert versions == list(range(1, _final_version(server.target, table.game_id) + 1))
    assert watcher.streams >= 4, "streams were cut by their deadline and reopened"
    table.close()
    watcher.close()


def test_the_async_watch_resumes_across_a_server_restart(restartable: RestartableServer) -> None:
    table = Table.open(restartable.target)
    table.play(10)

    async def follow() -> list[int]:
        async with AsyncGameClient(restartable.target, stream_timeout=0.5) as client:
            return [
                m.update.event.version
                async for m in client.watch(table.game_id, after_version=3)
                if m.HasField("update")
            ]

    def cut_and_finish() -> None:
        nonlocal table
        time.sleep(0.3)
        restartable.restart(0.3)
        table = Table(table.game_id, [GameClient(restartable.target, c.token) for c in table.seats])
        table.play()

    finisher = threading.Thread(target=cut_and_finish)
    finisher.start()
    versions = asyncio.run(follow())
    finisher.join(60)
    assert versions == list(range(4, _final_version(restartable.target, table.game_id) + 1))
    table.close()
