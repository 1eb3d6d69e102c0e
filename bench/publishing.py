"""The publisher: how soon a stored event is visible in Redis, and how fast it catches up.

Latency: `tabletop publish` runs in its own process against the backend's store and Redis;
this process stores actions at a steady rate of actions per second (a random game's actions
replayed on fresh games from four threads, straight through the use cases; each action
stores several events) and notes when each save returned; a subscriber in a third process
notes when each event's wake-up arrived on ``tabletop:updates`` (sent in
the same Redis transaction as the event's stream entries). Catch-up: with no publisher
running, a backlog is stored, then a fresh publisher (cold caches, as after a restart)
publishes it all; events per second.
"""

from __future__ import annotations

import json
import subprocess
import threading
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
    Played,
    Sizes,
    child_env,
    percentiles,
    python_module,
    record_script,
    take_every_seat,
)
from bench.stack import BENCH_SEED
from services.application import Games, GameStore
from services.publisher.follower import RedisPublisher
from services.publisher.lock import LOCK_KEY
from services.publisher.messages import POSITION_KEY

WRITERS = 4
"""Threads storing actions, each on games of its own."""
SCRIPT_ACTIONS = 400


def measure(backend: Backend, sizes: Sizes, folder: Path) -> dict[str, Any]:
    """Store-to-Redis latency at each of ``sizes.publisher_rates`` actions/s (the last is the
    one held to the goal), and the catch-up rate."""
    with _redis_for(backend, folder) as url:
        store = GameStore(backend.settings)
        try:
            games = Games(store, seeds=lambda: BENCH_SEED)
            writer = Writer(games, record_script(games, SCRIPT_ACTIONS))
            figures: dict[str, Any] = {}
            for rate in sizes.publisher_rates:
                figures[f"at {rate} actions/s"] = _latency(backend, url, writer, rate, sizes)
            figures.update(figures[f"at {sizes.publisher_rates[-1]} actions/s"])
            figures["catch_up_events_per_s"] = _catch_up(url, backend, writer, sizes)
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


def _latency(backend: Backend, url: str, writer: Writer, rate: int, sizes: Sizes) -> dict[str, Any]:
    env = {**backend.env, "TABLETOP_REDIS_URL": url}
    # Events stored before (by other sections) are not what is measured: start after them.
    redis.Redis.from_url(url).set(POSITION_KEY, _head(writer.games))
    with _process(python_module("bench.subscriber", url), {}) as subscriber:
        with _process(python_module("cli.main", "publish"), env) as publisher:
            _wait_until_active(url, publisher.pid)
            stored = writer.run(rate, sizes.publisher_seconds)
            _wait_until_published(url, _head(writer.games))
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


def _catch_up(url: str, backend: Backend, writer: Writer, sizes: Sizes) -> float:
    client = redis.Redis.from_url(url)
    writer.run(rate=0, seconds=0, events=sizes.catch_up_events)
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
    """Stores legal actions over a few games at a steady rate of actions per second, from
    ``WRITERS`` threads with games of their own.

    The actions are a script: one random game's, recorded once and replayed on fresh games
    that share its seed (as the ``rpc`` section does), so a write costs what a server's
    ``SubmitAction`` costs and not also a list of legal actions. One thread waits out each
    save's commit before its next action, so on PostgreSQL (a network round trip and a WAL
    flush per commit) it could not offer 1,000 actions/s; several threads overlap their
    commits, which the use cases' group commit stores together, as a server's calls are.
    """

    def __init__(self, games: Games, script: list[Played]) -> None:
        self.games = games
        self.script = script
        self.actions = 0
        self._counted = threading.Lock()

    def run(self, rate: float, seconds: float, events: int = 0) -> dict[str, float]:
        """Store for ``seconds`` at ``rate`` actions/s, as near as this process can (or
        ``events`` events flat out); when each event's save returned, by
        ``"<game id> <version>"``; ``actions`` says how many actions that was."""
        self.actions = 0
        stored: dict[str, float] = {}
        share = (rate / WRITERS, seconds, events / WRITERS, stored)
        threads = [threading.Thread(target=self._write, args=share) for _ in range(WRITERS)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        return stored

    def _write(self, rate: float, seconds: float, events: float, stored: dict[str, float]) -> None:
        """One thread's share of ``run``: its own games, ``rate`` actions/s or ``events``."""
        steps = self._steps()
        written = 0
        started = due = time.time()
        while (time.time() - started < seconds) if rate else (written < events):
            game_id, versions = next(steps)
            now = time.time()
            stored.update((f"{game_id} {v}", now) for v in versions)
            written += len(versions)
            if rate:
                due += 1 / rate
                time.sleep(max(0.0, due - time.time()))

    def _steps(self) -> Iterator[tuple[str, list[int]]]:
        """The script played on one fresh game after another: each action's game and the
        versions it stored."""
        while True:
            game_id, _version = self.games.create_game(GAME, SEATS)
            tokens = take_every_seat(self.games, game_id, SEATS)
            version = self.games.game_info(game_id).version
            for played in self.script:
                answer = self.games.submit_action(
                    game_id, tokens[played.seat], version, "", played.action
                )
                versions = [recorded.version for recorded in answer.events]
                version = versions[-1]
                with self._counted:
                    self.actions += 1
                yield game_id, versions


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
