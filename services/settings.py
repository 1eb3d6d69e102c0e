"""Service settings, read once from the environment into a frozen record.

Nothing connects at import time; factories take a ``Settings``.
"""

from __future__ import annotations

import math
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

STORES = ("memory", "sqlite", "postgres")
SYNCHRONOUS_MODES = ("FULL", "NORMAL", "OFF")
"""SQLite's ``PRAGMA synchronous`` levels the store accepts (docs/durability.md)."""
DAY_SECONDS = 24 * 60 * 60
MAX_RETENTION = 3650 * DAY_SECONDS
"""Ten years: longer is for ever in practice, and Redis refuses times past its own range."""
IDLE_RETENTION = 30 * DAY_SECONDS

LEASE_SECONDS = 5.0
"""How long the active publisher's Redis lease lasts unrenewed: a standby takes over within it."""


@dataclass(frozen=True)
class StreamRetention:
    """How long a game's Redis streams are kept after their last message, in seconds (0: for
    ever): ``finished`` once the game has ended, ``idle`` while it has not, so neither ended
    nor abandoned games hold Redis's memory for ever. The store keeps every event."""

    finished: int = DAY_SECONDS
    idle: int = IDLE_RETENTION

    def after(self, *, game_over: bool) -> int:
        """The seconds a stream is kept after a message, given whether the game is over."""
        return self.finished if game_over else self.idle


DEFAULT_STREAM_RETENTION = StreamRetention()


class SettingsError(ValueError):
    """The service cannot start with these settings: a value is malformed, or what it names
    (a PostgreSQL server, database or schema) is not there. The message names the setting
    and says what to do; the command line prints it as one line and exits 2."""


@dataclass(frozen=True)
class Settings:
    """Where games are stored, where updates go, and how the server listens.

    ``TABLETOP_STORE``: ``sqlite`` (default, a file), ``memory`` (tests) or ``postgres``.
    ``TABLETOP_SQLITE_SYNCHRONOUS``: ``FULL`` (default), ``NORMAL`` or ``OFF``; what each
    trades is in docs/durability.md.
    ``TABLETOP_REDIS_URL``: publish to Redis; empty means the in-process bus.
    ``TABLETOP_STREAM_RETENTION``: seconds a finished game's Redis streams are kept (default
    a day; 0 keeps them for ever); ``TABLETOP_STREAM_IDLE_RETENTION``: the same for a game not
    yet finished, after its last event (default 30 days). The store keeps every event.
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
    stream_retention: StreamRetention = DEFAULT_STREAM_RETENTION
    host: str = "127.0.0.1"
    port: int = 50051
    arbiter_token: str = ""
    tls_cert: Path | None = None
    tls_key: Path | None = None
    rate_limit: float = 0.0
    rate_burst: int = 0

    def store_name(self) -> str:
        """The store, as a log line names it: kind and place (never a password)."""
        if self.store == "sqlite":
            return f"sqlite {self.sqlite_path}"
        if self.store == "postgres":
            where = f"{self.postgres_host}:{self.postgres_port}/{self.postgres_db}"
            # The schema picks which games are served, so it belongs in the log.
            schema = f" schema {self.postgres_schema}" if self.postgres_schema else ""
            return f"postgres {where}{schema}"
        return "memory"

    @staticmethod
    def from_env(environ: Mapping[str, str] | None = None) -> Settings:
        """The settings the environment gives; an empty variable counts as unset.

        Raises ``SettingsError`` naming the first variable whose value cannot be used.
        """
        env = os.environ if environ is None else environ
        return Settings(
            store=_choice(env, "TABLETOP_STORE", "sqlite", STORES),
            sqlite_path=Path(env.get("TABLETOP_SQLITE_PATH", "var/tabletop.db")),
            sqlite_synchronous=_choice(
                env, "TABLETOP_SQLITE_SYNCHRONOUS", "FULL", SYNCHRONOUS_MODES, upper=True
            ),
            postgres_host=env.get("TABLETOP_POSTGRES_HOST", "127.0.0.1"),
            postgres_port=_whole(env, "TABLETOP_POSTGRES_PORT", 5432, low=1, high=65535),
            postgres_db=env.get("TABLETOP_POSTGRES_DB", "tabletop"),
            postgres_user=env.get("TABLETOP_POSTGRES_USER", "postgres"),
            postgres_password=env.get("TABLETOP_POSTGRES_PASSWORD", ""),
            postgres_schema=env.get("TABLETOP_POSTGRES_SCHEMA", ""),
            redis_url=env.get("TABLETOP_REDIS_URL", ""),
            stream_retention=StreamRetention(
                finished=_whole(
                    env, "TABLETOP_STREAM_RETENTION", DAY_SECONDS, low=0, high=MAX_RETENTION
                ),
                idle=_whole(
                    env, "TABLETOP_STREAM_IDLE_RETENTION", IDLE_RETENTION, low=0, high=MAX_RETENTION
                ),
            ),
            host=env.get("TABLETOP_HOST", "127.0.0.1"),
            port=_whole(env, "TABLETOP_PORT", 50051, low=0, high=65535),
            arbiter_token=env.get("TABLETOP_ARBITER_TOKEN", ""),
            tls_cert=_optional_path(env.get("TABLETOP_TLS_CERT", "")),
            tls_key=_optional_path(env.get("TABLETOP_TLS_KEY", "")),
            rate_limit=_rate(env, "TABLETOP_RATE_LIMIT"),
            rate_burst=_whole(env, "TABLETOP_RATE_BURST", 0, low=0),
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
            # connection, so a call fails UNAVAILABLE within about 12 s instead of five minutes
            # (the library's default is 30 s);
            # and a write waits at most this long for the table lock its insert takes.
            "POSTGRES_CONNECT_TIMEOUT": "1",
            "POSTGRES_LOCK_TIMEOUT": "5",
        }
        if self.postgres_schema:
            env["POSTGRES_SCHEMA"] = self.postgres_schema
        return env


def _optional_path(value: str) -> Path | None:
    return Path(value) if value else None


def _choice(
    env: Mapping[str, str],
    name: str,
    default: str,
    allowed: tuple[str, ...],
    *,
    upper: bool = False,
) -> str:
    raw = env.get(name) or default
    value = raw.upper() if upper else raw
    if value not in allowed:
        raise SettingsError(f"{name} must be one of {', '.join(allowed)}, not {raw!r}")
    return value


def _whole(
    env: Mapping[str, str], name: str, default: int, *, low: int, high: int | None = None
) -> int:
    raw = env.get(name) or str(default)
    bounds = f"from {low} to {high}" if high is not None else f"of at least {low}"
    try:
        value = int(raw)
    except ValueError:
        value = low - 1
    if value < low or (high is not None and value > high):
        raise SettingsError(f"{name} must be a whole number {bounds}, not {raw!r}")
    return value


def _rate(env: Mapping[str, str], name: str) -> float:
    raw = env.get(name) or "0"
    try:
        value = float(raw)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value >= 0):
        raise SettingsError(f"{name} must be a number of requests a second, 0 or more, not {raw!r}")
    return value
