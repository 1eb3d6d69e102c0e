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
from tabletop.v1 import common_pb2
from tabletop.v1 import game_service_pb2 as pb

from clients.aio import AsyncGameClient
from clients.calls import Outage
from clients.errors import SERVER_UNREACHABLE, STREAM_LOST, TabletopError
from clients.sdk import GameClient
from clients.watching import StreamGapError, WatchCursor
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


def test_a_watch_keeps_each_stream_within_the_deadline_it_is_given(
    server: RestartableServer,
) -> None:
    """``watch(..., stream_timeout=)`` overrides the client's own per-stream deadline, as
    ``play_seat`` relies on to give up on time while no update comes: on a game that waits
    (no seat taken), each short stream ends and the next passes on its caught-up marker."""
    with GameClient(server.target, stream_timeout=10) as client:
        game_id = client.create_game("bourgeoisie", 2).game_id
        started, markers = time.monotonic(), 0
        for message in client.watch(game_id, resumes=True, stream_timeout=0.25):
            markers += message.HasField("caught_up")
            if markers == 3:
                break
    assert time.monotonic() - started < 5, "the streams lasted the client's 10 s"


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


class CutAtTheEnd:
    """What makes a client's first stream cut just after the update that says the game
    ended, before the game's last event (the seed's reveal) arrives."""

    cut = False

    def cut_after(self, message: pb.WatchGameResponse) -> None:
        if not self.cut and message.update.status.finished:
            self.cut = True
            raise TabletopError(grpc.StatusCode.UNAVAILABLE, "", "cut")


class CutAtTheEndClient(CutAtTheEnd, GameClient):
    """A client whose first stream is cut at the game's end (``CutAtTheEnd``)."""

    def watch_game(
        self,
        game_id: str,
        after_version: int = 0,
        perspective: str = "",
        timeout: float | None = None,
    ) -> Generator[pb.WatchGameResponse, None, None]:
        for message in super().watch_game(game_id, after_version, perspective, timeout):
            yield message
            self.cut_after(message)


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


class AsyncCutAtTheEndClient(CutAtTheEnd, AsyncGameClient):
    """An asyncio client whose first stream is cut at the game's end (``CutAtTheEnd``)."""

    async def watch_game(
        self,
        game_id: str,
        after_version: int = 0,
        perspective: str = "",
        timeout: float | None = None,
    ) -> AsyncGenerator[pb.WatchGameResponse, None]:
        async for message in super().watch_game(game_id, after_version, perspective, timeout):
            yield message
            self.cut_after(message)


def test_the_async_watch_ends_a_finished_game_as_the_sync_one_does(
    server: RestartableServer,
) -> None:
    """Cut between the game's end and its last event, it still delivers that event; resumed
    after the last event, it passes on the marker alone and ends (docs/api.md section 4)."""
    table = Table.open(server.target)
    table.play()
    final = _final_version(server.target, table.game_id)

    async def watch() -> tuple[list[pb.GameUpdate], list[pb.WatchGameResponse]]:
        watcher = AsyncCutAtTheEndClient(server.target)
        async with watcher:
            watched = [m async for m in watcher.watch(table.game_id)]
            updates = [m.update for m in watched if m.HasField("update")]
            assert watcher.cut

            async def resume() -> list[pb.WatchGameResponse]:
                return [m async for m in watcher.watch(table.game_id, after_version=final)]

            return updates, await asyncio.wait_for(resume(), 10)  # not a reconnecting loop

    updates, resumed = asyncio.run(watch())
    assert [u.event.version for u in updates] == list(range(1, final + 1))
    assert updates[-1].event.type == "core.SeedRevealed"
    assert [m.caught_up.version for m in resumed] == [final]
    table.close()


# -- the resume rule itself (docs/api.md section 4, "Resuming"), stream by stream ----------


def _update(version: int) -> pb.WatchGameResponse:
    return pb.WatchGameResponse(update=pb.GameUpdate(event=common_pb2.Event(version=version)))


def _caught_up(version: int) -> pb.WatchGameResponse:
    return pb.WatchGameResponse(caught_up=pb.CaughtUp(version=version))


def _cut(code: grpc.StatusCode, retry_delay: float | None = None) -> TabletopError:
    return TabletopError(code, "UNKNOWN", f"cut with {code.name}", retry_delay)


@pytest.mark.parametrize(
    "code",
    [
        grpc.StatusCode.UNAVAILABLE,
        grpc.StatusCode.CANCELLED,
        grpc.StatusCode.INTERNAL,  # a connection reset mid-message
        grpc.StatusCode.UNKNOWN,  # a stream torn down without a status
    ],
)
def test_a_watch_reconnects_on_the_codes_the_guide_names(code: grpc.StatusCode) -> None:
    cursor = WatchCursor(0, 30.0, reached=True)
    assert cursor.delay(_cut(code)) == 0.1, "backing off while the server does not answer"


def test_a_stream_that_reached_its_own_deadline_reconnects_at_once() -> None:
    cursor = WatchCursor(0, 30.0, reached=True)
    assert cursor.delay(_cut(grpc.StatusCode.DEADLINE_EXCEEDED)) == 0.0


@pytest.mark.parametrize(
    "code",
    [
        grpc.StatusCode.NOT_FOUND,
        grpc.StatusCode.PERMISSION_DENIED,
        grpc.StatusCode.INVALID_ARGUMENT,
        grpc.StatusCode.RESOURCE_EXHAUSTED,  # without a RetryInfo
    ],
)
def test_other_codes_end_a_watch(code: grpc.StatusCode) -> None:
    cursor = WatchCursor(0, 30.0, reached=True)
    final = _cut(code)
    with pytest.raises(TabletopError) as raised:
        cursor.delay(final)
    assert raised.value is final


def test_a_rate_limited_reconnection_waits_as_long_as_it_is_asked() -> None:
    cursor = WatchCursor(0, 30.0, reached=True)
    assert cursor.delay(_cut(grpc.StatusCode.RESOURCE_EXHAUSTED, retry_delay=2.5)) == 2.5


def test_a_watch_drops_what_it_has_and_reconnects_at_a_gap() -> None:
    """Every version once, in order: an update at or below the last is dropped, one more than
    one above it is a broken stream (``StreamGapError``: reconnect from the last)."""
    cursor = WatchCursor(5, 30.0)
    assert not cursor.accept(_update(4)) and not cursor.accept(_update(5))
    assert cursor.accept(_update(6)) and cursor.last == 6
    assert not cursor.accept(_update(6)), "a duplicate of the last version"
    with pytest.raises(StreamGapError):
        cursor.accept(_update(8))
    assert cursor.last == 6 and cursor.accept(_update(7))


@pytest.mark.parametrize("resumes", [False, True])
def test_a_watch_passes_on_one_caught_up_marker_or_with_resumes_each(resumes: bool) -> None:
    cursor = WatchCursor(0, 30.0, resumes=resumes)
    assert cursor.accept(_update(1)) and cursor.accept(_caught_up(1))
    assert cursor.accept(_caught_up(1)) is resumes, "the marker of a reconnected stream"


def test_a_lost_watch_says_after_which_version_and_why() -> None:
    """``STREAM_LOST`` names the last version delivered and the last failure that had a
    cause, even when the very last was a stream that skipped a version."""
    cursor = WatchCursor(0, 0.0, reached=True)
    cursor.accept(_update(1))
    cursor.accept(_update(2))
    cursor.delay(_cut(grpc.StatusCode.DEADLINE_EXCEEDED))  # at once, whatever the budget
    with pytest.raises(TabletopError) as lost:
        cursor.delay(_cut(grpc.StatusCode.UNAVAILABLE))
    assert lost.value.reason == STREAM_LOST
    assert "after version 2 " in lost.value.message
    assert "(cut with UNAVAILABLE)" in lost.value.message
    cursor.outage = Outage(0.0)
    with pytest.raises(TabletopError) as lost:
        cursor.delay(None)  # a gap: no error of its own
    assert "(cut with UNAVAILABLE)" in lost.value.message


def test_a_watch_that_never_reached_a_server_fails_at_once_and_one_that_did_waits() -> None:
    """No server at the address fails the watch at once, as every other call; once a message
    has come (or another call of the connection has reached the server), the same failure is
    an outage to wait out. A message that gets through starts a new run of failures."""
    unreachable = TabletopError(grpc.StatusCode.UNAVAILABLE, SERVER_UNREACHABLE, "refused")
    with pytest.raises(TabletopError):
        WatchCursor(0, 30.0).delay(unreachable)
    assert WatchCursor(0, 30.0, reached=True).delay(unreachable) == 0.1
    cursor = WatchCursor(0, 30.0)
    cursor.accept(_update(1))
    assert [cursor.delay(unreachable) for _ in range(3)] == [0.1, 0.2, 0.4]
    cursor.accept(_update(2))
    assert cursor.delay(unreachable) == 0.1, "backing off from the start again"
