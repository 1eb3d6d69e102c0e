"""What the use cases of every kind of stream (games, tournaments) share: one in-process lock
per stream, store failures turned into ``StoreUnavailableError`` (UNAVAILABLE), and reading
a stream's id."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from eventsourcing.persistence import IntegrityError, PersistenceError

from services.application.errors import StoreUnavailableError


class StreamLocks:
    """One lock per stream id, made on first use: writes to one stream are serialised in this
    process (across processes the store's unique (stream, version) key decides)."""

    def __init__(self) -> None:
        self._locks: dict[uuid.UUID, threading.Lock] = {}
        self._guard = threading.Lock()

    @contextmanager
    def hold(self, stream_id: uuid.UUID) -> Iterator[None]:
        with self._guard:
            lock = self._locks.setdefault(stream_id, threading.Lock())
        with lock:
            yield


@contextmanager
def store_guard() -> Iterator[None]:
    """A store that fails (down, timed out) is reported as unavailable; a conflict
    (IntegrityError) is left for the caller, which answers it as a concurrent write."""
    try:
        yield
    except IntegrityError:
        raise
    except PersistenceError as exc:
        raise StoreUnavailableError(
            f"the event store is unavailable: {type(exc).__name__}"
        ) from exc


ID_FORM = "36 characters, lowercase hex in groups of 8-4-4-4-12 joined by hyphens"


def canonical_uuid(text: str) -> uuid.UUID | None:
    """The UUID ``text`` spells in its canonical form (as the server wrote it), or None.

    ``uuid.UUID`` also reads upper case, braces, ``urn:uuid:`` and hex without hyphens; an id
    in one of those spellings would be answered and echoed back in it, so only the one
    spelling is accepted.
    """
    if not isinstance(text, str) or len(text) != 36:
        return None
    try:
        parsed = uuid.UUID(text)
    except ValueError:
        return None
    return parsed if str(parsed) == text else None


def quoted(text: str, limit: int = 40) -> str:
    """``text`` quoted for a message, cut after ``limit`` characters."""
    return repr(text) if len(text) <= limit else f"{text[:limit]!r}…"
