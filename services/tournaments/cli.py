"""``tabletop tournament publish``: the tournament feed as its own process (one per store).

It records each tournament result the moment its game ends and publishes every tournament
event to Redis (``feed.py``); like ``tabletop publish`` for game updates.
"""

from __future__ import annotations

import argparse
import dataclasses
import signal
import threading
from pathlib import Path

import redis
from rich.console import Console

from services.application import Games, GameStore
from services.settings import STORES, Settings
from services.tournaments.feed import TournamentFeed
from services.tournaments.tournaments import Tournaments

console = Console(stderr=True)


def register(tournament_commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    """Add ``publish`` to the ``tabletop tournament`` group."""
    summary = "publish tournament updates to Redis"
    publish = tournament_commands.add_parser(
        "publish",
        help=summary,
        description=(  # what ``--help`` says it does, as every other subcommand's does
            f"{summary}: records each tournament result the moment its game ends and "
            "publishes every tournament event to its Redis channel, in order and once; for "
            "servers run with --no-publisher, beside `tabletop publish`"
        ),
    )
    publish.add_argument("--store", choices=STORES, help="event store (or TABLETOP_STORE)")
    publish.add_argument("--sqlite-path", type=Path, help="SQLite file (default var/tabletop.db)")
    publish.add_argument("--postgres-db", help="PostgreSQL database (TABLETOP_POSTGRES_*)")
    publish.add_argument("--redis-url", help="e.g. redis://127.0.0.1:6379/0")
    publish.set_defaults(run=_publish)


def _publish(args: argparse.Namespace) -> int:
    flags = {"store": args.store, "sqlite_path": args.sqlite_path, "postgres_db": args.postgres_db}
    flags["redis_url"] = args.redis_url
    settings = dataclasses.replace(
        Settings.from_env(), **{k: v for k, v in flags.items() if v is not None}
    )
    if not settings.redis_url:
        console.print("[red]publish needs --redis-url or TABLETOP_REDIS_URL[/]")
        return 2
    store = GameStore(settings)
    feed = TournamentFeed(Tournaments(Games(store)), redis.Redis.from_url(settings.redis_url))
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    console.print(f"publishing tournament updates to {settings.redis_url}")
    feed.run(stop)
    store.close()
    return 0
