"""A publisher killed with SIGKILL again and again while games go on: when it is restarted it
resumes exactly where its last Redis script left it — every stream ends up with every
version once, in order (publishing and saving the position are one atomic script) — and then
keeps up with games that go on while it runs."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path

import pytest
import redis

from services.application import Games, GameStore
from services.publisher.messages import POSITION_KEY
from services.settings import Settings
from tests.support.play import play_random, seat_everyone
from tests.support.server_process import ROOT
from tests.support.services import RedisProcess
from tests.support.streams import assert_streams_complete

pytestmark = pytest.mark.integration


@pytest.fixture
def private_redis() -> Iterator[RedisProcess]:
    server = RedisProcess()
    server.start()
    yield server
    server.remove()


def _publisher(path: Path, url: str) -> subprocess.Popen[bytes]:
    command = [sys.executable, "-m", "cli.main", "publish", "--store", "sqlite",
               "--sqlite-path", str(path), "--redis-url", url]  # fmt: skip
    return subprocess.Popen(command, cwd=ROOT, env=os.environ.copy(), stderr=subprocess.DEVNULL)


def _position(client: redis.Redis) -> int:
    return int(client.get(POSITION_KEY) or 0)


def _wait_for_progress(client: redis.Redis, beyond: int, what: str, seconds: float = 30) -> None:
    """Wait until the publisher's saved position is past ``beyond``; fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while _position(client) <= beyond:
        if time.monotonic() > deadline:
            pytest.fail(f"{what}: the position stayed at {_position(client)} for {seconds:g}s")
        time.sleep(0.02)


def _last_position(games: Games) -> int:
    return games.notifications(0, 100_000)[-1].position


def test_killing_the_publisher_loses_and_repeats_nothing(
    tmp_path: Path, private_redis: RedisProcess
) -> None:
    path = tmp_path / "games.db"
    store = GameStore(Settings(store="sqlite", sqlite_path=path))
    games = Games(store)
    game_ids = [games.create_game("bourgeoisie", 2)[0] for _ in range(3)]
    tokens = {game_id: seat_everyone(games, game_id, 2) for game_id in game_ids}
    publisher = _publisher(path, private_redis.url)
    client = redis.Redis.from_url(private_redis.url)
    killed_at: list[int] = []
    for round_number in range(4):
        for game_id in game_ids:
            play_random(games, game_id, tokens[game_id], seed=round_number, limit=15)
        before = killed_at[-1] if killed_at else 0
        _wait_for_progress(client, before, f"run {round_number + 1} published nothing")
        publisher.send_signal(signal.SIGKILL)
        publisher.wait(10)
        killed_at.append(_position(client))
        publisher = _publisher(path, private_redis.url)
    # Every run published something of its own before it was killed, and no kill took back
    # what an earlier run had saved.
    assert all(a < b for a, b in pairwise([0, *killed_at])), killed_at
    last = _last_position(games)
    _wait_for_progress(client, last - 1, f"the last run did not reach position {last}", 60)
    # Caught up, it goes on publishing what is stored from now on, without a restart.
    for game_id in game_ids:
        play_random(games, game_id, tokens[game_id], seed=9, limit=5)
    assert _last_position(games) > last
    last = _last_position(games)
    _wait_for_progress(client, last - 1, f"the live run did not reach position {last}", 30)
    publisher.terminate()
    publisher.wait(10)
    for game_id in game_ids:
        assert_streams_complete(client, games, game_id)
    store.close()
