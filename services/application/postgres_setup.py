"""Opening a PostgreSQL store one process at a time.

Opening an eventsourcing application makes sure its tables exist, and on PostgreSQL that
includes ``CREATE OR REPLACE FUNCTION``: a catalog update that two sessions cannot make at
once (the loser fails with "tuple concurrently updated"). The servers and publishers of one
deployment start together, so each holds a PostgreSQL advisory lock while it opens the store.
The lock is held by its own connection and is released when that closes, even by a crash.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
from eventsourcing.persistence import OperationalError

from services.settings import Settings

SETUP_LOCK = 0x7461626C65746F70
"""The advisory lock's key: "tabletop" in ASCII, far from any other application's."""


@contextmanager
def one_opener_at_a_time(settings: Settings) -> Iterator[None]:
    """Hold the setup lock of ``settings``' PostgreSQL database while the body runs (on the
    other stores, nothing to hold)."""
    if settings.store != "postgres":
        yield
        return
    try:
        connection = psycopg.connect(
            host=settings.postgres_host,
            port=settings.postgres_port,
            dbname=settings.postgres_db,
            user=settings.postgres_user,
            password=settings.postgres_password,
            autocommit=True,
            connect_timeout=10,
        )
    except psycopg.OperationalError as error:
        raise OperationalError(f"cannot reach PostgreSQL: {error}") from error
    with connection:
        connection.execute("SELECT pg_advisory_lock(%s)", (SETUP_LOCK,))
        yield
