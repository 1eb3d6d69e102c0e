"""Scale-out end to end: two servers share one PostgreSQL store; a publisher feeds Redis.

Bots play through server A while a WatchGame stream on server B (woken through Redis) and a
Redis stream reader each receive every version exactly once, in order.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator

import pytest
import redis

from clients.bots import RandomBot, play_seat
from clients.sdk import GameClient
from services.application import Games, GameStore
from services.grpc_api.server import build_server
from services.publisher.follower import RedisPublisher
from services.publisher.messages import stream_key
from services.publisher.signals import RedisSignals
from services.settings import Settings
from tests.support.services import REDIS_URL, postgres_schema, redis_client
from tests.support.streams import read_stream

pytestmark = [pytest.mark.e2e, pytest.mark.integration]


@pytest.fixture
def two_servers() -> Iterator[tuple[str, str, redis.Redis]]:
    client = redis_client()
    with postgres_schema() as schema:
        settings = Settings(store="postgres", postgres_db="test", postgres_schema=schema)
        stores = [GameStore(settings), GameStore(settings)]
        servers, targets, signals = [], [], []
        for store in stores:
            signal = RedisSignals(redis.Redis.from_url(REDIS_URL)).start()
            server, port = build_server(Games(store), signal, "127.0.0.1:0")
            server.start()
            servers.append(server)
            signals.append(signal)
            targets.append(f"127.0.0.1:{port}")
        publisher_store = GameStore(settings)
        publisher = RedisPublisher(Games(publisher_store), redis.Redis.from_url(REDIS_URL))
        stop = threading.Event()
        thread = threading.Thread(target=publisher.run, args=(stop, 0.01))
        thread.start()
        yield targets[0], targets[1], client
        stop.set()
        thread.join(10)
        for server, signal, store in zip(servers, signals, stores, strict=True):
            server.stop(grace=None).wait()
            signal.stop()
            store.close()
        publisher_store.close()


def test_a_game_on_one_server_is_watched_live_on_another_and_in_redis(
    two_servers: tuple[str, str, redis.Redis],
) -> None:
    server_a, server_b, client = two_servers
    with GameClient(server_a) as game_client:
        game_id = game_client.create_game("bourgeoisie", 2).game_id
        grants = [game_client.join_game(game_id, f"bot {n}", n) for n in range(2)]
    seen: list[int] = []
    caught_up = threading.Event()

    def watch() -> None:
        with GameClient(server_b) as watcher:
            for message in watcher.watch_game(game_id, timeout=300):
                if message.HasField("caught_up"):
                    caught_up.set()
                else:
                    seen.append(message.update.event.version)

    def play(seat: int) -> None:
        with GameClient(server_a, grants[seat].token) as player:
            play_seat(player, game_id, seat, RandomBot(seat), timeout=300)

    watcher_thread = threading.Thread(target=watch)
    watcher_thread.start()
    assert caught_up.wait(10)
    players = [threading.Thread(target=play, args=(seat,)) for seat in range(2)]
    for thread in players:
        thread.start()
    for thread in (*players, watcher_thread):
        thread.join(300)
    with GameClient(server_b) as reader:
        final = reader.get_view(game_id, "public")
    assert final.status.finished
    assert seen == list(range(1, final.version + 1))
    published = _wait_for_stream(client, stream_key("bourgeoisie", game_id, None), final.version)
    assert published == list(range(1, final.version + 1))


def _wait_for_stream(client: redis.Redis, key: str, last: int) -> list[int]:
    versions: list[int] = []
    after: bytes | str = "0-0"
    for _ in range(100):
        for entry_id, fields in read_stream(client, key, after, block=100):
            versions.append(json.loads(fields[b"message"])["version"])
            after = entry_id
        if versions and versions[-1] == last:
            break
    return versions
