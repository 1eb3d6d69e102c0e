"""What the publisher left in Redis, held against what the store holds."""

from __future__ import annotations

import json

import redis

from services.application import Games
from services.publisher.messages import stream_key


def assert_streams_complete(client: redis.Redis, games: Games, game_id: str) -> None:
    """The game's public stream and each seat's hold every stored version once, in order."""
    game = games.game_info(game_id)
    expected = list(range(1, game.version + 1))
    for seat in (None, *range(len(game.players))):
        entries = client.xrange(stream_key(game.game, game_id, seat))
        versions = [json.loads(fields[b"message"])["version"] for _, fields in entries]
        assert versions == expected, f"stream of seat {seat}"
