"""Secrets stay secret on every channel: for every game, bots play while watchers follow as
each seat and as the public, and the publisher feeds Redis. Every WatchGame update and every
Redis message carries exactly the view its reader may have (so the per-game leak tests of
the views cover them), and the seed appears nowhere before the game ends."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import wire as convert
from clients.bots import RandomBot, play_seat
from clients.sdk import GameClient
from games.core import apply
from games.core.codec import Codec
from games.core.jsonable import to_json
from games.core.meta import META_CODEC
from games.registry import all_rules
from replay.sources import fetch_record
from services.application import Games, GameStore
from services.grpc_api.server import build_server
from services.publisher.follower import RedisPublisher
from services.publisher.messages import stream_key
from services.settings import Settings
from tests.support.bus import local_bus
from tests.support.services import redis_client
from tests.support.streams import batch_ends, stream_entries

pytestmark = [pytest.mark.e2e, pytest.mark.integration]


@pytest.fixture
def service(tmp_path: Path) -> Iterator[tuple[str, Games]]:
    store = GameStore(Settings(store="sqlite", sqlite_path=tmp_path / "games.db"))
    games = Games(store)
    bus = local_bus(store)
    server, port = build_server(games, bus, "127.0.0.1:0")
    server.start()
    yield f"127.0.0.1:{port}", games
    server.stop(grace=None).wait()
    store.close()


def _watch(target: str, game_id: str, token: str, got: list[Any]) -> None:
    with GameClient(target, token) as client:
        perspective = "seat" if token else "public"
        got.extend(
            m.update
            for m in client.watch_game(game_id, perspective=perspective, timeout=300)
            if m.HasField("update")
        )


@pytest.mark.parametrize("game", sorted(all_rules()))
def test_no_channel_carries_more_than_its_reader_may_know(
    service: tuple[str, Games], game: str
) -> None:
    target, games = service
    rules = all_rules()[game]
    seats = rules.min_seats
    with GameClient(target) as client:
        game_id = client.create_game(game, seats).game_id
        grants = [client.join_game(game_id, f"p{n}", n) for n in range(seats)]
    readers = ["", *(g.token for g in grants)]
    watched: list[list[Any]] = [[] for _ in readers]
    threads = [
        threading.Thread(target=_watch, args=(target, game_id, t, w))
        for t, w in zip(readers, watched, strict=True)
    ]
    threads += [threading.Thread(target=_bot, args=(target, game_id, g)) for g in grants]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(300)
    with GameClient(target) as client:
        record = fetch_record(client, game_id)
    states = _states(rules, record)
    seed = record.events[-1].event.data["seed"]
    for seat, updates in zip([None, *range(seats)], watched, strict=True):
        assert [u.event.version for u in updates] == list(range(1, len(states) + 1))
        for update in updates:
            expected = convert.view_to_proto(
                game, rules.view(states[update.event.version - 1], seat)
            )
            assert update.view == expected
            if update.event.type != "core.SeedRevealed":
                assert seed not in update.SerializeToString().decode("latin-1")
                assert not update.event.HasField("payload")
    _check_redis(games, game, game_id, rules, states, seed, seats)


def _bot(target: str, game_id: str, grant: Any) -> None:
    with GameClient(target, grant.token) as client:
        play_seat(client, game_id, grant.seat, RandomBot(grant.seat), timeout=300)


def _states(rules: Any, record: Any) -> list[Any]:
    codec = Codec.combine(META_CODEC, rules.events)
    states, state = [], None
    for recorded in record.events:
        state = apply(rules, state, codec.decode(recorded.event))
        states.append(state)
    return states


def _check_redis(
    games: Games, game: str, game_id: str, rules: Any, states: list[Any], seed: str, seats: int
) -> None:
    client = redis_client()
    publisher = RedisPublisher(games, client)
    while publisher.publish_once():
        pass
    ends = batch_ends(games.read_events(game_id))
    for seat in (None, *range(seats)):
        entries = stream_entries(client, stream_key(game, game_id, seat))
        assert len(entries) == len(states)
        for _, fields in entries:
            message = json.loads(fields[b"message"])
            version = message["version"]
            seen = to_json(rules.view(states[version - 1], seat)) if version in ends else None
            assert message["view"] == seen
            if version < len(states):
                assert seed not in fields[b"message"].decode()
