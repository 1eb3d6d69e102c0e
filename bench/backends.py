"""Where a benchmark's games live: the embedded default, or PostgreSQL + Redis.

Each backend is fresh and private to one run: a SQLite file in a scratch folder, or a new
schema in an existing PostgreSQL database (dropped afterwards) with a redis-server of its own
on a free port (so nothing else using a shared Redis can disturb, or be disturbed by, it).
"""

from __future__ import annotations

import dataclasses
import os
import shutil
import socket
import subprocess
import time
import uuid
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from pathlib import Path

import psycopg
import redis

from services.settings import Settings

BENCH_POSTGRES_DB = os.environ.get("BENCH_POSTGRES_DB", "test")


@dataclass(frozen=True)
class Backend:
    """A store (and Redis, when scaled out) as settings, and as a server's environment."""

    name: str
    settings: Settings
    env: dict[str, str]

    @property
    def redis_url(self) -> str:
        return self.settings.redis_url


@contextmanager
def embedded(folder: Path, synchronous: str = "FULL") -> Iterator[Backend]:
    """A SQLite file and the in-process bus: what `tabletop serve` runs by default."""
    path = folder / f"bench-{uuid.uuid4().hex[:8]}.db"
    settings = Settings(store="sqlite", sqlite_path=path, sqlite_synchronous=synchronous)
    env = {
        "TABLETOP_STORE": "sqlite",
        "TABLETOP_SQLITE_PATH": str(path),
        "TABLETOP_SQLITE_SYNCHRONOUS": synchronous,
    }
    name = "embedded" if synchronous == "FULL" else f"embedded {synchronous.lower()}"
    yield Backend(name, settings, env)


def embedded_normal(folder: Path) -> AbstractContextManager[Backend]:
    """The embedded default with ``TABLETOP_SQLITE_SYNCHRONOUS=NORMAL`` (docs/durability.md)."""
    return embedded(folder, "NORMAL")


@contextmanager
def scaled(folder: Path) -> Iterator[Backend]:
    """A fresh PostgreSQL schema and a private Redis: the scale-out layout of deploy/."""
    base = Settings.from_env()
    with postgres_schema(base) as schema, private_redis(folder) as url:
        settings = dataclasses.replace(
            base, store="postgres", postgres_db=BENCH_POSTGRES_DB, postgres_schema=schema,
            redis_url=url,
        )  # fmt: skip
        env = {
            "TABLETOP_STORE": "postgres",
            "TABLETOP_POSTGRES_HOST": settings.postgres_host,
            "TABLETOP_POSTGRES_PORT": str(settings.postgres_port),
            "TABLETOP_POSTGRES_USER": settings.postgres_user,
            "TABLETOP_POSTGRES_PASSWORD": settings.postgres_password,
            "TABLETOP_POSTGRES_DB": BENCH_POSTGRES_DB,
            "TABLETOP_POSTGRES_SCHEMA": schema,
            "TABLETOP_REDIS_URL": url,
        }
        yield Backend("postgres+redis", settings, env)


@contextmanager
def postgres_schema(settings: Settings) -> Iterator[str]:
    """A new schema in the benchmark database, dropped with everything in it afterwards."""
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    connection = psycopg.connect(
        host=settings.postgres_host,
        port=settings.postgres_port,
        user=settings.postgres_user,
        password=settings.postgres_password,
        dbname=BENCH_POSTGRES_DB,
        autocommit=True,
        connect_timeout=5,
    )
    with connection:
        connection.execute(f'CREATE SCHEMA "{schema}"')
        try:
            yield schema
        finally:
            connection.execute(f'DROP SCHEMA "{schema}" CASCADE')


@contextmanager
def private_redis(folder: Path) -> Iterator[str]:
    """A redis-server of our own on a free port (no persistence); its URL."""
    binary = shutil.which("redis-server")
    if binary is None:
        raise RuntimeError("the scaled-out benchmark needs redis-server on PATH")
    port = free_port()
    command = [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
               "--appendonly", "no", "--dir", str(folder)]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    try:
        _wait_for_redis(port)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        process.terminate()
        process.wait(10)


def _wait_for_redis(port: int) -> None:
    client = redis.Redis(port=port, socket_timeout=1)
    for _ in range(200):
        try:
            client.ping()
            return
        except redis.ConnectionError:
            time.sleep(0.05)
    raise RuntimeError("redis-server did not start")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
