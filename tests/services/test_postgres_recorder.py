"""The PostgreSQL recorder's one-statement insert keeps every promise of the library's
transaction: a batch whole or not at all, notification ids in commit order behind the
table lock, a NOTIFY per insert (services/application/postgres_store.py)."""

from __future__ import annotations

import threading
import uuid
from collections.abc import Iterator

import psycopg
import pytest
from eventsourcing.persistence import IntegrityError, StoredEvent

from services.application import GameStore
from services.application.postgres_store import OneStatementRecorder
from services.settings import Settings
from tests.support.services import POSTGRES, postgres_schema

pytestmark = pytest.mark.integration


@pytest.fixture
def store() -> Iterator[GameStore]:
    with postgres_schema() as schema:
        store = GameStore(Settings(store="postgres", postgres_db="test", postgres_schema=schema))
        yield store
        store.close()


def _recorder(store: GameStore) -> OneStatementRecorder:
    assert isinstance(store.recorder, OneStatementRecorder)
    return store.recorder


def _events(game: uuid.UUID, *versions: int) -> list[StoredEvent]:
    return [StoredEvent(game, v, "topic", b'{"v": %d}' % v) for v in versions]


def _connect(recorder: OneStatementRecorder) -> psycopg.Connection[tuple[object, ...]]:
    connection = psycopg.connect(**POSTGRES, autocommit=True)  # type: ignore[arg-type]
    connection.execute(f'SET search_path TO "{recorder.datastore.schema}"')
    return connection


def test_a_batch_is_stored_in_order_with_its_notification_ids(store: GameStore) -> None:
    recorder, game = _recorder(store), uuid.uuid4()
    ids = recorder.insert_events(_events(game, 1, 2, 3))
    stored = recorder.select_notifications(start=None, limit=10)
    assert ids == [n.id for n in stored] and ids == sorted(ids)
    assert [(n.originator_id, n.originator_version, n.state) for n in stored] == [
        (game, v, b'{"v": %d}' % v) for v in (1, 2, 3)
    ]
    assert recorder.insert_events([]) == []


def test_a_batch_holding_a_stored_version_stores_nothing(store: GameStore) -> None:
    recorder, game, other = _recorder(store), uuid.uuid4(), uuid.uuid4()
    recorder.insert_events(_events(game, 1))
    with pytest.raises(IntegrityError):
        recorder.insert_events(_events(other, 1) + _events(game, 1))
    assert recorder.select_events(other) == []
    assert [e.originator_version for e in recorder.select_events(game)] == [1]


def test_an_insert_waits_for_the_table_lock(store: GameStore) -> None:
    """Another transaction's uncommitted insert keeps this one, and the notification ids it
    would take, from committing before it: the order the publisher relies on. (Without the
    lock, inserts of different games would not wait for each other.)"""
    recorder = _recorder(store)
    holder = _connect(recorder)
    holder.execute("BEGIN")  # as another writer's insert would, uncommitted
    holder.execute(f'LOCK TABLE "{recorder.events_table_name}" IN ROW EXCLUSIVE MODE')
    done = threading.Event()

    def write() -> None:
        recorder.insert_events(_events(uuid.uuid4(), 1))
        done.set()

    writer = threading.Thread(target=write)
    writer.start()
    try:
        assert not done.wait(0.5), "the insert did not wait for the table lock"
    finally:
        holder.execute("COMMIT")
        holder.close()
    assert done.wait(10)
    writer.join()


def test_an_insert_notifies_the_libraries_channel(store: GameStore) -> None:
    recorder = _recorder(store)
    with psycopg.connect(**POSTGRES, autocommit=True) as listener:  # type: ignore[arg-type]
        listener.execute(f'LISTEN "{recorder.channel_name}"')
        recorder.insert_events(_events(uuid.uuid4(), 1))
        heard = [n.channel for n in listener.notifies(timeout=5, stop_after=1)]
    assert heard == [recorder.channel_name]
