"""Real PostgreSQL and Redis for integration tests.

A missing service skips its tests on a developer's machine and fails them when
``REQUIRE_SERVICES=1`` (as CI sets), so CI can never pass by skipping them.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg
import pytest
import redis

POSTGRES = {"host": "127.0.0.1", "port": 5432, "dbname": "test", "user": "postgres"}
REDIS_URL = os.environ.get("TABLETOP_TEST_REDIS_URL", "redis://127.0.0.1:6379/9")


def unavailable(what: str, error: Exception) -> None:
    message = f"{what} is not available: {error}"
    if os.environ.get("REQUIRE_SERVICES") == "1":
        pytest.fail(message)
    pytest.skip(message)


@contextmanager
def postgres_schema() -> Iterator[str]:
    """A fresh schema in the test database, dropped afterwards."""
    schema = f"t_{uuid.uuid4().hex[:12]}"
    try:
        connection = psycopg.connect(**POSTGRES, autocommit=True, connect_timeout=3)  # type: ignore[arg-type]
    except psycopg.OperationalError as error:
        unavailable("PostgreSQL on 127.0.0.1:5432", error)
    with connection:
        connection.execute(f'CREATE SCHEMA "{schema}"')
        try:
            yield schema
        finally:
            connection.execute(f'DROP SCHEMA "{schema}" CASCADE')


def redis_client() -> redis.Redis:
    """The test Redis database, emptied."""
    client = redis.Redis.from_url(REDIS_URL, socket_timeout=3)
    try:
        client.flushdb()
    except redis.RedisError as error:
        unavailable(f"Redis at {REDIS_URL}", error)
    return client


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class RedisProcess:
    """A private redis-server that a test may stop and start (its data survives restarts)."""

    def __init__(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            unavailable("redis-server", FileNotFoundError("not on PATH"))
        self.binary = str(binary)
        self.port = free_port()
        self.directory = Path(tempfile.mkdtemp(prefix="tabletop-redis-"))
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                self.binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--dir",
                str(self.directory),
                "--appendonly",
                "yes",
                "--save",
                "",
            ],
            stdout=subprocess.DEVNULL,
        )
        client = redis.Redis(port=self.port, socket_timeout=1)
        for _ in range(100):
            try:
                client.ping()
                return
            except redis.ConnectionError:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not start")

    def stop(self) -> None:
        if self.process is not None:
            self.process.terminate()
            self.process.wait(10)
            self.process = None

    def remove(self) -> None:
        self.stop()
        shutil.rmtree(self.directory, ignore_errors=True)
