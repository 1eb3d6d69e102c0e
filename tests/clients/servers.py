"""Real gRPC servers for the client tests: on a free port, over a SQLite file, and able to stop
and start again on the same port over the same file (a server-side cut of every stream); and
one that accepts TLS only."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import grpc

from clients.errors import TabletopError
from clients.sdk import GameClient
from services.application import Games, GameStore
from services.grpc_api.server import build_server
from services.grpc_api.tls import server_credentials
from services.settings import Settings
from tests.support.bus import local_bus

ARBITER = "client-tests-arbiter"
"""The arbiter's token of every server here (forks of games in play, rulings on disputes)."""

HANDLER_EXIT_SECONDS = 1.5
"""Longer than a stopped server's WatchGame handlers take to notice and return."""


class RestartableServer:
    """One SQLite file served by a gRPC server that can be stopped and started again."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.port = 0
        self._running: tuple[grpc.Server, GameStore] | None = None
        self._retired: list[GameStore] = []

    @property
    def target(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> str:
        """Serve the file (on the port of the last start, or a free one the first time)."""
        store = GameStore(Settings(store="sqlite", sqlite_path=self.path))
        bus = local_bus(store)
        games = Games(store, arbiter_token=ARBITER)
        server, self.port = build_server(games, bus, f"127.0.0.1:{self.port}")
        server.start()
        self._running = (server, store)
        return self.target

    def restart(self, pause: float = 0.5) -> None:
        """Stop, stay down for ``pause`` seconds, start again, and wait until it answers
        (channels in this process share connections that back off while it is down)."""
        self.stop()
        time.sleep(pause)
        self.start()
        with GameClient(self.target, timeout=2) as client:
            for _ in range(50):
                try:
                    client.create_game("bourgeoisie", 2)
                    return
                except TabletopError:
                    time.sleep(0.1)
        raise AssertionError("the restarted server does not answer")

    def stop(self) -> None:
        """Stop at once: every open stream is cut.

        The store stays open until ``close``: a stopped gRPC server's handlers may still be
        inside a query for a moment, and closing SQLite under them crashes the process.
        """
        if self._running is None:
            return
        server, store = self._running
        server.stop(grace=None).wait()
        self._retired.append(store)
        self._running = None

    def close(self) -> None:
        """Stop, let the handlers notice (they poll every second), and close every store."""
        self.stop()
        time.sleep(HANDLER_EXIT_SECONDS)
        for store in self._retired:
            store.close()
        self._retired.clear()


@dataclass(frozen=True)
class TlsServer:
    """A server that accepts TLS only, at ``target``, with a self-signed certificate: the file
    ``ca_cert``, which a client trusts as its CA."""

    target: str
    ca_cert: Path


@contextmanager
def tls_serving(cert: Path, key: Path) -> Iterator[str]:
    """A server with ``cert`` and ``key`` (PEM) over a memory store, on a free port, with
    games and tournaments and live updates; yields its target."""
    store = GameStore(Settings(store="memory"))
    bus = local_bus(store)
    credentials = server_credentials(cert, key)
    server, port = build_server(Games(store), bus, "127.0.0.1:0", credentials=credentials)
    server.start()
    try:
        yield f"127.0.0.1:{port}"
    finally:
        server.stop(grace=None).wait()
        time.sleep(HANDLER_EXIT_SECONDS)  # as in RestartableServer.close
        store.close()
