"""A publisher killed with SIGKILL again and again while games go on: when it is restarted it
resumes exactly where its last Redis transaction left it — every stream ends up with every
version once, in order (publishing and saving the position are one MULTI/EXEC)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
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


def _wait_for_progress(client: redis.Redis, beyond: int) -> None:
    deadline = time.monotonic() + 30
    while int(client.get(POSITION_KEY) or 0) <= beyond and time.monotonic() < deadline:
        time.sleep(0.02)


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
    killed_at = []
    for round_number in range(4):
        for game_id in game_ids:
            play_random(games, game_id, tokens[game_id], seed=round_number, limit=15)
        _wait_for_progress(client, killed_at[-1] if killed_at else 0)
        publisher.send_signal(signal.SIGKILL)
        publisher.wait(10)
        killed_at.append(int(client.get(POSITION_KEY) or 0))
        publisher = _publisher(path, private_redis.url)
    assert killed_at == sorted(killed_at) and killed_at[0] > 0, "each run published, then died"
    last = games.notifications(0, 100_000)[-1].position
    deadline = time.monotonic() + 60
    while int(client.get(POSITION_KEY) or 0) < last and time.monotonic() < deadline:
        time.sleep(0.1)
    publisher.terminate()
    publisher.wait(10)
    for game_id in game_ids:
        assert_streams_complete(client, games, game_id)
    store.close()
