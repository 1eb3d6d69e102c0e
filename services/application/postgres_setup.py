"""Opening a PostgreSQL store one process at a time.

Opening an eventsourcing application makes sure its tables exist, and on PostgreSQL that
includes ``CREATE OR REPLACE FUNCTION``: a catalog update that two sessions cannot make at
once (the loser fails with "tuple concurrently updated"). The servers and publishers of one
deployment start together, so each holds a PostgreSQL advisory lock while it opens the store.
The lock is held by its own connection and is released when that closes, even by a crash.

Opening is also where a wrong setting shows (no server, no such database or schema), so
those failures become ``SettingsError``: one line that names the setting and what to do.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

import psycopg
from eventsourcing.persistence import ProgrammingError
from psycopg.errors import InvalidSchemaName

from services.settings import Settings, SettingsError

SETUP_LOCK = 0x7461626C65746F70
"""The advisory lock's key: "tabletop" in ASCII, far from any other application's."""


@contextmanager
def one_opener_at_a_time(settings: Settings) -> Iterator[None]:
    """Hold the setup lock of ``settings``' PostgreSQL database while the body runs (on the
    other stores, nothing to hold).

    Raises ``SettingsError`` when the server cannot be reached or the database or schema
    does not exist.
    """
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
        raise SettingsError(_unreachable(settings, str(error))) from None
    with connection:
        connection.execute("SELECT pg_advisory_lock(%s)", (SETUP_LOCK,))
        try:
            yield
        except ProgrammingError as error:
            if isinstance(error.__cause__, InvalidSchemaName):
                raise SettingsError(_no_schema(settings)) from None
            raise


def _unreachable(settings: Settings, failure: str) -> str:
    """What to do about a failed connection. libpq reports a missing database only in its
    message (the error carries no SQLSTATE), so that one case is told by the message."""
    db = settings.postgres_db
    if f'database "{db}" does not exist' in failure:
        return (
            f'PostgreSQL database "{db}" does not exist; create it '
            f"(createdb {db}, or psql -c 'CREATE DATABASE {db}') "
            "or name an existing one with TABLETOP_POSTGRES_DB or --postgres-db"
        )
    # libpq: 'connection failed: connection to server at ... failed: <why>\n\t<hint>'
    why = failure.splitlines()[0].rsplit("failed: ", 1)[-1].strip()
    return (
        f"cannot connect to PostgreSQL at {settings.postgres_host}:{settings.postgres_port} "
        f"as {settings.postgres_user!r} ({why}); is it running? Check TABLETOP_POSTGRES_HOST, "
        "TABLETOP_POSTGRES_PORT, TABLETOP_POSTGRES_USER and TABLETOP_POSTGRES_PASSWORD"
    )


def _no_schema(settings: Settings) -> str:
    schema, db = settings.postgres_schema, settings.postgres_db
    return (
        f'PostgreSQL schema "{schema}" does not exist in database "{db}"; create it '
        f"(psql -d {db} -c 'CREATE SCHEMA {schema}') or name an existing one with "
        "TABLETOP_POSTGRES_SCHEMA"
    )
