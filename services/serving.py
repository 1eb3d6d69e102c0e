"""Running the service: ``tabletop serve`` (the gRPC server, with its publisher when it has
Redis) and ``tabletop publish`` (a publisher of its own), from settings already read."""

from __future__ import annotations

import faulthandler
import gc
import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import grpc
import redis
from rich.console import Console

from services.application import Games, GameStore
from services.grpc_api.limits import rate_limiter
from services.grpc_api.server import build_server
from services.grpc_api.signals import GameSignals
from services.grpc_api.tls import TlsConfigError, server_credentials
from services.publisher.bus import LocalBus
from services.publisher.follower import RedisPublisher
from services.publisher.lock import PublisherLock
from services.publisher.signals import RedisSignals
from services.settings import Settings
from services.stopping import StopSignals
from services.tournaments import Tournaments
from services.tournaments.feed import TournamentFeed

console = Console(stderr=True)

GRACE_SECONDS = 2.0
"""How long calls in flight may run on after SIGTERM or SIGINT before they are cancelled."""

PUBLISHER_STOP_SECONDS = 2.0
"""How long a stopping server waits for each of its Redis workers (the publisher, the
tournament feed) to finish the batch in hand and give back the publisher's lease."""

STOP_DEADLINE_SECONDS = 10.0
"""How long a stop may take in all (the grace, then closing the store as the process exits)
before the server writes every thread's stack to stderr and exits with status 1."""


def serve(settings: Settings, *, publish: bool) -> int:
    """Run the game service until SIGINT or SIGTERM; 2 when it cannot start."""
    try:
        credentials = server_credentials(settings.tls_cert, settings.tls_key)
    except TlsConfigError as error:
        console.print(f"[red]{error}[/]", soft_wrap=True)
        return 2
    if (why := _cannot_bind(settings.host, settings.port)) is not None:
        address = f"{settings.host}:{settings.port}"
        console.print(f"[red]{_cannot_listen(address, why)}[/]", soft_wrap=True)
        return 2
    store = GameStore(settings)
    games = Games(store, arbiter_token=settings.arbiter_token)
    with updates(settings, store, games, publish=publish) as signals:
        built = _build(settings, games, signals, credentials)
        if built is None:
            return 2
        server, port = built
        # Caught before the server starts, so a SIGTERM sent as soon as the health service
        # answers SERVING is said and graceful too; until then the default ends a process
        # that has served nothing, as a stop while the store is still opening should.
        stop = StopSignals()
        settle_heap()
        server.start()
        console.print(
            f"[bold green]tabletop[/] serving on [bold]{settings.host}:{port}[/]  "
            f"store: {settings.store_name()}  updates: {settings.redis_url or 'in-process'}"
            f"  tls: {'on' if credentials else 'off'}",
            soft_wrap=True,  # one line in a log, however long the store's description
        )
        received = stop.wait()
        console.print(f"stopping ({received}): finishing calls in flight", soft_wrap=True)
        # A stop that hangs (a call that ignores its cancellation, a store that does not
        # answer its close) would otherwise wait for the supervisor's SIGKILL and leave no
        # trace of where it hung; the stacks go to the log and the exit status says so.
        faulthandler.dump_traceback_later(STOP_DEADLINE_SECONDS, exit=True)
        server.stop(grace=GRACE_SECONDS).wait()
    # The store is left for the process exit to close: gRPC's stop() does not wait for handler
    # threads still unwinding, and closing SQLite under one of them can crash the process.
    console.print("stopped", soft_wrap=True)
    return 0


def _build(
    settings: Settings,
    games: Games,
    signals: GameSignals,
    credentials: grpc.ServerCredentials | None,
) -> tuple[grpc.Server, int] | None:
    """The bound server and its port, or None (said on stderr) when it cannot listen."""
    address = f"{settings.host}:{settings.port}"
    limiter = rate_limiter(settings.rate_limit, settings.rate_burst)
    try:
        return build_server(games, signals, address, credentials=credentials, limiter=limiter)
    except (RuntimeError, OSError):  # taken since the check: gRPC says only "Failed to bind"
        console.print(f"[red]{_cannot_listen(address, 'cannot bind')}[/]", soft_wrap=True)
        return None


def _cannot_bind(host: str, port: int) -> str | None:
    """Why the server could not listen on ``host:port``, or None when it can.

    Binding a socket the way gRPC will (address reuse on, any one of the host's addresses
    is enough) finds the reason before the store is opened; gRPC itself would log a line of
    its own and raise only "Failed to bind to address".
    """
    try:
        found = socket.getaddrinfo(
            host.strip("[]"), port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE
        )
    except socket.gaierror as error:
        return str(error.strerror)
    reasons = []
    for family, kind, protocol, _, address in found:
        with socket.socket(family, kind, protocol) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind(address)
            except OSError as error:
                reasons.append(str(error.strerror))
                continue
        return None
    return reasons[0] if reasons else "no address"


def _cannot_listen(address: str, why: str) -> str:
    return (
        f"cannot listen on {address} ({why}): choose a free port with --port or TABLETOP_PORT "
        "(0 picks one), or an address of this machine with --host or TABLETOP_HOST"
    )


def publish(settings: Settings, lease: float) -> int:
    """Publish the store's events to Redis until SIGINT or SIGTERM (one active publisher)."""
    if not settings.redis_url:
        console.print("[red]publish needs --redis-url or TABLETOP_REDIS_URL[/]")
        return 2
    # A relative SQLite path is read from where the command runs: a publisher started
    # elsewhere than its servers would quietly follow an empty store of its own.
    fresh = settings.store == "sqlite" and not settings.sqlite_path.exists()
    store = GameStore(settings)
    client = redis.Redis.from_url(settings.redis_url)
    publisher = RedisPublisher(
        Games(store),
        client,
        lock=PublisherLock(client, lease),
        retention=settings.stream_retention,
        announce=lambda news: console.print(news, soft_wrap=True),
    )
    stop = StopSignals()
    # soft_wrap: a log is no terminal, and a line folded at 80 columns greps badly
    console.print(f"publishing {settings.store_name()} to {settings.redis_url}", soft_wrap=True)
    if fresh:
        console.print(
            f"[yellow]warning:[/] there was no store at {settings.sqlite_path.resolve()}, so an "
            "empty one was made there: this publisher publishes only what servers store in it "
            "(start it where the servers run, or set TABLETOP_SQLITE_PATH)",
            soft_wrap=True,
        )
    settle_heap()
    gave_back = publisher.run(stop.event, idle_seconds=0.05)
    store.close()
    # When it was the active one, the log says that a standby's takeover comes at once.
    handed_over = ": the lease is given back; a standby takes over at once" if gave_back else ""
    console.print(stop.said + handed_over, soft_wrap=True)
    return 0


YOUNG_COLLECTION_EVERY = 20_000
"""Allocations between collections of the youngest generation (CPython's default is 700)."""


def settle_heap() -> None:
    """Make the garbage collector cheap for a long-running service, once it has started.

    What the process holds by then (modules, the rules' catalogues, the gRPC stack) lives as
    long as it does: ``gc.freeze`` takes it out of the collector's sight, so no collection
    walks it again. What a call or a published event allocates (events, views, messages) is
    freed by reference counting as soon as it is done with, so collecting the youngest
    generation every 700 allocations, as CPython does by default, mostly walks live objects
    for nothing; the older generations follow it less often too. Measured with the harness
    (docs/scaling.md), four runs each: the publisher's store-to-Redis p99 at 1,000 actions/s
    was 5.5-14.0 ms with this against 9.8-14.1 without, and a SubmitAction's server CPU fell
    by a few per cent.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG_COLLECTION_EVERY, 50, 100)


@contextmanager
def updates(
    settings: Settings, store: GameStore, games: Games, *, publish: bool
) -> Iterator[GameSignals]:
    """Wake-ups for WatchGame, and (with Redis) the publisher thread, for the server's lifetime."""
    if not settings.redis_url:
        bus = LocalBus()
        store.saved_listeners.append(_notify_each(bus.notify))
        yield bus
        return
    client = redis.Redis.from_url(settings.redis_url)
    signals = RedisSignals(client).start()
    # Its own writes wake its own streams at once; other servers' come through Redis.
    store.saved_listeners.append(_notify_each(signals.notify))
    stop = threading.Event()
    workers: list[tuple[threading.Thread, threading.Event]] = []
    if publish:
        publisher = RedisPublisher(
            games, client, retention=settings.stream_retention, announce=_say_as("publisher")
        )
        store.saved_listeners.append(lambda _ids: publisher.wake.set())
        feed = TournamentFeed(Tournaments(games), client)
        for name, run, wake in (
            ("publisher", publisher.run, publisher.wake),
            ("tournament-feed", feed.run, feed.wake),
        ):
            thread = threading.Thread(target=run, args=(stop,), name=name, daemon=True)
            thread.start()
            workers.append((thread, wake))
    try:
        yield signals
    finally:
        stop.set()
        # Woken and waited for, so the publisher gives its lease back: a standby (or this
        # server restarted) publishes at once instead of after the lease runs out.
        for thread, wake in workers:
            wake.set()
            thread.join(PUBLISHER_STOP_SECONDS)
        signals.stop()


def _say_as(who: str) -> Callable[[str], None]:
    """Print a background worker's news on the server's log, saying whose it is."""
    return lambda news: console.print(f"{who} {news}", soft_wrap=True)


def _notify_each(notify: Callable[[str], None]) -> Callable[[set[str]], None]:
    def listener(game_ids: set[str]) -> None:
        for game_id in game_ids:
            notify(game_id)

    return listener
