"""The in-process bus: wakes WatchGame streams in the same process when a game changes."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager


class _Waiter:
    def __init__(self) -> None:
        self._event = threading.Event()

    def wake(self) -> None:
        self._event.set()

    def wait(self, timeout: float) -> bool:
        woken = self._event.wait(timeout)
        self._event.clear()
        return woken


class LocalBus:
    """Per-game wake-ups for listeners in this process (the embedded default)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiters: dict[str, set[_Waiter]] = {}

    @contextmanager
    def listen(self, game_id: str) -> Iterator[_Waiter]:
        waiter = _Waiter()
        with self._lock:
            self._waiters.setdefault(game_id, set()).add(waiter)
        try:
            yield waiter
        finally:
            with self._lock:
                waiters = self._waiters.get(game_id, set())
                waiters.discard(waiter)
                if not waiters:
                    self._waiters.pop(game_id, None)

    def notify(self, game_id: str) -> None:
        with self._lock:
            waiters = list(self._waiters.get(game_id, ()))
        for waiter in waiters:
            waiter.wake()
