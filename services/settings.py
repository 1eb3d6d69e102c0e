"""Service settings, read once from the environment into a frozen record.

Nothing connects at import time; factories take a ``Settings``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

STORES = ("memory", "sqlite", "postgres")


@dataclass(frozen=True)
class Settings:
    """Where games are stored, where updates go, and how the server listens.

    ``TABLETOP_STORE``: ``sqlite`` (default, a file), ``memory`` (tests) or ``postgres``.
    ``TABLETOP_SQLITE_SYNCHRONOUS``: ``FULL`` (default), ``NORMAL`` or ``OFF``; what each
    trades is in docs/durability.md.
    ``TABLETOP_REDIS_URL``: publish to Redis; empty means the in-process bus.
    ``TABLETOP_TLS_CERT``/``TABLETOP_TLS_KEY``: serve TLS with this PEM chain and key.
    ``TABLETOP_RATE_LIMIT``/``TABLETOP_RATE_BURST``: requests a second (and at once) per
    token or peer; 0 means unlimited.
    """

    store: str = "sqlite"
    sqlite_path: Path = Path("var/tabletop.db")
    sqlite_synchronous: str = "FULL"
    postgres_host: str = "127.0.0.1"
    postgres_port: int = 5432
    postgres_db: str = "tabletop"
    postgres_user: str = "postgres"
    postgres_password: str = ""
    postgres_schema: str = ""
    redis_url: str = ""
    host: str = "127.0.0.1"
    port: int = 50051
    arbiter_token: str = ""
    tls_cert: Path | None = None
    tls_key: Path | None = None
    rate_limit: float = 0.0
    rate_burst: int = 0

    @staticmethod
    def from_env(environ: Mapping[str, str] | None = None) -> Settings:
        env = os.environ if environ is None else environ
        store = env.get("TABLETOP_STORE", "sqlite")
        if store not in STORES:
            raise ValueError(f"TABLETOP_STORE must be one of {', '.join(STORES)}, not {store!r}")
        return Settings(
            store=store,
            sqlite_path=Path(env.get("TABLETOP_SQLITE_PATH", "var/tabletop.db")),
            sqlite_synchronous=env.get("TABLETOP_SQLITE_SYNCHRONOUS", "FULL").upper(),
            postgres_host=env.get("TABLETOP_POSTGRES_HOST", "127.0.0.1"),
            postgres_port=int(env.get("TABLETOP_POSTGRES_PORT", "5432")),
            postgres_db=env.get("TABLETOP_POSTGRES_DB", "tabletop"),
            postgres_user=env.get("TABLETOP_POSTGRES_USER", "postgres"),
            postgres_password=env.get("TABLETOP_POSTGRES_PASSWORD", ""),
            postgres_schema=env.get("TABLETOP_POSTGRES_SCHEMA", ""),
            redis_url=env.get("TABLETOP_REDIS_URL", ""),
            host=env.get("TABLETOP_HOST", "127.0.0.1"),
            port=int(env.get("TABLETOP_PORT", "50051")),
            arbiter_token=env.get("TABLETOP_ARBITER_TOKEN", ""),
            tls_cert=_optional_path(env.get("TABLETOP_TLS_CERT", "")),
            tls_key=_optional_path(env.get("TABLETOP_TLS_KEY", "")),
            rate_limit=float(env.get("TABLETOP_RATE_LIMIT", "0")),
            rate_burst=int(env.get("TABLETOP_RATE_BURST", "0")),
        )

    def eventsourcing_env(self) -> dict[str, str]:
        """The environment eventsourcing's own recorders read."""
        if self.store == "memory":
            return {"PERSISTENCE_MODULE": "eventsourcing.popo"}
        if self.store == "sqlite":
            self.sqlite_path.parent.mkdir(parents=True, exist_ok=True)
            return {
                "PERSISTENCE_MODULE": "eventsourcing.sqlite",
                "SQLITE_DBNAME": str(self.sqlite_path),
            }
        env = {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_HOST": self.postgres_host,
            "POSTGRES_PORT": str(self.postgres_port),
            "POSTGRES_DBNAME": self.postgres_db,
            "POSTGRES_USER": self.postgres_user,
            "POSTGRES_PASSWORD": self.postgres_password,
            # Bounds on waiting while PostgreSQL is down or stuck (docs/reliability.md): the
            # library tries each statement 10 times, each waiting this long for a pooled
            # connection, so a call fails UNAVAILABLE within about 12 s instead of a minute;
            # and a write waits at most this long for the table lock its insert takes.
            "POSTGRES_CONNECT_TIMEOUT": "1",
            "POSTGRES_LOCK_TIMEOUT": "5",
        }
        if self.postgres_schema:
            env["POSTGRES_SCHEMA"] = self.postgres_schema
        return env


def _optional_path(value: str) -> Path | None:
    return Path(value) if value else None
