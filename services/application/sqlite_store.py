"""eventsourcing's SQLite recorders with ``PRAGMA synchronous`` as a setting.

The library turns on WAL and leaves ``synchronous`` at SQLite's default, FULL: every commit
waits for the write-ahead log to reach the disk. ``NORMAL`` lets a commit return before that
(the log is synced at checkpoints), which is several times faster per commit and can lose the
last commits, never the database's integrity, if the machine loses power; ``OFF`` leaves
syncing to the operating system entirely. docs/durability.md says what each setting trades.
Selected through ``PERSISTENCE_MODULE`` (see ``GameStore``); everything else is the library's.
"""

from __future__ import annotations

import sqlite3
import threading
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from uuid import UUID

from eventsourcing.persistence import Notification, OperationalError
from eventsourcing.sqlite import SQLiteConnection, SQLiteConnectionPool, SQLiteFactory
from eventsourcing.utils import Environment, get_topic

from services.settings import SYNCHRONOUS_MODES

SYNCHRONOUS_KEY = "SQLITE_SYNCHRONOUS"


class TunedSQLitePool(SQLiteConnectionPool):
    """The library's pool, setting ``synchronous`` on every connection it opens."""

    def __init__(self, *, synchronous: str, **kwargs: Any) -> None:
        # The base class first: the library's ``__del__`` closes every pool, even one whose
        # ``__init__`` raised, and closing needs the base's state. It opens no connection.
        super().__init__(**kwargs)
        if synchronous not in SYNCHRONOUS_MODES:
            raise ValueError(
                f"synchronous must be one of {', '.join(SYNCHRONOUS_MODES)}, not {synchronous!r}"
            )
        self.synchronous = synchronous

    def _create_connection(self) -> SQLiteConnection:
        connection = super()._create_connection()
        connection._sqlite_conn.execute(f"PRAGMA synchronous={self.synchronous}")
        return connection


class TunedSQLiteFactory(SQLiteFactory):
    """``eventsourcing.sqlite``'s factory with the tuned pool."""

    def __init__(self, env: Environment | dict[str, str] | None) -> None:
        super().__init__(env)
        library_pool = self.datastore.pool
        self.datastore.pool = TunedSQLitePool(
            synchronous=self.env.get(SYNCHRONOUS_KEY, "FULL").upper(),
            db_name=library_pool.db_name,
            lock_timeout=library_pool.lock_timeout,
        )
        library_pool.close()  # it has opened no connection yet


FACTORY_TOPIC = get_topic(TunedSQLiteFactory)


class DirectReads:
    """The two reads made most often, each one query on a connection of its own.

    Every read of a cached game asks "has this game events after version v?", and the
    publisher reads the notification log a few events at a time after every write. Through
    the library's connection pool and explicit transaction each costs several times the
    query itself, so here each thread keeps a read-only connection of its own, and a lone
    SELECT is its own read transaction, which in WAL mode sees every commit made before it
    began. The rows are the library's own (``Notification``), read by its own mapper.
    """

    NEWER = "SELECT 1 FROM stored_events WHERE originator_id=? AND originator_version>? LIMIT 1"
    NOTIFICATIONS = (
        "SELECT rowid, originator_id, originator_version, topic, state FROM stored_events "
        "WHERE rowid>? AND topic IN ({topics}) ORDER BY rowid LIMIT ?"
    )

    def __init__(self, path: Path) -> None:
        self._path = path
        self._local = threading.local()
        self._opened: list[sqlite3.Connection] = []
        self._lock = threading.Lock()

    def has_newer(self, game_id: UUID, version: int) -> bool:
        found = self._rows(self.NEWER, (game_id.hex, version))
        return bool(found)

    def notifications(self, after: int, limit: int, topics: Sequence[str]) -> list[Notification]:
        """Up to ``limit`` stored events of the ``topics`` after position ``after``, in
        order: what the library's ``select_notifications`` answers."""
        query = self.NOTIFICATIONS.format(topics=",".join("?" * len(topics)))
        return [
            Notification(
                id=position,
                originator_id=UUID(originator_id),
                originator_version=version,
                topic=topic,
                state=state,
            )
            for position, originator_id, version, topic, state in self._rows(
                query, (after, *topics, limit)
            )
        ]

    def close(self) -> None:
        with self._lock:
            for connection in self._opened:
                connection.close()
            self._opened.clear()

    def _rows(self, query: str, parameters: Sequence[object]) -> list[Any]:
        try:
            return self._connection().execute(query, parameters).fetchall()
        except sqlite3.Error as error:
            raise OperationalError(error) from error

    def _connection(self) -> sqlite3.Connection:
        connection: sqlite3.Connection | None = getattr(self._local, "connection", None)
        if connection is None:
            connection = sqlite3.connect(self._path, isolation_level=None, check_same_thread=False)
            connection.execute("PRAGMA query_only=1")
            self._local.connection = connection
            with self._lock:
                self._opened.append(connection)
        return connection


def watch_data_version(
    path: Path,
    wake: Callable[[], None],
    stop: threading.Event,
    waiting: threading.Event,
    every: float = 0.002,
) -> None:
    """Call ``wake`` whenever another connection commits to the database, until ``stop``,
    checking only while ``waiting`` is set (its follower has caught up and waits).

    ``PRAGMA data_version`` changes exactly then and reads no table, so checking it every
    couple of milliseconds lets a follower in another process react to a commit within
    that time instead of polling the notification log. While the follower is busy it reads
    the log again anyway, and each check would only take the interpreter lock from it; a
    commit made meanwhile still wakes it when it waits again.
    """
    connection = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    try:
        seen = connection.execute("PRAGMA data_version").fetchone()[0]
        while not stop.wait(every):
            if not waiting.wait(0.1):
                continue  # busy: look again, or at ``stop``, a moment later
            now = connection.execute("PRAGMA data_version").fetchone()[0]
            if now != seen:
                seen = now
                wake()
    finally:
        connection.close()
