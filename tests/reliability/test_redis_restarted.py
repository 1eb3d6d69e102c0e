"""Redis stopped and started again in the middle of a game, under `tabletop serve` with Redis
wake-ups and its publisher: bots keep playing (WatchGame streams fall back to polling the
store), every WatchGame stream — one stream each, never reopened — receives every version
exactly once, in order, and a Redis stream subscriber that reconnects after the outage
resumes where it stopped and ends with every version once, in order."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis

from clients.bots import RandomBot, play_seat
from clients.sdk import GameClient
from services.publisher.messages import stream_key
from tests.support.server_process import ServerProcess
from tests.support.services import RedisProcess
from tests.support.streams import read_stream

pytestmark = [pytest.mark.e2e, pytest.mark.integration]
SEEN_BEFORE_OUTAGE, OUTAGE_SECONDS = 40, 4.0


@pytest.fixture
def private_redis() -> Iterator[RedisProcess]:
    server = RedisProcess()
    server.start()
    yield server
    server.remove()


@pytest.fixture
def server(tmp_path: Path, private_redis: RedisProcess) -> Iterator[ServerProcess]:
    process = ServerProcess(
        "--sqlite-path", str(tmp_path / "games.db"), "--redis-url", private_redis.url
    )
    process.start()
    yield process
    process.stop()


class Subscriber:
    """Reads one Redis stream from the start, reconnecting and resuming after failures."""

    def __init__(self, url: str, key: str) -> None:
        self.url, self.key = url, key
        self.versions: list[int] = []
        self.failures = 0
        self.stop = threading.Event()

    def run(self) -> None:
        after: bytes | str = "0-0"
        client = redis.Redis.from_url(self.url, socket_timeout=2)
        while not self.stop.is_set():
            try:
                for entry_id, fields in read_stream(client, self.key, after, block=200):
                    self.versions.append(json.loads(fields[b"message"])["version"])
                    after = entry_id
            except (redis.ConnectionError, redis.TimeoutError):
                self.failures += 1
                time.sleep(0.2)


def _watch(target: str, game_id: str, token: str, seen: list[int]) -> None:
    with GameClient(target, token) as client:
        for message in client.watch_game(game_id, perspective="seat" if token else "", timeout=300):
            if message.HasField("update"):
                seen.append(message.update.event.version)


def _bot(target: str, game_id: str, seat: int, token: str) -> None:
    with GameClient(target, token) as client:
        play_seat(client, game_id, seat, RandomBot(seat), timeout=300)


def _wait_for(condition: Any, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_watchers_and_subscribers_miss_nothing_across_a_redis_restart(
    server: ServerProcess, private_redis: RedisProcess
) -> None:
    with GameClient(server.target) as client:
        game_id = client.create_game("bourgeoisie", 2).game_id
        tokens = [client.join_game(game_id, f"bot {n}", n).token for n in range(2)]
    watched: list[list[int]] = [[], [], []]
    threads = [
        threading.Thread(target=_watch, args=(server.target, game_id, token, seen))
        for token, seen in zip(["", *tokens], watched, strict=True)
    ]
    subscriber = Subscriber(private_redis.url, stream_key("bourgeoisie", game_id, None))
    threads.append(threading.Thread(target=subscriber.run))
    threads += [
        threading.Thread(target=_bot, args=(server.target, game_id, seat, token))
        for seat, token in enumerate(tokens)
    ]
    for thread in threads:
        thread.start()
    _wait_for(lambda: len(watched[0]) >= SEEN_BEFORE_OUTAGE, 60)
    private_redis.stop()
    with GameClient(server.target) as client:
        stopped_at = client.get_view(game_id, "public").version
        time.sleep(OUTAGE_SECONDS)
        restarted_at = client.get_view(game_id, "public").version
    private_redis.start()
    for thread in threads[:3] + threads[4:]:
        thread.join(300)
    with GameClient(server.target) as client:
        final = client.get_view(game_id, "public")
    _wait_for(lambda: subscriber.versions[-1:] == [final.version], 60)
    subscriber.stop.set()
    threads[3].join(10)
    print(f"{restarted_at - stopped_at} of {final.version} versions stored while Redis was down")
    assert final.status.finished
    assert restarted_at > stopped_at, "the game went on while Redis was down"
    expected = list(range(1, final.version + 1))
    for seen in watched:
        assert seen == expected
    assert subscriber.failures > 0, "the subscriber saw the outage"
    assert subscriber.versions == expected
