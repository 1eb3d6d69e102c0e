"""Two `tabletop publish` processes on one store and one Redis: one publishes, the other
stands by. Killing the active one (SIGKILL: no goodbye, its lease just runs out) hands the
lock to the standby, which carries on from the last published position: every stream ends
with every version once, in order. And even publishers that ignore the lock and race each
other publish nothing twice: each publishing script first checks the position."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import redis

from services.application import Games, GameStore
from services.publisher.follower import RedisPublisher
from services.publisher.lock import LOCK_KEY, PublisherLock
from services.publisher.messages import POSITION_KEY
from services.settings import Settings
from tests.support.play import play_random, seat_everyone
from tests.support.server_process import ROOT
from tests.support.services import RedisProcess, postgres_schema, redis_client
from tests.support.streams import assert_streams_complete

pytestmark = [pytest.mark.integration, pytest.mark.slow]
LEASE = 1.0


@pytest.fixture
def shared() -> Iterator[tuple[Settings, dict[str, str], redis.Redis]]:
    redis_server = RedisProcess()
    redis_server.start()
    try:
        with postgres_schema() as schema:
            settings = Settings(store="postgres", postgres_db="test", postgres_schema=schema)
            env = {
                "TABLETOP_STORE": "postgres",
                "TABLETOP_POSTGRES_DB": "test",
                "TABLETOP_POSTGRES_SCHEMA": schema,
                "TABLETOP_REDIS_URL": redis_server.url,
            }
            yield settings, env, redis.Redis.from_url(redis_server.url)
    finally:
        redis_server.remove()


def _publisher(env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    """A `tabletop publish` process writing what it says to ``log`` (shown if a check fails)."""
    command = [sys.executable, "-m", "cli.main", "publish", "--lease", str(LEASE)]
    with log.open("wb") as output:
        return subprocess.Popen(
            command, cwd=ROOT, env={**os.environ, **env, "COLUMNS": "200"}, stdout=output,
            stderr=subprocess.STDOUT,
        )  # fmt: skip


def _holder_pid(client: redis.Redis) -> int | None:
    owner = client.get(LOCK_KEY)
    if not owner:
        return None
    assert isinstance(owner, bytes), "the client does not decode responses"
    return int(owner.decode().split(":")[1])


def _eventually(
    condition: Callable[[], bool], said: Callable[[], str] = str, seconds: float = 30
) -> None:
    """Wait for ``condition``; on timing out, fail with what the publishers said."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"timed out; the publishers said:\n{said()}"
        time.sleep(0.02)


def test_one_publisher_is_active_and_a_standby_takes_over_when_it_dies(
    shared: tuple[Settings, dict[str, str], redis.Redis], tmp_path: Path
) -> None:
    settings, env, client = shared
    store = GameStore(settings)
    games = Games(store)
    tables = {}
    for _ in range(3):
        game_id = games.create_game("bourgeoisie", 2)[0]
        tables[game_id] = seat_everyone(games, game_id, 2)
    logs = [tmp_path / f"publisher-{n}.log" for n in range(2)]
    publishers = {p.pid: p for p in (_publisher(env, log) for log in logs)}
    log_of = dict(zip(publishers, logs, strict=True))

    def said() -> str:
        return "\n".join(f"{log.name}: {log.read_text(errors='replace')}" for log in logs)

    try:
        # Both are up (each says so once its store is open), one of them holding the lock.
        _eventually(lambda: all("publishing" in log.read_text() for log in logs), said)
        _eventually(lambda: _holder_pid(client) in publishers, said)
        active = _holder_pid(client)
        assert active is not None
        standby = next(pid for pid in publishers if pid != active)
        roles = {active: "active:", standby: "standing by:"}
        _eventually(lambda: all(roles[pid] in log_of[pid].read_text() for pid in roles), said)
        assert "active:" not in log_of[standby].read_text(), said()
        for round_number in range(3):  # the lock stays put while the active one lives
            for game_id, tokens in tables.items():
                play_random(games, game_id, tokens, seed=round_number, limit=10)
            assert _holder_pid(client) == active
        position = int(client.get(POSITION_KEY) or 0)
        assert position > 0, "the active publisher published"
        publishers[active].send_signal(signal.SIGKILL)
        publishers[active].wait(10)
        for game_id, tokens in tables.items():
            play_random(games, game_id, tokens, seed=9, limit=10)
        assert publishers[standby].poll() is None, said()
        _eventually(lambda: _holder_pid(client) == standby, said, seconds=LEASE * 10)
        _eventually(lambda: "active:" in log_of[standby].read_text(), said)
        last = games.notifications(0, 100_000)[-1].position
        _eventually(lambda: int(client.get(POSITION_KEY) or 0) == last, said)
    finally:
        for process in publishers.values():
            if process.poll() is None:
                process.terminate()
                process.wait(10)
    for game_id in tables:
        assert_streams_complete(client, games, game_id)
    store.close()


def test_two_publishers_racing_without_the_lock_still_publish_each_event_once(
    shared: tuple[Settings, dict[str, str], redis.Redis],
) -> None:
    settings, _, client = shared
    stores = [GameStore(settings) for _ in range(3)]
    games = Games(stores[0])
    game_id = games.create_game("bourgeoisie", 2)[0]
    play_random(games, game_id, seat_everyone(games, game_id, 2), limit=40)
    racers = [RedisPublisher(Games(store), client, batch=7) for store in stores[1:]]
    failures: list[BaseException] = []  # a racer's error would otherwise end only its thread

    def drain(publisher: RedisPublisher) -> None:
        try:
            for _ in range(200):
                publisher.publish_once()
        except BaseException as error:
            failures.append(error)

    threads = [threading.Thread(target=drain, args=(p,)) for p in racers]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert not any(thread.is_alive() for thread in threads), "a racer is still publishing"
    assert failures == [], "losing a race is no error"
    assert_streams_complete(client, games, game_id)
    for store in stores:
        store.close()


def _logged(command: list[str], env: dict[str, str], log: Path) -> subprocess.Popen[bytes]:
    """``tabletop <command>`` writing to ``log`` as under a supervisor: no terminal, and no
    COLUMNS, so rich would fold a line at 80 characters unless told not to."""
    environment = {key: value for key, value in {**os.environ, **env}.items() if key != "COLUMNS"}
    with log.open("wb") as output:
        return subprocess.Popen(
            [sys.executable, "-m", "cli.main", *command], cwd=ROOT, env=environment,
            stdout=output, stderr=subprocess.STDOUT,
        )  # fmt: skip


def test_a_publisher_stopped_says_so_and_its_standby_takes_over_at_once(
    shared: tuple[Settings, dict[str, str], redis.Redis], tmp_path: Path
) -> None:
    # the default lease (5 s): a stopped publisher gives it back, so no one waits it out
    _, env, client = shared
    logs = [tmp_path / f"publisher-{n}.log" for n in range(2)]
    first = _logged(["publish"], env, logs[0])
    _eventually(lambda: "active:" in logs[0].read_text(), logs[0].read_text)
    second = _logged(["publish"], env, logs[1])
    _eventually(lambda: "standing by:" in logs[1].read_text(), logs[1].read_text)
    first.send_signal(signal.SIGTERM)
    stopped_at = time.monotonic()
    assert first.wait(10) == 0
    _eventually(lambda: _holder_pid(client) == second.pid, logs[1].read_text, seconds=10)
    took = time.monotonic() - stopped_at
    second.send_signal(signal.SIGTERM)
    assert second.wait(10) == 0
    said = [log.read_text().splitlines() for log in logs]
    assert took < 2, f"the standby took over after {took:.1f}s"
    for lines in said:  # whole lines, as a log is grepped
        assert lines[0].startswith("publishing postgres ") and "to redis://" in lines[0], lines
    assert said[0][-1] == (
        "stopped (SIGTERM): the lease is given back; a standby takes over at once"
    ), said[0]
    assert said[1][-1] == "stopped (SIGTERM): the lease is given back; a standby takes over at once"


def test_the_tournament_publisher_says_what_it_publishes_and_that_it_stopped(
    shared: tuple[Settings, dict[str, str], redis.Redis], tmp_path: Path
) -> None:
    _, env, _ = shared
    log = tmp_path / "tournament-publisher.log"
    feed = _logged(["tournament", "publish"], env, log)
    _eventually(lambda: "publishing" in log.read_text(), log.read_text)
    time.sleep(0.5)  # running, signals caught
    feed.send_signal(signal.SIGTERM)
    assert feed.wait(10) == 0
    lines = log.read_text().splitlines()
    assert lines[0].startswith("publishing tournament updates of postgres "), lines
    assert "to redis://" in lines[0], lines
    assert lines[-1] == "stopped (SIGTERM)", lines


def test_a_lease_is_kept_by_its_holder_alone_and_given_back_only_by_it() -> None:
    """The lease (services/publisher/lock.py) outlives its length while its holder renews it;
    a publisher that does not hold it cannot give it back (a standby that stops must leave
    the active publisher's lease in place) and says so."""
    client = redis_client()
    holder, other = PublisherLock(client, LEASE / 4), PublisherLock(client, LEASE / 4)
    assert holder.acquire() and not other.acquire()
    deadline = time.monotonic() + LEASE * 2  # eight leases
    while time.monotonic() < deadline:
        assert holder.keep(), "its holder keeps it"
        assert holder.holder() == holder.owner, "renewed before it ran out"
        time.sleep(LEASE / 8)  # half a lease between renewals, as a long publish may leave
    assert not other.release(), "only its holder gives it back"
    assert holder.holder() == holder.owner
    assert holder.release() and holder.holder() is None


def test_a_publisher_that_lost_its_lease_stops_publishing_and_stands_by() -> None:
    """docs/scaling.md: only the holder of the lease publishes. A publisher whose lease ran
    out while it stalled, and was taken by another, finds so when it next renews it, stops
    being active and stands by."""
    store = GameStore(Settings(store="memory"))
    client = redis_client()
    said: list[str] = []
    lock = PublisherLock(client, LEASE / 4)
    publisher = RedisPublisher(Games(store), client, lock=lock, announce=said.append)
    stop = threading.Event()
    runner = threading.Thread(target=publisher.run, args=(stop,))
    runner.start()
    try:
        assert publisher.active.wait(10), said
        client.set(LOCK_KEY, "another publisher", px=60_000)  # its lease ran out; taken
        # It stops being active, then says so as it next tries to lead: wait for both.
        standing_by = "standing by: another publisher holds the lease"
        _eventually(
            lambda: not publisher.active.is_set() and said[-1] == standing_by,
            lambda: "\n".join(said),
            LEASE * 5,
        )
        assert client.get(LOCK_KEY) == b"another publisher"
    finally:
        stop.set()
        runner.join(10)
        store.close()
