"""Wake-ups for WatchGame streams from Redis, so any server learns of any server's writes."""

from __future__ import annotations

import logging
import threading
from contextlib import AbstractContextManager

import redis

from services.publisher.bus import LocalBus, _Waiter
from services.publisher.messages import UPDATES_CHANNEL

log = logging.getLogger(__name__)


class RedisSignals:
    """Listens on ``tabletop:updates`` and wakes this process's listeners of that game."""

    def __init__(self, client: redis.Redis) -> None:
        self._redis = client
        self._bus = LocalBus()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._listen, name="redis-signals", daemon=True)

    def start(self) -> RedisSignals:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()

    def listen(self, game_id: str) -> AbstractContextManager[_Waiter]:
        return self._bus.listen(game_id)

    def notify(self, game_id: str) -> None:
        """Wake this process's listeners of ``game_id`` now: for the games this server stored,
        which need no round trip through the publisher and Redis (nor wait for one to be
        active: while a standby takes over, or with none running, they would poll)."""
        self._bus.notify(game_id)

    def _listen(self) -> None:
        while not self._stop.is_set():
            try:
                pubsub = self._redis.pubsub(ignore_subscribe_messages=True)  # type: ignore[no-untyped-call]
                pubsub.subscribe(UPDATES_CHANNEL)
                while not self._stop.is_set():
                    message = pubsub.get_message(timeout=0.5)
                    if message and isinstance(message.get("data"), bytes | str):
                        data = message["data"]
                        text = data.decode() if isinstance(data, bytes) else data
                        self._bus.notify(text.split(" ", 1)[0])
            except (redis.ConnectionError, redis.TimeoutError) as exc:
                # WatchGame streams poll meanwhile, so a lost wake-up only delays them.
                log.warning("Redis wake-ups unavailable: %s", exc)
                self._stop.wait(1.0)
