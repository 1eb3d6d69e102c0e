"""Stopping a long-running command (`serve`, `publish`, `tournament publish`) on SIGINT or
SIGTERM: the first sets an event the command's loops watch, and its name is kept so that the
command can say on its log why it stopped."""

from __future__ import annotations

import signal
import threading

SIGNAL_POLL_SECONDS = 0.25
"""The longest a SIGTERM or SIGINT can wait to be acted on (``StopSignals.wait``)."""


class StopSignals:
    """SIGINT and SIGTERM caught from construction on (call it in the main thread)."""

    def __init__(self) -> None:
        self.event = threading.Event()
        self._received: list[str] = []
        for sig in (signal.SIGINT, signal.SIGTERM):
            signal.signal(sig, self._handle)

    def _handle(self, number: int, _frame: object) -> None:
        self._received.append(signal.Signals(number).name)
        self.event.set()

    @property
    def name(self) -> str:
        """The first signal's name ("SIGTERM"), or "" before any came."""
        return self._received[0] if self._received else ""

    @property
    def said(self) -> str:
        """A stopped command's last line on its log: ``stopped (SIGTERM)``."""
        return f"stopped ({self.name})"

    def wait(self) -> str:
        """Block until a signal has come; its name."""
        # Never one untimed wait: a signal that lands just before the main thread blocks
        # runs its handler only when the thread next runs Python, and an untimed wait would
        # not return for that, so the stop would be lost. Each timeout gives it that chance.
        while not self.event.wait(SIGNAL_POLL_SECONDS):
            pass
        return self.name
