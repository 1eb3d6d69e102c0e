"""Stopping the shared PostgreSQL cluster for a fault test, and always starting it again.

CI runs the tests one after another, so a few seconds without PostgreSQL harm no one else;
``postgres_stopped`` restarts it in a ``finally`` and waits until it answers queries, whatever
the test did meanwhile.
"""

from __future__ import annotations

import shutil
import subprocess
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg

from tests.support.services import POSTGRES, unavailable

CONF = Path("/etc/postgresql")


def _cluster() -> list[str]:
    """``pg_ctlcluster`` and the version of the one cluster this machine has."""
    command = shutil.which("pg_ctlcluster")
    versions = sorted(p.name for p in CONF.iterdir()) if CONF.is_dir() else []
    if command is None or len(versions) != 1:
        unavailable("pg_ctlcluster with one cluster", FileNotFoundError(str(versions)))
    return [str(command), "--skip-systemctl-redirect", versions[0], "main"]


def postgres_answers() -> bool:
    try:
        with psycopg.connect(**POSTGRES, connect_timeout=2) as connection:  # type: ignore[arg-type]
            connection.execute("SELECT 1")
        return True
    except psycopg.OperationalError:
        return False


def wait_for_postgres(seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while not postgres_answers():
        if time.monotonic() > deadline:
            raise RuntimeError("PostgreSQL did not come back")
        time.sleep(0.2)


@contextmanager
def postgres_stopped() -> Iterator[None]:
    """PostgreSQL stopped (fast shutdown) for the body; started again, and answering, after."""
    cluster = _cluster()
    wait_for_postgres()
    subprocess.run([*cluster, "stop"], check=True, capture_output=True, timeout=60)
    try:
        yield
    finally:
        subprocess.run([*cluster, "start"], check=False, capture_output=True, timeout=60)
        wait_for_postgres()


@contextmanager
def fresh_schema() -> Iterator[str]:
    """A new schema in the test database, dropped afterwards over a new connection (the
    connection that made it may not survive a restart)."""
    schema = f"t_{uuid.uuid4().hex[:12]}"
    try:
        with psycopg.connect(**POSTGRES, autocommit=True, connect_timeout=3) as connection:  # type: ignore[arg-type]
            connection.execute(f'CREATE SCHEMA "{schema}"')
    except psycopg.OperationalError as error:
        unavailable("PostgreSQL on 127.0.0.1:5432", error)
    try:
        yield schema
    finally:
        wait_for_postgres()
        with psycopg.connect(**POSTGRES, autocommit=True, connect_timeout=3) as connection:  # type: ignore[arg-type]
            connection.execute(f'DROP SCHEMA "{schema}" CASCADE')
