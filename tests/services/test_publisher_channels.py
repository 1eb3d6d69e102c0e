"""The publisher's pub/sub channels against real Redis: a live listener subscribed to a game's
public channel, each seat's channel and ``tabletop:updates`` hears every stored event exactly
once and in version order, each message naming its game and version; a seat's channel carries
that seat's view and never another seat's hand."""

from __future__ import annotations

import json
import time
from collections import defaultdict
from collections.abc import Iterator
from typing import Any

import pytest
import redis

from games.core import apply
from games.core.jsonable import to_json
from services.application import Games, GameStore
from services.application.aggregate import codec_for
from services.publisher.follower import RedisPublisher
from services.publisher.messages import UPDATES_CHANNEL, stream_key
from services.settings import Settings
from tests.services.conftest import ARBITER
from tests.support.play import play_random, seat_everyone
from tests.support.services import redis_client
from tests.support.streams import batch_ends, stream_entries

pytestmark = pytest.mark.integration
SEATS = 3
HEARD_WITHIN = 5.0
"""Seconds a listener waits for what it expects: far longer than pub/sub delivery takes."""
QUIET = 0.3
"""Seconds a listener keeps listening after it heard everything, to catch a duplicate."""


@pytest.fixture
def games() -> Iterator[Games]:
    store = GameStore(Settings(store="memory"))
    yield Games(store, seeds=lambda: bytes(range(32)))  # one deal, so every run is the same
    store.close()


class Listener:
    """One pub/sub connection, subscribed (and the subscriptions confirmed by Redis, so that
    nothing published afterwards can be missed) to ``channels``; records what each hears."""

    def __init__(self, client: redis.Redis, channels: list[str]) -> None:
        self._pubsub = client.pubsub()  # type: ignore[no-untyped-call]
        self._pubsub.subscribe(*channels)
        confirmed = 0
        while confirmed < len(channels):
            message = self._pubsub.get_message(timeout=HEARD_WITHIN)
            assert message is not None, "Redis did not confirm the subscriptions"
            confirmed += message["type"] == "subscribe"
        self.heard: dict[str, list[str]] = defaultdict(list)

    def listen(self, done: Any, seconds: float = HEARD_WITHIN) -> None:
        """Record messages until ``done()`` holds or ``seconds`` pass."""
        deadline = time.monotonic() + seconds
        while not done() and time.monotonic() < deadline:
            message = self._pubsub.get_message(timeout=0.1)
            if message is not None and message["type"] == "message":
                self.heard[message["channel"].decode()].append(message["data"].decode())

    def close(self) -> None:
        self._pubsub.close()


def _drain(publisher: RedisPublisher) -> None:
    while publisher.publish_once():
        pass


def _states(games: Games, game_id: str) -> list[Any]:
    """The game's state after each of its versions, folded from its stored events."""
    rules = games.game_info(game_id).rules
    states, state = [], None
    for recorded in games.read_events(game_id):
        state = apply(rules, state, codec_for(rules).decode(recorded.event))
        states.append(state)
    return states


def _hands(message: dict[str, Any]) -> list[Any]:
    return [player["hand"] for player in message["view"]["players"]]


def test_only_the_last_event_of_a_batch_carries_views(games: Games) -> None:
    """docs/api.md, "Redis": an action's automatic steps go out without views, since no one
    decides between them; the batch's last event carries each reader's view of the result."""
    client = redis_client()
    game_id, _ = games.create_game("bourgeoisie", SEATS)
    play_random(games, game_id, seat_everyone(games, game_id, SEATS), limit=12)
    _drain(RedisPublisher(games, client))
    events = games.read_events(game_id)
    ends = batch_ends(events)
    assert len(ends) < len(events), "some action set off automatic steps"
    for seat in (None, *range(SEATS)):
        entries = stream_entries(client, stream_key("bourgeoisie", game_id, seat))
        viewed = {
            message["version"]
            for message in (json.loads(fields[b"message"]) for _, fields in entries)
            if message["view"] is not None
        }
        assert viewed == ends, f"stream of seat {seat}"


def _viewed(client: redis.Redis, game_id: str, seat: int | None) -> dict[int, Any]:
    """The views in the game's stream for ``seat``, by version (the messages that carry one)."""
    entries = stream_entries(client, stream_key("bourgeoisie", game_id, seat))
    messages = [json.loads(fields[b"message"]) for _, fields in entries]
    return {m["version"]: m["view"] for m in messages if m["view"] is not None}


def test_two_games_sent_one_command_id_each_end_their_own_batch_with_views(
    games: Games,
) -> None:
    """A command id is unique within its game only (docs/api.md, "Idempotency"), so two games
    may store, one right after the other, batches with equal causes: the same seat's same
    action under the same command id. They are still two batches, each ending with views."""
    client = redis_client()
    first, _ = games.create_game("bourgeoisie", SEATS)
    second, _ = games.create_game("bourgeoisie", SEATS)  # the same deal (the fixture's seed)
    tokens = {g: seat_everyone(games, g, SEATS) for g in (first, second)}
    for game_id in (first, second):
        game = games.game_info(game_id)
        seat = game.rules.to_act(game.state)
        assert seat is not None
        token = tokens[game_id][seat]
        choices = games.legal_actions(game_id, token)
        games.submit_action(game_id, token, choices.version, "one", choices.actions[0])
    causes = [games.read_events(g)[-1].cause for g in (first, second)]
    assert causes[0] == causes[1], "both batches have the same cause"
    _drain(RedisPublisher(games, client))
    for game_id in (first, second):
        ends = batch_ends(games.read_events(game_id))
        for seat in (None, *range(SEATS)):
            assert set(_viewed(client, game_id, seat)) == ends, f"{game_id}, seat {seat}"


def test_a_publisher_that_fell_behind_a_rival_renders_views_of_the_stored_state(
    games: Games,
) -> None:
    """A publisher whose last published state of a game is older than the event it publishes
    next (another publisher published those between) reads the state before that event
    from the store: every view is the game at its version as its reader may see it."""
    client = redis_client()
    game_id, _ = games.create_game("bourgeoisie", SEATS)
    tokens = seat_everyone(games, game_id, SEATS)
    behind = RedisPublisher(games, client)
    for rounds in range(3):
        play_random(games, game_id, tokens, seed=rounds, limit=4)
        _drain(behind if rounds != 1 else RedisPublisher(games, client))
    _drain(behind)  # its first try found the position moved: it reads it again
    rules, states = games.game_info(game_id).rules, _states(games, game_id)
    assert len(states) > 20
    for seat in (None, *range(SEATS)):
        viewed = _viewed(client, game_id, seat)
        assert max(viewed) == len(states), "everything was published"
        for version, view in viewed.items():
            assert view == to_json(rules.view(states[version - 1], seat)), (version, seat)


def test_live_listeners_hear_every_event_once_in_order_with_their_own_view(
    games: Games,
) -> None:
    client = redis_client()
    game_id, _ = games.create_game("bourgeoisie", SEATS)
    tokens = seat_everyone(games, game_id, SEATS)
    seats: list[int | None] = [None, *range(SEATS)]
    channels = [stream_key("bourgeoisie", game_id, seat) for seat in seats]
    listener = Listener(client, [*channels, UPDATES_CHANNEL])
    try:
        publisher = RedisPublisher(games, client)
        _drain(publisher)  # a few events: published one by one
        play_random(games, game_id, tokens, limit=12)
        _drain(publisher)  # a backlog of dozens: published in chunks
        assert publisher.publish_once() == 0, "nothing is published twice"
        versions = list(range(1, games.game_info(game_id).version + 1))
        ours = f"{game_id} "  # other games' wake-ups share tabletop:updates

        def updates() -> list[str]:
            return [u for u in listener.heard[UPDATES_CHANNEL] if u.startswith(ours)]

        def heard_all() -> bool:
            return len(updates()) >= len(versions) and all(
                len(listener.heard[c]) >= len(versions) for c in channels
            )

        listener.listen(heard_all)
        listener.listen(lambda: False, QUIET)
    finally:
        listener.close()
    assert updates() == [f"{game_id} {version}" for version in versions]
    states = _states(games, game_id)
    ends = batch_ends(games.read_events(game_id))
    rules = games.game_info(game_id).rules
    for seat, channel in zip(seats, channels, strict=True):
        messages = [json.loads(body) for body in listener.heard[channel]]
        assert [m["version"] for m in messages] == versions, channel
        for message in messages:
            assert (message["game_id"], message["game"], message["seat"]) == (
                game_id,
                "bourgeoisie",
                seat,
            )
            if message["version"] not in ends:
                assert message["view"] is None
                continue
            state = states[message["version"] - 1]
            assert message["view"] == to_json(rules.view(state, seat))
            hands = _hands(message)
            assert all(hand is None for n, hand in enumerate(hands) if n != seat), channel
            if seat is not None:
                assert hands[seat] is not None, "a seat's channel shows it its own hand"
    # there was something to hide: some seat held cards that the others saw as None
    seat_messages = [json.loads(body) for c in channels[1:] for body in listener.heard[c]]
    viewed = [message for message in seat_messages if message["view"] is not None]
    assert any(hand for message in viewed for hand in _hands(message))


def test_a_fork_of_a_live_game_sends_only_wake_ups_until_its_origin_ends() -> None:
    """docs/reliability.md, Access: a what-if fork of a game in play holds that game's deck,
    so the views of its play would tell the game's future to any reader of Redis. Until the
    origin ends only the fork's wake-ups go out (its arbiter and seats watch it over gRPC);
    its events after that are published in full."""
    store = GameStore(Settings(store="memory"))
    games = Games(store, arbiter_token=ARBITER)
    client = redis_client()
    origin, _ = games.create_game("bourgeoisie", 2)
    origin_tokens = seat_everyone(games, origin, 2)
    play_random(games, origin, origin_tokens, limit=8)
    fork, _ = games.fork_game(origin, games.game_info(origin).version, ARBITER)
    fork_tokens = [games.join_game(fork, f"p{seat}", seat, ARBITER).token for seat in range(2)]
    play_random(games, fork, fork_tokens, limit=6)
    private = games.game_info(fork).version
    channels = [stream_key("bourgeoisie", fork, seat) for seat in (None, 0, 1)]
    listener = Listener(client, [*channels, UPDATES_CHANNEL])
    try:
        publisher = RedisPublisher(games, client)
        _drain(publisher)
        wake_ups = [f"{fork} {version}" for version in range(1, private + 1)]
        listener.listen(lambda: wake_ups[-1] in listener.heard[UPDATES_CHANNEL])
        assert [u for u in listener.heard[UPDATES_CHANNEL] if u.startswith(fork)] == wake_ups
        assert not any(listener.heard[c] for c in channels)
        assert client.exists(*channels) == 0

        play_random(games, origin, origin_tokens)  # the origin ends: its secrets are out
        play_random(games, fork, fork_tokens, limit=4)
        _drain(publisher)
        listener.listen(lambda: all(len(listener.heard[c]) >= 4 for c in channels))
        listener.listen(lambda: False, QUIET)
    finally:
        listener.close()
        store.close()
    published = list(range(private + 1, games.game_info(fork).version + 1))
    for channel in channels:
        assert [json.loads(m)["version"] for m in listener.heard[channel]] == published
        assert [int(i.split(b"-")[0]) for i, _ in stream_entries(client, channel)] == published


def test_a_publisher_taking_over_a_fork_of_a_live_game_still_sends_only_wake_ups() -> None:
    """As above, for a publisher that did not see the fork begin (a standby taking over, or
    one restarted): it learns from the store, not from the fork's first event, that the
    game is a fork of one still in play, and withholds its views as well."""
    store = GameStore(Settings(store="memory"))
    games = Games(store, arbiter_token=ARBITER)
    client = redis_client()
    origin, _ = games.create_game("bourgeoisie", 2)
    play_random(games, origin, seat_everyone(games, origin, 2), limit=8)
    fork, _ = games.fork_game(origin, games.game_info(origin).version, ARBITER)
    fork_tokens = [games.join_game(fork, f"p{seat}", seat, ARBITER).token for seat in range(2)]
    try:
        _drain(RedisPublisher(games, client))
        play_random(games, fork, fork_tokens, limit=6)
        _drain(RedisPublisher(games, client))
        assert games.read_events(fork)[-1].version > 6, "the fork went on"
    finally:
        store.close()
    channels = [stream_key("bourgeoisie", fork, seat) for seat in (None, 0, 1)]
    assert client.exists(*channels) == 0
