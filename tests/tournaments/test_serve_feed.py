"""`tabletop serve --redis-url` runs the game publisher and the tournament feed itself: a
tournament created and a player registered over gRPC reach the tournament's Redis stream and
channel, in order; the server says when its publisher is active, and gives the publisher's
lease back when it stops. A server run with `--no-publisher` leaves that to `tabletop
tournament publish`."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import redis

from clients.tournament import TournamentClient
from services.publisher.lock import LOCK_KEY
from services.tournaments.feed import tournament_key
from tests.support.server_process import ROOT, ServerProcess
from tests.support.services import REDIS_URL, redis_client

pytestmark = [pytest.mark.e2e, pytest.mark.integration]
Entries = list[tuple[str, dict[str, Any]]]  # each entry's id and decoded message
EXPECTED = ["tournament.TournamentCreated", "tournament.PlayerRegistered"]


@pytest.fixture
def client() -> redis.Redis:
    """The test Redis database, emptied before any server publishes to it."""
    return redis_client()


@pytest.fixture
def database(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


def _serving(database: Path, *flags: str) -> Iterator[ServerProcess]:
    server = ServerProcess("--sqlite-path", str(database), "--redis-url", REDIS_URL, *flags)
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def server(client: redis.Redis, database: Path) -> Iterator[ServerProcess]:
    """`tabletop serve` publishing to the test Redis database."""
    yield from _serving(database)


@pytest.fixture
def quiet_server(client: redis.Redis, database: Path) -> Iterator[ServerProcess]:
    """`tabletop serve --no-publisher`: it publishes nothing itself."""
    yield from _serving(database, "--no-publisher")


def _open_tournament(target: str) -> str:
    """Create a tournament and register one player over gRPC; returns its id."""
    with TournamentClient(target) as tournaments:
        created = tournaments.create_tournament("Feed check", "bourgeoisie", 2, "swiss", 1)
        tournaments.token = created.organiser_token
        tournaments.register_player(created.tournament_id, "Ada")
    return str(created.tournament_id)


def _entries(client: redis.Redis, tournament_id: str) -> Entries:
    """The tournament's stream as it is now."""
    entries: Any = client.xrange(tournament_key(tournament_id))  # the stubs allow None
    return [(entry_id.decode(), json.loads(fields[b"message"])) for entry_id, fields in entries]


def _stream(client: redis.Redis, tournament_id: str, count: int) -> Entries:
    """The stream once it holds ``count`` entries, or what it holds after ten seconds."""
    deadline = time.monotonic() + 10
    while len(entries := _entries(client, tournament_id)) < count:
        if time.monotonic() > deadline:
            break
        time.sleep(0.05)
    return entries


def test_serve_publishes_tournament_events_to_their_stream_and_channel_in_order(
    client: redis.Redis, server: ServerProcess
) -> None:
    listener = client.pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]
    listener.psubscribe(tournament_key("*"))
    listener.get_message(timeout=1)  # reads the confirmation: subscribed before anything is sent
    tournament_id = _open_tournament(server.target)
    entries = _stream(client, tournament_id, len(EXPECTED))
    assert [entry_id for entry_id, _ in entries] == ["1-0", "2-0"]
    assert [message["type"] for _, message in entries] == EXPECTED
    assert all(message["tournament_id"] == tournament_id for _, message in entries)
    assert entries[1][1]["event"]["player"] == "Ada"
    heard: list[str] = []
    deadline = time.monotonic() + 5
    while len(heard) < len(EXPECTED) and time.monotonic() < deadline:
        message = listener.get_message(timeout=0.5)
        if message and message["channel"] == tournament_key(tournament_id).encode():
            heard.append(json.loads(message["data"])["type"])
    assert heard == EXPECTED
    listener.close()


def test_with_no_publisher_the_tournament_publish_command_carries_the_feed(
    client: redis.Redis, quiet_server: ServerProcess, database: Path
) -> None:
    tournament_id = _open_tournament(quiet_server.target)
    time.sleep(1)  # five polls of a feed, had the server started one
    assert _entries(client, tournament_id) == []
    command = [sys.executable, "-m", "cli.main", "tournament", "publish"]
    command += ["--store", "sqlite", "--sqlite-path", str(database), "--redis-url", REDIS_URL]
    publisher = subprocess.Popen(command, cwd=ROOT, stderr=subprocess.DEVNULL)
    try:
        entries = _stream(client, tournament_id, len(EXPECTED))
    finally:
        publisher.terminate()
        publisher.wait(10)
    assert [message["type"] for _, message in entries] == EXPECTED


def test_serve_says_its_publisher_is_active_and_gives_the_lease_back_when_it_stops(
    client: redis.Redis, database: Path, tmp_path: Path
) -> None:
    """Without the release, a standby or the same server restarted would wait out the lease
    (5 s) before publishing again."""
    log = tmp_path / "serve.log"
    server = ServerProcess("--sqlite-path", str(database), "--redis-url", REDIS_URL, log=log)
    server.start()
    try:
        deadline = time.monotonic() + 10
        while client.get(LOCK_KEY) is None and time.monotonic() < deadline:
            time.sleep(0.05)
        assert client.get(LOCK_KEY) is not None, "the server's publisher took the lease"
    finally:
        assert server.stop() == 0
    assert client.get(LOCK_KEY) is None
    assert "publisher active: this publisher holds the lease" in log.read_text()
