"""A follower of a SQLite store in another process is woken by each commit, and only while it
waits: while it is busy (reading the log anyway) the watch leaves it alone, and a commit made
then wakes it as soon as it waits again."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from services.application.sqlite_store import watch_data_version


class Watch:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.woken = threading.Event()
        self.waiting = threading.Event()
        self.stop = threading.Event()
        self.thread = threading.Thread(
            target=watch_data_version, args=(path, self.woken.set, self.stop, self.waiting)
        )

    def prime(self) -> None:
        """Until the watch has read the file's version: a commit made before that would be
        part of the version it starts from, and wake no one."""
        self.waiting.set()
        for _ in range(50):
            self.commit()
            if self.woken.wait(0.1):
                break
        else:
            raise AssertionError("the watch never saw a commit")
        self.waiting.clear()
        time.sleep(0.1)  # the watch is back between checks, not in the middle of one
        self.woken.clear()

    def commit(self) -> None:
        """A write by another connection, as another process's would be."""
        with sqlite3.connect(self.path) as writer:
            writer.execute("INSERT INTO t VALUES (1)")


@pytest.fixture
def watch(tmp_path: Path) -> Iterator[Watch]:
    path = tmp_path / "store.db"
    with sqlite3.connect(path) as setup:
        setup.execute("PRAGMA journal_mode=WAL")
        setup.execute("CREATE TABLE t (x)")
    watch = Watch(path)
    watch.thread.start()
    watch.prime()
    yield watch
    watch.stop.set()
    watch.thread.join(5)
    assert not watch.thread.is_alive(), "the watch ends when told to stop"


def test_a_waiting_follower_is_woken_by_each_commit(watch: Watch) -> None:
    watch.waiting.set()
    for _ in range(3):
        watch.woken.clear()
        watch.commit()
        assert watch.woken.wait(2), "woken within moments of the commit"


def test_a_busy_follower_is_woken_only_once_it_waits(watch: Watch) -> None:
    watch.commit()
    assert not watch.woken.wait(0.3), "busy: left alone"
    watch.waiting.set()
    assert watch.woken.wait(2), "the commit made while it was busy wakes it"
