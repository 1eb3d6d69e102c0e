"""How a WatchGame stream learns that a game has new events.

The stream always reads the events themselves from the store (so it can neither skip nor
repeat a version); a signal only wakes it early. Embedded, the publisher's in-process bus
signals; scaled out, Redis does. Without any signal the stream still polls.
"""

from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Protocol


class Waiter(Protocol):
    def wait(self, timeout: float) -> bool:
        """Block until the game may have changed, or the timeout passes."""
        ...


class GameSignals(Protocol):
    def listen(self, game_id: str) -> AbstractContextManager[Waiter]:
        """Wake-ups for one game while the context is open."""
        ...
