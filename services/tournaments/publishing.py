"""Running ``tabletop tournament publish`` from settings already read."""

from __future__ import annotations

import redis
from rich.console import Console

from services.application import Games, GameStore
from services.settings import Settings
from services.stopping import StopSignals
from services.tournaments.feed import TournamentFeed
from services.tournaments.tournaments import Tournaments

console = Console(stderr=True)


def publish(settings: Settings) -> int:
    """Publish tournament updates to Redis until SIGINT or SIGTERM; 2 without Redis."""
    if not settings.redis_url:
        console.print("[red]publish needs --redis-url or TABLETOP_REDIS_URL[/]")
        return 2
    store = GameStore(settings)
    feed = TournamentFeed(Tournaments(Games(store)), redis.Redis.from_url(settings.redis_url))
    stop = StopSignals()
    # soft_wrap: a log is no terminal, and a line folded at 80 columns greps badly
    console.print(
        f"publishing tournament updates of {settings.store_name()} to {settings.redis_url}",
        soft_wrap=True,
    )
    feed.run(stop.event)
    store.close()
    console.print(stop.said, soft_wrap=True)
    return 0
