"""Resuming a watch: the one rule of it, shared by the sync and asyncio clients.

Ask again after the last version received, drop anything at or below it, and reconnect (from
that same version) on a gap; an outage is ridden out on the same budget as every other call
(``clients.calls.Outage``).
"""

from __future__ import annotations

import grpc
from tabletop.v1 import game_service_pb2 as pb

from clients.calls import NEVER_REACHED, RESUMABLE, Outage
from clients.errors import STREAM_LOST, TabletopError


class StreamGapError(Exception):
    """A stream skipped a version: reconnect from the last one received."""


class WatchCursor:
    """Where a resuming watch stands: the last version delivered and whether the game ended.

    ``accept`` filters one stream message: duplicates (at or below ``last``) are dropped,
    a gap raises ``StreamGapError``, and only the first caught-up marker is passed on, so
    the caller sees one unbroken stream however often it was reconnected; with ``resumes``,
    each stream's marker is passed on, so the caller also learns when it was reconnected.

    Reconnecting is for a stream that was lost: until a first message has arrived (or another
    call of the connection has ``reached`` its server), a server that cannot be reached at all
    fails the watch at once, as it fails every other call.
    """

    def __init__(
        self,
        after_version: int,
        reconnect_for: float,
        *,
        resumes: bool = False,
        reached: bool = False,
    ) -> None:
        self.last = after_version
        self.updates = 0
        self.finished = False
        self.caught_up = False
        self.resumes = resumes
        self.reconnect_for = reconnect_for
        self.outage = Outage(reconnect_for)
        self.error: TabletopError | None = None
        self.reached = reached

    def accept(self, message: pb.WatchGameResponse) -> bool:
        """True when ``message`` is to be delivered; updates the cursor."""
        self.outage.end()
        self.reached = True
        if message.HasField("caught_up"):
            first, self.caught_up = not self.caught_up, True
            return first or self.resumes
        version = message.update.event.version
        if version <= self.last:
            return False
        if version != self.last + 1:
            raise StreamGapError(f"expected version {self.last + 1}, received {version}")
        self.last = version
        self.updates += 1
        # The game may have ended, but its last event (the seed's reveal) can still be on its
        # way: the watch is over only when a stream that delivered this ends cleanly.
        self.finished = message.update.status.finished
        return True

    def needs_status(self, message: pb.WatchGameResponse) -> bool:
        """True at a caught-up marker that no update preceded: only a status call can tell
        whether the game had already ended at the version the watch resumed from."""
        return message.HasField("caught_up") and self.updates == 0

    def delay(self, error: TabletopError | None) -> float:
        """Seconds to wait before reconnecting after ``error``; raises when it is final.

        A stream that merely reached its own deadline reconnects at once; other drops wait
        as ``Outage`` says (a rate limit's delay, else a back-off) until ``reconnect_for``
        seconds of failures in a row.
        """
        if error is not None and error.code not in RESUMABLE and error.retry_delay is None:
            raise error
        if error is not None and not self.reached and error.reason in NEVER_REACHED:
            raise error
        if error is not None and error.code is grpc.StatusCode.DEADLINE_EXCEEDED:
            return 0.0
        self.error = error or self.error
        wait = self.outage.pause(error)
        if wait is None:
            raise self._lost()
        return wait

    def _lost(self) -> TabletopError:
        cause = f" ({self.error.message})" if self.error is not None else ""
        return TabletopError(
            grpc.StatusCode.UNAVAILABLE,
            STREAM_LOST,
            f"lost the game's stream after version {self.last} and could not reconnect "
            f"for {self.reconnect_for:g}s{cause}",
        )
