"""Threads of their own for streams, so open streams never take the threads of other calls.

grpcio's synchronous server runs each call on a thread of its pool until the call ends, and a
``WatchGame`` stream lasts as long as its client watches. On the unary calls' pool, a few
dozen watchers would take every thread, and every other call would wait for one of them to
close. So streams run on this pool instead (gRPC's ``experimental_thread_pool``), and a stream
that finds every one of its slots taken is refused at once, as RESOURCE_EXHAUSTED with the
reason ``STREAMS_BUSY`` and a ``RetryInfo``, rather than left waiting unanswered.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from concurrent import futures
from contextlib import contextmanager

from services.grpc_api.limits import RateLimitedError

STREAM_SLOTS = 256
"""Streams open at once per server process: mostly waiting, each costs a thread's stack."""

SPARE_THREADS = 16
"""Threads beyond the slots, so that a stream arriving when every slot is taken gets a thread
to be refused on at once, instead of queueing until a slot frees."""

BUSY_RETRY_SECONDS = 1.0


class StreamsBusyError(RateLimitedError):
    """Every stream slot of this server is taken; the caller may retry, here or elsewhere."""

    reason = "STREAMS_BUSY"


class StreamThreads:
    """The pool that streams run on, and the count of slots a stream may hold."""

    def __init__(self, slots: int = STREAM_SLOTS) -> None:
        self.slots = slots
        self.pool = futures.ThreadPoolExecutor(
            max_workers=slots + SPARE_THREADS, thread_name_prefix="grpc-stream"
        )
        self._free = threading.BoundedSemaphore(slots)

    @contextmanager
    def slot(self) -> Iterator[None]:
        """Hold one slot while the stream runs; StreamsBusyError when none is free."""
        if not self._free.acquire(blocking=False):
            raise StreamsBusyError(
                f"this server has {self.slots} streams open, as many as it serves at once; "
                f"retry in {BUSY_RETRY_SECONDS:g} s, or follow the game on Redis "
                "(docs/api.md)",
                retry_after=BUSY_RETRY_SECONDS,
            )
        try:
            yield
        finally:
            self._free.release()
