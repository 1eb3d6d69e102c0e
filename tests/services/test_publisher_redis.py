"""The publisher against real Redis: every stored event reaches every stream once, in order,
and an outage loses nothing."""

from __future__ import annotations

import itertools
import json
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
import redis

from games.core.codec import Encoded
from games.core.meta import Cause, CauseKind
from games.core.record import Recorded
from services.application import Games, GameStore, Notification
from services.publisher.follower import (
    LIVE_BATCH,
    STANDBY_SECONDS,
    RedisPublisher,
    whole_batches,
)
from services.publisher.messages import POSITION_KEY, stream_key
from services.settings import Settings, StreamRetention
from tests.support.play import play_random, seat_everyone
from tests.support.services import RedisProcess, redis_client
from tests.support.streams import stream_entries

pytestmark = pytest.mark.integration


@pytest.fixture
def games() -> Iterator[Games]:
    store = GameStore(Settings(store="memory"))
    yield Games(store)
    store.close()


def _drain(publisher: RedisPublisher) -> int:
    total = 0
    while published := publisher.publish_once():
        total += published
    return total


def _versions(client: redis.Redis, key: str) -> list[int]:
    return [json.loads(fields[b"message"])["version"] for _, fields in stream_entries(client, key)]


def test_every_event_is_published_to_the_public_and_each_seat_stream(games: Games) -> None:
    client = redis_client()
    game_id, _ = games.create_game("bourgeoisie", 3)
    tokens = seat_everyone(games, game_id, 3)
    play_random(games, game_id, tokens, limit=30)
    publisher = RedisPublisher(games, client, batch=50)
    assert _drain(publisher) == games.game_info(game_id).version
    expected = list(range(1, games.game_info(game_id).version + 1))
    for seat in (None, 0, 1, 2):
        assert _versions(client, stream_key("bourgeoisie", game_id, seat)) == expected
    assert publisher.publish_once() == 0, "nothing is published twice"


def test_streams_have_the_documented_names_and_entry_ids(games: Games) -> None:
    """docs/api.md, "Redis": a game's streams are ``tabletop:<game>:<game id>:public`` and
    ``tabletop:<game>:<game id>:seat:<n>``, written out here rather than built with
    ``stream_key``, and each entry's id is ``<version>-0``, which is what a subscriber resumes
    after (``XRANGE key (<version>-0 +``)."""
    client = redis_client()
    game_id, _ = games.create_game("bourgeoisie", 2)
    play_random(games, game_id, seat_everyone(games, game_id, 2), limit=5)
    _drain(RedisPublisher(games, client))
    streams = {"public": None, "seat:0": 0, "seat:1": 1}
    named = {f"tabletop:bourgeoisie:{game_id}:{suffix}".encode() for suffix in streams}
    assert set(client.keys(f"tabletop:bourgeoisie:{game_id}:*")) == named
    for suffix, seat in streams.items():
        entries = stream_entries(client, f"tabletop:bourgeoisie:{game_id}:{suffix}")
        messages = [json.loads(fields[b"message"]) for _, fields in entries]
        assert [message["seat"] for message in messages] == [seat] * len(messages) != []
        ids = [f"{message['version']}-0".encode() for message in messages]
        assert [entry_id for entry_id, _ in entries] == ids, f"entry ids of {suffix}"


def test_seat_messages_carry_only_that_seats_hand(games: Games) -> None:
    client = redis_client()
    game_id, _ = games.create_game("bourgeoisie", 2)
    play_random(games, game_id, seat_everyone(games, game_id, 2), limit=10)
    _drain(RedisPublisher(games, client))
    _, public = stream_entries(client, stream_key("bourgeoisie", game_id, None))[-1]
    _, seat0 = stream_entries(client, stream_key("bourgeoisie", game_id, 0))[-1]
    public_players = json.loads(public[b"message"])["view"]["players"]
    seat_players = json.loads(seat0[b"message"])["view"]["players"]
    assert all(player["hand"] is None for player in public_players)
    assert seat_players[0]["hand"] is not None and seat_players[1]["hand"] is None


def _documented_message_keys() -> list[str]:
    """The keys docs/api.md lists for a Redis message: the table after "**Redis.**"."""
    guide = (Path(__file__).resolve().parents[2] / "docs" / "api.md").read_text(encoding="utf-8")
    lines = guide[guide.index("**Redis.**") :].splitlines()
    start = lines.index("| key | value |") + 2
    rows = itertools.takewhile(lambda line: line.startswith("| `"), lines[start:])
    return [row.split("`")[1] for row in rows]


def test_the_documented_message_keys_are_exactly_the_published_ones(games: Games) -> None:
    """Each stream entry holds one field, ``message``, and its JSON has exactly the keys
    docs/api.md lists (``seat`` null on the public stream), in that order."""
    client = redis_client()
    game_id, _ = games.create_game("bourgeoisie", 2)
    play_random(games, game_id, seat_everyone(games, game_id, 2), limit=5)
    _drain(RedisPublisher(games, client))
    documented = _documented_message_keys()
    for seat in (None, 0, 1):
        entries = stream_entries(client, stream_key("bourgeoisie", game_id, seat))
        assert entries, f"nothing published for seat {seat}"
        for _, fields in entries:
            assert list(fields) == [b"message"]
            message = json.loads(fields[b"message"])
            assert list(message) == documented
            assert message["seat"] == seat and isinstance(message["view"], dict | None)


def _ttls(client: redis.Redis, game_id: str, seats: int) -> set[int]:
    """The seconds each of the game's streams has left (-1: kept for ever)."""
    return {client.ttl(stream_key("bourgeoisie", game_id, s)) for s in (None, *range(seats))}


@pytest.mark.parametrize(
    "retention",
    [
        StreamRetention(finished=600, idle=6000),
        StreamRetention(finished=0, idle=0),
        # kept for ever once ended, though the game's earlier messages set a time to drop them
        StreamRetention(finished=0, idle=6000),
        StreamRetention(finished=600, idle=0),
    ],
)
def test_streams_are_kept_for_their_retention_after_the_last_message_then_dropped(
    games: Games, retention: StreamRetention
) -> None:
    client = redis_client()
    finished, _ = games.create_game("bourgeoisie", 2)
    play_random(games, finished, seat_everyone(games, finished, 2))
    going_on, _ = games.create_game("bourgeoisie", 2)
    play_random(games, going_on, seat_everyone(games, going_on, 2), limit=10)
    _drain(RedisPublisher(games, client, retention=retention))
    assert games.game_info(finished).rules.outcome(games.game_info(finished).state) is not None
    assert games.game_info(going_on).rules.outcome(games.game_info(going_on).state) is None
    for game_id, kept in ((finished, retention.finished), (going_on, retention.idle)):
        if kept:
            assert all(kept - 5 < ttl <= kept for ttl in _ttls(client, game_id, 2))
        else:
            assert _ttls(client, game_id, 2) == {-1}, "0 keeps the streams for ever"


def test_an_idle_games_streams_expire_and_start_again_at_its_next_version(games: Games) -> None:
    client = redis_client()
    game_id, _ = games.create_game("bourgeoisie", 2)
    tokens = seat_everyone(games, game_id, 2)
    publisher = RedisPublisher(games, client, retention=StreamRetention(finished=0, idle=1))
    play_random(games, game_id, tokens, limit=5)
    _drain(publisher)
    left_at = games.game_info(game_id).version
    public = stream_key("bourgeoisie", game_id, None)
    deadline = time.monotonic() + 10
    while client.exists(public) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not client.exists(public), "an idle game's streams expire"
    play_random(games, game_id, tokens, limit=5)
    _drain(publisher)
    expected = list(range(left_at + 1, games.game_info(game_id).version + 1))
    assert len(expected) >= 5 and _versions(client, public) == expected


def test_events_stored_while_redis_is_down_are_published_when_it_returns(games: Games) -> None:
    server = RedisProcess()
    server.start()
    try:
        client = redis.Redis.from_url(server.url, socket_timeout=1)
        publisher = RedisPublisher(games, client)
        game_id, _ = games.create_game("bourgeoisie", 2)
        tokens = seat_everyone(games, game_id, 2)
        _drain(publisher)
        server.stop()
        play_random(games, game_id, tokens, limit=15)  # the game goes on without Redis
        with pytest.raises(redis.ConnectionError):
            publisher.publish_once()
        server.start()
        _drain(publisher)
        expected = list(range(1, games.game_info(game_id).version + 1))
        assert _versions(client, stream_key("bourgeoisie", game_id, None)) == expected
        assert int(client.get(POSITION_KEY) or 0) == games.notifications(0, 10_000)[-1].position
    finally:
        server.remove()


def test_a_publisher_says_it_waits_for_redis_while_redis_does_not_answer(games: Games) -> None:
    """Not "standing by" (which names another publisher) but what it waits for, said once
    however long the wait; and active as soon as Redis answers."""
    server = RedisProcess()  # not started: nothing answers at its address yet
    said: list[str] = []
    client = redis.Redis.from_url(server.url, socket_timeout=1)
    publisher = RedisPublisher(games, client, announce=said.append)
    stop = threading.Event()
    worker = threading.Thread(target=publisher.run, args=(stop,), daemon=True)
    worker.start()
    try:
        _until(lambda: bool(said))
        time.sleep(STANDBY_SECONDS * 4)  # several more tries
        assert len(said) == 1 and said[0].startswith("waiting for Redis, which does not answer")
        assert str(server.port) in said[0], "the error names the address tried"
        server.start()
        _until(publisher.active.is_set)
        assert said[1:] == ["active: this publisher holds the lease and publishes"]
    finally:
        stop.set()
        worker.join(10)
        server.remove()


def _until(condition: Callable[[], bool]) -> None:
    deadline = time.monotonic() + 10
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def _note(position: int, game_id: str, command_id: str) -> Notification:
    cause = Cause(CauseKind.ACTION, command_id, 0)
    return Notification(position, game_id, Recorded(position, "", Encoded("t", 1, {}), cause, ""))


def test_a_read_is_published_in_whole_batches_and_a_cut_one_waits_for_the_next_read() -> None:
    """A batch's views go on its last event, so a batch is never split between two publishes:
    a read that returned all it asked for may have cut its last batch, which waits."""
    notes = [_note(1, "a", "x"), _note(2, "a", "x"), _note(3, "b", "y"), _note(4, "a", "z")]
    positions = [[n.position for n in batch] for batch in whole_batches(notes, cut=False)]
    assert positions == [[1, 2], [3], [4]]
    assert [[n.position for n in b] for b in whole_batches(notes, cut=True)] == [[1, 2], [3]]
    one_batch = notes[:2]  # all the read holds: published, cut or not
    assert [[n.position for n in b] for b in whole_batches(one_batch, cut=True)] == [[1, 2]]


class _RivalAtSecondChunk(RedisPublisher):
    """A publisher that, as it renders its second chunk (its first already sent), lets
    ``rival`` publish everything stored once the first has run in Redis; or, with
    ``rival`` None, fails there as a store read might. It reads no more than goes out batch
    by batch, so each of a game's first batches is a chunk of its own."""

    def __init__(self, games: Games, client: redis.Redis, rival: RedisPublisher | None) -> None:
        super().__init__(games, client, batch=LIVE_BATCH)
        self.client, self.rival, self.rendered = client, rival, 0

    def _arguments(self, after: int, notes: list[Notification]) -> list[str | int]:
        self.rendered += 1
        if self.rendered == 2:
            _wait_for_position(self.client, after)
            if self.rival is None:
                raise OSError("the store could not be read")
            _drain(self.rival)
        return super()._arguments(after, notes)


def _wait_for_position(client: redis.Redis, position: int) -> None:
    deadline = time.monotonic() + 10
    while int(client.get(POSITION_KEY) or 0) != position:
        assert time.monotonic() < deadline, f"the position never reached {position}"
        time.sleep(0.001)


def _stored_batches(games: Games) -> tuple[str, list[str], int]:
    """A game with many batches stored (its creation, each seat taken, a dozen actions): its
    id, its seats' tokens and its last version."""
    game_id, _ = games.create_game("bourgeoisie", 2)
    tokens = seat_everyone(games, game_id, 2)
    play_random(games, game_id, tokens, limit=12)
    return game_id, tokens, games.game_info(game_id).version


def test_chunks_sent_ahead_publish_nothing_twice_when_a_rival_moves_the_position(
    games: Games,
) -> None:
    """Each chunk is sent before the one before it is answered; when another publisher moves
    the position in between, the chunks after it publish nothing, and the publisher goes on
    from where the other left off."""
    client = redis_client()
    game_id, tokens, last = _stored_batches(games)
    overtaken = _RivalAtSecondChunk(games, client, rival=RedisPublisher(games, client))
    created = whole_batches(games.notifications(0, 100), cut=False)[0]
    assert last - len(created) > LIVE_BATCH, "more than one read holds follows its first chunk"
    assert overtaken.publish_once() == len(created), "only its first chunk (the creation)"
    assert overtaken.publish_once() == 0, "the rival published the rest"
    public = stream_key("bourgeoisie", game_id, None)
    assert _versions(client, public) == list(range(1, last + 1))
    play_random(games, game_id, tokens, seed=1, limit=2)
    assert _drain(overtaken) == games.game_info(game_id).version - last
    assert _versions(client, public) == list(range(1, games.game_info(game_id).version + 1))


def test_a_failure_after_a_chunk_was_sent_leaves_no_answer_behind_and_loses_nothing(
    games: Games,
) -> None:
    """The answer to a chunk sent ahead is unread when rendering the next fails: the
    connection is dropped rather than handed back with it, so the next command reads its own
    answer, and the next publish goes on from where the sent chunk left the position."""
    client = redis_client()
    game_id, _, last = _stored_batches(games)
    failing = _RivalAtSecondChunk(games, client, rival=None)
    with pytest.raises(OSError, match="could not be read"):
        failing.publish_once()
    created = whole_batches(games.notifications(0, 100), cut=False)[0]
    assert client.get(POSITION_KEY) == str(created[-1].position).encode(), "not the answer, 1"
    assert _drain(RedisPublisher(games, client)) == last - len(created)
    assert _versions(client, stream_key("bourgeoisie", game_id, 0)) == list(range(1, last + 1))
