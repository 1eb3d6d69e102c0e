"""The tournament feed against real Redis: every tournament event reaches its stream and
channel once, in order; a game's end makes the tournament record its result at once; and an
outage loses nothing."""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable
from typing import cast

import pytest
import redis

from games.core.jsonable import JSON
from services.tournaments import Tournaments
from services.tournaments.feed import POSITION_KEY, TournamentFeed, tournament_key
from services.tournaments.streams import LoggedEvent
from tests.support.play import play_random
from tests.support.services import RedisProcess, redis_client
from tests.support.streams import stream_entries
from tests.tournaments.conftest import open_event

pytestmark = pytest.mark.integration


def _drain(feed: TournamentFeed) -> int:
    total = 0
    while handled := feed.publish_once():
        total += handled
    return total


def _published(client: redis.Redis, tournament_id: str) -> list[dict[str, JSON]]:
    entries = stream_entries(client, tournament_key(tournament_id))
    return [json.loads(fields[b"message"]) for _, fields in entries]


def test_every_tournament_event_is_published_to_its_stream_and_channel(
    tournaments: Tournaments,
) -> None:
    client = redis_client()
    listener = client.pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]
    event = open_event(tournaments, 4, rounds=1)
    listener.subscribe(tournament_key(event.tournament_id))
    event.adjudicate_round()
    feed = TournamentFeed(tournaments, client)
    _drain(feed)
    stored = tournaments.record(event.tournament_id)
    messages = _published(client, event.tournament_id)
    assert [m["version"] for m in messages] == [e.version for e in stored]
    assert messages[0]["type"] == "tournament.TournamentCreated"
    assert messages[-1]["description"] == "Round 1 completed"
    assert "organiser_token_hash" in stored[0].event.data and "token_hash" in stored[1].event.data
    assert not [key for m in messages for key in m["event"] if key.endswith("token_hash")]
    heard: list[int] = []
    deadline = time.monotonic() + 5
    while len(heard) < len(stored) and time.monotonic() < deadline:
        message = listener.get_message(timeout=0.5)
        if message:
            heard.append(json.loads(message["data"])["version"])
    assert heard == [e.version for e in stored]
    assert feed.publish_once() == 0, "nothing is published twice"


def test_the_end_of_a_game_records_its_result_without_anyone_asking(
    tournaments: Tournaments,
) -> None:
    client = redis_client()
    event = open_event(tournaments, 2, seats=2, rounds=1)
    table = event.start_round().tables[0]
    seats = [
        tournaments.claim_seat(event.tournament_id, event.tokens[p]).token for p in table.players
    ]
    play_random(tournaments.games, table.game_id, seats)
    before = [e.event.type for e in tournaments.record(event.tournament_id)]
    assert "tournament.ResultRecorded" not in before
    _drain(TournamentFeed(tournaments, client))
    types = [m["type"] for m in _published(client, event.tournament_id)]
    assert types[-2:] == ["tournament.ResultRecorded", "tournament.RoundCompleted"]


class _OvertakenRead:
    """The store as one feed reads it, with another feed publishing everything between that
    feed's read of its batch and its write (the race two servers' feeds run)."""

    def __init__(self, tournaments: Tournaments, rival: TournamentFeed) -> None:
        self._tournaments = tournaments
        self._rival: TournamentFeed | None = rival

    def log_after(self, position: int, batch: int) -> list[LoggedEvent]:
        logged = self._tournaments.log_after(position, batch)
        if self._rival is not None:
            rival, self._rival = self._rival, None
            _drain(rival)
        return logged

    def __getattr__(self, name: str) -> object:
        return getattr(self._tournaments, name)


def test_a_feed_overtaken_by_another_publishes_nothing_twice(tournaments: Tournaments) -> None:
    """Every server with Redis runs a feed: the one that read a batch and was overtaken
    drops it (WatchError) and reads on from the other's position."""
    client = redis_client()
    listener = client.pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]
    event = open_event(tournaments, 4, rounds=1)
    listener.subscribe(tournament_key(event.tournament_id))
    rival = TournamentFeed(tournaments, client)
    overtaken = TournamentFeed(cast(Tournaments, _OvertakenRead(tournaments, rival)), client)
    with pytest.raises(redis.WatchError):
        overtaken.publish_once()
    assert overtaken.publish_once() == 0, "the rival published every event"
    versions = [e.version for e in tournaments.record(event.tournament_id)]
    assert [m["version"] for m in _published(client, event.tournament_id)] == versions
    heard: list[int] = []
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and len(heard) <= len(versions):
        if message := listener.get_message(timeout=0.2):
            heard.append(json.loads(message["data"])["version"])
        elif len(heard) == len(versions):
            break  # a quiet moment after every version: nothing more is coming
    assert heard == versions


def _until(done: Callable[[], bool], seconds: float = 15) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_events_stored_while_redis_is_down_are_published_when_it_returns(
    tournaments: Tournaments, caplog: pytest.LogCaptureFixture
) -> None:
    """The running feed rides out an outage: one warning line per retry, no traceback, and
    everything stored meanwhile is published in order once Redis is back."""
    server = RedisProcess()
    server.start()
    stop = threading.Event()
    client = redis.Redis.from_url(server.url, socket_timeout=1)
    feed = TournamentFeed(tournaments, client)
    running = threading.Thread(target=feed.run, args=(stop, 0.05), daemon=True)
    try:
        event = open_event(tournaments, 4, rounds=2)
        _drain(feed)
        server.stop()
        event.adjudicate_round()  # the tournament goes on without Redis
        with caplog.at_level(logging.WARNING, logger="services.tournaments.feed"):
            running.start()
            _until(lambda: len(_feed_records(caplog)) >= 2)
            server.start()
            stored = tournaments.record(event.tournament_id)
            versions = [e.version for e in stored]
            _until(
                lambda: [m["version"] for m in _published(client, event.tournament_id)] == versions
            )
        outage = _feed_records(caplog)
        assert {r.levelno for r in outage} == {logging.WARNING}
        for record in outage:
            assert record.exc_info is None and record.stack_info is None
            assert "cannot reach Redis" in record.getMessage()
            assert "\n" not in caplog.handler.format(record)
        assert "Traceback" not in caplog.text
        assert int(client.get(POSITION_KEY) or 0) > 0
    finally:
        stop.set()
        feed.wake.set()
        if running.is_alive():
            running.join(10)
        server.remove()


def _feed_records(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.name == "services.tournaments.feed"]
