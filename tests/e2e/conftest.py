from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from services.application import Games, GameStore
from services.grpc_api.server import build_server
from services.settings import Settings
from tests.support.bus import local_bus

ARBITER = "e2e-arbiter"


@dataclass
class RunningServer:
    target: str
    games: Games


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RunningServer]:
    """A real gRPC server on a free port over a SQLite file, with the in-process bus."""
    path = tmp_path_factory.mktemp("server") / "games.db"
    store = GameStore(Settings(store="sqlite", sqlite_path=path))
    games = Games(store, arbiter_token=ARBITER)
    bus = local_bus(store)
    grpc_server, port = build_server(games, bus, "127.0.0.1:0")
    grpc_server.start()
    yield RunningServer(f"127.0.0.1:{port}", games)
    grpc_server.stop(grace=None).wait()
    store.close()
