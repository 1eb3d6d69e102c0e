"""The publisher: how soon a stored event is visible in Redis, and how fast it catches up.

Latency: `tabletop publish` runs in its own process against the backend's store and Redis;
this process stores actions at a steady rate of actions per second (random legal play over
a few games, straight through the use cases; each action stores several events) and notes
when each save returned; a subscriber
in a third process notes when each event's wake-up arrived on ``tabletop:updates`` (sent in
the same Redis transaction as the event's stream entries). Catch-up: with no publisher
running, a backlog is stored, then a fresh publisher (cold caches, as after a restart)
publishes it all; events per second.
"""

from __future__ import annotations

import json
import random
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import redis

from bench.backends import Backend, private_redis
from bench.common import (
    GAME,
    ROOT,
    SEATS,
    Sizes,
    child_env,
    percentiles,
    play_random_action,
    python_module,
    take_every_seat,
)
from services.application import Games, GameStore
from services.publisher.follower import RedisPublisher
from services.publisher.lock import LOCK_KEY
from services.publisher.messages import POSITION_KEY

TABLES = 8


def measure(backend: Backend, sizes: Sizes, folder: Path) -> dict[str, Any]:
    """Store-to-Redis latency at each of ``sizes.publisher_rates`` actions/s (the last is the
    one held to the goal), and the catch-up rate."""
    with _redis_for(backend, folder) as url:
        store = GameStore(backend.settings)
        try:
            games = Games(store)
            figures: dict[str, Any] = {}
            for rate in sizes.publisher_rates:
                figures[f"at {rate} actions/s"] = _latency(backend, url, games, rate, sizes)
            figures.update(figures[f"at {sizes.publisher_rates[-1]} actions/s"])
            figures["catch_up_events_per_s"] = _catch_up(url, backend, games, sizes)
            return figures
        finally:
            store.close()


@contextmanager
def _redis_for(backend: Backend, folder: Path) -> Iterator[str]:
    if backend.redis_url:
        yield backend.redis_url
    else:
        with private_redis(folder) as url:
            yield url


def _latency(backend: Backend, url: str, games: Games, rate: int, sizes: Sizes) -> dict[str, Any]:
    env = {**backend.env, "TABLETOP_REDIS_URL": url}
    # Events stored before (by other sections) are not what is measured: start after them.
    redis.Redis.from_url(url).set(POSITION_KEY, _head(games))
    with _process(python_module("bench.subscriber", url), {}) as subscriber:
        with _process(python_module("cli.main", "publish"), env) as publisher:
            _wait_until_active(url, publisher.pid)
            writer = Writer(games)
            stored = writer.run(rate, sizes.publisher_seconds)
            _wait_until_published(url, _head(games))
        subscriber.terminate()
        arrived = dict(json.loads(subscriber.communicate(timeout=30)[0]))
    late = [(arrived[k] - t) * 1000 for k, t in stored.items() if k in arrived]
    return {
        "offered_actions_per_s": rate,
        "actions_per_s": round(writer.actions / sizes.publisher_seconds, 1),
        "events_per_s": round(len(stored) / sizes.publisher_seconds, 1),
        "events": len(stored),
        "unpublished": len(stored) - len(late),
        **percentiles(late),
    }


def _catch_up(url: str, backend: Backend, games: Games, sizes: Sizes) -> float:
    client = redis.Redis.from_url(url)
    Writer(games).run(rate=0, seconds=0, events=sizes.catch_up_events)
    fresh = GameStore(backend.settings)
    try:
        publisher = RedisPublisher(Games(fresh), client)
        started, published = time.perf_counter(), 0
        while done := publisher.publish_once():
            published += done
        return round(published / (time.perf_counter() - started), 1)
    finally:
        fresh.close()


class Writer:
    """Stores random legal actions over a few games at a steady rate of actions per second."""

    def __init__(self, games: Games) -> None:
        self.games = games
        self.chooser = random.Random(5)
        self.tables: list[tuple[str, list[str]]] = []
        self.actions = 0

    def run(self, rate: float, seconds: float, events: int = 0) -> dict[str, float]:
        """Store for ``seconds`` at ``rate`` actions/s, as near as this process can (or
        ``events`` events flat out); when each event's save returned, by
        ``"<game id> <version>"``."""
        stored: dict[str, float] = {}
        started = time.time()
        due = started
        while (time.time() - started < seconds) if rate else (len(stored) < events):
            game_id, versions = self._act()
            now = time.time()
            stored.update((f"{game_id} {v}", now) for v in versions)
            if rate:
                due += 1 / rate
                time.sleep(max(0.0, due - time.time()))
        return stored

    def _act(self) -> tuple[str, list[int]]:
        table = self.chooser.randrange(TABLES)
        while len(self.tables) <= table:
            game_id, _ = self.games.create_game(GAME, SEATS)
            self.tables.append((game_id, take_every_seat(self.games, game_id, SEATS)))
        game_id, tokens = self.tables[table]
        played = play_random_action(self.games, game_id, tokens, self.chooser)
        if played is None:  # finished: a new game takes its place
            self.tables[table] = self.tables[-1]
            self.tables.pop()
            return self._act()
        self.actions += 1
        return game_id, played.versions


def _wait_until_active(url: str, pid: int) -> None:
    """Until the publisher process ``pid`` holds the lock (its owner names its pid)."""
    client = redis.Redis.from_url(url)
    deadline = time.monotonic() + 30
    while True:
        owner = client.get(LOCK_KEY)
        if isinstance(owner, bytes) and owner.decode().split(":")[1] == str(pid):
            return
        if time.monotonic() > deadline:
            raise RuntimeError("the publisher did not become active")
        time.sleep(0.02)


def _head(games: Games) -> int:
    """The position of the last stored game event."""
    head, batch = 0, games.notifications(0, 1000)
    while batch:
        head = batch[-1].position
        batch = games.notifications(head, 1000)
    return head


def _wait_until_published(url: str, head: int, timeout: float = 60) -> None:
    client = redis.Redis.from_url(url)
    deadline = time.monotonic() + timeout
    while int(client.get(POSITION_KEY) or 0) < head and time.monotonic() < deadline:
        time.sleep(0.01)
    time.sleep(0.2)  # the subscriber's last messages are on their way


@contextmanager
def _process(command: list[str], env: dict[str, str]) -> Iterator[subprocess.Popen[str]]:
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env=child_env(env),
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        if command[2] == "bench.subscriber":
            assert process.stdout is not None
            if process.stdout.readline().strip() != "ready":
                raise RuntimeError("the subscriber did not start")
        yield process
    finally:
        if process.poll() is None:
            process.terminate()
            process.wait(15)
