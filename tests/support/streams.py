"""What the publisher left in Redis, held against what the store holds."""

from __future__ import annotations

import json
from collections.abc import Sequence

import redis

from games.core.record import Recorded
from services.application import Games
from services.publisher.messages import stream_key


def batch_ends(events: Sequence[Recorded]) -> set[int]:
    """The versions that end their batch (the events one cause stored together), counted
    here from the causes: the messages that carry views (docs/api.md, "Redis")."""
    return {
        event.version
        for event, following in zip(events, [*events[1:], None], strict=True)
        if following is None or following.cause != event.cause
    }


def assert_streams_complete(client: redis.Redis, games: Games, game_id: str) -> None:
    """The game's public stream and each seat's hold every stored version once, in order."""
    game = games.game_info(game_id)
    expected = list(range(1, game.version + 1))
    for seat in (None, *range(len(game.players))):
        entries = client.xrange(stream_key(game.game, game_id, seat))
        versions = [json.loads(fields[b"message"])["version"] for _, fields in entries]
        assert versions == expected, f"stream of seat {seat}"
