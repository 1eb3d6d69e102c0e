"""Follows the store's notification log and publishes every game event to Redis.

The store is the outbox: the follower reads stored events after its saved position and, in
one Redis MULTI/EXEC, appends each event's messages to their streams, publishes them to
pub/sub listeners, and saves the new position. Publishing and advancing are therefore atomic:
after any crash or outage the follower resumes exactly after the last published event, so
nothing is lost and nothing is published twice. While Redis is down, games go on; the
follower retries with back-off and catches up, in order, when Redis returns.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from typing import Any

import redis

from games.core import apply
from services.application import Games, Notification
from services.application.aggregate import codec_for
from services.publisher.messages import POSITION_KEY, UPDATES_CHANNEL, Message, messages_for

log = logging.getLogger(__name__)
STATE_CACHE_GAMES = 1000


class RedisPublisher:
    """Publishes stored game events to Redis streams and channels, exactly once each."""

    def __init__(self, games: Games, client: redis.Redis, *, batch: int = 500) -> None:
        self._games = games
        self._redis = client
        self._batch = batch
        self._states: OrderedDict[str, tuple[int, Any]] = OrderedDict()
        self.wake = threading.Event()

    def position(self) -> int:
        return int(self._redis.get(POSITION_KEY) or 0)

    def publish_once(self) -> int:
        """Publish the next batch of stored events; returns how many were published."""
        notes = self._games.notifications(self.position(), self._batch)
        if not notes:
            return 0
        with self._redis.pipeline(transaction=True) as pipe:
            for note in notes:
                for message in self._messages(note):
                    pipe.xadd(message.key, {"message": message.body}, id=f"{message.version}-0")
                    pipe.publish(message.key, message.body)
                pipe.publish(UPDATES_CHANNEL, f"{note.game_id} {note.recorded.version}")
            pipe.set(POSITION_KEY, notes[-1].position)
            pipe.execute()
        return len(notes)

    def run(self, stop: threading.Event, idle_seconds: float = 0.05) -> None:
        """Publish until ``stop`` is set, sleeping when idle and backing off while Redis is down."""
        backoff = idle_seconds
        while not stop.is_set():
            try:
                published = self.publish_once()
                backoff = idle_seconds
            except (redis.ConnectionError, redis.TimeoutError) as exc:
                log.warning("Redis unavailable, will retry: %s", exc)
                published, backoff = 0, min(backoff * 2, 2.0)
            except Exception:
                log.exception("publishing failed; retrying")
                published, backoff = 0, min(backoff * 2, 2.0)
            if not published:
                self.wake.wait(backoff)
                self.wake.clear()

    def _messages(self, note: Notification) -> list[Message]:
        game = self._games.game_info(note.game_id, 1)
        rules = game.rules
        state = self._state_after(note)
        return messages_for(rules, note, state, len(game.players))

    def _state_after(self, note: Notification) -> Any:
        version = note.recorded.version
        cached = self._states.get(note.game_id)
        if cached is not None and cached[0] == version - 1:
            rules = self._games.game_info(note.game_id, 1).rules
            state = apply(rules, cached[1], codec_for(rules).decode(note.recorded.event))
        else:
            state = self._games.game_info(note.game_id, version).state
        self._states[note.game_id] = (version, state)
        self._states.move_to_end(note.game_id)
        if len(self._states) > STATE_CACHE_GAMES:
            self._states.popitem(last=False)
        return state
