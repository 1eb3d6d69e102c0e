"""What the publisher left in Redis, held against what the store holds."""

from __future__ import annotations

import json
from collections.abc import Sequence

import redis
from redis.typing import StreamEntry

from games.core.record import Recorded
from services.application import Games
from services.publisher.messages import stream_key

Entry = tuple[bytes, dict[bytes, bytes]]
"""A stream entry as a client that does not decode responses reads it: its id and fields."""


def stream_entries(client: redis.Redis, key: str) -> list[Entry]:
    """Every entry of the stream ``key``, oldest first (XRANGE); none for a missing stream."""
    return [_entry(entry) for entry in client.xrange(key) or []]


def read_stream(client: redis.Redis, key: str, after: bytes | str, block: int) -> list[Entry]:
    """The entries of the stream ``key`` after the id ``after``, waiting up to ``block``
    milliseconds for one (XREAD); none if nothing came."""
    reply = client.xread({key: after}, block=block)
    if not reply:
        return []
    # RESP2, the client's default protocol, answers with a list of [stream, entries].
    assert isinstance(reply, list), f"an XREAD reply in RESP2's shape: {reply!r}"
    [[_, entries]] = reply
    return [_entry(entry) for entry in entries]


def _entry(entry: StreamEntry) -> Entry:
    entry_id, fields = entry
    assert entry_id is not None and fields is not None, "an entry that was not deleted"
    return _bytes(entry_id), {_bytes(name): _bytes(value) for name, value in fields.items()}


def _bytes(value: bytes | str) -> bytes:
    assert isinstance(value, bytes), "the client does not decode responses"
    return value


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
        entries = stream_entries(client, stream_key(game.game, game_id, seat))
        versions = [json.loads(fields[b"message"])["version"] for _, fields in entries]
        assert versions == expected, f"stream of seat {seat}"
