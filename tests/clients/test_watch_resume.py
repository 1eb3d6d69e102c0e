"""A watch survives server-side cuts of its stream: a server stopped and started again on the
same port over the same SQLite file, and streams ended by their own deadline. Every version
arrives exactly once, in order: no gap, no duplicate."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import AsyncGenerator, Generator
from dataclasses import dataclass

import grpc
import pytest
from tabletop.v1 import game_service_pb2 as pb

from clients.aio import AsyncGameClient
from clients.errors import TabletopError
from clients.sdk import GameClient
from tests.clients.servers import RestartableServer
from tests.clients.table import Table

pytestmark = pytest.mark.e2e

CUT_BY_A_STOPPING_SERVER = {grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.CANCELLED}


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


@dataclass
class Stream:
    """One stream a watch opened: the messages it delivered and the status that ended it
    (None when it ended cleanly, or was closed by the watch itself)."""

    delivered: int = 0
    ended_by: grpc.StatusCode | None = None


class RecordingAsyncClient(AsyncGameClient):
    """An asyncio client that records every stream its resuming watch opens."""

    def __init__(self, target: str) -> None:
        super().__init__(target)
        self.streams: list[Stream] = []
        self.delivering = asyncio.Event()  # set once a stream has delivered a message
        self.deadline_cut = threading.Event()  # set once a stream has reached its deadline

    async def watch_game(
        self,
        game_id: str,
        after_version: int = 0,
        perspective: str = "",
        timeout: float | None = None,
    ) -> AsyncGenerator[pb.WatchGameResponse, None]:
        stream = Stream()
        self.streams.append(stream)
        try:
            async for message in super().watch_game(game_id, after_version, perspective, timeout):
                stream.delivered += 1
                self.delivering.set()
                yield message
        except TabletopError as error:
            stream.ended_by = error.code
            if error.code is grpc.StatusCode.DEADLINE_EXCEEDED:
                self.deadline_cut.set()
            raise


def test_the_async_watch_resumes_across_a_server_restart(restartable: RestartableServer) -> None:
    table = Table.open(restartable.target)
    table.play(10)

    async def follow(watcher: RecordingAsyncClient) -> list[int]:
        return [
            m.update.event.version
            async for m in watcher.watch(table.game_id, after_version=3)
            if m.HasField("update")
        ]

    def cut_and_finish(watcher: RecordingAsyncClient) -> None:
        nonlocal table
        # The stream open now has the client's five-minute deadline: only the restart ends
        # it. The streams after it are cut by their own deadline every half second.
        watcher.stream_timeout = 0.5
        restartable.restart(0.3)
        assert watcher.deadline_cut.wait(15), "no stream after the restart reached its deadline"
        table.close()
        table = Table(table.game_id, [GameClient(restartable.target, c.token) for c in table.seats])
        table.play()

    async def cut_once_a_stream_is_open(watcher: RecordingAsyncClient) -> None:
        await watcher.delivering.wait()
        await asyncio.to_thread(cut_and_finish, watcher)

    async def watch_through_a_restart() -> tuple[list[int], list[Stream]]:
        watcher = RecordingAsyncClient(restartable.target)
        async with watcher, asyncio.timeout(60):
            async with asyncio.TaskGroup() as group:  # a failure of either cancels the other
                watching = group.create_task(follow(watcher))
                group.create_task(cut_once_a_stream_is_open(watcher))
            return watching.result(), watcher.streams

    versions, streams = asyncio.run(watch_through_a_restart())
    assert versions == list(range(4, _final_version(restartable.target, table.game_id) + 1))
    cut, *after = streams
    assert cut.delivered > 0 and cut.ended_by in CUT_BY_A_STOPPING_SERVER, (
        f"the restart did not cut a stream that was delivering: {cut} (then {after})"
    )
    table.close()


class CutAtTheEndClient(GameClient):
    """A client whose first stream is cut just after the update that says the game ended,
    before the game's last event (the seed's reveal) arrives."""

    cut = False

    def watch_game(
        self,
        game_id: str,
        after_version: int = 0,
        perspective: str = "",
        timeout: float | None = None,
    ) -> Generator[pb.WatchGameResponse, None, None]:
        for message in super().watch_game(game_id, after_version, perspective, timeout):
            yield message
            if not self.cut and message.update.status.finished:
                self.cut = True
                raise TabletopError(grpc.StatusCode.UNAVAILABLE, "", "cut")


def test_a_watch_cut_between_the_games_end_and_its_last_event_still_delivers_it(
    server: RestartableServer,
) -> None:
    table = Table.open(server.target)
    table.play()
    with CutAtTheEndClient(server.target) as watcher:
        updates = [m.update for m in watcher.watch(table.game_id) if m.HasField("update")]
    assert watcher.cut
    assert [u.event.version for u in updates] == list(
        range(1, _final_version(server.target, table.game_id) + 1)
    )
    assert updates[-1].event.type == "core.SeedRevealed"
    table.close()
