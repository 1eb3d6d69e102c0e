"""Group commit: many games' pending events stored in one transaction.

A commit costs a disk flush (SQLite ``synchronous=FULL``, PostgreSQL's WAL flush) and, on
PostgreSQL, a table lock and a round trip; that cost, not the rows, is what limits a
store that commits once per action. Here the first thread to arrive stores whatever every
other thread has queued meanwhile with one ``GameStore.save_together`` (one transaction)
while the rest wait; when it is done it wakes them, handing the lead to the first thread
that queued during its transaction. A lone thread commits at once, so a quiet server pays
no extra latency; a busy one commits as often as the store can, each time for everyone.

Order within a game is kept by the caller: it holds the game's lock until its own commit is
answered, so one game never has two commits in flight. Across games nothing is ordered, and
a conflict in one game (another process stored that version first) fails that game alone.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence

from eventsourcing.domain import Aggregate

from services.application.store import GameStore

MAX_GROUPS = 256
"""Groups per transaction: enough for every thread of a server, and a bound on its size."""


class _Ticket:
    """One caller's aggregates, waiting to be stored and then told the outcome."""

    __slots__ = ("failure", "finished", "group", "woken")

    def __init__(self, group: Sequence[Aggregate]) -> None:
        self.group = group
        self.woken = threading.Event()
        self.finished = False
        self.failure: BaseException | None = None


class GroupCommit:
    """Stores aggregates for many threads, one transaction per batch of waiting callers."""

    def __init__(self, store: GameStore, max_groups: int = MAX_GROUPS) -> None:
        self._store = store
        self._max_groups = max_groups
        self._lock = threading.Lock()
        self._queue: list[_Ticket] = []
        self._leading = False

    def save(self, *group: Aggregate) -> None:
        """Store ``group``'s pending events atomically, alongside other callers' groups.

        Raises IntegrityError when one of them conflicts with a stored version, and the
        store's own error when it is unavailable; either way nothing of ``group`` is stored.
        """
        ticket = _Ticket(group)
        with self._lock:
            self._queue.append(ticket)
            lead = not self._leading
            self._leading = True
        if not lead:
            ticket.woken.wait()
        if not ticket.finished:  # this thread leads the next transaction
            self._lead()
        if ticket.failure is not None:
            raise ticket.failure

    def _lead(self) -> None:
        with self._lock:
            batch = self._queue[: self._max_groups]
            del self._queue[: self._max_groups]
        try:
            outcomes = self._store.save_together([t.group for t in batch])
            for ticket, failure in zip(batch, outcomes, strict=True):
                ticket.failure = failure
        except BaseException as error:  # the store is down: every caller hears it
            for ticket in batch:
                ticket.failure = error
        with self._lock:
            successor = self._queue[0] if self._queue else None
            self._leading = successor is not None
        for ticket in batch:
            ticket.finished = True
            ticket.woken.set()
        if successor is not None:
            successor.woken.set()
